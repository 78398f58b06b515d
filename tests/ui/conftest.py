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
