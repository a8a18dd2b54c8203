"""What the parsers share: turning a Span of words into a typed Field, identifier checks,
and label lookups that try several spellings and layouts.

Confidence policy (see validators.documents.CONFIDENT):
- a value read from a text layer keeps the words' confidence (1.0), scaled by the label
  match; from OCR, the lowest word confidence of the words used;
- an identifier that fails its check digit after OCR is probably a misread: its confidence
  drops below CONFIDENT. From a text layer it is a real wrong digit and keeps its
  confidence, so the rules can fail it;
- a value that does not parse is null; a field not found is null. Never a guess.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from datetime import date

from domain.documents import CONFIDENT, Field
from intake import normalize as nz
from intake.layout import Hit, Layout, Span
from intake.reading.labels import in_sentence
from intake.reading.vocabulary import address_words
from ocr.model import Extraction, Word, union_bbox

# Confidence given to an OCR'd identifier whose check digit fails: a hint, not a read.
MISREAD = round(CONFIDENT * 0.6, 2)
# ... and one made valid by undoing a single OCR confusion (probably right, still a guess).
REPAIRED = round(CONFIDENT * 0.9, 2)
# OCR confidence below which a value with no internal check (a plate, a count) is a hint only.
SURE_OCR = 0.85
SURE_VIN = 0.93
UNSURE = round(CONFIDENT * 0.95, 2)
# Ceiling for a value whose location was inferred rather than labelled (free text search).
INFERRED = 0.9

# (OCR may read a separator dot as a comma)
CPF_RE = re.compile(r"(?<![\dA-Z])(\d{3}\s?[.,]?\s?\d{3}\s?[.,]?\s?\d{3}\s?-?\s?\d{2})(?![\dA-Z])")
CNPJ_RE = re.compile(
    r"(?<![\dA-Z])([\dA-Z]{2}\s?[.,]?\s?[\dA-Z]{3}\s?[.,]?\s?[\dA-Z]{3}\s?/\s?[\dA-Z]{4}\s?-?\s?\d{2})(?![\dA-Z])")
CNPJ_PLAIN_RE = re.compile(r"(?<![\dA-Z])(\d{14})(?![\dA-Z])")
DOC_RE = re.compile(CNPJ_RE.pattern + "|" + CPF_RE.pattern)


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


def words_conf(words: Iterable[Word]) -> float:
    return min((w.conf for w in words), default=0.0)


def span_of(span: Span, start: int, end: int) -> Span:
    """The words of span that cover characters [start, end) of span.text."""
    out, pos = [], 0
    for w in span.words:
        a, b = pos, pos + len(w.text)
        if a < end and start < b:
            out.append(w)
        pos = b + 1
    return span.sub(out) if out else span


# ---------------------------------------------------------------- identifiers

def _ids(kind: str):
    try:
        return importlib.import_module(f"domain.ids.{kind}")
    except ImportError:  # pragma: no cover - validators.ids is part of the tree
        return None


def id_valid(kind: str, value: str | None) -> bool | None:
    """Check digits / shape by validators.ids; None when the kind has no checker."""
    if not value:
        return None
    if kind == "doc":
        kind = "cpf" if len(value) == 11 else "cnpj" if len(value) == 14 else ""
    mod = _ids(kind) if kind else None
    return bool(mod.is_valid(value)) if mod else None


_NORMALISE = {"doc": nz.doc, "cpf": nz.doc, "cnpj": nz.doc, "renavam": nz.renavam,
              "placa": nz.placa, "chassi": nz.chassi}


def ident(kind: str, raw: str | None, span: Span | None, ocr: bool, conf: float | None = None) -> Field:
    """An identifier Field: normalised, checked, its confidence lowered for an OCR misread."""
    value = _NORMALISE[kind](raw) if raw else None
    if value is None:
        return field(None, span)
    c = span.conf if (span is not None and conf is None) else (conf if conf is not None else 1.0)
    ok = id_valid(kind, value)
    if ok is False and kind in ("doc", "cnpj") and len(value) == 14:
        alt = nz.cnpj_digits_variant(value)  # a numeric CNPJ with a letter read by OCR
        if alt and id_valid("cnpj", alt):
            value, ok, c = alt, True, min(c, 0.85 if ocr else c)
    if ocr and kind in ("placa", "chassi"):
        # no check digit catches a misread letter: only a sure read counts. A VIN is long (one
        # wrong character in 17 hardly moves a word's confidence); a plate's 5th character may be
        # a letter or a digit, so a 1/I or 8/B there cannot be told by position.
        sure = SURE_VIN if kind == "chassi" else SURE_OCR
        if kind == "placa" and value[4] in "0125681OIZSGBDQ":
            sure = SURE_VIN
        if c < sure or kind == "placa" and _letter_for_digit(span.text if span is not None else raw or ""):
            c = min(c, UNSURE)
    if ok and ocr and _look_alike_valid(kind, value):
        # an alphanumeric CNPJ that one look-alike glyph makes another valid one ('41Q76...' and
        # '41076...': Q and 0 weigh alike in its check digits): the digits cannot tell which
        c = min(c, UNSURE)
    if ok is False and ocr and (not voted(span) or _look_alike_valid(kind, value)):
        # (renderings that agree vouch for distinct glyphs, not for an O against a 0: an
        # alphanumeric CNPJ that one look-alike makes valid was misread alike every time)
        fixed = _repair(kind, value)
        if fixed is not None:
            value = fixed  # one OCR confusion undone; still only a hint
            c = min(c, REPAIRED)
        else:
            c = min(c, MISREAD)
    return field(value, span, c)


def _letter_for_digit(raw: str) -> bool:
    """A plate read with a letter where a digit stands that may be either of two digits ('COS'
    for 'C08': an 'S' is a 5 or an 8): the position makes it a digit, not which one."""
    s = re.sub(r"[^A-Za-z0-9]", "", raw).upper()
    return len(s) == 7 and any(s[i] in _TWO_DIGITS for i in (3, 5, 6))


_TWO_DIGITS = frozenset("SBZGAT")  # (5/8, 8/3, 2/7, 6/0, 4, 7/1 ...): O, D, Q and I, L are 0 and 1


def _look_alike_valid(kind: str, value: str) -> bool:
    """An alphanumeric CNPJ (letters in its base) that one look-alike glyph makes valid."""
    if kind not in ("doc", "cnpj") or len(value) != 14 or not any(c.isalpha() for c in value[:12]):
        return False
    return any(id_valid("cnpj", value[:i] + alt + value[i + 1:])
               for i, ch in enumerate(value[:12]) for alt in _LOOK_ALIKE.get(ch, ""))


def voted(span: Span | None) -> bool:
    """Every word of the span read alike in several renderings of it (ocr/reread.py): an
    identifier whose check digits fail there is printed so, not misread."""
    return span is not None and bool(span.words) and all(w.votes for w in span.words)


# Characters OCR mistakes for one another.
_CONFUSED = {"0": "OD8Q", "O": "0DQ", "D": "0O", "Q": "0O", "1": "IJL7", "I": "1JL", "J": "I1",
             "L": "1I", "7": "1", "5": "S6", "S": "5", "8": "B30", "B": "8", "2": "Z", "Z": "2",
             "6": "G5", "G": "6", "3": "8", "4": "A", "A": "4"}


def _repair(kind: str, value: str) -> str | None:
    """The identifier with one OCR confusion undone, when exactly one such change makes its
    check digits valid (never for a kind without check digits)."""
    if kind not in ("doc", "cpf", "cnpj", "renavam") or not value:
        return None
    found = set()
    for i, ch in enumerate(value):
        for alt in _CONFUSED.get(ch, ""):
            cand = value[:i] + alt + value[i + 1:]
            if len(cand) == 11 and kind != "renavam" and not cand.isdigit():
                continue
            if len(cand) == 14 and not cand[12:].isdigit():
                continue
            if id_valid(kind, cand):
                found.add(cand)
    return found.pop() if len(found) == 1 else None


def find_docs(text: str) -> list[tuple[str, int, int]]:
    """CPF/CNPJ numbers printed in text (masked or plain 14-digit), normalised, in order."""
    out = []
    for m in DOC_RE.finditer(text.upper()):
        v = nz.doc(m.group(0))
        if v:
            out.append((v, m.start(), m.end()))
    for m in CNPJ_PLAIN_RE.finditer(text):
        if not any(s <= m.start() < e for _, s, e in out):
            out.append((m.group(1), m.start(), m.end()))
    out.sort(key=lambda t: t[1])
    return out


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


def year_field(span: Span | None) -> Field:
    if not span:
        return field(None)
    m = re.search(r"(?<!\d)(19[5-9]\d|20[0-9]\d)(?!\d)", span.text)
    return field(int(m.group(1)), span) if m else field(None, span)


def doc_field(span: Span | None, ocr: bool, make=None) -> Field:
    """The first CPF/CNPJ in the span (made by ident(), or `make` with its signature)."""
    make = make or ident
    if not span:
        return field(None)
    hits = find_docs(span.text)
    if not hits:
        raw = nz.doc(span.text)
        return make("doc", raw, span, ocr) if raw else field(None, span)
    v, s, e = hits[0]
    return make("doc", v, span_of(span, s, e), ocr)


def ident_in(span: Span | None, kind: str, ocr: bool) -> Field:
    """The first identifier of that kind in the span, normalised and checked."""
    if not span:
        return field(None)
    text = span.text
    if kind == "placa":
        hits = nz.find_placas(text, strict=False)
        if hits:
            v, s, e = hits[0]
            return ident("placa", v, span_of(span, s, e), ocr)
    elif kind == "chassi":
        hits = nz.find_chassis(text)
        if hits:
            v, s, e = hits[0]
            return ident("chassi", v, span_of(span, s, e), ocr)
    elif kind == "renavam":
        for w in span.words:  # a word of 9-11 characters, nearly all digits: a letter in it is a misread digit
            core = re.sub(r"[^A-Za-z0-9]", "", w.text)
            if 9 <= len(core) <= 11 and sum(c.isdigit() for c in core) >= len(core) - 1 and not core.isdigit():
                return ident("renavam", core, span.sub([w]), ocr)
        m = re.search(r"(?<!\d)(\d{9,11})(?!\d)", text.replace(" ", ""))
        if m:
            return ident("renavam", m.group(1), span, ocr)
    return ident(kind, span.words[0].text if span.words else None, span, ocr)


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


def fold_has(text: str, *phrases: str) -> bool:
    t = nz.key(text)
    return any(re.search(r"(?<![a-z0-9])" + re.escape(nz.key(p)) + r"(?![a-z0-9])", t) for p in phrases)


_NOISE = {"|", "||", "[", "]", "“", "”", "‘", "’", "_", "—|", "|—"}


class Flow:
    """Text as one string (rows joined by spaces) with a map back to its words, for prose
    whose sentences wrap over rows and pages. fold_chars() keeps offsets, so a match on the
    folded text maps back to the words it covers."""

    def __init__(self, words: list[tuple[int, Word]], rows: list[int] | None = None):
        parts: list[str] = []
        owner: list[int] = []
        rows = rows if rows is not None else [0] * len(words)
        kept = [(pw, r) for pw, r in zip(words, rows) if pw[1].text.strip() not in _NOISE]
        words = [pw for pw, _ in kept]
        rows = [r for _, r in kept]
        for i, (_, w) in enumerate(words):
            if parts:
                parts.append("\n" if rows[i] != rows[i - 1] else " ")  # rows end in a newline
                owner.append(-1)
            parts.append(w.text)
            owner.extend([i] * len(w.text))
        self.words = words
        self.text = "".join(parts)
        self.owner = owner
        self.folded = nz.fold_chars(self.text)

    def span(self, start: int, end: int) -> Span:
        """The words covering [start, end), on the page where the text starts."""
        idx = sorted({self.owner[k] for k in range(max(0, start), min(end, len(self.owner)))
                      if self.owner[k] >= 0})
        if not idx:
            return Span(1, ())
        page = self.words[idx[0]][0]
        return Span(page, tuple(self.words[k][1] for k in idx if self.words[k][0] == page))

    def field(self, value, start: int, end: int, conf: float | None = None) -> Field:
        return field(value, self.span(start, end), conf)

    def offsets(self, words: Iterable[Word]) -> list[int]:
        """Where each of these words starts in the text (words not in the flow left out)."""
        want = {id(w) for w in words}
        out, seen = [], set()
        for pos, k in enumerate(self.owner):
            if k >= 0 and k not in seen:
                seen.add(k)
                if id(self.words[k][1]) in want:
                    out.append(pos)
        return out


class Reader:
    """A document's layout plus lookups that try several label spellings and layouts."""

    def __init__(self, ext: Extraction, doc_type: str | None = None):
        self.ext = ext
        self.layout = Layout(ext)
        self.ocr = self.layout.ocr
        self.doc_type = doc_type
        self._flow: Flow | None = None
        self._x = None

    @property
    def x(self):
        """The label-and-cell reader of this document's type (intake/reading)."""
        if self._x is None:
            from intake.reading.extract import Extractor

            self._x = Extractor(self.layout, self.doc_type or "common")
        return self._x

    def field(self, name: str, parse=None, **kw) -> Field:
        """The field's value from its label's cell (the vocabulary's spellings and shape)."""
        return self.x.field(name, parse, **kw)

    def is_label(self, span: Span | None) -> bool:
        """Whether the span starts with a label of the document: never a value."""
        if not span or not span.words or self.doc_type is None:
            return False
        w = span.words[0]
        for row in self.layout.rows.get(span.page, []):
            i = next((k for k, x in enumerate(row.words) if x is w), None)
            if i is not None:
                gap = w.bbox[0] - row.words[i - 1].bbox[2] if i > 0 else 1.0
                return self.x.cells.label_at(row, i, gap) is not None
        return False

    # spans -------------------------------------------------------------
    def value(self, labels: str | Sequence[str], how: Sequence[str] = ("right", "below"),
              **kw) -> Span | None:
        return self.layout.value(labels, how=how, **kw)

    def grab(self, labels: str | Sequence[str], parse, *, how: str = "auto",
             whole: bool = True, pages=None, **how_kw) -> Field:
        """The first label (in the order given) whose value parses; a null Field otherwise.

        how: 'auto' (right of `LABEL:` or the box below), 'right', 'below' or 'next_line'."""
        if isinstance(labels, str):
            labels = (labels,)
        hits = [(h, n) for n, lab in enumerate(labels)
                for h in self.layout.find(lab, whole=whole, pages=pages)]
        # a spelling found inside a longer one's words is that longer label ('CONTRATANTE' in
        # 'N OME DO CONTRATANTE'): its cell is the longer label's, from where that one starts
        hits = [(h, n) for h, n in hits
                if not any(g.page == h.page and g.row == h.row and g.start <= h.start and h.end <= g.end
                           and g.end - g.start > h.end - h.start for g, _ in hits)]
        # the closest spelling first, then the order given, then top to bottom
        hits.sort(key=lambda t: (-round(t[0].score, 3), t[1], t[0].page, t[0].row))
        for h, _ in hits:
            if self._inside_other_label(h) or in_sentence(self.layout.rows[h.page][h.row], h.start, h.end):
                continue  # (a sentence's word: '... não cobertos por esta apólice: X')
            h = self._whole_label(h)
            span = getattr(self.layout, how)(h, **how_kw)
            if not span or _is_label_word(span.words[0].text) or self.is_label(span):
                continue  # nothing there, or another label (a heading above a 'Nome:' row)
            if self._labelled_by_other(span, h):
                continue  # another label's value beside it ('Proposta 2863...' under a heading)
            f = parse(span)
            if f.value is not None:
                return f
        return field(None)

    def _labelled_by_other(self, span: Span, h: Hit) -> bool:
        """Whether the span's first word comes right after another label on its own row (the
        label found not between them): it is that label's value."""
        if self.doc_type is None:
            return False
        w = span.words[0]
        row = next((r for r in self.layout.rows.get(span.page, []) if any(x is w for x in r.words)), None)
        if row is None:
            return False
        i = next(k for k, x in enumerate(row.words) if x is w)
        for j in range(i - 1, max(-1, i - 7), -1):  # a label of up to six words ending at i
            if any(row.words[j] is x for x in h.words):
                return False
            gap = row.words[j].bbox[0] - row.words[j - 1].bbox[2] if j > 0 else 1.0
            lab = self.x.cells.label_at(row, j, gap)
            if lab is not None and lab.end == i:
                return True
        return False

    def _inside_other_label(self, h: Hit) -> bool:
        """Whether the spelling found is part of a longer label of the vocabulary that names no
        field: a heading, or a spelling the vocabulary says is not the field's ('APÓLICE' in
        'ESPECIFICAÇÃO DA APÓLICE')."""
        if self.doc_type is None or not h.words:
            return False
        lab = self.x.labels.holding(h.words[0])
        return lab is not None and not lab.fields and len(lab.words) > len(h.words)

    def _whole_label(self, h: Hit) -> Hit:
        """The spelling found, or the longer label of the vocabulary on its row that ends with it
        ('SEGURADORA' in 'COMPANHIA SEGURADORA'): the box under a label starts where the whole
        label does (under 'SEGURADORA' alone, the name would lose its first word)."""
        if self.doc_type is None or not h.words:
            return h
        lab = self.x.labels.holding(h.words[0])
        if lab is None or lab.page != h.page or lab.row != h.row or lab.row2 is not None \
                or not lab.start < h.start < lab.end or h.end != lab.end:
            return h
        return Hit(h.page, h.row, lab.start, h.end, self.layout.rows[h.page][h.row].words[lab.start:h.end], h.score)

    def hit(self, labels: str | Sequence[str], **kw) -> Hit | None:
        return self.layout.find_one(labels, **kw)

    # whole-text searches ------------------------------------------------
    def rows(self):
        return self.layout.all_rows()

    def row_spans(self) -> list[Span]:
        return [Span(r.page, r.words) for r in self.layout.all_rows()]

    def search(self, pattern: re.Pattern | str, *, flags: int = 0, fold_text: bool = True
               ) -> tuple[re.Match, Span] | None:
        """The first row whose text matches; the match and the span of the matched words."""
        pat = re.compile(pattern, flags) if isinstance(pattern, str) else pattern
        for sp in self.row_spans():
            text = nz.fold_chars(sp.text) if fold_text else sp.text
            m = pat.search(text)
            if m:
                return m, span_of(sp, m.start(), m.end())
        return None

    def segments(self, gap: float = 2.0) -> list[Span]:
        """Rows cut at wide horizontal gaps: the runs of text a person reads as one line."""
        out = []
        for row in self.layout.all_rows():
            run: list[Word] = []
            for w in row.words:
                if run and w.bbox[0] - run[-1].bbox[2] > gap * row.height:
                    out.append(Span(row.page, tuple(run)))
                    run = []
                run.append(w)
            if run:
                out.append(Span(row.page, tuple(run)))
        return out

    def flow(self) -> Flow:
        """The whole document's text in reading order as one Flow."""
        if self._flow is None:
            items = [((p.number, w), p.number * 100000 + r.index) for p in self.layout.pages
                     for r in self.layout.rows[p.number] for w in r.words]
            self._flow = Flow([pw for pw, _ in items], [k for _, k in items])
        return self._flow

    def paragraphs(self) -> list[Span]:
        """Consecutive rows joined into blocks (prose), split at wide vertical gaps."""
        out: list[Span] = []
        for page in self.layout.pages:
            rows = self.layout.rows[page.number]
            cur: list[Word] = []
            prev = None
            for r in rows:
                if prev is not None and (r.y0 - prev.y1) > 1.2 * max(prev.height, r.height):
                    if cur:
                        out.append(Span(page.number, tuple(cur)))
                    cur = []
                cur.extend(r.words)
                prev = r
            if cur:
                out.append(Span(page.number, tuple(cur)))
        return out

    def codes(self) -> list[str]:
        return [c for p in self.ext.pages for c in p.codes]


def _is_label_word(text: str) -> bool:
    t = text.strip()
    return t.endswith(":") and len(t) > 2 and not t[:-1].replace(".", "").isdigit()


def bbox_of(spans: Iterable[Span]) -> list[float] | None:
    ws = [w for s in spans if s for w in s.words]
    return [round(v, 4) for v in union_bbox(w.bbox for w in ws)] if ws else None


# ---------------------------------------------------------------- check digits as evidence

# An OCR'd CPF/CNPJ whose two check digits hold: a misread passes both by chance about once in
# a hundred, so the read is trusted at VERIFIED even where Tesseract scored the (punctuated)
# word low. RENAVAM has one check digit (one misread in eleven passes): a smaller lift, and
# only from a read that was nearly sure already. Nothing is lifted from a near-illegible word.
VERIFIED = 0.9
# (a RENAVAM's one check digit lets one misread in ten through: only a fair read is lifted)
_LIFT = {"cpf": (0.1, VERIFIED), "cnpj": (0.1, VERIFIED), "doc": (0.1, VERIFIED), "renavam": (0.8, 0.85)}


# Glyphs OCR takes one for another in an alphanumeric CNPJ's base, letters included.
_LOOK_ALIKE = {"0": "OQD", "O": "0QD", "Q": "0O", "D": "0O", "J": "U", "U": "JV", "V": "U",
               "I": "1LT", "T": "I7", "1": "IL", "L": "1I", "7": "T", "5": "S", "S": "5", "8": "B",
               "B": "8", "2": "Z", "Z": "2", "6": "G", "G": "6C", "C": "G", "4": "A", "A": "4",
               "M": "N", "N": "M", "E": "F", "F": "E", "P": "R", "R": "P"}


def _dv_twin(v: str) -> bool:
    """An alphanumeric CNPJ whose check digits would hold as well with one glyph read as its
    look-alike: they weigh each character by its code less 48 modulo 11, so 'Q' (33) weighs as
    '0', 'U' (37) as 'J' (26), 'T' (36) as 'I' (25), and that misread leaves them valid
    ('8JC0EC8Q000156' read '8JC0EC80000156'). Its check digits then vouch for nothing there."""
    if len(v) != 14 or not any(c.isalpha() for c in v[:12]):
        return False
    return any(id_valid("cnpj", v[:i] + alt + v[i + 1:]) for i, ch in enumerate(v[:12]) for alt in _LOOK_ALIKE.get(ch, ""))


def verified(f: Field, kind: str, ocr: bool) -> Field:
    """The field with its confidence lifted when an OCR'd identifier's check digits hold, and
    kept unsure where they would hold for a look-alike as well (_dv_twin). Only for a value as read: one that ident() repaired is valid by construction (use
    checked(), which knows the difference). Additive: ident() itself is unchanged."""
    if not ocr or f.value is None or kind not in _LIFT or not isinstance(f.value, str):
        return f
    if kind in ("cnpj", "doc") and _dv_twin(f.value):
        return cap(f, UNSURE)
    floor, lifted = _LIFT[kind]
    if f.confidence < floor or f.confidence >= lifted or not id_valid(kind, f.value):
        return f
    return f.model_copy(update={"confidence": lifted})


def checked(kind: str, raw: str | None, span: Span | None, ocr: bool, conf: float | None = None) -> Field:
    """ident(), lifted by verified() when the value is the OCR read itself (no confusion undone)."""
    f = ident(kind, raw, span, ocr, conf)
    as_read = _NORMALISE[kind](raw) if raw else None
    return verified(f, kind, ocr) if f.value is not None and f.value == as_read else f


def doc_checked(span: Span | None, ocr: bool) -> Field:
    """doc_field() with check digits as evidence (see verified())."""
    return doc_field(span, ocr, checked)


def unchecked(f: Field, ocr: bool) -> Field:
    """A number or code with no check digit (a laudo's or a certidão's number), after OCR: only a
    sure read counts ('762/2025' read '782/2025' at 0.85 leaves no trace). Additive helper."""
    if not ocr or f.value is None or f.confidence >= SURE_VIN:
        return f
    return cap(f, UNSURE)


# ---------------------------------------------------------------- vehicle identifiers (appended)

def vin_field(raw: str | None, span: Span | None, ocr: bool, conf: float | None = None) -> Field:
    """ident('chassi') with the confusions a VIN's own rules undo (nz.vin_repair): the repaired
    value, never above REPAIRED, for only the rule says a digit is there, not which digit."""
    value = nz.chassi(raw) if raw else None
    fixed = nz.vin_repair(value) if ocr and value else None
    if fixed is None:
        return ident("chassi", raw, span, ocr, conf)
    return cap(ident("chassi", fixed, span, ocr, conf), REPAIRED)


def vin_in(span: Span | None, ocr: bool) -> Field:
    """The first VIN in the span (ident_in for a chassis, with vin_field's repairs)."""
    if not span:
        return field(None)
    if not ocr:
        hits = nz.find_chassis(span.text)
        if hits:
            v, s, e = hits[0]
            return ident("chassi", v, span_of(span, s, e), ocr)
        return ident("chassi", span.words[0].text if span.words else None, span, ocr)
    vins = nz.find_vins(span.text)
    if vins:
        v, s, e, repaired = vins[0]
        f = ident("chassi", v, span_of(span, s, e), ocr)
        return cap(f, REPAIRED) if repaired else f
    return vin_field(span.words[0].text if span.words else None, span, ocr)


def plate_in(span: Span | None, ocr: bool) -> Field:
    """ident_in(span, 'placa'); after OCR, an 8-character read with one glyph given twice
    ('FKN5E5S8') brought back to its plate, as one undone confusion (never above REPAIRED)."""
    f = ident_in(span, "placa", ocr)
    if f.value is not None or not ocr or not span or not span.words:
        return f
    for w in span.words[:3]:
        p = nz.placa_destutter(w.text)
        if p:
            return cap(ident("placa", p, span.sub([w]), ocr), REPAIRED)
    return f


# ---------------------------------------------------------------- alphanumeric CNPJ (appended)

# Glyphs OCR swaps between a letter and a digit in an alphanumeric CNPJ's base ('ZTV' read 'Z7V'),
# both ways: the base may hold either, so position does not tell.
_ALNUM_SWAP = {"7": "T", "T": "7", "1": "IL", "I": "1", "L": "1", "0": "OD", "O": "0", "D": "0",
               "5": "S", "S": "5", "8": "B", "B": "8", "2": "Z", "Z": "2", "6": "G", "G": "6",
               "4": "A", "A": "4"}


def cnpj_alnum_repair(f: Field, ocr: bool) -> Field:
    """An OCR'd alphanumeric CNPJ (a letter in its base) whose two check digits fail, made valid
    by undoing one letter/digit swap in its base: the repaired value at REPAIRED when exactly one
    such change makes both check digits hold (a chance pass is about one in a hundred), else f.
    Additive: ident() and _repair() are unchanged. Nothing is lifted from a near-illegible read."""
    v = f.value
    if not ocr or not isinstance(v, str) or len(v) != 14 or not v[12:].isdigit() \
            or not any(c.isalpha() for c in v[:12]) or id_valid("cnpj", v) is not False:
        return f
    if f.confidence < _LIFT["cnpj"][0]:
        return f
    found = {v[:i] + alt + v[i + 1:] for i, ch in enumerate(v[:12]) for alt in _ALNUM_SWAP.get(ch, "")}
    found = {c for c in found if id_valid("cnpj", c)}
    if len(found) != 1:
        return f
    return f.model_copy(update={"value": found.pop(), "confidence": REPAIRED})


def checked_renavam(span: Span | None, ocr: bool) -> Field:
    """The first RENAVAM in the span, its one check digit as evidence (see verified()) when the
    value is the read itself: one that ident() repaired is valid by construction, and a single
    check digit lets one misread in ten through."""
    f = ident_in(span, "renavam", ocr)
    if f.value is None or f.confidence <= REPAIRED and ocr and not _as_read(span, f.value):
        return f
    return verified(f, "renavam", ocr)


def _as_read(span: Span | None, value: str) -> bool:
    """Whether the span prints the value as it is (its digits, letters read as digits aside)."""
    if not span:
        return False
    return any(nz.renavam(w.text) == value for w in span.words) or nz.renavam(span.text) == value
