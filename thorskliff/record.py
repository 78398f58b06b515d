"""Game records: a TOML header, the line ``[decisions]``, then one decision
or roll per line (format ``thorskliff-record/1``, see ``docs/records.md``).

:func:`load` replays every line through the engine, so a record that loads is
a legal game; every problem is a :class:`RecordError` naming the file, the
line and what is wrong (``game.tkr:17: seat 2 does not decide now; seat 1
does (R-TURN-5)``).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

import tomli_w

from . import variants
from .engine import dice
from .engine.actions import ActionError
from .game import ChapterSetup, Game, Setup
from .variants import parser_for
from .island import LabelError, island_for
from .loaderror import LoadError, Problem, check_lines, parse_toml, plain_int, read_text
from .engine.player import COLOURS
from .scenario import RIFT_KINDS, ScenarioError, available_modes, load_heroes, load_mode
from .engine.state import CHANCE, GameState, SeatSpec
# position.py (with invariants.py) and durable.py are imported where they are
# needed: reading or writing a plain record needs neither, and every start of
# the game, the benchmarks and the bots imports this module

FORMAT = "thorskliff-record/1"
SEPARATOR = "[decisions]"
HEADER_KEYS = ("format", "flow", "mode", "seed", "arrangement", "first", "rifts", "seats", "meta", "campaign",
               "position")
#: the turn flow a record was played with: 2 (written since the haste phase keeps its
#: secret, R-SECRET-1); a record without the key is flow 1 and replays as it was played
FLOWS = (1, 2)
SEAT_KEYS = ("name", "hero", "colour")
#: optional per-seat keys: ``bot``, the kind of bot that plays the seat (``thorskliff.bots.registry``)
SEAT_EXTRA = ("bot",)
CAMPAIGN_KEYS = ("chapter", "short", "carried")


class RecordError(LoadError):
    """A record that cannot be read or replayed: ``file``, ``line``, ``problem``."""

    def __init__(self, file: str, line: int, problem: Any):
        super().__init__(file, problem, line=line)


# --------------------------------------------------------------------- writing


def dumps(game: Game) -> str:
    """The record of ``game`` as text."""
    s = game.setup
    out = ["# thorskliff game record; check it with: thorskliff replay FILE\n"]
    flow = {"flow": s.flow} if s.flow != 1 else {}  # a flow-1 record is written as it was, without the key
    out.append(tomli_w.dumps({"format": FORMAT, **flow, "mode": s.mode, "seed": s.seed, "arrangement": s.arrangement,
                              "first": s.first + 1}))
    isl = game.state.island
    rifts = {isl.label(h): kind for h, kind in sorted(s.rifts.items())}
    out.append("\n" + (tomli_w.dumps({"rifts": rifts}) if rifts else "rifts = {}\n"))
    bots = seat_bots(game)
    for i, seat in enumerate(s.seats):
        doc = dict(zip(SEAT_KEYS, seat))
        if i in bots:
            doc["bot"] = bots[i]
        out.append("\n[[seats]]\n" + tomli_w.dumps(doc))
    if s.meta:
        out.append("\n" + tomli_w.dumps({"meta": s.meta}))
    if s.chapter is not None:
        out.append("\n" + _dump_chapter(s.chapter))
    if s.position is not None:
        out.append("\n# the game starts from this position (docs/records.md)\n" + tomli_w.dumps({"position": s.position}))
    out.append("\n" + SEPARATOR + "\n")
    out.extend(line + "\n" for line in game.lines)
    result = game.state.outcome()
    if result is not None:
        out.append(f"# {describe_outcome(game)}\n")
    return "".join(out)


def seat_bots(game: Game) -> dict[int, str]:
    """Which seats (0-based) bots play, with their kind: the header's
    ``bot`` keys (``Setup.bots``)."""
    return dict(game.setup.bots)


def _dump_chapter(c: ChapterSetup) -> str:
    """The header's [campaign] table: a shipped chapter by its file name, any
    other chapter file by its absolute path; carried cards by seat from 1."""
    path = Path(c.file)
    shipped = variants.find("chapter").shipped()
    ref = path.name if path.parent.resolve() == shipped.resolve() else str(path.resolve())
    doc: dict[str, Any] = {"chapter": ref, "short": c.short}
    if c.carried:
        doc["carried"] = {str(q + 1): list(cards) for q, cards in sorted(c.carried.items())}
    return tomli_w.dumps({"campaign": doc})


def write(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the record, replacing ``path`` only once the text is complete
    and on disk (:func:`thorskliff.durable.write_text`)."""
    from . import durable

    durable.write_text(path, dumps(game))


def append(game: Game, path: str | os.PathLike[str], added: list[str]) -> None:
    """Write the record at ``path`` (which ``game`` was loaded from) with
    the lines ``added`` after its own text, so that the file's comments and
    layout stay as they were. Falls back to :func:`write` when the file no
    longer reads back as ``game`` (it changed meanwhile)."""
    name = str(path)
    old = read_text(path, lambda problem, line=0: RecordError(name, line, problem))
    text = old if not old or old.endswith("\n") else old + "\n"
    text += "".join(line + "\n" for line in added)
    if game.state.outcome() is not None:
        text += f"# {describe_outcome(game)}\n"
    try:
        same = loads(text, name, game.auto_chance).lines == game.lines
    except RecordError:
        same = False
    from . import durable

    durable.write_text(path, text if same else dumps(game))


def describe_outcome(game: Game) -> str:
    out = game.state.outcome()
    if out is None:
        return "the game goes on"
    if out.winner is None:
        return f"the game ended in a draw ({out.reason})"
    p = game.state.players[out.winner]
    return f"seat {out.winner + 1} ({p.name}, {p.hero}) wins by {out.reason}"


# --------------------------------------------------------------------- reading


def load(path: str | os.PathLike[str], auto_chance: bool = True) -> Game:
    """Read and replay the record at ``path`` (raises RecordError)."""
    name = str(path)
    text = read_text(path, lambda problem, line=0: RecordError(name, line, problem))
    return loads(text, name, auto_chance)


def loads(text: str, source: str = "<record>", auto_chance: bool = True) -> Game:
    """Read and replay a record given as text. With ``auto_chance`` (the
    default) the game rolls its own dice from here on, and a record that
    ends where dice are due counts as truncated."""
    check_lines(text, lambda problem, line=0: RecordError(source, line, problem))
    lines = text.splitlines()
    sep = next((i for i, ln in enumerate(lines) if ln.strip() == SEPARATOR), None)
    header_lines = lines if sep is None else lines[:sep]
    doc = _parse_header("\n".join(header_lines), source)
    if sep is None:
        raise RecordError(source, max(1, len(lines)),
                          Problem("record.no_separator", sep=SEPARATOR))
    game = _setup(doc, header_lines, sep + 1, source)
    flow = doc.get("flow", 1)
    if flow not in FLOWS or isinstance(flow, bool):
        newer = isinstance(flow, int) and flow > max(FLOWS)
        raise _Header(header_lines, sep + 1, source).fail(
            Problem("record.flow_newer" if newer else "record.flow", flows=FLOWS, flow=repr(flow)), "flow")
    if flow != game.setup.flow:
        game.setup.flow = flow
        game.state = game.setup.build()
    game.setup.bots = {i: s["bot"] for i, s in enumerate(doc["seats"]) if "bot" in s}  # checked by _seats
    game.keep_undo = False
    last = sep + 1
    for i in range(sep + 1, len(lines)):
        body = lines[i].split("#", 1)[0].strip()
        if not body:
            continue
        last = i + 1
        try:
            play_line(game, body)
        except ActionError as exc:
            raise RecordError(source, i + 1, exc) from None  # said in the player's language
        except Exception as exc:  # an engine bug must still say where it happened
            raise RecordError(source, i + 1, Problem("record.engine_failed", exc=repr(exc))) \
                from exc
    st = game.state
    if auto_chance and st.current_player() == CHANCE:
        raise RecordError(source, last, Problem("record.dice_due", dice=" ".join(st.chance_request())))
    game.auto_chance = auto_chance
    game.keep_undo = True
    return game


def play_line(game: Game, body: str) -> None:
    """Apply one record line (``<seat> <decision>`` or ``* roll …``)."""
    col, rest = (body.split(None, 1) + [""])[:2]
    st = game.state
    if not rest:
        raise ActionError("rec_line", {"line": body})
    if col == "*":
        action = game.parse(rest)
        if action.verb != "roll":
            raise ActionError("rec_star", {"decision": rest})
        if st.current_player() != CHANCE and not st.is_terminal():
            raise ActionError("rec_no_dice", {"seat": st.current_player() + 1})
        game.submit(action)
        return
    if not plain_int(col, 2) or not 1 <= int(col) <= st.num_players:
        raise ActionError("rec_seat", {"col": col, "seats": st.num_players})
    action = game.parse(rest)
    if action.verb == "roll":
        raise ActionError("rec_roll_seat")
    game.submit(action, int(col) - 1)


def _parse_header(text: str, source: str) -> dict[str, Any]:
    return parse_toml(text, lambda problem, line=0: RecordError(source, line or 1, problem),
                      "header_not_toml")


def _names_key(line: str, key: str) -> bool:
    """``line`` sets ``key`` (``key =``, ``"key" =``) or opens its table
    (``[key]``, ``[[key]]``). Plain string tests, no regex built from the
    key: compiling a pattern from a 100 KB key takes seconds."""
    s = line.strip()
    if s.startswith("["):
        return s.strip("[] \t") == key
    for q in ("", '"', "'"):
        if s.startswith(q + key + q) and s[len(key) + 2 * len(q):].lstrip().startswith("="):
            return True
    return False


class _Header:
    """Finds header keys' lines so that problems name them."""

    def __init__(self, lines: list[str], end: int, source: str):
        self.lines = lines
        self.end = end
        self.source = source

    def line_of(self, key: str, seat: int | None = None, table: str | None = None) -> int:
        start, stop = 0, len(self.lines)
        if seat is not None:
            starts = [i for i, ln in enumerate(self.lines) if ln.strip().replace(" ", "") == "[[seats]]"]
            if seat < len(starts):
                start = starts[seat]
                stop = starts[seat + 1] if seat + 1 < len(starts) else stop
            else:
                # seats written inline: point at the 'seats' key
                return self.line_of("seats")
        if table is not None:
            for i, ln in enumerate(self.lines):
                if ln.strip().replace(" ", "") == f"[{table}]":
                    start = i
                    break
        for i in range(start, stop):
            if _names_key(self.lines[i], key):
                return i + 1
        if table is not None:
            return self.line_of(table)
        return start + 1 if seat is not None else self.end

    def fail(self, problem: Any, key: str, seat: int | None = None, table: str | None = None) -> RecordError:
        return RecordError(self.source, self.line_of(key, seat, table), problem)


def _setup(doc: dict[str, Any], lines: list[str], end: int, source: str) -> Game:
    h = _Header(lines, end, source)
    fmt = doc.get("format")
    if isinstance(fmt, str) and fmt.startswith("thorskliff-record/") and fmt != FORMAT:
        # before the keys: a newer version's record may well have keys this one does not know
        raise h.fail(Problem("record.format_other", fmt=repr(fmt), want=repr(FORMAT)), "format")
    for k in doc:
        if k not in HEADER_KEYS:
            raise h.fail(Problem("record.unknown_key", k=repr(k), keys=", ".join(HEADER_KEYS)), k)
    for k in ("format", "mode", "seed", "seats"):
        if k not in doc:
            raise RecordError(source, end, Problem("record.missing_key", k=repr(k)))
    if doc["format"] != FORMAT:
        raise h.fail(Problem("record.format", want=repr(FORMAT), fmt=repr(doc["format"])), "format")
    if "campaign" in doc:
        return _chapter_setup(doc, h, source)
    mode = doc["mode"]
    modes = available_modes()
    if "position" in doc and isinstance(mode, str) and mode.startswith("campaign"):
        # a game from a chapter's position: the position's [campaign] table names the chapter
        meta = doc.get("meta", {})
        if not isinstance(meta, dict):
            raise h.fail(Problem("record.meta"), "meta")
        return _position_setup(doc["position"], mode, _seats(doc["seats"], h), meta, h, source)
    if not isinstance(mode, str) or mode not in modes:
        raise h.fail(Problem("record.unknown_mode", mode=repr(mode), modes=", ".join(modes)), "mode")
    seed = doc["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise h.fail(Problem("record.seed", seed=repr(seed)), "seed")
    seats = _seats(doc["seats"], h)
    spec = load_mode(mode)
    lo, hi = spec.players
    if not lo <= len(seats) <= hi:
        span = f"{lo}" if lo == hi else f"{lo}–{hi}"
        raise h.fail(Problem("record.players", mode=mode, span=span, n=len(seats)), "mode")
    arrangement = doc.get("arrangement")
    if arrangement is not None:
        if not isinstance(arrangement, str):
            raise h.fail(Problem("record.arrangement", given=repr(arrangement)), "arrangement")
        try:
            island = island_for(arrangement.upper(), spec.layout_for(len(seats)))
        except ValueError as exc:
            raise h.fail(Problem("record.bad_arrangement", why=exc), "arrangement") from None
        arrangement = island.arrangement
    first = doc.get("first")
    if first is not None:
        if not isinstance(first, int) or isinstance(first, bool) or not 1 <= first <= len(seats):
            raise h.fail(Problem("record.first", n=len(seats), first=repr(first)), "first")
        first -= 1
    rifts = None
    if "rifts" in doc:
        rifts = _rifts(doc["rifts"], arrangement, spec.layout_for(len(seats)), h)
    meta = doc.get("meta", {})
    if not isinstance(meta, dict):
        raise h.fail(Problem("record.meta"), "meta")
    if "position" in doc:
        return _position_setup(doc["position"], mode, seats, meta, h, source)
    try:
        return Game.new(mode, seats, seed, arrangement=arrangement, first=first, rifts=rifts, meta=meta,
                        auto_chance=False)
    except (ValueError, ScenarioError) as exc:
        raise RecordError(source, end, Problem("record.no_game", why=exc)) from None


def _position_setup(pos: Any, mode: str, seats: list[SeatSpec], meta: dict[str, Any], h: _Header, source: str) -> Game:
    """A game that starts from the header's ``[position]`` table."""
    from .position import PositionError, from_position

    if not isinstance(pos, dict):
        raise h.fail(Problem("record.position_table"), "position")
    try:
        st = from_position(pos, source)
    except PositionError as exc:
        key = f"position.{exc.key}" if exc.key else "position"
        raise h.fail(Problem("record.position", path=key, why=exc.said or exc.problem), "position") from None
    if st.mode.id != mode:
        raise h.fail(Problem("record.position_mode", theirs=st.mode.id, mode=mode), "mode")
    theirs = [SeatSpec(p.name, p.hero, p.colour) for p in st.players]
    if theirs != list(seats):
        raise h.fail(Problem("record.position_seats"), "seats")
    return from_state(st, pos, meta, auto_chance=False)


def from_state(st: GameState, position: dict[str, Any] | None = None, meta: dict[str, Any] | None = None,
               auto_chance: bool = True) -> Game:
    """A game that starts from the position ``st`` (its record embeds it)."""
    if position is None:
        from .position import to_position

        position = tomllib.loads(to_position(st))
    seats = [SeatSpec(p.name, p.hero, p.colour) for p in st.players]
    setup = Setup(st.mode.id, seats, st.seed, st.island.arrangement, dict(st.rifts), max(0, st.first_chooser),
                  dict(meta or {}), position=position)
    return Game(setup, auto_chance, state=st)


def load_any(path: str | os.PathLike[str], auto_chance: bool = True) -> Game:
    """A record, or a position file as a game that starts there."""
    name = str(path)
    text = read_text(path, lambda problem, line=0: RecordError(name, line, problem))
    if is_position(text):
        from .position import from_position

        return from_state(from_position(text, name), auto_chance=auto_chance)
    return loads(text, name, auto_chance)


def is_position(text: str) -> bool:
    """Whether ``text`` is a position file rather than a record: its
    ``format`` line says so."""
    from .position import FORMAT as POSITION_FORMAT

    for line in text[:4096].splitlines():
        s = line.strip()
        if s.startswith("format") and "=" in s:
            return POSITION_FORMAT in s
    return False


def _chapter_setup(doc: dict[str, Any], h: _Header, source: str) -> Game:
    """A campaign chapter's header: the chapter file, the short variant and
    the carried cards build the game; mode, arrangement and rifts, when
    given, must be what that chapter gives."""
    camp = doc["campaign"]
    if not isinstance(camp, dict):
        raise h.fail(Problem("record.campaign_table"), "campaign")
    for k in camp:
        if k not in CAMPAIGN_KEYS:
            raise h.fail(Problem("record.campaign_key", k=repr(k), keys=", ".join(CAMPAIGN_KEYS)), k, table="campaign")
    ref = camp.get("chapter")
    if not isinstance(ref, str) or not ref.strip():
        raise h.fail(Problem("record.campaign_chapter"), "chapter",
                     table="campaign")
    file = _chapter_file(ref, source)
    try:
        ch = variants.find("chapter").load(file)
    except (ScenarioError, OSError) as exc:
        raise h.fail(Problem("record.chapter_load", why=exc), "chapter", table="campaign") from None
    short = camp.get("short", False)
    if not isinstance(short, bool):
        raise h.fail(Problem("record.short", short=repr(short)), "short", table="campaign")
    if short and not ch.short_ambers:
        raise h.fail(Problem("record.no_short", chapter=ch.number), "short", table="campaign")
    seed = doc["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise h.fail(Problem("record.seed", seed=repr(seed)), "seed")
    seats = _seats(doc["seats"], h)
    n = len(seats)
    lo, hi = ch.players
    if not lo <= n <= hi:
        raise h.fail(Problem("record.chapter_players", chapter=ch.number, lo=lo, hi=hi, n=n), "seats")
    if doc["mode"] != f"campaign{ch.number}":
        raise h.fail(Problem("record.chapter_mode", chapter=ch.number, mode=repr(doc["mode"])), "mode")
    first = doc.get("first", 1)
    if not isinstance(first, int) or isinstance(first, bool) or not 1 <= first <= n:
        raise h.fail(Problem("record.first", n=n, first=repr(first)), "first")
    carried = _carried(camp.get("carried", {}), n, h)
    meta = doc.get("meta", {})
    if not isinstance(meta, dict):
        raise h.fail(Problem("record.meta"), "meta")
    setup = Setup(doc["mode"], seats, seed, "", {}, first - 1, meta, ChapterSetup(str(file), short, carried))
    opening: list[Any] = []
    try:
        st = setup.build(sink=opening)
    except (ValueError, ScenarioError) as exc:
        raise RecordError(source, h.end, Problem("record.no_chapter", why=exc)) from None
    setup.arrangement, setup.rifts = st.island.arrangement, dict(st.rifts)
    arrangement = doc.get("arrangement")
    if arrangement is not None and arrangement != st.island.arrangement:
        raise h.fail(Problem("record.chapter_arrangement", chapter=ch.number, theirs=st.island.arrangement,
                                     given=repr(arrangement)),
                     "arrangement")
    if "rifts" in doc:
        want = {st.island.label(k): v for k, v in sorted(st.rifts.items())}
        if doc["rifts"] != want:
            raise h.fail(Problem("record.chapter_rifts" if want else "record.chapter_no_rifts", chapter=ch.number,
                                 seed=seed, want=want, given=doc["rifts"]), "rifts")
    return Game(setup, auto_chance=False, state=st, opening=opening)


def _chapter_file(ref: str, source: str) -> Path:
    """A chapter named in a header: a shipped chapter's file name, else a
    path as given or beside the record."""
    shipped = variants.find("chapter").shipped() / ref
    if Path(ref).name == ref and shipped.is_file():
        return shipped
    path = Path(ref)
    if not path.is_absolute() and not path.exists():
        beside = Path(source).parent / ref
        if beside.exists():
            return beside
    return path


def _carried(val: Any, n: int, h: _Header) -> dict[int, tuple[str, ...]]:
    if not isinstance(val, dict):
        raise h.fail(Problem("record.carried_table"), "carried", table="campaign")
    out = {}
    for seat, cards in val.items():
        if not plain_int(seat, 2) or not 1 <= int(seat) <= n:
            raise h.fail(Problem("record.carried_seat", seat=repr(seat), n=n), "carried", table="campaign")
        if not isinstance(cards, list) or not all(isinstance(c, str) and c for c in cards):
            raise h.fail(Problem("record.carried_cards", seat=seat), "carried",
                         table="campaign")
        if cards:
            out[int(seat) - 1] = tuple(cards)
    return out


def _seats(val: Any, h: _Header) -> list[SeatSpec]:
    if not isinstance(val, list) or not val or not all(isinstance(s, dict) for s in val):
        raise h.fail(Problem("record.seats"), "seats")
    heroes = load_heroes()
    out = []
    for i, s in enumerate(val):
        for k in s:
            if k not in SEAT_KEYS + SEAT_EXTRA:
                raise h.fail(Problem("record.seat_key", seat=i + 1, k=repr(k), keys=", ".join(SEAT_KEYS + SEAT_EXTRA)), k,
                             seat=i)
        for k in SEAT_KEYS:
            if k not in s:
                raise h.fail(Problem("record.seat_lacks", seat=i + 1, k=k), "seats", seat=i)
            if not isinstance(s[k], str) or not s[k].strip():
                raise h.fail(Problem("record.seat_empty", seat=i + 1, k=k), k, seat=i)
        if s["hero"] not in heroes:
            raise h.fail(Problem("record.seat_hero", seat=i + 1, hero=repr(s["hero"]), heroes=", ".join(heroes)), "hero", seat=i)
        if s["colour"] not in COLOURS:
            raise h.fail(Problem("record.seat_colour", seat=i + 1, colour=repr(s["colour"]), colours=", ".join(COLOURS)),
                         "colour", seat=i)
        if "bot" in s:
            _check_bot(s["bot"], i, h)
        out.append(SeatSpec(s["name"], s["hero"], s["colour"]))
    return out


def _check_bot(kind: Any, i: int, h: _Header) -> None:
    """A seat's ``bot`` names a kind of bot; which kinds exist is the front
    end's to check when it starts the bot (records import no bots)."""
    if not isinstance(kind, str) or not kind.strip():
        raise h.fail(Problem("record.seat_bot", seat=i + 1, kind=repr(kind)), "bot", seat=i)


def header_error(text: str, source: str, problem: Any, key: str, seat: int | None = None) -> RecordError:
    """A problem a front end finds in a record's header (an unknown bot),
    named at the line of ``key`` (in ``seat``'s table, 0-based)."""
    lines = text.splitlines()
    end = next((i for i, ln in enumerate(lines) if ln.strip() == SEPARATOR), len(lines))
    return _Header(lines, end + 1, source).fail(problem, key, seat)


def _rifts(val: Any, arrangement: str | None, layout: str, h: _Header) -> dict[int, str]:
    if not isinstance(val, dict):
        raise h.fail(Problem("record.rifts_table"), "rifts")
    if val and arrangement is None:
        raise h.fail(Problem("record.rifts_arrangement"), "rifts")
    out = {}
    for lab, kind in val.items():
        island = island_for(arrangement, layout)
        try:
            idx = island.index(lab)
        except LabelError as exc:
            raise h.fail(Problem("record.rifts_label", why=exc), lab, table="rifts") from None
        if idx not in island.well_farms:
            raise h.fail(Problem("record.rifts_slot", label=lab), lab, table="rifts")
        if kind not in RIFT_KINDS:
            raise h.fail(Problem("record.rifts_kind", kind=repr(kind), kinds=", ".join(RIFT_KINDS)), lab, table="rifts")
        out[idx] = kind
    return out


# --------------------------------------------------------------------- verification


class Summary(NamedTuple):
    """What :func:`verify` found: counts and the result."""

    game: Game
    decisions: int  # seat lines
    rolls: int  # chance lines
    forced: int  # rolls that differ from what the seed gives
    result: str


def verify(path: str | os.PathLike[str]) -> Summary:
    """Replay the record end to end and check that writing it again gives
    the same lines (raises RecordError)."""
    game = load(path, auto_chance=False)
    again = loads(dumps(game), str(path), auto_chance=False)
    if again.lines != game.lines:
        raise RecordError(str(path), 0, "the record does not replay to itself")  # pragma: no cover
    decisions = sum(1 for ln in game.lines if not ln.startswith("*"))
    forced = _forced_rolls(game)
    return Summary(game, decisions, len(game.lines) - decisions, forced, describe_outcome(game))


def _forced_rolls(game: Game) -> int:
    """Count rolls written with other values than the seed's dice."""
    st = game.setup.build()
    read = parser_for(st)
    forced = 0
    for ln in game.lines:
        col, _, rest = ln.partition(" ")
        action = read(rest)
        if col == "*":
            want = dice.roll(st.chance_request(), st.seed, st.chance_count)
            forced += want != action.vals
            st.apply_action(action)
        else:
            st.apply_action(action, int(col) - 1)
    return forced


__all__ = ["FORMAT", "RecordError", "Summary", "describe_outcome", "dumps", "load", "loads", "play_line", "seat_bots",
           "verify", "write"]
