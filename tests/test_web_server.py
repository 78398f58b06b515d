"""The browser server (``thorskliff serve --web``, issue 16) without a
browser: aiohttp's client speaks the page's websocket protocol
(textual-serve's: JSON text frames in, terminal bytes out) and a pyte
screen reads what the page's terminal would show. The server runs in the
test's loop on free loopback ports, SSH beside it. Waiting is on the
screen's content, with a timeout, never a fixed sleep."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import stat
from collections.abc import Callable

import aiohttp
import asyncssh
import pyte
import pytest

from thorskliff.cli import main as cli_main
from thorskliff.host import driver
from thorskliff.host.store import WEB_KEY
from thorskliff.ui import i18n
from thorskliff.ui.i18n import t
from thorskliff.web.harness import serving, url
from thorskliff.host.identity import COOKIE, new_token, token_hash

WAIT = 20.0


from hostfixtures import _german  # noqa: E402,F401 (autouse: German, a data folder of its own)
from hostfixtures import polled  # noqa: E402


@pytest.fixture
def logged(caplog):
    """Every log line of the server (thorskliff, aiohttp, asyncssh), as formatted."""
    caplog.set_level(logging.DEBUG)

    def lines() -> list[str]:
        return [caplog.handler.format(r) for r in caplog.records]

    return lines


class Browser:
    """One browser: a cookie jar, and tabs that open the game's websocket."""

    def __init__(self, base: str):
        self.base = base
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.tabs: list[Tab] = []

    @property
    def token(self) -> str | None:
        for c in self.http.cookie_jar:
            if c.key == COOKIE:
                return c.value
        return None

    def set_token(self, token: str) -> None:
        self.http.cookie_jar.update_cookies({COOKIE: token}, response_url=aiohttp.client.URL(self.base))

    async def choose_name(self, name: str, next_: str = "/") -> aiohttp.ClientResponse:
        r = await self.http.post(self.base + "/name", data={"name": name, "next": next_})
        r.text_ = await r.text()
        return r

    async def get(self, path: str) -> aiohttp.ClientResponse:
        r = await self.http.get(self.base + path)
        r.text_ = await r.text()
        return r

    async def tab(self, path: str = "/ws", size: tuple[int, int] = (120, 40)) -> Tab:
        ws = await self.http.ws_connect(self.base.replace("http", "ws", 1) + f"{path}?width={size[0]}&height={size[1]}")
        tab = Tab(ws, *size)
        self.tabs.append(tab)
        # as textual.js does on open
        await tab.send("resize", {"width": size[0], "height": size[1]})
        return tab

    async def close(self) -> None:
        for tab in self.tabs:
            await tab.close()
        await self.http.close()


class Tab:
    """A page's websocket: keys in, a pyte screen out."""

    def __init__(self, ws, cols: int, rows: int):
        self.ws = ws
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.texts: list = []
        self.transcript: list[bytes] = []
        self.received = 0
        self.changed = asyncio.Condition()
        self.eof = False
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for msg in self.ws:
                if msg.type == aiohttp.WSMsgType.BINARY:
                    self.transcript.append(msg.data)
                    self.received += len(msg.data)
                    self.stream.feed(msg.data)
                elif msg.type == aiohttp.WSMsgType.TEXT:
                    self.texts.append(json.loads(msg.data))
                async with self.changed:
                    self.changed.notify_all()
        finally:
            self.eof = True
            async with self.changed:
                self.changed.notify_all()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def flat(self) -> str:
        """The screen as one line (a text wrapped at the window's edge reads whole)."""
        return "".join(line.rstrip() for line in self.screen.display)

    async def wait(self, pred: Callable[[], bool], what: str) -> None:
        async def until() -> None:
            async with self.changed:
                await self.changed.wait_for(lambda: pred() or self.eof)
        try:
            await asyncio.wait_for(until(), WAIT)
        except TimeoutError:
            raise AssertionError(f"timed out waiting for {what}; the screen:\n{self.text()}") from None
        if not pred():
            raise AssertionError(f"the socket closed while waiting for {what}; the screen:\n{self.text()}")

    async def see(self, *texts: str) -> None:
        await self.wait(lambda: all(x in self.text() for x in texts), repr(texts))

    async def ended(self) -> None:
        await asyncio.wait_for(self.reader, WAIT)

    async def send(self, kind: str, arg=None) -> None:
        await self.ws.send_str(json.dumps([kind] if arg is None else [kind, arg]))

    async def press(self, *keys: str) -> None:
        for k in keys:
            await self.send("stdin", {"enter": "\r", "down": "\x1b[B", "escape": "\x1b"}.get(k, k))

    async def close(self) -> None:
        if not self.ws.closed:
            await self.ws.close()
        try:
            await asyncio.wait_for(self.reader, WAIT)
        except (TimeoutError, asyncio.CancelledError):
            self.reader.cancel()


@pytest.fixture
async def web(tmp_path):
    """``host, browser = await web(**config)``: a server and a browser factory."""
    made: list = []
    stack = []

    async def start(**config):
        cm = serving(tmp_path / "data", **config)
        host = await cm.__aenter__()
        stack.append(cm)

        def browser() -> Browser:
            b = Browser(url(host))
            made.append(b)
            return b

        return host, browser

    yield start
    for b in made:
        await b.close()
    for cm in reversed(stack):
        await cm.__aexit__(None, None, None)


async def named(browser: Callable[[], Browser], name: str) -> Browser:
    b = browser()
    r = await b.choose_name(name)
    assert r.status == 200 and b.token, r.text_
    return b


# ---------------------------------------------------------------- the page and a session


async def test_a_browser_chooses_a_name_and_its_session_draws_the_lobby(web, logged):
    host, browser = await web()
    b = browser()
    first = await b.get("/")
    assert first.status == 200 and 'action="/name"' in first.text_ and t("web.name_title") in first.text_
    r = await b.choose_name("anna")
    # the page: textual-serve's terminal, its websocket here, nothing from other sites
    assert 'data-session-websocket-url="ws://127.0.0.1:' in r.text_ and "/static/js/textual.js" in r.text_
    assert "googleapis" not in r.text_
    assert (await b.get("/static/js/textual.js")).status == 200
    missing = await b.get("/nothing/here")
    assert missing.status == 404 and t("web.not_found") in missing.text_
    cookie = r.history[0].headers["Set-Cookie"]
    assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    # only the token's hash is stored, where an SSH name keeps its key; the database is owner-only
    assert host.store.user_key("anna") == WEB_KEY + token_hash(b.token)
    assert stat.S_IMODE((host.data / "hub.sqlite3").stat().st_mode) == 0o600
    tab = await b.tab()
    await tab.see(t("lobby.title"), t("lobby.who", user="anna"))
    await tab.send("ping", "1234")
    await tab.wait(lambda: ["pong", "1234"] in tab.texts, "the pong")
    assert any("anna came in from browser 127.0.0.1" in line for line in logged())


async def test_a_bad_name_is_refused_with_the_reason(web):
    host, browser = await web()
    b = browser()
    r = await b.choose_name("an na")
    assert r.status == 400 and "geht nicht als Name" in r.text_ and b.token is None


# ---------------------------------------------------------------- refusals


async def test_a_wrong_token_is_refused_on_the_page(web, logged):
    host, browser = await web()
    await named(browser, "anna")
    for token in (new_token(), "not-a-token"):
        b = browser()
        b.set_token(token)
        assert 'action="/name"' in (await b.get("/")).text_  # no name for it: the form
        tab = await b.tab()
        await tab.see(t("web.no_token")[:40])
        await tab.ended()
        assert tab.ws.close_code == aiohttp.WSCloseCode.POLICY_VIOLATION
    assert sum("refused browser 127.0.0.1: no valid token" in line for line in logged()) == 2


async def test_a_wrong_or_used_invitation_is_refused(web, logged):
    host, browser = await web()
    anna = await named(browser, "anna")
    rs = host.hub.create("anna", "base", 3)
    rs.close()
    gid = rs.game_id
    token = host.hub.invite(gid, 1, "anna")
    eve = await named(browser, "eve")
    for path in (f"/join/{gid}/{new_token()}", f"/join/{gid + 1}/{token}", f"/join/{gid}/x",
                 f"/join/abc/{token}"):
        r = await eve.get(path)
        assert r.status == 403 and t("web.bad_invite")[:30] in r.text_, path
    assert host.hub.games[gid].seats[1].free
    # the invitation works once; then it is used up
    bob = await named(browser, "bob")
    r = await bob.get(f"/join/{gid}/{token}")
    assert r.status == 200 and r.url.path == f"/game/{gid}"
    assert host.hub.games[gid].seats[1].user == "bob"
    assert (await eve.get(f"/join/{gid}/{token}")).status == 403
    # its guest opening it again just comes back to the seat
    assert (await bob.get(f"/join/{gid}/{token}")).url.path == f"/game/{gid}"
    # only the creator invites
    with pytest.raises(ValueError, match=re.escape(t("web.invite_creator", id=gid))):
        host.hub.invite(gid, 2, "bob")
    assert anna.token and sum("no such invitation" in line for line in logged()) == 5


async def test_a_name_bound_to_an_ssh_key_is_refused_to_a_browser_and_back(web, logged):
    host, browser = await web()
    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await asyncssh.connect("127.0.0.1", host.port, username="sven", client_keys=[key], known_hosts=None,
                                  agent_path=None)
    conn.close()
    b = browser()
    r = await b.choose_name("sven")
    assert r.status == 409 and t("web.name_taken", name="sven") in r.text_ and b.token is None
    # a browser's name cannot sign in over SSH
    await named(browser, "wanda")
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", host.port, username="wanda", client_keys=[key], known_hosts=None,
                               agent_path=None)
    assert any("refused" in line and "'wanda'" in line and "belongs to a browser" in line for line in logged())


async def test_connections_beyond_the_caps_are_refused_with_a_message(web, logged):
    host, browser = await web(max_per_address=2, max_per_user=3)
    anna = await named(browser, "anna")
    a1, a2 = await anna.tab(), await anna.tab()
    await a1.see("Angemeldet als anna")
    await a2.see("Angemeldet als anna")
    a3 = await anna.tab()
    await a3.see(t("host.per_address", n=2)[:40])
    await a3.ended()
    assert any("refused browser 127.0.0.1 ('anna'): " + t("host.per_address", n=2) in line for line in logged())
    # a tab closed gives its place back
    await a2.close()
    for _ in range(100):
        if len(host.players) < 2:
            break
        await asyncio.sleep(0.05)
    a4 = await anna.tab()
    await a4.see("Angemeldet als anna")


async def test_ssh_and_browsers_share_the_session_cap(web, logged):
    host, browser = await web(max_connections=1)
    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await asyncssh.connect("127.0.0.1", host.port, username="sven", client_keys=[key], known_hosts=None,
                                  agent_path=None)
    try:
        anna = await named(browser, "anna")
        tab = await anna.tab()
        await tab.see(t("host.full", n=1)[:30])
        await tab.ended()
    finally:
        conn.close()
    assert any("refused browser 127.0.0.1 ('anna')" in line and "voll" in line for line in logged())


async def test_an_oversize_window_is_drawn_clamped_and_told(web):
    host, browser = await web()
    anna = await named(browser, "anna")
    tab = await anna.tab(size=(400, 120))
    await tab.see("Angemeldet als anna")
    await tab.send("resize", {"width": 5000, "height": 3000})
    await tab.wait(lambda: "5000×3000" in tab.flat(), "the notice")
    await tab.wait(lambda: f"{driver.MAX_COLS}×{driver.MAX_ROWS}" in tab.flat(), "the size shown")
    assert all(not line[driver.MAX_COLS:].strip() for line in tab.screen.display)
    assert all(not line.strip() for line in tab.screen.display[driver.MAX_ROWS:])
    # nonsense sizes are ignored, not fatal
    for bad in ({"width": -1, "height": 5}, {"width": "9", "height": 9}, [1, 2], {"width": 10**12, "height": 1}):
        await tab.send("resize", bad)
    await tab.send("stdin", "?")
    await tab.see(t("help.title"))


# ---------------------------------------------------------------- playing together


async def test_an_invitation_from_the_lobby_seats_a_friend_next_to_an_ssh_player(web):
    host, browser = await web()
    anna = await named(browser, "anna")
    a = await anna.tab(size=(200, 50))
    await a.see("Angemeldet als anna")
    rs = host.hub.create("anna", "base", 3)
    rs.close()
    gid = rs.game_id
    await a.see(f"#{gid}")
    # the creator opens the game in the lobby: a link for each free seat
    await a.press("enter")
    await a.see("Einladungslink für Platz 2", "Einladungslink für Platz 3")
    await a.press("down", "enter")
    await a.wait(lambda: "/join/" in a.flat(), "the link")
    link = re.search(r"(http://\S+/join/\d+/[A-Za-z0-9_-]{43})", a.flat()).group(1)
    assert link.startswith(url(host) + f"/join/{gid}/")
    assert host.invite_base == url(host)  # what an SSH creator's lobby links to
    assert any(link in line for line in a.screen.display)  # on one line: the page's terminal makes it a link
    # a friend without a name: the form says what the link is for, then the seat is theirs
    bea = browser()
    r = await bea.get(link[len(url(host)):])
    assert t("web.invited", n=2, id=gid) in r.text_ and 'action="/name"' in r.text_
    r = await bea.choose_name("bea", next_=link[len(url(host)):])
    assert r.url.path == f"/game/{gid}" and host.hub.games[gid].seats[1].user == "bea"
    b = await bea.tab(f"/ws/{gid}", size=(200, 50))
    await b.see(t("lobby.at_table").strip(), "bea")
    # an SSH player takes the third seat of the same game from the same lobby
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with asyncssh.connect("127.0.0.1", host.port, username="sven", client_keys=[key], known_hosts=None,
                                agent_path=None) as conn:
        proc = await conn.create_process(term_type="xterm-256color", term_size=(200, 50))
        screen = pyte.Screen(200, 50)
        stream = pyte.Stream(screen)

        async def ssh_sees(text: str) -> None:
            async def until() -> None:
                while text not in "\n".join(screen.display):
                    stream.feed(await proc.stdout.read(65536))
            await asyncio.wait_for(until(), WAIT)

        await ssh_sees(f"#{gid}")
        proc.stdin.write("\r")
        await ssh_sees("Platz 3 nehmen")
        proc.stdin.write("\r")
        await ssh_sees(t("lobby.at_table").strip())
        # both browsers see the SSH player sit down, and the SSH player sees them
        await b.wait(lambda: "sven" in b.text(), "the SSH player at the browser's table")
        await ssh_sees("bea")
        assert host.hub.games[gid].seats[2].user == "sven" and host.hub.games[gid].seats[2].connected


async def test_a_reload_resumes_the_seat(web):
    host, browser = await web()
    anna = await named(browser, "anna")
    rs = host.hub.create("anna", "duell", 2)
    rs.close()
    gid = rs.game_id
    tab = await anna.tab(f"/ws/{gid}")
    await tab.see(t("lobby.at_table").strip())
    assert host.hub.games[gid].seats[0].connected
    await tab.close()
    # the server saw the tab go: the seat is empty until the reload
    await polled(lambda: not host.hub.games[gid].seats[0].connected, "the closed tab to leave its seat")
    # the page at / again: straight back to the seat it showed
    tab = await anna.tab()
    await tab.see(t("lobby.at_table").strip())
    assert host.hub.games[gid].seats[0].connected


async def test_no_token_appears_in_any_log_line(web, logged):
    host, browser = await web()
    anna = await named(browser, "anna")
    rs = host.hub.create("anna", "base", 3)
    rs.close()
    gid = rs.game_id
    invite = host.hub.invite(gid, 1, "anna")
    bea = await named(browser, "bea", )
    await bea.get(f"/join/{gid}/{invite}")
    wrong = new_token()
    eve = browser()
    eve.set_token(wrong)
    tab = await eve.tab()
    await tab.ended()
    await eve.get(f"/join/{gid}/{wrong}")
    await anna.choose_name("other")  # a browser with a name posting again
    tab = await anna.tab(f"/ws/{gid}")
    await tab.see(t("lobby.at_table").strip())
    lines = logged()
    assert lines
    for secret in (anna.token, bea.token, invite, wrong, token_hash(anna.token)):
        assert not any(secret in line for line in lines), secret


# ---------------------------------------------------------------- the command line


@pytest.mark.parametrize("argv, says", [
    (["--no-ssh"], "--no-ssh braucht --web PORT"),
    (["--web", "2222"], "--web und --port sind beide 2222"),
    (["--web", "70000"], "--web muss ein Port 0–65535 sein, nicht 70000"),
    (["--web", "8080", "--web-url", "ftp://x"], "--web-url muss eine Adresse wie"),
    (["--web-url", "http://x"], "--web-url braucht --web PORT"),
])
def test_serve_web_options_are_checked(argv, says, capsys):
    assert cli_main(["serve", *argv]) != 0
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


# ---------------------------------------------------------------- other sites


async def test_other_sites_can_neither_open_a_session_nor_choose_a_name(web, logged):
    host, browser = await web()
    anna = await named(browser, "anna")
    with pytest.raises(aiohttp.WSServerHandshakeError):
        await anna.http.ws_connect(url(host).replace("http", "ws", 1) + "/ws", origin="http://evil.example")
    r = await anna.http.post(url(host) + "/name", data={"name": "mallory", "next": "/"},
                             headers={"Origin": "http://evil.example"})
    assert r.status == 403 and host.store.user_key("mallory") is None
    assert any("refused browser 127.0.0.1: a websocket opened from another site" in line for line in logged())
    # a link followed from another site brings no SameSite=Strict cookie: the page loads itself once more
    fresh = browser()
    r = await fresh.http.get(url(host) + "/", headers={"Sec-Fetch-Site": "cross-site"})
    assert 'http-equiv="refresh"' in await r.text()
    # a form's "next" goes nowhere but here
    r = await fresh.choose_name("bea", next_="https://evil.example/")
    assert r.url.path == "/" and r.url.host == "127.0.0.1"


async def test_behind_https_the_page_uses_wss_and_a_secure_cookie(web):
    host, browser = await web(web_url="https://thors.example.org")
    b = browser()
    r = await b.http.post(f"http://127.0.0.1:{host.web_port}/name", data={"name": "anna", "next": "/"},
                          allow_redirects=False)
    assert r.status == 303 and "Secure" in r.headers["Set-Cookie"]
    assert url(host) == "https://thors.example.org"
    token = re.search(COOKIE + r"=([A-Za-z0-9_-]{43})", r.headers["Set-Cookie"]).group(1)
    page = await b.http.get(f"http://127.0.0.1:{host.web_port}/", headers={"Cookie": f"{COOKIE}={token}"})
    assert 'data-session-websocket-url="wss://thors.example.org/ws"' in await page.text()


def test_a_server_in_a_thread_serves_synchronous_callers(tmp_path):
    """For Playwright's sync API: the server's loop in a thread of its own."""
    import urllib.request

    from thorskliff.web.harness import serving_in_thread

    with serving_in_thread(tmp_path / "data", ssh=False) as host:
        assert host.server is None and host.port == 0  # no SSH port
        with urllib.request.urlopen(url(host) + "/", timeout=WAIT) as r:
            assert r.status == 200 and 'action="/name"' in r.read().decode()
    assert host.closed


# ---------------------------------------------------------------- the channel adapter


class FakeSocket:
    """What WebChannel uses of a websocket; ``stuck``: the browser takes nothing."""

    def __init__(self, stuck: bool = False):
        self.stuck = stuck
        self.sent: list[bytes] = []
        self.closed = False

    async def send_bytes(self, data: bytes) -> None:
        if self.stuck:
            await asyncio.Event().wait()
        self.sent.append(data)

    async def close(self, **kw) -> None:
        self.closed = True


async def test_the_channel_sends_in_order_and_closes_after_the_last_byte():
    from thorskliff.web.session import WebChannel

    ws = FakeSocket()
    ch = WebChannel(ws)
    ch.write("Grüße ")
    ch.write("aus Thors Kliff")
    ch.exit(0)
    ch.write("nothing after the end")
    for _ in range(20):
        await asyncio.sleep(0)
    assert b"".join(ws.sent).decode() == "Grüße aus Thors Kliff" and ws.closed


async def test_a_browser_that_reads_nothing_is_dropped_not_buffered_without_end():
    from thorskliff.host.session import MAX_BUFFERED
    from thorskliff.web.session import WebChannel

    ws = FakeSocket(stuck=True)
    ch = WebChannel(ws)
    ch.write("first frame")
    await asyncio.sleep(0)  # the sender now waits on the browser
    ch.write("x" * (MAX_BUFFERED + 1))
    assert ch.get_write_buffer_size() > MAX_BUFFERED  # what GameSession.write checks before dropping
    ch.close()
    for _ in range(20):
        await asyncio.sleep(0)
    assert ws.closed and ch.get_write_buffer_size() == 0 and ch._sender is None


# ---------------------------------------------------------------- the SSH host's bounds, in a browser


async def test_an_oversize_paste_is_dropped_with_a_notice_and_a_huge_message_closes(web):
    host, browser = await web()
    anna = await named(browser, "anna")
    tab = await anna.tab()
    await tab.see("Angemeldet als anna")
    await tab.send("stdin", "n" * (driver.INPUT_BURST + 1))
    await tab.wait(lambda: "Zeichen verworfen" in tab.flat(), "the drop notice")
    assert "Welcher Modus" not in tab.text()  # none of it was read as keys
    await tab.ws.send_str("x" * (64 * 1024 + 1))  # beyond a websocket message's bound
    await tab.ended()
    assert tab.ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG


async def test_an_idle_browser_is_closed_and_keeps_its_seat(web, logged):
    host, browser = await web()
    anna = await named(browser, "anna")
    rs = host.hub.create("anna", "duell", 2)
    rs.close()
    gid = rs.game_id
    tab = await anna.tab(f"/ws/{gid}")
    await tab.see(t("lobby.at_table").strip())
    # set once the table is drawn; the timeout fires at once: nothing typed for longer than it
    host.config.idle_timeout = 1.0
    for session in [s for s in host.sessions if s.user == "anna"]:
        session._last_input -= 1.0
        session._arm_idle()
    await tab.wait(lambda: "Verbindung wird geschlossen" in tab.flat() or tab.eof, "the idle notice")
    await tab.ended()
    assert "Verbindung wird geschlossen" in tab.flat()
    assert host.hub.games[gid].seats[0].user == "anna" and not host.hub.games[gid].seats[0].connected
    assert any("refused browser 127.0.0.1 ('anna'): no key for 1 s" in line for line in logged())


async def test_a_browser_watches_a_game_as_a_spectator(web):
    host, browser = await web()
    await named(browser, "anna")
    rs = host.hub.create("anna", "duell", 2)
    gid = rs.game_id
    bea = await named(browser, "bea")
    tab = await bea.tab(f"/ws/{gid}")  # not her game: the lobby
    await tab.see("Angemeldet als bea", f"#{gid}")
    await tab.press("enter")
    await tab.see("Platz 2 nehmen", "Zuschauen")
    await tab.press("down", "enter")
    await tab.see(t("lobby.spectator"))
    assert host.hub.games[gid].spectators() == 1 and host.hub.games[gid].seats[1].free
    rs.close()


async def drawn(tab: Tab, app, island) -> None:
    """Until the app has handled everything sent before (a ping's pong: the server
    has read it; a callback passed from the app to the screen to the island: each
    has handled its messages; the island's next refresh: it has drawn them) and the
    terminal shows the island as the widget draws it afresh."""
    pongs = len(tab.texts)
    await tab.send("ping", "drawn")
    await tab.wait(lambda: any(m[:1] == ["pong"] for m in tab.texts[pongs:]), "the pong")
    done = asyncio.Event()
    screen = app.screen
    app.call_later(lambda: screen.call_later(lambda: island.call_later(
        lambda: island.call_after_refresh(done.set))))
    await asyncio.wait_for(done.wait(), WAIT)
    x, y, w, h = island.content_region
    island._strips = None  # drawn afresh: every line as the widget draws it (the focus marks laid over)
    fresh = [island.render_line(row).text.rstrip() for row in range(h)]
    await tab.wait(lambda: [line[x:x + w].rstrip() for line in tab.screen.display[y:y + h]] == fresh,
                   "the island on the terminal as drawn afresh")


async def test_cursor_steps_draw_only_changed_lines_and_the_screen_stays_true(web):
    """The island redraws only the lines a cursor step changed; what the
    terminal shows after many steps is the island as drawn afresh."""
    from thorskliff.ui.widgets.hexmap import IslandMap

    host, browser = await web()
    anna = await named(browser, "anna")
    rs = host.hub.create("anna", "base", 3)
    rs.close()
    tab = await anna.tab(f"/ws/{rs.game_id}", size=(120, 40))
    await tab.see(t("lobby.at_table").strip())
    (session,) = [s for s in host.sessions if s.user == "anna"]
    island = session.app.screen.query_one(IslandMap)
    await drawn(tab, session.app, island)
    visited = {island.cursor}
    sizes = []
    for key in ["\x1b[C", "\x1b[C", "\x1b[B", "\x1b[D", "\x1b[A", "\x1b[B", "\x1b[B", "\x1b[C"]:
        start = tab.received
        await tab.send("stdin", key)
        await drawn(tab, session.app, island)
        sizes.append(tab.received - start)
        visited.add(island.cursor)
        # the island on the terminal, line by line, is the island drawn afresh now
        x, y, w, h = island.content_region
        island._strips = None  # drawn afresh: every line as the widget draws it (the focus marks laid over)
        fresh = [island.render_line(row).text.rstrip() for row in range(h)]
        shown = [line[x:x + w].rstrip() for line in tab.screen.display[y:y + h]]
        assert shown == fresh
    assert len(visited) >= 5  # the cursor went places
    # and a step sends a fraction of the screen (24 KB, the whole island, before)
    assert sorted(sizes)[len(sizes) // 2] < 12_000, sizes


async def test_with_authorized_keys_a_browser_gets_a_name_only_by_invitation(web, tmp_path, logged):
    """--authorized-keys closes the SSH door to unknown keys: the browser door
    then opens only with an invitation from a player already in."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_text(key.export_public_key().decode())
    host, browser = await web(authorized_keys=keys)
    stranger = browser()
    r = await stranger.get("/")
    assert r.status == 403 and t("web.invited_only")[:40] in r.text_ and 'action="/name"' not in r.text_
    r = await stranger.choose_name("eve")
    assert r.status == 403 and stranger.token is None and host.store.user_key("eve") is None
    assert any("a new name without an invitation" in line for line in logged())
    # the known SSH player creates a game and invites: the friend gets a name and the seat
    async with asyncssh.connect("127.0.0.1", host.port, username="sven", client_keys=[key], known_hosts=None,
                                agent_path=None):
        pass
    rs = host.hub.create("sven", "duell", 2)
    rs.close()
    token = host.hub.invite(rs.game_id, 1, "sven")
    friend = browser()
    r = await friend.get(f"/join/{rs.game_id}/{token}")
    assert r.status == 200 and 'action="/name"' in r.text_
    r = await friend.choose_name("bea", next_=f"/join/{rs.game_id}/{token}")
    assert r.url.path == f"/game/{rs.game_id}" and host.hub.games[rs.game_id].seats[1].user == "bea"


async def test_a_stopping_server_says_so_in_every_browser(web):
    host, browser = await web()
    anna = await named(browser, "anna")
    tab = await anna.tab()
    await tab.see("Angemeldet als anna")
    await host.close()
    await tab.ended()
    # in the lobby: the games stay (no seat is promised to someone who may have none)
    assert t("host.stops_lobby") in tab.flat() and t("web.stops") in closing(tab)[0]


# ---------------------------------------------------------------- why a connection ended, on the page


def closing(tab: Tab) -> list[str]:
    """What the server told the page's closed bar (the ``["closing", text]`` frames)."""
    return [m[1] for m in tab.texts if m and m[0] == "closing"]


async def test_a_refusal_is_told_in_the_closed_bar_not_only_under_it(web, logged):
    host, browser = await web(max_per_user=3)
    anna = await named(browser, "anna")
    page = await anna.get("/")
    # the bar has a place for the reason, and claims no seat by itself
    script = await anna.get("/page.js")  # the page's own script, a file (its CSP runs no inline one)
    assert 'id="closed-why"' in page.text_ and '<script src="/page.js">' in page.text_
    assert script.status == 200 and '"closing"' in script.text_ and "closed-why" in script.text_
    assert t("web.closed") in page.text_ and "Platz" not in t("web.closed")
    tabs = [await anna.tab() for _ in range(3)]
    for tab in tabs:
        await tab.see("Angemeldet als anna")
    fourth = await anna.tab()
    await fourth.ended()
    assert closing(fourth) == [t("host.per_user", user="anna", n=3)]


async def test_q_in_the_lobby_ends_without_promising_a_seat(web):
    host, browser = await web()
    anna = await named(browser, "anna")
    rs = host.hub.create("anna", "duell", 2)  # she has a seat elsewhere, but the tab shows the lobby
    rs.close()
    tab = await anna.tab()
    await tab.see("Angemeldet als anna")
    await tab.press("q")
    await tab.ended()
    assert closing(tab) == [t("web.closed_quit")]


async def test_a_stopping_server_tells_the_seated_her_seat_stays_and_the_others_not(web):
    host, browser = await web()
    anna = await named(browser, "anna")
    rs = host.hub.create("anna", "duell", 2)
    rs.close()
    gid = rs.game_id
    seated = await anna.tab(f"/ws/{gid}")
    await seated.see(t("lobby.at_table").strip())
    bea = await named(browser, "bea")
    watching = await bea.tab(f"/ws/{gid}")
    await watching.see("Angemeldet als bea")
    await watching.press("enter")
    await watching.see("Zuschauen")
    await watching.press("down", "enter")
    await watching.see(t("lobby.spectator"))
    await host.close()
    await seated.ended()
    await watching.ended()
    assert closing(seated) == [t("web.stops") + " " + t("web.closed_seat", id=gid)]
    # a spectator is told the game stays and she can watch again (no seat is promised)
    assert closing(watching) == [t("host.stops_watching")]


async def test_a_paste_over_64_kib_is_told_and_logged(web, logged):
    host, browser = await web()
    anna = await named(browser, "anna")
    tab = await anna.tab()
    await tab.see("Angemeldet als anna")
    await tab.send("stdin", "x" * (64 * 1024 + 1))
    await tab.ended()
    assert tab.ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert closing(tab) == [t("web.too_big", kib=64)]
    assert any("refused browser 127.0.0.1 ('anna'): a websocket message of" in line and "64 KiB" in line
               for line in logged())
    # beyond what the server reads at all: aiohttp closes (1009, the page names it) and the log says so
    tab = await anna.tab()
    await tab.see("Angemeldet als anna")
    await tab.ws.send_str("x" * (256 * 1024 + 1))
    await tab.ended()
    assert tab.ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert any("refused browser 127.0.0.1 ('anna'): a websocket message over 256 KiB" in line for line in logged())
    assert t("web.too_big_page") in (await anna.get("/")).text_


# ---------------------------------------------------------------- the name form: redirects, German pages


async def test_a_refused_name_comes_back_by_redirect_with_a_hint_for_umlauts(web):
    host, browser = await web()
    b = browser()
    r = await b.choose_name("Jörg")
    # POST/redirect/GET: the browser's Back shows the form, not "Confirm Form Resubmission"
    assert [h.status for h in r.history] == [303] and r.method == "GET" and r.url.path == "/"
    assert r.status == 400 and t("web.name_umlaut", name="Jörg", hint="Joerg") in r.text_
    assert "wie wäre Joerg?" in r.text_ and b.token is None
    assert 'value="Jörg"' in r.text_  # there to correct


async def test_an_over_long_name_is_refused_not_cut(web):
    host, browser = await web()
    b = browser()
    page = await b.get("/")
    assert 'maxlength="16"' not in page.text_  # the field no longer cuts it silently
    r = await b.choose_name("Maximilian_Alexander")
    assert r.status == 400 and [h.status for h in r.history] == [303]
    assert t("web.name_long", name="Maximilian_Alexander", n=20) in r.text_ and b.token is None
    assert host.store.user_key("Maximilian_Alexa") is None
    r = await b.choose_name("an na")
    assert r.status == 400 and t("web.name_bad", name="an na") in r.text_


async def test_an_invited_guests_refused_name_goes_back_to_the_invitation(web):
    host, browser = await web()
    await named(browser, "anna")
    rs = host.hub.create("anna", "duell", 2)
    rs.close()
    token = host.hub.invite(rs.game_id, 1, "anna")
    guest = browser()
    r = await guest.choose_name("anna", next_=f"/join/{rs.game_id}/{token}")
    assert r.status == 409 and r.url.path == f"/join/{rs.game_id}/{token}"
    assert t("web.name_taken", name="anna") in r.text_ and t("web.invited", n=2, id=rs.game_id) in r.text_
    r = await guest.choose_name("bea", next_=f"/join/{rs.game_id}/{token}")
    assert r.url.path == f"/game/{rs.game_id}" and host.hub.games[rs.game_id].seats[1].user == "bea"


async def test_every_error_page_a_browser_reaches_is_german(web):
    host, browser = await web()
    b = browser()
    pages = []

    async def reach(status: int, text: str, r) -> None:
        body = await r.text()
        assert r.status == status and text in body, (r.status, body)
        pages.append(body)

    r = await b.get("/name")  # typed in or reloaded: the form
    assert r.status == 200 and 'action="/name"' in r.text_
    await reach(403, t("web.http_forbidden"), await b.http.get(b.base + "/static/"))
    await reach(405, t("web.http_method"), await b.http.put(b.base + "/"))
    await reach(413, t("web.http_too_big"),
                await b.http.post(b.base + "/name", data={"name": "anna", "next": "/", "x": "y" * 20_000}))
    await reach(403, t("web.http_forbidden"), await b.http.post(b.base + "/name", data={"name": "anna"},
                                                                headers={"Sec-Fetch-Site": "cross-site"}))
    await reach(404, t("web.not_found"), await b.http.get(b.base + "/nothing"))
    for body in pages:
        for english in ("Forbidden", "Method Not Allowed", "Too Large", "Not Found"):
            assert english not in body


async def test_names_differing_only_in_capitals_are_one_player_over_ssh_and_in_browsers(web, logged):
    host, browser = await web()
    await named(browser, "Anna")
    b = browser()
    r = await b.choose_name("anna")
    assert r.status == 409 and t("web.name_taken", name="anna") in r.text_ and b.token is None
    key, other = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    async with asyncssh.connect("127.0.0.1", host.port, username="Sven", client_keys=[key], known_hosts=None,
                                agent_path=None):
        pass
    with pytest.raises(asyncssh.PermissionDenied):  # another key for "sven": the name is Sven's
        await asyncssh.connect("127.0.0.1", host.port, username="sven", client_keys=[other], known_hosts=None,
                               agent_path=None)
    with pytest.raises(asyncssh.PermissionDenied):  # nor may an SSH key take "ANNA"
        await asyncssh.connect("127.0.0.1", host.port, username="ANNA", client_keys=[key], known_hosts=None,
                               agent_path=None)
    r = await browser().choose_name("SVEN")
    assert r.status == 409
    # Sven's own key with other capitals is Sven, spelled as he first chose
    async with asyncssh.connect("127.0.0.1", host.port, username="sven", client_keys=[key], known_hosts=None,
                                agent_path=None):
        pass
    assert sum("Sven signed in from" in line for line in logged()) == 2
    assert sorted(r[0] for r in host.store.db.execute("SELECT name FROM users")) == ["Anna", "Sven"]


async def test_serve_says_where_in_the_servers_language_with_the_real_host(web):
    from thorskliff.host.host import startup_lines

    host, browser = await web()
    de = startup_lines(host)
    assert de == [t("web.serve_ssh", where=f"127.0.0.1:{host.port}", data=host.data, port=host.port,
                    host="127.0.0.1"), t("web.serve_web", url=url(host), data=host.data)]
    assert f"ssh -p {host.port} NAME@127.0.0.1" in de[0] and "NAME@HOST" not in de[0]
    assert "Browser öffnen" in de[1] and "listening" not in " ".join(de)
    i18n.set_lang("en")
    en = startup_lines(host)
    assert "players connect with" in en[0] and "browsers open" in en[1]


# ---------------------------------------------------------------- invitations from the seat


async def creator_at_her_seat(web):
    """anna's browser at seat 1 of a new 3-player game of hers: (host, browser, anna, game id, her seat's tab)."""
    host, browser = await web()
    anna = await named(browser, "anna")
    rs = host.hub.create("anna", "base", 3)
    rs.close()
    gid = rs.game_id
    seat = await anna.tab(f"/ws/{gid}", size=(160, 50))
    await seat.see(t("lobby.at_table").strip())
    return host, browser, anna, gid, seat


async def test_the_creator_invites_from_her_seat_and_a_used_link_leaves_the_lobby(web):
    host, browser, anna, gid, seat = await creator_at_her_seat(web)
    assert t("web.invite_hint") in seat.flat()  # the seat says where the links are
    # the command palette offers a link for each free seat, without leaving the seat
    await seat.send("stdin", "\x10")  # ctrl+p
    await seat.send("stdin", "Einladungslink")
    await seat.see("Einladungslink für Platz 2", "Einladungslink für Platz 3")
    await seat.press("enter")
    await seat.see(t("web.invite_title"))
    await seat.wait(lambda: "/join/" in seat.flat(), "the link")
    link = re.search(r"(http://\S+/join/\d+/[A-Za-z0-9_-]{43})", seat.flat()).group(1)
    assert any(link in line for line in seat.screen.display)  # whole, on one line: to be copied
    assert host.hub.games[gid].seats[0].user == "anna" and host.hub.games[gid].seats[0].connected
    await seat.press("escape")
    await seat.wait(lambda: "/join/" not in seat.flat(), "the link's box gone")
    bea = browser()
    r = await bea.choose_name("bea", next_=link[len(url(host)):])
    assert r.url.path == f"/game/{gid}" and host.hub.games[gid].seats[1].user == "bea"
    # the lobby: a link shown there goes once its seat is taken, and says who took it
    lobby = await anna.tab(size=(200, 50))
    await lobby.see("Angemeldet als anna", f"#{gid}")
    await lobby.press("enter")
    await lobby.see("Einladungslink für Platz 3")
    await lobby.press("down", "enter")
    await lobby.wait(lambda: "/join/" in lobby.flat(), "the lobby's link")
    link = re.search(r"(http://\S+/join/\d+/[A-Za-z0-9_-]{43})", lobby.flat()).group(1)
    cleo = browser()
    r = await cleo.choose_name("cleo", next_=link[len(url(host)):])
    assert host.hub.games[gid].seats[2].user == "cleo"
    await lobby.see(t("web.invite_used", n=3, id=gid, name="cleo"))
    assert "/join/" not in lobby.flat()


async def test_an_ssh_login_with_a_taken_name_is_told_why_before_permission_denied(web, logged):
    host, browser = await web()
    await named(browser, "wanda")
    banners: list[str] = []

    class Client(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    key, other = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", host.port, username="wanda", client_keys=[key, other],
                               known_hosts=None, agent_path=None, client_factory=Client)
    # once, however many keys were tried; not whose the name is
    assert banners == [t("web.ssh_name_taken", user="wanda", port=host.port, host="127.0.0.1") + "\r\n"]
    assert "Browser" in banners[0] and "ssh -p" in banners[0]
    async with asyncssh.connect("127.0.0.1", host.port, username="sven", client_keys=[key], known_hosts=None,
                                agent_path=None):
        pass
    banners.clear()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", host.port, username="sven", client_keys=[other], known_hosts=None,
                               agent_path=None, client_factory=Client)
    assert banners == [t("web.ssh_name_taken", user="sven", port=host.port, host="127.0.0.1") + "\r\n"]


async def test_an_ssh_login_with_an_umlaut_name_is_told_a_name_that_would_do(web, logged):
    """A play-tester ran "ssh -p 2299 Jörg@127.0.0.1" and read only "Permission denied
    (publickey)": the auth banner says why and offers "Joerg", as the browsers' name form
    does (checked by hand with OpenSSH's ssh as well); a name with no such hint is told
    what a name may hold. With a key or without one (the banner comes at the user name)."""
    host, browser = await web()
    banners: list[str] = []

    class Client(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    key = asyncssh.generate_private_key("ssh-ed25519")
    for keys in ([key], []):
        banners.clear()
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", host.port, username="Jörg", client_keys=keys,
                                   known_hosts=None, agent_path=None, client_factory=Client)
        assert banners == [t("web.ssh_name_umlaut", hint="Joerg", port=host.port, host="127.0.0.1") + "\r\n"]
        assert f"Joerg? ssh -p {host.port} Joerg@127.0.0.1" in banners[0]
        # the banner is UTF-8 (RFC 4252): real umlauts, not "waere"
        assert "wie wäre Joerg?" in banners[0] and "waere" not in banners[0]
    banners.clear()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", host.port, username="x!y", client_keys=[key], known_hosts=None,
                               agent_path=None, client_factory=Client)
    assert banners == [t("web.ssh_name_bad", port=host.port, host="127.0.0.1") + "\r\n"]
    assert "A–Z" in banners[0]


async def test_a_failed_app_does_not_claim_the_player_left(web, monkeypatch, logged):
    from thorskliff.ui.screens.lobby import LobbyScreen

    def broken(self) -> None:
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(LobbyScreen, "action_new", broken)
    host, browser = await web()
    anna = await named(browser, "anna")
    tab = await anna.tab()
    await tab.see("Angemeldet als anna")
    await tab.press("n")
    await tab.ended()
    assert closing(tab) == [t("web.closed_failed")]
    assert any("the app of anna (browser 127.0.0.1) ended with an error" in line for line in logged())


async def test_a_game_page_without_a_seat_says_so_and_what_enter_offers(web):
    """A play-tester opened /game/N with no seat in game N and landed in the lobby told
    nothing. The lobby now points at game N's row and says why and what Enter offers."""
    host, browser = await web()
    await named(browser, "anna")
    free = host.hub.create("anna", "duell", 2)  # seat 2 free
    full = host.hub.create("anna", "duell", 2, bots="leicht")  # every seat taken
    for rs in (free, full):
        rs.close()
    bea = await named(browser, "bea")
    says = {free.game_id: t("lobby.no_seat", id=free.game_id),
            full.game_id: t("lobby.no_seat_full", id=full.game_id),
            99: t("lobby.no_game", id=99)}
    for gid, text in says.items():
        tab = await bea.tab(f"/ws/{gid}", size=(160, 40))
        await tab.see("Angemeldet als bea")
        await tab.wait(lambda text=text: text in tab.flat(), repr(text))
        await tab.close()
    # the cursor is on that game's row: Enter offers its free seat and watching
    tab = await bea.tab(f"/ws/{free.game_id}", size=(160, 40))
    await tab.wait(lambda: says[free.game_id] in tab.flat(), "the line")
    await tab.press("enter")
    await tab.see(t("lobby.game", id=free.game_id), "Platz 2 nehmen", t("lobby.watch"))


async def test_the_creator_finds_the_invitations_in_the_game_menu_too(web):
    """A play-tester looked for the invitation under q (the game menu), not only in
    the command palette (Strg+P): the creator's menu offers a link for each free seat."""
    host, browser, anna, gid, seat = await creator_at_her_seat(web)
    assert t("web.invite_hint") in seat.flat()  # names both places
    await seat.press("q")
    await seat.see(t("play.menu_title"), "Einladungslink für Platz 2", "Einladungslink für Platz 3",
                   t("play.menu_lobby"))
    await seat.press("down", "down", "enter")  # after Weiterspielen, Aufgeben …; Platz 3
    await seat.see(t("web.invite_title"))
    await seat.wait(lambda: f"/join/{gid}/" in seat.flat(), "the link")
    assert t("web.invite_link", n=3, id=gid, url="").split("\n")[0] in seat.flat()
    await seat.press("escape")
    await seat.wait(lambda: "/join/" not in seat.flat(), "the link's box gone")
    await seat.see(t("lobby.at_table").strip())
    # a guest at seat 2 has no such entries: only the creator invites
    bea = await named(browser, "bea")
    host.hub.join(gid, 1, "bea").close()
    guest = await bea.tab(f"/ws/{gid}", size=(160, 50))
    await guest.see(t("lobby.at_table").strip())
    await guest.press("q")
    await guest.see(t("play.menu_title"), t("play.menu_lobby"))
    assert "Einladungslink" not in guest.flat()


@pytest.mark.correspondence
async def test_the_tab_title_counts_the_correspondence_games_waiting_for_the_browsers_player(web):
    """#32: "(1) Dein Zug — Die Schlacht um Thors Kliff" while one game waits for her move."""
    from thorskliff.host.corr import DAY, Terms

    host, browser = await web()
    b = await named(browser, "anna")
    page = await b.get("/")
    assert f"<title>{t('web.page_title')}</title>" in page.text_
    a = host.hub.create("anna", "duell", 2, seed=5, terms=Terms(DAY, "resign", 0))
    bert = host.hub.join(a.game_id, 1, "bert")
    if a.hg.state.current_player() == 1:
        host.hub.submit(bert, a.hg.game.legal()[0])
    assert host.hub.waiting("anna") == [a.hg]
    page = await b.get("/")
    assert f"<title>(1) Dein Zug — {t('web.page_title')}</title>" in page.text_


@pytest.mark.correspondence
async def test_an_open_tab_is_retitled_when_a_game_comes_to_wait_for_its_player_and_when_it_no_longer_does(web):
    """#32: the title follows the count while the tab is open, not only when the page loads:
    bert's move makes anna's game wait ("(1) Dein Zug — …"), her own move ends the wait."""
    from thorskliff.host.corr import DAY, Terms

    host, browser = await web()
    b = await named(browser, "anna")
    a = host.hub.create("anna", "duell", 2, seed=5, terms=Terms(DAY, "resign", 0))
    bert = host.hub.join(a.game_id, 1, "bert")
    while a.hg.state.current_player() == 0:  # anna to move: she passes the turn on first
        host.hub.submit(host.hub.resume(a.game_id, "anna"), a.hg.game.legal()[0])
    tab = await b.tab()
    await tab.see(t("lobby.title"))
    assert host.hub.waiting("anna") == [] and not [m for m in tab.texts if m[0] == "title"]
    while a.hg.state.current_player() == 1:
        host.hub.submit(bert, a.hg.game.legal()[0])
    waiting = ["title", t("corr.tab_title", n=1, title=t("web.page_title"))]
    await tab.wait(lambda: waiting in tab.texts, "the title with the game waiting")
    while a.hg.state.current_player() == 0:
        host.hub.submit(host.hub.resume(a.game_id, "anna"), a.hg.game.legal()[0])
    plain = ["title", t("web.page_title")]
    await tab.wait(lambda: plain in tab.texts, "the plain title again")
    assert [m for m in tab.texts if m[0] == "title"] == [waiting, plain]  # one frame per change of the count
