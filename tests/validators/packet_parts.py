"""Documents the four municipal and state acts share, built by hand (no PDF): the carrier and its
certificates, a vehicle and its papers, a driver and theirs. Each act's factory
(santa_maria_packet, der_mg_packet, ipatinga_packet, emtu_packet) assembles a complete valid
packet from these and says what it changes. Every field is read confidently unless a test says
otherwise; dates are relative to the reference date."""

from __future__ import annotations

from datetime import date, timedelta

from domain.documents import Document
from domain.ids import cnh as cnh_id
from tests.validators.metroplan_packet import doc, make_cnpj, make_cpf
from validators.dates import add_months

REF = date(2026, 3, 2)


def make_cnh(base9: str) -> str:
    """A CNH number whose check digits pass the mod-11 variant (domain.ids.cnh)."""
    n = [int(c) for c in base9]
    dv1 = cnh_id.mod11_digit(sum(v * w for v, w in zip(n, range(2, 11))))
    n.append(dv1)
    dv2 = cnh_id.mod11_digit(sum(v * w for v, w in zip(n, (3, 4, 5, 6, 7, 8, 9, 10, 11, 2))))
    number = base9 + str(dv1) + str(dv2)
    assert cnh_id.is_valid(number)
    return number


def d(ref: date, days: int) -> str:
    return (ref + timedelta(days=days)).isoformat()


def m(ref: date, months: int) -> str:
    return add_months(ref, months).isoformat()


# --- the carrier --------------------------------------------------------------------------

class Carrier:
    def __init__(self, name: str, cnpj: str, municipio: str, uf: str, partners: list[tuple[str, str]],
                 objeto: str, capital: float = 200000.0, natureza: str = "206-2 - Sociedade Empresária Limitada"):
        self.name, self.cnpj, self.municipio, self.uf = name, cnpj, municipio, uf
        self.partners, self.objeto, self.capital, self.natureza = partners, objeto, capital, natureza

    @property
    def holder(self) -> dict:
        return {"titular_nome": self.name, "titular_documento": self.cnpj}


def company_docs(c: Carrier, ref: date) -> list[Document]:
    """Cartão CNPJ, contrato social (with partners and NIRE), the partners' identities."""
    y = ref.year
    return [
        doc("cartao", "cartao_cnpj", {**c.holder, "data_emissao": d(ref, -5), "data_abertura": "2011-05-04",
                                      "situacao": "ATIVA", "cnae": ["4929-9/01", "4929-9/02"],
                                      "natureza_juridica": c.natureza, "mei": False}),
        doc("contrato_social", "contrato_social", {
            **c.holder, "data_emissao": f"{y - 3}-04-20", "objeto_social": c.objeto,
            "capital_social": c.capital, "capital_integralizado": c.capital,
            "socios": [{"nome": n, "cpf": p} for n, p in c.partners], "registro_junta": "31201234567"}),
        *[doc(f"identidade_socio{i}", "documento_identidade", {
            "titular_nome": n, "titular_documento": p, "numero": f"MG-10{i}55666", "data_emissao": "2015-06-01",
            "data_nascimento": "1972-03-15"}) for i, (n, p) in enumerate(c.partners, start=1)],
    ]


def certidao(doc_id: str, tipo: str, holder: dict, ref: date, *, emitted: int = -10, valid: int | None = 60,
             resultado: str | None = "negativa") -> Document:
    fields = {**holder, "numero": f"{tipo.upper()}-{doc_id}", "tipo_certidao": tipo, "data_emissao": d(ref, emitted)}
    if resultado is not None:
        fields["resultado"] = resultado
    if valid is not None:
        fields["validade"] = d(ref, valid)
    return doc(doc_id, "certidao", fields)


def address(doc_id: str, holder: dict, municipio: str, uf: str, ref: date) -> Document:
    return doc(doc_id, "comprovante_endereco", {**holder, "endereco": f"Rua das Flores, 100 - Centro - {municipio}",
                                               "municipio": municipio, "uf": uf, "data_emissao": d(ref, -20)})


# --- a vehicle ----------------------------------------------------------------------------

def vehicle_docs(n: int, c: Carrier, ref: date, *, placa: str, chassi: str, fabricacao: int, tipo: str = "onibus",
                 lotacao: int = 44, owner: str | None = None, municipio: str | None = None,
                 inspected: str | None = None, emissor: str = "municipio", laudo_valid_months: int = 12,
                 with_crv: bool = True, with_policy: bool = True) -> list[Document]:
    """CRLV, CRV, policy and its payment, inspection report of one vehicle (suffix n)."""
    y = ref.year
    owner = owner or c.cnpj
    municipio = municipio or c.municipio
    especie = {"onibus": "PASSAGEIRO ONIBUS", "microonibus": "PASSAGEIRO MICROONIBUS"}.get(tipo, "PASSAGEIRO CAMIONETA")
    inspected = inspected or d(ref, -30)
    out = [
        doc(f"crlv{n}", "crlv", {
            "placa": placa, "renavam": "19525197703", "chassi": chassi, "exercicio": y,
            "ano_fabricacao": fabricacao, "ano_modelo": fabricacao, "categoria": "ALUGUEL",
            "especie_tipo": especie, "tipo_veiculo": tipo, "lotacao": lotacao,
            "proprietario_nome": c.name, "proprietario_documento": owner, "data_emissao": f"{y}-01-15",
            "municipio": f"{municipio.upper()} {c.uf}"}),
        doc(f"laudo{n}", "laudo_inspecao", {
            **c.holder, "numero": f"L-{y}-{n:03d}", "placa": placa, "chassi": chassi, "data_emissao": inspected,
            "validade": m(date.fromisoformat(inspected), laudo_valid_months), "resultado": "aprovado",
            "emissor": emissor}),
    ]
    if with_crv:
        out.append(doc(f"crv{n}", "crv", {
            "placa": placa, "renavam": "19525197703", "chassi": chassi, "ano_fabricacao": fabricacao,
            "ano_modelo": fabricacao, "proprietario_nome": c.name, "proprietario_documento": owner,
            "municipio": municipio, "data_emissao": f"{fabricacao + 1}-02-10"}))
    if with_policy:
        policy = f"10053100{n:05d}"
        out += [
            doc(f"apolice{n}", "apolice_seguro", {
                "numero_apolice": policy, "seguradora_nome": "Seguradora Exemplo S.A.",
                "seguradora_cnpj": make_cnpj("334445550001"), "segurado_nome": c.name, "segurado_documento": c.cnpj,
                "vigencia_inicio": f"{y}-01-01", "vigencia_fim": f"{y}-12-31", "placa": placa, "chassi": chassi,
                "assentos": lotacao, "ap_por_passageiro": 100000.0, "rc_por_veiculo": 1500000.0,
                "dmh_por_passageiro": 20000.0}),
            doc(f"pagamento{n}", "comprovante_pagamento_seguro", {
                "numero_apolice": policy, "segurado_nome": c.name, "segurado_documento": c.cnpj,
                "data_pagamento": f"{y}-01-10", "valor": 9200.0, "quitado": True}),
        ]
    return out


def set_year(docs: list[Document], n: int, year: int) -> list[Document]:
    """The year of manufacture of vehicle n, on its CRLV and (when there is one) its CRV."""
    for x in docs:
        if x.id in (f"crlv{n}", f"crv{n}"):
            x.fields["ano_fabricacao"] = type(x.fields["ano_fabricacao"])(value=year, confidence=0.95, page=1)
    return docs


def dpvat_ticket(doc_id: str, placa: str, exercicio: int, holder: dict, categoria: str = "03") -> Document:
    return doc(doc_id, "comprovante_pagamento_seguro", {
        **{"segurado_nome": holder["titular_nome"], "segurado_documento": holder["titular_documento"]},
        "data_pagamento": f"{exercicio}-01-20", "valor": 242.0, "quitado": True, "dpvat": True, "placa": placa,
        "exercicio": exercicio, "categoria_tarifaria": categoria})


# --- a driver -----------------------------------------------------------------------------

class Person:
    def __init__(self, n: int, name: str, cpf: str, born: str = "1980-05-01", categoria: str = "D",
                 cnh_numero: str | None = None, municipio: str = "Santa Maria", uf: str = "RS"):
        self.n, self.name, self.cpf, self.born, self.categoria = n, name, cpf, born, categoria
        self.cnh_numero = cnh_numero or make_cnh(f"{n}0{n}45678{n}"[:9])
        self.municipio, self.uf = municipio, uf

    @property
    def holder(self) -> dict:
        return {"titular_nome": self.name, "titular_documento": self.cpf}


def cnh(p: Person, ref: date, *, ear: bool = True, observacoes: str = "EAR") -> Document:
    return doc(f"cnh{p.n}", "cnh", {**p.holder, "numero": p.cnh_numero, "categoria": p.categoria, "ear": ear,
                                     "data_nascimento": p.born, "data_emissao": d(ref, -800),
                                     "validade": d(ref, 1800), "observacoes": observacoes})


def identity(p: Person, *, doc_id: str | None = None) -> Document:
    return doc(doc_id or f"identidade{p.n}", "documento_identidade", {
        **p.holder, "numero": f"10{p.n}7778889", "data_emissao": "2010-02-01", "data_nascimento": p.born,
        "tipo_documento": "rg"})


def ctps(p: Person, employer: Carrier, ref: date) -> Document:
    return doc(f"ctps{p.n}", "documento_identidade", {
        **p.holder, "numero": f"CTPS-{p.n}", "tipo_documento": "ctps", "empregador_nome": employer.name,
        "empregador_documento": employer.cnpj, "data_admissao": "2021-03-01"})


def criminal_record(p: Person, ref: date, *, emitted: int = -10, resultado: str = "nada_consta") -> Document:
    return doc(f"antecedentes{p.n}", "atestado_antecedentes", {
        **p.holder, "numero": f"AC-{p.n}", "resultado": resultado, "data_emissao": d(ref, emitted),
        "validade": d(ref, emitted + 90)})


def course(p: Person, name: str, ref: date, *, emitted: str = "2023-05-10", validade: str | None = "2028-05-10") -> Document:
    fields = {**p.holder, "curso": name, "numero": f"CUR-{p.n}", "data_emissao": emitted}
    if validade:
        fields["validade"] = validade
    return doc(f"curso{p.n}", "certificado_curso", fields)


def medical(p: Person, ref: date, *, emitted: int = -10, apto: bool = True) -> Document:
    return doc(f"medico{p.n}", "atestado_medico", {**p.holder, "apto": apto, "medico_crm": "CRM-MG 12345",
                                                    "data_emissao": d(ref, emitted)})


def home(p: Person, ref: date, municipio: str | None = None) -> Document:
    return address(f"endereco{p.n}", p.holder, municipio or p.municipio, p.uf, ref)


__all__ = ["REF", "Carrier", "Person", "address", "certidao", "cnh", "company_docs", "course", "criminal_record",
           "ctps", "d", "doc", "dpvat_ticket", "home", "identity", "m", "make_cnh", "make_cnpj", "make_cpf",
           "medical", "set_year", "vehicle_docs"]
