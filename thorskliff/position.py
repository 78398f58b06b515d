"""Positions: the whole game state at any moment as readable TOML
(format ``thorskliff-position/1``, documented key by key in
``docs/records.md``).

A position holds what a record cannot: a moment inside a combat, at a chance
step or in the middle of a move, with every piece of turn bookkeeping. Hexes
are written as labels, seats from 1. :func:`from_position` checks every key
and raises :class:`PositionError` naming the source and the key path.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import fields
from pathlib import Path
from collections.abc import Callable
from typing import Any

import tomli_w

from . import variants
from .engine.actions import EPIC_CARDS, GODE_ABILITIES, POTIONS
from .engine.combat import Combat
from .engine.dice import FACES
from .invariants import problem_of
from .island import Island, LabelError, island_for
from .loaderror import LoadError, Problem, kind_said, parse_toml, plain_int, read_text
from .engine.player import COLOURS, FAINTS, MARKERS, POSITION as PLAYER_FIELDS, Player
from .scenario import RIFT_KINDS, RULE_FLAGS, ScenarioError, arrangement_problem, available_modes, load_heroes, \
    load_mode
from .engine.fields import NAMES, POSITION, Pos
from .engine.steps import CAMPAIGN_STEPS, Step
from .engine.turn_verbs import WINDOWS
from .engine.fields import AMBERS, POTION_SUPPLY
from .engine.state import CHANCE, TERMINAL, TROLL, GameState, Outcome

FORMAT = "thorskliff-position/1"
#: every step of a base game (a chapter's position is its replay, :func:`_campaign_position`)
STEPS = tuple(s.value for s in Step if s not in CAMPAIGN_STEPS)
PURPOSES = ("", "attack", "counter", "kraft_att", "kraft_def", "gamble")
REASONS = ("ambers", "crystals", "runestone", "last-standing", "draw")
UNITS = ("H", "G", "W", "T", "R")
#: the potions a combat's windows take (R-POT-4..6), which a combat's ``drunk`` lists hold
WINDOW_POTIONS = tuple(k for k in POTIONS if any(k in w for w in WINDOWS.values()))
BIG = 999  # Taler and other open-ended counts
#: (name, how a position writes it) of a combat's declared fields, in the [combat] table's order
COMBAT_POSITION: tuple[tuple[str, Pos], ...] = tuple((f.name, f.metadata["pos"]) for f in fields(Combat))
#: (attribute, how a position writes it) of a player's declared fields, in a [[players]] table's order
PLAYER_POSITION = PLAYER_FIELDS
#: the words a player's ``choice`` and ``held`` fields take, by key
PLAYER_WORDS: dict[str, tuple[str, ...]] = {pos.key or name: pos.words for name, pos in PLAYER_FIELDS if pos.words}
#: the vocabularies of ``vocab`` fields: the words, how they are written, and the value read
VOCABS: dict[str, tuple[tuple[str, ...], Any, Any]] = {
    "rules": (tuple(RULE_FLAGS), sorted, set),
    "epic": (EPIC_CARDS, lambda v: sorted(v, key=EPIC_CARDS.index), set),
    "dice": (tuple(FACES), list, tuple),
}


class PositionError(LoadError):
    """A position that cannot be read: ``source`` (= ``file``), ``key``
    (dotted path), ``problem``."""

    def __init__(self, source: str, key: str, problem: Any, line: int = 0):
        self.source = source
        super().__init__(source, problem, key=key, line=line)


def load_position(path: str | os.PathLike[str]) -> GameState:
    """Read the position file at ``path`` (raises PositionError)."""
    name = str(path)
    return from_position(read_text(path, lambda problem, line=0: PositionError(name, "", problem, line)), name)


# --------------------------------------------------------------------- writing


def to_position(st: GameState) -> str:
    """The position of ``st`` as TOML text: every field the state declares
    a place in a position for (engine/fields.py), in the declared order."""
    lab = st.island.label
    doc: dict[str, Any] = {"format": FORMAT}
    for name, pos in POSITION:
        t = doc if not pos.table else doc.setdefault(pos.table, {})
        _write(t, pos.key or name, pos, getattr(st, name), lab, st)
    text = "# thorskliff position; keys are explained in docs/records.md\n" + _compact(tomli_w.dumps(doc))
    if getattr(st, "chapter", None) is not None:
        text += "\n" + tomli_w.dumps({"campaign": _campaign_out(st)})
    return text


def _campaign_out(st: Any) -> dict[str, Any]:
    """A chapter's [campaign] table: its file, the short variant, the cards
    carried in and every decision and roll so far, from which the chapter's
    own state (decks, cards held, the time track) is rebuilt on reading."""
    ch = st.chapter
    path = Path(ch.file)
    shipped = variants.find("chapter").shipped()
    out: dict[str, Any] = {"chapter": path.name if path.parent.resolve() == shipped.resolve() else str(path.resolve()),
                           "short": st.short}
    carried: dict[str, list[str]] = {}
    for cid, seat, _, how in st.card_log:
        if how == "setup" and seat is not None and cid not in ch.setup_cards.get(st.players[seat].hero, ()):
            carried.setdefault(str(seat + 1), []).append(cid)
    if carried:
        out["carried"] = dict(sorted(carried.items()))
    if st.old_haste:
        out["old_haste"] = True
    out["history"] = list(st.history)
    return out


# a multi-line array whose items are plain values: strings, numbers, booleans
# (TOML strings hold no raw newline, so each item is one line)
_ARRAY = re.compile(r"= \[\n((?: {4}[^\s\[{][^\n]*,\n)+)\]$", re.M)


def _compact(text: str) -> str:
    """One line for arrays of plain values (tomli_w writes one item per line)."""
    def one_line(m: re.Match[str]) -> str:
        items = [ln.strip()[:-1] for ln in m.group(1).splitlines()]
        return "= [" + ", ".join(items) + "]"

    return _ARRAY.sub(one_line, text)


def _decider_out(d: int) -> int | str:
    if d == CHANCE:
        return "chance"
    if d == TERMINAL:
        return "over"
    return d + 1


def _write(doc: dict[str, Any], key: str, pos: Pos, v: Any, lab: Callable[[int], str], st: GameState) -> None:
    """One declared field, as its ``Pos`` says (a hex -1 and a set None are left out)."""
    kind = pos.kind
    if kind in ("int", "bool", "any_int"):
        doc[key] = v
    elif kind == "int_opt":
        if v >= 0:
            doc[key] = v
    elif kind == "hex":
        if v >= 0:
            doc[key] = lab(v)
    elif kind == "hexes":
        doc[key] = [lab(h) for h in sorted(v)]
    elif kind == "hex_counts":
        doc[key] = {lab(h): n for h, n in sorted(v.items())}
    elif kind == "seat":
        doc[key] = v + 1
    elif kind == "seat_opt":
        if v >= 0:
            doc[key] = v + 1
    elif kind in ("seats", "seat_order"):
        doc[key] = [q + 1 for q in v]
    elif kind == "moved":
        doc[key] = [_moved_out(m, lab) for m in v]
    elif kind == "words":
        if v is not None:
            doc[key] = sorted(v)
    elif kind == "vocab":
        doc[key] = VOCABS[pos.vocab][1](v)
    elif kind in _WRITE:
        got = _WRITE[kind](v, lab, st)
        if got is not None:
            doc[key] = got
    else:
        raise ValueError(f"no position kind {kind!r} ({key})")


def _result_out(v: Outcome | None, lab: Callable[[int], str], st: GameState) -> dict[str, Any] | None:
    if v is None:
        return None
    res: dict[str, Any] = {"reason": v.reason}
    if v.winner is not None:
        res["winner"] = v.winner + 1
    return res


def _rune_out(v: list[int] | None, lab: Callable[[int], str], st: GameState) -> dict[str, Any] | None:
    return {"seat": v[0] + 1, "hex": lab(v[1]), "counter": v[2]} if v else None


#: the game's own shapes (``Pos.kind``): how each is written (None: left out)
_WRITE: dict[str, Any] = {
    "mode": lambda v, lab, st: v.id,
    "arrangement": lambda v, lab, st: v.arrangement,
    "step": lambda v, lab, st: v,
    "decider": lambda v, lab, st: _decider_out(v),
    "pending": lambda v, lab, st: [{"step": s, "decider": _decider_out(d)} for s, d in v],
    "result": _result_out,
    "rifts": lambda v, lab, st: {lab(h): k for h, k in sorted(v.items())},
    "purpose": lambda v, lab, st: v,
    "potion_supply": lambda v, lab, st: dict(v),
    "trolls": lambda v, lab, st: [lab(h) for h in range(st.island.size) if v[h]],
    "rune": _rune_out,
    "combat": lambda v, lab, st: _combat_out(v, lab, st) if v is not None else None,
    "hex_req": lambda v, lab, st: lab(v),
    "defender": lambda v, lab, st: "troll" if v == TROLL else v + 1,
    "side": lambda v, lab, st: "attacker" if v == "att" else "defender",
    "roll": lambda v, lab, st: [f"{k}{x}" for k, x in v],
    "ints": lambda v, lab, st: list(v),
    "units": lambda v, lab, st: _units_out(v, lab),
    "drunk": lambda v, lab, st: list(v) or None,
    "str": lambda v, lab, st: v,
    "hero": lambda v, lab, st: v,
    "choice": lambda v, lab, st: v,
    "choice_opt": lambda v, lab, st: v or None,
    "potions": lambda v, lab, st: [{"kind": k, "uses": u} for k, u in v],
    "ints_opt": lambda v, lab, st: list(v),
    "held": lambda v, lab, st: list(v),
    "faint": lambda v, lab, st: FAINTS[v],
    "warriors": lambda v, lab, st: {lab(h): n for h, n in enumerate(v) if n},
    "players": lambda v, lab, st: [_player_out(st, p, lab) for p in v],
}


def _moved_out(m: list[int], lab: Callable[[int], str]) -> dict[str, Any]:
    out: dict[str, Any] = {"at": lab(m[0])}
    if m[1] >= 0:
        out["from"] = lab(m[1])
    out["steps"] = m[2]
    return out


def _units_out(units: list[list[Any]], lab: Callable[[int], str]) -> list[dict[str, Any]]:
    out = []
    for u in units:
        d: dict[str, Any] = {"unit": u[0]}
        if u[1] >= 0:
            d["retreat"] = lab(u[1])
        d["defeated"] = len(u) > 2
        out.append(d)
    return out


def _combat_out(c: Combat, lab: Callable[[int], str], st: GameState) -> dict[str, Any]:
    """The [combat] table: every declared field of a Combat (engine/combat.py)."""
    out: dict[str, Any] = {}
    for name, pos in COMBAT_POSITION:
        _write(out, pos.key or name, pos, getattr(c, name), lab, st)
    return out


def _player_out(st: GameState, p: Player, lab: Callable[[int], str]) -> dict[str, Any]:
    """A [[players]] table: every declared field of a player (engine/player.py)."""
    d: dict[str, Any] = {}
    for name, pos in PLAYER_POSITION:
        _write(d, pos.key or name, pos, st.wc[p.seat] if name == "warriors" else getattr(p, name), lab, st)
    return d


# --------------------------------------------------------------------- reading

def _layout() -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """A position's top-level keys and each table's keys, in order, from the declared fields."""
    top: list[str] = ["format"]
    tables: dict[str, list[str]] = {}
    for name, pos in POSITION:
        key = pos.key or name
        if not pos.table:
            top.append(key)
        elif pos.table not in tables:
            top.append(pos.table)
            tables[pos.table] = [key]
        else:
            tables[pos.table].append(key)
    return tuple(top), {t: tuple(keys) for t, keys in tables.items()}


TOP_KEYS, TABLE_KEYS = _layout()


class _Reader:
    """Typed access to a parsed document; every problem names its key path."""

    #: the island, once the arrangement is read (every hex read after it)
    island: Island

    def __init__(self, source: str):
        self.source = source
        self.n = 0
        self.player: Player | None = None  # the player being read (its hero bounds its potions)

    def fail(self, key: str, problem: Any) -> PositionError:
        return PositionError(self.source, key, problem)

    def only(self, doc: dict[str, Any], path: str, allowed: tuple[str, ...]) -> None:
        for k in doc:
            if k not in allowed:
                raise self.fail(_join(path, k), Problem("value.unknown_key", allowed=", ".join(allowed)))

    def get(self, doc: dict[str, Any], key: str, path: str, kind: type, default: Any = ...) -> Any:
        full = _join(path, key)
        if key not in doc:
            if default is ...:
                raise self.fail(full, Problem("value.missing_key"))
            return default
        val = doc[key]
        if bool not in (kind if isinstance(kind, tuple) else (kind,)) and isinstance(val, bool):
            raise self.fail(full, Problem("value.boolean", kind=kind_said(kind)))
        if not isinstance(val, kind):
            raise self.fail(full, Problem("position.type", kind=kind_said(kind), type=type(val).__name__,
                                          val=repr(val)))
        return val

    def table(self, doc: dict[str, Any], key: str, path: str, allowed: tuple[str, ...], default: Any = ...) -> dict[str, Any]:
        val: dict[str, Any] = self.get(doc, key, path, dict, default)
        if isinstance(val, dict):
            self.only(val, _join(path, key), allowed)
        return val

    def int_in(self, doc: dict[str, Any], key: str, path: str, lo: int, hi: int, default: Any = ...) -> int:
        if key not in doc and default is not ...:
            given: int = default
            return given
        val: int = self.get(doc, key, path, int)
        if not lo <= val <= hi:
            raise self.fail(_join(path, key), Problem("value.between", lo=lo, hi=hi, val=val))
        return val

    def check_int(self, val: Any, full: str, lo: int, hi: int) -> int:
        if isinstance(val, bool) or not isinstance(val, int):
            raise self.fail(full, Problem("position.integer", val=repr(val)))
        if not lo <= val <= hi:
            raise self.fail(full, Problem("value.between", lo=lo, hi=hi, val=val))
        return val

    def choice(self, doc: dict[str, Any], key: str, path: str, choices: tuple[str, ...], default: Any = ...) -> str:
        if key not in doc and default is not ...:
            given: str = default
            return given
        val: str = self.get(doc, key, path, str)
        if val not in choices:
            raise self.fail(_join(path, key), Problem("position.choice", val=repr(val),
                                                      choices=", ".join(map(repr, choices))))
        return val

    def hex_label(self, val: Any, full: str) -> int:
        if not isinstance(val, str):
            raise self.fail(full, Problem("position.hex_label", val=repr(val)))
        try:
            return self.island.index(val)
        except LabelError as exc:
            raise self.fail(full, exc) from None

    def hex(self, doc: dict[str, Any], key: str, path: str, optional: bool = True) -> int:
        if key not in doc:
            if optional:
                return -1
            raise self.fail(_join(path, key), Problem("value.missing_key"))
        return self.hex_label(doc[key], _join(path, key))

    def hex_list(self, doc: dict[str, Any], key: str, path: str) -> list[int]:
        full = _join(path, key)
        vals = self.get(doc, key, path, list, [])
        return [self.hex_label(v, f"{full}[{i}]") for i, v in enumerate(vals)]

    def hex_counts(self, doc: dict[str, Any], key: str, path: str, lo: int, hi: int) -> dict[int, int]:
        full = _join(path, key)
        vals = self.get(doc, key, path, dict, {})
        out = {}
        for k, v in vals.items():
            h = self.hex_label(k, _join(full, k))
            out[h] = self.check_int(v, _join(full, k), lo, hi)
        return dict(sorted(out.items()))

    def seat(self, val: Any, full: str) -> int:
        return self.check_int(val, full, 1, self.n) - 1

    def decider(self, val: Any, full: str) -> int:
        if val == "chance":
            return CHANCE
        if val == "over":
            return TERMINAL
        if isinstance(val, str):
            raise self.fail(full, Problem("position.decider", n=self.n, val=repr(val)))
        return self.seat(val, full)

    def words(self, doc: dict[str, Any], key: str, path: str, choices: tuple[str, ...], default: Any = ...) -> list[str]:
        full = _join(path, key)
        vals = self.get(doc, key, path, list, default)
        for i, v in enumerate(vals):
            if v not in choices:
                raise self.fail(f"{full}[{i}]", Problem("position.choice", val=repr(v),
                                                        choices=", ".join(map(repr, choices))))
        return list(vals)

    def ints(self, doc: dict[str, Any], key: str, path: str, lo: int, hi: int, default: Any = ...) -> list[int]:
        full = _join(path, key)
        vals = self.get(doc, key, path, list, default)
        return [self.check_int(v, f"{full}[{i}]", lo, hi) for i, v in enumerate(vals)]


#: keys of a record's header that no position has (a record's [decisions] too)
RECORD_KEYS = ("seats", "first", "flow", "meta")
_RECORD_LINE = re.compile(r"^\[decisions\][ \t]*$", re.M)


def _line_of(text: str, key: str) -> int:
    """The line (from 1) of the first top-level ``key = …`` in ``text`` (0: none)."""
    for i, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s.startswith("["):
            return 0
        if s.startswith(key) and s[len(key):].lstrip().startswith("="):
            return i
    return 0


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def from_position(text: str | dict[str, Any], source: str = "<position>", *, plays_on: bool = True,
                  proven: bool = False) -> GameState:
    """Read a position, as text or as its parsed TOML (raises PositionError).
    With ``plays_on`` (the default) it is also played on a step: every listed
    decision (or the roll due) must apply and leave a state that keeps the
    invariants, where a seat or the dice decide, and that a position holds
    (each is written and read back). A ``proven`` position, one shipped with
    the package (a lesson's, a puzzle's) that the suite reads the whole way,
    is played on a step without the writing back, which was most of the
    time of opening the Lehrgang or the puzzles."""
    fmt_line = _line_of(text, "format") if isinstance(text, str) and _RECORD_LINE.search(text) else 0
    if fmt_line and isinstance(text, str) and FORMAT in text.splitlines()[fmt_line - 1]:
        # a record whose format line names a position: its decisions are no TOML, said at that line
        raise PositionError(source, "format", Problem("position.a_record_named", fmt=repr(FORMAT), keys="[decisions]",
                                                      want="'thorskliff-record/1'"),
                            fmt_line)
    doc = text if isinstance(text, dict) else parse_toml(text, lambda problem, line=0: PositionError(source, "", problem, line))
    r = _Reader(source)
    fmt_ = r.get(doc, "format", "", str)
    if fmt_.startswith("thorskliff-record/"):  # before its keys, which a position does not know
        raise r.fail("format", Problem("position.a_record", fmt=repr(fmt_)))
    record_keys = [k for k in RECORD_KEYS if k in doc] + ["[decisions]"] * isinstance(doc.get("decisions"), dict)
    if fmt_ == FORMAT and record_keys:
        # a record whose format line was changed: said at that line, not as its first unknown key
        line = 0 if isinstance(text, dict) else _line_of(text, "format")
        raise PositionError(source, "format", Problem("position.a_record_named", fmt=repr(fmt_),
                                                      keys=", ".join(record_keys),
                                                      want="'thorskliff-record/1'"), line)
    if fmt_ == FORMAT and "campaign" in doc:
        return _campaign_position(doc, source, r)
    r.only(doc, "", TOP_KEYS)
    if fmt_ != FORMAT:
        raise r.fail("format", Problem("position.format", want=repr(FORMAT), fmt=repr(fmt_)))
    modes = available_modes()
    mode_id = r.choice(doc, "mode", "", tuple(modes))
    try:
        mode = load_mode(mode_id)
    except ScenarioError as exc:
        raise r.fail("mode", exc) from None
    players_doc = r.get(doc, "players", "", list)
    n = len(players_doc)
    if not mode.players[0] <= n <= mode.players[1] or not all(isinstance(p, dict) for p in players_doc):
        raise r.fail("players", Problem("position.players", mode=mode_id, lo=mode.players[0], hi=mode.players[1], n=n))
    r.n = n
    arrangement = r.get(doc, "arrangement", "", str)
    layout = mode.layout_for(n)
    problem = arrangement_problem(arrangement, 4 if layout == "crescent" else 6)
    if problem:
        raise r.fail("arrangement", problem)
    island = island_for(arrangement, layout)
    r.island = island

    st = GameState.__new__(GameState)
    st.mode = mode
    st.island = island
    tables = {t: r.table(doc, t, "", keys) for t, keys in TABLE_KEYS.items()}
    for name, pos in POSITION:  # every declared field (engine/fields.py), in the position's order
        if name in ("mode", "island"):
            continue  # read first: the island and the number of seats say what the rest may be
        t = tables[pos.table] if pos.table else doc
        setattr(st, name, _read(r, t, pos.key or name, pos.table, pos, st))
    # what one key cannot say alone
    if sorted(st.choosing) != list(range(n)):
        raise r.fail("choosing", Problem("position.choosing", n=n))
    if (st.decider == CHANCE) != bool(st.chance_kinds):
        raise r.fail("chance.kinds", Problem("position.chance"))
    if st.round >= 1 and st.result is None and not 0 <= st.seat < n:
        # whose turn it is: without it a fight or a roll has no attacker (written back as seat 0)
        raise r.fail("turn", Problem("value.missing_key"))
    if st.round >= 1 and st.result is None and st.players[st.seat].out:
        raise r.fail("turn", Problem("position.turn_out", seat=st.seat + 1))
    st._legal = None
    st._own = None
    unread = sorted(NAMES - st.__dict__.keys())
    assert not unread, f"from_position sets every declared field of the state; not: {unread}"
    try:
        st.legal_actions()
    except Exception as exc:  # an inconsistent hand-made position: say so instead of failing later
        raise PositionError(source, "", Problem("position.no_decisions", exc=repr(exc))) \
            from None
    if not plays_on:
        return st
    # the invariants of thorskliff.invariants, here and one decision on: a position that loads
    # plays on, not refused a step later (a fight with nobody to roll for, a seat's warriors
    # below 0 in the file written after it); what a decision leads to is written and read back
    why = problem_of(st, None if proven else lambda c: from_position(to_position(c), source, plays_on=False))
    if why:
        raise PositionError(source, "", Problem("position.inconsistent", why=why))
    return st


CAMPAIGN_KEYS = ("chapter", "short", "carried", "old_haste", "history")


def _campaign_position(doc: dict[str, Any], source: str, r: _Reader) -> GameState:
    """A campaign chapter's position: the chapter set up from its [campaign]
    table, the seats, seed and start tile, and its history replayed; the
    rest of the file must be what that gives (a chapter's decks and cards
    are not written out, so a position of one is its replay)."""
    r.only(doc, "", (*TOP_KEYS, "campaign"))
    camp = r.table(doc, "campaign", "", CAMPAIGN_KEYS)
    variant = variants.find("chapter")
    ref = r.get(camp, "chapter", "campaign", str)
    file = variant.shipped() / ref
    if Path(ref).name != ref or not file.is_file():
        file = Path(ref) if Path(ref).is_absolute() or Path(ref).exists() else Path(source).parent / ref
    try:
        ch = variant.load(file)
    except (ScenarioError, OSError) as exc:
        raise r.fail("campaign.chapter", Problem("record.chapter_load", why=exc)) from None
    players = r.get(doc, "players", "", list)
    n = len(players)
    if not ch.players[0] <= n <= ch.players[1] or not all(isinstance(p, dict) for p in players):
        raise r.fail("players", Problem("position.players", mode=f"campaign{ch.number}", lo=ch.players[0],
                                        hi=ch.players[1], n=n))
    r.n = n
    heroes = load_heroes()
    seats = [(r.get(p, "name", f"players[{i}]", str), r.choice(p, "hero", f"players[{i}]", tuple(heroes)),
              r.choice(p, "colour", f"players[{i}]", COLOURS)) for i, p in enumerate(players)]
    carried = {}
    for seat, cards in r.get(camp, "carried", "campaign", dict, {}).items():
        full = f"campaign.carried.{seat}"
        if not plain_int(seat, 2) or not 1 <= int(seat) <= n:
            raise r.fail(full, Problem("position.decider", n=n, val=repr(seat)))
        carried[int(seat) - 1] = r.words(camp["carried"], seat, "campaign.carried", ch.carry)
    history = r.get(camp, "history", "campaign", list)
    try:
        st = variant.build(seats, str(file), r.get(doc, "seed", "", int), r.get(camp, "short", "campaign", bool, False),
                           r.int_in(doc, "start_seat", "", 1, n) - 1, carried)
    except ValueError as exc:
        raise r.fail("campaign", Problem("record.no_chapter", why=exc)) from None
    st.old_haste = r.get(camp, "old_haste", "campaign", bool, False)
    for i, line in enumerate(history):
        try:
            if not isinstance(line, str):
                raise ValueError(repr(line))
            st.apply_action(line)
        except ValueError as exc:
            raise r.fail(f"campaign.history[{i}]", Problem("position.history", line=repr(line)[:60], why=exc)) \
                from None
    want = tomllib.loads(to_position(st))
    differs = _difference(want, doc, "")
    if differs:
        key, theirs, given = differs
        raise r.fail(key, Problem("position.campaign_differs", want=theirs, val=given))
    return st


def _difference(want: Any, given: Any, path: str) -> tuple[str, str, str] | None:
    """The first key path where ``given`` is not ``want``, with both said (None: alike)."""
    if isinstance(want, dict) and isinstance(given, dict):
        for k in [*want, *(k for k in given if k not in want)]:
            if k not in given or k not in want:
                return _join(path, k), repr(want.get(k, "—"))[:60], repr(given.get(k, "—"))[:60]
            found = _difference(want[k], given[k], _join(path, k))
            if found:
                return found
        return None
    if isinstance(want, list) and isinstance(given, list) and len(want) == len(given) \
            and all(isinstance(x, dict) for x in want):
        for i, (a, b) in enumerate(zip(want, given)):
            found = _difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    if want != given or type(want) is not type(given):
        return path, repr(want)[:60], repr(given)[:60]
    return None


def _read(r: _Reader, t: dict[str, Any], key: str, path: str, pos: Pos, st: GameState) -> Any:
    """One declared field from table ``t`` (at ``path``), as its ``Pos`` says."""
    kind = pos.kind
    if kind == "int":
        return r.int_in(t, key, path, pos.lo, pos.hi)
    if kind == "int_opt":
        return r.int_in(t, key, path, pos.lo, pos.hi, -1)
    if kind == "any_int":
        return r.get(t, key, path, int)
    if kind == "bool":
        return r.get(t, key, path, bool)
    if kind == "hex":
        return r.hex(t, key, path)
    if kind == "hexes":
        return set(r.hex_list(t, key, path))
    if kind == "hex_counts":
        return r.hex_counts(t, key, path, pos.lo, pos.hi)
    if kind == "seat":
        return r.int_in(t, key, path, 1, r.n) - 1
    if kind == "seat_opt":
        return r.int_in(t, key, path, 1, r.n, 0) - 1
    if kind == "seats":
        return [q - 1 for q in r.ints(t, key, path, 1, r.n, [])]
    if kind == "ints":
        return r.ints(t, key, path, pos.lo, pos.hi)
    if kind == "ints_opt":
        return r.ints(t, key, path, pos.lo, pos.hi, [])
    if kind == "seat_order":
        return [q - 1 for q in r.ints(t, key, path, 1, r.n)]
    if kind == "words":
        return frozenset(r.words(t, key, path, pos.words)) if key in t else None
    if kind == "vocab":
        words, _, make = VOCABS[pos.vocab]
        return make(r.words(t, key, path, words))
    if kind == "moved":
        moved = []
        for i, m in enumerate(r.get(t, key, path, list, [])):
            full = f"{path}.{key}[{i}]"
            if not isinstance(m, dict):
                raise r.fail(full, Problem("position.table", keys="{at, from, steps}"))
            r.only(m, full, ("at", "from", "steps"))
            moved.append([r.hex(m, "at", full, False), r.hex(m, "from", full), r.int_in(m, "steps", full, 0, 1)])
        return moved
    if kind in _READ:
        return _READ[kind](r, t, key, path, st)
    raise ValueError(f"no position kind {kind!r} ({key})")


def _read_pending(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> list[tuple[Step, int]]:
    out = []
    for i, item in enumerate(r.get(t, key, path, list, [])):
        full = f"{_join(path, key)}[{i}]"
        if not isinstance(item, dict):
            raise r.fail(full, Problem("position.table", keys="{step, decider}"))
        r.only(item, full, ("step", "decider"))
        out.append((Step(r.choice(item, "step", full, STEPS)), r.decider(item.get("decider"), f"{full}.decider")))
    return out


def _read_result(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> Outcome | None:
    res = r.table(t, key, path, ("winner", "reason"), None)
    if res is None:
        return None
    full = _join(path, key)
    winner = r.int_in(res, "winner", full, 1, r.n, 0) - 1
    return Outcome(None if winner < 0 else winner, r.choice(res, "reason", full, REASONS))


def _read_rifts(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> dict[int, str]:
    out = {}
    for lab, kind in r.get(t, key, path, dict, {}).items():
        full = f"{_join(path, key)}.{lab}"
        h = r.hex_label(lab, full)
        if h not in r.island.well_farms:
            raise r.fail(full, Problem("position.rift_slot"))
        if kind not in RIFT_KINDS:
            raise r.fail(full, Problem("position.rift_kind", kind=repr(kind), kinds=", ".join(RIFT_KINDS)))
        out[h] = kind
    return dict(sorted(out.items()))


def _read_potion_supply(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> dict[str, int]:
    pots = r.table(t, key, path, POTIONS)
    return {k: r.int_in(pots, k, _join(path, key), 0, POTION_SUPPLY[k]) for k in POTIONS}


def _read_trolls(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> list[bool]:
    island = r.island
    troll = [False] * island.size
    for h in r.hex_list(t, key, path):
        if island.kind[h] != "peak":
            raise r.fail(_join(path, key), Problem("position.troll", label=island.label(h)))
        troll[h] = True
    return troll


def _read_rune(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> list[int] | None:
    rune = r.table(t, key, path, ("seat", "hex", "counter"), None)
    if rune is None:
        return None
    full = _join(path, key)
    return [r.seat(rune.get("seat"), f"{full}.seat"), r.hex(rune, "hex", full, False),
            r.int_in(rune, "counter", full, 0, 4)]


def _read_players_field(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> list[Player]:
    _read_players(r, r.get(t, key, path, list), st)  # also the warriors (wc) and where heroes lie (lying)
    return st.players


def _read_units(r: _Reader, c: dict[str, Any], key: str) -> list[list[Any]]:
    out = []
    for i, u in enumerate(r.get(c, key, "combat", list)):
        full = f"combat.{key}[{i}]"
        if not isinstance(u, dict):
            raise r.fail(full, Problem("position.table", keys="{unit, retreat, defeated}"))
        r.only(u, full, ("unit", "retreat", "defeated"))
        unit = [r.choice(u, "unit", full, UNITS), r.hex(u, "retreat", full)]
        if r.get(u, "defeated", full, bool, False):
            unit.append("x")
        out.append(unit)
    return out


def _read_combat(r: _Reader, doc: dict[str, Any], st: GameState) -> Combat:
    """The [combat] table: every declared field of a Combat, in order."""
    path = "combat"
    c_doc = r.table(doc, "combat", "", tuple(pos.key or name for name, pos in COMBAT_POSITION))
    c = Combat.__new__(Combat)
    for name, pos in COMBAT_POSITION:
        setattr(c, name, _read(r, c_doc, pos.key or name, path, pos, st))
    return c


def _read_roll(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> list[tuple[str, int]]:
    roll = []
    for i, die in enumerate(r.get(t, key, path, list)):
        full = f"{_join(path, key)}[{i}]"
        if not isinstance(die, str) or len(die) < 2 or die[0] not in FACES or not plain_int(die[1:], 1) \
                or int(die[1:]) not in FACES[die[0]]:
            raise r.fail(full, Problem("position.die", die=repr(die)))
        roll.append((die[0], int(die[1:])))
    return roll


def _read_defender(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> int:
    val = t.get(key)
    return TROLL if val == "troll" else r.seat(val, _join(path, key))


PLAYER_KEYS = tuple(pos.key or name for name, pos in PLAYER_POSITION)


def _read_players(r: _Reader, docs: list[dict[str, Any]], st: GameState) -> None:
    """The [[players]] tables: every declared field of each player, in
    order; also the warriors of each seat (``wc``) and where fainted heroes
    lie (``lying``)."""
    heroes = load_heroes()
    st.players = []
    st.wc = []
    st.lying = {}
    for i, d in enumerate(docs):
        path = f"players[{i}]"
        r.only(d, path, PLAYER_KEYS)
        name = r.get(d, "name", path, str)
        hero = r.choice(d, "hero", path, tuple(heroes))
        p = Player(i, name, heroes[hero], r.choice(d, "colour", path, COLOURS))
        r.player = p
        for attr, pos in PLAYER_POSITION[3:]:  # the first three made the player
            v = _read(r, d, pos.key or attr, path, pos, st)
            if attr == "warriors":
                st.wc.append(v)
            else:
                setattr(p, attr, v)
        if p.life > p.max_life:
            raise r.fail(f"{path}.life", Problem("value.between", lo=0, hi=p.max_life, val=p.life))
        if p.lying_at >= 0:
            if p.lying_at in st.lying:
                raise r.fail(f"{path}.lying_at", Problem("position.lying_at"))
            st.lying[p.lying_at] = i
        if sum(st.wc[i]) + p.supply + sum(p.track) > 10:
            raise r.fail(f"{path}.warriors", Problem("position.warriors"))
        st.players.append(p)
    st.lying = dict(sorted(st.lying.items()))


def _read_potions(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> list[tuple[str, int]]:
    p = r.player
    if p is None:  # read inside its player's table only
        raise r.fail(_join(path, key), Problem("position.table", keys="{kind, uses}"))
    full = _join(path, key)
    pots = r.get(t, key, path, list, [])
    if len(pots) > 3:
        raise r.fail(full, Problem("position.potions", n=len(pots)))
    out = []
    for j, pot in enumerate(pots):
        item = f"{full}[{j}]"
        if not isinstance(pot, dict):
            raise r.fail(item, Problem("position.table", keys="{kind, uses}"))
        r.only(pot, item, ("kind", "uses"))
        kind = r.choice(pot, "kind", item, POTIONS)
        out.append((kind, r.int_in(pot, "uses", item, 1, p.spec.eile_uses if kind == "eile" else 1)))
    return out


def _read_warriors(r: _Reader, t: dict[str, Any], key: str, path: str, st: GameState) -> list[int]:
    wc = [0] * st.island.size
    for h, k in r.hex_counts(t, key, path, 1, 10).items():
        wc[h] = k
    return wc


#: the game's own shapes (``Pos.kind``): how each is read
_READ: dict[str, Any] = {
    "step": lambda r, t, key, path, st: Step(r.choice(t, key, path, STEPS)),
    "decider": lambda r, t, key, path, st: r.decider(r.get(t, key, path, (int, str)), _join(path, key)),
    "pending": _read_pending,
    "result": _read_result,
    "rifts": _read_rifts,
    "purpose": lambda r, t, key, path, st: r.choice(t, key, path, PURPOSES),
    "potion_supply": _read_potion_supply,
    "trolls": _read_trolls,
    "rune": _read_rune,
    "combat": lambda r, t, key, path, st: _read_combat(r, t, st) if key in t else None,
    "hex_req": lambda r, t, key, path, st: r.hex(t, key, path, False),
    "defender": _read_defender,
    "side": lambda r, t, key, path, st: "att" if r.choice(t, key, path, ("attacker", "defender")) == "attacker"
    else "def",
    "roll": _read_roll,
    "units": lambda r, t, key, path, st: _read_units(r, t, key),
    # absent in positions written before a combat kept them: none drunk
    "drunk": lambda r, t, key, path, st: tuple(r.words(t, key, path, WINDOW_POTIONS, [])),
    "players": _read_players_field,
    "str": lambda r, t, key, path, st: r.get(t, key, path, str),
    "choice": lambda r, t, key, path, st: r.choice(t, key, path, PLAYER_WORDS[key]),
    "choice_opt": lambda r, t, key, path, st: r.choice(t, key, path, ("", *PLAYER_WORDS[key]), ""),
    "potions": _read_potions,
    "held": lambda r, t, key, path, st: tuple(r.words(t, key, path, PLAYER_WORDS[key], [])),
    "faint": lambda r, t, key, path, st: FAINTS.index(r.choice(t, key, path, FAINTS)),
    "warriors": _read_warriors,
}
