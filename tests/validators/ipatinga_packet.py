"""Complete, valid Ipatinga/MG school-transport packets, built by hand: a legal-person applicant
(one minibus, a condutor titular and an auxiliar) and a natural-person applicant (the driver who
owns the minibus, plus an auxiliary driver). See validators/rulebooks/PACKETS.md."""

from __future__ import annotations

from datetime import date

from tests.validators.metroplan_packet import drop, get, setf  # noqa: F401  (re-exported for the tests)
from tests.validators.packet_parts import (
    REF, Carrier, Person, address, certidao, cnh, company_docs, course, criminal_record, ctps, d, doc, home,
    identity, make_cnpj, make_cpf, medical, vehicle_docs,
)
from domain.documents import Document

RB_PJ = "mg-ipatinga-escolar-pj"
RB_PF = "mg-ipatinga-escolar-pf"
CARRIER = Carrier("ESCOLAR VALE DO AÇO TRANSPORTES LTDA", make_cnpj("667778880001"), "Ipatinga", "MG",
                  [("Sebastião Ferreira Lima", make_cpf("121232343")), ("Helena Ferreira Lima", make_cpf("454565676"))],
                  "Prestação de serviço de transporte especial escolar")
DRIVERS = [Person(1, "Marcos Vinícius Teixeira", make_cpf("305123456"), municipio="Ipatinga", uf="MG"),
           Person(2, "Rogério Batista Nunes", make_cpf("306123456"), municipio="Ipatinga", uf="MG")]
# minibus of 14 years (limit 15 + 1 of tolerance), inspected by the DETRA in January
MICRO = dict(placa="HNT3E45", chassi="93PB58M10EC123456", fabricacao=2012, tipo="microonibus", lotacao=24)
ESCOLAR = "EAR; TRANSPORTE ESCOLAR"
ATTENDANT = Person(9, "Luciana Aparecida Gomes", make_cpf("309123456"), municipio="Ipatinga", uf="MG")


def driver_docs(p: Person, ref: date) -> list[Document]:
    return [cnh(p, ref, observacoes=ESCOLAR), identity(p), criminal_record(p, ref, emitted=-10),
            course(p, "Curso de Condutores de Veículos de Transporte Escolar", ref), medical(p, ref, emitted=-10),
            home(p, ref)]


def attendant_docs(ref: date) -> list[Document]:
    p = ATTENDANT
    return [identity(p), medical(p, ref), home(p, ref)]


def valid_pj(ref: date = REF) -> list[Document]:
    c = CARRIER
    docs = [
        *company_docs(c, ref),
        address("endereco_empresa", c.holder, "Ipatinga", "MG", ref),
        doc("alvara", "alvara", {**c.holder, "numero": "ALV-2026-0311", "municipio": "Ipatinga",
                                 "data_emissao": d(ref, -60), "validade": f"{ref.year}-12-31",
                                 "atividade": "Transporte escolar"}),
        doc("declaracao", "requerimento", {**c.holder, "data_emissao": d(ref, -2),
                                           "objeto": "Declaração de instalação com área apropriada para estacionamento dos veículos"}),
        *[certidao(f"cert_{t}", t, c.holder, ref) for t in ("federal", "estadual", "municipal", "trabalhista", "fgts")],
        *vehicle_docs(1, c, ref, **MICRO, inspected=d(ref, -40), laudo_valid_months=6),
    ]
    for p in DRIVERS:
        docs += [*driver_docs(p, ref), ctps(p, c, ref)]
    return docs


OWNER = DRIVERS[0]  # the natural-person applicant: driver and owner of the minibus
OWNER_AS_CARRIER = Carrier(OWNER.name, OWNER.cpf, "Ipatinga", "MG", [], "")


def valid_pf(ref: date = REF) -> list[Document]:
    docs = [*vehicle_docs(1, OWNER_AS_CARRIER, ref, **MICRO, inspected=d(ref, -40), laudo_valid_months=6)]
    for p in DRIVERS:
        docs += [*driver_docs(p, ref),
                 certidao(f"eleitoral{p.n}", "eleitoral", p.holder, ref, resultado=None, valid=None),
                 certidao(f"militar{p.n}", "militar", p.holder, ref, resultado=None, valid=None),
                 certidao(f"pontos{p.n}", "cnh_pontuacao", p.holder, ref, valid=30)]
    return docs


VALID_PJ = {
    "art2-x": "ok",
    "art24-i": "ok", "art24-ii": "ok", "art24-iii": "ok", "art24-iv": "ok", "art24-v": "ok", "art24-vi": "ok",
    "art24-vii": "ok", "art24-viii": "ok", "art24-ix": "ok", "art24-x": "ok",
    "art24-xi": "not_applicable",  # the DPVAT ticket (category 3) does not exist in 2026
    "art24-xii": "ok", "art24-xiii": "ok", "art24-xiv": "ok", "art24-xv": "ok", "art24-xvi": "ok",
    "art24-xvii": "ok", "art24-p1": "ok",
    "art24-p2": "not_applicable",  # no vehicle in leasing
    "art26-i": "not_applicable", "art26-ii": "not_applicable", "art26-iii": "not_applicable",  # no attendant declared
    "art27": "ok", "art30": "ok",
}

VALID_PF = {
    "art2-x": "ok",
    "art25-i": "ok", "art25-ii": "ok", "art25-iii": "ok", "art25-iv": "ok", "art25-v": "ok", "art25-vi": "ok",
    "art25-vii": "ok", "art25-viii": "ok",
    "art25-ix": "not_applicable",  # the DPVAT ticket (category 3) does not exist in 2026
    "art25-x": "ok", "art25-xi": "ok",
    "art25-p1": "not_applicable",  # both drivers live in Ipatinga
    "art25-p2": "ok",
    "art25-p3": "not_applicable",  # no vehicle in leasing
    "art26-i": "not_applicable", "art26-ii": "not_applicable", "art26-iii": "not_applicable",
    "art27": "ok", "art30": "ok",
}
