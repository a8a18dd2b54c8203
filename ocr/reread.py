"""A second look at the lines Tesseract read poorly, enlarged.

On a page set at 200-300 dpi, small print (a policy's vehicle row in 8.5 pt between grid
lines) comes out as '9BWRE$2WOKC7 1 182'; the same row cut out, enlarged twice and read as
one line comes out right ('9BWRF82W0KC711822'). Every weak line of a page is cut out,
enlarged and stacked into one strip, read in a single Tesseract run (one process start per
page, not per line), and each line's new words replace the old ones only when Tesseract is
surer of them. Strong lines are never touched.
"""

from __future__ import annotations

from PIL import Image

from ocr import tesseract
from ocr.limits import Limits
from ocr.model import Line, Word

WEAK = 0.80  # a line whose mean word confidence is below this is read again
SCALE = 2
MAX_LINES = 60  # per page: a page of nothing but weak lines is a poor scan, not small print
GAP = 24  # white pixels between stacked lines (at the enlarged scale)
GAIN = 0.05  # how much surer the re-read must be, on average over its words


def _mean(words) -> float:
    return sum(w.conf for w in words) / len(words) if words else 0.0


def _covers(new: list[Word], old: Line) -> bool:
    """The re-read spans the old line (it lost no word at either end): a read that keeps only
    part of a line, however sure, is no better reading of it."""
    x0, _, x1, _ = old.bbox
    nx0, nx1 = min(w.bbox[0] for w in new), max(w.bbox[2] for w in new)
    span = max(x1 - x0, 1e-6)
    return nx0 <= x0 + 0.08 * span and nx1 >= x1 - 0.08 * span


def weak_lines(lines: list[Line]) -> list[int]:
    return [i for i, ln in enumerate(lines)
            if ln.words and _mean(ln.words) < WEAK and any(c.isalnum() for c in ln.text)]


def reread(grey: Image.Image, lines: list[Line], dpi: int | None, limits: Limits) -> list[Line]:
    """The lines, each weak one replaced by its enlarged re-read when that is surer."""
    weak = weak_lines(lines)
    if not weak or len(weak) > MAX_LINES:
        return lines
    w, h = grey.size
    crops, slots, y = [], [], 0
    for i in weak:
        x0, y0, x1, y1 = lines[i].bbox
        pad = max(3, round((y1 - y0) * h * 0.2))
        box = (max(0, round(x0 * w) - pad), max(0, round(y0 * h) - pad),
               min(w, round(x1 * w) + pad), min(h, round(y1 * h) + pad))
        if box[2] - box[0] < 8 or box[3] - box[1] < 8:
            continue
        crop = grey.crop(box).convert("L")
        crop = crop.resize((crop.width * SCALE, crop.height * SCALE), Image.Resampling.LANCZOS)
        crops.append((crop, y))
        line_top, line_bottom = round(y0 * h) - box[1], round(y1 * h) - box[1]
        slots.append((i, box, y, y + crop.height, y + line_top * SCALE, y + line_bottom * SCALE))
        y += crop.height + GAP
    if not crops:
        return lines
    strip = Image.new("L", (max(c.width for c, _ in crops) + 2 * GAP, y + GAP), 255)
    for crop, top in crops:
        strip.paste(crop, (GAP, top + GAP))
    try:
        words = tesseract.words_px(strip, dpi=dpi * SCALE if dpi else None, lang=limits.tesseract_lang,
                                   timeout=limits.tesseract_timeout, threads=limits.tesseract_threads, psm=6,
                                   library=limits.tesseract_library)
    except (tesseract.TesseractTimeout, tesseract.TesseractFailed):
        return lines  # the first read stands
    # a crop may show a sliver of its neighbours: keep the words centred on the weak line
    found: dict[int, list[Word]] = {}
    for _, (l, t, r, b), text, conf in words:
        cy = (t + b) / 2 - GAP
        slot = next((s for s in slots if s[4] <= cy <= s[5]), None)
        if slot is None:
            continue
        i, box, top = slot[:3]
        bbox = ((box[0] + (l - GAP) / SCALE) / w, (box[1] + (t - GAP - top) / SCALE) / h,
                (box[0] + (r - GAP) / SCALE) / w, (box[1] + (b - GAP - top) / SCALE) / h)
        bbox = tuple(min(1.0, max(0.0, v)) for v in bbox)
        found.setdefault(i, []).append(Word(text=text, bbox=bbox, conf=conf))
    out = list(lines)
    for i, new in found.items():
        new.sort(key=lambda wd: wd.bbox[0])
        if _mean(new) > _mean(lines[i].words) + GAIN and _covers(new, lines[i]):
            out[i] = Line(words=tuple(new))
    return out
