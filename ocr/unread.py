"""Ink no word covers, read by itself: the lines Tesseract's page pass skipped.

On a photographed sheet (warped flat, its light evened) Tesseract's page layout sometimes drops
whole lines of a boxed form: a CRLV-e's `ALUGUEL` under `CATEGORIA`, the motor number beside
it, read at once when the same pixels are cut out. Here the words already read are painted
out, and what ink is left on the page is read once more in Tesseract's sparse-text mode (it
looks for text anywhere, in no reading order). Its words that stand clear of every word read
before, and are words (three letters or digits at least, read at 0.70 or more: sparse mode
also reads a QR code's modules as short words), join the page.
One run of Tesseract for the page; nothing is replaced.
"""

from __future__ import annotations

import logging
from typing import cast

import numpy as np
from PIL import Image, ImageDraw

from ocr import tesseract
from ocr.layout import order_lines
from ocr.limits import Limits
from ocr.model import Line, Word

log = logging.getLogger(__name__)

MIN_CONF = 0.70
MIN_ALNUM = 3
PAD = 0.35  # of a word's height, painted out around it (its ascents, its neighbours' specks)
MIN_INK = 0.002  # share of dark pixels left below which no second run is worth it


def _alnum(text: str) -> int:
    return sum(c.isalnum() for c in text)


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def painted_out(grey: Image.Image, lines: list[Line]) -> Image.Image:
    """The page with every word read whited out (a little wider than its box)."""
    img = grey.convert("L").copy()
    draw = ImageDraw.Draw(img)
    w, h = img.size
    for ln in lines:
        for wd in ln.words:
            x0, y0, x1, y1 = wd.bbox
            pad = PAD * (y1 - y0)
            draw.rectangle(((x0 - pad) * w, (y0 - pad) * h, (x1 + pad) * w, (y1 + pad) * h), fill=255)
    return img


def unread_lines(grey: Image.Image, lines: list[Line], dpi: int | None, limits: Limits) -> list[Line]:
    """The lines of words found in the ink no word of `lines` covers (none when little ink is
    left, or on failure)."""
    rest = painted_out(grey, lines)
    a = np.asarray(rest)
    threshold = 128 if a.size == 0 else min(160, int(np.percentile(a, 50)) - 60)
    if a.size == 0 or float((a < threshold).mean()) < MIN_INK:
        return []
    try:
        found = tesseract.words_px(rest, dpi=dpi, lang=limits.tesseract_lang, timeout=limits.tesseract_timeout,
                                   threads=limits.tesseract_threads, psm=11, library=limits.tesseract_library)
    except (tesseract.TesseractTimeout, tesseract.TesseractFailed) as exc:
        log.warning("reading the unread ink failed: %s", exc)
        return []
    w, h = rest.size
    old = [wd.bbox for ln in lines for wd in ln.words]
    groups: dict[tuple[int, int, int, int], list[Word]] = {}
    for key, (left, top, right, bottom), text, conf in found:
        bbox = cast(tuple[float, float, float, float],
                    tuple(min(1.0, max(0.0, v)) for v in (left / w, top / h, right / w, bottom / h)))
        if conf < MIN_CONF or _alnum(text) < MIN_ALNUM or any(_overlaps(bbox, o) for o in old):
            continue
        groups.setdefault(key, []).append(Word(text=text, bbox=bbox, conf=conf))
    return [Line(words=tuple(ws)) for ws in groups.values()]


def with_unread(grey: Image.Image, lines: list[Line], dpi: int | None, limits: Limits) -> list[Line]:
    """The page's lines and those read in the ink they left, in reading order."""
    more = unread_lines(grey, lines, dpi, limits)
    return order_lines([*lines, *more]) if more else lines
