"""The lobby with many games (#32): 500 hosted games, 200 of them
correspondence games, 20 of which wait for the player; the time from the
lobby screen pushed to its list filled, in a headless app (Textual's
run_test) at 120x40, median and worst of ``--runs``.

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
from thorskliff.ui.screens.lobby import LobbyScreen  # noqa: E402


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
    times = []
    app = HostedApp(hub, "anna", FakeTerminal())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(args.runs):
            t0 = time.perf_counter()
            lobby = LobbyScreen(hub, "anna")
            await app.push_screen(lobby)
            await pilot.pause()
            times.append(time.perf_counter() - t0)
            app.pop_screen()
            await pilot.pause()
    print(f"lobby opened and filled: median {1000 * statistics.median(times):.1f} ms, "
          f"worst {1000 * max(times):.1f} ms over {args.runs} runs")


if __name__ == "__main__":
    asyncio.run(main())
