"""The lint: every rulebook and parameter table is cited, uses only registered checks with
parameters they accept, reads only fields the document types carry, and gives item ids the
contract's way."""

import re
from pathlib import Path

import pytest
import yaml

from domain import doctypes
from validators import params, rulebooks
from domain.documents import DOC_TYPES
from validators.checks import CHECKS, CONDITIONS, bad_params, unknown_names
from validators.params import Parameter
from validators.rulebooks import ID_PATTERN, RulebookError, id_from_article

ROOT = Path(__file__).resolve().parents[2]
# The acts as vendored in the repo (kept identical to shared/regulations by
# tests/test_contract_copy.py), else shared/ beside the checkout.
REGULATIONS = next(p for p in (ROOT / "docs" / "regulations", ROOT.parent / "shared" / "regulations") if p.is_dir())
BOOKS = [rulebooks.load_file(p) for p in rulebooks.files()]


def test_there_is_a_rulebook():
    assert "rs-metroplan-escolar" in {rb.id for rb in BOOKS}


@pytest.mark.parametrize("rb", BOOKS, ids=lambda rb: rb.id)
def test_rulebook_is_cited(rb):
    assert rb.title.strip() and rb.jurisdiction.strip() and rb.norm.strip()
    assert (REGULATIONS / rb.source).is_file(), f"{rb.source} not in shared/regulations"
    text = (REGULATIONS / rb.source).read_text(encoding="utf-8")
    for i in rb.items:
        n = re.match(r"Art\. (\d+)", i.article).group(1)
        assert re.search(rf"Art\. ?{n}(º|°|\.| )", text), f"{i.id}: Art. {n} not in {rb.source}"
        assert i.requirement.strip(), i.id


@pytest.mark.parametrize("rb", BOOKS, ids=lambda rb: rb.id)
def test_item_ids_follow_the_contract(rb):
    for i in rb.items:
        assert ID_PATTERN.match(i.id), i.id
        assert i.id == id_from_article(i.article), f"{i.id} does not match its citation {i.article!r}"
    numbers = [int(re.match(r"art(\d+)", i.id).group(1)) for i in rb.items]
    assert numbers == sorted(numbers), "items must follow the order of the act"


@pytest.mark.parametrize("rb", BOOKS, ids=lambda rb: rb.id)
def test_checks_are_registered_and_take_their_parameters(rb):
    assert unknown_names(rb) == []
    assert bad_params(rb) == []
    for i in rb.items:
        assert i.checks, f"{i.id} has no check"
        assert all(isinstance(m, str) and m.strip() for m in i.manual_checks)


@pytest.mark.parametrize("rb", BOOKS, ids=lambda rb: rb.id)
def test_parameters_facts_and_fields_exist(rb):
    for i in rb.items:
        for c in i.checks:
            if "parameter" in c.params:
                rb.parameter(c.params["parameter"])  # raises when unknown
            if "field" in c.params:
                types = [c.params["type"]] if "type" in c.params else i.documents
                assert any(c.params["field"] in doctypes.fields(t) for t in types), \
                    f"{i.id}: {c.name} reads {c.params['field']!r}, which {types} do not carry"
            if "type" in c.params:
                assert c.params["type"] in DOC_TYPES, f"{i.id}: unknown document type {c.params['type']}"
        for cond in i.applies_if:
            if cond.name == "fact":
                assert cond.params["name"] in rb.facts, f"{i.id}: fact {cond.params['name']} not declared"


def test_every_check_and_condition_is_documented():
    for reg in [*CHECKS.values(), *CONDITIONS.values()]:
        assert (reg.fn.__doc__ or "").strip(), f"{reg.name} has no docstring"


@pytest.mark.parametrize("path", params.table_files(), ids=lambda p: p.name)
def test_parameter_tables_are_cited_and_decimal_safe(path):
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    table = params.get(raw["id"])
    assert table.values, f"{path.name} has no value"
    for v, raw_v in zip(table.values, raw["values"]):
        assert v.source.strip() and v.last_verified
        assert isinstance(raw_v["value"], str), "values are written as text to stay exact"


def test_upf_table_matches_documents_md():
    upf = {v.valid_from.year: str(v.value) for v in params.get("upf_rs").values}
    assert upf == {2016: "17.1441", 2020: "20.2994", 2021: "21.1581", 2023: "24.7419", 2024: "25.9097",
                   2025: "27.1300", 2026: "28.3264"}
    sources = {v.valid_from.year: v.source for v in params.get("upf_rs").values}
    assert sources[2021] == "IN RE 102/2020" and sources[2024] == "IN RE 098/2023"


# --- the lint refuses ---------------------------------------------------------------------

MINIMAL = {
    "id": "teste", "title": "Teste", "jurisdiction": "XX", "norm": "Norma de teste", "source": "001_9d1e57fbe89bc473.txt",
    "items": [{"id": "art7-i-a", "article": "Art. 7º, I, a", "requirement": "Contrato social",
               "documents": ["contrato_social"], "checks": [{"carrier_document": {"type": "contrato_social"}}]}],
}


def write(tmp_path, data) -> Path:
    p = tmp_path / "rb.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return p


def test_minimal_rulebook_loads(tmp_path):
    assert rulebooks.load_file(write(tmp_path, MINIMAL)).items[0].id == "art7-i-a"


@pytest.mark.parametrize("change", [
    lambda d: d.pop("norm"),
    lambda d: d.pop("source"),
    lambda d: d["items"][0].update(id="Art7-I-a"),
    lambda d: d["items"][0].update(id="art7_i_a"),
    lambda d: d["items"][0].update(checks=[{"no_such_check": {}}]),
    lambda d: d["items"][0].update(applies_if={"no_such_condition": {}}),
    lambda d: d["items"][0].update(documents=["passaporte"]),
    lambda d: d["items"].append(dict(d["items"][0])),
    lambda d: d.update(parameters=[{"id": "x", "title": "X", "unit": "BRL", "values": [
        {"valid_from": "2025-01-01", "value": "1.0", "source": "", "last_verified": "2026-01-01"}]}]),
    lambda d: d.update(parameters=[{"id": "x", "title": "X", "unit": "BRL", "values": [
        {"valid_from": "2025-01-01", "value": 1.1, "source": "Lei X", "last_verified": "2026-01-01"}]}]),
    lambda d: d.update(parameters=[{"id": "x", "title": "X", "unit": "BRL", "values": []}]),
    lambda d: d.update(parameters=[{"id": "x", "title": "X", "unit": "BRL", "values": [
        {"valid_from": "2025-01-01", "value": "1", "source": "Lei X", "last_verified": "2026-01-01"},
        {"valid_from": "2025-06-01", "value": "2", "source": "Lei Y", "last_verified": "2026-01-01"}]}]),
])
def test_lint_refuses(tmp_path, change):
    data = yaml.safe_load(yaml.safe_dump(MINIMAL))
    change(data)
    with pytest.raises(RulebookError):
        rulebooks.load_file(write(tmp_path, data))


def test_bad_check_parameters_are_reported(tmp_path):
    data = yaml.safe_load(yaml.safe_dump(MINIMAL))
    data["items"][0]["checks"] = [{"carrier_document": {"tipo": "contrato_social"}}]
    rb = rulebooks.load_file(write(tmp_path, data))
    assert bad_params(rb) and "carrier_document" in bad_params(rb)[0]


def test_parameter_without_value_needs_a_note():
    p = Parameter.model_validate({"id": "x", "title": "X", "unit": "BRL", "note": "inciso III não publicado"})
    assert p.values == []


@pytest.mark.parametrize("article,item_id", [
    ("Art. 4º, XII", "art4-xii"), ("Art. 4º, XI, a", "art4-xi-a"), ("Art. 2º, VIII, parágrafo único", "art2-viii-pu"),
    ("Art. 2º, II, § 4º", "art2-ii-p4"), ("Art. 18", "art18"), ("Art. 5º, parágrafo único, item 1", "art5-pu-n1"),
    ("Art. 10, § 2º, item 3", "art10-p2-n3"), ("Art. 12, § 1º", "art12-p1"),
])
def test_id_from_article(article, item_id):
    assert id_from_article(article) == item_id


@pytest.mark.parametrize("call", [
    {"insurance_minimum": {"field": "ap_por_passageiro", "units": "duas mil e quinhentas", "parameter": "upf_rs"}},
    {"value_minimum": {"type": "contrato_social", "field": "capital_integralizado", "units": "3.000", "parameter": "ufesp"}},
], ids=["insurance_minimum", "value_minimum"])
def test_units_that_are_no_number_are_refused_when_the_rulebook_loads(tmp_path, call):
    """A check multiplies `units` by a dated unit's value: a word, or a text ('3.000' would read
    3), refuses the rulebook with a message in Portuguese before any packet is judged."""
    data = yaml.safe_load(yaml.safe_dump(MINIMAL))
    data["items"][0]["checks"] = [call]
    with pytest.raises(RulebookError, match="'units' deve ser um número"):
        rulebooks.load_file(write(tmp_path, data))
    (params,) = call.values()
    params["units"] = 3000
    assert rulebooks.load_file(write(tmp_path, data)).items[0].checks[0].params["units"] == 3000
