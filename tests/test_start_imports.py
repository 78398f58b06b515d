"""What starting to play or replay imports (#12: the start's cost). Playing,
replaying a record and the benchmarks need the rules only: positions
(position.py with invariants.py), observations (engine/observation.py) and
durable writing (durable.py) are imported where they are first needed.
The kinds of events (engine/events.py) are imported with the rules, which
name them where they happen (#28: typed at the source, ~1 ms); the events
themselves are made only when someone reads ``Game.events``.
Counted in modules, never in seconds (the figures: scripts/instructions_old_new.py
--measure import)."""

from __future__ import annotations

import subprocess
import sys

LATER = ("thorskliff.position", "thorskliff.invariants",
         "thorskliff.engine.observation", "thorskliff.durable")


def _imported(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_replaying_a_record_imports_only_the_rules():
    from thorskliff import bench

    text, _ = bench.record_text(20)
    got = _imported(f"from thorskliff import bench, record\nrecord.loads({text!r})\n"
                    "bench.play_random('duell', 2, 1)")
    assert "thorskliff.engine.state" in got and "thorskliff.record" in got
    assert not got & set(LATER), sorted(got & set(LATER))


def test_what_is_left_out_comes_when_it_is_asked_for():
    got = _imported("from thorskliff.game import Game\ng = Game.new('duell', "
                    "[('Ann', 'Bera', 'brown'), ('Bo', 'Jorund', 'black')], 1)\ng.submit(g.state.legal_actions()[0])\nassert g.events\ng.view(0)\n"
                    "from thorskliff import record\nrecord.is_position('format = 1')")
    assert {"thorskliff.engine.observation", "thorskliff.position"} <= got


#: a process that runs the app headless until its first screen has drawn, then
#: prints the modules it imported (argv[1]: "title", or "game" for a game's island)
FIRST_SCREEN = """
import asyncio, os, sys, tempfile
os.environ["THORSKLIFF_DATA"] = tempfile.mkdtemp(prefix="thorskliff-start-")
from thorskliff.ui.app import ThorsApp
if sys.argv[1] == "game":
    from thorskliff.game import Game
    from thorskliff.ui.session import LocalSession
    seats = [("Ann", "Bera", "brown"), ("Bo", "Jorund", "black"), ("Cy", "Oleif", "grey")]
    app = ThorsApp(session=LocalSession(Game.new("base", seats, 7)), handover=False)
else:
    app = ThorsApp()
async def run():
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print(type(app.screen).__name__, " ".join(sys.modules))
asyncio.run(run())
"""

#: what no first screen needs: the bots and their search (the hint imports them when
#: asked), SQLite (a campaign's table), attrs (rich.pretty's, ui/widgets/richlog.py), the other screens
NEVER_FIRST = ("attr", "thorskliff.bots", "thorskliff.bots.search", "thorskliff.bots.chances", "sqlite3",
               "thorskliff.ui.screens.replay", "thorskliff.ui.screens.setup", "thorskliff.ui.screens.campaign")
#: what the title screen does not need either: the rules and a game's screen
NOT_FOR_THE_TITLE = ("thorskliff.game", "thorskliff.engine.state", "thorskliff.record", "thorskliff.scenario",
                     "thorskliff.ui.session", "thorskliff.ui.screens.game")


def _first_screen(kind: str) -> tuple[str, set[str]]:
    out = subprocess.run([sys.executable, "-c", FIRST_SCREEN, kind], capture_output=True, text=True, check=True,
                         timeout=120)
    screen, *mods = out.stdout.split()
    return screen, set(mods)


def test_the_title_screen_starts_without_the_rules_or_the_bots():
    screen, got = _first_screen("title")
    assert screen == "TitleScreen"
    assert not got & set(NEVER_FIRST + NOT_FOR_THE_TITLE), sorted(got & set(NEVER_FIRST + NOT_FOR_THE_TITLE))


def test_a_game_starts_without_the_bots_or_sqlite():
    screen, got = _first_screen("game")
    assert screen == "GameScreen" and "thorskliff.ui.widgets.hexmap" in got
    assert not got & set(NEVER_FIRST), sorted(got & set(NEVER_FIRST))


def test_the_hint_budget_written_out_is_the_search_default():
    from thorskliff.bots import chances
    from thorskliff.ui.screens.hint import Hints

    assert Hints.HINT_ITERATIONS == chances.ITERATIONS
