"""A complete, valid Santa Maria/RS registration packet (company, two vehicles, two drivers),
built by hand, and what each item says about it. See validators/rulebooks/PACKETS.md."""

from __future__ import annotations

from datetime import date

from tests.validators.metroplan_packet import drop, get, setf  # noqa: F401  (re-exported for the tests)
from tests.validators.packet_parts import (
    REF, Carrier, Person, address, certidao, cnh, company_docs, course, criminal_record, ctps, d, doc, home,
    identity, make_cnpj, make_cpf, vehicle_docs,
)
from domain.documents import Document

RB = "rs-santa-maria-fretamento"
CARRIER = Carrier("TRANSPORTES CORAÇÃO DO RIO GRANDE LTDA", make_cnpj("223334440001"), "Santa Maria", "RS",
                  [("Carlos Alberto Weber", make_cpf("123456789")), ("Roberto Luiz Weber", make_cpf("987654321"))],
                  "Transporte rodoviário coletivo de passageiros, sob regime de fretamento, municipal e intermunicipal")
DRIVERS = [Person(1, "João Pedro Machado", make_cpf("301123456")), Person(2, "Paulo César Rocha", make_cpf("302123456"))]
BUS = dict(placa="IYA1B23", chassi="9BM384067JB123456", fabricacao=2018, tipo="onibus", lotacao=44)
MICRO = dict(placa="IYB4567", chassi="93ZL68B01F8123456", fabricacao=2015, tipo="microonibus", lotacao=28)
# The joint federal certificate (RFB/PGFN) stands for the INSS and PIS ones (Art. 7º, II, e and g).
CARRIER_CERTS = ["federal", "estadual", "municipal", "fgts", "falencia", "execucoes", "protesto"]


def valid_packet(ref: date = REF) -> list[Document]:
    c = CARRIER
    docs = [
        *company_docs(c, ref),
        address("endereco_empresa", c.holder, "Santa Maria", "RS", ref),
        *[certidao(f"cert_{t}", t, c.holder, ref) for t in CARRIER_CERTS],
        doc("sindical", "comprovante_taxa", {**c.holder, "taxa": "contribuicao_sindical", "valor": 350.0,
                                             "data_pagamento": d(ref, -40)}),
        doc("relacao", "relacao_veiculos", {**c.holder, "data_emissao": d(ref, -3), "veiculos": [
            {"placa": BUS["placa"], "tipo": "ONIBUS", "ano_fabricacao": BUS["fabricacao"], "lotacao": BUS["lotacao"]},
            {"placa": MICRO["placa"], "tipo": "MICROONIBUS", "ano_fabricacao": MICRO["fabricacao"],
             "lotacao": MICRO["lotacao"]}]}),
        # bus of 8 years: yearly inspection; minibus of 11 years (over 8): every six months
        *vehicle_docs(1, c, ref, **BUS, inspected=d(ref, -170)),
        *vehicle_docs(2, c, ref, **MICRO, inspected=d(ref, -50), laudo_valid_months=6),
    ]
    for i, (nome, cpf) in enumerate(c.partners, start=1):
        holder = {"titular_nome": nome, "titular_documento": cpf}
        docs += [certidao(f"socio{i}_eleitoral", "eleitoral", holder, ref, resultado=None, valid=None),
                 certidao(f"socio{i}_militar", "militar", holder, ref, resultado=None, valid=None),
                 doc(f"socio{i}_folha", "atestado_antecedentes", {**holder, "numero": f"FC-{i}",
                                                                   "resultado": "nada_consta",
                                                                   "data_emissao": d(ref, -15),
                                                                   "validade": d(ref, 75)})]
    for p in DRIVERS:
        docs += [cnh(p, ref), identity(p), ctps(p, c, ref), criminal_record(p, ref),
                 course(p, "Transporte Coletivo de Passageiros", ref),
                 certidao(f"pontos{p.n}", "cnh_pontuacao", p.holder, ref, valid=30), home(p, ref)]
    return docs


VALID = {
    "art7-i-a": "ok", "art7-i-b": "ok", "art7-i-c": "ok", "art7-i-d": "ok", "art7-i-e": "not_applicable",
    "art7-i-f": "ok", "art7-i-g": "ok",
    "art7-ii-a": "ok", "art7-ii-b": "ok", "art7-ii-c": "ok", "art7-ii-d": "ok", "art7-ii-e": "ok", "art7-ii-f": "ok",
    "art7-ii-g": "ok", "art7-ii-h": "ok", "art7-ii-i": "ok", "art7-ii-j": "ok", "art7-ii-k": "ok",
    "art7-iii-a": "ok", "art7-iii-b": "not_applicable", "art7-pu": "ok",
    "art11-p1": "ok", "art11-p2": "ok", "art12-i": "ok", "art12-ii": "ok",
    "art12-p1": "review",  # the minimum per passenger has no value until an operator sets one
    "art12-p2": "ok", "art13": "ok", "art14-p1": "ok", "art18": "ok",
    "art20-i": "ok", "art20-ii": "ok", "art20-iii": "ok", "art20-iv": "ok", "art20-v": "ok",
}
