"""The suite's own rules (issue 28): it runs in parallel, and a test that waits
waits for an event or polls a condition, never for a fixed time."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def test_the_readme_s_test_command_runs_in_parallel():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(dep.startswith("pytest-xdist") for dep in project["project"]["optional-dependencies"]["test"])
    addopts = project["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert "-n" in addopts and addopts[addopts.index("-n") + 1] in ("auto", "logical") or \
        any(o.startswith("-n") and o != "-n" for o in addopts), addopts


def _timed_waits(tree: ast.AST) -> list[int]:
    """Lines of ``pilot.pause(x)``, ``asyncio.sleep(x)`` and ``time.sleep(x)`` with
    x > 0 that are not inside a loop (a poll with a deadline is fine)."""
    found: list[int] = []

    def walk(node: ast.AST, looped: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            looped = False  # a helper's own loop decides, not its caller's
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            looped = True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args and not looped:
            name = node.func.attr
            owner = node.func.value
            timed = name == "pause" or (name == "sleep" and isinstance(owner, ast.Name)
                                        and owner.id in ("asyncio", "time"))
            arg = node.args[0]
            if timed and not (isinstance(arg, ast.Constant) and arg.value == 0):
                found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            walk(child, looped)

    walk(tree, False)
    return found


def test_no_test_waits_a_fixed_time():
    """On a busy machine a fixed time is too short (the test fails) or checks
    nothing (what it waited for had not happened yet, and it passes)."""
    offenders = []
    for path in sorted(TESTS.rglob("*.py")):
        for line in _timed_waits(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            offenders.append(f"{path.relative_to(ROOT)}:{line}")
    assert not offenders, "wait for a condition (uihelpers.until, hostfixtures.polled, mirror.settle):\n" + \
        "\n".join(offenders)


def test_the_check_finds_a_fixed_wait():
    code = ("async def t(pilot):\n    await pilot.pause(0.2)\n"
            "    for _ in range(9):\n        await pilot.pause(0.01)\n    await asyncio.sleep(0)\n")
    assert _timed_waits(ast.parse(code)) == [2]
