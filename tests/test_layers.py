"""The layers of docs/architecture.md, enforced: every import of every module
of the package — at module level, inside functions and under TYPE_CHECKING —
goes only to the layers it may use. (An equivalent of an import-linter
"layers" contract that also sees the imports inside functions, which keep
start-up fast but hide the graph from a reader.)"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "thorskliff"

#: layer of a module (by its dotted name under thorskliff), first match wins
LAYERS = [
    ("hexgrid", "geometry"), ("loaderror", "geometry"), ("durable", "geometry"),
    ("scenario", "data"), ("island", "data"),
    ("engine", "engine"),
    ("game", "records"), ("record", "records"), ("position", "records"), ("variants", "records"),
    ("invariants", "records"),
    ("campaign", "campaign"), ("bots", "bots"), ("bench", "bots"),
    # the Lehrgang's lessons, their goals and runner: above the bots that play the other seats
    ("tutorial", "bots"),
    # the host serves SSH terminals and browsers from one hub: ssh/ and web/ are one layer
    ("ui", "ui"), ("ssh", "ssh"), ("web", "ssh"), ("cli", "front"), ("tutorial_cli", "front"),
    ("__init__", "geometry"),
]
#: what each layer may import of the package
MAY = {
    "geometry": {"geometry"},
    "data": {"geometry", "data"},
    "engine": {"geometry", "data", "engine"},
    "records": {"geometry", "data", "engine", "records"},
    "campaign": {"geometry", "data", "engine", "records", "campaign"},
    "bots": {"geometry", "data", "engine", "records", "campaign", "bots"},
    "ui": {"geometry", "data", "engine", "records", "campaign", "bots", "ui"},
    "ssh": {"geometry", "data", "engine", "records", "campaign", "bots", "ui", "ssh"},
    "front": {"geometry", "data", "engine", "records", "campaign", "bots", "ui", "ssh", "front"},
}
#: third-party packages a layer may import (the engine and the data below it: none)
THIRD_PARTY = {
    "geometry": set(), "data": set(), "engine": set(),
    "records": {"tomli_w"}, "campaign": {"tomli_w", "platformdirs"}, "bots": set(),
    "ui": {"textual", "rich", "platformdirs", "tomli_w"}, "ssh": {"asyncssh", "textual", "rich", "platformdirs", "aiohttp", "jinja2", "textual_serve",
            "yarl"},  # aiohttp's URLs (a query built safely), installed with it
    "front": {"rich", "textual", "asyncssh", "platformdirs"},
}


def layer(module: str) -> str:
    part = module.split(".")[1] if "." in module else "__init__"
    for prefix, name in LAYERS:
        if part == prefix:
            return name
    raise AssertionError(f"{module} is in no layer of tests/test_layers.py: add it (and to docs/architecture.md)")


def modules() -> dict[str, Path]:
    out = {}
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports(module: str, path: Path) -> list[tuple[int, str]]:
    """Every import of ``module`` (absolute names), wherever it stands."""
    is_pkg = path.name == "__init__.py"
    package = module if is_pkg else module.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if node.level and not node.module:  # from . import x: x may be a module
                out += [(node.lineno, f"{name}.{a.name}") for a in node.names]
            else:
                out.append((node.lineno, name))
    return out


def own_module(name: str, known: dict[str, Path]) -> str:
    """The package module ``name`` refers to (``thorskliff.engine.actions.X``
    → ``thorskliff.engine.actions``)."""
    while name not in known and "." in name:
        name = name.rpartition(".")[0]
    return name


def test_every_import_goes_to_a_layer_it_may_use():
    known = modules()
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    wrong = []
    for module, path in sorted(known.items()):
        mine = layer(module)
        for line, name in imports(module, path):
            top = name.split(".")[0]
            where = f"{path.relative_to(ROOT)}:{line}"
            if top == "thorskliff":
                target = own_module(name, known)
                if target != "thorskliff" and layer(target) not in MAY[mine]:
                    wrong.append(f"{where}: {module} ({mine}) imports {target} ({layer(target)})")
            elif top not in stdlib and top not in THIRD_PARTY[mine]:
                wrong.append(f"{where}: {module} ({mine}) imports the package {top}")
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)
