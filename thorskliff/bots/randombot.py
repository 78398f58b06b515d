"""Uniform random play over the legal actions (a baseline and a fuzzer)."""

from __future__ import annotations

import random

from ..engine.actions import Action


class RandomBot:
    name = "random"
    uses_observation = False

    def choose(self, obs: dict, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
