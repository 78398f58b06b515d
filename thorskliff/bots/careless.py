"""The easy level's bot: the greedy policy that now and then slips.

Greedy and heuristic bots are equally strong (in seeded games with seats
rotated they win exactly the same deals, docs/bots.md "Difficulty"), and the
random bot never delivers an amber; a beginner needs an opponent between
them. This one decides as :class:`GreedyBot` but takes a uniformly random
legal decision with probability ``slip`` — from the seat's own seeded
generator, so its games stay a pure function of the seed.
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from .greedy import GreedyBot


class CarelessBot:
    name = "careless"

    def __init__(self, slip: float = 0.3):
        self.slip = slip
        self.greedy = GreedyBot()

    def choose(self, obs: dict, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) > 1 and rng.random() < self.slip:
            return legal[rng.randrange(len(legal))]
        return self.greedy.choose(obs, legal, rng)
