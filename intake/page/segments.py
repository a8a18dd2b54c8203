"""Where one file holding several documents is cut into them: a packet scanned or merged into one PDF,
its documents one after another.

Each page after the first is weighed on its own evidence. That it starts a document: its own type's
title standing as its heading (classify.heading_row: a row of its own, never a table's cell), its
printed page number starting again at 1, the page before numbered the last of its document. That it
goes on with the page before: its number following the page before's (where the numbers may count a
merged file's pages, with the same running header or footer beside them), or the table the page before
ends with going on (its header printed again in the same columns, rows whose columns start where
the last rows' did, its rows' numbers going on: 22 after 21, or its first rows shaped as the
entries the page before ends with). A page that starts a document of another type than the part it
follows starts a new part, however sure or unsure its classification, unless it goes on with the
page before. A page of the same type starts one only where it is headed as a document and its
heading is not the part's own ('... (continuação)', the part's number), and it numbers itself anew,
restates the part's first page with other values (a second fee receipt, a second CRLV) or opens
otherwise (a state's certidão after the federal one). Each part is then classified on its own.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

from intake.classify import classify, heading_row, rules
from intake.page.layout import Layout, LayoutRow
from intake.normalize import ROW_NUMBER, fold
from ocr.model import Extraction, Page

# Rows this far from the page's top or bottom edge are its margins, where a page's number is printed.
MARGIN_TOP, MARGIN_BOTTOM = 0.10, 0.88
# A column starts where another page's does within this fraction of the page's width.
SAME_COLUMN = 0.01
# Share of a page's words (numbers aside) another page prints too, for the two to be the same
# form filled in with other values (pages of one document share at most about half of them).
SAME_FORM = 0.6


@dataclass(frozen=True)
class _View:
    """One page as the cutting weighs it."""
    page: Page
    rows: list[LayoutRow]
    kind: str
    heading: int | None  # the row where its type's title stands as its heading
    beside: bool  # that title printed beside a letterhead on the page's first row
    number: tuple[int, int | None] | None  # its printed page number (n, of N)


def segments(ext: Extraction) -> list[Extraction]:
    """The file's runs of pages, one document each (the whole file when it holds one)."""
    if len(ext.pages) < 2:
        return [ext]
    views = [_view(ext, p) for p in ext.pages]
    runs: list[list[int]] = [[0]]
    current = views[0].kind
    for i in range(1, len(views)):
        if _starts(views, runs[-1][0], i, current):
            runs.append([i])
            current = views[i].kind
        else:
            runs[-1].append(i)
            if current == "unknown":
                current = views[i].kind
    return [ext.model_copy(update={"pages": tuple(views[i].page for i in r)}) for r in runs]


def _view(ext: Extraction, page: Page) -> _View:
    one = ext.model_copy(update={"pages": (page,)})
    kind, _ = classify(one)
    rows = Layout(one).rows.get(page.number, [])
    at = heading_row(one, kind) if kind != "unknown" else None
    return _View(page, rows, kind, at[0] if at else None, bool(at and at[1]), page_number(rows))


def _starts(views: list[_View], first: int, i: int, current: str) -> bool:
    """Whether page i starts a new part after the part that opened at page `first`."""
    v, prev = views[i], views[i - 1]
    if v.kind == "unknown":
        return False  # no type to start
    n, before = v.number, prev.number
    numbered_on = n is not None and before is not None and n[0] == before[0] + 1 and n[1] == before[1]
    # a number counting the file's own pages (n its place in the file, of the file's pages) may
    # have been stamped on a whole packet merged into one file: it keeps documents of one type
    # together, not a page of another type from its own document
    of_file = numbered_on and all(views[j].number in ((j + 1, None), (j + 1, len(views))) for j in (i - 1, i))
    # (a table going on is looked for above another type's heading; beside a letterhead, or of
    # the same type, the heading may be a cell of the table's first row)
    above = v.heading if v.kind != current and not v.beside else None
    # (the same running header or footer beside the numbers, 'Impresso em 01/02/2025' over 'Página
    # 2 de 3': one print of one document, whatever a page's section is titled)
    if numbered_on and (not of_file or v.kind == current or _same_running(prev.rows, v.rows)) \
            or continues(prev.rows, v.rows, above) \
            or numbering_goes_on(prev.rows, v.rows) or entries_go_on(prev.rows, v.rows):
        return False  # 'Página 2 de 3' after 'Página 1 de 3'; a table going on
    again = n is not None and n[0] == 1
    ended = before is not None and before[0] == before[1]
    if v.kind != current:
        return v.heading is not None or again or ended
    # the same type: a new document of it numbers itself anew, restates the first page's form
    # with other values, or is headed otherwise (a state's certidão after the federal one)
    if v.heading is None or _goes_on_heading(v, views[first]):
        return False
    return again or ended or _same_form_other_values(views[first].rows, v.rows) \
        or _opening(views[first]) not in (None, _opening(v))


def _same_running(a: list[LayoutRow], b: list[LayoutRow]) -> bool:
    """Whether two pages print the same line of words in their top or bottom margin, at about the
    same height, the page number's own line aside: a document's running header or footer."""
    def running(rows: list[LayoutRow]) -> dict[str, float]:
        return {r.text: r.y0 for r in rows
                if (r.y1 < MARGIN_TOP or r.y0 > MARGIN_BOTTOM) and page_number([r]) is None
                and len(r.words) >= 2 and sum(ch.isalpha() for ch in r.text) >= 6}
    there = running(b)
    return any(t in there and abs(there[t] - y) < 0.02 for t, y in running(a).items())


def _opening(v: _View) -> tuple[str, ...] | None:
    """The page's rows down to its heading, numbers aside (a letterhead and a title)."""
    if v.heading is None:
        return None
    return tuple(" ".join(k for k in r.keys if k and not any(c.isdigit() for c in k)) for r in v.rows[:v.heading + 1])


_REFERENCE = re.compile(r"\d{6,}")
_BETWEEN_DIGITS = re.compile(r"(?<=\d)[\s./-]+(?=\d)")


def _references(rows: list[LayoutRow]) -> set[str]:
    """The long numbers the rows print (a policy's, a contract's, a CNPJ), their separators dropped."""
    return {m for r in rows for m in _REFERENCE.findall(_BETWEEN_DIGITS.sub("", r.text))}


def _goes_on_heading(v: _View, first: _View) -> bool:
    """Whether the page's heading says it goes on with the part's document: '(continuação)', or
    the document's number printed on its first page ('APÓLICE Nº 05.53.9747955-4 - CONDIÇÕES
    PARTICULARES')."""
    assert v.heading is not None
    if any(k in rules().continuation_words for r in v.rows[:v.heading + 1] for k in r.keys):
        return True
    # (the heading's own: a letterhead's CNPJ or telephone is on every document its issuer prints)
    return bool(_references([v.rows[v.heading]]) & _references(first.rows))


# ---------------------------------------------------------------------------- page numbers


@cache
def _labelled() -> re.Pattern[str]:
    words = "|".join(sorted(rules().page_number_words, key=len, reverse=True))
    return re.compile(rf"\b(?:{words})\b\.?\s*(?:n[o.]?\s*)?(\d{{1,3}})(?:\s*(?:de|of|/)\s*(\d{{1,3}}))?\b")


_BARE = re.compile(r"[-–\s]*(\d{1,3})\s*(?:/|de)\s*(\d{1,3})[-–\s]*")


def page_number(rows: list[LayoutRow]) -> tuple[int, int | None] | None:
    """The page's number as printed in its top or bottom margin: (n, of N), N None when not
    printed ('Folha 2'); None when the page prints none."""
    for row in rows:
        if MARGIN_TOP <= row.y0 and row.y1 <= MARGIN_BOTTOM:
            continue
        for run in _runs(row):
            text = fold(" ".join(w.text for w in run))
            m = _labelled().search(text) or _BARE.fullmatch(text)
            if m is None:
                continue
            n, of = int(m.group(1)), int(m.group(2)) if m.group(2) else None
            if n >= 1 and (of is None or n <= of):
                return n, of
    return None


# ---------------------------------------------------------------------------- tables going on


def _runs(row: LayoutRow) -> list[list]:
    """A row's runs of words, cut where the gap is wider than one and a half times its height
    (a table's cells)."""
    out: list[list] = [[row.words[0]]]
    for a, b in zip(row.words, row.words[1:]):
        if b.bbox[0] - a.bbox[2] > 1.5 * row.height:
            out.append([])
        out[-1].append(b)
    return out


def _starts_of(row: LayoutRow) -> list[float]:
    """Where the row's runs of words start (a table's columns)."""
    return [run[0].bbox[0] for run in _runs(row)]


def continues(before: list[LayoutRow], rows: list[LayoutRow], heading: int | None = None) -> bool:
    """Whether a page goes on with the table the page before it ends with: among its first rows
    (those above its own heading, if it has one) the table's header printed again in the same
    columns ('# DOC. TIPO DO DOCUMENTO NOME DO ALUNO'), or rows whose columns start where the
    last rows' columns did (a passenger's 'Certidão de Nascimento' in a cell is no new
    document's title). A letterhead printed again is no table: a row of one column is none."""
    top = rows[:4] if heading is None else rows[:min(heading, 4)]
    table = [r for r in top if len(_starts_of(r)) >= 2]
    if not table or not before:
        return False
    for r in table[:2]:
        for j, b in enumerate(before):
            # (a header names three columns at least: two are a label and its value, which
            # another document of the same form prints too; rows in its columns follow it; and
            # the same row in the same place at the top of both pages is a form's opening restated;
            # a cell wrapped over lines splits a table's row into text rows of fewer columns each,
            # so the rows following are looked for among the header's next six text rows)
            cols = _starts_of(b)
            if len(_starts_of(r)) >= 3 and j != rows.index(r) and _header_again(r, [b]) \
                    and _columns_agree(_starts_of(r), cols) >= 2 \
                    and sum(_columns_agree(_starts_of(x), cols) >= max(2, 2 * len(cols) / 3)
                            for x in before[j + 1:j + 7]) >= 2:
                return True
    if len(table) < 2 or table[0] not in rows[:2]:
        return False
    last = [x for r in before[-8:] if len(_starts_of(r)) >= 2 for x in _starts_of(r)]
    xs: list[float] = []
    for x in (x for r in table[:3] for x in _starts_of(r)):
        if all(abs(x - y) > SAME_COLUMN for y in xs):
            xs.append(x)
    return len(xs) >= 3 and all(any(abs(x - y) <= SAME_COLUMN for y in last) for x in xs)


def numbering_goes_on(before: list[LayoutRow], rows: list[LayoutRow]) -> bool:
    """Whether the page's first rows go on numbering the rows the page before ends with: the last
    numbered row there is n, and one of the page's first rows opens with n + 1 where it opened (a
    list's table printed without its header again, its rows not in columns)."""
    last = next((r for r in reversed(before[-8:]) if r.words and ROW_NUMBER.fullmatch(r.words[0].text)), None)
    if last is None or len(last.words) < 3:
        return False
    n = int(re.sub(r"\D", "", last.words[0].text))
    x0 = last.words[0].bbox[0]
    return any(len(r.words) >= 3 and ROW_NUMBER.fullmatch(r.words[0].text)
               and int(re.sub(r"\D", "", r.words[0].text)) == n + 1 and abs(r.words[0].bbox[0] - x0) <= 2 * SAME_COLUMN
               for r in rows[:4])


_NUMBER = re.compile(r"\d[\d.\-/]{4,}")


def _entry(row: LayoutRow) -> tuple[float, bool] | None:
    """A row that is a person's entry in a list set as running text: three words at least, a
    document's number (five digits or more) and a name's word in capitals; (where it starts,
    whether it opens with letters). Else None."""
    ws = row.words
    if len(ws) < 3 or not any(_NUMBER.fullmatch(w.text.strip(",;")) for w in ws) \
            or not any(len(w.text) >= 3 and w.text.isupper() and w.text.isalpha() for w in ws):
        return None
    return ws[0].bbox[0], ws[0].text[:1].isalpha()


def entries_go_on(before: list[LayoutRow], rows: list[LayoutRow]) -> bool:
    """Whether the page opens, nothing above them, with entries shaped as the ones the page before
    ends with (their first word where theirs was, letters where theirs were letters, a number and
    a name): a list's rows going on, its header not printed again and its rows in no columns
    ('CERTIDÃO 148289 01 55 ... EMANUELE ...' is a passenger's row, no certidão's title)."""
    last = [e for e in map(_entry, before[-8:]) if e is not None]
    if len(last) < 3:
        return False
    opening = [_entry(r) for r in rows[:3]]
    if opening[0] is None or sum(e is not None for e in opening) < 2:
        return False
    return all(e is None or sum(abs(e[0] - x) <= SAME_COLUMN and e[1] == a for x, a in last) >= 3 for e in opening)


def _columns_agree(a: list[float], b: list[float]) -> int:
    """How many of one row's column starts another row shares."""
    return sum(1 for x in a if any(abs(x - y) <= 2 * SAME_COLUMN for y in b))


def _header_again(first: LayoutRow, before: list[LayoutRow]) -> bool:
    """Whether a row is a row of the page before printed again: the same words, or all but one
    in four of them where OCR lost or garbled a column's heading."""
    head = " ".join(k for k in first.keys if k).split()
    if len(head) < 3:
        return False
    for r in before:
        words = " ".join(k for k in r.keys if k).split()
        if head == words:
            return True
        shared = sum((Counter(head) & Counter(words)).values())
        if len(head) >= 4 and len(words) >= 4 and shared >= 0.75 * max(len(head), len(words)):
            return True
    return False


# ---------------------------------------------------------------------------- one form, other values


def _same_form_other_values(first: list[LayoutRow], rows: list[LayoutRow]) -> bool:
    """Whether a page prints the same form as the part's first page with other values in it:
    most of its words (numbers aside) are the first page's, as a second fee receipt's or a
    second CRLV's are, where a page going on with a document says other things; and its numbers
    are not all the first page's (the same page twice)."""
    def words(rs: list[LayoutRow], digits: bool) -> Counter[str]:
        return Counter(k for r in rs for k in r.keys if len(k) > 1 and any(c.isdigit() for c in k) == digits)

    a, b = words(first, False), words(rows, False)
    if sum((a & b).values()) < SAME_FORM * max(a.total(), b.total(), 1):
        return False
    return words(first, True) != words(rows, True)
