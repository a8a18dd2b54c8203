"""What the parsers share: a document's Reader, its label lookups that try several spellings and
layouts over the reading toolkit (intake/reading: typed values in values.py, identifiers in
identifiers.py, prose in flow.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain.documents import Field
from intake import normalize as nz
from intake.page.layout import Hit, Layout, Span
from intake.reading.extract import Extractor
from intake.reading.flow import Flow
from intake.reading.labels import in_sentence
from intake.reading.values import field, span_of
from intake.reading.vocabulary import vocabulary
from ocr.model import Extraction, Word

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

    def spellings(self, name: str, *, headings: bool = True) -> list[str]:
        """The field's label spellings for the layout lookups, most telling first, as the
        vocabulary of the document's type lists them (intake/doctypes/<type>.yaml: its `labels`
        but its `cell_only`, then its `value_words`); none without a type or such a field.

        headings=False: without the spellings that also head a block of the document ('SEGURADO'
        over the insured's rows): the cell of a block's title is the block, not the value."""
        spec = vocabulary(self.doc_type).fields.get(name) if self.doc_type else None
        if spec is None:
            return []
        cell_only = {nz.key(lab) for lab in spec.cell_only}
        labels = [lab for lab in spec.labels + spec.value_words if nz.key(lab) not in cell_only]
        if headings:
            return labels
        heads = {nz.key(h) for s in vocabulary(self.doc_type).sections.values() for h in s.headings + s.numbered}
        return [lab for lab in labels if nz.key(lab) not in heads]

    def section_spellings(self, section: str, name: str) -> list[str]:
        """The generic labels ('Nome', 'CNPJ') that name the field inside a block of the
        document, as the vocabulary's `sections` list them."""
        sec = vocabulary(self.doc_type).sections.get(section) if self.doc_type else None
        return list(sec.fields.get(name, ())) if sec is not None else []

    def grab_field(self, name: str, parse, *, headings: bool = True, **kw) -> Field:
        """grab() over the field's spellings in the vocabulary (spellings()): the value right of
        or below the first label printed that parses, where its label's cell (field()) held none."""
        return self.grab(self.spellings(name, headings=headings), parse, **kw)

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
            self._flow = Flow.of_layout(self.layout)
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
