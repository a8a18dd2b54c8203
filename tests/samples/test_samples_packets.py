"""Each sample packet names exactly the METROPLAN rulebook's items, a verdict that follows from
them, and links (relative symlinks that resolve) to pool documents of matching types."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
PACKETS = sorted((SAMPLES / "packets" / "rs-metroplan-escolar").glob("*/packet.json"))
ITEMS = [
    "art2-ii-a", "art2-ii-b", "art2-ii-p1", "art2-ii-p2", "art2-ii-p3", "art2-ii-p4",
    "art2-iii-a", "art2-iii-b", "art2-iii-c", "art2-iii-d", "art2-viii", "art2-viii-pu",
    "art4-i", "art4-ii", "art4-iii", "art4-iv", "art4-v", "art4-vi", "art4-vii", "art4-viii",
    "art4-ix", "art4-x", "art4-xi", "art4-xi-a", "art4-xi-b", "art4-xi-c", "art4-xii",
    "art4-xiii", "art4-xiv", "art7", "art18", "art22",
]
STATUSES = {"ok", "fail", "review", "missing", "not_applicable"}
REQUIRED = {"valid-escola", "valid-pessoa-fisica", "categoria-particular", "especie-nao-onibus", "lotacao-9",
            "vigencia-antes-assinatura", "contrato-vencido", "um-passageiro", "passageiros-acima-lotacao",
            "ap-abaixo", "rc-abaixo", "dmh-abaixo", "cnpj-digito-errado", "cpf-passageiro-invalido",
            "crlv-outra-empresa", "apolice-outra-placa", "apolice-vencida", "sem-apolice",
            "contratante-fora-da-lista", "cnpj-alfanumerico", "dois-veiculos-segunda-apolice-curta"}


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


def test_every_packet_of_the_brief_is_there():
    assert REQUIRED <= {p.parent.name for p in PACKETS}


@pytest.mark.parametrize("path", PACKETS, ids=lambda p: p.parent.name)
def test_packet(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rulebook"] == "rs-metroplan-escolar"
    assert data["reference_date"] == "2026-03-02"
    assert isinstance(data["facts"], dict) and data["description"]
    items = data["expected"]["items"]
    assert list(items) == ITEMS
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
    # the two valid packets carry every document of Art. 4º
    if d.name.startswith("valid-"):
        assert {"requerimento", "comprovante_taxa", "laudo_inspecao", "contrato_fretamento",
                "lista_passageiros", "cartao_cnpj", "contrato_social", "documento_identidade",
                "apolice_seguro", "comprovante_pagamento_seguro", "crlv", "alvara",
                "inscricao_estadual"} <= set(types)
        assert set(items.values()) <= {"ok", "not_applicable"}


def test_packets_share_pool_documents():
    valid = set(json.loads((SAMPLES / "packets/rs-metroplan-escolar/valid-escola/packet.json")
                           .read_text(encoding="utf-8"))["documents"])
    ap = set(json.loads((SAMPLES / "packets/rs-metroplan-escolar/ap-abaixo/packet.json")
                        .read_text(encoding="utf-8"))["documents"])
    assert len(valid ^ ap) == 2  # only the policy differs


def test_quickstart_links_resolve():
    q = SAMPLES / "quickstart"
    links = sorted(q.iterdir())
    assert links and all(p.is_symlink() and p.resolve().is_file() for p in links)
