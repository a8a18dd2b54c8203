"""A complete, valid DER/MG packet (registration of the autorizatário, one bus, two drivers, and
the authorization of a fretamento contínuo contract), built by hand. See
validators/rulebooks/PACKETS.md."""

from __future__ import annotations

from datetime import date

from tests.validators.metroplan_packet import drop, get, setf  # noqa: F401  (re-exported for the tests)
from tests.validators.packet_parts import (
    REF, Carrier, Person, address, certidao, cnh, company_docs, ctps, d, doc, home, identity,
    make_cnpj, make_cpf, vehicle_docs,
)
from domain.documents import Document

RB = "mg-der-fretamento"
CARRIER = Carrier("VIAÇÃO SERRA DO CURRAL LTDA", make_cnpj("556667770001"), "Belo Horizonte", "MG",
                  [("Antônio Carlos Drummond", make_cpf("111222333")), ("Maria Aparecida Drummond", make_cpf("444555666"))],
                  "Transporte rodoviário coletivo de passageiros sob regime de fretamento, intermunicipal e interestadual")
DRIVERS = [Person(1, "Geraldo Magela Souza", make_cpf("303123456"), municipio="Contagem", uf="MG"),
           Person(2, "Wellington Alves Pereira", make_cpf("304123456"), municipio="Betim", uf="MG")]
BUS = dict(placa="HMG2C34", chassi="9BM634011GB123456", fabricacao=2016, tipo="onibus", lotacao=46)
CONTRACTOR = ("Siderúrgica Vale do Aço S.A.", make_cnpj("778889990001"))


def valid_packet(ref: date = REF) -> list[Document]:
    c = CARRIER
    y = ref.year
    docs = [
        *company_docs(c, ref),
        address("endereco_empresa", c.holder, "Belo Horizonte", "MG", ref),
        doc("inscricao", "inscricao_estadual", {**c.holder, "numero": "0622345670081", "data_emissao": d(ref, -30),
                                                "situacao": "HABILITADO", "cnae": ["4929-9/02"]}),
        *[certidao(f"cert_{t}", t, c.holder, ref) for t in ("inss", "fgts", "estadual")],
        # the mechanical engineer's declaration (CREA), renewed every six months
        *vehicle_docs(1, c, ref, **BUS, inspected=d(ref, -60), emissor="crea", laudo_valid_months=6),
        doc("requerimento", "requerimento", {**c.holder, "data_emissao": d(ref, -1),
                                             "objeto": "Cadastramento e autorização de fretamento contínuo"}),
        doc("contrato", "contrato_fretamento", {
            "numero_contrato": "045/2026", "contratante_nome": CONTRACTOR[0], "contratante_documento": CONTRACTOR[1],
            "contratante_tipo": "pj", "contratado_nome": c.name, "contratado_documento": c.cnpj,
            "data_assinatura": f"{y}-01-20", "vigencia_inicio": f"{y}-02-01", "vigencia_fim": f"{y}-12-20",
            "origem": "Belo Horizonte (Praça da Estação)", "destino": "Ipatinga (Usina)",
            "itinerario": "Belo Horizonte – BR-381 – João Monlevade – Ipatinga",
            "horarios": "Saída 05h10, retorno 17h30, de segunda a sexta", "locais_embarque": "Praça da Estação",
            "valor": 380000.0}),
    ]
    for p in DRIVERS:
        docs += [cnh(p, ref), identity(p), ctps(p, c, ref), home(p, ref),
                 certidao(f"prontuario{p.n}", "cnh_pontuacao", p.holder, ref, valid=30),
                 certidao(f"criminal{p.n}", "criminal", p.holder, ref, valid=80),
                 doc(f"cartao_condutor{p.n}", "documento_identidade", {
                     **p.holder, "numero": f"DER-{p.n}", "tipo_documento": "condutor_fretado",
                     "empregador_nome": c.name, "empregador_documento": c.cnpj})]
    return docs


VALID = {
    "art2-iv": "ok",
    "art4-i-a": "ok", "art4-i-b": "ok", "art4-i-c": "ok", "art4-i-d": "ok", "art4-i-e": "ok",
    "art4-i-f": "not_applicable",  # no fretamento eventual declared
    "art4-i-g": "ok",
    "art4-ii-a": "ok",
    "art4-ii-b": "not_applicable",  # no DPVAT ticket exists in 2026
    "art4-ii-c": "ok", "art4-ii-d": "ok",
    "art4-iii-a": "ok", "art4-iii-b": "ok", "art4-iii-c": "ok", "art4-iii-d": "ok", "art4-iii-e": "ok",
    "art4-iii-f": "ok", "art4-iii-g": "ok",
    "art4-p1": "ok", "art7": "ok", "art7-p2": "ok",
}
