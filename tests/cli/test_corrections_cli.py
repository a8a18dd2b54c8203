"""`fretadoc check --correct`: a packet whose policy names another vehicle fails Art. 4º XI; the
clerk's corrections of the policy's plate, chassi and RENAVAM (to what the CRLV says) make the
policy items `ok` and the verdict follows; the same corrections as the carrier's leave them
`review`. The result records each correction, and the read values stay as read."""

from __future__ import annotations

import json
from functools import cache

import jsonschema
import pytest

from tests.cli.test_cli import ROOT, assert_one_line_usage_error, fretadoc

PACKET = ROOT / "samples" / "packets" / "rs-metroplan-escolar" / "apolice-outra-placa" / "digital"
BASE = ("check", "--json", "--rulebook", "rs-metroplan-escolar", "--reference-date", "2026-03-02", str(PACKET))
POLICY_ITEMS = ("art4-xi", "art4-xi-a", "art4-xi-b", "art4-xi-c")


@cache
def _check(*extra: str) -> dict:
    proc = fretadoc(*BASE, *extra)
    assert proc.stdout, proc.stderr
    return json.loads(proc.stdout)


def _of(result: dict, doc_type: str) -> dict:
    return next(d for d in result["documents"] if d["type"] == doc_type)


@cache
def _to_the_crlv() -> tuple[str, ...]:
    plain = _check()
    crlv, policy = _of(plain, "crlv"), _of(plain, "apolice_seguro")
    return tuple(f"--correct={policy['id']}.{f}={crlv['fields'][f]['value']}" for f in ("placa", "chassi", "renavam"))


def _statuses(result: dict) -> dict[str, str]:
    return {i["id"]: i["status"] for i in result["checklist"] if i["id"] in POLICY_ITEMS}


def test_without_corrections_the_policy_of_another_vehicle_fails():
    plain = _check()
    assert plain["verdict"] == "fail" and _statuses(plain)["art4-xi"] == "fail"
    assert "corrections" not in plain


def test_the_clerks_corrections_make_the_policy_items_ok(result_schema):
    corrected = _check(*_to_the_crlv())
    jsonschema.validate(corrected, result_schema)
    assert _statuses(corrected) == dict.fromkeys(POLICY_ITEMS, "ok")
    assert corrected["verdict"] == "ok"
    policy = _of(corrected, "apolice_seguro")
    assert [(c["document"], c["field"], c["by"]) for c in corrected["corrections"]] == [
        (policy["id"], f, "clerk") for f in ("placa", "chassi", "renavam")]
    assert all(c["read_value"] != c["value"] for c in corrected["corrections"])
    item = next(i for i in corrected["checklist"] if i["id"] == "art4-xi")
    assert any(f["code"] == "correcao.aplicada" and f["field"] == "placa" for f in item["findings"])


def test_the_carriers_same_corrections_leave_them_review():
    declared = _check(*_to_the_crlv(), "--correct-as", "carrier")
    assert _statuses(declared) == dict.fromkeys(POLICY_ITEMS, "review")
    assert declared["verdict"] == "review"
    item = next(i for i in declared["checklist"] if i["id"] == "art4-xi")
    assert any(f["code"] == "correcao.declarada" for f in item["findings"])


@pytest.mark.parametrize("correction, words", [
    ("d2", ["DOC.CAMPO=VALOR"]),
    ("d99.placa=IDA1B31", ["d99"]),
    ("d2.placa=XX", ["placa"]),
])
def test_a_bad_correction_is_one_line_of_usage_error(correction, words):
    assert_one_line_usage_error(fretadoc(*BASE, "--correct", correction), *words)


def _pdf_text(path) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def test_the_parecer_prints_verdict_items_findings_corrections_and_evidence(tmp_path):
    """`--pdf`: the parecer renders; its text read back has the verdict, every item id, a
    finding, the correction; the evidence section holds page crops (images)."""
    import pypdfium2 as pdfium

    target = tmp_path / "parecer.pdf"
    proc = fretadoc(*BASE, *_to_the_crlv()[:1], "--correct-as", "carrier", "--pdf", str(target))
    result = json.loads(proc.stdout)
    assert result["verdict"] == "fail"
    pages = _pdf_text(target)
    text = "\n".join(pages)
    assert "Parecer de pré-análise documental" in pages[0]
    assert "Resultado: REPROVADO" in pages[0]
    assert "TRANSPORTES" in pages[0] and "02/03/2026" in pages[0]
    flat_all = " ".join(text.split())
    for item in result["checklist"]:  # each item by its article, its id left to the JSON
        assert " ".join(item["article"].split()) in flat_all, item["article"]
        assert item["id"] not in text, item["id"]
    failing = next(i for i in result["checklist"] if i["status"] == "fail")
    assert " ".join(failing["findings"][0]["message"].split()[:6]) in " ".join(text.split())  # noqa: E501
    flat = " ".join(text.split())
    assert "Correções" in text and "transportador (declaração)" in flat
    assert "Evidências dos itens com falha ou em revisão" in text
    doc = pdfium.PdfDocument(str(target))
    images = sum(1 for i in range(len(doc)) for o in doc[i].get_objects() if o.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE)
    assert images >= 3  # crops of the evidence of the fail and review items
    picture = doc[0].render(scale=1).to_pil()  # the first page renders
    assert picture.width > 500 and picture.getextrema() != ((255, 255), (255, 255), (255, 255))
    doc.close()
