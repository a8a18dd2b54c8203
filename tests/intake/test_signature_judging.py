"""What a CRLV-e's signature does to the checklist: the DER/MG sample packet (valid, digital)
with its CRLV replaced by the same bus's CRLV-e, issued and signed by the test PKI's
"DETRAN-XX", then forged as a carrier would forge its categoria (tests/signing.py), read and
judged through the real pipeline."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from domain.result import Item, Result
from intake.pipeline import SourceFile, read_packet
from tests import signing
from validators import rulebooks
from validators.checks import authenticity
from validators.engine import judge_packet

ROOT = Path(__file__).resolve().parents[2]
PACKET = ROOT / "samples" / "packets" / "mg-der-fretamento" / "valid" / "digital"
CRLVE = ROOT / "samples" / "documents" / "digital" / "crlve-cdt-der-onibus.pdf"  # categoria ALUGUEL
CATEGORIA = "art4-ii-a"  # CRLV na categoria aluguel


@pytest.fixture(autouse=True)
def _trust_env(test_trust: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRETADOC_TRUST_DIR", str(test_trust))


def _judge(crlv: bytes, read_cache_dir: str) -> tuple[Result, str]:
    """The packet's result with `crlv` as its CRLV, and that document's id."""
    files = [SourceFile(p.name, p.read_bytes()) for p in sorted(PACKET.iterdir()) if p.name != "crlv-der-onibus.pdf"]
    files.append(SourceFile("crlve.pdf", crlv))
    docs = read_packet(files, cache_dir=read_cache_dir)
    result = judge_packet(docs, rulebooks.load("mg-der-fretamento"), date(2026, 3, 2))
    crlv_id = next(d.id for d in result.documents if d.filename == "crlve.pdf")
    return result, crlv_id


def _on(result: Result, doc_id: str) -> list[Item]:
    return [i for i in result.checklist if doc_id in i.documents]


def _codes(item: Item) -> set[str]:
    return {f.code for f in item.findings}


@pytest.fixture(scope="module")
def unsigned(read_cache_dir: str) -> tuple[Result, str]:
    return _judge(CRLVE.read_bytes(), read_cache_dir)


def test_a_valid_signature_adds_an_info_finding_and_moves_no_status(
        pki: signing.Pki, read_cache_dir: str, unsigned: tuple[Result, str]) -> None:
    result, crlv = _judge(signing.sign(CRLVE.read_bytes(), pki.leaf), read_cache_dir)
    items = _on(result, crlv)
    assert items and {i.id for i in items} >= {CATEGORIA}
    before = {i.id: i.status for i in unsigned[0].checklist}
    assert {i.id: i.status for i in result.checklist} == before
    assert result.verdict == "ok"
    for item in items:
        found = [f for f in item.findings if f.code == "assinatura.valida"]
        assert len(found) == 1 and found[0].severity == "info" and found[0].document == crlv
        assert "CRLV-e" in found[0].message and "autêntico: assinado pelo DETRAN-XX em" in found[0].message
        assert "cadeia ICP-Teste" in found[0].message


def test_a_categoria_changed_after_signing_fails_on_what_was_signed(pki: signing.Pki, read_cache_dir: str) -> None:
    as_issued = signing.incremental_edit(CRLVE.read_bytes(), "ALUGUEL", "PARTICULAR")  # the DETRAN's record
    forged = signing.incremental_edit(signing.sign(as_issued, pki.leaf), "PARTICULAR", "ALUGUEL")
    result, crlv = _judge(forged, read_cache_dir)
    doc = next(d for d in result.documents if d.id == crlv)
    assert doc.signature is not None and doc.signature.status == "modified"
    assert doc.value("categoria") == "PARTICULAR"
    categoria = next(i for i in result.checklist if i.id == CATEGORIA)
    assert categoria.status == "fail"
    error = next(f for f in categoria.findings if f.code == "assinatura.alterada")
    assert error.severity == "error"
    assert "alterado depois de assinado pelo DETRAN-XX em" in error.message
    assert "categoria assinada PARTICULAR, exibida ALUGUEL" in error.message
    assert all(i.status != "ok" for i in _on(result, crlv))
    assert result.verdict == "fail"


def test_a_file_that_is_not_what_was_signed_leaves_no_item_ok(pki: signing.Pki, read_cache_dir: str) -> None:
    as_issued = signing.incremental_edit(CRLVE.read_bytes(), "ALUGUEL", "PARTICULAR")
    forged = signing.rewrite_keeping_signature(signing.sign(as_issued, pki.leaf), "PARTICULAR", "ALUGUEL")
    result, crlv = _judge(forged, read_cache_dir)
    items = _on(result, crlv)
    assert items and all(i.status in ("review", "fail") for i in items)
    assert all("assinatura.invalida" in _codes(i) for i in items)
    assert next(i for i in result.checklist if i.id == CATEGORIA).status == "review"  # reads ALUGUEL, not ok


def test_an_untrusted_signer_leaves_no_item_ok(pki: signing.Pki, read_cache_dir: str) -> None:
    result, crlv = _judge(signing.sign(CRLVE.read_bytes(), pki.self_signed), read_cache_dir)
    items = _on(result, crlv)
    assert items and all(i.status in ("review", "fail") and "assinatura.nao_confiavel" in _codes(i) for i in items)


def test_a_copy_without_the_signature_it_states_is_a_warning_with_statuses_as_read(
        pki: signing.Pki, read_cache_dir: str, unsigned: tuple[Result, str]) -> None:
    result, crlv = _judge(signing.without_signature(signing.sign(CRLVE.read_bytes(), pki.leaf)), read_cache_dir)
    assert {i.id: i.status for i in result.checklist} == {i.id: i.status for i in unsigned[0].checklist}
    for item in _on(result, crlv):
        warning = next(f for f in item.findings if f.code == "assinatura.ausente")
        assert warning.severity == "warning" and "cópia, não o arquivo emitido" in warning.message
        assert any("QR Code" in m for m in item.manual_checks)


def test_scans_and_photos_say_nothing_of_signatures(unsigned: tuple[Result, str]) -> None:
    """A scanned CRLV-e prints 'ASSINADO DIGITALMENTE' too: read by OCR, it is a paper's image,
    never the issued file, and nothing is said (nor of an image, which has no signature)."""
    result, crlv = unsigned
    doc = next(d for d in result.documents if d.id == crlv)
    assert doc.signature is not None and doc.signature.stated is True
    assert authenticity.verdict(doc) is not None
    assert authenticity.verdict(doc.model_copy(update={"text_source": "ocr"})) is None
    assert authenticity.verdict(doc.model_copy(update={"signature": None})) is None


def test_the_parecer_shows_each_signature_on_its_documents_header(pki: signing.Pki, read_cache_dir: str) -> None:
    from datetime import datetime
    from io import BytesIO

    from pypdf import PdfReader

    from report import parecer

    result, crlv = _judge(signing.sign(CRLVE.read_bytes(), pki.leaf), read_cache_dir)
    body = parecer.build(result, lambda doc, page: None, issued_at=datetime(2026, 3, 2, 10, 0))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(BytesIO(body)).pages).split())
    assert "Assinaturas digitais dos documentos" in text
    assert f"{crlv} (crlve.pdf): CRLV-e autêntico: assinado pelo DETRAN-XX em" in text
