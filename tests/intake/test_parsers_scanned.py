"""The parsers on the scanned samples (real Tesseract, each file OCR'd once per session):
the accuracy goals, no confidently wrong core value, and the smudged fields left null or
below CONFIDENT."""

from __future__ import annotations

import pytest

from domain import doctypes
from domain.documents import CONFIDENT
from tests.intake.helpers import accuracy, expected, samples

pytestmark = pytest.mark.ocr

SCANNED = samples("scanned")


def _report(scanned_reads):
    pairs = [("scanned", e, d) for e, d in SCANNED]
    reads = [[x.model_dump(mode="json") for x in scanned_reads[d.name]] for _, _, d in pairs]
    return accuracy.evaluate(pairs, reads)


def test_scanned_accuracy_goals(scanned_reads):
    r = _report(scanned_reads)["renderings"]["scanned"]
    assert r["type_accuracy"] == 1.0
    assert r["core_field_accuracy"] >= 0.95


def test_no_confidently_wrong_core_value(scanned_reads):
    """Identifiers, dates, amounts, counts and names: what the rules compare. Free text
    (itinerary, times, boarding places) is only checked for presence, and an OCR'd paragraph
    is seldom exact to the character."""
    bad = []
    for m in _report(scanned_reads)["misses"]:
        kind = doctypes.fields(m["type"]).get(m["field"], {}).get("kind") if m.get("type") else None
        if m.get("core") and kind != "text" and m["got"] is not None and m["confidence"] >= CONFIDENT:
            bad.append((m["file"], m["field"], m["expected"], m["got"], m["confidence"]))
    assert bad == []


@pytest.mark.parametrize("exp_path, doc_path", [p for p in SCANNED if expected(p[0]).get("unreadable")],
                         ids=lambda p: getattr(p, "name", None))
def test_smudged_field_is_null_or_unsure(exp_path, doc_path, scanned_reads):
    exp = expected(exp_path)
    doc = next((d for d in scanned_reads[doc_path.name] if d.type == exp["type"]), None)
    assert doc is not None, "the smudged document must still be recognised"
    for name in exp["unreadable"]:
        f = doc.fields.get(name)
        assert f is None or f.value is None or f.confidence < CONFIDENT, (name, f)
    # the rest of the document is still read
    core = doctypes.core_fields(exp["type"])
    read = [n for n in core if n not in exp["unreadable"] and doc.fields.get(n) and doc.fields[n].value is not None]
    assert len(read) >= len(core) // 2


def test_ocr_confidence_comes_from_the_words(scanned_reads):
    """A value read from OCR'd words never claims a text layer's certainty (a decoded QR code
    or a derived flag may)."""
    read_kinds = {"text", "name", "doc", "placa", "chassi", "renavam", "date", "money", "integer"}
    confs = [f.confidence for docs in scanned_reads.values() for d in docs if d.text_source == "ocr"
             for name, f in d.fields.items()
             if f.value is not None and doctypes.fields(d.type).get(name, {}).get("kind") in read_kinds]
    assert confs and max(confs) < 1.0
