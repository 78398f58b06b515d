"""The listening sockets ``serve --workers N`` shares (#31): the first
process opens them (:func:`listening`) and each worker accepts on the ones
it inherited (:func:`inherited`), named in its environment (:data:`SOCKETS`).
Here, below both transports, since the SSH host and the browsers' server
each take theirs (host/workers.py says why one socket for all)."""

from __future__ import annotations

import os
import socket

#: set in a worker's environment: the listening sockets' descriptors it inherits ("ssh:5,web:6")
SOCKETS = "THORSKLIFF_SOCKETS"
#: connections waiting to be accepted, per listening socket
BACKLOG = 256


def listening(host: str, port: int) -> list[socket.socket]:
    """Sockets listening on ``port`` at each of ``host``'s addresses, as
    asyncio's ``create_server`` binds them ("" or a name may have several),
    to be inherited. An address in use raises OSError (the CLI's one line)."""
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
            s.set_inheritable(True)
    except socket.gaierror as exc:  # it said "Name or service not known" alone
        for s in socks:
            s.close()
        raise OSError(exc.errno, exc.strerror, f"--host {host}") from None
    except OSError:
        for s in socks:
            s.close()
        raise
    return socks


def inherited(kind: str) -> list[socket.socket]:
    """The listening sockets of ``kind`` ("ssh", "web") this worker inherited
    (none: it binds its own). Called once per kind: each wraps its descriptor."""
    spec = os.environ.get(SOCKETS, "")
    return [socket.socket(fileno=int(fd)) for k, _, fd in (p.partition(":") for p in spec.split(",") if p)
            if k == kind]
