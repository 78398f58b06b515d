"""The analysis commands: ``analyse`` (each seat's win chance per turn and
the swings), ``simulate`` (bots against bots, many games) and ``bench``."""

from __future__ import annotations

import json
import math
import os
import sys
from typing import Any

from .. import record
from ..ui.helpwords import Count, Refusal

from .games import _outcome_json

#: a command's refusal (:data:`thorskliff.cli.CliError`)
CliError = Refusal


def cmd_analyse(args) -> int:
    """Each seat's estimated win chance after every turn, and the biggest swings."""
    from rich.console import Console
    from rich.table import Table

    from ..bots.curve import swings, turn_swings, win_chances
    from ..ui.curveview import cost_line, decision_words, notation_words, pct, swing_line
    from ..ui.i18n import set_lang, t

    set_lang(args.lang)
    budget = getattr(args, "budget", None)
    if budget is not None and budget < 1:
        raise CliError("analyse_budget", given=budget)
    game = record.load_any(args.record)  # its own one-line errors (file, line, problem)
    if game.setup.position is not None and not game.lines:
        raise CliError("position_no_turns", file=args.record)
    points = win_chances(game)
    looked = _review(game, budget, quiet=args.json)
    seats = [(p.name, p.colour) for p in game.state.players]
    per_turn = [None] + turn_swings(points)
    top = swings(points)
    if args.json:
        def move(sw):
            d = sw.decision
            # a turn start or the Gode's healing (d.automatic) is no decision: no notation; "line" is the
            # line after which it happened, "seat" the seat whose turn began or who healed, "auto" what it
            # did ([event kind, name], bots.curve)
            return {"seat": sw.seat + 1, "name": seats[sw.seat][0], "before": sw.before, "after": sw.after,
                    "decision": {"line": d.line, "seat": d.seat + 1, "notation": None if d.automatic else d.text,
                                 "automatic": d.automatic, "auto": [list(a) for a in d.auto],
                                 "words": decision_words(d), "before": list(d.before), "after": list(d.after),
                                 "dice": list(d.dice)}}

        out = {"record": args.record, "lang": args.lang,
               "estimate": "static evaluation of the search bot on what a spectator may know, calibrated on outcomes "
                           "(docs/calibration.md)" + ("; no search" if budget is None else
                                                     f"; every decision searched with {budget} iterations"),
               "seats": [{"seat": q + 1, "name": n, "colour": c} for q, (n, c) in enumerate(seats)],
               "outcome": _outcome_json(game),
               "points": [{"turn": p.index, "round": p.round, "seat": None if p.seat is None else p.seat + 1,
                           "lines": p.lines, "chances": list(p.chances),
                           "moved_most": None if sw is None else move(sw)}
                          for p, sw in zip(points, per_turn)],
               "swings": [{"turn": sw.point, "round": sw.round, **move(sw), "text": swing_line(sw, seats)}
                          for sw in top],
               "dice": [{"round": lk.round, "turn_of": lk.turn_of + 1, "seat": lk.seat + 1,
                         "name": seats[lk.seat][0], "points": round(lk.points, 1)} for lk in looked.luck],
               "review": None if budget is None else {
                   "budget": budget,
                   "decisions": [{"line": j.line + 1, "round": j.round, "seat": j.seat + 1, "name": seats[j.seat][0],
                                  "choices": j.choices, "chosen": j.chosen, "chosen_words": notation_words(j.chosen, j.step),
                                  "chance": j.chance, "chance_spread": j.chosen_spread, "best": j.best,
                                  "best_words": notation_words(j.best, j.step), "best_chance": j.best_chance,
                                  "best_spread": j.best_spread, "loss": round(j.loss, 1),
                                  "significant": j.significant} for j in looked.decisions]}}
        print(json.dumps(out, indent=1, ensure_ascii=False))
        return 0
    con = Console(file=sys.stdout)
    con.print(f"{t('curve.title')}: {args.record}\n{t('curve.note')}")
    table = Table()
    for col in (t("curve.turn"), t("curve.round"), t("curve.seat"), *(n for n, _ in seats), t("curve.moved")):
        table.add_column(col, justify="right" if col not in (t("curve.seat"), t("curve.moved")) else "left")
    for p, sw in zip(points, per_turn):
        who = t("curve.start") if p.seat is None else seats[p.seat][0]
        moved = "" if sw is None else decision_words(sw.decision) + _notation(sw.decision)
        table.add_row(str(p.index), str(p.round), who, *(f"{pct(x)} %" for x in p.chances), moved)
    con.print(table)
    con.print(t("curve.swings") if top else t("curve.no_swings"))
    for sw in top:
        con.print(f"  {swing_line(sw, seats)}" + (" " + _notation(sw.decision) if _notation(sw.decision) else ""),
                  markup=False)
    if budget is not None:
        worst = looked.worst()
        con.print(t("curve.costly", budget=budget) if worst else t("curve.no_costly", budget=budget))
        for j in worst:
            con.print(f"  {cost_line(j, seats)} ({j.chosen} / {j.best})", markup=False)
    lucky = sorted(looked.luck, key=lambda lk: (-abs(lk.points), lk.round))[:5]
    if lucky:
        con.print(t("curve.dice"))
        for lk in lucky:
            con.print("  " + t("curve.luck", round=lk.round, name=seats[lk.seat][0], points=round(lk.points)),
                      markup=False)
    return 0


def _review(game, budget: int | None, quiet: bool):
    """Every decision searched (``budget`` iterations each), or none; the dice always."""
    from ..bots.review import review
    from ..ui.i18n import t

    def progress(done: int, total: int) -> None:
        if not quiet and sys.stderr.isatty():
            print("\r" + t("curve.searching", done=done, total=total), end="", file=sys.stderr, flush=True)

    got = review(game, budget or 1, seats=None if budget else set(), progress=progress if budget else None)
    if budget and not quiet and sys.stderr.isatty():
        print(file=sys.stderr)
    return got


def _notation(d) -> str:
    """`` (notation)`` after a decision's words; nothing for a turn's start (no decision)."""
    return "" if d.automatic else f" ({d.text})"


def cmd_bench(args) -> int:
    from .. import bench

    if args.runs < 1 or args.replays < 1 or args.games < 1:
        raise CliError("bench_counts")
    if not (math.isfinite(args.seconds) and 0 < args.seconds <= 3600):
        raise CliError("bench_seconds", given=args.seconds)
    if args.runs * args.seconds > 24 * 3600 or args.games > 100_000 or args.replays > 100_000:
        raise CliError("bench_day")
    print(bench.report(bench.run(args.runs, args.seconds, args.games, args.replays)))
    return 0


def _simulate_job(task: tuple) -> dict:
    from ..bots.seats import play_lineup

    return play_lineup(*task)


def _simulate_specs(args) -> list[str]:
    """The line-up: --seats (bots or levels) or --level (levels only)."""
    from ..bots.registry import LEVELS, level_bot

    if (args.seats is None) == (args.level is None):
        raise CliError("seats_or_level")
    if args.seats is not None:
        return [s.strip() for s in args.seats.split(",") if s.strip()]
    specs = [s.strip() for s in args.level.split(",") if s.strip()]
    for s in specs:
        if level_bot(s) is None:
            raise CliError("no_level", level=s, levels=", ".join(LEVELS))
    return specs


def _simulate_label(spec: str) -> str:
    from ..bots.registry import bot_label, level_bot

    return f"{spec.strip().lower()}={bot_label(spec)}" if level_bot(spec) else bot_label(spec)


#: the most games one simulate runs (a million takes days; tasks are listed up front)
MAX_GAMES = 1_000_000


def cmd_simulate(args) -> int:
    """Headless games between bots; seat positions rotate through the lineup."""
    import time

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from ..bots.seats import wilson
    from ..scenario import load_mode

    specs = _simulate_specs(args)
    n = len(specs)
    if args.games < 1 or args.jobs < 1 or args.round_cap < 1:
        raise CliError("simulate_counts")
    # every game's task is listed up front and every job is a process: a slip of
    # the keyboard must not fill the memory or start 100,000 processes
    most_jobs = 4 * (os.cpu_count() or 1)
    if args.games > MAX_GAMES:
        raise CliError("most_games", most=Count(MAX_GAMES), given=args.games)
    if args.jobs > most_jobs:
        raise CliError("most_jobs", most=most_jobs, given=args.jobs)
    labels = [_simulate_label(s) for s in specs]  # ValueError for an unknown bot
    mode = args.mode or ("duell" if n == 2 else "base")
    lo, hi = load_mode(mode).players
    if not lo <= n <= hi:
        raise CliError("mode_players", mode=mode, low=lo, high=hi, given=n)
    seed0 = args.seed
    tasks = [(specs, mode, seed0 + g // n, g % n, args.round_cap) for g in range(args.games)]
    results: list[dict] = []
    wins = [0] * n
    start = time.perf_counter()
    pool = None
    if args.jobs > 1 and args.games > 1:
        import multiprocessing

        pool = multiprocessing.Pool(min(args.jobs, args.games))
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=Console(file=sys.stderr), disable=args.json,
                        transient=True)
    try:
        with progress:
            bar = progress.add_task("games", total=len(tasks))
            stream = pool.imap_unordered(_simulate_job, tasks) if pool else map(_simulate_job, tasks)
            for res in stream:
                results.append(res)
                if res["winner"] is not None:
                    wins[res["winner"]] += 1
                score = " ".join(f"{labels[e]} {wins[e]}" for e in range(n))
                progress.update(bar, advance=1, description=f"{score} ·")
    finally:
        if pool:
            pool.terminate()
    wall = time.perf_counter() - start
    games = len(results)
    seat_plays = [[0] * n for _ in range(n)]  # entry -> seat position -> games
    seat_wins = [0] * n
    reasons: dict[str, int] = {}
    for res in results:
        for seat, e in enumerate(res["seating"]):
            seat_plays[e][seat] += 1
        if res["winner_seat"] is not None:
            seat_wins[res["winner_seat"]] += 1
        reasons[res["reason"]] = reasons.get(res["reason"], 0) + 1
    decisions = sum(r["decisions"] for r in results)
    game_time = sum(r["seconds"] for r in results)
    bots: list[dict[str, Any]] = []
    for e in range(n):
        lo_ci, hi_ci = wilson(wins[e], games)
        bots.append({"entry": e + 1, "bot": labels[e], "games": games, "wins": wins[e],
                     "rate": wins[e] / games, "ci95": [lo_ci, hi_ci], "seats_played": seat_plays[e]})
    summary = {
        "mode": mode, "games": games, "seats": labels, "seed": seed0, "round_cap": args.round_cap,
        "jobs": args.jobs, "bots": bots, "won_by": reasons,
        "seat_wins": seat_wins, "no_winner": games - sum(wins),
        "avg_rounds": sum(r["rounds"] for r in results) / games,
        "avg_decisions": decisions / games,
        "decisions_per_second": decisions / game_time if game_time else 0.0,
        "avg_game_seconds": game_time / games, "wall_seconds": wall,
        "results": sorted(results, key=lambda r: (r["seed"], r["rotation"])),
    }
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    con = Console(file=sys.stdout)
    con.print(f"{games} games of {mode}, seeds {seed0}–{seed0 + (args.games - 1) // n}, "
              f"round cap {args.round_cap}; seats rotate: every deal is played with each entry "
              f"in each seat position")
    table = Table()
    for col in ("entry", "bot", "wins", "win rate", "95 % CI (Wilson)", "games in seat 1…n"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for b in bots:
        lo_ci, hi_ci = b["ci95"]
        table.add_row(str(b["entry"]), b["bot"], f"{b['wins']}/{games}", f"{100 * b['rate']:.1f} %",
                      f"{100 * lo_ci:.1f}–{100 * hi_ci:.1f} %", " ".join(map(str, b["seats_played"])))
    con.print(table)
    order = ("ambers", "crystals", "runestone", "last-standing", "draw", "cap")
    won = ", ".join(f"{k} {reasons.get(k, 0)}" for k in order if reasons.get(k) or k in order[:3])
    con.print(f"won by: {won}")
    con.print("wins by seat position: " + ", ".join(f"seat {i + 1} {w}" for i, w in enumerate(seat_wins)))
    con.print(f"average {summary['avg_rounds']:.1f} rounds and {summary['avg_decisions']:.0f} decisions "
              f"per game, {summary['avg_game_seconds']:.2f} s per game, "
              f"{summary['decisions_per_second']:.0f} decisions/s; {wall:.1f} s wall with {args.jobs} job(s)")
    searched = sum(r["searched"] for r in results)
    if searched:
        con.print(f"search: {searched / games:.1f} decisions searched per game (the rest are the heuristic's), "
                  f"{sum(r['iterations'] for r in results) / searched:.0f} iterations each")
    return 0
