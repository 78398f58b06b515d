"""The end screen's review of the decisions (issue 30), timed: how long
``bots.review.review`` takes at the screen's budget (``SCREEN_BUDGET``
iterations per decision) for a whole game, in its own thread as the screen
runs it but without the screen.

Games: seeded games of the heuristic bot (``greedy``) played to their end, a
Duell and a 4-player base game per seed. Each is reviewed twice: a person's
decisions against bots (seat 1 only: the common case) and every seat's (a
game at one table, all persons). Prints per mode the median seconds (CPU of
the process and wall) and decisions judged; asserts nothing.

Run: nice -n 10 python scripts/bench_result_review.py [games per mode] [first seed]
"""

from __future__ import annotations

import statistics
import sys
import time

from thorskliff.bots.registry import make_bot
from thorskliff.bots.review import SCREEN_BUDGET, review
from thorskliff.bots.runner import decide, seat_rng
from thorskliff.game import Game

SEATS = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black"), ("Sigrun", "Jorund", "grey"),
         ("Ulf", "Raghild", "white")]
MODES = [("duell", 2), ("base", 4)]


def played(mode: str, n: int, seed: int) -> Game:
    game = Game.new(mode, SEATS[:n], seed)
    bots = [make_bot("greedy") for _ in range(n)]
    rngs = [seat_rng(seed, i) for i in range(n)]
    while not game.state.is_terminal():
        d = game.state.current_player()
        game.submit(decide(bots[d], game.state.clone(), d, rngs[d]), d)
    return game


def timed(game: Game, seats: set[int]) -> tuple[float, float, int]:
    total = [0]
    cpu, wall = time.process_time(), time.perf_counter()
    review(game, SCREEN_BUDGET, seats=seats, progress=lambda done, n: total.__setitem__(0, n))
    return time.process_time() - cpu, time.perf_counter() - wall, total[0]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    print(f"budget {SCREEN_BUDGET} iterations per decision; {games} games per mode, seeds {first}–{first + games - 1}")
    for mode, n in MODES:
        rows: dict[str, list[tuple[float, float, int]]] = {"one person": [], "all seats": []}
        for seed in range(first, first + games):
            game = played(mode, n, seed)
            for label, seats in (("one person", {0}), ("all seats", set(range(n)))):
                got = timed(game, seats)
                rows[label].append(got)
                print(f"  {mode} {n} seed {seed} ({game.state.round} rounds) {label}: {got[2]} decisions, "
                      f"{got[0]:.1f} s CPU, {got[1]:.1f} s wall", flush=True)
        for label, got in rows.items():
            print(f"{mode} {n} seats, {label}: median {statistics.median(g[0] for g in got):.1f} s CPU, "
                  f"{statistics.median(g[1] for g in got):.1f} s wall, "
                  f"{statistics.median(g[2] for g in got):.0f} decisions judged", flush=True)


if __name__ == "__main__":
    main()
