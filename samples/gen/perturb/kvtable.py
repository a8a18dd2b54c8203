"""Key/value tables: a column of row labels and cells of values, one or two pairs to a row, ruled as
a grid, with rules between rows only, shaded label cells, or no rules at all; sections as rows
spanning the table. A CRLV printed as such a table, a policy's data and premium, and a contract's
summary table (QUADRO RESUMO) whose parties are rows named by their role alone with their
identifier in the row below (CONTRATANTE / CNPJ / REPRESENTANTE / CONTRATADA / CNPJ), or a table
of parties with a column for the name and one for the CNPJ."""

from __future__ import annotations

import random

from reportlab.lib import colors
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from samples.gen import pdf, text
from samples.gen.perturb import clauses, coverage, facts
from samples.gen.perturb import common as cm
from samples.gen.perturb.common import Person

Pair = tuple[str, str]  # (label, value)


def kv_table(rng: random.Random, st: cm.Style, sections: list[tuple[str | None, list[Pair]]], width: float,
             per_row: int | None = None, look: str | None = None) -> Table:
    """Sections of (label, value) pairs as one table; a section's title spans the row above it."""
    per_row = per_row or rng.choice([1, 1, 2])
    look = look or rng.choice(["grid", "grid", "rows", "shade", "none"])
    size = st.size
    lab_st = st.para_style(size=max(6.5, size * rng.uniform(0.8, 0.95)), bold=st.label_bold, align="left",
                           leading=size * 1.15)
    val_st = st.para_style(size=size, bold=st.value_bold, align="left", leading=size * 1.2)
    sec_st = st.para_style(size=size, bold=True, align="left")
    lab_frac = rng.uniform(0.26, 0.4) if per_row == 1 else rng.uniform(0.14, 0.2)
    lw = width * lab_frac
    vw = width / per_row - lw
    widest = max((cm.width(lab, st.label_font, lab_st.fontSize) for _, ps in sections for lab, _ in ps), default=0)
    if widest + 8 > lw:  # a label wraps between its words, never inside one
        word = max((cm.width(x, st.label_font, lab_st.fontSize) for _, ps in sections for lab, _ in ps
                    for x in lab.split()), default=0)
        lw = min(max(lw, word + 10), width / per_row * 0.5)
        vw = width / per_row - lw
    rows: list[list] = []
    spans: list[int] = []
    for title, pairs in sections:
        if title:
            spans.append(len(rows))
            rows.append([cm.P(title, sec_st)] + [""] * (2 * per_row - 1))
        for i in range(0, len(pairs), per_row):
            chunk = pairs[i:i + per_row]
            row: list = []
            for lab, val in chunk:
                row += [cm.P(lab, lab_st), cm.P(val, val_st)]
            row += [""] * (2 * per_row - len(row))
            rows.append(row)
    t = Table(rows, colWidths=[lw, vw] * per_row)
    ts: list = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), rng.uniform(1.5, 3.5)),
                ("BOTTOMPADDING", (0, 0), (-1, -1), rng.uniform(1.5, 3.5))]
    for r in spans:
        ts.append(("SPAN", (0, r), (-1, r)))
    if look == "grid":
        ts.append(("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#333333")))
    elif look == "rows":
        ts.append(("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.grey))
    elif look == "shade":
        ts += [("BOX", (0, 0), (-1, -1), 0.6, colors.black), ("INNERGRID", (0, 0), (-1, -1), 0.3, colors.grey)]
        for j in range(per_row):
            ts.append(("BACKGROUND", (2 * j, 0), (2 * j, -1), colors.HexColor("#e6e6e6")))
    for r in spans:
        if look != "none":
            ts.append(("BACKGROUND", (0, r), (-1, r), colors.HexColor("#d0d0d0")))
    t.setStyle(TableStyle(ts))
    return t


def _aw(st: cm.Style) -> float:
    return pdf.W - st.margins[0] - st.margins[1]


def _head(rng: random.Random, st: cm.Style, lines: list[str], title: str) -> list:
    ps = st.para_style(size=st.size * 0.95, bold=True, align="center")
    out: list = [cm.P(x, ps) for x in lines]
    out += [Spacer(1, 3), cm.P(title, st.para_style(size=min(13, st.size * 1.3), bold=True, align="center")),
            Spacer(1, rng.uniform(6, 12))]
    return out


# --------------------------------------------------------------------------- CRLV

def crlv(seed: int, f: facts.Crlv | None = None, rng: random.Random | None = None) -> cm.Rendered:
    from samples.gen.perturb.crlv import DETRANS, ESTADOS

    rng = rng or random.Random(f"kv_table:crlv:{seed}")
    st = cm.draw_style(rng, (7.5, 10.5))
    w = cm.World(rng)
    f = f or facts.crlv(rng, w)
    v, T = f.v, "crlv"
    lab = lambda name, ok=lambda s: True: st.pick(T, name, ok)  # noqa: E731
    placa = cm.placa_fmt(v["placa"], rng)
    lot = rng.choice([f"{v['lotacao']}P", f"{v['lotacao']:02d}", f"{v['lotacao']} PASSAGEIROS", f"{v['lotacao']}"])
    doc_ok = (lambda s: "CPF" in s.upper()) if f.pf else (lambda s: "CNPJ" in s.upper())
    printed = {"placa": placa, "renavam": v["renavam"], "chassi": v["chassi"], "exercicio": str(f.exercicio),
               "categoria": f.categoria, "especie_tipo": v["especie"], "lotacao": lot,
               "proprietario_nome": f.owner_nome, "proprietario_documento": cm.fmt_doc(f.owner_doc),
               "data_emissao": text.dmy(f.emissao), "ano_fabricacao": str(v["ano_fab"]),
               "ano_modelo": str(v["ano_mod"])}
    L = st.label
    veic = [(lab("renavam"), v["renavam"]), (lab("placa"), placa), (lab("chassi"), v["chassi"]),
            (L("MARCA / MODELO / VERSÃO"), v["marca_modelo"]), (lab("ano_fabricacao"), str(v["ano_fab"])),
            (lab("ano_modelo"), str(v["ano_mod"])), (lab("especie_tipo"), v["especie"]),
            (lab("categoria"), f.categoria), (lab("lotacao"), lot), (L("COR PREDOMINANTE"), v["cor"]),
            (L("COMBUSTÍVEL"), v["combustivel"])]
    veic += [p for p in [(L("NÚMERO DO CRV"), v["crv"]), (L("MOTOR"), v["motor"]),
                         (L("PLACA ANTERIOR / UF"), f"{v['placa_anterior']}/{f.town.uf}" if v["placa_anterior"]
                          else "*******"), (L("CAPACIDADE"), "*.*")] if rng.random() < 0.6]
    owner = [(lab("proprietario_nome", lambda s: not (f.pf and "RAZÃO" in s.upper())), f.owner_nome),
             (lab("proprietario_documento", doc_ok), cm.fmt_doc(f.owner_doc)),
             (L(rng.choice(["MUNICÍPIO", "LOCAL"])), f"{f.town.nome.upper()}/{f.town.uf}")]
    lic = [(lab("exercicio"), str(f.exercicio)),
           (lab("data_emissao", lambda s: "QUITA" not in s.upper() and s.upper() != "DATA"), text.dmy(f.emissao)),
           (L("OBSERVAÇÕES"), rng.choice(["S/REST", "SEM RESTRIÇÃO", "*.*"]))]
    groups = [("DADOS DO VEÍCULO", cm.shuffled(rng, veic) if rng.random() < 0.4 else veic),
              ("PROPRIETÁRIO", owner), ("LICENCIAMENTO", lic)]
    if rng.random() < 0.5:
        groups = [groups[1], groups[0], groups[2]]
    titled = rng.random() < 0.7
    sections = [(L(g) if titled else None, ps) for g, ps in groups]
    if not titled:
        sections = [(None, [p for _, ps in sections for p in ps])]
    uf = f.town.uf
    head = _head(rng, st, ["REPÚBLICA FEDERATIVA DO BRASIL",
                           f"DEPARTAMENTO ESTADUAL DE TRÂNSITO DE {ESTADOS.get(uf, 'SÃO PAULO')}"],
                 rng.choice(["CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO",
                             "CRLV - CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO"]))
    story = head + [kv_table(rng, st, sections, _aw(st)), Spacer(1, 10),
                    cm.P(f"Documento emitido por {DETRANS.get(uf, 'DETRAN')} em {text.dmy(f.emissao)}.",
                         st.para_style(size=max(7.0, st.size * 0.8), align="left"))]
    out = cm.build(story, st, "CRLV " + v["placa"], DETRANS.get(uf, "DETRAN"))
    return cm.Rendered(out, {"type": T, "layout": "kv_table", "seed": seed, "fields": f.expected()}, printed)


# --------------------------------------------------------------------------- policy

def apolice(seed: int, f: facts.Apolice | None = None, rng: random.Random | None = None) -> cm.Rendered:
    rng = rng or random.Random(f"kv_table:apolice_seguro:{seed}")
    st = cm.draw_style(rng, (7.5, 10))
    w = cm.World(rng)
    f = f or facts.apolice(rng, w)
    T = "apolice_seguro"
    L = st.label
    lab = lambda name, ok=lambda s: True: st.pick(T, name, ok)  # noqa: E731
    placa = cm.placa_fmt(f.v["placa"], rng)
    doc_ok = (lambda s: "CPF" in s.upper()) if f.pf else (lambda s: "CNPJ" in s.upper())
    printed = {"numero_apolice": f.numero, "seguradora_nome": f.ins.razao, "seguradora_cnpj": cm.fmt_doc(f.ins.cnpj),
               "segurado_nome": f.seg_nome, "segurado_documento": cm.fmt_doc(f.seg_doc), "placa": placa,
               "chassi": f.v["chassi"], "vigencia_inicio": text.dmy(f.inicio), "vigencia_fim": text.dmy(f.fim)}
    printed.update(coverage.printed(f))
    apol = [(lab("numero_apolice", lambda s: "CERTIFICADO" not in s.upper()), f.numero),
            (L("DATA DE EMISSÃO"), text.dmy(f.emissao)), (L("RAMO"), rng.choice(["0531 - RCF-V", "0520"])),
            (L("PROPOSTA"), cm.digits(rng, 8))]
    segd = [(lab("seguradora_nome"), f.ins.razao), (lab("seguradora_cnpj"), cm.fmt_doc(f.ins.cnpj)),
            (L("CÓDIGO SUSEP"), f.susep)]
    segurado = [(lab("segurado_nome", lambda s: not (f.pf and "RAZÃO" in s.upper())), f.seg_nome),
                (lab("segurado_documento", doc_ok), cm.fmt_doc(f.seg_doc)),
                (L("ENDEREÇO"), f.segurado.endereco.short())]
    if rng.random() < 0.5:
        vig = [(lab("vigencia"), rng.choice([f"das 24h de {text.dmy(f.inicio)} às 24h de {text.dmy(f.fim)}",
                                             f"{text.dmy(f.inicio)} a {text.dmy(f.fim)}"]))]
    else:
        vig = [(lab("vigencia_inicio"), text.dmy(f.inicio)), (lab("vigencia_fim"), text.dmy(f.fim))]
    veic = [(lab("placa"), placa), (lab("chassi"), f.v["chassi"]), (L("MARCA/MODELO"), f.v["marca_modelo"]),
            (L("ANO FAB/MOD"), f"{f.v['ano_fab']}/{f.v['ano_mod']}")]
    if f.print_renavam:
        veic.insert(2, (lab("renavam"), f.v["renavam"]))
        printed["renavam"] = f.v["renavam"]
    if f.print_assentos:
        ass = rng.choice([str(f.assentos), f"{f.assentos} passageiros", f"{f.assentos:02d}"])
        veic.append((lab("assentos"), ass))
        printed["assentos"] = ass
    groups = [("DADOS DA APÓLICE", apol), ("SEGURADORA", segd), ("SEGURADO", segurado),
              ("VIGÊNCIA", vig), ("VEÍCULO SEGURADO", veic)]
    groups = groups[:1] + cm.shuffled(rng, groups[1:]) if rng.random() < 0.5 else groups
    aw = _aw(st)
    one_table = rng.random() < 0.5
    story: list = [cm.P(f.brand.upper(), st.para_style(size=min(16, st.size * 1.7), bold=True, align="left")),
                   cm.P(L(rng.choice(["APÓLICE DE SEGURO", "APÓLICE DE SEGURO - RCF-V ÔNIBUS",
                                      "APÓLICE DE SEGURO DE RESPONSABILIDADE CIVIL FACULTATIVA DE VEÍCULOS"])),
                        st.para_style(size=min(13, st.size * 1.25), bold=True, align="center")), Spacer(1, 8)]
    if one_table:
        story.append(kv_table(rng, st, [(L(g), ps) for g, ps in groups], aw))
    else:
        look, per = rng.choice(["grid", "rows", "shade", "none"]), rng.choice([1, 2])
        for g, ps in groups:
            story += [cm.P(f"[[b]]{L(g)}[[/b]]", st.para_style(align="left", space_after=2)),
                      kv_table(rng, st, [(None, ps)], aw, per_row=per, look=look), Spacer(1, 5)]
    cov, note = coverage.table(rng, st, f, aw)
    story += [Spacer(1, 8), KeepTogether([cm.P(L(rng.choice(["COBERTURAS CONTRATADAS", "COBERTURAS E LIMITES"])),
                                               st.para_style(bold=True, align="left", space_after=3)), cov])]
    if note:
        story.append(cm.P(coverage.NOTE, st.para_style(size=max(7.0, st.size * 0.9))))
    liq = round(rng.uniform(3000, 16000), 2)
    story += [Spacer(1, 8), kv_table(rng, st, [(L("PRÊMIO"), [(L("PRÊMIO LÍQUIDO"), text.money(liq)),
                                                               (L("IOF"), text.money(round(liq * 0.0738, 2)))])],
                                     aw, per_row=2)]
    story += [Spacer(1, 10), cm.P(f"{f.ins.endereco.town.nome}, {text.longa(f.emissao)}.", st.para_style(align="left"))]
    out = cm.build(story, st, f"Apólice {f.numero}", f.brand)
    return cm.Rendered(out, {"type": T, "layout": "kv_table", "seed": seed, "fields": f.expected()}, printed)


# --------------------------------------------------------------------------- contract

def contrato(seed: int, f: facts.Contrato | None = None, rng: random.Random | None = None) -> cm.Rendered:
    rng = rng or random.Random(f"kv_table:contrato_fretamento:{seed}")
    st = cm.draw_style(rng, (8, 10.5))
    w = cm.World(rng)
    f = f or facts.contrato(rng, w)
    T = "contrato_fretamento"
    L = st.label
    wd = clauses.words(rng, st, f, in_summary=True)
    printed = dict(wd.printed)
    aw = _aw(st)
    dl = "CPF" if f.pf else rng.choice(["CNPJ", "CNPJ", "CNPJ/CPF"])
    ct_doc, cd_doc = cm.fmt_doc(f.ct_doc), cm.fmt_doc(f.carrier.cnpj)
    parts = rng.choice(["roles", "roles", "columns"])
    story: list = [cm.P(wd.title, st.para_style(size=min(14, st.size * 1.25), bold=True, align="center"))]
    if wd.number_line:
        story.append(cm.P(wd.number_line, st.para_style(bold=True, align="center")))
    story += [Spacer(1, st.size), cm.P(f"[[b]]{L(rng.choice(['QUADRO RESUMO', 'QUADRO-RESUMO']))}[[/b]]",
                                       st.para_style(align="left", space_after=3))]
    numbered = rng.random() < 0.3
    rep_ct = None if isinstance(f.ct, Person) else f.ct.representante.nome
    if parts == "roles":  # the role alone names the row; the identifier's row belongs to the party above it
        rows = [(L("CONTRATANTE"), f.ct_nome), (L(dl), ct_doc)]
        if rep_ct and rng.random() < 0.7:
            rows.append((L(rng.choice(["REPRESENTANTE", "REPRESENTANTE LEGAL", "NESTE ATO REPRESENTADA POR"])),
                         rep_ct))
        if rng.random() < 0.5:
            rows.append((L("ENDEREÇO"), f.ct.endereco.line()))
        rows += [(L(f.cd_word), f.carrier.razao), (L("CNPJ"), cd_doc)]
        if rng.random() < 0.6:
            rows.append((L(rng.choice(["REPRESENTANTE", "REPRESENTANTE LEGAL"])), f.carrier.representante.nome))
        if numbered:
            rows = [(f"{i}. {a}", b) for i, (a, b) in enumerate(rows, 1)]
        story.append(kv_table(rng, st, [(None, rows)], aw, per_row=1))
    else:  # a table of parties: a column for the name, one for the identifier
        hs = st.para_style(size=st.size * 0.95, bold=True, align="left")
        vs = st.para_style(align="left")
        head = [cm.P(L(rng.choice(["PARTE", "QUALIFICAÇÃO", ""])), hs),
                cm.P(L(rng.choice(["NOME / RAZÃO SOCIAL", "NOME", "RAZÃO SOCIAL"])), hs),
                cm.P(L(rng.choice(["CNPJ/CPF", "CPF/CNPJ", "CNPJ"])), hs)]
        rows_t = [head, [cm.P(L("CONTRATANTE"), hs), cm.P(f.ct_nome, vs), ct_doc],
                  [cm.P(L(f.cd_word), hs), cm.P(f.carrier.razao, vs), cd_doc]]
        doc_w = cm.width("00.000.000/0000-00", st.regular, st.size) + 14
        role_w = max(cm.width(x, st.bold, st.size * 0.95) for x in ("CONTRATANTE", f.cd_word)) + 14
        t = Table(rows_t, colWidths=[role_w, aw - role_w - doc_w, doc_w])
        t.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("FONT", (0, 1), (-1, -1), st.regular, st.size),
                               ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e2e2e2"))]))
        story.append(t)
    story.append(Spacer(1, 6))
    svc = [(st.pick(T, "origem"), str(f.o)), (st.pick(T, "destino"), str(f.d))]
    if f.inst:
        svc.append((st.pick(T, "instituicao_destino", lambda s: "DESEMBARQUE" not in s), f.inst))
        printed["instituicao_destino"] = f.inst
    _, annex_short = clauses.annex(rng)
    for name, val in (("itinerario", f.itinerario), ("horarios", f.horarios), ("locais_embarque", f.locais)):
        if val:
            svc.append((st.pick(T, name), val))
            printed[name] = val
        elif rng.random() < 0.6:
            svc.append((st.pick(T, name), annex_short))
    if rng.random() < 0.5:
        term = [(st.pick(T, "vigencia"), f"{text.dmy(f.inicio)} a {text.dmy(f.fim)}")]
    else:
        term = [(st.pick(T, "vigencia_inicio"), text.dmy(f.inicio)), (st.pick(T, "vigencia_fim"), text.dmy(f.fim))]
    vl = st.pick(T, "valor", lambda s: ("MENSAL" in s.upper()) == f.mensal or s.upper() in ("VALOR", "PREÇO"))
    term.append((vl, text.valor_extenso(f.valor) + (" por mês" if f.mensal and "MENSAL" not in vl.upper() else "")))
    if rng.random() < 0.4:
        term.append((L("VEÍCULO"), f"{f.v['marca_modelo']} - placa {cm.placa_fmt(f.v['placa'], rng)} - "
                                   f"{f.v['lotacao']} lugares"))
    rows2 = svc + term
    if numbered:
        start = len(rows) + 1 if parts == "roles" else 1
        rows2 = [(f"{i}. {a}", b) for i, (a, b) in enumerate(rows2, start)]
    story += [kv_table(rng, st, [(None, rows2)], aw, per_row=1), Spacer(1, st.size)]
    body = st.para_style(space_after=st.size * 0.45)
    head_st = st.para_style(bold=True, align="left", space_after=2)
    for c in wd.clauses:
        story.append(cm.P(c.heading, head_st))
        story += [cm.P(x, body) for x in c.texts]
    story += [Spacer(1, st.size * 0.6), cm.P(wd.closing, body),
              cm.P(wd.place_date, st.para_style(align=rng.choice(["left", "right"])))]
    caps = clauses.signature_captions(f, w, rng)

    def sig_block(c, wdt, h):
        lw = wdt / 2 - 30
        for k, (x, y) in enumerate([(10, h - 38), (wdt / 2 + 20, h - 38), (10, 28), (wdt / 2 + 20, 28)]):
            size = cm.fit_size(caps[k], st.regular, max(7.0, st.size * 0.85), lw)
            pdf.signature_line(c, x, y, lw, caps[k], f"kv{seed}:{k}" if k < 2 else None, size=size, font=st.regular)

    story += [Spacer(1, st.size), KeepTogether([pdf.Drawn(aw, 130, sig_block)])]
    out = cm.build(story, st, "Contrato de fretamento", f.carrier.razao)
    exp = f.expected()
    for k in ("itinerario", "horarios", "locais_embarque", "instituicao_destino"):
        if k not in printed:
            exp[k] = None
    return cm.Rendered(out, {"type": T, "layout": "kv_table", "seed": seed, "fields": exp}, printed)
