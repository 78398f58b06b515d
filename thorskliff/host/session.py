"""One terminal's game session at the host, whatever carries it: an SSH
channel (:mod:`thorskliff.ssh.server`) or a browser's websocket
(:mod:`thorskliff.web.server`). The session runs a
:class:`~.hostapp.HostedApp` on the hub and draws through its driver; the
transport gives it a :class:`Channel` and calls the methods below as the
terminal opens, types, resizes and goes."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Protocol

from ..ui.i18n import t
from .heap import _OUTPUT

if TYPE_CHECKING:
    from .config import Config
    from .hostapp import HostedApp
    from .heap import _Heap
    from .hub import Hub
    from .store import Store

log = logging.getLogger("thorskliff.ssh")

#: a client that reads nothing for this much output is dropped rather than buffered without end
MAX_BUFFERED = 8 * 1024 * 1024


class Channel(Protocol):
    """What a session writes to: an SSH channel, or a websocket dressed as one."""

    def write(self, data: str) -> Any: ...

    def get_write_buffer_size(self) -> int: ...

    def get_extra_info(self, name: str, default: Any = None) -> Any: ...

    def close(self) -> None: ...

    def exit(self, status: int) -> None: ...


class Host(Protocol):
    """What sessions and the transports' gates use of the running host
    (:class:`thorskliff.host.host.Host`, the composition root above them)."""

    config: Config
    hub: Hub
    store: Store
    heap: _Heap
    port: int
    closed: bool
    authorized: Any
    sessions: set[GameSession]
    gates: set[Any]
    players: set[Any]
    pending: dict[Any, None]

    @property
    def invite_base(self) -> str | None: ...

    def admit(self, gate: Any) -> None: ...

    def cap_problem(self, gate: Any, user: bool = True) -> str | None: ...


class Gatekeeper(Protocol):
    """The connection a session came through, as the session sees it."""

    where: str
    addr: str

    def refuse(self, reason: str) -> None: ...

    def session_ended(self) -> None: ...


#: OpenSSH's client shows a disconnect reason with anything beyond ASCII escaped
#: ("sp\303\244ter"): the reasons go out transliterated
_ASCII = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss",
                        "–": "-", "—": "-", "×": "x", "…": "...", "„": '"', "“": '"', "”": '"'})


def reason(text: str) -> str:
    """A disconnect reason as the client will show it: plain ASCII."""
    return text.translate(_ASCII).encode("ascii", "replace").decode()


def farewell_line(key: str, **params) -> str:
    """The last line a terminal reads before its connection closes: the
    catalogue's ``key`` (host.stops*, host.idle*, host.bye*) on a line of its own."""
    return f"\r\nthorskliff: {t(key, **params)}\r\n"


class GameSession:
    """One terminal's session: its channel and the app that draws on it."""

    #: what a failed write to the channel raises (the SSH session adds asyncssh's errors)
    WRITE_ERRORS: tuple[type[BaseException], ...] = (OSError,)

    def __init__(self, host: Host, user: str, gate: Gatekeeper | None = None):
        self.host = host
        self.user = user
        self.gate = gate
        self.chan: Any = None  # a Channel
        self.term_type = ""
        self.size = (80, 24)
        self.pty = False
        self.app: HostedApp | None = None
        self.task: asyncio.Task | None = None
        self.driver = None
        self.closed = False
        self.farewell = ""
        self._idle: asyncio.TimerHandle | None = None
        self._last_input = 0.0

    # ------------------------------------------------------------ the channel
    def connection_made(self, chan: Channel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size, term_modes) -> bool:
        self.pty = True
        self.term_type = term_type or "xterm"
        w, h = term_size[:2]
        self.size = (w or 80, h or 24)
        return True

    def session_started(self) -> None:
        if not self.pty:
            # the address the client reached, as it typed it: "HOST" left a new player guessing
            where = (self.chan.get_extra_info("sockname") or ("HOST",))[0]
            self.chan.write(t("host.no_pty", port=self.host.port, user=self.user, host=where) + "\r\n")
            self.closed = True
            self.chan.exit(1)
            if self.gate is not None:
                self.gate.session_ended()
            return
        self.host.sessions.add(self)
        self.app = self.make_app()
        _OUTPUT.enter()
        self.task = asyncio.get_running_loop().create_task(self._run())
        self._last_input = asyncio.get_running_loop().time()
        self._arm_idle()

    def make_app(self) -> HostedApp:
        from .hostapp import HostedApp

        app = HostedApp(self.host.hub, self.user, self)
        app.invite_base = self.host.invite_base
        return app

    async def _run(self) -> None:
        app = self.app
        assert app is not None  # session_started made it before this task
        try:
            await app.run_async()
        except Exception:  # one broken session must not take the server down
            log.exception("the app of %s failed", self.user)
        finally:
            _OUTPUT.leave()
            for s in getattr(self.app, "sessions", []):
                s.close()
            self.host.sessions.discard(self)
            self.host.heap.session_ended()
            if self._idle is not None:
                self._idle.cancel()
            if self.gate is not None:
                self.gate.session_ended()
            if not self.closed:
                # the player quit: a goodbye that says what stays (only OpenSSH's "Connection closed" came)
                left = getattr(self.app, "left_key", None)
                farewell = self.farewell or (farewell_line(left) if left else "")
                if farewell:
                    self.write(farewell)
                self.closed = True
                try:
                    self.chan.exit(0)
                except OSError:
                    pass

    def farewell_key(self, why: str) -> str:
        """The catalogue key of the farewell (``why``: "stops", "idle") for what this
        terminal shows (before its app runs: the plain one)."""
        say = getattr(self.app, "farewell_key", None)
        return say(why) if say is not None else f"host.{why}"

    def end(self, farewell: str = "") -> None:
        """Stop the app; the channel closes when it has."""
        self.farewell = farewell
        if self.app is not None:
            self.app.exit()
        elif self.chan is not None:
            self.chan.close()

    # ------------------------------------------------------------ the terminal, for the driver
    @property
    def who(self) -> str:
        return f"{self.user} from {self.gate.where if self.gate is not None else '?'}"

    def attach(self, driver) -> None:
        self.driver = driver

    def write(self, data: str) -> None:
        if self.closed or self.chan is None:
            return
        if self.chan.get_write_buffer_size() > MAX_BUFFERED:
            log.info("%s reads nothing; dropping the connection", self.user)
            self.closed = True
            self.chan.close()
            return
        try:
            self.chan.write(data)
        except self.WRITE_ERRORS:
            self.closed = True

    def data_received(self, data: str, datatype) -> None:
        self._last_input = asyncio.get_running_loop().time()
        if self.driver is not None:
            self.driver.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or self.size[0], height or self.size[1])
        if self.driver is not None:
            self.driver.resize(*self.size)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.driver = None
        if self.app is not None:
            self.app.exit()

    # ------------------------------------------------------------ idle
    def _arm_idle(self) -> None:
        limit = self.host.config.idle_timeout
        if not limit:
            return
        loop = asyncio.get_running_loop()
        due = self._last_input + limit
        if loop.time() >= due:
            if self.gate is not None:
                self.gate.refuse(f"no key for {limit:g} s")
            # what stays, as at a stop: a seat, the game watched, the games (from the lobby)
            self.end(farewell_line(self.farewell_key("idle"), s=f"{limit:g}"))
            return
        self._idle = loop.call_later(due - loop.time() + 0.01, self._arm_idle)
