"""Puzzle ratings (issue #30): Glicko-2 (the ``glicko2`` package) for the
player and for every puzzle, both updated after each attempt as one game
between them — solved is a win for the player, missed a win for the puzzle.

Kept in ``puzzles.json`` in the data folder the caller gives (the app's and
the CLI's, ``ui.saves.data_dir``): the player's rating and every attempted
puzzle's, keyed by puzzle id; a puzzle not attempted yet keeps its file's.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import glicko2  # type: ignore[import-untyped]  # the package ships no type information

from .. import durable
from . import Puzzle

FILE = "puzzles.json"


@dataclass
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


def _player(r: Rating) -> glicko2.Player:
    return glicko2.Player(rating=r.rating, rd=r.rd, vol=r.vol)


def _of(p: glicko2.Player) -> Rating:
    return Rating(p.getRating(), p.getRd(), p.vol)


def update(me: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt (each computed from the other's rating before it)."""
    a, b = _player(me), _player(puzzle)
    a.update_player([puzzle.rating], [puzzle.rd], [1.0 if solved else 0.0])
    b.update_player([me.rating], [me.rd], [0.0 if solved else 1.0])
    return _of(a), _of(b)


class Book:
    """The ratings kept in ``folder`` (read on creation, written on :meth:`attempt`)."""

    def __init__(self, folder: str | os.PathLike[str]):
        self.path = Path(folder) / FILE
        self.me = Rating()
        self.puzzles: dict[str, Rating] = {}
        self.solved: list[str] = []
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
            self.me = Rating(**doc["player"])
            self.puzzles = {k: Rating(**v) for k, v in doc.get("puzzles", {}).items()}
            self.solved = [str(s) for s in doc.get("solved", [])]
        except FileNotFoundError:
            pass
        except (ValueError, KeyError, TypeError, AttributeError):
            # a damaged ratings file starts afresh rather than blocking the puzzles
            self.me, self.puzzles, self.solved = Rating(), {}, []

    def of(self, p: Puzzle) -> Rating:
        return self.puzzles.get(p.id, Rating(p.rating, p.rd, p.vol))

    def attempt(self, p: Puzzle, solved: bool) -> tuple[Rating, Rating]:
        """Record one attempt; the player's and the puzzle's ratings after it."""
        self.me, self.puzzles[p.id] = update(self.me, self.of(p), solved)
        if solved and p.id not in self.solved:
            self.solved.append(p.id)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        doc = {"player": vars(self.me), "puzzles": {k: vars(v) for k, v in self.puzzles.items()},
               "solved": self.solved}
        durable.write_text(self.path, json.dumps(doc, indent=1))
        return self.me, self.puzzles[p.id]

    def next(self, puzzles: list[Puzzle]) -> Puzzle | None:
        """The unsolved puzzle rated nearest the player, or None when all are solved."""
        left = [p for p in puzzles if p.id not in self.solved]
        return min(left, key=lambda p: (abs(self.of(p).rating - self.me.rating), p.id), default=None)
