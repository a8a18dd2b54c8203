"""Every expected JSON beside a sample names a contract type and only the fields doctypes.yaml
lists for it, each normalised as its kind says; identifiers pass their check digits except
where the sample says it is deliberately invalid."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest
from validate_docbr import CNPJ, CPF, RENAVAM, Certidao

from domain import doctypes
from domain.documents import DOC_TYPES

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "samples" / "documents"
EXPECTED = sorted(DOCS.glob("*/*.expected.json"))
CORE = {"crlv", "apolice_seguro", "contrato_fretamento", "lista_passageiros"}
TOP_KEYS = {"type", "layout", "fields", "unreadable", "invalid_identifiers", "source", "scan", "photo"}
RENDERINGS = {"digital", "scanned", "photo"}


def _valid_doc(v: str) -> bool:
    return CPF().validate(v) if len(v) == 11 else CNPJ().validate(v)


def _check(kind: str, spec: dict, value, path: str, invalid: set[str], errors: list[str]) -> None:
    if value is None:
        return
    bad = lambda why: errors.append(f"{path}: {why} ({value!r})")  # noqa: E731
    if kind in ("text", "name"):
        if not isinstance(value, str) or value != " ".join(value.split()) or not value:
            bad("texto com espaços não dobrados ou vazio")
    elif kind == "date":
        try:
            date.fromisoformat(value)
        except (TypeError, ValueError):
            bad("data fora de YYYY-MM-DD")
    elif kind == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            bad("não é inteiro")
    elif kind == "money":
        if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
            bad("valor monetário inválido")
    elif kind == "placa":
        if not re.fullmatch(r"[A-Z]{3}[0-9][A-Z0-9][0-9]{2}", value):
            bad("placa fora do padrão")
    elif kind == "renavam":
        if not (re.fullmatch(r"\d{11}", value) and RENAVAM().validate(value)):
            bad("RENAVAM inválido")
    elif kind == "chassi":
        if not re.fullmatch(r"[A-HJ-NPR-Z0-9]{17}", value):
            bad("chassi inválido")
    elif kind == "doc":
        if not re.fullmatch(r"[0-9A-Z]{11}|[0-9A-Z]{14}", value):
            bad("CPF/CNPJ não normalizado")
        elif (path not in invalid) != _valid_doc(value):
            bad("dígito verificador " + ("deveria falhar" if path in invalid else "inválido"))
    elif kind == "bool":
        if not isinstance(value, bool):
            bad("não é booleano")
    elif kind == "enum":
        if value not in spec["values"]:
            bad(f"fora de {spec['values']}")
    elif kind == "list":
        if not (isinstance(value, list) and all(isinstance(x, str) for x in value)):
            bad("não é lista de textos")
    elif kind == "records":
        if not isinstance(value, list):
            bad("não é lista")
            return
        for i, rec in enumerate(value):
            if set(rec) != set(spec["columns"]):
                errors.append(f"{path}[{i}]: colunas {sorted(rec)} != {sorted(spec['columns'])}")
                continue
            for col, cspec in spec["columns"].items():
                if col == "documento" and "documento_tipo" in rec:
                    continue  # a passenger's RG, CPF, matrícula...: checked below by its kind
                _check(cspec["kind"], cspec, rec[col], f"{path}[{i}].{col}", invalid, errors)
            if "documento_tipo" in rec and rec["documento"] is not None:
                p = f"{path}[{i}].documento"
                if not re.fullmatch(r"[0-9A-Z]+", rec["documento"]):
                    errors.append(f"{p}: documento não normalizado")
                ok = {"cpf": CPF().validate, "certidao": Certidao().validate}.get(rec["documento_tipo"])
                if ok and (p not in invalid) != ok(rec["documento"]):
                    errors.append(f"{p}: dígito verificador {'deveria falhar' if p in invalid else 'inválido'}")
    else:
        bad(f"tipo de campo desconhecido {kind}")


def test_there_are_samples():
    assert len(EXPECTED) >= 100
    types = {json.loads(p.read_text(encoding="utf-8"))["type"] for p in EXPECTED}
    assert CORE <= types and "unknown" in types


@pytest.mark.parametrize("path", EXPECTED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_expected_json(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) <= TOP_KEYS, set(data) - TOP_KEYS
    assert path.parent.name in RENDERINGS
    assert ("scan" in data) == (path.parent.name == "scanned")
    assert ("photo" in data) == (path.parent.name == "photo")
    doc_type = data["type"]
    assert doc_type in DOC_TYPES
    assert isinstance(data["layout"], str) and data["layout"]
    fields = data["fields"]
    spec = doctypes.fields(doc_type)
    if doc_type == "unknown":
        assert fields == {}
    else:
        # every field the type lists is present (null when the document does not print it)
        assert set(fields) == set(spec), (set(fields) ^ set(spec))
    invalid = set(data.get("invalid_identifiers", []))
    unreadable = set(data.get("unreadable", []))
    errors: list[str] = []
    for name, value in fields.items():
        _check(spec[name]["kind"], spec[name], value, name, invalid, errors)
    assert not errors, errors
    for name in unreadable:
        assert fields[name] is None
    for p in invalid:
        assert p.split("[")[0].split(".")[0] in fields
    # the file it describes is beside it
    stem = path.name[: -len(".expected.json")]
    beside = [p for p in path.parent.glob(stem + ".*") if p != path and p.stem == stem]
    assert len(beside) == 1, beside
    if path.parent.name == "photo":
        assert "source" in data
    if path.parent.name in ("scanned", "photo") and "source" in data:
        assert (DOCS / data["source"]).is_file()
        src = json.loads((DOCS / data["source"].replace(".pdf", ".expected.json")).read_text(encoding="utf-8"))
        assert src["type"] == doc_type
        assert {k: v for k, v in src["fields"].items() if k not in unreadable} == \
            {k: v for k, v in fields.items() if k not in unreadable}


def test_every_type_has_samples_and_cnh_two_layouts():
    layouts: dict[str, set[str]] = {}
    for p in EXPECTED:
        d = json.loads(p.read_text(encoding="utf-8"))
        layouts.setdefault(d["type"], set()).add(d["layout"])
    assert set(layouts) == set(DOC_TYPES)
    assert len(layouts["cnh"]) >= 2
    tipos = {json.loads(p.read_text(encoding="utf-8"))["fields"].get("tipo_certidao") for p in EXPECTED}
    assert {"federal", "estadual", "municipal", "fgts", "falencia", "trabalhista", "criminal", "eleitoral", "militar",
            "protesto", "execucoes", "cnh_pontuacao", "cadastur", "inscricao_inss"} <= tipos


def test_core_types_have_two_layouts():
    layouts: dict[str, set[str]] = {}
    for p in EXPECTED:
        d = json.loads(p.read_text(encoding="utf-8"))
        layouts.setdefault(d["type"], set()).add(d["layout"])
    for t in CORE:
        assert len(layouts[t]) >= 2, (t, layouts[t])


def test_smudged_sample_marks_its_field():
    smudged = [json.loads(p.read_text(encoding="utf-8")) for p in EXPECTED if "unreadable" in p.read_text(encoding="utf-8")]
    assert smudged and all(d["unreadable"] for d in smudged)
