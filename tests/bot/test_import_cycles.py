"""No module of ``bot/`` imports, however indirectly, a module that imports it back
(docs/architecture.md, "The Discord adapter's modules"): every import is counted, at the top of a
module, under ``TYPE_CHECKING`` or inside a function, so a function-level import cannot hide a
circle."""

from __future__ import annotations

import ast
from pathlib import Path

import bot

ROOT = Path(bot.__file__).parent


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module under ``root`` by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports anywhere in its text. ``from P import
    m`` imports module ``P.m`` when there is one, else ``P``; a package's ``__init__`` that Python
    runs first on the way to its submodule is not counted (it is running already when a submodule
    of it imports a sibling)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in out if m in known and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of ``graph``: each strongly connected set of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def graph_of(root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imported(name, path, known) for name, path in known.items()}


def test_no_module_of_bot_imports_itself_back() -> None:
    assert cycles(graph_of()) == []


def test_a_function_level_import_that_closes_a_circle_is_found(tmp_path: Path) -> None:
    package = tmp_path / "bot"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "flows.py").write_text("from bot.widgets import Button\n")
    (package / "widgets.py").write_text("def click():\n    from bot import flows\n")
    (package / "faces.py").write_text("from bot import widgets\n")
    assert cycles(graph_of(package)) == [["bot.flows", "bot.widgets"]]
