"""The SSH host's scale figures (bench_ssh.py) of two checkouts in one run
(issue #14: "measured before and after in one run").

Each round runs bench_ssh.py once with the old checkout's server and once
with the new one's, the order turned every round (benchkit.alternate), each
in a fresh interpreter whose only thorskliff is that checkout's
(``PYTHONPATH``, a neutral working folder; the server's banner names where
it came from and is checked). Prints each run's figures and the medians
over the rounds. Both sides use this checkout's bench_ssh.py and
sessionbench.py, so they are measured alike.

    git worktree add /tmp/old 14c94d2
    python scripts/bench_ssh_old_new.py --old /tmp/old --new . --rounds 3 --sessions 64
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchkit import alternate

HERE = Path(__file__).resolve().parent
#: what is read from bench_ssh.py's lines: name -> pattern of its one number
FIGURES = {
    "MB per session (warm)": r"memory per session ([\d.]+) MB warm",
    "key→settled p95 ms": r"settled p50 [\d.]+ ms, p95 ([\d.]+) ms",
    "decision p50 ms": r"decision to every screen .*?: p50 ([\d.]+) ms",
    "decision p95 ms": r"decision to every screen .*?p95 ([\d.]+) ms;",
    "slowest screen p95 ms": r"slowest screen p50 [\d.]+ ms, p95 ([\d.]+) ms",
    "CPU ms per key": r"server CPU: ([\d.]+) ms per key",
    "CPU ms per decision per screen": r"([\d.]+) ms per decision per screen",
}


def once(checkout: Path, args: argparse.Namespace) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(checkout.resolve()))
    with tempfile.TemporaryDirectory() as cwd:
        out = subprocess.run([sys.executable, str(HERE / "bench_ssh.py"), "--sessions", str(args.sessions),
                              "--keys", str(args.keys), "--decisions", str(args.decisions)],
                             cwd=cwd, env=env, capture_output=True, text=True)
    text = out.stdout
    origin = re.search(r"thorskliff serve \((.*?)\)", text)
    if out.returncode or origin is None:
        raise SystemExit(f"{checkout}: bench_ssh failed:\n{text}\n{out.stderr[-2000:]}")
    if not Path(origin.group(1)).resolve().is_relative_to(checkout.resolve()):
        raise SystemExit(f"{checkout}: the server came from {origin.group(1)}, not from the checkout")
    print(f"--- {checkout}\n{text.strip()}", flush=True)
    got = {}
    for name, pattern in FIGURES.items():
        m = re.search(pattern, text)
        if m is None:
            raise SystemExit(f"{checkout}: no '{name}' in bench_ssh's output")
        got[name] = float(m.group(1))
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, required=True, help="the old checkout")
    ap.add_argument("--new", type=Path, default=HERE.parent, help="the new checkout (default: this one)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sessions", type=int, default=64)
    ap.add_argument("--keys", type=int, default=10)
    ap.add_argument("--decisions", type=int, default=10)
    args = ap.parse_args()
    sides = {"old": args.old, "new": args.new}
    got = alternate(args.rounds, lambda name: once(sides[name], args))
    print(f"\nmedians of {args.rounds} rounds, {args.sessions} sessions "
          f"({args.keys} keys each, {args.decisions} decisions):")
    print(f"{'':34} {'old':>9} {'new':>9}")
    for name in FIGURES:
        old, new = (statistics.median(r[name] for r in got[side]) for side in ("old", "new"))
        print(f"{name:34} {old:9.2f} {new:9.2f}")


if __name__ == "__main__":
    main()
