"""What the generator makes: the document pool (each document once) and the packets that
link to it. A defect packet differs from its base only in the documents its defect changes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cache
from typing import Callable

from samples.gen import ids, world
from samples.gen.docs import (alvara, apolice, avulsos, cartao_cnpj, contrato, contrato_social, crlv,
                              grade, identidade, inscricao_estadual, laudo, lista, pagamento_seguro,
                              requerimento, taxa)
from samples.gen.world import Apolice, Contrato, Empresa, Passageiro, Veiculo

RULEBOOK = "rs-metroplan-escolar"
REFERENCE = date(2026, 3, 2)
ITEMS = [
    "art2-ii-a", "art2-ii-b", "art2-ii-p1", "art2-ii-p2", "art2-ii-p3", "art2-ii-p4",
    "art2-iii-a", "art2-iii-b", "art2-iii-c", "art2-iii-d", "art2-viii", "art2-viii-pu",
    "art4-i", "art4-ii", "art4-iii", "art4-iv", "art4-v", "art4-vi", "art4-vii", "art4-viii",
    "art4-ix", "art4-x", "art4-xi", "art4-xi-a", "art4-xi-b", "art4-xi-c", "art4-xii",
    "art4-xiii", "art4-xiv", "art7", "art18", "art22",
]

# dates shared by the packets
ASSINATURA = date(2026, 1, 15)
VIG_INICIO, VIG_FIM = date(2026, 2, 1), date(2026, 12, 18)
APOLICE_INICIO, APOLICE_FIM, APOLICE_EMISSAO = date(2025, 12, 20), date(2026, 12, 20), date(2025, 12, 18)
LAUDO_DATA, LAUDO_VALIDADE = date(2026, 2, 27), date(2026, 8, 31)
TAXA_DATA = date(2026, 2, 20)
REQUERIMENTO_DATA = date(2026, 2, 23)
TAXA_REQUERIMENTO = 28.33  # 1 UPF-RS 2026 (R$ 28,3264), Art. 23
TAXA_AUTORIZACAO = 566.53


@dataclass
class Entry:
    name: str
    type: str
    layout: str
    render: Callable[[], tuple[bytes, dict]]
    notes: dict = field(default_factory=dict)  # extra keys for the expected JSON
    scan: dict = field(default_factory=dict)  # overrides: turn, turn_pages, mode, fmt
    photo: bool = False  # also photographed (gen/photo.py)


@dataclass
class Smudged:
    name: str
    source: str
    field: str
    needle: str


@dataclass
class Packet:
    name: str
    description: str
    defect: str | None
    documents: list[str]
    items: dict[str, str]
    facts: dict = field(default_factory=dict)
    rulebook: str = RULEBOOK
    reference: date = REFERENCE

    @property
    def verdict(self) -> str:
        st = set(self.items.values())
        for v in ("fail", "missing", "review"):
            if v in st:
                return {"missing": "incomplete"}.get(v, v)
        return "ok"


class Pool:
    def __init__(self):
        self.entries: dict[str, Entry] = {}
        self.smudged: list[Smudged] = []

    def add(self, name: str, type_: str, layout: str, fn, *args, notes=None, scan=None, photo=False, **kw) -> str:
        if name not in self.entries:
            self.entries[name] = Entry(name, type_, layout, lambda: fn(*args, **kw), notes or {}, scan or {}, photo)
        return name


def _premio(seats: int, key: str) -> float:
    return round(2650 + seats * 118.4 + ids.rng("premio:" + key).randint(0, 9999) / 100, 2)


def _num_pampa(key: str) -> str:
    d = ids.digits("apn:" + key, 8)
    return f"05.53.{d[:7]}-{d[7]}"


def _num_atlantico(key: str) -> str:
    return f"1031.53.{ids.digits('apa:' + key, 6)}"


@dataclass
class Frota:
    """The documents of one vehicle in a packet."""
    crlv: str
    laudo: str
    taxa: str
    apolice: str | None
    pagamento: str | None

    def docs(self) -> list[str]:
        return [d for d in (self.crlv, self.laudo, self.taxa, self.apolice, self.pagamento) if d]


@cache
def build() -> tuple[Pool, list[Packet]]:
    w = world.build()
    pool = Pool()
    P = pool.add

    # ------------------------------------------------------------ carrier documents
    def carrier_docs(e: Empresa, slug: str) -> list[str]:
        out = [
            P(f"cartao-cnpj-{slug}", "cartao_cnpj", "receita-federal", cartao_cnpj.render, e, date(2026, 2, 20)),
            P(f"contrato-social-{slug}", "contrato_social", "consolidacao", contrato_social.render, e,
              date(2023, 3, 10), scan={"turn_pages": {1: 180}} if slug == "vale" else None),
        ]
        for i, s in enumerate(e.socios):
            lay = identidade.LAYOUTS[i % 2]
            out.append(P(f"identidade-{slug}-socio{i + 1}", "documento_identidade", lay, identidade.render, s, lay))
        out += [
            P(f"alvara-{slug}", "alvara", "prefeitura", alvara.render, e, f"{ids.digits('alv:' + slug, 5)}/2026",
              date(2026, 1, 8), date(2026, 12, 31)),
            P(f"inscricao-estadual-{slug}", "inscricao_estadual", "sefaz-rs", inscricao_estadual.render, e,
              date(2026, 2, 20)),
        ]
        return out

    def taxa_req(e: Empresa, slug: str) -> str:
        return P(f"taxa-requerimento-{slug}", "comprovante_taxa", "banrisul-ga", taxa.render, e, "requerimento",
                 TAXA_REQUERIMENTO, TAXA_DATA, None)

    # ------------------------------------------------------------ vehicles
    def crlv_doc(name: str, v: Veiculo, exercicio: int, emissao: date, layout="crlve-2025", **kw) -> str:
        return P(f"crlv-{name}", "crlv", layout, crlv.render, v, layout, exercicio=exercicio, emissao=emissao,
                 key=name, **kw)

    def policy(name: str, v: Veiculo, e: Empresa, layout: str, *, ap=(100_000.0, 100_000.0),
               rc=1_500_000.0, dmh=20_000.0, inicio=APOLICE_INICIO, fim=APOLICE_FIM,
               emissao=APOLICE_EMISSAO, numero_key=None) -> Apolice:
        nk = numero_key or name
        seg = w.pampa if layout == "pampa" else w.atlantico
        return Apolice(
            numero=_num_pampa(nk) if layout == "pampa" else _num_atlantico(nk),
            proposta=f"{emissao.year}.{ids.digits('prop:' + nk, 3)}.{ids.digits('prop2:' + nk, 5)}",
            seguradora=seg, segurado=e, veiculo=v, inicio=inicio, fim=fim, emissao=emissao,
            assentos=v.lotacao, ap_morte=ap[0], ap_invalidez=ap[1], rc_passageiros=rc, dmh=dmh,
            premio_liquido=_premio(v.lotacao, nk), parcelas=1 if layout == "pampa" else 4)

    def policy_docs(name: str, a: Apolice, pay_name: str | None = None) -> tuple[str, str]:
        lay = "pampa" if a.seguradora is w.pampa else "atlantico"
        ap = P(f"apolice-{name}", "apolice_seguro", lay, apolice.render, a, lay)
        pay_name = pay_name or name
        pay_lay = "boleto" if lay == "pampa" else "extrato"
        pg = P(f"pagamento-seguro-{pay_name}", "comprovante_pagamento_seguro", pay_lay,
               pagamento_seguro.render, a, pay_lay, REFERENCE)
        return ap, pg

    def frota(name: str, v: Veiculo, e: Empresa, exercicio: int, emissao: date, layout: str,
              a: Apolice | None = None) -> Frota:
        a = a or policy(name, v, e, layout)
        ap, pg = policy_docs(name, a)
        return Frota(
            crlv=crlv_doc(name, v, exercicio, emissao),
            laudo=P(f"laudo-{name}", "laudo_inspecao", "metroplan", laudo.render, v,
                    f"LIT-{ids.digits('laudo:' + name, 4)}/2026", LAUDO_DATA, LAUDO_VALIDADE,
                    scan={"turn": 90} if name == "onibus1" else None),
            taxa=P(f"taxa-autorizacao-{name}", "comprovante_taxa", "banrisul-ga", taxa.render, e, "autorizacao",
                   TAXA_AUTORIZACAO, TAXA_DATA, v),
            apolice=ap, pagamento=pg)

    carrier, alfa = w.carrier, w.carrier_alfa
    bus1 = frota("onibus1", w.bus1, carrier, 2026, date(2026, 1, 12), "pampa")
    bus2 = frota("onibus2", w.bus2, carrier, 2025, date(2025, 4, 22), "atlantico",
                 policy("onibus2", w.bus2, carrier, "atlantico", ap=(120_000.0, 100_000.0)))
    van = frota("camioneta", w.van, carrier, 2026, date(2026, 1, 12), "pampa")
    micro9 = frota("micro9", w.micro9, carrier, 2026, date(2026, 1, 14), "pampa")
    bus20 = frota("onibus20", w.bus20, carrier, 2026, date(2026, 1, 14), "pampa")
    bus_alfa = frota("onibus-alfa", w.bus_alfa, alfa, 2026, date(2026, 1, 20), "pampa")

    # pool-only CRLVs of the other eras
    crlv_doc("micro-2020", w.micro_2020, 2020, date(2020, 3, 9), "crlve-2020")
    crlv_doc("micro-papel", w.micro_papel, 2019, date(2019, 4, 5), "crlv-papel")

    # ------------------------------------------------------------ contracts and lists
    itin = ("Canoas (Praça da Emancipação) - Av. Guilherme Schell - BR-116 - Av. Assis Brasil - "
            "Av. Plínio Brasil Milano - Av. Protásio Alves - Porto Alegre (Colégio Santa Clara)")
    hor = "ida: saída às 06h20 e chegada às 07h30; volta: saída às 12h20 e chegada às 13h30"
    locais = "Praça da Emancipação, Centro, Canoas; Av. Boqueirão, 1200, Igara, Canoas; Estação Mathias Velho (Trensurb), Canoas"
    k_escola = Contrato("012/2026", w.escola, carrier, w.escola, ASSINATURA, VIG_INICIO, VIG_FIM,
                        "Canoas/RS", "Porto Alegre/RS", itin, hor, locais, 4500.0, True, "Porto Alegre")
    k_pf = Contrato("027/2026", w.estudante, carrier, w.faculdade, ASSINATURA, VIG_INICIO, VIG_FIM,
                    "São Leopoldo/RS", "Porto Alegre/RS",
                    "São Leopoldo (Centro) - BR-116 - Av. dos Estados - Av. Sertório - Av. Ipiranga - "
                    "Porto Alegre (Faculdade Metropolitana)",
                    "ida: saída às 17h40 e chegada às 18h50; volta: saída às 22h40 e chegada às 23h50",
                    "Praça do Imigrante, Centro, São Leopoldo; Estação Unisinos (Trensurb), São Leopoldo",
                    45_000.0, False, "São Leopoldo")
    k_alfa = Contrato("031/2026", w.escola, alfa, w.escola, ASSINATURA, VIG_INICIO, VIG_FIM,
                      "Guaíba/RS", "Porto Alegre/RS",
                      "Guaíba (Centro) - BR-116 - Ponte do Guaíba - Av. Castelo Branco - Av. Protásio Alves - "
                      "Porto Alegre (Colégio Santa Clara)",
                      "ida: saída às 06h10 e chegada às 07h30; volta: saída às 12h20 e chegada às 13h40",
                      "Praça Sete de Setembro, Centro, Guaíba; Av. Nestor de Moura Jardim, 800, Colina, Guaíba",
                      4800.0, True, "Porto Alegre")
    k_pref = Contrato("008/2026", w.prefeitura, carrier, None, date(2026, 1, 20), VIG_INICIO, VIG_FIM,
                      "Sapucaia do Sul/RS", "Porto Alegre/RS e Canoas/RS",
                      "Sapucaia do Sul (Centro) - BR-116 - Esteio - Canoas (Centro) - BR-116 - Porto Alegre (Centro)",
                      "ida: saída às 06h00; volta: saída às 18h30",
                      "Terminal Rodoviário de Sapucaia do Sul; Praça General Freitas, Centro, Sapucaia do Sul",
                      38_500.0, True, "Sapucaia do Sul")
    k_pai = replace(k_escola, numero="019/2026", contratante=w.pai, representa_menor=w.filho, valor=1_150.0)

    def contrato_doc(name, k, layout):
        return P(f"contrato-{name}", "contrato_fretamento", layout, contrato.render, k, layout)

    def lista_doc(name, k, inst, pax, layout, repeat=True, notes=None):
        return P(f"lista-{name}", "lista_passageiros", layout, lista.render, k, inst, pax, layout,
                 data=date(2026, 1, 20), repeat_header=repeat, notes=notes)

    c_escola = contrato_doc("escola", k_escola, "clausulas")
    c_pf = contrato_doc("pessoa-fisica", k_pf, "quadro")
    c_alfa = contrato_doc("alfa", k_alfa, "clausulas")
    contrato_doc("prefeitura", k_pref, "quadro")
    contrato_doc("pai-representante", k_pai, "clausulas")
    l_escola = lista_doc("escola", k_escola, w.escola, w.alunos_escola, "metroplan")
    l_pf = lista_doc("pessoa-fisica", k_pf, w.faculdade, w.alunos_faculdade, "instituicao", repeat=False)
    l_alfa = lista_doc("alfa", k_alfa, w.escola, w.alunos_guaiba, "metroplan")
    lista_doc("prefeitura", k_pref, w.prefeitura, w.alunos_prefeitura, "metroplan", repeat=False)

    carrier_a = carrier_docs(carrier, "vale")
    carrier_b = carrier_docs(alfa, "alfa")
    treq_a, treq_b = taxa_req(carrier, "vale"), taxa_req(alfa, "alfa")

    def req(name, e, k, vs):
        return P(f"requerimento-{name}", "requerimento", "metroplan", requerimento.render, e, k, vs,
                 REQUERIMENTO_DATA)

    def assemble(reqdoc, treq, frotas, contrato_name, lista_name, carrier_list, extra=()):
        docs = [reqdoc, treq]
        for f in frotas:
            docs += [f.taxa, f.laudo]
        docs += [contrato_name, lista_name, *extra, *carrier_list]
        for f in frotas:
            docs += [d for d in (f.apolice, f.pagamento, f.crlv) if d]
        return docs

    # unrelated documents and the smudged scan
    P("carta-pessoal", "unknown", "carta", avulsos.carta)
    P("cupom-restaurante", "unknown", "cupom", avulsos.cupom)
    pool.smudged.append(Smudged("crlv-onibus1-borrado", "crlv-onibus1", "placa", w.bus1.placa))

    # ------------------------------------------------------------ packets
    packets: list[Packet] = []
    ok = {i: "ok" for i in ITEMS}
    items_escola = {**ok, "art2-ii-b": "not_applicable", "art2-ii-p1": "not_applicable",
                    "art2-ii-p2": "not_applicable", "art7": "not_applicable"}
    items_pf = {**ok, "art2-ii-a": "not_applicable", "art2-ii-p2": "not_applicable",
                "art7": "not_applicable"}
    r_escola = req("escola", carrier, k_escola, [w.bus1])
    base_escola = assemble(r_escola, treq_a, [bus1], c_escola, l_escola, carrier_a)

    def add(name, description, defect, docs, items, base_items=items_escola):
        packets.append(Packet(name, description, defect, docs, {**base_items, **items}))

    def swap(docs: list[str], **repl) -> list[str]:
        out = [repl.get(d, d) for d in docs]
        return [d for d in out if d]

    add("valid-escola", "Pacote completo e regular: contratante pessoa jurídica (escola), um ônibus de 44 "
        "lugares, 30 passageiros, apólice com valores acima dos mínimos.", None, base_escola, {})
    r_pf = req("pessoa-fisica", carrier, k_pf, [w.bus2])
    base_pf = assemble(r_pf, treq_a, [bus2], c_pf, l_pf, carrier_a)
    add("valid-pessoa-fisica", "Pacote completo e regular: contratante pessoa física (estudante "
        "representante do grupo, presente na lista), instituição de destino indicada no contrato, ônibus "
        "financiado (alienação fiduciária).", None, base_pf, {}, items_pf)
    # the same bus on the CRLV-e as the Carteira Digital de Trânsito issues it (gen/catalog_cdt.py)
    from samples.gen import catalog_cdt
    cdt_bus1 = catalog_cdt.build(pool)
    add("valid-escola-crlv-cdt", "Pacote completo e regular, igual a valid-escola, mas com o CRLV-e do ônibus como a "
        "Carteira Digital de Trânsito o emite (leiaute SENATRAN medido: rótulos das duas colunas na mesma linha, "
        "legenda do QR girada, bloco DPVAT mascarado, S/REST; NAC).", None, swap(base_escola, **{bus1.crlv: cdt_bus1}),
        {})

    # CRLV defects
    cp = crlv_doc("onibus1-particular", replace(w.bus1, categoria="PARTICULAR"), 2026, date(2026, 1, 12))
    add("categoria-particular", "CRLV com categoria PARTICULAR em vez de ALUGUEL.", "crlv_categoria_particular",
        swap(base_escola, **{bus1.crlv: cp}), {"art4-xii": "fail"})
    l14 = lista_doc("escola-14", k_escola, w.escola, w.alunos_escola[:14], "metroplan")
    docs = assemble(req("camioneta", carrier, k_escola, [w.van]), treq_a, [van], c_escola, l14, carrier_a)
    add("especie-nao-onibus", "Veículo de espécie PASSAGEIRO CAMIONETA (15 lugares), não ônibus nem "
        "microônibus; 14 passageiros.", "crlv_especie_nao_onibus", docs, {"art4-xii": "fail"})
    docs = assemble(req("micro9", carrier, k_escola, [w.micro9]), treq_a, [micro9], c_escola, l_escola, carrier_a)
    add("lotacao-9", "Veículo com lotação de 9 lugares (não superior a 9) para 30 passageiros.",
        "crlv_lotacao_9", docs, {"art4-xii": "fail", "art18": "fail"})
    docs = assemble(req("onibus20", carrier, k_escola, [w.bus20]), treq_a, [bus20], c_escola, l_escola, carrier_a)
    add("passageiros-acima-lotacao", "Ônibus de 20 lugares para uma lista de 30 passageiros.",
        "passageiros_acima_lotacao", docs, {"art18": "fail"})
    other = replace(w.bus1, owner_nome=w.outra_empresa.razao, owner_doc=w.outra_empresa.cnpj,
                    owner_municipio=w.outra_empresa.endereco.municipio)
    co = crlv_doc("onibus1-outra-empresa", other, 2026, date(2026, 1, 12))
    add("crlv-outra-empresa", "CRLV em nome de outra empresa (CNPJ que não é o do transportador nem CPF de "
        "sócio).", "crlv_outra_empresa", swap(base_escola, **{bus1.crlv: co}), {"art2-iii-c": "fail"})

    # contract defects
    k = replace(k_escola, inicio=date(2026, 1, 10))
    c = contrato_doc("escola-vigencia-antes", k, "clausulas")
    add("vigencia-antes-assinatura", "Contrato assinado em 15/01/2026 com vigência iniciando em 10/01/2026.",
        "vigencia_antes_assinatura", swap(base_escola, **{c_escola: c}), {"art2-viii-pu": "fail"})
    k = replace(k_escola, fim=date(2026, 2, 20))
    c = contrato_doc("escola-vencido", k, "clausulas")
    add("contrato-vencido", "Contrato com vigência encerrada em 20/02/2026, antes da data de referência.",
        "contrato_vencido", swap(base_escola, **{c_escola: c}), {"art4-v": "fail"})
    bad = ids.break_check_digit(carrier.cnpj)
    k = replace(k_escola, contratado_doc_impresso=bad)
    c = P("contrato-escola-cnpj-errado", "contrato_fretamento", "clausulas", contrato.render, k, "clausulas",
          notes={"invalid_identifiers": ["contratado_documento"]})
    add("cnpj-digito-errado", "O contrato traz o CNPJ do transportador com dígito verificador errado.",
        "cnpj_digito_errado", swap(base_escola, **{c_escola: c}), {"art2-iii-a": "fail", "art4-v": "fail"})

    # passenger-list defects
    l1 = lista_doc("escola-um", k_escola, w.escola, w.alunos_escola[:1], "metroplan")
    add("um-passageiro", "Lista de passageiros com um único passageiro.", "um_passageiro",
        swap(base_escola, **{l_escola: l1}), {"art2-ii-p4": "fail"})
    pax = list(w.alunos_escola)
    i_bad = next(i for i, p in enumerate(pax) if p.documento_tipo == "cpf" and i >= 5)
    bad_cpf = ids.break_check_digit(pax[i_bad].documento)
    pax[i_bad] = replace(pax[i_bad], documento=bad_cpf,
                         impresso=f"{bad_cpf[:3]}.{bad_cpf[3:6]}.{bad_cpf[6:9]}-{bad_cpf[9:]}")
    lb = lista_doc("escola-cpf-invalido", k_escola, w.escola, pax, "metroplan",
                   notes={"invalid_identifiers": [f"passageiros[{i_bad}].documento"]})
    add("cpf-passageiro-invalido", f"Lista com o CPF do passageiro nº {i_bad + 1} inválido (dígito verificador).",
        "cpf_passageiro_invalido", swap(base_escola, **{l_escola: lb}), {"art4-vi": "fail"})
    outro = Passageiro("CAROLINA BECKER NUNES", "cpf", ids.cpf("substituta"), "", "Pedagogia")
    outro = replace(outro, impresso=f"{outro.documento[:3]}.{outro.documento[3:6]}.{outro.documento[6:9]}-{outro.documento[9:]}")
    lf = lista_doc("pessoa-fisica-sem-contratante", k_pf, w.faculdade, [outro] + w.alunos_faculdade[1:],
                   "instituicao", repeat=False)
    add("contratante-fora-da-lista", "Contratante pessoa física que não consta da lista de passageiros.",
        "contratante_fora_da_lista", swap(base_pf, **{l_pf: lf}), {"art2-ii-p1": "fail"}, items_pf)

    # policy defects
    for tag, kw, item, desc in [
        ("ap-abaixo", {"ap": (50_000.0, 50_000.0)}, "art4-xi-a", "APP de R$ 50.000,00 por passageiro, abaixo de 2.500 UPF-RS (R$ 70.816,00)."),
        ("rc-abaixo", {"rc": 1_000_000.0}, "art4-xi-b", "RC passageiros de R$ 1.000.000,00 por veículo, abaixo de 46.000 UPF-RS (R$ 1.303.014,40)."),
        ("dmh-abaixo", {"dmh": 10_000.0}, "art4-xi-c", "DMH de R$ 10.000,00 por passageiro, abaixo de 600 UPF-RS (R$ 16.995,84)."),
    ]:
        a = policy("onibus1", w.bus1, carrier, "pampa", **kw)  # same number and premium: same receipt
        ap = P(f"apolice-onibus1-{tag}", "apolice_seguro", "pampa", apolice.render, a, "pampa")
        add(tag, desc, tag.replace("-", "_"), swap(base_escola, **{bus1.apolice: ap}), {item: "fail"})
    a = policy("outra-placa", w.bus_outro, carrier, "pampa")
    ap, pg = policy_docs("outra-placa", a)
    add("apolice-outra-placa", "Apólice emitida para outro veículo (placa e chassi diferentes dos do CRLV).",
        "apolice_outra_placa", swap(base_escola, **{bus1.apolice: ap, bus1.pagamento: pg}),
        {"art4-xi": "fail", "art4-xi-a": "missing", "art4-xi-b": "missing", "art4-xi-c": "missing"})
    a = policy("onibus1-vencida", w.bus1, carrier, "pampa", inicio=date(2025, 2, 1), fim=date(2026, 2, 1),
               emissao=date(2025, 1, 29))
    ap, pg = policy_docs("onibus1-vencida", a)
    add("apolice-vencida", "Apólice com vigência encerrada em 01/02/2026.", "apolice_vencida",
        swap(base_escola, **{bus1.apolice: ap, bus1.pagamento: pg}),
        {"art4-xi": "fail", "art4-xi-a": "fail", "art4-xi-b": "fail", "art4-xi-c": "fail"})
    add("sem-apolice", "Pacote sem apólice de seguro e sem comprovante de pagamento.", "sem_apolice",
        swap(base_escola, **{bus1.apolice: None, bus1.pagamento: None}),
        {"art4-xi": "missing", "art4-xi-a": "missing", "art4-xi-b": "missing", "art4-xi-c": "missing"})

    # another carrier, with an alphanumeric CNPJ
    docs = assemble(req("alfa", alfa, k_alfa, [w.bus_alfa]), treq_b, [bus_alfa], c_alfa, l_alfa, carrier_b)
    add("cnpj-alfanumerico", "Transportador regular com CNPJ alfanumérico (formato de julho de 2026) em "
        "todos os documentos.", None, docs, {})

    # two buses; only the second policy's AP is short (death 100.000, disability 50.000)
    a2 = policy("onibus2-ap-abaixo", w.bus2, carrier, "atlantico", ap=(100_000.0, 50_000.0))
    ap2, pg2 = policy_docs("onibus2-ap-abaixo", a2)
    bus2_short = dataclasses.replace(bus2, apolice=ap2, pagamento=pg2)
    docs = assemble(req("dois-veiculos", carrier, k_escola, [w.bus1, w.bus2]), treq_a, [bus1, bus2_short],
                    c_escola, l_escola, carrier_a)
    add("dois-veiculos-segunda-apolice-curta", "Dois ônibus, cada um com CRLV, laudo, taxa de autorização, "
        "apólice e comprovante; a apólice do segundo tem invalidez permanente de R$ 50.000,00 por "
        "passageiro (a menor cobertura APP conta).", "segunda_apolice_ap_abaixo", docs, {"art4-xi-a": "fail"})

    # itinerary in a grade instead of the contract (Art. 7º applies and is met)
    k = replace(k_escola, itinerario=None, horarios=None, locais_embarque=None)
    c = contrato_doc("escola-sem-itinerario", k, "clausulas")
    g = P("grade-itinerario-escola", "grade_itinerario", "metroplan", grade.render, k_escola, itin, hor, locais)
    docs = swap(base_escola, **{c_escola: c})
    docs.insert(docs.index(c) + 1, g)
    add("itinerario-em-grade", "Contrato sem itinerário; o itinerário, os horários e os locais de embarque "
        "vêm na Grade de Itinerário (modelo METROPLAN).", None, docs, {"art7": "ok"})

    from samples.gen import catalog_acts  # the Santa Maria, DER/MG, Ipatinga and EMTU packets
    packets += catalog_acts.build(pool)
    return pool, packets
