"""The parser for types without a module of their own, and the label-driven reading the
type modules build on: each field doctypes.yaml lists for the type is looked up by its label
spellings, kept as data in the type's vocabulary (intake/doctypes/<type>.yaml, or one made
from doctypes.yaml and the common synonyms), first through the label's cell
(intake/reading: right of the label or in the box below it, a value of the field's shape),
then by the layout lookups over the same spellings, which never take a label of the document
as a value. Fields of kinds that need the document's logic (bool, enum, list, records) are
left to the type modules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date

from intake import normalize as nz
from intake.page.layout import Span, match_factor
from domain.ids import cnpj as cnpj_id
from domain.ids import cpf as cpf_id
from domain.ids import renavam as renavam_id
from domain.ids.doc import find as find_docs
from intake.reading.identifiers import checked, doc_checked, ident, ident_in
from intake.reading.values import (
    INFERRED, cap, date_field, field, int_field, money_field, name_field, ocr_text, span_of, text_field,
)
from intake.doctypes._common import Reader
from intake.reading.lexicon import weighed
from intake.reading import shapes
from intake.reading.cells import Region
from intake.reading.extract import AMBIGUOUS, Candidate
from intake.reading.labels import NUMBER_SIGNS, RUN_GAP, cites_an_act
from intake.reading.vocabulary import common_synonyms
from domain import doctypes
from domain.documents import Field

# Common spellings of labels, by field name (the doctypes.yaml label is tried first): data, in
# intake/doctypes/common.yaml.
SYNONYMS: dict[str, tuple[str, ...]] = common_synonyms()

# Labels short or common enough to need a whole-label match (':' or a gap after them).
_GENERIC = {"nome", "data", "cpf", "cnpj", "numero", "n", "no", "valor", "total", "local",
            "registro", "emissao", "situacao", "titular", "empresa", "uf", "obs", "curso",
            "contrato", "validade", "cidade", "estado", "objeto", "origem", "destino"}

Parse = Callable[[Span | None], Field]


def parser_of(kind: str, r: Reader) -> Parse | None:
    return {
        "text": text_field,
        "name": name_field,
        "date": date_field,
        "integer": int_field,
        "money": money_field,
        "doc": lambda s: doc_checked(s, r.ocr),
        "placa": lambda s: ident_in(s, "placa", r.ocr),
        "renavam": lambda s: _renavam(s, r.ocr),
        "chassi": lambda s: ident_in(s, "chassi", r.ocr),
    }.get(kind)


def _renavam(span: Span | None, ocr: bool) -> Field:
    """ident_in() for a RENAVAM, its check digit taken as evidence (see _common.verified)."""
    if not span:
        return field(None)
    m = renavam_id.PRINTED.search(span.text.replace(" ", ""))
    return checked("renavam", m.group(1), span, ocr) if m else ident_in(span, "renavam", ocr)


def labels_for(name: str, spec: dict, extra: Sequence[str] = ()) -> list[str]:
    out = list(extra)
    if spec.get("label"):
        out.append(spec["label"])
    out += SYNONYMS.get(name, ())
    seen, uniq = set(), []
    for lab in out:
        k = nz.key(lab)
        if k and k not in seen:
            seen.add(k)
            uniq.append(lab)
    return uniq


def spellings(r: Reader, name: str) -> list[str]:
    """A field's label spellings, most telling first: data, in the vocabulary of the document's
    type (intake/doctypes/<type>.yaml; for a type without a file, the doctypes.yaml label and
    the common synonyms)."""
    return r.spellings(name) or labels_for(name, doctypes.fields(r.doc_type).get(name, {}) if r.doc_type else {})


_DASHES = {"-", "–", "—"}


def _in_value(x, lab) -> bool:
    """Whether a label's words are printed inside another label's value, not as a label: after
    a dash ('AVENIDA MAANAIM, 1741 - CIDADE NOBRE': 'Cidade' is the street's district), or as
    the first word of a 'Label:' value close before it ('Curso: Curso Especializado ...')."""
    row = x.layout.rows[lab.page][lab.row]
    if lab.start == 0 or lab.numbered_box:
        return False  # (a card's numbered box, '9 CAT. HAB.', opens its own value)
    prev = row.words[lab.start - 1]
    gap = lab.words[0].bbox[0] - prev.bbox[2]
    if gap >= RUN_GAP * row.height:
        return False
    t = prev.text.strip()
    if t in _DASHES:
        before = row.words[lab.start - 2].text.strip() if lab.start >= 2 else ""
        return bool(before) and not re.fullmatch(r"(?:\d{1,2}|[IVXivx]{1,4})[.)]?", before)
    return t.endswith(":") and len(t) > 2 and x.labels.is_label_word(prev)


def candidates(r: Reader, name: str, parse: Parse | None = None, *, labels=None, **kw) -> list:
    """The field's candidates from its labels' cells (Extractor.candidates), without those of a
    label printed inside a value (_in_value), and with the value of a key-value table whose
    first word is also a label's ('Pagador        Nome da Empresa Ltda': _table_value)."""
    x = r.x
    labs = labels if labels is not None else x.labels.of(name) + x.section_labels(name)
    labs = [lab for lab in labs if not _in_value(x, lab)]
    if not labs:
        return []
    values = {}
    for lab in labs:
        v = _table_value(x, lab)
        if v is not None:
            values[id(lab)] = v
    inside = {id(w) for v in values.values() for w in v.words}
    labs = [lab for lab in labs if id(lab.words[0]) not in inside]  # a word of a value is no label
    out = x.candidates(name, parse, labels=labs, **kw) if labs else []
    parse = parse or x.parser(name)
    for lab in labs:
        v = values.get(id(lab))
        if v is None:
            continue
        f = parse(v)
        if f.value is not None:
            region = Region("far", (v,), lab, True)
            out.append(Candidate(f, region, round(f.confidence * match_factor(lab.score), 4)))
    return out


def _table_value(x, lab) -> Span | None:
    """The value of a key-value table's row whose first word the vocabulary also spells as a
    label ('Pagador        Nome da Empresa Ltda', 'Descrição      Taxa de vistoria'): the run of
    words far right of the label, starting in the column where the table's values start (other
    rows print a label at this label's x and a value, not a label, at that x). None where the
    next words are a label of their own (a 'Label:', a grid's header row)."""
    page_rows = x.layout.rows[lab.page]
    row = page_rows[lab.row]
    if lab.row2 is not None or lab.end >= len(row.words) or lab.first_words[-1].text.rstrip().endswith(":"):
        return None
    first = row.words[lab.end]
    h = row.height
    if first.bbox[0] - lab.first_words[-1].bbox[2] < RUN_GAP * h or first.text.rstrip().endswith(":"):
        return None
    nxt = x.labels.starting(first)
    if nxt is None or nxt.row != row.index or nxt.words[-1].text.rstrip().endswith(":"):
        return None  # a plain value: the Extractor reads it
    lx, vx, tol = lab.bbox[0], first.bbox[0], max(0.004, 0.5 * h)
    seen = 0
    for other in page_rows:
        if other.index == row.index or not other.words:
            continue
        w0 = other.words[0]
        if abs(w0.bbox[0] - lx) > tol or not x.labels.is_label_word(w0):
            continue
        at = [w for w in other.words[1:] if abs(w.bbox[0] - vx) <= tol]
        if at and not x.labels.is_label_word(at[0]):
            seen += 1
    if seen < 2:
        return None
    words = [first]
    for w in row.words[lab.end + 1:]:
        if w.bbox[0] - words[-1].bbox[2] > 2.5 * h:
            break
        words.append(w)
    return Span(lab.page, tuple(words), lab.score)


def labelled(r: Reader, name: str, parse: Parse | None = None, **kw) -> Field:
    """The field from its label's cell, as r.field() reads it (the Reader's Extractor: the
    vocabulary's spellings, a value of the field's shape or what `parse` makes of the cell),
    over candidates(); null without a document type."""
    if r.doc_type is None:
        return field(None)
    return r.x.choose(candidates(r, name, parse, **kw))


def in_order(r: Reader, name: str, parse: Parse | None = None, **kw) -> Field:
    """The field from the cells of its first spelling (in the vocabulary's order, most telling
    first) that holds a value: where a document prints several numbers ('Número do certificado'
    and 'RA (registro de alistamento)'), the order of the spellings says which one is the field's."""
    if r.doc_type is None:
        return field(None)
    x = r.x
    for lab in spellings(r, name):
        labs = [h for h in x.labels.spelled(lab) if name in h.fields]
        cands = candidates(r, name, parse, labels=labs, **kw) if labs else []
        if cands:
            return x.choose(cands)
    return field(None)


def first_printed(r: Reader, name: str, parse: Parse | None = None, **kw) -> Field | None:
    """The value in the cell of the field's first label printed (a CTPS lists the current
    contract first: a later block's value is not the field's, even where the first is empty).
    None when no label of the field stands on the document."""
    if r.doc_type is None:
        return None
    x = r.x
    labs = [lab for lab in x.labels.of(name) if x.cells.stands(lab) and not _in_value(x, lab)]
    if not labs:
        return None
    top = min(labs, key=lambda lab: (lab.page, lab.row, lab.start))
    return x.choose(x.candidates(name, parse, labels=[top], **kw))


def whole_lines(r: Reader, span: Span | None) -> Span | None:
    """The span with the words its lines skip put back: on each row it touches, every word from
    its first to its last, and a dash that ends the line ('206-2 - Sociedade', 'Av. Plínio Brasil
    Milano -' / 'Av. Protásio Alves': the punctuation of a text value is part of it)."""
    if not span or not span.words:
        return span
    where = _rows_of(r)
    picked: dict[int, list[int]] = {}
    rows = {}
    for w in span.words:
        row, i = where.get(id(w), (None, None))
        if row is None:
            return span
        rows[id(row)] = row
        picked.setdefault(id(row), []).append(i)
    words = []
    for k, idx in picked.items():
        row = rows[k]
        a, b = min(idx), max(idx) + 1
        while b < len(row.words) and row.words[b].text.strip() in _DASHES \
                and row.words[b].bbox[0] - row.words[b - 1].bbox[2] < RUN_GAP * row.height:
            b += 1
        words += row.words[a:b]
    return Span(span.page, tuple(words), span.score)


def text_in(r: Reader) -> Parse:
    """The parse of a text value read from a label's cell: its lines as printed."""
    return lambda sp: text_field(whole_lines(r, sp))


def _rows_of(r: Reader) -> dict[int, tuple]:
    """id() of every word -> (its row, its index in the row), built once per Reader."""
    where = getattr(r, "_word_rows", None)
    if where is None:
        where = {id(w): (row, i) for p in r.layout.pages for row in r.layout.rows[p.number]
                 for i, w in enumerate(row.words)}
        setattr(r, "_word_rows", where)  # a cache Reader does not declare
    return where


def in_label(r: Reader, hit=None, span: Span | None = None) -> bool:
    """Whether a layout lookup's find lands on a label, never a value: the hit is the start of
    a longer label of the document ('ALVARÁ' of 'ALVARÁ DE LOCALIZAÇÃO E FUNCIONAMENTO': the
    longest spelling wins), or the value found starts with a label (r.is_label) or inside one."""
    if r.doc_type is None:
        return False
    labels = r.x.labels
    if hit is not None and hit.words:
        lab = labels.starting(hit.words[0])
        if lab is not None and len(lab.words) > len(hit.words):
            return True
    if span is None or not span.words:
        return False
    if r.is_label(span):
        return True
    w = span.words[0]
    row, _ = _rows_of(r).get(id(w), (None, None))
    if row is None:
        return False
    return any(x is w for lab in labels.in_row(row.page, row.index) for x in lab.words[1:])


def lookup(r: Reader, labels: str | Sequence[str], parse: Parse, *,
           how: Sequence[str] = ("auto", "wide"), x_parse: Parse | None = None, ordered: bool = False,
           lines: int | None = None, **find_kw) -> Field:
    """A labelled value; null when none is found.

    labels: a field's name or label spellings. A field's name reads its label's cell first
    (labelled(): the vocabulary's spellings, x_parse or else the field's shape, over `lines`
    lines, the shape's by default; ordered: in_order(), the first spelling whose cell holds a
    value), then the layout lookups over the vocabulary's spellings of it. Spellings (the
    vocabulary's, in an order of the parser's) go to the layout lookups only. These take the
    first label (in the order given) whose value parses, never a label (in_label(): a longer
    label's start, a value that starts with a label).

    how: layout methods tried in turn ('auto', 'right', 'below', 'next', 'cell'), and 'wide':
    the value far right of a 'LABEL:' on its row (a form printed in two columns)."""
    if isinstance(labels, str):
        f = (in_order if ordered else labelled)(r, labels, x_parse, lines=lines)
        if f.value is not None:
            return f
        labels = spellings(r, labels)
    for lab in labels:
        kw = dict(find_kw)
        if nz.key(lab) in _GENERIC or len(nz.key(lab)) <= 4:
            kw.setdefault("whole", True)
        sign = nz.key(lab) in NUMBER_SIGNS
        for hit in r.layout.find(lab, **kw):
            if not r.layout.leads(hit):
                continue  # the end of a heading ('GRADE DE ITINERÁRIO'), not a label
            if sign and cites_an_act(r.layout, hit.page, hit.row, hit.start):
                continue  # 'Portaria Inmetro nº 30/2004': a citation, no label
            for method in how:
                if method == "wide":
                    span = _wide(r, hit)
                elif method == "cell":
                    cell = r.layout.cell(hit)
                    span = cell[0] if cell else None
                else:
                    span = getattr(r.layout, {"next": "next_line"}.get(method, method))(hit)
                if not span or in_label(r, hit, span):
                    continue  # nothing there, or a label: never a value
                f = parse(span)
                if f.value is not None:
                    return f
    return field(None)


def _wide(r: Reader, hit) -> Span | None:
    """'CNPJ:' at the left margin and its value in a column far to the right."""
    row = r.layout.rows[hit.page][hit.row]
    colon = hit.words[-1].text.rstrip().endswith(":") or (
        hit.end < len(row.words) and row.words[hit.end].text.startswith(":"))
    return r.layout.right(hit, max_gap=0.45) if colon else None


def holder(r: Reader) -> dict[str, Field]:
    """The holder a document names under its labels: `titular_nome` and `titular_documento`
    (a CPF/CNPJ whose check digits are weighed), read as every holder's document reads them."""
    return {"titular_nome": lookup(r, "titular_nome", name_field),
            "titular_documento": lookup(r, "titular_documento", lambda s: doc_checked(s, r.ocr))}


def lookup_text(r: Reader, labels: str | Sequence[str], *, name: bool = False, prose: str | None = None,
                lines: int = 8, ordered: bool = False) -> Field:
    """A labelled text value that may wrap over lines: the cell beside a row label
    ('ATIVIDADE:   Transporte ... / ... internacional'), else the value right of or below it.

    labels: a field's name (its label's cell first, over `lines` lines at most; ordered: the
    first spelling whose cell holds a value, see in_order(); then the layout lookups over the
    vocabulary's spellings) or label spellings (the layout lookups only); neither takes a value
    that starts with a label of the document.
    prose: after OCR, weigh the words against the dictionary (reading.lexicon): 'vocabulary' for text
    of common words (an activity, an object), 'names' for text that may hold proper names."""
    def done(f: Field, sp: Span | None) -> Field:
        return weighed(f, sp, names=prose == "names") if prose and r.ocr and f.value is not None else f

    if isinstance(labels, str):
        def parse(sp: Span | None) -> Field:
            sp = whole_lines(r, sp)
            return done((shapes.name if name else shapes.text)(sp, r.ocr), sp)

        f = (in_order if ordered else labelled)(r, labels, parse, lines=lines)
        if f.value is not None:
            return f
        labels = spellings(r, labels)
    sp: Span | None
    for lab in labels:
        for hit in r.layout.find(lab, whole=True):
            if not r.layout.leads(hit):
                continue
            cell = r.layout.cell(hit)
            if cell and in_label(r, hit, cell[0]):
                continue  # a label: never a value
            if cell:
                sp = Span(cell[0].page, tuple(w for ln in cell for w in ln.words), cell[0].score)
                v = nz.name(ocr_text(sp)) if name else nz.spaces(ocr_text(sp))
                if v:
                    return done(field(v, sp), sp)
    if name:
        return lookup(r, labels, name_field)
    # a box whose value wraps over lines under its label
    for lab in labels:
        for hit in r.layout.find(lab, whole=True):
            if not r.layout.leads(hit):
                continue
            sp = r.layout.right(hit) if _colon_after(r, hit) else None
            sp = sp or box_text(r, hit)
            if sp and not (len(sp.words) == 1 and sp.words[0].text.rstrip().endswith(":")) and not in_label(r, hit, sp):
                f = text_field(sp)
                if f.value is not None:
                    return done(f, sp)
    return field(None)


def _colon_after(r: Reader, hit) -> bool:
    row = r.layout.rows[hit.page][hit.row]
    return hit.words[-1].text.rstrip().endswith(":") or (
        hit.end < len(row.words) and row.words[hit.end].text.startswith(":"))


def box_text(r: Reader, hit, max_lines: int = 8) -> Span | None:
    """The value printed in the box under a label, over as many lines as it wraps: rows that
    follow at line spacing, starting at the value's left edge; it ends at a wider gap (the next
    box or a paragraph), at a 'Label:' row, or at a row in capitals after a value in mixed case
    (the next box's label: 'HORÁRIOS' after the itinerary)."""
    first_line = r.layout.below(hit, lines=1, max_dy=0.04)
    if not first_line:
        return None
    rows = r.layout.rows[hit.page]
    idx = next((i for i, row in enumerate(rows) if first_line.words[0] in row.words), None)
    if idx is None:
        return first_line
    words = list(first_line.words)
    x0 = min(w.bbox[0] for w in words) - 0.02
    mixed = any(c.islower() for w in words for c in w.text)
    last = rows[idx]
    for row in rows[idx + 1:idx + max_lines]:
        if row.y0 - last.y1 > 0.8 * max(last.height, row.height):
            break
        ws = [w for w in row.words if w.bbox[0] >= x0]
        if not ws or ws[-1].text.rstrip().endswith(":"):
            break
        letters = [c for w in ws for c in w.text if c.isalpha()]
        if mixed and letters and all(c.isupper() for c in letters) and len(ws) <= 4:
            break
        words.extend(ws)
        last = row
    return Span(hit.page, tuple(words), hit.score)


# what names a vehicle in a sentence: the plate printed after it is the vehicle's
_PLATE_CUE = re.compile(r"(?<![a-z])(?:veiculos?|placas?)(?![a-z])")
_SENTENCE_END = re.compile(r"[.;!?](?=\s|$)")


def placa_in_prose(r: Reader, reach: int = 40) -> Field:
    """A plate printed in a sentence rather than in a box of its own ('METROPLAN - TAXA DE
    VISTORIA - VEÍCULO IWE8828', 'o veículo de placa ABC1D23'): the first plate that follows
    'veículo' or 'placa' in the same sentence, within `reach` characters. Found without a label
    of its own, it is never surer than INFERRED; different plates so named are a hint only."""
    fl = r.flow()
    found: list[Field] = []
    for m in _PLATE_CUE.finditer(fl.folded):
        rest = fl.text[m.end():m.end() + reach]
        end = _SENTENCE_END.search(rest)
        rest = rest[:end.start()] if end else rest
        hits = nz.find_placas(rest, strict=True)
        if not hits:
            continue
        v, s, e = hits[0]
        f = ident("placa", v, fl.span(m.end() + s, m.end() + e), r.ocr)
        if f.value is not None:
            found.append(cap(f, INFERRED))
    if not found:
        return field(None)
    best = found[0]
    if any(f.value != best.value for f in found[1:]):
        return cap(best, AMBIGUOUS)
    return best


_NUMERO_RE = re.compile(r"(?<![a-z])n\s?[o°º.]{1,2}\s*[:\-]?\s*([A-Za-z0-9][A-Za-z0-9./\-]*\d[A-Za-z0-9./\-]*)")


def numero_after_title(r: Reader, rows: int = 12) -> Field:
    """'Nº 34187/2026' printed under a document's title (no label word before it)."""
    page = r.layout.pages[0].number
    for row in r.layout.rows[page][:rows]:
        sp = r.layout.row_span(row)
        m = _NUMERO_RE.search(nz.fold_chars(sp.text))
        if m and m.start() <= 2 and not cites_an_act(r.layout, page, row.index, 0):
            raw = sp.text[m.start(1):m.end(1)].rstrip(".,;")
            return field(raw, span_of(sp, m.start(1), m.start(1) + len(raw)))
    return field(None)


def closing_city(r: Reader) -> Field:
    """The town of a closing line 'Guaíba, 15 de janeiro de 2026.'"""
    best = None
    for sp in r.row_spans():
        t = nz.fold_chars(sp.text)
        m = re.match(r"\s*([a-z][a-z \-']{2,40}?)(?:\s*/\s*[a-z]{2})?,\s*(?:em\s+)?\d{1,2}\s*(?:o|°)?\s+de\s+[a-z]+\s+de\s+\d{4}", t)
        if m:
            best = field(nz.spaces(sp.text[m.start(1):m.end(1)]), span_of(sp, m.start(1), m.end(1)))
    return best or field(None)


def closing_date(r: Reader) -> Field:
    """The date of a closing line such as 'Porto Alegre, 15 de janeiro de 2026' (the last one)."""
    best = None
    for sp in r.row_spans():
        t = nz.fold_chars(sp.text)
        # (a speck read after the comma or a two-digit day: 'Guarulhos,.20 de janeiro', 'Guaíba, 10) de';
        # '1) de' is no day: a digit may be what was read as ')')
        m = re.search(r"[a-z]{3,}[a-z\s/\-]*,[\s.'`]*(?:em\s+)?"
                      r"((?:\d{2}\)|\d{1,2})\s*(?:o|°)?\s+de\s+[a-z]+\s+de\s+\d{4}|\d{1,2}/\d{1,2}/\d{4})", t)
        if m:
            d = nz.parse_date(m.group(1).replace(")", " ", 1))
            if d:
                best = field(d, span_of(sp, m.start(1), m.end(1)))
    return best or field(None)


def read_fields(r: Reader, doc_type: str, *, skip: Sequence[str] = ()) -> dict[str, Field]:
    """Every field of the type with a plain kind, looked up by label: its label's cell first
    (the vocabulary's spellings and the field's shape), then the layout lookups over the same
    spellings."""
    out: dict[str, Field] = {}
    if r.doc_type is None:
        r.doc_type = doc_type
    for name, spec in doctypes.fields(doc_type).items():
        if name in skip:
            continue
        parse = parser_of(spec.get("kind", "text"), r)
        if parse is None:
            continue
        f = labelled(r, name)
        if f.value is None:
            f = lookup(r, spellings(r, name), parse)
        out[name] = f
    if "data_emissao" in out and out["data_emissao"].value is None:
        out["data_emissao"] = closing_date(r)
    if "titular_documento" in out and out["titular_documento"].value is None:
        out["titular_documento"] = sole_doc(r)
    return out


def sole_doc(r: Reader) -> Field:
    """The CPF/CNPJ of a document that prints exactly one: its holder's (capped: unlabelled)."""
    found = [(sp, v, s, e) for sp in r.row_spans() for v, s, e in find_docs(sp.text)]
    if len({v for _, v, _, _ in found}) != 1:
        return field(None)
    sp, v, s, e = found[0]
    return cap(checked("doc", v, span_of(sp, s, e), r.ocr), INFERRED)


def sole_cpf(r: Reader) -> Field:
    """The one CPF a personal card prints in its dotted form (its 'CPF' label misread by OCR):
    the holder's, capped as unlabelled. Bare 11-digit numbers (a CNH's registry) do not count."""
    found = [(sp, m) for sp in r.row_spans() for m in cpf_id.DOTTED.finditer(sp.text)]
    values = {nz.doc(m.group(0)) for _, m in found}
    if len(values) != 1 or None in values:
        return field(None)
    sp, m = found[0]
    return cap(checked("doc", nz.doc(m.group(0)), span_of(sp, m.start(), m.end()), r.ocr), INFERRED)


def sole_cnpj(r: Reader) -> Field:
    """The one CNPJ a company's document prints (its label misread): the holder's, capped."""
    found = [(sp, m) for sp in r.row_spans() for m in cnpj_id.PRINTED.finditer(sp.text.upper())]
    values = {nz.doc(m.group(1)) for _, m in found}
    if len(values) != 1 or None in values:
        return field(None)
    sp, m = found[0]
    return cap(checked("doc", nz.doc(m.group(1)), span_of(sp, m.start(1), m.end(1)), r.ocr), INFERRED)


TYPES: tuple[str, ...] = ()


def parse(ext, doc_type: str) -> dict[str, Field]:
    return read_fields(Reader(ext, doc_type), doc_type)


# ------------------------------------------------------------------ validity in prose

_VALID_UNTIL = re.compile(r"\b(valida|valido|validade)\b\s*(?:ate)?\s*[:\-]?\s*")


# A validity printed as a term counted from the issue: 'válida por 90 (noventa) dias a contar
# da data de sua emissão', 'Validade: 30 (TRINTA) dias, contados da data de emissão'.
# A term with no start named runs from the issue too ('Validade: 90 dias.'); one counted from
# anything else (a due date, a business day) is none of these.
_TERM = re.compile(r"\b(?:valid[ao]|validade)\b[^.\n]{0,25}?" + nz.TERM +
                   r"(?:[^.]{0,60}?\b(?:emissao|expedicao|emitid[ao]|expedid[ao])\b|\s*(?:[.;]|$))")


def _term_validity(r: Reader, emissao: Field | None) -> Field:
    """The day a term counted from the issue date expires (normalize.term_end), as sure as the
    less sure of the two and never more than a value worked out (INFERRED)."""
    if emissao is None or emissao.value is None:
        return field(None)
    fl = r.flow()
    m = _TERM.search(fl.folded)
    if m is None:
        return field(None)
    end = nz.term_end(date.fromisoformat(emissao.value), int(m.group(1)), m.group(2))
    term = fl.field(end, m.start(1), m.end())
    return term.model_copy(update={"confidence": min(term.confidence, emissao.confidence, INFERRED)})


def _dated_validity(r: Reader) -> Field:
    fl = r.flow()
    for m in _VALID_UNTIL.finditer(fl.folded):
        window = fl.text[m.end():m.end() + 40]
        ds = nz.find_dates(window)
        if not ds or ds[0][1] > 2:
            continue
        pick = ds[0]
        # 'Validade: 01/02/2026 a 02/03/2026' is a period: it ends on the second date
        if len(ds) > 1 and re.fullmatch(r"\s*(a|ate|até)\s*", window[ds[0][2]:ds[1][1]]):
            pick = ds[1]
        return fl.field(pick[0], m.end() + pick[1], m.end() + pick[2])
    return field(None)


def validity_in_prose(r: Reader, emissao: Field | None = None) -> Field:
    """A validity the text states ('é válido até 31/12/2026', 'Validade: 01/02/2026 a
    02/03/2026'), else one it counts from the issue date ('válida por 90 (noventa) dias a contar
    da data de sua emissão'): null when neither is printed, or the term's start is unknown."""
    dated = _dated_validity(r)
    return dated if dated.value is not None else _term_validity(r, emissao)
