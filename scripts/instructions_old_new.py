"""Random play of two checkouts counted in machine instructions (valgrind's
callgrind), which a shared, loaded machine does not blur the way it blurs
seconds (scripts/bench_old_new.py).

Each checkout plays the same fixed set-ups (4-player base, 3-player base,
duell; seeds 1 to 3; random decisions from ``thorskliff.bench.play_random``)
in a fresh interpreter under callgrind; the import alone is counted too and
taken off, so the figure is the instructions of play, given per action
applied (the unit of ``thorskliff bench``'s actions per second).

A rule changed since #12 began (record flow 2 stops the haste phase for
every potion holder), so the same seeds make other games. By default
(``--games same``) a checkout that knows the old flow (``GameState.old_haste``)
plays it, and both play the very same games: the action counts printed must
agree, and the ratio is the engine's alone. ``--games own`` lets each play
its own rules. Needs valgrind; takes a few minutes.

``--measure replay`` counts instead the loading of one record (a random
4-player base game of 300 decisions, ``thorskliff bench``'s replay) that the
old checkout writes and both load, per load; ``--measure import`` counts
importing ``thorskliff.bench`` and ``thorskliff.cli`` (the command's start)
beyond the bare interpreter's start.

    python scripts/instructions_old_new.py --old /work/wt/pre12 --new .
    python scripts/instructions_old_new.py --old /work/wt/pre12 --new . --measure replay
    python scripts/instructions_old_new.py --old /work/wt/pre12 --new . --measure import
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

IMPORT = "from thorskliff import bench"
SAME = "\nif hasattr(bench.GameState, 'old_haste'):\n    bench.GameState.old_haste = True"
PLAY = ("\nimport sys\nn = sum(bench.play_random(mode, k, seed) for seed in (1, 2, 3)"
        "\n        for mode, k in (('base', 4), ('base', 3), ('duell', 2)))\nprint(n, file=sys.stderr)\n")

#: --measure replay: one record (from the old checkout) loaded once to warm up,
#: then LOADS times more; the difference is LOADS loads
LOADS = 5
REPLAY = ("import sys\nfrom thorskliff import record\ntext = open(sys.argv[1]).read()\n"
          "g = record.loads(text, '<bench>')\nfor _ in range({n}):\n    g = record.loads(text, '<bench>')\n"
          "print(len(g.lines), file=sys.stderr)\n")
WRITE = "import sys\nfrom thorskliff import bench\nprint(bench.record_text(300)[0], end='')\n"


def instructions(checkout: Path, code: str, *args: str, pyc: str | None = None) -> tuple[int, str]:
    """Instructions callgrind counted, and the program's last line on stderr.
    With ``pyc`` (a folder) the modules' bytecode is cached there and read
    back (run once before counting), as an installed game starts; else the
    environment decides (PYTHONDONTWRITEBYTECODE: every module compiled)."""
    env = dict(os.environ, PYTHONPATH=str(checkout.resolve()))
    if pyc is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pyc
        with tempfile.TemporaryDirectory() as cwd:  # never the caller's folder: a checkout there would be imported
            subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, env=env, capture_output=True, check=True)
    with tempfile.TemporaryDirectory() as cwd:
        # nice: a count of instructions does not depend on the machine's load,
        # so it may take only idle cycles of a shared machine
        out = subprocess.run(["nice", "-n", "19", "valgrind", "--tool=callgrind", f"--callgrind-out-file={cwd}/cg.out",
                              sys.executable, "-c", code, *args], cwd=cwd, env=env, capture_output=True, text=True,
                             check=True)
    m = re.search(r"Collected : (\d+)", out.stderr)
    if m is None:
        raise SystemExit(f"callgrind said no count:\n{out.stderr[-2000:]}")
    said = [ln for ln in out.stderr.splitlines() if not ln.startswith("==")]
    return int(m.group(1)), (said[-1] if said else "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, required=True)
    ap.add_argument("--new", type=Path, required=True)
    ap.add_argument("--games", choices=("same", "own"), default="same",
                    help="same: record flow 1's haste phase where a checkout has it, so both play the same games")
    ap.add_argument("--measure", choices=("play", "replay", "import"), default="play",
                    help="play: random play per action; replay: loading one record; import: the start")
    args = ap.parse_args()
    if args.measure == "replay":
        return replay(args.old, args.new, args.games == "same")
    if args.measure == "import":
        return start(args.old, args.new)
    play = IMPORT + (SAME if args.games == "same" else "") + PLAY
    got: dict[str, float] = {}
    counts: dict[str, int] = {}
    for name, checkout in (("old", args.old), ("new", args.new)):
        base, _ = instructions(checkout, IMPORT)
        total, said = instructions(checkout, play)
        actions = counts[name] = int(said)
        got[name] = (total - base) / actions
        print(f"{name}: play {(total - base) / 1e6:,.1f} M instructions for {actions:,} actions, "
              f"{got[name]:,.0f} per action (import {base / 1e6:,.1f} M)")
    if args.games == "same" and counts["old"] != counts["new"]:
        print("the games differ (action counts unlike): the ratio is per action of different games")
    print(f"new/old instructions per action: {got['new'] / got['old']:.3f} (speed {got['old'] / got['new']:.3f})")


def replay(old: Path, new: Path, same: bool) -> None:
    """Instructions per load of a record: with ``same`` the one ``old`` writes
    (a flow-1 record, which ``new`` replays with the old haste phase) in both
    checkouts, else the one each writes (``thorskliff bench`` as it is)."""
    with tempfile.TemporaryDirectory() as tmp:
        got: dict[str, float] = {}
        for name, checkout in (("old", old), ("new", new)):
            rec = Path(tmp) / f"{name}.thorskliff"
            env = dict(os.environ, PYTHONPATH=str((old if same else checkout).resolve()))
            rec.write_text(subprocess.run([sys.executable, "-c", WRITE], cwd=tmp, env=env, capture_output=True,
                                          text=True, check=True).stdout)
            base, _ = instructions(checkout, REPLAY.format(n=0), str(rec))
            total, lines = instructions(checkout, REPLAY.format(n=LOADS), str(rec))
            got[name] = (total - base) / LOADS
            print(f"{name}: {got[name] / 1e6:,.2f} M instructions per load of a record of {lines} lines "
                  f"(import and first load {base / 1e6:,.1f} M)")
    print(f"new/old instructions per load: {got['new'] / got['old']:.3f} (speed {got['old'] / got['new']:.3f})")


#: --measure import: what is imported (the app's too: its first screen's module)
STARTS = ("thorskliff.bench", "thorskliff.cli", "thorskliff.ui.app")


def start(old: Path, new: Path) -> None:
    """Instructions of importing each of STARTS beyond the interpreter's start,
    with every module compiled from its source (the environment's
    PYTHONDONTWRITEBYTECODE, as this machine runs) and from cached bytecode
    (as an installed game starts)."""
    got: dict[tuple[str, str, str], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, checkout in (("old", old), ("new", new)):
            for how, pyc in (("source", None), ("bytecode", f"{tmp}/{name}")):
                bare, _ = instructions(checkout, "pass", pyc=pyc)
                for mod in STARTS:
                    n, _ = instructions(checkout, f"import {mod}", pyc=pyc)
                    got[name, mod, how] = n - bare
                    print(f"{name}: import {mod} from {how}: {(n - bare) / 1e6:,.1f} M instructions "
                          f"(bare start {bare / 1e6:,.1f} M)")
    for how in ("source", "bytecode"):
        for mod in STARTS:
            print(f"new/old import {mod} from {how}: {got['new', mod, how] / got['old', mod, how]:.3f}")


if __name__ == "__main__":
    main()
