"""``thorskliff serve --workers N`` (#31): N serving processes on this
machine, one PostgreSQL store.

Each worker is a ``thorskliff serve`` of its own with the same options.
This process opens the listening sockets (SSH, web), accepts every new
connection and hands it to the workers in turn (host/ports.py); a worker
serves it as if it had accepted it. Since every worker holds every game
(the store's log and notifications, :mod:`.sharing`), a player reaching
any of them finds the same lobby, seat and game. A worker that dies (a
crash, ``kill -9``) is started again after a second; meanwhile the others
take the new connections, and its players, reconnecting, land on one still
running. SIGINT or SIGTERM stops them all.

Why not a socket per worker with SO_REUSEPORT (as before): the kernel
hands a reuse-port group's connections out by a hash of their addresses
(82 + 118 at 200 benchmark sessions, and the busier worker held the
sessions back); connections queued on a dead worker's socket died with it;
and a port in use had every worker started again and again. One socket
accepted on by all the workers was tried too: whoever is free first takes
a connection, which at idle splits them by chance (103 + 121 at 224).
Handing them out in turn splits them evenly, and a port in use is said
once, before any worker starts. Handing a socket to another process needs
``socket.send_fds`` (Unix): where it is missing (Windows), start one
``serve`` per port behind a TCP load balancer (docs/hosting.md).
"""

from __future__ import annotations

import os
import selectors
import signal
import socket
import subprocess
import sys
import time

from .config import Config
from .ports import HANDOFF, PORTS, channel, hand, listening

#: set in a worker's environment: it serves (what is handed to it) rather than starting workers
WORKER = "THORSKLIFF_WORKER"

#: seconds before a worker that died is started again
RESTART_AFTER = 1.0
#: seconds stopping workers get to say farewell before they are killed
STOP_WAIT = 15.0


def is_worker() -> bool:
    return os.environ.get(WORKER) == "1"


def run_workers(config: Config) -> int:
    from .pgstore import PgStore

    PgStore(config.db or "").close()  # a wrong --db or an old schema: said once, before any worker starts
    if config.ssh:
        from ..ssh.server import host_key
        from ..ui import saves

        # one host key for all: made here, before the workers could each make their own at once
        host_key(config.data or saves.data_dir())
    socks = [("ssh", s) for s in (listening(config.host, config.port) if config.ssh else [])]
    if config.web_port is not None:
        socks += [("web", s) for s in listening(config.host, config.web_port)]
    ports = ",".join(f"{k}:{s.getsockname()[1]}" for k, s in socks)
    # the same command, whose --workers N now only says "serve what is handed over" (is_worker)
    argv = [sys.executable, "-m", "thorskliff.cli", *sys.argv[1:]]

    def worker() -> tuple[subprocess.Popen[bytes], socket.socket]:
        ours, theirs = channel()
        env = dict(os.environ, **{WORKER: "1", PORTS: ports, HANDOFF: str(theirs.fileno())})
        try:
            return subprocess.Popen(argv, env=env, pass_fds=(theirs.fileno(),)), ours
        finally:
            theirs.close()

    workers = [worker() for _ in range(config.workers)]
    #: when each dead worker is started again (a worker's slot: absent while it runs)
    due: dict[int, float] = {}
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    turn = 0
    with selectors.DefaultSelector() as sel:
        for kind, s in socks:
            sel.register(s, selectors.EVENT_READ, kind)
        try:
            while not stopping:
                for key, _ in sel.select(0.2):
                    turn = accept_all(key.fileobj, key.data, workers, turn)  # type: ignore[arg-type]
                now = time.monotonic()
                for i, (w, chan) in enumerate(workers):
                    code = w.poll()
                    if code is not None and i not in due:
                        print(f"thorskliff serve: worker {w.pid} ended ({code}); starting another", file=sys.stderr,
                              flush=True)
                        due[i] = now + RESTART_AFTER
                    elif i in due and now >= due[i] and not stopping:
                        chan.close()
                        workers[i] = worker()
                        del due[i]
        finally:
            for w, _ in workers:
                if w.poll() is None:
                    w.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + STOP_WAIT
            for w, chan in workers:
                try:
                    w.wait(max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    w.kill()
                chan.close()
            for _, s in socks:
                s.close()
    return 0


def accept_all(listener: socket.socket, kind: str, workers: list[tuple[subprocess.Popen[bytes], socket.socket]],
               turn: int) -> int:
    """Accepts what waits on ``listener`` and hands each connection to the
    next worker in turn that takes it; returns whose turn is next. A
    connection no worker can take (all of them restarting) is closed: its
    client tries again."""
    while True:
        try:
            conn, _ = listener.accept()
        except (BlockingIOError, InterruptedError):
            return turn
        except OSError:  # out of descriptors: leave the rest queued for the next round
            time.sleep(0.05)
            return turn
        with conn:
            for k in range(len(workers)):
                i = (turn + k) % len(workers)
                w, chan = workers[i]
                if w.poll() is None and hand(chan, kind, conn):
                    turn = i + 1
                    break
