"""The headless command line: ``thorskliff new|legal|apply|show|replay|position|bench``.

A game lives in its record file (``docs/records.md``); every command reads
it, and ``apply`` appends decisions to it. Seats are counted from 1. Every
error is one line on stderr, ``thorskliff: FILE:LINE: problem`` for a file
that cannot be read (a :class:`~thorskliff.loaderror.LoadError`), and exit
status 2; a crash of the program itself names the file and line where it
happened and exits with 70.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import secrets
import sys
import traceback
from pathlib import Path

from . import __version__, record
from .engine.actions import ActionError
from .engine.messages import SetupError
from .game import Game
from .engine.player import COLOURS
from .loaderror import LoadError, os_problem
from .scenario import ScenarioError, available_modes, load_heroes
from .ui.helpwords import Count, HelpParser, Refusal, Said, cli_lang
from .ui.helpwords import help_text as _h

#: exit status of a crash of the program itself (sysexits' EX_SOFTWARE)
CRASH = 70

INTRO = """\
thorskliff {version} — Die Schlacht um Thors Kliff

Without a command, thorskliff starts the game in the terminal:

  thorskliff [--lang de|en] [--seed N] [--data DIR] [--no-handover]
  thorskliff --resume FILE             go on with a saved game (a record)
  thorskliff --position FILE           start a game at a position file

Saves, the campaign's group table and the SSH host's data live in the data
folder: {data}
(--data DIR or the environment variable THORSKLIFF_DATA choose another;
'thorskliff --help-app' lists the app's options). Headless commands:

  thorskliff new --players "Anna:Bera,Ben:Oleif,Cora:Jorund" -o game.tkr
  thorskliff legal game.tkr            who decides, and the legal decisions
  thorskliff apply game.tkr "H 1c3-1c2" "end"
  thorskliff show game.tkr [--seat N] [--json]
                                       (legal, apply and show take a position file too)
  thorskliff log game.tkr [--seat N] [--json] [--lang de|en]   the events in words
  thorskliff replay game.tkr           check a record end to end
  thorskliff position game.tkr [-o FILE]
  thorskliff analyse game.tkr [--json] [--lang de|en]   win chances per turn, the swings
  thorskliff bench
  thorskliff serve [--host 127.0.0.1] [--port 2222]   host games over SSH
  thorskliff serve --web 8080 [--no-ssh]             ... and to browsers (http://127.0.0.1:8080)

'thorskliff COMMAND --help' explains a command; docs/notation.md the decisions.
"""


def data_folder() -> str:
    """The data folder in use: THORSKLIFF_DATA, else the platform's user data
    folder (Linux ~/.local/share/thorskliff, macOS ~/Library/Application
    Support/thorskliff, Windows %LOCALAPPDATA%\\thorskliff)."""
    from .ui.saves import data_dir

    return str(data_dir())


#: a command's refusal: ``CliError(key, **fields)`` of the catalogue's
#: [cli_refusal] table, said by :func:`main` as 'thorskliff: <line>' in the
#: language of --lang (German by default), with its exit code; ``Said(text)``
#: one whose words are said already (argparse's, a loader's)
CliError = Refusal


class _Parser(HelpParser):
    def error(self, message: str):  # argparse would exit; main reports it instead
        raise Said(self.problem(message))


# --------------------------------------------------------------------- commands


def _seats(players: str, colours: str | None) -> list[tuple[str, str, str]]:
    heroes = {h.lower(): h for h in load_heroes()}
    seats = []
    for part in players.split(","):
        name, sep, hero = part.partition(":")
        name, hero = name.strip(), hero.strip()
        if not sep or not name or not hero:
            raise CliError("players_form", part=part.strip())
        if hero.lower() not in heroes:
            raise CliError("unknown_hero", hero=hero, heroes=", ".join(heroes.values()))
        seats.append((name, heroes[hero.lower()]))
    cols = [c.strip().lower() for c in colours.split(",")] if colours else list(COLOURS[:len(seats)])
    if len(cols) != len(seats):
        raise CliError("colours_count", colours=len(cols), players=len(seats))
    return [(n, h, c) for (n, h), c in zip(seats, cols)]


def cmd_new(args) -> int:
    if args.chapter is not None:
        return cmd_new_chapter(args)
    if args.group or args.short or args.carried:
        raise CliError("chapter_only")
    if not args.players:
        raise CliError("players_needed")
    seats = _seats(args.players, args.colours)
    out = Path(args.output)
    if out.is_dir():
        raise CliError("record_is_folder", file=out)
    if out.exists() and not args.force:
        raise CliError("exists", file=out)
    mode = args.mode or ("duell" if len(seats) == 2 else "base")
    if mode not in available_modes():
        raise CliError("unknown_mode", mode=mode, modes=", ".join(available_modes()))
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    first = None
    if args.first is not None:
        if not 1 <= args.first <= len(seats):
            raise CliError("seat_range", option="--first", seats=len(seats), given=args.first)
        first = args.first - 1
    try:
        game = Game.new(mode, seats, seed, arrangement=args.arrangement, first=first)
    except SetupError:
        raise  # said by main in the player's language
    except (ValueError, ScenarioError) as exc:  # a chapter or scenario file's problem in the player's language
        raise Said(exc) from None
    if args.beaches:
        for lab in args.beaches.split(","):
            try:
                game.submit(f"beach {lab.strip()}")
            except ActionError as exc:
                raise CliError("beach_refused", beach=lab.strip(), why=exc) from None
    record.write(game, out)
    s = game.setup
    print(f"wrote {out}: {s.mode}, seed {s.seed}, arrangement {s.arrangement}, "
          f"seat {s.first + 1} chooses a beach first")
    print(_who(game))
    return 0


def _carried(text: str, seats: int, chapter) -> dict[int, list[str]]:
    """``--carried "1:segen1+tattoo,2:seekarte"``: the cards each seat
    (from 1) brings into the chapter; only cards the chapter takes in."""
    out: dict[int, list[str]] = {}
    for part in text.split(","):
        seat, sep, cards = part.partition(":")
        if not sep or not seat.strip().isdigit() or not cards.strip():
            raise CliError("carried_form", part=part.strip())
        q = int(seat) - 1
        if not 0 <= q < seats:
            raise CliError("carried_seat", seat=seat.strip(), seats=seats)
        for cid in (c.strip() for c in cards.split("+")):
            if cid not in chapter.carry:
                if not chapter.carry:
                    raise CliError("carried_none", chapter=chapter.number, card=cid)
                raise CliError("carried_card", chapter=chapter.number, card=cid, takes=", ".join(chapter.carry))
            if any(cid in got for got in out.values()):
                raise CliError("carried_twice", card=cid)
            out.setdefault(q, []).append(cid)
    return out


def cmd_new_chapter(args) -> int:
    """``new --chapter N``: a campaign chapter's record (R-CAMP-1), for the
    players given or the heroes of a group of the campaign table, with the
    cards carried in given explicitly (``--carried``) or the group's. The
    group's table is only read: the chapter played from the record is not
    entered into it."""
    from .campaign.chapter import load_chapter

    if args.chapter not in (1, 2, 3):
        raise CliError("chapter_number", given=args.chapter)
    for opt, given in (("--mode", args.mode), ("--arrangement", args.arrangement), ("--beaches", args.beaches)):
        if given:
            raise CliError("not_with_chapter", option=opt)
    ch = load_chapter(args.chapter)
    out = Path(args.output)
    if out.exists() and not args.force:
        raise CliError("exists", file=out)
    carried: dict[int, list[str]] = {}
    if args.group:
        if args.players or args.colours:
            raise CliError("group_brings")
        from .campaign.table import CampaignTable, data_dir

        where = data_dir() / "campaign.sqlite3"
        if not where.exists() and not where.is_symlink():  # read only: no empty table made
            raise CliError("no_table", group=args.group, file=where)
        with CampaignTable() as table:
            try:
                group = table.group(args.group)
            except KeyError:
                names = ", ".join(table.groups())
                raise (CliError("no_group", group=args.group, groups=names) if names
                       else CliError("no_groups", group=args.group)) from None
        seats = group.seats()
        carried = {q: [c for c in cards if c in ch.carry] for q, cards in group.carried.items()}
        carried = {q: c for q, c in carried.items() if c}
    elif args.players:
        seats = _seats(args.players, args.colours)
    else:
        raise CliError("chapter_players")
    if args.carried:
        carried = _carried(args.carried, len(seats), ch)
    start = 0
    if args.first is not None:
        if not 1 <= args.first <= len(seats):
            raise CliError("seat_range", option="--first", seats=len(seats), given=args.first)
        start = args.first - 1
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    meta = {"group": args.group} if args.group else None
    try:
        game = Game.new_chapter(seats, args.chapter, seed, short=args.short, start=start, carried=carried, meta=meta)
    except SetupError:
        raise  # said by main in the player's language
    except (ValueError, ScenarioError) as exc:  # a chapter or scenario file's problem in the player's language
        raise Said(exc) from None
    record.write(game, out)
    title = ch.title.get("de", "")
    kept = "; ".join(f"seat {q + 1}: {'+'.join(c)}" for q, c in sorted(carried.items())) or "none"
    print(f"wrote {out}: chapter {ch.number} \"{title}\"{' (short variant)' if args.short else ''}, seed {seed}, "
          f"start tile with seat {start + 1}, carried cards: {kept}")
    print(_who(game))
    return 0


def _load(path: str) -> Game:
    """A record, or a position file (a game that starts there)."""
    return record.load_any(path)


def _is_position_file(path: str) -> bool:
    return record.is_position(Path(path).read_text(encoding="utf-8"))


def _who(game: Game) -> str:
    st = game.state
    d = st.current_player()
    if st.is_terminal():
        return f"the game is over: {record.describe_outcome(game)}"
    p = st.players[d]
    return f"seat {d + 1} ({p.name}, {p.hero}) decides: {st.phase_name()}, step {st.step}"


def cmd_legal(args) -> int:
    game = _load(args.record)
    st = game.state
    d = st.current_player()
    legal = game.legal()
    if args.json:
        print(json.dumps({"decider": d + 1 if d >= 0 else None, "step": st.step,
                          "phase": st.phase if st.phase >= 0 else None, "legal": legal,
                          "outcome": _outcome_json(game)}, ensure_ascii=False))
        return 0
    print(_who(game))
    for a in legal:
        print(f"  {a}")
    return 0


def _outcome_json(game: Game):
    out = game.state.outcome()
    if out is None:
        return None
    return {"winner": None if out.winner is None else out.winner + 1, "reason": out.reason}


def cmd_apply(args) -> int:
    game = _load(args.record)
    seat = None
    if args.seat is not None:
        if not 1 <= args.seat <= game.state.num_players:
            raise CliError("seat_range", option="--seat", seats=game.state.num_players, given=args.seat)
        seat = args.seat - 1
    before = len(game.lines)
    for text in args.actions:
        try:
            game.submit(text, seat)
        except ActionError as exc:
            raise CliError("action_refused", action=text, why=exc) from None
    added = game.lines[before:]
    if _is_position_file(args.record):  # a position file stays one: the position after the decisions
        from . import durable
        from .position import to_position

        durable.write_text(args.record, to_position(game.state))
    else:
        record.append(game, args.record, added)
    for line in added:
        print(line)
    print(_who(game))
    return 0


def cmd_show(args) -> int:
    game = _load(args.record)
    seat = None
    if args.seat is not None:
        if not 1 <= args.seat <= game.state.num_players:
            raise CliError("seat_range", option="--seat", seats=game.state.num_players, given=args.seat)
        seat = args.seat - 1
    obs = game.view(seat)
    if args.json:
        obs["events"] = turn_events(game, seat)  # what this turn did, as the seat may see it
        print(json.dumps(obs, indent=2, ensure_ascii=False))
    else:
        print(render(obs))
    return 0


def _seat_arg(game: Game, seat: int | None) -> int | None:
    if seat is None:
        return None
    if not 1 <= seat <= game.state.num_players:
        raise CliError("seat_range", option="--seat", seats=game.state.num_players, given=seat)
    return seat - 1


def turn_events(game: Game, seat: int | None) -> list[dict]:
    """The events of the current turn (from its start) that ``seat`` (0-based,
    None: a spectator) may see, as JSON (docs/records.md, "show --json")."""
    from .engine import events as E

    flat = [e for line in game.told() for e in E.visible(line, seat)]
    start = max((i for i, e in enumerate(flat) if isinstance(e, E.TurnBegan)), default=0)
    return [e.to_json() for e in flat[start:]]


def cmd_log(args) -> int:
    """The game's events in words (or JSON) as one seat could know them."""
    from .engine import events as E
    from .ui import eventwords
    from .ui.i18n import set_lang
    from .ui.logtext import LogWriter

    game = _load(args.record)
    seat = _seat_arg(game, args.seat)
    if args.json:
        out = [{"line": i + 1, "events": [e.to_json() for e in E.visible(evs, seat)]}
               for i, evs in enumerate(game.events) if evs]
        opening = [e.to_json() for e in E.visible(game.opening, seat)]
        doc = {"seat": None if seat is None else seat + 1, "opening": opening, "lines": out}
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return 0
    set_lang(args.lang)
    st = game.state
    card = getattr(st, "card_view", None)
    card_name = (lambda cid: card(cid, args.lang)["title"]) if card else None
    option_name = None
    if getattr(st, "chapter", None) is not None:
        from .ui.words import option_words

        option_name = lambda cid, oid: option_words(st.chapter, cid, oid)  # noqa: E731
    # the game log's own lines, as plain text (logtext: grouped, a combat's events indented)
    writer = LogWriter(eventwords.Names.of_state(st), None, card_name, option_name)
    for evs in game.told():
        for line in writer.lines(E.visible(evs, seat)):
            print(line.plain)
    return 0


def cmd_replay(args) -> int:
    s = record.verify(args.record)
    forced = f", {s.forced} of them forced" if s.forced else ""
    print(f"{args.record}: replayed {s.decisions} decisions and {s.rolls} rolls{forced}")
    print(s.result)
    return 0


def cmd_analyse(args) -> int:
    """Each seat's estimated win chance after every turn, and the biggest swings."""
    from rich.console import Console
    from rich.table import Table

    from .bots.curve import swings, turn_swings, win_chances
    from .ui.curveview import decision_words, pct, swing_line
    from .ui.i18n import set_lang, t

    set_lang(args.lang)
    game = record.load_any(args.record)  # its own one-line errors (file, line, problem)
    if game.setup.position is not None and not game.lines:
        raise CliError("position_no_turns", file=args.record)
    points = win_chances(game)
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
                                 "words": decision_words(d), "before": list(d.before), "after": list(d.after)}}

        out = {"record": args.record, "lang": args.lang,
               "estimate": "static evaluation of the search bot on what a spectator may know; no search",
               "seats": [{"seat": q + 1, "name": n, "colour": c} for q, (n, c) in enumerate(seats)],
               "outcome": _outcome_json(game),
               "points": [{"turn": p.index, "round": p.round, "seat": None if p.seat is None else p.seat + 1,
                           "lines": p.lines, "chances": list(p.chances),
                           "moved_most": None if sw is None else move(sw)}
                          for p, sw in zip(points, per_turn)],
               "swings": [{"turn": sw.point, "round": sw.round, **move(sw), "text": swing_line(sw, seats)}
                          for sw in top]}
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
    return 0


def _notation(d) -> str:
    """`` (notation)`` after a decision's words; nothing for a turn's start (no decision)."""
    return "" if d.automatic else f" ({d.text})"


def cmd_position(args) -> int:
    # imported here, not at the command's start (``thorskliff --help`` needs neither)
    from . import durable
    from .position import to_position

    if args.output and (durable.same_file(args.output, args.record)
                        or Path(args.output).resolve() == Path(args.record).resolve()):
        raise CliError("output_is_record", file=args.output)
    game = _load(args.record)
    text = to_position(game.state)
    if args.output:
        if Path(args.output).is_dir():
            raise CliError("position_is_folder", file=args.output)
        if Path(args.output).exists() and not _holds_a_position(args.output):  # -o notes.txt replaced the notes
            raise CliError("not_a_position", file=args.output)
        durable.write_text(args.output, text)
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return 0


def _holds_a_position(path: str) -> bool:
    from .loaderror import read_text

    try:
        return record.is_position(read_text(path, lambda problem, line=0: LoadError(path, problem)))
    except LoadError:
        return False


def cmd_bench(args) -> int:
    from . import bench

    if args.runs < 1 or args.replays < 1 or args.games < 1:
        raise CliError("bench_counts")
    if not (math.isfinite(args.seconds) and 0 < args.seconds <= 3600):
        raise CliError("bench_seconds", given=args.seconds)
    if args.runs * args.seconds > 24 * 3600 or args.games > 100_000 or args.replays > 100_000:
        raise CliError("bench_day")
    print(bench.report(bench.run(args.runs, args.seconds, args.games, args.replays)))
    return 0


def _simulate_job(task: tuple) -> dict:
    from .bots.seats import play_lineup

    return play_lineup(*task)


def _simulate_specs(args) -> list[str]:
    """The line-up: --seats (bots or levels) or --level (levels only)."""
    from .bots.registry import LEVELS, level_bot

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
    from .bots.registry import bot_label, level_bot

    return f"{spec.strip().lower()}={bot_label(spec)}" if level_bot(spec) else bot_label(spec)


#: the most games one simulate runs (a million takes days; tasks are listed up front)
MAX_GAMES = 1_000_000


def cmd_simulate(args) -> int:
    """Headless games between bots; seat positions rotate through the lineup."""
    import time

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from .bots.seats import wilson
    from .scenario import load_mode

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
    bots = []
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


# --------------------------------------------------------------------- text view


def render(obs: dict) -> str:
    """A plain text summary of an observation (see ``docs/records.md``)."""
    lines = []
    turn = f"seat {obs['turn']}'s turn" if obs["turn"] else "setup"
    phase = f"phase {obs['phase']} ({obs['phase_name']})" if obs["phase"] is not None else obs["phase_name"]
    lines.append(f"{obs['mode']} · arrangement {obs['arrangement']} · round {obs['round']} · {turn} · {phase} · "
                 f"step {obs['step']}")
    players = {p["seat"]: p for p in obs["players"]}
    if obs["outcome"]:
        w = obs["outcome"]["winner"]
        who = f"seat {w} ({players[w]['name']}) wins" if w else "a draw"
        lines.append(f"game over: {who} by {obs['outcome']['reason']}")
    elif obs["decider"] == "chance":
        lines.append("decides: the dice (" + " ".join(obs["chance"]) + ")")
    else:
        p = players[obs["decider"]]
        lines.append(f"decides: seat {p['seat']} ({p['name']}, {p['hero']})")
    sp = obs["supply"]
    epic = f", epic cards: {', '.join(sp['epic'])}" if sp["epic"] else ""
    lines.append(f"supply: {sp['ambers']} ambers, {sp['potions']} potions, helmet "
                 f"{'free' if sp['helm'] else 'taken'}, {sp['wisent']} wisent{epic}")
    lines.append("")
    head = ("seat", "name", "hero", "colour", "life", "taler", "amber", "deliv", "cryst", "weapon", "potions",
            "supply", "hero", "gode", "state")
    rows = [head]
    for p in obs["players"]:
        pots = ", ".join(x["kind"] if x["kind"] else "?" for x in p["potions"]) or "-"
        extras = [x for x in (p["weapon"], "wisent" if p["wisent"] else "", "helm" if p["helm"] else "",
                              *p["epic"]) if x]
        state = "out" if p["out"] else p["faint"]
        rows.append((str(p["seat"]), p["name"], p["hero"], p["colour"], f"{p['life']}/{p['max_life']}",
                     str(p["taler"]), "yes" if p["amber"] else "-", str(p["delivered"]),
                     f"{p['crystals']}{p['crystal_bonus'] or ''}", "+".join(extras), pots, str(p["supply"]),
                     p["hero_at"] or "-", p["gode_at"] or "-", state))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines.extend("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)
    lines.append("")
    lines.append("board:")
    for h in obs["hexes"]:
        things = []
        for seat, u in sorted(h["units"].items(), key=lambda kv: int(kv[0])):
            parts = [x for x in ("hero" + (" on wisent" if u["mounted"] else "") if u["hero"] else "",
                                 "gode" if u["gode"] else "",
                                 f"{u['warriors']} warrior{'s' if u['warriors'] != 1 else ''}"
                                 if u["warriors"] else "") if x]
            things.append(f"seat {seat}: " + ", ".join(parts))
        if h["troll"]:
            things.append("troll")
        for key, word in (("crystals", "crystal"), ("ambers", "amber"), ("taler", "Taler")):
            if h[key]:
                things.append(f"{h[key]} {word}" + ("s" if h[key] > 1 and word != "Taler" else ""))
        if h["lying"]:
            things.append(f"hero of seat {h['lying']} lying")
        if things:
            kind = h["rift"] + " rift" if h["rift"] else h["kind"] + (" (beach)" if h["beach"] else "")
            lines.append(f"  {h['label']:<4} {kind:<18} " + "; ".join(things))
    rune = obs["runestone"]
    if rune:
        lines.append(f"runestone: seat {rune['seat']} on {rune['hex']}, counter {rune['counter']}")
    c = obs["combat"]
    if c:
        lines.append("")
        dfn = "a troll" if c["defender"] == "troll" else f"seat {c['defender']}"
        kind = "strike" if c["strike"] else "combat"
        lines.append(f"{kind} on {c['hex']}: seat {c['attacker']} against {dfn}")
        lines.append("  attackers: " + " ".join(u["id"] + ("†" if u["defeated"] else "") for u in c["attackers"]))
        lines.append("  defenders: " + " ".join(u["id"] + ("†" if u["defeated"] else "") for u in c["defenders"]))
        if c["roll"]:
            lines.append(f"  roll of the {c['roll_of']}: " + " ".join(f"{d['die']}{d['value']}" for d in c["roll"])
                         + (f"; blocked {' '.join(map(str, c['blocked']))}" if c["blocked"] else "")
                         + (f"; to assign {' '.join(map(str, c['to_assign']))}" if c["to_assign"] else ""))
        if c["suggestion"]:
            lines.append("  suggestion: " + " ".join(c["suggestion"]))
    if obs["legal"]:
        lines.append("")
        lines.append("your decisions: " + " | ".join(obs["legal"]))
    return "\n".join(lines)


# --------------------------------------------------------------------- parser


def cmd_serve(args) -> int:
    from .ssh.server import Config, serve

    if args.max_connections < 1 or (args.idle_timeout is not None and args.idle_timeout < 0):
        raise CliError("serve_counts")
    if not 0 <= args.port <= 65535:
        raise CliError("port_range", option="--port", given=args.port)
    if args.idle_timeout is not None and not math.isfinite(args.idle_timeout):
        raise CliError("idle_timeout")
    if args.takeover is not None and not (math.isfinite(args.takeover) and args.takeover >= 0):
        raise CliError("takeover", given=args.takeover)
    _check_serve_limits(args)
    _check_serve_web(args)
    if args.authorized_keys and not Path(args.authorized_keys).is_file():
        raise CliError("no_keys_file", file=args.authorized_keys)
    if args.bot:
        from .bots.registry import make_bot

        make_bot(args.bot)  # a bad name fails here, not when a player leaves
    if args.lang:
        from .ui import i18n

        i18n.set_lang(args.lang)
    return serve(Config(host=args.host, port=args.port, data=Path(args.data) if args.data else None,
                        max_connections=args.max_connections, idle_timeout=args.idle_timeout or None,
                        max_per_user=args.max_per_user, max_per_address=args.max_per_address,
                        max_startups=args.max_startups, max_startups_per_source=args.max_startups_per_source,
                        login_grace=args.login_grace, session_grace=args.session_grace,
                        authorized_keys=Path(args.authorized_keys) if args.authorized_keys else None,
                        takeover=args.takeover, bot=args.bot, hints=args.hints,
                        ssh=not args.no_ssh, web_port=args.web, web_url=args.web_url))


def _check_serve_web(args) -> None:
    """``--web PORT`` beside the SSH port (or alone, with ``--no-ssh``) and the
    address invitation links point to."""
    if args.web is not None and not 0 <= args.web <= 65535:
        raise CliError("port_range", option="--web", given=args.web)
    if args.no_ssh and args.web is None:
        raise CliError("no_ssh_alone")
    if args.web is not None and not args.no_ssh and args.web == args.port and args.web != 0:
        raise CliError("same_port", port=args.web)
    if args.web_url is not None:
        if args.web is None:
            raise CliError("web_url_alone")
        from urllib.parse import urlsplit

        u = urlsplit(args.web_url)
        if u.scheme not in ("http", "https") or not u.netloc or u.query or u.fragment or "@" in u.netloc:
            raise CliError("web_url_form", url=args.web_url)


def _check_serve_limits(args) -> None:
    """The SSH host's limits (OpenSSH's MaxStartups, PerSourceMaxStartups,
    LoginGraceTime) are counts of at least 1 and times above 0."""
    for name in ("max_per_user", "max_per_address", "max_startups", "max_startups_per_source"):
        if getattr(args, name) < 1:
            raise CliError("at_least_one", option="--" + name.replace("_", "-"))
    for name in ("login_grace", "session_grace"):
        if not (math.isfinite(getattr(args, name)) and getattr(args, name) > 0):
            raise CliError("above_zero", option="--" + name.replace("_", "-"))


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="thorskliff", description=_h("description"),
                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_h("app_help", data=data_folder()))
    ap.add_argument("--version", action="version", version=f"thorskliff {__version__}", help=_h("version"))
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("new", help=_h("cmd_new"))
    p.add_argument("--players", metavar="NAME:HERO,...", help=_h("new_players"))
    p.add_argument("--colours", metavar="C1,C2,...", help=_h("new_colours", colours=", ".join(COLOURS)))
    p.add_argument("--mode", help=_h("new_mode"))
    p.add_argument("--seed", type=int, help=_h("new_seed"))
    p.add_argument("--arrangement", help=_h("new_arrangement"))
    p.add_argument("--first", type=int, metavar="N", help=_h("new_first"))
    p.add_argument("--beaches", metavar="1c3,3c3", help=_h("new_beaches"))
    p.add_argument("-o", "--output", required=True, metavar="RECORD")
    p.add_argument("--force", action="store_true", help=_h("new_force"))
    p.add_argument("--chapter", type=int, metavar="N", help=_h("new_chapter"))
    p.add_argument("--short", action="store_true", help=_h("new_short"))
    p.add_argument("--group", metavar="NAME",
                   help=_h("new_group"))
    p.add_argument("--carried", metavar="SEAT:CARD+CARD,...",
                   help=_h("new_carried"))
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("legal", help=_h("cmd_legal"))
    p.add_argument("record")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("apply", help=_h("cmd_apply"))
    p.add_argument("record")
    p.add_argument("actions", nargs="+", metavar="ACTION", help=_h("apply_actions"))
    p.add_argument("--seat", type=int, metavar="N", help=_h("apply_seat"))
    p.set_defaults(func=cmd_apply)

    p = sub.add_parser("show", help=_h("cmd_show"))
    p.add_argument("record")
    p.add_argument("--seat", type=int, metavar="N", help=_h("show_seat"))
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("log", help=_h("cmd_log"))
    p.add_argument("record")
    p.add_argument("--seat", type=int, metavar="N", help=_h("log_seat"))
    p.add_argument("--json", action="store_true", help=_h("log_json"))
    p.add_argument("--lang", choices=("de", "en"), default="de", help=_h("log_lang"))
    p.set_defaults(func=cmd_log)

    p = sub.add_parser("replay", help=_h("cmd_replay"))
    p.add_argument("record")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("analyse", help=_h("cmd_analyse"))
    p.add_argument("record")
    p.add_argument("--json", action="store_true", help=_h("analyse_json"))
    p.add_argument("--lang", choices=("de", "en"), default="de", help=_h("analyse_lang"))
    p.set_defaults(func=cmd_analyse)

    from .calibration import add_parser as _calibration  # its own module (issue 30)
    _calibration(sub)

    p = sub.add_parser("position", help=_h("cmd_position"))
    p.add_argument("record")
    p.add_argument("-o", "--output", metavar="FILE")
    p.set_defaults(func=cmd_position)

    p = sub.add_parser("bench", help=_h("cmd_bench"))
    p.add_argument("--games", type=int, default=3, metavar="N", help=_h("bench_games"))
    p.add_argument("--seconds", type=float, default=1.0, metavar="S", help=_h("bench_seconds"))
    p.add_argument("--runs", type=int, default=5, help=_h("bench_runs"))
    p.add_argument("--replays", type=int, default=20, help=_h("bench_replays"))
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("simulate", help=_h("cmd_simulate"))
    p.add_argument("--games", type=int, default=20, metavar="N", help=_h("simulate_games"))
    p.add_argument("--seats", metavar="BOT,BOT,...",
                   help=_h("simulate_seats"))
    p.add_argument("--level", metavar="LEVEL,LEVEL,...",
                   help=_h("simulate_level"))
    p.add_argument("--mode", help=_h("simulate_mode"))
    p.add_argument("--seed", type=int, default=1, help=_h("simulate_seed"))
    p.add_argument("--round-cap", type=int, default=60, metavar="R", help=_h("simulate_round_cap"))
    p.add_argument("--jobs", type=int, default=1, metavar="J", help=_h("simulate_jobs"))
    p.add_argument("--json", action="store_true", help=_h("simulate_json"))
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("serve", help=_h("cmd_serve"))
    p.add_argument("--host", default="127.0.0.1",
                   help=_h("serve_host"))
    p.add_argument("--port", type=int, default=2222, help=_h("serve_port"))
    p.add_argument("--data", metavar="DIR", help=_h("serve_data"))
    p.add_argument("--max-connections", type=int, default=32, metavar="N",
                   help=_h("serve_max_connections"))
    p.add_argument("--max-per-user", type=int, default=3, metavar="N",
                   help=_h("serve_max_per_user"))
    p.add_argument("--max-per-address", type=int, default=16, metavar="N",
                   help=_h("serve_max_per_address"))
    p.add_argument("--max-startups", type=int, default=64, metavar="N",
                   help=_h("serve_max_startups"))
    p.add_argument("--max-startups-per-source", type=int, default=8, metavar="N",
                   help=_h("serve_max_startups_per_source"))
    p.add_argument("--login-grace", type=float, default=20, metavar="S",
                   help=_h("serve_login_grace"))
    p.add_argument("--session-grace", type=float, default=30, metavar="S",
                   help=_h("serve_session_grace"))
    p.add_argument("--idle-timeout", type=float, default=3600, metavar="S",
                   help=_h("serve_idle_timeout"))
    p.add_argument("--authorized-keys", metavar="FILE", help=_h("serve_authorized_keys"))
    p.add_argument("--takeover", type=float, default=None, metavar="S",
                   help=_h("serve_takeover"))
    p.add_argument("--bot", default="greedy", metavar="BOT",
                   help=_h("serve_bot"))
    p.add_argument("--lang", choices=("de", "en"), help=_h("serve_lang"))
    p.add_argument("--hints", action="store_true",
                   help=_h("serve_hints"))
    p.add_argument("--web", type=int, default=None, metavar="PORT",
                   help=_h("serve_web"))
    p.add_argument("--no-ssh", action="store_true", help=_h("serve_no_ssh"))
    p.add_argument("--web-url", metavar="URL",
                   help=_h("serve_web_url"))
    p.set_defaults(func=cmd_serve)
    from .ui.i18n import t

    for name in ("new", "legal", "apply", "show", "replay", "position", "bench", "simulate"):
        # the language of its refusals (main reads it: see cli_lang); log, analyse, serve say theirs too
        sub.choices[name].add_argument("--lang", choices=("de", "en"), default="de", help=t("cli_refusal.lang"))
    return ap


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["--help-app"]:
        argv = ["--help"]
        from .ui.app import run

        return run(argv)  # the app's own options; argparse prints them and exits
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        # no subcommand: the terminal UI (its own options, e.g. --lang en)
        from .ui.app import run

        return run(argv)
    try:
        from .ui import i18n

        was = i18n.lang()
        i18n.set_lang(cli_lang(argv))  # the help's language, for its words only: the commands set theirs
        try:
            args = build_parser().parse_args(argv)
        finally:
            i18n.set_lang(was)
        if not args.command:
            print(INTRO.format(version=__version__, data=data_folder()), end="")
            return 0
        try:
            return args.func(args)
        finally:
            i18n.set_lang(was)  # log, analyse and serve set theirs: a caller in this process keeps its own
    except Refusal as exc:
        return _said(exc, argv)
    except UnicodeEncodeError as exc:
        # bytes that are no UTF-8 in a name (a file's name may hold any bytes: they stay as given)
        bad = next((a for a in argv if any("\udc80" <= c <= "\udcff" for c in a)), None)
        if bad is None:
            print(f"thorskliff: {exc}", file=sys.stderr)
        else:
            shown = bad.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            return _said(CliError("not_utf8", text=shown), argv)
        return 2
    except (ActionError, SetupError) as exc:  # the engine's messages, by key
        return _said(exc, argv)
    except LoadError as exc:  # a file's problem: said in the player's language where it is by key
        return _said(exc, argv)
    except (ScenarioError, ValueError) as exc:
        print(f"thorskliff: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"thorskliff: {os_problem(exc, cli_lang(argv))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _said(CliError("interrupted", code=130), argv)
    except Exception as exc:  # a bug: where it happened, unless asked for the whole traceback
        if os.environ.get("THORSKLIFF_DEBUG"):
            raise
        return _said(crash_line(exc), argv)


def _said(refusal: Refusal | ActionError | SetupError | LoadError, argv: list[str]) -> int:
    """The one place a refusal is printed: 'thorskliff: <line>' in the
    language of --lang (German by default); its exit code (2 but for a
    Refusal that says otherwise)."""
    print(f"thorskliff: {refusal.say(cli_lang(argv))}", file=sys.stderr)
    return getattr(refusal, "code", 2)


def crash_line(exc: BaseException) -> Refusal:
    """One line that says what crashed and where (the innermost frame in
    the game's own code), for a bug report; exit code :data:`CRASH`."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "thorskliff" in Path(f.filename).parts] or frames
    msg = str(exc).replace("\n", " ")
    if len(msg) > 200:
        msg = msg[:199] + "…"
    error = f"{type(exc).__name__}: {msg}"
    if not ours:
        return CliError("crash", code=CRASH, error=error)
    f = ours[-1]
    parts = Path(f.filename).parts
    name = "/".join(parts[parts.index("thorskliff"):]) if "thorskliff" in parts else f.filename
    return CliError("crash_at", code=CRASH, at=f"{name}:{f.lineno}", function=f.name, error=error)


if __name__ == "__main__":
    sys.exit(main())
