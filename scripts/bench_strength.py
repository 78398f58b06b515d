"""How often one search seat beats heuristic seats (issue 17's strength runs).

Plays games of one bot (``--bot``, e.g. ``search:500it``) against
heuristic bots at a table of ``--players`` seats, the bot's seat moving
round the table (game g deals seed ``seed + g // players`` with the line-up
rotated by ``g % players``, as ``thorskliff simulate`` does), and appends
one JSON line per game to ``--out``, so a run stopped at any time keeps its
games and a second run with the same arguments goes on where it stopped
(``--first G`` starts at game G: the same games as a whole run's last ones).
Prints the wins so far with a 95 % Wilson interval, by seat position too.

An iteration budget (not seconds) makes every game a pure function of its
seed and line-up whatever the machine's load: run it under ``nice -n 19``.

Run: nice -n 19 python scripts/bench_strength.py --mode base --players 4 --bot search:180it \\
         --seed 8101 --games 200 --out runs/base4.jsonl
     python scripts/bench_strength.py --out runs/base4.jsonl --summary
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from thorskliff.bots.seats import play_lineup, wilson


def summary(rows: list[dict]) -> str:
    """Wins of the line-up's first entry (the bot) with its interval."""
    if not rows:
        return "no games yet"
    n = len(rows)
    wins = sum(r["winner"] == 0 for r in rows)
    lo, hi = wilson(wins, n)
    players = len(rows[0]["seating"])
    by_seat = []
    for s in range(players):
        mine = [r for r in rows if r["seating"][s] == 0]
        by_seat.append(f"seat {s + 1}: {sum(r['winner'] == 0 for r in mine)}/{len(mine)}")
    seeds = sorted({r["seed"] for r in rows})
    return (f"{rows[0]['bot']} vs heuristic, {rows[0]['mode']} {players} seats, seeds {seeds[0]}-{seeds[-1]}: "
            f"{wins}/{n} = {100 * wins / n:.1f} % (95 % Wilson {100 * lo:.1f}-{100 * hi:.1f} %; "
            f"parity {100 / players:.0f} %); {'; '.join(by_seat)}; draws or caps "
            f"{sum(r['winner'] is None for r in rows)}; {sum(r['searched'] for r in rows) / n:.0f} searched "
            f"decisions and {sum(r['rounds'] for r in rows) / n:.1f} rounds a game")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", default="duell")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="search:500it")
    ap.add_argument("--seed", type=int, default=8101)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--first", type=int, default=0,
                    help="the first game's index, to play the rest of a run whose file was lost (the same games)")
    ap.add_argument("--summary", action="store_true", help="only print what --out holds")
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.out.read_text().splitlines()] if args.out.exists() else []
    if not args.summary:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        lineup = [args.bot] + ["heuristic"] * (args.players - 1)
        # a file's games are consecutive, so the next one follows its last
        for g in range(rows[-1]["game"] + 1 if rows else args.first, args.games):
            r = play_lineup(lineup, args.mode, args.seed + g // args.players, g % args.players)
            r.update(bot=args.bot, mode=args.mode, game=g)
            rows.append(r)
            with args.out.open("a") as f:
                f.write(json.dumps(r) + "\n")
            print(f"game {g}: seed {r['seed']} winner {r['winner']} ({r['reason']}) {r['seconds']:.0f} s", flush=True)
    print(summary(rows))


if __name__ == "__main__":
    main()
