"""A complete, valid METROPLAN school-charter packet built by hand (no PDF), and small tools to
change one thing in it. Every field is read confidently unless a test says otherwise."""

from __future__ import annotations

import hashlib
from datetime import date
from typing import Any

from domain.documents import Document, Field
from domain.ids import cnpj, cpf

CONF = 0.95


def make_cnpj(base12: str) -> str:
    return base12 + cnpj.check_digits(base12)


def make_cpf(base9: str) -> str:
    return base9 + cpf.check_digits(base9)


CARRIER_CNPJ = make_cnpj("112223330001")
CARRIER_NAME = "TRANSPORTES VALE DO SINOS LTDA"
CONTRACTOR_CNPJ = make_cnpj("876543210001")
CONTRACTOR_NAME = "Escola Estadual de Ensino Médio Padre Réus"
PARTNERS = [("Carlos Alberto Schmitt", make_cpf("123456789")), ("Maria Helena Schmitt", make_cpf("987654321"))]
PASSENGERS = [
    {"nome": "Ana Paula Ferreira", "documento_tipo": "cpf", "documento": make_cpf("111444777")},
    {"nome": "Bruno Costa da Silva", "documento_tipo": "rg", "documento": "1098765432"},
    {"nome": "Júlia Rocha Martins", "documento_tipo": "matricula", "documento": "2025-00317"},
]
PLACA = "IXC1D23"  # Mercosul
CHASSI = "9BM384067KB123456"
NUMERO_APOLICE = "1005310012345"
NUMERO_CONTRATO = "012/2025"
REF = date(2025, 3, 10)


def doc(doc_id: str, doc_type: str, fields: dict[str, Any], conf: float = CONF) -> Document:
    return Document(
        id=doc_id, filename=f"{doc_id}.pdf", sha256=hashlib.sha256(doc_id.encode()).hexdigest(),
        type=doc_type, type_confidence=0.97, pages=1, text_source="pdf_text",
        fields={k: Field(value=v, confidence=conf, page=1) for k, v in fields.items()},
    )


def vehicle_docs(suffix: str, placa: str, chassi: str, year: int, *, lotacao: int = 44,
                 owner: str = CARRIER_CNPJ, policy: str = NUMERO_APOLICE, policy_plate: str | None = None,
                 ap: float = 75000.0, rc: float = 1400000.0, dmh: float = 18000.0) -> list[Document]:
    y = year
    return [
        doc(f"crlv{suffix}", "crlv", {
            "placa": placa, "renavam": "19525197703", "chassi": chassi, "exercicio": y,
            "ano_fabricacao": y - 6, "ano_modelo": y - 6, "categoria": "ALUGUEL",
            "especie_tipo": "PASSAGEIRO ONIBUS", "tipo_veiculo": "onibus", "lotacao": lotacao,
            "proprietario_nome": CARRIER_NAME, "proprietario_documento": owner,
            "data_emissao": f"{y}-01-15"}),
        doc(f"apolice{suffix}", "apolice_seguro", {
            "numero_apolice": policy, "seguradora_nome": "Seguradora Exemplo S.A.",
            "seguradora_cnpj": make_cnpj("334445550001"), "segurado_nome": CARRIER_NAME,
            "segurado_documento": CARRIER_CNPJ, "vigencia_inicio": f"{y}-01-01", "vigencia_fim": f"{y}-12-31",
            "placa": policy_plate or placa, "chassi": chassi, "assentos": lotacao,
            "ap_por_passageiro": ap, "rc_por_veiculo": rc, "dmh_por_passageiro": dmh}),
        doc(f"pagamento{suffix}", "comprovante_pagamento_seguro", {
            "numero_apolice": policy, "segurado_nome": CARRIER_NAME, "segurado_documento": CARRIER_CNPJ,
            "data_pagamento": f"{y}-01-10", "valor": 8500.0, "quitado": True}),
        doc(f"laudo{suffix}", "laudo_inspecao", {
            "titular_nome": CARRIER_NAME, "titular_documento": CARRIER_CNPJ, "numero": f"L-{y}-00{suffix or 1}",
            "placa": placa, "chassi": chassi, "data_emissao": f"{y}-02-15", "validade": f"{y + 1}-02-15",
            "resultado": "aprovado", "emissor": "metroplan", "lotacao": lotacao}),
        doc(f"taxa_aut{suffix}", "comprovante_taxa", {
            "titular_nome": CARRIER_NAME, "titular_documento": CARRIER_CNPJ, "taxa": "autorizacao",
            "valor": 512.4, "data_pagamento": f"{y}-03-01", "placa": placa}),
    ]


def valid_packet(ref: date = REF) -> list[Document]:
    y = ref.year
    carrier = {"titular_nome": CARRIER_NAME, "titular_documento": CARRIER_CNPJ}
    return [
        *vehicle_docs("", PLACA, CHASSI, y),
        doc("contrato", "contrato_fretamento", {
            "numero_contrato": NUMERO_CONTRATO, "contratante_nome": CONTRACTOR_NAME,
            "contratante_documento": CONTRACTOR_CNPJ, "contratante_tipo": "pj",
            "contratante_categoria": "instituicao_ensino",
            "contratado_nome": CARRIER_NAME, "contratado_documento": CARRIER_CNPJ,
            "data_assinatura": f"{y}-01-20", "vigencia_inicio": f"{y}-02-01", "vigencia_fim": f"{y}-12-20",
            "origem": "São Leopoldo", "destino": "Novo Hamburgo", "instituicao_destino": CONTRACTOR_NAME,
            "itinerario": "São Leopoldo (Centro, Av. João Corrêa) – BR-116 – Novo Hamburgo (escola)",
            "horarios": "06h40 ida; 12h20 volta", "locais_embarque": "Praça do Imigrante", "valor": 96000.0}),
        doc("lista", "lista_passageiros", {
            "contrato_numero": NUMERO_CONTRATO, "contratante_nome": CONTRACTOR_NAME,
            "instituicao": CONTRACTOR_NAME, "passageiros": [dict(p) for p in PASSENGERS],
            "total_passageiros": len(PASSENGERS)}),
        doc("requerimento", "requerimento", {**carrier, "data_emissao": f"{y}-03-01",
                                             "objeto": "Autorização para Viagens Especiais de Fretamento Contínuo Escolar"}),
        doc("taxa_req", "comprovante_taxa", {**carrier, "taxa": "requerimento", "valor": 27.13,
                                             "data_pagamento": f"{y}-03-01"}),
        doc("cartao", "cartao_cnpj", {**carrier, "data_emissao": f"{y}-03-01", "data_abertura": "2010-05-04",
                                      "situacao": "ATIVA", "cnae": ["4929-9/02", "4929-9/01"],
                                      "natureza_juridica": "206-2 - Sociedade Empresária Limitada", "mei": False}),
        doc("contrato_social", "contrato_social", {
            **carrier, "data_emissao": "2010-04-20", "objeto_social": "Transporte rodoviário coletivo de passageiros",
            "capital_social": 200000.0, "capital_integralizado": 200000.0,
            "socios": [{"nome": n, "cpf": c} for n, c in PARTNERS], "registro_junta": "43201234567"}),
        *[doc(f"identidade{i}", "documento_identidade", {
            "titular_nome": n, "titular_documento": c, "numero": f"10{i}5556667",
            "data_emissao": "2012-06-01", "data_nascimento": "1970-03-15"})
          for i, (n, c) in enumerate(PARTNERS, start=1)],
        doc("inscricao", "inscricao_estadual", {**carrier, "numero": "0960123456", "data_emissao": f"{y}-02-01",
                                                "situacao": "ATIVO", "cnae": ["4929-9/02"]}),
        doc("alvara", "alvara", {**carrier, "numero": f"ALV-{y}-0815", "municipio": "São Leopoldo",
                                 "data_emissao": f"{y}-01-05", "validade": f"{y}-12-31",
                                 "atividade": "Transporte rodoviário coletivo de passageiros sob regime de fretamento"}),
    ]


VALID = {
    "art2-ii-a": "ok", "art2-ii-b": "not_applicable", "art2-ii-p1": "not_applicable",
    "art2-ii-p2": "not_applicable", "art2-ii-p3": "ok", "art2-ii-p4": "ok", "art2-iii-a": "ok",
    "art2-iii-b": "ok", "art2-iii-c": "ok", "art2-iii-d": "ok", "art2-viii": "ok", "art2-viii-pu": "ok",
    "art4-i": "ok", "art4-ii": "ok", "art4-iii": "ok", "art4-iv": "ok", "art4-v": "ok", "art4-vi": "ok",
    "art4-vii": "ok", "art4-viii": "ok", "art4-ix": "ok", "art4-x": "ok", "art4-xi": "ok",
    "art4-xi-a": "ok", "art4-xi-b": "ok", "art4-xi-c": "ok", "art4-xii": "ok", "art4-xiii": "ok",
    "art4-xiv": "ok", "art7": "not_applicable", "art18": "ok", "art22": "ok",
}


# --- changing one thing -------------------------------------------------------------------

def get(docs: list[Document], doc_id: str) -> Document:
    return next(d for d in docs if d.id == doc_id)


def setf(docs: list[Document], doc_id: str, field: str, value: Any = ..., confidence: float | None = None) -> list[Document]:
    """Set (or, with value None and no confidence, remove) one field of one document."""
    d = get(docs, doc_id)
    old = d.fields.get(field)
    if value is None and confidence is None:
        d.fields.pop(field, None)
        return docs
    d.fields[field] = Field(value=old.value if value is ... and old else value,
                            confidence=confidence if confidence is not None else (old.confidence if old else CONF),
                            page=1)
    return docs


def drop(docs: list[Document], *doc_ids: str) -> list[Document]:
    return [d for d in docs if d.id not in doc_ids]
