"""Corrections as a layer over what was read (validators/corrections.py): typed like their field,
a clerk's word confident, a carrier's a declaration that never makes an item `ok` on its own, the
latest of a field standing, each touched item naming the corrections it rests on. The rule here
is a stand-in with the engine's contract (an unsure value gives `review`): the real rulebooks are
exercised through the CLI in tests/cli/test_cli.py."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from domain.documents import CONFIDENT, Document, Field, Finding
from domain.result import Item, Result, RulebookRef, verdict_of
from validators import corrections
from validators.corrections import CorrectionError, typed

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "domain" / "schema" / "result.schema.json").read_text())
AT = "2026-12-05T10:00:00+00:00"


def _docs(placa: str = "IWG0E01", conf: float = 0.62) -> list[Document]:
    return [Document(id="d1", filename="crlv.pdf", sha256="0" * 64, type="crlv", type_confidence=1.0, pages=1,
                     fields={"placa": Field(value=placa, confidence=conf, page=1, bbox=[0.1, 0.1, 0.2, 0.12]),
                             "lotacao": Field(value=44, confidence=1.0)}),
            Document(id="d2", filename="apolice.pdf", sha256="1" * 64, type="apolice_seguro", type_confidence=1.0,
                     pages=1, fields={"placa": Field(value="IWG0E07", confidence=1.0)})]


def _rule(docs: list[Document]) -> list[Item]:
    """art1-x: the policy names the CRLV's vehicle (review when the CRLV's plate is unsure);
    art2-y: lotação over 9 (touches no plate)."""
    crlv, apolice = docs
    placa = crlv.fields["placa"]
    if not placa.confident:
        x = Item(id="art1-x", article="Art. X", requirement="r", status="review", documents=["d1", "d2"],
                 findings=[Finding(code="crlv.placa_incerta", severity="warning", message="m", document="d1",
                                   field="placa", value=placa.value, expected="leitura segura")])
    elif placa.value != apolice.fields["placa"].value:
        x = Item(id="art1-x", article="Art. X", requirement="r", status="fail", documents=["d1", "d2"],
                 findings=[Finding(code="apolice.outro_veiculo", severity="error", message="m", document="d2",
                                   field="placa", value=apolice.fields["placa"].value, expected=placa.value)])
    else:
        x = Item(id="art1-x", article="Art. X", requirement="r", status="ok", documents=["d1", "d2"])
    y = Item(id="art2-y", article="Art. Y", requirement="r", status="ok", documents=["d1"])
    return [x, y]


def _correct(docs, *given, by="clerk"):
    return [corrections.make(docs, number=n, document=d, field=f, value=v, by=by, at=AT)
            for n, (d, f, v) in enumerate(given, 1)]


def test_a_clerks_correction_is_a_confident_value_and_the_item_names_it():
    docs = _docs()
    assert _rule(docs)[0].status == "review"
    judged, items = corrections.judge(_rule, docs, _correct(docs, ("d1", "placa", "iwg-0e07")))
    x, y = items
    assert x.status == "ok" and y.status == "ok"
    assert [(f.code, f.document, f.field, f.value, f.expected) for f in x.findings] == [
        ("correcao.aplicada", "d1", "placa", "IWG0E07", "IWG0E01")]
    assert y.findings == []  # untouched by the plate
    assert judged[0].fields["placa"].value == "IWG0E07" and judged[0].fields["placa"].confidence == 1.0
    assert judged[0].fields["placa"].bbox == [0.1, 0.1, 0.2, 0.12]  # the evidence stays where it was read
    assert docs[0].fields["placa"].value == "IWG0E01"  # the read itself is untouched


def test_a_carriers_correction_is_declared_and_never_approves():
    docs = _docs()
    judged, items = corrections.judge(_rule, docs, _correct(docs, ("d1", "placa", "IWG0E07"), by="carrier"))
    assert items[0].status == "review"
    assert "correcao.declarada" in [f.code for f in items[0].findings]
    assert judged[0].fields["placa"].confidence < CONFIDENT


def test_a_carriers_value_over_a_confident_read_still_cannot_make_ok():
    # read sure but different from the policy: fail; the carrier "corrects" the CRLV to match
    docs = _docs(placa="IWG0E01", conf=0.99)
    assert _rule(docs)[0].status == "fail"
    _, items = corrections.judge(_rule, docs, _correct(docs, ("d1", "placa", "IWG0E07"), by="carrier"))
    assert items[0].status == "review"


def test_a_carrier_confirming_a_sure_read_changes_nothing_but_is_recorded():
    docs = _docs(placa="IWG0E07", conf=0.99)
    _, items = corrections.judge(_rule, docs, _correct(docs, ("d1", "placa", None), by="carrier"))
    assert [i.status for i in items] == ["ok", "ok"]


def test_the_latest_correction_of_a_field_stands():
    docs = _docs()
    given = _correct(docs, ("d1", "placa", "AAA1111"), ("d1", "placa", "IWG0E07"))
    judged, items = corrections.judge(_rule, docs, given)
    assert judged[0].fields["placa"].value == "IWG0E07" and items[0].status == "ok"
    assert [c.id for c in given] == ["c1", "c2"]


@pytest.mark.parametrize("document, field, value, message", [
    ("d9", "placa", "IWG0E07", "não tem o documento d9"),
    ("d1", "apolice", "x", "não tem o campo 'apolice'"),
    ("d1", "placa", "XX", "não é uma placa"),
    ("d1", "lotacao", "quarenta", "não é um número inteiro"),
])
def test_a_correction_that_does_not_fit_is_refused_with_a_reason(document, field, value, message):
    with pytest.raises(CorrectionError, match=message):
        _correct(_docs(), (document, field, value))


@pytest.mark.parametrize("spec, raw, want", [
    ({"kind": "date"}, "31/01/2027", "2027-01-31"),
    ({"kind": "date"}, "2027-01-31", "2027-01-31"),
    ({"kind": "money"}, "1.500.000,00", 1500000.0),
    ({"kind": "integer"}, "44", 44),
    ({"kind": "placa"}, "iwg-0e07", "IWG0E07"),
    ({"kind": "renavam"}, "384691153-67", "38469115367"),
    ({"kind": "doc"}, "41.318.410/0001-62", "41318410000162"),
    ({"kind": "bool"}, "não", False),
    ({"kind": "enum", "values": ["pj", "pf"]}, "pf", "pf"),
    ({"kind": "enum", "values": ["pj", "pf"]}, "Pessoa jurídica", "pj"),  # its label, as the page offers it
    ({"kind": "enum", "values": ["onibus", "microonibus"]}, "micro-ônibus", "microonibus"),
    ({"kind": "name"}, "  JOÃO   DA SILVA ", "JOÃO DA SILVA"),
])
def test_values_are_typed_like_their_field(spec, raw, want):
    assert typed(spec, raw) == want


@pytest.mark.parametrize("spec, raw", [({"kind": "date"}, "31/02/2027"), ({"kind": "enum", "values": ["pj"]}, "x"),
                                       ({"kind": "records"}, "x"), ({"kind": "text"}, "  ")])
def test_values_that_do_not_fit_are_refused(spec, raw):
    with pytest.raises(CorrectionError):
        typed(spec, raw)


def _result(docs, items, given=None) -> Result:
    return Result(packet_id="pkt-1", rulebook=RulebookRef(id="r", title="t", jurisdiction="RS", norm="n"),
                  reference_date="2026-03-02", verdict=verdict_of(items), documents=docs, checklist=items,
                  corrections=given)


def test_the_result_records_corrections_only_when_there_are_some_and_keeps_the_contract():
    docs = _docs()
    plain = _result(docs, _rule(docs)).model_dump(mode="json")
    assert "corrections" not in plain  # a result without corrections is what it always was
    given = _correct(docs, ("d1", "placa", "IWG0E07"))
    judged, items = corrections.judge(_rule, docs, given)
    body = _result(judged, items, given).model_dump(mode="json")
    jsonschema.validate(body, SCHEMA)
    assert body["verdict"] == "ok"
    assert body["corrections"] == [{"id": "c1", "document": "d1", "field": "placa", "value": "IWG0E07",
                                    "read_value": "IWG0E01", "read_confidence": 0.62, "by": "clerk", "at": AT}]
