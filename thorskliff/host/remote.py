"""One SSH session's handle on one seat of a hub game (or a spectator's).

It answers the app like :class:`thorskliff.ui.session.LocalSession` does, but
for its own seat only: whatever seat the app asks about, it sees and decides
as the seat the hub gave it, so one player's screen can never show another
seat's potion kinds nor decide for it. Changes go through the hub; the hub
calls :meth:`RemoteSession.notify` after every change made elsewhere.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine.actions import ActionError, WrongSeatError
from ..engine.messages import Msg
from ..ui.session import MenuEntry

if TYPE_CHECKING:
    from .hub import Hub, HubGame


class RemoteSession:
    """``seat`` is 0-based, or None for a spectator."""

    auto_chance = True
    path = None

    def __init__(self, hub: Hub, hg: HubGame, seat: int | None, user: str):
        self.hub = hub
        self.hg = hg
        self.seat = seat
        self.user = user
        self.closed = False
        #: called (in the context of the app that holds this session) after a change made elsewhere
        self.on_change: Callable[[], None] | None = None
        self._context = contextvars.copy_context()

    @property
    def game_id(self) -> int:
        return self.hg.id

    @property
    def num_players(self) -> int:
        return self.hg.state.num_players

    # ------------------------------------------------------------ reading
    def decider(self) -> int:
        return self.hg.local.decider()

    def view(self, seat: int | None = None) -> dict:
        if self.seat is None:
            return self.hg.public_view()  # one object for all spectators: draw from it, never change it
        return self.hg.local.view(self.seat)

    def chance_request(self) -> tuple[str, ...]:
        return self.hg.local.chance_request()

    @property
    def hints(self) -> bool:
        """Hints only where the host allows them (``thorskliff serve --hints``)."""
        return self.hub.hints

    def hint_state(self, seat: int | None = None):
        """The game as this connection's seat may see it, for a hint's search."""
        if self.seat is None:
            raise WrongSeatError("R-TURN-5", "spectator_decides")
        return self.hg.local.hint_state(self.seat)

    def events(self, viewer: int | None = None) -> list[tuple]:
        """The game's events as this connection's seat may see them (never
        another seat's potion kinds): its game log and summaries are drawn
        from them. The hosted game keeps them per seat, line by line."""
        return self.hg.local.events(self.seat)

    def explain(self, decision, seat: int | None = None) -> ActionError | None:
        if self.seat is None:
            return WrongSeatError("R-TURN-5", "spectator_decides")
        return self.hg.local.explain(decision, self.seat)

    def action_menu(self, seat: int | None = None) -> list[MenuEntry]:
        return [] if self.seat is None else self.hg.local.action_menu(self.seat)

    def undo_problem(self, seat: int | None = None) -> Msg | None:
        if self.seat is None:
            return Msg("spectator_undo")
        return self.hg.local.undo_problem(self.seat)

    # ------------------------------------------------------------ deciding (through the hub)
    def submit(self, decision, seat: int | None = None) -> list[str]:
        return self.hub.submit(self, decision)

    def undo(self, seat: int | None = None) -> str:
        return self.hub.undo(self)

    def roll(self, dice: str | None = None) -> list[str]:
        raise ActionError("dice_hosted")

    # ------------------------------------------------------------ the hub's side
    def notify(self) -> None:
        """Something changed: run ``on_change`` in the session's own app."""
        if self.closed or self.on_change is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._context.run(self.on_change)
            return
        loop.call_soon(self._deliver, context=self._context)

    def _deliver(self) -> None:
        if not self.closed and self.on_change is not None:
            self.on_change()

    def presence(self) -> list[tuple[str, str]]:
        """(name, state) per seat; state is connected, away, bot, away-bot or free."""
        out = []
        for i, s in enumerate(self.hg.seats):
            if s.bot:
                state = "bot"
            elif s.user is None:
                state = "free"
            elif s.away_bot:
                state = "away-bot"
            else:
                state = "connected" if s.connected else "away"
            out.append((self.hg.name(i), state))
        return out

    def spectators(self) -> int:
        return self.hg.spectators()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.hub.detach(self)
