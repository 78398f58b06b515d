"""Seats and the bots that play them, and matches between bots.

:class:`Seats` says which seats of a running :class:`~thorskliff.game.Game`
bots play (a bot takes over a seat whose player left and hands it back) and
plays their decisions through :func:`.runner.decide`; every seat keeps its
own generator (:meth:`Seats.rng`) for as long as the game runs, across a
hand-back and a new takeover. The hub and the UI, which ask a bot for a
decision off their loop, take the seat's bot and generator from here. The
rest serves ``thorskliff simulate``: lineups with rotated seats
(:func:`play_lineup`, one game by :func:`.runner.play_game`) and win-rate
intervals (:func:`wilson`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from ..engine.actions import Action
from ..game import Game
from ..engine.state import GameState
from .base import Bot
from .runner import decide, play_game, seat_rng


class Seats:
    """Which seats bots play. Seats not listed are humans'.

    ``bots`` maps 0-based seats to bots. :meth:`takeover` gives a seat to a
    bot (a player left), :meth:`hand_back` returns it to its player;
    :meth:`step_bots` plays every decision that falls to a bot."""

    def __init__(self, players: int, bots: Mapping[int, Bot] | None = None, seed: int = 0):
        self.players = players
        self.seed = seed
        self._bots: dict[int, Bot] = {}
        self._rngs: dict[int, random.Random] = {}
        for seat, bot in (bots or {}).items():
            self.takeover(seat, bot)

    def _check(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat + 1} in a game of {self.players}")

    def bot(self, seat: int) -> Bot | None:
        return self._bots.get(seat)

    def is_bot(self, seat: int) -> bool:
        return seat in self._bots

    def humans(self) -> list[int]:
        return [s for s in range(self.players) if s not in self._bots]

    def bot_seats(self) -> list[int]:
        return sorted(self._bots)

    def rng(self, seat: int) -> random.Random:
        """The generator the bot of ``seat`` draws from: one per seat and
        game (``seat_rng``), the same for every bot that plays the seat, so
        a takeover after a hand-back goes on drawing where the last stopped."""
        rng = self._rngs.get(seat)
        if rng is None:
            self._check(seat)
            rng = self._rngs[seat] = seat_rng(self.seed, seat)
        return rng

    def decide(self, st: GameState, seat: int) -> Action:
        """The decision of ``seat``'s bot in ``st`` (``seat`` decides now and
        a bot plays it; KeyError otherwise). It sees only what the seat may
        see (:func:`.runner.decide`); ``st`` may be a copy of the game's."""
        return decide(self._bots[seat], st, seat, self.rng(seat))

    def takeover(self, seat: int, bot: Bot) -> None:
        """``bot`` plays ``seat`` from its next decision on."""
        self._check(seat)
        self._bots[seat] = bot
        self.rng(seat)

    def hand_back(self, seat: int) -> Bot | None:
        """The seat's player decides again; returns the bot that played it."""
        self._check(seat)
        return self._bots.pop(seat, None)

    def waiting_for(self, game: Game) -> int | None:
        """The human seat that must decide now, or None (a bot, the dice, the end)."""
        d = game.decider()
        return d if d >= 0 and d not in self._bots else None

    def step_bots(self, game: Game, limit: int | None = None,
                  on_decision: Callable[[int, Action], None] | None = None) -> list[str]:
        """Play bots' decisions — in turn and off turn (a defender's potion,
        blocks, a troll's counter) — until a human decides, the dice must be
        rolled by hand (``auto_chance`` off), the game ends, or ``limit``
        decisions were made. Returns the record lines added."""
        lines: list[str] = []
        made = 0
        while limit is None or made < limit:
            st = game.state
            d = st.current_player()
            if d < 0 or d not in self._bots:
                break
            a = self.decide(st, d)
            lines += game.submit(a, d)
            made += 1
            if on_decision:
                on_decision(d, a)
        return lines


# --------------------------------------------------------------------- matches (thorskliff simulate)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % for z = 1.96)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    den = 1 + z * z / games
    mid = (p + z * z / (2 * games)) / den
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def lineup_seating(entries: int, rotation: int) -> list[int]:
    """Which lineup entry plays each seat in a game of rotation ``rotation``:
    seat i gets entry (i + rotation) mod n, so over n rotations every entry
    plays every seat once."""
    return [(i + rotation) % entries for i in range(entries)]


def play_lineup(specs: Sequence[str], mode: str, seed: int, rotation: int, round_cap: int = 60) -> dict:
    """One game of a lineup (bot names, see :mod:`.registry`) with its seats
    rotated; the result as plain data (for worker processes)."""
    import time

    from .registry import make_bot

    seating = lineup_seating(len(specs), rotation)
    bots = [make_bot(specs[e]) for e in seating]
    t = time.perf_counter()
    r = play_game(mode, bots, seed, round_cap)
    elapsed = time.perf_counter() - t
    return {"seed": seed, "rotation": rotation, "seating": seating,
            "winner_seat": r.winner, "winner": None if r.winner is None else seating[r.winner],
            "reason": r.reason, "rounds": r.rounds, "decisions": r.decisions, "rolls": r.rolls,
            "seconds": elapsed,
            "searched": sum(getattr(b, "searched", 0) for b in bots),
            "iterations": sum(getattr(b, "iterations_run", 0) for b in bots)}
