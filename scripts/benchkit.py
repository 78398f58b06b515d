"""What the old-against-new benchmarks share (bench_old_new.py,
bench_search.py): the machine's load, a probe run in a fresh interpreter
that sees only one checkout, and rounds that alternate the two sides so a
change of load hits both alike."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: the probe's first line on stderr, so the caller can check where thorskliff came from
_ORIGIN = "import sys as _s, thorskliff as _t; print('thorskliff-from:' + _t.__file__, file=_s.stderr)\n"


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "uptime: not available"


def probe(checkout: Path, code: str, *args: str) -> Any:
    """Run ``code`` (which prints one JSON line last) in a new interpreter
    whose only thorskliff is ``checkout``'s; returns what it printed."""
    env = dict(os.environ, PYTHONPATH=str(checkout.resolve()))
    with tempfile.TemporaryDirectory() as cwd:  # no checkout on the path but the one asked for
        out = subprocess.run([sys.executable, "-c", _ORIGIN + code, *args], cwd=cwd, env=env,
                             capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{checkout}: the probe failed:\n{out.stderr}")
    origin = out.stderr.splitlines()[0].removeprefix("thorskliff-from:")
    if not Path(origin).resolve().is_relative_to(checkout.resolve()):
        raise SystemExit(f"{checkout}: thorskliff came from {origin}, not from the checkout")
    return json.loads(out.stdout.strip().splitlines()[-1])


def alternate(rounds: int, once: Callable[[str], Any]) -> dict[str, list[Any]]:
    """``once("old")`` and ``once("new")`` for each round, the order turned
    every round; prints the load before and after."""
    print("before:", uptime())
    got: dict[str, list[Any]] = {"old": [], "new": []}
    for i in range(rounds):
        for name in (("old", "new") if i % 2 == 0 else ("new", "old")):
            got[name].append(once(name))
    print("after: ", uptime())
    return got
