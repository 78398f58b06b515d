"""The lobby with many games (#32): 500 hosted games, 200 of them
correspondence games, 20 of which wait for the player; in a headless app
(Textual's run_test) at 120x40, median and worst of ``--runs``:

- first frame: from the lobby screen pushed to its first frame drawn with its
  rows (what a player sees; the frame a terminal would be sent);
- last layout: to its last whole frame (Textual lays the screen out again
  once the list's length is known, to add the scrollbar);
- settled: to Textual's pilot finding the process idle. Its idle test sleeps
  in steps of 20 ms until one step used under 1 ms of CPU, so this figure is
  the first frame and at least one such step more.

Run: python scripts/bench_lobby.py [--games 500] [--corr 200] [--waiting 20] [--runs 7]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "ssh"))

from test_hostapp import FakeTerminal  # noqa: E402

from thorskliff.host.corr import DAY, Terms  # noqa: E402
from thorskliff.host.hostapp import HostedApp  # noqa: E402
from thorskliff.host.hub import Hub  # noqa: E402
from thorskliff.host.sqlitestore import SqliteStore  # noqa: E402
from thorskliff.ui.screens.lobby import LobbyScreen, tx  # noqa: E402


def populated(games: int, corr: int, waiting: int) -> Hub:
    hub = Hub(SqliteStore(Path(tempfile.mkdtemp()) / "hub.sqlite3"))
    for i in range(games):
        terms = Terms(2 * DAY, "bot:leicht", 3) if i < corr else None
        creator = "anna" if i < waiting else f"p{i}"
        rs = hub.create(creator, "duell", 2, seed=i, terms=terms)
        hub.join(rs.game_id, 1, f"q{i}")
        if creator == "anna" and rs.hg.state.current_player() != 0:  # her move: the other chose first
            hub.submit(hub.resume(rs.game_id, f"q{i}"), rs.hg.game.legal()[0])
    return hub


def frame_text(update) -> str:
    """The text of a frame Textual hands to its driver (a compositor update's lines)."""
    return "\n".join("".join(strip.text for strip in line) if not hasattr(line, "text") else line.text
                     for line in getattr(update, "strips", []))


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--corr", type=int, default=200)
    ap.add_argument("--waiting", type=int, default=20)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    hub = populated(args.games, args.corr, args.waiting)
    print(f"{len(hub.games)} games, {sum(1 for g in hub.games.values() if g.clocked)} correspondence, "
          f"{len(hub.waiting('anna'))} waiting for anna")
    first: list[float] = []
    last: list[float] = []
    settled: list[float] = []
    app = HostedApp(hub, "anna", FakeTerminal())
    drawn: list[tuple[float, object, object]] = []
    mine = tx("your_move")  # the words on the rows of the games waiting for the player
    display = app._display

    def timed_display(screen, renderable) -> None:
        # the frame is computed before this is called: its time is when it would go out
        if renderable is not None:
            drawn.append((time.perf_counter(), screen, renderable))
        display(screen, renderable)

    app._display = timed_display  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(args.runs):
            drawn.clear()
            t0 = time.perf_counter()
            lobby = LobbyScreen(hub, "anna")
            await app.push_screen(lobby)
            await pilot.pause()
            settled.append(time.perf_counter() - t0)
            frames = [(at, frame) for at, screen, frame in drawn if screen is lobby]
            assert frames and mine in frame_text(frames[0][1]), "the lobby's first frame has no row of the player's"
            first.append(frames[0][0] - t0)
            last.append(max(at for at, frame in frames if type(frame).__name__ == "LayoutUpdate") - t0)
            app.pop_screen()
            await pilot.pause()
    for name, times in (("first frame", first), ("last layout", last), ("settled", settled)):
        print(f"lobby {name}: median {1000 * statistics.median(times):.1f} ms, "
              f"worst {1000 * max(times):.1f} ms over {args.runs} runs")


if __name__ == "__main__":
    asyncio.run(main())
