"""``thorskliff serve --workers N`` (#31): N serving processes on this
machine, one PostgreSQL store.

Each worker is a ``thorskliff serve`` of its own with the same options; all
of them listen on the same ports with SO_REUSEPORT, and the kernel shares
the new connections out among them. Since every worker holds every game
(the store's log and notifications, :mod:`.sharing`), a player reaching
any of them finds the same lobby, seat and game. This process only
watches: a worker that dies (a crash, ``kill -9``) is started again after
a second, and its players, reconnecting, land on whichever worker the
kernel picks. SIGINT or SIGTERM stops them all.

SO_REUSEPORT is Linux's and the BSDs'; where the platform lacks it
(Windows), start one ``serve`` per port behind a TCP load balancer
(docs/hosting.md).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

from .config import Config

#: set in a worker's environment: it serves (with SO_REUSEPORT) rather than starting workers
WORKER = "THORSKLIFF_WORKER"

#: seconds before a worker that died is started again
RESTART_AFTER = 1.0
#: seconds stopping workers get to say farewell before they are killed
STOP_WAIT = 15.0


def is_worker() -> bool:
    return os.environ.get(WORKER) == "1"


def run_workers(config: Config) -> int:
    if not hasattr(socket, "SO_REUSEPORT"):
        print("thorskliff serve: --workers needs SO_REUSEPORT, which this platform lacks; "
              "start one serve per port behind a load balancer (docs/hosting.md)", file=sys.stderr)
        return 2
    from .pgstore import PgStore

    PgStore(config.db or "").close()  # a wrong --db or an old schema: said once, before any worker starts
    if config.ssh:
        from ..ssh.server import host_key
        from ..ui import saves

        # one host key for all: made here, before the workers could each make their own at once
        host_key(config.data or saves.data_dir())
    # the same command, whose --workers N now only says "share the ports" (is_worker)
    argv = [sys.executable, "-m", "thorskliff.cli", *sys.argv[1:]]
    env = dict(os.environ, **{WORKER: "1"})
    workers: list[subprocess.Popen[bytes]] = [subprocess.Popen(argv, env=env) for _ in range(config.workers)]
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
                    workers[i] = subprocess.Popen(argv, env=env)
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
    return 0
