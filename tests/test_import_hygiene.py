"""The core never imports a UI toolkit (textual, rich): the engine, records and
bots must run headless and stay fast to import. Each check runs in a fresh
interpreter so that other tests' imports cannot hide or fake a leak."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

NO_UI = (
    "import sys; "
    "assert not any(m == 'textual' or m.startswith('textual.') or m == 'rich' or m.startswith('rich.') "
    "for m in sys.modules), sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))"
)

#: written by the engine work; each is checked as soon as it exists
ENGINE_MODULES = (
    "thorskliff.engine.state",
    "thorskliff.engine.combat",
    "thorskliff.engine.actions",
    "thorskliff.engine.observation",
    "thorskliff.record",
    "thorskliff.position",
    "thorskliff.game",
)


def _run(imports: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", f"import {imports}; {NO_UI}"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )


def test_geometry_island_and_scenario_import_no_ui():
    proc = _run("thorskliff.hexgrid, thorskliff.island, thorskliff.scenario")
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_engine_module_imports_no_ui(module):
    proc = _run(module)
    assert proc.returncode == 0, proc.stderr
