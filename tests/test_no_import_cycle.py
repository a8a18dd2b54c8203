"""No import cycle among the project's modules: each layer's modules import down, never round.

The graph is built from the source (ast), every import counted, those inside a function too (a
cycle hidden in a function still runs). An import of a.b.c leads to the module a.b.c, and to the
packages a.b and a whose __init__ Python runs first, except the importer's own packages (already
running when it is): a package's __init__ that imports its modules makes no cycle with them. An
import under `if TYPE_CHECKING:` never runs (annotations only) and is left out."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("domain", "ocr", "validators", "intake", "report", "service", "api", "cli")


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING" or \
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    out, todo = [], [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append(node)
        todo += node.orelse if _type_checking(node) else ast.iter_child_nodes(node)
    return out


def _packages(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def graph(sources: dict[str, tuple[str, bool]] | None = None) -> dict[str, set[str]]:
    """module -> the project's modules importing it runs. sources: module -> (text, is a
    package), read in place of (or beside) the files, for probing the check."""
    files = {name: (path.read_text(encoding="utf-8"), path.name == "__init__.py") for name, path in _modules().items()}
    files.update(sources or {})

    def resolve(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    out: dict[str, set[str]] = {}
    for name, (text, package) in files.items():
        here = name.split(".")
        targets: set[str | None] = set()
        for node in _import_nodes(ast.parse(text)):
            if isinstance(node, ast.Import):
                targets |= {resolve(a.name) for a in node.names}
                continue
            if node.level:  # relative: from the package this module is in
                mod = ".".join(here[: len(here) - node.level + (1 if package else 0)] + [node.module or ""]).strip(".")
            else:
                mod = node.module or ""
            targets |= {f"{mod}.{a.name}" if f"{mod}.{a.name}" in files else resolve(mod) for a in node.names}
        own = _packages(name) | ({name} if package else set())
        found = {t for t in targets if t}
        out[name] = {m for t in found for m in {t} | _packages(t) if m in files and m not in own}
    return out


def cycles(edges: dict[str, set[str]]) -> list[str]:
    """Each strongly connected set of more than one module, as one cycle through it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [" -> ".join(_round(group, edges)) + f"  ({len(group)} modules: {', '.join(group)})" for group in found]


def _round(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest way from the group's first module back to itself, through the group."""
    start, inside = group[0], set(group)
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(edges[v] & inside):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                todo.append(w)
    return group


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_the_check_finds_a_cycle() -> None:
    """The checker itself: a cycle closed by an import inside a function is found and named; a
    package importing its own modules, or a type-only import, is none."""
    probe = {"domain.probe": ("def f():\n    from domain import probe_b\n", False),
             "domain.probe_b": ("import domain.probe\n", False)}
    assert cycles(graph(probe)) == [
        "domain.probe -> domain.probe_b -> domain.probe  (2 modules: domain.probe, domain.probe_b)"]
    typed = {"domain.probe": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from domain import probe_b\n", False),
             "domain.probe_b": ("import domain.probe\n", False)}
    assert cycles(graph(typed)) == []
    package = {"domain.kit": ("from domain.kit import part\n", True),
               "domain.kit.part": ("from domain.kit.other import x\nfrom domain.kit import other\n", False),
               "domain.kit.other": ("x = 1\n", False)}
    assert cycles(graph(package)) == []
    # importing a package's module from outside runs the package's __init__ first, and the
    # modules that one imports: a cycle no import names outright ('kit' imports 'part' imports 'probe')
    outside = {**package, "domain.kit.part": ("from domain import probe\n", False),
               "domain.probe": ("from domain.kit.other import x\n", False)}
    assert cycles(graph(outside)) == [
        "domain.kit -> domain.kit.part -> domain.probe -> domain.kit  (3 modules: domain.kit, domain.kit.part, domain.probe)"]
