"""When a bot plays a seat: one driver for the local app and the host.

A seat's own bot decides whenever the seat decides; a bot standing in for a
person who left (the host) takes over after a while away, plays only while
some person is at the table, and hands the seat back when its person
returns (:class:`StandIn`). Either way the decisions are made one after
another by :class:`SeatDriver`: wait the pace, ask what is due, let the bot
think off the event loop (a searching bot thinks a while), check that the
game has not moved on meanwhile, submit, tell the front end. The game
screen (``ui/screens/game.py``) and the hub (``ssh/hub.py``) give it their
session's questions and answers; neither schedules a bot itself.

No UI here, and no clock of its own: ``sleep`` and ``offload`` are given
(asyncio's by default), so the pacing is tested without waiting.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..engine.actions import Action


class BotJob(NamedTuple):
    """A bot's decision to be made: its ``seat``, how many record ``lines``
    the game had when it was asked, and ``think`` — the decision, computed
    on a copy of the game, so it may run off the UI thread; ``bot`` is the
    bot asked (its answer counts only while it still plays the seat)."""

    seat: int
    lines: int
    think: Callable[[], Action]
    bot: object = None


class SeatDriver:
    """Plays every decision due to a bot, one by one, until a person
    decides, the game ends or ``go_on`` says stop.

    - ``due()``: the :class:`BotJob` due now, or None;
    - ``submit(job, action)``: the answer submitted, or None when the game
      moved on while the bot thought (an undo, the seat taken back): the
      driver then asks again;
    - ``delay``: seconds before each decision (or a function giving them:
      the pace a player sets, 0 while skipping);
    - ``go_on()``: whether the driver may play on (the screen still shown,
      no summary open);
    - ``on_step(job, submitted)``: after each decision (False: stop);
    - ``on_error(job, exc)``: a bot's bug; the driver stops and the game
      waits for whoever starts it again;
    - ``on_end()``: the driver stopped while a bot is still due (a dialog
      closed the way): the front end starts it again when it may;
    - ``due_now()``: whether a bot decides now, cheaper than ``due()``.
    """

    def __init__(self, due: Callable[[], BotJob | None], submit: Callable[[BotJob, Action], object | None], *,
                 delay: float | Callable[[], float] = 0.0, go_on: Callable[[], bool] = lambda: True,
                 on_step: Callable[[BotJob, object], bool | None] | None = None,
                 on_error: Callable[[BotJob, Exception], None] | None = None,
                 on_end: Callable[[], None] | None = None, due_now: Callable[[], bool] | None = None,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
                 offload: Callable[..., Awaitable[Any]] = asyncio.to_thread):
        self.due = due
        self.submit = submit
        self.delay = delay if callable(delay) else (lambda: delay)
        self.go_on = go_on
        self.on_step = on_step
        self.on_error = on_error
        self.on_end = on_end
        #: whether a bot decides now, without making its job (a copy of the game)
        self.due_now = due_now or (lambda: self.due() is not None)
        self.sleep = sleep
        self.offload = offload
        self.running = False
        self.task: Any = None

    def wanted(self) -> bool:
        """Whether a bot decides now and the driver may play."""
        return self.go_on() and self.due_now()

    def start(self, spawn: Callable[[Coroutine], Any] | None = None) -> bool:
        """Start playing if a bot is due and the driver is not playing yet.
        ``spawn`` runs the coroutine (the screen's worker; by default a task
        of the running loop); what it returns is kept as ``task``."""
        if self.running or not self.wanted():
            return False
        self.running = True
        spawn = spawn or (lambda coro: asyncio.get_running_loop().create_task(coro))
        self.task = spawn(self.run())
        return True

    def stop(self) -> None:
        """Cancel the playing task (the host closing, the game deleted)."""
        if self.task is not None and hasattr(self.task, "cancel"):
            self.task.cancel()

    async def run(self) -> None:
        self.running = True
        try:
            while self.wanted():
                pause = self.delay()
                if pause > 0:
                    # a short pause lets people see each step before the next one
                    await self.sleep(pause)
                job = self.due()
                if job is None or not self.go_on():
                    break
                try:
                    action = await self.offload(job.think)
                    if not self.go_on():
                        break  # the front end closed meanwhile: the decision is not made
                    done = self.submit(job, action)
                except Exception as exc:  # a bot's bug must not end the app or the host
                    if self.on_error is None:
                        raise
                    self.on_error(job, exc)
                    break
                if done is not None and self.on_step is not None and self.on_step(job, done) is False:
                    break
        finally:
            self.running = False
            self.task = None
            if self.on_end is not None and self.wanted():
                # a bot became due while the driver was ending: nobody else would start it again
                self.on_end()


@dataclass
class StandIn:
    """When a bot stands in for a person who left a hosted game: after
    ``after`` seconds away (None: never), only while some person is at the
    table (nobody to play against: the game waits), and back to the person
    the moment they return."""

    after: float | None

    def wait_left(self, gone_since: float | None, now: float) -> float | None:
        """Seconds until the stand-in may take over (None: it never will)."""
        if self.after is None or gone_since is None:
            return None
        return max(0.0, gone_since + self.after - now)

    def takes_over(self, gone_since: float | None, now: float, *, connected: bool, standing_in: bool,
                   finished: bool, someone_here: bool) -> bool:
        """Whether the stand-in takes the seat now."""
        if self.after is None or connected or standing_in or gone_since is None or finished:
            return False
        if now - gone_since < self.after - 0.01:
            return False  # the player was back in between and left again; a later timer decides
        return someone_here

    @staticmethod
    def plays(standing_in: bool, someone_here: bool) -> bool:
        """Whether a seat's bot decides now: its own bot always, a stand-in
        only while some person plays at the table."""
        return not standing_in or someone_here

    @staticmethod
    def hands_back(standing_in: bool, connected: bool) -> bool:
        """Whether the seat goes back to its person (they are here again)."""
        return standing_in and connected
