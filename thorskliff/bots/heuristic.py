"""The heuristic bot: the greedy policy plus the long plans it lacks.

:class:`GreedyBot` plays amber runs, silver, recruiting, the Wisent and the
hammer, and fights with exact dice odds; it hunts a troll only once no amber
is left anywhere. This bot keeps all of that and adds, from its own seat's
view only:

- crystals: a crystal lying free on a peak near the hero is picked up; with
  one crystal short of the goal, the nearest troll becomes the hunt; a strong
  hero (hammer or Mjölnir, Wisent) without an amber hunts a troll next door;
- the runestone: a hero that may build it (two ambers delivered or two
  crystals), carries an amber and is in good health walks to a free rift out
  of the other heroes' reach and builds it when that wins sooner than
  delivering; while it stands the hero keeps away from enemy heroes and
  fights nobody (its fainting would put the player out); an enemy runestone
  close to winning becomes the hero's target.
"""

from __future__ import annotations

from typing import Iterable

from ..engine.actions import Action
from . import greedy as g
from .greedy import Board, GreedyBot, View


def crystal_goal(v: View) -> int:
    return 4 if v.obs["mode"] == "episch" else 3


def _troll_peaks(v: View) -> list[int]:
    return [h for h in v.isl.peaks if v.troll[h] and not v.blocked(h)]


def own_rune(v: View) -> bool:
    rune = v.obs["runestone"]
    return bool(rune and rune["seat"] == v.me + 1)


def foe_heroes(v: View) -> list[int]:
    return [v._at(pl["hero_at"]) for pl in v.players
            if pl["hero_at"] and pl["seat"] != v.me + 1 and not pl["out"]]


def hunt(v: View) -> int:
    """The peak the hero goes for, or -1 (the greedy rule, widened)."""
    v.hunt = -1  # favourable() asks for the hunt; answer "none" while deciding
    if own_rune(v):
        return -1
    peak = g._hunt_peak(v)
    if peak < 0 and v.hero >= 0 and not v.p["amber"]:
        trolls = _troll_peaks(v)
        dist = v.dist[v.hero]
        if trolls and v.p["crystals"] == crystal_goal(v) - 1:
            peak = min(trolls, key=lambda h: (dist[h], h))
        elif trolls and v.p["weapon"] != "axe" and v.p["wisent"]:
            near = [h for h in trolls if dist[h] <= 2 and g.favourable(v, h)]
            if near:
                peak = min(near, key=lambda h: (dist[h], h))
    v.hunt = peak
    return peak


def loose_crystals(v: View) -> list[int]:
    """Peaks where a crystal lies with no troll left on it."""
    return [h for h in v.isl.peaks if v.crystal_at.get(h) and not v.troll[h]
            and not v.blocked(h)]


def rune_plan(v: View) -> bool:
    """Build the runestone with the carried amber rather than deliver it."""
    p = v.p
    if "runestone" not in v.obs["rules"] or v.obs["runestone"] or not p["amber"] or v.hero < 0:
        return False
    if not (p["delivered"] >= 2 or p["crystals"] >= 2):
        return False
    if p["delivered"] >= v.goal - 1:
        return False  # delivering wins at once
    ter = v.isl.terrain
    have = {ter[h] for h in range(v.isl.size) if v.mine[h]}
    if not {"scree", "forest"} <= have or p["life"] < max(6, p["max_life"] // 2):
        return False
    foes = foe_heroes(v)
    # a fainting owner or a felled stone puts the player out: build out of reach
    rifts = [h for h in free_rifts(v) if all(v.dist[f][h] > 3 for f in foes)]
    if not rifts:
        return False
    dist = v.dist[v.hero]
    near = min(dist[h] for h in rifts)
    # with two crystals and few deliveries the stone wins sooner than ambers
    return p["crystals"] >= 2 or near <= dist[v.isl.sanctuary] + 2


def safe_hexes(v: View) -> list[int]:
    """Hexes more than two steps from every enemy hero (where a hero whose
    runestone stands waits: fainting would put its player out)."""
    foes = foe_heroes(v)
    return [h for h in range(v.isl.size) if not v.enemy[h] and not v.blocked(h)
            and all(v.dist[f][h] > 2 for f in foes)]


def free_rifts(v: View) -> list[int]:
    return [h for h in sorted(v.rifts) if v.rifts[h] and not v.enemy[h] and not v.blocked(h)]


def enemy_rune(v: View) -> int:
    """The hex of an enemy runestone about to win, or -1."""
    rune = v.obs["runestone"]
    if not rune or rune["seat"] == v.me + 1 or rune["counter"] > 3 or v.hero < 0:
        return -1
    return v.rune_at


def hero_targets(v: View) -> list[int]:
    if own_rune(v):
        return safe_hexes(v) or [v.hero]
    rune = enemy_rune(v)
    if rune >= 0 and (not v.p["amber"] or v.p["delivered"] < v.goal - 1):
        return [rune]
    if rune_plan(v):
        return free_rifts(v)
    if v.hero >= 0 and not v.p["amber"]:
        dist = v.dist[v.hero]
        loose = [h for h in loose_crystals(v) if dist[h] <= 4
                 or v.p["crystals"] == crystal_goal(v) - 1]
        if loose:
            return loose
        peak = g.hunt_peak(v)
        if peak >= 0 and v.troll[peak]:
            return g.staging(v, peak)
    return g.hero_targets(v)


def hero_costs(v: View, needed: Iterable[int] = ()) -> list[float]:
    # an own runestone standing: keep clear of every enemy; an enemy's about to win: go in
    return g.hero_costs(v, hero_targets(v), careful=own_rune(v), free=enemy_rune(v), needed=needed)


def _hero_step(v: View, legal: list[Action]) -> Action | None:
    return g._hero_step(v, legal, hero_costs, rush=enemy_rune(v), fight=not own_rune(v))


def _move(v: View, legal, rng):
    return g._move(v, legal, rng, _hero_step)


def _haste(v: View, legal, rng):
    return g._haste(v, legal, rng, hero_costs)


def _action(v: View, legal, rng):
    rune = Action("rune")
    if rune in legal and rune_plan(v):
        return rune
    return g._action(v, legal, rng)


HANDLERS = {**g.HANDLERS, "move": _move, "haste": _haste, "action": _action}


class HeuristicBot(GreedyBot):
    """The greedy bot with crystal and runestone plans (see the module)."""

    name = "heuristic"
    handlers = HANDLERS

    def view(self, obs: dict, board: Board | None = None) -> View:
        v = View(obs, board)
        v.find_hunt = hunt
        return v
