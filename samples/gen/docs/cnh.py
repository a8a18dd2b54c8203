"""Carteira Nacional de Habilitação: a copy of the physical card (front and back, "cartao"), the
CNH-e exported from the Carteira Digital de Trânsito drawn in boxes ("cnh-e"), and the CNH-e as
the CDT really issues it ("cnh-e-cdt"): a text layer with only the header, "QR-CODE" and the
Serpro signature note, the licence itself three embedded JPEG images (front, back, QR side)."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw, ImageFont
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.utils import ImageReader

from samples.gen import ids, pdf, text
from samples.gen.world_acts import Motorista

LAYOUTS = ("cartao", "cnh-e", "cnh-e-cdt")
MM = pdf.MM
DETRAN = {"RS": "DETRAN/RS", "MG": "DETRAN/MG", "SP": "DETRAN/SP"}
CIDADE = {"RS": "SANTA MARIA, RS", "MG": "IPATINGA, MG", "SP": "GUARULHOS, SP"}


def expected(m: Motorista) -> dict:
    h, p = m.cnh, m.pessoa
    return {"titular_nome": p.nome, "titular_documento": p.cpf, "numero": h.numero, "categoria": h.categoria,
            "ear": h.ear, "data_nascimento": p.nascimento.isoformat(), "data_emissao": h.emissao.isoformat(),
            "validade": h.validade.isoformat(), "observacoes": h.observacoes}


def render(m: Motorista, layout: str) -> tuple[bytes, dict]:
    if layout == "cnh-e-cdt":
        return _cnhe_cdt(m), expected(m)
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


# ---------------------------------------------------------------- the CNH-e as the CDT issues it

FONTS = "/usr/share/fonts/truetype/dejavu/"
CARD = (960, 680)  # pixels of each image
PPI = 280  # as placed on the page
ESTADO = {"RS": "RIO GRANDE DO SUL", "MG": "MINAS GERAIS", "SP": "SÃO PAULO"}
GREEN, INK = (31, 78, 61), (18, 18, 18)


@cache
def _font(name: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS + name, px)


def _card_background(key: str) -> Image.Image:
    """Pale green security print: a gradient and thin guilloche waves, light enough to read over."""
    import math
    w, h = CARD
    img = Image.new("RGB", CARD, (244, 247, 238))
    dr = ImageDraw.Draw(img)
    for y in range(h):
        t = y / h
        dr.line([(0, y), (w, y)], fill=(int(244 - 10 * t), int(247 - 4 * t), int(238 - 12 * t)))
    r = ids.rng("cnh-guilloche:" + key)
    for k in range(14):
        amp, per, ph = r.uniform(8, 26), r.uniform(90, 220), r.uniform(0, 6.3)
        y0 = 40 + k * 46
        pts = [(x, y0 + amp * math.sin(x / per * 6.283 + ph)) for x in range(0, w + 8, 8)]
        dr.line(pts, fill=(214, 230, 208), width=2)
    dr.rounded_rectangle([2, 2, w - 3, h - 3], radius=26, outline=(150, 170, 150), width=3)
    return img


def _field(dr: ImageDraw.ImageDraw, x: int, y: int, label: str, value: str, vpx: int = 36, lpx: int = 22):
    """A label (green, small) and its value printed below it, left-aligned: values of 36 px are
    9.3 pt at 280 ppi."""
    dr.text((x, y), label, font=_font("DejaVuSans.ttf", lpx), fill=GREEN)
    if value:
        dr.text((x, y + lpx + 6), value, font=_font("DejaVuSansCondensed-Bold.ttf", vpx), fill=INK)


def _portrait(img: Image.Image, x: int, y: int, w: int, h: int):
    face = Image.new("RGB", (w, h), (196, 196, 196))
    dr = ImageDraw.Draw(face)
    dr.ellipse([w * 0.28, h * 0.14, w * 0.72, h * 0.52], fill=(143, 143, 143))
    dr.ellipse([w * 0.12, h * 0.58, w * 0.88, h * 1.2], fill=(143, 143, 143))
    img.paste(face, (x, y))


def _scribble(dr: ImageDraw.ImageDraw, x: int, y: int, w: int, key: str):
    r = ids.rng("cnh-sig:" + key)
    pts, px = [], x
    while px < x + w:
        pts.append((px, y + r.uniform(-22, 14)))
        px += r.uniform(14, 30)
    dr.line(pts, fill=(26, 42, 108), width=3, joint="curve")


def _jpeg(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=80, dpi=(PPI, PPI))
    return buf.getvalue()


def _cdt_front(m: Motorista) -> bytes:
    p, hab = m.pessoa, m.cnh
    img = _card_background("front:" + hab.numero)
    dr = ImageDraw.Draw(img)
    w, _ = CARD
    for i, (t, px, f) in enumerate([("REPÚBLICA FEDERATIVA DO BRASIL", 24, "DejaVuSans-Bold.ttf"),
                                    ("MINISTÉRIO DOS TRANSPORTES", 19, "DejaVuSans.ttf"),
                                    ("SECRETARIA NACIONAL DE TRÂNSITO", 19, "DejaVuSans.ttf")]):
        dr.text((w // 2, 18 + i * 27), t, font=_font(f, px), fill=INK, anchor="mt")
    dr.text((w // 2, 100), "CARTEIRA NACIONAL DE HABILITAÇÃO", font=_font("DejaVuSans-Bold.ttf", 30),
            fill=GREEN, anchor="mt")
    _field(dr, 30, 142, "2 e 1 NOME E SOBRENOME", p.nome, 38)
    _portrait(img, 30, 236, 220, 290)
    _scribble(dr, 40, 560, 200, "titular:" + p.cpf)
    dr.text((30, 590), "7 ASSINATURA DO PORTADOR", font=_font("DejaVuSans.ttf", 16), fill=GREEN)
    x = 280
    nat = p.naturalidade.replace("/", ", ")
    _field(dr, x, 230, "3 DATA, LOCAL E UF DE NASCIMENTO", f"{text.dmy(p.nascimento)}, {nat}")
    _field(dr, x, 306, "4a DATA EMISSÃO", text.dmy(hab.emissao))
    _field(dr, x + 235, 306, "4b VALIDADE", text.dmy(hab.validade))
    _field(dr, x + 480, 306, "ACC", "")
    _field(dr, x, 382, "4c DOC. IDENTIDADE / ÓRG. EMISSOR / UF", f"{p.rg} SSP {hab.uf}")
    _field(dr, x, 458, "4d CPF", text.cpf(p.cpf))
    _field(dr, x + 310, 458, "5 Nº REGISTRO", hab.numero)
    _field(dr, x, 534, "1ª HABILITAÇÃO", text.dmy(hab.primeira))
    _field(dr, x + 235, 534, "9 CAT. HAB.", hab.categoria, 40)
    _field(dr, x + 400, 534, "NACIONALIDADE", "BRASILEIRO" if p.sexo == "M" else "BRASILEIRA")
    _field(dr, 280, 612, "FILIAÇÃO", "", lpx=20)
    f = _font("DejaVuSansCondensed-Bold.ttf", 25)
    dr.text((384, 608), p.pai, font=f, fill=INK)
    dr.text((384, 640), p.mae, font=f, fill=INK)
    return _jpeg(img)


def _cdt_back(m: Motorista) -> bytes:
    p, hab = m.pessoa, m.cnh
    img = _card_background("back:" + hab.numero)
    dr = ImageDraw.Draw(img)
    w, h = CARD
    _field(dr, 30, 34, "OBSERVAÇÕES", hab.observacoes or "")
    dr.line([(30, 190), (w - 30, 190)], fill=(150, 170, 150), width=2)
    _field(dr, 30, 214, "LOCAL", CIDADE[hab.uf])
    dr.text((30, 318), ESTADO[hab.uf], font=_font("DejaVuSans-Bold.ttf", 38), fill=INK)
    orgao = "DEPARTAMENTO DE TRÂNSITO" if hab.uf == "MG" else "DEPARTAMENTO ESTADUAL DE TRÂNSITO"
    dr.text((30, 366), f"{orgao} - {DETRAN[hab.uf]}", font=_font("DejaVuSans.ttf", 20), fill=GREEN)
    _scribble(dr, 560, 300, 300, "emissor:" + hab.uf)
    dr.line([(540, 336), (w - 40, 336)], fill=GREEN, width=2)
    dr.text((540, 344), "ASSINATURA DO EMISSOR", font=_font("DejaVuSans.ttf", 16), fill=GREEN)
    dr.text((w - 40, 420), hab.espelho, font=_font("DejaVuSans-Bold.ttf", 26), fill=(160, 30, 30), anchor="rt")
    mono = _font("DejaVuSansMono.ttf", 30)
    nome = p.nome.replace(" ", "<")
    lines = [f"I<BRA{hab.numero}<<<<<<<<<<<<<<"[:30],
             f"{p.nascimento.strftime('%y%m%d')}{ids.digits('mrz:' + hab.numero, 1)}"
             f"{'M' if p.sexo == 'M' else 'F'}{hab.validade.strftime('%y%m%d')}{ids.digits('mrz2:' + hab.numero, 1)}"
             "BRA<<<<<<<<<<<0",
             (nome + "<" * 30)[:30]]
    for i, ln in enumerate(lines):
        dr.text((40, 520 + i * 44), ln, font=mono, fill=INK)
    return _jpeg(img)


def _cdt_qr(m: Motorista) -> bytes:
    from reportlab.graphics.barcode.qr import QrCodeWidget
    hab = m.cnh
    img = _card_background("qr:" + hab.numero)
    dr = ImageDraw.Draw(img)
    widget = QrCodeWidget(pdf.opaque_payload("cnhe-cdt:" + hab.numero, 240), barLevel="M")
    widget.draw()
    qr = widget.qr
    n = qr.getModuleCount()
    size = 560
    cell = size // (n + 8)
    ox, oy = 50 + (size - cell * n) // 2, 60 + (size - cell * n) // 2
    dr.rectangle([50, 60, 50 + size, 60 + size], fill=(255, 255, 255))
    for r_ in range(n):
        for c_ in range(n):
            if qr.isDark(r_, c_):
                dr.rectangle([ox + c_ * cell, oy + r_ * cell, ox + (c_ + 1) * cell - 1, oy + (r_ + 1) * cell - 1],
                             fill=(0, 0, 0))
    f = _font("DejaVuSans-Bold.ttf", 30)
    for i, t in enumerate(["CNH DIGITAL", "QR-CODE"]):
        dr.text((650, 250 + i * 44), t, font=f, fill=GREEN)
    return _jpeg(img)


def _cnhe_cdt(m: Motorista) -> bytes:
    """Text: the header, QR-CODE and the Serpro note (about 400 characters); the licence: three
    JPEG images of 960 x 680 px placed at 280 ppi (front and back side by side, the QR side
    below)."""
    d = pdf.Doc("CNH Digital", "SENATRAN")
    c = d.c
    W, H = pdf.W, pdf.H
    pdf.brasao(c, 66, H - 58, 16)
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(W / 2, H - 48, "REPÚBLICA FEDERATIVA DO BRASIL")
    c.setFont("Helvetica", 9)
    c.drawCentredString(W / 2, H - 61, "MINISTÉRIO DOS TRANSPORTES")
    c.drawCentredString(W / 2, H - 74, "SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN")
    iw, ih = CARD[0] / PPI * 72, CARD[1] / PPI * 72
    top = H - 100

    def image(body: bytes, x: float, y: float):
        old = rl_config.useA85  # the JPEG as it is (DCTDecode), not wrapped in ASCII85
        rl_config.useA85 = 0
        try:
            c.drawImage(ImageReader(io.BytesIO(body)), x, y, iw, ih)
        finally:
            rl_config.useA85 = old

    image(_cdt_front(m), 40, top - ih)
    image(_cdt_back(m), W - 40 - iw, top - ih)
    c.setFont("Helvetica-Bold", 9)
    c.drawCentredString(W / 2, top - ih - 26, "QR-CODE")
    image(_cdt_qr(m), (W - iw) / 2, top - ih - 36 - ih)
    c.setFont("Helvetica", 7.5)
    note = ("Documento assinado digitalmente com certificado do Serviço Federal de Processamento de Dados "
            "(SERPRO), conforme MP nº 2.200-2/2001. A autenticidade desta CNH digital pode ser conferida pela "
            "leitura do QR-CODE no aplicativo Vio. Este documento tem o mesmo valor jurídico da CNH impressa.")
    pdf.para(c, 60, top - 2 * ih - 70, W - 120, note, "Helvetica", 7.5, 10, align="center")
    return d.bytes()
