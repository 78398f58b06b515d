"""The verb table (R-ACT-1 and every other step): one declaration per verb,
from which the legal decisions, the refusals, the prices and the app's
action menu all come. This module holds phase 4's verbs and assembles the
whole table (:data:`TABLE`) with every other step's (:mod:`.turn_verbs`);
the machinery is :mod:`.guards`.

A :class:`Verb` names the steps where it may be decided, its rule, the
decisions it offers (``offers``), its price in Taler (``cost``), the terrains
its warriors must hold (``needs``, R-RES-1) and an ordered tuple of
:class:`Guard`\\ s. A decision is legal when every guard passes; a refused
decision is refused by the *first* guard that fails, as
``IllegalActionError(guard.rule, guard.key, guard.params(...))``; decided at
a step not its own, by the first of its ``elsewhere`` guards. Guards
marked ``place=True`` say whether the verb is on offer on the hero's field at
all (its place, and whether its rule is in force): the action menu lists the
decisions that pass them, greyed with the first other guard that fails.

A variant adds its own verbs (the campaign's ``buy amber`` and sailing with
Leifs Seekarte) by extending its state's ``verbs`` (or :func:`register`), so
its decisions are generated, refused and priced the same way. Applying a
decision stays with the state (``_do_action``), which knows what comes
after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .actions import EPIC_CARDS, POTIONS, Action, hexlabel
from .guards import Fixed, Guard, Offer, Verb, belongs, in_combat
from .messages import Msg
from .steps import Step
from .turn_verbs import TURN_VERBS

#: the machinery is re-exported: a variant declares its verbs from here
__all__ = ["ACTION_VERBS", "Guard", "Offer", "TABLE", "Verb", "entry", "register"]

if TYPE_CHECKING:
    from .player import Player
    from .state import GameState

#: prices and needs of R-ACT-1 and §17 that are no hero's ability
HELM_PRICE = 10
EPIC_PRICE = {"rundschild": 7, "huginmunin": 8, "pfade": 9, "mjolnir": 10, "kampfrausch": 11}
WISENT_NEED = {"forest": 1, "meadow": 1, "scree": 1, "rock": 1}
RUNE_NEED = {"scree": 1, "forest": 1}
EPIC_NEED = {"forest": 3}

# ------------------------------------------------------------------ guards shared by the verbs


def _place(name: str, kinds: frozenset[str], where: Callable[[GameState, int], bool] | None = None) -> Guard:
    """R-ACT-1: the hero's field is of one of ``kinds`` (and ``where``)."""
    if where is None:
        def ok(st: GameState, p: Player, a: Action) -> bool:
            return st.island.kind[p.hero_at] in kinds
    else:
        def ok(st: GameState, p: Player, a: Action) -> bool:
            h = p.hero_at
            return st.island.kind[h] in kinds and where(st, h)
    return Guard("R-ACT-1", "needs_place", ok, place=True, kinds=kinds,
                 params=lambda st, p, a: {"decision": str(a), "place": Msg(f"place.{name}"),
                                          "hex": hexlabel(p.hero_at)})


def _in_force(flag: str) -> Guard:
    return Guard("R-ACT-1", "not_in_force", lambda st, p, a: flag in st.rules, place=True,
                 params=lambda st, p, a: {"decision": str(a)})


def _taler(cost: Callable[[GameState, Player, Action], int]) -> Guard:
    return Guard("R-ACT-1", "taler", lambda st, p, a: p.taler >= cost(st, p, a), means=True,
                 params=lambda st, p, a: {"decision": str(a), "cost": cost(st, p, a), "taler": p.taler})


#: before every action: the hero stands on the board (an action is the hero's, R-ACT-1)
HERO_ON = Guard("R-ACT-1", "hero_off", lambda st, p, a: p.hero_at >= 0, place=True)
#: once per turn (the second potion of Bera's is the same action)
ONCE = Guard("R-ACT-1", "one_action", lambda st, p, a: not (st.action_done and st.step == Step.ACTION))


def _action_taken(st: GameState, p: Player) -> bool:
    """After this turn's action, in phases 5 and 6 of the seat on turn."""
    return st.action_done and st.decider == st.seat and 4 < st.phase < 7 \
        and st.step not in (Step.ACTION, Step.POTION2)


#: an action's decision at a step not its own: why not now (R-ACT-1, R-POT-2, R-POT-7)
ACTION_ELSEWHERE = (
    Guard("R-TURN-5", "not_in_combat", lambda st, p, a: not in_combat(st),
          params=lambda st, p, a: {"decision": str(a), "stage": st.step[2:]}),
    Guard("R-ACT-1", "no_action_after_haste", lambda st, p, a: st.step != Step.AFTERHASTE),
    Guard("R-POT-2", "one_purchase", lambda st, p, a: not (
        a.verb == "buy" and _action_taken(st, p) and st.bought >= p.spec.potions_per_turn)),
    Guard("R-ACT-1", "one_action_taken", lambda st, p, a: not _action_taken(st, p)),
    # Bera's second purchase is no second action
    Guard("R-POT-2", "potion2_only", lambda st, p, a: st.step != Step.POTION2),
    belongs("phase4", "R-ACT-1"),
)


def _act(name: str, verb: str, rule: str, offers: Fixed,
         guards: tuple[Guard, ...], steps: frozenset[Step] = frozenset({Step.ACTION}), **kw: Any) -> Verb:
    """A verb of phase 4: the hero on the board first, then its own guards."""
    return Verb(name, verb, rule, steps, offers, (HERO_ON, *guards), elsewhere=ACTION_ELSEWHERE,
                apply="_do_action", **kw)
HURT = Guard("R-UNIT-4", "no_life_lost", lambda st, p, a: p.life < p.max_life)


FARM = frozenset({"farm"})
MARKET = frozenset({"market"})
FARM_OR_MARKET = FARM | MARKET


def _no_rift(st: GameState, h: int) -> bool:
    """R-ISLE-12: a farm that is no rift (markets pass)."""
    return h not in st.rifts


def _rift(kind: str | None) -> Callable[[GameState, int], bool]:
    if kind is None:
        return lambda st, h: h in st.rifts
    return lambda st, h: st.rifts.get(h) == kind


def mighty(p: Player) -> bool:
    """R-RUNE-1 / §17: two ambers delivered or two crystals held."""
    return p.delivered >= 2 or p.crystals >= 2


def potion_price(st: GameState, p: Player) -> int:
    """R-POT-1: the hero's price, at most 2 at a Kobold rift (R-ACT-1)."""
    if st.rifts.get(p.hero_at) == "kobold":
        return min(2, p.spec.potion_price)
    return p.spec.potion_price


def gamble_prices(st: GameState, p: Player) -> tuple[int, int]:
    """R-ACT-1: the small and the big gamble (the big one dearer in a Duell)."""
    big = p.spec.gamble_big_duell if len(st.players) == 2 else p.spec.gamble_big
    return p.spec.gamble_small, big


def epic_place(st: GameState, p: Player, card: str) -> bool:
    """§17: where each epic card is bought, and what it asks besides."""
    h = p.hero_at
    peak = st.island.kind[h] == "peak"
    if card == "rundschild":
        return st.island.kind[h] == "market" and p.gode_at == h
    if card == "huginmunin":
        return peak and p.gode_at == h
    if card == "pfade":
        return peak
    if card == "mjolnir":
        return peak and p.weapon == "hammer"
    return peak and st.wc[p.seat][h] >= 3  # kampfrausch


#: the potions for sale, and the Heiltrank drunk at once, in the order offered
POTION_OFFERS = (Action("buy", arg="heil"), Action("buy", arg="heil", vals=(1,)),
                 *(Action("buy", arg=k) for k in POTIONS if k != "heil"))
GAMBLE_OFFERS = (Action("gamble", arg="small"), Action("gamble", arg="big"))
EPIC_OFFERS = tuple(Action("epic", arg=c) for c in EPIC_CARDS)


def _offer(*actions: Action) -> Fixed:
    return Fixed(actions)


def _one(verb: str, arg: str = "") -> Fixed:
    return _offer(Action(verb, arg=arg))


# ------------------------------------------------------------------ the table
#: every verb of phase 4, in the order the engine offers them (R-ACT-1)
ACTION_VERBS: list[Verb] = [
    _act("met", "met", "R-ACT-1", _one("met"), (
        _place("met", FARM_OR_MARKET, _no_rift), ONCE, HURT,
        _taler(lambda st, p, a: 1)), cost=lambda st, p, a: 1),
    _act("wisent", "wisent", "R-ACT-1", _one("wisent"), (
        _place("wisent", FARM, _no_rift), _in_force("wisent"), ONCE,
        Guard("R-ACT-1", "has_wisent", lambda st, p, a: not p.wisent),
        Guard("R-ACT-1", "no_wisent_left", lambda st, p, a: st.wisent_left > 0),
        _taler(lambda st, p, a: p.spec.wisent_price),
        Guard("R-RES-1", "wisent_res", lambda st, p, a: st.resources(p.seat, WISENT_NEED), means=True)),
        cost=lambda st, p, a: p.spec.wisent_price, needs=tuple(WISENT_NEED)),
    _act("hammer", "hammer", "R-ACT-1", _one("hammer"), (
        _place("hammer", MARKET), ONCE,
        Guard("R-ACT-1", "better_weapon", lambda st, p, a: p.weapon == "axe"),
        Guard("R-ACT-1", "rundschild_hammer", lambda st, p, a: "rundschild" not in p.epic),
        _taler(lambda st, p, a: p.spec.hammer_price)), cost=lambda st, p, a: p.spec.hammer_price),
    _act("buy", "buy", "R-POT-1", _offer(*POTION_OFFERS), (
        _place("buy", FARM_OR_MARKET, lambda st, h: h not in st.rifts and st.island.kind[h] == "market"
               or st.rifts.get(h) == "kobold"),
        _in_force("potions"), ONCE,
        Guard("R-POT-2", "potions_three", lambda st, p, a: bool(a.vals) or len(p.potions) < 3),
        Guard("R-POT-2", "one_purchase", lambda st, p, a: st.bought < p.spec.potions_per_turn),
        Guard("R-POT-1", "no_left", lambda st, p, a: st.potion_supply.get(a.arg, 0) > 0,
              params=lambda st, p, a: {"potion": a.arg}),
        Guard("R-POT-4", "no_life_lost", lambda st, p, a: not a.vals or p.life < p.max_life),
        _taler(lambda st, p, a: potion_price(st, p))),
        cost=lambda st, p, a: potion_price(st, p), accepts=lambda a: a.arg in POTIONS,
        steps=frozenset({Step.ACTION, Step.POTION2})),
    _act("helm", "helm", "R-ACT-1", _one("helm"), (
        _place("helm", MARKET), _in_force("helm"), ONCE,
        Guard("R-ACT-1", "one_helm", lambda st, p, a: st.helm_free),
        _taler(lambda st, p, a: HELM_PRICE)), cost=lambda st, p, a: HELM_PRICE),
    _act("gamble", "gamble", "R-ACT-1",
         _offer(*GAMBLE_OFFERS), (
             _place("gamble", MARKET), _in_force("gamble"), ONCE,
             _taler(lambda st, p, a: gamble_prices(st, p)[a.arg == "big"])),
         cost=lambda st, p, a: gamble_prices(st, p)[a.arg == "big"]),
    _act("bath", "bath", "R-ACT-1", _one("bath"), (
        _place("bath", FARM, _rift("quelle")), ONCE, HURT)),
    _act("search", "search", "R-ACT-1", _one("search"), (
        _place("search", FARM, _rift("silber")), ONCE)),
    _act("rune", "rune", "R-RUNE-1", _one("rune"), (
        _place("rune", FARM, _rift(None)), _in_force("runestone"), ONCE,
        Guard("R-RUNE-1", "rune_one", lambda st, p, a: st.rune is None),
        Guard("R-RUNE-1", "rune_two", lambda st, p, a: mighty(p), means=True),
        Guard("R-RUNE-1", "rune_amber", lambda st, p, a: p.amber, means=True),
        Guard("R-RES-1", "rune_res", lambda st, p, a: st.resources(p.seat, RUNE_NEED), means=True)),
        needs=("amber", *RUNE_NEED)),
    _act("epic", "epic", "R-ACT-1", _offer(*EPIC_OFFERS), (
        _in_force("epic"), ONCE,
        Guard("R-ACT-1", "epic_taken", lambda st, p, a: a.arg in st.epic_free, params=lambda st, p, a: {"card": a.arg}),
        Guard("R-ACT-1", "epic", lambda st, p, a: mighty(p) and st.resources(p.seat, EPIC_NEED)
              and epic_place(st, p, a.arg), params=lambda st, p, a: {"card": a.arg}, means=True),
        _taler(lambda st, p, a: EPIC_PRICE[a.arg])),
        cost=lambda st, p, a: EPIC_PRICE[a.arg], needs=tuple(EPIC_NEED) * EPIC_NEED["forest"]),
]

#: the whole table: phase 4's verbs, then every other step's (:mod:`.turn_verbs`)
TABLE: list[Verb] = [*ACTION_VERBS, *TURN_VERBS]


def register(verb: Verb, table: list[Verb] | None = None) -> None:
    """Add a variant's verb to the table (the campaign's ``buy amber``)."""
    (TABLE if table is None else table).append(verb)


def entry(a: Action, table: Iterable[Verb] = TABLE) -> Verb | None:
    """The table's entry for decision ``a``, or None for a verb of no phase 4."""
    return next((v for v in table if v.verb == a.verb and v.action and v.accepts(a)), None)
