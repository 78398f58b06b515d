"""The SSH host: ``thorskliff serve``.

One process holds the hub and an asyncssh server; every SSH session with a
terminal runs its own :class:`~.hostapp.HostedApp` in this process, drawing
through :class:`~.driver.SSHDriver`. Players are known by SSH user name and
public key: the first key seen for a name is bound to it and any other key
for that name is refused; an authorized-keys file, when given, says which
keys may enter at all. The host key is made on the first start and kept in
the data folder with the games (``hub.sqlite3``).
"""

from __future__ import annotations

import asyncio
import base64
import gc
import ipaddress
import logging
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from .. import durable
from .hub import Hub, valid_name
from .store import Store

log = logging.getLogger("thorskliff.ssh")

HOST_KEY = "ssh_host_ed25519_key"
DATABASE = "hub.sqlite3"
NO_PTY = "thorskliff needs a terminal: connect with 'ssh -t -p {port} {user}@HOST' (your client asked for none)\r\n"
#: a client that reads nothing for this much output is dropped rather than buffered without end
MAX_BUFFERED = 8 * 1024 * 1024


@dataclass
class Config:
    host: str = "127.0.0.1"
    port: int = 2222
    data: Path | None = None
    max_connections: int = 32
    idle_timeout: float | None = 3600.0
    authorized_keys: Path | None = None
    takeover: float | None = None
    bot: str = "greedy"


def key_text(key: asyncssh.SSHKey) -> str:
    """A public key without its comment, as stored for a name."""
    return f"{key.get_algorithm()} {base64.b64encode(key.public_data).decode()}"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_key(data: Path) -> asyncssh.SSHKey:
    """The server's key, made on the first start (readable by its owner only)."""
    path = data / HOST_KEY
    if path.exists():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="thorskliff host key")
    data.mkdir(parents=True, exist_ok=True)
    durable.write_bytes(path, key.export_private_key(), mode=0o600)
    return key


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


class _Heap:
    """Each session's app holds some 30 000 objects for as long as it runs; a
    full garbage collection walks every one of them, and with 32 sessions it
    stops every session for about a second. So whatever survives a full
    collection is frozen right after it (``gc.freeze``: later collections
    skip it) and each full collection walks only what is younger.

    What was frozen and dies later as a cycle (the lines a widget drew last
    time, an ended session) stays until a sweep of everything, which comes
    once the frozen objects have grown by half since the last sweep, after
    ``SWEEP_AFTER`` ended sessions, or every ``SWEEP_EVERY`` seconds: rare
    pauses instead of one every few seconds."""

    CHECK = 5.0
    FREEZE_EVERY = 30.0
    GROWTH = 1.5
    SWEEP_AFTER = 8
    SWEEP_EVERY = 600.0

    def __init__(self):
        self.ended = 0
        self.base = 0
        self.last = time.monotonic()
        self.frozen = 0.0
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        gc.callbacks.append(self._collected)
        self.task = asyncio.get_running_loop().create_task(self._sweeper())

    def _collected(self, phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2 and time.monotonic() - self.frozen >= self.FREEZE_EVERY:
            gc.freeze()
            self.frozen = time.monotonic()

    def session_ended(self) -> None:
        self.ended += 1
        if self.ended >= self.SWEEP_AFTER:
            self.sweep()

    def sweep(self) -> None:
        gc.unfreeze()
        self.frozen = 0.0
        gc.collect()  # its callback freezes what is left
        self.base = gc.get_freeze_count()
        self.ended = 0
        self.last = time.monotonic()

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.CHECK)
            grown = gc.get_freeze_count() > self.GROWTH * self.base + 100_000
            if grown or time.monotonic() - self.last >= self.SWEEP_EVERY:
                self.sweep()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        gc.unfreeze()


class Host:
    """A running server: ``await Host.start(config)``, ``port``, ``await close()``."""

    def __init__(self, config: Config):
        from ..ui import saves

        self.config = config
        self.data = Path(config.data) if config.data else saves.data_dir()
        self.store = Store(self.data / DATABASE)
        self.hub = Hub(self.store, takeover_after=config.takeover, bot=config.bot)
        self.authorized = asyncssh.read_authorized_keys(str(config.authorized_keys)) \
            if config.authorized_keys else None
        self.connections = 0
        self.sessions: set[GameSession] = set()
        self.gates: set[Gate] = set()
        self.heap = _Heap()
        self.closed = False
        self.server: asyncssh.SSHAcceptor | None = None
        self.port = 0

    @classmethod
    async def start(cls, config: Config) -> Host:
        host = cls(config)
        try:
            host.server = await asyncssh.create_server(
                lambda: Gate(host), config.host, config.port,
                server_host_keys=[host_key(host.data)],
                line_editor=False,  # keys go to the app as typed, not line by line
                agent_forwarding=False, x11_forwarding=False, allow_scp=False,
                login_timeout=60, keepalive_interval=60)
        except BaseException:
            host.store.close()
            raise
        host.port = host.server.sockets[0].getsockname()[1]
        host.hub.start()
        host.heap.start()
        return host

    async def close(self) -> None:
        """Stop listening, end every session (their apps first), keep the games."""
        if self.closed:
            return
        self.closed = True
        if self.server is not None:
            self.server.close()
        for s in list(self.sessions):
            s.end("\r\nthorskliff: the server stops; your seat stays yours.\r\n")
        tasks = [s.task for s in self.sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=10)
        for gate in list(self.gates):
            if gate.conn is not None:
                gate.conn.close()
        if self.server is not None:
            await self.server.wait_closed()
        self.hub.close()
        self.heap.stop()
        self.store.close()


class Gate(asyncssh.SSHServer):
    """One connection: who may come in, and its one session."""

    def __init__(self, host: Host):
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.over_cap = False
        self.user = ""
        self.key: asyncssh.SSHKey | None = None
        self.session: GameSession | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.host.gates.add(self)
        self.host.connections += 1
        self.over_cap = self.host.connections > self.host.config.max_connections

    def connection_lost(self, exc: Exception | None) -> None:
        self.host.gates.discard(self)
        self.host.connections -= 1

    def begin_auth(self, username: str) -> bool:
        if self.over_cap:
            # Said after the key exchange, so the client can show why.
            cap = self.host.config.max_connections
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                           f"the server is full ({cap} connections); try again later")
        self.user = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if not valid_name(username):
            log.info("refused user name %r", username)
            return False
        if self.host.authorized is not None:
            peer = self.conn.get_extra_info("peername") or ("", 0)
            if self.host.authorized.validate(key, peer[0], peer[0]) is None:
                log.info("%s: key not in the authorized keys", username)
                return False
        known = self.host.store.user_key(username)
        if known is not None and known != key_text(key):
            log.info("%s: another key than the one bound to this name", username)
            return False
        self.key = key
        return True

    def auth_completed(self) -> None:
        if self.key is None or not self.host.store.bind_user(self.user, key_text(self.key)):
            # two first connections for one name with different keys: the first one bound it
            raise asyncssh.DisconnectError(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                                           f"the name {self.user} belongs to another key")
        log.info("%s signed in", self.user)

    def session_requested(self):
        if self.session is not None and not self.session.closed:
            # one app per connection, so the connection cap caps the apps too
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "one session at a time")
        self.session = GameSession(self.host, self.user)
        return self.session


class GameSession(asyncssh.SSHServerSession):
    """One SSH session: its terminal and the app that draws on it."""

    def __init__(self, host: Host, user: str):
        self.host = host
        self.user = user
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term_type = ""
        self.size = (80, 24)
        self.pty = False
        self.app = None
        self.task: asyncio.Task | None = None
        self.driver = None
        self.closed = False
        self.farewell = ""
        self._idle: asyncio.TimerHandle | None = None
        self._last_input = 0.0

    # ------------------------------------------------------------ the channel
    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size, term_modes) -> bool:
        self.pty = True
        self.term_type = term_type or "xterm"
        w, h = term_size[:2]
        self.size = (w or 80, h or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # 'ssh HOST anything': the game with a terminal, else the hint why not
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if not self.pty:
            self.chan.write(NO_PTY.format(port=self.host.port, user=self.user))
            self.closed = True
            self.chan.exit(1)
            return
        from .hostapp import HostedApp

        self.host.sessions.add(self)
        self.app = HostedApp(self.host.hub, self.user, self)
        _OUTPUT.enter()
        self.task = asyncio.get_running_loop().create_task(self._run())
        self._last_input = asyncio.get_running_loop().time()
        self._arm_idle()

    async def _run(self) -> None:
        try:
            await self.app.run_async()
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
            if not self.closed:
                if self.farewell:
                    self.write(self.farewell)
                self.closed = True
                try:
                    self.chan.exit(0)
                except OSError:
                    pass

    def end(self, farewell: str = "") -> None:
        """Stop the app; the channel closes when it has."""
        self.farewell = farewell
        if self.app is not None:
            self.app.exit()
        elif self.chan is not None:
            self.chan.close()

    # ------------------------------------------------------------ the terminal, for the driver
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
        except (OSError, asyncssh.Error):
            self.closed = True

    def data_received(self, data: str, datatype) -> None:
        self._last_input = asyncio.get_running_loop().time()
        if self.driver is not None:
            self.driver.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or self.size[0], height or self.size[1])
        if self.driver is not None:
            self.driver.resize(*self.size)

    def eof_received(self) -> bool:
        self.end()
        return False

    def break_received(self, msec: int) -> bool:
        return False

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
            self.end(f"\r\nthorskliff: no key for {limit:g} s; the connection is closed (your seat stays yours).\r\n")
            return
        self._idle = loop.call_later(due - loop.time() + 0.01, self._arm_idle)


def serve(config: Config) -> int:
    """Run until interrupted (the CLI's ``serve``)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # one line per packet otherwise
    if not is_loopback(config.host):
        log.warning("listening on %s: players from other machines can connect", config.host)

    async def main() -> None:
        host = await Host.start(config)
        where = f"{config.host}:{host.port}"
        print(f"thorskliff serve: listening on {where} (data: {host.data}); "
              f"players connect with: ssh -p {host.port} NAME@HOST", flush=True)
        for problem in host.hub.problems:
            print(f"thorskliff serve: {problem}", file=sys.stderr, flush=True)
        # The serving process's own shutdown (not a session's): end every session cleanly.
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        try:
            await stop.wait()
        finally:
            await host.close()
            log.info("stopped; every game is kept in %s", host.data / DATABASE)

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    return 0
