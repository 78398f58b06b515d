"""The group table of R-CAMP-7 in SQLite, in the user's data directory
(``THORSKLIFF_DATA`` overrides it).

It keeps each group's players and heroes, the cards they carry, every
chapter's result, and the chapter in progress as its seed plus the list of
decisions: replaying them rebuilds the state exactly (R-DICE-2, R-TURN-4).
"""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..scenario import ScenarioError
from ..engine.actions import ActionError
from .chapter import chapter_path, load_chapter
from .group import ChapterResult, Group, Member
from .state import CampaignState

SCHEMA = """
CREATE TABLE IF NOT EXISTS groups (
    name TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    carried TEXT NOT NULL DEFAULT '{}',
    received TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS members (
    grp TEXT NOT NULL REFERENCES groups(name) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    hero TEXT NOT NULL,
    colour TEXT NOT NULL,
    PRIMARY KEY (grp, seat)
);
CREATE TABLE IF NOT EXISTS chapters (
    grp TEXT NOT NULL REFERENCES groups(name) ON DELETE CASCADE,
    chapter INTEGER NOT NULL,
    file TEXT NOT NULL,
    seed INTEGER NOT NULL,
    short INTEGER NOT NULL,
    start_seat INTEGER NOT NULL,
    carried TEXT NOT NULL,
    history TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL,
    winner INTEGER,
    reason TEXT,
    updated TEXT NOT NULL,
    PRIMARY KEY (grp, chapter)
);
"""


def data_dir() -> Path:
    env = os.environ.get("THORSKLIFF_DATA")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("thorskliff", appauthor=False))


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def chapter_ref(path: str | os.PathLike[str], number: int) -> str:
    """What the table keeps of a chapter file: a shipped chapter by its id
    (``chapter2.toml``, found again in whatever installed package runs),
    any other file by its absolute path."""
    path = Path(path)
    shipped = chapter_path(number)
    try:
        if path.resolve() == shipped.resolve():
            return shipped.name
    except (OSError, ScenarioError):
        pass
    return str(path.resolve())


def chapter_file(ref: str, number: int) -> Path:
    """The chapter file a table row names. A bare id is the shipped chapter
    of the package installed now; an absolute path that no longer exists but
    names a shipped chapter (a table written by an older version, which kept
    the install folder's path) is that shipped chapter too."""
    path = Path(ref)
    if path.name == ref:
        return chapter_path(number).with_name(ref)
    if not path.exists() and path.name == chapter_path(number).name:
        return chapter_path(number)
    return path


def _seats(d: dict[str, Any]) -> dict[int, list[str]]:
    return {int(k): list(v) for k, v in d.items()}


class CampaignTable:
    """One SQLite file holding every group of this user."""

    def __init__(self, path: str | os.PathLike[str] | None = None):
        self.path = Path(path) if path is not None else data_dir() / "campaign.sqlite3"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.execute("PRAGMA foreign_keys = ON")
        # a committed chapter survives a crash and a power cut (docs/scenarios.md)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> CampaignTable:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------------ groups
    def create_group(self, name: str, members: list[tuple[str, str, str]] | list[Member]) -> Group:
        ms = [m if isinstance(m, Member) else Member(*m) for m in members]
        group = Group(name, ms)  # validates the members
        if self.db.execute("SELECT 1 FROM groups WHERE name = ?", (name,)).fetchone():
            raise ValueError(f"a group named {name!r} exists already")
        with self.db:
            self.db.execute("INSERT INTO groups(name, created) VALUES (?, ?)", (name, _now()))
            self.db.executemany("INSERT INTO members VALUES (?, ?, ?, ?, ?)",
                                [(name, q, m.player, m.hero, m.colour) for q, m in enumerate(ms)])
        return group

    def groups(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM groups ORDER BY created, name")]

    def group(self, name: str) -> Group:
        row = self.db.execute("SELECT carried, received FROM groups WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise KeyError(f"no campaign group named {name!r}")
        members = [Member(*r) for r in self.db.execute(
            "SELECT player, hero, colour FROM members WHERE grp = ? ORDER BY seat", (name,))]
        results = {}
        for ch, winner, reason, short in self.db.execute(
                "SELECT chapter, winner, reason, short FROM chapters WHERE grp = ? AND status = 'done'", (name,)):
            results[ch] = ChapterResult(ch, winner, reason, bool(short))
        return Group(name, members, _seats(json.loads(row[0])), _seats(json.loads(row[1])), results)

    def delete_group(self, name: str) -> None:
        with self.db:
            self.db.execute("DELETE FROM groups WHERE name = ?", (name,))

    def _save_group(self, g: Group) -> None:
        self.db.execute("UPDATE groups SET carried = ?, received = ? WHERE name = ?",
                        (json.dumps(g.carried), json.dumps(g.received), g.name))

    # ------------------------------------------------------------------ chapters
    def start_chapter(self, name: str, chapter: int, seed: int, short: bool = False, start: int = 0,
                      file: str | os.PathLike[str] | None = None) -> CampaignState:
        """Set up chapter ``chapter`` for the group and record it as in progress
        (a chapter already in progress for the group is replaced)."""
        g = self.group(name)
        path = Path(file) if file is not None else chapter_path(chapter)
        ch = load_chapter(path)
        if ch.number != chapter:
            raise ValueError(f"{path} is chapter {ch.number}, not {chapter}")
        st = g.start(ch, seed, short=short, start=start)
        with self.db:
            self.db.execute("DELETE FROM chapters WHERE grp = ? AND status = 'playing'", (name,))
            self.db.execute(
                "INSERT OR REPLACE INTO chapters(grp, chapter, file, seed, short, start_seat, carried, history, "
                "status, updated) VALUES (?, ?, ?, ?, ?, ?, ?, '[]', 'playing', ?)",
                (name, chapter, chapter_ref(path, chapter), seed, int(short), start, json.dumps(g.carried),
                 _now()))
        if st.history:
            self.save(name, st)
        return st

    def save(self, name: str, st: CampaignState) -> None:
        """Store the decisions of the chapter in progress (call after each one)."""
        with self.db:
            cur = self.db.execute("UPDATE chapters SET history = ?, updated = ? WHERE grp = ? AND chapter = ? "
                                  "AND status = 'playing'",
                                  (json.dumps(st.history), _now(), name, st.chapter.number))
        if cur.rowcount != 1:
            raise KeyError(f"group {name!r} has no chapter {st.chapter.number} in progress")

    def in_progress(self, name: str) -> int | None:
        row = self.db.execute("SELECT chapter FROM chapters WHERE grp = ? AND status = 'playing'",
                              (name,)).fetchone()
        return row[0] if row else None

    def resume(self, name: str) -> CampaignState | None:
        """The chapter in progress, rebuilt from its seed and decisions."""
        row = self.db.execute("SELECT chapter, file, seed, short, start_seat, carried, history FROM chapters "
                              "WHERE grp = ? AND status = 'playing'", (name,)).fetchone()
        if row is None:
            return None
        number, ref, seed, short, start, carried, history = row
        g = self.group(name)

        def replay(old_haste: bool) -> CampaignState:
            st = CampaignState.new_chapter(g, chapter_file(ref, number), seed, short=bool(short), start=start,
                                           carried=_seats(json.loads(carried)))
            if old_haste:
                st.old_haste = True
            for line in json.loads(history):
                st.apply_action(line)
            return st

        try:
            return replay(False)
        except ActionError:
            # a chapter begun before the haste phase kept its secret (R-SECRET-1) goes on as it was played
            try:
                return replay(True)
            except ActionError:
                pass
            raise

    def finish(self, name: str, st: CampaignState) -> ChapterResult:
        """Record the end of the chapter in progress: result and carried cards."""
        row = self.db.execute("SELECT carried FROM chapters WHERE grp = ? AND chapter = ? AND status = 'playing'",
                              (name, st.chapter.number)).fetchone()
        if row is None:
            raise KeyError(f"group {name!r} has no chapter {st.chapter.number} in progress")
        g = self.group(name)
        res = g.finish(st, _seats(json.loads(row[0])))
        with self.db:
            self.db.execute("UPDATE chapters SET history = ?, status = 'done', winner = ?, reason = ?, updated = ? "
                            "WHERE grp = ? AND chapter = ?",
                            (json.dumps(st.history), res.winner, res.reason, _now(), name, st.chapter.number))
            self._save_group(g)
        return res

    def rows(self, name: str) -> list[dict[str, Any]]:
        """The group table (R-CAMP-7)."""
        return self.group(name).table()
