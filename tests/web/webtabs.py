"""Browser players for the tests of ``thorskliff serve --web``: one Chromium
tab (a Playwright page of its own browser context, so its own cookie jar)
showing textual-serve's page, and what its terminal shows.

What a tab shows is read from the page's own xterm.js terminal: textual.js
keeps its ``Terminal`` in a local variable, so an init script (run before
any of the page's scripts) catches the object when textual.js assigns
``this.terminal`` and keeps it as ``window.__thorskliffTerm``; the page and
its scripts are served unchanged. The rows are read from the terminal's
active buffer, the one its renderer draws (textual.js sets no scrollback,
so the buffer is the screen), and only once the page has unhidden the
terminal (body class ``-first-byte``); :meth:`Tab.check_reading` checks those
rows against the ones xterm.js's own accessibility renderer puts into the
page. Each text a test waits for is polled in the page with a timeout, never
after a fixed sleep. Every byte the server sends a tab's websockets is kept
too (``everything``): a secret must reach no tab, not only be off its screen
at the end."""

from __future__ import annotations

import codecs
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from playwright.async_api import BrowserContext, Page, WebSocket
from playwright.async_api import TimeoutError as PlaywrightTimeout

from hostfixtures import hub_until, prompt
from thorskliff.ui.i18n import t

WAIT = 20.0  # seconds a screen may take to show what a test waits for

#: the browsers' window: the terminal page fits 142 x 38 cells in it
VIEWPORT = {"width": 1280, "height": 800}
#: browsers the tests will drive, looked for in this order (THORSKLIFF_CHROMIUM first)
CHROMIUMS = ("chromium", "chromium-browser")

written: list[Path] = []


def chromium() -> str:
    """The Chromium to start, or a skip that says why there is none."""
    given = os.environ.get("THORSKLIFF_CHROMIUM")
    if given:
        if not (shutil.which(given) or Path(given).is_file()):
            pytest.fail(f"THORSKLIFF_CHROMIUM={given!r} is not an executable")  # a wrong setting is no reason to skip
        return shutil.which(given) or given
    for name in CHROMIUMS:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip(f"no Chromium on this machine (none of {', '.join(CHROMIUMS)} on PATH, THORSKLIFF_CHROMIUM unset); "
                "`apt-get install chromium` (.ci/run does) to run the browser tests")


_artifacts: list[Path] = []


def artifacts() -> Path:
    """$THORSKLIFF_ARTIFACTS, else a temporary folder of this test process's own:
    parallel workers (and parallel runs) write nothing into the checkout."""
    given = os.environ.get("THORSKLIFF_ARTIFACTS")
    if given:
        folder = Path(given)
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    if not _artifacts:
        _artifacts.append(Path(tempfile.mkdtemp(prefix="thorskliff-artifacts-")))
    return _artifacts[0]


async def screenshot(tab: Tab, name: str) -> Path:
    """Keep what the tab shows as a test artifact."""
    path = artifacts() / name
    await tab.page.screenshot(path=str(path))
    written.append(path)
    print(f"screenshot: {path}")
    return path


#: caught before textual.js runs: the first object assigned to a ``terminal``
#: property that looks like an xterm.js Terminal; the trap removes itself then
CATCH_TERMINAL = """
(() => {
  Object.defineProperty(Object.prototype, 'terminal', {
    configurable: true,
    set(value) {
      Object.defineProperty(this, 'terminal', {value, writable: true, configurable: true, enumerable: true});
      if (value && value.buffer && typeof value.write === 'function' && !window.__thorskliffTerm) {
        window.__thorskliffTerm = value;
        delete Object.prototype.terminal;
      }
    },
  });
})();
"""

#: the terminal's rows as the player sees them, or null while the page shows no terminal
SCREEN = """() => {
  const term = window.__thorskliffTerm;
  if (!term || !document.body.classList.contains('-first-byte')) return null;
  if (term.element !== document.querySelector('#terminal .xterm')) return null;
  const buf = term.buffer.active, rows = [];
  for (let i = 0; i < term.rows; i++) {
    const line = buf.getLine(buf.viewportY + i);
    rows.push(line ? line.translateToString(true) : '');
  }
  return rows.join('\\n');
}"""

#: true once every one of the texts is on the screen
SHOWS = "(texts) => { const s = (" + SCREEN + ")(); return s !== null && texts.every(x => s.includes(x)); }"
SHOWS_NOT = "(text) => { const s = (" + SCREEN + ")(); return s !== null && !s.includes(text); }"

#: the page's keys by the names the SSH tests use
KEYS = {"enter": "Enter", "escape": "Escape", "tab": "Tab", "up": "ArrowUp", "down": "ArrowDown",
        "right": "ArrowRight", "left": "ArrowLeft", "space": " ", "backspace": "Backspace", "end": "End"}


class Tab:
    """One browser player: ``await Tab.open(context, base, name)``."""

    def __init__(self, context: BrowserContext, page: Page, base: str):
        self.context = context
        self.page = page
        self.base = base
        self.received: list[str] = []  # every frame the server sent, decoded
        self.sockets: list[WebSocket] = []
        self.elsewhere: list[str] = []  # requests to other hosts (refused: the page must work offline)
        page.on("websocket", self._socket)

    @classmethod
    async def new(cls, context: BrowserContext, base: str) -> Tab:
        await context.add_init_script(CATCH_TERMINAL)

        async def only_this_server(route):
            if route.request.url.startswith(base):
                await route.continue_()
            else:
                tab.elsewhere.append(route.request.url)
                await route.abort()

        await context.route("**/*", only_this_server)
        tab = cls(context, await context.new_page(), base)
        return tab

    @classmethod
    async def open(cls, context: BrowserContext, base: str, name: str, path: str = "/") -> Tab:
        """A new browser at ``path`` that chooses ``name`` in the form and reaches the terminal."""
        tab = await cls.new(context, base)
        await tab.goto(path)
        await tab.choose_name(name)
        return tab

    def _socket(self, ws: WebSocket) -> None:
        self.sockets.append(ws)
        decoder = codecs.getincrementaldecoder("utf-8")("replace")

        def got(payload: str | bytes) -> None:
            self.received.append(decoder.decode(payload) if isinstance(payload, bytes) else payload)

        ws.on("framereceived", got)

    async def goto(self, path: str):
        return await self.page.goto(self.base + path)

    async def choose_name(self, name: str) -> None:
        await self.page.fill("#name", name)
        await self.page.click("#go")
        await self.terminal()

    async def terminal(self) -> None:
        """Wait until the page shows its terminal, and give it the keyboard."""
        try:
            await self.page.wait_for_function(SCREEN, timeout=WAIT * 1000, polling=100)
        except PlaywrightTimeout:
            raise AssertionError(f"no terminal on the page {self.page.url}; its text:\n"
                                 f"{await self.page.inner_text('body')}") from None
        await self.page.focus(".xterm-helper-textarea")

    # ------------------------------------------------------------ reading
    async def text(self) -> str:
        """The terminal's rows as the player sees them ("" while there is no terminal)."""
        return await self.page.evaluate(SCREEN) or ""

    async def page_text(self) -> str:
        """All the text of the page: the terminal's rows and the page's own (notices, forms)."""
        return await self.text() + "\n" + await self.page.inner_text("body")

    async def check_reading(self) -> None:
        """What :meth:`text` reads is what xterm.js itself renders as text: its
        accessibility renderer (switched on here; it draws nothing visible) puts
        every row into the page as a DOM element, and those rows must equal the
        buffer's rows, read in the same instant."""
        await self.page.evaluate("() => { window.__thorskliffTerm.options.screenReaderMode = true; }")
        same = """() => {
          const rows = Array.from(document.querySelectorAll('.xterm-accessibility-tree > div'),
                                  d => d.textContent.replace(/\\u00a0/g, ' ').trimEnd());
          const screen = (""" + SCREEN + """)();
          return screen !== null && rows.length > 0
                 && rows.join('\\n') === screen.split('\\n').map(r => r.trimEnd()).join('\\n');
        }"""
        try:
            await self.page.wait_for_function(same, timeout=WAIT * 1000, polling=100)
        except PlaywrightTimeout:
            rows = await self.page.evaluate(
                "() => Array.from(document.querySelectorAll('.xterm-accessibility-tree > div'), d => d.textContent)")
            raise AssertionError("xterm's accessibility rows differ from its buffer:\n" + "\n".join(rows)
                                 + "\n--- the buffer:\n" + await self.text()) from None

    def everything(self) -> str:
        return "".join(self.received)

    async def _wait(self, js: str, arg, what: str, timeout: float) -> None:
        try:
            await self.page.wait_for_function(js, arg=arg, timeout=timeout * 1000, polling=100)
        except PlaywrightTimeout:
            raise AssertionError(f"timed out waiting for {what}; the screen:\n{await self.text()}") from None

    async def see(self, *texts: str, timeout: float = WAIT) -> None:
        await self._wait(SHOWS, list(texts), f"{texts!r}", timeout)

    async def gone(self, text: str, timeout: float = WAIT) -> None:
        await self._wait(SHOWS_NOT, text, f"{text!r} to go", timeout)

    # ------------------------------------------------------------ typing
    async def press(self, *keys: str) -> None:
        for k in keys:
            if k in KEYS:
                await self.page.keyboard.press(KEYS[k])
            else:
                await self.page.keyboard.type(k)

    async def type(self, text: str) -> None:
        await self.page.keyboard.type(text)

    async def command(self, notation: str) -> None:
        """A decision typed in notation into the game screen's ':' box, once it is open."""
        await self.press(":")
        await self.see(t("game.command")[:15])
        await self.type(notation)
        await self.press("enter")

    async def reload(self) -> None:
        await self.page.reload()
        await self.terminal()


# ---------------------------------------------------------------- the table
# Tabs and SSH terminals (tests/ssh/conftest.py's Term) are driven alike: the
# Term's press/see are wrapped so that one helper can wait on either.
class SSHPlayer:
    """An SSH terminal with a Tab's (awaitable) interface."""

    def __init__(self, term):
        self.term = term

    async def text(self) -> str:
        return self.term.text()

    def everything(self) -> str:
        return self.term.everything()

    async def see(self, *texts: str, timeout: float = WAIT) -> None:
        await self.term.see(*texts, timeout=timeout)

    async def gone(self, text: str, timeout: float = WAIT) -> None:
        await self.term.gone(text, timeout=timeout)

    async def press(self, *keys: str) -> None:
        self.term.press(*keys)

    async def type(self, text: str) -> None:
        self.term.type(text)

    async def command(self, notation: str) -> None:
        await self.term.command(notation)


async def decide(host, hg, players: dict, text: str, watchers=()) -> None:
    """The seat that decides sends ``text``; every screen then shows the next prompt."""
    d = hg.state.current_player()
    n = len(hg.game.lines)
    await players[d].command(text)
    await hub_until(host, lambda: len(hg.game.lines) > n,
                    f"{text} by seat {d + 1}; its screen:\n{await players[d].text()}")
    for seat, player in (*players.items(), *((None, w) for w in watchers)):
        await player.see(prompt(hg, seat))


async def past_the_beaches(host, hg, players: dict, watchers=()) -> None:
    while hg.state.step == "beach":
        await decide(host, hg, players, hg.game.legal()[0], watchers)


async def new_game(player, seats: int = 3) -> None:
    """A new game from the lobby, its free seats left to other players; the creator sits at seat 1.
    Two seats: the Duell; three or four: the Grundspiel."""
    await player.see(t("lobby.title"))
    await player.press("n")
    await player.see(t("lobby.mode"))
    if seats == 2:
        await player.press("down")
    await player.press("enter")
    await player.see(t("lobby.players"))
    if seats == 4:
        await player.press("down")
    await player.press("enter")
    await player.see(t("lobby.empty"))
    await player.press("enter")
    await player.see(t("corr.tempo"))  # live, or a correspondence game (#32)
    await player.press("enter")
    await player.see(t("lobby.at_table").strip())


async def enter_game(player, option: str, index: int = 0) -> None:
    """Open the first game of the lobby and pick its ``index``-th option (whose text is ``option``)."""
    await player.see("#1 ")
    await player.press("enter")
    await player.see(option)
    await player.press(*["down"] * index, "enter")
    await player.see(t("lobby.at_table").strip())
