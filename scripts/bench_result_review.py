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

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("THORSKLIFF_DATA", tempfile.mkdtemp(prefix="thorskliff-bench-"))

from textual import events  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widgets import OptionList  # noqa: E402

from thorskliff import record  # noqa: E402
from thorskliff.bots.registry import make_bot
from thorskliff.bots.review import SCREEN_BUDGET, review  # noqa: E402
from thorskliff.bots.runner import decide, seat_rng  # noqa: E402
from thorskliff.game import Game  # noqa: E402
from thorskliff.ui.app import ThorsApp  # noqa: E402
from thorskliff.ui.screens.result import ResultScreen  # noqa: E402
from thorskliff.ui.session import LocalSession  # noqa: E402

RECORD = Path(__file__).resolve().parent.parent / "tests" / "records" / "base4-greedy.tkr"
refreshed: list[float] = []  # every screen update's end
moved: list[float] = []  # the list's cursor moved by a key
_refresh, _down, _up = Screen._compositor_refresh, OptionList.action_cursor_down, OptionList.action_cursor_up


def _timed_refresh(self):
    out = _refresh(self)
    refreshed.append(time.perf_counter())
    return out


def _timed_down(self):
    moved.append(time.perf_counter())
    return _down(self)


def _timed_up(self):
    moved.append(time.perf_counter())
    return _up(self)


Screen._compositor_refresh, OptionList.action_cursor_down, OptionList.action_cursor_up = \
    _timed_refresh, _timed_down, _timed_up

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


async def until(cond, limit: float = 20.0) -> None:
    end = time.perf_counter() + limit
    while not cond():
        if time.perf_counter() > end:
            raise RuntimeError("timed out")
        await asyncio.sleep(0.002)


async def keys(budget: int, count: int = 60) -> tuple[list[float], tuple[int, int]]:
    """Seconds from each cursor key to the repaint after the cursor moved, and the review's progress then."""
    ResultScreen.REVIEW_BUDGET = budget
    app = ThorsApp(session=LocalSession(record.load(RECORD)), handover=False)
    got: list[float] = []
    async with app.run_test(size=(120, 40)):
        await until(lambda: isinstance(app.screen, ResultScreen))
        await asyncio.sleep(0.3)
        screen = app.screen
        for i in range(count):
            if budget and screen.reviewed is not None:
                break
            m = len(moved)
            k0 = time.perf_counter()
            app._driver.send_message(events.Key("down" if i % 2 == 0 else "up", None))
            await until(lambda: len(moved) > m)
            await until(lambda: any(r >= moved[m] for r in refreshed))
            got.append(min(r for r in refreshed if r >= moved[m]) - k0)
            await asyncio.sleep(0.05)
        return got, screen.review_progress


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
    for budget, label in ((0, "no review"), (SCREEN_BUDGET, "the review running")):
        lat, progress = asyncio.run(keys(budget))
        lat.sort()
        print(f"cursor key to repaint, {label}: median {1000 * statistics.median(lat):.1f} ms, 90th percentile "
              f"{1000 * lat[int(0.9 * (len(lat) - 1))]:.1f} ms, max {1000 * lat[-1]:.1f} ms over {len(lat)} keys"
              + (f" (review at {progress[0]}/{progress[1]})" if budget else ""), flush=True)


if __name__ == "__main__":
    main()
