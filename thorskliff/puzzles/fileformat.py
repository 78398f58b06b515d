"""Puzzle files: TOML with one ``[[puzzle]]`` table per puzzle.

Keys: ``id``, ``mode``, ``theme`` (one of :data:`.THEMES`), ``seat``
(1-based, the seat to move), ``solution`` (notation), ``choices`` (a table
of notation = chance 0–1, every searched choice), ``source``, ``budget``,
``after_mistake``, ``rating``, ``rd``, ``vol`` and ``position`` (the
position's TOML text, :mod:`thorskliff.position`).

A damaged or hand-edited file is refused with one line naming the file, the
key and the problem (:class:`PuzzleError`); a puzzle whose position no
longer loads is skipped, with a notice, so one stale puzzle does not take
the others with it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import tomli_w

from ..loaderror import LoadError, Problem, kind_said, parse_toml, read_text
from . import SHIPPED, THEMES, Puzzle

_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "id": str, "mode": str, "theme": str, "seat": int, "solution": str, "choices": dict,
    "source": str, "position": str}
_OPTIONAL: dict[str, tuple[type | tuple[type, ...], Any]] = {
    "budget": (int, 100), "after_mistake": (bool, False), "rating": ((int, float), 1500.0),
    "rd": ((int, float), 350.0), "vol": ((int, float), 0.06)}


class PuzzleError(LoadError):
    """A puzzle file that cannot be read: file, key, problem."""

    def __init__(self, source: str, key: str, problem: Any, line: int = 0):
        self.source = source
        super().__init__(source, problem, key=key, line=line)


def dump(puzzles: list[Puzzle]) -> str:
    doc = {"puzzle": [{
        "id": p.id, "mode": p.mode, "theme": p.theme, "seat": p.seat + 1, "solution": p.solution,
        "choices": {a: c for a, c in p.choices}, "source": p.source, "budget": p.budget,
        "after_mistake": p.after_mistake, "rating": round(p.rating, 1), "rd": round(p.rd, 1),
        "vol": round(p.vol, 6), "position": p.position} for p in puzzles]}
    return "# thorskliff puzzles (Rätsel); keys are explained in docs/cli.md\n" + tomli_w.dumps(doc, multiline_strings=True)


def _check(name: str, i: int, t: Any) -> dict[str, Any]:
    where = f"puzzle[{i}]"
    if not isinstance(t, dict):
        raise PuzzleError(name, where, Problem("puzzle_no_table"))
    got: dict[str, Any] = {}
    for key, typ in _REQUIRED.items():
        if key not in t:
            raise PuzzleError(name, f"{where}.{key}", Problem("puzzle_missing"))
        if not isinstance(t[key], typ) or isinstance(t[key], bool) and typ is int:
            raise PuzzleError(name, f"{where}.{key}", Problem("puzzle_kind", kind=kind_said(typ)))
        got[key] = t[key]
    for key, (typ, default) in _OPTIONAL.items():
        v = t.get(key, default)
        if not isinstance(v, typ) or (isinstance(v, bool) and typ != bool):
            raise PuzzleError(name, f"{where}.{key}", Problem("puzzle_kind", kind=kind_said(typ)))
        got[key] = v
    for key in t:
        if key not in _REQUIRED and key not in _OPTIONAL:
            raise PuzzleError(name, f"{where}.{key}", Problem("puzzle_unknown_key"))
    if got["theme"] not in THEMES:
        raise PuzzleError(name, f"{where}.theme", Problem("puzzle_theme", themes=", ".join(THEMES), given=got["theme"]))
    if not 1 <= got["seat"] <= 4:
        raise PuzzleError(name, f"{where}.seat", Problem("puzzle_seat", given=got["seat"]))
    for a, c in got["choices"].items():
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c <= 1:
            raise PuzzleError(name, f"{where}.choices.{a}", Problem("puzzle_chance"))
    if got["solution"] not in got["choices"]:
        raise PuzzleError(name, f"{where}.solution", Problem("puzzle_not_a_choice", given=got["solution"]))
    if max(got["choices"].values()) != got["choices"][got["solution"]]:
        raise PuzzleError(name, f"{where}.solution", Problem("puzzle_not_best"))
    if len(got["choices"]) < 2:
        raise PuzzleError(name, f"{where}.choices", Problem("puzzle_two_choices"))
    return got


def loads(text: str, name: str, notice=None, *, proven: bool = False) -> list[Puzzle]:
    """The puzzles of one file's ``text``; PuzzleError for a damaged file.
    ``notice(error)`` hears of each puzzle skipped because its position no
    longer loads (a PuzzleError, said in the caller's language).

    Each position is read as ``thorskliff show`` reads one; a ``proven``
    file's (one shipped with the package: tests/test_puzzles.py reads each
    of its positions the whole way) as :func:`.from_position` reads a proven
    position (opening the 139 shipped took 1.7 s, now 0.4 s)."""
    doc = parse_toml(text, lambda problem, line=0: PuzzleError(name, "", problem, line))
    items = doc.get("puzzle")
    if not isinstance(items, list):
        raise PuzzleError(name, "puzzle", Problem("puzzle_none"))
    out: list[Puzzle] = []
    seen: set[str] = set()
    for i, t in enumerate(items):
        got = _check(name, i, t)
        if got["id"] in seen:
            raise PuzzleError(name, f"puzzle[{i}].id", Problem("puzzle_id_twice", given=got["id"]))
        seen.add(got["id"])
        p = Puzzle(id=got["id"], mode=got["mode"], theme=got["theme"], seat=got["seat"] - 1,
                   solution=got["solution"],
                   choices=sorted(got["choices"].items(), key=lambda ac: -ac[1]),
                   source=got["source"], position=got["position"], after_mistake=got["after_mistake"],
                   budget=got["budget"], rating=float(got["rating"]), rd=float(got["rd"]),
                   vol=float(got["vol"]), file=name)
        try:
            st = p.state(proven=proven)
            if st.current_player() != p.seat:
                raise ValueError(f"seat {p.seat + 1} does not decide in it")
        except (LoadError, ValueError) as exc:
            if notice is not None:
                notice(PuzzleError(name, f"puzzle[{i}]", Problem("puzzle_skipped", id=p.id, why=str(exc))))
            continue
        out.append(p)
    return out


def load(path: str | os.PathLike[str], notice=None, *, proven: bool = False) -> list[Puzzle]:
    name = str(path)
    return loads(read_text(path, lambda problem, line=0: PuzzleError(name, "", problem, line)), name, notice,
                 proven=proven)


def shipped(notice=None) -> list[Puzzle]:
    """Every puzzle shipped with the package, in file order."""
    out: list[Puzzle] = []
    for f in sorted(Path(SHIPPED).glob("*.toml")):
        out.extend(load(f, notice, proven=True))
    return out
