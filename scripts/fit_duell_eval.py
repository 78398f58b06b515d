"""Fit the search bot's Duell evaluation (``bots.search.DUELL``) to self-play.

Plays heuristic-against-heuristic Duell games (seeds 1000-3999 by default;
the strength measurements use seeds 1-100), takes every turn start, and
fits a logistic regression of "seat 1 wins" on the difference of the two
seats' :func:`duell_features` (Newton's method, L2 penalty 1). A weight the
fit gives the wrong sign (an asset below 0, the race above 0) is held at 0
and the rest fitted again. The last fifth of the seeds is held out: the
script prints the held-out log loss and share of winners named, for the
fitted weights, the weights in the code, and the hand-set
:func:`scores` the bot uses for three or four players.

Crystals and low life are in the code by hand (the heuristic rarely wins
by crystals and heals before low life costs it anything, so self-play
cannot show their worth); a standing runestone counts in the race.

Run: python scripts/fit_duell_eval.py [--seeds 1000:4000]   (about 3 minutes)
"""

from __future__ import annotations

import argparse
import math

from thorskliff.bots.heuristic import HeuristicBot
from thorskliff.bots.runner import play_game
from thorskliff.bots.search import DUELL, SHARPNESS, duell_features, scores
from thorskliff.engine.state import CHANCE

FITTED = ("delivered", "amber", "amber_near", "crystal", "warrior", "life", "race", "to_move")
ASSETS = {"delivered", "crystal", "warrior", "life"}  # never worth less than nothing


def positions(seeds: range) -> list[tuple[int, list[float], float, float]]:
    """(seed, feature difference, hand-score difference, 1 if seat 1 won)."""
    out = []
    for seed in seeds:
        rows, turn = [], [None]

        def at_turn_start(st, action):
            if st.is_terminal() or st.current_player() == CHANCE or (st.round, st.seat) == turn[0]:
                return
            turn[0] = (st.round, st.seat)
            f = duell_features(st)
            if None not in f:
                hand = scores(st)
                rows.append(([f[0].get(k, 0.0) - f[1].get(k, 0.0) for k in DUELL], hand[0] - hand[1]))

        result = play_game("duell", [HeuristicBot(), HeuristicBot()], seed, on_step=at_turn_start)
        if result.winner is not None:
            out += [(seed, x, h, float(result.winner == 0)) for x, h in rows]
    return out


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, z))))


def fit(data, cols: list[int], lam: float = 1.0) -> list[float]:
    """Newton's method for L2-penalised logistic regression on ``cols``."""
    d = len(cols)
    w = [0.0] * d
    for _ in range(25):
        grad = [-lam * x for x in w]
        hess = [[lam if i == j else 0.0 for j in range(d)] for i in range(d)]
        for _, row, _, y in data:
            x = [row[c] for c in cols]
            p = sigmoid(sum(a * b for a, b in zip(w, x)))
            v = p * (1 - p)
            for i in range(d):
                grad[i] += (y - p) * x[i]
                for j in range(d):
                    hess[i][j] += v * x[i] * x[j]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(map(abs, step)) < 1e-6:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def quality(data, logit) -> tuple[float, float]:
    """(log loss, share of winners named) of ``logit(row, hand)``."""
    loss = named = 0.0
    for _, row, hand, y in data:
        p = min(max(sigmoid(logit(row, hand)), 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        named += (p > 0.5) == (y > 0.5)
    return loss / len(data), named / len(data)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1000:4000", help="first:last+1")
    args = ap.parse_args()
    lo, hi = map(int, args.seeds.split(":"))
    data = positions(range(lo, hi))
    cut = hi - (hi - lo) // 5
    train = [r for r in data if r[0] < cut]
    test = [r for r in data if r[0] >= cut]
    names = list(DUELL)
    cols = [names.index(k) for k in FITTED]
    while True:
        w = fit(train, cols)
        wrong = [c for c, x in zip(cols, w)
                 if (names[c] in ASSETS and x < 0) or (names[c] == "race" and x > 0)]
        if not wrong:
            break
        cols = [c for c in cols if c not in wrong]
    fitted = dict.fromkeys(FITTED, 0.0) | {names[c]: x for c, x in zip(cols, w)}
    print(f"{len(train)} positions to fit (seeds {lo}-{cut - 1}), {len(test)} held out (seeds {cut}-{hi - 1})")
    print("fitted:", ", ".join(f"{k} {x:.3f}" for k, x in fitted.items()))
    rows = [
        ("fitted", lambda row, hand: sum(fitted[k] * row[names.index(k)] for k in FITTED)),
        ("DUELL (the code)", lambda row, hand: sum(DUELL[k] * x for k, x in zip(names, row))),
        ("hand-set scores", lambda row, hand: SHARPNESS * hand),
    ]
    for label, logit in rows:
        loss, named = quality(test, logit)
        print(f"{label:<18} held-out log loss {loss:.3f}, winners named {named:.1%}")


if __name__ == "__main__":
    main()
