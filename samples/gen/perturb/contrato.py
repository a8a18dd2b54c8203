"""A charter contract in a perturbed layout: parties qualified in prose in varied wordings (or a
summary table of row labels and value cells), numbered clauses in varied styles and order with
the object (origem, destino, instituição de destino), itinerary, times and boarding places, the
term, the price, and a closing "Cidade, dd de mês de aaaa" signature date."""

from __future__ import annotations

import random
from datetime import date, timedelta

from reportlab.lib import colors
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from samples.gen import pdf, text
from samples.gen.perturb import common as cm
from samples.gen.perturb.common import Company, Item, Person

T = "contrato_fretamento"
ORDINAIS = ["PRIMEIRA", "SEGUNDA", "TERCEIRA", "QUARTA", "QUINTA", "SEXTA", "SÉTIMA", "OITAVA", "NONA",
            "DÉCIMA", "DÉCIMA PRIMEIRA", "DÉCIMA SEGUNDA"]


def _numero(rng: random.Random, year: int) -> str:
    n = rng.randint(1, 480)
    return rng.choice([f"{n:03d}/{year}", f"FR-{year}/{n:04d}", f"{n}/{year}", f"CT-{n:03d}-{year}",
                       f"{year}.{n:04d}", f"{n:02d}/{year % 100:02d}"])


def _itinerary(rng: random.Random, o: cm.Town, d: cm.Town) -> tuple:
    stops = [f"{o.nome} ({rng.choice(['Praça Central', 'Terminal Rodoviário', 'Praça da Matriz', 'Ginásio Municipal'])})"]
    vias = cm.shuffled(rng, ["Av. Brasil", "Rua Tiradentes", f"RS-{rng.randint(100, 480)}" if o.uf == "RS" else
                             f"BR-{rng.randint(101, 490)}", "Av. Perimetral", "Rua das Palmeiras", "Estrada Geral",
                             f"Rodovia {o.uf}-{rng.randint(100, 480)}", "Av. Getúlio Vargas"])
    stops += vias[: rng.randint(2, 4)]
    stops.append(f"{d.nome} ({rng.choice(['portão principal', 'terminal urbano', 'entrada principal'])})")
    itinerario = rng.choice([" - ", " – ", ", "]).join(stops) if rng.random() < 0.8 else " - ".join(stops)
    h1 = rng.randint(5, 7)
    m1 = rng.choice([0, 10, 15, 20, 30, 40, 45])
    dur = rng.choice([40, 50, 60, 70, 80])
    t = lambda h, m: f"{h:02d}h{m:02d}"  # noqa: E731
    arr_h, arr_m = divmod(h1 * 60 + m1 + dur, 60)
    back = rng.choice([12, 17, 18, 22])
    bm = rng.choice([0, 15, 20, 30])
    bh2, bm2 = divmod(back * 60 + bm + dur, 60)
    horarios = rng.choice([
        f"ida: saída às {t(h1, m1)} e chegada às {t(arr_h, arr_m)}; volta: saída às {t(back, bm)} e chegada às "
        f"{t(bh2, bm2)}",
        f"saída de {o.nome} às {t(h1, m1)}, de segunda a sexta-feira; retorno às {t(back, bm)}",
        f"{t(h1, m1)} (ida) e {t(back, bm)} (volta), nos dias letivos",
    ])
    locais = "; ".join(
        f"{rng.choice(cm.RUAS)}, {rng.randint(10, 2500)}, {rng.choice(cm.BAIRROS)}, {o.nome}"
        for _ in range(rng.randint(2, 4)))
    return itinerario, horarios, locais


def _doc_phrase(rng: random.Random, p: Company | Person) -> str:
    if isinstance(p, Person):
        return rng.choice([f"inscrito(a) no CPF sob o nº {text.cpf(p.cpf)}", f"CPF nº {text.cpf(p.cpf)}",
                           f"portador(a) do CPF nº {text.cpf(p.cpf)}"])
    c = cm.fmt_doc(p.cnpj)
    return rng.choice([f"inscrita no CNPJ sob o nº {c}", f"inscrita no CNPJ/MF sob o nº {c}", f"CNPJ nº {c}",
                       f"com CNPJ {c}", f"inscrita no Cadastro Nacional da Pessoa Jurídica sob o nº {c}"])


def _qualify(rng: random.Random, p: Company | Person, bold: bool) -> str:
    b = (lambda s: f"[[b]]{s}[[/b]]") if bold else (lambda s: s)
    if isinstance(p, Person):
        nac = "brasileira" if p.sexo == "F" else "brasileiro"
        rg = rng.choice([f"portador(a) da Cédula de Identidade RG nº {p.rg}", f"RG nº {p.rg}",
                         f"Carteira de Identidade nº {p.rg} SSP"])
        return (f"{b(p.nome)}, {nac}, {p.estado_civil}, {p.profissao}, {rg}, {_doc_phrase(rng, p)}, "
                f"residente e domiciliado(a) na {p.endereco.line()}")
    nat = {"prefeitura": "pessoa jurídica de direito público interno",
           "instituicao_ensino": "pessoa jurídica de direito privado, mantenedora de instituição de ensino",
           "entidade_estudantil": "associação civil sem fins lucrativos"}.get(
        p.categoria, rng.choice(["pessoa jurídica de direito privado", "sociedade empresária"]))
    r = p.representante
    rep = rng.choice([f"neste ato representada por seu(sua) {p.cargo.lower()}, {r.nome}, CPF nº {text.cpf(r.cpf)}",
                      f"neste ato representada por {r.nome}, {p.cargo.lower()}, inscrito(a) no CPF sob o nº "
                      f"{text.cpf(r.cpf)}", f"representada na forma de seu estatuto por {r.nome}"])
    if rng.random() < 0.5:
        return f"{b(p.razao)}, {nat}, {_doc_phrase(rng, p)}, com sede na {p.endereco.line()}, {rep}"
    return f"{b(p.razao)}, {_doc_phrase(rng, p)}, com sede na {p.endereco.line()}, {rep}"


def render(seed: int) -> cm.Rendered:
    rng = random.Random(f"contrato:{seed}")
    st = cm.draw_style(rng)
    w = cm.World(rng)
    L = st.label
    escolar = rng.random() < 0.75
    o = w.town()
    d = w.town(avoid=(o.nome,))
    carrier = w.carrier(o if rng.random() < 0.5 else None)
    school = w.school(d) if escolar else None
    if escolar:
        kind = rng.choice(["school", "school", "prefeitura", "union", "pf", "pf"])
        ct = {"school": school, "prefeitura": w.prefeitura(o), "union": w.student_union(o),
              "pf": w.person(o, rng.choice(["estudante", "comerciante", "servidor público", "agricultor"]))}[kind]
        if kind == "pf" and ct.profissao == "estudante":
            ct.profissao = "estudante universitário" if ct.sexo == "M" else "estudante universitária"
    else:
        ct = w.employer(d)
    pf = isinstance(ct, Person)
    ct_nome, ct_doc = (ct.nome, ct.cpf) if pf else (ct.razao, ct.cnpj)
    inst = school.fantasia if school else None
    assinatura = w.date_between(date(2024, 1, 5), date(2026, 6, 30))
    inicio = assinatura + timedelta(days=rng.randint(0, 35))
    fim = min(inicio + timedelta(days=rng.randint(150, 365)), date(inicio.year + 1, 12, 20))
    numero = _numero(rng, assinatura.year)
    itinerario, horarios, locais = _itinerary(rng, o, d)
    itinerario = itinerario if rng.random() < 0.8 else None
    horarios = horarios if rng.random() < 0.75 else None
    locais = locais if rng.random() < 0.7 else None
    mensal = rng.random() < 0.7
    valor = round(rng.uniform(1800, 18000) if mensal else rng.uniform(18000, 160000), rng.choice([0, 0, 2]))
    if rng.random() < 0.5:
        valor = float(round(valor, -2))
    valor = float(valor)
    cidade = rng.choice([o, d, carrier.endereco.town])
    ct_word, cd_word = "CONTRATANTE", rng.choice(cm.values(T, "contratado") or ["CONTRATADA"])
    fem = cd_word.endswith("A")
    data_txt = text.longa(assinatura) if rng.random() < 0.75 else text.dmy(assinatura)
    printed = {"numero_contrato": numero, "contratante_nome": ct_nome, "contratante_documento": cm.fmt_doc(ct_doc),
               "contratado_nome": carrier.razao, "contratado_documento": cm.fmt_doc(carrier.cnpj),
               "data_assinatura": data_txt, "vigencia_inicio": text.dmy(inicio), "vigencia_fim": text.dmy(fim),
               "origem": str(o), "destino": str(d), "valor": text.money(valor)}
    if inst:
        printed["instituicao_destino"] = inst
    for k, v in (("itinerario", itinerario), ("horarios", horarios), ("locais_embarque", locais)):
        if v:
            printed[k] = v

    body = st.para_style(space_after=st.size * 0.45)
    head_st = st.para_style(bold=True, align="left", space_after=2)
    title_st = st.para_style(size=min(14, st.size * 1.25), bold=True, align="center", space_after=3)
    titles = ["CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE ESCOLAR" if escolar else
              "CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE DE PASSAGEIROS",
              "CONTRATO DE FRETAMENTO CONTÍNUO", "CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE FRETAMENTO",
              "INSTRUMENTO PARTICULAR DE CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE SOB REGIME DE FRETAMENTO",
              "CONTRATO DE SERVIÇO DE FRETAMENTO"]
    title = rng.choice(titles)
    story: list = []
    num_style = rng.choice(["title", "line", "label"])
    if num_style == "title":
        story.append(cm.P(f"{title} Nº {numero}", title_st))
    else:
        story.append(cm.P(title, title_st))
        if num_style == "line":
            story.append(cm.P(f"{L('CONTRATO Nº')} {numero}", title_st))
        else:
            story.append(cm.P(f"{st.pick(T, 'numero_contrato', lambda s: s.upper() != 'CONTRATO')}: {numero}",
                              st.para_style(align=rng.choice(["left", "right", "center"]))))
    story.append(Spacer(1, st.size))

    obj_kind = "fretamento contínuo escolar" if escolar else "fretamento contínuo"
    passengers = ("dos estudantes relacionados na Lista de Passageiros anexa" if escolar else
                  "dos empregados da CONTRATANTE relacionados na Relação de Passageiros anexa")
    inst_txt = ""
    if inst:
        inst_txt = rng.choice([f", até a instituição de ensino {inst}", f", para atendimento aos alunos do(a) {inst}",
                               f", tendo como destino o(a) {inst}"])
    obj_variant = rng.choice(["municipio", "trajeto", "labels"])
    if obj_variant == "municipio":
        objeto = (f"O presente contrato tem por objeto a prestação, pel{'a' if fem else 'o'} {cd_word}, de serviço de "
                  f"transporte coletivo de passageiros sob regime de {obj_kind}, em circuito fechado, {passengers}, com "
                  f"origem no Município de {o} e destino no Município de {d}{inst_txt}.")
        obj_extra = []
    elif obj_variant == "trajeto":
        objeto = (f"Constitui objeto deste contrato o transporte {passengers}, sob regime de {obj_kind}, no trajeto "
                  f"entre {o} (origem) e {d} (destino){inst_txt}.")
        obj_extra = []
    else:
        objeto = (f"O objeto deste instrumento é o transporte {passengers}, sob regime de {obj_kind}, em circuito "
                  "fechado, nas condições abaixo:")
        obj_extra = [f"{st.pick(T, 'origem')}: {o}.", f"{st.pick(T, 'destino')}: {d}."]
        if inst:
            obj_extra.append(f"{st.pick(T, 'instituicao_destino', lambda s: 'DESEMBARQUE' not in s)}: {inst}.")
    annex, annex_short = rng.choice([("da Grade de Itinerário anexa", "Conforme Grade de Itinerário anexa"),
                                     ("do Anexo I deste contrato", "Conforme Anexo I"),
                                     ("da programação anexa", "Conforme programação anexa")])
    absent = {"itinerario": f"O itinerário é o constante {annex}.",
              "horarios": f"Os horários são os constantes {annex}.",
              "locais_embarque": f"Os locais de embarque e desembarque são os constantes {annex}."}
    iti_pars = []
    for name, val in (("itinerario", itinerario), ("horarios", horarios), ("locais_embarque", locais)):
        if val:
            iti_pars.append(f"{st.pick(T, name, lambda s: s.upper() != 'HORÁRIO')}: {val}.")
        else:
            iti_pars.append(absent[name])
    if rng.random() < 0.5:
        ords = ["primeiro", "segundo", "terceiro", "quarto"]
        iti_pars = [f"Parágrafo {ords[i]} – {p}" for i, p in enumerate(iti_pars)]
    meses = max(1, round((fim - inicio).days / 30))
    prazo = rng.choice([
        f"O presente contrato vigorará de {text.dmy(inicio)} a {text.dmy(fim)}, podendo ser prorrogado mediante "
        "termo aditivo.",
        f"O prazo de vigência deste contrato é de {meses} ({text.extenso_int(meses)}) meses, com início em "
        f"{text.dmy(inicio)} e término em {text.dmy(fim)}.",
        f"A vigência deste contrato será de {text.dmy(inicio)} até {text.dmy(fim)}, podendo ser renovada por acordo "
        "entre as partes.",
        f"Este contrato terá início em {text.dmy(inicio)} e término em {text.dmy(fim)}."])
    pag = rng.choice(["até o dia 10 (dez) do mês subsequente ao da prestação dos serviços",
                      "mediante boleto bancário com vencimento no dia 5 (cinco) de cada mês",
                      "por depósito em conta corrente, contra a apresentação da nota fiscal"])
    preco = rng.choice([
        f"Pelos serviços prestados, a CONTRATANTE pagará {'à' if fem else 'ao'} {cd_word} o valor {'mensal' if mensal else 'global'} de "
        f"{text.valor_extenso(valor)}, {pag}.",
        f"O valor {'mensal' if mensal else 'total'} deste contrato é de {text.money(valor)}, a ser pago {pag}.",
        f"A CONTRATANTE pagará {'mensalmente ' if mensal else ''}a importância de {text.valor_extenso(valor)}"
        f"{'' if mensal else ', em parcelas mensais'}, {pag}."])
    obrig_cd = ("Executar o transporte com veículo em perfeitas condições de segurança, licenciado na categoria "
                "aluguel; manter seguro de acidentes pessoais de passageiros e de responsabilidade civil vigente; "
                "empregar motoristas habilitados na categoria D ou E; não transportar passageiros em número superior "
                "à lotação do veículo.")
    obrig_ct = ("Efetuar os pagamentos nas datas acordadas e comunicar, com antecedência mínima de 48 (quarenta e "
                "oito) horas, qualquer alteração na relação de passageiros ou no calendário.")
    resc = ("Qualquer das partes poderá rescindir o presente contrato mediante notificação por escrito com "
            "antecedência mínima de 30 (trinta) dias, ou de imediato em caso de descumprimento de suas cláusulas.")
    foro = (f"Fica eleito o foro da Comarca de {cidade.nome} para dirimir as questões oriundas deste contrato, com "
            "renúncia a qualquer outro, por mais privilegiado que seja.")
    heads = {"objeto": "DO OBJETO", "iti": rng.choice(["DO ITINERÁRIO E DOS HORÁRIOS", "DA EXECUÇÃO DOS SERVIÇOS",
                                                       "DO ITINERÁRIO"]),
             "prazo": rng.choice(["DO PRAZO", "DA VIGÊNCIA"]), "preco": rng.choice(["DO PREÇO", "DO VALOR E DO "
                                                                                   "PAGAMENTO"]),
             "ocd": f"DAS OBRIGAÇÕES D{'A' if fem else 'O'} {cd_word}", "oct": "DAS OBRIGAÇÕES DA CONTRATANTE",
             "resc": "DA RESCISÃO", "foro": "DO FORO"}

    layout = rng.choice(["clausulas", "clausulas", "quadro"])
    if layout == "clausulas":
        bold = rng.random() < 0.6
        q_ct, q_cd = _qualify(rng, ct, bold), _qualify(rng, carrier, bold)
        style = rng.choice(["labels", "um_lado", "doravante"])
        if style == "labels":
            story += [cm.P(f"[[b]]{ct_word}:[[/b]] {q_ct}.", body), cm.P(f"[[b]]{cd_word}:[[/b]] {q_cd}.", body),
                      cm.P("As partes acima identificadas têm entre si justo e contratado o que segue.", body)]
        elif style == "um_lado":
            story.append(cm.P(f"Pelo presente instrumento particular, de um lado {q_ct}, doravante denominad"
                              f"{'o(a)' if pf else 'a'} {ct_word}, e, de outro lado, {q_cd}, doravante denominad"
                              f"{'a' if fem else 'o'} {cd_word}, têm entre si justo e contratado o que segue.", body))
        else:
            story.append(cm.P(f"{q_ct}, doravante {ct_word}; e {q_cd}, doravante {cd_word}, celebram o presente "
                              "contrato, que se regerá pelas cláusulas seguintes.", body))
        order = ["objeto"] + cm.shuffled(rng, ["iti", "prazo", "preco"]) + \
            (["ocd", "oct"] if rng.random() < 0.7 else ["oct", "ocd"]) + ["resc", "foro"]
        if rng.random() < 0.3:  # obligations before the term and the price
            order = ["objeto", "iti", "ocd", "oct", "prazo", "preco", "resc", "foro"]
        texts = {"objeto": [objeto] + obj_extra, "iti": iti_pars, "prazo": [prazo], "preco": [preco],
                 "ocd": [obrig_cd], "oct": [obrig_ct], "resc": [resc], "foro": [foro]}
        numbering = rng.choice(["ordinal", "ordinal_num", "num", "clausula_num"])
        for i, k in enumerate(order):
            h = heads[k]
            label = {"ordinal": f"CLÁUSULA {ORDINAIS[i]} – {h}", "ordinal_num": f"CLÁUSULA {i + 1}ª - {h}",
                     "num": f"{i + 1}. {h}", "clausula_num": f"Cláusula {i + 1} – {cm.title_case(h)}"}[numbering]
            if numbering != "clausula_num":
                label = L(label)
            story.append(cm.P(label, head_st))
            for j, t in enumerate(texts[k]):
                if numbering == "num" and len(texts[k]) > 1:
                    t = f"{i + 1}.{j + 1}. {t}"
                story.append(cm.P(t, body))
    else:
        rows: list[tuple[str, str]] = []
        ct_cell_doc = rng.random() < 0.5
        if ct_cell_doc:
            dl = "CPF" if pf else "CNPJ"
            rows.append((L(ct_word), f"{ct_nome}\n{dl}: {cm.fmt_doc(ct_doc)}"))
        else:
            rows += [(st.pick(T, "contratante_nome", lambda s: not (pf and s.upper().startswith("RAZÃO"))), ct_nome),
                     (st.pick(T, "contratante_documento", lambda s: ("CPF" in s) if pf else ("CNPJ" in s)),
                      cm.fmt_doc(ct_doc))]
        if rng.random() < 0.5:
            rows.append((L(cd_word), f"{carrier.razao}\nCNPJ: {cm.fmt_doc(carrier.cnpj)}"))
        else:
            rows += [(st.pick(T, "contratado_nome"), carrier.razao),
                     (st.pick(T, "contratado_documento", lambda s: "CNPJ" in s), cm.fmt_doc(carrier.cnpj))]
        svc = [(st.pick(T, "origem"), str(o)), (st.pick(T, "destino"), str(d))]
        if inst:
            svc.append((st.pick(T, "instituicao_destino", lambda s: "DESEMBARQUE" not in s), inst))
        for name, val in (("itinerario", itinerario), ("horarios", horarios), ("locais_embarque", locais)):
            if val or rng.random() < 0.6:
                svc.append((st.pick(T, name), val or annex_short))
        term = []
        if rng.random() < 0.5:
            term.append((st.pick(T, "vigencia"), rng.choice([f"{text.dmy(inicio)} a {text.dmy(fim)}",
                                                            f"de {text.dmy(inicio)} até {text.dmy(fim)}"])))
        else:
            term += [(st.pick(T, "vigencia_inicio"), text.dmy(inicio)), (st.pick(T, "vigencia_fim"), text.dmy(fim))]
        vl = st.pick(T, "valor", lambda s: ("MENSAL" in s.upper()) == mensal or s.upper() in ("VALOR", "PREÇO"))
        term.append((vl, text.valor_extenso(valor) + (" por mês" if mensal and "MENSAL" not in vl.upper() else "")))
        blocks = [rows, svc, term]
        if rng.random() < 0.4:
            blocks = [rows] + cm.shuffled(rng, [svc, term])
        if rng.random() < 0.5:
            blocks = [cm.shuffled(rng, b) if i else b for i, b in enumerate(blocks)]
        allrows = [r for b in blocks for r in b]
        if rng.random() < 0.5:
            allrows = [(f"{i}. {a}", b) for i, (a, b) in enumerate(allrows, 1)]
        qt = L(rng.choice(["QUADRO RESUMO", "QUADRO-RESUMO", "DADOS DO CONTRATO"]))
        story.append(cm.P(f"[[b]]{qt}[[/b]]", st.para_style(align="left", space_after=3)))
        aw = pdf.W - st.margins[0] - st.margins[1]
        lab_st = st.para_style(size=max(7.0, st.size * 0.92), bold=st.label_bold or rng.random() < 0.5, align="left")
        val_st = st.para_style(align="left")
        if rng.random() < 0.7:
            lw = rng.uniform(0.24, 0.36) * aw
            t = Table([[cm.P(a, lab_st), cm.P(b, val_st)] for a, b in allrows], colWidths=[lw, aw - lw])
            ts = [("VALIGN", (0, 0), (-1, -1), "TOP")]
            look = rng.choice(["grid", "grid", "rules", "shade"])
            if look == "grid":
                ts.append(("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#444444")))
            elif look == "rules":
                ts.append(("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.grey))
            else:
                ts += [("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#e8e8e8")),
                       ("BOX", (0, 0), (-1, -1), 0.6, colors.black)]
            t.setStyle(TableStyle(ts))
            story.append(t)
        else:
            items = [Item(a, b.replace("\n", " - "), None, wrap=True) for a, b in allrows]
            story.append(cm.Form([cm.Section(None, items)], st, rng, modes=("grid", "aligned"), columns=(1,)))
        story += [Spacer(1, st.size), cm.P(L(rng.choice(["CONDIÇÕES GERAIS", "CLÁUSULAS E CONDIÇÕES"])), head_st)]
        conds = [objeto.replace(f", com origem no Município de {o} e destino no Município de {d}{inst_txt}", "")
                 .replace(f" no trajeto entre {o} (origem) e {d} (destino){inst_txt}", "")
                 .replace(" nas condições abaixo:", " nas condições do Quadro Resumo."),
                 obrig_cd, obrig_ct, resc, foro]
        conds[0] = conds[0].replace(" nas condições abaixo:", " nas condições do Quadro Resumo.")
        for i, c in enumerate(conds, 1):
            story.append(cm.P(f"{i}. {c}", body))

    story += [Spacer(1, st.size * 0.6),
              cm.P("E, por estarem assim justas e contratadas, as partes assinam o presente instrumento em 2 (duas) "
                   "vias de igual teor e forma, na presença das testemunhas abaixo.", body)]
    place = f"{cidade.nome}/{cidade.uf}" if rng.random() < 0.3 else cidade.nome
    story.append(cm.P(f"{place}, {data_txt}.", st.para_style(align=rng.choice(["left", "right", "center"]))))

    # a person contracting signs over the role alone: the name is printed once, in the qualification
    caps = [[ct_word] if pf else [ct.representante.nome, ct_word], [carrier.representante.nome, cd_word]]
    caps += [[f"Testemunha: {w.person_name()[0]}", f"CPF {text.cpf(cm.cpf(rng))}"] for _ in range(2)]

    def sig_block(c, wd, h):
        lw = wd / 2 - 30
        for k, (x, y) in enumerate([(10, h - 38), (wd / 2 + 20, h - 38), (10, 28), (wd / 2 + 20, 28)]):
            size = cm.fit_size(caps[k], st.regular, max(7.0, st.size * 0.85), lw)
            pdf.signature_line(c, x, y, lw, caps[k], f"k{seed}:{k}" if k < 2 else None, size=size, font=st.regular)

    aw = pdf.W - st.margins[0] - st.margins[1]
    story += [Spacer(1, st.size), KeepTogether([pdf.Drawn(aw, 130, sig_block)])]
    footer = rng.choice(["none", "page", "initials"])

    def on_page(c, doc):
        if footer == "none":
            return
        c.saveState()
        c.setFont(st.regular, 7)
        msg = f"Página {doc.page}" if footer == "page" else f"Rubricas: ________  ________     pág. {doc.page}"
        c.drawRightString(doc.leftMargin + doc.width, doc.bottomMargin * 0.5, msg)
        c.restoreState()

    out = cm.build(story, st, "Contrato de fretamento", carrier.razao, on_page=on_page)
    expected = {
        "numero_contrato": numero, "contratante_nome": ct_nome, "contratante_documento": ct_doc,
        "contratante_tipo": "pf" if pf else "pj", "contratado_nome": carrier.razao,
        "contratado_documento": carrier.cnpj, "data_assinatura": assinatura.isoformat(),
        "vigencia_inicio": inicio.isoformat(), "vigencia_fim": fim.isoformat(), "origem": str(o),
        "destino": str(d), "instituicao_destino": inst, "itinerario": itinerario, "horarios": horarios,
        "locais_embarque": locais, "valor": valor,
    }
    return cm.Rendered(out, {"type": T, "layout": "perturbed", "seed": seed, "fields": expected}, printed)
