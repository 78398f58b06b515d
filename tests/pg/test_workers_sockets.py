"""``serve --workers N`` (#31): the parent opens each port's listening socket
and every worker accepts on it (host/workers.py), so a connection goes to a
worker free to take it, not where a hash of its address sends it."""

from __future__ import annotations

import os
import selectors
import signal
import socket
import subprocess
import sys
import time

from thorskliff import cli


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_port_in_use_is_one_line_naming_it_and_no_worker_starts(pg_url, tmp_path, capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = cli.main(["serve", "--data", str(tmp_path / "d"), "--db", pg_url, "--workers", "2",
                         "--port", str(port), "--lang", "en"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith(f"thorskliff: 127.0.0.1:{port}: ") and "in use" in err[0], err


def lines_until(proc: subprocess.Popen, count: int, text: str, limit: float = 120) -> list[str]:
    """What the server says until ``count`` of its lines hold ``text`` (each worker says where it listens)."""
    said: list[str] = []
    deadline = time.monotonic() + limit
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        while sum(text in line for line in said) < count:
            assert sel.select(max(0.0, deadline - time.monotonic())), f"the server said only {said!r}"
            line = proc.stdout.readline()
            assert line, f"the server ended, having said {said!r}"
            said.append(line)
    return said


def listeners(port: int) -> list[str]:
    return subprocess.run(["ss", "-tlnpH", f"sport = :{port}"], capture_output=True, text=True).stdout.splitlines()


def banner(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        return s.recv(64)


def test_the_workers_accept_on_one_socket_per_port_and_one_goes_on_when_the_other_dies(pg_url, tmp_path):
    ssh, web = free_port(), free_port()
    proc = subprocess.Popen([sys.executable, "-m", "thorskliff.cli", "serve", "--db", pg_url, "--workers", "2",
                             "--port", str(ssh), "--web", str(web), "--data", str(tmp_path / "d")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        lines_until(proc, 2, f"ssh -p {ssh}")
        workers = [int(p) for p in subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True,
                                                  text=True).stdout.split()]
        assert len(workers) == 2
        for port in (ssh, web):
            held = listeners(port)
            assert len(held) == 1, held  # one socket, not one per worker
            assert all(f"pid={w}," in held[0] for w in (proc.pid, *workers)), held
        assert all(banner(ssh).startswith(b"SSH-2.0-") for _ in range(4))
        os.kill(workers[0], signal.SIGKILL)
        # at once, before the parent starts another (RESTART_AFTER): the other worker takes it
        assert banner(ssh).startswith(b"SSH-2.0-")
    finally:
        proc.terminate()
        proc.wait(30)
