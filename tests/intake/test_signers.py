"""Who signed a PDF, read from the certificates of a PKI made at test time (tests/signing.py):
the CNPJ of an e-CNPJ and the CPF of an e-CPF (ICP-Brasil's otherNames), a qualified chain and a
gov.br-like advanced one, a contract signed by both its parties, by a stranger, or changed after
signing; a DETRAN known by its CNPJ, and one with its name but another CNPJ; why a signature is
untrusted (the issuer no anchor holds, named; a chain expired at the signing time)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from intake import signatures
from intake.pipeline import read_file
from tests import signing

ROOT = Path(__file__).resolve().parents[2]
DIGITAL = ROOT / "samples" / "documents" / "digital"
CONTRATO = DIGITAL / "contrato-escola.pdf"  # contratante 86.185.081/0001-67, contratada 41.318.410/0001-62
CRLVE = DIGITAL / "crlve-cdt-ipa-pf-micro-particular.pdf"


@pytest.fixture(autouse=True)
def _trust_env(test_trust: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRETADOC_TRUST_DIR", str(test_trust))


def _read(data: bytes):
    docs = read_file(data, "doc.pdf")
    assert len(docs) == 1
    return docs[0]


def both(pki: signing.Pki, contractor: signing.Issued | None = None, carrier: signing.Issued | None = None) -> bytes:
    """The sample contract signed by the contractor, then by the carrier (an incremental update each)."""
    first = signing.sign(CONTRATO.read_bytes(), contractor or pki.contractor, field="AssinaturaContratante")
    return signing.sign(first, carrier or pki.carrier, field="AssinaturaContratada")


def test_the_cnpj_of_an_e_cnpj_and_the_cpf_after_the_birth_date_of_an_e_cpf(pki: signing.Pki) -> None:
    from cryptography.hazmat.primitives import serialization

    der = {k: getattr(pki, k).cert.public_bytes(serialization.Encoding.DER) for k in ("carrier", "person", "citizen")}
    assert signatures.cnpj(der["carrier"]) == signing.CARRIER_CNPJ and signatures.cpf(der["carrier"]) is None
    # otherName 2.16.76.1.3.1: '15031980' (birth date) '52998224725' (CPF) then NIS, RG...
    assert signatures.cpf(der["person"]) == "52998224725" and signatures.cnpj(der["person"]) is None
    assert signatures.cpf(der["citizen"]) == "52998224725"


def test_a_contract_signed_by_both_parties_is_valid_with_each_signer_read(pki: signing.Pki) -> None:
    doc = _read(both(pki))
    assert doc.type == "contrato_fretamento"
    assert doc.value("contratante_documento") == signing.CONTRACTOR_CNPJ
    assert doc.value("contratado_documento") == signing.CARRIER_CNPJ
    sig = doc.signature
    assert sig is not None and sig.status == "valid", sig
    assert sig.covers == "whole_file" and sig.level == "qualificada" and sig.chain == "ICP-Teste"
    assert sig.revocation_checked is False
    assert [(s.status, s.cnpj, s.cpf, s.chain, s.level, s.covers) for s in sig.signers or []] == [
        ("valid", signing.CONTRACTOR_CNPJ, None, "ICP-Teste", "qualificada", "revision"),
        ("valid", signing.CARRIER_CNPJ, None, "ICP-Teste", "qualificada", "whole_file")]
    assert sig.signers is not None and sig.signers[0].name == "ESCOLA TESTE LTDA:86185081000167"
    out = doc.model_dump(mode="json")["signature"]
    assert out["signers"][0].keys() == {"status", "name", "cnpj", "chain", "level", "signed_at", "covers"}


def test_a_gov_br_signature_is_advanced_and_an_e_cpf_is_read_by_its_cpf(pki: signing.Pki) -> None:
    sig = _read(both(pki, contractor=pki.citizen)).signature
    assert sig is not None and sig.status == "valid"
    assert sig.signers is not None
    citizen, carrier = sig.signers
    assert (citizen.chain, citizen.level, citizen.cpf, citizen.cnpj) == ("GovBr-Teste", "avançada", "52998224725", None)
    assert (carrier.chain, carrier.level) == ("ICP-Teste", "qualificada")
    assert sig.level is None and sig.chain == "GovBr-Teste e ICP-Teste"  # two kinds: each signer says its own


def test_a_contract_changed_after_both_signed_is_modified_and_read_as_signed(pki: signing.Pki) -> None:
    signed = both(pki)
    forged = signing.incremental_edit(signed, "86.185.081/0001-67", "11.444.777/0001-61")
    doc = _read(forged)
    sig = doc.signature
    assert sig is not None and sig.status == "modified"
    assert doc.value("contratante_documento") == signing.CONTRACTOR_CNPJ  # what the parties signed
    assert [c.field for c in sig.changes or []] == ["contratante_documento"]
    assert sig.signers is not None and [s.status for s in sig.signers] == ["modified", "modified"]


def test_a_contract_changed_between_the_two_signatures_is_modified_for_the_first_signer(pki: signing.Pki) -> None:
    first = signing.sign(CONTRATO.read_bytes(), pki.contractor, field="AssinaturaContratante")
    changed = signing.incremental_edit(first, "86.185.081/0001-67", "11.444.777/0001-61")
    sig = _read(signing.sign(changed, pki.carrier, field="AssinaturaContratada")).signature
    assert sig is not None and sig.status == "modified"
    assert sig.signers is not None and [s.status for s in sig.signers] == ["modified", "valid"]


def test_a_strangers_signature_is_read_with_its_cnpj(pki: signing.Pki) -> None:
    sig = _read(both(pki, carrier=pki.stranger)).signature
    assert sig is not None and sig.status == "valid"  # intact, of a trusted chain: whether a party is the validators'
    assert sig.signers is not None and sig.signers[1].cnpj == "11444777000161"


def test_a_detran_is_known_by_its_cnpj_and_its_name_with_another_cnpj_is_untrusted(pki: signing.Pki) -> None:
    real = _read(signing.sign(CRLVE.read_bytes(), pki.leaf)).signature
    assert real is not None and real.status == "valid" and real.signer == "DETRAN-XX"
    impostor = _read(signing.sign(CRLVE.read_bytes(), pki.impostor)).signature
    assert impostor is not None and impostor.status == "untrusted"
    assert impostor.reason == "signatario_nao_autorizado" and impostor.signer_document == "11222333000181"
    assert impostor.chain is None and impostor.missing_issuer is None


def test_an_untrusted_signature_names_the_issuer_no_anchor_holds(pki: signing.Pki) -> None:
    doc = _read(signing.sign(CRLVE.read_bytes(), pki.orphan))
    sig = doc.signature
    assert sig is not None and sig.status == "untrusted"
    assert sig.reason == "emissor_ausente" and sig.missing_issuer == "AC Desconhecida de Teste"
    from domain.signatures import headline

    line = headline(doc) or ""
    assert "a autoridade emissora AC Desconhecida de Teste não está entre as cadeias de confiança" in line


def test_a_chain_expired_at_the_signing_time_says_so(pki: signing.Pki) -> None:
    leaf = signing.issue("DETRAN-XX", pki.intermediate, ca=False, not_before=datetime(2024, 1, 1, tzinfo=timezone.utc),
                         not_after=datetime(2024, 6, 30, tzinfo=timezone.utc), cnpj=signing.DETRAN_CNPJ)
    sig = _read(signing.sign(CRLVE.read_bytes(), leaf, at=datetime(2024, 8, 1, tzinfo=timezone.utc))).signature
    assert sig is not None and sig.status == "untrusted"
    assert sig.reason == "cadeia_expirada" and sig.missing_issuer is None


def test_an_e_cpf_on_a_crlve_does_not_vouch_for_it(pki: signing.Pki) -> None:
    sig = _read(signing.sign(CRLVE.read_bytes(), pki.person)).signature
    assert sig is not None and sig.status == "untrusted" and sig.reason == "signatario_nao_autorizado"
    assert sig.signers is not None and sig.signers[0].cpf == "52998224725"


def test_the_bundled_anchors_name_the_missing_issuer_of_a_chain_they_do_not_hold(
        pki: signing.Pki, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the project's own anchors, a certificate of an AC outside them: its issuer named."""
    monkeypatch.delenv("FRETADOC_TRUST_DIR")
    sig = _read(signing.sign(CRLVE.read_bytes(), pki.leaf)).signature
    assert sig is not None and sig.status == "untrusted"
    assert sig.reason == "emissor_ausente" and sig.missing_issuer == "AC Intermediaria de Teste"


def test_a_signing_time_in_the_future_of_the_certificate_is_not_valid(pki: signing.Pki) -> None:
    later = signing.NOW + timedelta(days=400)  # the leaf lives 335 days from now
    sig = _read(signing.sign(CRLVE.read_bytes(), pki.leaf, at=later)).signature
    assert sig is not None and sig.status != "valid"


def test_revocation_data_inside_the_signature_is_used(pki: signing.Pki) -> None:
    """CRLs the signer embedded (none fetched): with them, revocation is checked; a CRL listing
    the signer's certificate makes the signature untrusted, said so; without any, unchecked."""
    pdf = CRLVE.read_bytes()
    plain = _read(signing.sign(pdf, pki.leaf)).signature
    assert plain is not None and plain.status == "valid" and plain.revocation_checked is False
    current = [signing.crl(pki.intermediate), signing.crl(pki.root)]
    good = _read(signing.sign_with_revocation(pdf, pki.leaf, pki, current)).signature
    assert good is not None and good.status == "valid" and good.revocation_checked is True
    revoked = [signing.crl(pki.intermediate, (pki.leaf,)), signing.crl(pki.root)]
    doc = _read(signing.sign_with_revocation(pdf, pki.leaf, pki, revoked))
    assert doc.signature is not None and doc.signature.status == "untrusted"
    assert doc.signature.reason == "certificado_revogado"
    from domain.signatures import headline

    assert "revoga um certificado da cadeia" in (headline(doc) or "")


def test_a_federal_app_cnhe_of_an_ac_outside_the_bundle_names_that_ac(
        pki: signing.Pki, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the 2021 CNH-e of the Carteira Digital de Trânsito: intact, its AC in no bundle held."""
    from domain.signatures import headline

    monkeypatch.delenv("FRETADOC_TRUST_DIR")
    ac = signing.issue("Autoridade Certificadora do SERPRORFB SSL", pki.root, ca=True,
                       not_before=signing.NOW - timedelta(days=900), not_after=signing.NOW + timedelta(days=900))
    app = signing.issue("Carteira Digital de Transito", ac, ca=False, not_before=signing.NOW - timedelta(days=30),
                        not_after=signing.NOW + timedelta(days=300), cnpj="11222333000181")
    doc = _read(signing.sign((DIGITAL / "cnhe-cdt-sm-motorista1.pdf").read_bytes(), app))
    sig = doc.signature
    assert doc.type == "cnh" and sig is not None and sig.status == "untrusted"
    assert sig.signer == "Carteira Digital de Trânsito" and sig.covers == "whole_file"
    assert sig.reason == "emissor_ausente" and sig.missing_issuer == "Autoridade Certificadora do SERPRORFB SSL"
    assert "a autoridade emissora Autoridade Certificadora do SERPRORFB SSL não está entre as cadeias de confiança" \
        in (headline(doc) or "")


def test_a_detran_rule_by_cnpj_takes_the_name_as_a_label_only(pki: signing.Pki) -> None:
    leaf = signing.issue("DEPARTAMENTO ESTADUAL DE TRANSITO", pki.intermediate, ca=False, cnpj=signing.DETRAN_CNPJ,
                         not_before=signing.NOW - timedelta(days=1), not_after=signing.NOW + timedelta(days=300))
    sig = _read(signing.sign(CRLVE.read_bytes(), leaf)).signature
    assert sig is not None and sig.status == "valid" and sig.signer == "DETRAN-XX"
    assert sig.signer_document == signing.DETRAN_CNPJ and sig.level == "qualificada"


def test_a_cpf_only_in_the_subject_is_read_with_valid_check_digits(pki: signing.Pki) -> None:
    """A chain that puts the CPF in the CN ('NAME:CPF') rather than the otherName: read only
    when its check digits are valid."""
    from cryptography.hazmat.primitives import serialization

    year = dict(not_before=signing.NOW - timedelta(days=1), not_after=signing.NOW + timedelta(days=300))
    good = signing.issue("CIDADAO:52998224725", pki.gov_final, ca=False, **year)
    bad = signing.issue("CIDADAO:52998224700", pki.gov_final, ca=False, **year)
    der = [c.cert.public_bytes(serialization.Encoding.DER) for c in (good, bad)]
    assert [signatures.cpf(d) for d in der] == ["52998224725", None]


def test_a_rule_by_name_must_be_marked_a_fallback(test_trust: Path, tmp_path: Path) -> None:
    import shutil

    from intake.signatures import anchors

    other = tmp_path / "trust"
    shutil.copytree(test_trust, other)
    text = (test_trust / "anchors.yaml").read_text()
    (other / "anchors.yaml").write_text(text.replace(f'cnpj: ["{signing.DETRAN_CNPJ}"]', 'subject: "^DETRAN"'))
    with pytest.raises(anchors.TrustError, match="fallback: true"):
        anchors.load(other)
    (other / "anchors.yaml").write_text(text.replace(f'cnpj: ["{signing.DETRAN_CNPJ}"]',
                                                     'subject: "^DETRAN"\n    fallback: true'))
    assert anchors.load(other).signers[0].fallback


def test_revocation_data_in_the_files_dss_is_used(pki: signing.Pki) -> None:
    signed = signing.sign(CRLVE.read_bytes(), pki.leaf)
    good = _read(signing.with_dss(signed, [signing.crl(pki.intermediate), signing.crl(pki.root)])).signature
    assert good is not None and good.status == "valid" and good.covers == "revision"  # (the DSS: an archival update)
    assert good.revocation_checked is True
    revoked = _read(signing.with_dss(signed, [signing.crl(pki.intermediate, (pki.leaf,)), signing.crl(pki.root)]))
    assert revoked.signature is not None and revoked.signature.status == "untrusted"
    assert revoked.signature.reason == "certificado_revogado"


def test_a_signature_added_after_the_detrans_is_a_change_to_what_the_detran_signed(pki: signing.Pki) -> None:
    """Another signature's appearance can paint over an issued page: on a CRLV-e, anything after
    the DETRAN's signature, a signature included, is a change (on a contract, the other party's)."""
    doc = _read(signing.sign(signing.sign(CRLVE.read_bytes(), pki.leaf), pki.person, field="Outra"))
    sig = doc.signature
    assert sig is not None and sig.status == "modified" and sig.signer == "DETRAN-XX"
    assert doc.value("categoria") == "PARTICULAR" and sig.signed_bytes is not None
