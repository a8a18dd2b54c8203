"""Each identifier's rules live in domain/ids/ only: its shape, its check digits, the OCR
confusions it undoes. The rest of the source uses them from there; a regex spelling a plate's,
a CPF's, a CNPJ's, a RENAVAM's, a CNH number's or a VIN's shape anywhere else is a second copy
that drifts from the first."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ("domain", "ocr", "validators", "intake", "report", "service", "api", "cli", "samples", "scripts")
# ocr/ imports nothing of the project (tests/test_layers.py): its re-read puts a masked CPF or CNPJ
# whose check digits fail to a vote, knowing the two masks itself
ALLOWED = {"ocr/reread.py"}
# pieces of regexes no other value's pattern holds
SHAPES = (
    r"[A-Z]{3}[0-9]", r"[A-Z]{3}\d",  # a plate: three letters, a digit
    r"\d{3}\.\d{3}\.\d{3}", r"\d{3}\s?[.,]",  # a CPF's or a CNPJ's dotted groups
    r"/\d{4}-\d{2}", r"/\s?[\dA-Z]{4}",  # a CNPJ's branch and check digits
    r"{12}[0-9]{2}", r"{12}\d{2}", r"\d{14}",  # a CNPJ unmasked
    r"\d{11}",  # a CPF unmasked
    r"\d{9,11}",  # a RENAVAM, a CNH number
    r"{17}",  # a VIN
)


def _shapes_in(path: Path, source: str | None = None) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    return [f"{path.relative_to(ROOT)}:{node.lineno} {shape}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            for shape in SHAPES if shape in node.value]


def test_identifier_shapes_are_spelled_in_domain_ids_only() -> None:
    ids = ROOT / "domain" / "ids"
    files = [p for d in SOURCE for p in sorted((ROOT / d).rglob("*.py"))
             if ids not in p.parents and p.relative_to(ROOT).as_posix() not in ALLOWED]
    assert files
    assert [hit for p in files for hit in _shapes_in(p)] == []


def test_the_check_finds_a_shape() -> None:
    probe = ROOT / "intake" / "probe.py"
    assert _shapes_in(probe, 'import re\nPLATE = re.compile(r"^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$")\n') == \
        ["intake/probe.py:2 [A-Z]{3}[0-9]"]
    assert _shapes_in(probe, 'CPF = r"\\d{3}\\.\\d{3}\\.\\d{3}-\\d{2}"  # \\d{11} in a comment\n') == \
        ["intake/probe.py:1 \\d{3}\\.\\d{3}\\.\\d{3}"]
    assert _shapes_in(probe, 'DATE = r"\\d{2}/\\d{2}/\\d{4}"\n') == []
    assert _shapes_in(ROOT / "domain" / "ids" / "placa.py")  # where the shapes are spelled
