"""``serve --workers N`` (#31): the parent opens each port, accepts the
connections and hands them to the workers in turn (host/workers.py,
host/ports.py), so the workers serve as many each, not as many as a hash
of the clients' addresses sends them."""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

from pgcluster import free_port
from thorskliff import cli


def test_a_port_in_use_or_a_host_not_known_is_one_line_naming_it_and_no_worker_starts(pg_url, tmp_path, capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = cli.main(["serve", "--data", str(tmp_path / "d"), "--db", pg_url, "--workers", "2",
                         "--port", str(port), "--lang", "en"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith(f"thorskliff: 127.0.0.1:{port}: ") and "in use" in err[0], err
    code = cli.main(["serve", "--data", str(tmp_path / "d"), "--db", pg_url, "--workers", "2",
                     "--port", str(free_port()), "--host", "999.1.1.1", "--lang", "en"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and err[0].startswith("thorskliff: --host 999.1.1.1: "), err


def test_a_platform_that_cannot_hand_a_connection_over_is_told_in_one_line(pg_url, tmp_path, capsys, monkeypatch):
    monkeypatch.delattr(socket, "send_fds")  # as on Windows
    code = cli.main(["serve", "--data", str(tmp_path / "d"), "--db", pg_url, "--workers", "2",
                     "--port", str(free_port()), "--lang", "en"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "load balancer" in err[0] and "Traceback" not in err[0], err


def lines_until(proc: subprocess.Popen, count: int, *texts: str, limit: float = 120) -> list[str]:
    """What the server says until, for each of ``texts``, ``count`` of its lines hold it
    (each worker says where it listens)."""
    said: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [said.put(line) for line in proc.stdout], daemon=True).start()
    lines: list[str] = []
    deadline = time.monotonic() + limit
    while any("".join(lines).count(text) < count for text in texts):  # two workers' lines may interleave
        try:
            lines.append(said.get(timeout=max(0.0, deadline - time.monotonic())))
        except queue.Empty:
            raise AssertionError(f"the server said only {lines!r}") from None
    return lines


def holders(state: str, port: int) -> list[str]:
    """The pids holding ``port``'s sockets in ``state`` ("listening", "established"), one entry per socket."""
    out = subprocess.run(["ss", "-tnpH", "state", state, f"sport = :{port}"], capture_output=True,
                         text=True).stdout
    return [" ".join(re.findall(r"pid=(\d+)", line)) for line in out.splitlines()]


def gone(pid: int, limit: float = 30) -> None:
    """Waits until ``pid`` has ended and its parent has seen it end (reaped it). A
    process killed is a zombie first, while its threads end, and its sockets are
    open until the last one has: a connection handed to it then is lost with it."""
    deadline = time.monotonic() + limit
    while os.path.exists(f"/proc/{pid}"):
        assert time.monotonic() < deadline, f"{pid} did not end"
        time.sleep(0.01)


def banner(s: socket.socket) -> bytes:
    s.settimeout(30)
    return s.recv(64)


def test_the_parent_listens_and_hands_the_connections_to_the_workers_in_turn(pg_url, tmp_path):
    ssh, web = free_port(), free_port()
    proc = subprocess.Popen([sys.executable, "-m", "thorskliff.cli", "serve", "--db", pg_url, "--workers", "2",
                             "--port", str(ssh), "--web", str(web), "--data", str(tmp_path / "d")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    conns: list[socket.socket] = []
    try:
        lines_until(proc, 2, f"ssh -p {ssh}", f":{web}")  # each worker names the shared ports
        workers = sorted(int(p) for p in subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True,
                                                        text=True).stdout.split())
        assert len(workers) == 2
        for port in (ssh, web):
            assert holders("listening", port) == [str(proc.pid)]  # the parent alone listens
        conns = [socket.create_connection(("127.0.0.1", ssh)) for _ in range(6)]
        assert all(banner(c).startswith(b"SSH-2.0-") for c in conns)  # served: the workers say hello
        for _ in range(2):  # a browser's page, from each worker in turn
            with urllib.request.urlopen(f"http://127.0.0.1:{web}/", timeout=30) as page:
                assert page.status == 200 and b"Thors Kliff" in page.read()
        served = holders("established", ssh)
        assert sorted(served) == sorted([str(workers[0])] * 3 + [str(workers[1])] * 3), served  # 3 and 3
        os.kill(workers[0], signal.SIGKILL)
        gone(workers[0])
        # before the parent starts another (RESTART_AFTER), and whoever's turn it is: the other worker takes it
        with socket.create_connection(("127.0.0.1", ssh)) as late:
            assert banner(late).startswith(b"SSH-2.0-")
    finally:
        for c in conns:
            c.close()
        proc.terminate()
        proc.wait(30)
