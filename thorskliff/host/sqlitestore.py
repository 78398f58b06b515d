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
from collections.abc import Callable
from pathlib import Path

from ..loaderror import LoadError, Problem
from .private import private_file, private_folder, tighten_if_there
from .schema import SQLITE, VERSION, check_not_newer, steps
from .corr import Clocked, Terms
from .ratings import Rating, Result
from .store import WEB_KEY, Change, GameRow, Move, Names, SeatRow, best_first, clocks_from

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


class SqliteStore(Names):
    """The host's :class:`~.store.Store` in one SQLite file (the default: one
    process, nothing to install); every write is its own transaction."""

    shared = False

    def __init__(self, path: str | Path, readonly: bool = False):
        self.path = Path(path)
        if readonly:
            # a reader beside a running server (thorskliff ratings): nothing changed, nothing migrated
            check_store(self.path)
            self.db = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True)
            self.migrated: list[int] = []
            found = self.version()
            check_not_newer(self.path, found)
            if found < VERSION:
                self.db.close()
                raise LoadError(self.path, Problem("store.older_file", found=found, known=VERSION))
            return
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
            #: the schema versions applied as it opened
            self.migrated = self.migrate()
        except sqlite3.Error as exc:
            self.db.close()
            raise LoadError(self.path, Problem("ssh.unusable", why=str(exc))) from None
        except LoadError:
            self.db.close()
            raise

    def version(self) -> int:
        """The schema's version (:mod:`.schema`): files from before versions were counted are at 1."""
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema" in tables:
            return int(self.db.execute("SELECT version FROM schema").fetchone()[0])
        return 1 if "games" in tables else 0

    def migrate(self) -> list[int]:
        """Bring the file to :data:`~.schema.VERSION` (one process owns it, so
        it does so as it opens); the versions applied."""
        found = self.version()
        check_not_newer(self.path, found)
        done = []
        for v, sql in steps(SQLITE, found):
            # each step whole or not at all (executescript would commit as it goes)
            self.db.execute("BEGIN")
            try:
                for statement in _statements(sql):
                    self.db.execute(statement)
                if v >= 2:
                    self.db.execute("UPDATE schema SET version = ?", (v,))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            done.append(v)
        return done

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
    def new_game(self, record: str, seats: list[SeatRow], terms: Terms | None = None) -> int:
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            cur = self.db.execute("INSERT INTO games (created, updated, record) VALUES (?, ?, ?)", (now, now, record))
            gid = cur.lastrowid
            assert gid is not None  # an INSERT's row id
            self.db.executemany("INSERT INTO seats (game, seat, user, bot) VALUES (?, ?, ?, ?)",
                                [(gid, i, s.user, s.bot) for i, s in enumerate(seats)])
            if terms is not None:
                self.db.execute("INSERT INTO corr (game, per_move, on_timeout, vacation) VALUES (?, ?, ?, ?)",
                                (gid, *terms))
        return gid

    def save_record(self, gid: int, record: str, finished: bool, moves: int) -> None:
        self.db.execute("UPDATE games SET record = ?, finished = ?, updated = ? WHERE id = ? AND moves = ?",
                        (record, int(finished), time.time(), gid, moves))

    def append(self, gid: int, move: Move, record: str, finished: bool) -> bool:
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            try:
                self.db.execute("INSERT INTO moves (game, n, seat, kind, body, at) VALUES (?, ?, ?, ?, ?, ?)",
                                (gid, move.n, move.seat, move.kind, move.body, now))
            except sqlite3.IntegrityError:
                return False
            self.db.execute("UPDATE games SET record = ?, finished = ?, updated = ?, moves = ? WHERE id = ?",
                            (record, int(finished), now, move.n + 1, gid))
        return True

    def moves(self, gid: int, since: int) -> list[Move]:
        return [Move(*r) for r in self.db.execute(
            "SELECT n, seat, kind, body FROM moves WHERE game = ? AND n >= ? ORDER BY n", (gid, since))]

    def game(self, gid: int) -> GameRow | None:
        row = self.db.execute("SELECT record, moves FROM games WHERE id = ?", (gid,)).fetchone()
        if row is None:
            return None
        seats = [SeatRow(u, b) for u, b in self.db.execute(
            "SELECT user, bot FROM seats WHERE game = ? ORDER BY seat", (gid,))]
        return GameRow(gid, row[0], seats, row[1])

    def save_seat(self, gid: int, seat: int, row: SeatRow) -> None:
        self.db.execute("UPDATE seats SET user = ?, bot = ? WHERE game = ? AND seat = ?",
                        (row.user, row.bot, gid, seat))

    def claim_seat(self, gid: int, seat: int, row: SeatRow) -> bool:
        cur = self.db.execute("UPDATE seats SET user = ?, bot = ? WHERE game = ? AND seat = ? "
                              "AND user IS NULL AND bot IS NULL", (row.user, row.bot, gid, seat))
        return cur.rowcount == 1

    def games(self) -> list[GameRow]:
        seats: dict[int, list[SeatRow]] = {}
        for gid, _seat, user, bot in self.db.execute("SELECT game, seat, user, bot FROM seats ORDER BY game, seat"):
            seats.setdefault(gid, []).append(SeatRow(user, bot))
        return [GameRow(gid, rec, seats.get(gid, []), moves)
                for gid, rec, moves in self.db.execute("SELECT id, record, moves FROM games ORDER BY id")]

    # ------------------------------------------------------------ correspondence games
    def _clocks(self, where: str, params: tuple[object, ...]) -> dict[int, Clocked]:
        return clocks_from(
            self.db.execute(f"SELECT game, per_move, on_timeout, vacation, deadline, seat, warned FROM corr {where}",
                            params).fetchall(),
            self.db.execute(f"SELECT game, seat, days, until FROM pauses {where}", params).fetchall())

    def clocks(self) -> dict[int, Clocked]:
        return self._clocks("", ())

    def clock_of(self, gid: int) -> Clocked | None:
        return self._clocks("WHERE game = ?", (gid,)).get(gid)

    def set_clock(self, gid: int, deadline: float | None, seat: int | None, warned: bool) -> None:
        self.db.execute("UPDATE corr SET deadline = ?, seat = ?, warned = ? WHERE game = ?",
                        (deadline, seat, int(warned), gid))

    def set_pause(self, gid: int, seat: int, days: int, until: float) -> None:
        self.db.execute("INSERT INTO pauses (game, seat, days, until) VALUES (?, ?, ?, ?) ON CONFLICT (game, seat) "
                        "DO UPDATE SET days = excluded.days, until = excluded.until", (gid, seat, days, until))

    # ------------------------------------------------------------ ratings
    def ratings_of(self, players: list[str], pool: str) -> dict[str, Rating]:
        marks = ", ".join("?" * len(players))
        return {r[0]: Rating(*r) for r in self.db.execute(
            f"SELECT player, mu, sigma, games FROM ratings WHERE pool = ? AND player IN ({marks})", (pool, *players))}

    def rated(self, results: list[Result]) -> bool:
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            try:
                self.db.executemany("INSERT INTO results (game, player, pool, rank, before, after, sigma, at) "
                                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [(*r, now) for r in results])
            except sqlite3.IntegrityError:
                self.db.execute("ROLLBACK")
                return False
            self.db.executemany(
                "INSERT INTO ratings (player, pool, mu, sigma, games) VALUES (?, ?, ?, ?, 1) "
                "ON CONFLICT (player, pool) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                "games = ratings.games + 1", [(r.player, r.pool, r.after, r.sigma) for r in results])
        return True

    def ratings(self, pool: str | None = None) -> list[tuple[str, Rating]]:
        rows = self.db.execute("SELECT pool, player, mu, sigma, games FROM ratings WHERE ? IS NULL OR pool = ?",
                               (pool, pool)).fetchall()
        return best_first(rows)

    def results(self, player: str, limit: int = 20) -> list[Result]:
        return [Result(*r) for r in self.db.execute(
            "SELECT game, player, pool, rank, before, after, sigma FROM results WHERE player = ? "
            "ORDER BY at DESC, game DESC LIMIT ?", (player, limit))]

    # ------------------------------------------------------------ one process
    # A SQLite file has one serving process: it drives every game and every
    # session is its own, so there is nobody to share with or to hear from.
    def claim(self, gid: int, owner: str, seconds: float) -> bool:
        return True

    def release(self, owner: str) -> None:
        pass

    def present(self, owner: str, gid: int, seat: int, sessions: int) -> None:
        pass

    def connected(self, gid: int, owner: str, alive: float) -> dict[int, int]:
        return {}

    def beat(self, owner: str) -> None:
        pass

    async def listen(self, heard: Callable[[Change], None]) -> None:
        return None


def _statements(sql: str) -> list[str]:
    """The statements of a migration (ours: no semicolon inside a statement)."""
    return [part.strip() for part in sql.split(";") if part.strip()]
