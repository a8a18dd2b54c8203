"""Reading values by their position on the page, shared by the parsers.

Text extractors and OCR disagree on reading order (a CRLV-e row gives its labels first and
then its values, or interleaves two columns), so nothing here relies on "the next line of
text". Words are regrouped into visual rows by their boxes; a label is found fuzzily on
folded text; its value is taken from the box below it, to its right (`LABEL: value`), or
from the row below. Tables are cut into columns by the x-ranges of their header row.

A Span's confidence is the lowest word confidence of the words used, scaled by how sure
the label match was; its bbox is the union of the words, as fractions of the page.
"""

from __future__ import annotations

import re
import weakref
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from rapidfuzz.distance import Levenshtein

from intake.page import columns, rotated
from intake.normalize import fold, key
from ocr.model import BBox, Extraction, Page, Word, union_bbox

__all__ = ["Span", "Hit", "Row", "Layout", "match_factor"]


def match_factor(score: float) -> float:
    """How much a fuzzy label match lowers the confidence of the value read beside it."""
    return 1.0 - (1.0 - max(0.0, min(1.0, score))) / 3.0


@dataclass(frozen=True)
class Span:
    """Words taken together as one value."""

    page: int
    words: tuple[Word, ...]
    score: float = 1.0  # certainty of the label match that led here

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def bbox(self) -> BBox:
        return union_bbox(w.bbox for w in self.words)

    @property
    def conf(self) -> float:
        base = min((w.conf for w in self.words), default=0.0)
        return round(base * match_factor(self.score), 4)

    def __bool__(self) -> bool:
        return bool(self.words)

    def sub(self, words: Iterable[Word]) -> Span:
        return Span(self.page, tuple(words), self.score)

    def join(self, other: Span | None) -> Span:
        if not other:
            return self
        if other.page != self.page:
            return self
        return Span(self.page, self.words + other.words, min(self.score, other.score))


def is_text(w: Word) -> bool:
    """A word of text, not a table rule's '|' or an OCR speck (two characters at most, read
    with under half a confidence: 'O:' off a box's corner)."""
    k = key(w.text).replace(" ", "")
    return bool(k) and not (w.conf < 0.5 and len(k) <= 2)


@dataclass(frozen=True)
class LayoutRow:
    page: int
    index: int
    words: tuple[Word, ...]
    keys: tuple[str, ...]  # key() of each word

    @cached_property  # (a row's words never change: measured once)
    def y0(self) -> float:
        return min(w.bbox[1] for w in self.words)

    @cached_property
    def y1(self) -> float:
        return max(w.bbox[3] for w in self.words)

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @cached_property
    def height(self) -> float:
        hs = sorted(w.bbox[3] - w.bbox[1] for w in self.words)
        return hs[len(hs) // 2]


@dataclass(frozen=True)
class Hit:
    """A label found on a page: the words it covers and how well they matched (0..1)."""

    page: int
    row: int  # index of the visual row in the page
    start: int  # first and last+1 word index in the row
    end: int
    words: tuple[Word, ...]
    score: float

    @property
    def bbox(self) -> BBox:
        return union_bbox(w.bbox for w in self.words)


@dataclass
class Row:
    """A table row: column name -> the words of its cell (a Span), with the row's page."""

    page: int
    cells: dict[str, Span] = field(default_factory=dict)
    score: float = 1.0
    # marks left out of the cells (ruling lines, specks read as '|' or ','): evidence of a glyph
    # broken off a word beside them
    specks: tuple[Word, ...] = ()

    def text(self, col: str) -> str | None:
        s = self.cells.get(col)
        return s.text if s else None

    @property
    def words(self) -> tuple[Word, ...]:
        return tuple(w for s in self.cells.values() for w in s.words)

    @property
    def conf(self) -> float:
        return min((s.conf for s in self.cells.values()), default=0.0)

    @property
    def bbox(self) -> BBox:
        return union_bbox(w.bbox for w in self.words)


_SPLIT_AT = re.compile(r"^([^:]{2,}?:)(\S.*)$")
_LEADER = re.compile(r"^(.*?[^.\s]\.{3,})([^.\s].*)$")


_EDGES = "[]|{}"
BRACKET_DIGIT = 0.75


def _split_word(w: Word) -> list[Word]:
    """'Placa:ABC1234' -> 'Placa:' + 'ABC1234', boxes shared out by characters. Box edges
    that OCR reads into a word ('[NOME', 'RS|') are dropped."""
    text = w.text.strip(_EDGES) if len(w.text) > 1 else w.text
    if text != w.text:
        if not text:
            return [w]
        conf = w.conf
        if conf < 1.0 and (w.text[0] in "[]" and text[0].isdigit() or w.text[-1] in "[]" and text[-1].isdigit()):
            conf = min(conf, BRACKET_DIGIT)  # '[6/04/2026': a bracket glued to a digit may be a '1' misread
        w = Word(text=text, bbox=w.bbox, conf=conf)
    if ":" not in w.text and "..." not in w.text:
        return [w]  # (neither pattern can match: most words)
    m = _SPLIT_AT.match(w.text)
    if not m or m.group(1)[:-1].replace(".", "").isdigit():  # keep times such as 08:00
        # a label's leader dots run into what follows ('QUITACAO.........01/03' read as one
        # word): the label ends with its dots
        m = _LEADER.match(w.text)
        if not m:
            return [w]
    a, b = m.group(1), m.group(2)
    x0, y0, x1, y1 = w.bbox
    cut = x0 + (x1 - x0) * len(a) / len(w.text)
    return [Word(text=a, bbox=(x0, y0, cut, y1), conf=w.conf),
            Word(text=b, bbox=(cut, y0, x1, y1), conf=w.conf)]


TILTED = 0.01  # lines dropping more than this per page width: a photo held askew
Block = tuple[int, int] | None  # a line's piece in a column of prose: (its gutter, its side)


def _words_of(page: Page) -> list[list[Word]]:
    return [[p for w in line.words if w.text.strip() for p in _split_word(w)] for line in page.lines]


def _rows(page: Page) -> tuple[list[LayoutRow], float]:
    """Group a page's lines into visual rows (top to bottom, words left to right), with the
    page's tilt (0 unless an OCR'd page was read askew).

    The reader's lines are kept whole (OCR lines follow the skew of the text; splitting them
    by word position would scramble a slightly tilted line), but for one run over two printed
    lines (_unstack); lines side by side at the same height (a label and a far value, two
    columns) join one row.
    """
    units: list[tuple[float, float, float, list[Word], Block]] = []  # y0, y1, centre, words, column
    # text set across the rows (a caption rotated up a QR code's side) belongs to none of them
    lines, _ = rotated.set_apart(_words_of(page), page.width / page.height if page.width and page.height else 1.0)
    slope = 0.0
    if page.source == "ocr":
        slope = _tilt(lines)  # how far lines drop per page width where the page was read askew
        slope = slope if abs(slope) >= TILTED else 0.0
        lines = [part for ws in lines for part in _unstack(ws)]
    # prose set in columns is read column by column (a form's rows are left whole)
    gutters = columns.gutters([w for ws in lines for w in ws]) if not slope else []
    pieces = [piece for ws in lines for piece in columns.block_of(ws, gutters)]
    for block, words in pieces:
        if not words:
            continue
        # (an OCR'd line's height and middle from its words read as words: a leader's dots
        # read as 'SOCIAL...' have the dots' box, a sliver under the line)
        ref = [w for w in words if _real(w)] if page.source == "ocr" else []
        ref = ref or words
        hs = sorted(w.bbox[3] - w.bbox[1] for w in ref)
        h = max(hs[len(hs) // 2], 1e-4)
        # on a page held askew, lines are ranked by where they cross the page's middle
        cy = sorted(_cy(w) - slope * ((w.bbox[0] + w.bbox[2]) / 2 - 0.5) for w in ref)[len(ref) // 2]
        units.append((cy - h / 2, cy + h / 2, cy, words, block))
    units.sort(key=lambda u: u[2])
    groups: list[list[Word]] = []
    spans: list[list[float]] = []  # typical y0, y1 and centre of each group
    blocks: list[Block] = []
    for y0, y1, cy, words, block in units:
        h = y1 - y0
        placed = False
        for g, (gy0, gy1, gc), gb in zip(reversed(groups), reversed(spans), reversed(blocks)):
            if gy1 < y0 - 2 * h:
                break
            # same row when the centres lie within half the smaller height of each other
            if gb == block and abs(cy - gc) <= 0.5 * min(h, gy1 - gy0) + 1e-4:
                g.extend(words)
                placed = True
                break
        if not placed:
            groups.append(list(words))
            spans.append([y0, y1, cy])
            blocks.append(block)

    def reading_order(i: int) -> tuple[float, int, float]:
        # a column's rows come where its stretch starts, the left column's first
        b = blocks[i]
        return (gutters[b[0]].y0, b[1], spans[i][2]) if b is not None else (spans[i][2], 0, spans[i][2])

    rows = []
    order = sorted(range(len(groups)), key=reading_order)
    origin = {id(w): k for k, ws in enumerate(lines) for w in ws} if page.source == "ocr" else None
    for n, i in enumerate(order):
        ws = _distinct(sorted(groups[i], key=lambda w: w.bbox[0]), origin)
        rows.append(LayoutRow(page.number, n, ws, tuple(key(w.text) for w in ws)))
    return rows, slope


# A page's rows, kept while the page lives: classifying, splitting a file into documents and
# parsing each build a Layout over the same pages (pages are frozen, so the rows cannot go stale)
_PAGE_ROWS: dict[int, tuple[weakref.ref[Page], tuple[LayoutRow, ...], float]] = {}
_PAGE_ROWS_MAX = 512


def _page_rows(page: Page) -> tuple[tuple[LayoutRow, ...], float]:
    got = _PAGE_ROWS.get(id(page))
    if got is not None and got[0]() is page:
        return got[1], got[2]
    rows, tilt = _rows(page)
    if len(_PAGE_ROWS) >= _PAGE_ROWS_MAX:
        for k in [k for k, v in list(_PAGE_ROWS.items()) if v[0]() is None]:
            _PAGE_ROWS.pop(k, None)
        if len(_PAGE_ROWS) >= _PAGE_ROWS_MAX:
            _PAGE_ROWS.clear()
    _PAGE_ROWS[id(page)] = (weakref.ref(page), tuple(rows), tilt)
    return tuple(rows), tilt


def _unstack(words: list[Word]) -> list[list[Word]]:
    """An OCR line run over two printed lines (a warped photo's label row and the values under
    it, '4a DATA EMISSÃO  4b VALIDADE' over '03/04/2025  03/04/2035'): where words stand one
    right above another, the line is two, cut between the upper and the lower of each such
    pair; every other word goes with the side its centre is on. A tilted line never stacks."""
    if len(words) < 2:
        return [words]
    real = [w for w in words if _real(w)]
    if len(real) < 2:
        return [words]
    h = _median_h(real)
    ups, downs = [], []
    for i, a in enumerate(real):
        for b in real[i + 1:]:
            if not _over(a, b):
                continue
            hi, lo = (a, b) if a.bbox[1] + a.bbox[3] < b.bbox[1] + b.bbox[3] else (b, a)
            if hi.bbox[3] <= lo.bbox[1] + 0.2 * h:  # (a speck over both lines pairs with neither)
                ups.append(hi)
                downs.append(lo)
    if not ups:
        return [words]
    top, bottom = max(_cy(w) for w in ups), min(_cy(w) for w in downs)
    if top >= bottom:
        return [words]  # three lines, or a jumble: left whole
    cut = (top + bottom) / 2
    up = [w for w in words if _cy(w) < cut]
    down = [w for w in words if _cy(w) >= cut]
    return _unstack(up) + _unstack(down)


def _cy(w: Word) -> float:
    return (w.bbox[1] + w.bbox[3]) / 2


def _tilt(lines: list[list[Word]]) -> float:
    """How far a page's lines drop per unit of width (a photo held askew): the median over
    neighbouring words, set close, of every line."""
    slopes = []
    for ws in lines:
        real = sorted((w for w in ws if _real(w)), key=lambda w: w.bbox[0])
        for a, b in zip(real, real[1:]):
            if 0 < b.bbox[0] - a.bbox[2] < 2.5 * max(_h(a), _h(b)):
                slopes.append((_cy(b) - _cy(a)) / max(b.bbox[0] - a.bbox[0], 1e-6))
    slopes.sort()
    return slopes[len(slopes) // 2] if slopes else 0.0


def _h(w: Word) -> float:
    return w.bbox[3] - w.bbox[1]


def _real(w: Word) -> bool:
    """A word read as one: two letters or digits or more, not a speck."""
    return len(key(w.text).replace(" ", "")) >= 2 and w.conf >= 0.5


def _median_h(ws: list[Word]) -> float:
    hs = sorted(w.bbox[3] - w.bbox[1] for w in ws)
    return hs[len(hs) // 2]


def _over(a: Word, b: Word) -> bool:
    """One word over the other: most of the narrower one's width shared."""
    ix = min(a.bbox[2], b.bbox[2]) - max(a.bbox[0], b.bbox[0])
    return ix > 0.5 * min(a.bbox[2] - a.bbox[0], b.bbox[2] - b.bbox[0])


def _distinct(ws: list[Word], origin: dict[int, int] | None = None) -> tuple[Word, ...]:
    """A row's words less any word read twice in one place (two OCR passes over one line that
    both stayed): the same text, or one the other's start, over most of the same box; after
    OCR (`origin`: the line each word was read in), also a word inside a longer one's box read
    in another line."""
    kept: list[Word] = []
    for w in ws:
        if origin is not None and any(_within(w, k) and origin.get(id(k)) != origin.get(id(w)) for k in ws if k is not w):
            continue  # another pass' read of a part of a longer word ('ss' in 'CHASSI')
        twin = next((k for k in reversed(kept[-3:]) if _same_place(k, w)), None)
        if twin is None:
            kept.append(w)
        elif w.conf > twin.conf:
            kept[kept.index(twin)] = w
    return tuple(kept)


def _pieces(text: str, edits: int) -> tuple[str, ...]:
    """The label cut into edits + 1 runs: a text within that many edits of it holds one of them
    unchanged (each edit spoils at most one run), so a row holding none holds no match. Empty
    where a run would be shorter than two characters (too common to rule out a row)."""
    n = edits + 1
    if len(text) < 2 * n:
        return ()
    cuts = [round(i * len(text) / n) for i in range(n + 1)]
    return tuple(text[a:b] for a, b in zip(cuts, cuts[1:]))


def _within(a: Word, b: Word) -> bool:
    """Whether most of word a lies inside the box of a wider word b."""
    if b.bbox[2] - b.bbox[0] <= a.bbox[2] - a.bbox[0]:
        return False
    ix = min(a.bbox[2], b.bbox[2]) - max(a.bbox[0], b.bbox[0])
    iy = min(a.bbox[3], b.bbox[3]) - max(a.bbox[1], b.bbox[1])
    if ix <= 0 or iy <= 0:
        return False
    return ix * iy >= 0.8 * (a.bbox[2] - a.bbox[0]) * (a.bbox[3] - a.bbox[1])


def _same_place(a: Word, b: Word) -> bool:
    ix = min(a.bbox[2], b.bbox[2]) - max(a.bbox[0], b.bbox[0])
    iy = min(a.bbox[3], b.bbox[3]) - max(a.bbox[1], b.bbox[1])
    if ix <= 0 or iy <= 0:  # (the boxes first: most words lie apart, and key() costs)
        return False
    area = lambda w: (w.bbox[2] - w.bbox[0]) * (w.bbox[3] - w.bbox[1])  # noqa: E731
    if ix * iy < 0.6 * max(area(a), area(b)):
        return False
    ka, kb = key(a.text), key(b.text)
    return bool(ka and kb and (ka.startswith(kb) or kb.startswith(ka)))


class Layout:
    """Position-aware lookups over the pages of one document."""

    def __init__(self, ext: Extraction | Sequence[Page]):
        pages = ext.pages if isinstance(ext, Extraction) else tuple(ext)
        self.pages: tuple[Page, ...] = tuple(pages)
        self.rows: dict[int, list[LayoutRow]] = {}
        self.tilt: dict[int, float] = {}  # lines' drop per page width on an OCR'd page read askew, else 0
        for p in self.pages:
            rows, self.tilt[p.number] = _page_rows(p)
            self.rows[p.number] = list(rows)
        self.ocr = any(p.source == "ocr" for p in self.pages)

    # ------------------------------------------------------------------ text

    def page_text(self, page: int) -> str:
        return "\n".join(r.text for r in self.rows.get(page, []))

    @property
    def text(self) -> str:
        return "\n".join(self.page_text(p.number) for p in self.pages)

    def all_rows(self) -> list[LayoutRow]:
        return [r for p in self.pages for r in self.rows[p.number]]

    def row_span(self, row: LayoutRow, start: int = 0, end: int | None = None, score: float = 1.0) -> Span:
        return Span(row.page, row.words[start:end], score)

    # ------------------------------------------------------------------ labels

    def find(
        self,
        label: str,
        *,
        min_score: float | None = None,
        pages: Iterable[int] | None = None,
        isolated: bool = False,
        whole: bool = False,
        region: BBox | None = None,
    ) -> list[Hit]:
        """Every place the label is printed, best first (then top to bottom).

        Matching is on key() text (accents, case, punctuation and spaces around slashes
        folded), fuzzy enough for one or two OCR errors in a long label; labels of four
        characters or fewer must match exactly. isolated: the words around the match on the
        same row are far away (a grid label, not part of a longer label). whole: the label
        ends there (a ':' ends it, or a wide gap, or the end of the row), so 'Data' does not
        match the start of 'Data de nascimento'.
        """
        target = key(label)
        if not target:
            return []
        n = len(target.split())
        compact_target = target.replace(" ", "")
        # OCR slips allowed: one per eight characters (none in a label of four or fewer)
        edits = 0 if len(compact_target) <= 4 else max(1, len(compact_target) // 8)
        # a text layer's glyphs are what is printed: its labels match exactly ('SEGURADO(A)' is
        # no 'SEGURADORA'); the slips allowed are OCR's (unless a score is asked for)
        exact_on_text = min_score is None
        if min_score is None:
            min_score = 1.0 - edits / max(len(compact_target), 1) - 1e-9
        wanted = set(pages) if pages is not None else None
        hits: list[Hit] = []
        slack = max(2, len(target) // 3)
        # each letter of the label missing from a row costs at least one edit: rows missing more
        # kinds of letter than the score allows edits hold no match (most rows, for most labels)
        letters = frozenset(compact_target)
        tlen, clen, short = len(target), max(len(compact_target), 1), len(compact_target) <= 4
        sizes = [size for size in (n - 1, n, n + 1) if size >= 1]
        budget = int((1.0 - min_score) * max(len(compact_target), 1) + 1e-6) if min_score > 0 else len(letters)
        pieces = _pieces(compact_target, 0 if short else budget) if min_score > 0 else ()
        for page in self.pages:
            if wanted is not None and page.number not in wanted:
                continue
            need = 1.0 - 1e-9 if exact_on_text and page.source != "ocr" else min_score
            keyed = self._page_keys(page.number)
            if pieces:  # only the rows holding a piece of the label (looked for in the page's text at once)
                keyed = [keyed[i] for i in self._rows_holding(page.number, pieces)]
            for row, (idx, joined, starts, ends, has, bare) in keyed:
                if len(joined) < tlen - slack or len(letters - has) > budget:
                    continue
                m = len(idx)
                for a in range(m):
                    sa = starts[a]
                    best: tuple[float, int] | None = None
                    for size in sizes:
                        b = a + size - 1
                        if b >= m:
                            break
                        # (the words' keys joined, as a slice of the row's: no string built for
                        # the many windows whose length alone rules them out)
                        if abs(ends[b] - sa - tlen) > slack:
                            continue
                        cand = joined[sa:ends[b]]
                        if cand == target:
                            s = 1.0
                        elif short:
                            s = 1.0 if cand.replace(" ", "") == compact_target else 0.0
                        else:
                            d = min(Levenshtein.distance(cand, target),
                                    Levenshtein.distance(cand.replace(" ", ""), compact_target))
                            s = 1.0 - d / clen
                        if s >= need and (best is None or s > best[0]):
                            best = (s, idx[b] + 1)
                    if best is None:
                        continue
                    s, j = best
                    i = idx[a]
                    h = Hit(row.page, row.index, i, j, row.words[i:j], s)
                    if isolated and not self._isolated(row, i, j):
                        continue
                    if whole and not self._ends(row, j):
                        continue
                    if region and not _inside(h.bbox, region):
                        continue
                    hits.append(h)
        # drop overlapping weaker duplicates (windows of n-1 and n words at the same place)
        hits.sort(key=lambda h: (-h.score, h.page, h.row, h.start))
        kept: list[Hit] = []
        for h in hits:
            if not any(k.page == h.page and k.row == h.row and h.start < k.end and k.start < h.end
                       for k in kept):
                kept.append(h)
        return kept

    def _page_keys(self, page: int) -> list[tuple[LayoutRow, tuple[list[int], str, list[int], list[int],
                                                                  frozenset[str], str]]]:
        """Each row of the page with its _key_text, listed once per page (find() runs over every
        row of a page for each label it is asked for)."""
        return self._page_index(page)[1]

    def _page_index(self, page: int) -> tuple[list[LayoutRow], list, str, list[int]]:
        """The page's rows, each with its _key_text; and their texts with no space (the last of
        _key_text) joined by line breaks, with where each row's starts."""
        memo = self.__dict__.setdefault("_page_key_texts", {})
        rows = self.rows[page]
        got = memo.get(page)
        if got is None or got[0] is not rows or len(got[1]) != len(rows):
            keyed = [(row, self._key_text(row)) for row in rows]
            offsets, at = [], 0
            for _, k in keyed:
                offsets.append(at)
                at += len(k[5]) + 1
            got = memo[page] = (rows, keyed, "\n".join(k[5] for _, k in keyed), offsets)
        return got

    def _rows_holding(self, page: int, pieces: Sequence[str]) -> list[int]:
        """The indexes of the page's rows whose text with no space holds one of the pieces (none
        of them empty, none with a line break), in order."""
        _, _, text, offsets = self._page_index(page)
        found: set[int] = set()
        for p in pieces:
            i = text.find(p)
            while i >= 0:
                r = bisect_right(offsets, i) - 1
                found.add(r)
                if r + 1 >= len(offsets):
                    break
                i = text.find(p, offsets[r + 1])
        return sorted(found)

    def _key_text(self, row: LayoutRow) -> tuple[list[int], str, list[int], list[int], frozenset[str], str]:
        """The row's words that are not bare punctuation (their indexes), their keys joined by a
        space, where each one's key starts and ends in that text, its letters and that text with no
        space. Kept per row."""
        memo = self.__dict__.setdefault("_key_texts", {})
        got = memo.get((row.page, row.index))
        if got is None:
            idx = [k for k, v in enumerate(row.keys) if v]
            starts, ends, pos = [], [], 0
            for k in idx:
                starts.append(pos)
                pos += len(row.keys[k])
                ends.append(pos)
                pos += 1
            joined = " ".join(row.keys[k] for k in idx)
            got = memo[(row.page, row.index)] = (idx, joined, starts, ends, frozenset(joined) - {" "},
                                                 joined.replace(" ", ""))
        return got

    def find_one(self, labels: str | Sequence[str], **kw) -> Hit | None:
        """The best match among alternative spellings of a label (earliest on ties)."""
        if isinstance(labels, str):
            labels = (labels,)
        best: Hit | None = None
        for lab in labels:
            for h in self.find(lab, **kw)[:1]:
                if best is None or (h.score, -h.page, -h.row) > (best.score, -best.page, -best.row):
                    best = h
        return best

    def _isolated(self, row: LayoutRow, i: int, j: int) -> bool:
        h = row.height
        gap = 1.2 * h
        if i > 0 and row.words[i].bbox[0] - row.words[i - 1].bbox[2] < gap:
            return False
        if j < len(row.words) and row.words[j].bbox[0] - row.words[j - 1].bbox[2] < gap:
            return False
        return True

    def leads(self, hit: Hit) -> bool:
        """Whether the label opens its run of text: first on its row, or after a wide gap, a
        ':' or a numbering ('4.'), as form labels are."""
        row = self._row(hit)
        prev = [k for k in range(hit.start) if row.keys[k]]
        if not prev:
            return True
        p = row.words[prev[-1]]
        if p.text.rstrip().endswith(":") or re.fullmatch(r"\d{1,2}[.)]?", p.text.strip()) and len(prev) == 1:
            return True
        return row.words[hit.start].bbox[0] - p.bbox[2] > 1.5 * row.height

    def _ends(self, row: LayoutRow, j: int) -> bool:
        if row.words[j - 1].text.rstrip().endswith((":", "-", "–")) or j >= len(row.words):
            return True
        k = j
        while k < len(row.words) and 0 < len(row.keys[k]) <= 2 and row.words[k].conf < 0.5:
            k += 1  # a speck or a rule read as a letter ('Renavam o Lotação')
        if k >= len(row.words):
            return True
        nxt = row.words[k]
        if not row.keys[k] or nxt.text.startswith(":"):
            return True
        return nxt.bbox[0] - row.words[j - 1].bbox[2] > 1.2 * row.height

    def _row(self, hit: Hit) -> LayoutRow:
        return self.rows[hit.page][hit.row]

    # ------------------------------------------------------------------ values

    def right(self, hit: Hit, *, max_gap: float = 0.05, stop: Sequence[str] = (),
              stop_at_colon: bool = True) -> Span | None:
        """The words after the label on its row (`LABEL: value`), up to a wide gap, the next
        `Word:` label or one of the stop labels."""
        row = self._row(hit)
        out: list[Word] = []
        prev = row.words[hit.end - 1]
        if prev.text.rstrip().endswith(":") or (hit.end < len(row.words) and row.words[hit.end].text == ":"):
            max_gap = max(max_gap, 0.25)  # 'Label:' in a form: its value may sit in a far column
        stop_keys = [key(s) for s in stop]
        for idx in range(hit.end, len(row.words)):
            w = row.words[idx]
            if w.bbox[0] - prev.bbox[2] > max_gap:
                break
            if out and stop_at_colon and w.text.endswith(":") and len(w.text) > 2 and not w.text[:-1].isdigit():
                break
            if out and stop_keys:
                rest = " ".join(k for k in row.keys[idx:idx + 4] if k)
                if any(rest.startswith(sk) for sk in stop_keys):
                    break
            if not out and key(w.text) == "":  # the ':' or '-' after the label
                prev = w
                continue
            out.append(w)
            prev = w
        return Span(hit.page, tuple(out), hit.score) if out else None

    def column_bounds(self, hit: Hit, *, tol: float = 0.006) -> tuple[float, float]:
        """The x-range of the box a grid label heads: from the label to the next word on its row."""
        row = self._row(hit)
        left = hit.bbox[0] - tol
        prev = next((w for w, k in zip(reversed(row.words[:hit.start]), reversed(row.keys[:hit.start])) if k), None)
        if prev is not None:
            left = max(left - 0.02, prev.bbox[2] + tol)
        right = 1.0
        nxt = next((w for w, k in zip(row.words[hit.end:], row.keys[hit.end:]) if k), None)
        if nxt is not None:  # the next label (specks read as ',' or "'" do not count)
            right = nxt.bbox[0] - tol
        return left, right

    def below(self, hit: Hit, *, max_dy: float = 0.04, lines: int = 1,
              bounds: tuple[float, float] | None = None, min_overlap: float = 0.5) -> Span | None:
        """The value printed under a label (a grid box): the first row(s) of words below it
        whose horizontal extent lies mostly within the label's column."""
        left, right = bounds or self.column_bounds(hit)
        top = hit.bbox[3]
        picked: list[list[Word]] = []
        last_y1 = top
        for row in self.rows[hit.page][hit.row + 1:]:
            if row.y0 - last_y1 > max_dy:
                break
            ws = [w for w in row.words if span_overlap(w.bbox, left, right) >= min_overlap]
            ws = first_cluster(ws, row.height, hit.bbox[0])
            if not ws:
                continue
            if not picked and self._in_running_text(hit, row, ws[0]):
                return None
            if picked:
                h0 = sorted(w.bbox[3] - w.bbox[1] for w in picked[0])[len(picked[0]) // 2]
                h1 = sorted(w.bbox[3] - w.bbox[1] for w in ws)[len(ws) // 2]
                if h1 < 0.8 * h0 or label_like(ws):
                    break  # smaller print: the next box's label
            picked.append(ws)
            last_y1 = max(w.bbox[3] for w in ws)
            if len(picked) >= lines:
                break
        words = tuple(w for ws in picked for w in ws)
        return Span(hit.page, words, hit.score) if words else None

    def _in_running_text(self, hit: Hit, below: LayoutRow, first: Word) -> bool:
        """Whether the label's words go on a sentence ('... indicados nesta apólice.') and the words
        under them are cut from the next one ('... de setembro de 2024.'): a word of prose over a
        piece of prose, no box's label over its value. Both run on at a word's spacing."""
        row = self._row(hit)
        near = PROSE_GAP * row.height
        before = next((w for w, k in zip(reversed(row.words[:hit.start]), reversed(row.keys[:hit.start])) if k), None)
        after = next((w for w, k in zip(row.words[hit.end:], row.keys[hit.end:]) if k), None)
        if not (before is not None and hit.bbox[0] - before.bbox[2] < near
                or after is not None and after.bbox[0] - hit.bbox[2] < near):
            return False
        i = next((k for k, w in enumerate(below.words) if w is first), 0)
        left = next((w for w, k in zip(reversed(below.words[:i]), reversed(below.keys[:i])) if k), None)
        return left is not None and first.bbox[0] - left.bbox[2] < PROSE_GAP * below.height

    def auto(self, hit: Hit, **below_kw) -> Span | None:
        """`LABEL: value` (a ':' or a near word after the label) to the right, else the grid box
        below the label."""
        row = self._row(hit)
        after = row.words[hit.end] if hit.end < len(row.words) else None
        colon = hit.words[-1].text.rstrip().endswith(":") or (
            after is not None and after.text.lstrip().startswith(":"))
        near = after is not None and after.bbox[0] - hit.bbox[2] < 1.5 * row.height
        if after is not None and not colon:
            box = self._box_over_values(hit, after)
            if box is not None:
                # 'ENTIDADE CONTRATANTE ESCOLA ATENDIDA' over a row of values: two boxes' labels;
                # the value is under the label's box
                return self.below(hit, bounds=box, **below_kw)
        if colon or near:
            span = self.right(hit)
            if span:
                return span
        under = self.below(hit, **below_kw)
        if under and under.bbox[1] - hit.bbox[3] <= row.height:
            return under  # a grid box: the value printed right under its small label
        lines = self.cell(hit)
        if lines:
            return lines[0]  # 'Label      value' on one row, far apart (a two-column table)
        return under

    def _box_over_values(self, hit: Hit, after: Word) -> tuple[float, float] | None:
        """Where the label's box is (left, right), where the label and the word after it stand
        over columns of the row below, in a row of three boxes or more each over a value that
        starts where it does (a grid's header set tight: no gap tells its boxes apart, the values'
        columns do); else None."""
        row = self._row(hit)
        rows = self.rows[hit.page]
        if hit.row + 1 >= len(rows):
            return None
        below = rows[hit.row + 1]
        if below.y0 - row.y1 > 1.5 * row.height:
            return None
        tol = 0.5 * row.height
        starts = [w.bbox[0] for i, w in enumerate(below.words)
                  if i == 0 or w.bbox[0] - below.words[i - 1].bbox[2] > 0.5 * below.height]

        def over(x: float) -> bool:
            return any(abs(x - s) <= tol for s in starts)

        # the label's box starts over a value ('ENTIDADE' of 'ENTIDADE CONTRATANTE'), the next
        # box where the word after it does
        opens = [w for w in row.words[:hit.start + 1] if over(w.bbox[0])]
        if not over(after.bbox[0]) or not opens or sum(1 for w in row.words if over(w.bbox[0])) < 3:
            return None
        return opens[-1].bbox[0] - tol, after.bbox[0] - tol

    def cell(self, hit: Hit, *, max_rows: int = 12, min_gap: float = 2.5, label_rows: int = 0) -> list[Span]:
        """The value cell right of a row label in a two-column table ('4. ORIGEM | Canoas'),
        one Span per printed line: the label's row beyond the label, then the rows below
        until one with text in the label column or a wide vertical gap."""
        row = self._row(hit)
        rest = list(row.words[hit.end:])
        while rest and not key(rest[0].text):  # the ':' or '-' after the label
            rest.pop(0)
        if not rest:
            return []
        gap = rest[0].bbox[0] - hit.bbox[2]
        if gap < min_gap * row.height:
            # a narrower gap still marks a table when other rows' text starts at that x too
            label = " ".join(w.text for w in hit.words)
            if (gap < 0.8 * row.height or label == label.lower()
                    or not self._column_start(hit.page, rest[0].bbox[0], exclude=hit.row)):
                return []
        vx = rest[0].bbox[0] - 0.5 * row.height
        lines = [Span(hit.page, tuple(rest), hit.score)]
        last = row
        for k, nxt in enumerate(self.rows[hit.page][hit.row + 1:hit.row + 1 + max_rows]):
            if nxt.y0 - last.y1 > 1.2 * max(last.height, nxt.height):
                break
            words = nxt.words
            if k < label_rows:  # the label wrapped in its narrow column: its rest is no value
                words = tuple(w for w in words if w.bbox[2] >= vx)
            elif any(w.bbox[0] < vx and is_text(w) for w in words):
                break  # the next label, or prose wrapping back to the margin ('principal).')
            words = tuple(w for w in words if w.bbox[0] >= vx or is_text(w))
            if words:
                lines.append(Span(hit.page, words, hit.score))
            last = nxt
        return lines

    def _column_start(self, page: int, x: float, *, exclude: int, tol: float = 0.004) -> bool:
        """Whether another row has a word starting at x after a gap (a table's value column)."""
        n = 0
        for index, starts in self._gap_starts(page):
            if index == exclude:
                continue
            for s in starts:
                if abs(s - x) <= tol:
                    n += 1
                    if n >= 2:
                        return True
                    break
        return False

    def _gap_starts(self, page: int) -> list[tuple[int, list[float]]]:
        """Each row of the page (its index) with where its words after a gap start (wider than
        0.8 of the row's height), worked out once per page."""
        memo = self.__dict__.setdefault("_gap_starts_memo", {})
        rows = self.rows[page]
        got = memo.get(page)
        if got is None or got[0] is not rows or len(got[1]) != len(rows):
            got = memo[page] = (rows, [(row.index, [w.bbox[0] for i, w in enumerate(row.words)
                                                    if i > 0 and w.bbox[0] - row.words[i - 1].bbox[2] > 0.8 * row.height])
                                       for row in rows])
        return got[1]

    def column_rows(self, page: int, x: float, *, exclude: int, tol: float = 0.004) -> list[LayoutRow]:
        """The other rows with a word starting at x after a gap: a table's value column."""
        rows = self.rows[page]
        return [rows[index] for index, starts in self._gap_starts(page)
                if index != exclude and any(abs(s - x) <= tol for s in starts)]

    def next_line(self, hit: Hit, *, max_dy: float = 0.05, same_column: bool = False) -> Span | None:
        """The whole next row under the label (from the label's x onwards when same_column)."""
        row = self._row(hit)
        for nxt in self.rows[hit.page][hit.row + 1:]:
            if nxt.y0 - row.y1 > max_dy:
                return None
            ws = [w for w in nxt.words if not same_column or w.bbox[2] > hit.bbox[0]]
            if ws:
                return Span(hit.page, tuple(ws), hit.score)
        return None

    def value(self, labels: str | Sequence[str], *, how: Sequence[str] = ("right", "below"),
              **find_kw) -> Span | None:
        """Find a label and take its value by the first method that yields one."""
        if isinstance(labels, str):
            labels = (labels,)
        hits: list[Hit] = []
        for lab in labels:
            hits += self.find(lab, **find_kw)
        hits.sort(key=lambda h: (-h.score, h.page, h.row))
        for h in hits:
            for method in how:
                span = getattr(self, method if method != "next" else "next_line")(h)
                if span:
                    return span
        return None

    # ------------------------------------------------------------------ tables

    def table(
        self,
        columns: Mapping[str, Sequence[str]],
        *,
        min_cols: int = 2,
        stop: Sequence[str] = (),
        start_page: int | None = None,
        tol: float = 0.012,
        keep: Callable[[Row], bool] | None = None,
    ) -> tuple[list[Row], list[Hit]]:
        """Rows of a table whose header row names the columns (alternatives per column).

        Columns span from each header's left edge to the next header's. The table continues
        over the following pages, with its header repeated or not; it ends at a row starting
        with a stop phrase. Returns the rows and the header hits of the first header found.
        """
        stop_keys = [key(s) for s in stop]
        rows_out: list[Row] = []
        bounds: list[tuple[str, float, float]] | None = None
        first_header: list[Hit] = []
        started = False
        for page in self.pages:
            if start_page is not None and page.number < start_page:
                continue
            prows = self.rows[page.number]
            # a repeated header names as many columns as the first one did
            need = max(min_cols, len(first_header))
            header = self._header(page.number, columns, need)
            begin = 0
            if header is not None:
                named, header_row = header
                if not first_header:
                    first_header = [h for _, h in named]
                bounds = _bounds(named, tol)
                begin = header_row + 1
                started = True
            elif not started or bounds is None:
                continue
            ended = False
            for row in prows[begin:]:
                rk = " ".join(k for k in row.keys if k)
                if stop_keys and any(rk.startswith(sk) for sk in stop_keys):
                    ended = True
                    break
                cells: dict[str, list[Word]] = {}
                specks: list[Word] = []
                for w in row.words:
                    if not key(w.text) and w.text.strip() not in ("-", "—", "–"):
                        specks.append(w)
                        continue  # ruling lines read as '|' or '_'; a lone dash is a value
                    cx = (w.bbox[0] + w.bbox[2]) / 2
                    x = w.bbox[0] if w.bbox[2] - w.bbox[0] < 0.3 else cx
                    home = next((b for b in bounds if b[1] <= x < b[2]), None)
                    # a word that starts a little left of its column (a wide, skewed or smudged
                    # read) belongs where most of it lies
                    over = max(bounds, key=lambda b: min(w.bbox[2], b[2]) - max(w.bbox[0], b[1]))
                    if home is not None and over is not home and \
                            min(w.bbox[2], over[2]) - max(w.bbox[0], over[1]) > 0.8 * (w.bbox[2] - w.bbox[0]):
                        home = over
                    if home is not None:
                        cells.setdefault(home[0], []).append(w)
                if not cells:
                    continue
                r = Row(row.page, {n: Span(row.page, tuple(ws)) for n, ws in cells.items()}, specks=tuple(specks))
                if keep is None or keep(r):
                    rows_out.append(r)
            if ended:
                break
        return rows_out, first_header

    def _header(self, page: int, columns: Mapping[str, Sequence[str]], min_cols: int):
        """The row holding most of the column labels, as (hits in x order, row index)."""
        per_row: dict[int, dict[str, Hit]] = {}
        for name, labels in columns.items():
            for lab in labels:
                for h in self.find(lab, pages=[page]):
                    cur = per_row.setdefault(h.row, {})
                    if name not in cur or (h.score, h.end - h.start) > (cur[name].score, cur[name].end - cur[name].start):
                        cur[name] = h
        best = None
        for row_idx, found in per_row.items():
            # one hit per column, non-overlapping, at least min_cols of them
            hits = sorted(found.items(), key=lambda kv: (kv[1].start, -(kv[1].end - kv[1].start)))
            clean: list[tuple[str, Hit]] = []
            for name, h in hits:
                if clean and h.start < clean[-1][1].end:
                    prev = clean[-1][1]
                    # overlapping labels: the closer match, then the longer one ('DOCUMENTO TIPO'
                    # over 'DOCUMENTO')
                    if (h.score, h.end - h.start) > (prev.score, prev.end - prev.start):
                        clean[-1] = (name, h)
                    continue
                clean.append((name, h))
            if len(clean) >= min_cols and (best is None or len(clean) > len(best[0])):
                best = (clean, row_idx)
        if best is None:
            return None
        return best


def _bounds(named: list[tuple[str, Hit]], tol: float) -> list[tuple[str, float, float]]:
    """Column x-ranges: each header's left edge (less a tolerance) to the next header's."""
    out = []
    for i, (name, h) in enumerate(named):
        x0 = 0.0 if i == 0 else h.bbox[0] - tol
        x1 = named[i + 1][1].bbox[0] - tol if i + 1 < len(named) else 1.0
        out.append((name, x0, x1))
    return out


def label_like(words: Sequence[Word]) -> bool:
    """A row of words ending with ':' (a 'Label:' line), not a value."""
    return bool(words) and words[-1].text.rstrip().endswith(":")


# words of a sentence stand this close (row heights); a box's label and its neighbour's, further
PROSE_GAP = 1.0


def first_cluster(words: list[Word], height: float, x: float, gap: float = 2.0) -> list[Word]:
    """The run of words nearest x, cut at horizontal gaps wider than `gap` word heights (a
    value box ends where another column's text begins)."""
    if len(words) < 2:
        return words
    words = sorted(words, key=lambda w: w.bbox[0])
    runs: list[list[Word]] = [[words[0]]]
    for w in words[1:]:
        if w.bbox[0] - runs[-1][-1].bbox[2] > gap * height:
            runs.append([w])
        else:
            runs[-1].append(w)
    return min(runs, key=lambda r: abs(r[0].bbox[0] - x))


def span_overlap(b: BBox, left: float, right: float) -> float:
    """Share of the word's width that lies within [left, right]."""
    w = max(b[2] - b[0], 1e-6)
    return max(0.0, min(b[2], right) - max(b[0], left)) / w


def _inside(b: BBox, region: BBox) -> bool:
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    return region[0] <= cx <= region[2] and region[1] <= cy <= region[3]


def folded_rows(layout: Layout) -> list[str]:
    return [fold(r.text) for r in layout.all_rows()]
