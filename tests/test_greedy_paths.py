"""The greedy bot's open paths (issue 17, speed): found breadth first, they
must equal the general Dijkstra (:meth:`View.costs_to`) with a step cost of
1 around enemy and blocked hexes, for target sets of every kind — free,
enemy-held, blocked — on the positions of seeded games."""

from __future__ import annotations

import random

import pytest

from thorskliff.bots.greedy import INF, View
from thorskliff.bots.randombot import RandomBot
from thorskliff.bots.runner import play_game


@pytest.mark.parametrize("mode,n,seed", [("duell", 2, 3), ("base", 4, 5), ("episch", 3, 4)])
def test_open_costs_equal_dijkstra_with_unit_steps(mode, n, seed):
    rng = random.Random(seed)
    checked = {"enemy target": 0, "blocked": 0}

    def check(st, _a):
        if st.decisions % 4:
            return
        v = View(st.observation(st.decisions % n))
        for k in (1, 2, 5):
            targets = rng.sample(range(st.island.size), k)
            want = v.costs_to(targets, lambda b: INF if v.enemy[b] or v.blocked(b) else 1.0)
            assert v.open_costs(targets) == want
            checked["enemy target"] += any(v.enemy[t] for t in targets)
        checked["blocked"] += any(v.blocks)

    play_game(mode, [RandomBot() for _ in range(n)], seed, round_cap=25, on_step=check)
    assert all(checked.values())


@pytest.mark.parametrize("mode,n,seed", [("duell", 2, 6), ("base", 4, 7)])
def test_paths_stopped_at_the_needed_hexes_cost_what_the_whole_search_gives_there(mode, n, seed):
    """A hero's or Gode's next step needs only its own hex and its
    neighbours: the searches stop once those are settled, with the same
    costs there as the search over the whole island."""
    from thorskliff.bots.greedy import hero_costs

    rng = random.Random(seed)
    checked = 0

    def check(st, _a):
        nonlocal checked
        if st.decisions % 3:
            return
        v = View(st.observation(st.decisions % n))
        if v.hero < 0:
            return
        needed = [v.hero, *v.isl.steps[v.hero]]
        whole = hero_costs(v)
        part = hero_costs(v, needed=needed)
        assert [part[h] for h in needed] == [whole[h] for h in needed]
        targets = rng.sample(range(st.island.size), 2)
        far = rng.sample(range(st.island.size), 3)
        for want in (needed, far):
            whole = v.open_costs(targets)
            assert [v.open_costs(targets, want)[h] for h in want] == [whole[h] for h in want]
        checked += 1

    play_game(mode, [RandomBot() for _ in range(n)], seed, round_cap=25, on_step=check)
    assert checked > 20
