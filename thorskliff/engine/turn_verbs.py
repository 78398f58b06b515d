"""The verb table beyond phase 4: setup, the Gode, movement, picking a
combat, a combat's stages (its potion windows, blocks and assignments),
silver, the runestone's gifts, the second crystal, recruiting, haste, ending
a step, the free steps and potions, and where a fainted hero lies
(R-SETUP-B4, R-GODE-*, R-MOVE-*, R-COMBAT-1, R-SILVER-1, R-RUNE-2,
R-CRYSTAL-2, R-RECRUIT-*, R-POT-*, R-TURN-2/3, R-FAINT-3).

Each entry is declared as the action phase's are (:mod:`.guards`): its
steps, its candidates, its guards in the order a refusal names them, and
what it says when decided at another step. A candidate (``offers``) is
where the rules of the island let a unit go; the guards are the rules of
the turn. Inside a combat, :mod:`.combat` says which stage comes and who
decides there (its dice decide what is possible); what may be decided at
each stage is declared here like any other step's (:data:`STAGE_VERBS`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING

from .actions import END, GODE_ABILITIES, POTIONS, Action, hexlabel
from .guards import END_TIER, FREE, Check, Fixed, Guard, Params, Verb, belongs, in_combat, never
from .steps import COMBAT_STEPS, OPEN_STEPS, Step

if TYPE_CHECKING:
    from ..island import Island
    from .player import Player
    from .state import GameState

#: R-GODE-1: a Gode costs 3 Taler and warriors on 2 forest hexes; a warrior 2 (R-RECRUIT-1)
GODE_NEED = {"forest": 2}
RECRUIT_PRICE = {"W": 2, "G": 3}
CHEAPEST = min(RECRUIT_PRICE.values())


def _step_params(st: GameState, p: Player, a: Action) -> dict[str, str]:
    return {"to": hexlabel(a.b), "at": hexlabel(a.a)}


def _hex(which: str) -> Params:
    return lambda st, p, a: {"hex": hexlabel(getattr(a, which))}


# ------------------------------------------------------------------ shared guards

#: what a verb of another step says when it comes now
NOT_IN_COMBAT = Guard("R-TURN-5", "not_in_combat", lambda st, p, a: not in_combat(st),
                      params=lambda st, p, a: {"decision": str(a), "stage": st.step[2:]})
AFTER_HASTE = Guard("R-POT-7", "after_haste", lambda st, p, a: st.step != Step.AFTERHASTE)


def _elsewhere(where: str, rule: str) -> tuple[Guard, ...]:
    return (NOT_IN_COMBAT, AFTER_HASTE, belongs(where, rule))


NEIGHBOUR = Guard("R-MOVE-1", "not_neighbour", lambda st, p, a: a.b in st.island.neighbours[a.a],
                  params=_step_params, given=True)
#: R-MOVE-5 / R-FAINT-4: no enemy enters the hex where a fainted hero lies
LYING = Guard("R-FAINT-4", "fainted_lies", lambda st, p, a: st.lying.get(a.b, p.seat) == p.seat,
              params=_hex("b"), idle=lambda st: not st.lying)


def _climbs(st: GameState, p: Player, a: Action) -> bool:
    """R-ISLE-6: one level at most; R-MOVE-6: a hero with Pfade der Ahnen climbs freely."""
    lv = st.island.level
    return abs(lv[a.a] - lv[a.b]) <= 1 or (a.arg not in ("G", "W") and "pfade" in p.epic)


CLIMB = Guard("R-ISLE-6", "climb", _climbs, given=True, params=lambda st, p, a: {
    "at": hexlabel(a.a), "at_level": st.island.level[a.a], "to": hexlabel(a.b), "to_level": st.island.level[a.b]})


def _moved_from(st: GameState, h: int) -> int:
    """How many warriors moved to ``h`` this turn."""
    n = 0
    for m in st.moved:
        if m[0] == h:
            n += 1
    return n


def _goes_on(st: GameState, a: Action) -> bool:
    """R-MOVE-2: a warrior that came from ``a.c`` to ``a.a`` with a step left."""
    for m in st.moved:
        if m[0] == a.a and m[1] == a.c and m[2] > 0:
            return True
    return False


HERO_ON = Guard("R-MOVE-1", "hero_not_on", lambda st, p, a: a.arg != "H" or p.hero_at == a.a,
                params=_hex("a"), given=True)
GODE_ON = Guard("R-MOVE-1", "gode_not_on", lambda st, p, a: a.arg != "G" or p.gode_at == a.a,
                params=_hex("a"), given=True)

# ------------------------------------------------------------------ movement (phase 1)


#: a grouped verb's candidates: each unit, and the hexes it may step to
Units = Sequence[tuple[Action, Sequence[int]]]


def _hero_offers(st: GameState, p: Player) -> Units:
    """The hero's steps along the step table (R-ISLE-6), with Pfade der
    Ahnen to every neighbour (R-MOVE-6)."""
    h = p.hero_at
    if h < 0:
        return ()
    table = st.island.neighbours if "pfade" in p.epic else st.island.steps
    return ((Action("step", h, -1, -1, "H"), table[h]),)


def _gode_offers_move(st: GameState, p: Player) -> Units:
    g = p.gode_at
    return ((Action("step", g, -1, -1, "G"), st.island.steps[g]),) if g >= 0 else ()


def _warrior_offers(st: GameState, p: Player) -> Units:
    """Each own warrior's steps, by hex ascending."""
    steps = st.island.steps
    wc = st.wc[p.seat]
    return [(Action("step", a, -1, -1, "W"), steps[a]) for a in compress(range(len(wc)), wc)]


def _onward_offers(st: GameState, p: Player) -> Units:
    """The steps of each warrior that moved this turn, on from where it came."""
    if not st.moved:
        return ()
    steps = st.island.steps
    return [(Action("step", a, -1, prev, "W"), steps[a]) for a, prev in sorted({(m[0], m[1]) for m in st.moved})]


_PHASE1 = frozenset({Step.MOVE})


class StepTables:
    """Every unit's step decision on one island, made once: for each hex, the
    steps along the island's step table (R-ISLE-6) of a warrior, a hero and
    a Gode, and a hero's to every neighbour (Pfade der Ahnen, R-MOVE-6).
    Decisions are immutable tuples, so generation hands out these very
    objects instead of making new ones at every decision point."""

    __slots__ = ("island", "warrior", "hero", "hero_pfade", "gode", "recruit")

    def __init__(self, island: Island):
        def table(unit: str, to: tuple[tuple[int, ...], ...]) -> tuple[tuple[Action, ...], ...]:
            return tuple(tuple(Action("step", a, b, -1, unit) for b in to[a]) for a in range(island.size))
        self.island = island
        self.warrior = table("W", island.steps)
        self.hero = table("H", island.steps)
        self.hero_pfade = table("H", island.neighbours)
        self.gode = table("G", island.steps)
        #: a warrior and a Gode recruited on each hex (R-RECRUIT-1)
        self.recruit = tuple((Action("recruit", h, arg="W"), Action("recruit", h, arg="G"))
                             for h in range(island.size))


_TABLES: dict[int, StepTables] = {}


def step_tables(island: Island) -> StepTables:
    """The island's :class:`StepTables` (islands are shared and never change)."""
    got = _TABLES.get(id(island))
    if got is None or got.island is not island:
        got = _TABLES[id(island)] = StepTables(island)
    return got


def _open(actions: tuple[Action, ...], lying: dict[int, int], seat: int,
          append: Callable[[Action], None]) -> None:
    """R-FAINT-4: the steps not into a hex where an enemy's fainted hero lies."""
    for a in actions:
        if lying.get(a[2], seat) == seat:
            append(a)


# the fast generators of phase 1's verbs: the guards below, written out (see Verb.fast)
def _hero_fast(st: GameState, p: Player, out: list[Action]) -> None:
    h = p.hero_at
    if h < 0 or st.hero_left <= 0:
        return
    tables = step_tables(st.island)
    steps = (tables.hero_pfade if "pfade" in p.epic else tables.hero)[h]
    if st.lying:
        _open(steps, st.lying, p.seat, out.append)
    else:
        out.extend(steps)


def _gode_fast(st: GameState, p: Player, out: list[Action]) -> None:
    g = p.gode_at
    if g < 0 or st.gode_left <= 0:
        return
    steps = step_tables(st.island).gode[g]
    if st.lying:
        _open(steps, st.lying, p.seat, out.append)
    else:
        out.extend(steps)


def _warrior_fast(st: GameState, p: Player, out: list[Action]) -> None:
    seat = p.seat
    wc = st.wc[seat]
    steps = step_tables(st.island).warrior
    lying = st.lying
    moved: dict[int, int] = {}
    for m in st.moved:
        moved[m[0]] = moved.get(m[0], 0) + 1
    if lying:
        append = out.append
        for a in compress(range(len(wc)), wc):
            if wc[a] > moved.get(a, 0):
                _open(steps[a], lying, seat, append)
    elif moved:
        extend = out.extend
        for a in compress(range(len(wc)), wc):
            if wc[a] > moved.get(a, 0):
                extend(steps[a])
    else:
        extend = out.extend
        for a in compress(range(len(wc)), wc):
            extend(steps[a])


def _onward_fast(st: GameState, p: Player, out: list[Action]) -> None:
    if not st.moved:
        return
    seat = p.seat
    steps = st.island.steps
    lying = st.lying
    make = tuple.__new__  # Action(...) would go through namedtuple's Python-level __new__
    for a, prev in sorted({(m[0], m[1]) for m in st.moved if m[2] > 0}):
        for b in steps[a]:
            if lying.get(b, seat) == seat:
                out.append(make(Action, ("step", a, b, prev, "W", ())))


#: R-MOVE-1/2: the hero's step (two with the Wisent); it stops on entering enemies (R-MOVE-3)
HERO_STEP = Verb("step", "step", "R-MOVE-1", _PHASE1, _hero_offers, (
    NEIGHBOUR,
    HERO_ON,
    Guard("R-MOVE-2", "hero_no_step", lambda st, p, a: st.hero_left > 0, place=True),
    LYING,
    CLIMB,
), accepts=lambda a: a.arg == "H", elsewhere=_elsewhere("phase1", "R-MOVE-1"), grouped=True, fast=_hero_fast,
    apply="_do_step")
#: R-MOVE-1/2: the Gode's step (two with Hugin & Munin)
GODE_STEP = Verb("step", "step", "R-MOVE-1", _PHASE1, _gode_offers_move, (
    NEIGHBOUR,
    GODE_ON,
    LYING,
    CLIMB,
    Guard("R-MOVE-1", "no_step_left", lambda st, p, a: st.gode_left > 0, place=True),
), accepts=lambda a: a.arg == "G", elsewhere=_elsewhere("phase1", "R-MOVE-1"), grouped=True, fast=_gode_fast,
    apply="_do_step")
NO_WARRIOR_ON = Guard("R-MOVE-1", "no_warrior_on", lambda st, p, a: st.wc[p.seat][a.a] > 0, params=_hex("a"),
                      given=True)
#: R-MOVE-1/2: each warrior one step
WARRIOR_STEP = Verb("step", "step", "R-MOVE-1", _PHASE1, _warrior_offers, (
    NEIGHBOUR,
    NO_WARRIOR_ON,
    LYING,
    CLIMB,
    Guard("R-MOVE-1", "no_step_left", lambda st, p, a: st.wc[p.seat][a.a] > _moved_from(st, a.a), unit=True),
), accepts=lambda a: a.arg == "W" and a.c < 0, elsewhere=_elsewhere("phase1", "R-MOVE-1"), grouped=True,
    fast=_warrior_fast, apply="_do_step")
#: R-MOVE-2: a Berserker's warrior (R-GODE-3) on from where it came, not after entering enemies (R-MOVE-3)
ONWARD_STEP = Verb("step", "step", "R-MOVE-2", _PHASE1, _onward_offers, (
    NEIGHBOUR,
    NO_WARRIOR_ON,
    Guard("R-MOVE-2", "warrior_no_on", lambda st, p, a: _goes_on(st, a),
          params=lambda st, p, a: {"prev": hexlabel(a.c), "hex": hexlabel(a.a)}, unit=True),
    LYING,
    CLIMB,
), accepts=lambda a: a.arg == "W" and a.c >= 0, elsewhere=_elsewhere("phase1", "R-MOVE-1"), grouped=True,
    fast=_onward_fast, apply="_do_step")
STEP = HERO_STEP

# ------------------------------------------------------------------ haste (phase 6)


def _haste_offers(st: GameState, p: Player) -> Units:
    h = p.hero_at
    if h < 0:
        return ()
    table = st.island.neighbours if "pfade" in p.epic else st.island.steps
    return ((Action("haste", h), table[h]),)


#: R-POT-7, decision 23: the Eiletrank's one step of the hero
HASTE = Verb("haste", "haste", "R-POT-7", frozenset({Step.HASTE}), _haste_offers, (
    Guard("R-POT-7", "haste_off", lambda st, p, a: "haste" in st.rules, place=True),
    Guard("R-POT-7", "no_eile", lambda st, p, a: p.has_potion("eile"), place=True,
          params=lambda st, p, a: {"hero": p.hero}),
    Guard("R-POT-7", "one_haste", lambda st, p, a: not st.haste_used, place=True),
    Guard("R-POT-7", "haste_hero_not_on", lambda st, p, a: p.hero_at == a.a, params=_hex("a"), given=True),
    NEIGHBOUR,
    LYING,
    Guard("R-POT-7", "haste_troll", lambda st, p, a: not st.troll[a.b], params=_hex("b")),
    Guard("R-POT-7", "haste_enemy", lambda st, p, a: not st.enemy_at(a.b, p.seat), params=_hex("b")),
    CLIMB,
), elsewhere=_elsewhere("phase6", "R-POT-7"), grouped=True, apply="_do_haste")


def _gode_haste_offers(st: GameState, p: Player) -> Units:
    return _gode_offers_move(st, p)


#: R-GODE-5: with Hugin & Munin the Gode takes one step of its own in phase 6
GODE_HASTE = Verb("gode haste", "step", "R-GODE-5", frozenset({Step.HASTE}), _gode_haste_offers, (
    NEIGHBOUR,
    Guard("R-POT-7", "haste_only_hero", lambda st, p, a: a.arg == "G", given=True),
    Guard("R-GODE-5", "gode_haste_hm", lambda st, p, a: "huginmunin" in p.epic, place=True),
    Guard("R-GODE-5", "gode_haste_taken", lambda st, p, a: not st.gode_hasted, place=True),
    Guard("R-GODE-5", "gode_haste_enemy", lambda st, p, a: not st.enemy_at(a.b, p.seat), params=_hex("b")),
    GODE_ON,
    LYING,
    CLIMB,
), elsewhere=_elsewhere("phase1", "R-MOVE-1"), grouped=True, apply="_do_step")

# ------------------------------------------------------------------ recruit (phase 5)


def _recruit_offers(st: GameState, p: Player) -> Sequence[Action]:
    """R-RECRUIT-1: one piece per own figure standing when phase 5 began."""
    out: list[Action] = []
    made = step_tables(st.island).recruit
    for h, n in sorted(st.recruit_cap.items()):
        if n > 0:
            out.extend(made[h])
    return out


def _w(check: Callable[[GameState, Player], bool]) -> Check:
    return lambda st, p, a: a.arg != "W" or check(st, p)


def _g(check: Callable[[GameState, Player], bool]) -> Check:
    return lambda st, p, a: a.arg != "G" or check(st, p)


RECRUIT = Verb("recruit", "recruit", "R-RECRUIT-1", frozenset({Step.RECRUIT}), _recruit_offers, (
    Guard("R-RECRUIT-1", "recruit_middle", lambda st, p, a: a.a not in st.island.middle, given=True),
    Guard("R-RECRUIT-1", "recruit_figure", lambda st, p, a: st.recruit_cap.get(a.a, 0) > 0,
          params=_hex("a"), given=True),
    # these ask only which piece: once per W and G
    Guard("R-RECRUIT-2", "recruit_supply", _w(lambda st, p: p.supply > 0), unit=True),
    Guard("R-RECRUIT-1", "recruit_cost", _w(lambda st, p: p.taler >= RECRUIT_PRICE["W"]), unit=True),
    Guard("R-GODE-1", "gode_off", _g(lambda st, p: "gode" in st.rules), unit=True),
    Guard("R-RECRUIT-2", "gode_on_board", _g(lambda st, p: p.gode_at < 0), unit=True),
    Guard("R-GODE-1", "gode_cost", _g(lambda st, p: p.taler >= RECRUIT_PRICE["G"]
                                      and st.resources(p.seat, GODE_NEED)), unit=True),
    # implied by the prices above (it never refuses first): below the cheapest
    # price nothing is offered, so generation makes no candidate
    Guard("R-RECRUIT-1", "recruit_cost", lambda st, p, a: p.taler >= CHEAPEST, place=True),
), cost=lambda st, p, a: RECRUIT_PRICE[a.arg], elsewhere=_elsewhere("phase5", "R-RECRUIT-1"),
    unit_key=attrgetter("arg"), apply="_do_recruit")

# ------------------------------------------------------------------ picking a combat (phase 2)


def _strike_target() -> Guard:
    """R-GODE-4 (and Mjölnir, §17): at a neighbour with enemies and no fainted enemy hero."""
    def ok(st: GameState, p: Player, a: Action) -> bool:
        return st.enemy_at(a.a, p.seat) and st.lying.get(a.a, p.seat) == p.seat
    return Guard("R-GODE-4", "no_strike", ok, params=lambda st, p, a: {"verb": a.verb, "hex": hexlabel(a.a)})


def _next_to(origin: Callable[[Player], int]) -> Guard:
    return Guard("R-GODE-4", "no_strike", lambda st, p, a: origin(p) >= 0
                 and a.a in st.island.neighbours[origin(p)], given=True,
                 params=lambda st, p, a: {"verb": a.verb, "hex": hexlabel(a.a)})


def _strike(verb: str, origin: Callable[[Player], int], can: Callable[[GameState, Player], bool]) -> Verb:
    def offers(st: GameState, p: Player) -> Sequence[Action]:
        h = origin(p)
        out = []
        if h >= 0:
            for b in st.island.neighbours[h]:
                out.append(Action(verb, b))
        return out
    return Verb(verb, verb, "R-GODE-4", frozenset({Step.COMBAT}), offers, (
        Guard("R-GODE-4", "no_strike", lambda st, p, a: can(st, p), place=True,
              params=lambda st, p, a: {"verb": a.verb, "hex": hexlabel(a.a)}),
        _next_to(origin), _strike_target()), elsewhere=_elsewhere("phase2", "R-GODE-4"),
        apply="_combat_pick")


def _fight(h: int) -> Action:
    return Action("fight", h)


FIGHT = Verb("fight", "fight", "R-COMBAT-1", frozenset({Step.COMBAT}),
             lambda st, p: list(map(_fight, st._combat_sites())), (
                 Guard("R-COMBAT-1", "no_combat", lambda st, p, a: a.a in st._combat_sites(),
                       params=_hex("a"), given=True),
             ), elsewhere=_elsewhere("phase2", "R-COMBAT-1"), apply="_combat_pick")
BLITZ = _strike("blitz", lambda p: p.gode_at, lambda st, p: st._can_blitz(p))
THROW = _strike("throw", lambda p: p.hero_at, lambda st, p: st._can_throw(p))

# ------------------------------------------------------------------ the other steps' own decisions

BEACH = Verb("beach", "beach", "R-SETUP-B4", frozenset({Step.BEACH}),
             lambda st, p: [Action("beach", h) for h in st.island.beaches], (
                 Guard("R-SETUP-B4", "no_beach", lambda st, p, a: st.island.beach[a.a]
                       and all(q.hero_at != a.a for q in st.players), params=_hex("a")),
             ), elsewhere=_elsewhere("setup", "R-SETUP-B4"), apply="_do_beach")


def _gode_ok(st: GameState, p: Player, a: Action) -> bool:
    """R-GODE-2: one ability; with Hugin & Munin two different ones (R-GODE-5)."""
    parts = a.arg.split("+")
    two = "huginmunin" in p.epic
    return len(parts) == (2 if two else 1) and all(x in GODE_ABILITIES for x in parts) \
        and len(set(parts)) == len(parts)


def _gode_offers(st: GameState, p: Player) -> Sequence[Action]:
    if "huginmunin" in p.epic:
        return [Action("gode", arg=f"{a}+{b}") for i, a in enumerate(GODE_ABILITIES) for b in GODE_ABILITIES[i + 1:]]
    return [Action("gode", arg=a) for a in GODE_ABILITIES]


GODE = Verb("gode", "gode", "R-GODE-2", frozenset({Step.GODE}), _gode_offers, (
    Guard("R-GODE-2", "gode_ability", _gode_ok, params=lambda st, p, a: {"decision": str(a)}, given=True),
), elsewhere=_elsewhere("phase0", "R-GODE-2"), apply="_do_gode")

SILVER = Verb("silver", "silver", "R-SILVER-1", frozenset({Step.SILVER}),
              lambda st, p: [Action("silver", arg=t) for t, _ in st._silver_options()], (
                  Guard("R-SILVER-1", "no_silver", lambda st, p, a: any(t == a.arg for t, _ in st._silver_options()),
                        params=lambda st, p, a: {"terrain": a.arg}, given=True),
              ), elsewhere=_elsewhere("phase3", "R-SILVER-1"), apply="_do_silver")

LAY = Verb("lay", "lay", "R-FAINT-3", frozenset({Step.LAY}),
           lambda st, p: [Action("lay", h) for h in st._lay_options(p)], (
               Guard("R-FAINT-3", "no_lay", lambda st, p, a: a.a in st._lay_options(p), params=_hex("a"), given=True),
           ), elsewhere=_elsewhere("lay", "R-FAINT-3"), apply="_do_lay")

CRYSTAL = Verb("crystal", "crystal", "R-CRYSTAL-2", frozenset({Step.CRYSTAL}),
               Fixed((Action("crystal", arg="S"), Action("crystal", arg="P"))), (),
               elsewhere=_elsewhere("crystal", "R-CRYSTAL-2"), apply="_do_crystal")

GIFT = Verb("gift", "gift", "R-RUNE-2", frozenset({Step.GIFT}),
            Fixed(Action("gift", arg=k) for k in POTIONS), (
                Guard("R-RUNE-2", "not_possible", lambda st, p, a: st.gifts > 0, place=True,
                      params=lambda st, p, a: {"decision": str(a)}),
                Guard("R-POT-2", "potions_three", lambda st, p, a: len(p.potions) < 3, place=True),
                Guard("R-POT-1", "no_left", lambda st, p, a: st.potion_supply[a.arg] > 0,
                      params=lambda st, p, a: {"potion": a.arg}),
            ), elsewhere=_elsewhere("gift", "R-RUNE-2"), apply="_do_gift")

# ------------------------------------------------------------------ potions (R-POT-1/3/4)


def _has(st: GameState, p: Player, a: Action) -> bool:
    return p.has_potion(a.arg)


NO_POTION = Guard("R-POT-1", "no_potion", _has, params=lambda st, p, a: {"hero": p.hero, "potion": a.arg})
HOLDS_ANY = Guard("R-POT-1", "no_potion", lambda st, p, a: bool(p.potions), place=True, weight=0,
                  params=lambda st, p, a: {"hero": p.hero, "potion": a.arg})
POTION_OFFERS = Fixed(Action("discard", arg=k) for k in POTIONS)

#: R-RUNE-2: at the gifts, a potion is put back to make room
GIFT_DISCARD = Verb("discard", "discard", "R-POT-3", frozenset({Step.GIFT}), POTION_OFFERS, (
    Guard("R-RUNE-2", "not_possible", lambda st, p, a: st.gifts > 0, place=True,
          params=lambda st, p, a: {"decision": str(a)}),
    HOLDS_ANY, NO_POTION), elsewhere=(NO_POTION, Guard("R-POT-3", "discard_when", never)),
    apply="_do_discard")

EILE_WHEN = Guard("R-POT-7", "eile_when", lambda st, p, a: a.arg != "eile")
KRAFT_WHEN = Guard("R-POT-5", "kraft_when", lambda st, p, a: a.arg != "kraft")
SCHUTZ_WHEN = Guard("R-POT-6", "schutz_when", lambda st, p, a: a.arg != "schutz")

#: R-POT-4: a Heiltrank drunk at a decision of one's own turn, when hurt
DRINK = Verb("drink", "drink", "R-POT-4", OPEN_STEPS, Fixed((Action("drink", arg="heil"),)), (
    HOLDS_ANY, NO_POTION, EILE_WHEN, KRAFT_WHEN, SCHUTZ_WHEN,
    Guard("R-POT-4", "heil_hurt", lambda st, p, a: p.hero_at >= 0 and p.life < p.max_life),
), tier=FREE, elsewhere=(
    NO_POTION, EILE_WHEN,
    Guard("R-POT-4", "no_heil_combat", lambda st, p, a: not (
        a.arg == "heil" and st.step in COMBAT_STEPS and st.step not in (Step.C_DEF_PRE, Step.C_ATT_PRE))),
    KRAFT_WHEN, SCHUTZ_WHEN,
    Guard("R-POT-4", "heil_hurt", never)), apply="_do_drink")

#: R-POT-3: a potion put back at a decision of one's own turn
DISCARD = Verb("discard", "discard", "R-POT-3", OPEN_STEPS, POTION_OFFERS,
               (HOLDS_ANY, NO_POTION), tier=FREE,
               elsewhere=(NO_POTION, Guard("R-POT-3", "discard_when", never)), apply="_do_discard")

# ------------------------------------------------------------------ free steps (R-TURN-3)

FREE_WHEN = Guard("R-TURN-3", "free_when", lambda st, p, a: st.decider == st.seat
                  and st.step not in COMBAT_STEPS and st.step not in (Step.LAY, Step.BEACH))
FREE_HERO = Guard("R-TURN-3", "hero_off", lambda st, p, a: p.hero_at >= 0, place=True)
ENEMY_HERE = Guard("R-TURN-3", "enemy_here", lambda st, p, a: not st.enemy_at(p.hero_at, p.seat), place=True,
                   weight=3)
HAS_AMBER = Guard("R-UNIT-2", "no_amber", lambda st, p, a: p.amber, place=True, weight=0)


def _free(verb: str, rule: str, offers: Callable[[GameState, Player], Sequence[Action]], guards: tuple[Guard, ...], last: Guard) -> Verb:
    return Verb(verb, verb, rule, OPEN_STEPS, offers, (FREE_HERO, *guards), tier=FREE,
                elsewhere=(FREE_WHEN, FREE_HERO, *guards, last), apply="_do_free")


#: R-AMBER-3: an amber delivered at the sanctuary
DELIVER = _free("deliver", "R-AMBER-3", Fixed((Action("deliver"),)), (
    ENEMY_HERE, HAS_AMBER,
    Guard("R-AMBER-3", "deliver_s", lambda st, p, a: p.hero_at == st.island.sanctuary, place=True)),
    Guard("R-AMBER-3", "deliver_s", never))


def _hex_hero(st: GameState, p: Player, a: Action) -> dict[str, str]:
    return {"hex": hexlabel(p.hero_at)}


#: R-AMBER-2: an amber sold on a farm (R-ISLE-12: a well farm no rift)
SELL = _free("sell", "R-AMBER-2", Fixed((Action("sell"),)), (
    ENEMY_HERE, HAS_AMBER,
    Guard("R-ISLE-12", "no_farm", lambda st, p, a: st.is_farm(p.hero_at), place=True, params=_hex_hero)),
    Guard("R-ISLE-12", "no_farm", never, params=_hex_hero))

TAKE_OFFERS = Fixed((Action("take", arg="taler"), Action("take", arg="amber"), Action("take", arg="crystal")))
_LYING_AT = {"taler": "taler_at", "amber": "amber_at", "crystal": "crystal_at"}


def _lies(st: GameState, p: Player, a: Action) -> bool:
    where = _LYING_AT.get(a.arg)
    return where is not None and bool(getattr(st, where).get(p.hero_at))


_NOTHING = Guard("R-TURN-3", "nothing_lying", _lies,
                 params=lambda st, p, a: {"thing": a.arg, "hex": hexlabel(p.hero_at)})
#: R-TURN-3, R-CRYSTAL-1, R-UNIT-2: Taler, an amber or a crystal taken from the hero's hex
TAKE = _free("take", "R-TURN-3", TAKE_OFFERS, (
    Guard("R-CRYSTAL-1", "troll_guards", lambda st, p, a: a.arg != "crystal" or not st.troll[p.hero_at]),
    ENEMY_HERE,
    Guard("R-UNIT-2", "one_amber", lambda st, p, a: a.arg != "amber" or not p.amber),
    Guard("R-TURN-3", "nothing_lying", lambda st, p, a: p.hero_at in st.taler_at or p.hero_at in st.amber_at
          or p.hero_at in st.crystal_at, place=True, params=_NOTHING.params, weight=0),
    _NOTHING), Guard("R-TURN-3", "nothing_lying", never, params=_NOTHING.params))

# ------------------------------------------------------------------ ending a step (R-TURN-2)

_END_ELSEWHERE = (
    Guard("R-SILVER-1", "choose_terrain", lambda st, p, a: st.step != Step.SILVER),
    Guard("R-TURN-2", "nothing_to_end", never, params=lambda st, p, a: {"step": str(st.step)}))
#: R-TURN-2: a step of the turn that may be ended (its decisions are not compulsory)
END_VERB = Verb("end", "end", "R-TURN-2", frozenset({
    Step.MOVE, Step.ACTION, Step.POTION2, Step.GIFT, Step.RECRUIT, Step.HASTE, Step.AFTERHASTE, Step.TURNEND}),
    Fixed((END,)), (), tier=END_TIER, elsewhere=_END_ELSEWHERE, apply="_do_end")
#: R-COMBAT-1: the combat phase ends once every combat is fought (strikes are not compulsory)
END_COMBAT = Verb("end", "end", "R-COMBAT-1", frozenset({Step.COMBAT}), Fixed((END,)), (
    Guard("R-COMBAT-1", "combat_first", lambda st, p, a: not st._combat_sites()),
), tier=END_TIER, elsewhere=_END_ELSEWHERE, apply="_do_end")

# ------------------------------------------------------------------ a combat's stages (R-COMBAT-1)
# turn-flow.md, phase 2, "One combat": the potion windows (1, 2, 4, 5, 8, 9),
# the red dice that protection blocks (5, 9) and the assignment of the
# remaining dice (6, 10). The combat (:mod:`.combat`) says which stage comes
# next and who decides there; what may be decided there, and why not, is
# declared here like every other step's.

#: the potions each window of a combat may take, in the order offered (R-POT-4..6)
WINDOWS: dict[Step, tuple[str, ...]] = {
    Step.C_DEF_PRE: ("heil", "kraft"),  # 1: the defender before the attack roll
    Step.C_ATT_PRE: ("heil", "kraft"),  # 2: the attacker before it
    Step.C_ATT_POST: ("kraft",),  # 4: the attacker after it (its G die rolled at once)
    Step.C_DEF_POST: ("schutz", "kraft"),  # 5: the defender after it
    Step.C_DEF_POST2: ("kraft",),  # 8: the defender after the counter roll
    Step.C_ATT_POST2: ("schutz",),  # 9: the attacker after it
}
#: a lone strike (lightning, Mjölnir) has no roll of the defender's: a Heiltrank only
STRIKE_WINDOW = ("heil",)
WINDOW_STEPS = frozenset(WINDOWS)
_WINDOW_OFFERS = {s: Fixed(Action("drink", arg=k) for k in kinds) for s, kinds in WINDOWS.items()}
_STRIKE_OFFERS = Fixed(Action("drink", arg=k) for k in STRIKE_WINDOW)
BLOCK_STEPS = frozenset({Step.C_DEF_BLOCK, Step.C_ATT_BLOCK})
ASSIGN_STEPS = frozenset({Step.C_ATT_ASSIGN, Step.C_DEF_ASSIGN})
AUTO = Action("auto")


def _window(st: GameState) -> tuple[str, ...]:
    """The potions the current window takes."""
    c = st.combat
    return STRIKE_WINDOW if c is not None and c.strike else WINDOWS.get(st.step, ())


def _window_offers(st: GameState, p: Player) -> Sequence[Action]:
    c = st.combat
    return _STRIKE_OFFERS if c is not None and c.strike else _WINDOW_OFFERS[st.step]


def _in_window(kind: str) -> Check:
    """A potion of ``kind`` is drunk at this window (always true of another kind)."""
    return lambda st, p, a: a.arg != kind or kind in _window(st)


#: R-POT-4..6: a potion drunk at a window of a combat on the hero's hex (its
#: windows open only for a seat whose hero fights there and that holds a potion)
COMBAT_DRINK = Verb("drink", "drink", "R-POT-4", WINDOW_STEPS, _window_offers, (
    NO_POTION,
    Guard("R-POT-7", "eile_when", _in_window("eile"), given=True),
    Guard("R-POT-4", "no_heil_combat", _in_window("heil"), given=True),
    Guard("R-POT-5", "kraft_when", _in_window("kraft"), given=True),
    Guard("R-POT-6", "schutz_when", _in_window("schutz"), given=True),
    Guard("R-POT-4", "heil_hurt", lambda st, p, a: a.arg != "heil" or p.life < p.max_life),
), elsewhere=DRINK.elsewhere, apply="_do_combat_drink")
#: R-COMBAT-1: a window is passed (turn-flow.md: "or pass")
COMBAT_PASS = Verb("end", "end", "R-COMBAT-1", WINDOW_STEPS, Fixed((END,)), (), tier=END_TIER,
                   elsewhere=_END_ELSEWHERE, apply="_end_window")


def _stage_elsewhere(where: str, *last: Guard) -> tuple[Guard, ...]:
    """A stage's decision at another step: in a combat (at another of its
    stages) by its own guards' words, else where it belongs."""
    return (AFTER_HASTE,
            Guard("R-COMBAT-1", "belongs", lambda st, p, a: in_combat(st), params=belongs(where, "R-COMBAT-1").params),
            *last)


def _block_offers(st: GameState, p: Player) -> Sequence[Action]:
    """The choices of red dice to block (asked of the seat whose protection blocks)."""
    c = st.combat
    if c is None:
        return ()
    defender = st.step == Step.C_DEF_BLOCK
    opts = st._block_options(c.dfn if defender else c.att, "def" if defender else "att")
    return [Action("block", vals=o) for o in opts or ()]


BLOCK_HOW = Guard("R-COMBAT-1", "block_how", never)
#: R-COMBAT-1, R-POT-6: which red dice of the roll protection blocks, one per point
#: (asked only when the choice matters: the stage is skipped otherwise)
BLOCK = Verb("block", "block", "R-COMBAT-1", BLOCK_STEPS, _block_offers, (
    Guard("R-COMBAT-1", "block_how", lambda st, p, a: a in _block_offers(st, p), given=True),
), elsewhere=_stage_elsewhere("block", BLOCK_HOW), apply="_do_block")


def _smallest_first(st: GameState, p: Player, a: Action) -> bool:
    c = st.combat
    return not (c is not None and c.queue and a.vals and a.vals[0] != c.queue[0])


def _hit_offers(st: GameState, p: Player) -> Sequence[Action]:
    return st._assign_offers() if st.combat is not None else ()


SMALLEST_FIRST = Guard("R-COMBAT-1", "smallest_first", _smallest_first,
                       params=lambda st, p, a: {"value": st.combat.queue[0] if st.combat else 0})
NO_TARGET = Guard("R-COMBAT-1", "no_target", never, params=lambda st, p, a: {"target": a.arg})
#: R-COMBAT-1 (1.4), R-COMBAT-4: the next die, smallest first, to a unit that
#: can still take it (one of each class of alike units is offered)
HIT = Verb("hit", "hit", "R-COMBAT-1", ASSIGN_STEPS, _hit_offers, (
    replace(SMALLEST_FIRST, given=True),
    Guard("R-COMBAT-1", "no_target", lambda st, p, a: a in _hit_offers(st, p), params=NO_TARGET.params,
          given=True),
), elsewhere=_stage_elsewhere("assign", SMALLEST_FIRST, NO_TARGET), apply="_assign_apply")
#: R-COMBAT-1: the rest of the dice as the engine suggests (one legal assignment)
AUTO_ASSIGN = Verb("auto", "auto", "R-COMBAT-1", ASSIGN_STEPS, Fixed((AUTO,)), (), elsewhere=_stage_elsewhere(
    "assign", Guard("R-TURN-5", "not_in_combat", never, params=NOT_IN_COMBAT.params)), apply="_assign_apply")

#: a combat's stages, in the order each offers them
STAGE_VERBS = (COMBAT_DRINK, COMBAT_PASS, BLOCK, HIT, AUTO_ASSIGN)

#: every verb of the turn but phase 4's, in the order each step offers them
TURN_VERBS: tuple[Verb, ...] = (
    BEACH, GODE, HERO_STEP, GODE_STEP, WARRIOR_STEP, ONWARD_STEP, FIGHT, BLITZ, THROW, SILVER, GIFT, GIFT_DISCARD,
    CRYSTAL, RECRUIT, HASTE, GODE_HASTE,
    LAY, END_VERB, END_COMBAT, DELIVER, SELL, TAKE, DRINK, DISCARD, *STAGE_VERBS)
#: the free steps of R-TURN-3 (a turn stops at its end for them)
FREE_STEPS = (DELIVER, SELL, TAKE)
