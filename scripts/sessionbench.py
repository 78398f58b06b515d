"""What the host benchmarks share (bench_ssh.py over SSH, bench_web.py over
the browsers' websocket): the server process's memory and CPU, the
percentiles, and the rounds every client plays — into a Duell, cursor
keys, decisions seen on every screen. A client is a :class:`Screen` with
its own transport: it reads output into ``feed`` and sends keys in
``press``."""

from __future__ import annotations

import asyncio
import gc
import os
import random
import subprocess
import time

import pyte

#: no output for this long: a redraw has settled
QUIET = 0.05
#: a key not answered within this long did not move the cursor (finding a screen's swing)
PROBE = 5.0


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


class Screen:
    """One session's terminal: a pyte screen while setting up (``render``),
    then only the time of the last output."""

    def __init__(self, size: tuple[int, int], stream=pyte.Stream):
        self.screen = pyte.Screen(*size)
        self.stream = stream(self.screen)
        self.render = True
        self.last = 0.0
        self.closed = False
        self.got = asyncio.Event()
        self.changed = asyncio.Event()
        #: the two cursor keys this screen presses in turn, the first one first
        #: (None: not found yet), and how many it has pressed in all rounds: the
        #: cursor goes to and fro between two hexes and never walks into the
        #: island's edge, where a key moves nothing and so draws nothing
        self.swing: tuple[str, str] | None = None
        self.swung = 0
        #: what :meth:`output` and :meth:`quiet` wait on: a future and its timer, re-armed
        #: by each output, not a task with a timeout per wait: hundreds of screens wait at
        #: once in this one process, on the cores the host is measured on
        self._waiter: asyncio.Future[bool] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._settling = False
        #: when the output awaited with :meth:`output` came
        self.answered = 0.0

    def feed(self, data) -> None:
        self.last = time.perf_counter()
        if self.render:
            self.stream.feed(data)
        self.got.set()
        self.changed.set()
        if self._waiter is not None:
            if self._settling:  # more output: quiet from now on
                self._arm(QUIET)
            else:
                self.answered = self.last
                self._end(True)

    def _arm(self, seconds: float) -> None:
        """The wait ends in ``seconds`` (False: no output came)."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(seconds, self._end, False)

    def _end(self, result: bool) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(result)

    def _start(self, seconds: float, settling: bool) -> asyncio.Future[bool]:
        waiter = asyncio.get_running_loop().create_future()
        self._waiter, self._settling = waiter, settling
        self._arm(seconds)
        waiter.add_done_callback(self._clear)
        return waiter

    def _clear(self, waiter: asyncio.Future[bool]) -> None:
        if self._waiter is waiter:
            if self._timer is not None:
                self._timer.cancel()
            self._waiter = self._timer = None

    def output(self, timeout: float) -> asyncio.Future[bool]:
        """The next output from now on: awaited, whether it came within ``timeout`` seconds
        (asked before the key is sent, so an answer at once is not missed)."""
        return self._start(timeout, False)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def see(self, text: str, timeout: float = 60) -> None:
        await self.see_any(text, timeout=timeout)

    async def see_any(self, *texts: str, timeout: float = 60) -> None:
        """Wait until the screen shows one of ``texts``."""
        deadline = time.perf_counter() + timeout
        while not any(text in self.text() for text in texts):
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0 or self.closed:
                raise TimeoutError(f"never saw {texts!r}:\n{self.text()}")
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    async def press(self, *keys: str) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def quiet(self) -> float:
        """Wait until no output for QUIET seconds; returns the time of the last output."""
        await self._start(QUIET, True)
        return self.last


#: sessions signing in and taking their place at once while a benchmark sets up
JOINING = 8


async def seated(open_client, n: int, prefix: str) -> tuple[list[Screen], str, dict[str, Screen]]:
    """``n`` clients (``open_client(name)``), named ``prefix`` and their
    number, in a Duell: the first makes it, the second takes seat 2, the
    others come :data:`JOINING` at a time and watch; then the beaches, the
    screens quiet and no longer drawn, the server given a second to settle
    its garbage. Each comes when the one before has its place: N screens in
    the lobby, each drawn by this one process at every change, made setting
    up N sessions take N² of its time. Returns the clients, who moves first
    and the players by name."""
    first = await open_client(f"{prefix}0")
    await make_duell(first)
    second = await open_client(f"{prefix}1")
    await take_place(second)
    gate = asyncio.Semaphore(JOINING)

    async def watcher(i: int) -> Screen:
        async with gate:
            c = await open_client(f"{prefix}{i}")
            await take_place(c)
            c.render = False  # a spectator is read no more
            return c

    clients = [first, second, *await asyncio.gather(*(watcher(i) for i in range(2, n)))]
    decider_name, players = await beaches(clients, prefix)
    await asyncio.gather(*(c.quiet() for c in clients))
    for c in clients:
        c.render = False
    await asyncio.sleep(1.0)  # let the server settle its garbage before reading its memory
    return clients, decider_name, players


async def warmed(open_client, pid: int) -> tuple[float, float]:
    """The server's memory (MB) before and after one session came and went."""
    cold = rss_mb(pid)
    warm_up = await open_client("warmup")
    await warm_up.see("Spieltisch")
    await warm_up.close()
    await asyncio.sleep(0.5)  # let the server finish that session
    return cold, rss_mb(pid)


async def make_duell(a: Screen) -> None:
    """``a`` makes a Duell of two seats and sits at it."""
    await a.see("Spieltisch")
    await a.press("n")
    await a.see("Welcher Modus?")
    await a.press("down", "enter")
    await a.see("Wie viele Plätze?")
    await a.press("enter")
    await a.see("Die freien Plätze")
    await a.press("enter")
    # a server since #32 asks how fast (live first); an older one measured beside it does not
    await a.see_any("Am Tisch", "Wie schnell?")
    if "Wie schnell?" in a.text():
        await a.press("enter")
        await a.see("Am Tisch")


async def take_place(c: Screen) -> None:
    """``c`` opens the lobby's first game and takes the first place offered:
    seat 2 while it is free, else watching."""
    await c.see("#1 ")
    await c.press("enter")
    await c.see("Zuschauen")
    await c.press("enter")
    await c.see("Am Tisch")


async def beaches(clients: list[Screen], prefix: str) -> tuple[str, dict[str, Screen]]:
    """The two players (clients 0 and 1, named ``prefix`` and their number)
    choose their beaches. Returns who moves first and the players by name."""
    # the beaches: the chooser's cursor starts on a free one. Each seat reads the
    # decision asked of it on its own screen ("u0: wähle …"); the others read what
    # it does ("u0 wählt …"), so each is looked for where it is asked.
    players = {f"{prefix}0": clients[0], f"{prefix}1": clients[1]}
    deadline = time.perf_counter() + 60

    def asked(what: str) -> str | None:
        return next((who for who, c in players.items() if f"{who}: {what}" in c.text()), None)

    async def changed() -> None:
        if time.perf_counter() > deadline:
            raise TimeoutError("the beaches were never chosen:\n" + "\n\n".join(c.text() for c in players.values()))
        await asyncio.sleep(0.02)

    while True:
        mover = asked("ziehe deine")
        if mover:
            return mover, players
        who = asked("wähle einen freien Strand")
        if not who:
            await changed()
            continue
        await players[who].press("enter")
        while f"{who}: wähle einen freien Strand" in players[who].text():
            await changed()


async def find_swing(c: Screen) -> None:
    """Which way the cursor can go first: right, unless it stands at the
    island's right edge (then the key draws nothing). A right that moved is
    taken back, so every screen starts its swing where it stood."""
    answered = c.output(PROBE)
    await c.press("right")
    if not await answered:
        c.swing = ("left", "right")
        return
    await c.quiet()
    answered = c.output(30)
    await c.press("left")
    if not await answered:
        raise TimeoutError("a cursor key moved right and never back")
    await c.quiet()
    c.swing = ("right", "left")


def still_heap() -> None:
    """Freezes what this process holds before a measured round. One process
    stands in for all N terminals: a collection of its 64 pyte screens (a
    gen-1 collection took 186 ms) held every screen's reading at once, and a
    decision timed at the same moment on every screen measured this pause,
    not the server (bench_ssh, #14)."""
    gc.collect()
    gc.freeze()


async def keys_round(clients: list[Screen], keys: int, think: float) -> tuple[list[float], list[float]]:
    """Every client presses ``keys`` cursor keys, one about every ``think``
    seconds; the times from each key to its first and its last output.
    Each client swings its cursor to and fro across rounds (an odd number of
    keys per round once walked it into the edge, where a key draws nothing:
    a "lost" key that was the benchmark's own)."""
    first: list[float] = []
    settled: list[float] = []
    await asyncio.gather(*(find_swing(c) for c in clients if c.swing is None))
    still_heap()

    async def one(c: Screen, n: int) -> None:
        rng = random.Random(n)
        for _ in range(keys):
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            answered = c.output(30)
            t0 = time.perf_counter()
            await c.press(c.swing[c.swung % 2])
            c.swung += 1
            if not await answered:  # counted as 30 s: a frozen server is a figure too
                first.append(30.0)
                settled.append(30.0)
                continue
            first.append(c.last - t0)
            settled.append(await c.quiet() - t0)

    await asyncio.gather(*(one(c, i) for i, c in enumerate(clients)))
    return first, settled


async def decisions_round(clients: list[Screen], decider: Screen, rounds: int) -> tuple[list[float], list[float]]:
    """The decider ends its phase and takes it back, ``rounds`` times; the
    times from the key to each screen's first output, and to the slowest's."""
    each: list[float] = []
    slowest: list[float] = []
    still_heap()
    for r in range(rounds):
        answered = [c.output(30) for c in clients]
        t0 = time.perf_counter()
        await decider.press("e" if r % 2 == 0 else "u")
        if not all(await asyncio.gather(*answered)):
            raise TimeoutError("a screen showed nothing of a decision within 30 s")
        # a screen's first output after the key; later chunks of the same redraw do not count
        times = [c.answered - t0 for c in clients]
        each.extend(times)
        slowest.append(max(times))
        await asyncio.gather(*(c.quiet() for c in clients))  # at once: one after another took N × 50 ms
    return each, slowest
