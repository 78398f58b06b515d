"""What a bot is: a policy over one seat's view.

A bot sees only what its seat may see (``state.observation(seat)``) and the
list of legal actions; it never gets the state itself, so it cannot peek at
secret potion kinds or at the dice to come. A bot that searches gets a copy
of the game with those secrets removed instead (see :func:`.runner.decide`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..engine.actions import Action

if TYPE_CHECKING:
    from ..engine.state import GameState


@runtime_checkable
class Bot(Protocol):
    """``choose`` returns one element of ``legal`` (never empty). A bot may
    set ``uses_observation = False`` to be handed ``{}`` instead of its view,
    or ``needs_public_state = True`` to be asked by ``choose_public(pub,
    legal, rng)`` with :func:`.search.public_state` instead."""

    name: str

    def choose(self, obs: dict, legal: list[Action], rng: random.Random) -> Action: ...


class PublicBot(Bot, Protocol):
    """A bot that decides on the public state (``needs_public_state``)."""

    def choose_public(self, pub: GameState, legal: list[Action], rng: random.Random) -> Action: ...
