"""A whole server on loopback, for tests and benchmarks: ``async with
serving(data) as host`` in the caller's event loop, or ``with
serving_in_thread(data) as host`` with its own loop in a thread (for
synchronous callers such as Playwright's sync API). Both pick free ports;
``url(host)`` is the browsers' address, ``host.port`` the SSH port."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

from ..host.config import Config
from ..host.corr import Clock
from ..host.host import Host


def url(host: Host) -> str:
    assert host.web is not None, "a harness host serves browsers"
    return host.web.base_url()


@contextlib.asynccontextmanager
async def serving(data: str | Path, clock: Clock | None = None, **config) -> AsyncIterator[Host]:
    """A Host with SSH and browsers on free loopback ports (``config``: any
    :class:`~thorskliff.host.config.Config` field, e.g. ``ssh=False``,
    ``max_per_address=2``, ``takeover=5``; ``clock``: the deadlines' clock)."""
    config.setdefault("port", 0)
    config.setdefault("web_port", 0)
    host = await Host.start(Config(data=Path(data), **config), clock)
    try:
        yield host
    finally:
        await host.close()


@contextlib.contextmanager
def serving_in_thread(data: str | Path, **config) -> Iterator[Host]:
    """The same, running in a thread of its own until the block ends."""
    loop = asyncio.new_event_loop()
    started = threading.Event()
    box: dict = {}

    async def run() -> None:
        try:
            async with serving(data, **config) as host:
                box["host"] = host
                box["stop"] = asyncio.Event()
                started.set()
                await box["stop"].wait()
        except BaseException as exc:
            box["error"] = exc
            started.set()

    thread = threading.Thread(target=lambda: loop.run_until_complete(run()), name="thorskliff-serve", daemon=True)
    thread.start()
    started.wait(60)
    if "error" in box:
        thread.join(5)
        raise box["error"]
    try:
        yield box["host"]
    finally:
        loop.call_soon_threadsafe(box["stop"].set)
        thread.join(30)
        loop.close()
