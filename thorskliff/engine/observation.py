"""What one seat (or a spectator) may see of a game (R-SECRET-1/2).

:func:`observe` returns plain JSON-ready data, documented in
``docs/records.md`` (section "show --json"); its keys are stable. The kinds
of held potions appear only for their owner, except a used Eiletrank, which
lies face up; a spectator (``seat=None``) sees no held kind at all. A potion
drunk is public (the "drank" event names it to every seat; a combat's
``drunk``). The supply of potions is shown as a total only, since its kinds
would betray what was bought.
"""

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import TYPE_CHECKING, Any

from .actions import fmt, hexlabel
from .combat import TROLL, unit_labels
from .player import AWAKE, FAINTED, LYING, WAIT_NEXT, WAITING, X_TURN

if TYPE_CHECKING:
    from ..island import Island
    from .player import Player
    from .state import GameState

SCHEMA = "thorskliff-observation/1"
FAINT_NAMES = {AWAKE: "awake", FAINTED: "fainted", X_TURN: "x-turn", WAIT_NEXT: "waiting-next",
               WAITING: "waiting", LYING: "lying"}


def observe(st: GameState, seat: int | None = None, decisions: bool = True, board: bool = True) -> dict[str, Any]:
    """The view of ``seat`` (0-based) or of a spectator (None). Without
    ``decisions``, "legal" and "fights" stay empty: a bot that is handed
    the legal actions as actions (the search's rollouts ask the heuristic
    bot thousands of times a decision) is spared writing them out. Without
    ``board``, "hexes" is None: for a bot handed the board as the state
    holds it (``bots.greedy.Board``), for the same reason."""
    isl = st.island
    out = st.outcome()
    decider = st.current_player()
    legal = st.legal_actions() if decisions and seat is not None and decider == seat else []
    obs: dict[str, Any] = {
        "schema": SCHEMA,
        "viewer": None if seat is None else seat + 1,
        "mode": st.mode.id,
        "arrangement": isl.arrangement,
        "round": st.round,
        "turn": st.seat + 1 if st.seat >= 0 else None,
        "phase": st.phase if st.phase >= 0 else None,
        "phase_name": st.phase_name(),
        "step": st.step,
        "decider": "chance" if decider == -1 else (None if decider < 0 else decider + 1),
        "chance": list(st.chance_request()),
        "outcome": None if out is None else {"winner": None if out.winner is None else out.winner + 1,
                                             "reason": out.reason},
        "rules": sorted(st.rules),
        "goal": {"ambers": st.mode.goal_ambers, "crystals": st.mode.goal_crystals},
        "supply": {
            "ambers": st.amber_supply,
            "potions": sum(st.potion_supply.values()),
            "helm": st.helm_free,
            "wisent": st.wisent_left,
            "epic": sorted(st.epic_free) if "epic" in st.rules else [],
        },
        "players": [_player(st, p, seat) for p in st.players],
        "hexes": _hexes(st) if board else None,
        "runestone": None if not st.rune else {"seat": st.rune[0] + 1, "hex": hexlabel(st.rune[1]),
                                               "counter": st.rune[2]},
        "combat": _combat(st),
        "legal": [fmt(a) for a in legal],
        "fights": [fmt(a) for a in legal if st.leads_to_combat(a)],
    }
    return obs


def _player(st: GameState, p: Player, viewer: int | None) -> dict[str, Any]:
    own = viewer == p.seat
    potions = []
    for kind, uses in p.potions:
        if own or p.eile_public(kind, uses):
            potions.append({"kind": kind, "uses": uses})
        else:
            potions.append({"kind": None, "uses": None})
    return {
        "seat": p.seat + 1,
        "name": p.name,
        "hero": p.hero,
        "colour": p.colour,
        "life": p.life,
        "max_life": p.max_life,
        "taler": p.taler,
        "weapon": p.weapon,
        "wisent": p.wisent,
        "helm": p.helm,
        "potions": potions,
        "amber": p.amber,
        "delivered": p.delivered,
        "crystals": p.crystals,
        "crystal_bonus": p.cbonus or None,
        "supply": p.supply,
        "track": list(p.track),
        "hero_at": hexlabel(p.hero_at) if p.hero_at >= 0 else None,
        "gode_at": hexlabel(p.gode_at) if p.gode_at >= 0 else None,
        "marker": p.marker,
        "epic": list(p.epic),
        "faint": FAINT_NAMES[p.faint],
        "lying_at": hexlabel(p.lying_at) if p.lying_at >= 0 else None,
        "out": p.out,
        "warriors_on_board": sum(st.wc[p.seat]),
    }


@cache
def _island_hexes(isl: Island) -> tuple[dict[str, Any], ...]:
    """Each hex as it is with nothing on it and no rift: what never changes
    (the island is shared by every copy of a game). Its keys are in the
    order :func:`_hexes` shows them."""
    return tuple({"label": isl.labels[h], "kind": isl.kind[h], "well": isl.well[h], "rift": None,
                  "terrain": isl.terrain[h], "beach": isl.beach[h], "level": isl.level[h], "units": None,
                  "troll": False, "taler": 0, "ambers": 0, "crystals": 0, "lying": None} for h in range(isl.size))


def _hexes(st: GameState) -> list[dict[str, Any]]:
    """Every hex: the island's fixed part copied, then what lies and stands
    there filled in from the state's own indexes (the bots read the
    observation on every decision of a search, so this is built without a
    pass over every hex for every kind of thing)."""
    out = [dict(hx, units={}) for hx in _island_hexes(st.island)]  # "units" keeps its place
    for h, kind in st.rifts.items():
        hx = out[h]
        hx["kind"], hx["well"], hx["rift"] = "rift", False, kind
    for h in compress(range(len(st.troll)), st.troll):
        out[h]["troll"] = st.troll[h]
    for h, n in st.taler_at.items():
        out[h]["taler"] = n
    for h, n in st.amber_at.items():
        out[h]["ambers"] = n
    for h, n in st.crystal_at.items():
        out[h]["crystals"] = n
    for h, q in st.lying.items():
        out[h]["lying"] = q + 1
    for q, p in enumerate(st.players):  # seat by seat, so each hex lists its units in seat order
        wc = st.wc[q]
        at = list(compress(range(len(wc)), wc))
        for h in (p.hero_at, p.gode_at):
            if h >= 0 and not wc[h] and h not in at:
                at.append(h)
        for h in at:
            hero = p.hero_at == h
            out[h]["units"][str(q + 1)] = {"hero": hero, "mounted": hero and p.wisent, "gode": p.gode_at == h,
                                           "warriors": wc[h]}
    return out


def _combat(st: GameState) -> dict[str, Any] | None:
    c = st.combat
    if c is None:
        return None

    def units(us: list[list[Any]], owner: int) -> list[dict[str, Any]]:
        labels = unit_labels(us)
        return [{"id": lab, "kind": u[0], "retreat": hexlabel(u[1]) if u[1] >= 0 else None,
                 "defeated": len(u) > 2} for lab, u in zip(labels, us)]

    return {
        "hex": hexlabel(c.hex),
        "attacker": c.att + 1,
        "defender": "troll" if c.dfn == TROLL else c.dfn + 1,
        "strike": c.strike,
        "attackers": units(c.att_units, c.att),
        "defenders": units(c.def_units, c.dfn),
        "roll_of": "attacker" if c.side == "att" else "defender",
        "roll": [{"die": k, "value": v} for k, v in c.roll],
        "blocked": list(c.blocked),
        "to_assign": list(c.queue),
        "damage": list(c.dmg),
        "kraft": {"attacker": c.att_kraft, "defender": c.def_kraft},
        "schutz": {"attacker": c.att_schutz, "defender": c.def_schutz},
        "black": c.black,
        # every potion drunk in this combat, kinds included: a potion drunk is public, as
        # the "drank" event says to every seat (R-SECRET-1 hides only those held)
        "drunk": {"attacker": list(c.att_drunk), "defender": list(c.def_drunk)},
        "suggestion": [f"{v}>{t}" for v, t in st.suggest_assignment()] if c.queue and st.step.endswith("assign")
        else [],
    }
