"""The game commands: ``new``, ``legal``, ``apply``, ``show``, ``log``,
``replay`` and ``position`` — a game lives in its record file (or a
position file) and every command reads it; ``apply`` adds to it."""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path

from .. import record
from ..engine.actions import ActionError
from ..engine.messages import SetupError
from ..game import Game
from ..engine.player import COLOURS
from ..loaderror import LoadError
from ..scenario import ScenarioError, available_modes, load_heroes
from ..ui.helpwords import Refusal, Said

from .render import render

#: a command's refusal (:data:`thorskliff.cli.CliError`)
CliError = Refusal


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
    from ..campaign.chapter import load_chapter

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
        from ..campaign.table import CampaignTable, data_dir

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
        from .. import durable
        from ..position import PositionError, from_position, to_position

        text = to_position(game.state)
        try:  # never a file thorskliff then refuses (#27.12)
            from_position(text, args.record, plays_on=False)
        except PositionError as exc:
            why = exc.said or exc.problem
            raise CliError("position_unreadable", file=args.record, key=exc.key or "-", why=why) from None
        durable.write_text(args.record, text)
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
    from ..engine import events as E

    flat = [e for line in game.told() for e in E.visible(line, seat)]
    start = max((i for i, e in enumerate(flat) if isinstance(e, E.TurnBegan)), default=0)
    return [e.to_json() for e in flat[start:]]


def cmd_log(args) -> int:
    """The game's events in words (or JSON) as one seat could know them."""
    from ..engine import events as E
    from ..ui import eventwords
    from ..ui.i18n import set_lang
    from ..ui.logtext import LogWriter

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
    chapter = getattr(st, "chapter", None)
    if chapter is not None:
        from ..ui.words import option_words

        option_name = lambda cid, oid: option_words(chapter, cid, oid)  # noqa: E731
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


def cmd_position(args) -> int:
    # imported here, not at the command's start (``thorskliff --help`` needs neither)
    from .. import durable
    from ..position import to_position

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
    from ..loaderror import read_text

    try:
        return record.is_position(read_text(path, lambda problem, line=0: LoadError(path, problem)))
    except LoadError:
        return False
