"""The host's store in PostgreSQL (``thorskliff serve --db postgresql://…``,
#31): one database that any number of serving processes, on any number of
machines, share — the lobby, names, games and seats are the same in all.

- A decision is a row of ``moves`` under its game and number: of two
  processes appending the same number, the database lets one insert win
  (the primary key); the other is told False and catches up.
- Every change is announced with NOTIFY on the channel ``thorskliff``
  (``"<kind> <game> <writer>"``, sent when its transaction commits);
  :meth:`PgStore.listen` hears them on a connection of its own (psycopg's
  async connection, in the host's loop) and skips its own process's.
- Who drives a game's bots is a lease (``leases``) with an expiry on the
  database's clock, so machines whose clocks differ agree; a process that
  dies loses its leases when they run out.
- Writes are made on a synchronous connection in autocommit, as SQLite's
  are: the hub must know whether a decision's insert won before it answers
  the player, and a round trip to a database nearby takes well under a
  millisecond. A connection that broke is opened again at the next call;
  a write that fails raises :class:`~.schema.StoreError` (the decision is
  refused, never half made).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
from psycopg import errors

from ..loaderror import LoadError, Problem
from .schema import POSTGRES, VERSION, StoreError, check_not_newer, steps
from .corr import Clocked, Terms
from .ratings import Rating, Result
from .store import WEB_KEY, Change, GameRow, Move, Names, SeatRow, best_first, clocks_from

log = logging.getLogger("thorskliff.ssh")

CHANNEL = "thorskliff"
#: seconds to reach the database before giving up (a wrong host should not hang the start)
CONNECT_TIMEOUT = 5
#: the database's clock, in seconds since the epoch, for leases and presence
NOW = "extract(epoch from clock_timestamp())"
#: the advisory lock migrations hold, so two processes never migrate at once
MIGRATION_LOCK = 0x74686F72  # "thor"

T = TypeVar("T")


def is_url(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


def redacted(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return url.split("@")[-1]
    host = info.get("host", "localhost")
    port = f":{info['port']}" if info.get("port") else ""
    user = f"{info['user']}@" if info.get("user") else ""
    return f"postgresql://{user}{host}{port}/{info.get('dbname', '')}"


class PgStore(Names):
    """The host's :class:`~.store.Store` in a PostgreSQL database at ``url``.
    ``migrate``: bring an older schema to this program's (``serve
    --migrate``); without it an older database is refused."""

    shared = True

    def __init__(self, url: str, migrate: bool = False):
        self.url = url
        self.where = redacted(url)
        #: this process, as the notifications name their writer
        self.me = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.db = self._connect()
        try:
            self.migrated = self._migrate(migrate)
        except BaseException:
            self.db.close()
            raise

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except psycopg.ProgrammingError as exc:  # the URL itself is malformed
            raise LoadError(self.where, Problem("store.bad_url", why=_first_line(exc))) from None
        except psycopg.OperationalError as exc:
            raise LoadError(self.where, Problem("store.unreachable", why=_first_line(exc))) from None

    # ------------------------------------------------------------ schema
    def version(self) -> int:
        row = self.db.execute("SELECT to_regclass('schema') IS NOT NULL").fetchone()
        if row is None or not row[0]:
            tables = self.db.execute("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()").fetchone()
            if tables and tables[0]:
                names = [r[0] for r in self.db.execute(
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1 LIMIT 5")]
                raise LoadError(self.where, Problem("ssh.foreign", names=", ".join(names)))
            return 0
        found = self.db.execute("SELECT version FROM schema").fetchone()
        return int(found[0]) if found else 0

    def _migrate(self, asked: bool) -> list[int]:
        """Set up an empty database, or migrate an older one when ``asked``."""
        with self.db.transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            found = self.version()
            check_not_newer(self.where, found)
            if 0 < found < VERSION and not asked:
                raise LoadError(self.where, Problem("store.older", found=found, known=VERSION))
            done = []
            for v, sql in steps(POSTGRES, found):
                self.db.execute(sql)  # several statements in one go: no parameters in a migration
                self.db.execute("UPDATE schema SET version = %s", (v,))
                done.append(v)
        return done

    # ------------------------------------------------------------ the connection
    def _run(self, what: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``what`` on the connection, opened again first if it broke."""
        if self.db.closed or self.db.broken:
            try:
                self.db = psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
            except psycopg.OperationalError as exc:
                raise StoreError(_first_line(exc)) from None
        try:
            return what(self.db)
        except psycopg.OperationalError as exc:
            raise StoreError(_first_line(exc)) from None

    def _one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        row = self._run(lambda db: db.execute(sql, params).fetchone())
        return row

    def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        return self._run(lambda db: db.execute(sql, params).fetchall())

    def _notify(self, db: psycopg.Connection[Any], kind: str, gid: int) -> None:
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{kind} {gid} {self.me}"))

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------ users
    def _user_row(self, name: str) -> tuple[str, str] | None:
        return self._one("SELECT name, key FROM users WHERE lower(name) = lower(%s)", (name,))

    def bind_user(self, name: str, key: str) -> bool:
        # the unique index on lower(name) decides between two processes binding at once
        self._run(lambda db: db.execute(
            "INSERT INTO users (name, key, since) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
            (name, key, time.time())))
        return self.user_key(name) == key

    def web_user(self, token_hash: str) -> str | None:
        row = self._one("SELECT name FROM users WHERE key = %s", (WEB_KEY + token_hash,))
        return row[0] if row else None

    # ------------------------------------------------------------ invitations
    def new_invite(self, gid: int, seat: int, token_hash: str) -> None:
        def run(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                db.execute("DELETE FROM invites WHERE game = %s AND seat = %s", (gid, seat))
                db.execute("INSERT INTO invites (hash, game, seat, created) VALUES (%s, %s, %s, %s)",
                           (token_hash, gid, seat, time.time()))
        self._run(run)

    def invite_seat(self, gid: int, token_hash: str) -> int | None:
        row = self._one("SELECT seat FROM invites WHERE game = %s AND hash = %s", (gid, token_hash))
        return row[0] if row else None

    def drop_invites(self, gid: int, seat: int) -> None:
        self._run(lambda db: db.execute("DELETE FROM invites WHERE game = %s AND seat = %s", (gid, seat)))

    # ------------------------------------------------------------ games
    def new_game(self, record: str, seats: list[SeatRow], terms: Terms | None = None) -> int:
        now = time.time()

        def run(db: psycopg.Connection[Any]) -> int:
            with db.transaction():
                row = db.execute("INSERT INTO games (created, updated, record) VALUES (%s, %s, %s) RETURNING id",
                                 (now, now, record)).fetchone()
                assert row is not None  # RETURNING gives the row
                gid = int(row[0])
                with db.cursor() as cur:
                    cur.executemany('INSERT INTO seats (game, seat, "user", bot) VALUES (%s, %s, %s, %s)',
                                    [(gid, i, s.user, s.bot) for i, s in enumerate(seats)])
                if terms is not None:
                    db.execute("INSERT INTO corr (game, per_move, on_timeout, vacation) VALUES (%s, %s, %s, %s)",
                               (gid, *terms))
                self._notify(db, "game", gid)
            return gid
        return self._run(run)

    def save_record(self, gid: int, record: str, finished: bool, moves: int) -> None:
        self._run(lambda db: db.execute("UPDATE games SET record = %s, finished = %s, updated = %s "
                                        "WHERE id = %s AND moves = %s", (record, finished, time.time(), gid, moves)))

    def append(self, gid: int, move: Move, record: str, finished: bool) -> bool:
        now = time.time()

        def run(db: psycopg.Connection[Any]) -> bool:
            try:
                with db.transaction():
                    db.execute("INSERT INTO moves (game, n, seat, kind, body, at) VALUES (%s, %s, %s, %s, %s, %s)",
                               (gid, move.n, move.seat, move.kind, move.body, now))
                    db.execute("UPDATE games SET record = %s, finished = %s, updated = %s, moves = %s "
                               "WHERE id = %s", (record, finished, now, move.n + 1, gid))
                    self._notify(db, "move", gid)
            except errors.UniqueViolation:
                return False
            return True
        return self._run(run)

    def moves(self, gid: int, since: int) -> list[Move]:
        return [Move(*r) for r in self._all(
            "SELECT n, seat, kind, body FROM moves WHERE game = %s AND n >= %s ORDER BY n", (gid, since))]

    def game(self, gid: int) -> GameRow | None:
        row = self._one("SELECT record, moves FROM games WHERE id = %s", (gid,))
        if row is None:
            return None
        seats = [SeatRow(u, b) for u, b in self._all(
            'SELECT "user", bot FROM seats WHERE game = %s ORDER BY seat', (gid,))]
        return GameRow(gid, row[0], seats, row[1])

    def save_seat(self, gid: int, seat: int, row: SeatRow) -> None:
        def run(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                db.execute('UPDATE seats SET "user" = %s, bot = %s WHERE game = %s AND seat = %s',
                           (row.user, row.bot, gid, seat))
                self._notify(db, "seat", gid)
        self._run(run)

    def claim_seat(self, gid: int, seat: int, row: SeatRow) -> bool:
        def run(db: psycopg.Connection[Any]) -> bool:
            with db.transaction():
                cur = db.execute('UPDATE seats SET "user" = %s, bot = %s WHERE game = %s AND seat = %s '
                                 'AND "user" IS NULL AND bot IS NULL', (row.user, row.bot, gid, seat))
                if cur.rowcount == 1:
                    self._notify(db, "seat", gid)
            return cur.rowcount == 1
        return self._run(run)

    def games(self) -> list[GameRow]:
        seats: dict[int, list[SeatRow]] = {}
        for gid, _seat, user, bot in self._all('SELECT game, seat, "user", bot FROM seats ORDER BY game, seat'):
            seats.setdefault(gid, []).append(SeatRow(user, bot))
        return [GameRow(gid, rec, seats.get(gid, []), moves)
                for gid, rec, moves in self._all("SELECT id, record, moves FROM games ORDER BY id")]

    # ------------------------------------------------------------ correspondence games
    def _clocks(self, where: str, params: tuple[object, ...]) -> dict[int, Clocked]:
        return clocks_from(
            self._all(f"SELECT game, per_move, on_timeout, vacation, deadline, seat, warned FROM corr {where}", params),
            self._all(f"SELECT game, seat, days, until FROM pauses {where}", params))

    def clocks(self) -> dict[int, Clocked]:
        return self._clocks("", ())

    def clock_of(self, gid: int) -> Clocked | None:
        return self._clocks("WHERE game = %s", (gid,)).get(gid)

    def set_clock(self, gid: int, deadline: float | None, seat: int | None, warned: bool) -> None:
        def run(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                db.execute("UPDATE corr SET deadline = %s, seat = %s, warned = %s WHERE game = %s",
                           (deadline, seat, warned, gid))
                self._notify(db, "clock", gid)
        self._run(run)

    def set_pause(self, gid: int, seat: int, days: int, until: float) -> None:
        def run(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                db.execute("INSERT INTO pauses (game, seat, days, until) VALUES (%s, %s, %s, %s) "
                           "ON CONFLICT (game, seat) DO UPDATE SET days = EXCLUDED.days, until = EXCLUDED.until",
                           (gid, seat, days, until))
                self._notify(db, "clock", gid)
        self._run(run)

    # ------------------------------------------------------------ ratings
    def ratings_of(self, players: list[str], pool: str) -> dict[str, Rating]:
        return {r[0]: Rating(*r) for r in self._all(
            "SELECT player, mu, sigma, games FROM ratings WHERE pool = %s AND player = ANY(%s)", (pool, players))}

    def rated(self, results: list[Result]) -> bool:
        now = time.time()

        def run(db: psycopg.Connection[Any]) -> bool:
            try:
                with db.transaction():
                    with db.cursor() as cur:
                        cur.executemany("INSERT INTO results (game, player, pool, rank, before, after, sigma, at) "
                                        "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)", [(*r, now) for r in results])
                        cur.executemany(
                            "INSERT INTO ratings (player, pool, mu, sigma, games) VALUES (%s, %s, %s, %s, 1) "
                            "ON CONFLICT (player, pool) DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, "
                            "games = ratings.games + 1", [(r.player, r.pool, r.after, r.sigma) for r in results])
            except errors.UniqueViolation:  # another process rated this game first
                return False
            return True
        return self._run(run)

    def ratings(self, pool: str | None = None) -> list[tuple[str, Rating]]:
        rows = self._all("SELECT pool, player, mu, sigma, games FROM ratings WHERE %s::text IS NULL OR pool = %s",
                         (pool, pool))
        return best_first(rows)

    def results(self, player: str, limit: int = 20) -> list[Result]:
        return [Result(*r) for r in self._all(
            "SELECT game, player, pool, rank, before, after, sigma FROM results WHERE player = %s "
            "ORDER BY at DESC, game DESC LIMIT %s", (player, limit))]

    # ------------------------------------------------------------ many processes
    def claim(self, gid: int, owner: str, seconds: float) -> bool:
        row = self._one(
            f"INSERT INTO leases (game, owner, expires) VALUES (%s, %s, {NOW} + %s) "
            "ON CONFLICT (game) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires "
            f"WHERE leases.owner = EXCLUDED.owner OR leases.expires < {NOW} RETURNING owner",
            (gid, owner, seconds))
        return row is not None

    def release(self, owner: str) -> None:
        def run(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                db.execute("DELETE FROM leases WHERE owner = %s", (owner,))
                games = {r[0] for r in db.execute("DELETE FROM presence WHERE owner = %s RETURNING game",
                                                  (owner,)).fetchall()}
                for gid in sorted(games):
                    self._notify(db, "seat", gid)
        self._run(run)

    def present(self, owner: str, gid: int, seat: int, sessions: int) -> None:
        def run(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                db.execute(f"INSERT INTO presence (owner, game, seat, sessions, beat) VALUES (%s, %s, %s, %s, {NOW}) "
                           "ON CONFLICT (owner, game, seat) DO UPDATE SET sessions = EXCLUDED.sessions, "
                           "beat = EXCLUDED.beat", (owner, gid, seat, sessions))
                self._notify(db, "seat", gid)
        self._run(run)

    def connected(self, gid: int, owner: str, alive: float) -> dict[int, int]:
        return {seat: int(n) for seat, n in self._all(
            f"SELECT seat, sum(sessions) FROM presence WHERE game = %s AND owner <> %s AND beat > {NOW} - %s "
            "GROUP BY seat", (gid, owner, alive))}

    def beat(self, owner: str) -> None:
        self._run(lambda db: db.execute(f"UPDATE presence SET beat = {NOW} WHERE owner = %s", (owner,)))

    async def listen(self, heard: Callable[[Change], None]) -> None:
        """Hear the other processes' changes until cancelled. Each time the
        listening starts, ("resync", 0) says that changes may have been missed:
        those made between the hub's reading of the store and the LISTEN (a
        process starting while another creates a game), or while the
        database was away."""
        while True:
            try:
                aconn = await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                              connect_timeout=CONNECT_TIMEOUT)
                async with aconn:
                    await aconn.execute(f"LISTEN {CHANNEL}")
                    heard(("resync", 0))
                    async for note in aconn.notifies():
                        kind, gid, writer = (note.payload.split() + ["", "", ""])[:3]
                        if writer != self.me and gid.isdigit():
                            heard((kind, int(gid)))
            except psycopg.OperationalError as exc:
                log.warning("the database %s is away (%s); listening again in 1 s", self.where, _first_line(exc))
                await asyncio.sleep(1)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
