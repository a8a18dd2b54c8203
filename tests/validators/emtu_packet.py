"""A complete, valid EMTU/SP packet (registration with three vehicles of 3, 8 and 12 years, and a
fretamento contínuo contract with a legal-person contractor and its passenger list), built by
hand. See validators/rulebooks/PACKETS.md."""

from __future__ import annotations

from datetime import date

from tests.validators.metroplan_packet import drop, get, setf  # noqa: F401  (re-exported for the tests)
from tests.validators.packet_parts import REF, Carrier, d, doc, company_docs, make_cnpj, make_cpf, vehicle_docs
from domain.documents import Document

RB = "sp-emtu-fretamento"
# 3.000 UFESP × R$ 38,42 (2026) = R$ 115.260,00
CARRIER = Carrier("EXPRESSO PAULISTANO FRETAMENTOS LTDA", make_cnpj("889990000001"), "Guarulhos", "SP",
                  [("Ricardo Yamamoto", make_cpf("135246357")), ("Fernanda Yamamoto", make_cpf("246357468"))],
                  "Transporte rodoviário coletivo de passageiros sob regime de fretamento", capital=150000.0)
# ages 3 (every 18 months), 8 (every 12 months) and 12 (every 6 months)
VEHICLES = [
    dict(placa="FRT1A23", chassi="9BM382188PB123456", fabricacao=2023, tipo="onibus", lotacao=46),
    dict(placa="FRT2B34", chassi="9BM382188JB123457", fabricacao=2018, tipo="onibus", lotacao=44),
    dict(placa="FRT3C45", chassi="93PB58M10EC123458", fabricacao=2014, tipo="microonibus", lotacao=28),
]
INSPECTED = {1: -420, 2: -200, 3: -90}  # days before the reference date
CONTRACTOR = ("Indústria Metalúrgica Tietê S.A.", make_cnpj("990001110001"))
PASSENGERS = [
    {"nome": "Ana Beatriz Souza", "documento_tipo": "rg", "documento": "45.678.901-2"},
    {"nome": "Carlos Eduardo Lima", "documento_tipo": "rg", "documento": "32.109.876-5"},
    {"nome": "Mariana Oliveira Santos", "documento_tipo": "rg", "documento": "28.765.432-1"},
]


def valid_packet(ref: date = REF) -> list[Document]:
    c = CARRIER
    y = ref.year
    docs = [
        *company_docs(c, ref),
        doc("requerimento", "requerimento", {**c.holder, "data_emissao": d(ref, -1),
                                             "objeto": "Registro no serviço de fretamento metropolitano"}),
        doc("relacao", "relacao_veiculos", {**c.holder, "data_emissao": d(ref, -3), "veiculos": [
            {"placa": v["placa"], "tipo": v["tipo"].upper(), "ano_fabricacao": v["fabricacao"], "lotacao": v["lotacao"]}
            for v in VEHICLES]}),
        doc("contrato", "contrato_fretamento", {
            "numero_contrato": "FR-0187/2026", "contratante_nome": CONTRACTOR[0], "contratante_documento": CONTRACTOR[1],
            "contratante_tipo": "pj", "contratado_nome": c.name, "contratado_documento": c.cnpj,
            "data_assinatura": f"{y}-01-20", "vigencia_inicio": f"{y}-02-01", "vigencia_fim": f"{y + 1}-01-31",
            "origem": "Guarulhos", "destino": "Indústria Metalúrgica Tietê – Osasco",
            "itinerario": "Guarulhos – Rodovia Ayrton Senna – Marginal Tietê – Osasco",
            "horarios": "Ida 05h30; volta 17h15 (segunda a sábado)",
            "locais_embarque": "Embarque: Rua Dom Pedro II, 500 (Guarulhos); desembarque: portaria da fábrica",
            "valor": 540000.0}),
        doc("lista", "lista_passageiros", {"contrato_numero": "FR-0187/2026", "contratante_nome": CONTRACTOR[0],
                                           "instituicao": None, "passageiros": [dict(p) for p in PASSENGERS],
                                           "total_passageiros": len(PASSENGERS)}),
    ]
    for n, v in enumerate(VEHICLES, start=1):
        docs += vehicle_docs(n, c, ref, **v, inspected=d(ref, INSPECTED[n]), emissor="emtu", laudo_valid_months=18,
                             with_crv=False)
    return docs


VALID = {
    "art5": "ok", "art5-pu-n1": "ok", "art5-pu-n2": "ok", "art10": "ok",
    "art10-p2-n1": "not_applicable",  # the contractor is a legal person
    "art10-p2-n2": "ok", "art10-p2-n3": "ok", "art14": "ok", "art16": "ok", "art17": "ok",
}
