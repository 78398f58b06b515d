"""The composition root of the host: :class:`Host` starts the hub, the
store and the transports (SSH, browsers) from one :class:`~.config.Config`,
admits connections against its caps, and ends them all when it stops;
:func:`serve` runs it for ``thorskliff serve``."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from ..loaderror import LoadError, Problem
from ..ui.i18n import lang, t
from ..ssh.server import Gate, algorithms, host_key
from .config import DATABASE, Config, is_loopback, network
from .heap import _Heap
from .hub import Hub
from .session import GameSession, farewell_line, reason
from .ports import BACKLOG, handoff, shared_port, taken

if TYPE_CHECKING:
    from ..web.server import WebServer
    from .corr import Clock
from .sqlitestore import SqliteStore
from .store import Store

log = logging.getLogger("thorskliff.ssh")

#: seconds a stopping server waits for the clients to take their farewells before it disconnects them
FAREWELL_WAIT = 5.0

#: a signed-in connection gives way to a newcomer once it has held no game session this long
#: (seconds): a real client asks for its session within milliseconds of signing in
SESSIONLESS_YIELD = 1.0


class Host:
    """A running server: ``await Host.start(config)``, ``port``, ``await close()``."""

    def __init__(self, config: Config, clock: Clock | None = None):
        """``clock``: what the correspondence games' deadlines and notices read the time
        from (the system's; a test's FakeClock runs days in milliseconds)."""
        from ..ui import saves
        from .corr import SystemClock

        clock = clock or SystemClock()
        self.config = config
        self.data = Path(config.data) if config.data else saves.data_dir()
        self.store: Store = open_store(config, self.data)
        notifier = None
        if config.notify_cmd:
            from .notify import Notifier

            notifier = Notifier(config.notify_cmd, clock, "")  # its link once the ports are known
        self.hub = Hub(self.store, takeover_after=config.takeover, bot=config.bot, hints=config.hints,
                       notifier=notifier, clock=clock)
        self.authorized = None
        if config.authorized_keys:
            try:
                self.authorized = asyncssh.read_authorized_keys(str(config.authorized_keys))
            except (ValueError, OSError) as exc:  # it said "'utf-8' codec can't decode byte 0xac …", no file named
                self.store.close()
                raise LoadError(config.authorized_keys, Problem("ssh.authorized_keys", why=str(exc))) from None
        #: connections not signed in yet, oldest first (a dict keeps the order)
        self.pending: dict[Gate, None] = {}
        #: signed-in connections
        self.players: set[Gate] = set()
        self.sessions: set[GameSession] = set()
        self.gates: set[Gate] = set()
        self.heap = _Heap(lambda: len(self.sessions))
        self.closed = False
        self.server: asyncssh.SSHAcceptor | None = None
        #: a worker's channel from the parent of serve --workers, which hands it the
        #: connections it accepted (host/ports.py); None: this process listens itself
        self.chan = handoff()
        #: how a connection handed over is served over SSH (a worker's, as its parent's listener would)
        self.ssh_options: asyncssh.SSHServerConnectionOptions | None = None
        #: the tasks serving SSH connections handed over, until signed in (kept from the collector)
        self.handed: set[asyncio.Task] = set()
        self.port = 0
        #: the browsers' server (thorskliff.web.server.WebServer), if any
        self.web: WebServer | None = None
        self.web_port = 0

    @property
    def connections(self) -> int:
        return len(self.gates)

    @classmethod
    async def start(cls, config: Config, clock: Clock | None = None) -> Host:
        host = cls(config, clock)
        try:
            if config.ssh:
                options = dict(server_host_keys=[host_key(host.data)],
                               line_editor=False,  # keys go to the app as typed, not line by line
                               agent_forwarding=False, x11_forwarding=False, allow_scp=False,
                               login_timeout=config.login_grace, keepalive_interval=config.keepalive,
                               keepalive_count_max=3, **algorithms())
                if host.chan is None:
                    host.server = await asyncssh.create_server(lambda: Gate(host), config.host, config.port,
                                                               backlog=BACKLOG, **options)
                    host.port = host.server.sockets[0].getsockname()[1]
                else:  # a worker of serve --workers: its parent accepts and hands the connections over
                    host.ssh_options = asyncssh.SSHServerConnectionOptions(server_factory=lambda: Gate(host),
                                                                           **options)
                    host.port = shared_port("ssh")
            if config.web_port is not None:
                from ..web.server import WebServer

                web = host.web = await WebServer.start(host)
                host.web_port = web.port
        except BaseException:
            if host.server is not None:
                host.server.close()
            host.store.close()
            raise
        if host.chan is not None:
            asyncio.get_running_loop().add_reader(host.chan.fileno(), host._handed)
        notifier = host.hub.deadlines.notifier
        if notifier is not None:
            # where a notified player finds the game: its browser page, else the ssh command
            notifier.link = (f"{host.web.base_url()}/game/{{game}}" if host.web is not None
                             else f"ssh -p {host.port} {config.host}")
        host.hub.start()
        host.heap.start()
        return host

    # ------------------------------------------------------------ handed over (serve --workers)
    def _handed(self) -> None:
        """A connection the parent accepted: served as this process's own listener would."""
        assert self.chan is not None  # read only while there is one
        try:
            got = taken(self.chan)
        except BlockingIOError:
            return
        except OSError:
            got = None
        if got is None:  # the parent is gone: the sessions here go on, no new one comes
            asyncio.get_running_loop().remove_reader(self.chan.fileno())
            return
        kind, sock = got
        if self.closed:
            sock.close()
        elif kind == "ssh" and self.ssh_options is not None:
            task = asyncio.ensure_future(self._serve_ssh(sock, self.ssh_options))
            self.handed.add(task)
            task.add_done_callback(self.handed.discard)
        elif kind == "web" and self.web is not None:
            self.web.accept(sock)
        else:
            sock.close()

    async def _serve_ssh(self, sock: socket.socket, options: asyncssh.SSHServerConnectionOptions) -> None:
        try:
            await asyncssh.run_server(sock, options=options)
        except (OSError, asyncssh.Error, asyncio.TimeoutError):
            pass  # it went, or did not sign in: the Gate has said so, as for a connection of the listener's

    # ------------------------------------------------------------ who may come in
    def admit(self, gate: Gate) -> None:
        """A new connection, not signed in: it always gets its chance. When
        there are too many such connections (from its address, or in all),
        the one that has waited longest gives way, preferring one that has
        not even said hello: sockets that are opened and held are the
        attack, a real client signs in within a second."""
        self.pending[gate] = None
        cfg = self.config
        same = [g for g in self.pending if g.addr == gate.addr]
        if len(same) > cfg.max_startups_per_source:
            self._displace(same, f"more than {cfg.max_startups_per_source} connections not signed in "
                                 "from this address; the oldest gives way")
        elif len(self.pending) > cfg.max_startups:
            self._displace(list(self.pending), f"more than {cfg.max_startups} connections not signed in; "
                                               "the oldest gives way")

    def _displace(self, waiting: list[Gate], reason: str) -> None:
        old = waiting[:-1]  # never the newcomer
        mute = [g for g in old if not g.spoke()]
        victim = (mute or old)[0]
        victim.refuse(reason)
        self.pending.pop(victim, None)
        if victim.conn is not None:
            victim.conn.abort()

    @property
    def invite_base(self) -> str | None:
        """Where invitation links point (no browsers, no links)."""
        if self.web is None:
            return None
        return self.web.base_url()

    def cap_problem(self, gate: Gate, user: bool = True) -> str | None:
        """Why a connection may not sign in, or None. Without ``user``: only
        the caps that do not depend on who it is (asked before the key is
        checked, so the client is told before it is let in). Where the host,
        the address or the network is full, a signed-in connection that has
        held no game session for a while gives way to the newcomer, as one
        not signed in gives way under MaxStartups."""
        cfg = self.config
        net = network(gate.addr)
        caps = ((lambda g: True, cfg.max_connections, t("host.full", n=cfg.max_connections)),
                (lambda g: g.addr == gate.addr, cfg.max_per_address, t("host.per_address", n=cfg.max_per_address)),
                (lambda g: network(g.addr) == net, cfg.max_per_network, t("host.per_network", n=cfg.max_per_network)))
        for within, cap, problem in caps:
            held = [g for g in self.players if g is not gate and within(g)]
            if len(held) >= cap and not self._make_room(held, act=user):
                return problem
        if user and sum(1 for g in self.players if g.user == gate.user) >= cfg.max_per_user:
            return t("host.per_user", user=gate.user, n=cfg.max_per_user)
        return None

    def _make_room(self, held: list, act: bool) -> bool:
        """The connection that has gone longest without a game session (``ssh -N``, or
        signed in and never asked for one) gives way, if one has for SESSIONLESS_YIELD s;
        only once the newcomer has signed in (``act``), never for a key not yet checked."""
        now = time.monotonic()
        idle = [g for g in held if getattr(g, "sessionless_since", None) is not None
                and now - g.sessionless_since >= SESSIONLESS_YIELD]
        if not idle:
            return False
        if act:
            min(idle, key=lambda g: g.sessionless_since).give_way()
        return True

    async def close(self) -> None:
        """Stop listening, end every session (their apps first), keep the games."""
        if self.closed:
            return
        self.closed = True
        if self.server is not None:
            self.server.close()
        if self.chan is not None:
            asyncio.get_running_loop().remove_reader(self.chan.fileno())
            self.chan.close()
        chans = [s.chan for s in self.sessions if hasattr(s.chan, "wait_closed")]  # a browser's has none
        for s in list(self.sessions):
            # a seat stays its player's, a spectator may watch again, the lobby's games all stay
            s.end(farewell_line(s.farewell_key("stops")))
        tasks = [s.task for s in self.sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=10)
        # Each session's farewell (and its terminal's reset) was only queued: the connection's
        # disconnect would overtake it. OpenSSH's client, reading data and disconnect at once,
        # wrote "Received disconnect ...: Disconnected by application" and lost the farewell
        # (the last session to end, often a spectator's); a client whose window was full never
        # got it at all. A channel is closed once the client has taken all its data.
        waits = [asyncio.ensure_future(c.wait_closed()) for c in chans]
        if waits:
            await asyncio.wait(waits, timeout=FAREWELL_WAIT)
            for w in waits:
                w.cancel()
        for gate in list(self.gates):
            if gate.conn is not None:
                # whoever is still there (signing in, a client that reads nothing) reads why
                gate.conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason(f"thorskliff: {t('host.stops_lobby')}"))
        if self.server is not None:
            await self.server.wait_closed()
        if self.web is not None:
            await self.web.close()
        self.hub.close()
        self.heap.stop()
        self.store.close()


def open_store(config: Config, data: Path) -> Store:
    """The store ``config`` names: its PostgreSQL database, or the data folder's SQLite file."""
    if config.db:
        from .pgstore import PgStore

        return PgStore(config.db, migrate=config.migrate)
    return SqliteStore(data / DATABASE)


def migrate(config: Config) -> int:
    """``serve --migrate``: bring the store's schema to this program's, say so, stop."""
    from ..ui import saves
    from .schema import VERSION

    data = Path(config.data) if config.data else saves.data_dir()
    store = open_store(config, data)
    try:
        done = store.migrated
    finally:
        store.close()
    applied = (t("web.serve_migrated_applied", steps=", ".join(map(str, done))) if done
               else t("web.serve_migrated_none"))
    print(t("web.serve_migrated", where=_where(config, data), version=VERSION, applied=applied))
    return 0


def _where(config: Config, data: Path) -> str:
    if not config.db:
        return str(data / DATABASE)
    from .pgstore import redacted

    return redacted(config.db)


def where(host: Host) -> str:
    """Where the host keeps its games, for its messages (never a password)."""
    return _where(host.config, host.data)


def startup_lines(host: Host) -> list[str]:
    """What ``serve`` says when it listens, in the server's language, with
    the address players really type."""
    cfg = host.config
    lines = []
    if cfg.ssh:
        name = cfg.host
        if name in ("", "0.0.0.0", "::"):  # every address: the machine's name, as others reach it
            name = socket.gethostname()
        lines.append(t("web.serve_ssh", where=f"{cfg.host}:{host.port}", data=host.data, port=host.port,
                       host=name))
    if host.web is not None:
        lines.append(t("web.serve_web", url=host.web.base_url(), data=host.data))
    return lines


def serve(config: Config) -> int:
    """Run until interrupted (the CLI's ``serve``)."""
    from ..scenario import check_scenarios

    check_scenarios()  # a damaged THORSKLIFF_SCENARIOS: one line now, not a crash in every setup screen
    # whatever this process creates is its owner's only (the files set their modes too)
    os.umask(0o077)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # one line per packet otherwise
    logging.getLogger("aiohttp").setLevel(logging.WARNING)
    if not is_loopback(config.host):
        # one line, also saying that the browsers' page (and its name cookie) goes unencrypted
        log.warning("listening on %s: players from other machines can connect%s", config.host,
                    "; the browser page is plain HTTP: put it behind HTTPS (a reverse proxy, "
                    "serve --web-url) for players beyond your own network" if config.web_port is not None else "")

    async def main() -> None:
        host = await Host.start(config)
        # one write per line: print's two (text, then newline) let the lines of serve
        # --workers' processes, sharing this output, run into each other
        for line in startup_lines(host):
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
        for problem in host.hub.problems:
            print(f"thorskliff serve: {problem.say(lang())}", file=sys.stderr, flush=True)
        # The serving process's own shutdown (not a session's): end every session cleanly.
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        try:
            await stop.wait()
        finally:
            await host.close()
            log.info("stopped; every game is kept in %s", where(host))

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    return 0
