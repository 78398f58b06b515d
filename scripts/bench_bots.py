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
from thorskliff.bots.runner import decide, new_game, seat_rng
from thorskliff.state import CHANCE


def measure(spec: str, games: int) -> tuple[list[float], list[int]]:
    seconds: list[float] = []
    iterations: list[int] = []
    for g in range(games):
        seed, mine = 1 + g // 2, g % 2
        bots = [make_bot("heuristic"), make_bot("heuristic")]
        bots[mine] = search = make_bot(spec)
        st = new_game("duell", 2, seed)
        rngs = [seat_rng(seed, i) for i in range(2)]
        while not st.is_terminal() and st.round <= 60:
            seat = st.current_player()
            if seat == CHANCE:
                st.apply_action(st.sample_chance())
                continue
            searched, ran = search.searched, search.iterations_run
            t = time.perf_counter()
            a = decide(bots[seat], st, seat, rngs[seat])
            dt = time.perf_counter() - t
            if search.searched > searched:
                seconds.append(dt)
                iterations.append(search.iterations_run - ran)
            st.apply_action(a)
    return seconds, iterations


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
