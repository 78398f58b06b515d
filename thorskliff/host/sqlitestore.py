"""The hub's memory: users and their keys, games and their seats, in SQLite.

A game is kept as its record text (``thorskliff.record``), rewritten after
every change; a restarted server replays each record and so resumes every
game exactly where it stood (the dice follow from the seed and the number of
rolls). A seat row says who sits there: an SSH user name, a bot kind, or
nobody yet.

A name belongs to one SSH key or to one browser: a browser's name is bound
to the hash of its secret token (kept in the browser's cookie), stored as
``web sha256:<hex>`` in the same column as an SSH key, so a name taken one
way cannot be taken the other. A seat invitation is stored as the hash of
its token too, with its game and seat; it is used up when a player takes
the seat.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from ..loaderror import LoadError, Problem
from .private import private_file, private_folder, tighten_if_there
from .store import WEB_KEY, GameRow, SeatRow

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (
    name TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    since REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    record TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    user TEXT,
    bot TEXT,
    PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS users_key ON users(key);
CREATE INDEX IF NOT EXISTS users_name_nocase ON users(name COLLATE NOCASE);
CREATE TABLE IF NOT EXISTS invites (
    hash TEXT PRIMARY KEY,
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    created REAL NOT NULL
);
"""

def check_store(path: Path) -> None:
    """Refuse an existing ``path`` that is no database of the server's games,
    reading it only."""
    try:
        probe = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise LoadError(path, Problem("ssh.cannot_open", why=str(exc))) from None
    try:
        names = {r[0] for r in probe.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as exc:
        raise LoadError(path, Problem("ssh.unreadable", why=str(exc))) from None
    finally:
        probe.close()
    if names and "games" not in names:
        raise LoadError(path, Problem("ssh.foreign", names=", ".join(sorted(names)[:5])))


class SqliteStore:
    """The host's :class:`~.store.Store` in one SQLite file (the default: one
    process, nothing to install); every write is its own transaction."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        # Every seat's secrets are in here: owner-only. SQLite gives its -wal
        # and -shm files the database file's mode, so the file is made 0600
        # before SQLite opens it; files from a laxer older start are tightened.
        # A file that is no database, or another program's, is refused first,
        # untouched (no mode changed, no WAL mode, none of our tables in it).
        private_folder(self.path.parent)
        if self.path.is_file():
            check_store(self.path)
        private_file(self.path)
        for extra in ("-wal", "-shm", "-journal"):
            tighten_if_there(self.path.with_name(self.path.name + extra))
        # The hub runs in one thread; autocommit keeps each change durable at once.
        self.db = sqlite3.connect(self.path, isolation_level=None)
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")  # a finished move survives a power cut
            self.db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            self.db.close()
            raise LoadError(self.path, Problem("ssh.unusable", why=str(exc))) from None

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------ users
    # A name is one player's whatever its capitals ("anna" is Anna's): looked up
    # without regard to case (names are ASCII, as SQLite's NOCASE folds), and
    # the spelling kept is the first one's. Rows from before that rule may
    # differ in case only: an exact match comes first.
    def _user_row(self, name: str) -> tuple[str, str] | None:
        return self.db.execute("SELECT name, key FROM users WHERE name = ? COLLATE NOCASE "
                               "ORDER BY name = ? DESC, since LIMIT 1", (name, name)).fetchone()

    def user_key(self, name: str) -> str | None:
        """The key (or browser token hash) bound to ``name`` in any capitals, or None."""
        row = self._user_row(name)
        return row[1] if row else None

    def spelling(self, name: str) -> str:
        """``name`` as its owner first wrote it (``name`` itself if nobody has it yet)."""
        row = self._user_row(name)
        return row[0] if row else name

    def bind_user(self, name: str, key: str) -> bool:
        """Bind ``key`` to ``name`` unless another key already is (to the name
        in any capitals); True when ``key`` is (now) the name's key."""
        self.db.execute("INSERT INTO users (name, key, since) SELECT ?, ?, ? WHERE NOT EXISTS "
                        "(SELECT 1 FROM users WHERE name = ? COLLATE NOCASE)", (name, key, time.time(), name))
        return self.user_key(name) == key

    def web_user(self, token_hash: str) -> str | None:
        """The name bound to a browser token (by its hash), or None."""
        row = self.db.execute("SELECT name FROM users WHERE key = ?", (WEB_KEY + token_hash,)).fetchone()
        return row[0] if row else None

    def bind_web_user(self, name: str, token_hash: str) -> bool:
        """Bind ``name`` to a browser token unless the name is taken (by a key or another browser)."""
        return self.bind_user(name, WEB_KEY + token_hash)

    # ------------------------------------------------------------ invitations
    def new_invite(self, gid: int, seat: int, token_hash: str) -> None:
        """An invitation to ``seat``; an older one for the same seat no longer holds."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM invites WHERE game = ? AND seat = ?", (gid, seat))
            self.db.execute("INSERT INTO invites (hash, game, seat, created) VALUES (?, ?, ?, ?)",
                            (token_hash, gid, seat, time.time()))

    def invite_seat(self, gid: int, token_hash: str) -> int | None:
        """The seat an invitation to game ``gid`` is for, or None."""
        row = self.db.execute("SELECT seat FROM invites WHERE game = ? AND hash = ?", (gid, token_hash)).fetchone()
        return row[0] if row else None

    def drop_invites(self, gid: int, seat: int) -> None:
        self.db.execute("DELETE FROM invites WHERE game = ? AND seat = ?", (gid, seat))

    # ------------------------------------------------------------ games
    def new_game(self, record: str, seats: list[SeatRow]) -> int:
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            cur = self.db.execute("INSERT INTO games (created, updated, record) VALUES (?, ?, ?)", (now, now, record))
            gid = cur.lastrowid
            assert gid is not None  # an INSERT's row id
            self.db.executemany("INSERT INTO seats (game, seat, user, bot) VALUES (?, ?, ?, ?)",
                                [(gid, i, s.user, s.bot) for i, s in enumerate(seats)])
        return gid

    def save_record(self, gid: int, record: str, finished: bool) -> None:
        self.db.execute("UPDATE games SET record = ?, finished = ?, updated = ? WHERE id = ?",
                        (record, int(finished), time.time(), gid))

    def save_seat(self, gid: int, seat: int, row: SeatRow) -> None:
        self.db.execute("UPDATE seats SET user = ?, bot = ? WHERE game = ? AND seat = ?",
                        (row.user, row.bot, gid, seat))

    def games(self) -> list[GameRow]:
        seats: dict[int, list[SeatRow]] = {}
        for gid, _seat, user, bot in self.db.execute("SELECT game, seat, user, bot FROM seats ORDER BY game, seat"):
            seats.setdefault(gid, []).append(SeatRow(user, bot))
        return [GameRow(gid, rec, seats.get(gid, []))
                for gid, rec in self.db.execute("SELECT id, record FROM games ORDER BY id")]
