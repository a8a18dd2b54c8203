"""Passenger lists grouped under sub-headers: by class or course, by shift, or by boarding stop
(`PONTO 2 - Praça do Centro - 06h18`), each group a row spanning the table, a heading over a table
of its own, or a heading over plain numbered lines with no table at all; rows numbered again in
each group or on through the whole list, a subtotal under each group or not, the list's total at
its end or not."""

from __future__ import annotations

import random

from reportlab.lib import colors
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from samples.gen import pdf, text
from samples.gen.perturb import common as cm
from samples.gen.perturb import facts
from samples.gen.perturb.common import Item, Person

T = "lista_passageiros"


def doc_columns(rng: random.Random, st: cm.Style, f: facts.Lista) -> list[tuple[str, str]]:
    """The document's columns: one 'DOCUMENTO' cell with its kind, a kind and a number, or CPF and RG."""
    cols = cm.table_columns(T, "passageiros")
    if set(f.kinds) <= {"cpf", "rg"} and rng.random() < 0.5:
        return [("cpf", st.label(rng.choice(cols.get("doc_cpf") or ["CPF"]))),
                ("rg", st.label(rng.choice(cols.get("doc_rg") or ["RG"])))]
    if rng.random() < 0.5:
        return [("tipo", st.label(rng.choice(cols.get("tipo") or ["TIPO"]))),
                ("num", st.label(rng.choice([s for s in cols.get("doc") or ["NÚMERO"] if "TIPO" not in s])))]
    return [("docfull", st.label(rng.choice([s for s in cols.get("doc") or ["DOCUMENTO"] if "NÚMERO" not in s])))]


def kind_words(rng: random.Random, st: cm.Style) -> dict[str, str]:
    out = {k: rng.choice((cm.values(T, k) or [facts.KINDS[k]])[:3]).replace("*", "") for k in facts.KINDS}
    out = {k: (v if len(v) > 2 or k in ("cpf", "rg") else facts.KINDS[k]) for k, v in out.items()}
    if not st.upper and rng.random() < 0.5:
        out = {k: cm.title_case(v) for k, v in out.items()}
    return out


def cell_text(p: dict, col: str, words: dict[str, str], sep: str) -> str:
    if col == "tipo":
        return words[p["tipo"]]
    if col == "num":
        return p["printed"]
    if col == "cpf":
        return p["printed"] if p["tipo"] == "cpf" else "-"
    if col == "rg":
        return p["printed"] if p["tipo"] == "rg" else "-"
    if col == "docfull":
        return f"{words[p['tipo']]}{sep}{p['printed']}"
    raise KeyError(col)


def name_labels(escolar: bool) -> list[str]:
    """The name column's headers a school's list (students) or a company's (employees) prints."""
    avoid = ("FUNCIONÁRIO", "COLABORADOR") if escolar else ("ESTUDANTE", "ALUNO")
    opts = cm.table_columns(T, "passageiros").get("nome") or ["NOME"]
    return [s for s in opts if not any(a in s.upper() for a in avoid)] or ["NOME"]


def header_items(rng: random.Random, st: cm.Style, f: facts.Lista) -> tuple[list[Item], dict]:
    printed: dict = {"contrato_numero": f.numero, "contratante_nome": f.ct_nome}
    items = [Item(st.pick(T, "contrato_numero"), f.numero, "contrato_numero"),
             Item(st.pick(T, "contratante_nome", lambda s: not (f.pf and "EMPRESA" in s.upper())), f.ct_nome,
                  "contratante_nome")]
    if f.inst:
        items.append(Item(st.pick(T, "instituicao", lambda s: s.upper() != "DESTINO"), f.inst, "instituicao"))
        printed["instituicao"] = f.inst
    L = st.label
    items += [it for it in [Item(L(rng.choice(["TRANSPORTADORA", "CONTRATADA"])), f.carrier.razao),
                            Item(L("VEÍCULO (PLACA)"), f.placa)] if rng.random() < 0.6]
    return items, printed


def order_groups(rng: random.Random, f: facts.Lista, by: str) -> list[tuple[str, list[dict]]]:
    if by == "stop":
        groups = [(i, s) for i, s in enumerate(f.stops)]
        out = []
        for k, (i, s) in enumerate(groups, 1):
            rows = [p for p in f.pax if p["stop"] == i]
            if rows:
                out.append((f"PONTO {k} - {s.nome} - {s.hora}", rows))
        return out
    key = "turma" if by == "turma" else "turno"
    names = sorted({p[key] for p in f.pax}, key=lambda x: (facts.TURNOS.index(x) if x in facts.TURNOS else 9, x))
    return [(n, [p for p in f.pax if p[key] == n]) for n in names]


def render(seed: int, f: facts.Lista | None = None, rng: random.Random | None = None) -> cm.Rendered:
    rng = rng or random.Random(f"grouped:lista_passageiros:{seed}")
    st = cm.draw_style(rng, (7.5, 10))
    w = cm.World(rng)
    f = f or facts.lista(rng, w)
    L = st.label
    by = rng.choice(["turma", "stop", "stop", "turno"])
    groups = order_groups(rng, f, by)
    prefix = {"turma": rng.choice(["TURMA: ", "", "SÉRIE/TURMA: "]) if f.escolar else rng.choice(["SETOR: ", ""]),
              "turno": rng.choice(["TURNO: ", "TURNO DA "]), "stop": ""}[by]
    if not f.escolar and by == "turma":
        prefix = rng.choice(["SETOR: ", ""])
    per_group = rng.random() < 0.5
    zero = rng.random() < 0.5
    subtotal = rng.random() < 0.4
    shape = rng.choice(["spanned", "spanned", "tables", "lines"])
    words = kind_words(rng, st)
    sep = rng.choice([" ", ": ", " nº "])
    cols_vocab = cm.table_columns(T, "passageiros")
    name_head = L(rng.choice(name_labels(f.escolar)))
    dcols = doc_columns(rng, st, f)
    n_head = L(rng.choice(cols_vocab.get("n") or ["Nº"]))
    cols = [("n", n_head), ("nome", name_head)] + dcols
    tsize = round(max(7.0, st.size * rng.uniform(0.85, 1.0)), 1)
    cs = st.para_style(size=tsize, align="left", leading=tsize * 1.18)
    hs = st.para_style(size=tsize * 0.95, bold=True, align="left", leading=tsize * 1.12)
    gs = st.para_style(size=tsize, bold=True, align="left", space_after=2)
    aw = pdf.W - st.margins[0] - st.margins[1]
    words_w = {c: max(cm.width(cell_text(p, c, words, sep), st.regular, tsize) for p in f.pax) + 14
               for c, _ in dcols}
    n_w = max(24.0, cm.width(n_head, st.bold, tsize) + 12)
    name_w = min(max(cm.width(p["nome"], st.regular, tsize) for p in f.pax) + 14, aw - n_w - sum(words_w.values()))
    widths = [n_w, name_w] + [words_w[c] for c, _ in dcols]
    widths = [max(wd, max(cm.width(x, st.bold, tsize * 0.95) for x in h.split()) + 14) for wd, (_, h) in zip(widths, cols)]
    if sum(widths) > aw:
        widths[1] -= sum(widths) - aw

    order: list[dict] = []
    story: list = []
    head_items, printed = header_items(rng, st, f)
    title = L(rng.choice(["LISTA DE PASSAGEIROS", "RELAÇÃO DE PASSAGEIROS", "RELAÇÃO NOMINAL DE PASSAGEIROS"]))
    story += [cm.P(title, st.para_style(size=min(14, st.size * 1.3), bold=True, align="center")), Spacer(1, st.size)]
    if rng.random() < 0.7:
        story.append(cm.Form([cm.Section(None, head_items)], st, rng, columns=(1,)))
    else:
        story += [cm.P(f"[[b]]{it.label}:[[/b]] {it.value}", st.para_style(align="left")) for it in head_items]
    story.append(Spacer(1, st.size))
    look = rng.choice(["grid", "lines", "box"])

    def style(t: Table, spans: list[int], header: bool) -> None:
        ts: list = [("FONT", (0, 0), (-1, -1), st.regular, tsize), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
        if look == "grid":
            ts.append(("GRID", (0, 0), (-1, -1), 0.4, colors.black))
        elif look == "lines":
            ts.append(("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.grey))
        else:
            ts.append(("BOX", (0, 0), (-1, -1), 0.7, colors.black))
        if header:
            ts.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#d8d8d8")))
        for r in spans:
            ts += [("SPAN", (0, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), colors.HexColor("#eeeeee"))]
        t.setStyle(TableStyle(ts))

    def row(p: dict, k: int) -> list:
        return [f"{k:02d}" if zero else str(k), cm.P(p["nome"], cs)] + \
            [cm.P(cell_text(p, c, words, sep), cs) for c, _ in dcols]

    k = 0
    header = [cm.P(h, hs) for _, h in cols]
    if shape == "spanned":
        rows: list = [header]
        spans: list[int] = []
        for g, members in groups:
            spans.append(len(rows))
            rows.append([cm.P(prefix + g, gs)] + [""] * (len(cols) - 1))
            for j, p in enumerate(members, 1):
                k += 1
                rows.append(row(p, j if per_group else k))
                order.append(p)
            if subtotal:
                spans.append(len(rows))
                rows.append([cm.P(f"Subtotal: {len(members)}", cs)] + [""] * (len(cols) - 1))
        t = Table(rows, colWidths=widths, repeatRows=1)
        style(t, spans, True)
        story.append(t)
    elif shape == "tables":
        for g, members in groups:
            rows = [header]
            for j, p in enumerate(members, 1):
                k += 1
                rows.append(row(p, j if per_group else k))
                order.append(p)
            t = Table(rows, colWidths=widths, repeatRows=1)
            style(t, [], True)
            block: list = [cm.P(prefix + g, gs), t]
            story += [KeepTogether(block)] if len(members) < 12 else block
            if subtotal:
                story.append(cm.P(f"Passageiros neste grupo: {len(members)}", cs))
            story.append(Spacer(1, st.size * 0.7))
    else:  # lines: '01 - NOME COMPLETO - RG 1234567', no table
        dash = rng.choice([" - ", " – ", ", "])
        ls = st.para_style(size=tsize, align="left", leading=tsize * 1.35)
        for g, members in groups:
            story.append(cm.P(prefix + g, gs))
            for j, p in enumerate(members, 1):
                k += 1
                num = j if per_group else k
                story.append(cm.P(f"{num:02d}{dash}{p['nome']}{dash}{words[p['tipo']]}{sep}{p['printed']}"
                                  if zero else f"{num}{dash}{p['nome']}{dash}{words[p['tipo']]}{sep}{p['printed']}",
                                  ls))
                order.append(p)
            if subtotal:
                story.append(cm.P(f"({len(members)} passageiros)", ls))
            story.append(Spacer(1, st.size * 0.6))
    tail: list = []
    if rng.random() < 0.7:
        tl = st.pick(T, "total_passageiros", lambda s: s.upper() != "TOTAL" or not subtotal)
        tail.append(cm.P(f"[[b]]{tl}:[[/b]] {len(order)}", st.para_style(align="left")))
        printed["total_passageiros"] = str(len(order))
    tail += [Spacer(1, st.size), cm.P(f"{f.o.nome}, {text.dmy(f.ref)}.", st.para_style(align="left"))]
    cap = ["Contratante" if isinstance(f.ct, Person) else f.ct.representante.nome, "Responsável"]

    def sig(c, wd, h):
        pdf.signature_line(c, wd - 240, 22, 220, cap, f"grouped:{seed}", size=max(7.0, st.size * 0.85),
                           font=st.regular)

    tail.append(pdf.Drawn(aw, 56, sig))
    story += [Spacer(1, 6), KeepTogether(tail)]
    printed["passageiros"] = [{"nome": p["nome"], "documento": p["printed"]} for p in order]
    out = cm.build(story, st, "Lista de passageiros", f.carrier.fantasia)
    return cm.Rendered(out, {"type": T, "layout": "grouped", "seed": seed, "fields": f.expected(order)}, printed)
