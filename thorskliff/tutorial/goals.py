"""The goals a lesson may set: a small declared vocabulary of conditions on the
engine's state, each about the learner's seat (docs/tutorial.md). A lesson's
``[goal]`` table names one or more of them; the goal is reached when all hold.

Each entry: the kind of value it takes and the check. A check reads the state
only; it never changes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.actions import hexindex
from ..engine.state import GameState

Check = Callable[[GameState, int, Any], bool]


def _hex(v: str) -> int:
    return hexindex(v)


def _enemies_on(st: GameState, seat: int, h: int) -> bool:
    for q, p in enumerate(st.players):
        if q == seat:
            continue
        if p.hero_at == h or p.gode_at == h or st.wc[q][h] > 0:
            return True
    return bool(st.troll[h]) if h < len(st.troll) else False


def _holds(st: GameState, seat: int, v: str) -> bool:
    h = _hex(v)
    p = st.players[seat]
    mine = p.hero_at == h or p.gode_at == h or st.wc[seat][h] > 0
    return mine and not _enemies_on(st, seat, h)


#: name -> (the value's type, the check, what a value means: for the docs and the loader)
GOALS: dict[str, tuple[type, Check]] = {
    "delivered": (int, lambda st, s, v: st.players[s].delivered >= v),
    "carries_amber": (bool, lambda st, s, v: st.players[s].amber == v),
    "taler": (int, lambda st, s, v: st.players[s].taler >= v),
    "hero_at": (str, lambda st, s, v: st.players[s].hero_at == _hex(v)),
    "hex_held": (str, _holds),
    "enemy_gone": (str, lambda st, s, v: not _enemies_on(st, s, _hex(v))),
    "warriors": (int, lambda st, s, v: sum(st.wc[s]) >= v),
    "troll_defeated": (str, lambda st, s, v: not st.troll[_hex(v)]),
    "crystals": (int, lambda st, s, v: st.players[s].crystals >= v),
    "potions": (int, lambda st, s, v: len(st.players[s].potions) >= v),
    "wisent": (bool, lambda st, s, v: st.players[s].wisent == v),
    "runestone": (bool, lambda st, s, v: (st.rune is not None and st.rune[0] == s) == v),
    "awake": (bool, lambda st, s, v: (st.players[s].faint == 0 and st.players[s].hero_at >= 0) == v),
    "life": (int, lambda st, s, v: st.players[s].life >= v),
    "won": (bool, lambda st, s, v: (st.result is not None and st.result.winner == s) == v),
}

#: the goals whose value is a hex label
HEX_GOALS = frozenset({"hero_at", "hex_held", "enemy_gone", "troll_defeated"})


def reached(st: GameState, seat: int, goal: dict[str, Any]) -> bool:
    """Every condition of ``goal`` holds for ``seat`` in ``st``."""
    return all(GOALS[name][1](st, seat, v) for name, v in goal.items())


def unmet(st: GameState, seat: int, goal: dict[str, Any]) -> list[str]:
    """The names of the conditions of ``goal`` that do not hold (in the file's order)."""
    return [name for name, v in goal.items() if not GOALS[name][1](st, seat, v)]
