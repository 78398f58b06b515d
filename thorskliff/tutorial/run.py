"""A lesson played on: the learner's decisions go to the engine; the dice come
from the lesson's script (then from the game's seeded generator); the other
seats play the lesson's scripted lines, then its bot. After every line the
goal is checked (:mod:`.goals`): reached, the lesson is done; when the
learner's last allowed turn ends (or the game) without it, the lesson has
failed (the other seats' turns between the learner's are played out). Used alike by the app's lesson screen and ``thorskliff tutorial --verify``."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..engine.actions import ActionError
from ..engine.state import CHANCE
from ..game import Game
from .goals import reached, unmet
from .lesson import Lesson

if TYPE_CHECKING:
    from ..bots.base import Bot

PLAYING, DONE, FAILED = "playing", "done", "failed"
#: the other seats' decisions at most between two of the learner's (a bot that never ends its turn)
MAX_OTHERS = 400


class LessonRun:
    """One attempt at ``lesson``; :meth:`restart` begins it again ("Nochmal")."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.restart()

    def restart(self) -> None:
        from ..record import from_state

        les = self.lesson
        self.game: Game = from_state(les.state(), dict(les.position), auto_chance=False)
        self._dice = list(les.dice)
        self._others = list(les.others)
        self._bots: dict[int, Bot] = {}
        #: for each of the learner's decisions taken: whether it was the solution's at that point
        self._path: list[bool] = []
        self.turns_seen = 0  # the learner's turns begun (the one the lesson opens in counts)
        self._on_turn = self.game.state.seat == les.seat
        if self._on_turn:
            self.turns_seen = 1
        self.status = PLAYING
        self.refused: ActionError | None = None
        self._settle()

    # ------------------------------------------------------------------ reading
    @property
    def state(self):
        return self.game.state

    @property
    def taken(self) -> int:
        """The learner's decisions taken."""
        return len(self._path)

    @property
    def made(self) -> int:
        """The solution's decisions taken, in its order, before any other."""
        return next((i for i, ok in enumerate(self._path) if not ok), len(self._path))

    @property
    def off_path(self) -> bool:
        """The learner took a decision the solution does not take there (the
        lesson goes on: the goal may still be reached another way)."""
        return not all(self._path)

    @property
    def step(self):
        """The solution's step the coach speaks of now (the last one once past it)."""
        steps = self.lesson.steps
        return steps[min(self.made, len(steps) - 1)]

    def coach(self, lang: str = "de") -> str:
        """What the coach says now: the step's line, or the lesson's end."""
        les = self.lesson
        if self.status == DONE:
            return les.text("done", lang)
        if self.status == FAILED:
            return les.text("fail", lang)
        if self.off_path:
            from .lesson import general_text

            return general_text("off_path", lang) + " " + les.text(self.step.coach, lang)
        return les.text(self.step.coach, lang)

    def unmet(self) -> list[str]:
        return unmet(self.state, self.lesson.seat, self.lesson.goal)

    def learner_decides(self) -> bool:
        return self.status == PLAYING and self.state.current_player() == self.lesson.seat

    # ------------------------------------------------------------------ playing
    def decide(self, text: str) -> ActionError | None:
        """The learner's decision; the engine's refusal (nothing changes then), or None."""
        self.refused = None
        if not self.learner_decides():
            return None
        sol = self.lesson.solution
        try:
            st = self.state
            on_path = not self.off_path and self.made < len(sol) and \
                st.parse_action(text) == st.parse_action(sol[self.made])
        except ActionError as exc:  # no decision at all (notation)
            self.refused = exc
            return exc
        try:
            self.game.submit(text, seat=self.lesson.seat)
        except ActionError as exc:
            self.refused = exc
            return exc
        self._path.append(on_path)
        self._settle()
        return None

    def undo(self) -> str:
        """Take back the learner's last decision of this turn (as a game's undo:
        never across a roll or another seat's decision; raises the refusal)."""
        line = self.game.undo(self.lesson.seat)
        if self._path:
            self._path.pop()
        return line

    def play(self, lines: Iterable[str]) -> str:
        """Play the learner's ``lines`` until the lesson ends; its status. A
        refused line stops (status stays PLAYING, :attr:`refused` says why)."""
        for line in lines:
            if self.status != PLAYING:
                break
            if self.decide(line) is not None:
                break
        return self.status

    def _settle(self) -> None:
        """Dice and the other seats until the learner decides or the lesson ends."""
        les = self.lesson
        moved = 0
        while True:
            st = self.state
            self._count_turn()
            # a goal counts outside a combat only: a hex is held once the combat is over
            if st.combat is None and reached(st, les.seat, les.goal):
                self.status = DONE
                return
            if st.is_terminal() or (not self._on_turn and self.turns_seen >= les.turns):
                self.status = FAILED
                return
            who = st.current_player()
            if who == les.seat:
                return
            moved += 1
            if moved > MAX_OTHERS:
                self.status = FAILED
                return
            if who == CHANCE:
                self._roll()
            else:
                self._other(who)

    def _count_turn(self) -> None:
        on = self.state.seat == self.lesson.seat and not self.state.is_terminal()
        if on and not self._on_turn:
            self.turns_seen += 1
        self._on_turn = on

    def _roll(self) -> None:
        st = self.state
        # the first scripted roll of the dice asked for (a wrong try may roll other dice:
        # those come from the game's seeded generator, as in any game)
        want = st.chance_request()
        for i, d in enumerate(self._dice):
            if tuple(w[0] for w in d.split()) == want:
                self.game.submit("roll " + self._dice.pop(i))
                return
        self.game.submit(st.sample_chance())

    def _other(self, seat: int) -> None:
        if self._others and int(self._others[0].split(" ", 1)[0]) - 1 == seat:
            self.game.submit(self._others.pop(0).split(" ", 1)[1], seat=seat)
            return
        from ..bots.registry import make_bot

        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(self.lesson.bot)
        st = self.state
        legal = st.legal_actions()
        rng = random.Random(st.seed * 1000 + st.decisions)
        self.game.submit(bot.choose(st.observation(seat), legal, rng), seat=seat)


def verify(lesson: Lesson) -> list[str]:
    """What is wrong with ``lesson``'s stored solution and wrong try (English
    lines; empty when the solution reaches the goal and the wrong try does not)."""
    out = []
    run = LessonRun(lesson)
    got = run.play(lesson.solution)
    if run.refused is not None:
        out.append(f"the solution's decision {lesson.solution[run.taken]!r} is refused: {run.refused.say('en')}")
    elif got != DONE:
        out.append(f"the solution does not reach the goal ({', '.join(run.unmet())} not met)")
    elif run.taken != len(lesson.solution):
        out.append(f"the goal is reached after {run.taken} of the solution's {len(lesson.solution)} decisions")
    run = LessonRun(lesson)
    got = run.play(lesson.wrong)
    if got == DONE:
        out.append("the wrong try reaches the goal")
    elif got == PLAYING and run.refused is None:
        out.append("the wrong try does not end the lesson (the coach would not say why)")
    elif run.refused is not None:
        out.append(f"the wrong try's decision {lesson.wrong[run.taken]!r} is refused: {run.refused.say('en')}")
    return out
