"""What a search bot's budget costs per decision (issues 7 and 17), headless.

Plays games of each table asked for (``duell``: two seats; ``base3``,
``base4``: the base game with 3 or 4 seats), one search bot against
heuristic bots (seeds 1..N, the search seat moving round the table from
game to game), and times every decision the search bot searched (the ones
it leaves to the heuristic take well under a millisecond and are not
counted). Prints, per table and budget, the median, 90th and 95th
percentile and the longest of the seconds per searched decision (issue 17:
a person waits at most 1 s at the 95th percentile) and the median
iterations it ran, and the same figures of the CPU seconds (the process's own
time: on a machine shared with other jobs the wall time is also the time
waited for a core; on an idle one the two agree) and the median of the
heuristic's decisions asked (the unit of a ``/<m>h`` budget). With a time budget
(``search:0.5s``) the iterations show what that time buys on this machine;
with an iteration budget (``search:400it``) the seconds show what that
budget costs. Run it on an idle machine; it asserts nothing.

Run: python scripts/bench_bots.py [--games 4] [--tables duell,base3,base4] [search:400it/3500h search:0.5s ...]
"""

from __future__ import annotations

import argparse
import statistics
import time

from thorskliff.bots.registry import make_bot
from thorskliff.bots.runner import play_game


class Timed:
    """``bot`` with every decision it searched timed."""

    name = "timed"
    needs_public_state = True

    def __init__(self, bot):
        self.bot = bot
        self.seconds: list[float] = []
        self.iterations: list[int] = []
        self.cpu: list[float] = []
        self.asked: list[int] = []

    def choose_public(self, pub, legal, rng):
        searched, ran, asked = self.bot.searched, self.bot.iterations_run, self.bot.asked_run
        t, c = time.perf_counter(), time.process_time()
        a = self.bot.choose_public(pub, legal, rng)
        dt, dc = time.perf_counter() - t, time.process_time() - c
        if self.bot.searched > searched:
            self.seconds.append(dt)
            self.cpu.append(dc)
            self.iterations.append(self.bot.iterations_run - ran)
            self.asked.append(self.bot.asked_run - asked)
        return a


#: the tables: (mode, seats)
TABLES = {"duell": ("duell", 2), "base3": ("base", 3), "base4": ("base", 4)}


def measure(spec: str, games: int, table: str = "duell") -> Timed:
    """The searched decisions of ``spec`` in ``games`` games of ``table``."""
    mode, seats = TABLES[table]
    timed = Timed(make_bot(spec))
    for g in range(games):
        bots = [make_bot("heuristic") for _ in range(seats)]
        bots[g % seats] = timed
        play_game(mode, bots, 1 + g // seats)
    return timed


def pct(xs: list[float], q: int) -> float:
    """The q-th percentile (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, -(-q * len(s) // 100) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--tables", default="duell", help="comma-separated: " + ", ".join(TABLES))
    ap.add_argument("budgets", nargs="*", default=["schwer", "search:0.5s"])
    args = ap.parse_args()
    tables = args.tables.split(",")
    if bad := [t for t in tables if t not in TABLES]:
        ap.error(f"--tables: unknown {', '.join(bad)} (known: {', '.join(TABLES)})")
    print(f"{'table':<6} {'budget':<18} {'decisions':>9} {'median s':>9} {'p90 s':>7} {'p95 s':>7} {'max s':>7} "
          f"{'median it':>10} {'cpu med':>8} {'cpu p90':>8} {'cpu p95':>8} {'cpu max':>8} {'median h':>9}")
    for table in tables:
        for spec in args.budgets:
            m = measure(spec, args.games, table)
            secs, cpu = m.seconds, m.cpu
            if not secs:
                print(f"{table:<6} {spec:<18} no decision was searched")
                continue
            print(f"{table:<6} {spec:<18} {len(secs):>9} {statistics.median(secs):>9.3f} {pct(secs, 90):>7.3f} "
                  f"{pct(secs, 95):>7.3f} {max(secs):>7.3f} {statistics.median(m.iterations):>10.0f} "
                  f"{statistics.median(cpu):>8.3f} {pct(cpu, 90):>8.3f} {pct(cpu, 95):>8.3f} {max(cpu):>8.3f} "
                  f"{statistics.median(m.asked):>9.0f}", flush=True)


if __name__ == "__main__":
    main()
