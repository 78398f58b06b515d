"""A benchmark's session through OpenSSH's own ``ssh`` client, on a
pseudo-terminal of its own (``bench_workers.py --client openssh``).

Why: the asyncssh clients of bench_ssh.py do their SSH work (packets, MACs,
windows) in this Python process. On a 2-core machine that shares its cores
with the host it measures, a client costing a fifth of the server's work per
key takes the CPU a second worker would use, and the benchmark measures its
clients. Here each session is a ``ssh`` process doing that work in C, and
this process only reads the terminal's bytes.
"""

from __future__ import annotations

import asyncio
import codecs
import fcntl
import os
import pty
import struct
import subprocess
import termios
from pathlib import Path

from sessionbench import Screen, cpu_s

KEYS = {"enter": "\r", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}


def key_for(folder: Path, user: str) -> Path:
    """An ed25519 key of the user's own (the host takes a new name's first key)."""
    path = folder / user
    if not path.exists():
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", user, "-f", str(path)], check=True)
    return path


class OpenSSHClient(Screen):
    """One session: ``ssh`` on a pseudo-terminal of ``size`` whose far end this process reads."""

    def __init__(self, size: tuple[int, int], proc: asyncio.subprocess.Process, master: int):
        super().__init__(size)
        self.proc = proc
        self.master = master
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")  # a character may span two reads
        asyncio.get_running_loop().add_reader(master, self._readable)

    @classmethod
    async def open(cls, port: int, user: str, *, folder: Path, size: tuple[int, int]) -> OpenSSHClient:
        key = key_for(folder, user)
        master, slave = pty.openpty()
        cols, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.set_blocking(master, False)
        proc = await asyncio.create_subprocess_exec(
            "ssh", "-F", "/dev/null", "-p", str(port), "-i", str(key), "-o", "IdentitiesOnly=yes",
            "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-o", "ServerAliveInterval=0", f"{user}@127.0.0.1",
            stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
            env={**os.environ, "TERM": "xterm-256color"})
        os.close(slave)
        client = cls(size, proc, master)
        # signed in and drawn before the next one comes, as bench_ssh's clients are: the
        # benchmark measures play, not a storm of handshakes (asked before the loop reads)
        if not await client.output(30):
            raise RuntimeError(f"ssh for {user} ended or drew nothing (exit {proc.returncode})")
        return client

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 1 << 16)
        except BlockingIOError:
            return
        except OSError:  # EIO: ssh has gone and the terminal's far end is closed
            data = b""
        if not data:
            self._closed()
            return
        self.feed(self.decoder.decode(data))

    def _closed(self) -> None:
        if self.closed:
            return
        asyncio.get_running_loop().remove_reader(self.master)
        self.closed = True
        self.changed.set()
        self._end(False)  # an output awaited will not come

    async def press(self, *keys: str) -> None:
        for k in keys:
            os.write(self.master, KEYS.get(k, k).encode())

    def cpu(self) -> float:
        """The ``ssh`` process's CPU seconds so far."""
        try:
            return cpu_s(self.proc.pid)
        except OSError:
            return 0.0

    def local_port(self) -> int:
        """The client end's port of this session's connection (``ss`` names it by the ``ssh`` pid)."""
        out = subprocess.run(["ss", "-tnpH", "state", "established"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if f"pid={self.proc.pid}," in line:
                return int(line.split()[2].rsplit(":", 1)[1])
        return -1

    async def close(self) -> None:
        if self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()
        self._closed()
        os.close(self.master)
