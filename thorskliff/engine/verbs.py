"""The verb table of the action phase (R-ACT-1): one declaration per verb,
from which the legal decisions, the refusals, the prices and the app's
action menu all come.

A :class:`Verb` names the steps where it may be decided, its rule, the
decisions it offers (``offers``), its price in Taler (``cost``), the terrains
its warriors must hold (``needs``, R-RES-1) and an ordered tuple of
:class:`Guard`\\ s. A decision is legal when every guard passes; a refused
decision is refused by the *first* guard that fails, as
``IllegalActionError(guard.rule, guard.key, guard.params(...))``. Guards
marked ``place=True`` say whether the verb is on offer on the hero's field at
all (its place, and whether its rule is in force): the action menu lists the
decisions that pass them, greyed with the first other guard that fails.

A variant adds its own verbs with :func:`register` (the campaign's ``buy
amber``), so its decisions are generated, refused and priced the same way.
Applying a decision stays with the state (``_do_action``), which knows what
comes after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import EPIC_CARDS, POTIONS, Action, IllegalActionError, hexlabel
from .messages import Msg
from .steps import Step

if TYPE_CHECKING:
    from .player import Player
    from .state import GameState

#: prices and needs of R-ACT-1 and §17 that are no hero's ability
HELM_PRICE = 10
EPIC_PRICE = {"rundschild": 7, "huginmunin": 8, "pfade": 9, "mjolnir": 10, "kampfrausch": 11}
WISENT_NEED = {"forest": 1, "meadow": 1, "scree": 1, "rock": 1}
RUNE_NEED = {"scree": 1, "forest": 1}
EPIC_NEED = {"forest": 3}

Check = Callable[["GameState", "Player", Action], bool]
Params = Callable[["GameState", "Player", Action], Mapping[str, Any]]


def _none(st: GameState, p: Player, a: Action) -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True)
class Guard:
    """One condition of a verb: ``ok`` must hold, else the decision is
    refused by ``rule`` with the message ``key`` (``params`` filled in).
    ``place``: the condition says whether the verb is on offer here at all."""

    rule: str
    key: str
    ok: Check
    params: Params = _none
    place: bool = False
    #: a place guard's hex kinds (``island.kind``): it fails on any other
    kinds: frozenset[str] | None = None

    def refusal(self, st: GameState, p: Player, a: Action) -> IllegalActionError:
        return IllegalActionError(self.rule, self.key, self.params(st, p, a))


@dataclass(frozen=True)
class Verb:
    """One verb of the table (see the module)."""

    name: str  # the menu's word, and the key of ``why.place.<name>``
    verb: str  # Action.verb
    rule: str
    steps: frozenset[Step]
    offers: Callable[[GameState, Player], Sequence[Action]]
    guards: tuple[Guard, ...]
    cost: Callable[[GameState, Player, Action], int] = lambda st, p, a: 0
    needs: tuple[str, ...] = ()
    #: which decisions of ``verb`` are this entry's (``buy amber`` is no potion)
    accepts: Callable[[Action], bool] = lambda a: True

    #: the guards split once: the place guards ask only the field and the
    #: rules in force (never the decision), so they are asked once per verb
    place_guards: tuple[Guard, ...] = field(init=False)
    other_guards: tuple[Guard, ...] = field(init=False)
    #: the hex kinds where the verb may be on offer (None: any)
    kinds: frozenset[str] | None = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "place_guards", tuple(g for g in self.guards if g.place))
        object.__setattr__(self, "other_guards", tuple(g for g in self.guards if not g.place))
        kinds = [g.kinds for g in self.place_guards if g.kinds is not None]
        object.__setattr__(self, "kinds", frozenset.intersection(*kinds) if kinds else None)

    def first_failing(self, st: GameState, p: Player, a: Action) -> Guard | None:
        for g in self.guards:
            if not g.ok(st, p, a):
                return g
        return None


@dataclass(frozen=True)
class Offer:
    """One line of the action menu: a decision, its price and needs, whether
    it is legal now, and why it is refused (None when it is legal, or when
    the seat asking does not decide now)."""

    action: Action
    taler: int
    needs: tuple[str, ...]
    legal: bool
    refusal: IllegalActionError | None = None


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
    return Guard("R-ACT-1", "taler", lambda st, p, a: p.taler >= cost(st, p, a),
                 params=lambda st, p, a: {"decision": str(a), "taler": p.taler})


#: before every action: once per turn (the second potion of Bera's is the same action)
ONCE = Guard("R-ACT-1", "one_action", lambda st, p, a: not (st.action_done and st.step == Step.ACTION))
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


def _offer(*actions: Action) -> Callable[[GameState, Player], tuple[Action, ...]]:
    return lambda st, p: actions


def _one(verb: str, arg: str = "") -> Callable[[GameState, Player], tuple[Action, ...]]:
    return _offer(Action(verb, arg=arg))


ACTION_STEP = frozenset({Step.ACTION})

# ------------------------------------------------------------------ the table
#: every verb of phase 4, in the order the engine offers them (R-ACT-1)
TABLE: list[Verb] = [
    Verb("met", "met", "R-ACT-1", ACTION_STEP, _one("met"), (
        _place("met", FARM_OR_MARKET, _no_rift), ONCE, HURT,
        _taler(lambda st, p, a: 1)), cost=lambda st, p, a: 1),
    Verb("wisent", "wisent", "R-ACT-1", ACTION_STEP, _one("wisent"), (
        _place("wisent", FARM, _no_rift), _in_force("wisent"), ONCE,
        Guard("R-ACT-1", "has_wisent", lambda st, p, a: not p.wisent),
        Guard("R-ACT-1", "no_wisent_left", lambda st, p, a: st.wisent_left > 0),
        _taler(lambda st, p, a: p.spec.wisent_price),
        Guard("R-RES-1", "wisent_res", lambda st, p, a: st.resources(p.seat, WISENT_NEED))),
        cost=lambda st, p, a: p.spec.wisent_price, needs=tuple(WISENT_NEED)),
    Verb("hammer", "hammer", "R-ACT-1", ACTION_STEP, _one("hammer"), (
        _place("hammer", MARKET), ONCE,
        Guard("R-ACT-1", "better_weapon", lambda st, p, a: p.weapon == "axe"),
        Guard("R-ACT-1", "rundschild_hammer", lambda st, p, a: "rundschild" not in p.epic),
        _taler(lambda st, p, a: p.spec.hammer_price)), cost=lambda st, p, a: p.spec.hammer_price),
    Verb("buy", "buy", "R-POT-1", frozenset({Step.ACTION, Step.POTION2}), _offer(*POTION_OFFERS), (
        _place("buy", FARM_OR_MARKET, lambda st, h: h not in st.rifts and st.island.kind[h] == "market"
               or st.rifts.get(h) == "kobold"),
        _in_force("potions"), ONCE,
        Guard("R-POT-2", "potions_three", lambda st, p, a: bool(a.vals) or len(p.potions) < 3),
        Guard("R-POT-2", "one_purchase", lambda st, p, a: st.bought < p.spec.potions_per_turn),
        Guard("R-POT-1", "no_left", lambda st, p, a: st.potion_supply.get(a.arg, 0) > 0,
              params=lambda st, p, a: {"potion": a.arg}),
        Guard("R-POT-4", "no_life_lost", lambda st, p, a: not a.vals or p.life < p.max_life),
        _taler(lambda st, p, a: potion_price(st, p))),
        cost=lambda st, p, a: potion_price(st, p), accepts=lambda a: a.arg in POTIONS),
    Verb("helm", "helm", "R-ACT-1", ACTION_STEP, _one("helm"), (
        _place("helm", MARKET), _in_force("helm"), ONCE,
        Guard("R-ACT-1", "one_helm", lambda st, p, a: st.helm_free),
        _taler(lambda st, p, a: HELM_PRICE)), cost=lambda st, p, a: HELM_PRICE),
    Verb("gamble", "gamble", "R-ACT-1", ACTION_STEP,
         _offer(*GAMBLE_OFFERS), (
             _place("gamble", MARKET), _in_force("gamble"), ONCE,
             _taler(lambda st, p, a: gamble_prices(st, p)[a.arg == "big"])),
         cost=lambda st, p, a: gamble_prices(st, p)[a.arg == "big"]),
    Verb("bath", "bath", "R-ACT-1", ACTION_STEP, _one("bath"), (
        _place("bath", FARM, _rift("quelle")), ONCE, HURT)),
    Verb("search", "search", "R-ACT-1", ACTION_STEP, _one("search"), (
        _place("search", FARM, _rift("silber")), ONCE)),
    Verb("rune", "rune", "R-RUNE-1", ACTION_STEP, _one("rune"), (
        _place("rune", FARM, _rift(None)), _in_force("runestone"), ONCE,
        Guard("R-RUNE-1", "rune_one", lambda st, p, a: st.rune is None),
        Guard("R-RUNE-1", "rune_two", lambda st, p, a: mighty(p)),
        Guard("R-RUNE-1", "rune_amber", lambda st, p, a: p.amber),
        Guard("R-RES-1", "rune_res", lambda st, p, a: st.resources(p.seat, RUNE_NEED))),
        needs=("amber", *RUNE_NEED)),
    Verb("epic", "epic", "R-ACT-1", ACTION_STEP, _offer(*EPIC_OFFERS), (
        _in_force("epic"), ONCE,
        Guard("R-ACT-1", "epic_taken", lambda st, p, a: a.arg in st.epic_free, params=lambda st, p, a: {"card": a.arg}),
        Guard("R-ACT-1", "epic", lambda st, p, a: mighty(p) and st.resources(p.seat, EPIC_NEED)
              and epic_place(st, p, a.arg), params=lambda st, p, a: {"card": a.arg}),
        _taler(lambda st, p, a: EPIC_PRICE[a.arg])),
        cost=lambda st, p, a: EPIC_PRICE[a.arg], needs=tuple(EPIC_NEED) * EPIC_NEED["forest"]),
]


def register(verb: Verb, table: list[Verb] | None = None) -> None:
    """Add a variant's verb to the table (the campaign's ``buy amber``)."""
    (TABLE if table is None else table).append(verb)


def entry(a: Action, table: Iterable[Verb] = TABLE) -> Verb | None:
    """The table's entry for decision ``a``, or None for a verb of no phase 4."""
    return next((v for v in table if v.verb == a.verb and v.accepts(a)), None)
