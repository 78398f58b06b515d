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
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from .. import durable
from ..loaderror import LoadError, Problem
from ..ui.i18n import lang, t
from . import acyclic
from .hub import Hub, valid_name
from .private import private_file, private_folder, refuse_special
from .store import WEB_KEY, Store

log = logging.getLogger("thorskliff.ssh")

HOST_KEY = "ssh_host_ed25519_key"
DATABASE = "hub.sqlite3"
#: a client that reads nothing for this much output is dropped rather than buffered without end
MAX_BUFFERED = 8 * 1024 * 1024
#: seconds a stopping server waits for the clients to take their farewells before it disconnects them
FAREWELL_WAIT = 5.0

# Only modern algorithms, nothing with SHA-1 (nor umac-64's short tag): the
# lists are given to asyncssh explicitly rather than taking its defaults,
# which still offer diffie-hellman-group14-sha1, hmac-sha1 and ssh-rsa.
KEX_ALGS = ("mlkem768x25519-sha256", "curve25519-sha256", "curve25519-sha256@libssh.org",
            "ecdh-sha2-nistp521", "ecdh-sha2-nistp384", "ecdh-sha2-nistp256",
            "diffie-hellman-group-exchange-sha256", "diffie-hellman-group16-sha512",
            "diffie-hellman-group18-sha512")
CIPHERS = ("chacha20-poly1305@openssh.com", "aes256-gcm@openssh.com", "aes128-gcm@openssh.com",
           "aes256-ctr", "aes192-ctr", "aes128-ctr")
MACS = ("hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "umac-128-etm@openssh.com",
        "hmac-sha2-256", "hmac-sha2-512", "umac-128@openssh.com")
#: the signatures a player's key may make (no ssh-rsa: that one signs with SHA-1)
SIGNATURES = ("ssh-ed25519", "sk-ssh-ed25519@openssh.com", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384",
              "ecdsa-sha2-nistp521", "sk-ecdsa-sha2-nistp256@openssh.com", "rsa-sha2-512", "rsa-sha2-256")


def algorithms() -> dict[str, list[str]]:
    """The lists above, as far as this asyncssh (and its crypto) has them."""
    from asyncssh.encryption import get_encryption_algs
    from asyncssh.kex import get_kex_algs
    from asyncssh.mac import get_mac_algs
    from asyncssh.public_key import get_public_key_algs

    def have(wanted, available) -> list[str]:
        there = {a.decode() for a in available}
        return [a for a in wanted if a in there]

    return {"kex_algs": have(KEX_ALGS, get_kex_algs()), "encryption_algs": have(CIPHERS, get_encryption_algs()),
            "mac_algs": have(MACS, get_mac_algs()), "signature_algs": have(SIGNATURES, get_public_key_algs())}


@dataclass
class Config:
    """The limits follow OpenSSH's: ``max_startups``/``max_startups_per_source``
    (MaxStartups, PerSourceMaxStartups) count connections not signed in yet,
    apart from the players' ones; ``login_grace`` (LoginGraceTime) is how long
    they may take; ``max_connections``/``max_per_user``/``max_per_address``
    count signed-in connections; ``session_grace`` is how long a signed-in
    connection may go without a game session (``ssh -N``)."""

    host: str = "127.0.0.1"
    port: int = 2222
    data: Path | None = None
    max_connections: int = 32
    max_per_user: int = 3
    max_per_address: int = 16
    #: signed-in connections from one network (/24 for IPv4, /64 for IPv6): 50 clients from
    #: 50 addresses of one network held every slot without opening a game
    max_per_network: int = 24
    max_startups: int = 64
    max_startups_per_source: int = 8
    login_grace: float = 20.0
    session_grace: float = 30.0
    idle_timeout: float | None = 3600.0
    keepalive: float = 30.0
    authorized_keys: Path | None = None
    takeover: float | None = None
    bot: str = "greedy"
    hints: bool = False
    #: listen for SSH at all (``serve --web PORT --no-ssh``: browsers only)
    ssh: bool = True
    #: the port for browsers (``serve --web PORT``; 0: any free one), None: no browsers
    web_port: int | None = None
    #: the address players' browsers reach the server at, for invitation links
    #: (``serve --web-url``; default http://HOST:PORT)
    web_url: str | None = None
    #: new browser names one address may choose per hour
    web_names_per_hour: int = 30


#: a signed-in connection gives way to a newcomer once it has held no game session this long
#: (seconds): a real client asks for its session within milliseconds of signing in
SESSIONLESS_YIELD = 1.0


def network(addr: str) -> str:
    """The network an address counts in: its /24 (IPv4) or /64 (IPv6)."""
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return addr
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def key_text(key: asyncssh.SSHKey) -> str:
    """A public key without its comment, as stored for a name."""
    return f"{key.get_algorithm()} {base64.b64encode(key.public_data).decode()}"


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
    private_folder(data)
    if path.exists():
        refuse_special(path)
        try:
            key = asyncssh.read_private_key(path)
        except (asyncssh.KeyImportError, ValueError) as exc:  # refused untouched (its mode too)
            raise LoadError(path, Problem("ssh.host_key", why=str(exc))) from None
        private_file(path)
        return key
    key = asyncssh.generate_private_key("ssh-ed25519", comment="thorskliff host key")
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


def resident_mb() -> float:
    """This process's resident memory in MB (0 where /proc is not there: then
    only ended sessions and the clock bring a sweep)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, IndexError):
        return 0.0


class _Heap:
    """Each session's app holds some 30 000 objects for as long as it runs; a
    full garbage collection walks every one of them, and with 32 sessions it
    stops every session for about a second. So whatever survives a full
    collection is frozen right after it (``gc.freeze``: later collections
    skip it) and each full collection walks only what is younger. Every full
    collection freezes, not one in 30 s: with a freeze every 30 s the
    sessions started since the last one stayed unfrozen, and at 32 sessions
    a full collection walking them stopped every session for 0.2-0.5 s,
    some 3 ms per key and per decision per screen (bench_ssh, #14).

    What was frozen and dies later as a cycle stays until a sweep. The lines
    every redraw replaces were such cycles (each Textual ``Strip`` kept itself
    in its own caches) until :mod:`.acyclic`: they were most of the garbage,
    brought a full collection every 2-3 s at 32 sessions and, frozen, some
    1 MB per session. What is still frozen and dies later (an ended session,
    a closed dialog, a footer's old keys) stays until a sweep of everything,
    which comes
    once the server's memory has grown by half since the last sweep, after
    ``SWEEP_AFTER`` ended sessions (at most once per ``SWEEP_GAP``), or every
    ``SWEEP_EVERY`` seconds: rare
    pauses instead of one every few seconds.

    A sweep stops every session for as long as it walks every object (about
    0.4 s per 300 000 on this 2-core machine under load: 1-2 s at 32-64
    sessions). The memory of sessions started since the last sweep is
    alive, not garbage: some ``PER_SESSION`` MB each are not counted as
    growth, or a table filling up would be swept at once, at its fullest.

    Growth is read from the resident memory (/proc/self/statm), not by
    counting the frozen objects: ``gc.get_freeze_count`` walks every one of
    them, and at 64 sessions that stopped all sessions for 0.3-1 s every
    ``CHECK`` seconds (a quarter of the server's time in bench_ssh)."""

    CHECK = 5.0
    GROWTH = 1.5
    SWEEP_AFTER = 8
    #: ended sessions sweep at most this often (s): each sweep stops every session for
    #: 0.4-0.6 s at 64 sessions, and one client connecting and leaving over and over, or a
    #: table of 64 leaving at once, swept after every 8 departures (#14)
    SWEEP_GAP = 60.0
    SWEEP_EVERY = 600.0
    #: memory a session's app holds in a game, in MB: some 4.1-4.4 measured at 64 sessions
    #: (bench_ssh), so an upper bound; the sweep's log line says what was kept
    PER_SESSION = 5.0
    #: growth this small (MB) is never swept for
    SLACK = 50.0

    def __init__(self, live: Callable[[], int] = lambda: 0):
        #: how many sessions there are now
        self.live = live
        self.live_at_base = 0
        self.ended = 0
        #: the resident memory (MB) the last sweep kept
        self.base = 0.0
        self.last = time.monotonic()
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        acyclic.install()  # the lines every session draws and replaces die by their reference count
        self.base = resident_mb()  # the server alone
        gc.callbacks.append(self._collected)
        self.task = asyncio.get_running_loop().create_task(self._sweeper())

    def _collected(self, phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            gc.freeze()

    def session_ended(self) -> None:
        self.ended += 1
        if self._ended_due():
            self.sweep()

    def _ended_due(self) -> bool:
        return self.ended >= self.SWEEP_AFTER and time.monotonic() - self.last >= self.SWEEP_GAP

    def sweep(self) -> None:
        began = time.perf_counter()
        gc.unfreeze()
        gc.collect()  # its callback freezes what is left
        self.base = resident_mb()
        self.live_at_base = self.live()
        self.ended = 0
        self.last = time.monotonic()
        log.info("swept the heap: %.0f MB kept, %d sessions, %.2f s", self.base, self.live_at_base,
                 time.perf_counter() - began)

    def grown(self, resident: float) -> bool:
        """Whether ``resident`` MB are more than the last sweep kept, the
        sessions started since and half again."""
        alive = self.base + self.PER_SESSION * max(0, self.live() - self.live_at_base)
        return resident > self.GROWTH * alive + self.SLACK

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.CHECK)
            if (self.grown(resident_mb()) or self._ended_due()
                    or time.monotonic() - self.last >= self.SWEEP_EVERY):
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
        self.hub = Hub(self.store, takeover_after=config.takeover, bot=config.bot, hints=config.hints)
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
        self.port = 0
        #: the browsers' server (thorskliff.web.server.WebServer), if any
        self.web = None
        self.web_port = 0

    @property
    def connections(self) -> int:
        return len(self.gates)

    @classmethod
    async def start(cls, config: Config) -> Host:
        host = cls(config)
        try:
            if config.ssh:
                host.server = await asyncssh.create_server(
                    lambda: Gate(host), config.host, config.port,
                    server_host_keys=[host_key(host.data)],
                    line_editor=False,  # keys go to the app as typed, not line by line
                    agent_forwarding=False, x11_forwarding=False, allow_scp=False,
                    login_timeout=config.login_grace, keepalive_interval=config.keepalive,
                    keepalive_count_max=3, backlog=256, **algorithms())
                host.port = host.server.sockets[0].getsockname()[1]
            if config.web_port is not None:
                from ..web.server import WebServer

                host.web = await WebServer.start(host)
                host.web_port = host.web.port
        except BaseException:
            if host.server is not None:
                host.server.close()
            host.store.close()
            raise
        host.hub.start()
        host.heap.start()
        return host

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


class Gate(asyncssh.SSHServer):
    """One connection: who may come in, and its one session."""

    def __init__(self, host: Host):
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.addr = ""
        self.where = "?"
        self.user = ""
        self.key: asyncssh.SSHKey | None = None
        self.session: GameSession | None = None
        self.signed_in = False
        self.refused = False
        self.ended = False
        self._told = False
        #: whether the client offered a key at all (one without any is told how to make one)
        self.offered_key = False
        self._grace: asyncio.TimerHandle | None = None
        #: since when (monotonic) a signed-in connection has held no game session, else None
        self.sessionless_since: float | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.addr = str(peer[0])
        self.where = f"{peer[0]} port {peer[1]}"
        self.host.gates.add(self)
        self.host.admit(self)

    def spoke(self) -> bool:
        """Whether the client has sent its SSH version line."""
        return self.conn is not None and self.conn.get_extra_info("client_version") is not None

    def refuse(self, reason: str) -> None:
        """Log a refusal: address, user name if known, reason; never a key or secret."""
        who = f" ({self.user[:16]!r})" if self.user else ""
        log.info("refused %s%s: %s", self.where, who, reason)

    def connection_lost(self, exc: Exception | None) -> None:
        if self in self.host.pending and not self.host.closed:
            if exc is not None and "Login timeout" in str(exc):  # asyncssh's login timer
                self.refuse(f"not signed in within {self.host.config.login_grace:g} s")
            elif not self.refused:  # the client went away (a scan, a failed sign-in): a line, not a refusal
                log.info("%s closed before signing in%s", self.where, f" ({str(exc)[:80]})" if exc else "")
        elif self.signed_in and not self.ended:  # who left, from where, after how long, why if known
            why = str(exc)[:80] if exc else "the server stops" if self.host.closed else "closed"
            log.info("%s left from %s after %.0f s (%s)", self.user, self.where, time.monotonic() - self._since, why)
        self.ended = True
        self.host.pending.pop(self, None)
        self.host.players.discard(self)
        self.host.gates.discard(self)
        self._cancel_grace()

    def begin_auth(self, username: str) -> bool:
        self.user = username
        problem = self.host.cap_problem(self, user=False)
        if problem is not None:
            # said after the key exchange, so the client can show why
            if not self.refused:
                self.refused = True
                self.refuse(problem)
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason(problem))
        if not valid_name(username):
            self._bad_name(username)  # here, not with the keys: a client with no key is told too
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def kbdint_auth_supported(self) -> bool:
        # only so that a client without a key comes here after "publickey": it is told
        # how to make one; nobody signs in by keyboard (get_kbdint_challenge fails)
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        """A new player's client without any SSH key read only "Permission denied
        (publickey)": tell how to make a key and come again. Never a prompt."""
        if not self.offered_key and valid_name(username):
            self._banner("host.no_key", user=username)
        return False

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self.offered_key = True
        if not valid_name(username):
            self.refuse(f"user name {username[:40]!r} is not allowed")
            return False
        if self.host.authorized is not None:
            if self.host.authorized.validate(key, self.addr, self.addr) is None:
                self.refuse("key not in the authorized keys")
                return False
        known = self.host.store.user_key(username)
        if known is not None and known.startswith(WEB_KEY):
            self.refuse("the name belongs to a browser")
            self._name_taken(username)
            return False
        if known is not None and known != key_text(key):
            self.refuse("another key than the one bound to this name")
            self._name_taken(username)
            return False
        self.key = key
        return True

    def _name_taken(self, username: str) -> None:
        """Say why before the client's "Permission denied": the name is taken.
        Only what the browsers' name form tells anyone, not whose it is (key
        or browser); said once however many keys the client tries."""
        self._banner("web.ssh_name_taken", user=username)

    def _bad_name(self, username: str) -> None:
        """Say why before the client's "Permission denied": "Jörg" is no name (and
        "Joerg" would be, as the browsers' name form says)."""
        from ..web.server import umlaut_hint

        hint = umlaut_hint(username)
        self._banner("web.ssh_name_umlaut" if hint else "web.ssh_name_bad", hint=hint)

    def _banner(self, key: str, **fields) -> None:
        """The catalogue's ``key`` as the auth banner, once a connection."""
        if self._told or self.conn is None:
            return
        self._told = True
        sock = self.conn.get_extra_info("sockname") or (self.host.config.host, self.host.port)
        try:
            # UTF-8 as RFC 4252 has it: OpenSSH's client shows it in a UTF-8 terminal as written
            # (only its disconnect reasons come out escaped; see reason)
            self.conn.send_auth_banner(t(key, port=self.host.port, host=sock[0], **fields) + "\r\n")
        except OSError:  # authentication already over
            pass

    def auth_completed(self) -> None:
        self.host.pending.pop(self, None)
        # "sven" with Sven's key is Sven: one player, the spelling chosen first
        self.user = self.host.store.spelling(self.user)
        problem = self.host.cap_problem(self)
        if problem is None and (self.key is None or not self.host.store.bind_user(self.user, key_text(self.key))):
            # two first connections for one name with different keys: the first one bound it
            self.refuse("the name belongs to another key")
            raise asyncssh.DisconnectError(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                                           reason(t("host.name_taken", user=self.user)))
        if problem is not None:
            self.refuse(problem)
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason(problem))
        self.signed_in = True
        self._since = self.sessionless_since = time.monotonic()
        self.host.players.add(self)
        log.info("%s signed in from %s", self.user, self.where)
        self._arm_grace()

    def session_requested(self):
        if self.session is not None and not self.session.closed:
            # one app per connection, so the connection caps cap the apps too
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, reason(t("host.one_session")))
        self._cancel_grace()
        self.sessionless_since = None
        self.session = GameSession(self.host, self.user, self)
        return self.session

    # ------------------------------------------------------------ no session (ssh -N)
    def _arm_grace(self) -> None:
        """A signed-in connection without a game session is closed after the
        session grace (or the idle timeout, if shorter): forwarding and
        ``ssh -N`` hold no slot for long."""
        self._cancel_grace()
        if self.ended:
            return
        cfg = self.host.config
        limits = [x for x in (cfg.session_grace, cfg.idle_timeout) if x]
        if limits:
            self._grace = asyncio.get_running_loop().call_later(min(limits), self._no_session, min(limits))

    def _cancel_grace(self) -> None:
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None

    def _no_session(self, limit: float) -> None:
        self._grace = None
        if self.ended or (self.session is not None and not self.session.closed):
            return
        self.refuse(f"no session within {limit:g} s")
        self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason(t("host.no_session", s=f"{limit:g}")))

    def session_ended(self) -> None:
        """The connection stays open after its session: the grace runs again."""
        if not self.ended and self.signed_in:
            self.sessionless_since = time.monotonic()
            self._arm_grace()

    def give_way(self) -> None:
        """A full host, address or network: this connection, without a game session, makes room."""
        self.refuse("no game session while the host is full; gives way to a newcomer")
        self.host.players.discard(self)
        self.sessionless_since = None
        self.ended = True
        self._cancel_grace()
        self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason(t("host.gave_way")))


class GameSession(asyncssh.SSHServerSession):
    """One SSH session: its terminal and the app that draws on it."""

    def __init__(self, host: Host, user: str, gate: Gate | None = None):
        self.host = host
        self.user = user
        self.gate = gate
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

    def make_app(self):
        from .hostapp import HostedApp

        app = HostedApp(self.host.hub, self.user, self)
        app.invite_base = self.host.invite_base
        return app

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
            if self.gate is not None:
                self.gate.refuse(f"no key for {limit:g} s")
            # what stays, as at a stop: a seat, the game watched, the games (from the lobby)
            self.end(farewell_line(self.farewell_key("idle"), s=f"{limit:g}"))
            return
        self._idle = loop.call_later(due - loop.time() + 0.01, self._arm_idle)


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
        for line in startup_lines(host):
            print(line, flush=True)
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
            log.info("stopped; every game is kept in %s", host.data / DATABASE)

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    except socket.gaierror as exc:  # it said "Name or service not known" alone
        raise OSError(exc.errno, exc.strerror, f"--host {config.host}") from None
    return 0
