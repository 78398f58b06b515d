"""Fit the search bot's evaluation for 3 or 4 players (``bots.search.TABLE``) to self-play.

Plays heuristic base games of ``--players`` seats (seeds 20000-21499 by
default; the strength runs use seeds from 8101, the Duell fit 1000-3999),
takes every turn start, and fits a conditional logit — each seat's chance
to win is ``exp(w . f_seat) / sum over seats`` — on every seat's
:func:`duell_features` (Newton's method, L2 penalty 1), the same features
as the Duell fit. A weight the fit gives the wrong sign (an asset below 0,
the race above 0) is held at 0 and the rest fitted again; crystals and low
life are left out of the fit (see :data:`FITTED`). The last fifth of
the seeds is held out: the script prints the held-out log loss (of the
winner's chance) and share of winners named, for the fitted weights, the
weights in the code for this table size (``TABLE[n]``), the same without
the hand-set terms (crystals and low life at 0: what the hand-set terms
change) and without each of them, the hand-set :func:`scores` (the
evaluation before) and the Duell weights.

The defaults are the seeds and positions ``TABLE`` was fitted on (seeds
20000-20999, every second turn start), so the held-out seeds are 20800-20999.
``--held-out`` plays only those and scores the weights in the code without
fitting (a fifth of the games).

Run: nice -n 19 python scripts/fit_table_eval.py --players 4 [--seeds 20000:21000] [--every 2] [--held-out]
"""

from __future__ import annotations

import argparse
import math
import time

from thorskliff.bots.heuristic import HeuristicBot
from thorskliff.bots.runner import play_game
from thorskliff.bots.search import DUELL, SHARPNESS, TABLE, duell_features, scores
from thorskliff.engine.state import CHANCE

from fit_duell_eval import solve  # the same linear solve for Newton's step

NAMES = list(DUELL)
#: crystals and low life are weighted by hand in the code, as for the Duell: the heuristic rarely wins
#: by crystals (the fit holds them at 0) and heals before low life costs it anything (the fit makes it
#: worth more than life itself)
FITTED = ("delivered", "amber", "amber_near", "warrior", "life", "race", "to_move")
HAND_SET = tuple(k for k in NAMES if k not in FITTED)  # crystal, low_life
ASSETS = {"delivered", "crystal", "warrior", "life"}  # never worth less than nothing


def positions(players: int, seeds: range, every: int) -> list[tuple[int, list[list[float]], list[float], int]]:
    """(seed, per seat its features in NAMES order, per seat its hand-set
    score, the winner) at every ``every``-th turn start of games with a winner."""
    out = []
    for seed in seeds:
        rows, turn, count = [], [None], [0]

        def at_turn_start(st, action):
            if st.is_terminal() or st.current_player() == CHANCE or (st.round, st.seat) == turn[0]:
                return
            turn[0] = (st.round, st.seat)
            count[0] += 1
            if count[0] % every:
                return
            f = duell_features(st)
            if None not in f:  # a seat that is out has no chance: such positions are few and skipped
                rows.append(([[x.get(k, 0.0) for k in NAMES] for x in f], scores(st)))

        result = play_game("base", [HeuristicBot() for _ in range(players)], seed, on_step=at_turn_start)
        if result.winner is not None:
            out += [(seed, x, h, result.winner) for x, h in rows]
    return out


def softmax(z: list[float]) -> list[float]:
    top = max(z)
    e = [math.exp(x - top) for x in z]
    t = sum(e)
    return [x / t for x in e]


def fit(data, cols: list[int], lam: float = 1.0) -> list[float]:
    """Newton's method for the L2-penalised conditional logit on ``cols``."""
    d = len(cols)
    w = [0.0] * d
    for _ in range(30):
        grad = [-lam * x for x in w]
        hess = [[lam if i == j else 0.0 for j in range(d)] for i in range(d)]
        for _, seats, _, y in data:
            xs = [[s[c] for c in cols] for s in seats]
            p = softmax([sum(a * b for a, b in zip(w, x)) for x in xs])
            mean = [sum(p[q] * xs[q][i] for q in range(len(xs))) for i in range(d)]
            for i in range(d):
                grad[i] += xs[y][i] - mean[i]
            for q, x in enumerate(xs):
                pq = p[q]
                if pq < 1e-12:
                    continue
                dx = [x[i] - mean[i] for i in range(d)]
                for i in range(d):
                    row, v = hess[i], pq * dx[i]
                    for j in range(d):
                        row[j] += v * dx[j]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(map(abs, step)) < 1e-6:
            break
    return w


def quality(data, chances) -> tuple[float, float]:
    """(log loss of the winner's chance, share of winners named) of ``chances(seats, hand)``."""
    loss = named = 0.0
    for _, seats, hand, y in data:
        p = chances(seats, hand)
        loss -= math.log(max(p[y], 1e-9))
        named += max(range(len(p)), key=p.__getitem__) == y
    return loss / len(data), named / len(data)


def linear(weights: dict[str, float]):
    return lambda seats, hand: softmax([sum(weights.get(k, 0.0) * x for k, x in zip(NAMES, s)) for s in seats])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, choices=(3, 4), required=True)
    ap.add_argument("--seeds", default="20000:21000", help="first:last+1 (the last fifth is held out)")
    ap.add_argument("--every", type=int, default=2, help="keep every n-th turn start (fewer, less alike positions)")
    ap.add_argument("--held-out", action="store_true",
                    help="play only the held-out seeds and score the weights in the code (no fit)")
    args = ap.parse_args(argv)
    lo, hi = map(int, args.seeds.split(":"))
    cut = hi - (hi - lo) // 5
    t = time.process_time()
    data = positions(args.players, range(cut if args.held_out else lo, hi), args.every)
    played = time.process_time() - t
    train = [r for r in data if r[0] < cut]
    test = [r for r in data if r[0] >= cut]
    if args.held_out:
        print(f"{args.players} players: {len(test)} held-out positions (seeds {cut}-{hi - 1}, turn starts: every {args.every}"
              f"); {played:.0f} s of CPU to play")
        score(args.players, test, [])
        return
    cols = [NAMES.index(k) for k in FITTED]
    while True:
        w = fit(train, cols)
        wrong = [c for c, x in zip(cols, w)
                 if (NAMES[c] in ASSETS and x < 0) or (NAMES[c] == "race" and x > 0)]
        if not wrong:
            break
        cols = [c for c in cols if c not in wrong]
    fitted = dict.fromkeys(FITTED, 0.0) | {NAMES[c]: x for c, x in zip(cols, w)}
    print(f"{args.players} players: {len(train)} positions to fit (seeds {lo}-{cut - 1}), {len(test)} held out "
          f"(seeds {cut}-{hi - 1}); {played:.0f} s of CPU to play, {time.process_time() - t - played:.0f} s to fit")
    print("fitted: {" + ", ".join(f'"{k}": {x:.3g}' for k, x in fitted.items()) + "}")
    score(args.players, test, [("fitted", linear(fitted))])


def rows_for(players: int) -> list:
    """The evaluations scored besides a fit: the code's, the code's without its hand-set terms, the old ones."""
    rows = []
    if players in TABLE:
        code = TABLE[players]
        rows.append((f"TABLE[{players}] (the code)", linear(code)))
        rows.append((f"TABLE[{players}] w/o hand-set", linear(code | dict.fromkeys(HAND_SET, 0.0))))
        rows += [(f"TABLE[{players}] w/o {k}", linear(code | {k: 0.0})) for k in HAND_SET]
    rows += [("hand-set scores", lambda seats, hand: softmax([SHARPNESS * x for x in hand])),
             ("DUELL weights", linear(DUELL))]
    return rows


def score(players: int, test, first: list) -> dict[str, tuple[float, float]]:
    """Print (and return) each evaluation's held-out log loss and share of winners named."""
    out = {}
    for label, chances in first + rows_for(players):
        loss, named = out[label] = quality(test, chances)
        print(f"{label:<28} held-out log loss {loss:.4f}, winners named {named:.1%}")
    print(f"{'parity':<28} held-out log loss {math.log(players):.4f}, winners named {1 / players:.0%}")
    return out


if __name__ == "__main__":
    main()
