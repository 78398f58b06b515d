"""Fixtures for the app's tests: saves go to a temporary folder, the language
is German unless a test says otherwise, and games can start from exact
positions (tests/helpers.py) with dice forced through the keyboard."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thorskliff.ui import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path / "data"))
    i18n.set_lang("de")
    yield
    i18n.set_lang("de")


@pytest.fixture(autouse=True)
def _pause_waits_for_the_game_screen(monkeypatch):
    """``pilot.pause()`` returns once a game screen on top is built.

    The game screen draws its first frame and builds the side panel and the
    decision list after it (``GameScreen._build``), so the first frame comes
    sooner. A test that read the screen after one pause read it half built
    on a busy machine (CI failed so, three times). Here, every pause also
    waits (at most 5 s) until the screen on top is ready, as a person
    looking at it would; a test that wants the frame before it can check
    ``screen.ready`` itself."""
    from textual.pilot import Pilot

    from thorskliff.ui.screens.game import GameScreen

    pause = Pilot.pause

    async def pause_until_built(self, delay=None):
        await pause(self, delay)
        for _ in range(500):
            top = self.app.screen
            if not isinstance(top, GameScreen) or getattr(top, "ready", False):
                return
            await pause(self, 0.01)

    monkeypatch.setattr(Pilot, "pause", pause_until_built)
