"""Hints on the game screen (a mixin of :class:`~.game.GameScreen`): the key
``t`` (Tipp) or the command palette asks the search for the three best
decisions of the person deciding now, with their chances to win
(:func:`thorskliff.bots.chances.choices`: calibrated by the one estimator,
each with its uncertainty).

- Only what that seat may see: the session hands out a public copy of the
  game (``session.hint_state(seat)``: other seats' potion kinds, the
  supply's kinds and the dice seed removed) and the search starts from it.
- Off the UI thread: a thread worker searches, posting its progress to a
  bar; the keys answer meanwhile.
- Never stale: a hint belongs to its decision point (the record's length,
  the step, the viewer and the decider). A new request cancels the search
  running; a decision made, undone or handed over hides the hint and
  cancels its search, and a late answer for another point is dropped.
- In the combat dialog too: its key ``t`` asks the game screen, and the
  hint is drawn in the dialog's own panel as well (:meth:`Hints._hint_panels`).
- Not for spectators, a bot's seat or a person who does not decide now,
  and off at an SSH host unless it was started with ``serve --hints``
  (``session.hints``); the screen says why.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual.containers import Vertical
from textual.message import Message
from textual.css.query import NoMatches
from textual.widgets import Static
from textual.worker import Worker, get_current_worker

if TYPE_CHECKING:
    from textual.widgets import ProgressBar

from .. import words
from ..i18n import t
from .gameparts import GameParts


def hint_pct(q: float) -> str:
    """A chance in whole percent; never "0" or "100" while the game is open
    (the estimate is never certain): "<1", ">99"."""
    if q < 0.005:
        return "<1"
    if q > 0.995:
        return ">99"
    return str(round(100 * q))


class HintProgress(Message):
    def __init__(self, point: tuple, done: int) -> None:
        super().__init__()
        self.point = point
        self.done = done


class HintReady(Message):
    """``got`` the (decision, chance) pairs, ``done`` the iterations run;
    ``error`` what went wrong instead."""

    def __init__(self, point: tuple, got: list, done: int, error: str | None = None) -> None:
        super().__init__()
        self.point = point
        self.got = got
        self.done = done
        self.error = error


class HintPanel(Vertical):
    """The hint under the prompt: while searching, a line and a bar; then
    the three decisions. Hidden while there is none."""

    DEFAULT_CSS = """
    HintPanel { height: auto; display: none; border-top: solid $panel-lighten-2; }
    HintPanel.-shown { display: block; }
    HintPanel ProgressBar { display: none; }
    HintPanel.-working ProgressBar { display: block; }
    """

    def compose(self):
        yield Static(id="hint-text")

    def bar(self) -> ProgressBar:
        """The search's progress bar, made at the first hint: Textual's
        ProgressBar module cost ~2 ms of the game's first frame (#28)."""
        from textual.widgets import ProgressBar

        try:
            return self.query_one("#hint-bar", ProgressBar)
        except NoMatches:
            bar = ProgressBar(total=Hints.HINT_ITERATIONS, show_eta=False, id="hint-bar")
            self.mount(bar)
            return bar


class Hints(GameParts):
    """Mixin state: the decision point of the hint shown or searched, the
    worker, what it found."""

    #: the search's budget per hint (the same hint on every machine, tests/test_chances.py);
    #: chances.ITERATIONS, written out so that the game's first frame need not import the
    #: search (tests/test_start_imports.py pins the two equal)
    HINT_ITERATIONS = 400
    #: seconds after which the search stops and ranks what it has (a loaded machine);
    #: None: always the whole budget
    HINT_SECONDS: float | None = 1.5
    #: seconds between two updates of the progress bar (at every 10 iterations the
    #: repaints took a fifth of the search's time)
    HINT_REPAINT = 0.1

    def _init_hints(self) -> None:
        self._hint_point: tuple | None = None
        self._hint_worker: Worker[None] | None = None
        self._hint_found: tuple[list, int] | None = None

    # ------------------------------------------------------------ when a hint is offered
    def hint_point(self) -> tuple:
        """The decision point a hint answers (not the cursor nor a selection)."""
        return (self._lines, self.obs["step"], self.viewer, self.decider)

    def hint_refusal(self) -> str | None:
        """Why there is no hint now (said to the player), or None."""
        d = self.decider
        if self.viewer is None:
            return t("hint.spectator")
        if self._is_bot(d):
            return t("hint.bot", name=self.obs["players"][d]["name"])
        if d != self.viewer or not self.legal:
            return t("hint.not_now")
        if not getattr(self.session, "hints", False) or not hasattr(self.session, "hint_state"):
            return t("hint.host_off")
        return None

    def hint_offered(self) -> bool:
        """For the command palette: a person decides now (a host's refusal
        is offered too, so that the player learns it is off)."""
        return self.viewer is not None and self.decider == self.viewer and bool(self.legal) \
            and not self._is_bot(self.decider)

    def _hint_panels(self) -> list[HintPanel]:
        """Where the hint is drawn: the game screen's panel, and the combat
        dialog's while one is open above it."""
        panels = list(self.query(HintPanel))
        combat = getattr(self, "_combat", None)
        if combat is not None and combat.is_attached:
            panels += combat.query(HintPanel)
        return panels

    # ------------------------------------------------------------ asking
    def action_hint(self) -> None:
        why = self.hint_refusal()
        if why:
            self.say(why, error=True)
            return
        self._hint_cancel()
        point = self.hint_point()
        self._hint_point = point
        seat = self.viewer
        if seat is None:  # never: hint_refusal refuses a spectator
            return
        pub = self.session.hint_state(seat)  # on the UI thread: a copy the game's changes cannot touch
        for panel in self._hint_panels():
            panel.bar().update(total=self.HINT_ITERATIONS, progress=0)
            panel.query_one("#hint-text", Static).update(Text(t("hint.working", name=self._seat_label(seat)),
                                                              style="italic"))
            panel.set_classes("-shown -working")
        self._hint_worker = self.run_worker(lambda: self._hint_search(pub, seat, point), thread=True,
                                            group="hint", exclusive=True, exit_on_error=False)

    def _seat_label(self, seat: int) -> str:
        return self.obs["players"][seat]["name"]

    def _hint_search(self, pub, seat: int, point: tuple) -> None:
        """In the worker's thread: the search, its progress posted to the
        screen (post_message is thread-safe and does not wait)."""
        worker = get_current_worker()
        cap = self.HINT_SECONDS
        deadline = time.monotonic() + cap if cap else None
        span = cap or 1.0
        done = [0]
        shown = [0.0]

        def progress(n: int, total: int) -> None:
            done[0] = n
            now = time.monotonic()
            if now - shown[0] >= self.HINT_REPAINT:  # each repaint of the bar costs the search time
                shown[0] = now
                # the bar says how long is left: on a slow machine the time cap comes first
                at = n if deadline is None else max(n, int(total * (1 - (deadline - now) / span)))
                self.post_message(HintProgress(point, min(at, total)))

        def stop() -> bool:
            return worker.is_cancelled or (deadline is not None and time.monotonic() >= deadline)

        from ...bots import chances  # the search, imported at the first hint, not at the game's start

        try:
            got = chances.choices(pub, seat, n=3, iterations=self.HINT_ITERATIONS, progress=progress,
                                      stop=stop)
        except Exception as exc:  # a bug in the search must not take the game down: the hint says so
            self.post_message(HintReady(point, [], 0, repr(exc)))
            return
        if not worker.is_cancelled:
            self.post_message(HintReady(point, got, max(done[0], 1)))

    def on_hint_progress(self, msg: HintProgress) -> None:
        if msg.point == self._hint_point and self._hint_found is None:
            for panel in self._hint_panels():
                panel.bar().update(progress=msg.done)

    def on_hint_ready(self, msg: HintReady) -> None:
        if msg.point != self._hint_point or msg.point != self.hint_point():
            return  # an answer to a decision point that is gone
        self._hint_worker = None
        if msg.error:
            self._hint_hide()
            self.say(t("hint.failed", why=msg.error), error=True)
            return
        self._hint_found = (msg.got, msg.done)
        self._hint_show()

    # ------------------------------------------------------------ showing
    def hint_lines(self) -> list[str]:
        """The hint in words: a title, one line per decision, how it was found."""
        from ...bots import chances  # loaded by the search that found the hint

        if self._hint_found is None or self._hint_point is None:  # never: shown once found
            return [t("hint.nothing")]
        got, done = self._hint_found
        if not got:
            return [t("hint.nothing")]
        out = [t("hint.title", name=self._seat_label(self._hint_point[2]))]
        for n, c in enumerate(got, 1):
            action, q = (c.action, c.chance) if isinstance(c, chances.Choice) else c
            spread = round(100 * c.spread) if isinstance(c, chances.Choice) else 0
            out.append(t("hint.line", n=n, what=self._hint_words(action), pct=hint_pct(q), spread=max(1, spread)))
        if all((c.chance if isinstance(c, chances.Choice) else c[1]) < 0.005 for c in got):
            out.append(t("hint.nearly_lost"))  # no "0 %" thrice without saying what it means
        out.append(t("hint.basis", n=done) if done >= self.HINT_ITERATIONS
                   else t("hint.basis_cut", n=done, total=self.HINT_ITERATIONS))
        return out

    def _hint_words(self, action) -> str:
        """A decision as the decision list names it (the same words the player chooses from)."""
        text = next((s for s, a in self.legal if a == action), str(action))
        for d, prompt, _ in self._decision_items():
            if d == text:
                return prompt.plain if isinstance(prompt, Text) else str(prompt)
        return words.decision(text, self.obs["step"], self.obs)

    def _hint_show(self) -> None:
        lines = self.hint_lines()
        body = Text(lines[0], style="bold")
        for line in lines[1:-1]:
            body.append("\n" + line)
        body.append("\n" + lines[-1], style="dim italic")
        for panel in self._hint_panels():
            panel.query_one("#hint-text", Static).update(body)
            panel.set_classes("-shown")

    def _hint_hide(self) -> None:
        try:
            for panel in self._hint_panels():
                panel.set_classes("")
        except Exception:  # the screen is being built or taken down: nothing shown
            pass

    def _hint_cancel(self) -> None:
        if self._hint_worker is not None:
            self._hint_worker.cancel()
        self._hint_worker = None
        self._hint_point = None
        self._hint_found = None

    def hint_follow(self) -> None:
        """After every redraw: a hint for another decision point goes."""
        if self._hint_point is not None and self._hint_point != self.hint_point():
            self._hint_cancel()
            self._hint_hide()

    def hint_relocalize(self) -> None:
        """After a language switch: the hint shown in the new language."""
        if self._hint_found is not None:
            self._hint_show()
        elif self._hint_point is not None:
            for panel in self._hint_panels():
                panel.query_one("#hint-text", Static).update(
                    Text(t("hint.working", name=self._seat_label(self._hint_point[2])), style="italic"))
