"""``thorskliff serve --notify-cmd CMD`` (#32): a command run when it
becomes a player's move in a correspondence game, and once when their
deadline is 12 hours away — mail through ``sendmail``, a push message
through ``curl`` (README, docs/hosting.md).

CMD runs through ``/bin/sh -c`` with the player's name, the game, the event,
the deadline and a link in environment variables (never a token):
``THORSKLIFF_PLAYER``, ``THORSKLIFF_GAME``, ``THORSKLIFF_EVENT``
(``your_move`` or ``deadline``), ``THORSKLIFF_DEADLINE`` (ISO 8601, UTC),
``THORSKLIFF_LINK``. At most once per player and game an hour; each run is
cut off after :data:`LIMIT` seconds, its output read up to :data:`OUTPUT`
bytes and the rest dropped, and a failure logged — the host never waits
for it: a failing or hanging command never stops or slows the host.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from datetime import datetime, timezone

from .corr import HOUR, Clock

log = logging.getLogger("thorskliff.ssh")

#: seconds a notification command may run
LIMIT = 10.0
#: bytes of its output read (the rest is dropped; it is logged on failure only)
OUTPUT = 64 * 1024
#: seconds between two notifications of one player about one game
EVERY = HOUR


class Notifier:
    """``link(gid)``: where the player finds the game (a browser address, or the ssh command)."""

    def __init__(self, cmd: str, clock: Clock, link: str, limit: float = LIMIT):
        self.cmd = cmd
        self.clock = clock
        self.link = link
        self.limit = limit
        self._last: dict[tuple[str, int], float] = {}
        self._running: set[asyncio.Task[None]] = set()

    def tell(self, player: str, gid: int, event: str, deadline: float) -> bool:
        """Start the command for ``player`` (unless told about ``gid`` within the hour); whether it started."""
        now = self.clock.now()
        last = self._last.get((player, gid))
        if last is not None and now - last < EVERY:
            return False
        self._last[(player, gid)] = now
        env = dict(os.environ, THORSKLIFF_PLAYER=player, THORSKLIFF_GAME=str(gid), THORSKLIFF_EVENT=event,
                   THORSKLIFF_DEADLINE=datetime.fromtimestamp(deadline, timezone.utc).isoformat(timespec="seconds"),
                   THORSKLIFF_LINK=self.link.replace("{game}", str(gid)))
        task = asyncio.ensure_future(self._run(env, player, gid))
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return True

    async def _run(self, env: dict[str, str], player: str, gid: int) -> None:
        try:
            proc = await asyncio.create_subprocess_exec("/bin/sh", "-c", self.cmd, env=env,
                                                        stdin=asyncio.subprocess.DEVNULL,
                                                        stdout=asyncio.subprocess.PIPE,
                                                        stderr=asyncio.subprocess.STDOUT,
                                                        start_new_session=True)  # killed whole, children too
        except OSError as exc:
            log.error("notify-cmd for %s (game %s) did not start: %s", player, gid, exc)
            return
        assert proc.stdout is not None
        out = b""
        try:
            async with asyncio.timeout(self.limit):
                while chunk := await proc.stdout.read(OUTPUT):
                    if len(out) < OUTPUT:
                        out += chunk[:OUTPUT - len(out)]  # the rest is read and dropped: the pipe never fills
                code = await proc.wait()
        except TimeoutError:
            # the shell and whatever it started (a child holding the pipe would keep wait() waiting)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()
            log.error("notify-cmd for %s (game %s) cut off after %.0f s", player, gid, self.limit)
            return
        if code != 0:
            said = out.decode("utf-8", "replace").strip().splitlines()
            log.error("notify-cmd for %s (game %s) failed (exit %s): %s", player, gid, code,
                      said[-1][:200] if said else "no output")

    async def drain(self) -> None:
        """Wait for the commands running (tests; a stopping host does not)."""
        if self._running:
            await asyncio.wait(list(self._running))
