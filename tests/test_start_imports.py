"""What starting to play or replay imports (#12: the start's cost). Playing,
replaying a record and the benchmarks need the rules only: the events
(engine/events.py, made when someone reads ``Game.events``), positions
(position.py with invariants.py), observations (engine/observation.py) and
durable writing (durable.py) are imported where they are first needed.
Counted in modules, never in seconds (the figures: scripts/instructions_old_new.py
--measure import)."""

from __future__ import annotations

import subprocess
import sys

LATER = ("thorskliff.engine.events", "thorskliff.position", "thorskliff.invariants",
         "thorskliff.engine.observation", "thorskliff.durable")


def _imported(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_replaying_a_record_imports_only_the_rules():
    from thorskliff import bench

    text, _ = bench.record_text(20)
    got = _imported(f"from thorskliff import bench, record\nrecord.loads({text!r})\n"
                    "bench.play_random('duell', 2, 1)")
    assert "thorskliff.engine.state" in got and "thorskliff.record" in got
    assert not got & set(LATER), sorted(got & set(LATER))


def test_what_is_left_out_comes_when_it_is_asked_for():
    got = _imported("from thorskliff.game import Game\ng = Game.new('duell', "
                    "[('Ann', 'Bera', 'brown'), ('Bo', 'Jorund', 'black')], 1)\ng.submit(g.state.legal_actions()[0])\nassert g.events\ng.view(0)\n"
                    "from thorskliff import record\nrecord.is_position('format = 1')")
    assert {"thorskliff.engine.events", "thorskliff.engine.observation", "thorskliff.position"} <= got
