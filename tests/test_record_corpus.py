"""Every record of the corpus (tests/records/, written with the code of
2a6ccef by scripts/make_record_corpus.py) replays to the same final position.

The corpus holds all modes (base with 3 and 4 seats, duell, episch), the three
campaign chapters, combats with manual blocks and hits, faintings (R-FAINT),
a runestone (R-RUNE) and lightning (R-GODE): it pins that a change of the
engine's shape changes no game (issue #12, "Must not change").
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

from thorskliff import record

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
_spec = importlib.util.spec_from_file_location("make_record_corpus", ROOT / "scripts" / "make_record_corpus.py")
corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(corpus)

NAMES = [name for name, *_ in corpus.GAMES]


def test_the_corpus_is_complete():
    assert sorted(p.stem for p in RECORDS.glob("*.tkr")) == sorted(NAMES)
    modes = {mode for _, mode, *_ in corpus.GAMES}
    assert {"base", "duell", "episch", 1, 2, 3} <= modes


@pytest.mark.parametrize("name", NAMES)
def test_a_record_replays_to_its_final_position(name):
    game = record.load(RECORDS / f"{name}.tkr")
    want = (RECORDS / f"{name}.position.toml").read_text(encoding="utf-8")
    got = corpus.final_text(game.state)
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "stored", "replayed", n=1))
        pytest.fail(f"{name}.tkr replays to another position:\n{diff[:4000]}")


@pytest.mark.parametrize("name", NAMES)
def test_a_record_is_written_again_as_it_was(name):
    """Reading a record and writing it again gives the same text (the lines
    and the header survive a round trip)."""
    text = (RECORDS / f"{name}.tkr").read_text(encoding="utf-8")
    assert record.dumps(record.loads(text, str(RECORDS / f"{name}.tkr"))) == text
