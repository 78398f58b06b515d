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
    # the win chances measured against outcomes of bot games (thorskliff calibration)
    ("calibration", "bots"),
    # the Lehrgang's lessons, their goals and runner: above the bots that play the other seats
    ("tutorial", "bots"),
    # puzzles (Rätsel) found by the bots' search in records, their files and ratings
    ("puzzles", "bots"),
    # who plays a seat and when (bots and stand-ins), for the app and the host alike
    ("play", "play"),
    ("ui", "ui"),
    # the host of hosted games whatever the transport: hub, store, sessions, options (host/);
    # above it the two transports side by side (ssh/, web/: neither imports the other, the
    # cycle test says so), and above them the composition root that starts both (host.host)
    ("host.host", "serve"), ("host.workers", "serve"), ("host", "host"), ("ssh", "ssh"), ("web.harness", "serve"), ("web", "ssh"),
    # the command line, a package: main and the parser (cli/__init__), the game commands (games),
    # analyse/simulate/bench (analysis), serve and its options (serve), show's text view (render)
    ("cli", "front"),
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
    "play": {"geometry", "data", "engine", "records", "campaign", "bots", "play"},
    "ui": {"geometry", "data", "engine", "records", "campaign", "bots", "play", "ui"},
    "host": {"geometry", "data", "engine", "records", "campaign", "bots", "play", "ui", "host"},
    "ssh": {"geometry", "data", "engine", "records", "campaign", "bots", "play", "ui", "host", "ssh"},
    "serve": {"geometry", "data", "engine", "records", "campaign", "bots", "play", "ui", "host", "ssh", "serve"},
    "front": {"geometry", "data", "engine", "records", "campaign", "bots", "play", "ui", "host", "ssh", "serve",
              "front"},
}
#: third-party packages a layer may import (the engine and the data below it: none)
THIRD_PARTY = {
    "geometry": set(), "data": set(), "engine": set(),
    "records": {"tomli_w"}, "campaign": {"tomli_w", "platformdirs"},
    # the puzzles write their files (tomli_w) and rate attempts (glicko2)
    "bots": {"tomli_w", "glicko2"}, "play": set(),
    "ui": {"textual", "rich", "platformdirs", "tomli_w"}, "ssh": {"asyncssh", "textual", "rich", "platformdirs", "aiohttp", "jinja2", "textual_serve",
            "yarl"},  # aiohttp's URLs (a query built safely), installed with it
    # the PostgreSQL store (host/pgstore.py, #31), imported only when ``serve --db`` names one
    "host": {"textual", "rich", "platformdirs", "psycopg"},
    "serve": {"asyncssh"},
    "front": {"rich", "textual", "asyncssh", "platformdirs"},
}


def layer(module: str) -> str:
    parts = module.split(".")[1:] or ["__init__"]
    for prefix, name in LAYERS:  # a longer prefix ("host.host") stands before its package's
        if parts[:prefix.count(".") + 1] == prefix.split("."):
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


def test_the_command_line_package_has_no_import_cycle():
    """cli/__init__ imports its command modules; none of them imports it
    (or another that leads back): each file stands on its own."""
    known = modules()
    cli = {m: p for m, p in known.items() if m == "thorskliff.cli" or m.startswith("thorskliff.cli.")}
    assert {"thorskliff.cli.games", "thorskliff.cli.analysis", "thorskliff.cli.serve", "thorskliff.cli.render"} <= set(cli)
    graph = {m: {own_module(n, known) for _, n in imports(m, p)} & set(cli) - {m} for m, p in cli.items()}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph[start]:
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    cycles = sorted(m for m in cli if reaches(m, m, {m}))
    assert not cycles, f"import cycles through {cycles}"
    assert all(len(p.read_text(encoding="utf-8").splitlines()) <= 600 for p in cli.values())


def _type_only_lines(tree: ast.AST) -> set[int]:
    """The lines of the imports under ``if TYPE_CHECKING:`` (read by the type
    checker only, never run)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for sub in node.body:
                for inner in ast.walk(sub):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        out.add(inner.lineno)
    return out


def runtime_graph() -> dict[str, dict[str, int]]:
    """module → the package modules it imports when it runs (at module level
    or inside a function; not under TYPE_CHECKING), each with a line."""
    known = modules()
    graph: dict[str, dict[str, int]] = {m: {} for m in known}
    for module, path in known.items():
        typing_only = _type_only_lines(ast.parse(path.read_text(encoding="utf-8")))
        for line, name in imports(module, path):
            if name.split(".")[0] != "thorskliff" or line in typing_only:
                continue
            target = own_module(name, known)
            if target != module and target in known:
                graph[module].setdefault(target, line)
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


#: import cycles known and being cut elsewhere: each goes from this list when it is gone
KNOWN_CYCLES: list[set[str]] = [
]


def test_no_import_cycle_runs_inside_the_package():
    """No modules import each other, at module level or inside a function
    (a cycle closed only under TYPE_CHECKING is the type checker's, not
    run): each cycle is a room that cannot be read or changed alone."""
    graph = runtime_graph()
    found = [c for c in cycles(graph) if set(c) not in KNOWN_CYCLES]
    where = []
    for comp in found:
        members = set(comp)
        edges = [f"  {a} → {b} (line {line})" for a in comp for b, line in sorted(graph[a].items()) if b in members]
        where.append(f"{len(comp)} modules:\n" + "\n".join(edges))
    assert not found, "import cycles:\n" + "\n".join(where)


def test_the_cycle_check_sees_a_cycle_inside_functions_and_not_under_type_checking(tmp_path):
    graph = {"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3}, "d": {"a": 4}}
    assert cycles(graph) == [["a", "b", "c"]]
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from x import y\n"
                     "def f():\n    from z import w\n")
    assert _type_only_lines(tree) == {3}


def test_no_file_of_the_front_ends_is_over_600_lines():
    """A room a maintainer can read whole (#28): the game screen had grown to
    1,249 lines holding eight jobs, the SSH server to 906 holding the host,
    its options, its memory policy and the sessions the browsers used too."""
    long = {str(p.relative_to(ROOT)): n for room in ("ui", "host", "ssh", "web", "cli")
            for p in (PKG / room).rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert not long, long
