"""kill -9 of a worker during play, through the real ``serve --workers 2``
and the real SSH protocol (scripts/kill_workers.py, #31): after each kill
the log holds every decision once, the stored record is the log replayed,
the seats are the player's and the bot's, and the game goes on."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent.parent / "scripts" / "kill_workers.py"


def test_two_kills_lose_double_and_unseat_nothing(cluster):  # the cluster fixture: skip or fail as CI says
    done = subprocess.run([sys.executable, str(SCRIPT), "--kills", "2"], capture_output=True, text=True,
                          timeout=240)
    out = done.stdout.strip().splitlines()
    assert done.returncode == 0, done.stderr[-2000:]
    assert out[-1].startswith("2 kills in "), out
    assert "decisions lost 0, doubled 0, seats lost 0; rounds without a decision 0" in out[-1], out
    assert [line for line in out if "her process" in line] and [line for line in out if "the other" in line]
