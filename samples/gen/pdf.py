"""reportlab helpers shared by the document modules: byte-identical output on every run."""

from __future__ import annotations

import io
import math

from reportlab import rl_config
from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, SimpleDocTemplate

from samples.gen import ids

rl_config.invariant = 1  # no timestamps or random ids in the PDF

W, H = A4
MM = 72 / 25.4


class Doc:
    """A canvas writing into memory."""

    def __init__(self, title: str, author: str = "", pagesize=A4):
        self.buf = io.BytesIO()
        self.c = Canvas(self.buf, pagesize=pagesize, invariant=1, pageCompression=1)
        self.c.setTitle(title)
        if author:
            self.c.setAuthor(author)
        self.c.setCreator(author or title)
        self.w, self.h = pagesize

    def bytes(self) -> bytes:
        self.c.save()
        return self.buf.getvalue()


def build_story(story, title: str, author: str = "", on_page=None, margins=(20, 20, 22, 20),
                pagesize=A4) -> bytes:
    """A flowing document (contracts, lists): margins in mm as (left, right, top, bottom)."""
    buf = io.BytesIO()
    left, right, top, bottom = (m * MM for m in margins)
    doc = SimpleDocTemplate(buf, pagesize=pagesize, leftMargin=left, rightMargin=right,
                            topMargin=top, bottomMargin=bottom, title=title, author=author,
                            creator=author or title, invariant=1, pageCompression=1)
    kw = {}
    if on_page:
        kw = {"onFirstPage": on_page, "onLaterPages": on_page}
    doc.build(story, **kw)
    return buf.getvalue()


def lines(text: str, font: str, size: float, width: float) -> list[str]:
    out = []
    for part in text.split("\n"):
        out.extend(simpleSplit(part, font, size, width) or [""])
    return out


def para(c: Canvas, x: float, y: float, width: float, text: str, font="Helvetica", size=10,
         leading=None, align="left") -> float:
    """Draws wrapped text from baseline y downwards; returns the y below it."""
    leading = leading or size * 1.3
    c.setFont(font, size)
    for ln in lines(text, font, size, width):
        if align == "center":
            c.drawCentredString(x + width / 2, y, ln)
        elif align == "right":
            c.drawRightString(x + width, y, ln)
        else:
            c.drawString(x, y, ln)
        y -= leading
    return y


def box(c: Canvas, x: float, top: float, w: float, h: float, label: str, value: str = "",
        label_size=5.6, value_size=9.5, value_font="Helvetica-Bold", label_font="Helvetica",
        stroke=0.5, value_lines=1):
    """A form box: small label at its top left, the value below it."""
    c.setLineWidth(stroke)
    c.rect(x, top - h, w, h)
    c.setFont(label_font, label_size)
    c.drawString(x + 2.5, top - label_size - 1.5, label)
    if value:
        if value_lines > 1:
            para(c, x + 3, top - label_size - value_size - 3.5, w - 6, value, value_font,
                 value_size, value_size * 1.2)
        else:
            c.setFont(value_font, value_size)
            c.drawString(x + 3, top - label_size - value_size - 3, value)


def qr(c: Canvas, payload: str, x: float, y: float, size: float):
    widget = QrCodeWidget(payload, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    d = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    d.add(widget)
    renderPDF.draw(d, c, x, y)


def opaque_payload(key: str, n: int = 180) -> str:
    r = ids.rng("qr:" + key)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(r.choice(alphabet) for _ in range(n))


def signature(c: Canvas, x: float, y: float, w: float, key: str, color=colors.HexColor("#1a2a6c")):
    """A handwritten-looking scribble over a signature line (deterministic per key)."""
    r = ids.rng("sig:" + key)
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(0.9)
    p = c.beginPath()
    px, py = x + w * 0.12, y + 6
    p.moveTo(px, py)
    steps = 7
    for i in range(steps):
        nx = x + w * (0.12 + 0.76 * (i + 1) / steps)
        ny = y + 4 + r.uniform(-3, 12)
        p.curveTo(px + r.uniform(-8, 14), py + r.uniform(8, 20), nx - r.uniform(-6, 14),
                  ny - r.uniform(6, 16), nx, ny)
        px, py = nx, ny
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def signature_line(c: Canvas, x: float, y: float, w: float, caption: list[str], key: str | None,
                   size=8.5, font="Helvetica"):
    if key:
        signature(c, x, y, w, key)
    c.setLineWidth(0.6)
    c.line(x, y, x + w, y)
    c.setFont(font, size)
    for i, ln in enumerate(caption):
        c.drawCentredString(x + w / 2, y - 10 - i * (size + 2), ln)


def stamp(c: Canvas, x: float, y: float, text_lines: list[str], angle=4.0,
          color=colors.HexColor("#2b3f8c"), size=7.5, width=None):
    """A rubber stamp: framed lines of text, slightly tilted."""
    width = width or max(c.stringWidth(t, "Helvetica-Bold", size) for t in text_lines) + 12
    height = len(text_lines) * (size + 2.5) + 8
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.setStrokeColor(color)
    c.setFillColor(color)
    c.setLineWidth(1.2)
    c.roundRect(0, 0, width, height, 4)
    c.setFont("Helvetica-Bold", size)
    for i, t in enumerate(text_lines):
        c.drawCentredString(width / 2, height - 5 - (i + 1) * (size + 2.5) + 2.5, t)
    c.restoreState()


def brasao(c: Canvas, x: float, y: float, r: float = 14):
    """A plain emblem placeholder (concentric rings and a star)."""
    c.saveState()
    c.setLineWidth(0.8)
    c.circle(x, y, r)
    c.circle(x, y, r * 0.72)
    p = c.beginPath()
    for i in range(11):
        ang = math.pi / 2 + i * math.pi / 5
        rr = r * 0.6 if i % 2 == 0 else r * 0.25
        (p.moveTo if i == 0 else p.lineTo)(x + rr * math.cos(ang), y + rr * math.sin(ang))
    p.close()
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def hrule(c: Canvas, x0: float, x1: float, y: float, width=0.5):
    c.setLineWidth(width)
    c.line(x0, y, x1, y)


class Drawn(Flowable):
    """A fixed-size area of a flowing document drawn by a callback fn(canvas, width, height)."""

    def __init__(self, width: float, height: float, fn):
        super().__init__()
        self.width, self.height, self.fn = width, height, fn

    def draw(self):
        self.fn(self.canv, self.width, self.height)
