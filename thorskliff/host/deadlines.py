"""The clocks of a hub's correspondence games (#32, corr.py): a deadline
set when a person's seat begins to decide, a warning 12 hours before it,
the creator's choice applied when it passes, a player's pause.

Only the process that logged a change sets the next deadline, and only the
process holding a game's lease applies its timeout (sharing.py, #31); a
timeout's decisions go through the game's log like any other, so a game is
timed out once however many processes look at it.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

from ..ui.i18n import t
from .corr import DAY, WARN_BEFORE, Clock, Clocked, deadline_for
from .replica import body_of
from .schema import StoreError

if TYPE_CHECKING:
    from ..engine.actions import Action
    from .hub import Hub, HubGame
    from .notify import Notifier

log = logging.getLogger("thorskliff.ssh")

#: seconds between two looks at the deadlines (a deadline is kept to within this)
TICK = 30.0


class Deadlines:
    def __init__(self, hub: Hub, clock: Clock, notifier: Notifier | None = None):
        self.hub = hub
        self.clock = clock
        self.notifier = notifier
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.ensure_future(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            try:
                await self.tick()
            except StoreError as exc:
                log.warning("deadlines not looked at: the store is away (%s)", exc)

    # ------------------------------------------------------------ after a change
    def changed(self, hg: HubGame) -> None:
        """``hg`` changed here: a person's seat that begins to decide gets its deadline."""
        c = hg.clocked
        if c is None:
            return
        d = hg.state.current_player()
        person = d >= 0 and not hg.finished and hg.seats[d].user is not None and not hg.seats[d].bot
        if not person:
            if c.seat is not None:
                c.deadline, c.seat, c.warned = None, None, False
                self.hub.store.set_clock(hg.id, None, None, False)
            return
        if c.seat == d and c.deadline is not None:
            return  # the same turn goes on: its clock runs on
        c.deadline, c.seat, c.warned = deadline_for(c, d, self.clock.now()), d, False
        self.hub.store.set_clock(hg.id, c.deadline, d, False)
        self._tell(hg, d, "your_move")

    def _tell(self, hg: HubGame, seat: int, event: str) -> None:
        user = hg.seats[seat].user
        c = hg.clocked
        if self.notifier is not None and user is not None and c is not None and c.deadline is not None:
            self.notifier.tell(user, hg.id, event, c.deadline)

    # ------------------------------------------------------------ when time passes
    async def tick(self) -> list[int]:
        """Warn those whose deadline is near and apply the timeouts due; the games timed out."""
        now = self.clock.now()
        done = []
        for hg in list(self.hub.games.values()):
            c = hg.clocked
            if c is None or c.deadline is None or c.seat is None or hg.finished:
                continue
            if hg.state.current_player() != c.seat:
                continue  # a change not followed yet (another process's)
            if now >= c.deadline:
                if self.hub._drives(hg):
                    await self._time_out(hg, c)
                    done.append(hg.id)
            elif not c.warned and c.deadline - now <= WARN_BEFORE:
                c.warned = True
                self.hub.store.set_clock(hg.id, c.deadline, c.seat, True)
                self._tell(hg, c.seat, "deadline")
        return done

    async def _time_out(self, hg: HubGame, c: Clocked) -> None:
        """The creator's choice for a seat whose time ran out: it resigns, or a
        bot plays its turn (and, where resigning is not allowed now, until it is)."""
        from ..bots.registry import level_bot, make_bot
        from ..bots.seats import decide

        seat = c.seat
        assert seat is not None
        deadline = c.deadline
        log.info("game %s: seat %s's time ran out (%s)", hg.id, seat + 1, c.terms.on_timeout)
        kind, _, level = c.terms.on_timeout.partition(":")
        bot = make_bot(level_bot(level or "mittel") or "greedy")
        rng = random.Random(f"{hg.game.setup.seed}-timeout-{hg.moves}")
        while hg.state.current_player() == seat and not hg.finished and c.deadline == deadline:
            if kind == "resign" and hg.local.explain("resign", seat) is None:
                action: str | Action = "resign"
            else:
                st = hg.state.clone()
                action = await asyncio.to_thread(decide, bot, st, seat, rng)
                if hg.state.current_player() != seat:
                    break  # the player came back and decided meanwhile
            lines = hg.local.submit(action, seat)
            try:
                self.hub._log(hg, seat, "decide", body_of(lines[0]))
            except Exception as exc:  # lost to another process, or the store away: the next tick looks again
                log.warning("game %s: the timeout's decision was not made (%s)", hg.id, exc)
                return
            self.hub._tell(hg)
        self.hub._changed(hg)

    # ------------------------------------------------------------ a pause
    def vacation(self, hg: HubGame, seat: int, days: int) -> float:
        """``seat`` stops its clock for ``days`` days (its allowance permitting); until
        when. ValueError, said in words, for a pause beyond it or a live game."""
        c = hg.clocked
        if c is None:
            raise ValueError(t("corr.not_corr", id=hg.id))
        used = c.days_used(seat)
        if days < 1 or used + days > c.terms.vacation_days:
            raise ValueError(t("corr.pause_range", days=days, left=c.terms.vacation_days - used))
        now = self.clock.now()
        until = max(now, c.paused_until(seat)) + days * DAY
        c.pauses = dict(c.pauses or {})
        c.pauses[seat] = (used + days, until)
        self.hub.store.set_pause(hg.id, seat, used + days, until)
        if c.seat == seat and c.deadline is not None:  # the running turn keeps the time it had left
            c.deadline += days * DAY
            c.warned = False
            self.hub.store.set_clock(hg.id, c.deadline, seat, False)
        log.info("game %s: seat %s pauses %s day(s)", hg.id, seat + 1, days)
        return until
