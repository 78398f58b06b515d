"""The machinery of the verb table: :class:`Guard`, :class:`Verb`, and the
two questions asked of them — which decisions are legal at a step
(:func:`legal`) and why one is not (:func:`refuse`).

One source for what is legal and why not (as python-chess's ``is_legal``
and its move generator answer from one set of rules): a verb names the
steps where it is decided, the candidates it offers there (``offers``) and
an ordered tuple of guards. A decision is legal when an entry of the table
at the current step accepts it and none of that entry's guards fails; it is
refused by the first guard that fails, as ``IllegalActionError(rule, key,
params)`` — for an action of the menu refused for a missing means
(``Guard.means``), with every other means it lacks (``also``). A decision
whose verb is not decided at this step is refused by the verb's
``elsewhere`` guards (where the verb belongs, or why not now).

Generation asks fewer guards than a refusal, never other ones:

- a ``place`` guard asks nothing of the decision (the hero's field, the
  rules in force, the turn's flags): it is asked once per verb;
- a ``unit`` guard asks only of the unit that moves (``a.a``, ``a.c``,
  ``a.arg``): it is asked once per run of candidates of one unit;
- a ``given`` guard holds for every candidate by its construction (a step
  offered along the island's step table never climbs): generation skips it,
  a refusal asks it. tests/test_verb_guards.py checks, over random games,
  that no candidate ever fails a ``given`` guard and that every decision is
  legal exactly when no guard refuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .actions import Action, IllegalActionError, hexlabel
from .messages import Msg
from .steps import COMBAT_STEPS, Step

if TYPE_CHECKING:
    from .player import Player
    from .state import GameState

Check = Callable[["GameState", "Player", Action], bool]
Params = Callable[["GameState", "Player", Action], Mapping[str, Any]]


def _none(st: GameState, p: Player, a: Action) -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True)
class Guard:
    """One condition of a verb: ``ok`` must hold, else the decision is
    refused by ``rule`` with the message ``key`` (``params`` filled in).
    ``place``: the condition asks nothing of the decision (for an action:
    whether the verb is on offer on the hero's field at all); ``unit``: it
    asks only of the unit that moves; ``given``: every candidate the verb
    offers meets it (see the module)."""

    rule: str
    key: str
    ok: Check
    params: Params = _none
    place: bool = False
    #: a place guard's hex kinds (``island.kind``): it fails on any other
    kinds: frozenset[str] | None = None
    unit: bool = False
    given: bool = False
    #: how dear ``ok`` is to ask: generation asks a verb's place guards cheapest
    #: first (they are a conjunction; a refusal asks them in the declared order)
    weight: int = 1
    #: when it says True the guard cannot fail now (no fainted hero lies
    #: anywhere): generation does not ask it; a refusal always does
    idle: Callable[[GameState], bool] | None = None
    #: a means the player gathers (Taler, warriors on terrains, what a runestone
    #: or an epic card asks): a refusal by it names every other means that is
    #: missing too (:func:`check`); any other guard (the action taken, the item
    #: gone) is said alone, as what else is missing would not help
    means: bool = False

    def refusal(self, st: GameState, p: Player, a: Action) -> IllegalActionError:
        return IllegalActionError(self.rule, self.key, self.params(st, p, a))


def never(st: GameState, p: Player, a: Action) -> bool:
    """The ``ok`` of a guard that always refuses (the last word of an
    ``elsewhere`` list)."""
    return False


def _offers_none(st: GameState, p: Player) -> Sequence[Action]:
    return ()


class Fixed(tuple[Any, ...]):
    """A verb's offers that never change (``end``, ``sell``, the potions to
    put back): the decisions themselves, callable like any ``offers``;
    generation takes them without a call."""

    def __call__(self, st: Any, p: Any) -> Fixed:
        return self


#: the order in which a step's verbs are offered: its own decisions, then
#: ending the step, then the free steps and potions of R-TURN-3 / R-POT-3/4
OWN, END_TIER, FREE = 0, 1, 2


@dataclass(frozen=True)
class Verb:
    """One verb of the table (see the module)."""

    name: str  # the menu's word, and the key of ``why.place.<name>``
    verb: str  # Action.verb
    rule: str
    steps: frozenset[Step]
    #: the candidates: decisions, or ``(unit, targets)`` pairs when ``grouped``
    offers: Callable[[GameState, Player], Sequence[Any]]
    guards: tuple[Guard, ...]
    cost: Callable[[GameState, Player, Action], int] = lambda st, p, a: 0
    needs: tuple[str, ...] = ()
    #: which decisions of ``verb`` are this entry's (``buy amber`` is no potion)
    accepts: Callable[[Action], bool] = lambda a: True
    #: asked instead of ``guards`` when the verb comes at a step not its own;
    #: the first that fails refuses (none failing: the decision is not possible)
    elsewhere: tuple[Guard, ...] = ()
    #: where the step lists it (:data:`OWN`, :data:`END_TIER`, :data:`FREE`)
    tier: int = OWN
    #: what a ``unit`` guard asks of a candidate (its answer is kept per key)
    unit_key: Callable[[Action], Any] = attrgetter("a", "c", "arg")
    #: ``offers`` gives ``(unit, targets)`` pairs: the unit's decision with
    #: ``b`` unset, and the hexes it may go to (a step, a haste step); the
    #: unit guards are asked of the unit once, before its candidates are made
    grouped: bool = False
    #: the state's method that applies a legal decision of the verb (given
    #: the decision); by name, so a variant's override of it is used
    apply: str | None = None
    #: a hand-written generator of exactly the candidates that pass every
    #: guard, for the hottest verbs (a unit's steps), appending them to the
    #: list it is given; generation calls it instead of asking the guards,
    #: refusals still ask the guards, and tests/test_verb_guards.py checks at
    #: every decision point of many random games that both give the same decisions
    fast: Callable[[GameState, Player, list[Action]], None] | None = None

    #: the guards split once (see the module)
    place_guards: tuple[Guard, ...] = field(init=False)
    other_guards: tuple[Guard, ...] = field(init=False)
    unit_guards: tuple[Guard, ...] = field(init=False)
    check_guards: tuple[Guard, ...] = field(init=False)
    #: the hex kinds where the verb may be on offer (None: any)
    kinds: frozenset[str] | None = field(init=False)
    #: what the place guards are asked of before any candidate is made
    probe: Action = field(init=False)
    #: what generation asks, in one tuple (:func:`legal` reads it on every decision)
    plan: tuple[Any, ...] = field(init=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "place_guards", tuple(sorted((g for g in self.guards if g.place), key=lambda g: g.weight)))
        put(self, "other_guards", tuple(g for g in self.guards if not g.place))
        put(self, "unit_guards", tuple(g for g in self.guards if g.unit and not g.place and not g.given))
        put(self, "check_guards", tuple(g for g in self.guards if not (g.place or g.unit or g.given)))
        kinds = [g.kinds for g in self.place_guards if g.kinds is not None]
        put(self, "kinds", frozenset.intersection(*kinds) if kinds else None)
        put(self, "probe", Action(self.verb))
        put(self, "plan", (
            self.fast, self.kinds, self.place_guards, self.probe, self.offers,
            tuple(g for g in self.check_guards if g.idle is None),
            tuple(g for g in self.check_guards if g.idle is not None),
            self.unit_guards, self.grouped, self.unit_key, type(self.offers) is Fixed))

    @property
    def action(self) -> bool:
        """A verb of the action phase's menu (R-ACT-1)."""
        return self.tier == OWN and (Step.ACTION in self.steps or Step.POTION2 in self.steps)

    def candidates(self, st: GameState, p: Player) -> list[Action]:
        """Every decision the verb offers now, before any guard is asked."""
        if not self.grouped:
            return list(self.offers(st, p))
        return [Action(u.verb, u.a, b, u.c, u.arg) for u, targets in self.offers(st, p) for b in targets]

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


# ------------------------------------------------------------------ the table by step

class Index:
    """A table looked up by step and by verb (built once per table)."""

    def __init__(self, table: Sequence[Verb]):
        steps: dict[Step, list[Verb]] = {}
        for v in table:
            for s in v.steps:
                steps.setdefault(s, []).append(v)
        #: each step's verbs, in the order they are offered (stable by tier)
        self.at: dict[Step, tuple[Verb, ...]] = {s: tuple(sorted(vs, key=lambda v: v.tier))
                                                 for s, vs in steps.items()}
        self.own: dict[Step, tuple[Verb, ...]] = {s: tuple(v for v in vs if v.tier == OWN)
                                                  for s, vs in self.at.items()}
        #: the same as generation plans (:func:`plans`)
        self.plans_at = {s: plans(vs) for s, vs in self.at.items()}
        self.plans_own = {s: plans(vs) for s, vs in self.own.items()}
        self.plans_rest = {s: plans(v for v in vs if v.tier != OWN) for s, vs in self.at.items()}
        #: each step's entries by verb name (what a decision there is applied by)
        self.by_verb: dict[Step, dict[str, tuple[Verb, ...]]] = {}
        for s, vs in self.at.items():
            names: dict[str, list[Verb]] = {}
            for v in vs:
                names.setdefault(v.verb, []).append(v)
            self.by_verb[s] = {n: tuple(x) for n, x in names.items()}
        #: each step's verbs whose entries there all apply alike: the method's
        #: name, found without asking which entry accepts the decision
        self.applies: dict[Step, dict[str, str]] = {
            s: {n: vs[0].apply for n, vs in names_.items()
                if vs[0].apply is not None and all(v.apply == vs[0].apply for v in vs)}
            for s, names_ in self.by_verb.items()}
        #: each verb's entries, in the table's order (for its ``elsewhere``)
        self.home: dict[str, list[Verb]] = {}
        for v in table:
            self.home.setdefault(v.verb, []).append(v)


    def entry(self, step: Step, a: Action) -> Verb | None:
        """The first entry at ``step`` that accepts ``a``."""
        for v in self.by_verb[step].get(a.verb, ()) if step in self.by_verb else ():
            if v.accepts(a):
                return v
        return None


_INDEX: dict[int, tuple[Sequence[Verb], Index]] = {}


def index(table: Sequence[Verb]) -> Index:
    """The index of ``table`` (a state's ``verbs``, kept for the process)."""
    got = _INDEX.get(id(table))
    if got is None or got[0] is not table:
        got = _INDEX[id(table)] = (table, Index(table))
    return got[1]


# ------------------------------------------------------------------ generation

def plans(verbs: Iterable[Verb], fast: bool = True) -> tuple[tuple[Any, ...], ...]:
    """What :func:`legal` asks of ``verbs`` (``fast=False``: the guards
    themselves even where a verb has a fast generator)."""
    return tuple(v.plan if fast else (None, *v.plan[1:]) for v in verbs)


def legal(st: GameState, p: Player, plans: Iterable[tuple[Any, ...]]) -> list[Action]:
    """Every candidate of the verbs (their :func:`plans`) that passes all
    their guards (asked as the module says), in the table's order."""
    h = p.hero_at
    kind = st.island.kind[h] if h >= 0 else ""
    out: list[Action] = []
    append = out.append
    make = tuple.__new__  # an Action of the unit's fields but ``b`` (Action(...) goes through a lambda)
    failed = None  # a place guard that failed for an earlier verb fails again (verbs share them)
    for fast, kinds, place, probe, offers, guards, idle, unit, grouped, unit_key, fixed in plans:
        if fast is not None:
            fast(st, p, out)
            continue
        if kinds is not None and kind not in kinds:
            continue
        for g in place:  # they ask nothing of the decision: asked of the probe
            if g is failed or not g.ok(st, p, probe):
                failed = g
                break
        else:
            for g in idle:
                if not g.idle(st):
                    guards = guards + (g,)
            if grouped:
                for u, targets in offers(st, p):
                    for g in unit:
                        if not g.ok(st, p, u):
                            break
                    else:
                        v, x, _, c, arg, vals = u
                        if guards:
                            for b in targets:
                                a = make(Action, (v, x, b, c, arg, vals))
                                for g in guards:
                                    if not g.ok(st, p, a):
                                        break
                                else:
                                    append(a)
                        else:
                            for b in targets:
                                append(make(Action, (v, x, b, c, arg, vals)))
            elif unit:
                fits: dict[Any, bool] = {}
                for a in offers(st, p):
                    k = unit_key(a)
                    fit = fits.get(k)
                    if fit is None:
                        fit = True
                        for g in unit:
                            if not g.ok(st, p, a):
                                fit = False
                                break
                        fits[k] = fit
                    if fit:
                        for g in guards:
                            if not g.ok(st, p, a):
                                break
                        else:
                            out.append(a)
            elif guards:
                for a in offers if fixed else offers(st, p):
                    for g in guards:
                        if not g.ok(st, p, a):
                            break
                    else:
                        append(a)
            else:
                out.extend(offers if fixed else offers(st, p))
    return out


# ------------------------------------------------------------------ refusals

def _off_island(st: GameState, p: Player, a: Action) -> bool:
    size = st.island.size
    return a.a < size and a.b < size and a.c < size


#: asked of every decision before its verb's guards
GENERAL = (
    Guard("R-DICE-2", "no_roll_now", lambda st, p, a: a.verb != "roll"),
    # a label of sectors 5–6 on the Duell crescent
    Guard("R-ISLE-10", "not_on_island", _off_island,
          params=lambda st, p, a: {"hex": hexlabel(next(h for h in (a.a, a.b, a.c) if h >= st.island.size)),
                                   "last": len(st.island.arrangement)}),
)


def belongs(where: str, rule: str) -> Guard:
    """The last word of a verb decided elsewhere: where it belongs (``why.where.<where>``)."""
    return Guard(rule, "belongs", never, params=lambda st, p, a: {
        "decision": str(a), "where": Msg(f"where.{where}"), "phase": Msg(f"phase.{st.phase_key()}"),
        "step": str(st.step)})


def check(st: GameState, a: Action) -> IllegalActionError | None:
    """None when an entry of the table at this step accepts ``a`` and no
    guard of it fails; else the refusal of the first guard that fails (of
    the first entry accepting it, or of the verb's ``elsewhere`` guards)."""
    p = st.players[st.decider]
    for g in GENERAL:
        if not g.ok(st, p, a):
            return g.refusal(st, p, a)
    idx = st.verb_index
    first: IllegalActionError | None = None
    found = False
    for verb in idx.at.get(st.step, ()):
        if verb.verb == a.verb and verb.accepts(a):
            found = True
            failing = verb.first_failing(st, p, a)
            if failing is None:
                return None
            if first is None:
                first = failing.refusal(st, p, a)
                if verb.action and failing.means:
                    first = _every_reason(st, p, a, verb, failing, first)
    if found:
        return first
    homes = idx.home.get(a.verb)
    if not homes:
        return belongs("other", "R-TURN-2").refusal(st, p, a)
    home = next((v for v in homes if v.accepts(a)), homes[0])
    for g in home.elsewhere:
        if not g.ok(st, p, a):
            return g.refusal(st, p, a)
    return IllegalActionError(home.rule, "not_possible", {"decision": str(a)})


def _every_reason(st: GameState, p: Player, a: Action, verb: Verb, failing: Guard,
                  first: IllegalActionError) -> IllegalActionError:
    """An action of the menu refused for a missing means (``failing``), with
    every later means of its entry missing too: a play-tester read only "too
    few Taler" for a Wisent his hero also lacked the terrains for. A later
    guard of another kind that fails is said alone instead (no means helps)."""
    rest = [g for g in verb.guards[verb.guards.index(failing) + 1:] if not g.place and not g.ok(st, p, a)]
    alone = next((g for g in rest if not g.means), None)
    if alone is not None:
        return alone.refusal(st, p, a)
    if not rest:
        return first
    return IllegalActionError(first.rule, first.key, first.params, tuple(g.refusal(st, p, a) for g in rest))


def refuse(st: GameState, a: Action) -> IllegalActionError:
    """Why ``a``, which is not among the legal decisions, is refused."""
    err = check(st, a)
    if err is None:  # every guard passes: cannot happen while generation agrees with the guards
        return IllegalActionError("R-TURN-2", "not_possible", {"decision": str(a)})
    return err


def in_combat(st: GameState) -> bool:
    return st.step in COMBAT_STEPS
