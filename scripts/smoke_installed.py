"""Check an installed thorskliff as a user gets it (``.ci/run`` runs this with
the python of a fresh venv that installed the built wheel, from a folder
outside the checkout):

- the package and its scenario files come from the install, not a checkout;
- the app starts headless, shows its title screen with its menu, and opens
  the new-game screen (which reads the scenario files);
- ``thorskliff simulate`` plays a seeded bot game to its end.

Exits non-zero with one line saying what failed.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def fail(msg: str) -> None:
    print(f"smoke: FAILED: {msg}", file=sys.stderr)
    sys.exit(1)


def check_install() -> None:
    import thorskliff
    from thorskliff.scenario import available_modes, scenario_dir

    pkg = Path(thorskliff.__file__).resolve().parent
    if "site-packages" not in pkg.parts:
        fail(f"thorskliff was imported from {pkg}, not from an installed wheel")
    scen = scenario_dir().resolve()
    if pkg not in scen.parents:
        fail(f"the scenario files come from {scen}, not from inside the package {pkg}")
    modes = available_modes()
    if not {"base", "duell", "episch"} <= set(modes):
        fail(f"modes found: {modes}")
    if not (scen / "campaign" / "chapter1.toml").is_file():
        fail("the campaign chapters are not in the wheel")
    print(f"smoke: installed at {pkg}; scenarios {scen}; modes {', '.join(modes)}")


async def check_title() -> None:
    from textual.widgets import OptionList, Static

    from thorskliff.ui.app import ThorsApp
    from thorskliff.ui.screens.setup import SetupScreen
    from thorskliff.ui.screens.title import TitleScreen

    app = ThorsApp(lang="de")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, TitleScreen):
            fail(f"the app opened {type(app.screen).__name__}, not the title screen")
        name = str(app.screen.query_one("#name", Static).render())
        if "Thors Kliff" not in name:
            fail(f"the title screen says {name!r}")
        menu = app.screen.query_one(OptionList)
        entries = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        if "Neues Spiel" not in entries:
            fail(f"the title menu lists {entries}")
        await pilot.press("n")
        await pilot.pause()
        if not isinstance(app.screen, SetupScreen):
            fail(f"'n' opened {type(app.screen).__name__}, not the new-game screen")
    print(f"smoke: the app started headless to its title screen ({', '.join(entries)}) and opened a new game")


def check_simulate() -> None:
    exe = Path(sys.executable).with_name("thorskliff")
    out = subprocess.run([str(exe), "simulate", "--seats", "greedy,greedy", "--games", "1", "--seed", "7",
                          "--json"], capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        fail(f"thorskliff simulate exited {out.returncode}: {out.stderr.strip()[-500:]}")
    summary = json.loads(out.stdout)
    game = summary["results"][0]
    if summary["games"] != 1 or game["decisions"] < 20:
        fail(f"the bot game did not play: {game}")
    print(f"smoke: thorskliff simulate played a seeded bot game: {game['rounds']} rounds, "
          f"{game['decisions']} decisions, won by {game['reason']}")


def check_shipped_data() -> None:
    """The data files beside the code: the Lehrgang's lessons (played through by
    ``tutorial --verify``), the win chances' calibration map, the browser page's script."""
    exe = Path(sys.executable).with_name("thorskliff")
    out = subprocess.run([str(exe), "tutorial", "--verify"], capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        fail(f"thorskliff tutorial --verify exited {out.returncode}: {(out.stdout + out.stderr).strip()[-500:]}")
    from thorskliff.bots import estimator
    from thorskliff.web import server

    for f in (estimator.MAP_FILE, Path(server.__file__).parent / "assets" / "page.js"):
        if not f.is_file():
            fail(f"{f} is not in the installed package")
    print(f"smoke: {out.stdout.strip()}; the calibration map and the page's script are installed")


def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        os.environ["THORSKLIFF_DATA"] = data  # the app's saves and tables, not the user's
        check_install()
        asyncio.run(check_title())
        check_simulate()
        check_shipped_data()
    print("smoke: OK")


if __name__ == "__main__":
    main()
