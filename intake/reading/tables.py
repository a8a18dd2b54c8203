"""Tables read by their header, whatever the order of their columns.

The header is the row (or two rows, a header wrapped in its cell) that names at least
`min_cols` of the table's columns, each by one of its spellings (intake/doctypes), each
spelling a run of words with no column gap inside it: 'Documento   Tipo' is two columns,
never the one 'DOCUMENTO TIPO'. A column spans from its header's left edge to the next
header's. Each word of a row below goes to the column its centre falls in.

Rows may wrap: a cell printed on two or three lines, centred against its neighbours (a
coverage's name beside its limit). With an `anchor` column (one that holds one short value per
row: a limit, a number), each run of lines of another column joins the anchor line it faces;
without one, a line with nothing in the `key` columns continues the row above.
The table goes on over the next pages (its header repeated or not) and ends at a row that
starts with a stop phrase (unless rows of the table follow it: a group's subtotal).
"""

from __future__ import annotations

import itertools

from collections.abc import Callable, Mapping, Sequence, Set
import re
from dataclasses import dataclass
from typing import cast

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from intake.page.layout import Layout, Row, Span, LayoutRow
from intake.normalize import ROW_NUMBER, key
from ocr.model import Word, union_bbox

# words of one header label are never this many row heights apart
HEADER_GAP = 1.2
TIGHT_GAP = 0.6  # row heights: wider than a word's space (~0.3-0.5), a tight table's column gap
UNNAMED = ""  # a column the header shows but the table's vocabulary does not name


@dataclass(frozen=True)
class Column:
    name: str
    x0: float  # where the column starts (its header's left edge, less a tolerance)
    x1: float
    header: tuple[Word, ...]
    spelling: str


@dataclass
class Table:
    columns: list[Column]
    rows: list[Row]
    header_page: int
    header_row: int

    def named(self, name: str) -> bool:
        return any(c.name == name for c in self.columns)

    def named_count(self) -> int:
        """How many of its columns the header names (a header printed again names them again)."""
        return sum(1 for c in self.columns if c.name != UNNAMED)

    def header_words(self, name: str) -> tuple[Word, ...]:
        return next((c.header for c in self.columns if c.name == name), ())


def _match_runs(row: LayoutRow, spellings: dict[str, str], fuzzy: bool) -> list[tuple[int, int, str, str]]:
    """Header labels in a row: (start, end, column, spelling), longest first at each place,
    never across a column gap."""
    keys = row.keys
    n = len(keys)
    out = []
    i = 0
    max_words = 6
    compact = {s.replace(" ", ""): s for s in spellings}
    while i < n:
        if not keys[i]:
            # a column headed by a symbol ('#'): its spelling is the symbol itself
            sym = row.words[i].text.strip()
            if sym and ("#sym:" + sym) in spellings:
                out.append((i, i + 1, spellings["#sym:" + sym], sym))
            i += 1
            continue
        best = None
        for j in range(min(n, i + max_words), i, -1):
            if any(row.words[k].bbox[0] - row.words[k - 1].bbox[2] > HEADER_GAP * row.height for k in range(i + 1, j)):
                continue
            cand = " ".join(k for k in keys[i:j] if k)
            if cand in spellings:
                best = (j, cand, 1.0)
                break
            if fuzzy and len(cand.replace(" ", "")) >= 5:
                c = cand.replace(" ", "")
                edits = max(1, len(c) // 8)
                hit = process.extractOne(c, list(compact), scorer=Levenshtein.distance, score_cutoff=edits)
                # a loose match never swallows a whole word at its ends ('Nº NOME DO PASSAGEIRO' is
                # two headers, 'Nº' and 'NOME DO PASSAGEIRO', never one misread)
                ends = [t.replace(" ", "") for t in (keys[i], keys[j - 1]) if t]
                if hit is not None and j - i > 1 and any(len(t) <= hit[1] for t in ends):
                    hit = None
                if hit is not None:
                    best = (j, compact[hit[0]], 0.9)
                    break
        if best is None:
            i += 1
            continue
        j, spelling, _ = best
        out.append((i, j, spellings[spelling], spelling))
        i = j
    return out


def read_table(layout: Layout, columns: Mapping[str, Sequence[str]], *, min_cols: int = 2,
               stop: Sequence[str] = (), anchor: str | Sequence[str] | None = None, key_columns: Sequence[str] = (),
               key_first: Sequence[str] = (),
               keep: Callable[[Row], bool] | None = None, tol: float = 0.012,
               require: Sequence[str] = (), regrid: bool = False,
               goes_on: Callable[[Row], bool] | None = None, others: Sequence[str] = ()) -> Table | None:
    """The first table whose header names `min_cols` of the columns (and every `require`d
    one), with its rows; None when no header is found. key_columns: a line with nothing in them
    continues a row (a wrapped cell); key_first: columns that, when the table has them, are the
    only key; regrid: an OCR'd body's words set on their own printed lines (`_regrid`); goes_on:
    a row of the table's own, so that a stop phrase with one such row in the next two lines
    below it is a group's line ('Total do ponto 1: 16' between a list's groups), no end; others:
    words naming someone the rows are not ('RESPONSÁVEL'): a header cell that holds one beside a
    column's spelling ('CPF DO RESPONSÁVEL') is that person's column, none of the table's."""
    spellings: dict[str, str] = {}
    for name, labels in columns.items():
        for lab in labels:
            k = key(lab) or ("#sym:" + lab.strip() if lab.strip() else "")
            if k and k not in spellings:
                spellings[k] = name
    stop_keys = [key(s) for s in stop]
    furniture = _furniture(layout)
    other_keys = frozenset(key(o) for o in others)
    table: Table | None = None
    bounds: list[Column] | None = None
    panes: list[tuple[float, list[Column]]] = []
    for page in layout.pages:
        rows = layout.rows[page.number]
        pos = 0  # where a header is looked for: the page's top, then where one is printed again
        ended = False
        while True:
            # (printed again: looked for where it stands, not over the rest of the page)
            header = _header(rows[pos:pos + 6] if pos else rows, spellings,
                             min_cols if table is None else max(min_cols, table.named_count()),
                             page.source == "ocr", require, tol, other_keys)
            begin = 0
            if header is not None:
                cols, hrow = header
                cols, panes = _panes(cols)
                if table is None:
                    table = Table(cols, [], page.number, hrow)
                    # a numbering column keys the rows alone: every other cell may wrap (a long
                    # birth certificate's number over two lines)
                    first_keys = [k for k in key_first if table.named(k)]
                    if first_keys:
                        key_columns = first_keys
                    if anchor is not None and not isinstance(anchor, str):
                        anchor = next((a for a in anchor if table.named(a)), None)
                # a header printed again where the first one's columns stand, naming fewer of them
                # (a kind column's title left out): the columns are the first header's still
                bounds = cols if bounds is None or not _placed_as(cols, bounds) else bounds
                begin = hrow + 1
            elif pos or table is None or bounds is None:
                break
            body = rows[begin:]
            if regrid and page.source == "ocr":
                body = _regrid(body, layout.tilt.get(page.number, 0.0))
            ended, again = False, None
            # (a table set twice side by side, rows going on in its right half: each half in turn)
            for left, pane in [(0.0, bounds), *panes]:
                right = next((x for x, _ in panes if x > left), 1.0)
                part = body if not panes else _clipped(body, left, right)
                visual, ended, again = _body(part, pane, rows[begin - 1] if begin > 0 else None, stop_keys,
                                             page.number, goes_on, spellings if table.named_count() >= 2 else None,
                                             furniture)
                # (a list of anchors was narrowed to one name where the table's header was found)
                table.rows += _logical(visual, cast(str | None, anchor), key_columns, page.number, keep,
                                       wraps=not any(table.named(k) for k in key_first), whole=goes_on)
            # the header printed again below or beside (the page's columns read one after the
            # other): the table goes on under it, in the columns it sets
            if again is None or panes or again not in rows or rows.index(again) <= pos:
                break
            pos = rows.index(again)
        if ended:
            break
    return table


def _body(body: list[LayoutRow], bounds: list[Column], prev: LayoutRow | None, stop_keys: list[str], page: int,
          goes_on: Callable[[Row], bool] | None, spellings: dict[str, str] | None = None,
          furniture: frozenset[str] = frozenset()
          ) -> tuple[list[tuple[LayoutRow, dict[str, list[Word]], list[Word]]], bool, LayoutRow | None]:
    """A page's table rows under its header, each line's words by column; whether the table ended
    on the page (a stop phrase, a blank band); the row where the header is printed again, if
    `spellings` are given and it is (the rows then stop there). Rows of the pages' running header
    or footer (`furniture`) are none of the table's."""
    visual: list[tuple[LayoutRow, dict[str, list[Word]], list[Word]]] = []
    gaps: list[float] = []
    spellings = spellings or {}
    named = {c.name for c in bounds if c.name != UNNAMED} if spellings else set()
    for at, row in enumerate(body):
        if len(named) >= 2 and len(row.words) <= 12 and not any(ch.isdigit() for k in row.keys for ch in k):
            if {name for _, _, name, _ in _match_runs(row, spellings, False)} == named:
                return visual, False, row
        rk = " ".join(k for k in row.keys if k)
        if rk in furniture and (row.y1 < _RUNNING or row.y0 > 1 - _RUNNING):
            continue
        if stop_keys and any(rk.startswith(sk) for sk in stop_keys) and \
                not _goes_on(body[at + 1:at + 3], bounds, page, goes_on):
            return visual, True, None
        if prev is not None and len(visual) >= 2:
            pitch = sorted(gaps)[len(gaps) // 2]
            if row.y0 - prev.y1 > 2.5 * pitch + 1.5 * row.height:
                # a blank band: the table is over, unless it ran to the page's foot (a footer
                # follows, and the table goes on over the page)
                return visual, prev.y1 < 0.75, None
        if prev is not None:
            gaps.append(max(0.0, row.y0 - prev.y1))
        prev = row
        cells, specks = _assign(row, bounds)
        if cells:
            visual.append((row, cells, specks))
    return visual, False, None


_RUNNING = 0.15  # how near a page's top or foot its running header and footer stand


def _furniture(layout: Layout) -> frozenset[str]:
    """The text of rows printed on two pages or more near their top or foot: a running header or
    footer (an insurer's address, 'Impresso em ...'), no table's row where a table reaches it."""
    seen: dict[str, set[int]] = {}
    if len(layout.pages) < 2:
        return frozenset()
    for page in layout.pages:
        for row in layout.rows[page.number]:
            if row.y1 < _RUNNING or row.y0 > 1 - _RUNNING:
                seen.setdefault(" ".join(k for k in row.keys if k), set()).add(page.number)
    return frozenset(t for t, pages in seen.items() if t and len(pages) >= 2)


def _clipped(rows: list[LayoutRow], left: float, right: float) -> list[LayoutRow]:
    """The rows' words that start between left and right (a pane of a table set side by side)."""
    out = []
    for r in rows:
        at = [k for k, w in enumerate(r.words) if left <= w.bbox[0] < right]
        if at:
            out.append(LayoutRow(r.page, r.index, tuple(r.words[k] for k in at), tuple(r.keys[k] for k in at)))
    return out


def _repeated(seq: Sequence[str]) -> int:
    """How many times a header's column names run over again in the same order (two columns or
    more each time, none twice in one run), or 0."""
    for n in (2, 3):
        k = len(seq) // n
        if k >= 2 and len(seq) % n == 0 and len(set(seq[:k])) == k and \
                all(seq[i * k:(i + 1) * k] == seq[:k] for i in range(n)):
            return n
    return 0


def _panes(cols: list[Column]) -> tuple[list[Column], list[tuple[float, list[Column]]]]:
    """A header naming the same columns twice or more, in the same order, side by side ('Nº NOME
    CPF   Nº NOME CPF'): one table set in panes, its rows going on from one pane to the next.
    The first pane's columns, and where each further pane starts with its own columns."""
    named = [c for c in cols if c.name != UNNAMED]
    n = _repeated([c.name for c in named])
    if n:
        k = len(named) // n
        starts = [0.0] + [named[i * k].x0 for i in range(1, n)] + [1.0]
        split = [[c for c in cols if a <= c.x0 < b] for a, b in zip(starts, starts[1:])]
        for pane in split:
            pane[-1] = Column(pane[-1].name, pane[-1].x0, 1.0, pane[-1].header, pane[-1].spelling)
        return split[0], [(starts[i], split[i]) for i in range(1, n)]
    return cols, []


def _goes_on(rows: Sequence[LayoutRow], cols: list[Column], page: int, goes_on: Callable[[Row], bool] | None) -> bool:
    """Whether one of these lines is a row of the table's own (`goes_on`)."""
    if goes_on is None:
        return False
    for row in rows:
        cells, _ = _assign(row, cols)
        if cells and goes_on(Row(page, {n: Span(page, tuple(ws)) for n, ws in cells.items()})):
            return True
    return False


def _placed_as(cols: list[Column], first: list[Column]) -> bool:
    """Whether every column a header names stands where the first header had it."""
    at = {c.name: c.header[0].bbox[0] for c in first if c.name != UNNAMED and c.header}
    named = [c for c in cols if c.name != UNNAMED and c.header]
    return bool(named) and all(c.name in at and abs(c.header[0].bbox[0] - at[c.name]) <= 0.01 for c in named)


def _regrid(rows: list[LayoutRow], tilt: float) -> list[LayoutRow]:
    """An OCR'd table body with every word on the printed line it stands on. OCR may read a
    narrow ruled column as one tall 'line' (a numbering column's '12 13 14' stacked, or a run of
    its cells down half the page), which would join every row it crosses into one: such a row's
    words go each to the row whose line it stands on (a new row where none does), a word read
    again there in part dropped; a word taller than two lines read unsure (a rule, a shaded band
    read as text) stands on no line."""
    real = [w for r in rows for w in r.words if _real_word(w)]
    if len(real) < 3:
        return rows
    h = sorted(w.bbox[3] - w.bbox[1] for w in real)[len(real) // 2]

    def cy(w: Word) -> float:  # a word's middle, the page's tilt undone
        return (w.bbox[1] + w.bbox[3]) / 2 - tilt * ((w.bbox[0] + w.bbox[2]) / 2 - 0.5)

    lines: list[list[Word]] = []
    loose: list[Word] = []
    changed = False
    for r in rows:
        # (a row's number read with the cell's rule glued to it, '19|', has the rule's height: a
        # number, not a rule, where its middle is in line with its row's words)
        line = [cy(w) for w in r.words if _real_word(w)]
        ws = [w for w in r.words if w.bbox[3] - w.bbox[1] <= 2.2 * h or w.conf >= 0.5
              or _ruled_number(w, line, h, cy)]
        changed |= len(ws) < len(r.words)
        # (a row's number may be one digit; a lone letter is as often a speck)
        mids = [cy(w) for w in ws if _real_word(w) or w.text.isdigit() and w.conf >= 0.5] or [cy(w) for w in ws]
        if not ws:
            continue
        if max(mids) - min(mids) > h:
            loose += ws  # words of several lines
            changed = True
        else:
            lines.append(ws)
    if not changed:
        return rows
    centres = [sorted(cy(w) for w in ws)[len(ws) // 2] for ws in lines]
    for w in sorted(loose, key=cy):
        c = cy(w)
        k = min(range(len(lines)), key=lambda i: abs(centres[i] - c), default=None)
        if k is None or abs(centres[k] - c) > 0.6 * h:
            lines.append([w])
            centres.append(c)
        elif not any(_read_over(w, v) for v in lines[k]):
            lines[k].append(w)
    order = sorted(range(len(lines)), key=lambda i: centres[i])
    out = []
    for n, i in enumerate(order):
        ws = sorted(lines[i], key=lambda w: w.bbox[0])
        out.append(LayoutRow(rows[0].page, rows[0].index + n, tuple(ws), tuple(key(w.text) for w in ws)))
    return out


def _ruled_number(w: Word, line: list[float], h: float, cy: Callable[[Word], float]) -> bool:
    """A word of two digits or more whose middle lies among its row's words' middles (within
    half a line): a number whose box a rule glued to it made tall, no rule read as text."""
    k = key(w.text).replace(" ", "")
    return len(k) >= 2 and k.isdigit() and bool(line) and min(line) - h / 2 <= cy(w) <= max(line) + h / 2


def _read_over(w: Word, v: Word) -> bool:
    """Whether w, read in a tall 'line', lies over much of a word v its row read there: a second
    read of that place (the same number read twice, '1/2024' over the '2024001234' of the row's
    own line)."""
    ix = min(w.bbox[2], v.bbox[2]) - max(w.bbox[0], v.bbox[0])
    iy = min(w.bbox[3], v.bbox[3]) - max(w.bbox[1], v.bbox[1])
    return ix > 0.3 * (w.bbox[2] - w.bbox[0]) and iy > 0


def _real_word(w: Word) -> bool:
    """Two letters or digits or more, read with half a confidence or more: no speck."""
    return len(key(w.text).replace(" ", "")) >= 2 and w.conf >= 0.5


def _stacked(band: list[LayoutRow], cuts: Sequence[float] = ()) -> LayoutRow | None:
    """A header wrapped over rows ('Nº DE' / 'ORDEM', 'TIPO DO' / 'DOCUMENTO') as one row: the
    words of the rows stacked by column, each stack read top to bottom. `cuts`: where columns'
    headers were found to start on the first row (a small 'ITEM' set close to 'NOME')."""
    for a, b in zip(band, band[1:]):
        if b.y0 - a.y1 > 0.6 * max(a.height, b.height):
            return None
    top, bottom = band[0], band[-1]
    # where a cell starts on any of the lines: a run of words on another line that crosses one is
    # two cells' ('RESPONSÁVEL DOCUMENTO' under 'DOC. DO' and 'TIPO DO', set close in narrow cells)
    starts = [w.bbox[0] for r in band for k, w in enumerate(r.words)
              if k == 0 or w.bbox[0] - r.words[k - 1].bbox[2] > HEADER_GAP * r.height] + list(cuts)
    all_words = []  # each row's runs (a cell's words on one line) as one word
    for r in band:
        run: list[Word] = []
        tol = 0.3 * r.height
        for w in list(r.words) + [None]:
            if run and (w is None or w.bbox[0] - run[-1].bbox[2] > HEADER_GAP * r.height
                        or any(run[-1].bbox[2] <= b + tol and w.bbox[0] >= b - tol for b in starts)):
                all_words.append(Word(text=" ".join(v.text for v in run), bbox=union_bbox(v.bbox for v in run),
                                      conf=min(v.conf for v in run)))
                run = []
            if w is not None:
                run.append(w)
    stacks: list[list[Word]] = []
    for w in sorted(all_words, key=lambda w: (w.bbox[0], w.bbox[1])):
        for st in stacks:
            x0 = min(v.bbox[0] for v in st)
            x1 = max(v.bbox[2] for v in st)
            if w.bbox[0] < x1 + 0.4 * top.height and w.bbox[2] > x0 - 0.4 * top.height:
                st.append(w)
                break
        else:
            stacks.append([w])
    if len(stacks) == len(all_words):
        return None  # nothing stacked: rows, not one header
    words = []
    for st in stacks:
        st.sort(key=lambda w: (round(w.bbox[1], 3), w.bbox[0]))
        words.append(Word(text=" ".join(w.text for w in st), bbox=union_bbox(w.bbox for w in st),
                          conf=min(w.conf for w in st)))
    words.sort(key=lambda w: w.bbox[0])
    return LayoutRow(top.page, bottom.index, tuple(words), tuple(key(w.text) for w in words))


def _bottom_named(stacked: LayoutRow, top: LayoutRow, bottom: LayoutRow, found: list[tuple[int, int, str, str]],
                  spellings: dict[str, str], fuzzy: bool) -> list[tuple[int, int, str, str]]:
    """A wrapped header's cells named as the matches say, and a cell no spelling names whole
    named by its last line where that line alone is a spelling ('Modalidade do' / 'Doc.': the
    document's column, its words above qualifying it), as the last line read alone names it;
    never where that loses a column the first line alone names ('Nº' over 'Registro')."""
    covered = {k for i, j, _, _ in found for k in range(i, j)}
    taken = {name for _, _, name, _ in found}
    named_words = {t for sp in spellings for t in sp.split() if len(t) >= 3}
    out = list(found)
    for i, j, name, spelling in _match_runs(bottom, spellings, fuzzy):
        if name in taken:
            continue
        ws = bottom.words[i:j]
        mid = (ws[0].bbox[0] + ws[-1].bbox[2]) / 2
        at = next((k for k, w in enumerate(stacked.words) if w.bbox[0] <= mid <= w.bbox[2]), None)
        tail = key(" ".join(w.text for w in ws))
        if at is None or at in covered or not stacked.keys[at].endswith(tail):
            continue
        if named_words & set(stacked.keys[at][:-len(tail)].split()):
            continue  # the words above are another column's ('CPF DO' over 'RESPONSÁVEL'): two headers run together
        out.append((at, at + 1, name, spelling))
        covered.add(at)
        taken.add(name)
    if len(out) > len(found) and not {n for _, _, n, _ in _match_runs(top, spellings, fuzzy)} <= taken:
        return found
    return sorted(out)


def _header(rows: list[LayoutRow], spellings: dict[str, str], min_cols: int, fuzzy: bool,
            require: Sequence[str], tol: float, others: frozenset[str] = frozenset()
            ) -> tuple[list[Column], int] | None:
    best = None
    for k, row in enumerate(rows):
        if any(sum(ch.isdigit() for ch in w.text) >= 4 for w in row.words):
            continue  # a number or a date: a row of values ('8 RG 7.374.169 ... DO NASCIMENTO'), no header
        tries = [(row, 1)]
        alone = _match_runs(row, spellings, fuzzy)  # (the row on its own: also the first try's)
        cuts = [row.words[i].bbox[0] for i, _, _, _ in alone]
        for n in (2, 3, 4, 5):  # a header's cells wrapped over up to five lines, centred
            if k + n <= len(rows):
                st = _stacked(rows[k:k + n], cuts)
                if st is not None:
                    tries.append((st, n))
        # (a header cell wrapped over lines shows whose it is only where its lines are stacked)
        others_at = [w for cand, _ in tries for w in cand.words if others.intersection(key(w.text).split())]
        for cand, lines in tries:
            matched = alone if cand is row else _bottom_named(cand, row, rows[k + lines - 1],
                                                               _match_runs(cand, spellings, fuzzy), spellings, fuzzy)
            found, theirs = _of_others(cand, matched, others_at)
            named: dict[str, tuple[int, int, str]] = {}
            for i, j, name, spelling in found:
                named.setdefault(name, (i, j, spelling))
            if len(named) < min_cols or any(r not in named for r in require) or \
                    _phrase(cand, found, {k for ws in theirs for k, w in enumerate(cand.words) if w in ws}):
                continue
            score = (len(named), sum(len(sp) for _, _, sp in named.values()))
            if best is None or score > best[2]:
                best = (named, cand, score, found, rows[k + lines:k + lines + 10], theirs)
    if best is None:
        return None
    named, row, _, found, below, theirs = best
    if _repeated([name for _, _, name, _ in sorted(found)]):
        # the same columns named again beside them: panes of one table (_panes), each run a column
        again = theirs
        runs = [(row.words[i:j], name, spelling) for i, j, name, spelling in found]
    else:
        named, again = _named_once(row, found, named)
        again += theirs
        runs = [(row.words[i:j], name, spelling) for name, (i, j, spelling) in named.items()]
    unnamed = [ws for ws in _unnamed(row, found, spellings, below) if not any(ws[0] in other for other in again)]
    heads = sorted(runs + [(ws, UNNAMED, "") for ws in unnamed + again], key=lambda t: t[0][0].bbox[0])
    cols = []
    for k, (ws, name, spelling) in enumerate(heads):
        x0 = 0.0 if k == 0 else ws[0].bbox[0] - tol
        x1 = heads[k + 1][0][0].bbox[0] - tol if k + 1 < len(heads) else 1.0
        cols.append(Column(name, x0, x1, tuple(ws), spelling))
    return cols, row.index


def _cells(row: LayoutRow) -> list[list[int]]:
    """The header's cells: runs of its words set apart by a column gap."""
    runs: list[list[int]] = []
    for k, w in enumerate(row.words):
        if runs and w.bbox[0] - row.words[runs[-1][-1]].bbox[2] <= HEADER_GAP * row.height:
            runs[-1].append(k)
        else:
            runs.append([k])
    return runs


def _of_others(row: LayoutRow, found: list[tuple[int, int, str, str]], others_at: Sequence[Word]
               ) -> tuple[list[tuple[int, int, str, str]], list[tuple[Word, ...]]]:
    """The spellings found less those in a header cell that also names someone the rows are not
    ('CPF DO RESPONSÁVEL', 'NOME DA MÃE': `others_at`, the header's words naming such a person,
    its wrapped lines stacked), and those cells: columns of their own that name none of the
    table's (a guardian's CPF is no passenger's document)."""
    if not others_at:
        return found, []
    # (a wrapped header's stacked row: each of its words is a cell)
    cells = [[k] for k in range(len(row.words))] if any(" " in w.text for w in row.words) else _cells(row)
    cell_of = {k: n for n, run in enumerate(cells) for k in run}

    def theirs(cell: int) -> bool:
        x0, x1 = row.words[cells[cell][0]].bbox[0], row.words[cells[cell][-1]].bbox[2]
        return any(w.bbox[0] < x1 and w.bbox[2] > x0 for w in others_at)

    out = {c for c in range(len(cells)) if theirs(c)}
    kept = [f for f in found if cell_of[f[0]] not in out]
    return kept, [tuple(row.words[k] for k in cells[c]) for c in sorted(out)]


def _named_once(row: LayoutRow, found: list[tuple[int, int, str, str]], named: dict[str, tuple[int, int, str]]
                ) -> tuple[dict[str, tuple[int, int, str]], list[tuple[Word, ...]]]:
    """A column named in two of the header's cells, its spelling filling one whole and the other
    in part ('Nome do aluno' and 'Nome do responsável'): the one it fills names it; the other is a
    column of its own that names none of the table's (its cells are no part of the one beside it).
    Two cells it fills whole ('Documento', 'Número') stay one column, as they print one thing."""
    cell_of = {k: n for n, run in enumerate(_cells(row)) for k in run}
    cells = _cells(row)
    out, again = dict(named), []
    for name in named:
        runs = [(i, j, sp) for i, j, n, sp in found if n == name]
        by_cell: dict[int, tuple[int, int, str]] = {}
        for i, j, sp in runs:
            by_cell.setdefault(cell_of[i], (i, j, sp))
        if len(by_cell) < 2:
            continue
        whole = [c for c in by_cell if len(cells[c]) == by_cell[c][1] - by_cell[c][0]]
        if len(whole) != 1:
            continue
        out[name] = by_cell[whole[0]]
        again += [tuple(row.words[k] for k in cells[c]) for c in by_cell if c != whole[0]]
    return out, again


def _unnamed(row: LayoutRow, found: list[tuple[int, int, str, str]], spellings: Mapping[str, str],
             below: Sequence[LayoutRow] = ()) -> list[tuple[Word, ...]]:
    """The header's other columns: each run of its words (set apart by a column gap) that names
    none of the table's ('Poltrona', 'Órgão emissor' in a passenger list). Their cells are no
    cell of the named columns beside them (a seat's '02' is no part of the CPF before it). A run
    that may be a named column's header misread, cut or spaced apart is none: one holding a word
    of a spelling of the table's ('CARTEIRA RR DE' for 'CARTEIRA DE IDENTIDADE', 'EMISSOR' left of
    'RG / ÓRGÃO EMISSOR' when OCR lost the rest, 'COMPLETO' set apart from its 'NOME'). A word
    read unsure heads a column where the rows below start a word where it starts ('Obsenvações'
    over 'ida e volta')."""
    taken = {k for i, j, _, _ in found for k in range(i, j)}
    known = {t for sp in spellings for t in sp.split()}
    runs: list[list[int]] = []
    for k, w in enumerate(row.words):
        if runs and w.bbox[0] - row.words[runs[-1][-1]].bbox[2] <= HEADER_GAP * row.height:
            runs[-1].append(k)
        else:
            runs.append([k])
    out = []
    for run in runs:
        parts = [run]
        if taken.intersection(run):
            # a header set tight beside named ones ('NASCIMENTO BENEFICIÁRIO(A) CURSO'): the words
            # between them head a column of their own where set apart by more than a word's space
            # and the rows below start a word under them ('NOME DO USUÁRIO' is one header)
            parts = [list(g) for named, g in itertools.groupby(run, key=lambda k: k in taken) if not named]
            parts = [p for p in parts if p[0] > 0 and _aligned(row.words[p[0]], below)
                     and row.words[p[0]].bbox[0] - row.words[p[0] - 1].bbox[2] >= TIGHT_GAP * row.height]
        for part in parts:
            words = [key(row.words[k].text) for k in part
                     if _heading_word(row.words[k]) or _letters(row.words[k]) and _aligned(row.words[k], below)]
            # (a gender's '(A)' is a word of many spellings: no sign of a misread)
            if not words or known.intersection(" ".join(t for t in w.split() if len(t) >= 3) for w in words):
                continue
            out.append(tuple(row.words[k] for k in part))
    return out


def _letters(w: Word) -> bool:
    return sum(ch.isalpha() for ch in w.text) >= 3


def _aligned(w: Word, below: Sequence[LayoutRow]) -> bool:
    """Whether most of the rows below that reach as far start a word where w starts: a column (two
    rows at least, both alike where only two do: a table's last rows over a page, its total under
    them ending short of the column)."""
    below = [r for r in below if r.words and max(v.bbox[2] for v in r.words) > w.bbox[0]]
    if len(below) < 2:
        return False
    h = sorted(r.height for r in below)[len(below) // 2]
    at = sum(1 for r in below if any(abs(v.bbox[0] - w.bbox[0]) <= max(0.004, 0.6 * h) for v in r.words))
    return at >= max(2, 0.6 * len(below))


def _heading_word(w: Word) -> bool:
    """A word that may head a column: three letters or more, read sure (a speck OCR read as
    'na' or '|' beside the header heads none)."""
    return sum(ch.isalpha() for ch in w.text) >= 3 and w.conf >= 0.8


# words that join two nouns of one phrase: never set between two columns' headers
_CONJUNCTIONS = frozenset({"e", "ou"})


def _phrase(row: LayoutRow, found: list[tuple[int, int, str, str]], headers: Set[int] = frozenset()) -> bool:
    """Whether two of the headers found are joined by a conjunction alone ('COBERTURAS E LIMITES
    MÁXIMOS DE INDENIZAÇÃO'), or by two words or more that name no column with no column gap
    anywhere between them ('... são por veículo e por evento, exceto nas coberturas indicadas
    ...'): a title's or a sentence's phrase, no row of column headers. `headers`: words known to
    head columns of someone else's ('NOME DO RESPONSÁVEL'), no phrase's."""
    runs = sorted((i, j, spelling.split()) for i, j, _, spelling in found)
    for (_, j, first), (i, _, second) in zip(runs, runs[1:]):
        if any(k in headers for k in range(j, i)):
            continue
        between = [k for k in row.keys[j:i] if k]
        if len(between) >= 2 and not any(row.words[k].bbox[0] - row.words[k - 1].bbox[2] > HEADER_GAP * row.height
                                          for k in range(j, i + 1)):
            return True
        # (or taken into a header's spelling it does not end or open with, by a loose match:
        # 'COBERTURAS E' read as 'COBERTURAS')
        if first and row.keys[j - 1] in _CONJUNCTIONS and first[-1] != row.keys[j - 1]:
            between.append(row.keys[j - 1])
        if second and row.keys[i] in _CONJUNCTIONS and second[0] != row.keys[i]:
            between.append(row.keys[i])
        if len(between) == 1 and between[0] in _CONJUNCTIONS:
            return True
    return False


_RUN_ON = re.compile(r"([^\W\d_]{2,}[.,;]?)(\d[\dXx.\-/]{2,})")


def _run_on(w: Word, cols: list[Column]) -> list[Word]:
    """A cell's text run into the next column with no space ('Conceição1520288690' where a long
    name meets the number's column): split where letters turn to digits, if that is where a
    column starts (the characters' widths estimated as even)."""
    m = _RUN_ON.fullmatch(w.text)
    if not m:
        return [w]
    x0, x1 = w.bbox[0], w.bbox[2]
    cut = x0 + (x1 - x0) * len(m.group(1)) / len(w.text)
    char = (x1 - x0) / len(w.text)
    if not any(x0 + char < c.x0 < x1 - char and abs(c.x0 - cut) <= 3 * char for c in cols):
        return [w]
    return [w.model_copy(update={"text": m.group(1), "bbox": (x0, w.bbox[1], cut, w.bbox[3])}),
            w.model_copy(update={"text": m.group(2), "bbox": (cut, w.bbox[1], x1, w.bbox[3])})]


def _assign(row: LayoutRow, cols: list[Column]) -> tuple[dict[str, list[Word]], list[Word]]:
    cells: dict[str, list[Word]] = {}
    specks: list[Word] = []
    for w in (piece for word in row.words for piece in _run_on(word, cols)):
        if not key(w.text) and w.text.strip() not in ("-", "—", "–"):
            specks.append(w)  # ruling lines read as '|' or '_'; a lone dash is a value
            continue
        width = w.bbox[2] - w.bbox[0]
        x = w.bbox[0] if width > 0.3 else (w.bbox[0] + w.bbox[2]) / 2
        home = next((c for c in cols if c.x0 <= x < c.x1), None)
        # a word that starts a little left of its column (wide, skewed, smudged) belongs where
        # most of it lies
        over = max(cols, key=lambda c: min(w.bbox[2], c.x1) - max(w.bbox[0], c.x0))
        if home is not None and over is not home and \
                min(w.bbox[2], over.x1) - max(w.bbox[0], over.x0) > 0.8 * width:
            home = over
        if home is not None and home.name != UNNAMED:
            cells.setdefault(home.name, []).append(w)
    return cells, specks


def _logical(visual, anchor: str | None, key_columns: Sequence[str], page: int,
             keep: Callable[[Row], bool] | None, wraps: bool = True,
             whole: Callable[[Row], bool] | None = None) -> list[Row]:
    """Visual rows joined into the table's rows (see the module's doc). `whole`: whether a line is
    a row of the table's own by its cells alone (a name and a document's number), for a line whose
    key cell was lost (`_lost_keys`)."""
    groups: list[dict[str, list[Word]]] = []
    specks: list[list[Word]] = []
    if anchor is not None and any(anchor in c for _, c, _ in visual):
        groups, specks = _by_anchor(visual, anchor)
    else:
        keyed = [bool(key_columns) and any(k in cells for k in key_columns) for _, cells, _ in visual]
        if whole is not None and key_columns:
            _lost_keys(visual, keyed, key_columns, page, whole)
        # lines that touch (a cell wrapped over lines, top-aligned or centred against its row) form
        # a cluster; each line of a cluster belongs to the keyed line nearest it (the one above on a tie)
        clusters: list[list[int]] = []
        # a cell's own lines are set at its leading; where that is tight, a gap a quarter of a
        # line wider is the padding between two rows ('... TAVARES / GONÇALVES' over 'NATAN')
        gaps = sorted(max(0.0, b[0].y0 - a[0].y1) for a, b in zip(visual, visual[1:]))
        leading = gaps[len(gaps) // 4] if len(gaps) >= 4 else None
        for i, (row, _, _) in enumerate(visual):
            if clusters:
                last = visual[clusters[-1][-1]][0]
                h = max(row.height, last.height)
                if row.y0 - last.y1 < (0.4 * h if leading is None else min(0.4 * h, leading + 0.25 * h)):
                    clusters[-1].append(i)
                    continue
            clusters.append([i])
        owner = list(range(len(visual)))
        keyed_clusters = [cl for cl in clusters if any(keyed[i] for i in cl)]
        if wraps and len(keyed_clusters) >= 3 and \
                sum(1 for cl in keyed_clusters if sum(keyed[i] for i in cl) == 1) >= 0.6 * len(keyed_clusters):
            # rows set apart by blank bands, most with one keyed line: a band is one row, and a
            # second keyed line in it is its key cell wrapped (a birth certificate's long number);
            # a numbering column (key_first) never wraps, so each number stays a row
            # (a line keyed in another column than the first's wraps no cell of it: a group's
            # 'Subtotal: 17' set close under a row)
            def keys_of(i: int) -> set[str]:
                return {k for k in key_columns if k in visual[i][1]}
            for cl in keyed_clusters:
                first_key = next(i for i in cl if keyed[i])
                for i in cl:
                    keyed[i] = i == first_key or keyed[i] and not keys_of(i) <= keys_of(first_key)
        if key_columns:
            for cl in clusters:
                keys = [i for i in cl if keyed[i]]
                if not keys:
                    continue
                for i in cl:
                    if keyed[i]:
                        continue
                    cy = (visual[i][0].y0 + visual[i][0].y1) / 2
                    owner[i] = min(keys, key=lambda k: (abs((visual[k][0].y0 + visual[k][0].y1) / 2 - cy), k > i))
        index: dict[int, int] = {}
        for i, (row, cells, sp) in enumerate(visual):
            if not keyed[i] and _COUNT_NOTE.fullmatch(row.text.strip()):
                continue  # 'Subtotal: 5' under a group's last row: a note, no cell's wrapped line
            o = owner[i]
            if o not in index:
                index[o] = len(groups)
                groups.append({})
                specks.append([])
            g = index[o]
            for name, ws in cells.items():
                groups[g].setdefault(name, []).extend(ws)
            specks[g].extend(sp)
        for group in groups:
            for name in group:
                group[name] = _reading_order(group[name])
    out = []
    for cells, sp in zip(groups, specks):
        r = Row(page, {n: Span(page, tuple(ws)) for n, ws in cells.items()}, specks=tuple(sp))
        if keep is None or keep(r):
            out.append(r)
    return out


def _number(cells: dict[str, list[Word]], key_columns: Sequence[str]) -> int | None:
    """The row number a line's key cell holds ('7', '07.', '12)'), or None."""
    text = " ".join(w.text for k in key_columns for w in cells.get(k, ())).strip()
    return int(re.sub(r"\D", "", text)) if ROW_NUMBER.fullmatch(text) else None


def _lost_keys(visual, keyed: list[bool], key_columns: Sequence[str], page: int,
               whole: Callable[[Row], bool]) -> None:
    """Lines with no key cell that are rows of their own: a whole entry by its cells, standing
    where the numbers read around it skip exactly one (6, then this line, then 8: a photocopy
    faded its '7'). Such a line is keyed; any other stays a wrapped line of its neighbour's."""
    at = [i for i, k in enumerate(keyed) if k]
    for i, (_, cells, _) in enumerate(visual):
        if keyed[i] or not cells:
            continue
        before = max((j for j in at if j < i), default=None)
        after = min((j for j in at if j > i), default=None)
        if after is None:
            continue
        n1 = _number(visual[before][1], key_columns) if before is not None else 0
        n2 = _number(visual[after][1], key_columns)
        if n1 is None or n2 is None or n2 - n1 != 2:
            continue
        if whole(Row(page, {n: Span(page, tuple(ws)) for n, ws in cells.items()})):
            keyed[i] = True


# a line that is a word or two, a colon and a count ('Subtotal: 5', 'Total do grupo: 12')
_COUNT_NOTE = re.compile(r"[^\W\d_]+(?:\s+[^\W\d_]+){0,3}\s*:\s*\d{1,4}")


def _reading_order(ws: list[Word]) -> list[Word]:
    """A cell's words line by line (words whose centres lie within half a line of each other are
    one line, whatever visual row the reader gave them), left to right."""
    if len(ws) < 2 or any(w.conf < 1.0 for w in ws):
        return ws  # OCR keeps a line's words together (a tilted scan's line is no level row)
    h = sorted(w.bbox[3] - w.bbox[1] for w in ws)[len(ws) // 2]
    lines: list[list[Word]] = []
    for w in sorted(ws, key=lambda w: (w.bbox[1] + w.bbox[3]) / 2):
        cy = (w.bbox[1] + w.bbox[3]) / 2
        if lines and abs(cy - sum((v.bbox[1] + v.bbox[3]) / 2 for v in lines[-1]) / len(lines[-1])) < 0.5 * h:
            lines[-1].append(w)
        else:
            lines.append([w])
    return [w for line in lines for w in sorted(line, key=lambda w: w.bbox[0])]


def _by_anchor(visual, anchor: str):
    """Each run of lines of a column joins the anchor line it faces (centred cells)."""
    lines = [(row, cells[anchor]) for row, cells, _ in visual if anchor in cells]
    groups: list[dict[str, list[Word]]] = [{anchor: list(ws)} for _, ws in lines]
    specks: list[list[Word]] = [[] for _ in lines]
    centres = [(row.y0 + row.y1) / 2 for row, _ in lines]
    orphans: list[tuple[float, dict[str, list[Word]]]] = []
    names = {n for _, cells, _ in visual for n in cells if n != anchor}
    for name in names:
        block: list[tuple[LayoutRow, list[Word]]] = []
        blocks: list[list[tuple[LayoutRow, list[Word]]]] = []
        for row, cells, _ in visual:
            if name not in cells:
                continue
            if block and row.y0 - block[-1][0].y1 > 0.5 * max(row.height, block[-1][0].height):
                blocks.append(block)
                block = []
            block.append((row, cells[name]))
        if block:
            blocks.append(block)
        for b in blocks:
            y0, y1 = b[0][0].y0, b[-1][0].y1
            h = max(r.height for r, _ in b)
            inside = [k for k, c in enumerate(centres) if y0 - 0.5 * h <= c <= y1 + 0.5 * h]
            words = [w for _, ws in b for w in ws]
            if len(inside) == 1:
                groups[inside[0]].setdefault(name, []).extend(words)
            elif len(inside) > 1:
                # a block facing several anchors: each line to the anchor it faces
                for row, ws in b:
                    cy = (row.y0 + row.y1) / 2
                    k = min(range(len(centres)), key=lambda m: abs(centres[m] - cy))
                    groups[k].setdefault(name, []).extend(ws)
            else:
                orphans.append((y0, {name: words}))
    for row, cells, sp in visual:
        if anchor in cells and sp:
            k = next(i for i, (r, _) in enumerate(lines) if r is row)
            specks[k].extend(sp)
    for y0, cells in sorted(orphans, key=lambda t: t[0]):
        groups.append(cells)  # a row with nothing in the anchor column ('Assistência 24h ... incluída')
        specks.append([])
    return groups, specks


def header_runs(row: LayoutRow) -> list[tuple[Word, ...]]:
    """A header row's cells: runs of its words set apart by a column gap, left to right."""
    return [tuple(row.words[k] for k in run) for run in _cells(row)]


def groups_over(rows: Sequence[LayoutRow], k: int, cells: Sequence[tuple[Word, ...]],
                regroup: Callable[[list[tuple[Word, ...]]], list[tuple[Word, ...]]] | None = None) -> list[str]:
    """The group header over each of a header row's cells (rows[k]): the text of the cell of the
    row right above (a line away at most) that spans it, '' where none does. A group's label
    heads several columns ('APP - por passageiro' over 'Morte | Invalidez | DMH'), set over them
    left-aligned or centred: each group reaches halfway to the next group's label, and no
    further out than its own label's width on its outer sides; a cell is the group's whose
    middle lies in that reach. `regroup`: the labels the runs of the row above hold, where two are
    set close ('RCF-V por evento RC Passageiros por evento') or one is spaced wide."""
    if k <= 0 or not cells:
        return [""] * len(cells)
    head, above = rows[k], rows[k - 1]
    if head.y0 - above.y1 > 1.2 * max(head.height, above.height):
        return [""] * len(cells)
    groups = header_runs(above)
    if regroup is not None:
        groups = regroup(groups)
    if not groups:
        return [""] * len(cells)
    spans = [(g[0].bbox[0], g[-1].bbox[2]) for g in groups]
    if len(groups) >= len(cells):
        # as many labels as columns: each the first line of the header below it ('APP' over 'Morte'),
        # a cell's the one standing over it
        out = []
        for c in cells:
            x0, x1 = c[0].bbox[0], c[-1].bbox[2]
            over = [(min(x1, b) - max(x0, a), n) for n, (a, b) in enumerate(spans) if min(x1, b) > max(x0, a)]
            out.append(" ".join(w.text for w in groups[max(over)[1]]) if over else "")
        return out
    reach = []
    for n, (x0, x1) in enumerate(spans):
        width = x1 - x0
        left = (spans[n - 1][1] + x0) / 2 if n > 0 else x0 - width
        right = (x1 + spans[n + 1][0]) / 2 if n + 1 < len(spans) else x1 + width
        reach.append((left, right))
    out = []
    for c in cells:
        mid = (c[0].bbox[0] + c[-1].bbox[2]) / 2
        g = next((n for n, (a, b) in enumerate(reach) if a <= mid < b), None)
        out.append("" if g is None else " ".join(w.text for w in groups[g]))
    return out
