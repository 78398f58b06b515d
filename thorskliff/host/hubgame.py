"""One hosted game in the hub: its seats (who sits there, how many sessions
each has here and elsewhere) and the game itself, a copy of the store's log
(:mod:`.replica`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import record
from ..game import Game
from ..ui.session import LocalSession
from .store import SeatRow

if TYPE_CHECKING:
    from .corr import Clocked
    from ..bots.seats import Seats
    from ..play.driver import SeatDriver
    from .remote import RemoteSession


@dataclass
class SeatInfo:
    """Who sits at a seat. ``bot``: the kind of bot that plays it for good;
    ``away_bot``: a bot plays it while its player is gone."""

    user: str | None = None
    bot: str | None = None
    sessions: int = 0
    #: sessions at this seat held by other processes (a shared store)
    elsewhere: int = 0
    gone_since: float | None = None
    away_bot: bool = False

    @property
    def free(self) -> bool:
        return self.user is None and self.bot is None

    @property
    def connected(self) -> bool:
        return self.sessions + self.elsewhere > 0

    def row(self) -> SeatRow:
        return SeatRow(self.user, self.bot)


class HubGame:
    """One hosted game: the game with its events per line (a LocalSession that
    saves nowhere; the hub stores the record), its seats and its sessions."""

    def __init__(self, gid: int, game: Game, seats: list[SeatInfo], moves: int = 0, text: str | None = None):
        self.id = gid
        self.local = LocalSession(game)
        self.seats = seats
        #: a correspondence game's clock (corr.py), None for a live game
        self.clocked: Clocked | None = None
        #: how many moves of the store's log this copy holds, and its record after them
        self.moves = moves
        self.text = record.dumps(game) if text is None else text
        self.sessions: list[RemoteSession] = []
        self.bots: Seats | None = None  # once a bot plays here (each seat's bot and generator)
        #: plays the bots' decisions (play/driver.py), made by the hub at the first bot due
        self.driver: SeatDriver | None = None
        #: counts the changes told to the sessions (Hub._tell)
        self.version = 0
        #: the spectators' view and what it was made from (version, record length, state)
        self._public: tuple[tuple, dict, object] | None = None

    @property
    def game(self) -> Game:
        return self.local.game

    @property
    def state(self):
        return self.local.game.state

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def name(self, seat: int) -> str:
        return self.state.players[seat].name

    def spectators(self) -> int:
        return sum(1 for s in self.sessions if s.seat is None)

    def public_view(self) -> dict:
        """What a spectator sees, made once per change and handed to every
        spectator alike: one object, so what the screens draw from it alone
        is drawn once for all of them (ui.viewmemo). Never a seat's view:
        a seat's holds its own potion kinds (R-SECRET-1)."""
        made_from = (self.version, len(self.game.lines), id(self.state))
        if self._public is None or self._public[0] != made_from or self._public[2] is not self.state:
            self._public = (made_from, self.local.view(None), self.state)
        return self._public[1]

    def seat_of(self, user: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user == user:
                return i
        return None

    def is_bot(self, seat: int) -> bool:
        return self.bots is not None and self.bots.is_bot(seat)
