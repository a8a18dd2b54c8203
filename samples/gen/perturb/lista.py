"""A passenger list in a perturbed layout: a header block (contrato nº, contratante, instituição,
transportador...) above a table whose columns come in any order (nº, nome, documento tipo and
número, or a CPF column and an RG column, or the kind written in the number's cell), with extra
columns (turma, data de nascimento, assinatura...), wrapped names, a printed total or not, on
one or two pages."""

from __future__ import annotations

import random
from datetime import date

from reportlab.lib import colors
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from samples.gen import ids, pdf, text
from samples.gen.perturb import common as cm
from samples.gen.perturb.common import Item, Person
from samples.gen.perturb.contrato import _numero

T = "lista_passageiros"


def _doc(rng: random.Random, kind: str, year: int) -> tuple[str, str]:
    """(printed, normalised) number of a passenger's document of this kind."""
    if kind == "cpf":
        d = cm.cpf(rng)
        return text.cpf(d), d
    if kind == "rg":
        f = rng.choice(["plain", "sp", "mg", "sc"])
        if f == "plain":
            d = cm.digits(rng, 10)
            return d, d
        if f == "sp":
            d = cm.digits(rng, 8)
            dv = rng.choice("0123456789X")
            return f"{d[:2]}.{d[2:5]}.{d[5:]}-{dv}", d + dv
        if f == "mg":
            d = cm.digits(rng, 8)
            return f"MG-{d[:2]}.{d[2:5]}.{d[5:]}", "MG" + d
        d = cm.digits(rng, 7)
        return f"{d[0]}.{d[1:4]}.{d[4:]}", d
    if kind == "matricula":
        y = rng.randint(2016, 2025)
        n = rng.randint(1, 9999)
        p, d = rng.choice([(f"{y}.{n:04d}", f"{y}{n:04d}"), (f"{y}{n:04d}", f"{y}{n:04d}"),
                           (f"{y}/{n:06d}", f"{y}{n:06d}")])
        return p, d
    if kind == "certidao":
        d = ids.certidao(cm.key(rng), year)
        return text.certidao(d), d
    d = cm.digits(rng, rng.choice([6, 7]))
    return d, d


def render(seed: int) -> cm.Rendered:
    rng = random.Random(f"lista:{seed}")
    st = cm.draw_style(rng)
    w = cm.World(rng)
    L = st.label
    escolar = rng.random() < 0.8
    o = w.town()
    carrier = w.carrier(o)
    school = w.school() if escolar else None
    if escolar:
        ct = rng.choice([school, school, w.prefeitura(o), w.student_union(o), w.person(o, "estudante")])
    else:
        ct = w.employer()
    pf = isinstance(ct, Person)
    ct_nome = ct.nome if pf else ct.razao
    inst = school.fantasia if school else None
    ref = w.date_between(date(2024, 1, 10), date(2026, 6, 30))
    numero = _numero(rng, ref.year)

    # ---- passengers
    scheme = rng.choice(["tipo_num", "tipo_num", "cpf_rg", "cpf_rg", "single", "cpf_only"])
    if scheme == "tipo_num":
        kinds = rng.choice([["cpf", "rg", "certidao", "matricula"], ["cpf", "rg"], ["cpf", "matricula", "inscricao"],
                            ["rg", "certidao", "cpf"], ["cpf", "cpf", "rg", "matricula", "certidao", "inscricao"]])
    elif scheme == "cpf_rg":
        kinds = ["cpf", "rg"]
    elif scheme == "single":
        kinds = rng.choice([["cpf", "rg"], ["cpf", "rg", "matricula"], ["rg"]])
    else:
        kinds = ["cpf"]
    n = rng.randint(6, 46)
    upper_names = rng.random() < 0.75
    tipo_words = {k: cm.values(T, k) or [k.upper()] for k in ("cpf", "rg", "matricula", "certidao", "inscricao")}
    tipo_pick = {k: rng.choice(v[:3]) for k, v in tipo_words.items()}
    if not st.upper and rng.random() < 0.5:
        tipo_pick = {k: cm.title_case(v) for k, v in tipo_pick.items()}
    pax = []
    for i in range(n):
        nome, _ = w.person_name()
        if not upper_names:
            nome = cm.title_case(nome)
        kind = rng.choice(kinds)
        born = rng.randint(2008, 2019) if escolar else rng.randint(1970, 2004)
        printed_doc, norm = _doc(rng, kind, born)
        pax.append({"nome": nome, "tipo": kind, "printed": printed_doc, "doc": norm,
                    "nasc": date(born, rng.randint(1, 12), rng.randint(1, 28)),
                    "turma": rng.choice(["6º A", "7º B", "8º A", "9º C", "1º EM", "2º EM", "3º EM"] if escolar and
                                        born > 2005 else ["Administração", "Direito", "Pedagogia", "Produção",
                                                          "Manutenção", "Turno A", "Turno B"])})

    # ---- table columns
    cols_vocab = cm.table_columns(T, "passageiros")

    school_words = ("ESTUDANTE", "ALUNO", "TURMA", "SÉRIE", "CURSO")
    work_words = ("FUNCIONÁRIO", "COLABORADOR", "SETOR", "CARGO")

    def col_label(key: str, default: str) -> str:
        # a school's list speaks of students and classes, a company's of employees and sectors
        avoid = work_words if escolar else school_words
        opts = [s for s in cols_vocab.get(key) or [] if not any(a in s.upper() for a in avoid)]
        return L(rng.choice(opts or [default]))

    cols: list[tuple[str, str]] = [("nome", col_label("nome", "NOME"))]
    if scheme == "tipo_num":
        cols += [("tipo", col_label("tipo", "TIPO")), ("num", L(rng.choice(
            [s for s in cols_vocab.get("doc") or ["NÚMERO"] if "TIPO" not in s.upper()])))]
    elif scheme == "cpf_rg":
        cols += [("cpf", col_label("doc_cpf", "CPF")), ("rg", col_label("doc_rg", "RG"))]
    elif scheme == "single":
        cols += [("docfull", L(rng.choice([s for s in cols_vocab.get("doc") or ["DOCUMENTO"]
                                            if "NÚMERO" not in s.upper()])))]
    else:
        cols += [("cpf", col_label("doc_cpf", "CPF"))]
    extras = [("turma", col_label("x_curso", "TURMA")), ("nasc", col_label("x_nasc", "DATA DE NASCIMENTO")),
              ("ass", col_label("x_ass", "ASSINATURA")), ("emb", L(rng.choice(["PONTO DE EMBARQUE", "BAIRRO"])))]
    cols += [e for e in extras if rng.random() < 0.3]
    cols = cm.shuffled(rng, cols) if rng.random() < 0.6 else cols
    if rng.random() < 0.85:
        ncol = ("n", col_label("n", "Nº"))
        cols.insert(0 if rng.random() < 0.85 else rng.randint(1, len(cols)), ncol)

    tsize = round(max(7.0, st.size * rng.uniform(0.85, 1.0)), 1)
    cs = st.para_style(size=tsize, align="left", leading=tsize * 1.18)
    hs = st.para_style(size=tsize * 0.92, bold=True, align="left", leading=tsize * 1.12)
    bairros = cm.shuffled(rng, cm.BAIRROS)
    sep = rng.choice([" ", ": ", " nº "])

    zero_pad = rng.random() < 0.5

    def cell(p: dict, i: int, c: str):
        if c == "n":
            return f"{i:02d}" if zero_pad else str(i)
        if c == "nome":
            return cm.P(p["nome"], cs)
        if c == "tipo":
            return tipo_pick[p["tipo"]]
        if c == "num":
            return cm.P(p["printed"], cs)
        if c == "cpf":
            return p["printed"] if p["tipo"] == "cpf" else "-"
        if c == "rg":
            return p["printed"] if p["tipo"] == "rg" else "-"
        if c == "docfull":
            return cm.P(f"{tipo_pick[p['tipo']]}{sep}{p['printed']}", cs)
        if c == "turma":
            return p["turma"]
        if c == "nasc":
            return text.dmy(p["nasc"])
        if c == "ass":
            return ""
        if c == "emb":
            return bairros[i % len(bairros)]
        raise KeyError(c)

    rows = [[cm.P(h, hs) for _, h in cols]]
    for i, p in enumerate(pax, 1):
        rows.append([cell(p, i, c) for c, _ in cols])
    aw = pdf.W - st.margins[0] - st.margins[1]
    f = st.regular

    def wmax(strings) -> float:  # a cell's text and the table's 6 pt paddings
        return max(cm.width(s, f, tsize) for s in strings) + 14

    n_head = next((h for c, h in cols if c == "n"), "Nº")
    need = {"n": max(22.0, min(cm.width(n_head, st.bold, tsize * 0.92) + 8, 40.0)),
            "tipo": wmax(tipo_pick.values()), "num": wmax(p["printed"] for p in pax),
            "cpf": wmax(["000.000.000-00"]), "rg": wmax([p["printed"] for p in pax if p["tipo"] == "rg"] or ["-"]),
            "docfull": wmax(f"{tipo_pick[p['tipo']]}{sep}{p['printed']}" for p in pax),
            "turma": wmax(p["turma"] for p in pax), "nasc": wmax(["00/00/0000"]), "ass": rng.uniform(70, 120),
            "emb": wmax(bairros)}
    need["rg"] = max(need["rg"], 40)
    need["num"] = min(need["num"], rng.uniform(110, 200))  # a long certidão wraps in its cell
    name_w = wmax(p["nome"] for p in pax)
    others = sum(need[c] for c, _ in cols if c != "nome")
    name_w = min(name_w, max(aw - others, 90), rng.uniform(140, 320))
    widths = [name_w if c == "nome" else need[c] for c, _ in cols]
    # a header may wrap between its words, never inside one
    widths = [max(wd, max(cm.width(word, st.bold, tsize * 0.92) for word in h.split()) + 14)
              for wd, (_, h) in zip(widths, cols)]
    if sum(widths) > aw:  # drop extra columns until the table fits
        keep = [(c, h) for c, h in cols if c not in ("ass", "emb", "turma", "nasc")]
        idx = [i for i, (c, _) in enumerate(cols) if (c, _) in keep]
        cols = keep
        rows = [[r[i] for i in idx] for r in rows]
        widths = [widths[i] for i in idx]
        if sum(widths) > aw:
            j = [c for c, _ in cols].index("nome")
            widths[j] = max(80, widths[j] - (sum(widths) - aw))
    if sum(widths) < aw and rng.random() < 0.6:
        sc = aw / sum(widths)
        widths = [x * sc for x in widths]
    tab = Table(rows, colWidths=widths, repeatRows=1 if rng.random() < 0.6 else 0)
    look = rng.choice(["grid", "grid", "lines", "zebra", "box"])
    ts = [("FONT", (0, 1), (-1, -1), st.regular, tsize), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
          ("TOPPADDING", (0, 0), (-1, -1), rng.uniform(1, 3)), ("BOTTOMPADDING", (0, 0), (-1, -1), rng.uniform(1.5, 3.5))]
    if look == "grid":
        ts += [("GRID", (0, 0), (-1, -1), 0.4, colors.black), ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dcdcdc"))]
    elif look == "lines":
        ts += [("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.grey), ("LINEABOVE", (0, 0), (-1, 0), 1, colors.black),
               ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black)]
    elif look == "zebra":
        ts += [("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#efefef")]),
               ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black)]
    else:
        ts += [("BOX", (0, 0), (-1, -1), 0.8, colors.black), ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
               ("LINEAFTER", (0, 0), (-2, -1), 0.3, colors.grey)]
    if cols[0][0] == "n" and rng.random() < 0.5:
        ts.append(("ALIGN", (0, 1), (0, -1), "CENTER"))
    tab.setStyle(TableStyle(ts))

    # ---- header block
    printed: dict = {"contrato_numero": numero, "contratante_nome": ct_nome,
                     "passageiros": [{"nome": p["nome"], "documento": p["printed"]} for p in pax]}
    head_items = [Item(st.pick(T, "contrato_numero"), numero, "contrato_numero"),
                  Item(st.pick(T, "contratante_nome", lambda s: not (pf and "EMPRESA" in s.upper())), ct_nome,
                       "contratante_nome")]
    if inst:
        head_items.append(Item(st.pick(T, "instituicao", lambda s: s.upper() != "DESTINO"), inst, "instituicao"))
        printed["instituicao"] = inst
    dist = [Item(L(rng.choice(["TRANSPORTADORA", "TRANSPORTADOR", "CONTRATADA"])), carrier.razao),
            Item(L("CNPJ"), cm.fmt_doc(carrier.cnpj)),
            Item(L(rng.choice(["VEÍCULO (PLACA)", "PLACA"])), w.plate()[0]),
            Item(L("ANO LETIVO"), str(ref.year)) if escolar else
            Item(L(rng.choice(["PERÍODO", "REFERÊNCIA"])), f"{ref.month:02d}/{ref.year}"),
            Item(L(rng.choice(["ORIGEM/DESTINO", "ITINERÁRIO"])), f"{o.nome} - {w.town(avoid=(o.nome,)).nome}")]
    head_items += [it for it in dist if rng.random() < 0.55]
    head_items = cm.shuffled(rng, head_items) if rng.random() < 0.7 else head_items
    story: list = []
    if rng.random() < 0.4:
        story.append(cm.P(carrier.fantasia if rng.random() < 0.5 else "FRETAMENTO CONTÍNUO"
                          + (" ESCOLAR" if escolar else ""), st.para_style(size=st.size * 1.1, bold=True,
                                                                           align="center")))
    title = L(rng.choice(["LISTA DE PASSAGEIROS", "RELAÇÃO DE PASSAGEIROS", "RELAÇÃO NOMINAL DE PASSAGEIROS",
                          "LISTA NOMINAL DE PASSAGEIROS"] + (["LISTA DE ALUNOS TRANSPORTADOS"] if escolar else [])))
    story.append(cm.P(title, st.para_style(size=min(14, st.size * 1.3), bold=True, align="center")))
    story.append(Spacer(1, st.size))
    hmode = rng.random()
    if hmode < 0.75:
        story.append(cm.Form([cm.Section(None, head_items)], st, rng, columns=(1, 1, 2)))
    else:
        for it in head_items:
            story.append(cm.P(f"[[b]]{it.label}:[[/b]] {it.value}", st.para_style(align="left")))
    story += [Spacer(1, st.size * 0.8), tab]
    total_style = rng.choice(["label", "label", "sentence", "none"])
    tail = []
    if total_style == "label":
        tl = st.pick(T, "total_passageiros")
        tail.append(cm.P(f"[[b]]{tl}:[[/b]] {n}" if rng.random() < 0.7 else f"[[b]]{tl}: {n}[[/b]]",
                         st.para_style(align=rng.choice(["left", "right"]))))
        printed["total_passageiros"] = str(n)
    elif total_style == "sentence":
        tail.append(cm.P(f"Total: {n} passageiros." if rng.random() < 0.5 else
                         f"Total de {n} ({text.extenso_int(n)}) passageiros relacionados.", st.para_style(align="left")))
        printed["total_passageiros"] = str(n)
    cidade = o.nome
    tail += [Spacer(1, st.size),
             cm.P(rng.choice(["Declaramos que os passageiros acima relacionados são os únicos autorizados a utilizar "
                              "o transporte contratado.", "Declaro, sob as penas da lei, que as informações acima são "
                              "verdadeiras."]), st.para_style()),
             Spacer(1, st.size * 0.5), cm.P(f"{cidade}, {text.dmy(ref)}.", st.para_style(align="left"))]
    sig_name = "Contratante" if pf else ct.representante.nome  # a person's name is printed once, above
    cap = [sig_name, rng.choice(["Responsável", "Contratante", "Carimbo e assinatura"])]
    cap_size = cm.fit_size(cap, st.regular, max(7.0, st.size * 0.85), 220)

    def sig(c, wd, h):
        pdf.signature_line(c, wd - 240, 22, 220, cap, f"lista-perturb:{seed}", size=cap_size, font=st.regular)

    tail.append(pdf.Drawn(aw, 56, sig))
    story.append(Spacer(1, 6))
    story.append(KeepTogether(tail))
    show_page = rng.random() < 0.6

    def on_page(c, doc):
        if not show_page:
            return
        c.saveState()
        c.setFont(st.regular, 7)
        c.drawRightString(doc.leftMargin + doc.width, doc.bottomMargin * 0.5, f"Folha {doc.page}")
        c.restoreState()

    out = cm.build(story, st, "Lista de passageiros", carrier.fantasia, on_page=on_page)
    expected = {
        "contrato_numero": numero, "contratante_nome": ct_nome, "instituicao": inst,
        "passageiros": [{"nome": p["nome"], "documento_tipo": p["tipo"], "documento": p["doc"]} for p in pax],
        "total_passageiros": n,  # as the samples: the list's passengers, printed as a total or not
    }
    return cm.Rendered(out, {"type": T, "layout": "perturbed", "seed": seed, "fields": expected}, printed)
