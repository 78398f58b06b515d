"""Random play of two checkouts counted in machine instructions (valgrind's
callgrind), which a shared, loaded machine does not blur the way it blurs
seconds (scripts/bench_old_new.py).

Each checkout plays the same fixed games (4-player base, 3-player base,
duell; seed 1; random decisions from ``thorskliff.bench.play_random``, which
are the same decisions in both when the engine lists them alike) in a fresh
interpreter under callgrind; the import alone is counted too and taken off,
so the figure is the instructions of play. Needs valgrind; takes about a
minute.

    python scripts/instructions_old_new.py --old /work/main --new .
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
PLAY = IMPORT + "\nfor mode, k in (('base', 4), ('base', 3), ('duell', 2)):\n    bench.play_random(mode, k, 1)\n"


def instructions(checkout: Path, code: str) -> int:
    env = dict(os.environ, PYTHONPATH=str(checkout.resolve()))
    with tempfile.TemporaryDirectory() as cwd:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={cwd}/cg.out",
                              sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                             check=True)
    m = re.search(r"Collected : (\d+)", out.stderr)
    if m is None:
        raise SystemExit(f"callgrind said no count:\n{out.stderr[-2000:]}")
    return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, required=True)
    ap.add_argument("--new", type=Path, required=True)
    args = ap.parse_args()
    got = {}
    for name, checkout in (("old", args.old), ("new", args.new)):
        base = instructions(checkout, IMPORT)
        total = instructions(checkout, PLAY)
        got[name] = total - base
        print(f"{name}: play {got[name] / 1e6:,.1f} M instructions (import {base / 1e6:,.1f} M)")
    print(f"new/old instructions of play: {got['new'] / got['old']:.3f} (speed {got['old'] / got['new']:.3f})")


if __name__ == "__main__":
    main()
