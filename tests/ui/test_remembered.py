"""The catalogue kept between starts (ui/remembered.py, #28's quick start):
the same data as parsing, a new entry when a file changes, and any trouble
with the cache folder falls back to building."""

from __future__ import annotations

import os

import pytest

from thorskliff.ui import i18n
from thorskliff.ui.remembered import remembered


@pytest.fixture
def cache(tmp_path, monkeypatch):
    where = tmp_path / "cache"
    monkeypatch.setenv("THORSKLIFF_CACHE", str(where))
    return where


def test_a_remembered_catalogue_is_the_parsed_one(cache):
    built = i18n.catalogue.__wrapped__("de")  # parsed and written
    assert len(list(cache.glob("catalogue-de-*.marshal"))) == 1
    again = i18n.catalogue.__wrapped__("de")  # read back
    assert again == built and again["title.new"] == built["title.new"]
    assert any(k.startswith("why.") for k in again)  # the engine's messages too


def test_an_edited_source_builds_anew_and_drops_the_old_entry(cache, tmp_path):
    src = tmp_path / "a.toml"
    src.write_text("x = 1\n")
    calls = []

    def build():
        calls.append(1)
        return {"x": src.read_text()}

    assert remembered("t", [src], build) == {"x": "x = 1\n"}
    assert remembered("t", [src], build) == {"x": "x = 1\n"} and len(calls) == 1
    src.write_text("x = 2\n")  # same length: the hash, not the size, tells them apart
    assert remembered("t", [src], build) == {"x": "x = 2\n"} and len(calls) == 2
    assert len(list(cache.glob("t-*.marshal"))) == 1


def test_a_damaged_entry_is_built_again(cache, tmp_path):
    src = tmp_path / "a.toml"
    src.write_text("x = 1\n")
    remembered("t", [src], lambda: {"x": 1})
    (entry,) = cache.glob("t-*.marshal")
    entry.write_bytes(b"\xff\x00garbage")
    assert remembered("t", [src], lambda: {"x": 1}) == {"x": 1}
    assert remembered("t", [src], lambda: {"x": 2}) == {"x": 1}  # written again, whole


def test_no_cache_folder_and_values_marshal_cannot_hold_still_build(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("THORSKLIFF_CACHE", str(blocker / "cache"))
    src = tmp_path / "a.toml"
    src.write_text("x = 1\n")
    assert remembered("t", [src], lambda: {"x": 1}) == {"x": 1}
    monkeypatch.setenv("THORSKLIFF_CACHE", str(tmp_path / "ok"))
    odd = {"when": object()}  # marshal refuses it: nothing is written
    assert remembered("t", [src], lambda: odd) is odd
    assert not list((tmp_path / "ok").glob("t-*.marshal"))
    assert blocker.read_text() == "not a folder"
    assert not [p for p in os.listdir(tmp_path / "ok") if p.endswith(".tmp")] if (tmp_path / "ok").exists() else True


def test_a_missing_source_is_reported_by_the_build_as_before(cache, tmp_path):
    def build():
        raise FileNotFoundError("a.toml")

    with pytest.raises(FileNotFoundError):
        remembered("t", [tmp_path / "a.toml"], build)
