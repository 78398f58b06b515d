"""A Textual driver for one SSH channel, in the server's own event loop.

Textual's terminal drivers read stdin in a thread and install process-wide
signal handlers (SIGWINCH, SIGTSTP, SIGCONT); many apps share this process,
so this driver does neither: the SSH session pushes input and window changes
into it (:meth:`SSHDriver.feed`, :meth:`SSHDriver.resize`) and it writes the
app's output to the channel. Suspending, opening a browser and delivering
files would act on the server, not the player's machine; they are refused.

All sessions share one event loop, so no session may cause unbounded work:
the terminal size is clamped (:data:`MAX_COLS` × :data:`MAX_ROWS`; drawing
grows with the area, and 10000×10000 froze every session for 20 s), and the
input is metered: characters by a budget that refills at :data:`INPUT_RATE`
per second (a chunk bigger than what is left, an oversize paste, is dropped
whole before it is even parsed, and so is what follows it within
:data:`PASTE_GAP`), and keys and mouse reports by another
(:data:`EVENT_RATE`). Dropped input is said on the player's screen.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

from textual import constants, events
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

from ..ui.i18n import t

log = logging.getLogger("thorskliff.ssh")

#: output bigger than this is sent in pieces, so one frame never waits on a huge buffer join
CHUNK = 64 * 1024
#: the biggest terminal drawn; a bigger window sees this much and a notice
MAX_COLS, MAX_ROWS = 300, 100
#: characters of input: at most INPUT_BURST at once, refilled at INPUT_RATE per second
INPUT_BURST, INPUT_RATE = 4096, 2048
#: keys and mouse reports: at most EVENT_BURST at once, refilled at EVENT_RATE per second
#: (held-down keys repeat at some 30 per second)
EVENT_BURST, EVENT_RATE = 64, 40
#: the drop notice at most this often (seconds)
NOTICE_EVERY = 2.0
#: input that comes within this long (seconds) of a dropped chunk is the rest of the same paste,
#: dropped with it: a 100 KB paste comes in 32 KB packets, and its last 1.7 KB fit the budget left,
#: so 64 of its letters reached the lobby as keys (and opened screens)
PASTE_GAP = 0.1
#: a window that keeps changing is laid out once it has been still for RESIZE_QUIET seconds,
#: and while it goes on changing at most every RESIZE_EVERY, the last size winning: one
#: spectator resizing 1,000 times in 10 s laid out his screen 1,000 times and slowed every
#: player's key from 8 ms to some 230 ms (at 10 layouts a second still to 490 ms on a loaded
#: machine, once a second to 240 ms); each layout also takes a token of the key budget, and
#: in a storm (over STORM_RESIZES changes in STORM_WINDOW) the window is laid out only once
#: it is still
RESIZE_QUIET, RESIZE_EVERY = 0.15, 1.0
#: more window changes than this in STORM_WINDOW seconds are a storm, logged once while it lasts
STORM_RESIZES, STORM_WINDOW = 50, 10.0


class Bucket:
    """A token bucket: ``take(n)`` is True (and takes) when n tokens are left."""

    def __init__(self, burst: float, rate: float):
        self.burst = burst
        self.rate = rate
        self.tokens = float(burst)
        self.when = time.monotonic()

    def take(self, n: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if n > self.tokens:
            return False
        self.tokens -= n
        return True


def clamp(width: int, height: int) -> tuple[int, int]:
    return max(1, min(width, MAX_COLS)), max(1, min(height, MAX_ROWS))


class Terminal(Protocol):
    """The SSH side of a session as the driver sees it."""

    term_type: str
    size: tuple[int, int]
    @property
    def who(self) -> str:
        """Who and where, for the server's log ("anna from 127.0.0.1 port 50122")."""

    def write(self, data: str) -> None: ...
    def attach(self, driver: SSHDriver | None) -> None: ...


class SSHDriver(Driver):
    """Built by the app (``driver_class=functools.partial(SSHDriver, terminal)``)."""

    def __init__(self, terminal: Terminal, app: Any, *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None):
        self._asked = size or terminal.size
        super().__init__(app, debug=debug, mouse=mouse, size=clamp(*self._asked))
        self.terminal = terminal
        # debug=True would make the parser log keys to a file in the server's cwd
        self._parser = XTermParser(debug=False)
        self._out: list[str] = []
        self._flush_soon: asyncio.Handle | None = None
        self._tick: asyncio.TimerHandle | None = None
        self._reading = False
        self._chars = Bucket(INPUT_BURST, INPUT_RATE)
        self._events = Bucket(EVENT_BURST, EVENT_RATE)
        self._dropped = 0
        #: until when input is the rest of a dropped paste (loop time)
        self._dropping_until = 0.0
        self._notice: asyncio.TimerHandle | None = None
        self._told_size: tuple[int, int] | None = None
        self._resize_soon: asyncio.TimerHandle | None = None
        self._resized_at = self._changed_at = float("-inf")
        #: window changes since the storm window began (loop time), and whether it was logged
        self._storm_since = float("-inf")
        self._storm_count = 0
        self._storm_told = False

    # ------------------------------------------------------------ what this driver is not
    @property
    def can_suspend(self) -> bool:
        return False

    def open_url(self, url: str, new_tab: bool = True) -> None:
        """A browser would open on the server: the app says the address instead."""

    def deliver_binary(self, binary, *, delivery_key: str, save_path, open_method="download", encoding=None,
                       mime_type=None, name=None) -> None:
        # A delivery would write a file on the server.
        binary.close()
        self._app.post_message(events.DeliveryFailed(key=delivery_key, name=name,
                                                     exception=OSError("no file delivery over SSH")))

    # ------------------------------------------------------------ output
    def write(self, data: str) -> None:
        self._out.append(data)
        if self._flush_soon is None:
            self._flush_soon = self._loop.call_soon(self.flush)

    def flush(self) -> None:
        if self._flush_soon is not None:
            self._flush_soon.cancel()
            self._flush_soon = None
        if not self._out:
            return
        data = "".join(self._out)
        self._out.clear()
        for i in range(0, len(data), CHUNK):
            self.terminal.write(data[i:i + CHUNK])

    # ------------------------------------------------------------ application mode
    def start_application_mode(self) -> None:
        write = self.write
        write("\x1b[?1049h")  # the alternate screen
        if self._mouse:
            write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")
        write("\x1b[?25l")  # no cursor
        write("\x1b[?1004h")  # focus in/out reports
        write("\x1b[?2004h")  # bracketed paste
        write("\x1b[?2026$p")  # does the terminal do synchronized output?
        write("\x1b[?7l")  # no line wrap
        self.flush()
        self._reading = True
        self.terminal.attach(self)
        self._post_size()

    def disable_input(self) -> None:
        self._reading = False
        self.terminal.attach(None)
        for handle in (self._tick, self._notice, self._resize_soon):
            if handle is not None:
                handle.cancel()
        self._tick = self._notice = self._resize_soon = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        write = self.write
        write("\x1b[?2004l\x1b[?7h")
        if self._mouse:
            write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        write("\x1b[?1004l\x1b[?1049l\x1b[?25h")
        self.flush()

    # ------------------------------------------------------------ input, from the SSH session
    def send_message(self, message) -> None:
        # Same thread and loop as the app: post directly instead of via a thread-safe hop.
        self._app.post_message(message)

    def feed(self, text: str) -> None:
        """Keys, mouse and terminal replies as the client sent them."""
        if not self._reading:
            return
        now = self._loop.time()
        if now < self._dropping_until or not self._chars.take(len(text)):
            # an oversize paste (or a flood): dropped whole, unparsed, up to its last piece;
            # a sequence cut in two by the drop must not garble what follows
            self._dropping_until = now + PASTE_GAP
            self._parser = XTermParser(debug=False)
            self._drop(len(text))
            return
        try:
            for event in self._parser.feed(text):
                self._deliver(event)
        except ParseError:
            return
        self._schedule_tick()

    def _deliver(self, event) -> None:
        if isinstance(event, (events.Key, events.MouseEvent)) and not self._events.take():
            if isinstance(event, events.Key):
                self._drop(1)
            return  # a dropped mouse report is only a missed hover
        self.process_message(event)

    def _drop(self, chars: int) -> None:
        """Count what was dropped; say so (once it stops, and at most every few seconds)."""
        self._dropped += chars
        if self._notice is None:
            self._notice = self._loop.call_later(0.2, self._tell_dropped)

    def _tell_dropped(self) -> None:
        n, self._dropped = self._dropped, 0
        self._notice = self._loop.call_later(NOTICE_EVERY, self._quiet) if n else None
        if n and self._reading:
            self._app.notify(t("host.input_dropped", n=n), severity="warning")
            log.info("%s: %d characters of input dropped (a paste over the budget, or a flood)", self._who(), n)

    def _quiet(self) -> None:
        self._notice = None
        if self._dropped:
            self._tell_dropped()

    def _schedule_tick(self) -> None:
        # A lone ESC is a key only once no sequence follows it within the delay.
        if self._tick is None and self._parser._timeout_time is not None:
            self._tick = self._loop.call_later(constants.ESCAPE_DELAY + 0.005, self._on_tick)

    def _on_tick(self) -> None:
        self._tick = None
        if not self._reading:
            return
        for event in self._parser.tick():
            self._deliver(event)
        self._schedule_tick()

    def _who(self) -> str:
        return getattr(self.terminal, "who", "?")

    def resize(self, width: int, height: int) -> None:
        """The client's window changed: laid out at once after a still spell, else once
        it is still again (or RESIZE_EVERY has passed), at the last size asked."""
        self._asked = (width, height)
        self._size = clamp(width, height)
        self._count_storm()
        now = self._loop.time()
        still = now - self._changed_at >= RESIZE_QUIET
        self._changed_at = now
        if not self._reading or self._resize_soon is not None:
            return
        if still and self._events.take():
            self._resized_at = now
            self._post_size()
        else:
            self._resize_soon = self._loop.call_later(RESIZE_QUIET, self._resized)

    def _resized(self) -> None:
        self._resize_soon = None
        if not self._reading:
            return
        now = self._loop.time()
        due = self._changed_at + RESIZE_QUIET
        if not self._storm_told:  # a drag is followed once a second; a storm only once it is over
            due = min(due, self._resized_at + RESIZE_EVERY)
        if now < due:
            self._resize_soon = self._loop.call_later(due - now, self._resized)
            return
        if not self._events.take():  # the key budget is spent: the layout waits for a token
            self._resize_soon = self._loop.call_later(1 / EVENT_RATE, self._resized)
            return
        self._resized_at = now
        self._post_size()

    def _count_storm(self) -> None:
        now = self._loop.time()
        if now - self._storm_since > STORM_WINDOW:
            self._storm_since, self._storm_count, self._storm_told = now, 0, False
        self._storm_count += 1
        if self._storm_count > STORM_RESIZES and not self._storm_told:
            self._storm_told = True
            log.info("%s: a resize storm (over %d window changes in %g s); laid out once it is still",
                     self._who(), STORM_RESIZES, STORM_WINDOW)

    def _post_size(self) -> None:
        now = self._size or clamp(*self._asked)
        size = Size(*now)
        self._app.post_message(events.Resize(size, size))
        asked = (self._asked[0], self._asked[1])
        if self._size != asked and self._told_size != asked:
            self._told_size = w, h = asked
            self._app.notify(t("host.too_large", w=w, h=h, mw=now[0], mh=now[1]),
                             severity="warning", timeout=10)
