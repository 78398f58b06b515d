"""A fixture the host's tests share (tests/ssh, tests/web, tests/test_web_server.py):
imported into each, it runs for every test there."""

from __future__ import annotations

import pytest

from thorskliff.ui import i18n


@pytest.fixture(autouse=True)
def _german(monkeypatch, tmp_path):
    """Each test in German, with a data folder of its own (the server's comes from its Config)."""
    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path / "unused"))
    i18n.set_lang("de")
    yield
    i18n.set_lang("de")
