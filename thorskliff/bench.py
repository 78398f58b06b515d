"""How fast the engine plays and a record replays (``thorskliff bench``).

Random play: seeded games of uniformly random legal decisions, the dice from
``sample_chance``, in three set-ups (4-player base, 3-player base, duell),
each game stopped after round 60. A run plays whole games for at least the
given seconds; the figure is the median over the runs. Replay: a record of
300 decisions (with its rolls) read from text by :func:`record.loads`,
timed as the median of many replays. Single process; figures, no verdicts.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import NamedTuple

from . import record
from .game import Game
from .engine.state import CHANCE, GameState

CONFIGS = (("base", 4), ("base", 3), ("duell", 2))
HEROES = ("Raghild", "Bera", "Oleif", "Jorund")
COLOURS = ("brown", "black", "grey", "white")
ROUND_CAP = 60


def seats(n: int) -> list[tuple[str, str, str]]:
    return [(f"Bot{i + 1}", HEROES[i], COLOURS[i]) for i in range(n)]


def play_random(mode: str, n: int, seed: int, round_cap: int = ROUND_CAP) -> int:
    """Play one random game; returns the number of actions applied (decisions and rolls)."""
    st = GameState.new(mode, seats(n), seed)
    rng = random.Random(seed)
    k = 0
    while not st.is_terminal() and st.round <= round_cap:
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
        else:
            st.apply_action(rng.choice(st.legal_actions()))
        k += 1
    return k


class Figures(NamedTuple):
    rate: float  # median actions per second over the runs
    runs: list[float]
    per_config: dict[str, float]  # actions per second over all runs, by set-up
    games: int
    actions: int
    replay_ms: float  # median time to load the record, milliseconds
    replay_decisions: int
    replay_lines: int
    replays: int


def measure_play(runs: int = 5, seconds: float = 1.0, min_games: int = 3,
                 clock: Callable[[], float] = time.perf_counter) -> tuple[list[float], dict[str, float], int, int]:
    rates = []
    by_cfg: dict[str, list[float]] = {f"{m} {n}p": [0, 0.0] for m, n in CONFIGS}
    games = actions = 0
    seed = 0
    for _ in range(runs):
        done = 0
        spent = 0.0
        played = 0
        while spent < seconds or played < min_games:
            mode, n = CONFIGS[seed % len(CONFIGS)]
            t0 = clock()
            k = play_random(mode, n, seed)
            dt = clock() - t0
            cfg = by_cfg[f"{mode} {n}p"]
            cfg[0] += k
            cfg[1] += dt
            done += k
            spent += dt
            played += 1
            seed += 1
        rates.append(done / spent)
        games += played
        actions += done
    per = {k: v[0] / v[1] for k, v in by_cfg.items() if v[1] > 0}
    return rates, per, games, actions


def record_text(decisions: int = 300, seed: int = 1) -> tuple[str, int]:
    """A record of a random 4-player base game with ``decisions`` seat decisions."""
    while True:
        game = Game.new("base", seats(4), seed)
        rng = random.Random(seed)
        made = 0
        while made < decisions and not game.state.is_terminal():
            game.submit(rng.choice(game.state.legal_actions()))
            made += 1
        if made == decisions:
            return record.dumps(game), len(game.lines)
        seed += 1  # pragma: no cover - a game over before 300 decisions


def measure_replay(replays: int = 20, decisions: int = 300,
                   clock: Callable[[], float] = time.perf_counter) -> tuple[float, int]:
    text, lines = record_text(decisions)
    times = []
    for _ in range(replays):
        t0 = clock()
        record.loads(text, "<bench>")
        times.append(clock() - t0)
    return statistics.median(times), lines


def run(runs: int = 5, seconds: float = 1.0, min_games: int = 3, replays: int = 20) -> Figures:
    rates, per, games, actions = measure_play(runs, seconds, min_games)
    replay, lines = measure_replay(replays)
    return Figures(statistics.median(rates), rates, per, games, actions, replay * 1000, 300, lines, replays)


def report(f: Figures) -> str:
    out = [
        f"random play: {f.rate:,.0f} actions/s (median of {len(f.runs)} runs; decisions and rolls; "
        f"{f.games} games, {f.actions:,} actions, round cap {ROUND_CAP})",
        "  runs: " + ", ".join(f"{r:,.0f}" for r in f.runs),
    ]
    out.extend(f"  {cfg}: {rate:,.0f} actions/s" for cfg, rate in f.per_config.items())
    out.append(f"replay: {f.replay_ms:.1f} ms for a record of {f.replay_decisions} decisions "
               f"({f.replay_lines} lines with rolls), median of {f.replays} loads from text")
    return "\n".join(out)
