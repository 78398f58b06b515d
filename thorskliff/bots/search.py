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
turns after the decision (or a step cap), and scored by :func:`evaluate`: a
linear score per seat (ambers delivered and carried, distance to the
sanctuary, crystals, the runestone, Taler, equipment, warriors, life) turned
into win chances by a softmax. Every seat maximises its own chance in the
tree (max^n).

The heuristic's choice gets most of the prior and is kept unless another
decision scores ``margin`` better: a one-round horizon cannot see what
recruits or long plans are worth, and without the margin more iterations
only follow the evaluation's bias more faithfully (measured: 6/20 wins at
500 iterations against 15/20 at 150 without it; 15/20 at both with it).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter

from ..actions import POTIONS, Action
from ..player import AWAKE
from ..state import CHANCE, POTION_SUPPLY, GameState
from .greedy import END, step_distances
from .heuristic import HeuristicBot

HIDDEN = "?"

#: steps always left to the heuristic bot (potion windows, blocks, assignments, …)
TRIVIAL_STEPS = frozenset({"beach", "silver", "recruit", "turnend", "afterhaste", "crystal", "gift", "lay"})
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
    arr = st.island.arrangement
    dist = step_distances(arr, "crescent" if len(arr) == 4 else "full")
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


def evaluate(st: GameState) -> list[float]:
    """Each seat's chance to win from ``st`` (sums to 1)."""
    n = st.num_players
    out = st.outcome()
    if out is not None:
        if out.winner is None:
            return [1.0 / n] * n
        return [1.0 if q == out.winner else 0.0 for q in range(n)]
    s = scores(st)
    top = max(s)
    e = [math.exp(SHARPNESS * (x - top)) for x in s]
    tot = sum(e)
    return [x / tot for x in e]


# --------------------------------------------------------------------- the tree


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
    if st.step == "move":
        keep = [a for a in legal if a.verb == "step" and (a.arg in ("H", "G") or st.enemy_at(a.b, st.seat))
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
    return st.step in TRIVIAL_STEPS or st.step.startswith("c:") or choice.verb in FREE


class _Horizon:
    """Where an iteration stops: the game's end, ``max_steps`` decisions, or
    a full round of turns after the searched decision."""

    def __init__(self, st: GameState, max_steps: int):
        self.turn = (st.round, st.seat)
        self.turns = 0
        self.rounds = len(st.active_seats())
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


class SearchBot:
    """MCTS with a time budget (``seconds``) or an iteration budget
    (``iterations``) per decision; see the module. ``choose`` without a state
    (a caller that only has the observation) plays as the heuristic bot."""

    name = "search"
    needs_public_state = True

    def __init__(self, seconds: float | None = 0.5, iterations: int | None = None, prior: float = 0.5,
                 explore: float = 1.0, margin: float = 0.03, max_steps: int = 150):
        if iterations is not None:
            seconds = None
        self.seconds = seconds
        self.iterations = iterations
        self.prior = prior
        self.explore = explore
        self.margin = margin
        self.max_steps = max_steps
        self.heuristic = HeuristicBot()
        self.searched = 0  # decisions that were searched (the rest were the heuristic's)
        self.iterations_run = 0

    def __repr__(self) -> str:
        budget = f"{self.iterations}it" if self.iterations else f"{self.seconds}s"
        return f"SearchBot({budget})"

    def choose(self, obs: dict, legal: list[Action], rng: random.Random) -> Action:
        return self.heuristic.choose(obs, legal, rng)

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
        root = Node(pub.num_players)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and done:
                    break
            elif done >= self.iterations:
                break
            det = determinize(pub, seat, rng, legal)
            self._iterate(root, det, rng, cands)
            done += 1
        self.iterations_run += done
        best = max(cands, key=lambda a: (root.children[a].n if a in root.children else -1, a == choice))
        mine, theirs = root.children.get(best), root.children.get(choice)
        if best != choice and theirs is not None and theirs.n:
            # a small edge may be the evaluation's bias, not the move's: keep the plan
            if mine.w[seat] / mine.n - theirs.w[seat] / theirs.n < self.margin:
                return choice
        return best

    def _iterate(self, root: Node, st: GameState, rng: random.Random, cands: list[Action]) -> None:
        """One iteration on the determinized ``st``: down the tree (UCT),
        one new node, the heuristic's rollout to the horizon, backup."""
        clock = _Horizon(st, self.max_steps)
        path = [root]
        node = root
        while True:
            a = self._select(node, [c for c in cands if c in st.legal_actions()] or cands[:1],
                             st.current_player())
            child = node.children.get(a)
            new = child is None
            if new:
                child = node.children[a] = Node(st.num_players)
            path.append(child)
            node = child
            st.apply_action(a)
            if new:
                break
            cands = self._next_choice(st, rng, clock)
            if cands is None:
                break
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
                st.apply_action(legal[0])
                continue
            choice = self._heuristic(st, legal, rng)
            if not trivial(st, choice):
                cands = candidates(st, legal, choice)
                if len(cands) > 1:
                    return cands
            st.apply_action(choice)
        return None

    def _rollout(self, st: GameState, rng: random.Random, clock: _Horizon) -> None:
        while clock.running(st):
            legal = st.legal_actions()
            st.apply_action(legal[0] if len(legal) == 1 else self._heuristic(st, legal, rng))

    def _heuristic(self, st: GameState, legal: list[Action], rng: random.Random) -> Action:
        """The heuristic bot's decision for the seat deciding in ``st``."""
        return self.heuristic.choose(st.observation(st.current_player()), legal, rng)

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
