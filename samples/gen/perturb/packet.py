"""A whole packet merged into one PDF, as carriers often send it: the contract, the passenger list,
the CRLV and the policy one after another (each in one of the structural families), with one-page
payment receipts among them (a fee paid at a bank, a premium's instalment), some on a page of a
receipt's own narrow size. The documents agree as a real packet's do: one carrier, one vehicle,
one contratante, the list naming the contract's number.

The packet of a seed is the same file whichever core type is asked for; `render(seed)` gives the
file, each core document's expected fields and the parts in their order (type and pages)."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Callable

from pypdf import PdfReader, PdfWriter

from samples.gen import pdf, text
from samples.gen.perturb import boxed, columns, facts, grouped, kvtable, prose, spreadsheet
from samples.gen.perturb import common as cm

MM = pdf.MM
# the layouts a packet's documents are drawn in (the structural families of each type)
INNER = {"crlv": ("kv_table", "boxed"), "apolice_seguro": ("columns", "kv_table", "prose", "boxed"),
         "contrato_fretamento": ("columns", "kv_table", "prose"), "lista_passageiros": ("grouped", "spreadsheet")}
# (type, family) -> render(seed, facts, rng): the structural families' drawers of each type
RENDER: dict[tuple[str, str], Callable[..., cm.Rendered]] = {("crlv", "kv_table"): kvtable.crlv, ("crlv", "boxed"): boxed.crlv,
           ("apolice_seguro", "columns"): columns.apolice, ("apolice_seguro", "kv_table"): kvtable.apolice,
           ("apolice_seguro", "prose"): prose.apolice, ("apolice_seguro", "boxed"): boxed.apolice,
           ("contrato_fretamento", "columns"): columns.contrato,
           ("contrato_fretamento", "kv_table"): kvtable.contrato, ("contrato_fretamento", "prose"): prose.contrato,
           ("lista_passageiros", "grouped"): grouped.render, ("lista_passageiros", "spreadsheet"): spreadsheet.render}


@dataclass
class Packet:
    pdf: bytes
    documents: dict[str, cm.Rendered]  # core type -> its expected fields and what was printed
    parts: list[dict] = field(default_factory=list)  # {"type", "pages", "family"} in the file's order


def _receipt(rng: random.Random, title: str, lines: list[tuple[str, str]], bank: str, key: str) -> bytes:
    """A bank's one-page receipt: a narrow page of its own (an app's export) or the top of an A4."""
    narrow = rng.random() < 0.5
    size = rng.uniform(7.5, 9.5)
    font = rng.choice(["Helvetica", "Courier", "DejaVuSans"] if "DejaVuSans" in cm.families() else
                      ["Helvetica", "Courier"])
    bold = cm.FAMILIES[font][1]
    lead = size * 1.55
    wd = rng.uniform(76, 92) * MM if narrow else pdf.W
    ht = (len(lines) + 9) * lead + 30 * MM if narrow else pdf.H
    d = pdf.Doc(title, bank, pagesize=(wd, ht))
    c = d.c
    x = 6 * MM if narrow else rng.uniform(18, 30) * MM
    inner = wd - 2 * x if narrow else rng.uniform(90, 120) * MM
    y = ht - 10 * MM

    def fit(s: str, f: str, sz: float) -> float:  # the size at which a line fits the receipt's width
        return min(sz, sz * inner / max(cm.width(s, f, sz), 1) * 0.98)

    c.setFont(bold, fit(bank, bold, size * 1.4))
    c.drawString(x, y, bank)
    y -= lead * 1.6
    c.setFont(bold, fit(title, bold, size * 1.1))
    c.drawString(x, y, title)
    y -= lead * 0.6
    c.setLineWidth(0.5)
    c.line(x, y, x + inner, y)
    y -= lead
    aligned = rng.random() < 0.5
    for lab, val in lines:
        c.setFont(font, size)
        if aligned:  # label left, value right-aligned on the same line
            lw = cm.width(lab + ":", font, size)
            vs = min(size, size * (inner - lw - 8) / max(cm.width(val, font, size), 1))
            c.drawString(x, y, lab + ":")
            if vs < size * 0.8:  # too long for the label's line: on the next one
                y -= lead
                vs = fit(val, font, size)
            c.setFont(font, vs)
            c.drawRightString(x + inner, y, val)
            y -= lead
        else:  # label over value
            c.setFont(bold, fit(lab, bold, size * 0.85))
            c.drawString(x, y, lab)
            y -= lead * 0.8
            vs = min(size, size * inner / max(cm.width(val, font, size), 1))
            c.setFont(font, vs)
            c.drawString(x, y, val)
            y -= lead * 1.1
    y -= lead * 0.5
    c.line(x, y, x + inner, y)
    auth = "AUTENTICAÇÃO: " + pdf.opaque_payload(key, 24)
    c.setFont(font, fit(auth, font, size * 0.8))
    c.drawString(x, y - lead, auth)
    c.showPage()
    return d.bytes()


BANKS = ["BANCO DO BRASIL", "BANRISUL", "CAIXA ECONÔMICA FEDERAL", "SICREDI", "BANCO ITAÚ", "BRADESCO",
         "SANTANDER"]


def fee_receipt(rng: random.Random, carrier: cm.Company, placa: str, when, key: str) -> bytes:
    fee = rng.choice(["TAXA DE VISTORIA DE VEÍCULO", "TAXA DE AUTORIZAÇÃO DE FRETAMENTO",
                      "TAXA DE CADASTRO DE VEÍCULO", "TAXA DE REQUERIMENTO"])
    lines = [("Pagador", carrier.razao), ("CNPJ", cm.fmt_doc(carrier.cnpj)), ("Descrição", fee),
             ("Placa", placa), ("Código de barras", " ".join(cm.digits(rng, 12) for _ in range(4))),
             ("Data do pagamento", text.dmy(when)), ("Valor pago", text.money(round(rng.uniform(60, 480), 2)))]
    title = rng.choice(["COMPROVANTE DE PAGAMENTO", "COMPROVANTE DE PAGAMENTO DE TAXA",
                        "COMPROVANTE DE RECOLHIMENTO - GUIA DE ARRECADAÇÃO"])
    return _receipt(rng, title, lines, rng.choice(BANKS), key)


def premium_receipt(rng: random.Random, a: facts.Apolice, when, key: str) -> bytes:
    n = rng.choice([1, 4, 6, 10])
    total = round(rng.uniform(4000, 17000), 2)
    lines = [("Seguradora", a.ins.razao), ("Apólice", a.numero), ("Segurado", a.seg_nome),
             ("Parcela", f"1/{n}"), ("Prêmio total", text.money(total)),
             ("Data do pagamento", text.dmy(when)), ("Valor pago", text.money(round(total / n, 2)))]
    title = rng.choice(["COMPROVANTE DE PAGAMENTO DO PRÊMIO", "COMPROVANTE DE PAGAMENTO DE SEGURO",
                        "RECIBO DE PAGAMENTO DE PRÊMIO"])
    return _receipt(rng, title, lines, rng.choice(BANKS), key)


def render(seed: int) -> Packet:
    rng = random.Random(f"packet:{seed}")
    w = cm.World(rng)
    escolar = rng.random() < 0.75
    o = w.town()
    d = w.town(avoid=(o.nome,))
    carrier = w.carrier(o)
    v = w.vehicle(("onibus", "onibus", "microonibus"))
    school = w.school(d) if escolar else None
    ct = facts.contratante(rng, w, escolar, o, d, school)
    ctr = facts.contrato(rng, w, carrier=carrier, ct=ct, school=school, escolar=escolar, o=o, d=d, v=v)
    lst = facts.lista(rng, w, carrier=carrier, ct=ct, school=school, escolar=escolar, o=o, numero=ctr.numero,
                      ref=ctr.inicio, placa=v["placa"])
    doc = facts.crlv(rng, w, v=v, owner=carrier)
    apo = facts.apolice(rng, w, v=v, segurado=carrier, inicio=ctr.inicio - timedelta(days=rng.randint(10, 200)))
    given = {"contrato_fretamento": ctr, "lista_passageiros": lst, "crlv": doc, "apolice_seguro": apo}
    docs: dict[str, cm.Rendered] = {}
    inner: dict[str, str] = {}
    for t in ("contrato_fretamento", "lista_passageiros", "crlv", "apolice_seguro"):
        fam = rng.choice(INNER[t])
        inner[t] = fam
        docs[t] = RENDER[(t, fam)](seed, given[t], random.Random(f"packet:{seed}:{t}"))
    order = rng.choice([["contrato_fretamento", "lista_passageiros", "crlv", "apolice_seguro"],
                        ["crlv", "apolice_seguro", "contrato_fretamento", "lista_passageiros"],
                        cm.shuffled(rng, list(docs))])
    parts: list[tuple[str, bytes, str]] = [(t, docs[t].pdf, inner[t]) for t in order]
    paid = ctr.inicio - timedelta(days=rng.randint(3, 40))
    receipts = [("comprovante_taxa", fee_receipt(rng, carrier, v["placa"], paid, f"fee:{seed}:0"))]
    if rng.random() < 0.6:
        receipts.append(("comprovante_pagamento_seguro", premium_receipt(rng, apo, apo.emissao, f"premio:{seed}")))
    if rng.random() < 0.4:
        receipts.append(("comprovante_taxa", fee_receipt(rng, carrier, v["placa"], paid + timedelta(days=1),
                                                         f"fee:{seed}:1")))
    for t, b in receipts:  # each after a document, never two receipts at the same place
        free = [i for i in range(len(parts) + 1)
                if (i == 0 or parts[i - 1][2] != "receipt") and (i == len(parts) or parts[i][2] != "receipt")]
        parts.insert(rng.choice(free), (t, b, "receipt"))
    writer = PdfWriter()
    out_parts = []
    for t, b, fam in parts:
        reader = PdfReader(io.BytesIO(b))
        for page in reader.pages:
            writer.add_page(page)
        out_parts.append({"type": t, "pages": len(reader.pages), "family": fam})
    writer.add_metadata({"/Title": f"Documentação - {carrier.fantasia}", "/Producer": "Digitalização",
                         "/Creator": "Digitalização"})
    buf = io.BytesIO()
    writer.write(buf)
    return Packet(buf.getvalue(), docs, out_parts)
