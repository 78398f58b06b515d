"""The search bot: Monte Carlo tree search over determinized states.

What the bot may know. It is handed :func:`public_state` — a copy of the
game from which everything its seat may not see has been removed before the
bot gets it: the kinds of other seats' face-down potions (replaced by
:data:`HIDDEN`; a used Eiletrank lies face up and stays), the kinds in the
potion supply (only the total stays), and the dice seed (so the dice to come
are unknown). The bot therefore cannot read a secret even by mistake.

Determinization. Each iteration deals the unknown potions anew
(:func:`determinize`): the pool is every potion of the game (5 Heil, 5 Kraft,
6 Eile, 6 Schutz, which never leave play) minus the ones the seat sees (its
own, face-up Eiletränke); it is shuffled and dealt to the hidden slots of the
other seats, the rest forming the supply. A deal that would change the seat's
own legal decisions (e.g. which potions it may buy) contradicts what it sees
and is dealt again. The copy gets a fresh random seed, so every chance step
is sampled.

Search. Open-loop UCT with a prior (PUCT): tree nodes are the sequences of
non-trivial decisions; chance steps and trivial decisions (a single legal
action, potion windows, blocks, ``auto`` assignments, silver, recruiting,
pick-ups) are played by the heuristic bot without a node, so the budget goes
where choices matter: the hero's and the Gode's steps, fights, actions,
haste, the Gode's marker. Candidates are pruned (see :func:`candidates`). A
leaf is played on by the heuristic bot for every seat until a full round of
turns after the decision — two rounds in a Duell (:data:`HORIZON`) — (or a
step cap), and scored by :func:`evaluate`:
each seat's chance to win. In a two-player game it comes from
:func:`duell_scores`, log-odds weights fitted to the winners of heuristic
self-play (``scripts/fit_duell_eval.py``) on ambers delivered and carried,
the turns the hero still needs to walk for the rest (:func:`race_turns`:
the Wisent's and the Eiletrank's pace count there), warriors, life and
whose turn it is; with three or four players the same features with
weights fitted for that table size (:data:`TABLE`) through a softmax. Every seat maximises its own chance in
the tree (max^n).

The heuristic's answers up to the first roll of an iteration are remembered
across the iterations of a decision (see :meth:`SearchBot._heuristic`):
given the decisions since the root and the deciding seat's own potions,
they cannot depend on the deal.

The heuristic's choice gets most of the prior and is kept unless an
alternative searched often enough scores ``margin`` better in log-odds
(:func:`pick`): a one-round horizon cannot see what long plans are worth,
and without a margin more iterations only follow the evaluation's bias
more faithfully (an early trial without one: 6/20 wins at 500 iterations,
15/20 at 150). Log-odds rather than points of chance, so that a seat far
behind still acts on a decision that doubles its small chance. docs/bots.md
has what each change measured.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter

from ..engine.steps import COMBAT_STEPS, Step
from ..engine.actions import POTIONS, Action
from ..engine.player import AWAKE, Player
from ..engine.fields import POTION_SUPPLY
from ..engine.state import CHANCE, GameState
from .greedy import END, Board, step_distances
from .heuristic import HeuristicBot

HIDDEN = "?"

#: steps always left to the heuristic bot (potion windows, blocks, assignments, …)
TRIVIAL_STEPS = frozenset({Step.BEACH, Step.SILVER, Step.RECRUIT, Step.TURNEND, Step.AFTERHASTE, Step.CRYSTAL, Step.GIFT,
                           Step.LAY})
FREE = frozenset({"deliver", "take"})


# --------------------------------------------------------------------- what a seat may know


def public_state(st: GameState, seat: int) -> GameState:
    """A copy of ``st`` holding only what ``seat`` may know (see the module).

    It is not playable as it is (the supply has no kinds); :func:`determinize`
    makes playable copies. Its cached legal actions are the seat's own when
    the seat decides now, so ``observation(seat)`` works on it."""
    pub = st.clone()
    for p in pub.players:
        if p.seat != seat:
            p.potions = [(k, u) if p.eile_public(k, u) else (HIDDEN, 0) for k, u in p.potions]
    pub.potion_supply = {HIDDEN: sum(st.potion_supply.values())}
    pub.seed = 0
    pub._legal = list(st.legal_actions()) if st.current_player() == seat else []
    return pub


def hidden_leaks(pub: GameState, seat: int) -> list[str]:
    """What in ``pub`` a seat should not know (empty for a public state)."""
    out = []
    for p in pub.players:
        if p.seat != seat:
            out += [f"seat {p.seat + 1} holds {k}" for k, u in p.potions
                    if k != HIDDEN and not p.eile_public(k, u)]
    if set(pub.potion_supply) != {HIDDEN}:
        out.append("the supply shows its kinds")
    if pub.seed != 0:
        out.append("the dice seed is known")
    return out


def supply_known_empty(legal: list[Action] | None) -> frozenset[str]:
    """Potion kinds the seat's own legal actions show to be gone from the
    supply: when it may buy (with room) or take a runestone gift, exactly the
    kinds still there are offered."""
    if not legal:
        return frozenset()
    offered = {a.arg for a in legal if a.verb == "gift" or (a.verb == "buy" and not a.vals)}
    if not offered:
        return frozenset()
    return frozenset(POTIONS) - offered


def _deal(pub: GameState, seat: int, rng: random.Random, empty: frozenset[str] = frozenset()) -> GameState:
    det = pub.clone()
    known: Counter = Counter()
    slots = []
    for p in det.players:
        for i, (k, _) in enumerate(p.potions):
            if k == HIDDEN:
                slots.append((p, i))
            else:
                known[k] += 1
    unknown = [k for k in POTIONS for _ in range(max(0, POTION_SUPPLY[k] - known[k]))]
    # kinds known to be gone from the supply are all held by others: deal them first
    forced = [k for k in unknown if k in empty]
    rest = [k for k in unknown if k not in empty]
    rng.shuffle(forced)
    rng.shuffle(rest)
    held = forced[:len(slots)]
    rest += forced[len(slots):]  # more than the slots: no consistent deal, keep them in play
    rng.shuffle(rest)
    pool = held + rest
    in_supply = pub.potion_supply[HIDDEN]
    while len(pool) < len(slots) + in_supply:  # only if a variant changed the potion counts
        pool.append(rng.choice(POTIONS))
    rng.shuffle(slots)
    for (p, i), k in zip(slots, pool):
        p.potions[i] = (k, p.spec.eile_uses if k == "eile" else 1)
    det.potion_supply = dict.fromkeys(POTIONS, 0)
    for k in pool[len(slots):len(slots) + in_supply]:
        det.potion_supply[k] += 1
    det.seed = rng.getrandbits(62)
    det._legal = None
    return det


def determinize(pub: GameState, seat: int, rng: random.Random, legal: list[Action] | None = None,
                tries: int = 12) -> GameState:
    """A playable state consistent with ``pub`` and, when given, with
    ``legal`` (the seat's own legal actions now): kinds it cannot buy are
    dealt to the others, and a deal that still changes its legal actions is
    dealt again (at most ``tries`` times)."""
    want = set(legal) if legal is not None else None
    empty = supply_known_empty(legal)
    for _ in range(tries):
        det = _deal(pub, seat, rng, empty)
        if want is None or set(det.legal_actions()) == want:
            return det
    return det


# --------------------------------------------------------------------- evaluation

#: weights of the per-seat score, in "delivered ambers"
WEIGHTS = {
    "delivered": 1.0, "amber": 0.45, "amber_near": 0.35, "crystal": 0.8, "rune": 0.9, "rune_turn": 0.35,
    "taler": 0.05, "weapon": 0.35, "wisent": 0.45, "helm": 0.25, "epic": 0.2, "potion": 0.08,
    "warrior": 0.06, "gode": 0.08, "life": 0.035, "fainted": 0.5,
}
SHARPNESS = 2.2  # softmax temperature: score differences to win chances


def scores(st: GameState) -> list[float]:
    w = WEIGHTS
    dist = step_distances(st.island.arrangement, st.island.layout)
    sanct = st.island.sanctuary
    out = []
    for p in st.players:
        if p.out:
            out.append(-99.0)
            continue
        s = w["delivered"] * p.delivered + w["crystal"] * p.crystals
        if p.amber:
            d = dist[p.hero_at][sanct] if p.hero_at >= 0 else 8
            s += w["amber"] + w["amber_near"] * max(0.0, 1 - d / 8)
        if st.rune and st.rune[0] == p.seat:
            s += w["rune"] + w["rune_turn"] * (4 - st.rune[2])
        s += w["taler"] * min(p.taler, 20)
        s += w["weapon"] * (p.weapon != "axe") + w["wisent"] * p.wisent + w["helm"] * p.helm
        s += w["epic"] * len(p.epic) + w["potion"] * len(p.potions)
        s += w["warrior"] * sum(st.wc[p.seat]) + w["gode"] * (p.gode_at >= 0)
        s += w["life"] * p.life - w["fainted"] * (p.faint != AWAKE)
        out.append(s)
    return out


#: log-odds weights of a two-player position's features (:func:`duell_features`):
#: fitted by ``scripts/fit_duell_eval.py`` to the winners of 3,000 heuristic
#: Duell games (seeds 1000-3999; never the seeds of a measurement): on the
#: held-out fifth, log loss 0.40 and 84 % of winners named at turn starts,
#: against 0.51 and 76 % for :data:`WEIGHTS`. Two are set by hand, because self-play cannot show them:
#: crystals (the heuristic rarely wins by them) and low life (it heals before
#: low life costs it anything; a search that strays from its plan would not).
#: What the fit left at 0 is gone: Taler, equipment and potions pay only
#: through what they do (the race, life), not as assets.
DUELL = {
    "delivered": 2.64, "amber": -1.86, "amber_near": 5.06, "race": -0.346, "warrior": 0.46, "life": 0.107,
    "to_move": 0.56, "crystal": 1.5, "low_life": -0.3,
}


#: log-odds weights of a 3- or 4-player position's features (:func:`duell_features`),
#: by the number of seats (a seat's chance: the softmax of the seats' sums; a
#: table size not here uses :func:`scores`): fitted by
#: ``scripts/fit_table_eval.py`` to the winners of 1,000 heuristic base games
#: of each size (seeds 20000-20999, every second turn start; never the seeds of a
#: measurement). Crystals and low life are set by hand as in :data:`DUELL`,
#: scaled by the ratio of the delivered amber's weights. On the held-out fifth
#: these weights as they stand score log loss 0.916 and 57 % of winners named
#: with 3 seats (the fit alone 0.910), against 1.00 and 52 % for :func:`scores`
#: (parity 1.10, 33 %); 1.142 and 49 % with 4 (the fit alone 1.137), against
#: 1.24 and 46 % (parity 1.39, 25 %): ``fit_table_eval.py --held-out``.
TABLE: dict[int, dict[str, float]] = {
    3: {"delivered": 1.07, "amber": -0.659, "amber_near": 1.89, "warrior": 0.161, "life": 0.0867, "race": -0.146,
        "to_move": 0.192, "crystal": 0.61, "low_life": -0.12},
    4: {"delivered": 0.758, "amber": -0.68, "amber_near": 1.73, "warrior": 0.146, "life": 0.0735, "race": -0.107,
        "to_move": 0.19, "crystal": 0.43, "low_life": -0.086},
}


def race_turns(st: GameState, p: Player, dist, sources: list[int], trip: int) -> float:
    """Turns the hero of ``p`` still needs to walk for the ambers it lacks:
    to an amber (one of ``sources``), to the sanctuary, and a round trip of
    ``trip`` steps each way for every amber after, at its pace (Wisent: 2
    steps a turn, R-MOVE-2; every Eiletrank use one step more, one a turn,
    R-POT-7) — or, sooner, the turns its standing runestone still needs."""
    sanct = st.island.sanctuary
    left = st.mode.goal_ambers - p.delivered
    here = p.hero_at
    if here < 0:
        steps = 8 + (left - 1) * 2 * trip + (0 if p.amber else trip)
    elif p.amber:
        steps = dist[here][sanct] + (left - 1) * 2 * trip
    else:
        fetch = min((dist[here][h] + dist[h][sanct] for h in sources), default=16)
        steps = fetch + (left - 1) * 2 * trip
    pace = 2 if p.wisent else 1
    eile = sum(u for k, u in p.potions if k == "eile")
    fast = steps / (pace + 1)
    turns = fast if fast <= eile else eile + (steps - eile * (pace + 1)) / pace
    if st.rune and st.rune[0] == p.seat:  # a standing runestone wins when its counter runs out (R-RUNE-3)
        turns = min(turns, st.rune[2])
    return turns


def duell_features(st: GameState) -> list[dict[str, float] | None]:
    """Per seat (None for a seat that is out): ambers delivered, the carried
    amber and its closeness to the sanctuary, :func:`race_turns`, warriors
    on the board, life and how far it is below 5, whose turn it is,
    crystals."""
    isl = st.island
    dist = step_distances(isl.arrangement, isl.layout)
    sanct = isl.sanctuary
    sources = [h for h, k in st.amber_at.items() if k]
    if st.amber_supply > 0:
        sources += isl.beaches
    trip = min((dist[b][sanct] for b in isl.beaches), default=8)
    out: list[dict[str, float] | None] = []
    for p in st.players:
        if p.out:
            out.append(None)
            continue
        f = {"delivered": p.delivered, "crystal": p.crystals, "life": p.life, "low_life": max(0, 5 - p.life),
             "warrior": sum(st.wc[p.seat]),
             "race": race_turns(st, p, dist, sources, trip), "to_move": float(p.seat == st.seat)}
        if p.amber:
            d = dist[p.hero_at][sanct] if p.hero_at >= 0 else 8
            f["amber"] = 1.0
            f["amber_near"] = max(0.0, 1 - d / 8)
        out.append(f)
    return out


def duell_scores(st: GameState, weights: dict[str, float] | None = None) -> list[float]:
    """Each seat's log-odds share of the position: :data:`DUELL`, or
    ``weights`` (:data:`TABLE`) on the same features."""
    w = DUELL if weights is None else weights
    return [-99.0 if f is None else sum(w.get(k, 0.0) * x for k, x in f.items()) for f in duell_features(st)]


def evaluate(st: GameState) -> list[float]:
    """Each seat's chance to win from ``st`` (sums to 1)."""
    n = st.num_players
    out = st.outcome()
    if out is not None:
        if out.winner is None:
            return [1.0 / n] * n
        return [1.0 if q == out.winner else 0.0 for q in range(n)]
    if n == 2:
        s, k = duell_scores(st), 1.0
    elif n in TABLE:
        s, k = duell_scores(st, TABLE[n]), 1.0
    else:
        s, k = scores(st), SHARPNESS
    top = max(s)
    e = [math.exp(k * (x - top)) for x in s]
    tot = sum(e)
    return [x / tot for x in e]


# --------------------------------------------------------------------- the tree


#: rounds of turns an iteration plays on after the searched decision, by the
#: number of seats (1 where missing). In a Duell two: an iteration then costs
#: 2.7 times as much (the answers remembered across iterations cover only the
#: turn searched), yet at the same time per decision the search wins more
#: often (docs/bots.md, "Strength at 0.5 s a decision"); with three or four
#: seats a round is long already, and one round met the issue's targets.
HORIZON = {2: 2}


def _logit(q: float) -> float:
    q = min(max(q, 1e-6), 1 - 1e-6)
    return math.log(q / (1 - q))


class Node:
    __slots__ = ("children", "n", "w")

    def __init__(self, players: int):
        self.children: dict[Action, Node] = {}
        self.n = 0
        self.w = [0.0] * players


def candidates(st: GameState, legal: list[Action], choice: Action) -> list[Action]:
    """The decisions worth searching, the heuristic's ``choice`` first: every
    hero and Gode step, a warrior step into a fight, selling, passing,
    fights, actions, the Gode's marker, haste. Potions put back are never
    searched."""
    if st.step == Step.MOVE:
        fights: dict[int, bool] = {}  # per hex entered: warriors step there from up to six hexes

        def fight(b: int) -> bool:
            if b not in fights:
                fights[b] = st.enemy_at(b, st.seat)
            return fights[b]

        keep = [a for a in legal if a.verb == "step" and (a.arg in ("H", "G") or fight(a.b))
                or a.verb in ("sell", "drink")]
    else:
        keep = [a for a in legal if a.verb != "discard"]
    if END in legal:
        keep.append(END)
    out = [choice]
    seen = {choice}
    for a in keep:
        if a not in seen:
            seen.add(a)
            out.append(a)
    return out


def trivial(st: GameState, choice: Action) -> bool:
    """A decision left to the heuristic: potion windows, blocks and
    assignments in a combat, the other steps of :data:`TRIVIAL_STEPS`, and a
    pick-up or delivery (never worse than not taking it)."""
    return st.step in TRIVIAL_STEPS or st.step in COMBAT_STEPS or choice.verb in FREE


def pick(root: Node, cands: list[Action], choice: Action, seat: int, iterations: int, margin: float,
         share: float) -> Action:
    """The decision after ``iterations`` iterations from ``root``: among the
    alternatives to the heuristic's ``choice`` searched at least
    ``max(8, share * iterations)`` times, the one whose mean chance for
    ``seat`` is best (with none, the most searched candidate); it is taken
    only if that chance beats the choice's by ``margin`` in log-odds.

    Log-odds, not points of chance: a seat far behind (or ahead) sees every
    decision within a few points, yet one of them may double its chance."""
    floor = max(8, share * iterations)
    alts = [(c.w[seat] / c.n, i, a) for i, (a, c) in enumerate(root.children.items())
            if a != choice and c.n >= floor]
    if alts:
        best = max(alts)[2]
    else:
        best = max(cands, key=lambda a: (root.children[a].n if a in root.children else -1, a == choice))
    mine, theirs = root.children.get(best), root.children.get(choice)
    if best == choice or mine is None or theirs is None or not theirs.n:
        return best
    # a small edge may be the evaluation's bias, not the decision's: keep the plan
    if _logit(mine.w[seat] / mine.n) - _logit(theirs.w[seat] / theirs.n) < margin:
        return choice
    return best


class _Horizon:
    """Where an iteration stops: the game's end, ``max_steps`` decisions, or
    ``rounds`` full rounds of turns after the searched decision. It also keeps the
    iteration's ``path``: the decisions taken since the root, up to the
    first roll of the dice (then None; see :meth:`SearchBot._heuristic`)."""

    def __init__(self, st: GameState, max_steps: int, rounds: int = 1):
        self.path: list[Action] | None = []
        self.turn = (st.round, st.seat)
        self.turns = 0
        self.rounds = rounds * len(st.active_seats())
        self.steps = 1  # the searched decision itself
        self.max_steps = max_steps
        self.over = False

    def running(self, st: GameState) -> bool:
        """Rolls the dice due; True while ``st`` is a decision within the
        horizon (False from the first time it is not)."""
        if self.over:
            return False
        while st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
            self.path = None
        if st.is_terminal() or self.steps >= self.max_steps:
            self.over = True
            return False
        if (st.round, st.seat) != self.turn:
            self.turn = (st.round, st.seat)
            self.turns += 1
            if self.turns >= self.rounds:
                self.over = True
                return False
        self.steps += 1
        return True

    def play(self, st: GameState, a: Action) -> None:
        """Apply the decision ``a`` to ``st``, keeping it on the path."""
        st.apply_action(a)
        if self.path is not None:
            self.path.append(a)


class SearchBot:
    """MCTS with a time budget (``seconds``) or an iteration budget
    (``iterations``) per decision; see the module. ``choose`` without a state
    (a caller that only has the observation) plays as the heuristic bot.

    ``work``, with or without ``iterations``, caps the heuristic bot's
    decisions the iterations ask for (:meth:`_ask`; the answers remembered
    across iterations are free): the search stops after the iteration that
    reaches it. Asking the heuristic is where a search's time goes, and a
    decision whose rollouts run long asks it many times more often than a
    typical one (docs/bots.md, "Budgets"), so the cap bounds the wait for a
    person where an iteration count alone does not — and, unlike seconds,
    it gives the same decisions on every machine."""

    name = "search"
    needs_public_state = True

    def __init__(self, seconds: float | None = 0.5, iterations: int | None = None, prior: float = 0.5,
                 explore: float = 1.0, margin: float = 0.12, share: float = 0.08, max_steps: int = 150,
                 work: int | None = None, horizon: int | None = None):
        if iterations is not None or work is not None:
            seconds = None
        self.seconds = seconds
        self.iterations = iterations
        self.work = work
        self.prior = prior
        self.explore = explore
        self.margin = margin
        self.share = share
        self.max_steps = max_steps
        self.horizon = horizon
        self.heuristic = HeuristicBot()
        self.searched = 0  # decisions that were searched (the rest were the heuristic's)
        self._seat = -1  # the seat searching now (-1: none), and the heuristic's answers (:meth:`_heuristic`)
        self._known: dict[tuple, Action] = {}
        self.iterations_run = 0
        self._asked = 0  # the heuristic's decisions asked in the search now (``work``)
        self.asked_run = 0

    def __repr__(self) -> str:
        return f"SearchBot({self.budget()})"

    def budget(self) -> str:
        """The budget as a bot name writes it: ``400it``, ``0.5s``, ``400it/3500h``, ``3500h``."""
        if self.seconds:
            return f"{self.seconds:g}s"
        parts = [f"{self.iterations}it"] if self.iterations else []
        return "/".join(parts + ([f"{self.work}h"] if self.work else []))

    def choose(self, obs: dict, legal: list[Action], rng: random.Random) -> Action:
        return self.heuristic.choose(obs, legal, rng)

    def start(self, seat: int) -> None:
        """Begin a search for ``seat`` (from the state it decides in):
        the heuristic's answers remembered so far (:meth:`_heuristic`) are
        forgotten."""
        self._seat, self._known = seat, {}
        self._asked = 0

    # ------------------------------------------------------------ deciding
    def choose_public(self, pub: GameState, legal: list[Action], rng: random.Random) -> Action:
        """Decide for the seat deciding in ``pub`` (a :func:`public_state`)."""
        seat = pub.current_player()
        if len(legal) == 1:
            return legal[0]
        choice = self._heuristic(pub, legal, rng)
        if trivial(pub, choice):
            return choice
        cands = candidates(pub, legal, choice)
        if len(cands) == 1:
            return choice
        self.searched += 1
        self.start(seat)
        root = Node(pub.num_players)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and done:
                    break
            elif done and (self.iterations and done >= self.iterations or self.work and self._asked >= self.work):
                break
            det = determinize(pub, seat, rng, legal)
            self._iterate(root, det, rng, cands)
            done += 1
        self.iterations_run += done
        self.asked_run += self._asked
        return pick(root, cands, choice, seat, done, self.margin, self.share)

    def _iterate(self, root: Node, st: GameState, rng: random.Random, cands: list[Action]) -> None:
        """One iteration on the determinized ``st``: down the tree (UCT),
        one new node, the heuristic's rollout to the horizon, backup."""
        clock = _Horizon(st, self.max_steps, self.horizon or HORIZON.get(st.num_players, 1))
        path = [root]
        node = root
        while True:
            a = self._select(node, [c for c in cands if c in st.legal_actions()] or cands[:1],
                             st.current_player())
            child = node.children.get(a)
            new = child is None
            if child is None:
                child = node.children[a] = Node(st.num_players)
            path.append(child)
            node = child
            clock.play(st, a)
            if new:
                break
            nxt = self._next_choice(st, rng, clock)
            if nxt is None:
                break
            cands = nxt
        self._rollout(st, rng, clock)
        value = evaluate(st)
        for nd in path:
            nd.n += 1
            w = nd.w
            for q, x in enumerate(value):
                w[q] += x

    def _next_choice(self, st: GameState, rng: random.Random, clock: _Horizon) -> list[Action] | None:
        """Play chance steps and trivial decisions up to the next decision
        worth a node; its candidates, or None at the horizon."""
        while clock.running(st):
            legal = st.legal_actions()
            if len(legal) == 1:
                clock.play(st, legal[0])
                continue
            choice = self._heuristic(st, legal, rng, clock)
            if not trivial(st, choice):
                cands = candidates(st, legal, choice)
                if len(cands) > 1:
                    return cands
            clock.play(st, choice)
        return None

    def _rollout(self, st: GameState, rng: random.Random, clock: _Horizon) -> None:
        while clock.running(st):
            legal = st.legal_actions()
            clock.play(st, legal[0] if len(legal) == 1 else self._heuristic(st, legal, rng, clock))

    def _heuristic(self, st: GameState, legal: list[Action], rng: random.Random,
                   clock: _Horizon | None = None) -> Action:
        """The heuristic bot's decision for the seat deciding in ``st``,
        asked once per searched decision for the same decisions since the
        root (``clock.path``), deciding seat, legal decisions and potions of
        that seat. Up to the first roll an iteration's state is the root's
        public state after those decisions, whatever the deal: all chance
        comes from the dice, a potion's kind is named by the decision that
        buys, drinks or gives it, and a seat sees no kind dealt to another
        (its own are in the key, and the legal decisions, which may show the
        supply's kinds). The decisions of the turn searched are asked again
        in every iteration otherwise."""
        if clock is None or clock.path is None or self._seat < 0:
            return self._ask(st, legal, rng)
        seat = st.current_player()
        key = (tuple(clock.path), seat, tuple(legal), tuple(st.players[seat].potions))
        got = self._known.get(key)
        if got is None:
            got = self._known[key] = self._ask(st, legal, rng)
        return got

    def _ask(self, st: GameState, legal: list[Action], rng: random.Random) -> Action:
        """The heuristic bot's decision for the seat deciding in ``st``: it
        reads the observation but never its written-out decisions, and the
        board straight from ``st`` (the same open facts as the observation's
        hexes, without writing out and indexing every hex on every decision
        of a rollout)."""
        self._asked += 1
        obs = st.observation(st.current_player(), decisions=False, board=False)
        return self.heuristic.choose(obs, legal, rng, board=Board.of_state(st))

    def _select(self, node: Node, cands: list[Action], seat: int) -> Action:
        """PUCT: the first candidate (the heuristic's) gets ``prior``."""
        k = len(cands)
        other = (1 - self.prior) / (k - 1) if k > 1 else 0.0
        sqrt_n = math.sqrt(node.n + 1)
        parent_q = node.w[seat] / node.n if node.n else 0.5
        best, best_score = cands[0], -1e9
        for i, a in enumerate(cands):
            child = node.children.get(a)
            p = self.prior if i == 0 else other
            if child is None or child.n == 0:
                q = parent_q - 0.05
                visits = 0
            else:
                q = child.w[seat] / child.n
                visits = child.n
            score = q + self.explore * p * sqrt_n / (1 + visits)
            if score > best_score:
                best, best_score = a, score
        return best
