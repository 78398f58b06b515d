"""What the host's tests share (tests/ssh, tests/web, tests/test_web_server.py):
a fixture, imported into each, that runs for every test there, and waits on the hub."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from thorskliff.ui import i18n
from thorskliff.ui.i18n import t

#: seconds a screen or the hub may take to show what a test waits for
WAIT = 20.0


@pytest.fixture(autouse=True)
def _german(monkeypatch, tmp_path):
    """Each test in German, with a data folder of its own (the server's comes from its Config)."""
    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path / "unused"))
    i18n.set_lang("de")
    yield
    i18n.set_lang("de")


async def hub_until(host, pred: Callable[[], bool], what: str = "", timeout: float = WAIT) -> None:
    """Wait for the hub to reach ``pred`` (it calls its lobby watchers after every change)."""
    changed = asyncio.Event()
    host.hub.watch_lobby(changed.set)
    try:
        async with asyncio.timeout(timeout):
            while not pred():
                changed.clear()
                await changed.wait()
    except TimeoutError:
        raise AssertionError(f"the hub never got to: {what or pred}") from None
    finally:
        host.hub.unwatch_lobby(changed.set)


def prompt(hg) -> str:
    """The start of the prompt every screen shows for the game's state."""
    d = hg.state.current_player()
    step = hg.state.step
    key = "ask.combat_step" if step.startswith("c:") else f"ask.{step}"
    return t(key, name=hg.name(d))[:18]
