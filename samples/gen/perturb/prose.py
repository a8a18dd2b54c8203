"""Values stated in sentences, with no label to find them by: a contract whose paragraphs say who
carries whom, from where to where, along which streets, when, in which vehicle, for how long and
for how much (`O veículo de placa ABC1D23, com lotação de 44 passageiros, ...`), signed 'aos 15
dias do mês de março de 2025'; and an insurer's certificate of cover that states the policy, the
insured, the vehicle, the term and each limit in one running text."""

from __future__ import annotations

import random

from reportlab.platypus import KeepTogether, Spacer

from samples.gen import pdf, text
from samples.gen.perturb import clauses, coverage, facts
from samples.gen.perturb import common as cm
from samples.gen.perturb.contrato import _qualify


def dias(d) -> str:
    """'aos 15 (quinze) dias do mês de março de 2025', as deeds and contracts date themselves."""
    n = "primeiro" if d.day == 1 else text.extenso_int(d.day)
    return f"aos {d.day} ({n}) dias do mês de {text.MESES[d.month - 1]} de {d.year}"


def contrato(seed: int, f: facts.Contrato | None = None, rng: random.Random | None = None) -> cm.Rendered:
    rng = rng or random.Random(f"prose:contrato_fretamento:{seed}")
    st = cm.draw_style(rng, (8.5, 11))
    w = cm.World(rng)
    f = f or facts.contrato(rng, w)
    cd, fem = f.cd_word, f.fem
    a_cd = f"{'a' if fem else 'o'} {cd}"
    printed: dict = {"numero_contrato": f.numero, "contratante_nome": f.ct_nome,
                     "contratante_documento": cm.fmt_doc(f.ct_doc), "contratado_nome": f.carrier.razao,
                     "contratado_documento": cm.fmt_doc(f.carrier.cnpj), "vigencia_inicio": text.dmy(f.inicio),
                     "vigencia_fim": text.dmy(f.fim), "origem": str(f.o), "destino": str(f.d),
                     "valor": text.money(f.valor)}
    title = rng.choice(clauses.TITLES_ESCOLAR if f.escolar else clauses.TITLES)
    bold = rng.random() < 0.4
    q_ct, q_cd = _qualify(rng, f.ct, bold), _qualify(rng, f.carrier, bold)
    who = rng.choice(["os estudantes relacionados em lista anexa", "os alunos indicados pela CONTRATANTE"]) \
        if f.escolar else "os empregados da CONTRATANTE relacionados em lista anexa"
    pars = [f"Pelo presente instrumento particular, {q_ct}, doravante denominad{'o(a)' if f.pf else 'a'} CONTRATANTE, "
            f"e {q_cd}, doravante denominad{'a' if fem else 'o'} {cd}, ajustam o transporte de passageiros em regime "
            "de fretamento contínuo, nos termos que seguem."]
    dest = ""
    if f.inst:
        dest = rng.choice([f", até as dependências do(a) {f.inst}", f", com desembarque junto ao(à) {f.inst}"])
        printed["instituicao_destino"] = f.inst
    pars.append(rng.choice([
        f"{a_cd.capitalize()} transportará {who}, saindo de {f.o} com destino a {f.d}{dest}, nos dias letivos "
        "do calendário da CONTRATANTE.",
        f"O serviço consiste no transporte de {who.removeprefix('os ')}, partindo do município de {f.o} e chegando "
        f"ao município de {f.d}{dest}, de segunda a sexta-feira.",
    ]))
    if f.itinerario:
        pars.append(rng.choice([f"O ônibus seguirá o percurso {f.itinerario}, na ida e na volta.",
                                f"Na ida e na volta, o trajeto compreende {f.itinerario}, sem outras paradas.",
                                f"O veículo fará, na ida e na volta, o seguinte caminho: {f.itinerario}."]))
        printed["itinerario"] = f.itinerario
    else:
        pars.append("O percurso será o indicado pela CONTRATANTE na grade anexa.")
    if f.horarios:
        pars.append(rng.choice([f"As viagens obedecerão aos seguintes horários: {f.horarios}.",
                                f"Os horários combinados são {f.horarios}, podendo ser alterados de comum acordo."]))
        printed["horarios"] = f.horarios
    if f.locais:
        pars.append(rng.choice([f"O embarque e o desembarque dos passageiros serão feitos em {f.locais}.",
                                f"Os passageiros embarcarão e desembarcarão em {f.locais}, e em nenhum outro ponto."]))
        printed["locais_embarque"] = f.locais
    placa = cm.placa_fmt(f.v["placa"], rng)
    pars.append(f"O veículo de placa {placa}, {f.v['marca_modelo']}, com lotação de {f.v['lotacao']} passageiros, "
                f"será o utilizado, podendo {a_cd} substituí-lo por outro de igual categoria, comunicando a CONTRATANTE.")
    pars.append(rng.choice([
        f"Este contrato vigora de {text.dmy(f.inicio)} a {text.dmy(f.fim)}, podendo ser renovado por escrito.",
        f"O contrato começa a valer em {text.dmy(f.inicio)} e termina em {text.dmy(f.fim)}, salvo rescisão antecipada.",
    ]))
    each = "mensalmente" if f.mensal else "pelo período contratado"
    pars.append(rng.choice([
        f"Pelo transporte, a CONTRATANTE pagará {each} {'à' if fem else 'ao'} {cd} {text.valor_extenso(f.valor)}, "
        "até o quinto dia útil do mês seguinte.",
        f"A CONTRATANTE pagará {each} a importância de {text.money(f.valor)}, mediante boleto bancário.",
    ]))
    pars += [f"Cabe {'à' if fem else 'ao'} {cd} manter o veículo em perfeitas condições, licenciado na categoria "
             "aluguel e segurado, e empregar motoristas habilitados na categoria D ou E; cabe à CONTRATANTE pagar o "
             "preço em dia e informar qualquer alteração na relação de passageiros.",
             "Qualquer das partes poderá rescindir este contrato com aviso prévio de 30 (trinta) dias.",
             f"As partes elegem o foro da Comarca de {f.cidade.nome} para dirimir as dúvidas deste contrato."]
    numbering = rng.choice(["none", "none", "num", "par"])
    if numbering == "num":
        pars = [pars[0]] + [f"{i}. {p}" for i, p in enumerate(pars[1:], 1)]
    elif numbering == "par":
        pars = [pars[0]] + [f"§ {i}º {p}" for i, p in enumerate(pars[1:], 1)]
    when = rng.choice(["dias", "longa", "dmy"])
    data_txt = {"dias": dias(f.assinatura), "longa": text.longa(f.assinatura), "dmy": text.dmy(f.assinatura)}[when]
    printed["data_assinatura"] = data_txt
    if when == "dias":
        closing = (f"E, por estarem justas e contratadas, as partes firmam este instrumento em duas vias, na cidade "
                   f"de {f.cidade.nome}, {data_txt}.")
        pars.append(closing)
    else:
        pars += ["E, por estarem justas e contratadas, as partes firmam este instrumento em duas vias.",
                 f"{f.cidade.nome}, {data_txt}."]
    body = st.para_style(space_after=st.size * 0.6, align=rng.choice(["justify", "left"]))
    story: list = [cm.P(title, st.para_style(size=min(14, st.size * 1.25), bold=True, align="center", space_after=2)),
                   cm.P(f"Contrato nº {f.numero}", st.para_style(bold=True, align="center")), Spacer(1, st.size)]
    story += [cm.P(p, body) for p in pars]
    caps = clauses.signature_captions(f, w, rng)
    aw = pdf.W - st.margins[0] - st.margins[1]

    def sig_block(c, wd, h):
        lw = wd / 2 - 30
        for k, (x, y) in enumerate([(10, h - 38), (wd / 2 + 20, h - 38), (10, 28), (wd / 2 + 20, 28)]):
            size = cm.fit_size(caps[k], st.regular, max(7.0, st.size * 0.85), lw)
            pdf.signature_line(c, x, y, lw, caps[k], f"prose{seed}:{k}" if k < 2 else None, size=size,
                               font=st.regular)

    story += [Spacer(1, st.size), KeepTogether([pdf.Drawn(aw, 130, sig_block)])]
    out = cm.build(story, st, "Contrato", f.carrier.razao)
    exp = f.expected()
    for k in ("itinerario", "horarios", "locais_embarque", "instituicao_destino"):
        if k not in printed:
            exp[k] = None
    return cm.Rendered(out, {"type": "contrato_fretamento", "layout": "prose", "seed": seed, "fields": exp}, printed)


def apolice(seed: int, f: facts.Apolice | None = None, rng: random.Random | None = None) -> cm.Rendered:
    rng = rng or random.Random(f"prose:apolice_seguro:{seed}")
    st = cm.draw_style(rng, (8.5, 11))
    w = cm.World(rng)
    f = f or facts.apolice(rng, w)
    placa = cm.placa_fmt(f.v["placa"], rng)
    seg_doc = cm.fmt_doc(f.seg_doc)
    printed = {"numero_apolice": f.numero, "seguradora_nome": f.ins.razao, "seguradora_cnpj": cm.fmt_doc(f.ins.cnpj),
               "segurado_nome": f.seg_nome, "segurado_documento": seg_doc, "placa": placa, "chassi": f.v["chassi"],
               "vigencia_inicio": text.dmy(f.inicio), "vigencia_fim": text.dmy(f.fim)}
    printed.update(coverage.printed(f))
    doc_word = "CPF" if f.pf else "CNPJ"
    renavam = ""
    if f.print_renavam:
        renavam = f", RENAVAM {f.v['renavam']}"
        printed["renavam"] = f.v["renavam"]
    lot = ""
    if f.print_assentos:
        lot = rng.choice([f", com lotação de {f.assentos} passageiros", f", com {f.assentos} lugares"])
        printed["assentos"] = str(f.assentos)
    opening = rng.choice([
        f"A {f.ins.razao}, inscrita no CNPJ sob o nº {cm.fmt_doc(f.ins.cnpj)}, certifica que {f.seg_nome}, "
        f"{doc_word} nº {seg_doc}, é segurado(a) pela apólice nº {f.numero}",
        f"Certificamos, para os devidos fins, que {f.seg_nome}, inscrito(a) no {doc_word} sob o nº {seg_doc}, "
        f"contratou com a {f.ins.razao} (CNPJ {cm.fmt_doc(f.ins.cnpj)}) a apólice de seguro nº {f.numero}"])
    term = rng.choice([f"com vigência das 24h de {text.dmy(f.inicio)} às 24h de {text.dmy(f.fim)}",
                       f"vigente de {text.dmy(f.inicio)} a {text.dmy(f.fim)}"])
    vehicle = (f"que garante o veículo {f.v['marca_modelo']}, ano {f.v['ano_fab']}/{f.v['ano_mod']}, de placa {placa}, "
               f"chassi {f.v['chassi']}{renavam}{lot}")
    pars = [f"{opening}, {term}, {vehicle}, utilizado no transporte de passageiros sob regime de fretamento."]
    cover = coverage.sentences(rng, f)
    pars.append(rng.choice([f"Estão contratadas as seguintes coberturas: {cover}.",
                            f"A apólice garante, para o veículo acima, {cover}."]))
    pars.append("As coberturas de acidentes pessoais e de despesas médico-hospitalares abrangem cada passageiro "
                "transportado, até a lotação do veículo. Este certificado não substitui as Condições Gerais e "
                "Especiais da apólice, registradas na SUSEP.")
    place = f.ins.endereco.town.nome
    pars.append(f"{place}, {text.longa(f.emissao) if rng.random() < 0.6 else text.dmy(f.emissao)}.")
    title = st.label(rng.choice(["CERTIFICADO DE SEGURO", "DECLARAÇÃO DE COBERTURA - APÓLICE DE SEGURO",
                                 "CERTIFICADO DE COBERTURA DE SEGURO", "CARTA DE COBERTURA DE SEGURO DE ÔNIBUS"]))
    story: list = [cm.P(f.brand, st.para_style(size=min(16, st.size * 1.6), bold=True, align="left")),
                   Spacer(1, st.size), cm.P(title, st.para_style(size=min(13, st.size * 1.25), bold=True,
                                                                 align="center")), Spacer(1, st.size)]
    body = st.para_style(space_after=st.size * 0.8, align=rng.choice(["justify", "left"]))
    story += [cm.P(p, body) for p in pars]
    aw = pdf.W - st.margins[0] - st.margins[1]
    cap = [f.brand, rng.choice(["Diretor Técnico", "Superintendência de Automóveis"])]
    cap_size = cm.fit_size(cap, st.regular, max(7.0, st.size * 0.85), 200)

    def sig(c, wd, h):
        pdf.signature_line(c, wd - 220, 22, 200, cap, f"prose-apolice:{seed}", size=cap_size, font=st.regular)

    story.append(pdf.Drawn(aw, 60, sig))
    out = cm.build(story, st, f"Certificado {f.numero}", f.brand)
    return cm.Rendered(out, {"type": "apolice_seguro", "layout": "prose", "seed": seed, "fields": f.expected()},
                       printed)
