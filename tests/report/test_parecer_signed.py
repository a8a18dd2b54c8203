"""The parecer as an authority's document, read back from the PDF (pypdf): the header names the
carrier's CNPJ, its plates and contract; every page is numbered; the signatory block carries
name, cargo, matrícula, place and date and a line to sign on; an item the authority decided shows
its warning as resolved (who, when), never as a "Leitura incerta" still open. With a certificate
(an A1 .pfx of a PKI made here), the parecer is signed (PAdES) and pyHanko validates the
signature against that PKI's root."""

from __future__ import annotations

import io
import re
from datetime import date, datetime, timezone
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from domain.result import Decision, Result
from intake.pipeline import number_documents, read_file
from validators import rulebooks
from validators.engine import judge_packet
from report import parecer, signing

RULEBOOK = "rs-metroplan-escolar"
VALID = Path(__file__).resolve().parents[2] / "samples" / "packets" / RULEBOOK / "valid-escola" / "digital"
ISSUED = datetime(2026, 3, 4, 15, 30, tzinfo=ZoneInfo("America/Sao_Paulo"))
WHO = parecer.Signatory(name="Marta Regina Souza", cargo="Analista de Transportes", matricula="40.123-7",
                        authority="METROPLAN", place="Porto Alegre")


@cache
def _result() -> Result:
    """The sample packet with the fee receipt's plate read unsure (a scan's smudge), the item
    that rests on it decided by the authority."""
    docs = number_documents([read_file(f.read_bytes(), f.name) for f in sorted(VALID.glob("*.pdf"))])
    taxa = next(d for d in docs if d.filename == "taxa-autorizacao-onibus1.pdf")
    taxa.fields["placa"] = taxa.fields["placa"].model_copy(update={"confidence": 0.3})
    first = judge_packet(docs, rulebooks.load(RULEBOOK), date(2026, 3, 2))
    unsure = [i.id for i in first.checklist if i.status == "review"]
    assert unsure and any("Leitura incerta" in f.message for i in first.checklist for f in i.findings)
    decisions = [Decision(id=f"k{n}", item=item, status="ok", note="placa conferida no comprovante original",
                          at="2026-03-04T18:00:00Z") for n, item in enumerate(unsure, 1)]
    return judge_packet(docs, rulebooks.load(RULEBOOK), date(2026, 3, 2), decisions=decisions)


def _text(pdf: bytes) -> list[str]:
    from pypdf import PdfReader

    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def test_the_parecer_reads_as_an_authoritys_document():
    result = _result()
    assert result.verdict == "ok"
    pages = _text(parecer.build(result, lambda doc, page: None, issued_at=ISSUED, signatory=WHO))
    text = "\n".join(pages)
    flat = " ".join(text.split())
    # the header: carrier, CNPJ, plate, contract
    crlv = next(d for d in result.documents if d.type == "crlv")
    assert "41.318.410/0001-62" in flat and crlv.fields["placa"].value in flat
    assert re.search(r"Contrato\s+nº \S+", flat), flat[:600]
    # every page numbered, of the whole
    assert len(pages) >= 2
    for n, page in enumerate(pages, 1):
        assert f"Página {n} de {len(pages)}" in page
    # the signatory block, after the place and date
    assert "Porto Alegre, 4 de março de 2026." in flat
    tail = " ".join(pages[-1].split())
    assert re.search(r"_{20,} Marta Regina Souza Analista de Transportes Matrícula 40\.123-7 METROPLAN", tail), tail
    # the decided items: their warnings resolved, by whom and when; no doubt left open, no box to tick
    assert "Leitura incerta" not in flat and "incert" not in flat
    assert ("Resolvido: Placa em Comprovante de recolhimento de taxa (d14) conferido (decisão do servidor do "
            "órgão (METROPLAN) em 04/03/2026 15:00)") in flat
    assert "[ ]" not in flat and "Por: servidor do órgão" not in flat


def test_without_a_signatory_the_parecer_says_it_is_not_yet_signed():
    flat = " ".join("\n".join(_text(parecer.build(_result(), lambda d, p: None, issued_at=ISSUED))).split())
    assert "Parecer sem signatário" in flat and "____" not in flat


@pytest.fixture(scope="module")
def authority_pfx(tmp_path_factory) -> tuple[Path, object]:
    """An A1 certificate of the authority, issued by a test root, in a .pfx with a password."""
    from cryptography.hazmat.primitives.serialization import BestAvailableEncryption, pkcs12

    from tests.signing import NOW, issue

    root = issue("AC Raiz de Teste", None, ca=True, not_before=NOW.replace(year=NOW.year - 5),
                 not_after=NOW.replace(year=NOW.year + 5))
    leaf = issue("METROPLAN Orgao de Teste", root, ca=False, not_before=NOW.replace(year=NOW.year - 1),
                 not_after=NOW.replace(year=NOW.year + 1))
    pfx = tmp_path_factory.mktemp("pki") / "orgao.pfx"
    pfx.write_bytes(pkcs12.serialize_key_and_certificates(
        b"orgao", leaf.key, leaf.cert, [root.cert], BestAvailableEncryption(b"senha-de-teste")))
    return pfx, root


def test_with_a_certificate_the_parecer_is_signed_and_pyhanko_validates_it(authority_pfx):
    from asn1crypto import x509 as asn1_x509
    from cryptography.hazmat.primitives.serialization import Encoding
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.settings import KeyUsageConstraints
    from pyhanko_certvalidator import ValidationContext

    pfx, root = authority_pfx
    body = parecer.build(_result(), lambda d, p: None, issued_at=ISSUED, signatory=WHO)
    signed = signing.sign(body, pfx, "senha-de-teste", reason="Parecer", location="Porto Alegre", name=WHO.name)
    sig = PdfFileReader(io.BytesIO(signed)).embedded_signatures[0]
    assert sig.sig_object["/SubFilter"] == "/ETSI.CAdES.detached"  # PAdES
    context = ValidationContext(trust_roots=[asn1_x509.Certificate.load(root.cert.public_bytes(Encoding.DER))],
                                allow_fetching=False, moment=datetime.now(timezone.utc))
    status = validate_pdf_signature(sig, context, key_usage_settings=KeyUsageConstraints(
        key_usage={"digital_signature"}, match_all_key_usages=False))
    assert status.intact and status.valid and status.trusted, status.pretty_print_details()
    assert status.coverage.name == "ENTIRE_FILE"
    # a wrong password is an operator's message, not a traceback
    with pytest.raises(signing.SigningError, match="senha"):
        signing.sign(body, pfx, "outra", reason="Parecer")


def test_a_chassis_corrected_prints_whole():
    from domain.result import Correction

    docs = number_documents([read_file(f.read_bytes(), f.name) for f in sorted(VALID.glob("*.pdf"))])
    crlv = next(d for d in docs if d.type == "crlv")
    vin = crlv.fields["chassi"].value
    fix = Correction(id="c1", document=crlv.id, field="chassi", value=vin, read_value=vin[:-1] + "X",
                     read_confidence=0.6, by="clerk", at="2026-03-04T18:00:00Z")
    result = judge_packet(docs, rulebooks.load(RULEBOOK), date(2026, 3, 2), corrections=[fix])
    flat = " ".join("\n".join(_text(parecer.build(result, lambda d, p: None, issued_at=ISSUED, signatory=WHO))).split())
    assert vin in flat and vin[:-1] + "X" in flat
