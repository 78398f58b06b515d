"""Screen variants of the search bot against the heuristic bot on the same deals.

A quick look before a 200-game strength run (``bench_strength.py``): each
variant is a set of ``SearchBot`` keyword arguments (``{"iterations": 280,
"horizon": 2}``); every variant plays the same games (game g deals seed
``seed + g // 2`` with the seats swapped for odd g, as the strength runs
do), two games at a time, and each game appends a JSON line to ``--out``.
Prints each variant's wins, CPU per game and per iteration, and, against
``--base``, the games it won that the base lost and lost that the base won.
Use seeds no strength run uses (the runs use 8101 on). A screen of 10-20
deals finds only large differences; it chooses what a run then measures.

Run: nice -n 10 python scripts/screen_search.py --seed 7101 --games 40 --out runs/screen.jsonl \\
         '{"base": {"iterations": 300}, "h2": {"iterations": 300, "horizon": 2}}'
     python scripts/screen_search.py --out runs/screen.jsonl --base base
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

from thorskliff.bots.heuristic import HeuristicBot
from thorskliff.bots.runner import play_game
from thorskliff.bots.search import SearchBot
from thorskliff.bots.seats import lineup_seating, wilson


def one(task: tuple[str, dict, str, int, int]) -> dict:
    name, kw, mode, seed, rotation = task
    seating = lineup_seating(2, rotation)
    bots = [SearchBot(**kw) if e == 0 else HeuristicBot() for e in seating]
    t = time.process_time()
    r = play_game(mode, bots, seed, 60)
    won = r.winner is not None and seating[r.winner] == 0
    return {"variant": name, "kw": kw, "seed": seed, "rotation": rotation, "won": won, "reason": r.reason,
            "rounds": r.rounds, "cpu": time.process_time() - t,
            "iterations": sum(getattr(b, "iterations_run", 0) for b in bots),
            "searched": sum(getattr(b, "searched", 0) for b in bots)}


def summary(rows: list[dict], base: str | None) -> list[str]:
    by: dict[str, dict[tuple[int, int], dict]] = defaultdict(dict)
    for r in rows:
        by[r["variant"]][(r["seed"], r["rotation"])] = r
    out = []
    for name, games in by.items():
        n, wins = len(games), sum(r["won"] for r in games.values())
        lo, hi = wilson(wins, n)
        cpu = sum(r["cpu"] for r in games.values())
        its = sum(r["iterations"] for r in games.values())
        line = (f"{name}: {wins}/{n} = {100 * wins / n:.1f} % ({100 * lo:.1f}-{100 * hi:.1f} %), "
                f"{cpu / n:.1f} s CPU a game, {1000 * cpu / max(1, its):.2f} ms an iteration")
        if base and name != base and base in by:
            common = [k for k in games if k in by[base]]
            better = sum(games[k]["won"] and not by[base][k]["won"] for k in common)
            worse = sum(by[base][k]["won"] and not games[k]["won"] for k in common)
            line += f"; against {base} on {len(common)} games: {better} won that it lost, {worse} lost that it won"
        out.append(line)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="?", help='JSON: name -> SearchBot keyword arguments')
    ap.add_argument("--mode", default="duell")
    ap.add_argument("--seed", type=int, default=7101)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--base", help="the variant the others are compared with, game by game")
    args = ap.parse_args()
    if args.variants:
        variants = json.loads(args.variants)
        tasks = [(name, kw, args.mode, args.seed + g // 2, g % 2) for g in range(args.games)
                 for name, kw in variants.items()]
        args.out.parent.mkdir(parents=True, exist_ok=True)
        with Pool(2) as pool, args.out.open("a") as f:
            for r in pool.imap_unordered(one, tasks):
                f.write(json.dumps(r) + "\n")
                f.flush()
    rows = [json.loads(line) for line in args.out.read_text().splitlines()] if args.out.exists() else []
    print("\n".join(summary(rows, args.base or (next(iter(json.loads(args.variants))) if args.variants else None))))


if __name__ == "__main__":
    main()
