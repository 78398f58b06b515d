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
(the default, as bench_ssh.py) does the clients' SSH work in Python;
``--client openssh`` runs one OpenSSH ``ssh`` per session on a
pseudo-terminal (scripts/openssh_client.py), which does it in C. Either way
the clients are one process of their own per count (started again with
``--clients-of``), so ``--clients-nice 19`` runs all of the clients' side
(that process and its ``ssh`` processes) at low priority: the host's
processes get the cores first, as they would with the clients on other
machines, while the clients' CPU is still spent here and printed. The
server and PostgreSQL run at the caller's priority.

``--sessions 16,32`` gives every worker count the same session counts;
``--sessions 1=120,128 --sessions 2=224,232`` gives each its own. A worker
count's sweep ends at the first count not held.

Run: python scripts/bench_workers.py [--workers 1,2] [--sessions 16,32,48,64] [--keys 15] [--think 1.0]
                                     [--client asyncssh|openssh] [--clients-nice 19]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
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
from pgcluster import Cluster, free_port  # noqa: E402
from sessionbench import cpu_s, decisions_round, keys_round, pct, seated, stop  # noqa: E402


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


def machine_ticks() -> tuple[int, int]:
    """The machine's busy and total CPU ticks so far (/proc/stat), all cores."""
    with open("/proc/stat") as fh:
        ticks = [int(v) for v in fh.readline().split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and iowait
    return sum(ticks) - idle, sum(ticks)


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


async def one(cluster: Cluster, workers: int, n: int, args: argparse.Namespace) -> float:
    """One run: a fresh database and server, ``n`` sessions played by a process of
    their own (:func:`clients`, at ``--clients-nice``); the keys' p95 (ms)."""
    server, port, pids = await start(cluster.url(f"bench_w{workers}_n{n}"), workers, n + 8)
    try:
        with tempfile.NamedTemporaryFile("r", prefix="thorskliff-bench-p95-") as said:
            argv = [sys.executable, __file__, "--clients-of", str(port), "--pids", ",".join(map(str, pids)),
                    "--workers", str(workers), "--sessions", str(n), "--keys", str(args.keys),
                    "--think", str(args.think), "--decisions", str(args.decisions), "--client", args.client,
                    "--p95-to", said.name]
            nice = args.clients_nice
            proc = await asyncio.create_subprocess_exec(*argv, preexec_fn=(lambda: os.nice(nice)) if nice else None)
            if await proc.wait() != 0:
                raise RuntimeError(f"the clients of {n} sessions failed (exit {proc.returncode})")
            return float(said.read())
    finally:
        stop(server)


async def clients(port: int, pids: list[int], workers: int, n: int, args: argparse.Namespace) -> float:
    """The clients' side of :func:`one`, in a process of their own: ``n`` sessions
    seated, their keys and decisions; prints the figures, returns the keys' p95 (ms)."""
    if args.client == "openssh":
        open_client = partial(OpenSSHClient.open, port, folder=Path(tempfile.mkdtemp(prefix="thorskliff-keys-")),
                              size=SIZE)
    else:
        open_client = partial(Client.open, port)
    clients, decider_name, players = await seated(open_client, n, "u")
    where = {id(c): process_of(c, port) for c in clients}
    cpu0, mine0, busy0, k0 = [cpu_s(p) for p in pids], clients_cpu(clients), machine_ticks(), time.perf_counter()
    _, settled = await keys_round(clients, args.keys, args.think)
    cpu1, mine1, busy1, k1 = [cpu_s(p) for p in pids], clients_cpu(clients), machine_ticks(), time.perf_counter()
    worked = [b - a for a, b in zip(cpu0, cpu1)]
    decider = players[decider_name]
    home = where[id(decider)]
    # each decision's times come screen by screen, in the clients' order ("e" and "u" in turn)
    each, _ = await decisions_round(clients, decider, 2 * args.decisions)
    on_home = [where[id(clients[i % len(clients)])] == home for i in range(len(each))]
    each_same = [t for t, same in zip(each, on_home) if same]
    each_other = [t for t, same in zip(each, on_home) if not same]
    spread = {p: sum(1 for c in clients if where[id(c)] == p) for p in pids}
    p95 = 1000 * pct(settled, 95)
    other = (f"p95 {1000 * pct(each_other, 95):.1f} ms over {len(each_other)}"
             if each_other else "none in another process")
    print(f"workers {workers}, {n} sessions (per process {sorted(spread.values())}): key to settled "
          f"p50 {1000 * statistics.median(settled):.1f} ms, p95 {p95:.1f} ms; decision to the screens "
          f"in its own process p95 {1000 * pct(each_same, 95):.1f} ms, in another {other}; "
          f"over the keys' {k1 - k0:.1f} s: workers {sum(worked):.1f} s CPU "
          f"({' + '.join(f'{w:.1f}' for w in worked)}), clients {mine1[0] - mine0[0]:.1f} s here "
          f"+ {mine1[1] - mine0[1]:.1f} s in ssh processes; the machine busy "
          f"{100 * (busy1[0] - busy0[0]) / (busy1[1] - busy0[1]):.0f} %", flush=True)
    for c in clients:
        await c.close()
    return p95


def counts(specs: list[str], workers: list[int]) -> dict[int, list[int]]:
    """The session counts for each worker count: ``--sessions 16,32`` for all, or
    ``--sessions 1=120,128 --sessions 2=216,232`` for each."""
    every = [s for s in specs if "=" not in s]
    out = {w: [int(n) for n in (every[-1] if every else "16,32,48,64").split(",")] for w in workers}
    for spec in specs:
        if "=" in spec:
            w, _, ns = spec.partition("=")
            out[int(w)] = [int(n) for n in ns.split(",")]
    return out


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--sessions", action="append", default=[])
    ap.add_argument("--keys", type=int, default=15)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--decisions", type=int, default=10)
    ap.add_argument("--client", choices=("asyncssh", "openssh"), default="asyncssh")
    ap.add_argument("--clients-nice", type=int, default=0)
    # the clients' process (one): the server's port and processes, and where to put the keys' p95
    ap.add_argument("--clients-of", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--pids", help=argparse.SUPPRESS)
    ap.add_argument("--p95-to", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.clients_of:
        p95 = await clients(args.clients_of, [int(p) for p in args.pids.split(",")], int(args.workers),
                            int(args.sessions[0]), args)
        Path(args.p95_to).write_text(str(p95))
        return
    workers = [int(s) for s in args.workers.split(",")]
    plan = counts(args.sessions, workers)
    cluster = Cluster()
    try:
        held: dict[int, list[int]] = {}
        for w in workers:
            held[w] = []
            for n in plan[w]:
                if await one(cluster, w, n, args) > 150:
                    print(f"workers {w}: not held at {n} sessions; no more counts for it", flush=True)
                    break  # the counts go up: what one count did not hold, the next does not either
                held[w].append(n)
        for w, ns in held.items():
            print(f"workers {w}: held p95 <= 150 ms up to {max(ns) if ns else 0} sessions "
                  f"(of {','.join(map(str, plan[w]))})")
        print(f"machine: {os.cpu_count()} cores; the clients ({args.client}) run on it too"
              + (f", at nice {args.clients_nice}" if args.clients_nice else ""))
    finally:
        cluster.stop()


if __name__ == "__main__":
    asyncio.run(main())
