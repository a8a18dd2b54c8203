"""Fields found by their labels and the geometry of the page, with a confidence that means
something.

For each place a field's label is printed (intake/reading/labels.py), the value is looked for
in the label's cell (intake/reading/cells.py): to its right when a ':' or a near word follows
the label, else in the box below it, else far right in a key-value table. The words found
must fit the field's shape (intake/reading/shapes.py). A field's confidence is the read's
(the words' own: 1.0 on a text layer, Tesseract's after OCR, lowered by the shape's checks)
times the extraction's certainty:
- the label found exactly (1.0) or within an OCR slip (a little less);
- where the value sat: beside or below its label (1.0), or far right of a label without ':'
  whose value column no other row shares (0.9);
- one value, or several: places that read different values of the shape (two labels, or
  right and below of one) leave the field unsure (AMBIGUOUS), for a person to decide.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domain.documents import AMBIGUOUS, CONFIDENT, Field
from intake.page.layout import Layout, Span
from intake.normalize import key
from intake.reading import shapes
from intake.reading.cells import Cells, Region
from intake.reading.labels import LabelAt, LabelIndex, item_number, run_gap
from intake.reading.meaning import widened
from intake.reading.vocabulary import Vocabulary, vocabulary
from ocr.model import Extraction, Word

FAR_UNALIGNED = 0.9  # a value far right of a label, in no column another row shares
OPEN_END = 0.7  # a value that may go on in a line under it (Region.open_end)
DISAGREE = 0.75  # the field's own label holds no value of its shape, another reader found one
SHAPE_ONLY = 0.7  # a value known by its shape alone, its label unread: for review
_ORDER = {"colon": 0, "adjacent": 1, "below": 2, "far": 3}

Parse = Callable[[Span | None], Field]


@dataclass(frozen=True)
class Candidate:
    field: Field
    region: Region
    confidence: float

    @property
    def value(self):
        return self.field.value


_PLAIN = re.compile(r"[A-Z0-9.\-]+")
_MARKED = shapes.ACCENTED
_BRACKETS = re.compile(r"[()\[\]{}|]")
_WORDY = re.compile(r"[^\W\d_]{2}")  # two letters together: words, where a label may be


def _height(ws) -> float:
    """The print's height, from words in capitals without accents or a cedilla where there are
    any ('PERÍODO' stands taller than its letters), else from unmarked words: without brackets
    where OCR boxed them (Tesseract's box of a ')' runs past the capitals: 'CNP)'; a text layer's
    does not: 'SEGURADO(A)')."""
    plain = [w for w in ws if _PLAIN.fullmatch(w.text.strip(":"))] or \
        [w for w in ws if not _MARKED.search(w.text) and (w.conf >= 1.0 or not _BRACKETS.search(w.text))]
    hs = sorted(w.bbox[3] - w.bbox[1] for w in plain)
    return hs[len(hs) // 2] if hs else 0.0


print_height = _height  # (the checks after the parsers compare print sizes too)


def _specks(span) -> bool:
    """Words that are single characters read unsure: specks, not a value."""
    return bool(span.words) and all(len(key(w.text).replace(" ", "")) <= 1 and w.conf < 0.8 for w in span.words)


def _label_print(lab: LabelAt, right: Region, below: Region) -> bool:
    """Whether the words far right of a label are printed as the label is, and the line under
    it larger: a grid's row of labels over a row of values."""
    if not _WORDY.search(right.first.text):
        return False  # a number is a value, never a label ('60.355.827/0001-40' beside its label)
    h_lab, h_right, h_below = _height(lab.first_words), _height(right.first.words), _height(below.first.words)
    return h_lab > 0 and h_right > 0 and h_below > 0 and abs(h_right - h_lab) <= 0.1 * h_lab and h_below >= 1.12 * h_lab


def _value_print(lab: LabelAt, right: Region, below: Region) -> bool:
    """Whether the label is printed smaller than both the line under it and the words far right
    of it: a grid's label over its value, beside another box's value."""
    h_lab, h_right, h_below = _height(lab.first_words), _height(right.first.words), _height(below.first.words)
    return h_lab > 0 and h_right >= 1.1 * h_lab and h_below >= 1.1 * h_lab


def _off_line(lab: LabelAt, right: Region) -> bool:
    """Whether the far words are set a good part of a line above or below the label (their top
    and their bottom both moved the same way, not a larger print on the same baseline): another
    column's lines, not the label's own row."""
    ws = lab.first_words
    f = right.first.words
    h = max(w.bbox[3] for w in ws) - min(w.bbox[1] for w in ws)
    dt = min(w.bbox[1] for w in f) - min(w.bbox[1] for w in ws)
    db = max(w.bbox[3] for w in f) - max(w.bbox[3] for w in ws)
    return h > 0 and (dt > 0.3 * h and db > 0.3 * h or dt < -0.3 * h and db < -0.3 * h)


def _same(a, b) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        from intake.normalize import key

        return key(a) == key(b)
    return a == b



def _in_prose(words: Sequence[Word], i: int) -> bool:
    """A word set close to a word in lower case is in a sentence ('A autenticidade desta CNH'),
    not a box's value."""
    w = words[i]
    height = w.bbox[3] - w.bbox[1]
    for j in (i - 1, i + 1):
        if 0 <= j < len(words) and words[j].text[:1].islower():
            o = words[j]
            gap = o.bbox[0] - w.bbox[2] if j > i else w.bbox[0] - o.bbox[2]
            if gap < 1.5 * height:
                return True
    return False


def value_parser(vocab: Vocabulary, name: str, ocr: bool) -> Parse:
    """The parse of the field's value by its shape in the vocabulary (a closed vocabulary's
    words, a vehicle's kind, a date, a name ...)."""
    spec = vocab.fields.get(name)
    shape = spec.shape if spec else "text"
    if shape == "vocab":
        values = vocab.values.get(name, ())
        return lambda s: shapes.in_vocabulary(s, ocr, values)
    if shape == "especie":
        e = tuple(vocab.values.get("especie", ())) + tuple(vocab.values.get("especie_abbreviations", ()))
        t = vocab.values.get("tipo", ())
        return lambda s: shapes.especie(s, ocr, e, t)
    fn = shapes.SHAPES.get(shape, shapes.text)
    return lambda s: fn(s, ocr)


class Extractor:
    """Label-and-cell lookups over one document, with its type's vocabulary."""

    def __init__(self, ext: Extraction | Layout, doc_type: str, *, vocab: Vocabulary | None = None):
        self.layout = ext if isinstance(ext, Layout) else Layout(ext)
        self.ocr = self.layout.ocr
        # the document's own labels that name a field by their words join its vocabulary
        self.vocab = widened(vocab or vocabulary(doc_type), self.layout)
        self.labels = LabelIndex(self.layout, self.vocab)
        self.cells = Cells(self.layout, self.labels)
        self._sections: dict[str, list] = {}

    # ------------------------------------------------------------------ parsing

    def parser(self, name: str) -> Parse:
        return value_parser(self.vocab, name, self.ocr)

    def fills(self, name: str) -> bool:
        spec = self.vocab.fields.get(name)
        return spec is not None and spec.shape == "name"

    def lines_for(self, name: str) -> int:
        spec = self.vocab.fields.get(name)
        return 3 if spec is not None and spec.shape in shapes.MULTILINE else 1

    # ------------------------------------------------------------------ candidates

    def regions(self, lab: LabelAt, lines: int = 1, fill: bool = False) -> list[Region]:
        """Where the value of this label may be, in the order it is looked at (`fill`: a value
        that wraps only where its line is full, a name)."""
        right = self.cells.right(lab, lines=lines, fill=fill)
        if right is not None and right.how == "far" and (
                _specks(right.span) or self._labels_there(lab, right.span.words[0])):
            # OCR specks far right (a QR code's edge read as 'e', '8') are no column, and the next
            # label of a grid's row ('ASSENTOS   UTILIZAÇÃO') is no value: the value is below
            right = None
        out = []
        if right is not None and right.how in ("colon", "adjacent"):
            out.append(right)
        # a label whose value sits far right, in a column other rows' values share, heads a
        # key-value table's row: what is under it is the next row's label column, no value of its
        # own; unless the row is a grid's row of labels, printed smaller than the values under them
        below = self.cells.below(lab, lines=lines, fill=fill) if self.cells.alone(lab) else None
        if below is not None and (self._another_labels_value(lab, below.first.words[0])
                                  or self._opens_label(below.first.words[0])
                                  or self._labelled_row(lab, below.first.words[0])):
            # 'CÓDIGO DE SEGURANÇA DO CLA 91648036424' under 'RENAVAM': that label's value; and
            # 'PROPOSTA 11053151' under 'APÓLICE': the next box's label line, not a value
            below = None
        if right is not None and right.how == "far" and right.aligned and below is not None \
                and self._labels_column(lab, right.first.words[0]):
            # the far words stand in a column of boxes with labels of their own ('Corretor',
            # 'Apólice Nº' at the same left edge): another box's value, on the label's line
            return out + [below]
        if right is not None and right.how == "far" and right.aligned:
            if below is not None and _label_print(lab, right, below) and not self._label_line(below.first):
                return out + [below]  # 'CONTRATANTE   ORIGEM/DESTINO' over their values: two labels
            block = self._block(lab, right, below) if below is not None else None
            if block is None and below is not None and self._table_row_above(lab, right):
                block = "table"  # a heading under the label ends the table's block, not its row
            if block == "grid":
                assert below is not None  # a block is judged only over a line below
                return out + [below]  # 'SEGURADORA   SAC' over 'GUARDIÃ ...   0800 ...': two boxes
            if below is not None and block != "table" and (_value_print(lab, right, below) or _off_line(lab, right)):
                # a small label over its value, another column's line beside it (what is under a
                # key-value table's label is the next label, printed as labels are; where the rows
                # are spaced as a table's, OCR's letter heights tell nothing against it)
                return out + [below]
            if block != "unsure":
                below = None
            # unsure: both stay, and two values leave the field unsure
        if below is not None:
            out.append(below)
        if right is not None and right.how == "far":
            out.append(right)
        return out

    def _labelled_row(self, lab: LabelAt, w) -> bool:
        """Whether the line under the label opens with another field's label standing there with
        a value beside it ('MUNICÍPIO SETE LAGOAS MG' under 'NOME / RAZÃO SOCIAL', whose value is
        far right): the next row of a key-value list. Not a name opening with a label's word and
        a particle ('MUNICÍPIO DE LAJEADO')."""
        other = self.labels.starting(w)
        if other is None or not other.fields or set(other.fields) & set(lab.fields) or other.row2 is not None:
            return False
        row = self.layout.rows[other.page][other.row]
        nxt = next((k for k in row.keys[other.end:] if k), None)
        if nxt is None or nxt in shapes.CUT_AFTER:
            return False
        return self.cells.stands(other) and self.cells.right(other) is not None

    def _label_line(self, span: Span) -> bool:
        """Whether every word of the line is a label's ('Proposta |' under 'Nº da Apólice   APL...'):
        the next row of a key-value table, no row of values under a row of labels."""
        words = [w for w in span.words if key(w.text)]
        return bool(words) and all(self.labels.holding(w) is not None for w in words)

    def _opens_label(self, w) -> bool:
        """Whether the word opens a label of the vocabulary standing as one there (several
        words, a ':' or set apart: 'PROPOSTA   11053151'), not a value opening with a label's
        word ('EMPRESA DE ÔNIBUS ...', 'MUNICÍPIO DE LAJEADO')."""
        other = self.labels.starting(w)
        if other is None:
            return False
        row = self.layout.rows[other.page][other.row]
        i = other.start
        gap = w.bbox[0] - row.words[i - 1].bbox[2] if i > 0 else 1.0
        nxt = row.words[other.end] if other.end < len(row.words) else None
        numbered = nxt is not None and sum(c.isdigit() for c in nxt.text) >= 3  # 'PROPOSTA 11053151'
        return (self.cells.label_at(row, i, gap) is not None or numbered) and self.cells.stands(other)

    def _another_labels_value(self, lab: LabelAt, w) -> bool:
        """Whether the word follows another label standing on its row within the same run of
        words: that label's own value, not the value of a label above it."""
        row = next((r for r in self.layout.rows[lab.page] if any(u is w for u in r.words)), None)
        if row is None:
            return False
        i = next(k for k, u in enumerate(row.words) if u is w)
        if i == 0:
            return False
        before = [o for o in self.labels.in_row(lab.page, row.index)
                  if o is not lab and o.row == row.index and o.end == i]
        return any(self.cells.stands(o) and w.bbox[0] - o.words[-1].bbox[2] < run_gap(row) for o in before)

    def _labels_column(self, lab: LabelAt, w) -> bool:
        """Whether the word's left edge is shared by two labels or more heading boxes of their own
        on other rows of the page (alone on their row's stretch, no ':'): a column of labelled
        boxes, not a key-value table's value column (where a 'CNPJ: ...' may stand inline)."""
        rows = self.layout.rows[lab.page]
        tol = 0.6 * rows[lab.row].height
        n = 0
        for (page, ri), labs in self.labels.by_row.items():
            if page != lab.page or ri == lab.row:
                continue
            if any(o.row == ri and abs(o.bbox[0] - w.bbox[0]) <= tol and not o.words[-1].text.rstrip().endswith(":")
                   and self.cells.stands(o) and self.cells.alone(o) for o in labs):
                n += 1
                if n >= 2:
                    return True
        return False

    def _labels_there(self, lab: LabelAt, w) -> bool:
        """Whether the far word opens a label standing as one ('ASSENTOS   UTILIZAÇÃO'), not a
        value that opens with a label's word ('MUNICÍPIO DE PELOTAS')."""
        if self.labels.starting(w) is None:
            return False
        row = self.layout.rows[lab.page][lab.row]
        i = next((k for k, u in enumerate(row.words) if u is w), None)
        if i is None:
            return True
        return self.cells.label_at(row, i, w.bbox[0] - row.words[i - 1].bbox[2] if i else 1.0) is not None

    def _table_row_above(self, lab: LabelAt, right: Region) -> bool:
        """Whether the row right above the label is a key-value table's row of the same two
        columns: a word where the label starts and one where its far value starts, set as close
        as a table's rows are."""
        if lab.row == 0:
            return False
        rows = self.layout.rows[lab.page]
        row, prev = rows[lab.row], rows[lab.row - 1]
        tol = 0.6 * row.height
        if row.y0 - prev.y1 > 1.5 * row.height:
            return False
        f = right.first.words[0]
        return any(abs(w.bbox[0] - lab.bbox[0]) <= tol and key(w.text) for w in prev.words) and \
            any(abs(w.bbox[0] - f.bbox[0]) <= tol and key(w.text) for w in prev.words)

    def _block(self, lab: LabelAt, right: Region, below: Region) -> str | None:
        """How the label, the words far right of it and the two lines under them are laid out,
        when the line under the label also prints a word where the far words start: 'grid' (two
        boxes, labels over values: each box's label closer to its value than to the next box),
        'table' (a key-value table's rows, evenly spaced, its value column going on below), or
        'unsure'. None when it is no such block."""
        f = right.first.words[0]
        v = below.first.words[0]
        rows = self.layout.rows[lab.page]
        r1 = next((r for r in rows if any(w is v for w in r.words)), None)
        if r1 is None:
            return None
        tol = 0.6 * r1.height

        def at(row, x: float) -> bool:
            return any(abs(w.bbox[0] - x) <= tol for w in row.words)

        if not any(abs(w.bbox[0] - f.bbox[0]) <= tol for w in r1.words if w.bbox[0] > v.bbox[0]):
            return None
        top = rows[lab.last_row]
        first = rows[lab.row]
        near = 3.0 * r1.height  # rows further apart belong to no one block
        prev = rows[lab.row - 1] if lab.row > 0 and first.y0 - rows[lab.row - 1].y1 < near else None
        nxt = rows[r1.index + 1] if r1.index + 1 < len(rows) and rows[r1.index + 1].y0 - r1.y1 < near else None
        g0 = first.y0 - prev.y1 if prev is not None else None
        g1 = r1.y0 - top.y1
        g2 = nxt.y0 - r1.y1 if nxt is not None else None

        def even(a: float, b: float) -> bool:
            return abs(a - b) <= max(0.2 * max(a, b), 0.1 * r1.height)

        if g2 is not None and g1 < 0.6 * g2 and (g0 is None or g1 < 0.6 * g0):
            return "grid"
        if g2 is not None and even(g1, g2) and at(nxt, f.bbox[0]) or \
                g0 is not None and even(g0, g1) and prev is not None and at(prev, f.bbox[0]):
            return "table"
        return "unsure"

    def candidates(self, name: str, parse: Parse | None = None, *, lines: int | None = None,
                   labels: Sequence[LabelAt] | None = None, pages: Sequence[int] | None = None) -> list[Candidate]:
        parse = parse or self.parser(name)
        lines = lines or self.lines_for(name)
        out: list[Candidate] = []
        if labels is None:
            labels = self.labels.of(name) + self.section_labels(name)
        for lab in labels:
            if pages is not None and lab.page not in pages:
                continue
            if not self.cells.stands(lab):
                continue
            found: list[Candidate] = []
            for region in self.regions(lab, lines, fill=self.fills(name)):
                f = parse(region.span)
                if f.value is None:
                    continue
                c = f.confidence  # (the span's confidence already weighs the label's match)
                if region.how == "far" and not region.aligned:
                    c *= FAR_UNALIGNED
                if region.open_end:
                    c = min(c, OPEN_END)
                found.append(Candidate(f, region, round(c, 4)))
                if region.how == "colon" or region.how == "adjacent" and c > shapes.OUTSIDE_VOCABULARY:
                    break  # 'Label: value' says where its value is; a word of no shape beside a
                    # label ('ESPÉCE | TPO', its own label's rest misread) leaves the cell below to it
            out += found
        # a 'label' inside another label's value is part of that value ('TRANSPORTES PLACA LTDA');
        # one that opens another's value ('SEGURADO EXPRESSO ...' under a heading 'SEGURADO', but
        # also 'SEGURADORA CRUZEIRO S.A.' under 'EMITENTE') may be either: both stay, and their
        # two values leave the field unsure
        inside = {id(w) for c in out for w in c.region.span.words[1:]}
        return [c for c in out if not any(id(w) in inside for w in c.region.label.words)]

    # ------------------------------------------------------------------ sections

    def sections(self, name: str) -> list[tuple[int, tuple[float, float, float, float]]]:
        """Where the section is printed: (page, box) from below its heading to the next
        heading of the document, across the heading's column."""
        sec = self.vocab.sections.get(name)
        if sec is None:
            return []
        if name in self._sections:
            return self._sections[name]
        all_heads = {key(h) for s in self.vocab.sections.values() for h in s.headings + s.numbered}
        out = []
        for lab in self._headings(sec):
            rows = self.layout.rows[lab.page]
            x0 = max(0.0, lab.bbox[0] - 0.03)
            row = rows[lab.row]
            x1 = 1.0
            for other in self.labels.in_row(lab.page, lab.row):
                if other.key in all_heads and other.start > lab.start and other.row == lab.row:
                    x1 = other.bbox[0] - 0.01
                    break
            y1 = 1.0
            for nxt in rows[lab.last_row + 1:]:
                if self._heading_row(nxt, x0, x1, all_heads):
                    y1 = nxt.y0 - 0.001
                    break
            out.append((lab.page, (x0, row.y0 - 0.001, x1, y1)))
        self._sections[name] = out
        return out

    def _headings(self, sec) -> list[LabelAt]:
        """Where the section's heading is printed as one: opening its row (numbered, for a
        heading that is also a caption)."""
        heads = {key(h) for h in sec.headings}
        numbered = {key(h) for h in sec.numbered}
        return [lab for lab in self.labels.spelled(*sec.headings, *sec.numbered)
                if lab.key in heads | numbered and self._heads_row(lab)
                and (lab.key not in numbered or self._numbered(lab))]

    def _heads_row(self, lab: LabelAt) -> bool:
        """A heading opens its row (after a numbering such as '1.' at most)."""
        row = self.layout.rows[lab.page][lab.row]
        before = [w for w in row.words[:lab.start] if key(w.text)]
        return not before or (len(before) == 1 and item_number(before[0].text))

    def _numbered(self, lab: LabelAt) -> bool:
        row = self.layout.rows[lab.page][lab.row]
        before = [w for w in row.words[:lab.start] if key(w.text)]
        return len(before) == 1 and item_number(before[0].text)

    def _heading_row(self, row, x0: float, x1: float, heads: set[str]) -> bool:
        ws = [w for w in row.words if x0 <= (w.bbox[0] + w.bbox[2]) / 2 <= x1]
        if not ws:
            return False
        i = row.words.index(ws[0])
        if (at := self.cells.label_at(row, i, 1.0)) is not None and at.key == "":
            return True  # '4. COBERTURAS'
        for w in ws[:2]:
            lab = self.labels.starting(w)
            if lab is not None and lab.key in heads and lab.row == row.index and self._heads_row(lab):
                return True
        return False

    def section_labels(self, name: str) -> list[LabelAt]:
        """The generic labels ('Nome', 'CNPJ') that name this field inside its sections."""
        out = []
        for sec in self.vocab.sections.values():
            if sec.lead == name:
                # '1. CONTRATANTE' over 'ASSOCIAÇÃO X - CNPJ ...': the heading labels its first line;
                # '1. CONTRATANTE   PONTE ALTA S.A.': a summary table's row, its cell beside it
                out += [lab for lab in self._headings(sec)
                        if self.cells.alone(lab) or self.cells.right(lab) is not None]
            spellings = sec.fields.get(name)
            if not spellings:
                continue
            ks = {key(s) for s in spellings}
            spec = self.vocab.fields.get(name)
            for page, (x0, y0, x1, y1) in self.sections(sec.name):
                for lab in self.labels.spelled(*spellings):
                    cx, cy = (lab.bbox[0] + lab.bbox[2]) / 2, (lab.bbox[1] + lab.bbox[3]) / 2
                    if lab.key in ks and lab.page == page and x0 <= cx <= x1 and y0 <= cy <= y1 and \
                            not (spec is not None and spec.never_in(key(" ".join(w.text for w in lab.words)))):
                        # (a generic label qualified by words the field's labels never hold: 'CPF
                        # do Representante' in the contractor's section is another person's)
                        out.append(lab)
        return out

    def declined(self, name: str, parse: Parse | None = None, value=None) -> bool:
        """Whether a label of the field stands on the page over a cell that holds words, none of
        them a value of the field's shape nor the given value ('SEGURADO(A)   0800 887 6972')."""
        parse = parse or self.parser(name)
        lines = self.lines_for(name)
        want = key(str(value)) if value is not None else None
        for lab in self.labels.of(name) + self.section_labels(name):
            if not self.cells.stands(lab):
                continue
            regions = self.regions(lab, lines, fill=self.fills(name))
            if regions and all(parse(r.span).value is None and not (want and want in key(r.span.text))
                               for r in regions):
                return True
        return False

    def field_or(self, name: str, *fallbacks: Field | None, parse: Parse | None = None) -> Field:
        """The field from its label's cell, else the first fallback that has a value (another
        reader's: a table, the prose, a signature); unsure where the field's own label stands
        over a cell that holds something else: the two readers disagree."""
        f = self.field(name, parse)
        if f.value is not None:
            return f
        other = next((g for g in fallbacks if g is not None and g.value is not None), None)
        if other is None:
            return f
        if other.confidence > DISAGREE and (self.declined(name, parse, other.value)
                                            or self._holds_own_label(name, other.value)):
            return other.model_copy(update={"confidence": DISAGREE})
        return other

    def _holds_own_label(self, name: str, value) -> bool:
        """Whether a value holds a label of its own field of two words or more ('USO TRANSPORTE
        COLETIVO COMPANHIA SEGURADORA HORIZONTE ...'): a label is never a value."""
        spec = self.vocab.fields.get(name)
        if spec is None or not isinstance(value, str):
            return False
        v = f" {key(value)} "
        return any(len(k.split()) > 1 and f" {k} " in v for k in (key(lab) for lab in spec.labels))

    def field(self, name: str, parse: Parse | None = None, **kw) -> Field:
        """The field's value from the best place its label points to; null when none holds a
        value of its shape. A label that names the field's meaning ('Data de emissão') decides
        against one that names only its kind ('Data': the page's print date, say)."""
        cands = self.candidates(name, parse, **kw)
        spec = self.vocab.fields.get(name)
        if spec is not None and spec.generic:
            kinds = {key(g) for g in spec.generic}
            cands = [c for c in cands if c.region.label.key not in kinds] or cands
        return self.choose(cands)

    def by_shape(self, name: str, parse: Parse | None = None, pick: Callable[[list[Field]], Field] | None = None) -> Field:
        """Where no label of the field could be read (a photo's small print lost): the one value
        of its shape printed outside every other label's cell ('93PB58L0NEC343427' when 'CHASSI'
        reads 'crass'), for review; none where a label stands, or two values of the shape do
        (unless `pick` chooses among them by what the document is: a CNH's latest date is its
        validade)."""
        if any(self.cells.stands(lab) for lab in self.labels.of(name)):
            return Field()
        parse = parse or self.parser(name)
        owned: set[int] = set()
        for labs in self.labels.by_row.values():
            for lab in labs:
                if name in lab.fields:
                    continue
                for region in self.regions(lab, 1):
                    owned.update(id(w) for w in region.span.words)
        found: dict[str, Field] = {}
        every: list[Field] = []
        for page in self.layout.pages:
            for row in self.layout.rows[page.number]:
                for i, w in enumerate(row.words):
                    if self.labels.is_label_word(w) or _in_prose(row.words, i):
                        continue
                    f = parse(Span(page.number, (w,)))
                    if f.value is None:
                        continue
                    every.append(f)
                    if id(w) not in owned:
                        found.setdefault(str(f.value), f)
        if pick is not None and found:
            f = pick(list(found.values()))
            if pick(every).value != f.value:
                return Field()  # the one it would pick is in another label's cell
        elif len(found) == 1:
            f = next(iter(found.values()))
        else:
            return Field()
        return f.model_copy(update={"confidence": round(min(f.confidence, SHAPE_ONLY), 4)})

    def period(self, name: str) -> tuple[Field, Field] | None:
        """Two dates in the cell of a term's label ('VIGÊNCIA: 10/03/2026 a 10/03/2027'), each
        as sure as the place it was read from."""
        for c in self.candidates(name, lambda sp: shapes.period(sp, self.ocr)[0], lines=2):
            a, b = shapes.period(c.region.span, self.ocr)
            if a.value is not None:
                k = c.confidence / max(c.field.confidence, 1e-9)
                return (a.model_copy(update={"confidence": round(a.confidence * k, 4)}),
                        b.model_copy(update={"confidence": round(b.confidence * k, 4)}))
        return None

    @staticmethod
    def choose(cands: list[Candidate]) -> Field:
        if not cands:
            return Field()
        cands = sorted(cands, key=lambda c: (-c.confidence, _ORDER[c.region.how], c.region.label.page,
                                             c.region.label.row))
        best = cands[0]
        conf = best.confidence
        rivals = [c for c in cands[1:] if not _same(c.value, best.value) and c.confidence >= CONFIDENT]
        if rivals:
            conf = min(conf, AMBIGUOUS)
        return best.field.model_copy(update={"confidence": round(max(0.0, min(1.0, conf)), 4)})
