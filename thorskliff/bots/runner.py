"""Play whole games between bots, headless.

:func:`play_game` asks the bot of the deciding seat for each decision (with
that seat's observation only) and lets the game's seeded generator roll the
dice (``state.sample_chance``), so a game is a pure function of its
arguments.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..actions import Action
from ..state import CHANCE, GameState
from .base import Bot

HEROES = ("Raghild", "Bera", "Oleif", "Jorund")
COLOURS = ("brown", "black", "grey", "white")


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


def play_game(mode: str, seats_bots: Sequence[Bot], seed: int, round_cap: int = 60,
              on_step: Callable[[GameState, Action | None], None] | None = None,
              state: GameState | None = None) -> GameResult:
    """Play one game to its end or until round ``round_cap`` is over.

    ``on_step(state, action)``, when given, is called once before the first
    decision (with ``None``) and after every decision and roll. ``state``
    continues a game already set up instead of dealing a new one.
    """
    st = state or new_game(mode, len(seats_bots), seed)
    rngs = [random.Random(seed * 7919 + 31 * i + 1) for i in range(len(seats_bots))]
    decisions = rolls = 0
    if on_step:
        on_step(st, None)
    while not st.is_terminal() and st.round <= round_cap:
        seat = st.current_player()
        if seat == CHANCE:
            a = st.sample_chance()
            rolls += 1
        else:
            legal = st.legal_actions()
            bot = seats_bots[seat]
            # a bot that declares it ignores the view is spared building it
            obs = st.observation(seat) if getattr(bot, "uses_observation", True) else {}
            a = bot.choose(obs, legal, rngs[seat])
            decisions += 1
        st.apply_action(a)
        if on_step:
            on_step(st, a)
    out = st.outcome()
    rounds = min(st.round, round_cap)
    if out is None:
        return GameResult(None, "cap", rounds, decisions, rolls, st)
    return GameResult(out.winner, out.reason, rounds, decisions, rolls, st)
