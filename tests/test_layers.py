"""Dependencies point one way: reading calls ocr/, judging (validators/) imports neither, and the
reading pipeline never reaches into the service half of intake/. Checked on the source's imports
(ast), so a violation fails here before it becomes a cycle somewhere else."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# intake/'s service half: the database, storage, tasks, tenants, callbacks, settings, dispatch
SERVICE = ("intake.db", "intake.service", "intake.tasks", "intake.dispatch", "intake.tenants",
           "intake.callbacks", "intake.storage", "intake.settings", "intake.errors")
READING = ("intake.pipeline", "intake.classify", "intake.layout", "intake.normalize", "intake.packet",
           "intake.cache", "intake.parsers", "intake.reading", "intake.vocabulary")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module(path).split(".")
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package this file is in
                base = here[: len(here) - node.level + (1 if path.name == "__init__.py" else 0)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names}
    return out


def _files(*packages: str) -> list[Path]:
    return sorted(p for pkg in packages for p in (ROOT / pkg.replace(".", "/")).rglob("*.py")) + \
        sorted(ROOT / f"{pkg.replace('.', '/')}.py" for pkg in packages if (ROOT / f"{pkg.replace('.', '/')}.py").is_file())


def _reaching(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return [f"{p.relative_to(ROOT)} imports {m}" for p in files for m in sorted(_imports(p))
            if any(m == f or m.startswith(f + ".") for f in forbidden)]


@pytest.mark.parametrize("layer, packages, forbidden", [
    ("ocr/ (bytes to words) knows no reading, judging, service or HTTP",
     ("ocr",), ("intake", "validators", "api", "cli")),
    ("validators/ (judging typed documents) knows no OCR, reading, service or HTTP",
     ("validators",), ("ocr", "intake", "api", "cli")),
    ("the reading pipeline never reaches into the service", READING, SERVICE + ("api", "cli")),
    ("only api/ speaks HTTP: no other package imports a web framework",
     ("ocr", "validators", "intake", "cli"), ("fastapi", "starlette")),
])
def test_dependencies_point_one_way(layer: str, packages: tuple[str, ...], forbidden: tuple[str, ...]) -> None:
    files = _files(*packages)
    assert files, packages
    assert _reaching(files, forbidden) == [], layer


def test_the_check_finds_a_violation() -> None:
    """The checker itself: a file importing a forbidden package is reported."""
    probe = ROOT / "ocr" / "__init__.py"
    assert _reaching([probe], ("ocr",))  # ocr/__init__ imports its own modules: found
    assert _reaching([probe], ("validators",)) == []
