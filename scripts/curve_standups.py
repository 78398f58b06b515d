"""How many of the win-chance curve's biggest swings are a fainted hero standing up.

``thorskliff analyse`` names the three turns in which a seat's chance moved
most, with the decision that moved it. A hero that fainted lies on a farm
and stands up at the start of its owner's next turn (R-FAINT-5) — in the
engine's step that ends the turn before. The curve credited that to the
previous seat's last decision ("Heldin auf 3c2 legen" when that seat was
fainted itself, else its turn's end); it now makes such a turn start a
point of its own ("Zugbeginn: Raghild steht auf", ``curve.TURN_START``).
The evaluation (``search.evaluate``) counts a lying hero off the board (the
race from 8 steps away), with life 0 and so low life 5; standing up puts it
back on the farm with half its life.

Plays heuristic games (``--players``, seeds ``--seeds``), replays each
record as ``analyse`` does and prints how many top-3 swings are a seat's
hero standing up (a turn start's point), how many name a "lay" decision
whose step also stood a hero up for the swing's seat (0 since the curve
keeps turn starts apart), and the mean log-odds each term of the
evaluation gave the standing seat in that step.

Run: nice -n 19 python scripts/curve_standups.py --players 4 [--seeds 30000:30100]
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from make_record_corpus import play  # the corpus's way to record a game between bots

from thorskliff.bots import curve
from thorskliff.bots.search import DUELL, TABLE, duell_features, public_state
from thorskliff.engine.player import AWAKE


def standups(game, weights: dict[str, float]) -> dict[int, dict[int, dict[str, float]]]:
    """Record lines played after a step (a decision and its dice; a turn start's
    ``curve.Decision.line``) -> the seats whose hero stood up in that step ->
    each term's log-odds change."""
    st = game.setup.build()
    lines = list(game.lines)
    out: dict[int, dict[int, dict[str, float]]] = {}
    i = 0
    while i < len(lines) and lines[i].startswith("*"):
        curve._apply(st, lines[i])
        i += 1
    while i < len(lines):
        lying = [p.lying_at >= 0 for p in st.players]
        before = duell_features(public_state(st, curve._SPECTATOR))
        curve._apply(st, lines[i])
        i += 1
        while i < len(lines) and lines[i].startswith("*"):  # the decision's dice
            curve._apply(st, lines[i])
            i += 1
        up = [q for q, p in enumerate(st.players) if lying[q] and p.lying_at < 0 and p.faint == AWAKE]
        if up and not st.is_terminal():
            after = duell_features(public_state(st, curve._SPECTATOR))
            out[i] = {q: {k: w * (after[q].get(k, 0.0) - before[q].get(k, 0.0)) for k, w in weights.items()}
                              for q in up if after[q] and before[q]}
    return out


def survey(players: int, seeds: range) -> dict:
    """The counts over ``seeds`` (see the module)."""
    weights = TABLE.get(players, DUELL)
    tops = lays = up = up_lays = 0
    terms: dict[str, list[float]] = defaultdict(list)
    for seed in seeds:
        game = play("base" if players > 2 else "duell", ("heuristic",) * players, seed, 60)
        stood = standups(game, weights)
        for sw in curve.swings(curve.win_chances(game)):
            tops += 1
            d = sw.decision
            lay = not d.automatic and d.text.startswith("lay")
            lays += lay
            parts = stood.get(d.line, {}).get(sw.seat)
            if parts is None:
                continue
            if d.automatic:  # the turn start of the standing seat: its own point
                up += 1
                for k, v in parts.items():
                    if k != "to_move":  # handing the turn over: the curve gives it to the decision before
                        terms[k].append(v)
            elif lay and sw.after - sw.before > 0:  # a lay credited with the rise (the curve before TURN_START)
                up_lays += 1
    return {"games": len(seeds), "swings": tops, "lay": lays, "standing_up": up, "standing_up_at_lay": up_lays,
            "terms": {k: sum(v) / len(v) for k, v in terms.items()}}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
    ap.add_argument("--seeds", default="30000:30100", help="first:last+1")
    args = ap.parse_args(argv)
    lo, hi = map(int, args.seeds.split(":"))
    r = survey(args.players, range(lo, hi))
    print(f"{args.players} players, {r['games']} heuristic games (seeds {lo}-{hi - 1}): {r['swings']} top-3 swings, "
          f"{r['standing_up']} of them a hero standing up (a turn start; {r['standing_up_at_lay']} named 'lay …'), "
          f"{r['lay']} named 'lay …' in all")
    if r["terms"]:
        print("the standing seat's log-odds by term, mean over those swings: "
              + ", ".join(f"{k} {v:+.3f}" for k, v in sorted(r["terms"].items(), key=lambda kv: -abs(kv[1])) if v))


if __name__ == "__main__":
    main()
