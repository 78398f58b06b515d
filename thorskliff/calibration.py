"""``thorskliff calibration``: how far the one win-chance estimator
(:mod:`thorskliff.bots.estimator`) can be trusted, measured on outcomes.

It plays seeded games between bots of the fast levels ("leicht" and
"mittel", alternating by seat and seed) — or reads records — takes every
seat's estimate at every turn start, and compares it with who won: a
reliability table of 10 bins (n, mean predicted, observed frequency with its
95 % Wilson interval), the Brier score and the log loss, per mode.

``--fit`` fits the calibration map (isotonic, per mode and table size) on
seeds from :data:`estimator.FIT_SEEDS` on and writes it into the package;
measuring runs refuse those seeds, so a map is never measured on the games
that fitted it. Games that reach the round cap have no winner and are left
out (their count is reported).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence

from .bots import estimator
from .bots.registry import make_bot
from .bots.runner import play_game
from .engine.state import CHANCE, GameState

#: (mode, players) measured by default: the Duell and base games of 3 and 4
CONFIGS = (("duell", 2), ("base", 3), ("base", 4))
LEVELS = ("heuristic", "careless")  # "mittel" and "leicht": fast enough for hundreds of games
BINS = 10
Z = 1.96


def turn_samples(st: GameState, seen: list, out: list) -> None:
    """At a turn's start (a new (round, seat) with a seat to decide) append
    every seat's raw estimate."""
    if st.is_terminal():
        return
    seat = st.current_player()
    if seat == CHANCE:
        return
    k = (st.round, seat)
    if seen and seen[-1] == k:
        return
    seen.append(k)
    out.append(estimator.raw_estimate(st))


def game_samples(mode: str, players: int, seed: int) -> tuple[str, list[tuple[float, float]]] | None:
    """(map key, [(raw chance, won 0/1)]) of one bot game; None at the round cap."""
    bots = [make_bot(LEVELS[(seed + i) % len(LEVELS)]) for i in range(players)]
    seen: list = []
    raw: list = []
    res = play_game(mode, bots, seed, on_step=lambda s, a: turn_samples(s, seen, raw))
    if res.reason == "cap":
        return None
    return estimator.key(res.state), _pairs(raw, res.winner, players)


def _pairs(raw: list, winner: int | None, n: int) -> list[tuple[float, float]]:
    won = [1.0 / n] * n if winner is None else [1.0 if q == winner else 0.0 for q in range(n)]
    return [(r[q], won[q]) for r in raw for q in range(n)]


def record_samples(path: str) -> tuple[str, list[tuple[float, float]]] | None:
    from . import record

    game = record.load_any(path)
    st = game.setup.build()
    seen: list = []
    raw: list = []
    for line in game.lines:
        turn_samples(st, seen, raw)
        col, _, rest = line.partition(" ")
        st.apply_action(rest, None if col == "*" else int(col) - 1)
    out = st.outcome()
    if out is None:
        return None
    return estimator.key(st), _pairs(raw, out.winner, st.num_players)


def _job(args):
    return game_samples(*args)


def collect(configs: Iterable[tuple[str, int]], seeds: list[int], jobs: int = 1):
    tasks = [(m, n, s) for m, n in configs for s in seeds]
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            results = pool.map(_job, tasks, chunksize=4)
    else:
        results = [_job(t) for t in tasks]
    per: dict[str, list] = {}
    capped: dict[str, int] = {}
    for (m, n, _), r in zip(tasks, results):
        if r is None:
            capped[f"{m}/{n}"] = capped.get(f"{m}/{n}", 0) + 1
        else:
            per.setdefault(r[0], []).extend(r[1])
    return per, capped


def wilson(k: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def table(pairs: list[tuple[float, float]]) -> dict:
    """The reliability table, Brier score and log loss of (predicted, outcome) pairs."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for p, y in pairs:
        bins[min(BINS - 1, int(p * BINS))].append((p, y))
    rows = []
    for b in bins:
        n = len(b)
        k = sum(y for _, y in b)
        lo, hi = wilson(k, n)
        rows.append({"n": n, "predicted": sum(p for p, _ in b) / n if n else None,
                     "observed": k / n if n else None, "low": lo, "high": hi})
    m = len(pairs) or 1
    brier = sum((p - y) ** 2 for p, y in pairs) / m
    eps = 1e-6
    ll = -sum(y * math.log(max(p, eps)) + (1 - y) * math.log(max(1 - p, eps)) for p, y in pairs) / m
    return {"samples": len(pairs), "bins": rows, "brier": brier, "log_loss": ll}


def fit(pairs: list[tuple[float, float]], blocks: int = 40) -> list[tuple[float, float]]:
    """An isotonic (pool-adjacent-violators) map from raw to observed, on
    equal-count blocks of the sorted raw chances; its knots."""
    pairs = sorted(pairs)
    size = max(1, len(pairs) // blocks)
    pool = []  # [sum x, sum y, weight]
    for i in range(0, len(pairs), size):
        chunk = pairs[i:i + size]
        pool.append([sum(p for p, _ in chunk), sum(y for _, y in chunk), len(chunk)])
        while len(pool) > 1 and pool[-2][1] / pool[-2][2] > pool[-1][1] / pool[-1][2]:
            x, y, w = pool.pop()
            pool[-1][0] += x
            pool[-1][1] += y
            pool[-1][2] += w
    return [(round(x / w, 6), round(y / w, 6)) for x, y, w in pool]


def calibrated(pairs, mapkey: str):
    """The pairs as the estimator shows them: every seat's raw chance mapped,
    the seats of one moment renormalised together (pairs come seat by seat)."""
    n = int(mapkey.rsplit("/", 1)[1])
    out: list[tuple[float, float]] = []
    for i in range(0, len(pairs), n):
        group = pairs[i:i + n]
        shown = estimator.calibrate([p for p, _ in group], mapkey)
        out.extend(zip(shown, (y for _, y in group)))
    return out


def run(configs, seeds: list[int], jobs: int = 1, do_fit: bool = False, records: Sequence[str] = ()) -> dict:
    if records:
        per: dict[str, list] = {}
        capped: dict[str, int] = {}
        for path in records:
            r = record_samples(path)
            if r is None:
                capped[path] = 1
            else:
                per.setdefault(r[0], []).extend(r[1])
    else:
        per, capped = collect(configs, seeds, jobs)
    out: dict = {"seeds": [seeds[0], seeds[-1]] if seeds else None, "left_out_at_cap": capped, "modes": {}}
    if do_fit:
        doc: dict = {"fit_seeds": f"{seeds[0]}..{seeds[-1]}", "levels": list(LEVELS), "maps": {}}
        try:
            doc["maps"] = json.loads(estimator.MAP_FILE.read_text(encoding="utf-8")).get("maps", {})
        except (OSError, ValueError):
            pass
        for k, pairs in per.items():
            if k.endswith("/2"):  # with 3-4 seats a per-seat map, renormalised, made bins worse (docs/calibration.md)
                doc["maps"][k] = fit(pairs)
        estimator.MAP_FILE.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        estimator.maps.cache_clear()
    for k, pairs in sorted(per.items()):
        out["modes"][k] = {"raw": table(pairs), "calibrated": table(calibrated(pairs, k))}
    return out


def render(out: dict) -> str:
    lines = []
    for k, m in out["modes"].items():
        for which in ("raw", "calibrated"):
            t = m[which]
            lines.append(f"{k} ({which}): {t['samples']} samples, Brier {t['brier']:.4f}, log loss {t['log_loss']:.4f}")
            lines.append("  bin        n  predicted  observed  95% interval")
            for i, b in enumerate(t["bins"]):
                if not b["n"]:
                    continue
                off = abs(b["predicted"] - b["observed"])
                flag = " !" if b["n"] >= 50 and off > 0.05 else ""
                lines.append(f"  {i / BINS:.1f}-{(i + 1) / BINS:.1f} {b['n']:6d}  {b['predicted']:8.3f}  {b['observed']:8.3f}"
                             f"  {b['low']:.3f}-{b['high']:.3f}{flag}")
    if out["left_out_at_cap"]:
        lines.append(f"left out (no winner at the round cap): {out['left_out_at_cap']}")
    return "\n".join(lines)


class SeedError(ValueError):
    pass
