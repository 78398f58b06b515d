"""The smaller views around the island: phase bar, player tableaus, the hex
under the cursor, dice, the game log and the list of decisions."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.message import Message
from textual.reactive import Reactive
from textual.visual import visualize
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from .. import glyphs as G
from .. import words
from ..flow import Flow
from ...engine.steps import Step
from ..i18n import t
from ..eventwords import Names
from ..logtext import Hanging, LogWriter, dice, hang_all
from ..viewmemo import drawn_alike, per_view


def goals(obs: dict) -> tuple[int, int]:
    goal = obs["goal"]
    return goal["ambers"], goal["crystals"]


def chip(p: dict, text: str | None = None) -> Text:
    return Text(f"{G.OWNER[p['colour']]} {text if text is not None else p['name']} ", style=G.chip_style(p["colour"]))


# ---------------------------------------------------------------- phase bar


def _looks(content) -> object:
    """What a Static shows of ``content``: a Text's equality ignores its
    base style (bold, italic), which is part of what it shows."""
    if isinstance(content, Text):
        return content.plain, str(content.style), tuple(content.spans), content.justify
    if isinstance(content, Flow):
        return content.looks()
    return content


class DrawnAlike(Static):
    """A panel that draws a text every screen at a hosted table shows alike
    (the phase bar, the tableaus, who is at the table): its lines are drawn
    once for all screens showing the same text at the same size and look
    (viewmemo.drawn_alike), not once per screen."""

    # What a panel holds is as high as the panel (``height: auto``) or cut: its virtual size
    # never moves another widget. Textual's lays the screen out a second time whenever a
    # layout gives it a new one (after each new prompt height, at every screen: #14).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def render_lines(self, crop: Region) -> list[Strip]:
        content = self.content
        if not isinstance(content, Text) or self.text_selection is not None:
            return super().render_lines(crop)
        app = self.app
        look = (type(self).__name__, self.id, tuple(sorted(self.classes)), tuple(sorted(self.get_pseudo_classes())),
                _looks(content), tuple(self.region.size), crop, app.theme, app.ansi_color,
                app.console._color_system, self.rich_style, self.background_colors)
        return drawn_alike(look, lambda: super(DrawnAlike, self).render_lines(crop))


def show_changed(widget: Static, content, layout: bool = True) -> bool:
    """``widget.update(content)`` unless it shows that already. Each update
    of a Static that is as high as its text lays out the whole screen
    anew; after most keys most panels say what they said before."""
    if _looks(widget.content) == _looks(content):
        return False
    width = widget.size.width
    if not layout or not width or not isinstance(content, (Text, Flow)) or not isinstance(widget.content, (Text, Flow)):
        widget.update(content, layout=layout)
        return True
    # As high as before (a prompt, the presence line): no layout of the whole
    # screen, which every screen at a hosted table pays at every decision.
    before = visualize(widget, widget.content).get_height(widget.styles, width)
    widget.update(content, layout=False)
    if visualize(widget, content).get_height(widget.styles, width) != before:
        widget.refresh(layout=True)
    return True


def phase_text(obs: dict, width: int) -> Text:
    out = Text()
    if obs["outcome"] is not None:
        out.append(" " + t("phase.over") + " ", style="bold reverse")
        return out
    players = obs["players"]
    if obs["round"]:
        out.append(t("phase.round", n=obs["round"]) + " ", style="bold")
    if obs["turn"]:
        out.append_text(chip(players[obs["turn"] - 1]))
        out.append(" ")
    cur = obs["phase"]
    if obs["step"] == Step.BEACH:
        out.append(" " + t("phase.setup") + " ", style="bold reverse")
        return out
    # only the phases in force: a campaign chapter brings the Gode (0) and haste (6) with its
    # cards (R-CAMP-1, R-CAMP-5); chapter 1 showed "[6 Eile]" before haste was in force
    rules = obs.get("rules", ())
    gone = {i for i, rule in ((0, "gode"), (6, "haste")) if rule not in rules and i != cur}
    names = [(i, t(f"phase.{i}")) for i in range(7) if i not in gone]
    full = sum(len(n) + 4 for _, n in names) + out.cell_len <= width
    for i, name in names:
        label = f"{i} {name}" if full or i == cur else str(i)
        if i == cur:
            out.append(f"[{label}]", style="bold reverse")
        else:
            out.append(f" {label} ", style="dim")
    if cur is None or cur > 6:
        out.append(" " + t("phase.end"), style="bold")
    return out


class PhaseBar(DrawnAlike):
    DEFAULT_CSS = "PhaseBar { height: 1; width: 1fr; background: $panel; }"

    def show(self, obs: dict) -> None:
        self.obs = obs
        width = self.size.width or 80
        # one line high; alike on every screen showing this view (viewmemo)
        show_changed(self, per_view(obs, ("phase", width), lambda: phase_text(obs, width)), layout=False)

    def on_resize(self) -> None:
        if getattr(self, "obs", None):
            show_changed(self, phase_text(self.obs, self.size.width), layout=False)


# ---------------------------------------------------------------- tableaus


def tableau_head(obs: dict, p: dict, narrow: bool) -> Text:
    """The start of a tableau's headline: ▶ on turn, the player's chip and
    hero; then life, Taler and a carried amber, or that the player is out."""
    out = Text()
    out.append("▶" if obs["turn"] == p["seat"] else " ", style="bold")
    out.append_text(chip(p))
    if not narrow:
        out.append(f" {p['hero']}", style="bold")
    out.append(" ")
    if p["out"]:
        out.append(t("tableau.out"), style="dim strike")
        return out
    life = t("tableau.life", life=p["life"], max=p["max_life"])
    if narrow:
        life = life.replace(" ", "")  # a column for the race (tableau_text)
    out.append(life + " ", style="bold red" if p["life"] * 2 < p["max_life"] else "bold")
    out.append(f"{p['taler']}{G.TALER}" if narrow else t("tableau.taler", n=p["taler"]), style=G.TALER_STYLE)
    if p["amber"]:
        out.append(" " + G.AMBER, style=G.AMBER_STYLE)
    return out


def potion_word(x: dict) -> str:
    """A potion as the view shows it; an Eiletrank with the uses it has left where the
    view knows them (the owner's, or a used one, which lies face up: R-POT-7,
    R-SECRET-1): "Eiletrank" alone hid what every player may count (#27, 6)."""
    if x["kind"] == "eile" and x.get("uses") is not None:
        return t("tableau.eile_left", potion=words.potion("eile"), n=x["uses"])
    return words.potion(x["kind"])


def eile_short(p: dict) -> str:
    """The uses left of the Eiletränke the view knows, for the one-line tableau ("⚗2" alone)."""
    return "".join(" " + t("tableau.eile_short", n=x["uses"]) for x in p["potions"]
                   if x["kind"] == "eile" and x.get("uses") is not None)


def possessions(p: dict) -> list[str]:
    """Weapon, helmet, Wisent and potions (their kinds where the view shows them)."""
    things = [t(f"weapon.{p['weapon']}")]
    if p["helm"]:
        things.append(t("word.helm"))
    if p["wisent"]:
        things.append(t("word.wisent"))
    pot = t("tableau.potions", n=len(p["potions"]))
    if any(x["kind"] for x in p["potions"]):
        pot += " (" + ", ".join(potion_word(x) for x in p["potions"]) + ")"
    things.append(pot)
    return things


def tableau_text(obs: dict, p: dict, full: bool, narrow: bool = False) -> Text:
    """One player's tableau: a headline (life, Taler, amber, potion count),
    then, when ``full``, possessions and progress."""
    ambers, crystals = goals(obs)
    turn = obs["turn"] == p["seat"]
    out = tableau_head(obs, p, narrow)
    if p["out"]:
        return out
    if narrow and p["potions"]:
        out.append(f" ⚗{len(p['potions'])}" + eile_short(p))
    if p["faint"] != "awake":
        out.append(" " + t("tableau.faint"), style="bold red")
    if not full:
        if p["delivered"] or p["crystals"]:
            # the race is public and decides the game (R-AMBER-4, R-CRYSTAL-2): in the one
            # line, once it has begun (delivered at the sanctuary ★, crystals *)
            out.append(f" {G.KIND['sanctuary']}{p['delivered']}", style=G.AMBER_STYLE)
            out.append(f" {G.CRYSTAL}{p['crystals']}", style=G.CRYSTAL_STYLE)
        return out
    out.append("\n  ")
    out.append(" · ".join(possessions(p)))
    out.append("\n  ")
    more = [t("tableau.delivered", n=p["delivered"], goal=ambers),
            t("tableau.crystals", n=p["crystals"], goal=crystals)]
    if p["crystal_bonus"]:
        more.append(t(f"tableau.bonus_{p['crystal_bonus']}"))
    sup = t("tableau.supply", n=p["supply"])
    if sum(p["track"]) and not narrow:
        sup += " " + t("tableau.track", n=sum(p["track"]))
    more.append(sup)
    if "gode" in obs["rules"]:
        marker = " + ".join(t(f"ability.{m}") for m in p["marker"].split("+"))
        gode = t("tableau.gode_marker", marker=marker)
        if p["gode_at"]:
            gode += f" ({t('tableau.gode_on', hex=p['gode_at'])})"
        elif not narrow:
            gode += f" ({t('tableau.gode_off')})"
        more.append(gode)
    if p["epic"]:
        more.append(t("tableau.epic", cards=", ".join(t(f"epic.{c}") for c in p["epic"])))
    rune = obs.get("runestone")
    if rune and rune["seat"] == p["seat"]:
        more.append(t("tableau.runestone", n=rune["counter"]))
    out.append(" · ".join(more), style="" if turn else "dim")
    return out


class Tableaus(DrawnAlike):
    """All players; the viewer's (or the player on turn's) in full, others
    in two lines when space is short."""

    DEFAULT_CSS = "Tableaus { height: auto; width: 1fr; }"
    compact = False
    text: Text | None = None

    def show(self, obs: dict) -> None:
        width, compact = self.size.width, self.compact

        def made() -> tuple[Text, Text]:
            parts = []
            focus = obs["viewer"] or obs["turn"]
            for p in obs["players"]:
                full = not compact or p["seat"] == focus
                parts.append(tableau_text(obs, p, full, narrow=compact))
            text = Text("\n").join(parts)
            return text, hang_all(text, width, self.app.console)

        # alike on every screen showing this view at this width (viewmemo)
        self.text, hung = per_view(obs, ("tableaus", compact, width), made)
        show_changed(self, hung)

    def put(self, text: Text) -> None:
        """Show ``text``: a line too long for the panel goes on under its first word."""
        self.text = text
        show_changed(self, hang_all(text, self.size.width, self.app.console))

    def on_resize(self) -> None:
        if self.text is not None:
            show_changed(self, hang_all(self.text, self.size.width, self.app.console))


# ---------------------------------------------------------------- the hex under the cursor


def hex_text(obs: dict, i: int) -> Text:
    hx = obs["hexes"][i]
    out = Text()
    out.append(hx["label"] + " ", style="bold")
    kind = hx["kind"]
    if kind == "rift":
        what = f"{t('kind.rift')} ({t('rift.' + hx['rift'])})"
    elif hx["beach"]:
        what = t("kind.beach")
    elif kind == "landscape":
        what = ""
    elif hx.get("well"):
        what = t("kind.well")
    else:
        what = t(f"kind.{kind}")
    bits = [b for b in (what, t(f"terrain.{hx['terrain']}") if hx["terrain"] else "",
                        t("word.level", n=hx["level"])) if b]
    out.append(", ".join(bits))
    players = obs["players"]
    for seat, u in hx["units"].items():
        p = players[int(seat) - 1]
        bits = []
        if u["hero"]:
            bits.append(t("hexinfo.hero_mounted" if u["mounted"] else "hexinfo.hero"))
        if u["gode"]:
            bits.append(t("hexinfo.gode"))
        if u["warriors"]:
            bits.append(t("hexinfo.warriors", n=u["warriors"]))
        out.append(" · ")
        out.append_text(chip(p))
        out.append(" " + ", ".join(bits))
    extra = []
    if hx["troll"]:
        extra.append(G.TROLL + " " + t("hexinfo.troll"))
    rune = obs.get("runestone")
    if rune and rune["hex"] == hx["label"]:
        extra.append(G.RUNESTONE + " " + t("hexinfo.runestone", name=players[rune["seat"] - 1]["name"]))
    if hx.get("lying"):
        extra.append(t("hexinfo.lying", name=players[hx["lying"] - 1]["name"]))
    if hx["crystals"]:
        extra.append(G.CRYSTAL + " " + t("hexinfo.crystals", n=hx["crystals"]))
    if hx["ambers"]:
        extra.append(G.AMBER + " " + t("hexinfo.ambers", n=hx["ambers"]))
    if hx["taler"]:
        extra.append(G.TALER + " " + t("hexinfo.taler", n=hx["taler"]))
    if extra:
        out.append(" · " + " · ".join(extra))
    return out


class HexInfo(Static):
    DEFAULT_CSS = "HexInfo { height: auto; width: 1fr; color: $text-muted; }"


# ---------------------------------------------------------------- dice


def dice_text(roll: list[dict], blocked: list[int]) -> Text:
    """Each die of a view's roll as its face on its kind's colour; blocked dice struck out."""
    return dice([(d["die"], d["value"]) for d in roll], blocked)


# ---------------------------------------------------------------- log


class GameLog(RichLog):
    """The game log: the events of each record line as the viewer may know
    them (``session.events(viewer)``), in words (``logtext``). Only lines
    new since the last sync are written; an undo or a step back in a replay
    cuts the rows of the lines taken back; another seat at the keyboard (or
    another width) writes the log anew."""

    # no scrollbar: in the few rows the log has, its thumb drew as a stray glyph ("▂") beside the
    # lines; the log follows the newest line, and the wheel or the keys still scroll it
    DEFAULT_CSS = "GameLog { height: 1fr; background: $surface; scrollbar-visibility: hidden; }"

    # Rows written change how far the log scrolls, never where a widget is (its height is
    # 1fr, its scrollbars hidden). RichLog's virtual size lays out the whole screen anew at
    # every row written or cut: a tenth of a hosted table's work per decision (bench_ssh, #14).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, card: Callable[[str], dict] | None = None,
                 option: Callable[[str, str], str | None] | None = None, **kw):
        # min_width: RichLog renders at least 78 columns wide by default, which cut
        # long lines off beside a narrow island (80x24) instead of wrapping them
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=2000, min_width=12, **kw)
        #: the events of the record lines written, as they were given (a line is known by its tuple)
        self.shown: list[tuple] = []
        self.viewer: int | None = None
        self.writer: LogWriter | None = None
        #: a campaign card's view by id: its title names the card a choice answered
        self.card = card
        #: the words of a campaign card's option, by card and option id
        self.option = option
        self._last: tuple[list[tuple], dict] | None = None
        self._width = 0
        #: per record line shown: whether its rows were drawn ("rows") or wait for the log's
        #: size ("wait": the log is not shown), their count up to it (drawn: counting the rows
        #: dropped beyond max_lines), and the writer's state after it
        self._marks: list[tuple] = []

    @property
    def count(self) -> int:
        return len(self.shown)

    def reset(self) -> None:
        """Write everything anew at the next sync (another language, say)."""
        self.clear()
        self.shown = []
        self._marks = []
        self.writer = None

    def on_resize(self, event) -> None:
        # lines are wrapped once, at the width they were written at: another width writes them anew
        # (RichLog's own handler runs after this one and writes what waited for a size)
        width, self._width = self._width, event.size.width
        if width and width != event.size.width and self._last is not None:
            self.reset()
            self.sync(*self._last)

    def sync(self, per_line: list[tuple], obs: dict) -> None:
        self._last = (per_line, obs)
        viewer = None if obs.get("viewer") is None else obs["viewer"] - 1
        k = j = len(self.shown)
        j = min(j, len(per_line))
        while j and per_line[j - 1] is not self.shown[j - 1]:
            j -= 1  # lines taken back (an undo, a step back): the same tuples up to j
        names = Names.of_obs(obs)
        if (viewer != self.viewer or self.writer is None or self.writer.names != names
                or (j < k and not self._cut(j))):
            # another seat reads the log anew (R-SECRET-2), the rows to cut are not known, or
            # a seat has another name now (a hosted game's free seat "P2" taken by anna): the
            # log is written anew, each line with the name the seat has
            self.reset()
            self.viewer = viewer
            card_name = (lambda cid: self.card(cid)["title"]) if self.card is not None else None
            self.writer = LogWriter(names, [p["colour"] for p in obs["players"]], card_name, self.option)
        for evs in per_line[len(self.shown):]:
            for line in self.writer.lines(evs):
                self.write(Hanging(line))
            self.shown.append(evs)
            if self._size_known and not self._deferred_renders:
                self._marks.append(("rows", self._start_line + len(self.lines), self.writer.state()))
            else:
                self._marks.append(("wait", len(self._deferred_renders), self.writer.state()))

    def render_lines(self, crop: Region) -> list[Strip]:
        # RichLog asks for its style twice per row, each a walk over every ancestor's styles
        self._style_now = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._style_now = None

    @property
    def rich_style(self):
        style = getattr(self, "_style_now", None)
        return style if style is not None else super().rich_style

    def _cut(self, j: int) -> bool:
        """Keep the rows of the first ``j`` record lines only (False: their rows are not
        known, or some of them were dropped beyond max_lines). RichLog keeps its rows in
        ``lines`` (``_start_line``: how many it dropped; its cache of drawn rows goes) and,
        while it is not shown, what waits to be drawn in ``_deferred_renders``."""
        if not j:
            return False
        how, n, state = self._marks[j - 1]
        if how == "wait" and not self._size_known and n <= len(self._deferred_renders):
            while len(self._deferred_renders) > n:
                self._deferred_renders.pop()
        elif how == "rows" and not self._deferred_renders and n >= self._start_line:
            del self.lines[n - self._start_line:]
            # only the rows cut are drawn anew (the cache knows a row by its index counting the dropped)
            for key in [key for key in self._line_cache.keys() if key[0] >= n]:
                self._line_cache.discard(key)
            self.virtual_size = Size(self._widest_line_width, len(self.lines))
        else:
            return False
        self.writer.restore(state)
        del self.shown[j:], self._marks[j:]
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=True)
        self.refresh()
        return True


# ---------------------------------------------------------------- footer


class StableFooter(Footer):
    """A footer that builds its keys anew only when the keys it shows change:
    Textual's rebuilds them at every change of focus, three screen updates
    (and ~100 ms on a busy machine) after each Tab."""

    _shown_keys: tuple | None = None

    def bindings_changed(self, screen) -> None:
        keys = tuple((b.action, b.key, b.description, enabled)
                     for _, b, enabled, _ in screen.active_bindings.values() if b.show)
        if keys == self._shown_keys and self._bindings_ready:
            return
        self._shown_keys = keys
        super().bindings_changed(screen)


# ---------------------------------------------------------------- decisions


class DecisionList(OptionList):
    """The legal decisions of the seat at the keyboard, in words; greyed
    entries (the action menu) carry their reason.

    Whether the keys are here or on the island shows in the box itself, not
    only in a colour: a heavy frame titled ``▶ …`` when it has the focus.
    The highlighted row starts on the first entry at each new decision point
    (a point the screen names); within one point it stays on its decision."""

    DEFAULT_CSS = """
    DecisionList { height: 1fr; border: round $panel-lighten-2; padding: 0; }
    DecisionList:focus { border: heavy $accent; border-title-color: $accent; border-title-style: bold; }
    """

    class Decide(Message):
        def __init__(self, decision: str):
            self.decision = decision
            super().__init__()

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        #: the decision point the entries belong to
        self.point: object = None
        self._title()

    def _title(self, focus: bool | None = None) -> None:
        focus = self.has_focus if focus is None else focus
        self.border_title = t("play.list_focus" if focus else "play.list_nofocus")

    def on_focus(self) -> None:
        self._title(True)

    def on_blur(self) -> None:
        self._title(False)

    def fill(self, items: list[tuple[str, Text | str, bool]], point: object = None) -> None:
        """``items``: (decision, prompt, enabled); ``point``: the decision
        point they belong to (a new one puts the cursor on the first entry)."""
        shown = [(d, str(p), ok) for d, p, ok in items]
        if shown == getattr(self, "_shown", None):
            if point == self.point:
                return  # the same entries: nothing to lay out again (the cursor keys over empty hexes)
            if self.highlighted == next((n for n, (_, _, ok) in enumerate(items) if ok), None):
                # a new point with the same entries, highlighted where a new point starts
                # (a spectator's "no decision for you" at every decision of the table)
                self.point = point
                return
        self._shown = shown
        keep = None
        if point == self.point and self.highlighted is not None and self.highlighted < self.option_count:
            keep = (self.get_option_at_index(self.highlighted).id or "").partition(":")[2]
        self.point = point
        # set_options, not clear and add: the same number of lines lays out nothing anew
        self.set_options([Option(p, id=f"{n}:{d}", disabled=not ok) for n, (d, p, ok) in enumerate(items)])
        if items:
            first = next((n for n, (_, _, ok) in enumerate(items) if ok), None)
            same = next((n for n, (d, _, ok) in enumerate(items) if ok and d == keep), None)
            self.highlighted = same if same is not None else first
        self._title()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        ident = event.option.id or ""
        self.post_message(self.Decide(ident.split(":", 1)[1]))

    def render_lines(self, crop: Region) -> list[Strip]:
        """Drawn once for every screen at a hosted table whose list looks the
        same (viewmemo.drawn_alike): every spectator's list says "no decision
        for you", and each decision that moves it (a prompt one line longer)
        drew all its lines anew on every screen, the largest part of a
        decision's cost per screen (#14)."""
        self._update_lines()
        if self.text_selection is not None:
            return super().render_lines(crop)
        app = self.app
        look = (type(self).__name__, self.id, tuple(sorted(self.classes)), tuple(sorted(self.get_pseudo_classes())),
                tuple((_looks(o.prompt), o.disabled) for o in self.options), self.highlighted,
                self._mouse_hovering_over, tuple(self.scroll_offset), tuple(self.region.size), crop,
                str(self.border_title), self.styles.border, self.styles.border_title_color,
                self.styles.border_title_style, self.styles.padding, app.theme, app.ansi_color,
                app.console._color_system, self.rich_style, self.background_colors)
        return drawn_alike(look, lambda: super(DecisionList, self).render_lines(crop))
