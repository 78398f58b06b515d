"""A server on loopback (port 0, a temporary data folder) and terminals:
asyncssh clients with a PTY whose output a pyte screen reads. Waiting is on
the screen's content, with a timeout, never a fixed sleep."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pyte
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thorskliff.host.config import Config
from thorskliff.host.host import Host  # noqa: E402
from thorskliff.ui import i18n  # noqa: E402

WAIT = 20.0

KEYS = {"enter": "\r", "escape": "\x1b", "tab": "\t", "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C",
        "left": "\x1b[D", "space": " ", "backspace": "\x7f"}


from hostfixtures import _german  # noqa: E402,F401 (autouse: German, a data folder of its own)


@pytest.fixture
def data(tmp_path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def keys():
    """One client key per user name, made on first use."""
    made: dict[str, asyncssh.SSHKey] = {}

    def key(name: str) -> asyncssh.SSHKey:
        if name not in made:
            made[name] = asyncssh.generate_private_key("ssh-ed25519")
        return made[name]

    return key


class _Said(logging.Handler):
    """The host's log lines of the running test, for a failure to quote: a connection that
    ended says there why (a session's app that failed logs its traceback)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


_SAID = _Said()


def server_said() -> str:
    return "\n".join(_SAID.lines[-40:]) or "(nothing)"


@pytest.fixture
async def server(data):
    hosts: list[Host] = []
    _SAID.lines.clear()
    said = logging.getLogger("thorskliff")
    said.addHandler(_SAID)
    level = said.level
    said.setLevel(logging.INFO)

    async def start(**kw) -> Host:
        host = await Host.start(Config(port=0, data=data, **kw))
        hosts.append(host)
        return host

    yield start
    for h in hosts:
        await h.close()
    said.removeHandler(_SAID)
    said.setLevel(level)


class Term:
    """One player's terminal: keys in, a pyte screen out."""

    def __init__(self, conn, proc, cols: int, rows: int):
        self.conn = conn
        self.proc = proc
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        self.transcript: list[str] = []
        self.changed = asyncio.Condition()
        self.eof = False
        self.failure = ""
        #: why reading stopped, when the connection raised rather than ended
        self.ended_by = "end of output"
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, port: int, user: str, key, size=(120, 40), term="xterm-256color", source="127.0.0.1",
                   **session) -> Term:
        """``session``: more for the session's channel (``window``: how much may be in flight to it);
        ``source``: the loopback address it comes from (127.0.0.0/8 is all this machine's)."""
        conn = await asyncssh.connect("127.0.0.1", port, username=user, client_keys=[key], known_hosts=None,
                                      agent_path=None, local_addr=(source, 0))
        proc = await conn.create_process(term_type=term, term_size=size, **session)
        return cls(conn, proc, *size)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.proc.stdout.read(65536)
                if not data:
                    self.ended_by = f"end of output (exit status {self.proc.exit_status})"
                    break
                self.transcript.append(data)
                self.stream.feed(data)
                async with self.changed:
                    self.changed.notify_all()
        except (asyncssh.Error, OSError) as exc:
            self.ended_by = f"{type(exc).__name__}: {exc}"
        except asyncio.CancelledError:
            self.ended_by = "reading cancelled"
            raise
        except Exception as exc:  # the terminal emulator choked: say so, not "the connection ended"
            self.failure = f"{type(exc).__name__}: {exc} while reading {data[-200:]!r}"
            raise
        finally:
            self.eof = True
            async with self.changed:
                self.changed.notify_all()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def everything(self) -> str:
        return "".join(self.transcript)

    async def wait(self, pred: Callable[[], bool], what: str = "", timeout: float = WAIT) -> None:
        seen = False

        def met() -> bool:
            nonlocal seen
            seen = seen or pred()
            return seen or self.eof

        async def until() -> None:
            async with self.changed:
                await self.changed.wait_for(met)
        try:
            await asyncio.wait_for(until(), timeout)
        except TimeoutError:
            raise AssertionError(f"timed out waiting for {what or pred}; the screen:\n{self.text()}") from None
        # what was seen counts, though the screen may have moved on since (a box opened and
        # closed again was reported as "the connection ended", the connection still open)
        if not seen:
            if self.failure:
                raise AssertionError(f"reading the screen failed ({self.failure}) while waiting for {what}")
            raise AssertionError(f"the connection ended ({self.ended_by}) while waiting for {what}; "
                                 f"the server said:\n{server_said()}\nthe screen:\n{self.text()}\n"
                                 f"the last output:\n{self.everything()[-1500:]!r}")

    async def see(self, *texts: str, timeout: float = WAIT) -> None:
        await self.wait(lambda: all(x in self.text() for x in texts), f"{texts!r}", timeout)

    async def gone(self, text: str, timeout: float = WAIT) -> None:
        await self.wait(lambda: text not in self.text(), f"{text!r} to go", timeout)

    def press(self, *keys: str) -> None:
        for k in keys:
            self.proc.stdin.write(KEYS.get(k, k))

    def type(self, text: str) -> None:
        self.proc.stdin.write(text)

    async def command(self, notation: str) -> None:
        """A decision typed in notation into the game screen's ':' box, once it is open
        (keys sent before would go to the island)."""
        self.press(":")
        await self.see(i18n.t("game.command")[:15])
        self.type(notation)
        self.press("enter")

    async def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        self.proc.change_terminal_size(cols, rows)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        await asyncio.wait_for(self.reader, WAIT)


@pytest.fixture
async def terms():
    """Open terminals; all are closed at the end of the test."""
    opened: list[Term] = []

    async def open_term(port: int, user: str, key, **kw) -> Term:
        t = await Term.open(port, user, key, **kw)
        opened.append(t)
        return t

    yield open_term
    for t in opened:
        if not t.eof:
            t.conn.close()
    for t in opened:
        try:
            await asyncio.wait_for(t.reader, WAIT)
        except (TimeoutError, asyncio.CancelledError):
            t.reader.cancel()
