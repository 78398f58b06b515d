"""Browsers at the hosted games: ``thorskliff serve --web PORT``.

An aiohttp server in the SSH host's own event loop serves textual-serve's
terminal page (xterm.js) and its websocket. Each websocket is one
:class:`~thorskliff.host.session.GameSession`, exactly as an SSH channel is:
the same :class:`~thorskliff.host.hostapp.HostedApp` on the same hub,
drawn by the same :class:`~thorskliff.host.driver.SSHDriver` (its clamped
size and input budgets), counted by the same caps (connections in all, per
address, per name) and idle timeout. :class:`WebChannel` is the only new
piece of that path: it stands where the SSH channel stands (:mod:`.session`).

The page's protocol (textual-serve's ``textual.js``): the browser sends JSON
text frames ``["stdin", text]``, ``["resize", {"width": w, "height": h}]``,
``["ping", stamp]``, ``["focus"]``, ``["blur"]``; the server sends the
terminal's output as binary frames and ``["pong", stamp]`` as text.

Who a browser is: a name chosen once in a form, bound to a random token that
the browser keeps in an HttpOnly, SameSite=Strict cookie; the store keeps
only the token's hash, in the column where an SSH name keeps its key, so a
name is a key's or a browser's, never both. ``/join/<game>/<token>`` seats
whoever opens it at the seat the game's creator invited to. Tokens appear
in no log line (no access log; the paths that carry them are never logged).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
import socket
from pathlib import Path

import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from yarl import URL

from ..host.schema import StoreError
from ..host.driver import Bucket
from ..host.hub import NAME_MAX, LobbyError, umlaut_hint, valid_name
from ..host.session import reason
from ..ui import i18n
from ..ui.i18n import t
from ..host.identity import COOKIE, new_token, token_hash, well_formed
from ..host.ports import BACKLOG, shared_port
from .session import WebChannel, WebGate, WebSession, closing_frame, tab_title

log = logging.getLogger("thorskliff.web")

#: the biggest websocket message a browser may send (a key is a few bytes; a paste
#: bigger than the driver's input budget is dropped there anyway): a bigger one
#: ends the connection, with the reason on the page and in the log
MAX_MESSAGE = 64 * 1024
#: what aiohttp reads of one message at most: up to here the server tells the page
#: itself why it closes; beyond, aiohttp closes (1009) and the page names the reason
MAX_READ = 4 * MAX_MESSAGE
#: websocket messages of any kind (pings too): at most BURST at once, RATE per second
MESSAGE_BURST, MESSAGE_RATE = 200, 100
#: a cookie lasts ten years: the name is the browser's for good
COOKIE_AGE = 10 * 365 * 24 * 3600
#: the page and its terminal's font size
FONT_SIZE = 16
#: where a form may send the browser on (never elsewhere: no open redirect)
NEXT_RE = re.compile(r"/(join/\d{1,9}/[A-Za-z0-9_-]{43}|game/\d{1,9})?")
#: how textual.js asks for sizes; anything outside is ignored, the driver clamps the rest
SIZE_RANGE = range(1, 10_001)
#: aiohttp's errors, in the player's words
HTTP_TEXTS = {403: "web.http_forbidden", 404: "web.not_found", 405: "web.http_method", 413: "web.http_too_big"}
#: why the name form refused a name: the form is shown again after a redirect
#: (POST/redirect/GET: the browser's Back does not send it once more), the reason
#: in the query; each with its HTTP status
NAME_REFUSALS = {"bad": 400, "long": 400, "umlaut": 400, "taken": 409, "slow": 429}


def name_refusal(name: str) -> str | None:
    """Why ``name`` cannot be a name (a NAME_REFUSALS key), or None."""
    if valid_name(name):
        return None
    if len(name) > NAME_MAX:
        return "long"
    if umlaut_hint(name):
        return "umlaut"
    return "bad"


def _static() -> Path:
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent / "static"


#: what a page may load and run: its own server's files only (the page's script is a file,
#: /page.js, so no inline script runs); xterm.js and textual.js set styles inline
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                           "img-src 'self' data:; font-src 'self'; connect-src 'self'; "
                           "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")


async def _guarded(request: web.Request, response: web.StreamResponse) -> None:
    """Every response: no guessing of types, no versions named (aiohttp's Server header
    said "Python/3.11 aiohttp/3.x"), and for pages the Content-Security-Policy."""
    response.headers["Server"] = "thorskliff"
    response.headers["X-Content-Type-Options"] = "nosniff"
    if response.content_type == "text/html":
        response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY


@functools.cache
def _page_script() -> str:
    return (Path(__file__).parent / "assets" / "page.js").read_text(encoding="utf-8")


#: a websocket flood is logged when it begins, then at most this often (seconds)
FLOOD_LOG_EVERY = 60.0


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


class WebServer:
    """``await WebServer.start(host)``; ``port``; ``await close()``."""

    def __init__(self, host):
        self.host = host
        self.config = host.config
        self.store = host.store
        self.hub = host.hub
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.sockets: set[web.WebSocketResponse] = set()
        #: connections handed over by the parent of serve --workers, until connected
        self._accepting: set[asyncio.Task] = set()
        #: per name, the game a browser showed a seat of when it went (a reload goes back there)
        self.last_game: dict[str, int] = {}
        self._names: dict[str, Bucket] = {}
        self.pages = jinja2.Environment(loader=jinja2.PackageLoader("thorskliff.web", "templates"),
                                        autoescape=True)

    @classmethod
    async def start(cls, host) -> WebServer:
        server = cls(host)
        app = web.Application(client_max_size=16 * 1024, middlewares=[server.pages_not_there])
        app.on_response_prepare.append(_guarded)
        app.add_routes([
            web.get("/", server.index),
            web.get("/page.js", server.page_script),
            web.get("/game/{game:\\d{1,9}}", server.index),
            web.post("/name", server.name),
            web.get("/name", server.to_start),
            web.get("/join/{game}/{token}", server.join),
            web.get("/ws", server.websocket),
            web.get("/ws/{game:\\d{1,9}}", server.websocket),
            web.static("/static", _static(), show_index=False),
            web.get("/favicon.ico", server.no_icon),
        ])
        # no access log: invitation paths carry their token
        # an idle kept-alive HTTP connection holds a socket: closed after 15 s (aiohttp's default: 75)
        server.runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=2,
                                      keepalive_timeout=15)
        await server.runner.setup()
        if host.chan is not None:  # a worker of serve --workers: its parent accepts (host/ports.py)
            server.port = shared_port("web")
            return server
        site = web.TCPSite(server.runner, host.config.host, host.config.web_port, backlog=BACKLOG)
        try:
            await site.start()
        except BaseException:
            await server.runner.cleanup()
            raise
        server.port = server.runner.addresses[0][1]
        return server

    def accept(self, sock: socket.socket) -> None:
        """A connection the parent of serve --workers accepted (host/ports.py),
        served as the site's own would be."""
        factory = self.runner.server if self.runner is not None else None
        if factory is None:  # the runner is cleaned up: the server stops
            sock.close()
            return
        loop = asyncio.get_running_loop()
        task = loop.create_task(loop.connect_accepted_socket(factory, sock))
        self._accepting.add(task)
        task.add_done_callback(self._accepting.discard)

    def base_url(self, request: web.Request | None = None) -> str:
        """Where players' browsers reach this server (for invitation links)."""
        if self.config.web_url:
            return self.config.web_url.rstrip("/")
        if request is not None:
            return f"{request.scheme}://{request.host}"
        host = self.config.host
        if host in ("", "0.0.0.0", "::"):
            host = socket.gethostname()
        elif ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}"

    async def close(self) -> None:
        for ws in list(self.sockets):
            await ws.close(code=WSCloseCode.GOING_AWAY)
        if self.runner is not None:
            await self.runner.cleanup()

    # ------------------------------------------------------------ who a browser is
    def identity(self, request: web.Request) -> str | None:
        token = request.cookies.get(COOKIE)
        if token is None or not well_formed(token):
            return None
        return self.store.web_user(token_hash(token))

    def _page(self, template: str, status: int = 200, **context) -> web.Response:
        context.setdefault("title", t("web.page_title"))
        context.setdefault("lang", i18n.lang())
        for key in ("name_title", "name_label", "name_button", "name_help", "back", "connecting", "closed",
                    "reconnect", "too_big_page"):
            context.setdefault(key, t(f"web.{key}"))
        html = self.pages.get_template(template).render(**context)
        resp = web.Response(text=html, content_type="text/html", status=status)
        resp.headers["Cache-Control"] = "no-store"
        resp.headers["Referrer-Policy"] = "no-referrer"  # a join path must not travel on
        resp.headers["X-Frame-Options"] = "DENY"
        return resp

    def _form(self, next_: str, error: str = "", name: str = "", invited: str = "",
              status: int = 200) -> web.Response:
        return self._page("form.html", status=status, form=True, next=next_, error=error, name=name,
                          invited=invited)

    def _message(self, text: str, status: int) -> web.Response:
        return self._page("form.html", status=status, form=False, error=text)

    @staticmethod
    def _cross_site(request: web.Request) -> bool:
        return request.headers.get("Sec-Fetch-Site", "") not in ("", "same-origin", "none")

    def _bounce(self, request: web.Request) -> web.Response | None:
        """A link followed from another site brings no SameSite=Strict cookie:
        the page loads itself once more, now from this site, with it."""
        if self._cross_site(request) and COOKIE not in request.cookies and "again" not in request.query:
            resp = web.Response(text='<!DOCTYPE html><meta http-equiv="refresh" content="0; url=?again=1">',
                                content_type="text/html")
            resp.headers["Cache-Control"] = "no-store"
            resp.headers["Referrer-Policy"] = "no-referrer"
            return resp
        return None

    # ------------------------------------------------------------ pages
    @web.middleware
    async def pages_not_there(self, request: web.Request, handler) -> web.StreamResponse:
        """Every error page a browser can reach says it in the player's
        language (aiohttp's own say "405: Method Not Allowed")."""
        try:
            return await handler(request)
        except web.HTTPException as exc:
            if exc.status < 400:  # a redirect
                raise
            key = HTTP_TEXTS.get(exc.status)
            return self._message(t(key) if key else t("web.http_other", status=exc.status), exc.status)
        except StoreError as exc:  # the database went away (#31): said, and nothing changed
            log.error("the store is away: %s", exc)
            return self._message(t("host.store_away"), 503)

    async def to_start(self, request: web.Request) -> web.Response:
        raise web.HTTPSeeOther("/")

    async def page_script(self, request: web.Request) -> web.Response:
        return web.Response(text=_page_script(), content_type="application/javascript",
                            headers={"Cache-Control": "no-cache"})

    async def no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def index(self, request: web.Request) -> web.Response:
        bounce = self._bounce(request)
        if bounce is not None:
            return bounce
        gid = request.match_info.get("game")
        user = self.identity(request)
        if user is None:
            if self.invited_only:
                return self._message(t("web.invited_only"), 403)
            return self._form(f"/game/{gid}" if gid else "/", **self._refused_name(request))
        ws_path = f"/ws/{gid}" if gid else "/ws"
        scheme, where = self._public(request)
        ws_url = f"{'wss' if scheme == 'https' else 'ws'}://{where}{ws_path}"
        # the tab says how many correspondence games wait for this player (#32): "(2) Dein Zug — …"
        title = tab_title(len(self.host.hub.waiting(user)))
        return self._page("page.html", websocket_url=ws_url, font_size=FONT_SIZE, title=title)

    def _public(self, request: web.Request) -> tuple[str, str]:
        """The scheme and host the browser sees (behind a proxy: --web-url's)."""
        if self.config.web_url:
            scheme, _, rest = self.config.web_url.partition("://")
            return scheme, rest.split("/", 1)[0]
        return request.scheme, request.host

    def _secure(self, request: web.Request) -> bool:
        return request.secure or self._public(request)[0] == "https"

    async def name(self, request: web.Request) -> web.Response:
        origin = request.headers.get("Origin")
        if self._cross_site(request) or (origin is not None and origin != "null" and
                                         origin.split("://", 1)[-1] not in (request.host, self._public(request)[1])):
            self._refused(request, "a name form sent from another site")
            raise web.HTTPForbidden()
        form = await request.post()
        next_ = str(form.get("next", "/"))
        if NEXT_RE.fullmatch(next_) is None:
            next_ = "/"
        if self.identity(request) is not None:
            raise web.HTTPSeeOther(next_)
        if self.invited_only and not self._invitation_holds(next_):
            self._refused(request, "a new name without an invitation (serve --authorized-keys)")
            raise web.HTTPSeeOther(next_)  # that page says why
        name = str(form.get("name", "")).strip()
        why = name_refusal(name)
        if why is not None:
            self._again(next_, why, name)
        addr = request.remote or "?"
        if self.store.user_key(name) is not None:
            self._refused(request, f"the name {name!r} is taken")
            self._again(next_, "taken", name)
        if not self._name_budget(addr):
            self._refused(request, f"more than {self.config.web_names_per_hour} new names in an hour")
            self._again(next_, "slow", name)
        token = new_token()
        if not self.store.bind_web_user(name, token_hash(token)):  # taken meanwhile
            self._again(next_, "taken", name)
        log.info("%s is a new browser name, from %s", name, addr)
        resp = web.HTTPSeeOther(next_)
        resp.set_cookie(COOKIE, token, max_age=COOKIE_AGE, path="/", httponly=True, samesite="Strict",
                        secure=self._secure(request))
        raise resp

    @staticmethod
    def _again(next_: str, why: str, name: str) -> None:
        """Back to the form (a GET), with why the name was refused."""
        raise web.HTTPSeeOther(URL(next_).with_query(error=why, name=name[:40], n=len(name)))

    def _refused_name(self, request: web.Request) -> dict:
        """The form's error and its status, after a refused name's redirect."""
        why = request.query.get("error", "")
        if why not in NAME_REFUSALS:
            return {}
        name = request.query.get("name", "")[:40]
        if why == "umlaut" and not umlaut_hint(name):  # a link made by hand: no hint to give
            why = "bad"
        text = {"bad": lambda: t("web.name_bad", name=name),
                "long": lambda: t("web.name_long", name=name, n=_int(request.query.get("n"), len(name))),
                "umlaut": lambda: t("web.name_umlaut", name=name, hint=umlaut_hint(name)),
                "taken": lambda: t("web.name_taken", name=name),
                "slow": lambda: t("web.name_slow")}[why]()
        return {"error": text, "name": name, "status": NAME_REFUSALS[why]}

    @property
    def invited_only(self) -> bool:
        """With ``--authorized-keys`` only known keys enter over SSH: a browser
        then gets a name only with an invitation from a player already in."""
        return self.config.authorized_keys is not None

    def _invitation_holds(self, path: str) -> bool:
        m = re.fullmatch(r"/join/(\d{1,9})/([A-Za-z0-9_-]{43})", path)
        return m is not None and self.store.invite_seat(int(m.group(1)), token_hash(m.group(2))) is not None

    def _name_budget(self, addr: str) -> bool:
        per_hour = self.config.web_names_per_hour
        if len(self._names) > 10_000:  # forget the addresses whose budget is whole again
            self._names = {a: b for a, b in self._names.items() if b.take(0) and b.tokens < b.burst}
        bucket = self._names.setdefault(addr, Bucket(per_hour, per_hour / 3600))
        return bucket.take()

    async def join(self, request: web.Request) -> web.Response:
        bounce = self._bounce(request)
        if bounce is not None:
            return bounce
        gid = _int(request.match_info["game"], -1)
        token = request.match_info["token"]
        hg = self.hub.games.get(gid)
        seat = self.store.invite_seat(gid, token_hash(token)) if well_formed(token) and hg else None
        user = self.identity(request)
        if seat is None:
            if user is not None and hg is not None and hg.seat_of(user) is not None:
                raise web.HTTPSeeOther(f"/game/{gid}")  # the link opened again by its guest
            self._refused(request, f"no such invitation to game {gid}")
            return self._message(t("web.bad_invite"), 403)
        if user is None:
            return self._form(request.path, invited=t("web.invited", n=seat + 1, id=gid), **self._refused_name(request))
        try:
            self.hub.accept_invite(gid, token, user)
        except LobbyError as exc:
            self._refused(request, f"invitation to game {gid}: {exc}", user)
            return self._message(str(exc), 409)
        raise web.HTTPSeeOther(f"/game/{gid}")

    def _refused(self, request: web.Request, why: str, user: str = "") -> None:
        gate = WebGate(request.remote or "?")
        gate.user = user
        gate.refuse(why)

    # ------------------------------------------------------------ the game
    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=MAX_READ)
        gate = WebGate(request.remote or "?")
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] not in (request.host, self._public(request)[1]):
            gate.refuse("a websocket opened from another site")
            raise web.HTTPForbidden()
        await ws.prepare(request)
        self.sockets.add(ws)
        try:
            await self._play(request, ws, gate)
        finally:
            self.sockets.discard(ws)
        return ws

    async def _play(self, request: web.Request, ws: web.WebSocketResponse, gate: WebGate) -> None:
        host = self.host
        user = self.identity(request)
        if user is None:
            return await self._refuse(ws, gate, "no valid token", t("web.no_token"))
        gate.user = user
        if host.closed:
            return await self._refuse(ws, gate, "the server stops", t("host.stops"))
        problem = host.cap_problem(gate)
        if problem is not None:
            return await self._refuse(ws, gate, problem, problem)
        gid = request.match_info.get("game")
        resume = int(gid) if gid else self.last_game.get(user)
        width = _int(request.query.get("width"), 80)
        height = _int(request.query.get("height"), 24)
        session = WebSession(host, user, gate, self.base_url(request), resume)
        session.connection_made(WebChannel(ws))
        session.pty_requested("xterm-truecolor", (width if width in SIZE_RANGE else 80,
                                                  height if height in SIZE_RANGE else 24), {})
        host.players.add(gate)
        log.info("%s came in from browser %s", user, gate.addr)
        messages = Bucket(MESSAGE_BURST, MESSAGE_RATE)
        loop = asyncio.get_running_loop()
        flood_told = float("-inf")
        try:
            session.session_started()
            async for msg in ws:
                if msg.type == WSMsgType.ERROR:  # beyond MAX_READ: aiohttp has closed it (1009)
                    gate.refuse(f"a websocket message over {MAX_READ // 1024} KiB ({msg.data})")
                    break
                if msg.type != WSMsgType.TEXT:
                    continue
                if not messages.take():
                    if loop.time() >= flood_told + FLOOD_LOG_EVERY:  # once while it lasts, then every minute
                        flood_told = loop.time()
                        log.info("%s (browser %s) sends more than %d websocket messages a second; "
                                 "the rest are dropped", user, gate.addr, MESSAGE_RATE)
                    continue
                if len(msg.data) > MAX_MESSAGE:
                    text = t("web.too_big", kib=MAX_MESSAGE // 1024)
                    seat = session.current_game()
                    if seat is not None:
                        text += " " + t("web.closed_seat", id=seat)
                    await self._refuse(ws, gate, f"a websocket message of {len(msg.data)} characters "
                                                 f"(more than {MAX_MESSAGE // 1024} KiB)",
                                       text, WSCloseCode.MESSAGE_TOO_BIG)
                    break
                await self._message_in(ws, session, msg.data)
        finally:
            host.players.discard(gate)
            if session.task is not None and not session.task.done():
                seat_game = session.current_game()
                if seat_game is None:
                    self.last_game.pop(user, None)
                else:
                    self.last_game[user] = seat_game
            session.connection_lost(None)
            log.info("%s left (browser %s)", user, gate.addr)

    @staticmethod
    async def _message_in(ws: web.WebSocketResponse, session: WebSession, data: str) -> None:
        try:
            envelope = json.loads(data)
        except ValueError:
            return
        except RecursionError:  # 10 KB of "[": no page sends that; said once a tab, then passed over
            if not session.told_nested:
                session.told_nested = True
                log.info("%s (browser %s) sent a websocket message nested too deeply; passed over",
                         session.user, session.addr)
            return
        if not isinstance(envelope, list) or not envelope:
            return
        kind = envelope[0]
        arg = envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(arg, str):
            session.data_received(arg, None)
        elif kind == "resize" and isinstance(arg, dict):
            w, h = arg.get("width"), arg.get("height")
            if type(w) is int and type(h) is int and w in SIZE_RANGE and h in SIZE_RANGE:
                session.terminal_size_changed(w, h, 0, 0)
        elif kind == "ping" and isinstance(arg, (str, int)):
            await ws.send_str(json.dumps(["pong", str(arg)[:32]]))
        # focus and blur: the terminal reports them to the app itself (CSI I / CSI O)

    @staticmethod
    async def _refuse(ws: web.WebSocketResponse, gate: WebGate, why: str, text: str,
                      code: int = WSCloseCode.POLICY_VIOLATION) -> None:
        """Say why on the page's terminal and in its closed bar, log it, close."""
        gate.refuse(why)
        await ws.send_bytes(f"\r\nthorskliff: {text}\r\n".encode())
        await ws.send_str(closing_frame(text))
        await ws.close(code=code, message=reason(text)[:120].encode())

