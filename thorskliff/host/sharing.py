"""This process among the others serving one store (#31).

With a shared store (PostgreSQL) a hub hears every change another process
makes and follows it (:meth:`Sharing.heard`): new games join its lobby,
decisions are applied to its copy (:mod:`.replica`), seats and presence are
read again. It tells the others how many sessions it holds at each seat
(:meth:`Sharing.present`), says every :data:`SWEEP` seconds that it is
alive, and at that beat starts the bots of any game whose driver is gone
(the lease of :meth:`Hub._drives` ran out). With a SQLite store there is
no other process, and all of this is skipped.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from typing import TYPE_CHECKING

from . import replica
from .schema import StoreError
from .store import Change

if TYPE_CHECKING:
    from .hub import Hub, HubGame

log = logging.getLogger("thorskliff.ssh")

#: seconds between a process's beats (presence kept alive, driverless games' bots started)
SWEEP = 2.0
#: seconds a process's presence rows count after its last beat
PRESENCE_ALIVE = 10.0


class Sharing:
    def __init__(self, hub: Hub):
        self.hub = hub
        #: this process, as the store's leases and presence rows name it
        self.owner = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def on(self) -> bool:
        return self.hub.store.shared

    def start(self) -> None:
        """In the running loop: listen and beat (a shared store only)."""
        if not self.on or self._tasks:
            return
        for hg in list(self.hub.games.values()):
            try:
                self.reseat(hg)  # who is connected through the other processes
            except StoreError:
                break
        self._tasks = [asyncio.ensure_future(self.hub.store.listen(self.heard)),
                       asyncio.ensure_future(self._beat())]

    def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks.clear()
        if self.on:
            try:
                self.hub.store.release(self.owner)  # its games' bots pass to another process at once
            except StoreError:
                pass  # the leases run out by themselves

    def present(self, hg: HubGame, seat: int) -> None:
        """Tell the other processes how many sessions this one holds at ``seat``."""
        if not self.on:
            return
        try:
            self.hub.store.present(self.owner, hg.id, seat, hg.seats[seat].sessions)
        except StoreError as exc:
            log.warning("game %s: presence not told (%s); the next beat tells it", hg.id, exc)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                self.hub.store.beat(self.owner)
            except StoreError as exc:
                log.warning("the store is away (%s)", exc)
                continue
            for hg in list(self.hub.games.values()):
                try:
                    if any(s.elsewhere for s in hg.seats):
                        self.follow(hg, True)  # a process that died says nothing: its presence runs out
                except StoreError:
                    break
                if self.hub._bot_due(hg):
                    self.hub._run_bots(hg)  # its driver may be gone (the lease decides)

    # ------------------------------------------------------------ what the others changed
    def heard(self, change: Change) -> None:
        """Another process changed the store (:meth:`Store.listen`)."""
        kind, gid = change
        log.debug("heard %s of game %s", kind, gid)
        hub = self.hub
        try:
            if kind == "resync":  # the store was away: anything may have been missed
                for row in hub.store.games():
                    if row.id not in hub.games:
                        hub._add(row)
                for hg in list(hub.games.values()):
                    self.follow(hg, True)
                hub._lobby_changed()
                return
            known = hub.games.get(gid)
            if known is None:
                new = hub.store.game(gid)
                if new is not None and hub._add(new) is not None:
                    hub._lobby_changed()
                return
            if kind == "clock" or (kind == "move" and known.clocked is not None):
                known.clocked = hub.store.clock_of(gid)  # the deciding process set the next deadline
                if kind == "clock":
                    hub._tell(known)
                    return
            self.follow(known, kind == "seat")
        except StoreError as exc:
            log.warning("game %s: a change not followed yet (%s)", gid, exc)

    def follow(self, hg: HubGame, seats: bool) -> None:
        moved = replica.catch_up(hg, self.hub.store)
        seated = self.reseat(hg) if seats else False
        if moved or seated:
            self.hub._tell(hg)
            self.hub._run_bots(hg)

    def reseat(self, hg: HubGame) -> bool:
        """Seats and presence as the store has them now; whether they changed."""
        hub = self.hub
        row = hub.store.game(hg.id)
        changed = row is not None and replica.sync_seats(hg, row)
        for i, s in enumerate(hg.seats):
            if s.bot and not hg.is_bot(i):
                hub._give_bot(hg, i, s.bot)
        if not self.on:
            return changed
        away = hub.store.connected(hg.id, self.owner, PRESENCE_ALIVE)
        now = time.monotonic()
        for i, s in enumerate(hg.seats):
            was = s.connected
            s.elsewhere = away.get(i, 0)
            if s.connected and not was:
                s.gone_since = None
                if s.away_bot and hg.bots is not None:
                    s.away_bot = False
                    hg.bots.hand_back(i)
                changed = True
            elif was and not s.connected and s.user is not None:
                s.gone_since = now
                hub._arm_takeover(hg, i)
                changed = True
        return changed
