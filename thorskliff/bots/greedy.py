"""A greedy policy: amber runs, silver from spread warriors, sensible buys,
fights only when the odds are good.

It reads nothing but its seat's observation and the legal actions. Each call
looks one decision ahead: the hero walks the cheapest path (enemy hexes cost
extra unless the fight there is favourable) to the sanctuary when it carries
an amber, else to the nearest amber; surplus warriors walk to free hexes of
the terrains it wants (the best silver terrain, and one of each for the
Wisent); money goes to the Wisent first, then warriors, the hammer, potions.
"""

from __future__ import annotations

import heapq
import random
from functools import cache, cached_property, wraps
from itertools import compress
from typing import Callable, Iterable, Mapping, NamedTuple, Sequence

from ..engine.steps import COMBAT_STEPS, Step
from ..engine.actions import Action
from ..engine.dice import FACES, RED
from ..island import island_for
from ..scenario import TERRAINS, load_heroes

END = Action("end")
AUTO = Action("auto")
WEAPON = {"axe": "MM", "hammer": "MMM", "mjolnir": "GGG"}
ENEMY_STEP = 12.0  # path cost of entering an enemy hex without good odds
TROLL_STEP = 40.0
INF = float("inf")


@cache
def damage_odds(dice: str, prot: int) -> tuple[float, ...]:
    """P(damage == d) for a roll of ``dice`` when the other side's ``prot``
    points block the highest red dice (section 8)."""
    states = {(0, ()): 1.0}  # (sum, the highest red values, descending) -> probability
    for kind in sorted(dice):
        nxt: dict = {}
        for (total, top), pr in states.items():
            for face in FACES[kind]:
                t: tuple[int, ...] = top
                if kind in RED and prot:
                    t = tuple(sorted((*top, face), reverse=True)[:prot])
                key = (total + face, t)
                nxt[key] = nxt.get(key, 0.0) + pr / 6
        states = nxt
    out: dict[int, float] = {}
    for (total, top), pr in states.items():
        d = total - sum(top)
        out[d] = out.get(d, 0.0) + pr
    return tuple(out.get(d, 0.0) for d in range(max(out) + 1))


# both are asked for the same few rolls on nearly every move of a search's
# rollouts; pure functions of their arguments, so cached as asked
@cache
def at_least(dice: str, prot: int, need: int) -> float:
    odds = damage_odds("".join(sorted(dice)), prot)
    return sum(odds[need:])


@cache
def mean_damage(dice: str, prot: int) -> float:
    odds = damage_odds("".join(sorted(dice)), prot)
    return sum(d * pr for d, pr in enumerate(odds))


@cache
def step_distances(arrangement: str, layout: str, climb: bool = False) -> tuple[tuple[int, ...], ...]:
    """Steps between every two hexes of an island, ignoring units."""
    isl = island_for(arrangement, layout)
    out = []
    for h in range(isl.size):
        reach = isl.reach(h, isl.size, climb)
        out.append(tuple(reach.get(x, 99) for x in range(isl.size)))
    return tuple(out)


@cache
def within3(arrangement: str, layout: str) -> tuple[frozenset[int], ...]:
    """Per hex, the hexes at most 3 steps away (:func:`step_distances`)."""
    return tuple(frozenset(h for h, d in enumerate(row) if d <= 3) for row in step_distances(arrangement, layout))


@cache
def _heroes():
    return load_heroes()


class Board(NamedTuple):
    """Where things lie and stand, in the game state's own shapes: per hex a
    troll, the ambers, crystals and rifts by hex, the seat of a fainted hero
    lying on a hex, each seat's warriors per hex, hero and Gode hex (-1: not
    on the board). Everything here is open to every seat (R-SECRET-1)."""

    troll: Sequence[bool]
    amber_at: Mapping[int, int]
    crystal_at: Mapping[int, int]
    rifts: Mapping[int, str]
    lying: Mapping[int, int]
    wc: Sequence[Sequence[int]]
    hero_at: Sequence[int]
    gode_at: Sequence[int]

    @classmethod
    def of_state(cls, st) -> Board:
        """Read straight from a game: the search's rollouts ask the bot on
        every decision and would otherwise write out every hex of an
        observation only for the bot to index it again. Shared, not copied:
        a view never changes it."""
        return cls(st.troll, st.amber_at, st.crystal_at, st.rifts, st.lying, st.wc,
                   [p.hero_at for p in st.players], [p.gode_at for p in st.players])

    @classmethod
    def of_obs(cls, obs: dict, isl) -> Board:
        """Read from an observation's hexes and players."""
        n = len(obs["players"])
        troll = [False] * isl.size
        amber_at, crystal_at, rifts, lying = {}, {}, {}, {}
        wc = [[0] * isl.size for _ in range(n)]
        for h, hx in enumerate(obs["hexes"]):
            troll[h] = hx["troll"]
            if hx["ambers"]:
                amber_at[h] = hx["ambers"]
            if hx["crystals"]:
                crystal_at[h] = hx["crystals"]
            if hx["rift"]:
                rifts[h] = hx["rift"]
            if hx["lying"] is not None:
                lying[h] = hx["lying"] - 1
            for k, u in hx["units"].items():
                wc[int(k) - 1][h] = u["warriors"]
        at = [[isl.index(pl[key]) if pl[key] else -1 for pl in obs["players"]] for key in ("hero_at", "gode_at")]
        return cls(troll, amber_at, crystal_at, rifts, lying, wc, at[0], at[1])


class View:
    """The observation, indexed for the bot's questions. The board comes
    from the observation's hexes unless it is handed over (:class:`Board`);
    either way the indexes below are derived here, once."""

    def __init__(self, obs: dict, board: Board | None = None):
        self.obs = obs
        self.me = me = obs["viewer"] - 1
        arr = obs["arrangement"]
        layout = "crescent" if len(arr) == 4 else "full"
        self.isl = isl = island_for(arr, layout)
        self.dist = step_distances(arr, layout)
        self.players = obs["players"]
        self.p = self.players[me]
        self.spec = _heroes()[self.p["hero"]]
        if board is None:
            board = Board.of_obs(obs, isl)
        self.board = board
        self.troll = board.troll
        self.amber_at = board.amber_at
        self.crystal_at = board.crystal_at
        self.rifts = board.rifts
        self.mine = board.wc[me]  # own warriors per hex
        n = isl.size
        self.enemy = enemy = list(board.troll)  # a troll, units of another seat, its runestone, a lying hero
        self.enemy_hero = enemy_hero = [-1] * n  # seat of an enemy hero standing there
        #: per hex, whether a fainted enemy hero lies there (:meth:`blocked`, asked on every path step)
        self.blocks = blocks = [False] * n
        for q, wc in enumerate(board.wc):
            if q == me:
                continue
            for h in compress(range(n), wc):
                enemy[h] = True
            for h in (board.hero_at[q], board.gode_at[q]):
                if h >= 0:
                    enemy[h] = True
            if board.hero_at[q] >= 0:
                enemy_hero[board.hero_at[q]] = q
        for h, q in board.lying.items():
            if q != me:
                enemy[h] = blocks[h] = True
        rune = obs["runestone"]
        self.rune_at = isl.index(rune["hex"]) if rune else -1
        if rune and rune["seat"] != me + 1:
            enemy[self.rune_at] = True
        self.hero = board.hero_at[me]
        self.gode = board.gode_at[me]
        self.hunt: int | None = None  # :func:`hunt_peak`
        self.find_hunt: Callable[[View], int] = _hunt_peak
        self.fights: dict[tuple[int, int, int | None], bool] = {}  # :func:`favourable`'s answers
        self.goal = 4 if obs["mode"] == "episch" else 3

    def _at(self, label):
        return self.isl.index(label) if label else -1

    @cached_property
    def arms(self) -> list[Arms]:
        """Each seat's dice and protection: asked for every enemy hex a path
        passes, and the same for every hex."""
        return [arms(pl) for pl in self.players]

    def units_of(self, q: int, h: int) -> tuple[int, bool, bool]:
        """Seat ``q``'s warriors on ``h``, and whether its hero and its Gode stand there."""
        b = self.board
        return b.wc[q][h], b.hero_at[q] == h, b.gode_at[q] == h

    def ambers(self) -> list[int]:
        """Hexes where ambers lie, in hex order."""
        return sorted(h for h, k in self.amber_at.items() if k)

    @property
    def taler(self) -> int:
        return self.p["taler"]

    def blocked(self, h: int) -> bool:
        """Nobody of ours may enter (a fainted enemy hero lies there)."""
        return self.blocks[h]

    # ------------------------------------------------------------------ paths
    def costs_to(self, targets, step_cost, needed: Iterable[int] = ()) -> list[float]:
        """Cheapest cost from every hex to the nearest target (Dijkstra on
        reversed steps; the graph is symmetric). With ``needed``, only those
        hexes' costs are asked for: the search stops once they are settled
        (a hero's next step needs its neighbours, not the far side of the
        island), and other entries may be too high."""
        left = set(needed)
        isl = self.isl
        dist = [INF] * isl.size
        heap = []
        for t in targets:
            dist[t] = 0.0
            heap.append((0.0, t))
        heapq.heapify(heap)
        table = isl.neighbours if "pfade" in self.p["epic"] else isl.steps
        pop, push = heapq.heappop, heapq.heappush  # the search's rollouts run this on most decisions
        while heap:
            d, b = pop(heap)
            if d > dist[b]:
                continue
            if left:
                left.discard(b)
                if not left:
                    break
            c = step_cost(b)  # cost of entering b, paid by whoever steps from a into b
            if c == INF:
                continue  # nothing beyond b is any closer through it
            for a in table[b]:
                nd = d + c
                if nd < dist[a]:
                    dist[a] = nd
                    push(heap, (nd, a))
        return dist

    def open_costs(self, targets, needed: Iterable[int] = ()) -> list[float]:
        """Steps from every hex to the nearest target around enemy hexes:
        what :meth:`costs_to` gives with a cost of 1 for a free hex and none
        through an enemy or blocked one, found breadth first (every step
        costs the same, and the search's rollouts ask this on most moves).
        With ``needed``, the search stops once those hexes have their steps,
        as in :meth:`costs_to`."""
        left = set(needed)
        enemy, blocks = self.enemy, self.blocks
        isl = self.isl
        table = isl.neighbours if "pfade" in self.p["epic"] else isl.steps
        dist = [INF] * isl.size
        for t in targets:
            dist[t] = 0.0
        frontier = [t for t in dict.fromkeys(targets) if not (enemy[t] or blocks[t])]
        left.difference_update(targets)
        d = 0.0
        while frontier:
            if needed and not left:
                break
            d += 1.0
            nxt = []
            for b in frontier:
                for a in table[b]:
                    if dist[a] == INF:
                        dist[a] = d
                        left.discard(a)
                        if not (enemy[a] or blocks[a]):
                            nxt.append(a)
            frontier = nxt
        return dist


# ---------------------------------------------------------------------- fights


def hero_dice(pl: dict, attacking: bool) -> str:
    d = WEAPON[pl["weapon"]]
    if pl["crystal_bonus"] == "S":
        d += "S"
    if attacking and pl["wisent"]:
        d += "G"
    return d


def protection(pl: dict) -> int:
    return int(pl["helm"]) + (pl["crystal_bonus"] == "P") + ("rundschild" in pl["epic"])


class Arms(NamedTuple):
    """A seat's dice and protection (:meth:`View.arms`)."""

    warrior: str  # a warrior's die
    guard: str  # the hero's dice when defending
    strike: str  # the hero's dice when attacking
    protection: int  # the hero's


def arms(pl: dict) -> Arms:
    return Arms("M" if "kampfrausch" in pl["epic"] else "K", hero_dice(pl, False), hero_dice(pl, True),
                protection(pl))


def defenders(v: View, h: int) -> tuple[list[int], str, int]:
    """Lives of the defending units on ``h``, their counter dice, their protection."""
    if v.troll[h]:
        return [6], "MMM", 1
    lives, dice, prot = [], "", 1 if v.isl.kind[h] == "peak" else 0
    for q, a in enumerate(v.arms):
        if q == v.me:
            continue
        warriors, hero, gode = v.units_of(q, h)
        lives += [2] * warriors
        dice += a.warrior * warriors
        if gode:
            lives.append(3)
            dice += "K"
        if hero:
            lives.append(v.players[q]["life"])
            dice += a.guard
            prot += a.protection
    if h == v.rune_at:
        lives.append(5)
    return lives, dice, prot


def assess(v: View, h: int, extra_warriors: int = 0) -> tuple[float, float]:
    """(chance to defeat every defender on ``h``, expected damage to my hero)
    if my hero attacks there with the own units already on it."""
    lives, dice, prot = defenders(v, h)
    mine = v.mine[h] + extra_warriors
    own = v.arms[v.me]
    att = own.strike + own.warrior * mine
    if v.gode == h:
        att += "K"
    win = at_least(att, prot, sum(lives)) if lives else 1.0
    my_prot = own.protection + (v.spec.troll_protection if v.troll[h] else 0)
    hurt = max(0.0, mean_damage(dice, my_prot) - 2 * mine)
    return win, hurt


def favourable(v: View, h: int, extra_warriors: int = 0) -> bool:
    """A fight worth seeking on ``h``. The view remembers the answer (a
    path's costs and the steps next to the hero ask about the same hexes);
    it depends on the hunted peak, which is part of the key."""
    key = (h, extra_warriors, v.hunt)
    got = v.fights.get(key)
    if got is None:
        got = v.fights[key] = _favourable(v, h, extra_warriors)
    return got


def _favourable(v: View, h: int, extra_warriors: int) -> bool:
    if v.blocked(h):
        return False
    win, hurt = assess(v, h, extra_warriors)
    life = v.p["life"]
    troll = v.troll[h]
    if troll and h == hunt_peak(v):
        return win >= 0.35 and life - hurt >= 1
    if life - hurt < 3:
        return False
    if troll:
        return win >= 0.45
    if h == v.rune_at:
        return win >= 0.3
    q = v.enemy_hero[h]
    if q >= 0:
        foe = v.players[q]
        stake = foe["amber"] and not v.p["amber"]
        if stake and foe["delivered"] >= v.goal - 1:
            return win >= 0.25  # stop the leader
        return win >= (0.4 if stake or foe["taler"] >= 4 else 0.6)
    return win >= 0.7


# ---------------------------------------------------------------------- decisions


def _free(v: View, legal: list[Action]) -> Action | None:
    """Deliver and pick up whatever lies here; drink a Heiltrank when low."""
    for a in legal:
        if a.verb == "deliver" or (a.verb == "take" and (a.arg != "amber" or not v.p["amber"])):
            return a
    heil = Action("drink", arg="heil")
    if heil in legal and v.p["life"] <= 3:
        return heil
    return None


def _free_first(handler):
    """``handler`` decides only when there is nothing to deliver, pick up or
    drink here (see :func:`_free`)."""

    @wraps(handler)
    def first(v: View, legal, rng, *more):
        return _free(v, legal) or handler(v, legal, rng, *more)

    return first


def _closer(steps: list[Action], dist: list[float], here: float) -> Action | None:
    """The step to the cheapest hex of ``dist`` if that beats staying (``here``)."""
    best = min(steps, key=lambda a: dist[a.b])
    return best if dist[best.b] < here else None


def _beach(v: View, legal, rng):
    others = [v._at(pl["hero_at"]) for pl in v.players if pl["hero_at"] and pl["seat"] != v.me + 1]

    def room(a):
        far = [v.dist[a.a][o] for o in others] if others else [12]
        return min(far)

    return max(legal, key=room)


def _gode(v: View, legal, rng):
    p = v.p
    near = v.hero >= 0 and (v.gode == v.hero or v.isl.adjacent(v.gode, v.hero))
    want = "heilen" if near and p["life"] <= p["max_life"] - 3 else "berserker"
    for a in legal:
        if a.verb == "gode" and want in a.arg.split("+"):
            return a
    return None


# ------------------------------------------------------------------ movement


def hunt_peak(v: View) -> int:
    """With no amber to be had, the peak whose crystal the hero goes for, or
    -1: worked out by the view's ``find_hunt`` when first asked (many
    decisions never ask)."""
    if v.hunt is None:
        v.hunt = v.find_hunt(v)
    return v.hunt


def _hunt_peak(v: View) -> int:
    isl = v.isl
    if v.p["amber"] or v.obs["supply"]["ambers"] > 0 or v.hero < 0:
        return -1
    if any(v.amber_at.values()):
        return -1
    peaks = [h for h in isl.peaks if v.crystal_at.get(h) and not v.blocked(h)]
    if not peaks:
        return -1
    dist = v.dist[v.hero]
    return min(peaks, key=lambda h: (dist[h], h))


def staging(v: View, peak: int) -> list[int]:
    """Hexes from which a unit steps onto ``peak``."""
    return [h for h in v.isl.steps[peak] if not v.enemy[h] and not v.blocked(h)] or [peak]


def hero_targets(v: View) -> list[int]:
    isl = v.isl
    if v.p["amber"]:
        return [isl.sanctuary]
    out = [h for h in v.ambers() if not v.blocked(h)]
    if v.obs["supply"]["ambers"] > 0:
        out += [h for h in isl.beaches if not v.blocked(h) and not v.enemy[h]]
    if out:
        return out
    peak = hunt_peak(v)
    if peak >= 0:
        return [peak] if not v.troll[peak] else staging(v, peak)
    return [isl.sanctuary]


def hero_costs(v: View, targets: list[int] | None = None, careful: bool = False,
               free: int = -1, needed: Iterable[int] = ()) -> list[float]:
    """The hero's path costs to ``targets`` (default :func:`hero_targets`): an
    enemy hex costs extra unless the fight there is favourable; ``careful``
    avoids every enemy hex; entering ``free`` (an enemy hex to rush) costs a
    plain step. Exact only at ``needed`` when given (:meth:`View.costs_to`)."""
    enemy, blocks = v.enemy, v.blocks

    def cost(b):
        if blocks[b] or (careful and enemy[b]):
            return INF
        if not enemy[b] or b == free:
            return 1.0
        if favourable(v, b):
            return 1.5
        return TROLL_STEP if v.troll[b] else ENEMY_STEP

    return v.costs_to(hero_targets(v) if targets is None else targets, cost, needed)


def _assault(v: View, legal: list[Action]) -> Action | None:
    """Warriors next to the hunted troll go in first when the hero follows
    and their dice make the fight worth it."""
    peak = hunt_peak(v)
    if peak < 0 or not v.troll[peak] or Action("step", v.hero, peak, -1, "H") not in legal:
        return None
    ws = [a for a in legal if a.verb == "step" and a.arg == "W" and a.b == peak]
    if ws and not favourable(v, peak) and favourable(v, peak, len(ws)):
        return ws[0]
    return None


def _hero_step(v: View, legal: list[Action], costs=hero_costs, rush: int = -1,
               fight: bool = True) -> Action | None:
    """A step into ``rush`` or a fight worth more than the way (unless
    ``fight`` is off), else one along ``costs``."""
    steps = [a for a in legal if a.verb == "step" and a.arg == "H"]
    if not steps:
        return None
    # a fight worth more than the way: a carrier, the leader, a troll, a runestone
    for a in steps if fight else ():
        b = a.b
        if b == rush:
            return a
        if v.enemy[b] and favourable(v, b):
            q = v.enemy_hero[b]
            if v.troll[b] or b == v.rune_at or (
                    q >= 0 and v.players[q]["amber"] and not v.p["amber"]):
                return a
    dist = costs(v, needed=[v.hero, *(a.b for a in steps)])
    return _closer(steps, dist, dist[v.hero])


def warrior_targets(v: View) -> tuple[set[int], str]:
    """Hexes a spare warrior should go to, and the silver terrain."""
    isl = v.isl
    ter = isl.terrain
    mine, enemy, blocks = v.mine, v.enemy, v.blocks
    own = list(compress(range(isl.size), mine))
    have: dict[str, set[int]] = {t: set() for t in TERRAINS}
    for h in own:
        if (th := ter[h]) is not None and th in have:
            have[th].add(h)
    free = [h for h, t, m, e, b in zip(range(isl.size), ter, mine, enemy, blocks) if t and not (m or e or b)]
    near3 = within3(v.isl.arrangement, v.isl.layout)
    reach = set().union(*(near3[a] for a in own + ([v.hero] if v.hero >= 0 else [])))
    reach.intersection_update(free)
    near = dict.fromkeys(TERRAINS, 0)  # free hexes in reach, per terrain
    for h in reach:
        if (th := ter[h]) is not None and th in near:
            near[th] += 1

    def score(t):
        return 10 * len(have[t]) + near[t]

    silver = max(TERRAINS, key=score)
    need = {silver: 99}
    rules = v.obs["rules"]
    if "wisent" in rules and not v.p["wisent"] and v.obs["supply"]["wisent"] > 0:
        for t in TERRAINS:
            need[t] = max(need.get(t, 0), 1)
    if "gode" in rules and v.gode < 0:
        need["forest"] = max(need.get("forest", 0), 2)
    short = {t for t in TERRAINS if len(have[t]) < need.get(t, 0)}  # terrains still wanted
    targets = {h for h in free if ter[h] in short}
    peak = hunt_peak(v)
    if peak >= 0 and v.troll[peak]:
        targets.update(staging(v, peak))
    return targets, silver


def _warrior_step(v: View, legal: list[Action]) -> Action | None:
    steps = [a for a in legal if a.verb == "step" and a.arg == "W"]
    if not steps:
        return None
    targets, silver = warrior_targets(v)
    if not targets:
        return None
    ter = v.isl.terrain
    dist = v.open_costs(targets)
    count = dict.fromkeys(TERRAINS, 0)  # own warriors per terrain (one pass, not one per terrain)
    for h in compress(range(v.isl.size), v.mine):
        if (th := ter[h]) is not None and th in count:
            count[th] += 1
    wanted = {silver} | ({t for t in TERRAINS if count[t] <= 1} if not v.p["wisent"] else set())
    best, gain = None, 0.0
    for a in steps:
        src = a.a
        holds = ter[src] in wanted and v.mine[src] == 1
        if holds and not (ter[src] == "forest" and count["forest"] > 2):
            continue
        g = dist[src] - dist[a.b]
        if v.enemy[a.b]:
            continue
        if g > gain:
            best, gain = a, g
    return best


def _gode_step(v: View, legal: list[Action]) -> Action | None:
    steps = [a for a in legal if a.verb == "step" and a.arg == "G"]
    if not steps or v.hero < 0 or v.gode == v.hero:
        return None
    dist = v.open_costs([v.hero], needed=[v.gode, *(a.b for a in steps)])
    best = _closer(steps, dist, dist[v.gode])
    return best if best and not v.enemy[best.b] else None


@_free_first
def _move(v: View, legal, rng, hero_step=_hero_step):
    return _assault(v, legal) or hero_step(v, legal) or _gode_step(v, legal) or _warrior_step(v, legal) or END


# ------------------------------------------------------------------ combat phase


def _combat_pick(v: View, legal, rng):
    fights = [a for a in legal if a.verb == "fight"]
    if fights:
        return fights[0]
    strikes = [a for a in legal if a.verb in ("blitz", "throw") and not v.troll[a.a]]
    if strikes:
        # the softest target: a lone warrior dies to a black die of 2+
        return min(strikes, key=lambda a: sum(defenders(v, a.a)[0]))
    return END


def _combat_step(v: View, legal, rng):
    step = v.obs["step"]
    c = v.obs["combat"]
    if step.endswith("assign"):
        return AUTO
    if step.endswith("block"):
        blocks = [a for a in legal if a.verb == "block"]
        return max(blocks, key=lambda a: sum(a.vals))
    attacker = c["attacker"] == v.me + 1
    p = v.p
    heil, kraft, schutz = (Action("drink", arg=k) for k in ("heil", "kraft", "schutz"))
    foes = c["defenders"] if attacker else c["attackers"]
    big_foe = any(u["kind"] in ("H", "T", "R") and not u["defeated"] for u in foes)
    if step in (Step.C_DEF_PRE, Step.C_ATT_PRE):
        if heil in legal and p["life"] <= max(4, p["max_life"] // 2):
            return heil
        if kraft in legal and big_foe:
            return kraft
    elif step in (Step.C_DEF_POST, Step.C_ATT_POST2):
        reds = [r["value"] for r in c["roll"] if r["die"] in "KMG"]
        if schutz in legal and reds and max(reds) >= 3:
            return schutz
    return END


def _silver(v: View, legal, rng):
    ter = v.isl.terrain

    def gain(a):
        return sum(1 for h in range(v.isl.size) if v.mine[h] and ter[h] == a.arg)

    return max(legal, key=gain)


# ------------------------------------------------------------------ actions, recruit, haste


def _reserve(v: View) -> int:
    """Taler kept for the Wisent once its resources are near."""
    p = v.p
    if p["wisent"] or "wisent" not in v.obs["rules"] or v.obs["supply"]["wisent"] == 0:
        return 0
    return v.spec.wisent_price if p["warriors_on_board"] >= 3 else 0


@_free_first
def _action(v: View, legal, rng):
    p = v.p
    t = v.taler
    hurt = p["max_life"] - p["life"]
    held = [x["kind"] for x in p["potions"]]
    price = v.spec.potion_price
    order = []
    if hurt >= p["max_life"] // 2:
        order += [Action("bath"), Action("buy", arg="heil", vals=(1,)), Action("met")]
    order += [Action("wisent"), Action("search")]
    if hurt >= 2:
        order += [Action("bath")]
    if t - v.spec.hammer_price >= _reserve(v) + 2:
        order.append(Action("hammer"))
    if not p["wisent"] and "eile" not in held and t >= price + _reserve(v):
        order.append(Action("buy", arg="eile"))
    if t >= 14:
        order.append(Action("helm"))
    for card in ("mjolnir", "kampfrausch", "pfade", "huginmunin"):
        order.append(Action("epic", arg=card))
    if len(held) < 2 and t >= price + 4 + _reserve(v):
        order += [Action("buy", arg="heil"), Action("buy", arg="kraft")]
    if hurt >= 3 and t >= 3:
        order.append(Action("met"))
    if t - _reserve(v) >= 6:
        order += [Action("gamble", arg="big"), Action("gamble", arg="small")]
    return next((a for a in order if a in legal), END)


@_free_first
def _recruit(v: View, legal, rng):
    p = v.p
    t = v.taler
    reserve = _reserve(v)
    gode = [a for a in legal if a.verb == "recruit" and a.arg == "G"]
    if gode and (p["wisent"] or reserve == 0) and t >= 3:
        return min(gode, key=lambda a: (a.a != v.hero, a.a))
    ws = [a for a in legal if a.verb == "recruit" and a.arg == "W"]
    if not ws or t - 2 < reserve:
        return END
    targets, _ = warrior_targets(v)
    if not targets:
        return END if p["warriors_on_board"] >= 8 else ws[0]
    dist = v.open_costs(targets)
    return min(ws, key=lambda a: dist[a.a])


@_free_first
def _haste(v: View, legal, rng, costs=hero_costs):
    steps = [a for a in legal if a.verb == "haste"]
    if steps and v.hero >= 0:
        dist = costs(v, needed=[v.hero, *(a.b for a in steps)])
        best = _closer(steps, dist, dist[v.hero])
        if best:
            return best
    return _gode_step(v, legal) or END


@_free_first
def _turnend(v: View, legal, rng):
    return END


def _lay(v: View, legal, rng):
    beaches = [h for h in v.isl.beaches if not v.enemy[h]] or list(v.isl.beaches)
    dist = v.costs_to(beaches, lambda b: ENEMY_STEP if v.enemy[b] else 1.0)

    def score(a):
        danger = sum(1 for n in v.isl.neighbours[a.a] if v.enemy_hero[n] >= 0)
        return dist[a.a] + 2 * danger

    return min(legal, key=score)


def _crystal(v: View, legal, rng):
    return Action("crystal", arg="P")


def _gift(v: View, legal, rng):
    for k in ("heil", "kraft", "schutz", "eile"):
        a = Action("gift", arg=k)
        if a in legal:
            return a
    return END


HANDLERS = {
    "beach": _beach, "gode": _gode, "move": _move, "combat": _combat_pick, "silver": _silver,
    "action": _action, "potion2": _action, "recruit": _recruit, "haste": _haste,
    "afterhaste": _turnend, "turnend": _turnend, "lay": _lay, "crystal": _crystal, "gift": _gift,
}


# ---------------------------------------------------------------------- the bot


class GreedyBot:
    """``strict`` makes a rule the bot got wrong (an action it wants that is
    not legal) an error instead of a quiet pass; tests use it. A bot that
    extends the policy replaces :attr:`handlers` (a step's handler) and
    :meth:`view`."""

    name = "greedy"
    handlers = HANDLERS

    def __init__(self, strict: bool = False):
        self.strict = strict

    def view(self, obs: dict, board: Board | None = None) -> View:
        return View(obs, board)

    def choose(self, obs: dict, legal: list[Action], rng: random.Random, board: Board | None = None) -> Action:
        """The decision for the viewer of ``obs``; ``board``, when given, is
        the board of the same position (:meth:`Board.of_state`), and the
        observation's hexes are then not read."""
        if len(legal) == 1:
            return legal[0]
        if "campaign" in obs:  # a chapter's cards: choices, cards to play, ambers to buy
            from .campaign import choose as campaign_choose

            a = campaign_choose(obs, legal)
            if a is not None:
                return a
        v = self.view(obs, board)
        step = obs["step"]
        handler = self.handlers.get(step)
        if handler is None and step in COMBAT_STEPS:
            handler = _combat_step
        a = handler(v, legal, rng) if handler else None
        if a is not None and a not in legal:
            if self.strict:
                raise AssertionError(f"{self.name} chose {a} at {step}, not among {[str(x) for x in legal]}")
            a = None
        if a is None:  # no opinion: pass where one may, else the first choice
            a = END if END in legal else legal[0]
        return a
