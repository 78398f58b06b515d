"""How a game turned: each seat's estimated win chance after every turn.

The estimate is the one estimator's (:mod:`.estimator`: the search bot's
static evaluation through the calibration map fitted to outcomes) — no search,
no rollouts — so a whole record is judged in
well under a second and always to the same figures. It is taken on what a
spectator may know (:func:`search.public_state`: face-down potions hidden),
so the curve shown in a replay or on a hosted game's end screen reveals no
seat's potions. An ended game is 1 for its winner and 0 for the others
(1/n each for a draw).

A *turn* is a run of record lines with the same (round, seat to move); a
decision's dice belong to the decision. The decision that moved a seat's
chance most within a turn is kept, so :func:`swings` can name it.

The decision that ends a turn also runs, in the same step of the engine, what
happens by itself at the next turn's start (R-TURN-1: a runestone's counter,
R-FAINT-5: a fainted hero standing up, R-AMBER-1: an amber taken on a beach, a
campaign's time card). The curve keeps these apart: a decision is judged by
the position right after it, the turn already handed over (the estimate knows
whose turn it is) but before the next turn's start; when that start moves the
chances, it is a point of its own (:data:`TURN_START`), so a swing it makes is
never credited to the decision before it ("Raghild: Held ablegen — Bera 48% →
92%" was Bera standing up).

So with the Gode's Heilen (R-GODE-3): the hero heals at the start of phase 3,
in the engine step of the decision that ended phase 2 (or 1). That decision is
judged without the healing; the healing is an entry of its own in the turn
(:data:`GODE_HEAL`), which the turn names when it moved a chance most.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from ..engine import events as E
from ..engine.actions import POTIONS
from ..engine.state import GameState
from . import estimator
from .search import HIDDEN

if TYPE_CHECKING:
    from ..game import Setup

#: how many turns :func:`swings` names by default
TOP = 3
#: a seat that exists in no game: public_state then hides every seat's potions
_SPECTATOR = -99
#: the ``step`` of a turn start's own entry (:class:`Decision`): no seat decided it
TURN_START = "turn_start"
#: the ``step`` of the Gode's healing's own entry in a turn (R-GODE-3): no seat decided it
GODE_HEAL = "gode_heal"
#: what a turn start may do that the curve names, the most telling first:
#: (event kind, what the name is of) — see :func:`_said`
AUTO_KINDS = ("won", "out", "stood_up", "took", "healed", "rune_count", "card", "troll")


class _Recorded(Protocol):  # a Game or a ReplaySession
    @property
    def setup(self) -> Setup: ...

    @property
    def lines(self) -> list[str]: ...


@dataclass(frozen=True)
class Decision:
    """One decision (with the dice that followed it) and the chances around it."""

    line: int  # 1-based index of the decision among the record's lines after the header
    seat: int  # 0-based seat that decided
    text: str  # the decision in notation, as everyone may read it (public_text)
    step: str  # the step it was taken at (words.decision says it in words)
    before: tuple[float, ...]
    after: tuple[float, ...]
    #: a turn start (``step`` :data:`TURN_START`, ``text`` empty, ``seat`` the
    #: seat whose turn began, ``line`` the line after which it began): what it
    #: did, as (event kind, name) pairs, the most telling first (:data:`AUTO_KINDS`)
    auto: tuple[tuple[str, str], ...] = ()
    #: how many legal choices the seat had (0 for a turn start or a healing): a step
    #: with one ("Ohne Eile weiter" without an Eiletrank) is no decision to judge (issue 30)
    choices: int = 0
    #: per seat, the part of ``after - before`` that the dice rolled after the decision
    #: brought (empty: none rolled): a swing of the dice is named as dice (issue 30)
    dice: tuple[float, ...] = ()

    def dice_share(self, seat: int) -> float:
        """What the dice after this decision did to ``seat``'s chance."""
        return self.dice[seat] if self.dice else 0.0

    @property
    def judged(self) -> bool:
        """Whether a swing may be credited to this entry: a turn start or a
        healing (named as such), or a decision that had an alternative."""
        return self.automatic or self.choices >= 2

    @property
    def automatic(self) -> bool:
        """Whether this is no decision but the engine's own steps: a turn's start
        or the Gode's healing."""
        return self.step in (TURN_START, GODE_HEAL)


@dataclass(frozen=True)
class TurnPoint:
    """The chances after a turn (``index`` 0: before the first decision)."""

    index: int
    round: int
    seat: int | None  # 0-based seat whose turn it was (or began, at a turn start); None for the start
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
    """Each seat's win chance in ``st`` as a spectator could estimate it
    (the one estimator, :mod:`.estimator`: calibrated)."""
    return estimator.estimate(st)


def win_chances(game: _Recorded) -> list[TurnPoint]:
    """The curve of a recorded game: a point at the start, after every turn
    and after every turn start that moved the chances (the module says why)."""
    st = game.setup.build()
    lines = list(game.lines)
    i = 0
    while i < len(lines) and lines[i].startswith("*"):  # the setup's own dice
        _apply(st, lines[i])
        i += 1
    now = estimate(st)
    n = st.num_players
    points = [TurnPoint(0, st.round, None, i, now, (None,) * n)]
    sink: list = []
    # per turn start: (round, seat, chances, events before, the position handed over)
    begun: list[tuple[int, int, tuple[float, ...], int, GameState]] = []
    own_hook = st.hooks.begin_turn

    def begins(s: GameState, seat: int) -> bool:
        if not begun:  # the line's first turn start: the position as the last decision left it
            handed = s.clone()
            handed.seat = seat  # whose turn it is counts (search: to_move)
            begun.append((s.round, seat, estimate(handed), len(sink), handed))
        return own_hook(s, seat) if own_hook is not None else False

    st.sink = sink  # this state is the curve's own: nobody else listens
    st.hooks = replace(st.hooks, begin_turn=begins)
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
        legal = len(st.legal_actions()) if col != "*" else 0
        sink.clear()
        begun.clear()
        _apply(st, lines[i])
        i += 1
        rolled = i < len(lines) and lines[i].startswith("*")
        mid = estimate(st) if rolled and not begun else None  # before the dice the decision asked for
        while i < len(lines) and lines[i].startswith("*"):
            _apply(st, lines[i])
            i += 1
        after = estimate(st)
        own = begun[0][2] if begun else after
        dice = tuple(o - m for o, m in zip(own, mid)) if mid is not None else ()
        entries = [Decision(first + 1, int(col) - 1, public_text(text), step, now, own, choices=legal, dice=dice)]
        heal = _gode_heal(sink[:begun[0][3]] if begun else sink)
        if heal is not None:  # the decision without it, then the healing
            seat, before = heal
            unhealed = (begun[0][4] if begun else st).clone()
            unhealed.players[seat].life = before
            mine = estimate(unhealed)
            entries = [replace(entries[0], after=mine),
                       Decision(first + 1, seat, "", GODE_HEAL, mine, own, (("healed", st.players[seat].hero),))]
        for d in entries:
            if not d.judged and not d.dice:
                continue  # one legal choice and no dice: nothing to credit (its dice are named as dice)
            for q in range(n):
                b = best[q]
                if b is None or abs(d.after[q] - d.before[q]) > abs(b.after[q] - b.before[q]):
                    best[q] = d
        now = own
        if begun and after != own:  # the next turn's start moved the chances: a point of its own
            rnd, seat, _, k, _ = begun[0]
            points.append(TurnPoint(len(points), turn[0], turn[1], i, own, tuple(best)))
            start = Decision(i, seat, "", TURN_START, own, after, _said(st, sink[k:]))
            points.append(TurnPoint(len(points), rnd, seat, i, after, (start,) * n))
            turn, best, now = None, [None] * n, after
    if turn is not None:
        points.append(TurnPoint(len(points), turn[0], turn[1], i, now, tuple(best)))
    return points


def _gode_heal(raw: list) -> tuple[int, int] | None:
    """The seat the Gode's Heilen healed among what the engine said (``raw``),
    with its life before; None when it healed nobody."""
    for said in raw:
        if said[0] is E.Healed:
            e = E.made(said)
            assert isinstance(e, E.Healed)
            if e.cause == "heilen":
                return e.seat, e.before
    return None


def _said(st: GameState, raw: list) -> tuple[tuple[str, str], ...]:
    """What a turn start did that the curve names (:data:`AUTO_KINDS`), as
    (kind, name): the seat's or hero's name, a runestone's count left. Only
    public fields are read (no potion is ever named)."""
    found = []
    for e in E.visible([E.made(r) for r in raw], None):
        if e.kind not in AUTO_KINDS or (isinstance(e, E.Took) and not e.auto) or (isinstance(e, E.Won) and e.seat is None):
            continue
        seat = getattr(e, "seat", None)  # the kinds named all have one (a won game's may be None)
        p = st.players[seat] if seat is not None and seat >= 0 else None
        if e.kind in ("stood_up", "healed"):
            name = p.hero if p else ""
        elif isinstance(e, E.RuneCounted):
            name = str(e.left)
        else:
            name = p.name if p else ""
        if (e.kind, name) not in found:
            found.append((e.kind, name))
    found.sort(key=lambda f: AUTO_KINDS.index(f[0]))
    return tuple(found)


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
