"""Boxed forms drawn with rules only: every value in a ruled box whose tiny label sits in the box's
top-left corner. A paper CRLV, as the DETRANs printed it before the digital one: a pre-printed
form on security paper (a tint and a guilloche of fine wavy lines behind everything), its values
typed by an impact printer in a monospaced font, all shifted alike from where the boxes expect
them, the form in the upper part of an A4 sheet or on a page of its own size. And an insurer's
policy drawn the same way, with its coverages in a ruled grid."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from samples.gen import pdf, text
from samples.gen.perturb import common as cm
from samples.gen.perturb import coverage, facts
from samples.gen.perturb.facts import PER_PASSENGER

MM = pdf.MM


@dataclass
class Box:
    label: str
    value: str
    share: float  # of the row's width


class Boxes:
    """Rows of ruled boxes: tiny labels in the corner, values below them, shifted by (dx, dy)."""

    def __init__(self, c: Canvas, x: float, width: float, label_font: str, label_size: float, value_font: str,
                 value_size: float, dx: float = 0.0, dy: float = 0.0, line: float = 0.6):
        self.c, self.x, self.width = c, x, width
        self.lf, self.ls, self.vf, self.vs = label_font, label_size, value_font, value_size
        self.dx, self.dy, self.line = dx, dy, line

    @property
    def row_height(self) -> float:
        return self.ls + self.vs + 10

    def row(self, top: float, boxes: list[Box], lines: int = 1) -> float:
        """Draws one row from `top` down; returns its bottom."""
        c = self.c
        h = self.row_height + (lines - 1) * self.vs * 1.15
        total = sum(b.share for b in boxes)
        x = self.x
        c.saveState()
        c.setLineWidth(self.line)
        for b in boxes:
            w = self.width * b.share / total
            c.rect(x, top - h, w, h, stroke=1, fill=0)
            lw = pdf_width(b.label, self.lf, self.ls)
            c.setFont(self.lf, self.ls if lw <= w - 4 else self.ls * (w - 4) / lw)
            c.drawString(x + 1.8, top - 1.5 - 0.78 * self.ls, b.label)
            base = top - 1.5 - self.ls - 3.5 - 0.75 * self.vs + self.dy
            avail = w - 4 - max(self.dx, 0)
            if lines > 1:
                from reportlab.lib.utils import simpleSplit

                vl = simpleSplit(b.value, self.vf, self.vs, avail)[:lines]
                size = self.vs
            else:
                vl = [b.value]
                vw = pdf_width(b.value, self.vf, self.vs)
                size = self.vs if vw <= avail else self.vs * avail / vw * 0.98
            c.setFont(self.vf, size)
            for j, t in enumerate(vl):
                c.drawString(x + 2 + self.dx, base - j * self.vs * 1.15, t)
            x += w
        c.restoreState()
        return top - h

    def band(self, top: float, title: str, fill: str = "#dddddd") -> float:
        """A section's title in a thin filled band across the form."""
        c = self.c
        h = self.ls * 2.2
        c.saveState()
        c.setFillColor(colors.HexColor(fill))
        c.setLineWidth(self.line)
        c.rect(self.x, top - h, self.width, h, stroke=1, fill=1)
        c.setFillColor(colors.black)
        c.setFont(self.lf, self.ls * 1.15)
        c.drawString(self.x + 3, top - h + self.ls * 0.65, title)
        c.restoreState()
        return top - h


def pdf_width(s: str, font: str, size: float) -> float:
    return cm.width(s, font, size)


def guilloche(c: Canvas, x: float, y: float, w: float, h: float, rng: random.Random) -> None:
    """Security paper: a pale tint and bands of fine interlaced waves behind the form."""
    c.saveState()
    tint, ink = rng.choice([("#eef5ea", "#b9d3b0"), ("#f3f0e4", "#d6caa0"), ("#eaf0f6", "#b3c6dc")])
    c.setFillColor(colors.HexColor(tint))
    c.rect(x, y, w, h, stroke=0, fill=1)
    c.setStrokeColor(colors.HexColor(ink))
    c.setLineWidth(0.25)
    waves = rng.randint(18, 34)
    amp, period, phase = rng.uniform(2, 6), rng.uniform(18, 40), rng.uniform(0, 6.28)
    for k in range(waves):
        y0 = y + h * (k + 0.5) / waves
        for sign in (1, -1):
            p = c.beginPath()
            steps = int(w / 2)
            for i in range(steps + 1):
                xx = x + w * i / steps
                yy = y0 + sign * amp * math.sin(2 * math.pi * (xx - x) / period + phase + k * 0.4)
                (p.moveTo if i == 0 else p.lineTo)(xx, yy)
            c.drawPath(p, stroke=1, fill=0)
    cx, cy, r = x + w * rng.uniform(0.4, 0.6), y + h * 0.5, min(w, h) * 0.3
    for i in range(24):  # a rosette in the middle
        a = 2 * math.pi * i / 24
        c.circle(cx + r * 0.35 * math.cos(a), cy + r * 0.35 * math.sin(a), r * 0.6, stroke=1, fill=0)
    c.restoreState()


# --------------------------------------------------------------------------- the paper CRLV

def crlv(seed: int, f: facts.Crlv | None = None, rng: random.Random | None = None) -> cm.Rendered:
    from samples.gen.perturb.crlv import DETRANS, ESTADOS

    rng = rng or random.Random(f"boxed:crlv:{seed}")
    st = cm.draw_style(rng)
    w = cm.World(rng)
    f = f or facts.crlv(rng, w)
    v, T = f.v, "crlv"
    lab = lambda name, ok=lambda s: True: st.label(rng.choice(  # noqa: E731
        [s for s in cm.field_labels(T, name) if ok(s)])).upper()
    placa = cm.placa_fmt(v["placa"], rng)
    lot = rng.choice([f"{v['lotacao']}P", f"{v['lotacao']:02d}", f"{v['lotacao']} P", f"{v['lotacao']:03d}"])
    doc_ok = (lambda s: "CPF" in s.upper()) if f.pf else (lambda s: "CNPJ" in s.upper())
    uf = f.town.uf
    local = f"{f.town.nome.upper()} {uf}"
    printed = {"placa": placa, "renavam": v["renavam"], "chassi": v["chassi"], "exercicio": str(f.exercicio),
               "categoria": f.categoria, "especie_tipo": v["especie"], "lotacao": lot,
               "proprietario_nome": f.owner_nome, "proprietario_documento": cm.fmt_doc(f.owner_doc),
               "data_emissao": text.dmy(f.emissao), "ano_fabricacao": str(v["ano_fab"]),
               "ano_modelo": str(v["ano_mod"])}
    anterior = f"{v['placa_anterior']}/{uf}" if v["placa_anterior"] else "*******/**"
    cap = rng.choice(["*.*", f"{rng.uniform(0, 1):.1f}T"]) + f"/{rng.choice([186, 230, 310, 360])}CV"
    rows = [
        [Box(lab("renavam"), v["renavam"], 3), Box(lab("exercicio"), str(f.exercicio), 1.6),
         Box("Nº DO CRV", v["crv"], 2.4), Box("CÓD. SEG. CLA", v["cla"], 2.4)],
        [Box(lab("proprietario_nome", lambda s: not (f.pf and "RAZÃO" in s.upper())), f.owner_nome, 10)],
        [Box(lab("proprietario_documento", doc_ok), cm.fmt_doc(f.owner_doc), 3.6), Box(lab("placa"), placa, 2.2),
         Box("PLACA ANT / UF", anterior, 2.6), Box("COR PREDOMINANTE", v["cor"], 2.4)],
        [Box(lab("chassi"), v["chassi"], 4.6), Box(lab("especie_tipo"), v["especie"], 5.4)],
        [Box("COMBUSTÍVEL", v["combustivel"], 2.6), Box("MARCA / MODELO", v["marca_modelo"], 7.4)],
        [Box(lab("ano_fabricacao"), str(v["ano_fab"]), 1.6), Box(lab("ano_modelo"), str(v["ano_mod"]), 1.6),
         Box("CAP / POT / CIL", cap, 2.4), Box(lab("lotacao"), lot, 1.6), Box(lab("categoria"), f.categoria, 2.8)],
    ]
    if rng.random() < 0.5:  # the boxes in another order, as each state's form had them
        rows = [rows[0]] + cm.shuffled(rng, rows[1:])
    obs = rng.choice(["S/REST", "SEM RESTRIÇÃO", f"ALIENAÇÃO FIDUCIÁRIA - BANCO {w.place()} S.A.", "*.*"])
    rows.append([Box("OBSERVAÇÕES", obs, 10)])
    rows.append([Box("LOCAL", local, 6), Box(lab("data_emissao", lambda s: "QUITA" not in s.upper()),
                                                text.dmy(f.emissao), 4)])
    pay = w.date_between(f.emissao.replace(month=1, day=2), f.emissao) if f.emissao.month > 1 else f.emissao
    dpvat = [Box("CAT. TARIF.", rng.choice(["03", "09", "10"]), 1), Box("PRÊMIO TARIFÁRIO", "R$ 0,00", 1),
             Box("IOF", "R$ 0,00", 1), Box("DATA DE QUITAÇÃO", text.dmy(pay), 1), Box("COTA ÚNICA", "R$ 0,00", 1)]
    own_page = rng.random() < 0.4
    form_w = rng.uniform(176, 192) * MM
    page_w = pdf.W if not own_page else form_w + rng.uniform(8, 20) * MM
    ls = rng.uniform(5.0, 6.2)
    vs = rng.uniform(8.5, 10.0)
    impact = rng.random() < 0.75
    vf = "Courier-Bold" if impact else rng.choice(["Helvetica", "Courier"])
    dx, dy = (rng.uniform(0, 7), rng.uniform(-2.5, 1.0)) if impact else (0.0, 0.0)
    dp_w = rng.uniform(44, 54) * MM if rng.random() < 0.6 else 0.0  # the DPVAT stub beside the form
    main_w = form_w - dp_w - (3 * MM if dp_w else 0)
    row_h = ls + vs + 10
    head_h = 34.0
    est = head_h + sum(row_h * (1.6 if len(r) == 1 and r[0].label == "OBSERVAÇÕES" else 1) for r in rows) + 16 + \
        (0 if dp_w else 2 * row_h + 12)
    page_h = pdf.H if not own_page else est + rng.uniform(14, 30) * MM
    buf = pdf.Doc("CRLV", DETRANS.get(uf, "DETRAN"), pagesize=(page_w, page_h))
    c = buf.c
    x0 = (page_w - form_w) / 2 + (rng.uniform(-6, 6) * MM if not own_page else 0)
    top = page_h - (rng.uniform(8, 22) * MM if not own_page else (page_h - est) / 2)
    guilloche(c, x0 - 3, top - est - 3, form_w + 6, est + 6, rng)
    c.setLineWidth(0.8)
    c.rect(x0 - 3, top - est - 3, form_w + 6, est + 6)
    pdf.brasao(c, x0 + 16, top - 16, 12)
    c.setFont("Helvetica-Bold", 7.5)
    for i, t in enumerate(["REPÚBLICA FEDERATIVA DO BRASIL", f"DEPARTAMENTO ESTADUAL DE TRÂNSITO - {DETRANS.get(uf, '')}",
                           "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO"]):
        c.setFont("Helvetica-Bold", 7.5 if i < 2 else 9)
        c.drawCentredString(x0 + main_w / 2 + 14, top - 9 - i * 10, t)
    c.setFont("Helvetica-Bold", 8)
    c.setFillColor(colors.HexColor("#8a2020"))
    c.drawRightString(x0 + form_w, top - 9, f"Nº {cm.digits(rng, 9)}")
    c.setFillColor(colors.black)
    c.setFont("Helvetica", 6)
    c.drawRightString(x0 + form_w, top - 19, ESTADOS.get(uf, ""))
    bx = Boxes(c, x0, main_w, "Helvetica", ls, vf, vs, dx, dy)
    y = top - head_h
    for r in rows:
        y = bx.row(y, r, lines=2 if r[0].label == "OBSERVAÇÕES" else 1)
    if dp_w:
        db = Boxes(c, x0 + main_w + 3 * MM, dp_w, "Helvetica", ls, vf, vs, dx, dy)
        yy = db.band(top - head_h, "DPVAT")
        for b in dpvat:
            yy = db.row(yy, [b])
    else:
        y = bx.band(y - 6, "SEGURO OBRIGATÓRIO - DPVAT")
        y = bx.row(y, dpvat)
    c.setFont("Helvetica", 5.5)
    c.drawString(x0, top - est + 2, "ASSINATURA DO DIRETOR / AUTENTICAÇÃO MECÂNICA")
    c.showPage()
    out = buf.bytes()
    return cm.Rendered(out, {"type": T, "layout": "boxed", "seed": seed, "fields": f.expected()}, printed)


# --------------------------------------------------------------------------- a boxed policy

def apolice(seed: int, f: facts.Apolice | None = None, rng: random.Random | None = None) -> cm.Rendered:
    rng = rng or random.Random(f"boxed:apolice_seguro:{seed}")
    st = cm.draw_style(rng)
    w = cm.World(rng)
    f = f or facts.apolice(rng, w)
    T = "apolice_seguro"
    up = lambda s: st.label(s).upper()  # noqa: E731
    lab = lambda name, ok=lambda s: True: up(rng.choice([s for s in cm.field_labels(T, name) if ok(s)]))  # noqa: E731
    sec = (cm.vocab(T).get("sections") or {})
    generic = rng.random() < 0.5  # generic labels (NOME, CNPJ) under the block's band

    def glab(block: str, name: str, ok=lambda s: True) -> str:
        opts = [s for s in ((sec.get(block) or {}).get("fields") or {}).get(name) or [] if ok(s)]
        return up(rng.choice(opts)) if generic and opts else lab(name, ok)

    placa = cm.placa_fmt(f.v["placa"], rng)
    seg_doc = cm.fmt_doc(f.seg_doc)
    printed = {"numero_apolice": f.numero, "seguradora_nome": f.ins.razao, "seguradora_cnpj": cm.fmt_doc(f.ins.cnpj),
               "segurado_nome": f.seg_nome, "segurado_documento": seg_doc, "placa": placa, "chassi": f.v["chassi"],
               "vigencia_inicio": text.dmy(f.inicio), "vigencia_fim": text.dmy(f.fim)}
    printed.update(coverage.printed(f))
    doc_ok = (lambda s: "CPF" in s.upper()) if f.pf else (lambda s: "CNPJ" in s.upper())
    veic = [Box(lab("placa"), placa, 2), Box(lab("chassi"), f.v["chassi"], 3.4)]
    if f.print_renavam:
        veic.append(Box(lab("renavam"), f.v["renavam"], 2.4))
        printed["renavam"] = f.v["renavam"]
    veic2 = [Box("MARCA/MODELO", f.v["marca_modelo"], 5), Box("ANO FAB/MOD", f"{f.v['ano_fab']}/{f.v['ano_mod']}", 2)]
    if f.print_assentos:
        ass = rng.choice([str(f.assentos), f"{f.assentos:02d}"])
        veic2.append(Box(glab("veiculo", "assentos") if generic else lab("assentos"), ass, 2))
        printed["assentos"] = ass
    h24 = rng.random() < 0.5
    blocks = [
        ("SEGURADORA", [[Box(glab("seguradora", "seguradora_nome"), f.ins.razao, 5),
                         Box(glab("seguradora", "seguradora_cnpj"), cm.fmt_doc(f.ins.cnpj), 2.6),
                         Box("CÓD. SUSEP", f.susep, 1.4)]]),
        ("SEGURADO", [[Box(glab("segurado", "segurado_nome", lambda s: not (f.pf and "RAZÃO" in s.upper())),
                           f.seg_nome, 6), Box(glab("segurado", "segurado_documento", doc_ok), seg_doc, 3)],
                      [Box("ENDEREÇO", f.segurado.endereco.short(), 5.5),
                       Box("MUNICÍPIO/UF", f"{f.segurado.endereco.town.nome}/{f.segurado.endereco.town.uf}", 3.5)]]),
        ("VIGÊNCIA", [[Box(lab("vigencia_inicio"), (f"24h de {text.dmy(f.inicio)}" if h24 else text.dmy(f.inicio)), 1),
                       Box(lab("vigencia_fim"), (f"24h de {text.dmy(f.fim)}" if h24 else text.dmy(f.fim)), 1)]]),
        ("VEÍCULO SEGURADO", [veic, veic2]),
    ]
    blocks = blocks[:1] + cm.shuffled(rng, blocks[1:]) if rng.random() < 0.5 else blocks
    buf = pdf.Doc(f"Apólice {f.numero}", f.brand)
    c = buf.c
    m = rng.uniform(12, 22) * MM
    fw = pdf.W - 2 * m
    ls, vs = rng.uniform(5.2, 6.5), rng.uniform(8, 10)
    vf = rng.choice(["Helvetica", "Times-Roman", "Courier"])
    top = pdf.H - rng.uniform(12, 20) * MM
    c.setFont("Helvetica-Bold", rng.uniform(13, 17))
    c.drawString(m, top - 14, f.brand.upper())
    c.setFont("Helvetica-Bold", 9.5)
    c.drawRightString(m + fw, top - 12, up(rng.choice(["APÓLICE DE SEGURO", "APÓLICE DE SEGURO - AUTO ÔNIBUS",
                                                       "APÓLICE RCF-V / APP"])))
    bx = Boxes(c, m, fw, "Helvetica", ls, vf, vs)
    y = bx.row(top - 24, [Box(lab("numero_apolice", lambda s: "CERTIFICADO" not in s.upper()), f.numero, 3),
                          Box("ENDOSSO", "0", 1), Box("PROPOSTA", cm.digits(rng, 8), 2),
                          Box("DATA DE EMISSÃO", text.dmy(f.emissao), 2), Box("RAMO", "0531", 1)])
    for title, rows in blocks:
        y = bx.band(y - 4, up(title))
        for r in rows:
            y = bx.row(y, r)
    # the coverages: a ruled grid whose header row holds tiny labels, as the boxes do
    y = bx.band(y - 4, up(rng.choice(["COBERTURAS", "COBERTURAS CONTRATADAS", "GARANTIAS"])))
    pax, veh = coverage.base_words(rng, st)
    heads = [up(rng.choice(cm.table_columns(T, "coberturas").get("cobertura") or ["COBERTURA"])),
             up(rng.choice((cm.table_columns(T, "coberturas").get("limite") or ["LMI"])[:4])),
             up(rng.choice(cm.table_columns(T, "coberturas").get("base") or ["BASE"]))]
    shares = [6, 2.4, 2]
    rh = vs + 6
    c.setLineWidth(0.6)
    xs = [m]
    for s in shares:
        xs.append(xs[-1] + fw * s / sum(shares))
    c.rect(m, y - ls * 2, fw, ls * 2)
    for i, h in enumerate(heads):
        c.setFont("Helvetica", min(ls, ls * (xs[i + 1] - xs[i] - 4) / cm.width(h, "Helvetica", ls)))
        c.drawString(xs[i] + 1.8, y - ls * 1.4, h)
    y -= ls * 2
    for kind, lim in f.coverage_rows(rng):
        name = f.names[kind]
        size = min(vs, vs * (xs[1] - xs[0] - 6) / max(cm.width(name, vf, vs), 1))
        c.rect(m, y - rh, fw, rh)
        for i in (1, 2):
            c.line(xs[i], y, xs[i], y - rh)
        c.setFont(vf, size)
        c.drawString(xs[0] + 2, y - rh + 4, name)
        c.setFont(vf, vs)
        c.drawRightString(xs[2] - 3, y - rh + 4, text.money(lim))
        c.drawString(xs[2] + 2, y - rh + 4, pax if kind in PER_PASSENGER else veh)
        y -= rh
    liq = round(rng.uniform(3000, 16000), 2)
    y = bx.band(y - 4, up("PRÊMIO"))
    y = bx.row(y, [Box("PRÊMIO LÍQUIDO", text.money(liq), 1), Box("IOF", text.money(round(liq * 0.0738, 2)), 1),
                   Box("PRÊMIO TOTAL", text.money(round(liq * 1.0738, 2)), 1),
                   Box("FORMA DE PAGAMENTO", rng.choice(["À VISTA", "4 PARCELAS", "10 PARCELAS"]), 1.3)])
    c.setFont("Helvetica", 7)
    c.drawString(m, y - 16, f"{f.ins.endereco.town.nome}, {text.dmy(f.emissao)}.")
    pdf.signature_line(c, m + fw - 190, y - 60, 190, [f.brand, "Diretor Técnico"], f"boxed-apolice:{seed}",
                       size=7, font="Helvetica")
    c.showPage()
    return cm.Rendered(buf.bytes(), {"type": T, "layout": "boxed", "seed": seed, "fields": f.expected()}, printed)
