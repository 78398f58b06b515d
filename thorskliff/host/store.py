"""The host's store: what the hub keeps of names, keys, browser tokens,
invitations, games and seats, as one interface (:class:`Store`) with its
backends behind it — SQLite (:class:`~.sqlitestore.SqliteStore`, the
default: one process) and PostgreSQL (:class:`~.pgstore.PgStore`: any
number of processes on any number of machines, #31). The hub, the sessions
and the transports see only this interface: no backend's types
(connections, cursors, errors) reach them; a store that cannot be reached
raises :class:`~.schema.StoreError`.

A game is kept as its record text (``thorskliff.record``) and its decision
log (``moves``): every decision or take-back is appended under its number,
and the process whose append wins has made it (:meth:`Store.append`); the
record text is rewritten in the same transaction, so a restarted server
replays each record and resumes every game exactly where it stood. Other
processes hear of every change (:meth:`Store.listen`) and apply the same
decisions in the same order to their copy of the game: the dice follow from
the seed. A seat row says who sits there: a user name, a
bot kind, or nobody yet. A name belongs to one SSH key or to one browser
(stored as :data:`WEB_KEY` and the hash of its token, in the key's place).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from .corr import Clocked, Terms
    from .ratings import Rating, Result

#: how a browser's token hash is written where an SSH key would be
WEB_KEY = "web sha256:"


class SeatRow(NamedTuple):
    user: str | None
    bot: str | None


class GameRow(NamedTuple):
    id: int
    record: str
    seats: list[SeatRow]
    #: how many rows of the decision log ``record`` holds
    moves: int = 0


class Move(NamedTuple):
    """One row of a game's decision log: ``kind`` "decide" (``body`` is the
    decision's notation) or "undo" (``seat`` takes its decision back)."""

    n: int
    seat: int
    kind: str
    body: str


#: what a store tells its listeners: ("move", game), ("seat", game), ("game", game)
Change = tuple[str, int]


class Store(Protocol):
    """What the host asks of its store; every change is durable when the call returns."""

    #: whether other processes may serve the same store (then they must be heard)
    shared: bool
    #: the schema versions applied as the store opened (.schema)
    migrated: list[int]

    def close(self) -> None: ...

    # names: one SSH key's or one browser's, looked up in any capitals
    def user_key(self, name: str) -> str | None:
        """The key (or WEB_KEY and a token hash) bound to ``name``, or None."""

    def spelling(self, name: str) -> str:
        """``name`` as its player first wrote it (or as given, if unknown)."""

    def bind_user(self, name: str, key: str) -> bool:
        """Bind ``name`` to ``key`` if free; whether it is ``key``'s now."""

    def web_user(self, token_hash: str) -> str | None:
        """The name of the browser whose token hashes to ``token_hash``."""

    def bind_web_user(self, name: str, token_hash: str) -> bool:
        """Bind ``name`` to a browser's token if free; whether it is the browser's now."""

    # invitations to a seat, by the hash of their token
    def new_invite(self, gid: int, seat: int, token_hash: str) -> None: ...

    def invite_seat(self, gid: int, token_hash: str) -> int | None:
        """The seat an invitation of game ``gid`` holds open, or None."""

    def drop_invites(self, gid: int, seat: int) -> None: ...

    # games and their seats
    def new_game(self, record: str, seats: list[SeatRow], terms: Terms | None = None) -> int:
        """Keep a new game (``terms``: a correspondence game's, corr.py); its id."""

    def save_record(self, gid: int, record: str, finished: bool, moves: int) -> None:
        """The record of ``gid`` without a decision (a seat renamed), written
        only while the stored one holds ``moves`` moves (else a newer one is there)."""

    def append(self, gid: int, move: Move, record: str, finished: bool) -> bool:
        """Log ``move`` as number ``move.n`` of ``gid`` with the record after
        it; False when that number is taken (another process decided first:
        nothing is written)."""

    def moves(self, gid: int, since: int) -> list[Move]:
        """The log of ``gid`` from number ``since`` on."""

    def game(self, gid: int) -> GameRow | None: ...

    def save_seat(self, gid: int, seat: int, row: SeatRow) -> None: ...

    def claim_seat(self, gid: int, seat: int, row: SeatRow) -> bool:
        """``row`` sits at ``seat`` if it is free; whether it does now."""

    def games(self) -> list[GameRow]:
        """Every game kept, oldest first."""

    # correspondence games (.corr, #32)
    def clocks(self) -> dict[int, Clocked]:
        """Every correspondence game's clock, by game."""

    def clock_of(self, gid: int) -> Clocked | None: ...

    def set_clock(self, gid: int, deadline: float | None, seat: int | None, warned: bool) -> None: ...

    def set_pause(self, gid: int, seat: int, days: int, until: float) -> None: ...

    # ratings (.ratings, #32)
    def ratings_of(self, players: list[str], pool: str) -> dict[str, Rating]:
        """The ratings ``players`` have in ``pool`` (a newcomer has none)."""

    def rated(self, results: list[Result]) -> bool:
        """Keep one game's results and the ratings after it, whole; False
        (nothing written) when that game was rated already."""

    def ratings(self, pool: str | None = None) -> list[tuple[str, Rating]]:
        """Every (pool, rating), or one pool's, best first (by Rating.shown)."""

    def results(self, player: str, limit: int = 20) -> list[Result]:
        """``player``'s latest rated games, newest first."""

    # many processes on one store (a single-process store answers as the only one)
    def claim(self, gid: int, owner: str, seconds: float) -> bool:
        """Whether ``owner`` drives ``gid``'s bots for the next ``seconds``:
        it did already, or nobody did, or the last driver's lease ran out."""

    def release(self, owner: str) -> None:
        """``owner`` stops: its leases and presence go at once."""

    def present(self, owner: str, gid: int, seat: int, sessions: int) -> None:
        """``owner`` holds ``sessions`` sessions at ``seat`` of ``gid`` now."""

    def connected(self, gid: int, owner: str, alive: float) -> dict[int, int]:
        """Sessions per seat of ``gid`` held by processes other than ``owner``
        that said so within ``alive`` seconds."""

    def beat(self, owner: str) -> None:
        """``owner`` is alive: its presence rows stay counted."""

    async def listen(self, heard: Callable[[Change], None]) -> None:
        """Call ``heard`` for every change other processes make, until cancelled
        (a single-process store returns at once: there are none)."""


class Names:
    """What both backends answer alike about names, over their own ``_user_row``
    (the row of a name in any capitals: its first spelling and its key)."""

    def _user_row(self, name: str) -> tuple[str, str] | None:
        raise NotImplementedError

    def bind_user(self, name: str, key: str) -> bool:
        raise NotImplementedError

    def user_key(self, name: str) -> str | None:
        """The key (or WEB_KEY and a token hash) bound to ``name`` in any capitals, or None."""
        row = self._user_row(name)
        return row[1] if row else None

    def spelling(self, name: str) -> str:
        """``name`` as its owner first wrote it (``name`` itself if nobody has it yet)."""
        row = self._user_row(name)
        return row[0] if row else name

    def bind_web_user(self, name: str, token_hash: str) -> bool:
        """Bind ``name`` to a browser's token unless the name is taken (by a key or another browser)."""
        return self.bind_user(name, WEB_KEY + token_hash)


def best_first(rows: list[Any]) -> list[tuple[str, Rating]]:
    """(pool, player, mu, sigma, games) rows as (pool, Rating), each pool best first."""
    from .ratings import Rating

    return sorted(((r[0], Rating(*r[1:])) for r in rows), key=lambda pr: (pr[0], -pr[1].shown, pr[1].player))


def clocks_from(corr: list[Any], pauses: list[Any]) -> dict[int, Clocked]:
    """(game, per_move, on_timeout, vacation, deadline, seat, warned) and (game, seat,
    days, until) rows as each game's Clocked."""
    from .corr import Clocked, Terms

    paused: dict[int, dict[int, tuple[int, float]]] = {}
    for gid, seat, days, until in pauses:
        paused.setdefault(gid, {})[seat] = (days, until)
    return {r[0]: Clocked(Terms(r[1], r[2], r[3]), r[4], r[5], bool(r[6]), paused.get(r[0], {})) for r in corr}
