"""Comprovante de pagamento do seguro: a bank receipt for a single payment ("boleto"), or the
insurer's statement of instalments ("extrato")."""

from __future__ import annotations

from datetime import date, timedelta

from reportlab.lib import colors
from reportlab.platypus import Table, TableStyle

from samples.gen import ids, pdf, text
from samples.gen.world import Apolice

LAYOUTS = ("boleto", "extrato")


def add_months(d: date, n: int) -> date:
    m = d.month - 1 + n
    return d.replace(year=d.year + m // 12, month=m % 12 + 1)


def render(a: Apolice, layout: str, reference: date) -> tuple[bytes, dict]:
    if layout == "boleto":
        return _boleto(a)
    return _extrato(a, reference)


def _fields(a: Apolice, pago: date, valor: float) -> dict:
    return {"numero_apolice": a.numero, "segurado_nome": a.segurado.razao,
            "segurado_documento": a.segurado.cnpj, "data_pagamento": pago.isoformat(),
            "valor": round(valor, 2), "quitado": True,
            "dpvat": False, "placa": None, "exercicio": None, "categoria_tarifaria": None}


def _boleto(a: Apolice) -> tuple[bytes, dict]:
    s = a.seguradora
    pago = a.inicio + timedelta(days=3)
    d = pdf.Doc("Comprovante de pagamento", "Banco")
    c = d.c
    x0, wd = 80, pdf.W - 160
    y = pdf.H - 70
    c.setFont("Helvetica-Bold", 12)
    c.drawString(x0, y, "BANCO DO SUL S.A.")
    c.setFont("Helvetica", 8)
    c.drawRightString(x0 + wd, y, f"Emitido em {text.dmy(pago)} 14:02:17")
    y -= 28
    c.setFont("Helvetica-Bold", 13)
    c.drawString(x0, y, "Comprovante de pagamento de boleto")
    pdf.hrule(c, x0, x0 + wd, y - 8)
    y -= 30
    key = a.numero
    linha = (f"341{ids.digits('b1' + key, 2)}.{ids.digits('b2' + key, 5)} {ids.digits('b3' + key, 5)}."
             f"{ids.digits('b4' + key, 6)} {ids.digits('b5' + key, 5)}.{ids.digits('b6' + key, 6)} "
             f"{ids.digits('b7' + key, 1)} {ids.digits('b8' + key, 14)}")
    rows = [("Linha digitável", linha),
            ("Beneficiário", s.nome), ("CNPJ do beneficiário", text.cnpj(s.cnpj)),
            ("Pagador", a.segurado.razao), ("CPF/CNPJ do pagador", text.cnpj(a.segurado.cnpj)),
            ("Descrição", f"Prêmio do seguro - Apólice nº {a.numero} - parcela única"),
            ("Data de vencimento", text.dmy(a.inicio + timedelta(days=5))),
            ("Data do pagamento", text.dmy(pago)),
            ("Valor do documento", text.money(a.premio_total)),
            ("Valor pago", text.money(a.premio_total)),
            ("Autenticação", ids.digits("auth" + key, 8) + "F" + ids.digits("auth2" + key, 10))]
    for lab, val in rows:
        c.setFont("Helvetica", 8.5)
        c.setFillColor(colors.HexColor("#555555"))
        c.drawString(x0, y, lab)
        c.setFillColor(colors.black)
        c.setFont("Helvetica-Bold", 9.5)
        c.drawString(x0 + 150, y, val)
        y -= 22
    pdf.hrule(c, x0, x0 + wd, y + 8)
    c.setFont("Helvetica", 7.5)
    c.drawString(x0, y - 10, "Pagamento realizado via internet banking. Operação efetuada com sucesso.")
    return d.bytes(), _fields(a, pago, a.premio_total)


def _extrato(a: Apolice, reference: date) -> tuple[bytes, dict]:
    s = a.seguradora
    parcela = round(a.premio_total / a.parcelas, 2)
    d = pdf.Doc("Extrato de pagamento do prêmio", s.nome)
    c = d.c
    x0, wd = 50, pdf.W - 100
    y = pdf.H - 60
    c.setFont("Times-Bold", 15)
    c.drawCentredString(pdf.W / 2, y, s.nome)
    c.setFont("Times-Roman", 9)
    c.drawCentredString(pdf.W / 2, y - 13, f"CNPJ {text.cnpj(s.cnpj)} - SUSEP {s.susep}")
    y -= 45
    c.setFont("Times-Bold", 13)
    c.drawCentredString(pdf.W / 2, y, "EXTRATO DE PAGAMENTO DE PRÊMIO")
    y -= 30
    c.setFont("Times-Roman", 11)
    for t in [f"Apólice: {a.numero}", f"Segurado: {a.segurado.razao}",
              f"CNPJ do segurado: {text.cnpj(a.segurado.cnpj)}",
              f"Vigência: {text.dmy(a.inicio)} a {text.dmy(a.fim)}",
              f"Prêmio total: {text.money(a.premio_total)} em {a.parcelas} parcelas"]:
        c.drawString(x0, y, t)
        y -= 16
    y -= 10
    rows = [["Parcela", "Vencimento", "Valor", "Pagamento", "Situação"]]
    paid, last = 0.0, None
    for i in range(a.parcelas):
        venc = add_months(a.inicio, i)
        if venc <= reference:
            pg = venc - timedelta(days=1)
            rows.append([f"{i + 1}/{a.parcelas}", text.dmy(venc), text.money(parcela), text.dmy(pg), "PAGA"])
            paid += parcela
            last = pg
        else:
            rows.append([f"{i + 1}/{a.parcelas}", text.dmy(venc), text.money(parcela), "-", "A VENCER"])
    t = Table(rows, colWidths=[70, 90, 100, 90, 90])
    t.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Times-Bold", 10), ("FONT", (0, 1), (-1, -1), "Times-Roman", 10),
                           ("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("ALIGN", (2, 1), (2, -1), "RIGHT")]))
    tw, th = t.wrapOn(c, wd, 300)
    t.drawOn(c, x0, y - th)
    y -= th + 24
    c.setFont("Times-Bold", 11)
    c.drawString(x0, y, f"Total pago: {text.money(paid)}")
    c.drawString(x0, y - 16, "Situação do contrato: EM DIA - parcelas vencidas quitadas")
    c.setFont("Times-Roman", 10)
    c.drawString(x0, y - 44, f"São Paulo, {text.longa(reference - timedelta(days=4))}.")
    pdf.signature_line(c, x0, y - 110, 220, ["Departamento Financeiro", s.nome], "fin:" + s.nome, size=8)
    return d.bytes(), _fields(a, last, paid)


def dpvat(v, exercicio: int, pago: date, categoria: str = "03") -> tuple[bytes, dict]:
    """The DPVAT ticket (bilhete do seguro obrigatório) paid with the licensing, as the bank's
    receipt printed it until 2020."""
    from reportlab.lib.pagesizes import A5
    valor = {"03": 242.35, "01": 5.23, "04": 5.23}.get(categoria, 242.35)
    d = pdf.Doc("Bilhete DPVAT", "Seguradora Líder", pagesize=A5)
    c = d.c
    w, h = A5
    x0, wd = 32, w - 64
    y = h - 40
    c.setFont("Helvetica-Bold", 11)
    c.drawCentredString(w / 2, y, "SEGURO OBRIGATÓRIO DPVAT")
    c.setFont("Helvetica", 7.5)
    c.drawCentredString(w / 2, y - 11, "Danos Pessoais Causados por Veículos Automotores de Via Terrestre")
    c.drawCentredString(w / 2, y - 21, "Seguradora Líder dos Consórcios do Seguro DPVAT S.A. - CNPJ 09.248.608/0001-04")
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(w / 2, y - 40, "BILHETE DE SEGURO / COMPROVANTE DE QUITAÇÃO")
    y -= 64
    rows = [("EXERCÍCIO", str(exercicio)), ("PLACA", v.placa), ("RENAVAM", v.renavam), ("CHASSI", v.chassi),
            ("CATEGORIA TARIFÁRIA", f"{categoria} - ÔNIBUS, MICRO-ÔNIBUS E LOTAÇÃO" if categoria == "03" else
             f"{categoria} - AUTOMÓVEIS E CAMIONETAS PARTICULARES"),
            ("PROPRIETÁRIO", v.owner_nome), ("CPF/CNPJ", text.doc(v.owner_doc)),
            ("VALOR PAGO", text.money(valor)), ("DATA DO PAGAMENTO", text.dmy(pago))]
    for lab, val in rows:
        c.setFont("Helvetica-Bold", 8)
        c.drawString(x0, y, lab + ":")
        c.setFont("Helvetica", 9)
        c.drawString(x0 + 115, y, val)
        y -= 15
    y -= 8
    c.setFont("Helvetica", 7.5)
    pdf.para(c, x0, y, wd, "Pago com o licenciamento anual do veículo. Em caso de acidente, a indenização é paga "
             "diretamente à vítima ou a seus beneficiários. Autenticação bancária: "
             + ids.digits("dpvat:" + v.placa, 6) + "." + ids.digits("dpvat2:" + v.placa, 8), "Helvetica", 7.5, 10)
    return d.bytes(), {"numero_apolice": None, "segurado_nome": v.owner_nome, "segurado_documento": v.owner_doc,
                       "data_pagamento": pago.isoformat(), "valor": valor, "quitado": True, "dpvat": True,
                       "placa": v.placa, "exercicio": exercicio, "categoria_tarifaria": categoria}
