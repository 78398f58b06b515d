"""``thorskliff serve --workers N`` (#31): N serving processes on this
machine, one PostgreSQL store.

Each worker is a ``thorskliff serve`` of its own with the same options.
This process opens the listening sockets (SSH, web) and every worker
inherits them and accepts on them: a new connection goes to the worker
that takes it first, which is one not busy drawing. Since every worker
holds every game (the store's log and notifications, :mod:`.sharing`), a
player reaching any of them finds the same lobby, seat and game. This
process then only watches: a worker that dies (a crash, ``kill -9``) is
started again after a second on the same sockets, and its players,
reconnecting, land on a worker still running. SIGINT or SIGTERM stops them
all.

Why one socket, not one per worker with SO_REUSEPORT (as before): the
kernel hands a reuse-port group's connections out by a hash of their
addresses, blind to the workers' load (82 + 118 at 200 benchmark
sessions); on one socket a busy worker comes to accept later than a free
one. Connections still queued on a dead worker's own socket were lost with
it; here they wait for another. A port in use is now said once, before any
worker starts, not by every worker started again and again. What one socket
does not give is an even count while the workers are idle: sessions
arriving at once split by chance (103 + 121 at 224). Inheriting a socket
needs ``fork``: where the platform lacks it (Windows), start one ``serve``
per port behind a TCP load balancer (docs/hosting.md).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from ..ui.helpwords import Refusal
from .config import Config
from .ports import SOCKETS, listening

#: set in a worker's environment: it serves (on the sockets it inherits) rather than starting workers
WORKER = "THORSKLIFF_WORKER"

#: seconds before a worker that died is started again
RESTART_AFTER = 1.0
#: seconds stopping workers get to say farewell before they are killed
STOP_WAIT = 15.0


def is_worker() -> bool:
    return os.environ.get(WORKER) == "1"


def run_workers(config: Config) -> int:
    if not hasattr(os, "fork"):
        raise Refusal("workers_no_fork", n=config.workers)
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
    # the same command, whose --workers N now only says "serve on these sockets" (is_worker)
    argv = [sys.executable, "-m", "thorskliff.cli", *sys.argv[1:]]
    env = dict(os.environ, **{WORKER: "1", SOCKETS: ",".join(f"{k}:{s.fileno()}" for k, s in socks)})
    fds = tuple(s.fileno() for _, s in socks)

    def worker() -> subprocess.Popen[bytes]:
        return subprocess.Popen(argv, env=env, pass_fds=fds)

    workers = [worker() for _ in range(config.workers)]
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping:
            time.sleep(0.2)
            for i, w in enumerate(workers):
                code = w.poll()
                if code is not None and not stopping:
                    print(f"thorskliff serve: worker {w.pid} ended ({code}); starting another", file=sys.stderr,
                          flush=True)
                    time.sleep(RESTART_AFTER)
                    workers[i] = worker()
    finally:
        for w in workers:
            if w.poll() is None:
                w.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_WAIT
        for w in workers:
            try:
                w.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                w.kill()
        for _, s in socks:
            s.close()
    return 0
