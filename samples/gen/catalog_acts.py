"""The pool documents and packets of the Santa Maria/RS, DER/MG, Ipatinga/MG (PJ and PF) and
EMTU/SP rulebooks (validators/rulebooks/PACKETS.md). A defect packet differs from its rulebook's
valid packet only in the documents its defect changes (most change one), or in a fact.

Documents are shared across packets and, where the same carrier, vehicle or driver serves,
across rulebooks: the Ipatinga carrier and its two drivers serve DER/MG and both Ipatinga
variants. Most scans are black-and-white (PNG, G4 TIFF, CCITT PDF pages); cards are cropped.
"""

from __future__ import annotations

import zlib
from dataclasses import replace
from datetime import date, timedelta

from samples.gen import ids, world_acts
from samples.gen.catalog import Packet, Pool
from samples.gen.docs import (alvara, apolice, cartao_cnpj, certidao, cnh, contrato, contrato_social, crlv, endereco,
                              identidade, inscricao_estadual, laudo, lista, pagamento_seguro, pessoais, requerimento,
                              taxa, veiculos)
from samples.gen.world import Apolice, Contrato, Instituicao, Seguradora, Veiculo
from samples.gen.world_acts import REF, Carrier, Motorista, rel

SM, DER, IPJ, IPF, SP = ("rs-santa-maria-fretamento", "mg-der-fretamento", "mg-ipatinga-escolar-pj",
                         "mg-ipatinga-escolar-pf", "sp-emtu-fretamento")

ITEMS = {
    SM: ["art7-i-a", "art7-i-b", "art7-i-c", "art7-i-d", "art7-i-e", "art7-i-f", "art7-i-g", "art7-ii-a", "art7-ii-b",
         "art7-ii-c", "art7-ii-d", "art7-ii-e", "art7-ii-f", "art7-ii-g", "art7-ii-h", "art7-ii-i", "art7-ii-j",
         "art7-ii-k", "art7-iii-a", "art7-iii-b", "art7-pu", "art11-p1", "art11-p2", "art12-i", "art12-ii", "art12-p1",
         "art12-p2", "art13", "art14-p1", "art18", "art20-i", "art20-ii", "art20-iii", "art20-iv", "art20-v"],
    DER: ["art2-iv", "art4-i-a", "art4-i-b", "art4-i-c", "art4-i-d", "art4-i-e", "art4-i-f", "art4-i-g", "art4-ii-a",
          "art4-ii-b", "art4-ii-c", "art4-ii-d", "art4-iii-a", "art4-iii-b", "art4-iii-c", "art4-iii-d", "art4-iii-e",
          "art4-iii-f", "art4-iii-g", "art4-p1", "art7", "art7-p2"],
    IPJ: ["art2-x", "art24-i", "art24-ii", "art24-iii", "art24-iv", "art24-v", "art24-vi", "art24-vii", "art24-viii",
          "art24-ix", "art24-x", "art24-xi", "art24-xii", "art24-xiii", "art24-xiv", "art24-xv", "art24-xvi",
          "art24-xvii", "art24-p1", "art24-p2", "art26-i", "art26-ii", "art26-iii", "art27", "art30"],
    IPF: ["art2-x", "art25-i", "art25-ii", "art25-iii", "art25-iv", "art25-v", "art25-vi", "art25-vii", "art25-viii",
          "art25-ix", "art25-x", "art25-xi", "art25-p1", "art25-p2", "art25-p3", "art26-i", "art26-ii", "art26-iii",
          "art27", "art30"],
    SP: ["art5", "art5-pu-n1", "art5-pu-n2", "art10", "art10-p2-n1", "art10-p2-n2", "art10-p2-n3", "art14", "art16",
         "art17"],
}
_NA = "not_applicable"
VALID = {
    SM: {"art7-i-e": _NA, "art7-iii-b": _NA, "art12-p1": "review"},
    DER: {"art4-i-f": _NA, "art4-ii-b": _NA},
    IPJ: {"art24-xi": _NA, "art24-p2": _NA, "art26-i": _NA, "art26-ii": _NA, "art26-iii": _NA},
    IPF: {"art25-ix": _NA, "art25-p1": _NA, "art25-p3": _NA, "art26-i": _NA, "art26-ii": _NA, "art26-iii": _NA},
    SP: {"art10-p2-n1": _NA},
}

# Scans of these documents: black-and-white mostly (PNG, G4 TIFF; CCITT pages in PDFs).
_SINGLE = ["png", "tif", "tif", "png", "png", "tif", "jpg", "tif", "png", "tif", "png", "tif", "png", "webp"]
_TURNED = {"curso-sm-motorista1": 90}  # a landscape certificate laid on the scanner glass sideways


def _scan(name: str, small: bool = False, dense: bool = False) -> dict:
    h = zlib.crc32(name.encode())
    out = {"fmt": _SINGLE[(h >> 3) % len(_SINGLE)], "mode": "gray" if (h >> 5) % 5 == 0 else "bilevel"}
    if small or dense:  # cards; one-page contracts set in 10-point type
        out["dpi"] = 250
    if name in _TURNED:
        out["turn"] = _TURNED[name]
    return out


class Acts:
    """Adds the documents of the four acts to the pool under stable names."""

    def __init__(self, pool: Pool):
        self.pool = pool
        self.w = world_acts.build()

    def add(self, name: str, type_: str, layout: str, fn, *args, small: bool = False, notes=None, **kw) -> str:
        """small: a card cropped from the scanner glass, scanned at 250 dpi (A5 pages stay at 200);
        contracts and contratos sociais, set small on one page, are scanned at 250 dpi too."""
        dense = type_ in ("contrato_fretamento", "contrato_social")
        return self.pool.add(name, type_, layout, fn, *args, notes=notes, scan=_scan(name, small, dense), **kw)

    # --- company ---------------------------------------------------------------------------

    def cartao(self, c: Carrier, suffix: str = "", **over) -> str:
        e = replace(c.empresa, **over) if over else c.empresa
        return self.add(f"cartao-cnpj-{c.slug}{suffix}", "cartao_cnpj", "receita-federal", cartao_cnpj.render, e, rel(-5))

    def contrato_social(self, c: Carrier, data: date, objeto: str, uf: str, suffix: str = "",
                        integralizado: float | None = None, capital: float | None = None) -> str:
        e = replace(c.empresa, capital=capital) if capital else c.empresa
        return self.add(f"contrato-social-{c.slug}{suffix}", "contrato_social", "alteracao",
                        contrato_social.render_alteracao, e, data, objeto, uf, integralizado=integralizado)

    def identidade_socio(self, c: Carrier, i: int, uf: str) -> str:
        m = c.socios[i]
        lay = ("rg-rs" if uf == "RS" else "rg-mg") if i == 0 else "cin"
        return self.add(f"identidade-{c.slug}-socio{i + 1}", "documento_identidade", lay, identidade.render, m.pessoa,
                        lay, uf, True, small=True)

    def endereco_empresa(self, c: Carrier, layout: str = "energia") -> str:
        e = c.empresa
        return self.add(f"endereco-{c.slug}", "comprovante_endereco", layout, endereco.render, e.razao, e.cnpj,
                        e.endereco, rel(-18), layout, c.slug)

    def cert(self, name: str, kind: str, holder: certidao.Holder, emissao: date, *, uf: str | None = None,
             municipio: str | None = None, resultado: str | None = "negativa", validade: date | None | bool = True,
             extra: dict | None = None) -> str:
        spec = certidao.spec_key(kind, uf, municipio)
        if validade is True:
            days = certidao.SPECS[spec]["days"]
            validade = emissao + timedelta(days=days) if days else None
        return self.add(name, "certidao", spec, certidao.render, kind, spec, holder, emissao, validade or None, name,
                        resultado, extra)

    def cert_empresa(self, c: Carrier, kind: str, uf: str, suffix: str = "", emissao: date | None = None, **kw) -> str:
        return self.cert(f"certidao-{kind}-{c.slug}{suffix}", kind, certidao.Holder.of_empresa(c.empresa),
                         emissao or rel(-10), uf=uf, municipio=c.empresa.endereco.municipio, **kw)

    def eleitoral(self, m: Motorista, slug: str, uf: str) -> str:
        return self.cert(f"eleitoral-{slug}", "eleitoral", certidao.Holder.of_pessoa(m.pessoa, with_doc=False), rel(-12),
                         resultado=None, validade=None,
                         extra={"titulo": f"{m.titulo[:4]} {m.titulo[4:8]} {m.titulo[8:]}",
                                "zona": f"{ids.rng('zona:' + slug).randint(20, 320):03d} / "
                                        f"{ids.rng('secao:' + slug).randint(10, 600):04d}"})

    def militar(self, m: Motorista, slug: str) -> str:
        p = m.pessoa
        dispensa = date(p.nascimento.year + 18, 12, 31)
        return self.cert(f"militar-{slug}", "militar", certidao.Holder.of_pessoa(p), dispensa + timedelta(days=75),
                         resultado=None, validade=None, extra={"ra": m.reservista, "dispensa": dispensa.strftime("%d/%m/%Y")})

    # --- vehicles --------------------------------------------------------------------------

    def crlv(self, slug: str, v: Veiculo, emissao: date, exercicio: int = 2026, layout: str = "crlve-2025") -> str:
        return self.add(f"crlv-{slug}", "crlv", layout, crlv.render, v, layout, exercicio=exercicio, emissao=emissao,
                        key=slug)

    def crv(self, slug: str, v: Veiculo, emissao: date) -> str:
        return self.add(f"crv-{slug}", "crv", "detran-papel", veiculos.crv, v, emissao)

    def apolice(self, slug: str, v: Veiculo, c: Carrier, inicio: date, fim: date, pagamento: bool = True) -> tuple[str, str | None]:
        seg = Seguradora("ATLÂNTICO SUL COMPANHIA DE SEGUROS", ids.cnpj("atlantico"), "06394",
                         world_acts._end("atl", "Avenida Paulista", "Bela Vista", "São Paulo", "SP", "01310200"),
                         "0800 722 3030")
        a = Apolice(numero=f"1031.53.{ids.digits('apa:' + slug, 6)}",
                    proposta=f"{inicio.year}.{ids.digits('prop:' + slug, 3)}.{ids.digits('prop2:' + slug, 5)}",
                    seguradora=seg, segurado=c.empresa, veiculo=v, inicio=inicio, fim=fim,
                    emissao=inicio - timedelta(days=3), assentos=v.lotacao, ap_morte=100_000.0, ap_invalidez=100_000.0,
                    rc_passageiros=1_500_000.0, dmh=20_000.0,
                    premio_liquido=round(2650 + v.lotacao * 118.4 + ids.rng("premio:" + slug).randint(0, 9999) / 100, 2),
                    parcelas=4)
        ap = self.add(f"apolice-{slug}", "apolice_seguro", "atlantico", apolice.render, a, "atlantico")
        pg = None
        if pagamento:
            pg = self.add(f"pagamento-seguro-{slug}", "comprovante_pagamento_seguro", "extrato", pagamento_seguro.render,
                          a, "extrato", REF)
        return ap, pg

    # --- people ----------------------------------------------------------------------------

    def cnh(self, slug: str, m: Motorista, layout: str) -> str:
        return self.add(f"cnh-{slug}", "cnh", layout, cnh.render, m, layout, small=layout == "cartao")

    def identidade(self, slug: str, m: Motorista, uf: str, layout: str) -> str:
        return self.add(f"identidade-{slug}", "documento_identidade", layout, identidade.render, m.pessoa, layout, uf,
                        True, small=True)

    def ctps(self, slug: str, m: Motorista, c: Carrier, admissao: date, **kw) -> str:
        return self.add(f"ctps-{slug}", "documento_identidade", "ctps", identidade.ctps, m.pessoa, c.empresa, admissao,
                        rel(-7), **kw)

    def antecedentes(self, slug: str, m: Motorista, uf: str, emissao: date, resultado: str = "nada_consta",
                     validade: date | None | bool = True) -> str:
        if validade is True:
            validade = emissao + timedelta(days=90)
        name = f"{'folha-corrida' if uf == 'RS' else 'antecedentes'}-{slug}"
        return self.add(name, "atestado_antecedentes", "tjrs-folha-corrida" if uf == "RS" else "pcmg", pessoais.antecedentes,
                        m.pessoa, uf, emissao, validade or None, name, resultado)

    def curso(self, slug: str, m: Motorista, uf: str, tipo: str, emissao: date, validade: date | None) -> str:
        return self.add(f"curso-{slug}", "certificado_curso", "certificado", pessoais.curso, m.pessoa, uf, tipo, emissao,
                        validade, slug)

    def medico(self, slug: str, m: Motorista, emissao: date, apto: bool = True) -> str:
        return self.add(f"medico-{slug}", "atestado_medico", "clinica-a5", pessoais.medico, m.pessoa, emissao, slug, apto)

    def endereco_pessoa(self, slug: str, m: Motorista, layout: str = "agua", end=None) -> str:
        p = m.pessoa
        return self.add(f"endereco-{slug}", "comprovante_endereco", layout, endereco.render, p.nome, p.cpf,
                        end or p.endereco, rel(-20), layout, slug)

    def pontos(self, slug: str, m: Motorista, uf: str, emissao: date | None = None, validade: date | None | bool = True) -> str:
        p = m.pessoa
        return self.cert(f"pontos-{slug}", "cnh_pontuacao", certidao.Holder.of_pessoa(p), emissao or rel(-10), uf=uf,
                         validade=validade, extra={"cnh": m.cnh.numero})


def _items(rb: str, changes: dict[str, str] | None = None) -> dict[str, str]:
    base = {i: "ok" for i in ITEMS[rb]}
    base.update(VALID[rb])
    base.update(changes or {})
    assert list(base) == ITEMS[rb], set(base) ^ set(ITEMS[rb])
    return base


def swap(docs: list[str], **repl) -> list[str]:
    """The documents with some replaced (value a name) or removed (value None); keys are names
    with '-' written '_'."""
    table = {k.replace("_", "-"): v for k, v in repl.items()}
    missing = set(table) - set(docs)
    assert not missing, missing
    return [table.get(d, d) for d in docs if table.get(d, d)]


def sub(docs: list[str], old: str, new: str | None) -> list[str]:
    assert old in docs, old
    return [new if d == old else d for d in docs if not (d == old and new is None)]


def build(pool: Pool) -> list[Packet]:
    a = Acts(pool)
    packets: list[Packet] = []

    def add(rb: str, name: str, description: str, defect: str | None, docs: list[str],
            changes: dict[str, str] | None = None, facts: dict | None = None) -> None:
        assert len(docs) == len(set(docs)), [d for d in docs if docs.count(d) > 1]
        packets.append(Packet(name, description, defect, docs, _items(rb, changes), facts or {}, rb, REF))

    _santa_maria(a, add)
    _mg(a, add)
    _sp(a, add)
    return packets


# ---------------------------------------------------------------- Santa Maria/RS

def _santa_maria(a: Acts, add) -> None:
    w = a.w
    c, e = w.sm, w.sm.empresa
    objeto = ("transporte rodoviário coletivo de passageiros, sob regime de fretamento contínuo e eventual, municipal, "
              "intermunicipal e interestadual; turismo; locação de veículos com motorista")
    s1, s2 = c.socios
    d1, d2 = c.motoristas
    bus, micro = c.veiculos["onibus"], c.veiculos["micro"]
    company = [
        a.cartao(c), a.contrato_social(c, date(2024, 4, 22), objeto, "RS"),
        a.identidade_socio(c, 0, "RS"), a.identidade_socio(c, 1, "RS"), a.endereco_empresa(c, "energia"),
        *[a.cert_empresa(c, k, "RS") for k in ("federal", "estadual", "municipal", "fgts", "falencia", "execucoes",
                                                "protesto")],
        a.add(f"sindical-{c.slug}", "comprovante_taxa", "grcsu", taxa.sindical, e, 1_350.0, date(2026, 1, 30)),
        a.add(f"relacao-veiculos-{c.slug}", "relacao_veiculos", "empresa", veiculos.relacao, e, [bus, micro], rel(-3),
              "RS", "Secretaria de Município de Mobilidade Urbana de Santa Maria"),
    ]
    partners = []
    for i, s in enumerate(c.socios):
        slug = f"{c.slug}-socio{i + 1}"
        partners += [a.eleitoral(s, slug, "RS"), a.militar(s, slug),
                     a.antecedentes(slug, s, "RS", rel(-15))]
    ap_bus, _ = a.apolice("sm-onibus", bus, c, date(2026, 1, 10), date(2027, 1, 10), pagamento=False)
    ap_micro, _ = a.apolice("sm-micro", micro, c, date(2026, 1, 10), date(2027, 1, 10), pagamento=False)

    def itv(slug: str, v: Veiculo, days: int, months: int, resultado: str = "aprovado") -> str:
        day = rel(days)
        return a.add(f"laudo-{slug}", "laudo_inspecao", "itv-santa-maria", laudo.render_orgao, "itv-santa-maria", v,
                     f"ITV-{ids.digits('itv:' + slug, 5)}/{day.year}", day, _add_months(day, months), resultado)

    vehicles = [a.crlv("sm-onibus", bus, date(2026, 1, 14)), a.crv("sm-onibus", bus, date(2018, 5, 10)), ap_bus,
                itv("sm-onibus", bus, -170, 12),
                a.crlv("sm-micro", micro, date(2026, 1, 16)), a.crv("sm-micro", micro, date(2019, 8, 20)), ap_micro,
                itv("sm-micro", micro, -50, 6)]
    drivers = []
    for i, (m, lay, adm) in enumerate([(d1, "cartao", date(2021, 3, 1)), (d2, "cnh-e", date(2022, 8, 15))]):
        slug = f"sm-motorista{i + 1}"
        anterior = ("TRANSPORTES RODOVIÁRIOS PAMPA LTDA", ids.cnpj("pampa-rod"), date(2012, 2, 1), date(2021, 1, 29))
        drivers += [a.cnh(slug, m, lay), a.ctps(slug, m, c, adm, anterior=anterior if i == 0 else None),
                    a.antecedentes(slug, m, "RS", rel(-10)),
                    a.curso(slug, m, "RS", "coletivo", date(2023, 5, 10) if i == 0 else date(2024, 9, 2),
                            date(2028, 5, 10) if i == 0 else date(2029, 9, 2)),
                    a.pontos(slug, m, "RS")]
    valid = company + partners + vehicles + drivers
    add(SM, "valid", "Pacote completo de registro em Santa Maria: empresa limitada, dois sócios, um ônibus de 2018 "
        "(44 lugares) e um micro-ônibus de 2015 (28 lugares), com CRV, CRLV 2026, apólice e laudo de ITV, e dois "
        "motoristas. O Art. 12, § 1º fica em revisão: o valor mínimo segurado remete a inciso ausente da lei.",
        None, valid)

    def year(slug: str, v: Veiculo, ano: int) -> tuple[str, str]:
        old = replace(v, ano_fab=ano, ano_mod=ano)
        return (a.crlv(f"{slug}-{ano}", old, date(2026, 1, 14)), a.crv(f"{slug}-{ano}", old, date(ano, 6, 2)))

    # vehicle age (Art. 11, § 2º): bus 20 years, minibus 15, counted from the year of manufacture
    c21, v21 = year("sm-onibus", bus, 2005)
    docs21 = swap(valid, crlv_sm_onibus=c21, crv_sm_onibus=v21)
    add(SM, "onibus-21-anos", "Ônibus fabricado em 2005: 21 anos, acima da vida útil de 20 anos (Art. 11, § 2º).",
        "idade_acima_limite", docs21, {"art11-p2": "fail"})
    add(SM, "onibus-21-anos-prorrogacao", "Ônibus de 21 anos com prorrogação de até 12 meses declarada pelo "
        "requerente (Art. 11, § 3º): conferir a petição deferida.", "idade_prorrogacao_declarada", docs21,
        {"art11-p2": "review"}, facts={"prorrogacao_vida_util": "true"})
    # vehicle kind (Art. 11, § 1º)
    auto = replace(micro, especie_tipo="PASSAGEIRO AUTOMOVEL", tipo_veiculo="outro")
    add(SM, "veiculo-automovel", "O CRLV do segundo veículo traz espécie PASSAGEIRO AUTOMOVEL: só ônibus e "
        "micro-ônibus podem ser licenciados (Art. 11, § 1º).", "especie_nao_onibus",
        swap(valid, crlv_sm_micro=a.crlv("sm-micro-automovel", auto, date(2026, 1, 16))),
        {"art11-p1": "fail", "art11-p2": "fail", "art14-p1": "review"})
    # licensing exercise (Art. 12, II)
    # capacity (Art. 13): a list of 75 passengers for 44 + 28 places
    coop = _cooperativa(w)
    k = Contrato("FC-022/2026", coop, e, None, date(2026, 1, 26), date(2026, 2, 2), date(2026, 12, 18),
                 "Santa Maria/RS (Centro)", "Santa Maria/RS (Distrito Industrial)", None, None, None, 21_800.0, True,
                 "Santa Maria", regime="empresarial", orgao="Secretaria de Município de Mobilidade Urbana", uf="RS")
    l75 = a.add("lista-sm-75", "lista_passageiros", "empresa", lista.render_empresa, k, w.cooperados_sm,
                date(2026, 1, 28), "lista-sm-75")
    add(SM, "passageiros-acima-lotacao", "Lista de passageiros de um contrato de fretamento contínuo com 75 "
        "passageiros, acima da lotação somada dos dois veículos (44 + 28 = 72) (Art. 13).", "passageiros_acima_lotacao",
        valid + [l75], {"art13": "fail"})
    # inspection interval (Art. 14, § 1º): bus up to 10 years yearly; above: every six months
    add(SM, "itv-vencida", "Ônibus de 8 anos com a última ITV há 400 dias: a inspeção é anual (Art. 14, § 1º, a).",
        "itv_vencida", swap(valid, laudo_sm_onibus=itv("sm-onibus-400-dias", bus, -400, 12)), {"art14-p1": "fail"})
    # drivers: CNH category D or E with EAR (Arts. 18 and 20, II), valid
    d2v = replace(d2, cnh=replace(d2.cnh, emissao=date(2016, 1, 28), validade=date(2026, 2, 1)))
    add(SM, "cnh-vencida", "Motorista 2 com CNH vencida em 01/02/2026.", "cnh_vencida",
        swap(valid, cnh_sm_motorista2=a.cnh("sm-motorista2-vencida", d2v, "cnh-e")),
        {"art18": "fail", "art20-ii": "fail"})
    # course (Art. 20, III), folha corrida (Art. 20, I; Art. 7º, pu), points (IV), CTPS (V)
    add(SM, "motorista-sem-curso", "Sem o certificado do curso de transporte coletivo do motorista 2.", "curso_ausente",
        swap(valid, curso_sm_motorista2=None), {"art20-iii": "missing"})
    add(SM, "folha-corrida-vencida", "Alvará de Folha Corrida do motorista 1 emitido há 400 dias e vencido: deve ser "
        "atualizado anualmente (Art. 7º, parágrafo único).", "folha_corrida_vencida",
        swap(valid, folha_corrida_sm_motorista1=a.antecedentes("sm-motorista1-antiga", d1, "RS", rel(-400))),
        {"art20-i": "fail", "art7-pu": "fail"})
    add(SM, "sem-negativa-pontos", "Sem a negativa de pontos da CNH do motorista 1 (Art. 20, IV).", "pontos_ausente",
        swap(valid, pontos_sm_motorista1=None), {"art20-iv": "missing"})
    add(SM, "sem-ctps", "Nenhuma Carteira de Trabalho no pacote.", "ctps_ausente",
        swap(valid, ctps_sm_motorista1=None, ctps_sm_motorista2=None), {"art20-v": "missing", "art7-ii-d": "missing"})
    # carrier certificates (Art. 7º)
    add(SM, "fgts-vencido", "Certificado de Regularidade do FGTS com validade encerrada na véspera da data de "
        "referência.", "certidao_vencida",
        swap(valid, certidao_fgts_medianeira=a.cert_empresa(c, "fgts", "RS", "-vencido", emissao=rel(-31),
                                                              validade=rel(-1))), {"art7-ii-f": "fail"})
    add(SM, "socio-sem-quitacao-militar", "Sem o certificado de quitação militar do sócio 2 (exigível só de homens: "
        "conferir).", "militar_ausente", swap(valid, militar_medianeira_socio2=None), {"art7-i-f": "review"})
    add(SM, "socio-sem-quitacao-eleitoral", "Sem a certidão de quitação eleitoral do sócio 1.", "eleitoral_ausente",
        swap(valid, eleitoral_medianeira_socio1=None), {"art7-i-f": "missing"})
    add(SM, "sem-contribuicao-sindical", "Sem o comprovante da contribuição sindical (facultativa desde a Lei nº "
        "13.467/2017: conferir).", "sindical_ausente", swap(valid, sindical_medianeira=None), {"art7-ii-c": "review"})
    add(SM, "socio-sem-identidade", "Sem o documento de identidade do sócio 2.", "identidade_socio_ausente",
        swap(valid, identidade_medianeira_socio2=None), {"art7-i-c": "missing"})
    add(SM, "sem-crv", "Sem o CRV do micro-ônibus (prova de propriedade, Art. 12, I).", "crv_ausente",
        swap(valid, crv_sm_micro=None), {"art12-i": "missing"})


def _add_months(d: date, months: int) -> date:
    from samples.gen.docs.pagamento_seguro import add_months
    try:
        return add_months(d, months)
    except ValueError:  # the 29th-31st of a shorter month
        return add_months(d.replace(day=28), months)


def _cooperativa(w) -> Instituicao:
    """The Santa Maria cooperative whose passenger list overflows the fleet (Art. 13)."""
    rep = replace(w.sm.socios[0].pessoa, nome="JOSÉ ANTÔNIO FONTOURA BRUM", cpf=ids.cpf("coop-rep"))
    return Instituicao("COOPERATIVA AGROINDUSTRIAL CENTRO-SERRA LTDA", "COOPERATIVA CENTRO-SERRA", ids.cnpj("coop-sm"),
                       world_acts._end("coop", "Avenida Walter Jobim", "Distrito Industrial", "Santa Maria", "RS",
                                       "97045000"), "empresa", rep, "Diretor-Presidente")


# ---------------------------------------------------------------- DER/MG and Ipatinga/MG

def _mg(a: Acts, add) -> None:
    w = a.w
    c, e = w.mg, w.mg.empresa
    objeto = ("transporte rodoviário coletivo de passageiros sob regime de fretamento, intermunicipal e interestadual; "
              "prestação de serviço de transporte especial escolar; locação de veículos com motorista")
    d1, d2 = c.motoristas
    bus, micro, pf_micro = c.veiculos["onibus"], c.veiculos["micro"], w.mg_pf_micro
    cartao_, cs = a.cartao(c), a.contrato_social(c, date(2025, 6, 16), objeto, "MG")
    ids_socios = [a.identidade_socio(c, 0, "MG"), a.identidade_socio(c, 1, "MG")]
    end_emp = a.endereco_empresa(c, "energia")
    cert = {k: a.cert_empresa(c, k, "MG") for k in ("federal", "estadual", "municipal", "trabalhista", "fgts")}

    # the drivers, shared by DER/MG (cadastro de condutores) and Ipatinga (PJ: employees; PF: D1 applicant)
    drv: dict[str, list[str]] = {"cnh": [], "id": [], "ctps": [], "end": [], "pontos": [], "criminal": [], "card": [],
                                 "ant": [], "curso": [], "medico": [], "eleitoral": [], "militar": []}
    for i, m in enumerate((d1, d2)):
        slug = f"mg-motorista{i + 1}"
        crim_day = rel(-12)
        drv["cnh"].append(a.cnh(slug, m, "cartao" if i == 0 else "cnh-e"))
        drv["id"].append(a.identidade(slug, m, "MG", "rg-mg"))
        drv["ctps"].append(a.ctps(slug, m, c, date(2019, 4, 1) if i == 0 else date(2023, 2, 13)))
        drv["end"].append(a.endereco_pessoa(slug, m, "agua"))
        drv["pontos"].append(a.pontos(slug, m, "MG"))
        drv["criminal"].append(a.cert(f"criminal-{slug}", "criminal", certidao.Holder.of_pessoa(m.pessoa), crim_day,
                                      uf="MG"))
        drv["card"].append(a.add(f"condutor-der-{slug}", "documento_identidade", "condutor-der", identidade.condutor_der,
                                 m.pessoa, e, f"{ids.digits('cad:' + slug, 5)}/2026", "1187", crim_day, small=True))
        drv["ant"].append(a.antecedentes(slug, m, "MG", rel(-10)))
        drv["curso"].append(a.curso(slug, m, "MG", "escolar", date(2023, 5, 10) if i == 0 else date(2022, 11, 7),
                                    date(2028, 5, 10) if i == 0 else date(2027, 11, 7)))
        drv["medico"].append(a.medico(slug, m, rel(-10)))
        drv["eleitoral"].append(a.eleitoral(m, slug, "MG"))
        drv["militar"].append(a.militar(m, slug))

    # ------------------------------------------------------------ DER/MG
    crea = ("FERNANDO LUÍS PICCOLI", "CREA-MG 104.583/D")

    def declaracao(slug: str, v: Veiculo, days: int) -> str:
        day = rel(days)
        return a.add(f"laudo-{slug}", "laudo_inspecao", "declaracao-crea", laudo.render_crea, v,
                     f"{ids.digits('dec:' + slug, 3)}/{day.year}", day, _add_months(day, 6), crea[0], crea[1],
                     "Ipatinga")

    ap, pg = a.apolice("der-onibus", bus, c, date(2026, 1, 5), date(2027, 1, 5))
    itin = ("Coronel Fabriciano (Praça da Estação) - Avenida Presidente Tancredo Neves - BR-381 - Avenida Pedro "
            "Linhares Gomes - Ipatinga (portaria principal da usina)")
    hor = ("turno A: saída às 05h10 e chegada às 05h50, retorno às 14h20; turno B: saída às 13h10 e chegada às 13h50, "
           "retorno às 22h20; de segunda a sábado")
    locais = "Praça da Estação, Centro, Coronel Fabriciano; Avenida Magalhães Pinto, 1200, Coronel Fabriciano"
    k = Contrato("045/2026", w.siderurgica, e, None, date(2026, 1, 20), date(2026, 2, 1), date(2026, 12, 20),
                 "Coronel Fabriciano/MG (Praça da Estação)", "Ipatinga/MG (portaria principal da usina)", itin, hor,
                 locais, 38_000.0, True, "Ipatinga", regime="empresarial", orgao="DER/MG", uf="MG")

    def contrato_der(slug: str, kk: Contrato) -> str:
        return a.add(f"contrato-{slug}", "contrato_fretamento", "clausulas", contrato.render, kk, "clausulas")

    der_company = [a.add(f"requerimento-der-{c.slug}", "requerimento", "der-mg", requerimento.render_orgao, "der-mg", e,
                         rel(-1), [("CONTRATO DE FRETAMENTO", f"{k.numero} - {w.siderurgica.razao}"),
                                   ("VEÍCULO", f"{bus.placa} ({bus.marca_modelo}, {bus.lotacao} lugares)")]),
                   cartao_, cs, *ids_socios, end_emp,
                   a.add(f"inscricao-estadual-{c.slug}", "inscricao_estadual", "sef-mg", inscricao_estadual.render_uf, e,
                         rel(-30), "MG"),
                   cert["federal"], cert["fgts"], cert["estadual"]]
    der_bus = [a.crlv("der-onibus", bus, date(2026, 1, 20)), ap, pg, declaracao("der-onibus", bus, -55)]
    der_contract = contrato_der("der", k)
    der_drivers = []
    for i in range(2):
        der_drivers += [drv[x][i] for x in ("cnh", "id", "ctps", "end", "pontos", "criminal", "card")]
    valid = der_company + der_bus + [der_contract] + der_drivers
    add(DER, "valid", "Pacote completo de cadastro e autorização de fretamento contínuo no DER/MG: empresa de Ipatinga, "
        "ônibus de 2016 com 46 lugares, declaração de engenheiro mecânico (CREA) de janeiro, dois condutores e "
        "contrato com uma siderúrgica (pontos de início e término, itinerário, horários e vigência). A CND do INSS é "
        "suprida pela certidão conjunta de débitos federais; o bilhete do DPVAT não existe em 2026.", None, valid)

    def bus_variant(slug: str, **kw) -> str:
        return a.crlv(f"der-onibus-{slug}", replace(bus, **kw), date(2026, 1, 20))

    crlv_bus = der_bus[0]
    # capacity and kind (Art. 2º, IV): a bus for more than 20 passengers
    add(DER, "onibus-18-lugares", "Ônibus com lotação de 18 lugares: o decreto exige capacidade para mais de 20 "
        "passageiros (Art. 2º, IV).", "capacidade_insuficiente",
        sub(valid, crlv_bus, bus_variant("18-lugares", lotacao=18)), {"art2-iv": "fail"})
    add(DER, "micro-onibus", "Veículo de espécie PASSAGEIRO MICROONIBUS (28 lugares): o serviço exige ônibus.",
        "tipo_nao_onibus", sub(valid, crlv_bus, bus_variant("microonibus", especie_tipo="PASSAGEIRO MICROONIBUS",
                                                              tipo_veiculo="microonibus", lotacao=28)),
        {"art2-iv": "fail"})
    # age (Art. 2º, IV): at most 15 years
    add(DER, "onibus-16-anos", "Ônibus fabricado em 2010: 16 anos de uso, acima do limite de 15 anos (Art. 2º, IV).",
        "idade_acima_limite", sub(valid, crlv_bus, bus_variant("2010", ano_fab=2010, ano_mod=2010)), {"art2-iv": "fail"})
    # category and licensing (Art. 4º, II, a)
    add(DER, "categoria-particular", "CRLV do ônibus na categoria PARTICULAR (exigida aluguel).", "categoria_particular",
        sub(valid, crlv_bus, bus_variant("particular", categoria="PARTICULAR")), {"art4-ii-a": "fail"})
    add(DER, "crlv-exercicio-2024", "CRLV do ônibus do exercício de 2024.", "crlv_exercicio_vencido",
        sub(valid, crlv_bus, a.crlv("der-onibus-exercicio-2024", bus, date(2024, 1, 25), exercicio=2024)),
        {"art4-ii-a": "fail"})
    # insurance (Art. 4º, II, c)
    add(DER, "sem-pagamento-seguro", "Sem o comprovante de quitação do seguro de passageiros.", "pagamento_ausente",
        swap(valid, pagamento_seguro_der_onibus=None), {"art4-ii-c": "missing"})
    # the engineer's declaration, renewed every six months (Art. 4º, II, d)
    add(DER, "declaracao-vencida", "Declaração do engenheiro mecânico de 190 dias atrás: deve ser renovada a cada "
        "seis meses (Art. 4º, II, d).", "declaracao_vencida",
        swap(valid, laudo_der_onibus=declaracao("der-onibus-190-dias", bus, -190)), {"art4-ii-d": "fail"})
    add(DER, "sem-declaracao-veiculo", "Sem a declaração de condições técnicas do veículo (INMETRO ou engenheiro CREA).",
        "declaracao_ausente", swap(valid, laudo_der_onibus=None), {"art4-ii-d": "missing"})
    # drivers (Art. 4º, III)
    d2b = replace(d2, cnh=replace(d2.cnh, categoria="B"))
    cnh_b = a.cnh("mg-motorista2-categoria-b", d2b, "cnh-e")
    add(DER, "cnh-categoria-b", "Condutor 2 com CNH de categoria B.", "cnh_categoria",
        sub(valid, drv["cnh"][1], cnh_b), {"art4-iii-b": "fail"})
    pontos_antigo = a.pontos("mg-motorista1-antigo", d1, "MG", emissao=rel(-380), validade=None)
    add(DER, "nada-consta-cnh-antigo", "Nada consta de suspensão e cassação da CNH do condutor 1 emitido há 380 dias, "
        "sem validade impressa: renovável a cada doze meses (Art. 4º, III, d).", "nada_consta_antigo",
        sub(valid, drv["pontos"][0], pontos_antigo), {"art4-iii-d": "fail"})
    add(DER, "antecedentes-no-lugar-da-certidao", "O condutor 1 apresenta atestado de antecedentes da Polícia Civil "
        "no lugar da certidão do distribuidor criminal: conferir.", "documento_substituto",
        sub(valid, drv["criminal"][0], drv["ant"][0]), {"art4-iii-e": "review"})
    add(DER, "condutor-sem-identidade", "Sem o documento de identidade do condutor 1 (só a CTPS e o documento de "
        "condutor).", "identidade_ausente", sub(valid, drv["id"][0], None), {"art4-iii-a": "missing"})
    add(DER, "condutor-sem-documento-der", "Sem o Documento de Condutor de Veículo de Aluguel do condutor 1.",
        "documento_condutor_ausente", sub(valid, drv["card"][0], None), {"art4-iii-g": "missing"})
    add(DER, "condutor-sem-endereco", "Sem o comprovante de endereço do condutor 2.", "endereco_ausente",
        sub(valid, drv["end"][1], None), {"art4-iii-f": "missing"})
    add(DER, "condutor-sem-ctps", "Sem a CTPS do condutor 1 (nem inscrição no INSS como autônomo).", "ctps_ausente",
        sub(valid, drv["ctps"][0], None), {"art4-iii-c": "missing"})
    # the company (Art. 4º, I)
    add(DER, "sem-certidao-fgts", "Sem o certificado de regularidade do FGTS.", "certidao_ausente",
        sub(valid, cert["fgts"], None), {"art4-i-d": "missing"})
    cadastur = a.cert(f"cadastur-{c.slug}", "cadastur", certidao.Holder.of_empresa(e), date(2025, 4, 14),
                      resultado=None, extra={"cadastro": f"31.{ids.digits('cadastur', 6)}.10.0001-{ids.digits('cad-dv', 1)}"})
    add(DER, "fretamento-eventual-com-cadastur", "O requerente declara também prestar fretamento eventual e apresenta "
        "o certificado de cadastro no Ministério do Turismo (Cadastur, antigo EMBRATUR) (Art. 4º, I, f).", None,
        valid + [cadastur], {"art4-i-f": "ok"}, facts={"fretamento_eventual": "true"})
    inss = a.cert("inscricao-inss-mg-motorista2", "inscricao_inss", certidao.Holder.of_pessoa(d2.pessoa), rel(-9),
                  resultado=None, validade=None,
                  extra={"inscricao": "03/05/2010", "nit": (lambda n: f"{n[:3]}.{n[3:8]}.{n[8:10]}-{n[10]}")(
                      ids.nit("mg-motorista2"))})
    add(DER, "condutor-autonomo", "O condutor 2 não tem CTPS com a empresa: é autônomo inscrito no INSS como "
        "contribuinte individual, o que o Art. 4º, III, c admite.", None, sub(valid, drv["ctps"][1], inss))
    add(DER, "fretamento-eventual-sem-cadastur", "O requerente declara também prestar fretamento eventual e não "
        "apresenta o certificado de cadastro no Ministério do Turismo (Cadastur, antigo EMBRATUR).", "cadastur_ausente",
        valid, {"art4-i-f": "missing"}, facts={"fretamento_eventual": "true"})
    # the contract (Art. 7º)
    add(DER, "contrato-horarios-a-combinar", "Contrato com horários \"A combinar\": o Art. 7º exige os horários.",
        "contrato_sem_horarios", sub(valid, der_contract, contrato_der("der-a-combinar", replace(k, horarios="A combinar"))),
        {"art7": "fail"})
    add(DER, "contrato-vencido", "Contrato com vigência encerrada em 28/02/2026.", "contrato_vencido",
        sub(valid, der_contract, contrato_der("der-vencido", replace(k, inicio=date(2025, 3, 1), fim=date(2026, 2, 28),
                                                                     assinatura=date(2025, 2, 20)))),
        {"art7": "fail"})
    add(DER, "sem-contrato", "Sem o contrato de prestação de serviço.", "contrato_ausente",
        sub(valid, der_contract, None), {"art7": "missing"})

    # a DPVAT ticket of 2020 (the last year it was charged): in the pool for reading, in no 2026 packet
    a.add("dpvat-ipa-micro-2020", "comprovante_pagamento_seguro", "dpvat", pagamento_seguro.dpvat, micro, 2020,
          date(2020, 1, 20))

    # ------------------------------------------------------------ Ipatinga, legal person
    def vistoria(slug: str, v: Veiculo, days: int) -> str:
        day = rel(days)
        return a.add(f"laudo-{slug}", "laudo_inspecao", "detra-ipatinga", laudo.render_orgao, "detra-ipatinga", v,
                     f"SETREC-{ids.digits('setrec:' + slug, 4)}/{day.year}", day, _add_months(day, 6))

    alvara_ = a.add(f"alvara-{c.slug}", "alvara", "prefeitura", alvara.render, e, f"{ids.digits('alv:mg', 5)}/2026",
                    date(2026, 1, 5), date(2026, 12, 31), None, "Transporte escolar", "4924-8/00")
    declar = a.add(f"declaracao-estacionamento-{c.slug}", "requerimento", "declaracao", requerimento.render_orgao,
                   "declaracao-estacionamento", e, rel(-2))
    pj_micro = [a.crlv("ipa-micro", micro, date(2026, 1, 22)), a.crv("ipa-micro", micro, date(2019, 3, 11)),
                vistoria("ipa-micro", micro, -40)]
    pj_drivers = []
    for i in range(2):
        pj_drivers += [drv[x][i] for x in ("cnh", "id", "ctps", "ant", "curso", "medico", "end")]
    pj = ([cartao_, cs, *ids_socios, end_emp, alvara_, declar] +
          [cert[k] for k in ("federal", "estadual", "municipal", "trabalhista", "fgts")] + pj_micro + pj_drivers)
    add(IPJ, "valid", "Pacote completo de autorização de transporte escolar em Ipatinga, pessoa jurídica: empresa com "
        "sede em Ipatinga, micro-ônibus de 2012 (14 anos) licenciado em Ipatinga, vistoria do DETRA de janeiro, "
        "condutor titular e auxiliar com curso de transporte escolar, atestados de antecedentes e médicos recentes.",
        None, pj)

    def micro_year(slug: str, v: Veiculo, ano: int, emissao_crlv: date, emissao_crv: date) -> tuple[str, str]:
        old = replace(v, ano_fab=ano, ano_mod=ano)
        return a.crlv(f"{slug}-{ano}", old, emissao_crlv), a.crv(f"{slug}-{ano}", old, emissao_crv)

    # fleet age (Art. 2º, X): minibus 15 years + 1 of tolerance
    c16, v16 = micro_year("ipa-micro", micro, 2010, date(2026, 1, 22), date(2019, 3, 11))
    add(IPJ, "micro-16-anos", "Micro-ônibus fabricado em 2010: 16 anos, aceito graças à tolerância de 1 ano sobre o "
        "limite de 15 (Art. 2º, X).", "idade_na_tolerancia",
        swap(pj, crlv_ipa_micro=c16, crv_ipa_micro=v16))
    c17, v17 = micro_year("ipa-micro", micro, 2009, date(2026, 1, 22), date(2019, 3, 11))
    add(IPJ, "micro-17-anos", "Micro-ônibus fabricado em 2009: 17 anos, acima do limite de 15 anos mais 1 de "
        "tolerância (Art. 2º, X).", "idade_acima_limite",
        swap(pj, crlv_ipa_micro=c17, crv_ipa_micro=v17), {"art2-x": "fail"})
    # driver's age (Art. 27): 21 or more (D2 born on 03/03/2005 is 20 on the reference date)
    young = replace(d2, pessoa=replace(d2.pessoa, nascimento=date(2005, 3, 3), rg_expedicao=date(2021, 4, 12)),
                    cnh=replace(d2.cnh, primeira=date(2023, 3, 20), emissao=date(2025, 11, 4),
                                validade=date(2035, 11, 4)))
    young_docs = (a.cnh("mg-motorista2-20-anos", young, "cnh-e"),
                  a.identidade("mg-motorista2-20-anos", young, "MG", "rg-mg"))
    add(IPJ, "condutor-20-anos", "Condutor auxiliar nascido em 03/03/2005: 20 anos na data de referência (mínimo 21, "
        "Art. 27).", "idade_condutor", swap(pj, cnh_mg_motorista2=young_docs[0], identidade_mg_motorista2=young_docs[1]),
        {"art27": "fail"})
    # the criminal record within 30 days (Art. 24, IX)
    ant31 = a.antecedentes("mg-motorista1-31-dias", d1, "MG", rel(-31))
    add(IPJ, "antecedentes-31-dias", "Atestado de antecedentes do condutor titular emitido há 31 dias (máximo 30, "
        "Art. 24, IX).", "antecedentes_antigo", sub(pj, drv["ant"][0], ant31), {"art24-ix": "fail"})
    # the course, valid for five years (Art. 24, XV)
    curso_old = a.curso("mg-motorista2-2021", d2, "MG", "escolar", date(2021, 3, 1), None)
    add(IPJ, "curso-vencido", "Carteira do curso de transporte escolar do condutor auxiliar emitida em 01/03/2021, sem "
        "validade impressa: os 5 anos venceram (Art. 24, XV).", "curso_vencido", sub(pj, drv["curso"][1], curso_old),
        {"art24-xv": "fail"})
    add(IPJ, "cnh-categoria-b", "Condutor auxiliar com CNH de categoria B (exigida D ou E, Art. 24, XIV).",
        "cnh_categoria", sub(pj, drv["cnh"][1], cnh_b), {"art24-xiv": "fail"})
    add(IPJ, "alvara-vencido", "Alvará de localização e funcionamento vencido em 28/02/2026.", "alvara_vencido",
        sub(pj, alvara_, a.add(f"alvara-{c.slug}-vencido", "alvara", "prefeitura", alvara.render, e,
                               f"{ids.digits('alv:mg-v', 5)}/2025", date(2025, 3, 3), date(2026, 2, 28), None,
                               "Transporte escolar", "4924-8/00")), {"art24-ii": "fail"})
    add(IPJ, "alvara-outro-municipio", "Alvará de localização e funcionamento emitido por Coronel Fabriciano, não "
        "por Ipatinga (Art. 24, II).", "alvara_outro_municipio",
        sub(pj, alvara_, a.add(f"alvara-{c.slug}-coronel-fabriciano", "alvara", "prefeitura", alvara.render, e,
                               f"{ids.digits('alv:cf', 5)}/2026", date(2026, 1, 5), date(2026, 12, 31),
                               "Coronel Fabriciano", "Transporte escolar", "4924-8/00")), {"art24-ii": "fail"})
    add(IPJ, "vistoria-vencida", "Última vistoria do DETRA há 200 dias: a vistoria é semestral (Art. 31).",
        "vistoria_vencida", sub(pj, pj_micro[2], vistoria("ipa-micro-200-dias", micro, -200)), {"art24-xii": "fail"})
    add(IPJ, "sem-declaracao-estacionamento", "Sem a declaração de área para estacionamento dos veículos.",
        "declaracao_ausente", sub(pj, declar, None), {"art24-iv": "missing"})
    add(IPJ, "sem-certidao-trabalhista", "Sem a certidão negativa de feitos trabalhistas.", "certidao_ausente",
        sub(pj, cert["trabalhista"], None), {"art24-vi": "missing"})
    add(IPJ, "sem-crv", "Sem o certificado de propriedade (CRV) do micro-ônibus.", "crv_ausente",
        sub(pj, pj_micro[1], None), {"art24-x": "missing"})
    add(IPJ, "acompanhante-sem-documentos", "O pedido cadastra acompanhante (escolares até o 5º ano), mas não há "
        "documentos de acompanhante no pacote (Art. 26).", "acompanhante_ausente", pj,
        {"art26-i": "missing", "art26-ii": "missing", "art26-iii": "missing"}, facts={"acompanhante": "true"})

    # ------------------------------------------------------------ Ipatinga, natural person (driver 1 owns the minibus)
    pf_v = [a.crlv("ipa-pf-micro", pf_micro, date(2026, 1, 22)), a.crv("ipa-pf-micro", pf_micro, date(2020, 7, 14)),
            vistoria("ipa-pf-micro", pf_micro, -35)]
    pf_drivers = []
    for i in range(2):
        pf_drivers += [drv[x][i] for x in ("cnh", "id", "medico", "eleitoral", "militar", "end", "pontos", "ant",
                                            "curso")]
    pf = pf_v + pf_drivers
    add(IPF, "valid", "Pacote completo de autorização de transporte escolar em Ipatinga, pessoa física: o condutor "
        "titular é o proprietário do micro-ônibus de 2013 (CRV em seu CPF, licenciado em Ipatinga) e apresenta "
        "também um condutor auxiliar; ambos residem em Ipatinga.", None, pf)
    add(IPF, "condutor-20-anos", "Condutor auxiliar nascido em 03/03/2005: 20 anos na data de referência (Art. 27).",
        "idade_condutor", swap(pf, cnh_mg_motorista2=young_docs[0], identidade_mg_motorista2=young_docs[1]),
        {"art27": "fail"})
    add(IPF, "cnh-sem-escolar", "CNH do titular com a observação EAR, mas sem a habilitação para conduzir escolares "
        "(Art. 25, II).", "cnh_sem_escolar",
        sub(pf, drv["cnh"][0], a.cnh("mg-motorista1-sem-escolar", replace(d1, cnh=replace(d1.cnh, observacoes="EAR")),
                                     "cartao")), {"art25-ii": "fail"})
    add(IPF, "cnh-categoria-b", "Condutor auxiliar com CNH de categoria B.", "cnh_categoria",
        sub(pf, drv["cnh"][1], cnh_b), {"art25-ii": "fail"})
    add(IPF, "atestado-medico-31-dias", "Atestado médico do condutor auxiliar expedido há 31 dias: deve ser "
        "apresentado em até 30 dias (Art. 25, § 2º).", "atestado_medico_antigo",
        sub(pf, drv["medico"][1], a.medico("mg-motorista2-31-dias", d2, rel(-31))), {"art25-p2": "fail"})
    add(IPF, "antecedentes-31-dias", "Atestado de antecedentes do titular emitido há 31 dias (máximo 30).",
        "antecedentes_antigo", sub(pf, drv["ant"][0], ant31), {"art25-vii": "fail"})
    add(IPF, "curso-vencido", "Carteira do curso de transporte escolar do condutor auxiliar emitida em 01/03/2021, sem "
        "validade impressa: os 5 anos venceram (Art. 25, XI).", "curso_vencido", sub(pf, drv["curso"][1], curso_old),
        {"art25-xi": "fail"})
    add(IPF, "sem-quitacao-militar", "Sem o certificado de quitação militar do condutor auxiliar (exigível só de "
        "homens: conferir).", "militar_ausente", sub(pf, drv["militar"][1], None), {"art25-iv": "review"})
    add(IPF, "sem-quitacao-eleitoral", "Sem a certidão de quitação eleitoral do titular.", "eleitoral_ausente",
        sub(pf, drv["eleitoral"][0], None), {"art25-iv": "missing"})
    add(IPF, "sem-crv", "Sem o certificado de propriedade (CRV) do micro-ônibus.", "crv_ausente",
        sub(pf, pf_v[1], None), {"art25-viii": "missing"})


# ---------------------------------------------------------------- EMTU/SP

def _sp(a: Acts, add) -> None:
    w = a.w
    c, e = w.sp, w.sp.empresa
    objeto = ("transporte rodoviário coletivo de passageiros sob regime de fretamento, municipal, intermunicipal e "
              "interestadual; locação de veículos com motorista")
    b1, b2, mi = c.veiculos["onibus1"], c.veiculos["onibus2"], c.veiculos["micro"]

    def vist(slug: str, v: Veiculo, days: int, months: int | None, resultado: str = "aprovado",
             validade: date | None = None) -> str:
        day = rel(days)
        val = validade or _add_months(day, months)
        return a.add(f"laudo-{slug}", "laudo_inspecao", "emtu", laudo.render_orgao, "emtu", v,
                     f"CV-{ids.digits('cv:' + slug, 6)}/{day.year}", day, val, resultado)

    itin = ("Guarulhos (Centro) - Rodovia Presidente Dutra - Marginal Tietê - Rodovia Castello Branco - Osasco "
            "(Vila Yara)")
    hor = "ida: saída às 05h30 e chegada às 06h45; volta: saída às 17h15 e chegada às 18h30; de segunda a sábado"
    locais = ("embarque: Rua Dom Pedro II, 500, Centro, Guarulhos, e Praça Getúlio Vargas, Centro, Guarulhos; "
              "desembarque: portaria principal da Metalúrgica Tietê, Avenida dos Autonomistas, Osasco")
    k = Contrato("FR-0187/2026", w.metalurgica, e, None, date(2026, 1, 20), date(2026, 2, 1), date(2027, 1, 31),
                 "Guarulhos/SP", "Osasco/SP (Metalúrgica Tietê, Avenida dos Autonomistas)", itin, hor, locais,
                 54_000.0, True, "Guarulhos", regime="empresarial", orgao="EMTU/SP", uf="SP")

    def contrato_sp(slug: str, kk: Contrato) -> str:
        return a.add(f"contrato-{slug}", "contrato_fretamento", "quadro", contrato.render, kk, "quadro")

    lista_ = a.add("lista-sp", "lista_passageiros", "empresa", lista.render_empresa, k, w.empregados_sp,
                   date(2026, 1, 22), "lista-sp")
    cs = a.contrato_social(c, date(2025, 9, 1), objeto, "SP")
    rel_ = a.add(f"relacao-veiculos-{c.slug}", "relacao_veiculos", "empresa", veiculos.relacao, e, [b1, b2, mi], rel(-3),
                 "SP", "EMTU/SP")
    crlvs = [a.crlv("sp-onibus1", b1, date(2026, 1, 19)), a.crlv("sp-onibus2", b2, date(2026, 1, 19)),
             a.crlv("sp-micro", mi, date(2026, 1, 21))]
    laudos = [vist("sp-onibus1", b1, -420, 18), vist("sp-onibus2", b2, -200, 12), vist("sp-micro", mi, -90, 6)]
    contract = contrato_sp("sp", k)
    valid = [a.add(f"requerimento-emtu-{c.slug}", "requerimento", "emtu", requerimento.render_orgao, "emtu", e, rel(-1)),
             a.cartao(c), cs, a.add(f"inscricao-estadual-{c.slug}", "inscricao_estadual", "cadesp",
                                    inscricao_estadual.render_uf, e, rel(-20), "SP", "ATIVO"),
             rel_, *crlvs, *laudos, contract, lista_]
    add(SP, "valid", "Pacote completo de registro na EMTU/SP com um contrato de fretamento contínuo: empresa com "
        "capital integralizado de R$ 150.000,00 (mínimo 3.000 UFESP = R$ 115.260,00), dois ônibus (3 e 8 anos) e um "
        "micro-ônibus (12 anos) com vistorias dentro da periodicidade de cada idade, contrato com uma indústria "
        "(destino, horários, locais de embarque e desembarque) e relação de passageiros com RG.", None, valid)

    def crlv_year(slug: str, v: Veiculo, ano: int) -> str:
        return a.crlv(f"{slug}-{ano}", replace(v, ano_fab=ano, ano_mod=ano), date(2026, 1, 19))

    # fleet minimum (Art. 5º, pu, 1) and inspection interval by age (Art. 17)
    add(SP, "frota-minima-nao-atendida", "Ônibus 2 fabricado em 2010 (16 anos) e micro-ônibus em 2009 (17 anos): só um "
        "veículo tem até 15 anos; a frota mínima é de 2 (Art. 5º, parágrafo único, item 1).", "frota_minima",
        swap(valid, crlv_sp_onibus2=crlv_year("sp-onibus2", b2, 2010), crlv_sp_micro=crlv_year("sp-micro", mi, 2009)),
        {"art5-pu-n1": "fail", "art17": "review"})
    add(SP, "sem-relacao-veiculos", "Sem a relação de veículos.", "relacao_ausente", sub(valid, rel_, None),
        {"art5-pu-n1": "missing"})
    add(SP, "vistoria-vencida-onibus-novo", "Ônibus de 3 anos com a última vistoria há 560 dias: até 5 anos, a cada "
        "18 meses (Art. 17, I); o certificado, de 18 meses, venceu em 19/02/2026 (Art. 16).", "vistoria_vencida",
        sub(valid, laudos[0], vist("sp-onibus1-560-dias", b1, -560, 18)), {"art16": "fail", "art17": "fail"})
    add(SP, "vistoria-micro-validade-longa", "Micro-ônibus de 12 anos vistoriado há 200 dias com certificado que "
        "imprime validade de 18 meses: acima de 10 anos a vistoria é semestral (Art. 17, III).", "vistoria_vencida",
        sub(valid, laudos[2], vist("sp-micro-200-dias", mi, -200, None, validade=rel(340))), {"art17": "fail"})
    add(SP, "sem-vistoria-onibus2", "Sem o certificado de vistoria do ônibus 2.", "vistoria_ausente",
        sub(valid, laudos[1], None), {"art14": "missing", "art16": "missing", "art17": "missing"})
    # paid-in capital of 3.000 UFESP (Art. 5º, pu, 2)
    add(SP, "capital-abaixo", "Capital integralizado de R$ 115.259,99, um centavo abaixo de 3.000 UFESP de 2026 "
        "(R$ 115.260,00).", "capital_abaixo",
        sub(valid, cs, a.contrato_social(c, date(2025, 9, 1), objeto, "SP", "-capital-115259", integralizado=115_259.99,
                                         capital=200_000.0)), {"art5-pu-n2": "fail"})
    # the contract (Art. 10 and its § 2º)
    add(SP, "contrato-sem-horarios-e-locais", "Contrato sem o horário de operação e sem os locais de embarque e "
        "desembarque (Art. 10, § 2º, item 3): não impressos, a conferir.", "contrato_incompleto",
        sub(valid, contract, contrato_sp("sp-sem-horarios", replace(k, horarios=None, locais_embarque=None))),
        {"art10-p2-n3": "review"})
    add(SP, "contrato-vencido", "Contrato com vigência encerrada em 27/02/2026.", "contrato_vencido",
        sub(valid, contract, contrato_sp("sp-vencido", replace(k, assinatura=date(2025, 2, 20), inicio=date(2025, 3, 1),
                                                               fim=date(2026, 2, 27)))), {"art10": "fail"})
    add(SP, "sem-lista-passageiros", "Sem a relação de passageiros do contrato.", "lista_ausente",
        sub(valid, lista_, None), {"art10-p2-n2": "missing"})
