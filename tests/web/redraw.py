"""A digital PDF drawn again from its own text layer (each run of characters where it was
printed, Helvetica), with some runs changed or left out: a copy in a layout the reader has not
seen, such as a register printed from a DETRAN's web page under another heading, or a list
printed without its last rows. Real PDFs read by the real reader; nothing is mocked."""

from __future__ import annotations

import io
from collections.abc import Callable

__all__ = ["redraw"]


def _runs(src: bytes) -> list[tuple[tuple[float, float], list[dict]]]:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(src)
    pages = []
    try:
        for page in pdf:
            size = page.get_size()
            tp = page.get_textpage()
            out: list[dict] = []
            cur: dict | None = None
            for i in range(tp.count_chars()):
                ch = tp.get_text_range(i, 1)
                if ch in ("\r", "\n"):
                    cur = None
                    continue
                x0, y0, x1, y1 = tp.get_charbox(i)
                if ch == " ":
                    if cur:
                        cur["text"] += " "
                    continue
                if cur and abs(y0 - cur["y"]) < 4 and x0 - cur["x1"] < 8:
                    cur.update(text=cur["text"] + ch, x1=x1, size=max(cur["size"], y1 - y0))
                else:
                    cur = {"x": x0, "y": y0, "x1": x1, "size": y1 - y0, "text": ch}
                    out.append(cur)
            pages.append((size, out))
    finally:
        pdf.close()
    return pages


def redraw(src: bytes, *, change: Callable[[str], str] = lambda t: t, drop: Callable[[str], bool] = lambda t: False,
           drop_lines: Callable[[str], bool] = lambda t: False) -> bytes:
    """The PDF drawn again: each run's text through `change`; the runs `drop` names left out, and
    every run on the line of a run `drop_lines` names (a table's row by its number)."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    pages = _runs(src)
    c = canvas.Canvas(buf, pagesize=pages[0][0])
    for size, runs in pages:
        c.setPageSize(size)
        gone = [r["y"] for r in runs if drop_lines(r["text"].strip())]
        for r in runs:
            text = r["text"].strip()
            if not text or drop(text) or any(abs(r["y"] - y) < 4 for y in gone):
                continue
            c.setFont("Helvetica", max(5.0, r["size"] * 1.35))
            c.drawString(r["x"], r["y"], change(text))
        c.showPage()
    c.save()
    return buf.getvalue()
