"""Fuzz everything the game reads, with seeded mutations (tests/fuzzkit.py):
records, positions, scenario files and notations, N inputs of each kind, and
print the counts. Every input goes to its loader; every accepted one is
played on with the invariants checked (a position: every listed decision
applied, then a few random ones, each position written and read back); a sample of records and positions
also goes through the CLI (``thorskliff show``), which must answer in one
line and leave the file as it was.

    python scripts/fuzz.py [--n 10000] [--seed 1] [--kinds records,positions,scenarios,notations]

Exits 1 when anything is a traceback, a wrong acceptance, a hang, an
"internal error" or a changed file.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzzkit  # noqa: E402

from thorskliff.cli import main as cli  # noqa: E402


def cli_case(path: Path, counts: Counter) -> None:
    """``thorskliff show FILE``: exit 0, or 2 with one line; the file unchanged."""
    before = path.read_bytes()
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = cli(["show", str(path)])
    text = err.getvalue()
    if "crashed" in text or "internal error" in text or "Traceback" in text:
        counts["cli internal error"] += 1
    elif code not in (0, 2) or (code == 2 and text.count("\n") != 1):
        counts["cli not one line"] += 1
    if path.read_bytes() != before:
        counts["files changed"] += 1
    counts["cli runs"] += 1


def run(kind: str, n: int, seed: int, folder: Path) -> Counter:
    rng = random.Random(f"{kind}-{seed}")
    seeds = fuzzkit.seeds()
    counts: Counter = Counter()
    start = time.perf_counter()
    for i in range(n):
        if kind == "notations":
            text = fuzzkit.notation(rng) if i % 2 else fuzzkit.mutate(rng.choice(["H 1c3-1c2", "roll M3 K1", "3>W1",
                                                                                  "buy heil!", "block 4 3"]), rng)
            counts[fuzzkit.notation_case(text)] += 1
            continue
        if kind == "scenarios":
            name, _, base = rng.choice(seeds["scenarios"]).partition("\0")
            counts[fuzzkit.scenario_case(name, fuzzkit.mutate(base, rng), folder, i, rng)] += 1
            continue
        text = fuzzkit.mutate(rng.choice(seeds[kind]), rng)
        case = fuzzkit.record_case if kind == "records" else fuzzkit.position_case
        counts[case(text, rng)] += 1
        if i % 10 == 0:
            path = folder / ("f.tkr" if kind == "records" else "f.toml")
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            cli_case(path, counts)
    counts["seconds"] = round(time.perf_counter() - start)
    return counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kinds", default="records,positions,scenarios,notations")
    args = ap.parse_args()
    bad = 0
    summary = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind in args.kinds.split(","):
            counts = run(kind, args.n, args.seed, Path(tmp))
            summary[kind] = dict(counts)
            print(f"{kind}: {args.n} inputs: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
                  flush=True)
            bad += sum(counts[k] for k in ("traceback", "wrong", "slow", "cli internal error", "cli not one line",
                                           "files changed"))
    print(json.dumps(summary))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
