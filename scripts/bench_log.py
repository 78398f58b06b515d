"""Speed of the game log in a long game (issue 13): what the game screen
does after one decision is appended — its redraw (the log written from the
events the viewer may see, ``session.events(viewer)``) and the event feed's
read of the spectator's events (``EventFeed._events``, at every sync) —
measured headless at 120x40 at games of several lengths. Appending one
decision must cost the same at any length: nothing re-derives the game.

A game of random decisions (seeded) is played to each length, then opened
on the game screen; each of the next decisions is submitted to the session
and timed from there to the end of the redraw and the feed's read (wall
clock and this process's CPU time); the screen is drawn between them.
Then the same game in the replay viewer, from its end: each step back (←)
timed from the key's action to the end of its redraw (the log cut back).

Prints medians; asserts nothing. Run: python scripts/bench_log.py [decisions]
(an older commit's code for comparison: PYTHONPATH=<its checkout> python scripts/bench_log.py)
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

from thorskliff.game import Game  # noqa: E402
from thorskliff.ui.app import ThorsApp  # noqa: E402
from thorskliff.ui.screens.game import GameScreen  # noqa: E402
from thorskliff.ui.session import LocalSession, ReplaySession  # noqa: E402

SEATS = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black"), ("Sigrun", "Jorund", "grey"),
         ("Ulf", "Raghild", "white")]
LENGTHS = (200, 1000, 2000)


def played(lines: int, rng: random.Random) -> Game | None:
    """A base game of random decisions (dice from its seed) with ``lines`` record lines; None when it ended before."""
    game = Game.new("base", SEATS, 3)
    while len(game.lines) < lines:
        d = game.decider()
        if d < 0:
            return None
        game.submit(rng.choice(game.legal()), d)
    return game


def next_decisions(game: Game, rng: random.Random, n: int) -> list[tuple[str, int]]:
    """The next ``n`` random decisions from ``game`` (played on a copy)."""
    from thorskliff import record

    copy = record.loads(record.dumps(game))
    out = []
    while len(out) < n and copy.decider() >= 0:
        d = copy.decider()
        text = rng.choice(copy.legal())
        copy.submit(text, d)
        out.append((text, d))
    return out


async def appended(lines: int, n: int) -> list[tuple[float, float]]:
    rng = random.Random(lines)
    game = None
    while game is None:
        game = played(lines, rng)
    todo = next_decisions(game, rng, n)
    session = LocalSession(game)
    app = ThorsApp(session=session, handover=False)
    out = []
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(500):
            if isinstance(app.screen, GameScreen) and getattr(app.screen, "ready", False):
                break
            await pilot.pause(0.01)
        gs = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        gs.redraw()
        await pilot.pause()
        for text, seat in todo:
            if session.decider() != seat:
                break
            w0, c0 = time.perf_counter(), time.process_time()
            session.submit(text, seat)
            gs.redraw()
            gs._events()
            out.append((time.perf_counter() - w0, time.process_time() - c0))
            await pilot.pause()
    return out


async def stepped_back(lines: int, n: int) -> list[tuple[float, float]]:
    from thorskliff.ui.screens.replay import ReplayScreen

    rng = random.Random(lines)
    game = None
    while game is None:
        game = played(lines, rng)
    app = ThorsApp(handover=False)
    out = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = ReplayScreen(ReplaySession(game))
        app.push_screen(screen)
        for _ in range(1000):
            if app.screen is screen and getattr(screen, "ready", False):
                break
            await pilot.pause(0.01)
        await pilot.pause()
        for _ in range(n):
            w0, c0 = time.perf_counter(), time.process_time()
            screen.action_step(-1)
            out.append((time.perf_counter() - w0, time.process_time() - c0))
            await pilot.pause()
    return out


def _say(lines: int, xs: list[tuple[float, float]], what: str) -> None:
    wall = statistics.median(x[0] for x in xs) * 1000
    cpu = statistics.median(x[1] for x in xs) * 1000
    print(f"  at {lines:5d} record lines: wall median {wall:6.2f} ms, CPU median {cpu:6.2f} ms over {len(xs)} {what}")


async def main(n: int) -> None:
    print("one decision appended at 120x40: submit, redraw (the log), the feed's read of the events")
    for lines in LENGTHS:
        _say(lines, await appended(lines, n), "decisions")
    print("replay viewer at 120x40, one step back (←): the step and its redraw")
    for lines in LENGTHS:
        _say(lines, await stepped_back(lines, n), "steps")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 30))
