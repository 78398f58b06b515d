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


async def polled(pred: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Wait for ``pred`` about the server, which notifies no one when it turns true
    (a channel's buffer, a session's state): checked every 10 ms up to ``timeout``."""
    try:
        async with asyncio.timeout(timeout):
            while not pred():
                await asyncio.sleep(0.01)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


def prompt(hg, seat: int | None) -> str:
    """The start of the prompt the screen of ``seat`` (None: a spectator's) shows for the
    game's state: the deciding seat is asked, the others read what she does."""
    d = hg.state.current_player()
    step = hg.state.step
    if step.startswith("c:"):
        key = "ask.combat_mine" if d == seat else "ask.combat_step"
        if d == seat:
            from thorskliff.engine.observation import observe
            from thorskliff.ui import words

            if words.is_window(step) and not words.can_drink(observe(hg.state, seat, board=False)):
                key = "ask.combat_no_potion"  # a window with only "Weiter" says why
    elif d == seat:
        key = f"ask.{step}"
    else:
        key = "ask.haste_other" if step == "haste" else f"ask_other.{step}"
    return t(key, name=hg.name(d))[:18]
