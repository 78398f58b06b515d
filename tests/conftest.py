"""How the suite runs in parallel: how many workers ``-n auto`` starts
(pyproject.toml's addopts), and which tests are handed out first."""

from __future__ import annotations

import os
from pathlib import Path

#: workers per core. A quarter of a worker's time is spent waiting, not computing: Textual's
#: pilot sleeps in 20 ms steps until the app is idle, and the SSH and browser tests wait on
#: their connections. On this project's 2-core machine 3 workers ran the suite in 313 s
#: against 386 s for 2 (docs/development.md, "Testing").
PER_CORE = 1.5

#: the folders whose tests take longest, each waiting on other processes (Chromium, PostgreSQL
#: and its workers, SSH connections) and on screens, run first: the many short tests of the
#: rules then fill the end of the run evenly, instead of one worker finishing a browser test alone
FIRST = ("web", "pg", "ssh", "ui")
HERE = Path(__file__).resolve().parent


def pytest_xdist_auto_num_workers(config) -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, round(cores * PER_CORE))


def pytest_collection_modifyitems(items) -> None:
    def rank(item) -> int:
        folder = Path(str(item.path)).resolve().relative_to(HERE).parts[0]
        return FIRST.index(folder) if folder in FIRST else len(FIRST)

    items.sort(key=rank)  # stable: each folder keeps its order, and every worker sorts alike
