"""A key/value table read as a table: row labels in a left column, each row's values in the
cells beside them, ruled or not, from a text layer or OCR boxes alike (a contract's summary
table, 'QUADRO RESUMO'; a form's identification block).

Read from the words' geometry alone (an OCR'd page's tilt undone):
- runs: words on one line with no wide gap between them, never across a box's rule read as '|';
  a numbering set apart from its label ('1.   CONTRATANTE') numbers it;
- the label column: a left edge where two runs or more that are labels of the document's
  vocabulary start, each with words beside it further right. The other runs that start there
  and stop short of the values' column are labels too (one the vocabulary does not know, in
  capitals or of a few words: 'MODALIDADE'); a run there with nothing beside it that is no
  label, or reaching over the values' column, heads a part of the table ('B. OBJETO'); a line
  of prose there ('Nome: X', a sentence) ends the table. It is a table when two labels it
  knows have a value beside them;
- rows: each label (its lines wrapped close together: 'INSTITUIÇÃO DE' / 'ENSINO', not two
  labels set tight) opens a row; two rows part at the widest space between the middles of the
  lines printed between their labels (where the grid's rule and padding run; the lowest of
  spaces as wide in a table set evenly without rules), so a value centred in a tall cell, its
  first line above its label's, stays with its label; where the values stand level with their
  labels (cells aligned at the top), a row ends right above the next label;
- cells: a row's runs grouped by the column edge they start at, top to bottom; an edge starts a
  cell where runs of two rows start there after a wide gap or a rule (a justified line's wide
  spaces stay inside their cell). A cell that is a label of the vocabulary, or stands in a
  column where labels start ('DESTINO', 'REPRESENTANTE' halfway along the row), labels the cell
  after it: the value of a label ends where the next label's cell begins. A column's header over
  the first row ('CNPJ' over its number) is no value.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from intake.page.layout import Layout, Span, is_text
from intake.normalize import key
from intake.reading.vocabulary import Vocabulary
from ocr.model import Word

RUN_GAP = 1.5  # row heights: a wider gap between two words on a line parts two runs
CELL_GAP = 2.5  # row heights: a run this far from the one before it on its line may start a cell
COLUMN_TOL = 0.6  # row heights: runs starting this close start at one column edge
LABEL_WRAP = 0.6  # row heights: a label's lines stand this close at most
_NUMBERING = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2})*[.)]?|[A-Za-z][.)]|[IVXivx]{1,4}[.)])$")
_PARTICLES = frozenset("de da do das dos e".split())


@dataclass(frozen=True)
class Cell:
    """One cell's words, one Span per printed line, top to bottom."""

    page: int
    lines: tuple[Span, ...]
    label: bool = False  # a label's cell (it labels the cell after it)

    @property
    def words(self) -> tuple[Word, ...]:
        return tuple(w for ln in self.lines for w in ln.words)

    @property
    def span(self) -> Span:
        return Span(self.page, self.words)

    @property
    def text(self) -> str:
        return " ".join(ln.text for ln in self.lines)

    @property
    def x0(self) -> float:
        return min(w.bbox[0] for w in self.words)

    @property
    def x1(self) -> float:
        return max(w.bbox[2] for w in self.words)

    @property
    def key(self) -> str:
        """The label's key() text, its numbering and ':' left out ('1. CONTRATANTE:' is
        'contratante')."""
        return label_key(self.text)


@dataclass(frozen=True)
class GridRow:
    page: int
    cells: tuple[Cell, ...]  # the label column's first, then left to right
    heading: bool = False  # a row that heads a part of the table: no label of a value

    def pairs(self) -> list[tuple[Cell, Cell | None]]:
        """Each label cell of the row with the value cell after it (None: the cell is empty,
        the next one is another label)."""
        out: list[tuple[Cell, Cell | None]] = []
        for i, c in enumerate(self.cells):
            if not c.label:
                continue
            nxt = self.cells[i + 1] if i + 1 < len(self.cells) else None
            out.append((c, nxt if nxt is not None and not nxt.label else None))
        return out

    def values(self) -> list[Cell]:
        return [c for c in self.cells if not c.label]


@dataclass(frozen=True)
class Grid:
    page: int
    rows: tuple[GridRow, ...]
    right: float  # the right edge of the table's text

    def right_of(self, cell: Cell) -> float:
        """Where a cell's line may reach: the next cell of its row, or the table's right edge."""
        for row in self.rows:
            for i, c in enumerate(row.cells):
                if c is cell:
                    return row.cells[i + 1].x0 if i + 1 < len(row.cells) else self.right
        return self.right


def label_key(text: str) -> str:
    words = text.split()
    if len(words) > 1 and _NUMBERING.match(words[0]):
        words = words[1:]
    return key(" ".join(words))


# ---------------------------------------------------------------------------- runs


@dataclass
class _Run:
    words: list[Word]
    tilt: float = 0.0  # the page's lines' drop per page width (an OCR'd page read askew)

    @property
    def x0(self) -> float:
        """Where its first word of letters or digits starts (a speck read as ',' before it is
        no edge)."""
        return next((w.bbox[0] for w in self.words if key(w.text)), self.words[0].bbox[0])

    @property
    def x1(self) -> float:
        return max(w.bbox[2] for w in self.words)

    @property
    def y0(self) -> float:
        """Its top, the page's tilt undone (so rows far apart on a line askew stay level)."""
        return min(w.bbox[1] for w in self.words) - self.tilt * self.x0

    @property
    def y1(self) -> float:
        return max(w.bbox[3] for w in self.words) - self.tilt * self.x0

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


def _h(w: Word) -> float:
    return w.bbox[3] - w.bbox[1]


def _distinct(words: list[Word]) -> list[Word]:
    """The words without a second read of the same place ('Municipal' and 'Munirinal' over one
    another): the surer one stays."""
    kept: list[Word] = []
    band: dict[int, list[Word]] = {}  # the kept words by the bands of height they stand in
    for w in sorted(words, key=lambda w: -w.conf):
        x0, y0, x1, y1 = w.bbox
        half = 0.5 * max(1e-9, (x1 - x0) * (y1 - y0))
        # (words over one another share a band: only those are compared)
        bands = range(int(y0 // _BAND), int(y1 // _BAND) + 1)
        if _covered(x0, y0, x1, y1, half, bands, band):
            continue
        kept.append(w)
        for b in bands:
            band.setdefault(b, []).append(w)
    return kept


def _covered(x0: float, y0: float, x1: float, y1: float, half: float, bands: range,
             band: dict[int, list[Word]]) -> bool:
    """Whether a word kept in one of the bands covers more than `half` of the box x0..y1."""
    for b in bands:
        for k in band.get(b, ()):
            kx0, ky0, kx1, ky1 = k.bbox
            ix = (x1 if x1 < kx1 else kx1) - (x0 if x0 > kx0 else kx0)
            if ix <= 0.0:
                continue
            iy = (y1 if y1 < ky1 else ky1) - (y0 if y0 > ky0 else ky0)
            if iy > 0.0 and ix * iy > half:
                return True
    return False


_BAND = 0.01  # of the page's height


def _runs(words: list[Word], h: float, bars: Sequence[Word] = ()) -> list[_Run]:
    """Words joined left to right into runs: the next word on the same line (half its height
    shared at least) after a gap narrower than RUN_GAP heights. Built from the words, not the
    page's rows: OCR may give one row for a label's two lines and the value between them."""
    runs: list[_Run] = []
    # the runs (their indexes) by the bands of height their last word stands in: a word joins a
    # run whose last word it shares half its height with, so only those are tried
    ending: dict[int, set[int]] = {}
    for w in sorted(words, key=lambda w: w.bbox[0]):
        best, best_overlap, at = None, 0.0, -1
        bands = range(int(w.bbox[1] // _BAND), int(w.bbox[3] // _BAND) + 1)
        near = {i for b in bands for i in ending.get(b, ())}
        for i in sorted(near):  # (in the runs' order, as the first best wins)
            r = runs[i]
            last = r.words[-1]
            gap = w.bbox[0] - last.bbox[2]
            hh = max(_h(w), _h(last), h)  # (a dash's or a small word's box is lower than its line)
            if not -0.3 * hh <= gap <= RUN_GAP * hh:
                continue
            overlap = (min(w.bbox[3], last.bbox[3]) - max(w.bbox[1], last.bbox[1])) / max(1e-9, min(_h(w), _h(last)))
            if any(last.bbox[2] <= b.bbox[0] + 0.5 * (b.bbox[2] - b.bbox[0]) <= w.bbox[0]
                   and b.bbox[1] < w.bbox[3] and b.bbox[3] > w.bbox[1] for b in bars):
                continue
            if overlap >= 0.5 and overlap > best_overlap:
                best, best_overlap, at = r, overlap, i
        if best is None:
            runs.append(_Run([w]))
            at = len(runs) - 1
        else:
            last = best.words[-1]
            for b in range(int(last.bbox[1] // _BAND), int(last.bbox[3] // _BAND) + 1):
                ending[b].discard(at)
            best.words.append(w)
        for b in bands:
            ending.setdefault(b, set()).add(at)
    # a numbering set apart from its label ('1.      CONTRATANTE') numbers that label's run
    out: list[_Run] = []
    for r in sorted(runs, key=lambda r: r.words[0].bbox[0]):
        if len(r.words) == 1 and _NUMBERING.match(r.words[0].text.strip()):
            nxt = min((o for o in runs if o is not r and 0 <= o.words[0].bbox[0] - r.x1 <= 4 * h
                       and min(o.y1, r.y1) - max(o.y0, r.y0) >= 0.5 * min(o.y1 - o.y0, r.y1 - r.y0)),
                      key=lambda o: o.words[0].bbox[0], default=None)
            if nxt is not None:
                nxt.words[:0] = r.words
                continue
        out.append(r)
    return out


# ---------------------------------------------------------------------------- labels


class _Labels:
    """The vocabulary's spellings, matched exactly on a text layer and within one slip per eight
    letters after OCR."""

    def __init__(self, vocab: Vocabulary, extra: tuple[str, ...], ocr: bool):
        self.spellings = set(vocab.spellings()) | {key(x) for x in extra if key(x)}
        self.prefixes = {" ".join(s.split()[:n]) for s in self.spellings for n in range(1, len(s.split()))}
        self.ocr = ocr

    def exact(self, k: str) -> bool:
        if k in self.spellings:
            return True
        if not self.ocr or len(k.replace(" ", "")) <= 4:
            return False
        compact = k.replace(" ", "")
        edits = len(compact) // 8 or 1
        return any(abs(len(s.replace(" ", "")) - len(compact)) <= edits
                   and Levenshtein.distance(s.replace(" ", ""), compact, score_cutoff=edits) <= edits
                   for s in self.spellings)

    def begins(self, k: str) -> bool:
        return k in self.prefixes


def _label_like(text: str) -> bool:
    """Words a label is printed in: no word in small letters but particles, no digits of a
    value, a few words at most."""
    words = text.split()
    if not words or len(words) > 6:
        return False
    if sum(ch.isdigit() for ch in text) >= 3:
        return False
    return all(not w[:1].islower() or key(w) in _PARTICLES for w in words if any(ch.isalpha() for ch in w))


def _heading_like(text: str) -> bool:
    """A heading across the table: words in capitals, a few of them ('B. OBJETO E ITINERÁRIO')."""
    letters = [ch for ch in text if ch.isalpha()]
    return bool(letters) and len(text.split()) <= 8 and sum(ch.isupper() for ch in letters) >= 0.8 * len(letters)


# ---------------------------------------------------------------------------- the table


def grids(layout: Layout, vocab: Vocabulary, extra_labels: tuple[str, ...] = ()) -> list[Grid]:
    """Every key/value table on the document's pages, top to bottom."""
    labels = _Labels(vocab, extra_labels, layout.ocr)
    out: list[Grid] = []
    for page in layout.pages:
        # (a dash or a stop read sure is a word of its line; a rule's '|' and OCR's specks are not)
        words = _distinct([w for r in layout.rows[page.number] for w in r.words if w.text.strip() not in ("|", "")
                           and (is_text(w) or w.conf >= 0.5 and len(w.text.strip()) <= 2)])
        if len(words) < 6:
            continue
        hs = sorted(_h(w) for w in words)
        h = hs[len(hs) // 2]
        # a box's rule OCR read as '|': no run goes across it
        bars = [w for r in layout.rows[page.number] for w in r.words if w.text.strip() == "|"]
        runs = _runs(words, h, bars)
        for r in runs:
            r.tilt = layout.tilt.get(page.number, 0.0)
        out += _page_grids(page.number, runs, h, labels, bars)
    return out


def _page_grids(page: int, runs: list[_Run], h: float, labels: _Labels, bars: list[Word]) -> list[Grid]:
    tol = COLUMN_TOL * h

    def is_label(r: _Run) -> bool:
        k = label_key(r.text)
        return bool(k) and _label_like(r.text) and (labels.exact(k) or labels.begins(k))

    def beside(r: _Run) -> bool:
        return any(o.x0 > r.x1 + RUN_GAP * h and o.y0 < r.y1 + 1.5 * h and o.y1 > r.y0 - 1.5 * h for o in runs)

    # label columns: left edges shared by two labels or more with words beside them
    heads = sorted((r for r in runs if is_label(r) and beside(r)), key=lambda r: r.x0)
    columns: list[list[_Run]] = []
    for r in heads:
        if columns and r.x0 - columns[-1][0].x0 <= tol:
            columns[-1].append(r)
        else:
            columns.append([r])
    columns = [c for c in columns if len(c) >= 2]
    if not columns:
        return []
    out: list[Grid] = []
    taken: set[int] = set()  # id() of the words of the tables read
    for col in columns:
        if any(id(w) in taken for r in col for w in r.words):
            continue  # a column of labels further right in a table already read ('DESTINO')
        grid = _grid(page, runs, col, h, labels, [c[0].x0 for c in columns if c is not col], bars)
        if grid is not None:
            out.append(grid)
            taken |= {id(w) for row in grid.rows for c in row.cells for w in c.words}
    return sorted(out, key=lambda g: min(w.bbox[1] for row in g.rows for c in row.cells for w in c.words))


def _grid(page: int, runs: list[_Run], col: list[_Run], h: float, labels: _Labels,
          other_columns: list[float], bars: list[Word]) -> Grid | None:
    tol = COLUMN_TOL * h
    xl = min(r.x0 for r in col)
    # the values' column: where the runs beside the labels start, most often
    starts: list[float] = []
    for r in col:
        beside = [o for o in runs if o.x0 > r.x1 + RUN_GAP * h and o.y0 < r.y1 + 1.5 * h and o.y1 > r.y0 - 1.5 * h]
        if beside:
            starts.append(min(o.x0 for o in beside))
    if not starts:
        return None
    xv = max(starts, key=lambda x: sum(abs(x - y) <= tol for y in starts))
    at = sorted((r for r in runs if abs(r.x0 - xl) <= tol), key=lambda r: r.y0)
    # the table's stretch of the label column: around its labels, up to a line of prose
    known = {id(r) for r in col}
    first = min(range(len(at)), key=lambda i: (id(at[i]) not in known, at[i].y0))

    def kind(r: _Run) -> str:
        if re.search(r":\s+\S", r.text):
            return "prose"  # 'Nome: Escola X': a label and its value on one line, a form's, no table's
        if not re.search(r"[A-Za-zÀ-ÿ]{2}", r.text):
            return "prose"  # 'O' (presente contrato ...), a sentence spaced wide: no label is one letter
        if id(r) in known or (r.x1 < xv - 0.5 * tol and _label_like(r.text)
                              and (_heading_like(r.text) or len(r.text.split()) <= 3)):
            return "label"  # (one the vocabulary does not know: in capitals, or a few words)
        if _heading_like(r.text):
            return "heading"
        return "prose"

    lo = first
    while lo > 0 and kind(at[lo - 1]) != "prose" and at[lo].y0 - at[lo - 1].y1 < 6 * h:
        lo -= 1
    hi = first
    while hi + 1 < len(at) and kind(at[hi + 1]) != "prose" and at[hi + 1].y0 - at[hi].y1 < 6 * h:
        hi += 1
    stretch = at[lo:hi + 1]
    # a label's lines wrapped close together are one cell ('LOCAIS DE' / 'EMBARQUE')
    cells: list[list[_Run]] = []
    for r in stretch:
        if cells and kind(r) == "label" and kind(cells[-1][-1]) == "label" and \
                r.y0 - cells[-1][-1].y1 < LABEL_WRAP * h and \
                _wraps(cells[-1], r, labels, r.y0 - cells[-1][-1].y1 < 0.35 * h):
            cells[-1].append(r)
        else:
            cells.append([r])
    if sum(1 for c in cells if any(id(r) in known for r in c)) < 2:
        return None
    end_y = at[hi + 1].y0 if hi + 1 < len(at) else 1.0  # (the prose after the table)
    begin_y = at[lo - 1].y1 if lo > 0 else 0.0
    others = [r for r in runs if r.x0 > xl + tol]
    inner = [_cut(others, cells[k - 1][-1].cy, cells[k][0].cy, h) for k in range(1, len(cells))]
    # the line space: how far apart the middles of a cell's lines stand (for where the table's
    # first and last rows reach)
    mids = _mids(others, cells[0][0].cy, cells[-1][-1].cy, h)
    steps = sorted(b - a for a, b in zip(mids, mids[1:]) if b - a <= 3 * h)
    pitch = steps[len(steps) // 4] if steps else 1.2 * h  # (the narrower steps: lines of one cell)
    cuts = [_edge_cut(others, cells[0][0].cy, max(begin_y, cells[0][0].cy - 6 * h), pitch, h)] + inner + \
        [_edge_cut(others, cells[-1][-1].cy, min(end_y, cells[-1][-1].cy + 8 * h), pitch, h)]
    # (a run of no letter or digit, a rule's piece read as '-', starts no cell)
    inside = [r for r in others if cuts[0] < r.cy <= cuts[-1] and any(key(w.text) for w in r.words)]

    def row_of(r: _Run) -> int:
        return next(k for k in range(len(cells)) if cuts[k] < r.cy <= cuts[k + 1])

    # a table whose values stand level with their labels (cells aligned at the top): a row ends
    # right above the next label, however its value's lines are spaced
    level = [abs(min(x.y0 for x in inside if row_of(x) == k) - min(r.y0 for r in c)) <= 0.4 * h
             for k, c in enumerate(cells) if any(row_of(x) == k for x in inside)]
    if len(level) >= 3 and sum(level) >= 0.8 * len(level):
        cuts = [cuts[0]] + [min(r.y0 for r in cells[k]) - 0.25 * h for k in range(1, len(cells))] + [cuts[-1]]
    # the column edges of the cells beside the labels: where runs of two rows or more start (a run
    # starting elsewhere is a wide space inside a cell: a justified line, OCR's spacing)
    edges = _edges([r.x0 for r in inside], tol)

    def edge_of(r: _Run) -> int:
        return max((i for i, x in enumerate(edges) if x <= r.x0 + tol), default=0)

    def set_apart(r: _Run) -> bool:
        """Whether a run starts a cell: the first beside the label, or a wide gap (or a rule)
        before it on its line, wider than the spaces a justified line or OCR leaves."""
        left = [o for o in runs if o.x1 <= r.x0 + 0.1 * h and o.x0 > xl + tol
                and min(o.y1, r.y1) - max(o.y0, r.y0) >= 0.5 * min(o.y1 - o.y0, r.y1 - r.y0)]
        if not left:
            return True
        o = max(left, key=lambda o: o.x1)
        return r.x0 - o.x1 >= CELL_GAP * h or any(
            o.x1 <= b.bbox[0] and b.bbox[2] <= r.x0 + 0.1 * h and b.bbox[1] < r.y1 and b.bbox[3] > r.y0 for b in bars)

    rows_at: dict[int, set[int]] = {}
    for r in inside:
        if set_apart(r):
            rows_at.setdefault(edge_of(r), set()).add(row_of(r))
    label_edges = [x for x in other_columns if x > xv - tol]
    rows: list[GridRow] = []
    for k, c in enumerate(cells):
        mine = [r for r in inside if row_of(r) == k]
        label_cell = Cell(page, tuple(Span(page, tuple(r.words)) for r in c), True)
        text = " ".join(r.text for r in c)
        if not mine:
            # a label with nothing beside it: an empty cell, or a heading across the table
            heading = not labels.exact(label_key(text)) or any(r.x1 > xv + tol for r in c)
            rows.append(GridRow(page, (Cell(page, label_cell.lines, not heading),), heading))
            continue
        groups: dict[int, list[_Run]] = {}
        for r in mine:
            groups.setdefault(edge_of(r), []).append(r)
        parts: list[tuple[list[_Run], bool]] = []  # each cell's runs, and whether it is a label
        after_label = True
        for e in sorted(groups):
            rs = groups[e]
            txt = " ".join(r.text for r in sorted(rs, key=lambda r: r.y0))
            at_label_edge = any(abs(edges[e] - x) <= tol for x in label_edges)
            is_lab = (at_label_edge and _label_like(txt)) or \
                (len(rs) <= 2 and _label_like(txt) and labels.exact(label_key(txt)))
            if parts and not (is_lab or after_label or at_label_edge or len(rows_at.get(e, ())) >= 2):
                # words a wide space apart inside a cell, at an edge no other row's cell starts
                # at: more of the cell on their left
                parts[-1][0].extend(rs)
            else:
                parts.append((list(rs), is_lab))
            after_label = is_lab
        cells_ = []
        for rs, is_lab in parts:
            lines = _lines(page, rs)
            if not is_lab and len(lines) > 1 and _label_like(lines[0].text) and labels.exact(label_key(lines[0].text)) \
                    and lines[0].bbox[3] <= min(r.y0 for r in c) + 0.2 * h:
                lines = lines[1:]  # a column's header over the first row's value ('CNPJ' / '24.319.919/0001-00')
            cells_.append(Cell(page, lines, is_lab))
        if _header_row([label_cell] + cells_, runs, h):
            # a columns table's header row ('Cidade de Origem  Placa do Veículo  Encerramento'
            # over a line of values): each cell labels the value under it, none the one beside it
            cells_ = [Cell(page, cell.lines, True) for cell in cells_]
        rows.append(GridRow(page, (label_cell,) + tuple(cells_)))
    if sum(1 for row in rows if row.pairs() and row.pairs()[0][1] is not None and labels.exact(row.cells[0].key)) < 2:
        return None  # two labels it knows with a value beside each, at least: a table of keys and values
    return Grid(page, tuple(rows), max((r.x1 for r in inside), default=1.0))


def _header_row(cells: list[Cell], runs: list[_Run], h: float) -> bool:
    """Whether a row's cells, three or more, are all one line of label-like words with no
    figure, and the line right under them starts a run under three of them at least."""
    if len(cells) < 3 or any(len(c.lines) != 1 or not _label_like(c.text) or any(ch.isdigit() for ch in c.text)
                             for c in cells):
        return False
    y1 = max(w.bbox[3] for c in cells for w in c.words)
    under = [r for r in runs if y1 - 0.2 * h <= r.y0 <= y1 + 1.5 * h]
    tol = COLUMN_TOL * h
    return sum(any(abs(r.x0 - c.x0) <= tol for r in under) for c in cells) >= 3


def _lines(page: int, runs: list[_Run]) -> tuple[Span, ...]:
    """A cell's runs as its printed lines, top to bottom, each line's words left to right."""
    lines: list[list[_Run]] = []
    for r in sorted(runs, key=lambda r: r.cy):
        last = lines[-1][-1] if lines else None
        if last is not None and min(r.y1, last.y1) - max(r.y0, last.y0) >= 0.5 * min(r.y1 - r.y0, last.y1 - last.y0):
            lines[-1].append(r)
        else:
            lines.append([r])
    return tuple(Span(page, tuple(w for r in sorted(ln, key=lambda r: r.x0) for w in r.words)) for ln in lines)


def _wraps(cell: list[_Run], r: _Run, labels: _Labels, tight: bool) -> bool:
    """Whether a run under a label's line goes on with that label ('INSTITUIÇÃO DE' / 'ENSINO'),
    not the next label of a table set tight ('CONTRATANTE' / 'CNPJ')."""
    head = label_key(" ".join(x.text for x in cell))
    tail = label_key(r.text)
    both = label_key(" ".join(x.text for x in cell) + " " + r.text)
    if head.split() and head.split()[-1] in _PARTICLES:
        return True  # 'LOCAL DA' / 'ASSINATURA'
    if labels.exact(tail) and both not in labels.spellings and not labels.begins(head):
        return False  # a label of its own under a line no label begins with ('CNP)' / 'NESTE ATO ...')
    if labels.exact(both) or labels.begins(both):
        return True
    # (neither known: only lines set as close as one label's, 'VENCIMENTO' over 'MODALIDADE' is two)
    return tight and not labels.exact(head) and not labels.exact(tail)


def _cut(runs: list[_Run], a: float, b: float, h: float) -> float:
    """Where two rows part between a (the middle of one row label's last line) and b (the middle
    of the next one's first line): in the widest space between the middles of the lines printed
    there (the rule and the padding a grid sets between rows; boxes' edges are too uneven after
    OCR), the lowest of spaces about as wide (a table without rules, evenly spaced: the line
    space before the next label)."""
    if b <= a:
        return (a + b) / 2
    points = [a] + _mids(runs, a, b, h) + [b]
    gaps = [(points[i], points[i + 1]) for i in range(len(points) - 1)]
    widest = max(e - s for s, e in gaps)
    s, e = [g for g in gaps if g[1] - g[0] >= 0.9 * widest][-1]
    return (s + e) / 2


def _edge_cut(runs: list[_Run], at: float, bound: float, pitch: float, h: float) -> float:
    """Where a table's first row begins above its label's line (bound above it), or its last row
    ends below it (bound below): past the lines a line space apart, at the first wider space (a
    value centred in its cell has lines above its label; what is printed above the table, or
    the prose after it, stands further off)."""
    up = bound < at
    lo, hi = (bound, at) if up else (at, bound)
    mids = _mids(runs, lo, hi, h)
    cur = at
    for m in (reversed(mids) if up else mids):
        if abs(m - cur) > 1.35 * pitch:
            break
        cur = m
    step = 0.5 * pitch
    return max(bound, cur - step) if up else min(bound, cur + step)


def _mids(runs: list[_Run], a: float, b: float, h: float) -> list[float]:
    """The middles of the lines printed strictly between a and b, top to bottom (runs of one line,
    their middles within a third of a height, as one)."""
    out: list[float] = []
    for c in sorted(r.cy for r in runs if a < r.cy < b):
        if out and c - out[-1] < 0.3 * h:
            continue
        out.append(c)
    return out


def _edges(xs: list[float], tol: float) -> list[float]:
    """Column edges: the left ends of runs, those within tol of each other as one."""
    out: list[float] = []
    for x in sorted(xs):
        if out and x - out[-1] <= tol:
            continue
        out.append(x)
    return out
