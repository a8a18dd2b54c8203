"""A contract's digital signatures judged against its parties: the METROPLAN sample packets
(digital, valid) with the contract signed at test time by certificates of the test PKI
(tests/signing.py), read and judged through the real pipeline. Both parties' signatures settle
the item's check of the signatures; a stranger's, a missing party's, a change after signing or
an untrusted chain leave it to the clerk, said plainly."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from domain.result import Item, Result
from intake.pipeline import SourceFile, read_packet
from tests import signing
from validators import rulebooks
from validators.engine import judge_packet

ROOT = Path(__file__).resolve().parents[2]
PACKETS = ROOT / "samples" / "packets" / "rs-metroplan-escolar"
ESCOLA = PACKETS / "valid-escola" / "digital"  # contrato-escola.pdf: contratante a CNPJ
PESSOA = PACKETS / "valid-pessoa-fisica" / "digital"  # contrato-pessoa-fisica.pdf: contratante a CPF
ITEM = "art4-v"  # contrato escrito, celebrado entre o contratante e o transportador
SIGNATURES = "Assinaturas do contratante e do transportador"
PF_CPF = "63440124398"  # the natural-person contractor the sample contract names


@pytest.fixture(autouse=True)
def _trust_env(test_trust: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRETADOC_TRUST_DIR", str(test_trust))


def _judge(folder: Path, contract: str, data: bytes | None, cache: str) -> Item:
    files = [SourceFile(p.name, data if p.name == contract and data is not None else p.read_bytes())
             for p in sorted(folder.iterdir())]
    result: Result = judge_packet(read_packet(files, cache_dir=cache), rulebooks.load("rs-metroplan-escolar"), date(2026, 3, 2))
    return next(i for i in result.checklist if i.id == ITEM)


def _signed(folder: Path, contract: str, *who: signing.Issued) -> bytes:
    data = (folder / contract).read_bytes()
    for n, issued in enumerate(who):
        data = signing.sign(data, issued, field=f"Assinatura{n + 1}")
    return data


def _said(item: Item, code: str) -> str:
    return next(f.message for f in item.findings if f.code == f"contrato_fretamento.{code}")


def test_an_unsigned_contract_leaves_the_signatures_to_the_clerk(read_cache_dir: str) -> None:
    item = _judge(ESCOLA, "contrato-escola.pdf", None, read_cache_dir)
    assert item.status == "ok" and SIGNATURES in item.manual_checks


def test_a_contract_signed_by_both_parties_settles_its_signatures(pki: signing.Pki, read_cache_dir: str) -> None:
    item = _judge(ESCOLA, "contrato-escola.pdf", _signed(ESCOLA, "contrato-escola.pdf", pki.contractor, pki.carrier),
                  read_cache_dir)
    assert item.status == "ok", item.findings
    assert SIGNATURES not in item.manual_checks
    msg = _said(item, "assinado_pelas_partes")
    assert "pelo contratante ESCOLA TESTE LTDA:86185081000167 (CNPJ 86.185.081/0001-67), assinatura qualificada" in msg
    assert "transportador TRANSPORTES TESTE LTDA:41318410000162 (CNPJ 41.318.410/0001-62)" in msg
    assert "cobrem o arquivo inteiro" in msg


def test_a_natural_person_contractor_signing_with_gov_br_settles_it_too(pki: signing.Pki, read_cache_dir: str) -> None:
    citizen = signing.issue("CONTRATANTE DE TESTE", pki.gov_final, ca=False, not_before=pki.citizen.cert.not_valid_before_utc,
                            not_after=pki.citizen.cert.not_valid_after_utc, cpf=PF_CPF)
    data = _signed(PESSOA, "contrato-pessoa-fisica.pdf", citizen, pki.carrier)
    item = _judge(PESSOA, "contrato-pessoa-fisica.pdf", data, read_cache_dir)
    assert item.status == "ok", item.findings
    assert SIGNATURES not in item.manual_checks
    assert f"(CPF {PF_CPF}), assinatura avançada (gov.br)" in _said(item, "assinado_pelas_partes")


def test_a_strangers_signature_is_said_and_leaves_it_to_the_clerk(pki: signing.Pki, read_cache_dir: str) -> None:
    item = _judge(ESCOLA, "contrato-escola.pdf", _signed(ESCOLA, "contrato-escola.pdf", pki.contractor, pki.stranger),
                  read_cache_dir)
    assert item.status == "review" and SIGNATURES in item.manual_checks
    msg = _said(item, "assinatura_de_terceiro")
    assert "assinado digitalmente por OUTRA EMPRESA LTDA:11444777000161 (CNPJ 11.444.777/0001-61), que não é parte" in msg


def test_a_person_who_is_no_party_may_be_a_representative_the_clerk_confirms(pki: signing.Pki, read_cache_dir: str) -> None:
    item = _judge(ESCOLA, "contrato-escola.pdf", _signed(ESCOLA, "contrato-escola.pdf", pki.person, pki.carrier),
                  read_cache_dir)
    assert item.status == "review"
    assert "Se representa uma das partes, conferir os poderes" in _said(item, "assinatura_de_terceiro")


def test_one_party_alone_is_not_enough(pki: signing.Pki, read_cache_dir: str) -> None:
    item = _judge(ESCOLA, "contrato-escola.pdf", _signed(ESCOLA, "contrato-escola.pdf", pki.carrier), read_cache_dir)
    assert item.status == "review" and SIGNATURES in item.manual_checks
    assert "sem a assinatura digital do contratante" in _said(item, "assinatura_ausente_parte")


def test_a_contract_changed_after_signing_is_said_plainly(pki: signing.Pki, read_cache_dir: str) -> None:
    signed = _signed(ESCOLA, "contrato-escola.pdf", pki.contractor, pki.carrier)
    forged = signing.incremental_edit(signed, "86.185.081/0001-67", "11.444.777/0001-61")
    item = _judge(ESCOLA, "contrato-escola.pdf", forged, read_cache_dir)
    assert item.status in ("review", "fail") and SIGNATURES in item.manual_checks
    msg = _said(item, "alterado_apos_assinatura")
    assert "alterado depois de assinado por ESCOLA TESTE LTDA:86185081000167" in msg
    assert "não é o que as partes assinaram" in msg
    assert any(f.code == "assinatura.alterada" and f.severity == "error" for f in item.findings)


def test_a_party_of_an_untrusted_chain_does_not_settle_it(pki: signing.Pki, read_cache_dir: str) -> None:
    item = _judge(ESCOLA, "contrato-escola.pdf", _signed(ESCOLA, "contrato-escola.pdf", pki.contractor, pki.orphan),
                  read_cache_dir)
    assert item.status == "review" and SIGNATURES in item.manual_checks
    assert "a autoridade emissora AC Desconhecida de Teste não está entre as cadeias de confiança" in \
        _said(item, "assinatura_nao_confiavel")


def test_der_mg_a_contract_signed_by_both_parties_is_firmado_entre_as_partes(pki: signing.Pki, read_cache_dir: str) -> None:
    """DER/MG Art. 7º asks for the contract 'firmado entre as partes': the parties' e-CNPJs
    (issued here for the CNPJs the sample contract prints, as read) settle that check."""
    from datetime import timedelta

    folder = ROOT / "samples" / "packets" / "mg-der-fretamento" / "valid" / "digital"
    data = (folder / "contrato-der.pdf").read_bytes()
    contract = read_packet([SourceFile("contrato-der.pdf", data)], cache_dir=read_cache_dir)[0]
    year = dict(not_before=signing.NOW - timedelta(days=1), not_after=signing.NOW + timedelta(days=300))
    who = [signing.issue(f"PARTE {n}", pki.intermediate, ca=False, cnpj=str(contract.value(f"{n}_documento")), **year)
           for n in ("contratante", "contratado")]
    firmado = "Contrato firmado entre as partes (assinaturas do contratante e do transportador)"

    def art7(signed: bytes | None) -> Item:
        files = [SourceFile(p.name, signed if p.name == "contrato-der.pdf" and signed else p.read_bytes())
                 for p in sorted(folder.iterdir())]
        result = judge_packet(read_packet(files, cache_dir=read_cache_dir), rulebooks.load("mg-der-fretamento"), date(2026, 3, 2))
        return next(i for i in result.checklist if i.id == "art7")

    unsigned = art7(None)
    assert firmado in unsigned.manual_checks and "Via original do contrato de prestação de serviço" in unsigned.manual_checks
    signed = art7(_signed(folder, "contrato-der.pdf", *who))
    assert signed.status == unsigned.status == "ok", signed.findings
    assert firmado not in signed.manual_checks and "Via original do contrato de prestação de serviço" in signed.manual_checks
    assert "assinado digitalmente pelo contratante PARTE contratante (CNPJ 37.639.908/0001-50)" in _said(signed, "assinado_pelas_partes")


def test_a_witness_beside_both_parties_is_said_and_settles_nothing_more(pki: signing.Pki, read_cache_dir: str) -> None:
    item = _judge(ESCOLA, "contrato-escola.pdf",
                  _signed(ESCOLA, "contrato-escola.pdf", pki.contractor, pki.carrier, pki.person), read_cache_dir)
    assert item.status == "ok" and SIGNATURES not in item.manual_checks
    assert "Também assinado por FULANO DE TAL:52998224725 (CPF 52998224725), que não é parte." in \
        _said(item, "assinado_pelas_partes")
