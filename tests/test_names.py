"""Every name the package uses is defined or imported: pyflakes over every
module (mypy checks the engine only; a merge once left `os` unimported in
the SSH host's `serve` and a price table unimported in the turn flow, both
on paths no other test reached)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "thorskliff"

#: pyflakes' messages that mean the code would fail when run
BROKEN = ("undefined name", "undefined local variable", "local variable", "referenced before assignment")


def test_no_module_uses_an_undefined_name():
    out = subprocess.run([sys.executable, "-m", "pyflakes", str(PKG)], capture_output=True, text=True)
    assert "No module named pyflakes" not in out.stderr, out.stderr
    broken = [ln for ln in out.stdout.splitlines() if any(b in ln for b in BROKEN)]
    assert not broken, "\n".join(broken)
