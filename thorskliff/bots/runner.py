"""Ask bots for decisions and play whole games between them, headless.

:func:`decide` asks one bot for one decision, handing it only what its seat
may know: the seat's observation, or — for a bot that searches
(``needs_public_state``) — the game with every secret of the other seats
removed (:func:`.search.public_state`). Everything that lets bots play goes
through it: :func:`play_game` (a whole game between bots) and
:class:`.seats.Seats` (bots in a running game). In :func:`play_game` the
game's seeded generator rolls the dice (``state.sample_chance``) and every
bot draws from its seat's own generator (:func:`seat_rng`), so a game is a
pure function of its arguments.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple, cast

from ..engine.actions import Action
from ..engine.player import COLOURS
from ..engine.state import CHANCE, GameState
from .base import Bot, PublicBot
from .search import public_state

HEROES = ("Raghild", "Bera", "Oleif", "Jorund")


class GameResult(NamedTuple):
    """``winner`` is a seat (0-based) or None (draw, or the round cap was
    reached: then ``reason`` is ``"cap"``); ``rounds`` the rounds begun (at
    most the cap); ``decisions`` counts the bots' decisions, ``rolls`` the
    chance steps."""

    winner: int | None
    reason: str
    rounds: int
    decisions: int
    rolls: int
    state: GameState


def new_game(mode: str, players: int, seed: int) -> GameState:
    """A game with the heroes dealt round-robin from ``seed`` (so every hero
    gets every seat over a run of seeds)."""
    k = seed % len(HEROES)
    heroes = (HEROES[k:] + HEROES[:k])[:players]
    seats = [(f"{h}", h, COLOURS[i]) for i, h in enumerate(heroes)]
    return GameState.new(mode, seats, seed)


def seat_rng(seed: int, seat: int) -> random.Random:
    """The generator the bot of ``seat`` draws from in a game of ``seed``."""
    return random.Random(seed * 7919 + 31 * seat + 1)


def decide(bot: Bot, st: GameState, seat: int, rng: random.Random) -> Action:
    """``bot``'s decision for ``seat``, which must decide now in ``st``."""
    legal = st.legal_actions()
    if getattr(bot, "needs_public_state", False):
        return cast(PublicBot, bot).choose_public(public_state(st, seat), list(legal), rng)
    # a bot that declares it ignores the view is spared building it
    obs = st.observation(seat) if getattr(bot, "uses_observation", True) else {}
    return bot.choose(obs, list(legal), rng)


def play_game(mode: str, bots: Sequence[Bot], seed: int, round_cap: int = 60,
              on_step: Callable[[GameState, Action | None], None] | None = None,
              state: GameState | None = None) -> GameResult:
    """Play one game (seat i plays ``bots[i]``) to its end or until round
    ``round_cap`` is over.

    ``on_step(state, action)``, when given, is called once before the first
    decision (with ``None``) and after every decision and roll. ``state``
    continues a game already set up instead of dealing a new one.
    """
    st = state or new_game(mode, len(bots), seed)
    rngs = [seat_rng(seed, i) for i in range(len(bots))]
    decisions = rolls = 0
    if on_step:
        on_step(st, None)
    while not st.is_terminal() and st.round <= round_cap:
        seat = st.current_player()
        if seat == CHANCE:
            a = st.sample_chance()
            rolls += 1
        else:
            a = decide(bots[seat], st, seat, rngs[seat])
            decisions += 1
        st.apply_action(a)
        if on_step:
            on_step(st, a)
    out = st.outcome()
    rounds = min(st.round, round_cap)
    if out is None:
        return GameResult(None, "cap", rounds, decisions, rolls, st)
    return GameResult(out.winner, out.reason, rounds, decisions, rolls, st)
