"""The corpus of broken chapter files (tests/campaign/broken/): each is the
valid minimal chapter with one thing broken, and names in its header the exact
key path and problem it must be reported with."""

from __future__ import annotations

from pathlib import Path

import pytest

from thorskliff.campaign import CampaignState, load_chapter
from thorskliff.scenario import ScenarioError

HERE = Path(__file__).resolve().parent
BROKEN = sorted((HERE / "broken").glob("*.toml"))


def _expected(path: Path) -> tuple[str, str]:
    head = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        key, sep, val = line[1:].strip().partition(": ")
        if sep:
            head[key] = val
    return head["key"], head["problem"]


def test_the_corpus_is_large_enough():
    assert len(BROKEN) >= 15


def test_the_minimal_chapter_is_valid():
    ch = load_chapter(HERE / "minimal.toml")
    assert ch.time_cards() == {1: "start", 2: "mitte", 3: "ende"}


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_file_reports_file_key_and_problem(path: Path):
    key, problem = _expected(path)
    with pytest.raises(ScenarioError) as info:
        load_chapter(path)
    err = info.value
    assert (Path(err.file), err.key, err.problem) == (path.resolve(), key, problem)
    assert str(err) == f"{path.resolve()}: {key}: {problem}"


@pytest.mark.parametrize("path", BROKEN[:3], ids=[p.stem for p in BROKEN[:3]])
def test_no_game_starts_on_a_broken_file(path: Path):
    with pytest.raises(ScenarioError):
        CampaignState.new_chapter([("A", "Bera", "brown"), ("B", "Oleif", "grey")], path, 1)


def test_a_missing_file_is_reported(tmp_path):
    with pytest.raises(ScenarioError, match="file not found"):
        load_chapter(tmp_path / "nope.toml")


def test_invalid_toml_is_reported(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text("[chapter\n")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        load_chapter(p)


def test_an_edited_copy_is_reloaded(tmp_path):
    """A user edits their copy between games: the loader sees the change."""
    p = tmp_path / "mine.toml"
    text = (HERE / "minimal.toml").read_text()
    p.write_text(text)
    assert load_chapter(p).taler == 5
    import os

    p.write_text(text.replace("taler = 5", "taler = 9"))
    st = os.stat(p)
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert load_chapter(p).taler == 9
