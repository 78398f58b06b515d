"""Fuzzing in the suite, kept small (scripts/fuzz.py runs 10,000 of each
kind): the notation parsers under hypothesis, seeded mutations of records,
positions and scenario files (tests/fuzzkit.py), and records written while
the writer is killed with SIGKILL."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as s

import fuzzkit
from thorskliff import record
from thorskliff.campaign.notation import parse as campaign_parse
from thorskliff.engine.actions import NotationError, fmt, parse

fuzzkit.TIMED = False  # no timing in the suite; scripts/fuzz.py counts hangs

BITS = s.sampled_from(fuzzkit.NOTATION_BITS)
TEXTS = s.one_of(s.text(max_size=40), s.lists(BITS, max_size=5).map(" ".join), s.lists(BITS, max_size=5).map("".join))


@settings(max_examples=400, deadline=None)
@given(TEXTS)
def test_the_notation_parsers_raise_only_notation_errors(text):
    for read in (parse, campaign_parse):
        try:
            action = read(text)
        except NotationError as exc:
            assert "\n" not in str(exc)
            continue
        assert read(fmt(action)) == action  # what is read is written back the same


def test_a_notation_with_a_line_break_is_refused_on_one_line():
    """scripts/fuzz.py counted 67 of 2,000 notations as tracebacks: a doubled
    line ('block 4 3\\nblock 4 3') was echoed with its line break."""
    for read in (parse, campaign_parse):
        with pytest.raises(NotationError) as exc:
            read("block 4 3\nblock 4 3")
        assert "\n" not in str(exc.value) and "\n" not in exc.value.say("de") and "\\n" in str(exc.value)


@pytest.mark.parametrize("kind", ["records", "positions", "scenarios"])
def test_mutated_inputs_are_refused_cleanly_or_play_on(kind, tmp_path):
    seeds = fuzzkit.seeds()
    rng = random.Random(f"suite-{kind}")
    counts: Counter = Counter()
    for i in range(150):
        if kind == "scenarios":
            name, _, base = rng.choice(seeds["scenarios"]).partition("\0")
            counts[fuzzkit.scenario_case(name, fuzzkit.mutate(base, rng), tmp_path, i, rng)] += 1
        else:
            text = fuzzkit.mutate(rng.choice(seeds[kind]), rng)
            case = fuzzkit.record_case if kind == "records" else fuzzkit.position_case
            counts[case(text, rng)] += 1
    assert counts["traceback"] == counts["wrong"] == 0, counts
    assert counts["refused"] and counts["accepted"], counts  # both sides of the check are exercised


WRITER = """
import sys
from thorskliff import record
from thorskliff.game import Game
game = Game.new("duell", [("A", "Bera", "brown"), ("B", "Oleif", "black")], 11)
path = sys.argv[1]
while not game.state.is_terminal():
    game.submit(game.legal()[0])
    record.write(game, path)
    print(len(game.lines), flush=True)
"""


def test_a_record_written_while_killed_loses_nothing(tmp_path):
    """SIGKILL at random moments while a game writes its record after every
    decision: the file always loads, holds every decision acknowledged
    before the kill, and no temporary file is left but the one in flight."""
    path = tmp_path / "g.tkr"
    rng = random.Random(5)
    for _ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True)
        acked = 0
        deadline = rng.uniform(0.2, 1.0)
        start = time.monotonic()
        while time.monotonic() - start < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            acked = int(line)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        if acked:
            game = record.load(path, auto_chance=False)
            assert len(game.lines) >= acked
        leftovers = [p.name for p in tmp_path.iterdir() if p.name != "g.tkr"]
        assert len(leftovers) <= 1 and all(n.endswith(".tmp") for n in leftovers), leftovers
        for p in tmp_path.glob("*.tmp"):
            p.unlink()
        path.unlink(missing_ok=True)
