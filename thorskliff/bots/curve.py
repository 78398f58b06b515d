"""How a game turned: each seat's estimated win chance after every turn.

The estimate is the search bot's static evaluation (:func:`search.evaluate`)
of the position — no search, no rollouts — so a whole record is judged in
well under a second and always to the same figures. It is taken on what a
spectator may know (:func:`search.public_state`: face-down potions hidden),
so the curve shown in a replay or on a hosted game's end screen reveals no
seat's potions. An ended game is 1 for its winner and 0 for the others
(1/n each for a draw).

A *turn* is a run of record lines with the same (round, seat to move); a
decision's dice belong to the decision. The decision that moved a seat's
chance most within a turn is kept, so :func:`swings` can name it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..engine.actions import POTIONS
from ..engine.state import GameState
from .search import HIDDEN, evaluate, public_state

#: how many turns :func:`swings` names by default
TOP = 3
#: a seat that exists in no game: public_state then hides every seat's potions
_SPECTATOR = -99


class _Recorded(Protocol):  # a Game or a ReplaySession
    setup: object
    lines: list[str]


@dataclass(frozen=True)
class Decision:
    """One decision (with the dice that followed it) and the chances around it."""

    line: int  # 1-based index of the decision among the record's lines after the header
    seat: int  # 0-based seat that decided
    text: str  # the decision in notation, as everyone may read it (public_text)
    step: str  # the step it was taken at (words.decision says it in words)
    before: tuple[float, ...]
    after: tuple[float, ...]


@dataclass(frozen=True)
class TurnPoint:
    """The chances after a turn (``index`` 0: before the first decision)."""

    index: int
    round: int
    seat: int | None  # 0-based seat whose turn it was; None for the start
    lines: int  # record lines (after the header) played up to this point
    chances: tuple[float, ...]
    #: per seat: the decision of this turn that moved that seat's chance most
    moved_by: tuple[Decision | None, ...] = ()


@dataclass(frozen=True)
class Swing:
    """A turn in which ``seat``'s chance moved from ``before`` to ``after``."""

    point: int  # index of the TurnPoint
    round: int
    seat: int
    before: float
    after: float
    decision: Decision

    @property
    def delta(self) -> float:
        return self.after - self.before


#: the verbs whose potion kind only the acting seat sees (R-SECRET-1): a potion bought
#: (not drunk at once: ``buy heil!``), put back, taken as the runestone's gift, chosen on a card
SECRET_VERBS = ("buy", "discard", "gift", "choose")


def public_text(text: str) -> str:
    """A decision in notation as every seat and a spectator may read it: the
    kind of a potion only its holder knows is ``?`` (R-SECRET-1). The curve
    names its decisions to everyone (the replay's "what moved the chances",
    the end screen's swings): the replay of a recorded Episch game said
    "Runde 14, …: Heiltrank kaufen", and a chapter's "Eiletrank" chosen on a card."""
    verb, _, arg = text.partition(" ")
    if verb in SECRET_VERBS and arg in POTIONS:
        return f"{verb} {HIDDEN}"
    return text


def estimate(st: GameState) -> tuple[float, ...]:
    """Each seat's win chance in ``st`` as a spectator could estimate it."""
    pub = st if st.is_terminal() else public_state(st, _SPECTATOR)
    return tuple(evaluate(pub))


def win_chances(game: _Recorded) -> list[TurnPoint]:
    """The curve of a recorded game: a point at the start and after every turn."""
    st = game.setup.build()
    lines = list(game.lines)
    i = 0
    while i < len(lines) and lines[i].startswith("*"):  # the setup's own dice
        _apply(st, lines[i])
        i += 1
    now = estimate(st)
    n = st.num_players
    points = [TurnPoint(0, st.round, None, i, now, (None,) * n)]
    turn: tuple[int, int] | None = None
    best: list[Decision | None] = [None] * n
    while i < len(lines):
        key = (st.round, st.seat)
        if turn is not None and key != turn:
            points.append(TurnPoint(len(points), turn[0], turn[1], i, now, tuple(best)))
            best = [None] * n
        turn = key
        col, _, text = lines[i].partition(" ")
        step, first = str(st.step), i
        _apply(st, lines[i])
        i += 1
        while i < len(lines) and lines[i].startswith("*"):
            _apply(st, lines[i])
            i += 1
        after = estimate(st)
        d = Decision(first + 1, int(col) - 1, public_text(text), step, now, after)
        for q in range(n):
            if best[q] is None or abs(after[q] - now[q]) > abs(best[q].after[q] - best[q].before[q]):
                best[q] = d
        now = after
    if turn is not None:
        points.append(TurnPoint(len(points), turn[0], turn[1], i, now, tuple(best)))
    return points


def turn_swings(points: list[TurnPoint]) -> list[Swing | None]:
    """Per point after the start: the seat whose chance that turn moved most
    (ties: the seat to move, then the first) and the decision that moved it."""
    out: list[Swing | None] = []
    for prev, p in zip(points, points[1:]):
        n = len(p.chances)
        seat = max(range(n), key=lambda q: (round(abs(p.chances[q] - prev.chances[q]), 12), q == p.seat, -q))
        d = p.moved_by[seat]
        if d is None or p.chances[seat] == prev.chances[seat]:
            out.append(None)  # nothing moved
        else:
            out.append(Swing(p.index, p.round, seat, prev.chances[seat], p.chances[seat], d))
    return out


def swings(points: list[TurnPoint], top: int = TOP) -> list[Swing]:
    """The ``top`` turns in which one seat's chance moved most (largest
    first, ties: the earlier turn); a turn counts once."""
    found = [s for s in turn_swings(points) if s is not None]
    found.sort(key=lambda s: (-round(abs(s.delta), 12), s.point))
    return found[:top]


def _apply(st: GameState, line: str) -> None:
    col, _, rest = line.partition(" ")
    st.apply_action(rest, None if col == "*" else int(col) - 1)
