"""Search iterations per second of two checkouts in one run (issue #17,
"Speed for the search").

The position set is fixed: games of heuristic bots (seeds below) in Duell,
the base game for 3 and for 4 players, played to a fixed count of decisions
and then on to the next decision the search bot searches (not trivial, more
than one candidate). At each, ``SearchBot(iterations=N)`` decides from the
seat's public state with a seeded generator, and the seconds it takes give
iterations per second.

Each round runs every position once for the old checkout and once for the
new, alternating which goes first, each side in a fresh interpreter with
``PYTHONPATH`` at its checkout, so both meet the same machine load; figures
are medians over the rounds. Both sides must reach the same positions and
choose the same decisions (checked: the speed-up may not change the play).
``uptime`` is printed before and after: the machine may be shared.

    git worktree add --detach /tmp/speed-old cand
    python scripts/bench_search.py --old /tmp/speed-old --new . --rounds 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from benchkit import alternate, probe

#: (mode, players, seed, decisions of heuristic play before the search decides)
POSITIONS = [("duell", 2, 11, 40), ("duell", 2, 12, 90), ("base", 3, 12, 60), ("base", 3, 14, 130),
             ("base", 4, 13, 80), ("base", 4, 15, 160)]

# runs in the checkout's interpreter: only names both old and new code have
PROBE = r'''
import inspect, json, random, sys, time
from thorskliff.bots.heuristic import HeuristicBot
from thorskliff.bots.runner import decide, new_game, seat_rng
from thorskliff.bots.search import SearchBot, candidates, public_state, trivial
from thorskliff.engine.state import CHANCE

def position(mode, players, seed, k):
    st = new_game(mode, players, seed)
    bot, rngs = HeuristicBot(), [seat_rng(seed, i) for i in range(players)]
    done = 0
    while not st.is_terminal():
        seat = st.current_player()
        if seat == CHANCE:
            st.apply_action(st.sample_chance())
            continue
        legal = list(st.legal_actions())
        if done >= k and len(legal) > 1:
            pub = public_state(st, seat)
            choice = SearchBot(iterations=1)._heuristic(pub, legal, random.Random(0))
            if not trivial(pub, choice) and len(candidates(pub, legal, choice)) > 1:
                return st
        st.apply_action(decide(bot, st, seat, rngs[seat]))
        done += 1
    raise SystemExit(f"no searched decision after {k} in {mode}/{players}/{seed}")

out = []
for mode, players, seed, k, iters in json.loads(sys.argv[1]):
    st = position(mode, players, seed, k)
    seat = st.current_player()
    pub, legal = public_state(st, seat), list(st.legal_actions())
    SearchBot(iterations=5).choose_public(pub, legal, random.Random(seed))  # warm the caches (paths, dice odds)
    # the same search on both sides: one round of turns ahead, as before a Duell's
    # search looked two (search.HORIZON; an older checkout has no such argument)
    kw = {"horizon": 1} if "horizon" in inspect.signature(SearchBot).parameters else {}
    bot = SearchBot(iterations=iters, **kw)
    t, c = time.perf_counter(), time.process_time()
    a = bot.choose_public(pub, legal, random.Random(seed))
    dt, dc = time.perf_counter() - t, time.process_time() - c
    out.append({"where": repr(st) + f" decisions {st.decisions}", "choice": str(a),
                "iterations": bot.iterations_run, "seconds": dt, "cpu": dc})
import thorskliff
print(json.dumps({"runs": out}))
'''


def once(checkout: Path, spec: list) -> list[dict]:
    return probe(checkout, PROBE, json.dumps(spec))["runs"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, type=Path, help="checkout of the old commit")
    ap.add_argument("--new", default=Path("."), type=Path, help="checkout of the new commit (default .)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--iterations", type=int, default=150, help="iterations per searched decision")
    args = ap.parse_args(argv)
    spec = [[*p, args.iterations] for p in POSITIONS]
    got = alternate(args.rounds, lambda name: once(getattr(args, name), spec))
    ratios, cpu_ratios = [], []
    same = True
    print("iterations per second of wall-clock time and of the process's CPU time (medians over the rounds); "
          "the last column is the median of the rounds' CPU ratios, each round's sides run back to back")
    print(f"{'position':<50} {'old it/s':>9} {'new it/s':>9} {'new/old':>8} {'old cpu':>8} {'new cpu':>8} "
          f"{'paired':>8}")
    for j, (mode, players, seed, k) in enumerate(POSITIONS):
        rate, cpu = {}, {}
        for name in ("old", "new"):
            runs = [r[j] for r in got[name]]
            rate[name] = statistics.median(r["iterations"] / r["seconds"] for r in runs)
            cpu[name] = statistics.median(r["iterations"] / r["cpu"] for r in runs)
        # the two sides of one round ran back to back, under the same load: their ratio, per round
        paired = statistics.median((n[j]["iterations"] / n[j]["cpu"]) / (o[j]["iterations"] / o[j]["cpu"])
                                   for o, n in zip(got["old"], got["new"]))
        first_old, first_new = got["old"][0][j], got["new"][0][j]
        if (first_old["where"], first_old["choice"]) != (first_new["where"], first_new["choice"]):
            same = False
            print(f"  DIFFERENT: old {first_old['where']} {first_old['choice']!r}, "
                  f"new {first_new['where']} {first_new['choice']!r}")
        ratios.append(rate["new"] / rate["old"])
        cpu_ratios.append(paired)
        label = f"{mode} {players}p seed {seed} after {k}: {first_new['choice']}"
        print(f"{label:<50} {rate['old']:>9.1f} {rate['new']:>9.1f} {ratios[-1]:>8.2f} {cpu['old']:>8.1f} "
              f"{cpu['new']:>8.1f} {cpu_ratios[-1]:>8.2f}")
    print(f"median new/old iterations per second: {statistics.median(ratios):.2f} wall-clock, "
          f"{statistics.median(cpu_ratios):.2f} CPU, paired by round "
          f"({args.rounds} rounds, {args.iterations} iterations a decision)")
    print("same positions and decisions on both sides" if same else "the sides DIFFER in play")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
