"""A new game: the mode, the seats with their names and who plays them (a
person or a bot), then heroes and colours chosen in the rulebook's order
(R-SETUP-B4: counter-clockwise from a player drawn by the seed; the last to
choose starts). A bot takes the first free hero and colour when its turn to
choose comes. The start beaches are chosen in the same order on the island,
as the engine's first decisions (a bot's by the bot)."""

from __future__ import annotations

import random
import secrets

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, RadioButton, RadioSet, Select, Static
from textual.widgets.option_list import Option

from ...bots.registry import LEVELS, level_bot
from ...engine.player import COLOURS
from ...scenario import load_heroes, load_mode
from .. import glyphs as G
from ..botwords import DEFAULT_NAMES, bot_name, renamed
from ..i18n import t
from ..widgets.marked import MarkedRadioButton
from ..keys import localize
from .gameparts import thors_app

MODES = ("base", "duell", "episch")
HUMAN = "human"


def kind_choices() -> list[tuple[str, str]]:
    """Who plays a seat: a person or a level. The bots by name are not offered beside
    the levels: a play-tester read "Bot: Mittel (Heuristik)" and "Bot: Heuristik" as two
    bots (``--bot`` and the record's header still take any bot by name)."""
    return [(t("setup.human"), HUMAN)] + level_choices()


def level_choices() -> list[tuple[str, str]]:
    """The difficulty levels (``bots.registry.LEVELS``, easiest first) in words."""
    return [(level_label(lv), lv) for lv in LEVELS]


def hero_option(hero: str) -> Table:
    """A hero and her abilities as one entry: the name in a column of its own, so that
    a description too long for the list wraps under itself (a hanging indent). Wrapped
    from the left edge, Jorund's last word "Taler" stood alone on the next row and read
    as an entry of its own."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, width=max(len(h) for h in load_heroes()) + 2)
    grid.add_column(ratio=1)
    grid.add_row(Text.assemble((hero, "bold"), " –"), t(f"hero.{hero}"))
    return grid


def level_label(level: str) -> str:
    """``Bot: Schwer (Suche)``: the level and the bot that plays it."""
    kind = LEVELS[level].partition(":")[0]
    return t("level.bot", level=t(f"level.{level}"), kind=t(f"bots.kind_{kind}"))


def bot_pick(picks: dict[int, tuple[str, str]]) -> tuple[str, str]:
    """A bot's hero and colour: the first free of each."""
    heroes = {h for h, _ in picks.values()}
    colours = {c for _, c in picks.values()}
    return (next(h for h in load_heroes() if h not in heroes), next(c for c in COLOURS if c not in colours))


def choosing_order(n: int, first: int) -> list[int]:
    """R-SETUP-B4: counter-clockwise from ``first``."""
    return [(first - i) % n for i in range(n)]


class SetupScreen(Screen):
    CSS_PATH = "setup.tcss"
    BINDINGS = [Binding("escape", "back", "key.back")]

    def __init__(self, seed: int | None = None):
        super().__init__()
        localize(self)
        self.seed = seed
        self.mode = "base"
        self.players = 3
        #: per seat: HUMAN or a bot's kind
        self.kinds: list[str] = [HUMAN] * 4
        #: per seat: the name the screen put in (replaced when the seat changes hands, unless edited)
        self._auto_names: list[str] = list(DEFAULT_NAMES)
        self._problem: str | None = None
        # stage 2
        self.names: list[str] = []
        self.order: list[int] = []
        self.picks: dict[int, tuple[str, str]] = {}
        self.stage = 1

    # ------------------------------------------------------------ stage 1: mode, seats, names
    def compose(self) -> ComposeResult:
        # the texts come from _retext, again after a language switch
        with VerticalScroll(id="form"):
            yield Static(id="heading")
            yield Label(id="l-mode")
            with RadioSet(id="mode"):
                for m in MODES:
                    yield MarkedRadioButton("", value=m == self.mode, id=f"mode-{m}")
            yield Label(id="l-players")
            with RadioSet(id="players"):
                for n in (2, 3, 4):
                    yield MarkedRadioButton("", value=n == self.players, id=f"players-{n}")
            yield Label(id="l-names")
            for i in range(4):
                with Horizontal(id=f"seat-{i}", classes="seat"):
                    yield Input(DEFAULT_NAMES[i], id=f"name-{i}", max_length=16)
                    yield Select(kind_choices(), value=HUMAN, allow_blank=False, compact=True,
                                 id=f"kind-{i}")
            yield Static(id="bots-hint")
            yield Label(id="l-seed")
            yield Input("" if self.seed is None else str(self.seed), id="seed", type="integer")
            yield Static(id="problem")
            with Horizontal(id="buttons"):
                yield Button("", id="next", variant="primary")
                yield Button("", id="back")
        with Vertical(id="pick"):
            yield Static(id="pick-order")
            yield Static(id="pick-who")
            yield Label(id="l-hero")
            yield OptionList(id="heroes")
            yield Label(id="l-colour")
            yield OptionList(id="colours")
            yield Static(id="pick-done")
            yield Button("", id="start", variant="success")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#pick").display = False
        self._retext()
        self._fit_players()
        self.query_one("#mode", RadioSet).focus()

    def _retext(self) -> None:
        """Every text of the screen in the current language; what was typed
        and chosen stays."""
        q = self.query_one
        q("#heading", Static).update(t("setup.heading"))
        for ident, key in (("l-mode", "mode"), ("l-players", "players"), ("l-names", "names_who"), ("l-seed", "seed"),
                           ("l-hero", "hero"), ("l-colour", "colour")):
            q(f"#{ident}", Label).update(t(f"setup.{key}"))
        for m in MODES:
            q(f"#mode-{m}", RadioButton).label = f"{t('mode.' + m)} – {t('mode.' + m + '_about')}"
        for n in (2, 3, 4):
            q(f"#players-{n}", RadioButton).label = t("setup.players_n", n=n)
        for i in range(4):
            q(f"#name-{i}", Input).placeholder = t("setup.name_n", n=i + 1)
            sel = q(f"#kind-{i}", Select)
            sel.tooltip = t("setup.who", n=i + 1)
            sel.set_options(kind_choices())
            # set_options keeps an unchanged value's old words: clear it quietly, then set it again
            sel.set_reactive(Select.value, Select.NULL)  # type: ignore[misc]  # Textual's own idiom for a quiet reset
            sel.value = self.kinds[i]
        for ident, key in (("next", "next"), ("back", "back"), ("start", "start")):
            q(f"#{ident}", Button).label = t(f"setup.{key}")
        self._hint()
        self._say_problem(self._problem)
        if self.stage == 2:
            self._show_picks(refill=True)

    def relocalize(self) -> None:
        localize(self)
        self.refresh_bindings()
        self._retext()

    def _hint(self) -> None:
        kinds = self.kinds[:self.players]
        if all(k != HUMAN for k in kinds):
            text = Text(t("setup.all_bots"), style="bold")
        elif any(k != HUMAN for k in kinds):
            text = Text(t("setup.bots_hint"), style="italic")
        else:
            text = Text()
        hint = self.query_one("#bots-hint", Static)
        hint.update(text)
        hint.display = bool(text)

    def _say_problem(self, key: str | None) -> None:
        self._problem = key
        self.query_one("#problem", Static).update(Text(t(key), style="bold red") if key else "")

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        ident = event.select.id or ""
        if not ident.startswith("kind-"):
            return
        i = int(ident[5:])
        kind = event.select.value  # the latest, whatever this message says
        if not isinstance(kind, str):
            return
        self.kinds[i] = kind
        box = self.query_one(f"#name-{i}", Input)
        name = renamed(i, kind == HUMAN, box.value, self._auto_names[i])
        if name is not None:
            self._auto_names[i] = box.value = name
        self._hint()

    def bot_seats(self) -> dict[int, str]:
        """The seats bots play (0-based) with their kind; a level's bot by its
        name, so the record keeps the bot it was even if the levels change."""
        return {i: level_bot(k) or k for i, k in enumerate(self.kinds[:self.players]) if k != HUMAN}

    def _label(self, seat: int) -> str:
        """A seat's name, marked when a bot plays it."""
        name = self.names[seat]
        return bot_name(name) if self.kinds[seat] != HUMAN else name

    def _fit_players(self) -> None:
        lo, hi = load_mode(self.mode).players
        for n in (2, 3, 4):
            self.query_one(f"#players-{n}", RadioButton).disabled = not lo <= n <= hi
        if not lo <= self.players <= hi:
            self.players = max(lo, min(hi, self.players))
            self.query_one(f"#players-{self.players}", RadioButton).value = True
        for i in range(4):
            self.query_one(f"#seat-{i}").display = i < self.players
        self._hint()

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        ident = event.pressed.id or ""
        if ident.startswith("mode-"):
            self.mode = ident[5:]
            self._fit_players()
        elif ident.startswith("players-"):
            self.players = int(ident[8:])
            self._fit_players()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "next":
            self.to_stage2()
        elif event.button.id == "back":
            self.action_back()
        elif event.button.id == "start":
            self.start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def to_stage2(self) -> None:
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(self.players)]
        if not all(names):
            self._say_problem("setup.bad_name")
            return
        raw = self.query_one("#seed", Input).value.strip()
        if raw:
            try:
                self.seed = int(raw)
            except ValueError:
                self._say_problem("setup.bad_seed")
                return
        elif self.seed is None:
            self.seed = secrets.randbelow(2**31)
        self._say_problem(None)
        self.names = names
        first = random.Random(self.seed).randrange(self.players)
        self.first = first
        self.order = choosing_order(self.players, first)
        self.picks = {}
        self.stage = 2
        self.query_one("#form").display = False
        self.query_one("#pick").display = True
        self._next_pick()

    # ------------------------------------------------------------ stage 2: heroes and colours
    def _chooser(self) -> int | None:
        for seat in self.order:
            if seat not in self.picks:
                return seat
        return None

    def _next_pick(self) -> None:
        seat = self._chooser()
        while seat is not None and self.kinds[seat] != HUMAN:
            self.picks[seat] = bot_pick(self.picks)
            seat = self._chooser()
        self._show_picks()
        if seat is None:
            self.query_one("#start", Button).focus()
            return
        self._hero: str | None = None
        self.query_one("#heroes", OptionList).focus()

    def _show_picks(self, refill: bool = False) -> None:
        """Stage 2's texts and lists; ``refill`` (a language switch) keeps
        the lists' highlights, else they start at the top."""
        seat = self._chooser()
        order = ", ".join(self._label(s) for s in self.order)
        head = t("setup.order", name=self.names[self.order[0]]) + "\n" + t("setup.order_list", order=order) + "\n" \
            + t("setup.beaches")
        if any(self.kinds[s] != HUMAN for s in self.order):
            head += "\n" + t("setup.bot_picks")
        self.query_one("#pick-order", Static).update(Text(head))
        done = Text()
        for s in self.order:
            if s in self.picks:
                hero, colour = self.picks[s]
                done.append(f" {G.OWNER[colour]} ", style=G.chip_style(colour))
                done.append(" " + t("setup.chosen", name=self._label(s), hero=hero, colour=t("colour." + colour))
                            + "\n")
        self.query_one("#pick-done", Static).update(done)
        heroes = self.query_one("#heroes", OptionList)
        colours = self.query_one("#colours", OptionList)
        start = self.query_one("#start", Button)
        lists = (heroes, colours, self.query_one("#l-hero"), self.query_one("#l-colour"))
        if seat is None:
            self.query_one("#pick-who", Static).update("")
            for w in lists:
                w.display = False
            start.display = True
            return
        start.display = False
        for w in lists:
            w.display = True
        self.query_one("#pick-who", Static).update(Text(t("setup.choose", name=self.names[seat]), style="bold"))
        taken_h = {h for h, _ in self.picks.values()}
        taken_c = {c for _, c in self.picks.values()}
        keep = (heroes.highlighted or 0, colours.highlighted or 0) if refill else (0, 0)
        heroes.clear_options()
        heroes.add_options([Option(hero_option(h), id=h) for h in load_heroes() if h not in taken_h])
        heroes.highlighted = min(keep[0], heroes.option_count - 1)
        colours.clear_options()
        colours.add_options([Option(Text.assemble((f" {G.OWNER[c]} ", G.chip_style(c)), " " + t(f"colour.{c}")),
                                    id=c) for c in COLOURS if c not in taken_c])
        colours.highlighted = min(keep[1], colours.option_count - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "heroes":
            self._hero = event.option.id
            self.query_one("#colours", OptionList).focus()
        elif event.option_list.id == "colours":
            if self._hero is None:
                highlighted = self.query_one("#heroes", OptionList).highlighted_option
                self._hero = highlighted.id if highlighted is not None else None
            seat = self._chooser()
            if seat is None or self._hero is None or event.option.id is None:
                return  # every seat has its pick (the list shows none then)
            self.picks[seat] = (self._hero, event.option.id)
            self._next_pick()

    def start(self) -> None:
        seats = [(self.names[s], *self.picks[s]) for s in range(self.players)]
        assert self.seed is not None  # stage 1 drew one (_seed)
        thors_app(self).start_game(self.mode, seats, self.seed, self.first, bots=self.bot_seats())

    def action_back(self) -> None:
        if self.stage == 2:
            self.stage = 1
            self.query_one("#form").display = True
            self.query_one("#pick").display = False
            self.query_one("#next", Button).focus()
            return
        self.app.pop_screen()
