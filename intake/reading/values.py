"""Typed values from the words that print them: a Field (value, confidence, page, box) from a
Span, and the confidence policy every reader of a document follows.

Confidence policy (see domain.documents.CONFIDENT):
- a value read from a text layer keeps the words' confidence (1.0), scaled by the label
  match; from OCR, the lowest word confidence of the words used;
- an identifier that fails its check digit after OCR is probably a misread: its confidence
  drops below CONFIDENT (intake.reading.identifiers). From a text layer it is a real wrong
  digit and keeps its confidence, so the rules can fail it;
- a value that does not parse is null; a field not found is null. Never a guess.
"""

from __future__ import annotations

import re
from datetime import date

from domain.documents import UNSURE, Field
from intake import normalize as nz
from intake.page.layout import Span
from intake.reading.vocabulary import address_words

# OCR confidence below which a value with no internal check (a plate, a count) is a hint only.
SURE_OCR = 0.85
SURE_VIN = 0.93
# Ceiling for a value whose location was inferred rather than labelled (free text search).
INFERRED = 0.9


def field(value, span: Span | None = None, conf: float | None = None, *,
          page: int | None = None, bbox=None) -> Field:
    """A Field from a value and the words it was read from."""
    if value is None:
        return Field(value=None, confidence=0.0,
                     page=span.page if span else page, bbox=_bbox(span, bbox))
    if isinstance(value, date):
        value = value.isoformat()
    c = span.conf if span is not None and conf is None else conf
    c = 1.0 if c is None else c
    return Field(value=value, confidence=round(max(0.0, min(1.0, c)), 4),
                 page=span.page if span else page, bbox=_bbox(span, bbox))


def _bbox(span: Span | None, bbox) -> list[float] | None:
    if span is not None and span.words:
        return [round(v, 4) for v in span.bbox]
    return [round(v, 4) for v in bbox] if bbox else None


def span_of(span: Span, start: int, end: int) -> Span:
    """The words of span that cover characters [start, end) of span.text."""
    out, pos = [], 0
    for w in span.words:
        a, b = pos, pos + len(w.text)
        if a < end and start < b:
            out.append(w)
        pos = b + 1
    return span.sub(out) if out else span


def first(*fields: Field | None) -> Field:
    """The first field that has a value."""
    for f in fields:
        if f is not None and f.value is not None:
            return f
    return next((f for f in fields if f is not None), field(None))


def cap(f: Field, ceiling: float) -> Field:
    if f.value is None or f.confidence <= ceiling:
        return f
    return f.model_copy(update={"confidence": ceiling})


# ---------------------------------------------------------------- typed values from spans

def date_field(span: Span | None) -> Field:
    if not span:
        return field(None)
    hits = nz.find_dates(span.text)
    if not hits:
        return field(None, span)
    d, s, e = hits[0]
    cut = split_day(span.text, s, e) if span.conf < 1.0 else None
    if cut is not None:
        return cap(field(cut[0] or d, span_of(span, cut[1], e)), UNSURE)
    return field(d, span_of(span, s, e))


def split_day(text: str, s: int, e: int) -> tuple[date | None, int] | None:
    """Where OCR cut a date's two-digit day ('1 1/06/2025', the date found at s..e): the date
    joined (None if that is no date) and where it starts; None if the date stands alone. Either
    reading may be the printed one: unsure."""
    lone = re.search(r"(?:^|\s)(\d) $", text[:s])
    if not lone or not re.match(r"\d\D", text[s:e]):
        return None
    joined = nz.find_dates(lone.group(1) + text[s:e])
    return (joined[0][0] if joined and joined[0][1] == 0 else None), lone.start(1)


# what joins a term's two dates ('de X a Y', 'X até Y', 'X - Y', 'X (início) e Y'), folded
TERM_JOIN = re.compile(r"[\s,]*(?:\(?[a-z\s]{0,30}\)?\s*)?(?:a|ate|e|ao|as|-|–|/)\s*(?:(?:o )?dia\s*|as? \d{1,2}h\w*\s*(?:de|do dia)?\s*)?")


def period_fields(a: Field, b: Field, text: str, at_a: tuple[int, int], at_b: tuple[int, int]) -> tuple[Field, Field]:
    """A term's two dates as read from `text` (where each was found): both unsure where OCR cut
    a day in two ('até 3 1/03/2027': 01 or 31); a text layer says what it says."""
    if min(a.confidence, b.confidence) < 1.0 and (split_day(text, *at_a) or split_day(text, *at_b)):
        return cap(a, UNSURE), cap(b, UNSURE)
    return a, b


def money_field(span: Span | None) -> Field:
    if not span:
        return field(None)
    v = nz.parse_money(span.text)
    return field(v, span) if v is not None else field(None, span)


def int_field(span: Span | None, lo: int | None = None, hi: int | None = None) -> Field:
    if not span:
        return field(None)
    v = nz.parse_int(span.text)
    if v is None or (lo is not None and v < lo) or (hi is not None and v > hi):
        return field(None, span)
    c = span.conf
    if c < SURE_OCR:  # an OCR'd digit dropped or misread leaves no trace in a bare number
        c = min(c, UNSURE)
    return field(v, span, c)


# (not '|': a box's edge glued to a value is more common than a 1 read so)
_DIGIT_LOOK_ALIKE_BEFORE = re.compile(r"(?<![A-Z\d])([ILOSBZ])(\d{1,2})\s?P(?![A-Z])")


def lotacao_field(span: Span | None) -> Field:
    """A vehicle's seats: '44P' on a CRLV, '44 passageiros' or '44 lugares' elsewhere."""
    if not span:
        return field(None)
    text = span.text.upper()
    glued = _DIGIT_LOOK_ALIKE_BEFORE.search(text)
    if glued:
        # 'I9P': a letter glued before the places is a digit misread ('19P'), never nothing
        v = int(nz.TO_DIGIT[glued.group(1)] + glued.group(2))
        return field(v, span, min(span.conf, UNSURE)) if 1 <= v <= 150 else field(None, span)
    m = re.search(r"(?<!\d)(\d{1,3})\s*(?:P\b|PASS|LUGARES|$)", text)
    if not m:
        return int_field(span, 1, 150)
    v = int(m.group(1))
    return field(v, span) if 1 <= v <= 150 else field(None, span)


def ocr_text(span: Span) -> str:
    """A span's text; for OCR'd words without the specks read as lone punctuation
    ('Av. Boqueirão, . 1200') and with dashes read as em dashes made hyphens again."""
    if span.conf >= 1.0:
        return span.text
    out = []
    for w in span.words:
        t = w.text
        if w.conf < 1.0:
            if t in (".", ",", "'", "‘", "’", "“", "”", "|", "_", "~", "»", "«", ":", ";") or not t.strip():
                continue
            if t in ("—", "–", "-.", ".-", "—-", "--"):
                t = "-"
        out.append(t)
    return " ".join(out)


def text_field(span: Span | None) -> Field:
    if not span:
        return field(None)
    return field(nz.spaces(ocr_text(span)), span)


def name_field(span: Span | None) -> Field:
    if not span:
        return field(None)
    v = nz.name(span.text)
    if v is None or not re.search(r"[A-Za-zÀ-ÿ]{2}", v) or address_like(v):
        return field(None, span)
    return field(v, span)


# a house number after a comma: 'Rua dos Andradas, 2829', 'Av. Brasil, nº 120'
_HOUSE_NUMBER = re.compile(r",\s*(?:n[º°o.]*\s*)?\d{1,5}(?![\d./-])")


def address_like(text: str) -> bool:
    """An address, or the part of one a cell cut off ('Andradas, 2829 - Cidade Alta'): it opens
    with an address's word or holds a house number after a comma. No one's name does."""
    words = text.split()
    return bool(words) and (nz.fold(words[0]).strip(".,:") in address_words() or bool(_HOUSE_NUMBER.search(text)))


def unchecked(f: Field, ocr: bool) -> Field:
    """A number or code with no check digit (a laudo's or a certidão's number), after OCR: only a
    sure read counts ('762/2025' read '782/2025' at 0.85 leaves no trace). Additive helper."""
    if not ocr or f.value is None or f.confidence >= SURE_VIN:
        return f
    return cap(f, UNSURE)
