"""Whether the bots of two checkouts play the very same games: every decision
and roll of seeded bot games, compared line by line (a change of the engine's
shape must change no bot's decision while strength runs measure the old code).

The games are bench_strength.py's: the line-up's first entry against
heuristic seats, game ``g`` on seed ``seed + g // players`` with its seats
rotated ``g % players`` times. ``--potions`` deals every hero a Heil-, Kraft-
and Schutztrank at the start, so the games hold combats with potions drunk in
them, which plain bot games seldom do. Each checkout plays in a fresh
interpreter that sees only it (benchkit.probe).

    python scripts/same_decisions.py --old /work/wt/cand4 --new . --mode base --players 4 \\
        --bot search:30it --games 4 --potions
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchkit import probe, uptime

#: plays the games in the probe's interpreter; prints one JSON line: per game
#: its result, the potions drunk inside combats and every decision and roll
PLAY = """
import json, sys
from thorskliff.bots.registry import make_bot
from thorskliff.bots.runner import new_game, play_game
from thorskliff.bots.seats import lineup_seating
from thorskliff.engine.actions import fmt

mode, players, bot, seed, games, potions = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), \\
    int(sys.argv[5]), sys.argv[6] == "1"
KIT = ("heil", "kraft", "schutz")
out = []
for g in range(games):
    s, rot = seed + g // players, g % players
    specs = [bot] + ["heuristic"] * (players - 1)
    seating = lineup_seating(players, rot)
    st = new_game(mode, players, s)
    if potions:
        for p in st.players:
            p.potions = [(k, 1) for k in KIT]
            for k in KIT:
                st.potion_supply[k] -= 1
    lines, drunk = [], [0]

    def on_step(st, a):
        if a is not None:
            lines.append(fmt(a))
            drunk[0] += a.verb == "drink" and st.combat is not None

    r = play_game(mode, [make_bot(specs[e]) for e in seating], s, 60, on_step=on_step, state=st)
    out.append({"seed": s, "rotation": rot, "winner": r.winner, "reason": r.reason, "rounds": r.rounds,
                "decisions": r.decisions, "rolls": r.rolls, "combat_drinks": drunk[0], "lines": lines})
print(json.dumps(out))
"""


def play(checkout: Path, args: argparse.Namespace) -> list[dict]:
    return probe(checkout, PLAY, args.mode, str(args.players), args.bot, str(args.seed), str(args.games),
                 "1" if args.potions else "0")


def compare(old: list[dict], new: list[dict]) -> list[str]:
    """What differs, game by game (nothing: the same games)."""
    problems = []
    if len(old) != len(new):
        problems.append(f"{len(old)} games against {len(new)}")
    for a, b in zip(old, new):
        game = f"seed {a['seed']} rotation {a['rotation']}"
        if a["lines"] != b["lines"]:
            k = next((i for i, (x, y) in enumerate(zip(a["lines"], b["lines"])) if x != y),
                     min(len(a["lines"]), len(b["lines"])))
            problems.append(f"{game}: step {k + 1} differs: old {a['lines'][k:k + 1]} new {b['lines'][k:k + 1]}")
        for key in ("winner", "reason", "rounds", "decisions", "rolls"):
            if a[key] != b[key]:
                problems.append(f"{game}: {key} {a[key]} against {b[key]}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, required=True, help="the checkout to compare with")
    ap.add_argument("--new", type=Path, default=Path("."))
    ap.add_argument("--mode", default="duell")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="search:60it")
    ap.add_argument("--seed", type=int, default=8101)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--potions", action="store_true", help="every hero starts with a Heil-, Kraft- and Schutztrank")
    args = ap.parse_args()
    print("before:", uptime())
    got = {name: play(path, args) for name, path in (("old", args.old), ("new", args.new))}
    print("after: ", uptime())
    for r in got["new"]:
        won = "no winner" if r["winner"] is None else f"seat {r['winner'] + 1} won"
        print(f"seed {r['seed']} rotation {r['rotation']}: {won} ({r['reason']}), {r['rounds']} rounds, "
              f"{r['decisions']} decisions, {r['rolls']} rolls, {r['combat_drinks']} potions drunk in combats")
    problems = compare(got["old"], got["new"])
    for p in problems:
        print(p)
    print("the same games" if not problems else f"{len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
