"""The campaign (docs/rules.md §18) from the title screen: the groups kept in the
campaign table (SQLite in the user's data directory), a new group with its
players and heroes (fixed for all chapters), and a group's page: the group
table of R-CAMP-7, the cards carried into the next chapter, and the next
chapter to start (with the short variant "bis 2 Bernsteine" in chapters 1–2)
or the chapter in progress to resume."""

from __future__ import annotations

import re
import sqlite3
import secrets

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, OptionList, RadioSet, Select, Static
from textual.widgets.option_list import Option

from ...campaign.chapter import chapter_path, lang_text, load_chapter
from ...campaign.group import Member
from ...campaign.table import CampaignTable
from ...engine.player import COLOURS
from ...scenario import ScenarioError, load_heroes
from .. import glyphs as G
from .. import saves
from ..botwords import DEFAULT_NAMES, bot_words, level_of, renamed
from ..i18n import lang, said, t
from ..keys import localize
from ..widgets.marked import MarkedCheckbox, MarkedRadioButton
from ..widgets.campaign import carried_title, group_table
from .title import Recomposed

CHAPTERS = (1, 2, 3)
HUMAN = "human"


def kind_options(bot: str = "") -> list[tuple[str, str]]:
    """Who plays a seat, as in a local game: a person, a level or a bot by
    name; a seat's ``bot`` of another budget (from the CLI) is offered too."""
    from .setup import kind_choices

    out = kind_choices()
    if bot and shown_kind(bot) not in {v for _, v in out}:  # in words, never the spec (search:400it)
        out.append((t("bots.kind", kind=bot_words(bot)), bot))
    return out


def shown_kind(bot: str) -> str:
    """The choice that stands for a seat's stored ``bot`` ("" a person): a level's
    bot as the level (the form offers levels, not bots by name), any other bot
    (set from the CLI, or a level's budget of an older version) as itself."""
    if not bot:
        return HUMAN
    return level_of(bot) or bot


def stored_kind(choice: str) -> str:
    """What the group table keeps for a choice: a level's bot, not the level's
    name (a chapter resumes with the bot it had if the levels change)."""
    from ...bots.registry import level_bot

    return "" if choice == HUMAN else level_bot(choice) or choice


def hero_about(hero: str) -> str:
    """A hero as a new group meets it: what it can do in chapter 1, and when
    the rest comes (R-CAMP-5; the abilities come with cards)."""
    return f"{hero} – {t('campaign.hero.' + hero)}"


def table_of(app) -> CampaignTable:
    """The app's campaign table, opened on first use."""
    table = getattr(app, "_campaign_table", None)
    if table is None:
        from ...bots.registry import bot_problem

        table = CampaignTable(check_bot=bot_problem)
        app._campaign_table = table
    return table


def record_path(group: str, chapter: int):
    """Where the app keeps a chapter's record beside the table (``thorskliff
    replay`` checks it)."""
    slug = re.sub(r"[^\w-]+", "_", group).strip("_") or "group"
    return saves.data_dir() / "campaign" / f"{slug}-chapter{chapter}.tkr"


def group_records(group: str) -> list:
    """The group's chapter records beside the table (in progress or given up)."""
    folder = saves.data_dir() / "campaign"
    stem = record_path(group, 1).name.rsplit("-chapter", 1)[0]
    return sorted(folder.glob(f"{stem}-chapter*.tkr")) if folder.is_dir() else []


def keep_abandoned_record(group: str, chapter: int, k: int) -> None:
    """The record of a chapter given up stays beside the table under its own
    name, so a new start of the chapter does not write over it."""
    path = record_path(group, chapter)
    if path.exists():
        path.replace(path.with_name(f"{path.stem}-abandoned{k}.tkr"))


def start_chapter(app, group: str, chapter: int, seed: int, short: bool, start: int) -> None:
    from ..session import CampaignSession

    session = CampaignSession.start(table_of(app), group, chapter, seed, short=short, start=start,
                                    path=record_path(group, chapter))
    play_chapter(app, session)


def resume_chapter(app, group: str) -> bool:
    from ..session import CampaignSession

    table = table_of(app)
    n = table.in_progress(group)
    if n is None:
        return False
    session = CampaignSession.resume(table, group, path=record_path(group, n))
    play_chapter(app, session)
    return True


def play_chapter(app, session) -> None:
    from .campaign_game import CampaignGameScreen

    app.watch_saves(session)
    app.pop_to_title()
    app.push_screen(CampaignGameScreen(session, handover=app.handover))


# ---------------------------------------------------------------- the groups


class CampaignScreen(Recomposed, Screen):
    """Every group of the table, and a new one."""

    CSS_PATH = "campaign.tcss"
    BINDINGS = [Binding("escape", "back", "key.back"), Binding("n", "new", "key.new_group")]

    def __init__(self):
        super().__init__()
        localize(self)

    def compose(self) -> ComposeResult:
        table = table_of(self.app)
        with Vertical(id="camp-box"):
            yield Static(t("campaign.title"), id="camp-title")
            yield Static(t("campaign.about"), id="camp-about")
            yield OptionList(*self._options(), id="camp-list")
            yield Static(t("campaign.stored", path=table.path), id="camp-path")
        yield Footer()

    def _options(self) -> list[Option]:
        table = table_of(self.app)
        opts = [Option(Text("+ " + t("campaign.new_group"), style="bold"), id="@new")]
        for name in table.groups():
            try:
                line = self._line(table, name)
            except (ValueError, KeyError, sqlite3.Error) as exc:  # a damaged row: say so, leave it be
                opts.append(Option(Text(f"{name}  {t('data.group_damaged', problem=said(exc))}", style="red"),
                                   id=name, disabled=True))
                continue
            opts.append(Option(line, id=name))
        return opts

    @staticmethod
    def _line(table: CampaignTable, name: str) -> Text:
        g = table.group(name)
        out = Text(name, style="bold")
        out.append("  " + ", ".join(f"{m.player} ({m.hero})" for m in g.members))
        playing = table.in_progress(name)
        if playing:
            out.append("  " + t("campaign.playing", n=playing), style="italic")
        elif g.next_chapter() > len(CHAPTERS):
            out.append("  " + t("campaign.done"), style="italic")
        else:
            out.append("  " + t("campaign.next", n=g.next_chapter()), style="dim")
        return out

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = self._first_playing(ol)
        ol.focus()

    def _first_playing(self, ol: OptionList) -> int:
        """The first group with a chapter in progress, where Enter goes on playing (the list
        opened on "+ Neue Gruppe", and a reflex Enter began a new group); else that entry."""
        table = table_of(self.app)
        for i in range(1, ol.option_count):
            opt = ol.get_option_at_index(i)
            if opt.disabled:
                continue
            try:
                if opt.id is not None and table.in_progress(opt.id):
                    return i
            except (ValueError, KeyError, sqlite3.Error):  # a damaged row: said on its line
                continue
        return 0

    def on_screen_resume(self) -> None:
        # a group may have been added or played on meanwhile
        found = self.query("#camp-list")
        if found:
            ol = found.first(OptionList)
            keep = ol.highlighted or 0
            ol.set_options(self._options())
            ol.highlighted = min(keep, ol.option_count - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == "@new":
            self.action_new()
        elif event.option.id is not None:
            self.app.push_screen(GroupScreen(event.option.id))

    def action_new(self) -> None:
        self.app.push_screen(NewGroupScreen())

    def action_back(self) -> None:
        self.app.pop_screen()


# ---------------------------------------------------------------- a new group


class NewGroupScreen(Screen):
    """A group: its name, then each player's name, hero and colour; they stay
    the same in every chapter (R-CAMP-1)."""

    CSS_PATH = "campaign.tcss"
    BINDINGS = [Binding("escape", "back", "key.back")]

    def __init__(self):
        super().__init__()
        localize(self)
        self.players = 3
        #: per seat: the name given while nobody has typed one (:func:`auto_name`)
        self._auto_names: list[str] = list(DEFAULT_NAMES)

    def compose(self) -> ComposeResult:
        heroes = list(load_heroes())
        with VerticalScroll(id="ng-form"):
            yield Static(t("campaign.new_group"), id="ng-heading")
            yield Label(t("campaign.group_name"))
            yield Input(t("campaign.default_name"), id="ng-name", max_length=24)
            yield Label(t("setup.players"))
            with RadioSet(id="ng-players"):
                for n in (2, 3, 4):
                    yield MarkedRadioButton(t("setup.players_n", n=n), value=n == self.players, id=f"ng-players-{n}")
            yield Label(t("campaign.members"))
            for i in range(4):
                with Horizontal(classes="ng-seat", id=f"ng-seat-{i}"):
                    yield Input(DEFAULT_NAMES[i], id=f"ng-player-{i}", max_length=16,
                                placeholder=t("setup.name_n", n=i + 1))
                    yield Select([(h, h) for h in heroes], value=heroes[i % len(heroes)],
                                 allow_blank=False, id=f"ng-hero-{i}")
                    yield Select([(f"{G.OWNER[c]} {t('colour.' + c)}", c) for c in COLOURS],
                                 value=COLOURS[i % len(COLOURS)], allow_blank=False, id=f"ng-colour-{i}")
                    yield Select(kind_options(), value=HUMAN, allow_blank=False, id=f"ng-kind-{i}",
                                 tooltip=t("setup.who", n=i + 1))
                yield Static(hero_about(heroes[i % len(heroes)]), id=f"ng-about-{i}", classes="ng-about")
            yield Static(t("campaign.heroes_fixed"), id="ng-hint")
            yield Static(id="ng-problem")
            with Horizontal(id="ng-buttons"):
                yield Button(t("campaign.create"), id="ng-create", variant="primary")
                yield Button(t("setup.back"), id="ng-back")
        yield Footer()

    def on_mount(self) -> None:
        self._fit()
        self.query_one("#ng-name", Input).focus()

    def _fit(self) -> None:
        for i in range(4):
            self.query_one(f"#ng-seat-{i}").display = i < self.players
            self.query_one(f"#ng-about-{i}").display = i < self.players

    def on_select_changed(self, event: Select.Changed) -> None:
        ident = event.select.id or ""
        if ident.startswith("ng-hero-") and event.value != Select.BLANK:
            self.query_one(f"#ng-about-{ident.rsplit('-', 1)[1]}", Static).update(hero_about(str(event.value)))
        elif ident.startswith("ng-kind-") and isinstance(event.value, str):
            i = int(ident.rsplit("-", 1)[1])
            box = self.query_one(f"#ng-player-{i}", Input)
            name = renamed(i, event.value == HUMAN, box.value, self._auto_names[i])
            if name is not None:
                self._auto_names[i] = box.value = name

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        ident = event.pressed.id or ""
        if ident.startswith("ng-players-"):
            self.players = int(ident.rsplit("-", 1)[1])
            self._fit()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ng-create":
            self.create()
        else:
            self.action_back()

    def relocalize(self) -> None:
        localize(self)  # the form keeps what was typed; its labels change when it is opened again
        self.refresh_bindings()

    def members(self) -> list[Member]:
        out = []
        for i in range(self.players):
            kind = self.query_one(f"#ng-kind-{i}", Select).value
            # a Select without a choice reads Select.BLANK: said as no hero (the group refuses it)
            hero, colour = (self.query_one(f"#ng-{what}-{i}", Select).value for what in ("hero", "colour"))
            out.append(Member(self.query_one(f"#ng-player-{i}", Input).value.strip(),
                              hero if isinstance(hero, str) else "", colour if isinstance(colour, str) else "",
                              stored_kind(str(kind))))
        return out

    def create(self) -> None:
        name = self.query_one("#ng-name", Input).value.strip()
        problem = self.query_one("#ng-problem", Static)
        if not name:
            problem.update(Text(t("campaign.bad_group_name"), style="bold red"))
            return
        try:
            table_of(self.app).create_group(name, self.members())
        except ValueError as exc:
            problem.update(Text(t("campaign.bad_group", why=said(exc)), style="bold red"))
            return
        self.app.switch_screen(GroupScreen(name))

    def action_back(self) -> None:
        self.app.pop_screen()


# ---------------------------------------------------------------- a group's page


class GroupScreen(Recomposed, Screen):
    """The group table (R-CAMP-7) from the campaign table, the cards carried
    on, who plays each seat (a person or a bot), the next chapter or the one
    in progress (to resume, give up or begin anew), the chapters given up,
    and renaming or deleting the group."""

    CSS_PATH = "campaign.tcss"
    BINDINGS = [Binding("escape", "back", "key.back")]

    def __init__(self, name: str, focus: str = ""):
        super().__init__()
        localize(self)
        self.group_name = name
        #: the widget to focus when the page opens (after a chapter was given up: the start form)
        self.first_focus = focus

    def compose(self) -> ComposeResult:
        table = table_of(self.app)
        g = table.group(self.group_name)
        self.group = g
        self.playing = table.in_progress(self.group_name)
        self.chapter_no = self.playing or g.next_chapter()
        with VerticalScroll(id="grp-box"):
            yield Static(t("campaign.group_title", name=self.group_name), id="grp-title")
            yield Static(group_table(g.table(), g.carried), id="grp-table")
            yield Static(self._results(), id="grp-results")
            gave_up = table.abandoned(self.group_name)
            self.gave_up = gave_up
            if gave_up:
                yield Static(self._abandoned(gave_up), id="grp-abandoned")
            if self.playing:
                yield Static(t("campaign.in_progress", n=self.playing, title=self._title(self.playing)),
                             id="grp-next")
                with Horizontal(classes="grp-row"):
                    yield Button(t("campaign.resume", n=self.playing), id="grp-resume", variant="primary")
                    yield Button(t("campaign.restart"), id="grp-restart")
                    yield Button(t("campaign.abandon"), id="grp-abandon", variant="warning")
            elif self.chapter_no in CHAPTERS:
                yield from self._next_form()
            else:
                yield Static(t("campaign.done_all"), id="grp-next")
            yield Static(id="grp-problem")
            yield Label(t("campaign.who_plays"))
            for q, m in enumerate(g.members):
                with Horizontal(classes="grp-seat"):
                    yield Static(f"{m.player} ({m.hero})", classes="grp-seat-name")
                    yield Select(kind_options(m.bot), value=shown_kind(m.bot), allow_blank=False,
                                 id=f"grp-kind-{q}")
            with Horizontal(classes="grp-row"):
                yield Button(t("campaign.rename"), id="grp-rename")
                yield Button(t("campaign.delete"), id="grp-delete", variant="error")
                yield Button(t("setup.back"), id="grp-back")
        yield Footer()

    def _title(self, n: int) -> str:
        try:
            return lang_text(load_chapter(n).title, lang())
        except (ScenarioError, OSError):
            return str(n)

    def _results(self) -> Text:
        out = Text()
        names = [m.player for m in self.group.members]
        for n in sorted(self.group.results):
            r = self.group.results[n]
            who = t("campaign.result_draw") if r.winner is None else t(f"result.{r.reason}", name=names[r.winner])
            out.append(t("campaign.chapter_result", n=n, title=self._title(n), result=who)
                       + (" " + t("campaign.short_played") if r.short else "") + "\n")
        return out

    def _abandoned(self, rows: list[dict]) -> Text:
        out = Text(t("campaign.abandoned_title") + "\n", style="bold")
        for r in rows:
            out.append(t("campaign.abandoned_row", n=r["chapter"], title=self._title(r["chapter"]), seed=r["seed"],
                         rounds=r["rounds"], decisions=r["decisions"], when=r["when"].replace("T", " ")[:16])
                       + " " + t("campaign.short_played" if r["short"] else "campaign.long_played") + "\n",
                       style="dim")
        return out

    def _next_form(self) -> ComposeResult:
        n = self.chapter_no
        ch = load_chapter(chapter_path(n))
        yield Static(t("campaign.next_chapter", n=n, title=lang_text(ch.title, lang())), id="grp-next")
        carried = {q: c for q, c in self.group.carried.items() if any(x in ch.carry for x in c)}
        if carried:
            names = [m.player for m in self.group.members]
            text = "; ".join(f"{names[q]}: {', '.join(carried_title(c) for c in cards if c in ch.carry)}"
                             for q, cards in sorted(carried.items()))
            yield Static(t("campaign.carry_in", cards=text), id="grp-carry")
        if ch.short_ambers:
            # the variant of the run last given up of this chapter: an abort reset it to the long
            # game, and the restart was silently the long one
            runs = [r for r in getattr(self, "gave_up", []) if r["chapter"] == n]
            yield MarkedCheckbox(t("campaign.short", n=ch.short_ambers), value=bool(runs and runs[-1]["short"]),
                                 id="grp-short")
        yield Label(t("campaign.start_tile"))
        with RadioSet(id="grp-start"):
            for q, m in enumerate(self.group.members):
                yield MarkedRadioButton(m.player, value=q == 0, id=f"grp-start-{q}")
        yield Label(t("setup.seed"))
        seed = getattr(self.app, "seed", None)
        yield Input("" if seed is None else str(seed), id="grp-seed", type="integer",
                    placeholder=t("campaign.seed_hint"))
        yield Button(t("campaign.begin", n=n), id="grp-begin", variant="primary")

    def on_mount(self) -> None:
        order = (self.first_focus,) if self.first_focus else ()
        for ident in (*order, "#grp-resume", "#grp-begin", "#grp-back"):
            found = self.query(ident)
            if found:
                # the page opens at its top: at 80×24 focusing "Kapitel 1 beginnen" scrolled the
                # group's title and table away (Enter still begins; a form asked for is shown)
                found.first().focus(scroll_visible=bool(order))
                break

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "grp-seed":  # Enter in the seed field starts the chapter
            self.begin()

    def on_select_changed(self, event: Select.Changed) -> None:
        ident = event.select.id or ""
        if not ident.startswith("grp-kind-"):
            return
        event.stop()
        q = int(ident.rsplit("-", 1)[1])
        if shown_kind(self.group.members[q].bot) == str(event.value):
            return  # the choice the seat has (a Select says so on mounting): keep the bot as stored
        kind = stored_kind(str(event.value))
        table_of(self.app).set_bot(self.group_name, q, kind)
        self.group = table_of(self.app).group(self.group_name)
        self.query_one("#grp-table", Static).update(group_table(self.group.table(), self.group.carried))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        ident = event.button.id
        if ident == "grp-resume":
            self.resume()
        elif ident == "grp-begin":
            self.begin()
        elif ident in ("grp-abandon", "grp-restart"):
            self.confirm_abandon(restart=ident == "grp-restart")
        elif ident == "grp-rename":
            self.rename()
        elif ident == "grp-delete":
            self.confirm_delete()
        else:
            self.action_back()

    def _problem(self, text: str) -> None:
        self.query_one("#grp-problem", Static).update(Text(text, style="bold red"))

    def resume(self) -> None:
        try:
            resumed = resume_chapter(self.app, self.group_name)
        except (ValueError, ScenarioError) as exc:  # a custom chapter file gone: one line, no traceback
            self._problem(said(exc))
            return
        if not resumed:
            self._problem(t("campaign.nothing_to_resume"))

    def begin(self) -> None:
        raw = self.query_one("#grp-seed", Input).value.strip()
        try:
            seed = int(raw) if raw else secrets.randbelow(2**31)
        except ValueError:
            self._problem(t("setup.bad_seed"))
            return
        shorts = self.query("#grp-short")
        short = bool(shorts) and shorts.first(Checkbox).value
        pressed = self.query_one("#grp-start", RadioSet).pressed_index
        start = max(0, pressed)
        try:
            start_chapter(self.app, self.group_name, self.chapter_no, seed, short, start)
        except (ValueError, ScenarioError) as exc:
            self._problem(said(exc))

    # ------------------------------------------------------------ managing the group
    def confirm_abandon(self, restart: bool) -> None:
        """Give up the chapter in progress (after asking): it is kept and
        listed; the chapter can be begun again, with other settings."""
        from .choose import ChooseScreen

        n = self.playing
        if n is None:  # never: the buttons are there only while a chapter is in progress
            return
        key = "restart" if restart else "abandon"

        def answered(yes: str | None) -> None:
            if yes != "yes":
                return
            table = table_of(self.app)
            table.abandon(self.group_name)
            keep_abandoned_record(self.group_name, n, len(table.abandoned(self.group_name)))
            self.app.switch_screen(GroupScreen(self.group_name, focus="#grp-short" if restart else "#grp-back"))

        items = [("no", t("campaign.confirm_no")), ("yes", t(f"campaign.confirm_{key}", n=n))]
        self.app.push_screen(ChooseScreen(t(f"campaign.ask_{key}", n=n, title=self._title(n)), items),
                             callback=answered)

    def rename(self) -> None:
        from .campaign_manage import NameScreen

        def named(new: str | None) -> None:
            if new is None or new.strip() == self.group_name:
                return
            old_records = group_records(self.group_name)
            try:
                table_of(self.app).rename_group(self.group_name, new)
            except ValueError as exc:
                self._problem(t("campaign.bad_group", why=said(exc)))
                return
            new = new.strip()
            for path in old_records:  # the records follow the group's new name
                tail = path.name.rsplit("-chapter", 1)[1]
                path.replace(path.with_name(record_path(new, 1).name.rsplit("-chapter", 1)[0] + "-chapter" + tail))
            self.app.switch_screen(GroupScreen(new))

        self.app.push_screen(NameScreen(t("campaign.rename_title", name=self.group_name), self.group_name),
                             callback=named)

    def confirm_delete(self) -> None:
        from .choose import ChooseScreen

        def answered(yes: str | None) -> None:
            if yes != "yes":
                return
            records = group_records(self.group_name)
            table_of(self.app).delete_group(self.group_name)
            for path in records:
                path.unlink(missing_ok=True)
            stack = self.app.screen_stack
            if len(stack) > 1 and isinstance(stack[-2], CampaignScreen):
                self.app.pop_screen()  # back to the list of groups, which reads the table anew
            else:
                self.app.switch_screen(CampaignScreen())

        items = [("no", t("campaign.confirm_no")), ("yes", t("campaign.confirm_delete", name=self.group_name))]
        self.app.push_screen(ChooseScreen(t("campaign.ask_delete", name=self.group_name), items), callback=answered)

    def action_back(self) -> None:
        self.app.pop_screen()
