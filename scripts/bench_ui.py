"""Speed of the Textual app (issue 4), measured headless at 120x40.

* first frame: from creating the game and the app to the first line of the
  island drawn, against a minimal Textual app (one Static) measured in the
  same run, the same way (target: within 1.5x);
* key to repaint: from a cursor key pressed on the island to its redrawn
  first line, and to the end of the last screen update it caused (the hex
  info and the list of decisions follow the cursor) (target: median under
  50 ms).

Prints medians; asserts nothing. Run: python scripts/bench_ui.py [runs]
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("THORSKLIFF_DATA", tempfile.mkdtemp(prefix="thorskliff-bench-"))

from textual.app import App, ComposeResult  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widgets import Static  # noqa: E402

from thorskliff.game import Game  # noqa: E402
from thorskliff.ui.app import ThorsApp  # noqa: E402
from thorskliff.ui.session import LocalSession  # noqa: E402
from thorskliff.ui.widgets.hexmap import IslandMap  # noqa: E402

SIZE = (120, 40)
SEATS = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black"), ("Sigrun", "Jorund", "grey"),
         ("Ulf", "Raghild", "white")]
painted: list[float] = []
settled: list[float] = []


class TimedStatic(Static):
    def render_line(self, y):
        if y == 0:
            painted.append(time.perf_counter())
        return super().render_line(y)


class Minimal(App):
    def compose(self) -> ComposeResult:
        yield TimedStatic("Thors Kliff")


_orig = IslandMap.render_line


def _timed(self, y):
    painted.append(time.perf_counter())
    return _orig(self, y)


IslandMap.render_line = _timed

# the end of each screen update (every dirty widget drawn and composed)
_orig_refresh = Screen._compositor_refresh
refreshed: list[float] = []


def _timed_refresh(self):
    result = _orig_refresh(self)
    refreshed.append(time.perf_counter())
    return result


Screen._compositor_refresh = _timed_refresh


async def wait_paint(pilot, since: int, limit: float = 10.0) -> float:
    t_end = time.perf_counter() + limit
    while len(painted) <= since:
        if time.perf_counter() > t_end:
            raise RuntimeError("no repaint")
        await asyncio.sleep(0)
    return painted[since]


async def first_frame_minimal() -> float:
    painted.clear()
    t0 = time.perf_counter()
    app = Minimal()
    async with app.run_test(size=SIZE) as pilot:
        t1 = await wait_paint(pilot, 0)
    return t1 - t0


async def first_frame_island() -> float:
    painted.clear()
    t0 = time.perf_counter()
    game = Game.new("base", SEATS, 7)
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        t1 = await wait_paint(pilot, 0)
    return t1 - t0


async def key_to_repaint(presses: int) -> list[float]:
    game = Game.new("base", SEATS, 7)
    for _ in range(4):
        game.submit(game.state.legal_actions()[0])
    app = ThorsApp(session=LocalSession(game), handover=False)
    out = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one(IslandMap).set_cursor(0)  # the sanctuary: every key below moves
        await pilot.pause()
        keys = ["up", "down", "right", "left", "down", "up", "left", "right"]
        for i in range(presses):
            n = len(painted)
            t0 = time.perf_counter()
            r = len(refreshed)
            await pilot.press(keys[i % len(keys)])
            t1 = await wait_paint(pilot, n)
            await pilot.pause()
            out.append(t1 - t0)
            settled.append(min((x for x in refreshed[r:] if x >= t1), default=t1) - t0)
    return out


async def main(runs: int) -> None:
    mins, isl = [], []
    await first_frame_minimal()  # warm imports and caches for both
    await first_frame_island()
    for _ in range(runs):
        mins.append(await first_frame_minimal())
        isl.append(await first_frame_island())
    keys = await key_to_repaint(max(30, runs * 3))
    m_min, m_isl, m_key = (statistics.median(x) * 1000 for x in (mins, isl, keys))
    print(f"first frame, minimal Textual app: median {m_min:7.1f} ms over {runs} runs")
    print(f"first frame, island (120x40):     median {m_isl:7.1f} ms over {runs} runs "
          f"(ratio {m_isl / m_min:.2f}, target <= 1.5)")
    print(f"key to repaint (120x40):          median {m_key:7.1f} ms over {len(keys)} keys (target < 50)")
    print(f"key to finished screen update:    median {statistics.median(settled) * 1000:7.1f} ms "
          "(the update that redrew the island)")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
