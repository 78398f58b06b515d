"""Hints on the game screen (issue 17), measured headless at 120x40:

* key to hint: from pressing ``t`` to the end of the first screen update
  that shows the three decisions (target: within 2 s), with the UI's own
  budget (400 iterations, cut at 1.5 s: the script says how many ran);
* key to repaint while the hint is computed: from a cursor key on the island
  to its redrawn first line, with the search running in its thread (target:
  median under 50 ms). The hints are timed twice: with no key meanwhile,
  and with a cursor key every 50 ms (the keys take the search's time: the
  one Python process has one interpreter lock).

Positions: a Duell, a 3- and a 4-player base game, each played by the
heuristic bot from its seed to the first movement phase of round 3 (a
person's decision with hero steps to weigh). Prints medians; asserts
nothing. Run: python scripts/bench_hint.py [repeats] (about 1.5 s a hint, 6 a repeat).
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import tempfile
import time

os.environ.setdefault("THORSKLIFF_DATA", tempfile.mkdtemp(prefix="thorskliff-bench-"))

from textual import events  # noqa: E402
from textual.screen import Screen  # noqa: E402

from thorskliff.bots.heuristic import HeuristicBot  # noqa: E402
from thorskliff.bots.runner import decide  # noqa: E402
from thorskliff.engine.state import CHANCE  # noqa: E402
from thorskliff.engine.steps import Step  # noqa: E402
from thorskliff.game import Game  # noqa: E402
from thorskliff.ui.app import ThorsApp  # noqa: E402
from thorskliff.ui.screens.hint import Hints  # noqa: E402
from thorskliff.ui.session import LocalSession  # noqa: E402
from thorskliff.ui.widgets.hexmap import IslandMap  # noqa: E402

SIZE = (120, 40)
SEATS = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black"), ("Sigrun", "Jorund", "grey"),
         ("Ulf", "Raghild", "white")]
POSITIONS = [("duell", 2, 11), ("base", 3, 12), ("base", 4, 13)]

painted: list[float] = []  # the island's first line drawn
refreshed: list[float] = []  # every screen update's end
shown: list[float] = []  # the hint's words put on the screen

_line, _refresh, _show = IslandMap.render_line, Screen._compositor_refresh, Hints._hint_show


def _timed_line(self, y):
    if y == 0:
        painted.append(time.perf_counter())
    return _line(self, y)


def _timed_refresh(self):
    out = _refresh(self)
    refreshed.append(time.perf_counter())
    return out


def _timed_show(self):
    shown.append(time.perf_counter())
    return _show(self)


IslandMap.render_line, Screen._compositor_refresh, Hints._hint_show = _timed_line, _timed_refresh, _timed_show


def position(mode: str, players: int, seed: int) -> Game:
    """The game at the first movement phase of round 3 (heuristic play)."""
    game = Game.new(mode, SEATS[:players], seed)
    bot, rng = HeuristicBot(), random.Random(seed)
    st = game.state
    while not (st.step == Step.MOVE and st.round >= 3):
        seat = st.current_player()
        if seat == CHANCE:
            game.submit(st.sample_chance())
        else:
            game.submit(decide(bot, st, seat, rng))
        st = game.state
    return game


async def until(cond, limit: float = 20.0) -> None:
    end = time.perf_counter() + limit
    while not cond():
        if time.perf_counter() > end:
            raise RuntimeError("timed out")
        await asyncio.sleep(0.002)


def key(app, name: str) -> None:
    """A key as the terminal sends it. Not Pilot.press: that waits until the
    process is idle (textual._wait.wait_for_idle), i.e. until the search is over."""
    app._driver.send_message(events.Key(name, None))


async def one(game: Game, keys_per_hint: int) -> tuple[float, int, list[float]]:
    """Seconds from t to the hint drawn, the iterations run, and the cursor
    keys' repaint times while it was computed."""
    app = ThorsApp(session=LocalSession(game), handover=False)
    latencies: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: getattr(app.screen, "ready", False))
        await pilot.pause()
        gs = app.screen
        shown.clear()
        t0 = time.perf_counter()
        key(app, "t")
        keys = ["right", "left"]
        for i in range(keys_per_hint):
            if gs._hint_found is not None:
                break
            n = len(painted)
            k0 = time.perf_counter()
            key(app, keys[i % 2])
            await until(lambda: len(painted) > n, 5.0)
            if gs._hint_found is None:  # still computing when the key was drawn
                latencies.append(painted[n] - k0)
            await asyncio.sleep(0.05)
        await until(lambda: shown)
        await until(lambda: any(r >= shown[0] for r in refreshed))
        drawn = min(r for r in refreshed if r >= shown[0])
        return drawn - t0, gs._hint_found[1], latencies


async def main(repeats: int) -> None:
    games = {p: position(*p) for p in POSITIONS}
    keys: list[float] = []
    for label, per_hint in (("no keys meanwhile", 0), ("a cursor key every 50 ms meanwhile", 40)):
        waits: dict[tuple, list[float]] = {}
        its: dict[tuple, list[int]] = {}
        for _ in range(repeats):
            for p, game in games.items():
                wait, done, lat = await one(game, per_hint)  # a hint changes nothing: the same game again
                waits.setdefault(p, []).append(wait)
                its.setdefault(p, []).append(done)
                keys += lat
        print(f"-- {label}")
        for (mode, n, seed), w in waits.items():
            print(f"key t to three hints drawn, {mode} {n} players (seed {seed}): median {statistics.median(w):.2f} s, "
                  f"max {max(w):.2f} s over {len(w)}; iterations run {sorted(its[(mode, n, seed)])} of "
                  f"{Hints.HINT_ITERATIONS} (cap {Hints.HINT_SECONDS} s)")
        allw = [x for w in waits.values() for x in w]
        print(f"key t to three hints drawn, all: median {statistics.median(allw):.2f} s, max {max(allw):.2f} s "
              f"(target <= 2 s)")
    if keys:
        keys.sort()
        print(f"cursor key to repaint while the hint is computed: median {statistics.median(keys) * 1000:.1f} ms, "
              f"90th percentile {keys[int(0.9 * (len(keys) - 1))] * 1000:.1f} ms over {len(keys)} keys (target < 50)")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
