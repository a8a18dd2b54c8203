"""A passenger list printed from a spreadsheet: thin grey gridlines on every cell, the header block
as merged cells above the column headers, many columns besides the name and the document (birth
date, phone, address, boarding stop, class, guardian, notes), cells that never wrap (the font is
shrunk until the widest row fits), often on a landscape page, sometimes with the sheet's own row
numbers and column letters printed, and a TOTAL row counting the passengers."""

from __future__ import annotations

import io
import random

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

from samples.gen import text
from samples.gen.perturb import common as cm
from samples.gen.perturb import facts
from samples.gen.perturb.grouped import kind_words, name_labels

T = "lista_passageiros"


def render(seed: int, f: facts.Lista | None = None, rng: random.Random | None = None) -> cm.Rendered:
    rng = rng or random.Random(f"spreadsheet:lista_passageiros:{seed}")
    st = cm.draw_style(rng, (7, 9))
    w = cm.World(rng)
    f = f or facts.lista(rng, w)
    up = rng.random() < 0.6
    H = (lambda s: s.upper()) if up else cm.title_case  # noqa: E731
    cols_vocab = cm.table_columns(T, "passageiros")
    words = kind_words(rng, st)
    docs = rng.choice(["cpf_rg", "tipo_num", "docfull"]) if set(f.kinds) <= {"cpf", "rg"} else \
        rng.choice(["tipo_num", "docfull"])
    cols: list[tuple[str, str]] = []
    if rng.random() < 0.6:
        cols.append(("n", H(rng.choice(cols_vocab.get("n") or ["Nº"]))))
    cols.append(("nome", H(rng.choice(name_labels(f.escolar)))))
    if docs == "cpf_rg":
        cols += [("cpf", "CPF"), ("rg", H(rng.choice(cols_vocab.get("doc_rg") or ["RG"])))]
    elif docs == "tipo_num":
        cols += [("tipo", H(rng.choice(cols_vocab.get("tipo") or ["TIPO"]))),
                 ("num", H(rng.choice([s for s in cols_vocab.get("doc") or ["NÚMERO"] if "TIPO" not in s])))]
    else:
        cols.append(("docfull", H(rng.choice([s for s in cols_vocab.get("doc") or ["DOCUMENTO"]
                                               if "NÚMERO" not in s]))))
    extras = [("nasc", H(rng.choice(cols_vocab.get("x_nasc") or ["DATA NASC."]))), ("fone", H("TELEFONE")),
              ("bairro", H(rng.choice(["BAIRRO", "ENDEREÇO"]))), ("stop", H("PONTO DE EMBARQUE")),
              ("turma", H(rng.choice(["TURMA", "SÉRIE", "CURSO"]) if f.escolar else rng.choice(["SETOR", "CARGO"]))),
              ("turno", H("TURNO")), ("obs", H(rng.choice(["OBS", "OBSERVAÇÃO"])))]
    if f.escolar:
        extras.append(("resp", H("RESPONSÁVEL")))
    cols += cm.shuffled(rng, extras)[: rng.randint(3, len(extras))]
    if rng.random() < 0.4:  # a spreadsheet's columns in the order someone typed them
        head, rest = cols[:1], cols[1:]
        cols = head + cm.shuffled(rng, rest)
    resp = {i: w.person_name()[0] for i, p in enumerate(f.pax) if f.escolar}
    sep = rng.choice([" ", ": "])

    def cell(p: dict, i: int, c: str) -> str:
        if c == "n":
            return str(i)
        if c == "nome":
            return p["nome"] if up else cm.title_case(p["nome"])
        if c == "cpf":
            return p["printed"] if p["tipo"] == "cpf" else ""
        if c == "rg":
            return p["printed"] if p["tipo"] == "rg" else ""
        if c == "tipo":
            return words[p["tipo"]]
        if c == "num":
            return p["printed"]
        if c == "docfull":
            return f"{words[p['tipo']]}{sep}{p['printed']}"
        if c == "nasc":
            return text.dmy(p["nasc"])
        if c == "fone":
            return p["fone"]
        if c == "bairro":
            return p["bairro"] if up is False else p["bairro"].upper()
        if c == "stop":
            return f.stops[p["stop"]].nome
        if c == "turma":
            return p["turma"]
        if c == "turno":
            return p["turno"]
        if c == "resp":
            return resp[i - 1] if p["nasc"].year > 2007 else ""
        if c == "obs":
            return rng.choice(["", "", "", "", "ALERGIA", "CADEIRANTE", "NOVO", "SAI ÀS 11H"])
        raise KeyError(c)

    body = [[cell(p, i, c) for c, _ in cols] for i, p in enumerate(f.pax, 1)]
    header = [h for _, h in cols]
    page = landscape(A4) if rng.random() < 0.6 else A4
    margin = rng.uniform(8, 16) * 72 / 25.4
    aw = page[0] - 2 * margin
    size = st.size
    font, bold = st.regular, st.bold

    def need(sz: float) -> list[float]:
        return [max([cm.width(r[j], font, sz) for r in body] + [cm.width(header[j], bold, sz)]) + 8
                for j in range(len(cols))]

    while sum(need(size)) > aw and size > 5.5:
        size = round(size - 0.25, 2)
    while sum(need(size)) > aw and len(cols) > 3:  # what does not fit is left out of the print area
        j = max(range(len(cols)), key=lambda k: cols[k][0] not in ("n", "nome", "cpf", "rg", "tipo", "num",
                                                                    "docfull"))
        if cols[j][0] in ("n", "nome", "cpf", "rg", "tipo", "num", "docfull"):
            break
        cols.pop(j)
        header.pop(j)
        body = [r[:j] + r[j + 1:] for r in body]
    widths = need(size)
    if sum(widths) < aw and rng.random() < 0.5:
        widths = [x * aw / sum(widths) for x in widths]
    ncol = len(cols)
    L = st.label
    top: list[list[str]] = [[H(rng.choice(["RELAÇÃO DE PASSAGEIROS", "LISTA DE PASSAGEIROS",
                                           "LISTA DE PASSAGEIROS - FRETAMENTO"]))] + [""] * (ncol - 1)]
    printed: dict = {"contrato_numero": f.numero, "contratante_nome": f.ct_nome}
    info = [(st.pick(T, "contrato_numero"), f.numero), (st.pick(T, "contratante_nome",
                                                                 lambda s: not (f.pf and "EMPRESA" in s.upper())),
                                                        f.ct_nome)]
    if f.inst:
        info.append((st.pick(T, "instituicao", lambda s: s.upper() != "DESTINO"), f.inst))
        printed["instituicao"] = f.inst
    if rng.random() < 0.6:
        info.append((L("TRANSPORTADORA"), f.carrier.razao))
    # the label in column A, the value merged over the rest (where column A has room for the labels)
    split = rng.random() < 0.5 and ncol >= 3 and \
        max(cm.width(lab, font, size) for lab, _ in info) + 8 <= widths[0]
    for lab, val in info:
        top.append([lab, val] + [""] * (ncol - 2) if split else [f"{lab}: {val}"] + [""] * (ncol - 1))
    rows = top + [header] + body
    hrow = len(top)
    total = rng.random() < 0.65
    if total:
        tl = st.pick(T, "total_passageiros")
        rows.append([tl] + [""] * (ncol - 2) + [str(len(f.pax))] if ncol > 2 else [tl, str(len(f.pax))])
        printed["total_passageiros"] = str(len(f.pax))
    letters = rng.random() < 0.3  # the sheet's row numbers and column letters printed
    if letters:
        rows = [[""] + [chr(65 + j) for j in range(ncol)]] + [[str(i)] + r for i, r in enumerate(rows, 1)]
        widths = [cm.width(str(len(rows)), font, size) + 8] + widths
    off = 1 if letters else 0
    t = Table(rows, colWidths=widths, repeatRows=(hrow + 1 + off) if rng.random() < 0.5 else 0)
    grey = colors.HexColor(rng.choice(["#b4b4b4", "#9a9a9a", "#c8c8c8"]))
    ts: list = [("FONT", (0, 0), (-1, -1), font, size), ("GRID", (0, 0), (-1, -1), 0.25, grey),
                ("TOPPADDING", (0, 0), (-1, -1), 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
                ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
                ("FONT", (off, hrow + off), (-1, hrow + off), bold, size),
                ("FONT", (off, off), (-1, off), bold, min(size * 1.3, 11)),
                ("SPAN", (off, off), (-1, off)), ("BACKGROUND", (off, hrow + off), (-1, hrow + off),
                                                 colors.HexColor(rng.choice(["#d9e1f2", "#e2efda", "#ededed"])))]
    for r in range(1, hrow):
        ts.append(("SPAN", (off + (1 if split else 0), r + off), (-1, r + off)))
    if total:
        ts += [("FONT", (off, len(rows) - 1), (-1, len(rows) - 1), bold, size)]
        if ncol > 2:
            ts.append(("SPAN", (off, len(rows) - 1), (off + ncol - 2, len(rows) - 1)))
    if letters:
        ts += [("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
               ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#eeeeee")), ("ALIGN", (0, 0), (-1, 0), "CENTER")]
    t.setStyle(TableStyle(ts))
    sheet = rng.choice(["Planilha1", "Passageiros", "Lista", "Plan1"])

    def on_page(c, doc):
        c.saveState()
        c.setFont(font, 7)
        c.drawCentredString(page[0] / 2, margin * 0.45, sheet)
        c.drawRightString(page[0] - margin, margin * 0.45, f"Página {doc.page}")
        c.restoreState()

    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=page, leftMargin=margin, rightMargin=margin, topMargin=margin,
                            bottomMargin=margin, title=sheet, author=f.carrier.fantasia, creator="Planilha",
                            invariant=1, pageCompression=1)
    doc.build([t], onFirstPage=on_page, onLaterPages=on_page)
    printed["passageiros"] = [{"nome": p["nome"] if up else cm.title_case(p["nome"]), "documento": p["printed"]}
                              for p in f.pax]
    return cm.Rendered(buf.getvalue(), {"type": T, "layout": "spreadsheet", "seed": seed, "fields": f.expected()},
                       printed)
