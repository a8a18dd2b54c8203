"""Makers of test inputs for the ocr tests: text images, text-layer PDFs, scanned PDFs.

A module of its own (not conftest) so that `from ocr_makers import ...` never resolves to
another package's conftest.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

TITLE = "CONTRATO DE FRETAMENTO"
BODY = [
    "Cláusula primeira: transporte escolar",
    "de passageiros em ônibus de turismo,",
    "placa ABC1D23, com vigência anual.",
    "Município de Porto Alegre, estado",
    "do Rio Grande do Sul, pagamento mensal.",
]


def text_image(dpi: int = 200, width_in: float = 5.8, height_in: float = 4.2,
               lines: list[str] | None = None) -> Image.Image:
    """A half page of Portuguese text in black on white paper (grey mode)."""
    w, h = round(width_in * dpi), round(height_in * dpi)
    im = Image.new("L", (w, h), 250)
    d = ImageDraw.Draw(im)
    size = round(12 / 72 * dpi)  # 12 pt
    d.text((round(0.5 * dpi), round(0.4 * dpi)), TITLE, font=ImageFont.truetype(BOLD, size), fill=10)
    font = ImageFont.truetype(FONT, size)
    y = round(0.9 * dpi)
    for line in lines or BODY:
        d.text((round(0.5 * dpi), y), line, font=font, fill=10)
        y += round(size * 1.6)
    return im


def png_bytes(im: Image.Image, dpi: int | None = 200) -> bytes:
    out = io.BytesIO()
    im.save(out, format="PNG", **({"dpi": (dpi, dpi)} if dpi else {}))
    return out.getvalue()


def text_pdf(pages: list[list[tuple[float, float, str]]], *, size: int = 11, encrypt=None,
             invisible: bool = False) -> bytes:
    """A text-layer PDF (A4): per page, (x pt, y pt from the top, text) entries."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A4, encrypt=encrypt)
    for entries in pages:
        for x, y, text in entries:
            t = c.beginText(x, A4[1] - y)
            t.setFont("Helvetica", size)
            if invisible:
                t.setTextRenderMode(3)
            t.textLine(text)
            c.drawText(t)
        c.showPage()
    c.save()
    return out.getvalue()


def image_pdf(images: list[Image.Image], dpi: int = 200, text_pages: dict | None = None) -> bytes:
    """A PDF whose pages are the given images (a scanned PDF), optionally with text-layer
    pages inserted at the given 0-based positions."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out)
    text_pages = text_pages or {}
    items: list = list(images)
    for pos in sorted(text_pages):
        items.insert(pos, text_pages[pos])
    for item in items:
        if isinstance(item, Image.Image):
            w, h = item.width * 72 / dpi, item.height * 72 / dpi
            c.setPageSize((w, h))
            c.drawImage(ImageReader(item.convert("RGB")), 0, 0, w, h)
        else:
            c.setPageSize((595, 842))
            c.setFont("Helvetica", 11)
            for x, y, text in item:
                c.drawString(x, 842 - y, text)
        c.showPage()
    c.save()
    return out.getvalue()
