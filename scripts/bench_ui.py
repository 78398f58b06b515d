"""Speed of the Textual app (issue 4), measured headless at 120x40.

* first frame from start: from launching a Python process to the first line
  of the island drawn (the process imports Textual and the game, builds the
  game and the app), against a process showing a minimal Textual app (one
  Static), started alternately in the same run (target: within 1.5x). This
  is what a player waits for. Python caches compiled modules in __pycache__;
  with PYTHONDONTWRITEBYTECODE set (some sandboxes) every start compiles the
  game's modules again, which the script reports;
* first frame in a warm process: the same from creating the game and the
  app, with every module already imported (Textual's own per-app work
  dominates here: the minimal app takes ~6 ms);
* key to repaint: from a cursor key pressed on the island to its redrawn
  first line, and to the end of the last screen update it caused (the hex
  info and the list of decisions follow the cursor) (target: median under
  50 ms);
* the play flow's keys (issue 13): the island's cursor, Tab, ↓ in the list,
  Enter selecting a stack, a stack of three moving in one key and u taking a
  step back, each from the press to the end of the last screen update it
  caused (target: median under 16 ms, one frame at 60 Hz).

Prints medians; asserts nothing. Run: python scripts/bench_ui.py [runs]
(an older commit's code for comparison: PYTHONPATH=<its checkout> python scripts/bench_ui.py)
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


#: per screen update: when it ended (wall clock, and this process's CPU time)
#: and which widgets it drew
updates: list[tuple[float, float, tuple[str, ...]]] = []


def _timed_refresh(self):
    drawn = tuple(sorted(type(w).__name__ for w in self._dirty_widgets))
    result = _orig_refresh(self)
    refreshed.append(time.perf_counter())
    updates.append((refreshed[-1], time.process_time(), drawn))
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


async def key_to_full_update(rounds: int) -> dict[str, list[tuple[float, float]]]:
    """The play flow's keys at 120x40 (issue 13), each timed from the press to
    the end of the last screen update it caused: the island's cursor, Tab
    between island and list, ↓ in the list, Enter selecting a stack, a stack
    of three moving (three decisions in one key) and u taking one back."""
    game = Game.new("base", SEATS, 7)
    for _ in range(4):
        game.submit(game.state.legal_actions()[0])
    st = game.state
    seat = st.current_player()
    hero = st.players[seat].hero_at
    st.wc[seat][hero] += 2  # the hero's two warriors, as in a typical turn
    st.players[seat].supply -= 2
    st._legal = None
    app = ThorsApp(session=LocalSession(game), handover=False)
    out: dict[str, list[tuple[float, float]]] = {}

    async def timed(kind: str, key: str) -> None:
        r = len(updates)
        t0, c0 = time.perf_counter(), time.process_time()
        await pilot.press(key)
        await pilot.pause()
        await asyncio.sleep(0.15)  # let every update it caused finish
        # the last update that drew what the key changed (scroll bars alone follow a frame later)
        drawn = [(at, cpu) for at, cpu, what in updates[r:] if at >= t0 and what and set(what) != {"ScrollBar"}]
        if drawn:
            out.setdefault(kind, []).append((drawn[-1][0] - t0, drawn[-1][1] - c0))

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        gs = app.screen
        for _ in range(rounds):
            gs.map.set_cursor(hero)
            await pilot.pause()
            for k in ("up", "down", "left", "right"):
                await timed("cursor key on the island", k)
            gs.map.set_cursor(hero)
            await pilot.pause()
            await timed("Tab to the list", "tab")
            await timed("↓ in the list", "down")
            await timed("Tab to the island", "tab")
            if not hasattr(gs, "move_stack"):
                continue  # an older commit (before stacks): the keys above only
            await timed("Enter: select a stack", "enter")
            target = min(choices_targets(gs), default=None)
            if target is None:
                break
            gs.map.set_cursor(target)
            await pilot.pause()
            await timed("Enter: a stack of three moves", "enter")
            for _ in range(3):
                await timed("u: one decision taken back", "u")
    return out


def choices_targets(gs) -> list[int]:
    from thorskliff.ui import choices

    return sorted(choices.stack_targets(gs.legal, gs.selected, gs._going()))


#: a fresh process that prints the wall-clock time of its first painted line;
#: the minimal app imports nothing of the game
CHILD = """
import asyncio, os, sys, time
from textual.app import App
from textual.widgets import Static

def report(self, y):
    sys.stdout.write(f"{time.time()}\\n")
    sys.stdout.flush()
    os._exit(0)

if sys.argv[1] == "minimal":
    class Minimal(App):
        def compose(self):
            yield Static("Thors Kliff")
    Static.render_line = report
    app = Minimal()
else:
    from thorskliff.ui.widgets.hexmap import IslandMap
    IslandMap.render_line = report
    from thorskliff.game import Game
    from thorskliff.ui.app import ThorsApp
    from thorskliff.ui.session import LocalSession
    seats = [("Astrid", "Oleif", "brown"), ("Bjorn", "Bera", "black"), ("Sigrun", "Jorund", "grey"),
             ("Ulf", "Raghild", "white")]
    app = ThorsApp(session=LocalSession(Game.new("base", seats, 7)), handover=False)

async def run():
    async with app.run_test(size=(120, 40)):
        await asyncio.sleep(30)

asyncio.run(run())
"""


def first_frame_process(kind: str) -> float:
    import subprocess

    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD, kind], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    return float(out.strip()) - t0


async def main(runs: int) -> None:
    mins, isl = [], []
    await first_frame_minimal()  # warm imports and caches for both
    await first_frame_island()
    for _ in range(runs):
        mins.append(await first_frame_minimal())
        isl.append(await first_frame_island())
    keys = await key_to_repaint(max(30, runs * 3))
    first_frame_process("island")  # the first start may write __pycache__
    pmin, pisl = [], []
    for _ in range(runs):
        pmin.append(first_frame_process("minimal"))
        pisl.append(first_frame_process("island"))
    p_min, p_isl = (statistics.median(x) * 1000 for x in (pmin, pisl))
    print(f"first frame from start, minimal Textual app: median {p_min:7.1f} ms over {runs} runs")
    print(f"first frame from start, island (120x40):     median {p_isl:7.1f} ms over {runs} runs "
          f"(ratio {p_isl / p_min:.2f}, target <= 1.5)")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("  (PYTHONDONTWRITEBYTECODE is set: modules without a compiled copy in __pycache__ were compiled at every start)")
    m_min, m_isl, m_key = (statistics.median(x) * 1000 for x in (mins, isl, keys))
    print(f"first frame in a warm process, minimal app: median {m_min:7.1f} ms over {runs} runs")
    print(f"first frame in a warm process, island:      median {m_isl:7.1f} ms over {runs} runs "
          f"(ratio {m_isl / m_min:.2f})")
    print(f"key to repaint (120x40):          median {m_key:7.1f} ms over {len(keys)} keys (target < 50)")
    print(f"key to finished screen update:    median {statistics.median(settled) * 1000:7.1f} ms "
          "(the update that redrew the island)")
    flow = await key_to_full_update(max(5, runs))
    every = [x for xs in flow.values() for x in xs]
    print("play flow at 120x40, from the key to the end of the screen update that drew what it changed")
    print("(wall clock, and this process's CPU time in that span; target: median under 16 ms):")
    for kind, xs in [*flow.items(), ("every key above", every)]:
        wall = statistics.median(x for x, _ in xs) * 1000
        cpu = statistics.median(c for _, c in xs) * 1000
        print(f"  {kind:32s} wall median {wall:6.1f} ms, CPU median {cpu:6.1f} ms over {len(xs)} keys")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
