"""Value shapes: what a field's value must look like to be taken.

Each shape turns the words of a candidate region into a Field (value, confidence, page, box)
or a null Field when nothing of the shape is there. Identifiers are checked (CPF/CNPJ,
RENAVAM check digits; plate and VIN patterns), dates, money and integers parsed, closed
vocabularies matched. A value outside its shape is never taken; one that fits only loosely
(an identifier whose check digits fail after OCR, a word near but not in its vocabulary) comes
out unsure, below CONFIDENT.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rapidfuzz import fuzz, process

from intake import normalize as nz
from intake.page.layout import Span
from intake.reading.lexicon import STRANGE, split_in_two, word_conf
from intake.reading.identifiers import checked_renavam, cnpj_alnum_repair, doc_checked, plate_in, vin_in
from intake.reading.values import (
    UNSURE, cap, date_field, field, int_field, lotacao_field, money_field, name_field, period_fields, span_of,
    text_field, unchecked,
)
from domain.documents import Field
from domain.ids import doc as doc_id

UFS = frozenset("AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO".split())

Shape = Callable[[Span | None, bool], Field]

# confidence of a value read clearly but outside its closed vocabulary: a hint, never a read
OUTSIDE_VOCABULARY = 0.5


def year(span: Span | None, ocr: bool = False) -> Field:
    if not span:
        return field(None)
    m = re.search(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)", span.text)
    if m:
        return field(int(m.group(1)), span_of(span, m.start(), m.end()))
    joined = re.sub(r"\s+", "", span.text)  # OCR split a year in two ('201 9')
    if re.fullmatch(r"(19[5-9]\d|20\d\d)", joined):
        return field(int(joined), span, span.conf * 0.95)
    return field(None, span)


def years(span: Span | None, ocr: bool = False) -> tuple[Field, Field]:
    """'2019/2020' under ANO FAB./MODELO."""
    if not span:
        return field(None), field(None)
    ms = list(re.finditer(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)", span.text))
    if len(ms) < 2:
        return field(None), field(None)
    return (field(int(ms[0].group(1)), span_of(span, ms[0].start(), ms[0].end())),
            field(int(ms[1].group(1)), span_of(span, ms[1].start(), ms[1].end())))


def lotacao(span: Span | None, ocr: bool = False) -> Field:
    """A vehicle's places: '44P', '05P' and '00P' (a trailer: none) on a CRLV-e."""
    if not span:
        return field(None)
    m = re.search(r"(?<![\dA-Z])(\d{1,3})\s?P(?![A-Z])", span.text.upper())
    if m:
        v = int(m.group(1))
        sp = span_of(span, m.start(), m.end())
        if v == 0:
            return field(0, sp)
        return field(v, sp) if v <= 150 else field(None, span)
    if re.fullmatch(r"[\s*.\-]+", span.text):
        return field(None, span)  # masked: not shown
    return lotacao_field(span)


def seats(span: Span | None, ocr: bool = False) -> Field:
    """'44', '44 assentos', '44P': a number standing alone (a '4d' is a number half read)."""
    if not span:
        return field(None)
    for w in span.words:
        t = w.text.strip(".,;:|()[]{}")
        if not re.search(r"\d", t):
            continue
        m = re.fullmatch(r"(\d{1,3})[pP]?", t)
        if not m or not 1 <= int(m.group(1)) <= 120:
            return field(None, span)
        return int_field(span.sub([w]), 1, 120)
    return field(None, span)


def integer(span: Span | None, ocr: bool = False) -> Field:
    return int_field(span)


def money(span: Span | None, ocr: bool = False) -> Field:
    return money_field(span)


def date(span: Span | None, ocr: bool = False) -> Field:
    """The date in a label's cell; unsure where the cell holds two different dates (one of them
    another label's, whose words were not read as a label): no label says which is the field's."""
    f = date_field(span)
    if f.value is not None and span is not None and len({d for d, *_ in nz.find_dates(span.text)}) > 1:
        return cap(f, UNSURE)
    return f


def period(span: Span | None, ocr: bool = False) -> tuple[Field, Field]:
    """Two dates, the first before the second ('10/03/2026 a 10/03/2027')."""
    if not span:
        return field(None), field(None)
    ds = nz.find_dates(span.text)
    if len(ds) >= 2 and ds[0][0] < ds[1][0]:
        (a, s1, e1), (b, s2, e2) = ds[:2]
        return period_fields(field(a, span_of(span, s1, e1)), field(b, span_of(span, s2, e2)), span.text, (s1, e1), (s2, e2))
    return field(None), field(None)


def placa(span: Span | None, ocr: bool = False) -> Field:
    return plate_in(span, ocr)


def chassi(span: Span | None, ocr: bool = False) -> Field:
    return vin_in(span, ocr)


def renavam(span: Span | None, ocr: bool = False) -> Field:
    if not span:
        return field(None)
    if not re.search(r"\d{6}", span.text.replace(" ", "").replace(".", "")):
        return field(None, span)
    return checked_renavam(span, ocr)


def doc(span: Span | None, ocr: bool = False) -> Field:
    if not span:
        return field(None)
    if not re.search(r"\d{2}", span.text):
        return field(None, span)
    return cnpj_alnum_repair(doc_checked(span, ocr), ocr)


_PARTICLES = frozenset("de da do das dos e em del di du van von y d".split())
# a name never starts or ends on these: one that does was cut where its cell wrapped
CUT_AFTER = frozenset("de da do das dos e em".split())
CUT_NAME = 0.6


# what a form prints in a box with nothing to say: never anyone's name
_NO_VALUE = frozenset({"nao aplicavel", "nao se aplica", "nao informado", "nao consta", "nada consta",
                       "sem informacao", "n a"})


def name(span: Span | None, ocr: bool = False) -> Field:
    """A person's or a company's name: capitalised words (particles aside), no identifier, no
    label; a run of prose ('até os limites contratados') is no name."""
    f = name_field(span)
    if f.value is None:
        return f
    v = f.value
    if doc_id.PIECE.search(v) or ":" in v or nz.key(v) in _NO_VALUE:
        return field(None, span)
    words = [w for w in re.split(r"[\s/]+", v) if re.search(r"[A-Za-zÀ-ÿ]", w)]
    lower = [w for w in words if w[:1].islower() and nz.fold(w).strip(".,;()") not in _PARTICLES]
    if lower or all(nz.fold(w).strip(".,;()") in _PARTICLES | {"ou"} for w in words):
        return field(None, span)  # (a particle alone, 'de', 'OU': the rest of a label wrapped away)
    if ocr and len(words) == 1:
        return cap(f, CUT_NAME)  # a person or a company is named by two words at least: OCR read a part, or a label
    if ocr:
        # a word one look-alike glyph from a dictionary word ('COMPANHTA'): that word misread;
        # two pieces that make one ('COMPAN HIA'): that word split
        f = cap(f, min(word_conf(w, f.confidence, names=True) for w in words))
        if any(split_in_two(a, b) for a, b in zip(words, words[1:])):
            f = cap(f, STRANGE)
    if len(words) > 1 and (nz.fold(words[-1]).strip(".,;()") in CUT_AFTER
                           or nz.fold(words[0]).strip(".,;()") in CUT_AFTER):
        # 'ASSOCIAÇÃO DOS ESTUDANTES DE' / 'DE ÔNIBUS PORTO NOVO S.A.': the rest wrapped away
        return cap(f, CUT_NAME)
    return f


def text(span: Span | None, ocr: bool = False) -> Field:
    return text_field(span)


def printed(span: Span) -> str:
    """The span's words as printed: a space between words, none between two pieces of one word
    ('Fixos:3' read as 'Fixos:' and '3', whose boxes touch)."""
    out = ""
    prev = None
    for w in span.words:
        if prev is not None:
            h = max(w.bbox[3] - w.bbox[1], 1e-6)
            same_line = abs(w.bbox[1] - prev.bbox[1]) < 0.5 * h
            out += "" if same_line and w.bbox[0] - prev.bbox[2] < 0.08 * h else " "
        out += w.text
        prev = w
    return out


_CODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9./\-]*$")


# a time of day as schedules print it: '05h40', '5h', '17:30', '7 h 15'
TIME = re.compile(r"(?<![\d/])(?:[01]?\d|2[0-3])\s?(?:h\s?[0-5]\d|:[0-5]\d|h)(?![\d/])")


def times(span: Span | None, ocr: bool = False) -> Field:
    """A schedule ('06h00 (ida) e 12h30 (volta)'): a text that states a time. One that states none
    ('CLÁUSULAS E CONDIÇÕES' under the label, the next heading) is a hint at most."""
    f = text_field(span)
    if f.value is None or TIME.search(nz.fold(f.value)):
        return f
    return cap(f, UNSURE)


def code(span: Span | None, ocr: bool = False) -> Field:
    """A document's number: '0531.2024.77187439', 'FC 035/2024', 'CFE-2024/0178': the first
    word holding three digits or more, with a short prefix of letters printed before it."""
    if not span:
        return field(None)
    ws = list(span.words)
    for i, w in enumerate(ws):
        t = w.text.strip(":;,.()[]'`\"")
        comma = ocr and "," in t and bool(_CODE.match(t.replace(",", ".")))
        if comma:
            t = t.replace(",", ".")  # a number's dot read as a comma ('81,59.6501043-2'): unsure below
        if len(re.sub(r"\D", "", t)) < 3 or not _CODE.match(t):
            continue
        if _DATE_WORD.fullmatch(t):
            continue  # a date is no document's number ('Emissão 04/11/2025' beside it)
        if sum(1 for p in ws[:i] if len(re.findall(r"[A-Za-zÀ-ÿ]", p.text)) >= 3 and p.conf >= 0.5) >= 2:
            return field(None, span)  # a number inside a run of words read as words ('São Paulo, 14 de ... de 2024')
        use, unsure = [w], False
        if i > 0:
            p = ws[i - 1].text.strip(":;,.")
            h = w.bbox[3] - w.bbox[1]
            gap = w.bbox[0] - ws[i - 1].bbox[2]
            if re.fullmatch(r"[A-Z]{1,4}", p) and gap < 0.8 * h:
                use = [ws[i - 1], w]
                # touching ('APL2025718931' split by OCR where letters meet digits): no space;
                # a gap neither a letter's spacing nor a word's: either, unsure
                t = p + t if gap < GLUED * h else p + " " + t
                unsure = GLUED * h <= gap < SPACED * h
        # the number may go on in the next word: OCR cut it at a dot ('4532.7870.' '10590') or
        # between digits ('101' '1843879920'); touching, one word; a space apart, either: unsure
        for nxt in ws[i + 1:] if ocr else ():
            more = nxt.text.strip(":;,()[]'`\"").rstrip(".")
            h = nxt.bbox[3] - nxt.bbox[1]
            gap = nxt.bbox[0] - use[-1].bbox[2]
            if not re.fullmatch(r"\d[\d./\-]*", more) or gap > WORD_SPACE * h:
                break
            mark = use[-1].text.rstrip(":;,()[]'`\"")[-1:]
            t += (mark if mark in "./-" and not t.endswith(mark) else "") + more
            use.append(nxt)
            unsure = unsure or gap >= GLUED * h
        f = field(t, span.sub(use))
        if comma or unsure:
            f = cap(f, UNSURE)
        return unchecked(f, ocr)
    return field(None, span)


GLUED, SPACED = 0.12, 0.22  # a code's prefix this close (word heights) is glued to it; this far, a word apart
WORD_SPACE = 1.0  # past this gap (word heights), the next word is another box's
_DATE_WORD = re.compile(r"\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}")


def place(span: Span | None, ocr: bool = False) -> Field:
    """A town: 'PORTO ALEGRE RS 15/01/2026' is PORTO ALEGRE (a UF and a date after it dropped)."""
    if not span:
        return field(None)
    words = [w for w in span.words if nz.key(w.text)]
    # 'PORTO ALEGRE RS ...': the state ends the town's name (what follows is another box's, or dust)
    uf = next((i for i, w in enumerate(words) if i > 0 and w.text.strip("/-,.").upper() in UFS), None)
    if uf is not None:
        words = words[:uf]
    while words and (nz.find_dates(words[-1].text) or re.fullmatch(r"[\d/.\-]+", words[-1].text)):
        words.pop()
    value = nz.spaces(" ".join(w.text for w in words))
    if value and "/" in value and value.rsplit("/", 1)[1].upper() in UFS:
        value = value.rsplit("/", 1)[0]
    if value and " - " in value and value.rsplit(" - ", 1)[1].upper() in UFS:
        value = value.rsplit(" - ", 1)[0]
    if not value or not re.search(r"[A-Za-zÀ-ÿ]{3}", value):
        return field(None, span)
    return field(value.upper(), span.sub(words))


# a slash spaced on one side only ('Apucarana /PR'): OCR's space, no printer's
ONE_SIDED_SLASH = re.compile(r"(?<=\S)\s+/(?=\S)|(?<=\S)/\s+(?=\S)")


# a stop before a particle and a capitalised word ('Vitória. da Conquista'): no sentence goes on so
STOP_BEFORE_PARTICLE = re.compile(r"(?<=[A-Za-zÀ-ÿ])\.(?=\s+(?:de|da|do|das|dos)\s+[A-ZÀ-Ý])")
def town_specks(text: str) -> tuple[str, bool]:
    """A town read by OCR without the specks no printer prints in one: a stop before a particle
    ('Vitória. da Conquista') and a space on one side of the slash ('Apucarana /PR', before any
    bracketed note); and whether any was there (the value is then unsure: it may be printed so)."""
    mended = False
    if speck := STOP_BEFORE_PARTICLE.search(text):
        text, mended = text[:speck.start()] + text[speck.end():], True
    if slash := ONE_SIDED_SLASH.search(text.split("(")[0]):
        text, mended = text[:slash.start()] + "/" + text[slash.end():], True
    return text, mended


_AFTER_UF = re.compile(r"/([A-Za-z]{2})\s+(?=[A-ZÀ-Ý])")


def town(span: Span | None, ocr: bool = False) -> Field:
    """A town as printed ('Jundiaí/SP', 'Porto Alegre'): its words up to a sentence's end."""
    f = text_field(span)
    if f.value is None:
        return f
    raw = nz.unglue(nz.roman(f.value)) or ""
    mended = False
    if ocr or span is not None and span.conf < 1.0:
        raw, mended = town_specks(raw)
    # (a dash left at either end is a separator or a speck, no part of a town: 'Piracicaba/SP -')
    v = re.split(r"\.\s|;|\s-\s(?=[a-z])", raw)[0].strip(" .,;:-–—")
    if not v or not re.search(r"[A-Za-zÀ-ÿ]{3}", v) or len(v) > 60 or not v[:1].isupper():
        return field(None, span)
    more = _AFTER_UF.search(v)
    cut = bool(more and more.group(1).upper() in UFS)
    if more and cut:
        # 'Venâncio Aires/RS Bento Gonçalves/RS': a town ends at its state; the words after it are
        # another box's (its label lost)
        v = v[:more.end(1)]
    uf = re.search(r"/([A-Za-z]{2})$", v)
    if uf and uf.group(1).upper() in UFS and not uf.group(1).isupper():
        v = v[:uf.start(1)] + uf.group(1).upper()  # 'Anápolis/Go': a state's code is printed in capitals
    f = f.model_copy(update={"value": v})
    if mended or cut:
        f = cap(f, UNSURE)  # (or printed so: who knows; or what was cut off was the town's)
    if v.endswith("/"):
        return cap(f, UNSURE)  # 'Piracicaba/': its state read apart, or lost
    return f


def ceiling(shape: Shape, span: Span, ocr: bool) -> float:
    """How sure the shape itself leaves the value, whatever its words' reads: 1.0, or less where
    the shape doubts what it took (a town cut at its state, a slash spaced on one side). A value
    weighed again by its words afterwards stays under it."""
    sure = span.sub(w.model_copy(update={"conf": 1.0}) for w in span.words)
    return shape(Span(sure.page, sure.words, 1.0), ocr).confidence


def in_vocabulary(span: Span | None, ocr: bool, values: Sequence[str], cutoff: int = 85) -> Field:
    """A word of a closed vocabulary ('ALUGUEL'): as printed when it is one; after OCR, the one
    word a slip away (a little less sure); anything else a hint at most. Masks ('***') are
    nothing printed."""
    if not span:
        return field(None)
    raw = nz.fold(span.text).upper().strip(" .:*-")
    if not raw or set(raw) <= {"*", ".", " "}:
        return field(None, span)
    vocab = {nz.fold(v).upper(): v for v in values}
    if raw in vocab:
        f = field(raw, span)
        if ocr and len(raw) >= 6 and f.confidence >= 0.4:
            # a word of the closed list read letter for letter: no other value is a slip away
            f = f.model_copy(update={"confidence": max(f.confidence, 0.9)})
        return f
    if ocr:
        hit = process.extractOne(raw, list(vocab), scorer=fuzz.ratio, score_cutoff=cutoff)
        if hit:
            return field(hit[0], span, span.conf * 0.9)
    return cap(field(raw, span), OUTSIDE_VOCABULARY)


ACCENTED = re.compile(r"[À-ÖØ-öø-ÿ]")  # a letter with an accent or a cedilla


UNKNOWN_PART = 0.7


def _rejoined(value: str, words: set[str]) -> str:
    """Pieces of one vocabulary word that OCR set apart joined again ('PASSAGE IRO' -> 'PASSAGEIRO')."""
    toks = value.split(" ")
    out: list[str] = []
    for t in toks:
        if out and t and nz.key(out[-1].rsplit("/", 1)[-1] + t.split("/", 1)[0]).replace(" ", "") in words \
                and nz.key(out[-1].rsplit("/", 1)[-1]).replace(" ", "") not in words:
            out[-1] += t
        else:
            out.append(t)
    return " ".join(out)


def especie(span: Span | None, ocr: bool, especies: Sequence[str], tipos: Sequence[str]) -> Field:
    """'PASSAGEIRO / ÔNIBUS', 'PASSAG/MICROONIBUS': as printed, each word of its vocabularies
    (or the start of one, an abbreviation); after OCR a word a slip away is mended."""
    if not span:
        return field(None)
    value = nz.spaces(span.text.replace(" / ", "/"))
    if not value or not re.search(r"[A-Za-z]{3}", value):
        return field(None, span)
    words = {nz.key(v).replace(" ", "") for v in list(especies) + list(tipos)}
    if ocr:
        value = _rejoined(value, words)
    parts = [p for p in re.split(r"[\s/]+", value) if p]
    conf = span.conf
    known = unknown = 0
    out = value
    for p in parts:
        k = nz.key(p).replace(" ", "")
        if not k:
            continue
        if k in words or (len(k) >= 5 and any(v.startswith(k) for v in words)):
            known += 1
            continue
        if ocr and len(k) >= 4:
            hit = process.extractOne(k, list(words), scorer=fuzz.ratio, score_cutoff=85)
            if hit:
                known += 1
                conf *= 0.95
                continue
        unknown += any(c.isalpha() for c in k)
    if known == 0:
        return cap(field(value, span), OUTSIDE_VOCABULARY)
    if ocr and unknown:
        conf = min(conf, UNKNOWN_PART)  # a piece no vocabulary knows: a word OCR broke, or a speck
    if ocr:
        fixed = []
        spelled = list(especies) + list(tipos)
        folded = [nz.fold(v).upper() for v in spelled]
        for part in re.split(r"(\s+|/)", value):
            k = nz.fold(part).upper()
            if part.strip() and part != "/" and len(part) >= 4 and nz.key(part).replace(" ", "") not in words:
                hit = process.extractOne(k, folded, scorer=fuzz.ratio, score_cutoff=85)
                if hit:
                    # a slip mended as the word was read: with its accents where OCR saw any
                    part = spelled[hit[2]].upper() if ACCENTED.search(part) else hit[0]
            fixed.append(part)
        out = "".join(fixed)
    return field(out, span, conf)


SHAPES: dict[str, Shape] = {
    "year": year, "lotacao": lotacao, "seats": seats, "integer": integer, "money": money,
    "date": date, "placa": placa, "chassi": chassi, "renavam": renavam, "doc": doc, "name": name,
    "text": text, "code": code, "place": place, "town": town, "times": times,
}
MULTILINE = {"name", "text", "place", "town", "times"}
