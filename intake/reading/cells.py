"""A label's cell: where its value is printed, by geometry alone.

Two places are looked at for every label, the same way on a text layer and on OCR boxes:
- to its right on its row ('Placa: ABC1D23', 'Placa ABC1D23', or 'Placa      ABC1D23' in a
  key-value table whose values start at one x), up to the next label, a ':' label or a gap;
- below it, within its column: from the label's left edge to the next word on the label's row
  (the next box's label), above the next label below (a grid box: the CRLV-e).
A region whose first words are a label of the document is empty: a label is never a value.
Values of free text may wrap: the lines below that stay in the value's column join it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from intake.page.layout import Layout, Span, first_cluster, span_overlap, LayoutRow, is_text
from intake.normalize import key
from intake.reading.lexicon import FUNCTION_WORDS
from intake.reading.vocabulary import label_words
from intake.reading.labels import RUN_GAP, LabelAt, LabelIndex, in_sentence, item_number, row_runs, run_gap
from ocr.model import Word

# a gap this many row heights wide ends a value on its row
STOP_GAP = 2.5
# a value further right than this many row heights is 'far' (a key-value table's column)
NEAR_GAP = 1.5
_PUNCT = re.compile(r"^[\s:;\-–—.=>|_]*$")
_LABEL_COLON = re.compile(r".{2,}:$")
_SUFFIX = re.compile(r"LTDA|S\.?A|S/A|EPP|EIRELI|ME")
NUMBER_GAP = 3.0  # an item's number this close (row heights) before its label opens the label's box
SPECK = 0.3  # an OCR word read less sure than this, beside a label, is a speck, no word of a line
_NUMBERING = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2})*|[IVX]{1,4})[.)]$")
_HEADING_WORD = re.compile(r"^[A-ZÀ-Ý]{3,}[,:]?$")


@dataclass(frozen=True)
class Region:
    """Words where a label's value may be printed."""

    how: str  # 'colon', 'adjacent', 'far' (right of the label) or 'below'
    lines: tuple[Span, ...]  # one Span per printed line
    label: LabelAt
    aligned: bool = False  # a far value whose column other rows share
    # a line under its last one, in its column, that may go on with it or be a value of its own
    # (a name's next word would have fitted, unless its box ends before the page's text does)
    open_end: bool = False

    @property
    def span(self) -> Span:
        s = self.lines[0]
        return Span(s.page, tuple(w for ln in self.lines for w in ln.words), self.label.score)

    @property
    def first(self) -> Span:
        return self.lines[0]


def _leader(w: Word) -> bool:
    """A dot leader after 'Label:' as OCR reads it ('....', 'o.', 'iii...'): dots, or a speck
    (no text, layout.is_text) or dots read with almost no confidence."""
    t = w.text.strip()
    return bool(re.fullmatch(r"[.·…_]{2,}", t)) or w.conf < 0.3 and (bool(re.search(r"\.\.|…", t)) or not is_text(w))


def _dot(w: Word, h: float) -> bool:
    """A box far smaller than a letter of its row (height h): a speck, however OCR named it
    ('À' read at 0.59 from a dot a tenth of a letter wide)."""
    return w.bbox[2] - w.bbox[0] < 0.3 * h and w.bbox[3] - w.bbox[1] < 0.5 * h


def _speck(w: Word) -> bool:
    """An OCR speck: two characters at most, read with under half a confidence."""
    return w.conf < 0.5 and len(w.text.strip()) <= 2


# a form's box number: '05 -' (a dash apart) or '5.', '5)', '05-' (marked)
_BOX_NUMBER = re.compile(r"\d{1,2}[.)\-–]")
_BOX_NUMBER_BARE = re.compile(r"\d{1,2}")


_LINK_WORDS = frozenset(("do", "da", "de", "dos", "das", "e", "em", "no", "na", "nos", "nas"))


def _label_words_start(out: list[Word], colon_word: Word) -> int | None:
    """Where, among the words before an unlisted 'Word Word:' label, that label begins: the run
    of words in small letters (and links: 'de', 'da') that ends at it ('... LTDA Tipo de
    combustível:' -> 'Tipo'), after a word that is no label's (in capitals, or with digits).
    None when the letters do not tell (all in capitals, or all in small letters)."""
    if not any(ch.islower() for ch in colon_word.text):
        return None
    j = len(out)
    while j > 0:
        t = out[j - 1].text.strip()
        if not (t.isalpha() or t.replace("-", "").isalpha()) or not (any(ch.islower() for ch in t) or key(t) in _LINK_WORDS):
            break
        j -= 1
    if j == 0:
        return None
    if j < len(out) and key(out[j].text) in _LINK_WORDS:
        return None  # a label does not open on 'de'
    return j


def _in_capitals(text: str) -> bool:
    letters = [ch for ch in text if ch.isalpha()]
    return bool(letters) and all(ch.isupper() for ch in letters)


def _has_small(text: str) -> bool:
    """A word with small letters in it ('Gravataí/RS'), not one in capitals ('RS', 'LTDA')."""
    return any(ch.islower() for ch in text)


def _is_colon_label(w: Word) -> bool:
    t = w.text.strip()
    return bool(_LABEL_COLON.fullmatch(t)) and not t[:-1].replace(".", "").replace("h", "").isdigit()


class Cells:
    """Regions around labels on one document."""

    def __init__(self, layout: Layout, labels: LabelIndex):
        self.layout = layout
        self.labels = labels
        self._margins: dict[int, float] = {}

    def _row(self, page: int, index: int) -> LayoutRow:
        return self.layout.rows[page][index]

    def label_at(self, row: LayoutRow, i: int, gap: float, colon: bool = True) -> LabelAt | None:
        """The label that starts at word i of the row, when it stands as a label there: a label
        of several words, one followed by ':', or one set apart by a gap. A label word inside a
        value ('TRANSPORTES PLACA LTDA') is no label."""
        w = row.words[i]
        if _NUMBERING.match(w.text) and i + 1 < len(row.words) and _HEADING_WORD.match(row.words[i + 1].text):
            return LabelAt(row.page, row.index, i, len(row.words), row.words[i:], "", (), 1.0)  # '4. COBERTURAS'
        boxed = self._numbered_box(row, i)
        if boxed is not None:
            return boxed
        lab = self.labels.starting(w)
        if lab is None or lab.row != row.index:
            if colon and _is_colon_label(w) and len(key(w.text)) >= 2:
                return LabelAt(row.page, row.index, i, i + 1, (w,), key(w.text), (), 0.9)
            return None
        if len(lab.key.split()) > 1:
            return lab  # a label of several words ('RAZÃO SOCIAL', 'Segurado(a)') is no value's word
        nxt = row.words[lab.end] if lab.end < len(row.words) else None
        if lab.words[-1].text.rstrip().endswith(":") or (nxt is not None and nxt.text.strip().startswith(":")):
            return lab
        if nxt is not None and nxt.text.strip() in ("-", "–", "—") and len(lab.words) > 1:
            return lab  # 'PROPRIETÁRIO ANTERIOR - ...': a label's qualifying words, then a dash as a ':'

        if nxt is None:
            # alone at the end of its row: a label when set apart ('... dos veículos' is prose)
            return lab if (i == 0 or gap >= RUN_GAP * row.height) else None
        if nxt.bbox[0] - lab.words[-1].bbox[2] >= RUN_GAP * row.height:
            return lab  # a label alone in its box
        return None

    def _numbered_box(self, row: LayoutRow, i: int) -> LabelAt | None:
        """A form's box number and its label ('05 - CNPJ OU CPF', '3) Placa'): the label, where
        the number opens a box whose label follows it. No value: a value beside a label is never
        a number marked so, and a box number opens a run of words ('Eixos: 2. Tipo:' holds a value)."""
        words = row.words
        if i > 0 and words[i].bbox[0] - words[i - 1].bbox[2] < RUN_GAP * row.height:
            return None
        j = i + 1
        if _BOX_NUMBER.fullmatch(words[i].text):
            if j < len(words) and words[j].text in ("-", "–", "—"):
                j += 1
        elif not (_BOX_NUMBER_BARE.fullmatch(words[i].text) and j + 1 < len(words) and words[j].text in ("-", "–", "—")):
            return None
        else:
            j += 1
        lab = self.labels.starting(words[j]) if j < len(words) else None
        return lab if lab is not None and lab.row == row.index else None

    def stands(self, lab: LabelAt) -> bool:
        """Whether a label is printed as a label: it opens its row or a run of words (after a
        numbering or a box edge at most), or a ':' follows it. 'ao Segurado, até os limites'
        is prose that names the insured, not the label of a value; nor is a word in
        parentheses ('Catalão/GO (origem)')."""
        row = self._row(lab.page, lab.row)
        if lab.words[0].text.startswith("(") and lab.words[-1].text.rstrip(",.;:").endswith(")"):
            return False
        if lab.first_words[-1].text.rstrip().endswith((",", ";")):
            return False  # 'do local de destino; Dias de operação': prose, whatever opens the row
        end = lab.words[-1].text.rstrip()
        if end.endswith(".") and end[:-1].isalpha() and end[:-1].islower() and len(end) > 4:
            return False  # '... nesta / apólice.': a sentence's end in small letters, no abbreviation
        last = lab.first_words[-1]
        nxt = row.words[lab.end] if lab.end < len(row.words) else None
        if in_sentence(row, lab.start, lab.end):
            return False  # '... não cobertos por esta apólice: X': the sentence's word, ':' or not
        if last.text.rstrip().endswith(":") or (nxt is not None and nxt.text.strip().startswith(":")):
            return True
        if self.caps_apart(lab):
            return True
        before = [w for w in row.words[:lab.start] if key(w.text) and w.conf >= SPECK]
        if lab.numbered_box:
            return True  # (a card's numbered box, '9 CAT. HAB.', is a label wherever it is read)
        if not before:
            return not self._sentence_goes_on(lab)
        prev = before[-1]
        dash = row.words[lab.start - 1] if lab.start > 0 else None
        if dash is not None and dash.text.strip() in ("-", "–", "—") and \
                not _NUMBERING.match(before[-1].text + ".") and not re.fullmatch(r"\d{1,2}|[IVXivx]{1,4}", before[-1].text) \
                and dash.bbox[0] - prev.bbox[2] < run_gap(row):
            # '1741 - CIDADE NOBRE', 'METROPLAN - TAXA': the words after a dash go on a value (not a
            # box's edge read as '—' far from the word before it: 'CÓDIGO SUSEP      — COMPANHIA')
            return False
        if lab.words[0].bbox[0] - prev.bbox[2] >= run_gap(row):
            return True
        if prev.text.rstrip().endswith("|") or _NUMBERING.match(prev.text):
            return True  # a box's edge, or a numbering ('2.1. ROTEIRO'); a word after 'Label:' is its value
        return len(before) == 1 and item_number(prev.text)

    def caps_apart(self, lab: LabelAt) -> bool:
        """A field's label printed in capitals between words that are not, on one line ('ORIGEM
        Gravataí/RS DESTINO São Leopoldo/RS'): it stands as a label, the words before it are the
        value of the label before it. (A line all in capitals tells nothing: 'GRAVATAÍ/RS DESTINO
        ...' may be a label or a name's word.)"""
        if not lab.fields or lab.row2 is not None or lab.start == 0:
            return False
        words = lab.first_words
        if not all(_in_capitals(w.text) for w in words) or sum(len(key(w.text)) for w in words) < 4:
            return False
        row = self._row(lab.page, lab.row)
        before = [w for w in row.words[:lab.start] if key(w.text)]
        after = [w for w in row.words[lab.end:] if key(w.text)]
        return bool(before) and bool(after) and _has_small(before[-1].text) and _has_small(after[0].text)

    def _sentence_goes_on(self, lab: LabelAt) -> bool:
        """Whether the label's row carries on a sentence from the line above: a line of prose
        that ends on a word no sentence ends on ('... constantes da Grade de' / 'Itinerário
        anexa.'): the label's word is the sentence's, not a label."""
        if lab.row == 0:
            return False
        rows = self.layout.rows[lab.page]
        row, prev = rows[lab.row], rows[lab.row - 1]
        if len(prev.words) < 5 or row.y0 - prev.y1 > row.height:
            return False
        return prev.words[-1].text in FUNCTION_WORDS and abs(prev.words[0].bbox[0] - lab.words[0].bbox[0]) < 2 * row.height

    def alone(self, lab: LabelAt) -> bool:
        """Whether a label stands alone in its box, as a grid label over its value does: no
        word beside it on its row but at a column's distance (or another label). A label inside
        a line of prose ('ida: saída às 07h45') heads no box below it."""
        row = self._row(lab.page, lab.row)
        h = row.height
        before = [w for w in row.words[:lab.start] if key(w.text) and w.conf >= SPECK]
        if before and lab.words[0].bbox[0] - before[-1].bbox[2] < run_gap(row) \
                and not _NUMBERING.match(before[-1].text) and not lab.numbered_box:
            return False
        k = lab.end
        while k < len(row.words) and _PUNCT.match(row.words[k].text):
            k += 1
        if k >= len(row.words):
            return True
        gap = row.words[k].bbox[0] - lab.first_words[-1].bbox[2]
        if self.label_at(row, k, gap) is not None:
            return True
        if row.words[k].text[:1].islower() and gap < 4 * h:
            return False  # prose goes on after it, however wide a justified line's spaces
        return gap >= RUN_GAP * h

    # ------------------------------------------------------------------ right

    def right(self, lab: LabelAt, *, lines: int = 1, fill: bool = False) -> Region | None:
        row = self._row(lab.page, lab.row)
        words = row.words
        k = lab.end
        last = lab.first_words[-1]
        if lab.row2 is not None and k >= len(words):
            # 'Companhia' / 'Seguradora: X': a label wrapped onto the next line has its value there
            row = self._row(lab.page, lab.row2)
            words, k, last = row.words, lab.end2, lab.words[-1]
        colon = last.text.rstrip().endswith(":")
        if not colon:
            # 'Contratante (representante do grupo): X': a qualifier closes the label
            for m in range(k, min(k + 5, len(words))):
                if m > k and words[m].bbox[0] - words[m - 1].bbox[2] > NEAR_GAP * row.height:
                    break
                if words[m].text.rstrip().endswith(":"):
                    if words[k].text.startswith("("):
                        k, colon = m + 1, True
                    break
        if k + 1 < len(words) and words[k].text.strip() == "/" and self.labels.starting(words[k + 1]) is not None:
            return None  # 'Estipulante / Segurado': two labels of one box, no value beside them
        while k < len(words) and (_PUNCT.match(words[k].text) or colon and _leader(words[k])
                                  or colon and k + 1 < len(words) and _speck(words[k])):
            # (a speck OCR read between 'Label:' and its value, 'Social): j MUNICÍPIO ...', is
            # no value: the value is the text after it)
            colon = colon or ":" in words[k].text
            k += 1
        if k >= len(words):
            return None
        first = words[k]
        gap = first.bbox[0] - last.bbox[2]
        # far right, in the column other rows' values start at: a key-value table's value, where
        # a 'Word:' the vocabulary does not know ('ida: saída às 05h45') is the value's own text
        in_column = gap >= NEAR_GAP * row.height and self.layout._column_start(lab.page, first.bbox[0], exclude=row.index)
        # after 'OBSERVAÇÕES:', 'ALF: BANCO X' is the value; only a label of the document is not
        nxt_lab = self.label_at(row, k, gap, colon=not colon)
        if nxt_lab is not None and not (in_column and self.labels.starting(first) is None):
            return None  # the next box's label: nothing printed right of this one
        out = [first]
        unclear_label = False
        for m in range(k + 1, len(words)):
            w = words[m]
            g = w.bbox[0] - out[-1].bbox[2]
            if g > STOP_GAP * row.height:
                break
            unknown = _is_colon_label(w) and self.labels.starting(w) is None
            at = self.label_at(row, m, g, colon=not in_column)
            if at is not None and not (unknown and not in_column):
                if not in_column and at.words[-1].text.rstrip().endswith(":") and \
                        (cut := _label_words_start(out, w)) is not None and cut < len(out):
                    out = out[:cut]  # '... LTDA Tipo de' + 'COMBUSTÍVEL:': the label's own first words
                break
            other = self.labels.starting(w)
            if other is not None and other.row == row.index and other.fields and g >= run_gap(row):
                break  # 'PASSAGEIRO/MICRO-ÔNIBUS   CATEG. OFICIAL': another field's label, set apart, with its value
            if other is not None and other.row == row.index and self.caps_apart(other):
                break  # 'Gravataí/RS DESTINO São Leopoldo/RS': another field's label in capitals
            if _is_colon_label(w) and m > k and not in_column:
                # 'Label: value  Other label: value' ('... PRIMAVERA  ANO LETIVO: 2025', a label
                # nobody listed): the value ends where that label's words begin, told by their
                # letters ('VIAÇÃO SERRA LTDA Tipo de combustível:'), else at the widest gap before it
                cut = _label_words_start(out, w)
                if cut is None:
                    gaps = [out[j].bbox[0] - out[j - 1].bbox[2] if j < len(out) else w.bbox[0] - out[-1].bbox[2]
                            for j in range(1, len(out) + 1)]
                    cut = 1 + max(range(len(gaps)), key=lambda j: gaps[j])
                    widest = sorted(gaps)
                    # a gap no wider than the others cuts no surer than a guess
                    unclear_label = len(gaps) > 1 and widest[-1] < 1.5 * widest[-2]
                out = out[:cut]
                break
            out.append(w)
        cut = _spacing_end(out, row.height)
        # a gap only a little wider than the run's own ('FACULDADE DE TECNOLOGIA PONTE   ALTA.'
        # as scanned): the next box's label or the value's last word, who knows
        unclear_cut = cut < len(out) and out[cut].bbox[0] - out[cut - 1].bbox[2] < CLEAR_CUT * row.height
        out = out[:cut]
        if colon:
            how = "colon"
        elif gap < NEAR_GAP * row.height:
            how = "adjacent"
        else:
            how = "far"
            if self._under_label(row, first):
                return None  # another column's box: its label is right above ('Corretor' / 'MARQUES ...')
            if self._heads_column(lab, row, out):
                return None  # a table's header row: right of this header is the next one, the values below
        aligned = how != "adjacent" and self.layout._column_start(lab.page, first.bbox[0], exclude=row.index)
        spans = [Span(lab.page, tuple(out), lab.score)]
        open_end = unclear_cut or unclear_label
        if lines > 1 and how != "adjacent":
            after = [u.bbox[0] for u in words if u.bbox[0] > out[-1].bbox[2]]
            bound = min(after[0] if after else 1.0, self._margin(lab.page))
            hang = lab.words[0].bbox[0] if fill and how == "colon" and row.words[0] is lab.words[0] else None
            more, open_below = self._continued(lab, row, first.bbox[0], lines - 1, tuple(out), bound, fill, hang)
            open_end = open_end or open_below
            spans += more
        return Region(how, tuple(spans), lab, aligned, open_end)

    def _margin(self, page: int) -> float:
        if page not in self._margins:
            self._margins[page] = self._margin_of(self.layout, page)
        return self._margins[page]

    @staticmethod
    def _margin_of(layout: Layout, page: int) -> float:
        """The right edge of the page's text."""
        return max((w.bbox[2] for r in layout.rows[page] for w in r.words), default=1.0)

    @staticmethod
    def _would_fit(line: list[Word], nxt: Word, bound: float, h: float) -> bool:
        """Whether the next line's first word had room at the end of this line, with a margin
        for the box's padding. A company's legal suffix alone on the next line ('... E TURISMO'
        / 'LTDA') ends the name whatever the room: no name stops before its suffix."""
        if _SUFFIX.fullmatch(nxt.text.strip(" .,")) and not _SUFFIX.fullmatch(line[-1].text.strip(" .,")):
            return False
        return line[-1].bbox[2] + 0.5 * h + (nxt.bbox[2] - nxt.bbox[0]) < bound - 1.5 * h

    def _continued(self, lab: LabelAt, row: LayoutRow, vx: float, more: int,
                   first: tuple[Word, ...] = (), bound: float = 1.0, fill: bool = False,
                   hang: float | None = None) -> tuple[list[Span], bool]:
        """Lines of a value wrapped in its column below the label's row: words at the value's
        x, none in the label's column (but the label's own wrapped rest). With `hang` (the x of
        a 'Label:' opening its line), a full line may also go on under the label, as a paragraph
        wraps ('CONTRATANTE: SOCIEDADE ... BOA' / 'VIAGEM'). And whether the value may go on
        past them: a line in its column left out only because its first word would have fitted
        on the line before (the value's box may end before the page's text does)."""
        out: list[Span] = []
        rows = self.layout.rows[lab.page]
        last = row
        tol = 0.5 * row.height
        for nxt in rows[row.index + 1:]:
            gap = nxt.y0 - last.y1
            if len(out) >= more or gap > 0.8 * max(last.height, nxt.height) and not (
                    fill and gap <= 1.3 * max(last.height, nxt.height) and len(nxt.words) == 1
                    and _SUFFIX.fullmatch(nxt.words[0].text.strip(" .,"))):
                # (OCR boxes hug the letters, so a name's wrapped suffix 'LTDA' stands a little
                # further off than a text layer's line would)
                opens = fill and len(out) < more and gap <= 1.3 * max(last.height, nxt.height) and \
                    self._own_line(nxt, vx, tol)
                return out, opens  # (a line in capitals, its boxes hugging the letters, may be the next one)
            if hang is not None and abs(nxt.words[0].bbox[0] - hang) <= tol and \
                    self.label_at(nxt, 0, 1.0) is None and not self.labels.is_label_word(nxt.words[0]) and \
                    not any(_is_colon_label(w) or ":" in w.text for w in nxt.words[:5]):
                # (a line holding a 'Label:' of its own, 'ANO LETIVO: 2025', is the next item)
                vx = hang  # the paragraph's next line: the full line's test below still applies
            left = [w for w in nxt.words if w.bbox[0] < vx - tol and is_text(w)]  # (a rule's '|' is no label)
            if left and not (lab.row < nxt.index <= lab.last_row and all(w in lab.words for w in left)):
                break  # the next label, in the label column
            ws = [w for w in nxt.words if w.bbox[0] >= vx - tol]
            if not ws:
                break
            if abs(ws[0].bbox[0] - vx) > 2 * tol:
                break  # not the value's column
            i = nxt.words.index(ws[0])
            if self.label_at(nxt, i, 0.0) is not None:
                break
            ws = self._before_label(nxt, ws[:_run_end(ws, nxt.height)])  # '... Blumenau   FIM: 19/08'
            ws = ws[:_spacing_end(ws, nxt.height)]
            if not ws:
                break
            if fill:
                prev = out[-1].words if out else first
                if self._would_fit(list(prev), ws[0], bound, row.height):
                    return out, True
            out.append(Span(lab.page, tuple(ws), lab.score))
            last = nxt
        return out, False

    def _own_line(self, nxt: LayoutRow, vx: float, tol: float) -> bool:
        """A line that starts in a value's column (at vx), with nothing in the label column and
        no label of its own: the value's next line, or a value nobody labelled."""
        if any(w.bbox[0] < vx - tol and is_text(w) for w in nxt.words):
            return False
        ws = [w for w in nxt.words if w.bbox[0] >= vx - tol]
        return bool(ws) and abs(ws[0].bbox[0] - vx) <= 2 * tol and \
            self.label_at(nxt, nxt.words.index(ws[0]), 0.0) is None

    # ------------------------------------------------------------------ below

    def bounds(self, lab: LabelAt) -> tuple[float, float]:
        """The x-range of the box the label heads: from its left edge (not before the previous
        word on its band) to the next word on its band. The band is the label's row and the
        rows beside it: a grid's other column prints its labels a little higher or lower
        (two-line labels), and they still close this box."""
        rows = self.layout.rows[lab.page]
        row = rows[lab.row]
        h = row.height
        band = [w for w in row.words if key(w.text) and not any(w is x for x in lab.words)
                and not (len(w.text.strip()) <= 2 and (w.conf < 0.5 or _dot(w, h)))]  # (an OCR speck closes no box)
        # (the label's own height, not its row's: a row joined with another column's line set
        # higher reaches up to a heading above the box, which closes nothing)
        top = min(w.bbox[1] for w in lab.first_words) - 0.5 * h
        bottom = max(w.bbox[3] for w in lab.first_words) + 0.5 * h
        band += [w for r in rows[max(0, lab.row - 2):lab.row + 3] if r is not row
                 for w in r.words if self._beside(lab, w, top, bottom) and self._standing_label_word(w)]
        x0, x1 = lab.bbox[0], lab.first_words[-1].bbox[2]
        if lab.start > 0:
            k = lab.start - 1
            dash = row.words[k] if row.words[k].text in ("-", "–", "—") and k > 0 else None
            num = row.words[k - 1] if dash is not None else row.words[k]
            numbered = _NUMBERING.match(num.text) or _BOX_NUMBER.fullmatch(num.text) or \
                (dash is not None and _BOX_NUMBER_BARE.fullmatch(num.text))
            if numbered and x0 - num.bbox[2] < NUMBER_GAP * h + (dash.bbox[2] - dash.bbox[0] if dash else 0.0):
                # '1. CONTRATANTE' over 'BOA VIAGEM ...', '01 - NOME OU RAZÃO SOCIAL' over its box:
                # the box opens at its number (set apart by a tab's width at most: '3.   Contratada')
                x0 = num.bbox[0]
                band = [w for w in band if w is not num and w is not dash]
        left = x0 - 0.6 * h
        before = [w.bbox[2] for w in band if w.bbox[2] <= x0 + 0.1 * h]
        if before:
            left = max(left, max(before) + 0.1 * h)
        after = [w.bbox[0] for w in band if w.bbox[0] >= x1 - 0.1 * h]
        right = min(after) - 0.1 * h if after else 1.0
        return left, right

    def _beside(self, lab: LabelAt, w: Word, top: float, bottom: float) -> bool:
        """Whether w is printed within the label's band [top, bottom]: reaching into it; on a page
        read askew, with its middle there once the tilt between the two is undone (a heading's
        line, dropping towards the label, only grazes it)."""
        tilt = self.layout.tilt.get(lab.page, 0.0)
        if not tilt:
            return w.bbox[1] < bottom and w.bbox[3] > top
        dx = (w.bbox[0] + w.bbox[2]) / 2 - (lab.bbox[0] + lab.bbox[2]) / 2
        return top < (w.bbox[1] + w.bbox[3]) / 2 - tilt * dx < bottom

    def _heads_column(self, lab: LabelAt, row: LayoutRow, out: list[Word]) -> bool:
        """Whether the words far right of a label are the next header of a table's header row
        ('INSTITUIÇÃO      VEÍCULO (PLACA)' over 'INSTITUTO X      GRJ3B89'): label words only,
        no figure, and the line right under the row starts a word under the label and under them."""
        text = [key(w.text) for w in out]
        content = [k for k in text if k and k not in FUNCTION_WORDS]
        if not content or any(c.isdigit() for w in out for c in w.text):
            return False
        if not all(k in label_words() for k in content):
            # words no vocabulary knows: a header only on a row of three runs or more, none with a figure
            runs = row_runs(row)
            if len(runs) < 3 or any(c.isdigit() for r in runs for w in r for c in w.text):
                return False
        rows = self.layout.rows[row.page]
        if row.index + 1 >= len(rows) or rows[row.index + 1].y0 - row.y1 > 1.5 * row.height:
            return False
        below = rows[row.index + 1].words
        tol = 0.6 * row.height
        return any(abs(u.bbox[0] - lab.words[0].bbox[0]) <= tol for u in below) and \
            any(abs(u.bbox[0] - out[0].bbox[0]) <= tol and self.labels.starting(u) is None for u in below)

    def _under_label(self, row: LayoutRow, w: Word) -> bool:
        """Whether the nearest word above w, in w's column and a line away at most, is a label."""
        rows = self.layout.rows[row.page]
        for r in reversed(rows[max(0, row.index - 3):row.index]):
            if w.bbox[1] - r.y1 > 1.5 * row.height:
                return False
            over = [u for u in r.words if u.bbox[0] < w.bbox[2] and u.bbox[2] > w.bbox[0]]
            if over:
                for u in over:
                    lab = self.labels.starting(u)
                    if lab is not None and lab.row == r.index and abs(u.bbox[0] - w.bbox[0]) < 1.0 * row.height \
                            and self.stands(lab) and self.alone(lab):
                        return True  # a box's label alone over its value (not 'CNPJ: X' beside its own)
                return False
        return False

    def _before_label(self, row: LayoutRow, ws: list[Word]) -> list[Word]:
        """The line's words up to a label of the document printed inside it ('... - CNPJ: X'),
        without the dash before it."""
        for j in range(1, len(ws)):
            lab = self.labels.starting(ws[j])
            if lab is None or lab.row != row.index:
                continue
            i = row.words.index(ws[j])
            if self.label_at(row, i, ws[j].bbox[0] - ws[j - 1].bbox[2]) is not None and self.stands_inline(lab):
                out = ws[:j]
                while out and out[-1].text.strip() in ("-", "–", "—", "|", ","):
                    out = out[:-1]
                return out
        return ws

    def stands_inline(self, lab: LabelAt) -> bool:
        """A label inside a line that names a value of its own: followed by ':' or set apart."""
        row = self._row(lab.page, lab.row)
        last = lab.first_words[-1]
        nxt = row.words[lab.end] if lab.end < len(row.words) else None
        if last.text.rstrip().endswith(":") or (nxt is not None and nxt.text.strip().startswith(":")):
            return True
        before = row.words[lab.start - 1] if lab.start > 0 else None
        return before is not None and before.text.strip() in ("-", "–", "—", "|")

    def _standing_label_word(self, w: Word) -> bool:
        """A word of a label printed as one (not 'Cidade' inside 'Rua X, Cidade Alta')."""
        if not self.labels.is_label_word(w):
            return False
        lab = self.labels.starting(w)
        return lab is None or self.stands(lab)  # (a wrapped label's later word: its head stood)

    def _run_start(self, row: LayoutRow, lab: LabelAt) -> float | None:
        """Where the run of words the label ends starts, when words run on into it from the left
        ('SOCIEDADE ... - CNPJ:'); None when the label opens its run."""
        i = lab.start
        gap = run_gap(row)
        while i > 0 and row.words[i].bbox[0] - row.words[i - 1].bbox[2] < gap:
            i -= 1
        return row.words[i].bbox[0] if i < lab.start else None

    def _value_under(self, rows: list[LayoutRow], index: int, lab: LabelAt, y_max: float) -> bool:
        """Whether the row at `index`, no lower than y_max, prints a word that is no label where
        the label starts."""
        if index >= len(rows) or rows[index].y0 > y_max:
            return False
        tol = 0.6 * rows[lab.row].height
        return any(abs(w.bbox[0] - lab.bbox[0]) <= tol and key(w.text) and not self.labels.is_label_word(w)
                   for w in rows[index].words)

    def _values_row(self, lab: LabelAt, row: LayoutRow) -> bool:
        """Whether the row prints the values of the label's row of boxes: words starting under
        this label and under another label standing alone on its row, each at the same indent
        from its label's edge (a form's row of values under its row of labels, however tall
        the boxes are)."""
        top = self.layout.rows[lab.page][lab.row]
        h = top.height
        own = _indent(row, lab, h)
        if own is None:
            return False
        for other in self.labels.in_row(lab.page, lab.row):
            if other.row != lab.row or other.start == lab.start or not (self.stands(other) and self.alone(other)):
                continue
            d = _indent(row, other, h)
            if d is not None and abs(d - own) <= 0.3 * h:
                return True
        return False

    def below(self, lab: LabelAt, *, lines: int = 1, max_dy: float | None = None,
              fill: bool = False) -> Region | None:
        """The box under the label. With `fill`, a value goes on onto a next line only where
        that line's first word would not have fitted on the line before (a name wraps where its
        line is full; 'GUARDIÃ SEGURADORA S.A.' over 'SAC' is two things)."""
        left, right = self.bounds(lab)
        rows = self.layout.rows[lab.page]
        top_row = rows[lab.last_row]
        h = top_row.height
        max_dy = max_dy if max_dy is not None else min(0.05, 3.0 * h)
        last_y1 = top_row.y1
        first_gap = 0.0  # between the label and the value's first line
        run_x0 = self._run_start(top_row, lab) if lab.row == lab.last_row else None
        picked: list[list[Word]] = []
        tails: list[list[Word]] = []  # what each picked line ended on besides words ('-')
        for row in rows[lab.last_row + 1:]:
            if picked and row.y0 - last_y1 > 0.8 * max(h, row.height):
                break
            if not picked and row.y0 - last_y1 > max_dy and not (
                    row.y0 - last_y1 <= GRID_REACH * h and self._values_row(lab, row)):
                break  # (a tall box prints its value low in it: the row of values under its row of labels)
            ws = [w for w in row.words if span_overlap(w.bbox, left, right) >= 0.5]
            ws = first_cluster(ws, row.height, lab.bbox[0])  # (a dash inside 'LTDA - EPP' bridges)
            lead_x = ws[0].bbox[0] if ws else 0.0  # ('– Rua das Palmeiras': a line may open on a dash)
            lead: list[Word] = []
            while ws and not key(ws[0].text):
                lead.append(ws[0])
                ws = ws[1:]
            tail: list[Word] = []
            while ws and not key(ws[-1].text):
                tail.insert(0, ws[-1])
                ws = ws[:-1]
            if not ws:
                if not picked and run_x0 is not None and any(
                        is_text(w) and w.bbox[0] >= run_x0 - 0.6 * h and w.bbox[2] <= lab.bbox[0] for w in row.words):
                    break  # ('... ENCANTADO - CNPJ:' / '04.985.153/0001-96'): the label's own line wraps; no box under it
                continue
            if not picked and ws[0].bbox[0] > lab.first_words[-1].bbox[2] + 2.0 * h and \
                    self._value_under(rows, row.index + 1, lab, top_row.y1 + max_dy):
                continue  # another column's line set a little lower; the value is under the label
            i = row.words.index(ws[0])
            prev_gap = ws[0].bbox[0] - row.words[i - 1].bbox[2] if i > 0 else 1.0
            if i > 0 and prev_gap < RUN_GAP * row.height and key(row.words[i - 1].text) and \
                    not _under_own_label(row, i, top_row, lab):
                break  # the line runs on from the left: another box's text, not this one's
            if self.labels.is_label_word(ws[0]) and self.labels.starting(ws[0]) is None:
                break  # the rest of a label ('RAZÃO SOCIAL DO SEGURADO')
            if picked and ws[0] is row.words[0]:
                nxt_lab = self.labels.starting(ws[0])
                if nxt_lab is not None and nxt_lab.row == row.index and nxt_lab.fields:
                    break  # 'SEGURADO CAMPOS GERAIS ...' opens a line of its own: the next field's label
            # under a grid label (no ':'), 'ALF: BANCO ...' is the box's text, not a 'Label:'
            form = lab.first_words[-1].text.rstrip().endswith(":")
            if self.label_at(row, i, prev_gap, colon=form) is not None or \
                    (form and len(ws) == 1 and _is_colon_label(ws[0])):
                break  # the next box's label: the cell is empty, or ends here
            if len(ws) > 1 and _NUMBERING.match(ws[0].text) and self.labels.starting(ws[1]) is not None:
                break  # '2. CNPJ/CPF DO' / 'CONTRATANTE': the next box's numbered label
            ws = self._before_label(row, ws)  # 'ASSOCIAÇÃO X - CNPJ: ...': the value ends at a label
            if picked:
                h0 = _median_h(picked[0])
                if _median_h(ws) < 0.75 * h0:
                    break  # smaller print: a label
                # a value wrapped in its box goes on at its first line's left edge, as close as
                # its label stood above it; a line further off is the next box's label
                if min(abs(ws[0].bbox[0] - picked[0][0].bbox[0]), abs(lead_x - picked[0][0].bbox[0])) > 0.6 * h0 or \
                        row.y0 - last_y1 > max(1.3 * first_gap, 0.35 * h0):
                    break
                if fill and self._would_fit(picked[-1], ws[0], min(right, self._margin(lab.page)), h0):
                    break
            else:
                first_gap = max(0.0, row.y0 - top_row.y1)
            if picked:
                picked[-1] = picked[-1] + tails[-1]  # the dash a line ended or opened on joins it
                ws = lead + ws
            picked.append(ws)
            tails.append(tail)
            last_y1 = max(w.bbox[3] for w in ws)
            if len(picked) >= lines:
                break
        if not picked:
            return None
        return Region("below", tuple(Span(lab.page, tuple(ws), lab.score) for ws in picked), lab)


def _indent(row: LayoutRow, lab: LabelAt, h: float) -> float | None:
    """How far right of the label's left edge the row's first word under it starts (a box's
    value starts at its label's edge, or a little inside the box), or None."""
    for w in row.words:
        d = w.bbox[0] - lab.bbox[0]
        if key(w.text) and -0.6 * h <= d <= 1.0 * h:
            return d
    return None


def _under_own_label(row: LayoutRow, i: int, top_row: LayoutRow, lab: LabelAt) -> bool:
    """Whether the words just left of row.words[i] are the value of another label of the label's
    row (they start where it starts): two boxes' values close together, not one line running on
    ('14/06/2002 D' under '12 HABILITAÇÃO' and '9 CAT. HAB.')."""
    j = i - 1
    while j > 0 and row.words[j].bbox[0] - row.words[j - 1].bbox[2] < RUN_GAP * row.height:
        j -= 1
    own = {id(w) for w in lab.words}
    starts = [w.bbox[0] for w in top_row.words if id(w) not in own and key(w.text)]
    return any(abs(x - row.words[k].bbox[0]) <= 0.6 * top_row.height for k in range(j, i) for x in starts)


GRID_REACH = 6.0  # label heights: how low in a tall box its value may be printed, under a row of labels
CLEAR_CUT = 3.0  # in letter heights: a run of words cut at a gap this wide ends there, surely


def _spacing_end(ws: list[Word], height: float) -> int:
    """Where a run of words breaks off at a gap far wider than its own spacing ('... CAMINHOS DO
    SUL    ANO LETIVO 2024': the next box's label, set closer than a column's gap)."""
    if len(ws) < 4:
        return len(ws)
    gaps = [ws[i].bbox[0] - ws[i - 1].bbox[2] for i in range(1, len(ws))]
    typical = sorted(gaps)[len(gaps) // 2]
    for i, g in enumerate(gaps, start=1):
        if g > max(1.5 * height, 2.5 * typical):
            return i
    return len(ws)


def _median_h(ws: list[Word]) -> float:
    hs = sorted(w.bbox[3] - w.bbox[1] for w in ws)
    return hs[len(hs) // 2]


def _run_end(ws: list[Word], height: float) -> int:
    for i in range(1, len(ws)):
        if ws[i].bbox[0] - ws[i - 1].bbox[2] > STOP_GAP * height:
            return i
    return len(ws)
