"""The issuer's signature on a PDF, verified as a clerk would need it: the project's own CRLV-e
and CNH-e signed at test time by a "DETRAN-XX" of a PKI made here (tests/signing.py), read
through the real pipeline with that PKI as the trust folder; each status, and the three
forgeries a carrier would try on a CRLV-e's categoria."""

from __future__ import annotations

import hashlib
import logging
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from cryptography import x509

from intake.signatures import anchors
from intake import signatures
from intake.cache import ReadCache, documents_fingerprint
from intake.pipeline import read_file
from tests import signing

ROOT = Path(__file__).resolve().parents[2]
DIGITAL = ROOT / "samples" / "documents" / "digital"
CRLVE = DIGITAL / "crlve-cdt-ipa-pf-micro-particular.pdf"  # categoria PARTICULAR
CNHE = DIGITAL / "cnhe-cdt-sm-motorista1.pdf"


@pytest.fixture(autouse=True)
def _trust_env(test_trust: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRETADOC_TRUST_DIR", str(test_trust))


@pytest.fixture(scope="module")
def signed_crlve(pki: signing.Pki) -> bytes:
    return signing.sign(CRLVE.read_bytes(), pki.leaf)


def _read(data: bytes, name: str = "doc.pdf"):
    docs = read_file(data, name)
    assert len(docs) == 1
    return docs[0]


def test_a_signed_crlve_is_valid_with_its_signer_cnpj_and_signing_time(signed_crlve: bytes) -> None:
    doc = _read(signed_crlve)
    assert doc.type == "crlv" and doc.value("categoria") == "PARTICULAR"
    sig = doc.signature
    assert sig is not None and sig.status == "valid"
    assert sig.signer == "DETRAN-XX" and sig.signer_document == signing.DETRAN_CNPJ
    assert sig.covers == "whole_file" and sig.chain == "ICP-Teste" and sig.revocation_checked is False
    # signed when the fixture ran: after the test PKI was made, before now (however slow the machine)
    signed_at = datetime.fromisoformat(sig.signed_at or "")
    assert (signed_at - signing.NOW).total_seconds() > -60 and signed_at <= datetime.now(timezone.utc)
    out = doc.model_dump(mode="json")["signature"]
    assert out["revocation_checked"] is False and "changes" not in out and "stated" not in out


def test_a_signed_cnhe_is_valid(pki: signing.Pki) -> None:
    doc = _read(signing.sign(CNHE.read_bytes(), pki.leaf))
    assert doc.type == "cnh"
    assert doc.signature is not None and doc.signature.status == "valid" and doc.signature.signer == "DETRAN-XX"


def test_a_word_changed_by_an_editors_save_is_modified_and_the_signed_revision_is_read(signed_crlve: bytes) -> None:
    forged = signing.incremental_edit(signed_crlve, "PARTICULAR", "ALUGUEL")
    assert signatures.has_signature(forged)
    doc = _read(forged)
    sig = doc.signature
    assert sig is not None and sig.status == "modified" and sig.covers == "revision"
    assert doc.value("categoria") == "PARTICULAR"  # what the DETRAN signed, not what the file shows
    assert [(c.field, c.signed, c.shown) for c in sig.changes or []] == [("categoria", "PARTICULAR", "ALUGUEL")]
    assert doc.sha256 == hashlib.sha256(forged).hexdigest()  # the file's own hash (evidence, deletion)


def test_a_rewrite_keeping_the_signature_dictionary_is_invalid(signed_crlve: bytes) -> None:
    forged = signing.rewrite_keeping_signature(signed_crlve, "PARTICULAR", "ALUGUEL")
    doc = _read(forged)
    assert doc.signature is not None and doc.signature.status == "invalid"
    assert doc.value("categoria") == "ALUGUEL"  # read as shown; judging never trusts it (authenticity)


def test_a_signature_removed_is_unsigned_and_the_page_still_states_it_was_signed(signed_crlve: bytes) -> None:
    forged = signing.without_signature(signed_crlve)
    assert not signatures.has_signature(forged)
    sig = _read(forged).signature
    assert sig is not None and sig.status == "unsigned" and sig.stated is True and sig.signer is None


def test_an_expired_certificate_is_valid_at_the_signing_time_it_states(pki: signing.Pki) -> None:
    signed_at = datetime(2024, 8, 13, 10, 0, tzinfo=timezone.utc)
    assert pki.expired_leaf.cert.not_valid_after_utc < signing.NOW
    sig = _read(signing.sign(CRLVE.read_bytes(), pki.expired_leaf, at=signed_at)).signature
    assert sig is not None and sig.status == "valid" and sig.signer == "DETRAN-XX"  # CN 'DETRAN XX'
    assert sig.signed_at == "2024-08-13T10:00:00+00:00"


def test_a_self_signed_detran_is_untrusted(pki: signing.Pki) -> None:
    sig = _read(signing.sign(CRLVE.read_bytes(), pki.self_signed)).signature
    assert sig is not None and sig.status == "untrusted" and sig.chain is None


def test_a_detran_does_not_vouch_for_a_type_it_does_not_issue(pki: signing.Pki) -> None:
    doc = _read(signing.sign((DIGITAL / "contrato-escola.pdf").read_bytes(), pki.leaf))
    assert doc.type == "contrato_fretamento"
    assert doc.signature is not None and doc.signature.status == "untrusted"


def test_the_bundled_anchors_do_not_trust_the_test_pki(signed_crlve: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FRETADOC_TRUST_DIR")
    assert anchors.trust_dir() == anchors.BUNDLED
    sig = _read(signed_crlve).signature
    assert sig is not None and sig.status == "untrusted"


def test_an_unsigned_pdf_states_nothing_when_its_page_does_not_and_an_image_has_no_signature(
        read_cache_dir: str) -> None:
    contrato = _read((DIGITAL / "contrato-escola.pdf").read_bytes())
    assert contrato.signature is not None and contrato.signature.status == "unsigned"
    assert contrato.signature.stated is None
    image = next(p for p in sorted((ROOT / "samples" / "documents" / "scanned").glob("crlve-cdt-*.png")))
    docs = read_file(image.read_bytes(), image.name, cache=ReadCache(read_cache_dir))  # (OCR shared)
    assert all(d.signature is None for d in docs)


def test_reading_and_judging_an_unsigned_pdf_imports_no_pyhanko_and_loads_no_anchor() -> None:
    code = ("import sys; from datetime import date; from intake.signatures import anchors; "
            "from intake.pipeline import read_file; from validators import engine, rulebooks; from pathlib import Path; "
            f"d = read_file(Path({str(CRLVE)!r}).read_bytes(), 'x.pdf')[0]; "
            "assert d.signature.status == 'unsigned', d.signature; "
            "engine.judge_packet([d], rulebooks.load('rs-metroplan-escolar'), date(2026, 3, 2)); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pyhanko', 'pyhanko_certvalidator', 'asn1crypto')), "
            "anchors.load.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] 0"


def test_the_trust_folder_is_part_of_the_read_cache_key(test_trust: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with_test_pki = documents_fingerprint()
    assert ReadCache(tmp_path).docs_root.name == f"docs-{with_test_pki}"
    monkeypatch.delenv("FRETADOC_TRUST_DIR")
    assert documents_fingerprint() != with_test_pki


def test_a_trust_folder_whose_certificate_is_not_the_one_named_is_refused(test_trust: Path, tmp_path: Path) -> None:
    other = tmp_path / "trust"
    other.mkdir()
    (other / "teste").mkdir()
    (other / "anchors.yaml").write_text((test_trust / "anchors.yaml").read_text())
    (other / "teste" / "raiz.pem").write_bytes((test_trust / "teste" / "intermediaria.pem").read_bytes())
    (other / "teste" / "intermediaria.pem").write_bytes((test_trust / "teste" / "intermediaria.pem").read_bytes())
    with pytest.raises(anchors.TrustError, match="raiz.pem"):
        anchors.load(other)


def test_the_bundled_chains_link_and_their_fingerprints_match_the_yaml() -> None:
    trust = anchors.load(anchors.BUNDLED)  # refuses a file whose SHA-256 is not the YAML's
    certs = {a.file: x509.load_der_x509_certificate(a.der) for a in trust.anchors}
    for a in trust.anchors:
        assert a.sha256 == hashlib.sha256(a.der).hexdigest()
    chain = ["icp-brasil/ac-serpro-final-ssl.pem", "icp-brasil/ac-serpro-v4.pem", "icp-brasil/ac-raiz-brasileira-v5.pem"]
    for child, parent in zip(chain, chain[1:]):
        certs[child].verify_directly_issued_by(certs[parent])
    certs["icp-brasil/ac-serpro-final-v5.pem"].verify_directly_issued_by(certs["icp-brasil/ac-serpro-v4.pem"])
    for root in trust.roots:
        certs[root.file].verify_directly_issued_by(certs[root.file])  # self-signed
    # ITI's whole ICP-Brasil set (159 certificates) and the gov.br chain, each named
    assert len(trust.anchors) == 162 and {a.chain for a in trust.anchors} == {"ICP-Brasil", "gov.br"}
    assert sum(a.chain == "gov.br" for a in trust.anchors) == 3
    assert {r.name for r in trust.roots} == {f"Autoridade Certificadora Raiz Brasileira v{v}" for v in (5, 10, 11, 12)} | \
        {"Autoridade Certificadora Raiz do Governo Federal do Brasil v1"}
    assert {r.chain for r in trust.roots if "Governo Federal" in r.name} == {"gov.br"}
    # every AC's issuer is in the bundle under the same chain: a signer's PDF needs only its own certificate
    for a in trust.intermediates:
        issuers = [b for b in trust.anchors if certs[b.file].subject == certs[a.file].issuer and b.chain == a.chain]
        assert issuers, a.name
    assert {"AC Secretaria da Receita Federal do Brasil v4", "Autoridade Certificadora SERPRORFBv5"} <= \
        {a.name for a in trust.anchors}
    assert trust.levels == {"ICP-Brasil": "qualificada", "gov.br": "avançada"}
    detran = trust.signers[0]
    assert [detran.signer(cn) for cn in ("DETRAN RS", "DETRAN-SC", "DETRAN  MG", "DETRANOSAURO")] == \
        ["DETRAN-RS", "DETRAN-SC", "DETRAN-MG", None]
    assert set(detran.types) == {"crlv", "crv", "cnh"}
    # a rule by name is a fallback, said so in the data with its source; the parties' rule reaches both chains
    for rule in trust.signers:
        assert rule.source and (rule.fallback == (not rule.cnpj and not rule.parties))
    assert {r.name for r in trust.signers if r.fallback} == {"DETRAN-\\1", "Carteira Digital de Trânsito"}
    assert "FALLBACK" in detran.source
    parties = next(r for r in trust.signers if r.parties)
    assert set(parties.roots) == {r.file for r in trust.roots} and parties.types == ("contrato_fretamento",)
    assert trust.signers[1].signer("Carteira Digital de Transito") == "Carteira Digital de Trânsito"


def test_fretadoc_read_shows_the_signature_on_the_documents_header(signed_crlve: bytes, test_trust: Path,
                                                                   tmp_path: Path) -> None:
    import os

    forged = tmp_path / "crlve.pdf"
    forged.write_bytes(signing.incremental_edit(signed_crlve, "PARTICULAR", "ALUGUEL"))
    env = {**os.environ, "FRETADOC_TRUST_DIR": str(test_trust), "COLUMNS": "200"}
    out = subprocess.run([sys.executable, "-m", "cli.main", "read", str(forged)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "Warning" not in out.stderr  # (pyHanko's import warns of cryptography's DSA keys)
    header = out.stdout.splitlines()[:2]
    assert "crlve.pdf" in header[0]
    assert "CRLV-e alterado depois de assinado pelo DETRAN-XX em" in header[1]
    assert "categoria assinada PARTICULAR, exibida ALUGUEL" in header[1]


def test_the_evidence_of_a_file_changed_after_signing_is_the_signed_revision(signed_crlve: bytes) -> None:
    import io

    from PIL import Image, ImageChops

    import ocr
    from cli.common import LocalPacket
    from intake.pipeline import SourceFile

    forged = signing.incremental_edit(signed_crlve, "PARTICULAR", "ALUGUEL")
    doc = _read(forged)
    assert doc.signature is not None and doc.signature.signed_bytes == len(signed_crlve)
    drawn = LocalPacket([doc], [SourceFile("crlve.pdf", forged)]).page(doc.id, 1)
    assert drawn is not None
    as_signed, as_shown = (ocr.render_page(b, 1, dpi=110) for b in (signed_crlve, forged))
    assert as_signed != as_shown
    assert ImageChops.difference(drawn.convert("RGB"), Image.open(io.BytesIO(as_signed)).convert("RGB")).getbbox() is None


def test_a_signers_name_never_reaches_the_logs(pki: signing.Pki, caplog: pytest.LogCaptureFixture) -> None:
    """A contract signed with a person's e-CPF (CN 'NAME:CPF'), of no trusted chain: pyHanko's own
    warnings would name the certificate's subject; the logs hold neither name nor CPF."""
    person = signing.issue("MARIA DA SILVA SAURO:52998224725", None, ca=False,
                           not_before=signing.NOW - timedelta(days=1), not_after=signing.NOW + timedelta(days=30))
    with caplog.at_level(logging.DEBUG):
        sig = _read(signing.sign((DIGITAL / "contrato-escola.pdf").read_bytes(), person)).signature
    assert sig is not None and sig.status == "untrusted"
    logged = caplog.text + " ".join(str(r.exc_info) for r in caplog.records)
    assert "SAURO" not in logged and "52998224725" not in logged


def test_the_script_that_adds_a_chain_prints_the_bundled_lines() -> None:
    """README 'Signatures': adding a chain is pasting what scripts/trust_anchors.py prints."""
    yaml_lines = (anchors.BUNDLED / "anchors.yaml").read_text(encoding="utf-8").splitlines()
    for sub, chain, source in (("gov-br", "gov.br", "govbr"), ("icp-brasil", "ICP-Brasil", "iti")):
        out = subprocess.run([sys.executable, "scripts/trust_anchors.py", str(anchors.BUNDLED), sub, "--chain", chain,
                              "--source", source], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120)
        printed = out.stdout.splitlines()
        assert printed and printed == [line for line in yaml_lines if line.startswith(f"  - {{file: {sub}/")]
