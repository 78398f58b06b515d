"""The browser tests skip only where no Chromium can be found, and say why;
a THORSKLIFF_CHROMIUM that names nothing fails instead of skipping."""

from __future__ import annotations

import pytest

from webtabs import chromium


def test_no_chromium_skips_with_the_reason(monkeypatch, tmp_path):
    monkeypatch.delenv("THORSKLIFF_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(pytest.skip.Exception, match="no Chromium on this machine.*apt-get install chromium"):
        chromium()


def test_a_chromium_on_path_is_used(monkeypatch, tmp_path):
    exe = tmp_path / "chromium"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    monkeypatch.delenv("THORSKLIFF_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert chromium() == str(exe)


def test_a_wrong_thorskliff_chromium_fails(monkeypatch, tmp_path):
    monkeypatch.setenv("THORSKLIFF_CHROMIUM", str(tmp_path / "nothing"))
    with pytest.raises(pytest.fail.Exception, match="THORSKLIFF_CHROMIUM"):
        chromium()
