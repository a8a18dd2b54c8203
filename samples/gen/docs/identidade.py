"""Documento de identidade dos sócios (Art. 4º, X): the RS Carteira de Identidade (front and back
photocopied on one page) and the Carteira de Identidade Nacional (CIN)."""

from __future__ import annotations

from reportlab.lib import colors

from samples.gen import pdf, text
from samples.gen.world import Pessoa

LAYOUTS = ("rg-rs", "cin")


def render(p: Pessoa, layout: str) -> tuple[bytes, dict]:
    d = pdf.Doc("Documento de identidade", "Cópia")
    c = d.c
    cw, ch = 400, 255
    x0 = (pdf.W - cw) / 2
    y_front = pdf.H - 60 - ch
    y_back = y_front - 40 - ch
    for y in (y_front, y_back):
        c.setLineWidth(1)
        c.setStrokeColor(colors.HexColor("#444444"))
        c.roundRect(x0, y, cw, ch, 10)
    c.setStrokeColor(colors.black)
    if layout == "rg-rs":
        numero = p.rg
        _rg_front(c, p, x0, y_front, cw, ch)
        _rg_back(c, p, x0, y_back, cw, ch)
    else:
        numero = text.cpf(p.cpf)
        _cin_front(c, p, x0, y_front, cw, ch)
        _cin_back(c, p, x0, y_back, cw, ch)
    c.setFont("Helvetica-Oblique", 8)
    c.drawString(x0, y_back - 24, "Cópia simples - confere com o original.")
    return d.bytes(), {"titular_nome": p.nome, "titular_documento": p.cpf, "numero": numero,
                       "data_emissao": p.rg_expedicao.isoformat(), "data_nascimento": p.nascimento.isoformat()}


def _photo(c, x, y, w, h):
    c.setFillColor(colors.HexColor("#bbbbbb"))
    c.rect(x, y, w, h, stroke=1, fill=1)
    c.setFillColor(colors.HexColor("#888888"))
    c.circle(x + w / 2, y + h * 0.62, w * 0.22, stroke=0, fill=1)
    c.ellipse(x + w * 0.15, y, x + w * 0.85, y + h * 0.45, stroke=0, fill=1)
    c.setFillColor(colors.black)


def _field(c, x, y, label, value, size=10):
    c.setFont("Helvetica", 6.5)
    c.drawString(x, y, label)
    c.setFont("Helvetica-Bold", size)
    c.drawString(x, y - size - 1, value)


def _rg_front(c, p, x, y, w, h):
    c.setFont("Helvetica-Bold", 9)
    for i, t in enumerate(["REPÚBLICA FEDERATIVA DO BRASIL", "ESTADO DO RIO GRANDE DO SUL",
                           "SECRETARIA DA SEGURANÇA PÚBLICA", "INSTITUTO-GERAL DE PERÍCIAS"]):
        c.drawCentredString(x + w / 2 + 40, y + h - 22 - i * 11, t)
    pdf.brasao(c, x + 40, y + h - 40, 20)
    _photo(c, x + 20, y + 40, 95, 120)
    c.setFont("Helvetica-Bold", 14)
    c.drawCentredString(x + w / 2 + 60, y + 110, "CARTEIRA DE IDENTIDADE")
    pdf.signature_line(c, x + 150, y + 55, 220, ["ASSINATURA DO TITULAR"], "rg:" + p.cpf, size=7)


def _rg_back(c, p, x, y, w, h):
    top = y + h - 24
    _field(c, x + 16, top, "REGISTRO GERAL", p.rg, 12)
    _field(c, x + 230, top, "DATA DE EXPEDIÇÃO", text.dmy(p.rg_expedicao))
    _field(c, x + 16, top - 34, "NOME", p.nome)
    _field(c, x + 16, top - 66, "FILIAÇÃO", p.pai, 9)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x + 16, top - 88, p.mae)
    _field(c, x + 16, top - 112, "NATURALIDADE", p.naturalidade, 9)
    _field(c, x + 230, top - 112, "DATA DE NASCIMENTO", text.dmy(p.nascimento))
    _field(c, x + 16, top - 144, "DOC. ORIGEM", f"C.NASC. LV A-{p.rg[:3]} FL {p.rg[3:6]}", 8.5)
    _field(c, x + 230, top - 144, "CPF", text.cpf(p.cpf))
    c.setFont("Helvetica", 7)
    c.drawString(x + 16, y + 16, "ASSINATURA DO DIRETOR")
    c.drawRightString(x + w - 16, y + 16, "LEI Nº 7.116 DE 29/08/83")
    pdf.signature(c, x + 16, y + 22, 120, "diretor-igp")


def _cin_front(c, p, x, y, w, h):
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x + 16, y + h - 20, "REPÚBLICA FEDERATIVA DO BRASIL")
    c.setFont("Helvetica-Bold", 12)
    c.drawString(x + 16, y + h - 36, "CARTEIRA DE IDENTIDADE NACIONAL")
    c.setFont("Helvetica", 7)
    c.drawRightString(x + w - 14, y + h - 20, "ESTADO DO RIO GRANDE DO SUL")
    _photo(c, x + 16, y + 30, 90, 115)
    xx = x + 125
    _field(c, xx, y + h - 62, "Nome / Name", p.nome, 9.5)
    _field(c, xx, y + h - 94, "Sexo / Sex", p.sexo, 9)
    _field(c, xx + 80, y + h - 94, "Nacionalidade / Nationality", "BRA", 9)
    _field(c, xx, y + h - 126, "Data de Nascimento / Date of Birth", text.dmy(p.nascimento), 9)
    _field(c, xx, y + h - 158, "Registro Geral - CPF / Personal Number", text.cpf(p.cpf), 11)
    pdf.signature(c, xx, y + 30, 160, "cin:" + p.cpf)
    c.setFont("Helvetica", 6.5)
    c.drawString(xx, y + 22, "Assinatura do titular / Signature")


def _cin_back(c, p, x, y, w, h):
    top = y + h - 24
    _field(c, x + 16, top, "Filiação / Filiation", p.mae, 9)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x + 16, top - 22, p.pai)
    _field(c, x + 16, top - 50, "Naturalidade / Place of Birth", p.naturalidade, 9)
    _field(c, x + 16, top - 82, "Órgão Expedidor / Issuing Authority", "SSP/RS", 9)
    _field(c, x + 200, top - 82, "Local de Emissão / Place of Issue", "PORTO ALEGRE/RS", 9)
    _field(c, x + 16, top - 114, "Data de Emissão / Date of Issue", text.dmy(p.rg_expedicao), 9)
    _field(c, x + 200, top - 114, "Validade / Date of Expiry", text.dmy(p.rg_expedicao.replace(year=p.rg_expedicao.year + 10)), 9)
    c.setFont("Courier", 9)
    mrz = f"IDBRA{p.cpf}<<<<<<<<<<<<<<<"[:30]
    c.drawString(x + 16, y + 34, mrz)
    c.drawString(x + 16, y + 22, (p.nome.replace(" ", "<") + "<" * 30)[:30])
