"""The benchmark of ``serve --workers`` (scripts/bench_workers.py, #31) runs
through to its figures, with OpenSSH's own ``ssh`` as the clients
(scripts/openssh_client.py): each session on a pseudo-terminal of its own,
into the Duell, a cursor key and a decision seen on every screen. The
figures quoted for #31 come from it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent.parent / "scripts" / "bench_workers.py"


@pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("ssh-keygen") is None,
                    reason="OpenSSH's client (ssh, ssh-keygen) is not installed")
def test_bench_workers_with_openssh_clients_reaches_its_figures(cluster):  # the cluster fixture: skip or fail as CI says
    done = subprocess.run([sys.executable, str(SCRIPT), "--workers", "2", "--sessions", "2=4", "--keys", "2",
                           "--think", "0.1", "--decisions", "1", "--client", "openssh", "--clients-nice", "19"],
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("workers 2, 4 sessions"))
    spread = [int(n) for n in re.search(r"per process \[([\d, ]+)\]", line).group(1).split(",")]
    assert sum(spread) == 4, line  # every session found in a serving process
    assert re.search(r"key to settled p50 [\d.]+ ms, p95 [\d.]+ ms", line), line
    assert re.search(r"in ssh processes", line), line
    assert "workers 2: held p95 <= 150 ms up to 4 sessions" in done.stdout, done.stdout
    assert done.stdout.rstrip().endswith("at nice 19"), done.stdout  # the clients ran in a process at nice 19
