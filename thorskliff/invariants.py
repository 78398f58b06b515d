"""The invariants of a game state, checked in one place.

The random-play tests (tests/test_random_play.py) assert them after every
decision; :func:`thorskliff.position.from_position` checks a loaded position
with them, so that every position that loads can be played on. What needs
the game's history (whether a turn has just begun) or concerns views (the
secret potions) stays with the tests.

Each check raises :class:`Inconsistent` (an AssertionError, so that pytest
shows it as a failed assertion) saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable

from .engine.actions import fmt
from .variants import parser_for
from .engine.player import AWAKE, LYING
from .engine.fields import AMBERS, POTION_SUPPLY
from .engine.state import CHANCE, TERMINAL, GameState

POTIONS_TOTAL = sum(POTION_SUPPLY.values())  # 22
WARRIORS = 10  # per colour


class Inconsistent(AssertionError):
    """A state no game can reach: the message says which invariant broke."""


def need(cond: bool, problem: str) -> None:
    if not cond:
        raise Inconsistent(problem)


def check_players(st: GameState) -> None:
    campaign = getattr(st, "chapter", None) is not None
    for p in st.players:
        seat = p.seat + 1
        need(0 <= p.life <= p.max_life, f"seat {seat}: life {p.life} of {p.max_life}")
        need(p.taler >= 0, f"seat {seat}: {p.taler} Taler")
        need(len(p.potions) <= 3, f"seat {seat} holds {len(p.potions)} potions")
        need(type(p.amber) is bool, f"seat {seat}: amber {p.amber!r}")
        on_board = sum(st.wc[p.seat])
        total = on_board + p.supply + sum(p.track)
        need(min(st.wc[p.seat]) >= 0 and p.supply >= 0 and min(p.track, default=0) >= 0,
             f"seat {seat}: negative warriors")
        if p.out:
            need(total <= WARRIORS and on_board == 0 and p.hero_at < 0 and p.gode_at < 0,
                 f"seat {seat} is out of the game but has units on the board")
        elif campaign:  # a chapter brings warriors out of the box as it goes (R-CAMP-3)
            need(total <= WARRIORS, f"seat {seat}: {total} warriors, a colour has {WARRIORS}")
        else:
            need(total == WARRIORS, f"seat {seat}: {on_board} warriors on the board + {p.supply} in the supply "
                                    f"+ {sum(p.track)} on the track, not {WARRIORS}")
        if p.faint != AWAKE:
            need(p.hero_at < 0, f"seat {seat}: fainted ({p.faint}) but on {st.island.label(p.hero_at)}")
            need(not p.amber, f"seat {seat}: a fainted hero carries an amber")
        elif not p.out and st.round >= 1:
            need(p.hero_at >= 0, f"seat {seat}: an awake hero not on the board")
            need(p.life >= 1, f"seat {seat}: awake with life 0")
        if p.faint == LYING:
            need(st.lying.get(p.lying_at) == p.seat, f"seat {seat}: lying at {p.lying_at}, which says otherwise")


def check_conservation(st: GameState) -> None:
    carried = sum(p.amber for p in st.players)
    lying = sum(st.amber_at.values())
    delivered = sum(p.delivered for p in st.players)
    rune = 1 if st.rune else 0
    need(min(st.amber_at.values(), default=1) > 0 and st.amber_supply >= 0, "a negative count of ambers")
    need(st.amber_supply + carried + lying + delivered + rune == AMBERS,
         f"ambers: supply {st.amber_supply} + carried {carried} + lying {lying} + delivered {delivered} "
         f"+ runestone {rune}, not {AMBERS}")
    held = sum(len(p.potions) for p in st.players)
    need(min(st.potion_supply.values()) >= 0, f"potion supply {st.potion_supply}")
    need(sum(st.potion_supply.values()) + held == POTIONS_TOTAL,
         f"potions: supply {sum(st.potion_supply.values())} + held {held}, not {POTIONS_TOTAL}")
    for kind, n in POTION_SUPPLY.items():
        have = st.potion_supply[kind] + sum(1 for p in st.players for k, _ in p.potions if k == kind)
        need(have == n, f"{kind}: {have} cards, not {n}")


def check_decision_point(st: GameState) -> None:
    """The step fits the state: setup (choosing beaches) is round 0, a
    combat step has a combat, a game over has a result."""
    need((st.round == 0) == (st.step == "beach"), f"step {st.step!r} in round {st.round}")
    need(not st.step.startswith("c:") or st.combat is not None, f"step {st.step!r} without a combat")
    need((st.step == "over") == (st.outcome() is not None), f"step {st.step!r} but the game "
         + ("is over" if st.outcome() is not None else "has no result"))


def check_meetings(st: GameState) -> None:
    """Two owners share a hex only where the seat on turn has moved in
    this turn (R-MOVE-3: a step onto an enemy stops there, for the fight
    of phase 2): its warriors there are those it moved, no third owner
    stands there, and outside the fight a meeting waits for phase 2."""
    if st.round < 1 or st.result is not None:
        return
    seat = st.seat
    lab = st.island.label
    c = st.combat
    for h in range(st.island.size):
        owners = [q for q in range(st.num_players) if st.units_of(q, h)]
        if len(owners) + st.troll[h] < 2:
            continue
        need(len(owners) + st.troll[h] == 2 and (seat in owners), f"{lab(h)}: units of "
             + " and ".join([f"seat {q + 1}" for q in owners] + ["a troll"] * st.troll[h])
             + f" meet, though seat {seat + 1} has the turn")
        if c is not None and c.hex == h:
            continue
        need(st.step in ("move", "combat") or st.step.startswith("c:") or bool(st.pending),
             f"{lab(h)}: a meeting of seat {seat + 1} with an enemy left unfought in step {st.step!r}")
        moved = sum(1 for m in st.moved if m[0] == h)
        need(st.wc[seat][h] == moved, f"{lab(h)}: seat {seat + 1} has {st.wc[seat][h]} warriors there "
             f"with an enemy, but moved {moved} there this turn")
    if c is None and st.step not in ("move", "combat"):
        return
    p = st.players[seat]
    for code, at, prev in (("H", p.hero_at, st.hero_prev), ("G", p.gode_at, st.gode_prev)):
        # it stepped in: the hex one back (its retreat, R-MOVE-4) is known, beside it (a chapter sails further)
        if at >= 0 and st.enemy_at(at, seat):
            need(prev >= 0 and (at in st.island.neighbours[prev] or getattr(st, "chapter", None) is not None),
                 f"{lab(at)}: seat {seat + 1}'s {code} stands with an enemy but did not step there this turn")


def check_combat_units(st: GameState) -> None:
    """A combat's units not yet defeated stand on its hex: its warriors
    are each side's warriors there, a hero or Gode listed stands there."""
    c = st.combat
    if c is None:
        return
    lab = st.island.label
    for q, units in ((c.att, c.att_units), (c.dfn, c.def_units)):
        if not 0 <= q < st.num_players:
            continue  # a troll defends
        fit = sum(1 for u in units if u[0] == "W" and len(u) == 2)
        need(fit == st.wc[q][c.hex], f"combat on {lab(c.hex)}: {fit} warriors of seat {q + 1} fight, "
             f"{st.wc[q][c.hex]} stand there")
        p = st.players[q]
        for code, at in (("H", p.hero_at), ("G", p.gode_at)):
            need(at == c.hex or not any(u[0] == code and len(u) == 2 for u in units),
                 f"combat on {lab(c.hex)}: seat {q + 1}'s {code} fights but is not there")


def check_decider(st: GameState, try_all: bool = False) -> None:
    """Someone (or the dice) decides and has something to decide; with
    ``try_all``, every listed decision applies to a copy of the state."""
    seat = st.current_player()
    legal = st.legal_actions()
    if st.is_terminal():
        need(seat == TERMINAL and legal == [] and st.chance_request() == (), "the game is over but goes on")
        need(st.outcome() is not None, "the game is over without a result")
        return
    if seat == CHANCE:
        need(legal == [], "decisions listed where the dice decide")
        need(bool(st.chance_request()), "the dice decide but no dice are due")
        roll = st.sample_chance()
        need(parser_for(st)(fmt(roll)) == roll, f"{fmt(roll)} does not re-parse")
        return
    need(0 <= seat < st.num_players and not st.players[seat].out, f"seat {seat + 1} cannot decide")
    read = parser_for(st)  # a chapter reads 'choose', 'use', 'buy amber' too
    need(bool(legal), f"seat {seat + 1} decides with no legal decision")
    need(len(set(legal)) == len(legal), f"duplicate legal decisions {[fmt(a) for a in legal]}")
    for a in legal:
        text = fmt(a)
        need(read(text) == a, f"{text!r} re-parses to {read(text)!r}, not {a!r}")
    if try_all:
        for a in legal:
            c = st.clone()
            c.apply_action(a, seat=seat)  # every listed decision must apply


def check_point(st: GameState) -> None:
    """Every invariant that the state alone shows, and that a seat or the
    dice decide."""
    check_decision_point(st)
    check_players(st)
    check_conservation(st)
    check_meetings(st)
    check_combat_units(st)
    check_decider(st)


def check_state(st: GameState, after: Callable[[GameState], object] | None = None) -> None:
    """:func:`check_point`, and that each listed decision (or the roll due)
    applies and leaves a state that keeps it, on which ``after`` is called
    (a position is written and read back). An error raised names the
    decision (:class:`LeadsNowhere`)."""
    check_point(st)
    seat = st.current_player()
    if seat == CHANCE:
        nxt = [st.sample_chance()]
    elif seat >= 0:
        nxt = st.legal_actions()
    else:
        return
    for a in nxt:
        c = st.clone()
        try:
            c.apply_action(a, seat=None if seat == CHANCE else seat)
            check_point(c)
            if after is not None:
                after(c)
        except Exception as exc:
            raise LeadsNowhere(fmt(a), exc) from exc


class LeadsNowhere(Exception):
    """The listed decision ``decision`` applied, the game cannot go on: ``why``."""

    def __init__(self, decision: str, why: BaseException):
        self.decision = decision
        self.why = why
        super().__init__(f"after {decision}: {_said(why)}")


def _said(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "the engine cannot continue (the decision point does not fit the state)"
    if hasattr(exc, "problem") and hasattr(exc, "key"):  # a LoadError: what it says, not its file again
        return f"{exc.key}: {exc.problem}" if exc.key else str(exc.problem)
    return str(exc) if isinstance(exc, (Inconsistent, ValueError)) else f"{type(exc).__name__}: {exc}"


def problem_of(st: GameState, after: Callable[[GameState], object] | None = None) -> str | None:
    """What is inconsistent about ``st`` (None: nothing). Any failure of the
    engine on it counts: a position that loads must play on."""
    try:
        check_state(st, after)
    except LeadsNowhere as exc:
        return str(exc)
    except Inconsistent as exc:
        return str(exc)
    except RecursionError:
        return "the engine cannot continue from it (the decision point does not fit the state)"
    except Exception as exc:  # noqa: BLE001 - an engine failure here is the position's fault
        return f"the engine cannot continue from it ({type(exc).__name__}: {exc})"
    return None
