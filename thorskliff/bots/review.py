"""A recorded game reviewed decision by decision (``thorskliff analyse
--budget N``, #30): what each decision cost against the best one at that
moment, and what the dice gave or took.

* **Decisions.** At every decision of the record that had at least two legal
  choices, the seat's choices are searched from what that seat could see
  (:func:`.chances.choices` on the public state, the chosen decision always
  among them): the chance after the decision made, the best alternative and
  its chance, and the loss in points (percentage points of the seat's win
  chance, never below 0). A step with one legal choice is no decision and is
  never judged.
* **Dice.** Every roll of the record moves each seat's estimated chance (the
  one estimator, :mod:`.estimator`, on what a spectator sees); those moves,
  summed per turn and seat, are the dice's share of the turn ("Würfelglück"),
  never a decision's.

A search has noise: each judged decision carries the half width of the 95 %
interval of its chance (``spread``); a loss within the two spreads is shown
as no loss (:attr:`Judged.significant`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.actions import fmt
from ..engine.state import GameState
from ..variants import parser_for
from . import chances
from .curve import _Recorded, estimate, public_text

#: the search's iterations per decision by default (a hint's budget)
BUDGET = chances.ITERATIONS
#: the end screen's budget (``ui.screens.result``): a quarter of a hint's, so the
#: review of a person's Duell is done in seconds in the background (docs/bots.md)
SCREEN_BUDGET = 100


class Stopped(Exception):
    """The caller's ``stop()`` turned true: the review was given up (a screen left)."""


@dataclass(frozen=True)
class Judged:
    """One decision with its alternatives' verdict (chances 0–1 for ``seat``)."""

    line: int  # the record line (0-based) of the decision
    round: int
    seat: int
    step: str
    chosen: str  # notation, a potion's kind hidden as the curve hides it
    chance: float
    chosen_spread: float
    best: str
    best_chance: float
    best_spread: float
    choices: int  # legal choices at that moment

    @property
    def loss(self) -> float:
        """Points of the seat's win chance the decision gave up (0: it was the best)."""
        return max(0.0, self.best_chance - self.chance) * 100

    @property
    def significant(self) -> bool:
        """The loss is larger than either chance's noise (the half width of its
        95 % interval): a search of this budget tells the two apart."""
        return self.loss > 100 * max(self.chosen_spread, self.best_spread)


@dataclass(frozen=True)
class Luck:
    """What the dice of one turn did to one seat's chance, in points."""

    round: int
    turn_of: int  # the seat whose turn it was
    seat: int
    points: float


@dataclass(frozen=True)
class Review:
    decisions: list[Judged]
    luck: list[Luck]

    def worst(self, top: int = 5, seats: set[int] | None = None) -> list[Judged]:
        """The costliest decisions the search tells apart from the best, worst first."""
        found = [j for j in self.decisions if j.significant and (seats is None or j.seat in seats)]
        return sorted(found, key=lambda j: (-j.loss, j.line))[:top]


def review(game: _Recorded, budget: int = BUDGET, seats: set[int] | None = None,
           progress: Callable[[int, int], None] | None = None,
           stop: Callable[[], bool] | None = None) -> Review:
    """Replay ``game`` from its setup and judge every decision of ``seats``
    (0-based; default every seat) with ``budget`` search iterations each;
    the dice's share of each turn for every seat. ``progress(done, total)``
    after each decision judged (of those with two or more legal choices).
    :class:`Stopped` as soon as ``stop()`` turns true (checked at every
    iteration of a search)."""
    lines = list(game.lines)
    asked = _asked(game, lines, seats)
    st = game.setup.build()
    judged: list[Judged] = []
    luck: dict[tuple[int, int, int], float] = {}
    done = 0
    if progress is not None:
        progress(0, len(asked))
    for i, line in enumerate(lines):
        col, _, text = line.partition(" ")
        if col == "*":
            before, turn = estimate(st), (st.round, st.seat)  # the turn the dice belong to, not the next
            st.apply_action(text, None)
            after = estimate(st)
            for q, (b, a) in enumerate(zip(before, after)):
                key = (*turn, q)
                luck[key] = luck.get(key, 0.0) + (a - b) * 100
        else:
            seat = int(col) - 1
            if i in asked:
                found = _judge(st, seat, text, i, budget, stop)
                if stop is not None and stop():
                    raise Stopped
                if found is not None:
                    judged.append(found)
                done += 1
                if progress is not None:
                    progress(done, len(asked))
            st.apply_action(text, seat)
    return Review(judged, [Luck(r, s, q, p) for (r, s, q), p in luck.items() if round(p) != 0])


def _asked(game: _Recorded, lines: list[str], seats: set[int] | None) -> set[int]:
    """The record lines (0-based) of the decisions to judge: ``seats``' with
    two or more legal choices (a replay without searches, so that progress
    can say how many there are before the first search)."""
    st = game.setup.build()
    out = set()
    for i, line in enumerate(lines):
        col, _, text = line.partition(" ")
        seat = None if col == "*" else int(col) - 1
        if seat is not None and (seats is None or seat in seats) and st.current_player() == seat \
                and len(st.legal_actions()) >= 2:
            out.add(i)
        st.apply_action(text, seat)
    return out


def _judge(st: GameState, seat: int, text: str, line: int, budget: int,
           stop: Callable[[], bool] | None = None) -> Judged | None:
    legal = st.legal_actions()
    if len(legal) < 2:
        return None
    chosen = parser_for(st)(text)
    if chosen not in legal:  # a record always holds legal decisions; said plainly if not
        raise ValueError(f"line {line + 1}: {text!r} is not legal there")
    got = chances.choices(st, seat, legal, n=len(legal), iterations=budget, stop=stop, also=chosen)
    if len(got) < 2:
        return None  # the search weighs one candidate only: nothing to compare
    mine = next((c for c in got if c.action == chosen), None)
    if mine is None:  # never searched (a potion put back): not judged
        return None
    best = got[0]
    return Judged(line, st.round, seat, str(st.step), public_text(text), mine.chance, mine.spread,
                  public_text(fmt(best.action)), best.chance, best.spread, len(legal))
