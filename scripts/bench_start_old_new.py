"""The first frame from start (scripts/bench_ui.py's child process: launch to the
island's first line at 120x40) of several checkouts against a minimal Textual
app, started alternately in one run; prints medians of wall clock and of the
child's CPU time (steadier on a loaded machine) and their ratios to the
minimal app. Compile each checkout first (python -m compileall -q CHECKOUT/thorskliff)
and unset PYTHONDONTWRITEBYTECODE, or every start compiles the game again.

Run from the repository root: python scripts/bench_start_old_new.py RUNS OLD_CHECKOUT NEW_CHECKOUT
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_ui  # noqa: E402

CHILD = bench_ui.CHILD.replace('sys.stdout.write(f"{time.time()}\\n")',
                               'sys.stdout.write(f"{time.time()} {time.process_time()}\\n")')
assert CHILD != bench_ui.CHILD, "bench_ui.CHILD no longer prints the time of its first line"


def one(kind: str, tree: str) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=tree)
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD, kind], capture_output=True, text=True, check=True,
                         env=env, cwd=tree, timeout=120).stdout
    wall, cpu = map(float, out.split())
    return wall - t0, cpu


def main(runs: int, trees: list[str]) -> None:
    for tree in trees:
        one("island", tree)  # the first start may write __pycache__
    got: dict[str, list[tuple[float, float]]] = {k: [] for k in ["minimal", *trees]}
    for _ in range(runs):
        got["minimal"].append(one("minimal", trees[0]))
        for tree in trees:
            got[tree].append(one("island", tree))
    med = {k: (statistics.median(w for w, _ in v) * 1000, statistics.median(c for _, c in v) * 1000)
           for k, v in got.items()}
    mw, mc = med["minimal"]
    print(f"minimal Textual app: wall {mw:.1f} ms, CPU {mc:.1f} ms (medians of {runs})")
    for tree in trees:
        w, c = med[tree]
        print(f"{tree}: wall {w:.1f} ms (ratio {w / mw:.2f}), CPU {c:.1f} ms (ratio {c / mc:.2f})")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2:])
