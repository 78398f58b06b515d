"""The game screen: the island, the tableaus, the phase bar, the log and the
decisions of the seat at the keyboard.

Everything shown comes from ``session.view(viewer)``; every decision goes
through ``session.submit``. ``viewer`` is the seat whose player holds the
keyboard; between seats it is None (a spectator's view, no potion kinds)
while the hand-over screen asks the next player to take over.

Seats a bot plays (``session.bot_job``) decide by themselves, one decision
after another, each after the app's ``bot_delay`` and computed off the UI
thread; the keyboard stays with the last person who had it, and the
hand-over screen only comes between two people. With one person at the
table that person's view is shown throughout; with nobody (bots only) a
spectator's.

During the game a seat may go to a bot (``b`` or the command palette: its
player leaves; the bot decides next if the seat decides now) and a bot's
seat back to a person (the command palette). The person who gave their
seat away lets go of the keyboard: a spectator's view until the next
person decides, after the hand-over screen as always.
"""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from ...engine.steps import COMBAT_STEPS, Step
from ...engine.actions import ActionError
from ...island import island_for
from .. import choices, mapdraw, words
from .. import glyphs as G
from ..botwords import bot_name, bot_words
from ..i18n import has, t
from ..i18n import said as engine_says
from ..keys import localize, shortened, localize_tree
from ..session import CHANCE, TERMINAL, LocalSession
from ..widgets.hexmap import IslandMap
from .feed import EventFeed
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


class GameScreen(Hints, EventFeed, Screen):
    CSS_PATH = "game.tcss"
    #: the panels a variant of this screen may replace (the campaign's)
    TABLEAUS = Tableaus
    LOG = GameLog
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
    NARROW_HIDDEN = ("labels",)
    #: and those it leaves out below 120 and 130 columns (with the hint's key
    #: the footer no longer fitted 120 columns whole)
    MEDIUM_HIDDEN = ((120, ("labels", "hint")), (130, ("labels",)))

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
        self._init_feed()
        self._init_hints()
        from ..tips import first_game

        self.tips_on = first_game(session)
        self.viewer: int | None = None
        self.selected = -1
        #: the units on the selected hex (H, G, W…) and which of them go along
        self.stack: list[str] = []
        self.chosen: list[bool] = []
        self._result_shown = False
        #: the record's length at the last redraw (names the decision point)
        self._lines = 0
        self.labels = False
        self.legal: list = []
        self._handing = False
        self._combat = None
        self._bot_worker = None
        self._was_mine = False
        #: the seat the open hand-over screen waits for
        self._handing_to: int | None = None
        #: the person at the keyboard gave their seat to a bot: the next person takes it over as between seats
        self._left = False
        d = session.decider()
        first = self._sole_human()
        if first is None and not handover and d >= 0 and not self._is_bot(d):
            first = d
        self.obs: dict = session.view(first)
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
        from ..app import load_css

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

    def _is_bot(self, seat: int | None) -> bool:
        is_bot = getattr(self.session, "is_bot", None)  # an SSH seat's session: the hub plays its bots
        return bool(is_bot and seat is not None and seat >= 0 and is_bot(seat))

    def _humans(self) -> list[int] | None:
        """The seats people play, or None when the session has no bots."""
        if not getattr(self.session, "bots", None):
            return None
        return self.session.humans()

    def _sole_human(self) -> int | None:
        """With bots at the table and one person, that person holds the
        keyboard throughout: there is nobody to hand it to."""
        humans = self._humans()
        return humans[0] if humans is not None and len(humans) == 1 else None

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

    def _hand_over(self, seat: int) -> None:
        self.viewer = None
        self._select(-1, draw=False)
        self.redraw()
        self._handing = True
        self._handing_to = seat
        from .handover import HandOver

        why = self._handover_reason(seat)
        box = HandOver(self.obs["players"][seat], why)
        box.since = self.since_for_handover(seat)  # what happened since that player's last turn (feed.py)
        self.app.push_screen(box, callback=self._handed(seat))

    # ------------------------------------------------------------ bots
    def _run_bots(self) -> None:
        if self._bot_worker is None and self._is_bot(self.decider) and not self._summary_open:
            self._bot_worker = self.run_worker(self._play_bots(), group="bots")

    async def _play_bots(self) -> None:
        """Every decision due to a bot, one by one, until a person decides
        or the game ends (the worker ends with the screen)."""
        try:
            while self._alive() and self.session.bot_job() is not None and not self._summary_open:
                delay = self._bot_pace()  # feed.py: the pace the player set, 0 while skipping
                if delay > 0:
                    # a short pause lets people see each step before the next one
                    await asyncio.sleep(delay)
                job = self.session.bot_job()
                if job is None or not self._alive() or self._summary_open:
                    break
                lines_before = self._lines_now()
                try:
                    action = await asyncio.to_thread(job.think)  # a searching bot thinks a while
                    if not self._alive():
                        break  # the screen closed meanwhile: the decision is not made
                    done = self.session.submit_bot(job, action)
                except Exception as exc:  # a bot's bug: the game waits (it is saved), and says why
                    why = self._engine_says(exc) if isinstance(exc, ActionError) else repr(exc)
                    self.say(t("bots.failed", name=self.obs["players"][job.seat]["name"], why=why), error=True)
                    break
                if done is not None:
                    try:
                        said = self._bot_stepped(lines_before)
                        self.sync()
                        if said and not self._summary_open:
                            name = self.obs["players"][job.seat]["name"]  # "Bot 2 wählt …" says it is a bot
                            self.say(said if bot_name(name) == name else t("summary.bot_step", what=said))
                    except NoMatches:
                        break  # the screen is being taken down around us
        finally:
            self._bot_worker = None
            if self._alive() and self.session.bot_job() is not None:
                # a bot became due while this worker was ending (a card shown, a combat dialog
                # opened): nobody else would start the bots again
                self.call_later(self._run_bots)

    def _alive(self) -> bool:
        """Still on screen in a running app (not closing down)."""
        return self.is_attached and self.is_running and not self._closing and self.app.is_running

    def _marked(self, obs: dict) -> dict:
        """The view with every bot's name marked, for the tableaus and the
        phase bar."""
        if not getattr(self.session, "bots", None):
            return obs
        players = [dict(p, name=bot_name(p["name"])) if self._is_bot(p["seat"] - 1) else p
                   for p in obs["players"]]
        return dict(obs, players=players)

    def _focus_for_step(self) -> None:
        """A board step puts the keys on the island, any other on the list."""
        if self._command_open():
            return  # a change from elsewhere must not take the keys from a decision being typed
        key = (self.obs["step"], self.viewer, self.decider)
        if key == getattr(self, "_last_step", None):
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

    def _handed(self, seat: int):
        def done(_=None) -> None:
            self._handing = False
            self._handing_to = None
            if self._is_bot(seat):  # the seat went to a bot while its player was awaited
                self.sync()
                return
            self._left = False
            self.viewer = seat
            self._jump_to_own()
            self.sync()

        return done

    def _handover_reason(self, seat: int) -> str:
        obs = self.session.view(None)
        c = obs["combat"]
        name = obs["players"][seat]["name"]
        if c and obs["step"] in COMBAT_STEPS and seat + 1 != obs["turn"]:
            if c["defender"] == "troll":
                return t("handover.why_troll", name=name)
            return t("handover.why_defend", name=name)
        if obs["turn"] == seat + 1:
            return t("handover.why_turn", name=name)
        return t("handover.why_other", name=name)

    def _jump_to_own(self) -> None:
        if self.viewer is None:
            return
        obs = self.session.view(self.viewer)
        p = obs["players"][self.viewer]
        if p["hero_at"]:
            self.map.set_cursor(self._index(p["hero_at"]))
        elif obs["step"] == Step.BEACH and obs["legal"]:
            choice = choices.parsed(obs["legal"])[0][1]
            self.map.set_cursor(choice.a)

    def _index(self, label: str) -> int:
        for i, hx in enumerate(self.obs["hexes"]):
            if hx["label"] == label:
                return i
        return 0

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
        """The units of the selected stack that go along."""
        return [u for u, on in zip(self.stack, self.chosen) if on]

    def _targets(self) -> tuple[frozenset[int], frozenset[int]]:
        """The hexes to mark, and those of them where going leads into a
        fight (as the engine says: the view's ``fights``)."""
        fights = set(self.obs.get("fights", ()))
        legal = self.legal
        if self.selected >= 0:
            src = self.selected
            going = self._going()
            targets = choices.stack_targets(legal, src, going)
            return targets, frozenset(h for h in targets
                                      if any(choices.step_for(legal, src, h, u) in fights for u in set(going)))
        return choices.targets(legal, -1), frozenset(a.a for s, a in legal if s in fights and a.verb in choices.HEX_VERBS)

    def _hexinfo(self) -> None:
        # a fixed height (game.tcss): no layout of the whole screen at each cursor key
        show_changed(self.query_one(HexInfo), hex_text(self.obs, self.map.cursor), layout=False)

    def _prompt(self) -> None:
        obs = self.obs
        d = self.decider
        step = obs["step"]
        if d == TERMINAL:
            out = obs["outcome"]
            if out["winner"] is None:
                res = t("result.draw")
            else:
                res = t(f"result.{out['reason']}", name=obs["players"][out["winner"] - 1]["name"])
            text = t("ask.over", result=res)
        elif d == CHANCE:
            text = t("ask.chance")
        else:
            name = obs["players"][d]["name"]
            if step == "recruit" and "gode" not in obs.get("rules", ("gode",)):
                step = "recruit_warriors"  # no Gode in this game (R-CAMP-1: chapters 1–2)
            if step in COMBAT_STEPS:
                # the deciding seat reads that the decision is hers ("anna entscheidet im Kampf"
                # read to anna herself as if someone else were deciding)
                text = t("ask.combat_mine" if d == self.viewer else "ask.combat_step", name=name)
                if d == self.viewer and words.is_window(step) and not words.can_drink(obs):
                    # a window with only "Weiter": why there is nothing to choose (R-POT-4..6)
                    text = t("ask.combat_no_potion", name=name)
            elif step == "haste" and d != self.viewer:
                # every seat with a potion passes the haste step (R-SECRET-1): the others
                # read what it is, not a question that sounds as if an Eiletrank were held
                text = t("ask.haste_other", name=name)
            elif d != self.viewer and has(f"ask_other.{step}"):
                # another seat or a spectator reads what the deciding player does, not a
                # question put to "you" ("deiner Heldin" read as the spectator's own)
                text = t(f"ask_other.{step}", name=name)
            else:
                text = t(f"ask.{step}", name=name)
            faint = obs["players"][d].get("faint")
            if d == self.viewer and step not in COMBAT_STEPS and faint in ("x-turn", "waiting"):
                # what the turn of a fainted heroine allows (R-FAINT-3/6), not only "ohnmächtig"
                text += "\n" + t("ask.x_turn" if faint == "x-turn" else "ask.waiting_turn")
            if self.selected >= 0:
                text += "\n" + self._stack_prompt()
            if self._is_bot(d):
                text += "\n" + t("bots.deciding", name=name, kind=bot_words(self.session.bots[d]))
        shown = Text(text, style="bold")
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
            for box in self._combat.query("#c-status"):
                box.update(msg)

    def _stack_prompt(self) -> str:
        label = self.obs["hexes"][self.selected]["label"]
        if len(self.stack) < 2:
            return t("game.select_hex", hex=label)
        units = "  ".join(f"{n}{'☒' if on else '☐'}{t('unit.' + u)}"
                          for n, (u, on) in enumerate(zip(self.stack, self.chosen), 1))
        return t("play.stack_prompt", hex=label, units=units, n=len(self.stack))

    def decision_point(self) -> tuple:
        """Which decision point the list shows: a new one puts its cursor on
        the first entry (the record's length changes with every decision, an
        undo included)."""
        return (self._lines, self.obs["step"], self.viewer, self.decider, self.selected)

    def _fight_text(self, text: str, said) -> Text:
        """A decision that leads into a fight, marked as one."""
        out = Text(G.FIGHT + " ", style="bold red")
        out.append_text(said if isinstance(said, Text) else Text(str(said)))
        if not text.startswith("fight"):  # "Kampf auf 2c1" says it already ("– Kampf!" twice)
            out.append(" – " + t("play.fight"), style="bold red")
        return out

    def decision_items(self) -> list[tuple[str, Text | str, bool]]:
        items = self._decision_items()
        fights = set(self.obs.get("fights", ()))
        if not fights:
            return items
        # a stack's move ("Heldin + Krieger: 2c1 → 1c4") leads into the fight its units'
        # steps lead into, as the island's ⚔ on that hex says (a play-tester found the
        # single steps marked and the stack's not)
        stack_fights = {f"@stack:{h}" for h in self._targets()[1]} if self.selected >= 0 else set()
        return [(d, self._fight_text(d, p) if d in fights or d in stack_fights else p, ok)
                for d, p, ok in items]

    def _decision_items(self) -> list[tuple[str, Text | str, bool]]:
        obs = self.obs
        step = obs["step"]
        d = self.decider
        if d == CHANCE:
            if not self.session.auto_chance:
                kinds = " ".join(self.session.chance_request())
                return [("@roll", t("combat.roll_now") + f" ({kinds})", True)]
            return []
        if d == TERMINAL:
            return [("@result", t("play.show_result"), True),
                    ("@title", t("lobby.lobby" if getattr(self.app, "hosted", False) else "key.menu"), True)]
        if not self.legal:
            return [("", t("bots.watching" if self._humans() == [] else "game.no_decision"), False)]
        items: list[tuple[str, Text | str, bool]] = []
        menu_done = set()
        if step in (Step.ACTION, Step.POTION2) and self.viewer is not None:
            for e in self.session.action_menu(self.viewer):
                prompt = Text(words.decision(e.action, step, obs))
                cost = []
                if e.taler:
                    cost.append(t("menu.cost", n=e.taler))
                if e.needs:
                    cost.append(t("menu.needs", what=", ".join(
                        t("word.amber") if n == "amber" else t(f"terrain.{n}") for n in e.needs)))
                if cost:
                    prompt.append(" · " + ", ".join(cost), style="dim")
                if not e.legal and e.reason:
                    prompt.append("\n  " + self._engine_says(e.reason), style="italic")
                items.append((e.action, prompt, e.legal))
                menu_done.add(e.action)
        if self.selected >= 0 and len(self.stack) > 1:
            for n, (u, on) in enumerate(zip(self.stack, self.chosen)):
                items.append((f"@unit:{n}", t("play.unit_on" if on else "play.unit_off", n=n + 1,
                                               unit=t(f"unit.{u}")), True))
        hexes = {self.selected} if self.selected >= 0 else {self.map.cursor}
        stack = self.selected >= 0 and len(self.stack) > 1
        stack_done: set[int] = set()
        for text, a in choices.for_list(self.legal, step, hexes):
            if text in menu_done:
                continue
            if stack and choices.is_move(a) and a.a == self.selected:
                # the stack's move, as Enter on the island makes it: "Heldin 1c2 → 1c3" read as
                # the heroine's alone where the warrior went along too
                if a.b not in stack_done:
                    stack_done.add(a.b)
                    going = [u for u in self._going() if choices.step_for(self.legal, a.a, a.b, u)]
                    if going:
                        items.append((f"@stack:{a.b}", t("do.stack_step", units=self._stack_units(going),
                                                          a=words.hexname(a.a), b=words.hexname(a.b)), True))
                continue
            items.append((text, words.decision(text, step, obs), True))
        if self.selected < 0:
            # moves are listed for the cursor's hex only: say where else units can move
            # (a warrior left behind when the hero went on), and take the cursor there
            others = sorted(choices.sources(self.legal) - hexes)
            end = next((i for i, it in enumerate(items) if it[0] == "end"), len(items))
            items[end:end] = [(f"@goto:{i}", t("play.moves_from", hex=obs["hexes"][i]["label"],
                                                n=len(choices.moves_from(self.legal, i))), True)
                              for i in others]
        return items

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

    def _confirm_end(self) -> None:
        """Ending the phase with an amber that could be delivered now: asked
        first (the delivery is offered first, Esc goes back)."""
        from .choose import ChooseScreen

        def chosen(text: str | None) -> None:
            if text:
                self.decide(text, confirmed=True)

        step = self.obs["step"]
        items = [("deliver", t("do.deliver")), ("end", t("play.end_anyway", what=words.decision("end", step)))]
        self.app.push_screen(ChooseScreen(t("play.end_deliver"), items), callback=chosen)

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
        legal = self.legal
        if not legal:
            self.say(self._not_yours(), error=True)
            return
        if self.selected >= 0:
            if i == self.selected:
                self._select(-1)
                return
            if i in choices.stack_targets(legal, self.selected, self._going()):
                self.move_stack(i)
                return
            if i in choices.sources(legal):
                self._select(i)
                return
            self._explain_step(self.selected, i)
            return
        here = choices.at_hex(legal, i)
        if here:
            self._pick(here, self.obs["hexes"][i]["label"])
            return
        if i in choices.sources(legal):
            self._select(i)
            return
        self.say(t("game.nothing_here"), error=True)

    def _select(self, i: int, draw: bool = True) -> None:
        """Select hex ``i`` (-1: none) with every unit of the viewer's there
        that can step from it: the stack goes along unless some are left."""
        self.selected = i
        self.stack, self.chosen = [], []
        if i >= 0 and self.viewer is not None:
            movers = {choices.mover(a) for _, a in choices.moves_from(self.legal, i)}
            units = self.obs["hexes"][i]["units"].get(str(self.viewer + 1))
            self.stack = [u for u in choices.stack_of(units) if u in movers]
            self.chosen = [True] * len(self.stack)
        if draw:
            self._draw_map()
            self._prompt()
            self._fill_decisions()

    def action_toggle_unit(self, n: int) -> None:
        """Take unit ``n`` of the selected stack along, or leave it."""
        if self.selected < 0 or not 0 <= n < len(self.stack):
            return
        self.chosen[n] = not self.chosen[n]
        self._draw_map()
        self._prompt()
        self._fill_decisions()

    def move_stack(self, dst: int) -> bool:
        """The chosen units of the selected hex step to ``dst``, one
        decision each (hero, Gode, then the warriors); those that cannot go
        stay, and the engine says why."""
        src = self.selected
        going = self._going()
        if not going:
            self.say(t("play.stack_none"), error=True)
            return False
        moved: list[str] = []
        left: list[str] = []
        legal = self.legal
        for u in going:
            text = choices.step_for(legal, src, dst, u)
            if text is None:
                left.append(u)
                continue
            try:
                self.session.submit(text, self.viewer)
            except ActionError as exc:
                self.say(t("game.illegal", why=self._engine_says(exc)), error=True)
                break
            moved.append(u)
            legal = self.parse_legal(self.session.view(self.viewer)["legal"])
        self._select(-1, draw=False)
        why = self.session.explain(f"{left[0]} {words.hexname(src)}-{words.hexname(dst)}", self.viewer) \
            if left else None
        self.sync()  # first: a new decision point clears the status line
        if left:
            self.say(t("play.stack_left", units=self._units_text(left), why=self._engine_says(why or "")), error=True)
        elif moved:
            self.say(t("play.stack_moved", units=self._units_text(moved), hex=words.hexname(dst)))
        return bool(moved)

    @staticmethod
    def _stack_units(units: list[str]) -> str:
        """The units of a stack's move: "Heldin + Krieger", "Heldin + 3 Krieger"."""
        n = units.count("W")
        out = [t(f"unit.{u}") for u in ("H", "G") if u in units]
        if n:
            out.append(t("unit.W") if n == 1 else t("hexinfo.warriors", n=n))
        return " + ".join(out)

    @staticmethod
    def _units_text(units: list[str]) -> str:
        out = []
        for u in ("H", "G", "W"):
            n = units.count(u)
            if n:
                out.append(t("hexinfo.warriors", n=n) if u == "W" else t(f"unit.{u}"))
        return ", ".join(out)

    def _pick(self, opts, title: str) -> None:
        if len(opts) == 1:
            self.decide(opts[0][0])
            return
        from .choose import ChooseScreen

        items = [(s, words.decision(s, self.obs["step"], self.obs)) for s, _ in opts]

        def chosen(text: str | None) -> None:
            if text:
                self.decide(text)

        self.app.push_screen(ChooseScreen(title, items), callback=chosen)

    def _explain_step(self, src: int, dst: int) -> None:
        hx = self.obs["hexes"][src]
        u = hx["units"].get(str(self.viewer + 1), {})
        text = choices.guess_step({"H": u.get("hero"), "W": u.get("warriors"), "G": u.get("gode")}, src, dst)
        why = self.session.explain(text, self.viewer)
        self.say(t("game.illegal", why=self._engine_says(why or text)), error=True)

    def _engine_says(self, what) -> str:
        """The engine's refusal in the app's language; one for the wrong seat
        names the players, not their seat numbers, and speaks to the seat that
        reads it in the second person (R-TURN-5)."""
        if getattr(what, "key", None) == "wrong_seat":
            players = self.obs["players"]
            who = what.params.get("who")
            if getattr(who, "key", None) == "seat":
                who = players[who.params["seat"] - 1]["name"]
            seat = what.params["seat"] - 1
            if seat == self.viewer:  # the seat reads its own refusal: "du entscheidest jetzt nicht"
                text = t("game.wrong_seat_you", who=engine_says(who))
            else:
                text = t("game.wrong_seat", name=players[seat]["name"], who=engine_says(who))
            return text
        return engine_says(what)

    def _not_yours(self) -> str:
        d = self.decider
        if d >= 0:
            return t("game.not_yours", name=self.obs["players"][d]["name"])
        if d == CHANCE:
            return t("ask.chance")
        return t("game.no_decision")

    # ------------------------------------------------------------ keys
    def action_end(self) -> None:
        if not any(s == "end" for s, _ in self.legal):
            why = self._engine_says(self.session.explain("end", self.viewer) or "") if self.legal else self._not_yours()
            self.say(t("game.illegal", why=why), error=True)
            return
        self.decide("end")

    def action_undo(self) -> None:
        if getattr(self.session, "bot_decided_last", lambda: False)():
            self.say(t("game.cannot_undo", why=t("bots.no_undo")), error=True)
            return
        if getattr(self.session, "seat_changed_last", lambda: False)():
            self.say(t("game.cannot_undo", why=t("bots.no_undo_seat")), error=True)
            return
        problem = self.session.undo_problem(self.viewer)
        if problem:
            self.say(t("game.cannot_undo", why=self._engine_says(problem)), error=True)
            return
        line = self.session.undo(self.viewer)
        self._select(-1, draw=False)
        self.sync()  # first: a new decision point clears the status line
        self.say(t("game.undone", what=words.taken_back(line, self.session, self.viewer)))

    def action_choose_here(self) -> None:
        """Enter: on the island or in the list (the notation line keeps its own Enter,
        see check_action)."""
        focused = self.focused
        if focused is self.map:
            self.map.action_choose()
        elif focused is getattr(self, "decisions", None):
            self.decisions.action_select()

    def action_toggle_focus(self) -> None:
        if self.app.screen is not self:
            return
        # now, not after the keys already queued (Widget.focus waits a turn): Tab and Enter
        # in one packet (over SSH, or typed fast) chose on the island instead of the list
        self.set_focus(self.decisions if self.map.has_focus else self.map)

    def action_hero(self) -> None:
        seat = self.viewer if self.viewer is not None else (self.obs["turn"] or 1) - 1
        p = self.obs["players"][seat]
        if p["hero_at"]:
            self.map.set_cursor(self._index(p["hero_at"]))

    def action_labels(self) -> None:
        self.labels = not self.labels
        self._draw_map()
        self.say(t("game.labels_on" if self.labels else "game.labels_off"))

    def action_command(self) -> None:
        box = self.query_one("#command", Input)
        box.add_class("-open")
        box.value = ""
        self.set_focus(box)  # now, not after the keys already queued (Widget.focus waits a turn)

    def _command_open(self) -> bool:
        try:
            return self.query_one("#command", Input).has_class("-open")
        except NoMatches:
            return False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        box = event.input
        text = event.value.strip()
        box.remove_class("-open")
        self.map.focus()
        self._last_step = None  # the step may have changed while the box was open
        self.command(text)

    def command(self, text: str) -> None:
        """A decision typed in notation; at a chance step ``roll M3 K1``
        forces the dice (tests, replaying a table game)."""
        text = text.strip()
        if not text:
            return
        if text.lower().startswith("roll") and self.decider == CHANCE:
            self.roll(text[4:].strip() or None)
        else:
            self.decide(text)

    def action_cancel(self) -> None:
        box = self.query_one("#command", Input)
        if box.has_class("-open"):
            box.remove_class("-open")
            self.map.focus()
            return
        if self.selected >= 0:
            self._select(-1)

    def action_help(self) -> None:
        self.app.action_help()

    # ------------------------------------------------------------ seats changing hands
    def changes_seats(self) -> bool:
        """Whether seats may go to bots and back here (a local game; not a
        campaign chapter, not a seat at an SSH host)."""
        return bool(getattr(self.session, "changes_seats", False))

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "seat_to_bot":
            return self.changes_seats()
        if action == "command":
            return getattr(self, "ready", False) and not self._command_open()  # ':' typed into the open box is text
        if action == "choose_here" and isinstance(self.focused, Input):
            # the box's own Enter: it comes after the keys typed before it, which a priority
            # binding would overtake (keys arriving in one packet, as over SSH)
            return None
        return True

    def idle_keys(self) -> frozenset[str]:
        """The actions whose keys would only answer with a refusal now: with
        bots alone playing, e, u, b, t, ⏎, : and Tab; while another person
        decides, ⏎, : and Tab too; at the beaches, e and h (no hero on
        the island yet). The footer leaves them out (:attr:`active_bindings`);
        the keys still answer as before, with their refusal. Worked out once per
        decision point (:meth:`hint_point`, and who bots play: seats change hands
        between decisions), not at every redraw and footer refresh: a hosted table
        redraws every screen at every decision made anywhere."""
        obs = getattr(self, "obs", None)
        if obs is None:
            return frozenset()
        point = (self.hint_point(), self._is_bot(self.decider), self._humans())
        kept = getattr(self, "_idle", None)
        if kept is not None and kept[0] == point:
            return kept[1]
        idle = self._idle_now(obs)
        self._idle = (point, idle)
        return idle

    def _idle_now(self, obs: dict) -> frozenset[str]:
        idle = set()
        if not self.legal or obs["step"] == Step.BEACH:  # no decision of this seat, or no phase to end
            idle.add("end")
        if self.viewer is None or self.session.undo_problem(self.viewer) is not None:
            idle.add("undo")
        if not self.hint_offered():
            idle.add("hint")
        if self.changes_seats() and (self.decider == TERMINAL or not self.session.humans()):
            idle.add("seat_to_bot")
        if getattr(self.session, "humans", None) and not self.session.humans() and self.decider != TERMINAL:
            idle.update(("choose_here", "command", "toggle_focus"))  # bots alone: ⏎, : and Tab only refuse
        d = self.decider
        if self.viewer is not None and d >= 0 and d != self.viewer and not self._is_bot(d):
            # another person decides (a seat at an SSH table waiting): ⏎, : and Tab only refuse
            idle.update(("choose_here", "command", "toggle_focus"))
        seat = self.viewer if self.viewer is not None else (obs["turn"] or 1) - 1
        if not obs["players"][seat]["hero_at"]:  # what action_hero looks at
            idle.add("hero")
        return frozenset(idle)

    def _seat_name(self, seat: int) -> str:
        return self.session.view(None)["players"][seat]["name"]

    def action_seat_to_bot(self) -> None:
        """A person gives their seat to a bot: which seat (the keyboard's
        first), then which bot."""
        if not self.changes_seats():
            return
        if self.decider == TERMINAL:
            self.say(t("game.no_decision"), error=True)
            return
        humans = self.session.humans()
        if not humans:
            self.say(t("bots.none_human"), error=True)
            return
        if self.viewer in humans:
            humans.remove(self.viewer)
            humans.insert(0, self.viewer)
        self._pick_seat(humans, t("bots.give_which"), self._seat_name, self._choose_bot)

    def _pick_seat(self, seats: list[int], title: str, label, then) -> None:
        """``then(seat)`` for the one seat of ``seats``, or for the seat chosen
        from a list (``label(seat)`` names each)."""
        if len(seats) == 1:
            then(seats[0])
            return
        from .choose import ChooseScreen

        def chosen(seat: str | None) -> None:
            if seat is not None:
                then(int(seat))

        items = [(str(s), label(s)) for s in seats]
        self.app.push_screen(ChooseScreen(title, items), callback=chosen)

    def _choose_bot(self, seat: int) -> None:
        """The levels, as the new game offers them (it offered Zufall, Heuristik and Suche
        here and the levels there); the seat gets the level's bot, as a new game's does."""
        from ...bots.registry import level_bot
        from .choose import ChooseScreen
        from .setup import level_choices

        def chosen(level: str | None) -> None:
            if level:
                self.give_to_bot(seat, level_bot(level) or level)

        items = [(lv, label) for label, lv in level_choices()]
        self.app.push_screen(ChooseScreen(t("bots.give_kind", name=self._seat_name(seat)), items), callback=chosen)

    def give_to_bot(self, seat: int, kind: str) -> None:
        """A bot of ``kind`` plays ``seat`` from now on; whoever held the
        keyboard for that seat lets go of it."""
        self.session.hand_to_bot(seat, kind)
        self.say(t("bots.given", name=self._seat_name(seat), kind=bot_words(kind)))
        if self.viewer == seat:
            self.viewer = None
            self._select(-1, draw=False)
            self._left = True
        self.refresh_bindings()
        if self._handing and self._handing_to == seat:
            from .handover import HandOver

            if isinstance(self.app.screen, HandOver):
                self.app.screen.dismiss(None)  # its callback goes on without that player
                return
        self.sync()

    def action_take_seat(self) -> None:
        """A person plays a bot's seat again: which seat, when several."""
        if not self.changes_seats():
            return
        seats = sorted(self.session.bots)
        if not seats:
            self.say(t("bots.none_bot"), error=True)
            return
        self._pick_seat(seats, t("bots.take_which"),
                        lambda s: f"{self._seat_name(s)} – {t('bots.kind', kind=bot_words(self.session.bots[s]))}",
                        self.take_seat)

    def take_seat(self, seat: int) -> None:
        """A person plays ``seat`` again from its next decision on; nothing
        is taken back. With nobody at the keyboard, the one who took the
        seat holds it now."""
        if not self.session.is_bot(seat):
            return
        self.session.take_back(seat)
        if self.viewer is None and not self._handing:
            self.viewer = seat
            self._left = False
            self._jump_to_own()
        self.refresh_bindings()
        self.sync()
        self.say(t("bots.taken", name=self._seat_name(seat)))

    def action_title(self) -> None:
        self.app.pop_to_title()

    # ------------------------------------------------------------ the menu, resigning, the result
    def action_menu(self) -> None:
        """The game's menu: go on, resign (asks first), take a bot's seat back (a local
        game), a kind of game's own entries (:meth:`menu_extra`), or to the title."""
        from .choose import ChooseScreen

        # a spectator at a hosted table: he has no seat to keep and plays nothing
        watching = getattr(self.app, "hosted", False) and getattr(self.session, "seat", 0) is None
        items = [("back", t("play.menu_back_watching" if watching else "play.menu_back"))]
        off: frozenset[str] = frozenset()
        if self.can_resign():
            why = self.session.explain("resign", self.viewer)
            if why:  # e.g. during a bot's turn or a combat: greyed, and says why
                items.append(("resign", f"{t('play.menu_resign')} — {self._engine_says(why)}"))
                off = frozenset({"resign"})
            else:
                items.append(("resign", t("play.menu_resign")))
        if self.changes_seats() and self.session.bots and self.decider != TERMINAL:
            # a seat handed to a bot (b) is taken back here as in the palette
            items.append(("take", t("bots.take") + " …"))
        extra = self.menu_extra()
        items += extra
        items.append(("title", t("play.menu_lobby_watching" if watching else "play.menu_lobby"
                                 if getattr(self.app, "hosted", False) else "play.menu_title_saved")))

        def chosen(what: str | None) -> None:
            # after the menu has gone: the title replaces every screen, the menu too
            if what == "resign":
                self.app.call_later(self.action_resign)
            elif what == "title":
                self.app.call_later(self.action_title)
            elif what == "take":
                self.app.call_later(self.action_take_seat)
            elif what in dict(extra):
                self.app.call_later(self.menu_extra_chosen, what)

        self.app.push_screen(ChooseScreen(t("play.menu_title"), items, off), callback=chosen)

    def menu_extra(self) -> list[tuple[str, str]]:
        """Entries a kind of game adds to its menu, before the way out (a hosted seat's invitations)."""
        return []

    def menu_extra_chosen(self, what: str) -> None:
        """One of :meth:`menu_extra`'s entries was chosen."""

    def can_resign(self) -> bool:
        """Whether someone at this keyboard plays a seat of a running game."""
        return self.viewer is not None and self.decider != TERMINAL and hasattr(self.session, "submit")

    def action_resign(self) -> None:
        """The seat at the keyboard resigns (R-RESIGN-1), after a question;
        the engine says when it may not (in a combat, another's turn)."""
        if not self.can_resign():
            self.say(t("game.illegal", why=self._not_yours()), error=True)
            return
        seat = self.viewer
        why = self.session.explain("resign", seat)
        if why:
            self.say(t("game.illegal", why=self._engine_says(why)), error=True)
            return
        from .choose import ChooseScreen

        name = self.obs["players"][seat]["name"]

        def chosen(what: str | None) -> None:
            if what == "yes" and self.viewer == seat and self.decide("resign"):
                self.say(t("play.resigned", name=name))

        items = [("no", t("play.resign_no")), ("yes", t("play.resign_yes", name=name))]
        self.app.push_screen(ChooseScreen(t("play.resign_title", name=name), items), callback=chosen)

    def action_result(self) -> None:
        """The result screen of a finished game."""
        if self.decider != TERMINAL:
            return
        from ..results import combats_won, game_of, table
        from .result import ResultScreen

        game = game_of(self.session)
        if getattr(self, "_won", None) is None and game is not None:
            self._won = combats_won(game)
        obs = self.session.view(self.viewer)
        rows = table(obs, getattr(self, "_won", None))

        def chosen(what: str | None) -> None:
            if what == "title":
                self.app.call_later(self.action_title)
            elif what == "replay":
                self.app.call_later(self.replay, game)

        self.app.push_screen(ResultScreen(obs, rows, game is not None), callback=chosen)

    def replay(self, game) -> None:
        """The finished game step by step, from its first decision."""
        from ..session import ReplaySession
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(ReplaySession(game)))

    def relocalize(self) -> None:
        localize_tree(self)
        for lg in self.query(GameLog):
            lg.reset()
        self.query_one("#command", Input).placeholder = t("game.command")
        self.redraw()
        self.hint_relocalize()
