"""``thorskliff analyse RECORD [--json]``: the win-chance curve on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thorskliff import record
from thorskliff.bots.curve import swings, win_chances
from thorskliff.cli import main
from thorskliff.ui.curveview import swing_line
from thorskliff.ui.i18n import set_lang


@pytest.fixture(autouse=True)
def _identity_map(monkeypatch):
    """These figures pin the curve's structure on the raw static evaluation
    (the identity map); the calibration map is tests/test_estimator.py's."""
    from thorskliff.bots import estimator

    monkeypatch.setattr(estimator, "maps", lambda: {})

RECORD = Path(__file__).parent / "records" / "base3-greedy.tkr"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def german_after():
    yield
    set_lang("de")


def test_json_has_every_turn_and_the_swings(capsys):
    code, out, err = run(capsys, "analyse", str(RECORD), "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert set(doc) == {"record", "lang", "estimate", "seats", "outcome", "points", "swings", "dice", "review"}
    assert doc["review"] is None  # no --budget: no decision searched
    points = win_chances(record.load(RECORD))
    assert [p["chances"] for p in doc["points"]] == [list(p.chances) for p in points]
    assert [p["round"] for p in doc["points"]] == [p.round for p in points]
    assert doc["points"][0]["seat"] is None and doc["points"][0]["moved_most"] is None
    assert doc["outcome"] == {"winner": 3, "reason": "ambers"}
    assert doc["points"][-1]["chances"] == [0.0, 0.0, 1.0]
    assert [s["seat"] for s in doc["seats"]] == [1, 2, 3]
    top = doc["swings"]
    assert [(s["round"], s["name"], s["decision"]["notation"]) for s in top] == [
        (6, "Jorund", "fight S"), (7, "Raghild", None), (11, "Bera", "haste M2-S")]
    assert top[0]["text"] == "Runde 6, Jorund: Würfelglück −55 — 49% → 3%"  # the forced fight's dice, not his step
    # R-FAINT-5: the second is no decision but Raghild's turn start, where she stands up (it was
    # credited to Jorund's "lay 3c2" before, the line after which her turn began)
    d = top[1]["decision"]
    assert d["automatic"] and d["auto"] == [["stood_up", "Raghild"]] and d["seat"] == 2
    assert top[1]["text"] == "Runde 7, Raghild: Zugbeginn: Raghild steht auf — 12% → 58%"
    assert not top[0]["decision"]["automatic"] and top[0]["decision"]["auto"] == []
    # every turn start that moved the chances is a point of its own, in the table too
    starts = [p for p in doc["points"] if p["moved_most"] and p["moved_most"]["decision"]["automatic"]]
    assert [(p["round"], p["seat"]) for p in starts] == [(7, 3), (7, 2), (8, 1)]


def test_text_prints_the_table_and_the_same_swing_lines(capsys):
    code, out, err = run(capsys, "analyse", str(RECORD), "--lang", "en")
    assert code == 0, err
    game = record.load(RECORD)
    seats = [(p.name, p.colour) for p in game.state.players]
    set_lang("en")
    lines = [swing_line(s, seats) for s in swings(win_chances(game))]
    assert "The biggest swings:" in out
    for line in lines:
        assert line in out.replace("\n", " ")
    assert "Round 6, Jorund: " in lines[0]
    assert "Round 7, Raghild: Turn start: Raghild stands up — 12% → 58%" in out  # no notation: no decision
    assert "Raghild stands up — 12% → 58% (" not in out.replace("\n", " ")
    header = next(ln for ln in out.splitlines() if ln.startswith("┃"))
    for name in ("Jorund", "Raghild", "Bera"):
        assert name in header  # a column per seat


@pytest.mark.parametrize("make", ["missing", "folder", "not-toml", "truncated", "binary", "position"])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, make):
    path = tmp_path / "g.tkr"
    if make == "folder":
        path.mkdir()
    elif make == "not-toml":
        path.write_text("this is [not a record\n", encoding="utf-8")
    elif make == "truncated":
        path.write_text(RECORD.read_text(encoding="utf-8")[:700], encoding="utf-8")
    elif make == "binary":
        path.write_bytes(b"\xff\xfe not text")
    elif make == "position":  # a position has no turns behind it
        path.write_text((RECORD.parent / "base3-greedy.position.toml").read_text(encoding="utf-8"),
                        encoding="utf-8")
    before = path.read_bytes() if path.is_file() else None
    code, out, err = run(capsys, "analyse", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"thorskliff: {path}")
    assert (path.read_bytes() if path.is_file() else None) == before  # nothing written
