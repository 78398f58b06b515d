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
