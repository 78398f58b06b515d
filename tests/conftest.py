"""How many workers ``-n auto`` starts (pyproject.toml's addopts)."""

from __future__ import annotations

import os

#: workers per core. A quarter of a worker's time is spent waiting, not computing: Textual's
#: pilot sleeps in 20 ms steps until the app is idle, and the SSH and browser tests wait on
#: their connections. On this project's 2-core machine 3 workers ran the suite in 297 s
#: against 386 s for 2 (docs/development.md, "The tests").
PER_CORE = 1.5


def pytest_xdist_auto_num_workers(config) -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, round(cores * PER_CORE))
