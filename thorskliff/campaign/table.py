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
from collections.abc import Callable
from typing import Any

from ..engine.messages import SetupError
from ..loaderror import LoadError, Problem
from ..scenario import ScenarioError
from .chapter import chapter_path, load_chapter
from .group import ChapterResult, Group, Member, check_members
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
CREATE TABLE IF NOT EXISTS abandoned (
    grp TEXT NOT NULL REFERENCES groups(name) ON DELETE CASCADE,
    chapter INTEGER NOT NULL,
    file TEXT NOT NULL,
    seed INTEGER NOT NULL,
    short INTEGER NOT NULL,
    start_seat INTEGER NOT NULL,
    carried TEXT NOT NULL,
    history TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    abandoned TEXT NOT NULL
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


class TableError(LoadError):
    """The group table cannot be used: ``file`` and the ``problem``. The
    file is left exactly as it is."""

    def __init__(self, path: str | os.PathLike[str], problem: Any):
        super().__init__(path, problem)


def check_table(path: Path) -> None:
    """Refuse an existing ``path`` that is no healthy group table, reading
    it only (a damaged file must not be changed by opening it for writing)."""
    try:
        path.lstat()
    except FileNotFoundError:
        pass
    except OSError as exc:  # a data folder the user may not enter (mode 000): said, not a crash
        raise TableError(path, Problem("table.cannot_open", why=exc.strerror or str(exc))) from None
    if not path.exists():
        if path.is_symlink():
            raise TableError(path, Problem("table.dangling"))
        return
    if path.is_dir():
        raise TableError(path, Problem("table.folder"))
    if not path.is_file():  # SQLite would wait on a pipe or read a device (/dev/zero) without end
        raise TableError(path, Problem("table.not_regular"))
    try:
        probe = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise TableError(path, Problem("table.cannot_open", why=str(exc))) from None
    try:
        found = probe.execute("PRAGMA quick_check").fetchall()
        if found != [("ok",)]:
            raise TableError(path, Problem("table.damaged", why="; ".join(str(r[0]) for r in found[:3])))
        names = {r[0] for r in probe.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as exc:
        raise TableError(path, Problem("table.unreadable", why=str(exc))) from None
    finally:
        probe.close()
    if names and not {"groups", "members", "chapters"} <= names:
        raise TableError(path, Problem("table.foreign", names=", ".join(sorted(names)[:5])))


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


def _seats(d: Any) -> dict[int, list[str]]:
    """Seat -> card ids, as the table keeps them in JSON (ValueError for
    anything else: a damaged row)."""
    try:
        if isinstance(d, dict) and all(isinstance(v, list) and all(isinstance(c, str) for c in v)
                                       for v in d.values()):
            return {int(k): list(v) for k, v in d.items()}
    except ValueError:
        pass
    raise LoadError("", Problem("table.carried", found=str(d)[:60]))


class CampaignTable:
    """One SQLite file holding every group of this user."""

    def __init__(self, path: str | os.PathLike[str] | None = None,
                 check_bot: Callable[[str], str | None] | None = None):
        """``check_bot`` says why a name is no bot (None when it is one): the
        front end passes its bot registry's, as the campaign imports no bots."""
        self.path = Path(path) if path is not None else data_dir() / "campaign.sqlite3"
        self.check_bot = check_bot
        check_table(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path)
        except (OSError, sqlite3.Error) as exc:
            raise TableError(self.path, Problem("table.cannot_open", why=str(getattr(exc, "strerror", None) or exc))) from None
        try:
            self.db.execute("PRAGMA foreign_keys = ON")
            # a committed chapter survives a crash and a power cut
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except sqlite3.Error as exc:  # e.g. a read-only folder: WAL needs files beside the table
            self.db.close()
            raise TableError(self.path, Problem("table.cannot_write", why=str(exc))) from None
        self._migrate()

    def _migrate(self) -> None:
        """Tables written before seats could be bots get the column (people everywhere)."""
        cols = {r[1] for r in self.db.execute("PRAGMA table_info(members)")}
        if "bot" not in cols:
            with self.db:
                self.db.execute("ALTER TABLE members ADD COLUMN bot TEXT NOT NULL DEFAULT ''")

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
        check_members(ms, self.check_bot)
        if self.db.execute("SELECT 1 FROM groups WHERE name = ?", (name,)).fetchone():
            raise SetupError("group_exists", {"name": name})
        with self.db:
            self.db.execute("INSERT INTO groups(name, created) VALUES (?, ?)", (name, _now()))
            self.db.executemany("INSERT INTO members(grp, seat, player, hero, colour, bot) VALUES (?, ?, ?, ?, ?, ?)",
                                [(name, q, m.player, m.hero, m.colour, m.bot) for q, m in enumerate(ms)])
        return group

    def groups(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM groups ORDER BY created, name")]

    def group(self, name: str) -> Group:
        row = self.db.execute("SELECT carried, received FROM groups WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise KeyError(f"no campaign group named {name!r}")
        members = [Member(*r) for r in self.db.execute(
            "SELECT player, hero, colour, bot FROM members WHERE grp = ? ORDER BY seat", (name,))]
        results = {}
        for ch, winner, reason, short in self.db.execute(
                "SELECT chapter, winner, reason, short FROM chapters WHERE grp = ? AND status = 'done'", (name,)):
            results[ch] = ChapterResult(ch, winner, reason, bool(short))
        try:
            return Group(name, members, _seats(json.loads(row[0])), _seats(json.loads(row[1])), results)
        except ValueError as exc:  # a damaged row: name the table
            raise TableError(self.path, Problem("table.group_row", group=repr(name), why=exc)) from None

    def delete_group(self, name: str) -> None:
        """The group, its members, results, the chapter in progress and the
        abandoned ones are gone."""
        self.group(name)  # KeyError for a group that is not there
        with self.db:
            self.db.execute("DELETE FROM groups WHERE name = ?", (name,))

    def rename_group(self, name: str, new: str) -> None:
        """The same group under a new name (everything it played goes along)."""
        new = new.strip()
        self.group(name)
        if not new:
            raise SetupError("group_unnamed")
        if new == name:
            return
        if self.db.execute("SELECT 1 FROM groups WHERE name = ?", (new,)).fetchone():
            raise SetupError("group_exists", {"name": new})
        with self.db:
            # the new row first: the members' and chapters' references must always point at a group
            self.db.execute("INSERT INTO groups(name, created, carried, received) "
                            "SELECT ?, created, carried, received FROM groups WHERE name = ?", (new, name))
            for tab in ("members", "chapters", "abandoned"):
                self.db.execute(f"UPDATE {tab} SET grp = ? WHERE grp = ?", (new, name))
            self.db.execute("DELETE FROM groups WHERE name = ?", (name,))

    def set_bot(self, name: str, seat: int, kind: str | None) -> None:
        """A bot of ``kind`` plays ``seat`` from now on (None or "": a person);
        ValueError for an unknown kind or seat."""
        g = self.group(name)
        if not 0 <= seat < len(g.members):
            raise SetupError("group_seat", {"seat": seat + 1, "n": len(g.members)})
        problem = self.check_bot(kind) if kind and self.check_bot else None
        if problem:
            raise ValueError(problem)
        with self.db:
            self.db.execute("UPDATE members SET bot = ? WHERE grp = ? AND seat = ?", (kind or "", name, seat))

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
            raise ScenarioError(path, "chapter.number", Problem("chapter.number", number=ch.number, want=chapter))
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
                                  (json.dumps(st.history), _now(), name, st.played_chapter.number))
        if cur.rowcount != 1:
            raise KeyError(f"group {name!r} has no chapter {st.played_chapter.number} in progress")

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
        try:
            lines = json.loads(history)
        except ValueError:
            lines = None
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            raise TableError(self.path, Problem("table.no_decisions", group=repr(name), chapter=number,
                                                 history=history[:60]))

        def replay(old_haste: bool) -> CampaignState:
            st = CampaignState.new_chapter(g, chapter_file(ref, number), seed, short=bool(short), start=start,
                                           carried=_seats(json.loads(carried)))
            if old_haste:
                st.old_haste = True
            for line in lines:
                st.apply_action(line)
            return st

        try:
            return replay(False)
        except ValueError:
            pass  # a chapter begun before the haste phase kept its secret (R-SECRET-1) goes on as it was played
        try:
            return replay(True)
        except ValueError:
            pass
        st = replay_checked = CampaignState.new_chapter(g, chapter_file(ref, number), seed, short=bool(short),
                                                        start=start, carried=_seats(json.loads(carried)))
        for i, line in enumerate(lines, start=1):
            try:
                st.apply_action(line)
            except ValueError as exc:
                raise TableError(self.path, Problem("table.decision", group=repr(name), chapter=number, i=i,
                                                         line=repr(line), why=exc)) from None
        return replay_checked

    def finish(self, name: str, st: CampaignState) -> ChapterResult:
        """Record the end of the chapter in progress: result and carried cards."""
        row = self.db.execute("SELECT carried FROM chapters WHERE grp = ? AND chapter = ? AND status = 'playing'",
                              (name, st.played_chapter.number)).fetchone()
        if row is None:
            raise KeyError(f"group {name!r} has no chapter {st.played_chapter.number} in progress")
        g = self.group(name)
        res = g.finish(st, _seats(json.loads(row[0])))
        with self.db:
            self.db.execute("UPDATE chapters SET history = ?, status = 'done', winner = ?, reason = ?, updated = ? "
                            "WHERE grp = ? AND chapter = ?",
                            (json.dumps(st.history), res.winner, res.reason, _now(), name, st.played_chapter.number))
            self._save_group(g)
        return res

    def abandon(self, name: str) -> int:
        """The chapter in progress is given up: it is kept, with its seed and
        decisions, among the abandoned ones, and the group may start that
        chapter again. Returns its number (KeyError with none in progress)."""
        row = self.db.execute("SELECT chapter, file, seed, short, start_seat, carried, history FROM chapters "
                              "WHERE grp = ? AND status = 'playing'", (name,)).fetchone()
        if row is None:
            raise KeyError(f"group {name!r} has no chapter in progress")
        try:
            resumed = self.resume(name)
            rounds = resumed.round if resumed is not None else 0
        except (ValueError, ScenarioError):  # a chapter that no longer loads can still be given up
            rounds = 0
        with self.db:
            self.db.execute("INSERT INTO abandoned(grp, chapter, file, seed, short, start_seat, carried, history, "
                            "rounds, abandoned) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (name, *row, rounds, _now()))
            self.db.execute("DELETE FROM chapters WHERE grp = ? AND status = 'playing'", (name,))
        return row[0]

    def abandoned(self, name: str) -> list[dict[str, Any]]:
        """The chapters the group gave up, oldest first: chapter, seed,
        short variant, rounds begun, decisions made and when."""
        out = []
        for ch, seed, short, history, rounds, when in self.db.execute(
                "SELECT chapter, seed, short, history, rounds, abandoned FROM abandoned WHERE grp = ? "
                "ORDER BY abandoned, rowid", (name,)):
            out.append({"chapter": ch, "seed": seed, "short": bool(short), "rounds": rounds,
                        "decisions": len(json.loads(history)), "when": when})
        return out

    def rows(self, name: str) -> list[dict[str, Any]]:
        """The group table (R-CAMP-7)."""
        return self.group(name).table()
