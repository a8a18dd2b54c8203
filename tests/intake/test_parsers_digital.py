"""The parsers on the digital samples (text layer): every core field exactly as expected, with
full confidence; the other types' fields never confidently wrong."""

from __future__ import annotations

import pytest

from domain import doctypes
from domain.documents import CONFIDENT
from tests.intake.helpers import accuracy, expected, samples

DIGITAL = samples("digital")


def _doc(reads, exp_path, doc_path):
    exp = expected(exp_path)
    docs = reads[doc_path.name]
    return exp, next((d for d in docs if d.type == exp["type"]), docs[0])


@pytest.mark.parametrize("exp_path, doc_path", [p for p in DIGITAL if doctypes.is_core(expected(p[0])["type"])],
                         ids=lambda p: getattr(p, "name", None))
def test_core_fields_exact(exp_path, doc_path, digital_reads):
    exp, doc = _doc(digital_reads, exp_path, doc_path)
    specs = doctypes.fields(exp["type"])
    wrong = {}
    for name in doctypes.core_fields(exp["type"]):
        if name not in exp["fields"]:
            continue
        want, f = exp["fields"][name], doc.fields.get(name)
        got = f.value if f else None
        if not accuracy.same(specs[name].get("kind", "text"), specs[name], want, got):
            wrong[name] = (want, got)
        elif got is not None:
            # a text layer is read as printed: a value found is a confident value, with evidence
            assert f.confidence >= CONFIDENT, name
            assert f.page is not None and f.bbox is not None and len(f.bbox) == 4, name
    assert wrong == {}


@pytest.mark.parametrize("exp_path, doc_path", [p for p in DIGITAL if not doctypes.is_core(expected(p[0])["type"])
                                                and expected(p[0])["type"] != "unknown"],
                         ids=lambda p: getattr(p, "name", None))
def test_other_fields_never_confidently_wrong(exp_path, doc_path, digital_reads):
    exp, doc = _doc(digital_reads, exp_path, doc_path)
    specs = doctypes.fields(exp["type"])
    bad = {}
    for name, want in exp["fields"].items():
        if name not in specs:
            continue
        f = doc.fields.get(name)
        if f is None or f.value is None:
            continue  # not read: the rules will ask for review
        if f.confidence >= CONFIDENT and not accuracy.same(specs[name].get("kind", "text"), specs[name], want, f.value):
            bad[name] = (want, f.value, f.confidence)
    assert bad == {}


def test_every_field_of_the_type_is_present(digital_reads):
    for exp_path, doc_path in DIGITAL:
        exp, doc = _doc(digital_reads, exp_path, doc_path)
        if exp["type"] == "unknown":
            continue
        assert set(doc.fields) == set(doctypes.fields(exp["type"])), doc_path.name


def test_digital_accuracy_goals(digital_reads):
    pairs = [("digital", e, d) for e, d in DIGITAL]
    reads = [[x.model_dump(mode="json") for x in digital_reads[d.name]] for _, _, d in pairs]
    report = accuracy.evaluate(pairs, reads)["renderings"]["digital"]
    assert report["type_accuracy"] == 1.0
    assert report["core_field_accuracy"] >= 0.99


@pytest.mark.parametrize("exp_path, doc_path", [p for p in DIGITAL if expected(p[0])["type"] == "lista_passageiros"],
                         ids=lambda p: getattr(p, "name", None))
def test_passenger_lists_say_how_sure_each_row_is(exp_path, doc_path, digital_reads):
    """One row read per passenger, in order; the field's confidence is its least sure part."""
    _, doc = _doc(digital_reads, exp_path, doc_path)
    f = doc.fields["passageiros"]
    assert f.rows is not None and len(f.rows) == len(f.value)
    assert f.confidence == min(min(r.confidence, r.document_confidence) for r in f.rows)
    assert "rows" in f.model_dump() and "rows" not in doc.fields["total_passageiros"].model_dump()
