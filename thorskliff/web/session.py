"""A browser tab's game session (:class:`WebSession`): the host's
:class:`~thorskliff.host.session.GameSession` on a websocket dressed as a
channel (:class:`WebChannel`), admitted as :class:`WebGate`."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Callable

from aiohttp import web

from ..host.session import GameSession
from ..ui.i18n import t

log = logging.getLogger("thorskliff.web")


def closing_frame(text: str) -> str:
    """The frame that tells the page why its connection ends (shown in its closed bar)."""
    return json.dumps(["closing", text], ensure_ascii=False)


def tab_title(waiting: int) -> str:
    """The tab's title: how many correspondence games wait for the player's move (#32),
    "(2) Dein Zug — …", or the page's plain title when none does."""
    return t("corr.tab_title", n=waiting, title=t("web.page_title")) if waiting else t("web.page_title")


def title_frame(waiting: int) -> str:
    """The frame that sets the tab's title while it is open (page.js)."""
    return json.dumps(["title", tab_title(waiting)], ensure_ascii=False)


class WebChannel:
    """A websocket where GameSession expects an SSH channel: text written goes
    out as binary frames, in order, from one sender task; what the browser
    has not taken yet counts as the write buffer (GameSession drops a
    connection that reads nothing). When the session ends, ``last_words``
    (if set) says why, in a ``["closing", text]`` frame the page shows in
    its closed bar (textual.js ignores a kind it does not know)."""

    def __init__(self, ws: web.WebSocketResponse):
        self.ws = ws
        #: bytes for the terminal, or a str: a JSON text frame for the page
        self._out: list[bytes | str] = []
        self._size = 0
        self._sender: asyncio.Task | None = None
        self._closing = False
        self.last_words: Callable[[], str] | None = None

    def write(self, data: str) -> None:
        if self._closing:
            return
        b = data.encode("utf-8", "replace")
        self._queue(b)

    def say(self, frame: str) -> None:
        """A JSON text frame for the page itself, in order with the terminal's output."""
        if not self._closing:
            self._queue(frame)

    def _queue(self, item: bytes | str) -> None:
        self._out.append(item)
        self._size += len(item)
        if self._sender is None:
            self._sender = asyncio.get_running_loop().create_task(self._send())

    def get_write_buffer_size(self) -> int:
        return self._size

    async def _send(self) -> None:
        try:
            while self._out and not self.ws.closed:
                items = list(self._out)
                self._out.clear()
                self._size = 0
                data = b""
                for item in items:
                    if isinstance(item, bytes):
                        data += item
                        continue
                    if data:
                        await self.ws.send_bytes(data)
                        data = b""
                    await self.ws.send_str(item)
                if data:
                    await self.ws.send_bytes(data)
        except (ConnectionError, RuntimeError):
            self._out.clear()
            self._size = 0
        finally:
            self._sender = None
        if self._closing:
            await self.ws.close()

    def exit(self, status: int = 0) -> None:
        """The session has ended: say why, close once everything written has gone out."""
        if not self._closing and self.last_words is not None:
            self._queue(closing_frame(self.last_words()))
        self._closing = True
        if self._sender is None:
            asyncio.get_running_loop().create_task(self.ws.close())

    def close(self) -> None:
        """Drop the connection now (a browser that reads nothing): what it has
        not taken is thrown away, not waited for."""
        self._closing = True
        self._out.clear()
        self._size = 0
        if self._sender is not None:
            self._sender.cancel()
        asyncio.get_running_loop().create_task(self.ws.close())


class WebGate:
    """A browser connection as the host's caps and log lines see it (like
    the SSH Gate: an address and a user name)."""

    def __init__(self, addr: str):
        self.addr = addr
        self.where = f"browser {addr}"
        self.user = ""

    def refuse(self, why: str) -> None:
        """A refusal logged with address, name if known, reason; never a token."""
        who = f" ({self.user[:16]!r})" if self.user else ""
        log.info("refused browser %s%s: %s", self.addr, who, why)

    def session_ended(self) -> None:
        pass


@functools.cache
def _browser_app():
    """The app of a browser's session (made once, when the first browser comes:
    Textual is imported then, not with this module)."""
    from ..host.hostapp import HostedApp

    class BrowserApp(HostedApp):
        def exit(self, *args, **kw) -> None:
            # the seat shown now: once the app has ended its screens are gone
            session = self.host_session
            assert isinstance(session, WebSession)  # this app runs in browsers' sessions only
            if session.seat_at_end is None:
                session.seat_at_end = session.current_game()
            super().exit(*args, **kw)

    return BrowserApp


class WebSession(GameSession):
    """One browser tab's game session: a GameSession on a websocket."""

    def __init__(self, host, user: str, gate: WebGate, base: str, resume: int | None):
        super().__init__(host, user, gate)
        #: the browser's address (its gate's)
        self.addr = gate.addr
        self.base = base
        self.resume = resume
        #: why the session was ended from outside (the server stops, no key for long), if it was
        self.why = ""
        #: the game whose seat the tab showed when the app was told to end
        self.seat_at_end: int | None = None
        #: a message nested too deeply to read has been logged (once a tab)
        self.told_nested = False
        #: the games waiting for the player's move, as the tab's title says (None: not yet counted)
        self._waiting: int | None = None
        self._title_due = False

    def connection_made(self, chan) -> None:
        super().connection_made(chan)
        chan.last_words = self.last_words

    def session_started(self) -> None:
        super().session_started()
        if self.app is not None:
            # the page was served with the count of its moment; from now on the title follows it
            self._waiting = len(self.host.hub.waiting(self.user))
            self.host.hub.watch_lobby(self._lobby_changed)

    async def _run(self) -> None:
        try:
            await super()._run()
        finally:
            self.host.hub.unwatch_lobby(self._lobby_changed)

    def _lobby_changed(self) -> None:
        # bots may change many games in one moment: the count is taken once for all of them
        if not self._title_due:
            self._title_due = True
            asyncio.get_running_loop().call_soon(self._retitle)

    def _retitle(self) -> None:
        self._title_due = False
        if self.closed or self.chan is None:
            return
        waiting = len(self.host.hub.waiting(self.user))
        if waiting != self._waiting:
            self._waiting = waiting
            self.chan.say(title_frame(waiting))

    def make_app(self):
        app = _browser_app()(self.host.hub, self.user, self, resume=self.resume)
        app.invite_base = self.base
        app.browser = True
        return app

    def end(self, farewell: str = "") -> None:
        why = farewell.strip().removeprefix("thorskliff: ")
        # the SSH text promises the seat to everyone; the page says it only to whoever has one
        self.why = t("web.stops") if why in (t("host.stops"), t("host.stops_lobby")) else why
        super().end(farewell)

    def last_words(self) -> str:
        """Why the connection ends, and whether a seat stays the player's (only if one does)."""
        failed = self.app is not None and (self.app.return_code or 0) != 0
        if failed:
            log.warning("the app of %s (browser %s) ended with an error", self.user, self.addr)
        words = [self.why or t("web.closed_failed" if failed else "web.closed_quit")]
        if self.seat_at_end is not None:
            words.append(t("web.closed_seat", id=self.seat_at_end))
        return " ".join(words)

    def current_game(self) -> int | None:
        """The game whose seat this tab shows now, if it shows a seat."""
        from ..ui.screens.lobby import SeatScreen

        app = self.app
        if app is None:
            return None
        try:
            screen = app.screen
        except Exception:  # no screen (the app has ended)
            return None
        if screen is None:
            return None
        for screen in reversed(app.screen_stack):  # a menu or the help may lie over the seat
            if isinstance(screen, SeatScreen):
                return screen.session.game_id if screen.session.seat is not None else None
        return None
