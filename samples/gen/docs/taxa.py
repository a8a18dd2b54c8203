"""Comprovante de recolhimento de taxa METROPLAN (requerimento; autorização por veículo)."""

from __future__ import annotations

from datetime import date

from samples.gen import ids, pdf, text
from samples.gen.world import Empresa, Veiculo

RECEITA = {
    "requerimento": ("3247", "METROPLAN - TAXA DE REQUERIMENTO - FRETAMENTO"),
    "autorizacao": ("3255", "METROPLAN - TAXA DE AUTORIZAÇÃO PARA VIAGENS ESPECIAIS - FRETAMENTO CONTÍNUO ESCOLAR"),
}


def render(e: Empresa, taxa: str, valor: float, pago: date, veiculo: Veiculo | None) -> tuple[bytes, dict]:
    d = pdf.Doc("Comprovante de pagamento - GA", "BANRISUL")
    c = d.c
    x0, wd = 90, pdf.W - 180
    y = pdf.H - 70
    c.setLineWidth(0.8)
    c.rect(x0 - 14, y - 470, wd + 28, 500)
    c.setFont("Courier-Bold", 11)
    c.drawCentredString(pdf.W / 2, y, "BANRISUL - BANCO DO ESTADO DO RIO GRANDE DO SUL")
    c.setFont("Courier", 9.5)
    c.drawCentredString(pdf.W / 2, y - 14, "COMPROVANTE DE PAGAMENTO")
    c.drawCentredString(pdf.W / 2, y - 27, "GUIA DE ARRECADAÇÃO - GA / SEFAZ-RS")
    y -= 55
    cod, desc = RECEITA[taxa]
    key = f"{e.cnpj}:{taxa}:{veiculo.placa if veiculo else ''}"
    lines = [("ÓRGÃO", "METROPLAN - FUND. EST. PLAN. METROP. REGIONAL"),
             ("CÓDIGO DA RECEITA", cod), ("DESCRIÇÃO", desc),
             ("CONTRIBUINTE", e.razao), ("CNPJ/CPF", text.cnpj(e.cnpj))]
    if veiculo:
        lines.append(("PLACA DO VEÍCULO", veiculo.placa))
    lines += [("REFERÊNCIA", f"{pago.month:02d}/{pago.year}"),
              ("NÚMERO DA GUIA", ids.digits("ga:" + key, 12)),
              ("DATA DE VENCIMENTO", text.dmy(pago)),
              ("DATA DO PAGAMENTO", text.dmy(pago)),
              ("VALOR PAGO", text.money(valor)),
              ("AUTENTICAÇÃO", ids.digits("aut:" + key, 6) + "." + ids.digits("aut2:" + key, 4) + ".A1F3")]
    for lab, val in lines:
        c.setFont("Courier-Bold", 9)
        c.drawString(x0, y, lab + ":")
        val_lines = pdf.lines(val, "Courier", 9, wd - 150)
        c.setFont("Courier", 9)
        for i, vl in enumerate(val_lines):
            c.drawString(x0 + 150, y - i * 12, vl)
        y -= 12 * len(val_lines) + 8
    c.setFont("Courier", 8)
    c.drawCentredString(pdf.W / 2, y - 20, "PAGAMENTO EFETUADO EM CANAL ELETRÔNICO")
    c.drawCentredString(pdf.W / 2, y - 32, "GUARDE ESTE COMPROVANTE")
    return d.bytes(), {"titular_nome": e.razao, "titular_documento": e.cnpj, "taxa": taxa,
                       "valor": valor, "data_pagamento": pago.isoformat(),
                       "placa": veiculo.placa if veiculo else None}


def sindical(e: Empresa, valor: float, pago: date) -> tuple[bytes, dict]:
    """Comprovante de pagamento da Guia de Recolhimento da Contribuição Sindical Urbana (GRCSU)."""
    from reportlab.lib.pagesizes import A5
    d = pdf.Doc("Comprovante GRCSU", "CAIXA", pagesize=A5)
    c = d.c
    w, h = A5
    x0 = 34
    y = h - 42
    c.setFont("Courier-Bold", 11)
    c.drawCentredString(w / 2, y, "CAIXA ECONÔMICA FEDERAL")
    c.setFont("Courier", 9)
    c.drawCentredString(w / 2, y - 13, "COMPROVANTE DE PAGAMENTO")
    c.drawCentredString(w / 2, y - 25, "GUIA DE RECOLHIMENTO DA CONTRIBUIÇÃO SINDICAL URBANA - GRCSU")
    y -= 50
    key = f"{e.cnpj}:sindical:{pago.year}"
    lines = [("CONTRIBUINTE", e.razao), ("CNPJ", text.cnpj(e.cnpj)),
             ("ENTIDADE SINDICAL", "SINDICATO DAS EMPRESAS DE TRANSPORTE DE PASSAGEIROS DA REGIÃO CENTRAL - RS"),
             ("CÓDIGO DA ENTIDADE", "005.213.04512-8"), ("TIPO", "CONTRIBUIÇÃO SINDICAL - EMPREGADOR"),
             ("EXERCÍCIO", str(pago.year)), ("CAPITAL SOCIAL", text.money(e.capital)),
             ("DATA DO PAGAMENTO", text.dmy(pago)), ("VALOR PAGO", text.money(valor)),
             ("AUTENTICAÇÃO", ids.digits("sind:" + key, 8) + "." + ids.digits("sind2:" + key, 6))]
    for lab, val in lines:
        c.setFont("Courier-Bold", 8.5)
        c.drawString(x0, y, lab + ":")
        vl = pdf.lines(val, "Courier", 8.5, w - 2 * x0 - 130)
        c.setFont("Courier", 8.5)
        for i, t in enumerate(vl):
            c.drawString(x0 + 130, y - i * 11, t)
        y -= 11 * len(vl) + 6
    c.setFont("Courier", 8)
    c.drawCentredString(w / 2, y - 14, "PAGAMENTO EFETUADO EM CANAL ELETRÔNICO")
    return d.bytes(), {"titular_nome": e.razao, "titular_documento": e.cnpj, "taxa": "contribuicao_sindical",
                       "valor": valor, "data_pagamento": pago.isoformat(), "placa": None}
