"""The SSH host: ``thorskliff serve``.

The SSH transport of the host (:mod:`thorskliff.host`): the asyncssh
server's algorithms and host key, sign-in and admission per connection
(:class:`Gate`) and the SSH side of a game session (:class:`SSHSession`). Players are known by SSH user name and
public key: the first key seen for a name is bound to it and any other key
for that name is refused; an authorized-keys file, when given, says which
keys may enter at all. The host key is made on the first start and kept in
the data folder with the games (``hub.sqlite3``).
"""

from __future__ import annotations

import asyncio
import base64
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from .. import durable
from ..loaderror import LoadError, Problem
from ..ui.i18n import t
from ..host.schema import StoreError
from ..host.hub import umlaut_hint, valid_name
from ..host.private import private_file, private_folder, refuse_special
from ..host.session import GameSession, reason
from ..host.store import WEB_KEY

if TYPE_CHECKING:
    from ..host.session import Host

log = logging.getLogger("thorskliff.ssh")

HOST_KEY = "ssh_host_ed25519_key"

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


def key_text(key: asyncssh.SSHKey) -> str:
    """A public key without its comment, as stored for a name."""
    return f"{key.get_algorithm()} {base64.b64encode(key.public_data).decode()}"


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


class Gate(asyncssh.SSHServer):
    """One connection: who may come in, and its one session."""

    def __init__(self, host: Host):
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.addr = ""
        self.where = "?"
        self.user = ""
        self.key: asyncssh.SSHKey | None = None
        self.session: SSHSession | None = None
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
        try:
            known = self.host.store.user_key(username)
        except StoreError as exc:  # the database went away (#31): said before "Permission denied"
            self.refuse(f"the store is away: {exc}")
            self._banner("host.store_away")
            return False
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
        try:
            self.user = self.host.store.spelling(self.user)
            problem = self.host.cap_problem(self)
            bound = problem is not None or (self.key is not None and self.host.store.bind_user(self.user,
                                                                                                 key_text(self.key)))
        except StoreError as exc:
            self.refuse(f"the store is away: {exc}")
            raise asyncssh.DisconnectError(asyncssh.DISC_SERVICE_NOT_AVAILABLE, reason(t("host.store_away"))) from None
        if not bound:
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
        self.session = SSHSession(self.host, self.user, self)
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
        if self.conn is not None:
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
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason(t("host.gave_way")))




class SSHSession(GameSession, asyncssh.SSHServerSession):
    """A game session on an SSH channel: a shell with a terminal plays; no
    terminal, no subsystem."""

    WRITE_ERRORS = (OSError, asyncssh.Error)

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # 'ssh HOST anything': the game with a terminal, else the hint why not
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def eof_received(self) -> bool:
        self.end()
        return False

    def break_received(self, msec: int) -> bool:
        return False
