"""The host's memory: many Textual apps in one process (#14)."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
import time
from collections.abc import Callable

from ..ui.textual_patches import acyclic

log = logging.getLogger("thorskliff.ssh")


class _Output:
    """Textual redirects sys.stdout/stderr while an app runs and restores
    them when it ends; with many apps ending in any order that would leave a
    finished app's capture in place. The streams in use before the first
    app started are put back once the last one has ended."""

    def __init__(self):
        self.running = 0
        self.saved = (sys.stdout, sys.stderr)

    def enter(self) -> None:
        if self.running == 0:
            self.saved = (sys.stdout, sys.stderr)
        self.running += 1

    def leave(self) -> None:
        self.running -= 1
        if self.running == 0:
            sys.stdout, sys.stderr = self.saved


_OUTPUT = _Output()


def resident_mb() -> float:
    """This process's resident memory in MB (0 where /proc is not there: then
    only ended sessions and the clock bring a sweep)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, IndexError):
        return 0.0


class _Heap:
    """Each session's app holds some 30 000 objects for as long as it runs; a
    full garbage collection walks every one of them, and with 32 sessions it
    stops every session for about a second. So whatever survives a full
    collection is frozen right after it (``gc.freeze``: later collections
    skip it) and each full collection walks only what is younger. Every full
    collection freezes, not one in 30 s: with a freeze every 30 s the
    sessions started since the last one stayed unfrozen, and at 32 sessions
    a full collection walking them stopped every session for 0.2-0.5 s,
    some 3 ms per key and per decision per screen (bench_ssh, #14).

    What was frozen and dies later as a cycle stays until a sweep. The lines
    every redraw replaces were such cycles (each Textual ``Strip`` kept itself
    in its own caches) until :mod:`.acyclic`: they were most of the garbage,
    brought a full collection every 2-3 s at 32 sessions and, frozen, some
    1 MB per session. What is still frozen and dies later (an ended session,
    a closed dialog, a footer's old keys) stays until a sweep of everything,
    which comes
    once the server's memory has grown by half since the last sweep, after
    ``SWEEP_AFTER`` ended sessions (at most once per ``SWEEP_GAP``), or every
    ``SWEEP_EVERY`` seconds: rare
    pauses instead of one every few seconds.

    A sweep stops every session for as long as it walks every object (about
    0.4 s per 300 000 on this 2-core machine under load: 1-2 s at 32-64
    sessions). The memory of sessions started since the last sweep is
    alive, not garbage: some ``PER_SESSION`` MB each are not counted as
    growth, or a table filling up would be swept at once, at its fullest.

    Growth is read from the resident memory (/proc/self/statm), not by
    counting the frozen objects: ``gc.get_freeze_count`` walks every one of
    them, and at 64 sessions that stopped all sessions for 0.3-1 s every
    ``CHECK`` seconds (a quarter of the server's time in bench_ssh)."""

    CHECK = 5.0
    GROWTH = 1.5
    SWEEP_AFTER = 8
    #: ended sessions sweep at most this often (s): each sweep stops every session for
    #: 0.4-0.6 s at 64 sessions, and one client connecting and leaving over and over, or a
    #: table of 64 leaving at once, swept after every 8 departures (#14)
    SWEEP_GAP = 60.0
    SWEEP_EVERY = 600.0
    #: memory a session's app holds in a game, in MB: some 4.1-4.4 measured at 64 sessions
    #: (bench_ssh), so an upper bound; the sweep's log line says what was kept
    PER_SESSION = 5.0
    #: growth this small (MB) is never swept for
    SLACK = 50.0

    def __init__(self, live: Callable[[], int] = lambda: 0):
        #: how many sessions there are now
        self.live = live
        self.live_at_base = 0
        self.ended = 0
        #: the resident memory (MB) the last sweep kept
        self.base = 0.0
        self.last = time.monotonic()
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        acyclic.install()  # the lines every session draws and replaces die by their reference count
        self.base = resident_mb()  # the server alone
        gc.callbacks.append(self._collected)
        self.task = asyncio.get_running_loop().create_task(self._sweeper())

    def _collected(self, phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            gc.freeze()

    def session_ended(self) -> None:
        self.ended += 1
        if self._ended_due():
            self.sweep()

    def _ended_due(self) -> bool:
        return self.ended >= self.SWEEP_AFTER and time.monotonic() - self.last >= self.SWEEP_GAP

    def sweep(self) -> None:
        began = time.perf_counter()
        gc.unfreeze()
        gc.collect()  # its callback freezes what is left
        self.base = resident_mb()
        self.live_at_base = self.live()
        self.ended = 0
        self.last = time.monotonic()
        log.info("swept the heap: %.0f MB kept, %d sessions, %.2f s", self.base, self.live_at_base,
                 time.perf_counter() - began)

    def grown(self, resident: float) -> bool:
        """Whether ``resident`` MB are more than the last sweep kept, the
        sessions started since and half again."""
        alive = self.base + self.PER_SESSION * max(0, self.live() - self.live_at_base)
        return resident > self.GROWTH * alive + self.SLACK

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.CHECK)
            if (self.grown(resident_mb()) or self._ended_due()
                    or time.monotonic() - self.last >= self.SWEEP_EVERY):
                self.sweep()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        gc.unfreeze()
