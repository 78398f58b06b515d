"""The ports ``serve --workers N`` shares (#31). The first process opens the
listening sockets (:func:`listening`), accepts every connection and hands
it to its workers in turn over a channel of each (:func:`hand`); a worker
takes it (:func:`taken`) and serves it as if it had accepted it itself.
Here, below both transports, since the SSH host and the browsers' server
each serve theirs (host/workers.py says why not one socket per worker)."""

from __future__ import annotations

import os
import socket

#: set in a worker's environment: the shared ports, by kind ("ssh:2222,web:8080")
PORTS = "THORSKLIFF_PORTS"
#: set in a worker's environment: the descriptor of its end of the hand-off channel
HANDOFF = "THORSKLIFF_HANDOFF"
#: connections waiting to be accepted, per listening socket
BACKLOG = 256
#: the kinds of connection handed over, as the one byte sent with each
KINDS = {"ssh": b"s", "web": b"w"}


def listening(host: str, port: int) -> list[socket.socket]:
    """Sockets listening on ``port`` at each of ``host``'s addresses, as
    asyncio's ``create_server`` binds them ("" or a name may have several).
    An address in use raises OSError naming it (the CLI's one line)."""
    socks: list[socket.socket] = []
    seen = set()
    try:
        for family, kind, proto, _, addr in socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                               flags=socket.AI_PASSIVE):
            if (family, addr) in seen:
                continue
            seen.add((family, addr))
            s = socket.socket(family, kind, proto)
            socks.append(s)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                s.bind(addr)
            except OSError as exc:  # it said "Address already in use" alone
                raise OSError(exc.errno, exc.strerror, f"{host}:{port}") from None
            s.listen(BACKLOG)
            s.setblocking(False)
    except OSError:  # a host name not known (gaierror) is said by the CLI, naming --host
        for s in socks:
            s.close()
        raise
    return socks


def channel() -> tuple[socket.socket, socket.socket]:
    """A hand-off channel: the parent's end, and the worker's (inheritable)."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    ours.setblocking(False)  # a worker that reads nothing must not hold the parent up
    theirs.set_inheritable(True)
    return ours, theirs


def hand(chan: socket.socket, kind: str, conn: socket.socket) -> bool:
    """Hands ``conn`` over ``chan``; False where the worker is gone or full."""
    try:
        return socket.send_fds(chan, [KINDS[kind]], [conn.fileno()]) == 1
    except OSError:
        return False


def handoff() -> socket.socket | None:
    """This worker's end of the hand-off channel (None: it accepts on its own ports)."""
    fd = os.environ.get(HANDOFF)
    if not fd:
        return None
    chan = socket.socket(fileno=int(fd))
    chan.setblocking(False)
    return chan


def taken(chan: socket.socket) -> tuple[str, socket.socket] | None:
    """The next connection handed over: its kind and socket (None: the parent is gone)."""
    data, fds, _, _ = socket.recv_fds(chan, 1, 1)
    if not data or not fds:
        for fd in fds:
            os.close(fd)
        return None
    kind = next((k for k, b in KINDS.items() if b == data), "")
    return kind, socket.socket(fileno=fds[0])


def shared_port(kind: str) -> int:
    """The port of ``kind`` the parent listens on (0: none)."""
    for part in os.environ.get(PORTS, "").split(","):
        k, _, port = part.partition(":")
        if k == kind and port:
            return int(port)
    return 0
