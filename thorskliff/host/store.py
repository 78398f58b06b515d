"""The host's store: what the hub keeps of names, keys, browser tokens,
invitations, games and seats, as one interface (:class:`Store`) with its
backends behind it — SQLite (:class:`~.sqlitestore.SqliteStore`, the
default). The hub, the sessions and the transports see only this interface:
no backend's types (connections, cursors, errors) reach them.

A game is kept as its record text (``thorskliff.record``), rewritten after
every change; a restarted server replays each record and so resumes every
game exactly where it stood. A seat row says who sits there: a user name, a
bot kind, or nobody yet. A name belongs to one SSH key or to one browser
(stored as :data:`WEB_KEY` and the hash of its token, in the key's place).
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

#: how a browser's token hash is written where an SSH key would be
WEB_KEY = "web sha256:"


class SeatRow(NamedTuple):
    user: str | None
    bot: str | None


class GameRow(NamedTuple):
    id: int
    record: str
    seats: list[SeatRow]


class Store(Protocol):
    """What the host asks of its store; every change is durable when the call returns."""

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
    def new_game(self, record: str, seats: list[SeatRow]) -> int:
        """Keep a new game; its id."""

    def save_record(self, gid: int, record: str, finished: bool) -> None: ...

    def save_seat(self, gid: int, seat: int, row: SeatRow) -> None: ...

    def games(self) -> list[GameRow]:
        """Every game kept, oldest first."""
