"""Carteira Nacional de Habilitação: a copy of the physical card (front and back, "cartao") and
the CNH-e exported from the Carteira Digital de Trânsito ("cnh-e")."""

from __future__ import annotations

from reportlab.lib import colors

from samples.gen import pdf, text
from samples.gen.world_acts import Motorista

LAYOUTS = ("cartao", "cnh-e")
MM = pdf.MM
DETRAN = {"RS": "DETRAN/RS", "MG": "DETRAN/MG", "SP": "DETRAN/SP"}
CIDADE = {"RS": "SANTA MARIA, RS", "MG": "IPATINGA, MG", "SP": "GUARULHOS, SP"}


def expected(m: Motorista) -> dict:
    h, p = m.cnh, m.pessoa
    return {"titular_nome": p.nome, "titular_documento": p.cpf, "numero": h.numero, "categoria": h.categoria,
            "ear": h.ear, "data_nascimento": p.nascimento.isoformat(), "data_emissao": h.emissao.isoformat(),
            "validade": h.validade.isoformat(), "observacoes": h.observacoes}


def render(m: Motorista, layout: str) -> tuple[bytes, dict]:
    body = _cartao(m) if layout == "cartao" else _cnhe(m)
    return body, expected(m)


def _label(c, x, y, label, value, size=8.6, lsize=5.4, font="Helvetica-Bold"):
    c.setFont("Helvetica", lsize)
    c.setFillColor(colors.HexColor("#1f4e3d"))
    c.drawString(x, y, label)
    c.setFillColor(colors.black)
    c.setFont(font, size)
    c.drawString(x, y - size - 1, value)


def _photo(c, x, y, w, h):
    c.setFillColor(colors.HexColor("#c4c4c4"))
    c.rect(x, y, w, h, stroke=0, fill=1)
    c.setFillColor(colors.HexColor("#8f8f8f"))
    c.circle(x + w / 2, y + h * 0.62, w * 0.22, stroke=0, fill=1)
    c.ellipse(x + w * 0.15, y, x + w * 0.85, y + h * 0.45, stroke=0, fill=1)
    c.setFillColor(colors.black)


def _front(c, m: Motorista, x: float, y: float, w: float, h: float):
    p, hab = m.pessoa, m.cnh
    c.setFont("Helvetica-Bold", 9)
    c.drawCentredString(x + w / 2, y + h - 14, "CARTEIRA NACIONAL DE HABILITAÇÃO")
    c.setFont("Helvetica", 5.6)
    c.drawCentredString(x + w / 2, y + h - 23, "REPÚBLICA FEDERATIVA DO BRASIL - MINISTÉRIO DOS TRANSPORTES - "
                                              "SECRETARIA NACIONAL DE TRÂNSITO")
    _photo(c, x + 10, y + 30, 78, 98)
    pdf.signature(c, x + 10, y + 12, 78, "cnh-titular:" + p.cpf)
    xx, top = x + 98, y + h - 42
    _label(c, xx, top, "NOME", p.nome, 8.4)
    _label(c, xx, top - 23, "DOC. IDENTIDADE / ÓRG. EMISSOR / UF", f"{p.rg} SSP {hab.uf}", 8)
    _label(c, xx, top - 46, "CPF", text.cpf(p.cpf))
    _label(c, xx + 95, top - 46, "DATA NASCIMENTO", text.dmy(p.nascimento))
    _label(c, xx, top - 69, "FILIAÇÃO", p.pai, 7)
    c.setFont("Helvetica-Bold", 7)
    c.drawString(xx, top - 86, p.mae)
    _label(c, xx, top - 100, "PERMISSÃO", "", 8)
    _label(c, xx + 60, top - 100, "ACC", "", 8)
    _label(c, xx + 100, top - 100, "CAT. HAB.", hab.categoria, 9)
    _label(c, xx, top - 123, "Nº REGISTRO", hab.numero, 9)
    _label(c, xx + 78, top - 123, "VALIDADE", text.dmy(hab.validade), 9)
    _label(c, xx + 148, top - 123, "1ª HABILITAÇÃO", text.dmy(hab.primeira), 8)


def _back(c, m: Motorista, x: float, y: float, w: float, h: float):
    hab = m.cnh
    c.setFont("Helvetica", 5.4)
    c.setFillColor(colors.HexColor("#1f4e3d"))
    c.drawString(x + 10, y + h - 14, "OBSERVAÇÕES")
    c.setFillColor(colors.black)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x + 10, y + h - 26, hab.observacoes or "")
    c.setLineWidth(0.4)
    c.line(x + 10, y + h - 58, x + w - 10, y + h - 58)
    _label(c, x + 10, y + h - 70, "LOCAL", CIDADE[hab.uf], 8.4)
    _label(c, x + 150, y + h - 70, "DATA EMISSÃO", text.dmy(hab.emissao), 8.4)
    pdf.signature(c, x + 10, y + 32, 110, "cnh-emissor:" + hab.uf)
    c.setFont("Helvetica", 5.4)
    c.drawString(x + 10, y + 26, "ASSINATURA DO EMISSOR")
    c.setFont("Helvetica-Bold", 8)
    c.drawRightString(x + w - 10, y + 40, DETRAN[hab.uf])
    c.setFont("Helvetica", 6.5)
    c.drawRightString(x + w - 10, y + 28, f"Nº ESPELHO {hab.espelho}")
    c.setFont("Courier", 7)
    nome = m.pessoa.nome.replace(" ", "<")
    c.drawString(x + 10, y + 10, f"I<BRA{hab.numero}<<<<<<<<{nome}"[:52])


def _cartao(m: Motorista) -> bytes:
    """A scanner copy of the card's two sides, cropped to the cards."""
    cw, ch = 330, 200
    page = (cw + 40, 2 * ch + 60)
    d = pdf.Doc("CNH", "Cópia", pagesize=page)
    c = d.c
    for y in (page[1] - 20 - ch, 20):
        c.setLineWidth(1)
        c.setStrokeColor(colors.HexColor("#555555"))
        c.roundRect(20, y, cw, ch, 9)
        c.setStrokeColor(colors.black)
    _front(c, m, 20, page[1] - 20 - ch, cw, ch)
    _back(c, m, 20, 20, cw, ch)
    return d.bytes()


def _cnhe(m: Motorista) -> bytes:
    """The CNH-e PDF: the card's data in boxes, a QR code and the digital-signature note."""
    p, hab = m.pessoa, m.cnh
    d = pdf.Doc("CNH Digital", "SENATRAN")
    c = d.c
    x0, wd = 45, pdf.W - 90
    y = pdf.H - 50
    pdf.brasao(c, x0 + 16, y - 8, 15)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x0 + 40, y, "REPÚBLICA FEDERATIVA DO BRASIL")
    c.setFont("Helvetica", 8)
    c.drawString(x0 + 40, y - 11, "MINISTÉRIO DOS TRANSPORTES - SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN")
    y -= 40
    c.setFont("Helvetica-Bold", 13)
    c.drawCentredString(pdf.W / 2, y, "CARTEIRA NACIONAL DE HABILITAÇÃO")
    c.setFont("Helvetica", 8.5)
    c.drawCentredString(pdf.W / 2, y - 13, "CNH-e - Documento digital emitido pela Carteira Digital de Trânsito")
    y -= 30
    _photo(c, x0, y - 118, 88, 112)
    bx, bw = x0 + 100, wd - 100
    rows = [[(1, "NOME", p.nome)],
            [(0.62, "DOC. IDENTIDADE / ÓRG. EMISSOR / UF", f"{p.rg} SSP {hab.uf}"), (0.38, "CPF", text.cpf(p.cpf))],
            [(0.38, "DATA NASCIMENTO", text.dmy(p.nascimento)), (0.62, "FILIAÇÃO", p.pai)],
            [(0.38, "", ""), (0.62, "", p.mae)]]
    for r in rows:
        x = bx
        for f, lab, val in r:
            pdf.box(c, x, y, bw * f, 28, lab, val, value_size=9, label_size=6)
            x += bw * f
        y -= 28
    y -= 6
    rows = [[(0.2, "CAT. HAB.", hab.categoria), (0.3, "Nº REGISTRO", hab.numero), (0.25, "VALIDADE", text.dmy(hab.validade)),
             (0.25, "1ª HABILITAÇÃO", text.dmy(hab.primeira))],
            [(0.5, "PERMISSÃO", ""), (0.5, "ACC", "")],
            [(1, "OBSERVAÇÕES", hab.observacoes or "")],
            [(0.5, "LOCAL", CIDADE[hab.uf]), (0.5, "DATA EMISSÃO", text.dmy(hab.emissao))]]
    for r in rows:
        x = x0
        for f, lab, val in r:
            pdf.box(c, x, y, wd * f, 28, lab, val, value_size=9.5, label_size=6)
            x += wd * f
        y -= 28
    pdf.qr(c, pdf.opaque_payload("cnhe:" + hab.numero), x0, y - 130, 118)
    c.setFont("Helvetica", 7.5)
    tx = x0 + 132
    for i, t in enumerate([f"{DETRAN[hab.uf]} - Nº do espelho {hab.espelho}",
                           "Documento assinado digitalmente com certificado do Serviço Federal de",
                           "Processamento de Dados (SERPRO), conforme MP nº 2.200-2/2001.",
                           "A autenticidade pode ser conferida pela leitura do QR Code no aplicativo",
                           "Vio ou Carteira Digital de Trânsito.",
                           "Este documento tem o mesmo valor jurídico da CNH impressa."]):
        c.drawString(tx, y - 20 - i * 11, t)
    return d.bytes()
