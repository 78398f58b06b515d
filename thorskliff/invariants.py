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

from .engine.actions import fmt
from .game import parser_for
from .engine.player import AWAKE, LYING
from .engine.state import AMBERS, CHANCE, POTION_SUPPLY, TERMINAL, GameState

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


def check_state(st: GameState) -> None:
    """Every invariant that the state alone shows, and that each listed
    decision applies and leaves a state that keeps them."""
    check_decision_point(st)
    check_players(st)
    check_conservation(st)
    check_decider(st)
    seat = st.current_player()
    if seat == CHANCE:
        nxt = [st.sample_chance()]
    elif seat >= 0:
        nxt = st.legal_actions()
    else:
        return
    for a in nxt:
        c = st.clone()
        c.apply_action(a, seat=None if seat == CHANCE else seat)
        check_players(c)
        check_conservation(c)


def problem_of(st: GameState) -> str | None:
    """What is inconsistent about ``st`` (None: nothing). Any failure of the
    engine on it counts: a position that loads must play on."""
    try:
        check_state(st)
    except Inconsistent as exc:
        return str(exc)
    except RecursionError:
        return "the engine cannot continue from it (the decision point does not fit the state)"
    except Exception as exc:  # noqa: BLE001 - an engine failure here is the position's fault
        return f"the engine cannot continue from it ({type(exc).__name__}: {exc})"
    return None
