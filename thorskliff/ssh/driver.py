"""A Textual driver for one SSH channel, in the server's own event loop.

Textual's terminal drivers read stdin in a thread and install process-wide
signal handlers (SIGWINCH, SIGTSTP, SIGCONT); many apps share this process,
so this driver does neither: the SSH session pushes input and window changes
into it (:meth:`SSHDriver.feed`, :meth:`SSHDriver.resize`) and it writes the
app's output to the channel. Suspending, opening a browser and delivering
files would act on the server, not the player's machine; they are refused.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from textual import constants, events
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

#: output bigger than this is sent in pieces, so one frame never waits on a huge buffer join
CHUNK = 64 * 1024


class Terminal(Protocol):
    """The SSH side of a session as the driver sees it."""

    term_type: str
    size: tuple[int, int]

    def write(self, data: str) -> None: ...
    def attach(self, driver: SSHDriver | None) -> None: ...


class SSHDriver(Driver):
    """Built by the app (``driver_class=functools.partial(SSHDriver, terminal)``)."""

    def __init__(self, terminal: Terminal, app: Any, *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None):
        super().__init__(app, debug=debug, mouse=mouse, size=size or terminal.size)
        self.terminal = terminal
        # debug=True would make the parser log keys to a file in the server's cwd
        self._parser = XTermParser(debug=False)
        self._out: list[str] = []
        self._flush_soon: asyncio.Handle | None = None
        self._tick: asyncio.TimerHandle | None = None
        self._reading = False

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
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

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
        try:
            for event in self._parser.feed(text):
                self.process_message(event)
        except ParseError:
            return
        self._schedule_tick()

    def _schedule_tick(self) -> None:
        # A lone ESC is a key only once no sequence follows it within the delay.
        if self._tick is None and self._parser._timeout_time is not None:
            self._tick = self._loop.call_later(constants.ESCAPE_DELAY + 0.005, self._on_tick)

    def _on_tick(self) -> None:
        self._tick = None
        if not self._reading:
            return
        for event in self._parser.tick():
            self.process_message(event)
        self._schedule_tick()

    def resize(self, width: int, height: int) -> None:
        """The client's window changed."""
        self._size = (max(1, width), max(1, height))
        if self._reading:
            self._post_size()

    def _post_size(self) -> None:
        size = Size(*self._size)
        self._app.post_message(events.Resize(size, size))
