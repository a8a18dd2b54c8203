"""Confidence against the value's own column: a value read by OCR whose words Tesseract was
markedly less sure of than the words of the same shape printed in the same column of the page
(the other amounts of a coverage table, the other dates of a schedule) is where the recognizer
struggled on that page, in that font, at that scan's quality: a digit misread there spells
another valid-looking figure, and an amount or a date has no check digit to catch it. Such a
value is reported below CONFIDENT (for review) whatever its own confidence.

Only values without internal evidence are weighed (numbers, dates, names, free text); checked
identifiers keep their own check. A text layer's values are left as read.
"""

from __future__ import annotations

import re
from statistics import median

from domain import doctypes
from domain.documents import CONFIDENT, Field
from collections.abc import Sequence

from ocr.model import Extraction, Word

# A value's least sure word this far below its column peers' median is an outlier.
GAP = 0.1
# Peers it takes: fewer say nothing of the column.
MIN_PEERS = 2
# Columns are aligned on their left or right edge within this fraction of the page's width.
ALIGNED = 0.012
_WEIGHED = {"integer", "money", "date", "name", "text"}
REPORTED = round(CONFIDENT - 0.01, 2)


def shape(text: str) -> tuple[str, int] | None:
    """A number's shape: the separator before its last group of digits and that group's length
    ('2.500.000,00' and '300.000,00' -> (',', 2); '02/01/2024' -> ('/', 4)); None for a word
    that is not mostly digits."""
    digits = sum(c.isdigit() for c in text)
    if digits < 2 or digits < 0.6 * len(text):
        return None
    m = re.search(r"(\D?)(\d+)\W*$", text)
    return (m.group(1), len(m.group(2))) if m else None


def _words_in(words: Sequence[Word], box: list[float]) -> list[Word]:
    x0, y0, x1, y1 = box
    return [w for w in words if w.bbox[0] >= x0 - 0.002 and w.bbox[2] <= x1 + 0.002
            and w.bbox[1] >= y0 - 0.002 and w.bbox[3] <= y1 + 0.002]


def _peers(words: Sequence[Word], word: Word) -> list[Word]:
    """Words of the same shape in the same column (left or right edges aligned), other rows."""
    s = shape(word.text)
    if s is None:
        return []  # a column of words is a column of labels as often as of values
    return [w for w in words if w is not word and shape(w.text) == s and abs(w.bbox[1] - word.bbox[1]) > 0.003
            and (abs(w.bbox[0] - word.bbox[0]) <= ALIGNED or abs(w.bbox[2] - word.bbox[2]) <= ALIGNED)]


def against_peers(kind: str, ext: Extraction, fields: dict[str, Field]) -> dict[str, Field]:
    """The fields with those whose OCR words are outliers of their column reported for review."""
    pages = {p.number: p for p in ext.pages if p.source == "ocr"}
    if not pages:
        return fields
    specs = doctypes.fields(kind)
    out = dict(fields)
    for name, f in fields.items():
        if (f.value is None or f.confidence < CONFIDENT or f.bbox is None or f.page not in pages
                or specs.get(name, {}).get("kind") not in _WEIGHED):
            continue
        words = pages[f.page].words
        own = _words_in(words, f.bbox)
        for w in own:
            peers = _peers(words, w)
            if len(peers) >= MIN_PEERS and median(p.conf for p in peers) - w.conf >= GAP:
                out[name] = f.model_copy(update={"confidence": min(f.confidence, REPORTED)})
                break
    return out
