"""A saved game step by step: the same board, tableaus and log, moved with
n/p (or PageDown/PageUp), Home and End; under the step, each seat's win
chance over the game (``ui.curveview``) with the step shown marked, and what
moved the chances most in the turn shown. s jumps to the next big swing."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from ...bots.curve import Swing, swings, turn_swings, win_chances
from ...engine.actions import ActionError
from ..curveview import chart, marks_legend, point_at, swing_line
from ..i18n import t
from ..keys import localize
from .game import GameScreen


class ReplayScreen(GameScreen):
    # ← → step (over the island's cursor keys: priority); ↑ ↓ still move the cursor
    BINDINGS = [
        # a step is "Schritt vor/zurück": "← Zurück" stood beside "esc Zurück" (leaving the replay)
        Binding("right", "step(1)", "key.step_next", priority=True),
        Binding("left", "step(-1)", "key.step_prev", priority=True),
        Binding("n,pagedown,period", "step(1)", "key.step_next", show=False),
        Binding("p,pageup,comma", "step(-1)", "key.step_prev", show=False),
        Binding("home", "seek(0)", "key.first"),
        Binding("end", "seek(-1)", "key.step_last"),
        Binding("s", "swing", "curve.next_swing"),
        Binding("escape,q", "title", "key.back"),
    ]
    RESULT = False
    # a replay has no decisions to list: their box (an empty "Entscheidungen (Tab)" frame)
    # is left out, and its rows go to the curve
    # a small window: the curve and its swing line need the rows the cursor hex's name took
    # (a swing of three lines was cut by the footer at 80x24)
    DEFAULT_CSS = "ReplayScreen #decisions { display: none; } ReplayScreen.-compact #hexinfo { display: none; }"

    #: below 100 columns the footer was cut ("… s Wendung Pos1 Anf▏"): Home and End leave it,
    #: and a line under the step names them (the footer's other keys still fit whole)
    NARROW_HIDDEN = GameScreen.NARROW_HIDDEN + ("seek",)

    def __init__(self, session, **kw):
        super().__init__(session, handover=False, **kw)
        localize(self)
        # a whole record takes well under 0.1 s: computed once, here
        try:
            self.points = win_chances(session)
        except ActionError:  # a game set up by hand (a test's position) that its setup cannot rebuild
            self.points = []
        self.swings = swings(self.points)
        self.moved: list[Swing | None] = [None, *turn_swings(self.points)]
        #: the curve point s jumped to: a turn ended by the line that also began the next turn, whose
        #: start moved the chances, shares its step with that start's point (bots.curve.TURN_START)
        self.shown: int | None = None

    #: the keys that do something here: the replay's own, and the island's help, hero and
    #: labels; the game's (e, u, Tab, :, b, t, Enter) decide nothing in a replay and the
    #: footer listed them
    WORKS = frozenset({"step", "seek", "swing", "title", "help", "hero", "labels"})

    def check_action(self, action: str, parameters) -> bool | None:
        return action in self.WORKS

    def on_resize(self, event) -> None:
        super().on_resize(event)
        if getattr(self, "ready", False):  # the curve is drawn to the side panel's width
            self.call_after_refresh(self._prompt)

    def action_swing(self) -> None:
        """To the end of the next of the biggest swings' turns (after the last, the first)."""
        ends = sorted((self.points[sw.point].lines, sw.point) for sw in self.swings)
        if ends:
            k, self.shown = next((e for e in ends if e > (self.session.at, self._at())), ends[0])
            self.session.seek(k)
            self.redraw()

    def action_step(self, d: int) -> None:
        self.shown = None
        self.session.seek(self.session.at + d)
        self.redraw()

    def action_seek(self, k: int) -> None:
        self.shown = None
        self.session.seek(self.session.total if k < 0 else k)
        self.redraw()

    def _at(self) -> int:
        """The curve point of the step shown (the one s jumped to, at its step)."""
        if self.shown is not None and self.points[self.shown].lines == self.session.at:
            return self.shown
        return point_at(self.points, self.session.at)

    def _prompt(self) -> None:
        s = self.session
        curve = len(self.points) > 1
        text = Text(t("game.replay", n=s.at, total=s.total), style="bold")
        if not curve or self.size.height >= 30:  # short: the footer's ← → say it, the curve needs the rows
            text.append("\n" + t("game.replay_hint"))
        elif self.size.width < 100:  # the footer leaves Home and End out (NARROW_HIDDEN)
            text.append("\n" + t("game.replay_ends"))
        if curve:
            title = t("curve.replay_marked", marks=marks_legend(len(self.swings))) if self.swings \
                else t("curve.replay_title")
            text.append("\n" + title + "\n", style="bold")
            seats = [(p.name, p.colour) for p in s.states[0].players]
            at = self._at()
            width = self.query_one("#prompt").size.width or 40
            text.append_text(chart(self.points, seats, width, at=at, marks=[sw.point for sw in self.swings]))
            moved = self.moved[at]
            if moved is not None:
                text.append("\n" + swing_line(moved, seats), style="")
        self.query_one("#prompt", Static).update(text)

    def decision_items(self):
        return []

    def _overlay(self) -> None:
        pass
