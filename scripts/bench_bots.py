"""What a search bot's budget costs per decision (issue 7), headless.

Plays Duell games, the search bot against the heuristic bot (seeds 1..N,
both seatings), and times every decision the search bot searched (the ones
it leaves to the heuristic take well under a millisecond and are not
counted). Prints, per budget, the median and 90th percentile of seconds per
searched decision and the median iterations it ran. With a time budget
(``search:0.5s``) the iterations show what that time buys on this machine;
with an iteration budget (``search:400it``) the seconds show what that
budget costs. Run it on an idle machine; it asserts nothing.

Run: python scripts/bench_bots.py [--games 4] [search:400it search:0.5s ...]
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

    def choose_public(self, pub, legal, rng):
        searched, ran = self.bot.searched, self.bot.iterations_run
        t = time.perf_counter()
        a = self.bot.choose_public(pub, legal, rng)
        dt = time.perf_counter() - t
        if self.bot.searched > searched:
            self.seconds.append(dt)
            self.iterations.append(self.bot.iterations_run - ran)
        return a


def measure(spec: str, games: int) -> tuple[list[float], list[int]]:
    timed = Timed(make_bot(spec))
    for g in range(games):
        bots = [make_bot("heuristic"), make_bot("heuristic")]
        bots[g % 2] = timed
        play_game("duell", bots, 1 + g // 2)
    return timed.seconds, timed.iterations


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("budgets", nargs="*", default=["search:400it", "search:0.5s"])
    args = ap.parse_args()
    print(f"{'budget':<14} {'decisions':>9} {'median s':>9} {'p90 s':>7} {'median it':>10}")
    for spec in args.budgets:
        secs, its = measure(spec, args.games)
        p90 = statistics.quantiles(secs, n=10)[-1] if len(secs) > 1 else secs[0]
        print(f"{spec:<14} {len(secs):>9} {statistics.median(secs):>9.3f} {p90:>7.3f} "
              f"{statistics.median(its):>10.0f}")


if __name__ == "__main__":
    main()
