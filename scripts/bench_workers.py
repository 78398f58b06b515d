"""The host on PostgreSQL with one process against ``--workers N`` (#31), on loopback.

For each worker count (``--workers 1,2``) a throwaway PostgreSQL cluster's
fresh database (tests/pgcluster.py) and ``thorskliff serve --db URL
--workers W`` on a fixed port; then, for each session count (``--sessions``),
that many SSH sessions as bench_ssh.py opens them (two players at a Duell,
the rest watching; the kernel shares them out among the workers):

* key to settled, p50 and p95 over all keys of all sessions (one cursor key
  about every ``--think`` s per session), and which session counts were held
  at p95 <= 150 ms;
* a decision to every screen (the player ends its phase and takes it back),
  p95 over the screens in the deciding player's own process and over those
  in another process (each client's process is found from its socket);
* the workers' CPU seconds, and the clients' (this process and, with
  ``--client openssh``, the ``ssh`` processes) over the keys.

The benchmark's clients run on the same machine and take CPU of their own:
on 2 cores the workers and the clients share them. ``--client asyncssh``
(the default, as bench_ssh.py) does the clients' SSH work in this Python
process; ``--client openssh`` runs one OpenSSH ``ssh`` per session on a
pseudo-terminal (scripts/openssh_client.py), which does it in C, so more of
the two cores is left to the host.

Run: python scripts/bench_workers.py [--workers 1,2] [--sessions 16,32,48,64] [--keys 15] [--think 1.0]
                                     [--client asyncssh|openssh]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from bench_ssh import SIZE, Client, server_options  # noqa: E402
from openssh_client import OpenSSHClient  # noqa: E402
from pgcluster import Cluster  # noqa: E402
from sessionbench import cpu_s, keys_round, pct, seated, stop  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def workers_of(parent: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(parent)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def process_of(client: Client | OpenSSHClient, port: int) -> int:
    """The serving process holding ``client``'s connection (ss names it)."""
    local = client.local_port() if isinstance(client, OpenSSHClient) else client.conn.get_extra_info("sockname")[1]
    out = subprocess.run(["ss", "-tnpH", f"sport = :{port} and dport = :{local}"], capture_output=True,
                         text=True).stdout
    m = re.search(r"pid=(\d+)", out)
    return int(m.group(1)) if m else -1


def clients_cpu(clients: list) -> tuple[float, float]:
    """CPU seconds of the clients so far: this process's, and the ``ssh`` processes' of OpenSSH clients."""
    return time.process_time(), sum(c.cpu() for c in clients if isinstance(c, OpenSSHClient))


async def start(url: str, workers: int, cap: int) -> tuple[subprocess.Popen, int, list[int]]:
    port = free_port()
    data = tempfile.mkdtemp(prefix="thorskliff-bench-workers-")
    argv = [sys.executable, "-m", "thorskliff.cli", "serve", "--db", url, "--port", str(port), "--data", data,
            *server_options(cap)]
    if workers > 1:
        argv += ["--workers", str(workers)]
    said = open(Path(data) / "serve.log", "w")  # what the server says, read when it did not start
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=said, text=True)
    loop = asyncio.get_running_loop()
    for _ in range(workers):
        line = await loop.run_in_executor(None, proc.stdout.readline)  # type: ignore[union-attr]
        if "ssh -p" not in line:
            proc.kill()
            proc.wait()
            raise RuntimeError(f"the server did not start: {line!r}; it said: "
                               f"{(Path(data) / 'serve.log').read_text()[-600:]!r}")
    pids = workers_of(proc.pid) if workers > 1 else [proc.pid]
    return proc, port, pids


async def one(cluster: Cluster, workers: int, n: int, keys: int, think: float, decisions: int,
              client: str) -> float:
    """One run: a fresh database and server, ``n`` sessions; the keys' p95 (ms)."""
    server, port, pids = await start(cluster.url(f"bench_w{workers}_n{n}"), workers, n + 8)
    try:
        if client == "openssh":
            open_client = partial(OpenSSHClient.open, port, folder=Path(tempfile.mkdtemp(prefix="thorskliff-keys-")),
                                  size=SIZE)
        else:
            open_client = partial(Client.open, port)
        clients, decider_name, players = await seated(open_client, n, "u")
        where = {id(c): process_of(c, port) for c in clients}
        cpu0, mine0 = sum(cpu_s(p) for p in pids), clients_cpu(clients)
        _, settled = await keys_round(clients, keys, think)
        cpu1, mine1 = sum(cpu_s(p) for p in pids), clients_cpu(clients)
        decider = players[decider_name]
        home = where[id(decider)]
        each_same: list[float] = []
        each_other: list[float] = []
        for _ in range(decisions):
            for key in ("e", "u"):  # ends its phase and takes it back
                answered = [c.output(30) for c in clients]
                t0 = time.perf_counter()
                await decider.press(key)
                if not all(await asyncio.gather(*answered)):
                    raise TimeoutError("a screen showed nothing of a decision within 30 s")
                for c in clients:
                    (each_same if where[id(c)] == home else each_other).append(c.answered - t0)
                await asyncio.gather(*(c.quiet() for c in clients))  # at once: one after another took N × 50 ms
        spread = {p: sum(1 for c in clients if where[id(c)] == p) for p in pids}
        p95 = 1000 * pct(settled, 95)
        other = (f"p95 {1000 * pct(each_other, 95):.1f} ms over {len(each_other)}"
                 if each_other else "none in another process")
        print(f"workers {workers}, {n} sessions (per process {sorted(spread.values())}): key to settled "
              f"p50 {1000 * statistics.median(settled):.1f} ms, p95 {p95:.1f} ms; decision to the screens "
              f"in its own process p95 {1000 * pct(each_same, 95):.1f} ms, in another {other}; "
              f"CPU over the keys: workers {cpu1 - cpu0:.1f} s, clients {mine1[0] - mine0[0]:.1f} s here "
              f"+ {mine1[1] - mine0[1]:.1f} s in ssh processes", flush=True)
        for c in clients:
            await c.close()
        return p95
    finally:
        stop(server)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--sessions", default="16,32,48,64")
    ap.add_argument("--keys", type=int, default=15)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--decisions", type=int, default=10)
    ap.add_argument("--client", choices=("asyncssh", "openssh"), default="asyncssh")
    args = ap.parse_args()
    sessions = [int(s) for s in args.sessions.split(",")]
    cluster = Cluster()
    try:
        held: dict[int, list[int]] = {}
        for w in [int(s) for s in args.workers.split(",")]:
            held[w] = []
            for n in sessions:
                if await one(cluster, w, n, args.keys, args.think, args.decisions, args.client) > 150:
                    print(f"workers {w}: not held at {n} sessions; no more counts for it", flush=True)
                    break  # the counts go up: what one count did not hold, the next does not either
                held[w].append(n)
        for w, ns in held.items():
            print(f"workers {w}: held p95 <= 150 ms up to {max(ns) if ns else 0} sessions (of {args.sessions})")
        print(f"machine: {os.cpu_count()} cores; the clients ({args.client}) run on it too")
    finally:
        cluster.stop()


if __name__ == "__main__":
    asyncio.run(main())
