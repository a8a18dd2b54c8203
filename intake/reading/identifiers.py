"""Identifiers read from words: read and checked by their rules in domain.ids (shapes, check
digits, OCR's confusions), their confidence set by what those say of the read (the policy in
intake.reading.values)."""

from __future__ import annotations

from domain.documents import MISREAD, REPAIRED, Field
from domain.ids import cnpj as cnpj_id
from domain.ids import cpf as cpf_id
from domain.ids import doc as doc_id
from domain.ids import placa as placa_id
from domain.ids import is_valid as id_valid  # (its check digits / shape, by domain.ids)
from domain.ids import renavam as renavam_id
from intake import normalize as nz
from intake.page.layout import Span
from intake.reading.values import SURE_OCR, SURE_VIN, UNSURE, cap, field, span_of

# (MISREAD, REPAIRED: the confidences of an identifier with evidence against it, in domain/documents.py)

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
        if kind == "placa" and value[4] in placa_id.FIFTH_READ_UNSURE:
            sure = SURE_VIN
        if c < sure or kind == "placa" and placa_id.digit_unsure(span.text if span is not None else raw or ""):
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


def _look_alike_valid(kind: str, value: str) -> bool:
    """An alphanumeric CNPJ (letters in its base) that one look-alike glyph makes valid."""
    return kind in ("doc", "cnpj") and cnpj_id.has_look_alike_twin(value)


def voted(span: Span | None) -> bool:
    """Every word of the span read alike in several renderings of it (ocr/reread.py): an
    identifier whose check digits fail there is printed so, not misread."""
    return span is not None and bool(span.words) and all(w.votes for w in span.words)


# kinds with check digits -> the value with one OCR confusion undone (domain.ids)
_UNDO = {"doc": doc_id.undo_one_confusion, "cpf": cpf_id.undo_one_confusion, "cnpj": cnpj_id.undo_one_confusion,
         "renavam": renavam_id.undo_one_confusion}


def _repair(kind: str, value: str) -> str | None:
    """The identifier with one OCR confusion undone, when exactly one such change makes its
    check digits valid (never for a kind without check digits)."""
    undo = _UNDO.get(kind)
    return undo(value) if undo is not None and value else None


def doc_field(span: Span | None, ocr: bool, make=None) -> Field:
    """The first CPF/CNPJ in the span (made by ident(), or `make` with its signature)."""
    make = make or ident
    if not span:
        return field(None)
    hits = doc_id.find(span.text)
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
        for w in span.words:  # a letter in a word of digits is a misread digit
            core = renavam_id.with_a_letter(w.text)
            if core:
                return ident("renavam", core, span.sub([w]), ocr)
        m = renavam_id.PRINTED.search(text.replace(" ", ""))
        if m:
            return ident("renavam", m.group(1), span, ocr)
    return ident(kind, span.words[0].text if span.words else None, span, ocr)


# ---------------------------------------------------------------- check digits as evidence

# An OCR'd CPF/CNPJ whose two check digits hold: a misread passes both by chance about once in
# a hundred, so the read is trusted at VERIFIED even where Tesseract scored the (punctuated)
# word low. RENAVAM has one check digit (one misread in eleven passes): a smaller lift, and
# only from a read that was nearly sure already. Nothing is lifted from a near-illegible word.
VERIFIED = 0.9
# (a RENAVAM's one check digit lets one misread in ten through: only a fair read is lifted)
_LIFT = {"cpf": (0.1, VERIFIED), "cnpj": (0.1, VERIFIED), "doc": (0.1, VERIFIED), "renavam": (0.8, 0.85)}


def verified(f: Field, kind: str, ocr: bool) -> Field:
    """The field with its confidence lifted when an OCR'd identifier's check digits hold, and
    kept unsure where they would hold for a look-alike as well (domain.ids.cnpj.has_look_alike_twin).
    Only for a value as read: one that ident() repaired is valid by construction (use checked(),
    which knows the difference). Additive: ident() itself is unchanged."""
    if not ocr or f.value is None or kind not in _LIFT or not isinstance(f.value, str):
        return f
    if kind in ("cnpj", "doc") and cnpj_id.has_look_alike_twin(f.value):
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

# ---------------------------------------------------------------- vehicle identifiers

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
        word = span.words[0].text if span.words else ""
        if not any(c.isdigit() for c in word):
            return field(None, span)  # a text layer prints a chassis's digits: 'PASSAG/MICROONIBUS' is none
        return ident("chassi", word, span, ocr)
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


# ---------------------------------------------------------------- alphanumeric CNPJ

def cnpj_alnum_repair(f: Field, ocr: bool) -> Field:
    """An OCR'd alphanumeric CNPJ (a letter in its base) whose two check digits fail, made valid
    by undoing one letter/digit swap in its base (domain.ids.cnpj.undo_letter_digit_swap): the
    repaired value at REPAIRED when exactly one such change makes both check digits hold, else f.
    Additive: ident() and _repair() are unchanged. Nothing is lifted from a near-illegible read."""
    v = f.value
    if not ocr or not isinstance(v, str) or len(v) != 14 or not v[12:].isdigit() \
            or not any(c.isalpha() for c in v[:12]) or id_valid("cnpj", v) is not False:
        return f
    if f.confidence < _LIFT["cnpj"][0]:
        return f
    found = cnpj_id.undo_letter_digit_swap(v)
    if found is None:
        return f
    return f.model_copy(update={"value": found, "confidence": REPAIRED})


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
