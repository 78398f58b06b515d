"""A throwaway PostgreSQL cluster for the tests marked ``postgres`` (#31):
initdb in a temporary folder, the server on a free port of loopback,
stopped and removed at the end. One per test process (each xdist worker
has its own); each test gets a database of its own.

Debian's ``postgresql`` package puts the server's programs outside PATH
(``/usr/lib/postgresql/<version>/bin``); ``.ci/run`` installs it when
missing. PostgreSQL refuses to run as root, so under root the cluster runs
as the ``postgres`` user the package made. Where no cluster can be started
the tests skip, saying why — except in CI (``CI`` set), where they fail:
a CI run must never pass without having tried the database.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest


def _bindir() -> Path | None:
    found = shutil.which("pg_ctl")
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    for d in candidates + ([str(Path(found).parent)] if found else []):
        if (Path(d) / "postgres").exists() and (Path(d) / "initdb").exists():
            return Path(d)
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A running cluster: :meth:`url` of a new database, :meth:`stop`."""

    def __init__(self) -> None:
        bindir = _bindir()
        if bindir is None:
            raise RuntimeError("no PostgreSQL server programs (Debian: apt-get install postgresql)")
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="thorskliff-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
        self._as: list[str] = []
        if os.geteuid() == 0:
            pw = pwd.getpwnam("postgres")  # made by the Debian package; KeyError when missing
            os.chown(self.folder, pw.pw_uid, pw.pw_gid)
            self._as = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--clear-groups"]
        self._made = 0
        self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "--no-sync", "-E", "UTF8")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-t", "60", "start",
                  "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                        "-c synchronous_commit=off -c full_page_writes=off")

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run(self._as + [str(self.bindir / program), *args], capture_output=True, text=True,
                              cwd=self.folder, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{program}: {(done.stderr or done.stdout).strip()[-500:]}")

    def url(self, name: str | None = None) -> str:
        """A new, empty database's address."""
        import psycopg

        self._made += 1
        name = name or f"t{self._made}"
        with psycopg.connect(self.base_url("postgres"), autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{name}"')
        return self.base_url(name)

    def base_url(self, name: str) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        except (RuntimeError, subprocess.TimeoutExpired):
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


def start_or_say() -> Cluster:
    """A cluster, or the test's skip (its failure in CI) saying why not."""
    try:
        return Cluster()
    except (RuntimeError, KeyError, OSError, subprocess.TimeoutExpired) as exc:
        why = f"PostgreSQL cannot be started here: {exc}"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
        raise  # never reached: skip raises
