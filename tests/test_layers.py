"""Dependencies point one way, and the folders show the layers:

    domain/      the contract's data model (documents, result, document types, identifiers)
    ocr/         bytes -> pages of words
    validators/  typed documents -> checklist             (domain)
    intake/      the reading pipeline                    (ocr, domain, validators)
    report/      the parecer, drawn from a result         (domain)
    service/     packets, database, storage, tasks       (intake, ocr, domain, validators)
    api/, cli/   the two faces                           (anything below them, not each other)

Checked on the source's imports (ast), so a violation fails here before it becomes a cycle
somewhere else."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("domain", "ocr", "validators", "intake", "report", "service", "api", "cli")
SERVICE = ("service",)  # the service half: database, storage, tasks, tenants, callbacks, settings
READING = ("intake",)  # the reading pipeline: packet, classify, layout, parsers, normalise, read cache


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, source: str | None = None) -> set[str]:
    """What the file imports (its text, or `source` read as if it were that file)."""
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
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


def _reaching(files: list[Path], forbidden: tuple[str, ...], source: str | None = None) -> list[str]:
    return [f"{p.relative_to(ROOT)} imports {m}" for p in files for m in sorted(_imports(p, source))
            if any(m == f or m.startswith(f + ".") for f in forbidden)]


def _others(*packages: str) -> tuple[str, ...]:
    return tuple(p for p in PACKAGES if p not in packages)


DOMAIN = ("domain/ (the contract's data model) imports no other package of the project",
          ("domain",), _others("domain"))
LAYERS = [
    DOMAIN,
    ("ocr/ (bytes to words) imports nothing of the project", ("ocr",), _others("ocr")),
    ("validators/ (judging typed documents) knows no OCR, reading, service, HTTP, CLI or parecer",
     ("validators",), ("ocr", "intake", "service", "api", "cli", "report")),
    ("the reading pipeline (intake/) never reaches into the service, HTTP, CLI or parecer",
     READING, SERVICE + ("api", "cli", "report")),
    ("report/ (the parecer) draws a result: no OCR, reading, service, HTTP or CLI",
     ("report",), ("ocr", "intake", "service", "api", "cli")),
    ("service/ is driven by the faces, never drives them: no HTTP, no CLI", SERVICE, ("api", "cli")),
    ("api/ and cli/ are two faces: neither imports the other", ("api",), ("cli",)),
    ("api/ and cli/ are two faces: neither imports the other", ("cli",), ("api",)),
    ("files are opened in ocr/ only: no other package opens a PDF itself",
     _others("ocr"), ("pypdfium2", "pypdf", "ocr.pdf")),
    ("only api/ speaks HTTP: no other package imports a web framework",
     _others("api"), ("fastapi", "starlette")),
]


@pytest.mark.parametrize("layer, packages, forbidden", LAYERS)
def test_dependencies_point_one_way(layer: str, packages: tuple[str, ...], forbidden: tuple[str, ...]) -> None:
    files = _files(*packages)
    assert files, packages
    assert _reaching(files, forbidden) == [], layer


def test_the_folders_are_the_layers() -> None:
    """Every package of the project has its place in the table above."""
    found = {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()} - {"tests", "samples"}
    assert found == set(PACKAGES)


def test_the_check_finds_a_violation() -> None:
    """The checker itself: a file importing a forbidden package is reported."""
    probe = ROOT / "ocr" / "__init__.py"
    assert _reaching([probe], ("ocr",))  # ocr/__init__ imports its own modules: found
    assert _reaching([probe], ("validators",)) == []
    # a domain module that imported the judging package, the service or the reading pipeline
    # (at the top, inside a function, by `import`) would fail the domain rule
    forbidden = DOMAIN[2]
    fake = ROOT / "domain" / "probe.py"
    assert _reaching([fake], forbidden, "from validators.engine import result\n") == \
        ["domain/probe.py imports validators.engine", "domain/probe.py imports validators.engine.result"]
    assert _reaching([fake], forbidden, "def f():\n    from service import db\n")
    assert _reaching([fake], forbidden, "import intake.pipeline\n") == ["domain/probe.py imports intake.pipeline"]
    assert _reaching([fake], forbidden, "from . import documents\nfrom .ids import cpf\n") == []


def _http_statuses(path: Path) -> list[str]:
    """Where a file raises or builds an HTTP status: an error or exception called with a number
    from 100 to 599, a `status`/`status_code` keyword of such a number, http.HTTPStatus."""
    def status(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and type(node.value) is int and 100 <= node.value <= 599

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if (name.endswith(("Error", "Exception", "Problem")) and any(status(a) for a in node.args)) or \
                    any(k.arg in ("status", "status_code") and status(k.value) for k in node.keywords):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
        elif isinstance(node, (ast.Name, ast.Attribute)) and \
                (node.id if isinstance(node, ast.Name) else node.attr) == "HTTPStatus":
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} HTTPStatus")
    return found


def test_only_the_api_raises_or_builds_an_http_status() -> None:
    """The service raises domain refusals (service/errors.py: NotFound, Conflict, Forbidden,
    Invalid); api/errors.py alone maps them to HTTP statuses."""
    files = _files(*_others("api"))
    assert [where for p in files for where in _http_statuses(p)] == []
    assert _http_statuses(ROOT / "api" / "uploads.py")  # the checker sees the API's own statuses


def test_the_refusal_kinds_map_to_their_statuses() -> None:
    from api.errors import Problem, http_status
    from service.errors import Conflict, Forbidden, Invalid, NotFound

    assert [http_status(k("c", "t", "d")) for k in (NotFound, Conflict, Forbidden, Invalid)] == [404, 409, 403, 422]
    assert http_status(Problem("c", 413, "t", "d")) == 413


def test_tests_are_a_package_without_path_edits() -> None:
    """Tests import what they share from helpers modules by their package name: no test edits
    sys.path, none imports from a conftest (conftests hold fixtures only)."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("insert", "append") and \
                    isinstance(node.value, ast.Attribute) and node.value.attr == "path" and \
                    isinstance(node.value.value, ast.Name) and node.value.value.id == "sys":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} sys.path.{node.attr}")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "conftest":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} from {node.module} import")
    assert found == []
    assert all((d / "__init__.py").is_file() for d in (ROOT / "tests").iterdir()
               if d.is_dir() and not d.name.startswith((".", "__")) and any(d.glob("*.py")))


def test_one_settings_carries_the_reading_limits() -> None:
    """The service's Settings is a reading Limits (one object, passed down to ocr.read): the
    two never read the same variable apart."""
    import re

    from ocr.limits import Limits
    from service.settings import Settings

    assert issubclass(Settings, Limits)
    own = set(re.findall(r"^    (\w+): ", (ROOT / "service" / "settings.py").read_text(encoding="utf-8"), re.M))
    assert own & set(Limits.model_fields) == set()  # no limit defined twice
    s = Settings(max_pages=7)
    assert s.max_pages == 7 and s.max_file_bytes == Limits().max_file_bytes


def test_no_module_borrows_another_modules_private_names() -> None:
    """What modules share is public: no `from x import _name` across modules (a package's
    underscore modules, parsers/_common.py, are its shared helpers, imported by their public names)."""
    found = []
    for path in _files("ocr", "domain", "validators", "intake", "service", "api", "cli", "report"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level and \
                    node.module.split(".")[0] in ("ocr", "domain", "validators", "intake", "service", "api", "cli", "report"):
                private = [a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
                if private:
                    found.append(f"{path.relative_to(ROOT)}: from {node.module} import {', '.join(private)}")
    assert found == []
