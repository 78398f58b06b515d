"""The game screen: the island, the tableaus, the phase bar, the log and the
decisions of the seat at the keyboard.

Everything shown comes from ``session.view(viewer)``; every decision goes
through ``session.submit``. ``viewer`` is the seat whose player holds the
keyboard; between seats it is None (a spectator's view, no potion kinds)
while the hand-over screen asks the next player to take over.

The screen is in parts: the play flow it shows (the list's entries, the
prompt, a selected stack, what Enter on a hex means) is ``ui/decisions.py``,
without Textual; who plays the seats and holds the keyboard (the hand-over,
the bots through ``play/driver.py``, a seat given to a bot and taken back)
is ``seats.py``; the keys ``gamekeys.py``; the menu and the result
``gamemenu.py``. Here: the layout, the sync after every change, the drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult, CSSPathType
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from ...engine.steps import Step
from ...engine.actions import ActionError
from ...island import island_for
from .. import choices, mapdraw, words
from ..i18n import t
from ..keys import localize, shortened, localize_tree
from ..decisions import Play, units_text
from ..session import TERMINAL, LocalSession
from ..widgets.hexmap import IslandMap
from .feed import EventFeed
from .gamekeys import GameKeys
from .gamemenu import GameMenu
from .seats import SeatController
from .hint import HintPanel, Hints
from ..widgets.panels import (DecisionList, DrawnAlike, GameLog, HexInfo, PhaseBar, StableFooter, Tableaus, hex_text,
                              show_changed)

SIDE_MIN = 32


def island_coords(obs: dict) -> list[tuple[int, int]]:
    layout = "crescent" if len(obs["hexes"]) < 61 else "full"
    isl = island_for(obs["arrangement"], layout)
    return [h.coord for h in isl.hexes]


#: the least window the game's layout is made for (80x24); a smaller one is told so
MIN_SIZE = (80, 24)


class GameScreen(SeatController, GameKeys, GameMenu, Hints, EventFeed, Screen):
    CSS_PATH: ClassVar[CSSPathType | None] = "game.tcss"
    #: the panels a variant of this screen may replace (the campaign's)
    TABLEAUS: Callable[..., Tableaus] = Tableaus
    LOG: Callable[..., GameLog] = GameLog
    #: Textual repaints the whole screen at every change of focus (Screen.focused
    #: repaints); here the widgets that gained and lost it redraw themselves (their
    #: :focus styles, the island's cursor mark), so Tab repaints those alone
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    BINDINGS = [
        # Enter chooses on the island, in the list or sends the notation line: one binding
        # for all (before theirs), so that the footer stays the same whichever has the keys
        Binding("enter", "choose_here", "key.select", priority=True),
        Binding("e", "end", "key.end"),
        Binding("u,ctrl+z", "undo", "key.undo"),
        Binding("tab", "toggle_focus", "key.focus", priority=True),
        Binding("h", "hero", "key.hero"),
        Binding("l", "labels", "key.labels"),
        # priority: the box opens (and takes the keys) before the keys typed after ':' are handed on
        Binding("colon", "command", "key.command", priority=True),
        Binding("question_mark,f1", "help", "key.help"),
        Binding("escape", "cancel", "key.cancel", show=False),
        Binding("q", "menu", "play.menu"),
        Binding("b", "seat_to_bot", "key.to_bot"),
        Binding("t", "hint", "hint.key"),
        # tips for a first game (ui/tips.py): on against "Leicht" alone, i switches them
        Binding("i", "toggle_tips", "key.tips", show=False),
        # with a hex selected, 1–9 take a unit of its stack along or leave it
        *[Binding(str(n), f"toggle_unit({n - 1})", str(n), show=False) for n in range(1, 10)],
        Binding("plus", "bot_slower", "summary.key_slower", show=False),
        Binding("minus", "bot_faster", "summary.key_faster", show=False),
        Binding("s", "bot_skip", "summary.key_skip", show=False),
    ]
    #: the game's end opens the result screen (a campaign chapter ends with its own pages)
    RESULT = True
    #: keys the footer leaves out below 100 columns, so that the rest fits whole
    #: (they still work; the help screen and the command palette name them)
    #: (below 100 columns the others have short words, keys.shortened: t, h, b and : were left out)
    NARROW_HIDDEN: tuple[str, ...] = ("labels",)
    #: and those it leaves out below 120 and 130 columns (with the hint's key
    #: the footer no longer fitted 120 columns whole)
    MEDIUM_HIDDEN: tuple[tuple[int, tuple[str, ...]], ...] = ((120, ("labels", "hint")), (130, ("labels",)))

    @property
    def active_bindings(self):
        """What the footer shows: less the keys that do nothing now (:meth:`idle_keys`;
        unlike check_action this leaves the key working, so a press still says why
        not) and, on a narrow terminal, less the keys that would not fit."""
        bindings = super().active_bindings
        hidden = set(self.idle_keys())
        width = self.size.width
        if width:
            hidden.update(self.NARROW_HIDDEN if width < 100
                          else next((h for w, h in self.MEDIUM_HIDDEN if width < w), ()))
        if hidden:
            # by the action's name (a replay's "seek(0)", "seek(-1)" are "seek")
            bindings = {k: b for k, b in bindings.items() if b.binding.action.partition("(")[0] not in hidden}
        return shortened(bindings) if width and width < 100 else bindings

    def __init__(self, session, handover: bool = True, **kw):
        super().__init__(**kw)
        localize(self)
        self.session = session
        self.handover = handover
        #: the screen is built whole (_build): its keys work from now on
        self.ready = False
        #: the play flow the screen shows (decisions.py): the view, the legal decisions, the stack
        self.play = Play(session, parse=lambda legal: self.parse_legal(legal), is_bot=self._is_bot,
                         humans=self._humans, hosted=lambda: getattr(self.app, "hosted", False))
        self._init_feed()
        self._init_hints()
        from ..tips import first_game

        self.tips_on = first_game(session)
        self._result_shown = False
        #: the record's length at the last redraw (names the decision point)
        self._lines = 0
        self.labels = False
        self._combat = None
        #: the step, viewer and decider the keyboard's focus was last given for (sync)
        self._last_step: tuple[str, int | None, int] | None = None
        self._init_seats(session)
        d = session.decider()
        first = self._sole_human()
        if first is None and not handover and d >= 0 and not self._is_bot(d):
            first = d
        self.obs = session.view(first)
        self.coords = island_coords(self.obs)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        # Only the phase bar and the island come first: they are the first
        # frame; the rest is mounted right after it (see _build).
        yield PhaseBar(id="phasebar")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield IslandMap(self.coords, id="map")
            yield Vertical(id="side")
        yield Static(id="toosmall")

    def on_mount(self) -> None:
        self.ready = False
        self.map = self.query_one(IslandMap)
        self.map.hide_choose_key()
        self.map.set_cursor(self._start_cursor())
        self.map.focus()
        self._layout(self.size.width, self.size.height)
        self.query_one(PhaseBar).show(self.obs)
        self._draw_map()
        self.call_after_refresh(self._build)

    async def _build(self) -> None:
        from ..css import load_css

        load_css(self.app, self)
        await self.query_one("#left").mount(self.LOG(id="log-left"))
        decisions = DecisionList(id="decisions")
        await self.query_one("#side").mount_all([
            self.TABLEAUS(id="tableaus"), HexInfo(id="hexinfo"), DrawnAlike(id="prompt"), DrawnAlike(id="status"),
            HintPanel(id="hint"), decisions, self.LOG(id="log-side")])
        await self.mount_all([Input(id="command", placeholder=t("game.command")), StableFooter(compact=True)])
        if not (self.is_attached and decisions.is_attached):
            return  # the screen closed while it was being built
        self.decisions = decisions
        self.ready = True
        self.map.follow = self._follow_cursor
        self.refresh_bindings()  # the footer came after the first frame
        self.viewer = None
        self._layout(self.size.width, self.size.height)
        self.sync()

    def on_resize(self, event) -> None:
        self._layout(event.size.width, event.size.height)
        self.refresh_bindings()

    def _layout(self, width: int, height: int, taken: int = 0) -> None:
        """``height``: the rows for the game below what a subclass shows above
        it (``taken`` rows: the campaign's time track), which the window has too."""
        if not width or not height:
            return
        small = width < MIN_SIZE[0] or height + taken < MIN_SIZE[1]
        if small:
            show_changed(self.query_one("#toosmall", Static),
                         t("game.too_small", w=width, h=height + taken, mw=MIN_SIZE[0], mh=MIN_SIZE[1]))
        if small != self.has_class("-toosmall"):
            self.set_class(small, "-toosmall")
            if not small and self.focused is None:
                self.map.focus()
        main_h = height - 2
        self.map.fit(width - SIDE_MIN, main_h)
        self.query_one("#left").styles.width = self.map.geo.width
        if not getattr(self, "ready", False):
            return
        left_log = main_h - self.map.geo.height >= 3
        self.set_class(left_log, "-logleft")
        self.set_class(not left_log, "-logside")
        tab = self.query_one(Tableaus)
        compact = height < 34 or width < 100
        self.set_class(compact, "-compact")
        if tab.compact != compact:
            tab.compact = compact
            tab.show(self.obs)

    def _start_cursor(self) -> int:
        return 0

    # ------------------------------------------------------------ the flow
    @property
    def decider(self) -> int:
        return self.session.decider()

    def sync(self) -> None:
        """After every change: who holds the keyboard, then redraw, then the
        combat dialog, then the bots."""
        if self._feed_holds():  # a combat's summary first, before any hand-over (feed.py)
            return
        d = self.decider
        sole = self._sole_human()
        if sole is not None and self._left and self.handover and self.viewer != sole:
            # the one person left gets the keyboard as between seats, when they decide
            if d == sole and not self._handing:
                self._hand_over(d)
                return
        elif sole is not None:
            self.viewer = sole
            self._left = False
            if d == sole and not self._was_mine:
                self._jump_to_own()
                if self._show_since(sole):  # what happened since the person's last turn
                    return
            self._was_mine = d == sole
        elif d >= 0 and d != self.viewer and not self._handing and not self._is_bot(d):
            if self.handover:
                self._hand_over(d)
                return
            self.viewer = d
            self._jump_to_own()
        self.redraw()
        self._focus_for_step()
        self._overlay()
        self._run_bots()

    def _focus_for_step(self) -> None:
        """A board step puts the keys on the island, any other on the list."""
        if self._command_open():
            return  # a change from elsewhere must not take the keys from a decision being typed
        key = (self.obs["step"], self.viewer, self.decider)
        if key == self._last_step:
            return
        self._last_step = key
        if self.obs["step"] in choices.BOARD_STEPS or not self.legal:
            if not self.map.has_focus:  # focus() repaints the whole island even where it is
                self.map.focus()
            marked = choices.targets(self.legal, -1)
            if marked and self.map.cursor not in marked:
                # Enter then chooses at once (a recruit's hex, a beach), instead of telling
                # that nothing can be done where the last phase left the cursor
                hero = self.obs["players"][self.viewer]["hero_at"] if self.viewer is not None else None
                own = self._index(hero) if hero else -1
                self.map.set_cursor(own if own in marked else min(marked))
        else:
            if not self.decisions.has_focus:
                self.decisions.focus()
            hero = self.obs["players"][self.viewer]["hero_at"] if self.viewer == self.decider else None
            if hero and self.obs["step"] == Step.ACTION:
                # the prompt asks for an action on the heroine's hex: the cursor (and the hex
                # panel with it) goes there, not left where the move ended; arrows still look around
                self.map.set_cursor(self._index(hero))

    def _overlay(self) -> None:
        obs = self.obs
        in_combat = obs["combat"] is not None
        if self.RESULT and self.decider == TERMINAL and not self._result_shown and self._combat is None:
            self._result_shown = True
            self.action_result()
            return
        if self._humans() == []:
            if self._combat is not None and self.app.screen is self._combat:
                self._combat.dismiss(None)  # the last person left during a combat
            return  # bots only: the log tells the combats; no dialog waits for a key
        if in_combat and self._combat is not None and self._combat.finished and self.app.screen is self._combat:
            # bots played on into a new combat while the last one's summary was open
            self._combat.dismiss(None)
            return
        if in_combat and self._combat is None and not self._handing:
            from .combat import CombatScreen

            self._combat = CombatScreen(self)
            self.app.push_screen(self._combat, callback=self._combat_closed)
        elif self._combat is not None:
            self._combat.refresh_view()

    def _combat_closed(self, _=None) -> None:
        self._combat = None
        self.sync()

    # ------------------------------------------------------------ drawing
    def redraw(self) -> None:
        s = self.session
        per_line = s.events(self.viewer)
        self._lines = len(per_line)
        self.obs = obs = s.view(self.viewer)
        d = self.decider
        # a word said at one decision point (a refusal, say) is not left standing at the next
        point = (d, obs["step"], obs["round"], obs["turn"])
        if point != getattr(self, "_point", point):
            self.say("")
        self._point = point
        mine = self.viewer is not None and d == self.viewer
        self.legal = self.parse_legal(obs["legal"]) if mine else []
        shown = self._marked(obs)
        self.query_one(PhaseBar).show(shown)
        self.query_one(Tableaus).show(shown)
        self._draw_map()
        self._hexinfo()
        self._prompt()
        self._fill_decisions()
        for lg in self._logs():
            lg.sync(per_line, obs)
        self.hint_follow()
        idle = self.idle_keys()
        if idle != getattr(self, "_idle_shown", None):  # the footer names only the keys that work now
            self._idle_shown = idle
            self.refresh_bindings()

    def _logs(self) -> tuple[GameLog, ...]:
        """The log beside the island and the one in the side panel (whichever
        the layout shows): found by id, which Textual remembers, where a query
        by type walks the screen at every redraw."""
        try:
            return self.query_one("#log-left", GameLog), self.query_one("#log-side", GameLog)
        except NoMatches:
            return tuple(self.query(GameLog))

    def parse_legal(self, legal: list[str]) -> list:
        """The legal decisions as (text, Action); a variant with its own
        notation (the campaign's) reads them its way."""
        return choices.parsed(legal)

    def _draw_map(self) -> None:
        targets, fights = self._targets()
        marks = mapdraw.Marks(cursor=self.map.cursor, selected=self.selected, targets=targets, labels=self.labels,
                              fights=fights)
        self.map.show(self.obs, self.bot_marks(marks))

    def _going(self) -> list[str]:
        return self.play.going()

    def _targets(self) -> tuple[frozenset[int], frozenset[int]]:
        return self.play.targets()

    def _hexinfo(self) -> None:
        # a fixed height (game.tcss): no layout of the whole screen at each cursor key
        show_changed(self.query_one(HexInfo), hex_text(self.obs, self.map.cursor), layout=False)

    def _prompt(self) -> None:
        shown = Text(self.play.prompt(), style="bold")
        tip = self._tip()
        if tip:
            shown.append("\n" + tip, style="italic")
        show_changed(self.query_one("#prompt", Static), shown)

    def _tip(self) -> str:
        """The tip line for the person at the keyboard, when tips are on (ui/tips.py)."""
        state = getattr(self.session, "state", None)
        if not self.tips_on or self.viewer is None or state is None:
            return ""
        from ..tips import tip

        said = tip(state, self.viewer)
        return f"{t('tips.label')} (i): {said}" if said else ""

    def action_toggle_tips(self) -> None:
        self.tips_on = not self.tips_on
        self.say(t("tips.on" if self.tips_on else "tips.off"))
        self._prompt()

    def say(self, text: str, error: bool = False) -> None:
        msg = Text(text, style="bold red" if error else "italic")
        show_changed(self.query_one("#status", Static), msg)
        if self._combat is not None and self._combat.is_attached:
            # query, not query_one: a dialog just pushed has no widgets until it is composed
            for box in self._combat.query("#c-status").results(Static):
                box.update(msg)

    def _stack_prompt(self) -> str:
        return self.play.stack_prompt()

    def decision_point(self) -> tuple:
        """Which decision point the list shows: a new one puts its cursor on
        the first entry (the record's length changes with every decision, an
        undo included)."""
        return (self._lines, self.obs["step"], self.viewer, self.decider, self.selected)

    def decision_items(self) -> list[tuple[str, Text | str, bool]]:
        self.play.cursor = self.map.cursor
        return self.play.items()

    def _decision_items(self) -> list[tuple[str, Text | str, bool]]:
        self.play.cursor = self.map.cursor
        return self.play.plain_items()

    def _fill_decisions(self) -> None:
        self.decisions.fill(self.decision_items(), self.decision_point())

    # ------------------------------------------------------------ deciding
    def decide(self, text: str, confirmed: bool = False) -> bool:
        if text == "@roll":
            return self.roll()
        if text == "@title":
            self.action_title()
            return True
        if text == "@result":
            self.action_result()
            return True
        if text.startswith("@unit:"):
            self.action_toggle_unit(int(text.partition(":")[2]))
            return True
        if text.startswith("@stack:"):
            return self.move_stack(int(text.partition(":")[2]))
        if text.startswith("@goto:"):
            self.map.set_cursor(int(text.partition(":")[2]))  # the list then shows that hex's moves
            return True
        if not text:
            return False
        if text == "end" and not confirmed and any(a.verb == "deliver" for _, a in self.legal):
            self._confirm_end()
            return False
        if self.viewer is None and isinstance(self.session, LocalSession):
            # nobody at the keyboard plays a seat now (between seats, bots only), and a
            # local session takes the seat it is given (a remote one knows its own)
            self.say(t("game.illegal", why=self._not_yours()), error=True)
            return False
        try:
            self.session.submit(text, self.viewer)
        except ActionError as exc:
            self.say(t("game.illegal", why=self._engine_says(exc)), error=True)
            return False
        self._select(-1, draw=False)
        self.say("")
        self.sync()
        return True

    def roll(self, dice: str | None = None) -> bool:
        try:
            self.session.roll(dice)
        except ActionError as exc:
            self.say(t("game.illegal", why=self._engine_says(exc)), error=True)
            return False
        self.say("")
        self.sync()
        return True

    def on_decision_list_decide(self, msg: DecisionList.Decide) -> None:
        self.decide(msg.decision)

    def on_island_map_moved(self, msg: IslandMap.Moved) -> None:
        self._follow_cursor(msg.index)

    def _follow_cursor(self, i: int) -> None:
        if not getattr(self, "ready", False):
            return
        self._hexinfo()
        if self.obs["step"] in (Step.MOVE, Step.HASTE) and self.selected < 0:
            self._fill_decisions()

    def on_island_map_chosen(self, msg: IslandMap.Chosen) -> None:
        self.choose_hex(msg.index)

    def choose_hex(self, i: int) -> None:
        what, arg = self.play.on_hex(i)
        if what == "unselect":
            self._select(-1)
        elif what == "move":
            self.move_stack(arg)
        elif what == "select":
            self._select(arg)
        elif what == "explain":
            self.say(self.play.explain_step(*arg), error=True)
        elif what == "pick":
            self._pick(arg, self.obs["hexes"][i]["label"])
        else:
            self.say(arg, error=True)

    def _select(self, i: int, draw: bool = True) -> None:
        """Select hex ``i`` (-1: none) with the viewer's units there that can step (decisions.py)."""
        self.play.select(i)
        if draw:
            self._draw_map()
            self._prompt()
            self._fill_decisions()

    def action_toggle_unit(self, n: int) -> None:
        """Take unit ``n`` of the selected stack along, or leave it."""
        if self.play.toggle(n):
            self._draw_map()
            self._prompt()
            self._fill_decisions()

    def move_stack(self, dst: int) -> bool:
        """The chosen units of the selected hex step to ``dst``, one decision
        each; those that cannot go stay, and the engine says why."""
        src = self.selected
        if not self.play.going():
            self.say(t("play.stack_none"), error=True)
            return False
        moved, left, refused = self.play.move_stack(dst)
        if refused:
            self.say(refused, error=True)
        why = self.play.stack_left_why(src, dst, left) if left else None
        self.sync()  # first: a new decision point clears the status line
        if why:
            self.say(why, error=True)
        elif moved:
            self.say(t("play.stack_moved", units=units_text(moved), hex=words.hexname(dst)))
        return bool(moved)

    def _engine_says(self, what) -> str:
        return self.play.engine_says(what)

    def _not_yours(self) -> str:
        return self.play.not_yours()

    def relocalize(self) -> None:
        localize_tree(self)
        for lg in self.query(GameLog):
            lg.reset()
        self.query_one("#command", Input).placeholder = t("game.command")
        self.redraw()
        self.hint_relocalize()
