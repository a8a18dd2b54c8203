"""Each sample packet names exactly its rulebook's items (in the act's order), a verdict that
follows from them, and links (relative symlinks that resolve) to pool documents of matching
types; each rulebook has its valid packet, the packets the issue names, and defect packets
that differ from the valid one in few documents."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from validators import rulebooks

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
PACKETS = sorted((SAMPLES / "packets").glob("*/*/packet.json"))
STATUSES = {"ok", "fail", "review", "missing", "not_applicable"}
METROPLAN = "rs-metroplan-escolar"
REQUIRED = {
    METROPLAN: {"valid-escola", "valid-pessoa-fisica", "categoria-particular", "especie-nao-onibus", "lotacao-9",
                "vigencia-antes-assinatura", "contrato-vencido", "um-passageiro", "passageiros-acima-lotacao",
                "ap-abaixo", "rc-abaixo", "dmh-abaixo", "cnpj-digito-errado", "cpf-passageiro-invalido",
                "crlv-outra-empresa", "apolice-outra-placa", "apolice-vencida", "sem-apolice",
                "contratante-fora-da-lista", "cnpj-alfanumerico", "dois-veiculos-segunda-apolice-curta",
                "valid-escola-crlv-cdt"},
    "rs-santa-maria-fretamento": {"valid", "onibus-21-anos", "onibus-21-anos-prorrogacao", "veiculo-automovel",
                                  "passageiros-acima-lotacao", "itv-vencida", "cnh-vencida", "folha-corrida-vencida",
                                  "fgts-vencido"},
    "mg-der-fretamento": {"valid", "onibus-18-lugares", "micro-onibus", "onibus-16-anos", "categoria-particular",
                          "crlv-exercicio-2024", "declaracao-vencida", "cnh-categoria-b",
                          "nada-consta-cnh-antigo", "contrato-horarios-a-combinar", "contrato-vencido"},
    "mg-ipatinga-escolar-pj": {"valid", "micro-16-anos", "micro-17-anos", "condutor-20-anos", "antecedentes-31-dias",
                               "curso-vencido", "cnh-categoria-b", "alvara-vencido", "alvara-outro-municipio",
                               "vistoria-vencida"},
    "mg-ipatinga-escolar-pf": {"valid", "condutor-20-anos", "cnh-sem-escolar", "atestado-medico-31-dias",
                               "antecedentes-31-dias", "curso-vencido"},
    "sp-emtu-fretamento": {"valid", "frota-minima-nao-atendida", "vistoria-vencida-onibus-novo",
                           "vistoria-micro-validade-longa", "capital-abaixo", "contrato-sem-horarios-e-locais",
                           "contrato-vencido"},
}
# the types every valid packet carries (what each act asks)
VALID_TYPES = {
    METROPLAN: {"requerimento", "comprovante_taxa", "laudo_inspecao", "contrato_fretamento", "lista_passageiros",
                "cartao_cnpj", "contrato_social", "documento_identidade", "apolice_seguro",
                "comprovante_pagamento_seguro", "crlv", "alvara", "inscricao_estadual"},
    "rs-santa-maria-fretamento": {"cartao_cnpj", "contrato_social", "documento_identidade", "comprovante_endereco",
                                  "certidao", "comprovante_taxa", "relacao_veiculos", "atestado_antecedentes", "crlv",
                                  "crv", "apolice_seguro", "laudo_inspecao", "cnh", "certificado_curso"},
    "mg-der-fretamento": {"requerimento", "cartao_cnpj", "contrato_social", "documento_identidade",
                          "comprovante_endereco", "inscricao_estadual", "certidao", "crlv", "apolice_seguro",
                          "comprovante_pagamento_seguro", "laudo_inspecao", "contrato_fretamento", "cnh"},
    "mg-ipatinga-escolar-pj": {"cartao_cnpj", "contrato_social", "documento_identidade", "comprovante_endereco",
                               "alvara", "requerimento", "certidao", "crlv", "crv", "laudo_inspecao", "cnh",
                               "atestado_antecedentes", "certificado_curso", "atestado_medico"},
    "mg-ipatinga-escolar-pf": {"crlv", "crv", "laudo_inspecao", "cnh", "documento_identidade", "atestado_medico",
                               "certidao", "comprovante_endereco", "atestado_antecedentes", "certificado_curso"},
    "sp-emtu-fretamento": {"requerimento", "cartao_cnpj", "contrato_social", "relacao_veiculos", "crlv",
                           "laudo_inspecao", "contrato_fretamento", "lista_passageiros"},
}


def _verdict(items: dict[str, str]) -> str:
    st = set(items.values())
    if "fail" in st:
        return "fail"
    if "missing" in st:
        return "incomplete"
    return "review" if "review" in st else "ok"


def _types(folder: Path) -> list[str]:
    out = []
    for link in sorted(folder.iterdir()):
        exp = link.resolve().with_name(link.resolve().stem + ".expected.json")
        out.append(json.loads(exp.read_text(encoding="utf-8"))["type"])
    return out


def _load(rb: str, name: str) -> dict:
    return json.loads((SAMPLES / "packets" / rb / name / "packet.json").read_text(encoding="utf-8"))


def test_every_rulebook_has_the_packets_of_the_brief():
    assert {p.parent.parent.name for p in PACKETS} == set(REQUIRED)
    for rb, names in REQUIRED.items():
        assert names <= {p.parent.name for p in PACKETS if p.parent.parent.name == rb}, rb


@pytest.mark.parametrize("path", PACKETS, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_packet(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    rb = path.parent.parent.name
    assert data["rulebook"] == rb
    assert data["reference_date"] == "2026-03-02"
    assert isinstance(data["facts"], dict) and data["description"]
    items = data["expected"]["items"]
    assert list(items) == [i.id for i in rulebooks.load(rb).items]
    assert set(items.values()) <= STATUSES
    assert data["expected"]["verdict"] == _verdict(items)
    d = path.parent
    for sub in ("digital", "scanned"):
        links = sorted((d / sub).iterdir())
        assert links
        for link in links:
            assert link.is_symlink() and not os.path.isabs(os.readlink(link)), link
            assert link.resolve().is_file(), link
            assert link.resolve().parent == SAMPLES / "documents" / sub
    stems = lambda sub: sorted(p.stem for p in (d / sub).iterdir())  # noqa: E731
    assert stems("digital") == stems("scanned") == sorted(data["documents"])
    types = _types(d / "digital")
    assert _types(d / "scanned") == types
    assert "unknown" not in types
    if d.name.startswith("valid"):
        assert VALID_TYPES[rb] <= set(types)
        allowed = {"ok", "not_applicable"} | ({"review"} if rb == "rs-santa-maria-fretamento" else set())
        assert set(items.values()) <= allowed
        assert data["defect"] is None


@pytest.mark.parametrize("rb", sorted(set(REQUIRED) - {METROPLAN}))
def test_defect_packets_change_few_documents(rb: str):
    valid = set(_load(rb, "valid")["documents"])
    for path in (SAMPLES / "packets" / rb).glob("*/packet.json"):
        docs = set(json.loads(path.read_text(encoding="utf-8"))["documents"])
        assert len(docs ^ valid) <= 4, (path.parent.name, sorted(docs ^ valid))


def test_issue_examples():
    """A minibus of 16 years is ok in Ipatinga thanks to the tolerance and fails at 17; a bus of
    18 places fails DER/MG; an EMTU contract without times or boarding places is not ok."""
    ipj = "mg-ipatinga-escolar-pj"
    assert _load(ipj, "micro-16-anos")["expected"]["items"]["art2-x"] == "ok"
    assert _load(ipj, "micro-17-anos")["expected"]["items"]["art2-x"] == "fail"
    assert _load("mg-der-fretamento", "onibus-18-lugares")["expected"]["items"]["art2-iv"] == "fail"
    sp = _load("sp-emtu-fretamento", "contrato-sem-horarios-e-locais")["expected"]["items"]["art10-p2-n3"]
    assert sp != "ok"


def test_packets_share_pool_documents():
    valid = set(_load(METROPLAN, "valid-escola")["documents"])
    ap = set(_load(METROPLAN, "ap-abaixo")["documents"])
    assert len(valid ^ ap) == 2  # only the policy differs
    # the Ipatinga carrier and drivers serve DER/MG and both Ipatinga variants
    der, pj, pf = (set(_load(rb, "valid")["documents"]) for rb in
                   ("mg-der-fretamento", "mg-ipatinga-escolar-pj", "mg-ipatinga-escolar-pf"))
    assert len(der & pj) >= 10 and len(pj & pf) >= 10


def test_quickstart_links_resolve():
    q = SAMPLES / "quickstart"
    links = sorted(q.iterdir())
    assert links and all(p.is_symlink() and p.resolve().is_file() for p in links)
