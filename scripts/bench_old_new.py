"""Random-play and replay speed of two checkouts in one run (issue #12:
"at least as fast as before the change").

Each round runs ``thorskliff.bench`` once for the old checkout and once for
the new, alternating, each in a fresh interpreter with ``PYTHONPATH`` at its
checkout, so both meet the same machine load; the figures are the medians
over the rounds. ``uptime`` is printed before and after (the machine may be
shared).

    git worktree add /tmp/old 2a6ccef
    python scripts/bench_old_new.py --old /tmp/old --new . --rounds 7 --seconds 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from benchkit import alternate, probe

#: --games same: a checkout that knows record flow 1's haste phase plays it, so
#: both play the same games (scripts/instructions_old_new.py says why)
SAME = ("from thorskliff import bench\n"
        "if hasattr(bench.GameState, 'old_haste'):\n    bench.GameState.old_haste = True\n")
PROBE = ("import json; from thorskliff import bench; "
         "f = bench.run(runs=1, seconds={seconds}, min_games=3, replays={replays}); "
         "print(json.dumps({{'rate': f.rate, 'replay_ms': f.replay_ms, 'per': f.per_config}}))")


#: --clock cpu: random play and the replay timed by the process's CPU time
#: (time.process_time), which other processes on a loaded machine blur less
#: than seconds on the wall
PROBE_CPU = ("import json, time; from thorskliff import bench; "
             "rates, per, _, _ = bench.measure_play(1, {seconds}, 3, clock=time.process_time); "
             "replay, _ = bench.measure_replay({replays}, clock=time.process_time); "
             "print(json.dumps({{'rate': rates[0], 'replay_ms': replay * 1000, 'per': per}}))")


def once(checkout: Path, seconds: float, replays: int, same: bool = False, cpu: bool = False) -> dict:
    code = (PROBE_CPU if cpu else PROBE).format(seconds=seconds, replays=replays)
    return probe(checkout, (SAME if same else "") + code)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, type=Path, help="checkout of the old commit")
    ap.add_argument("--new", default=Path("."), type=Path, help="checkout of the new commit (default .)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds of random play per run")
    ap.add_argument("--replays", type=int, default=20)
    ap.add_argument("--games", choices=("own", "same"), default="own",
                    help="own: each checkout's rules (thorskliff bench as it is); same: record flow 1's "
                         "haste phase where a checkout has it, so both play the same games")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall: thorskliff bench's seconds; cpu: the process's CPU time (less blurred by load)")
    args = ap.parse_args(argv)
    got = alternate(args.rounds, lambda name: once(getattr(args, name), args.seconds, args.replays,
                                                   args.games == "same", args.clock == "cpu"))
    for name in ("old", "new"):
        rates = [g["rate"] for g in got[name]]
        replays = [g["replay_ms"] for g in got[name]]
        print(f"{name}: random play {statistics.median(rates):,.0f} actions/s (median of {len(rates)}; "
              f"{', '.join(f'{r:,.0f}' for r in rates)}); replay {statistics.median(replays):.1f} ms")
    ratio = statistics.median(g["rate"] for g in got["new"]) / statistics.median(g["rate"] for g in got["old"])
    print(f"new/old random play: {ratio:.3f}")
    replay = statistics.median(g["replay_ms"] for g in got["new"]) / statistics.median(g["replay_ms"] for g in got["old"])
    print(f"new/old replay time: {replay:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
