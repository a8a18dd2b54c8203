"""Text set in columns: a contract typeset in two columns of prose is read column by column.

Rows are built from lines side by side at the same height, which is right for a form (a label and
its value far right, two boxes on one row) and wrong for prose in columns: a row would join the
end of a left column's line to the start of the right column's, and a value would run on from one
column into the other (`Porto licenciado na categoria aluguel`). So a page's gutters are found
first, from its geometry alone (a recursive XY-cut's first vertical cut, on one level):

- a gutter is an upright band of white, at least GUTTER wide, that no word crosses over a stretch
  of the page at least LINES lines tall;
- beside it, on both sides, stand columns of prose: lines of several words (WORDS) that fill
  their column (FILL of its width), as typeset text does. A form's label column beside its value
  column is no such thing (labels are short and ragged), nor is a table's column of numbers, so
  forms and tables are left as they were.

Within a gutter's stretch the lines on each side are rows of that side only, and the left
column's rows come before the right column's (reading order); the rest of the page keeps its
order around the stretch.
"""

from __future__ import annotations

from collections.abc import Sequence
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from statistics import median

from ocr.model import Word

GUTTER = 0.012  # of the page's width: the narrowest white band between two columns
STEP = 0.004  # where gutters are looked for, across the page's middle
LINES = 6  # lines of prose on each side of a gutter, at least
WORDS = 4  # a line of prose holds this many words (median over a column)
FILL = 0.6  # a column's lines fill this share of its width (median)
MIN_WORDS = 60  # a page with fewer words has no columns of prose
DIGITS = 0.25  # share of a column's words holding digits, at most, for prose
INNER = 0.5  # share of a column's lines parted at one x that makes it a table, not prose


@dataclass(frozen=True)
class Gutter:
    x: float  # the white band's middle: words left of it are the left column's
    y0: float  # the stretch of the page it runs down
    y1: float


def gutters(words: Sequence[Word]) -> list[Gutter]:
    """The page's gutters between columns of prose, top to bottom."""
    ws = [w for w in words if w.text.strip() and w.bbox[3] > w.bbox[1]]
    if len(ws) < MIN_WORDS:
        return []
    h = median(w.bbox[3] - w.bbox[1] for w in ws)
    # candidate cuts across the page's middle; runs of neighbouring cuts are one gutter
    xs: list[float] = []
    x = 0.25
    while x <= 0.75:
        xs.append(x)
        x = round(x + STEP, 6)
    page = _Sweep(ws, h, xs)
    found: list[Gutter] = []
    cuts: list[tuple[float, float, float]] = []
    for i, x in enumerate(xs):
        for y0, y1 in page.free_stretches(i):
            if page.prose_both_sides(x, y0, y1):
                cuts.append((x, y0, y1))
    for x, y0, y1 in cuts:
        # a gutter is the middle of the run of cuts sharing its stretch
        same = [c for c in cuts if abs(c[1] - y0) < h and abs(c[2] - y1) < h]
        mid = (min(c[0] for c in same) + max(c[0] for c in same)) / 2
        if not any(abs(g.x - mid) < GUTTER and abs(g.y0 - y0) < h for g in found):
            found.append(Gutter(mid, y0, y1))
    # one gutter per stretch: overlapping stretches keep the tallest
    found.sort(key=lambda g: g.y1 - g.y0, reverse=True)
    kept: list[Gutter] = []
    for g in found:
        if all(g.y1 <= k.y0 or g.y0 >= k.y1 for k in kept):
            kept.append(g)
    return sorted(kept, key=lambda g: g.y0)


class _Sweep:
    """A page's words indexed for the sweep of cuts across its middle, which asks the same
    question of the same words many times: each word is listed under the cuts it crosses; within
    one stretch, the words left of a cut are those ending before it, so their number names them,
    and each side's set of words is judged as prose once (only whether it reaches up to the cut
    depends on where the cut is)."""

    def __init__(self, ws: list[Word], h: float, xs: list[float]):
        self.h = h
        half = GUTTER / 2
        plus = [x + half for x in xs]
        minus = [x - half for x in xs]
        self.top = min(w.bbox[1] for w in ws)
        self.bottom = max(w.bbox[3] for w in ws)
        # each cut's free stretches (LINES lines tall or more, where no word crosses its band),
        # found in one sweep down the page: the boxes crossing each cut met top to bottom (by top,
        # then bottom), each cut's stretch open from where the boxes so far end
        tall = LINES * 1.2 * h
        reached = [self.top] * len(xs)
        self.free: list[list[tuple[float, float]]] = [[] for _ in xs]
        for y0, y1, x0, x1 in sorted((w.bbox[1], w.bbox[3], w.bbox[0], w.bbox[2]) for w in ws):
            for i in range(bisect_right(plus, x0), bisect_left(minus, x1)):
                y = reached[i]
                if y0 - y >= tall:
                    self.free[i].append((y, y0))
                if y1 > y:
                    reached[i] = y1
        for i, y in enumerate(reached):
            if self.bottom - y >= tall:
                self.free[i].append((y, self.bottom))
        # words by their middle's height, ties in the page's order (as _lines orders them)
        self.by_cy = sorted(ws, key=lambda w: (w.bbox[1] + w.bbox[3]) / 2)
        self.cys = [(w.bbox[1] + w.bbox[3]) / 2 for w in self.by_cy]
        self.digits = [any(map(str.isdigit, w.text)) for w in self.by_cy]  # words holding digits
        self._stretch: dict[tuple[float, float], tuple[list[Word], list[float], list[float]]] = {}
        self._bounds: dict[tuple[float, float], tuple[int, int]] = {}  # a stretch's words in by_cy
        self._side: dict[tuple[float, float, int, int], tuple[bool, float, float]] = {}

    def free_stretches(self, i: int) -> list[tuple[float, float]]:
        """Stretches of the page, LINES lines tall or more, where no word crosses the i-th cut's band."""
        return self.free[i]

    def prose_both_sides(self, x: float, y0: float, y1: float) -> bool:
        got = self._stretch.get((y0, y1))
        if got is None:
            lo, hi = bisect_left(self.cys, y0), bisect_right(self.cys, y1)
            inside = self.by_cy[lo:hi]
            got = (inside, sorted(w.bbox[2] for w in inside), sorted(w.bbox[0] for w in inside))
            self._stretch[(y0, y1)] = got
            self._bounds[(y0, y1)] = (lo, hi)
        inside, ends, starts = got
        return (self._side_prose(inside, y0, y1, 0, bisect_right(ends, x), x)
                and self._side_prose(inside, y0, y1, 1, len(starts) - bisect_left(starts, x), x))

    def _side_prose(self, inside: list[Word], y0: float, y1: float, side: int, n: int, x: float) -> bool:
        key = (y0, y1, side, n)
        got = self._side.get(key)
        if got is None:
            # (the side's words in by_cy's order, which is _lines' order, with their middles and
            # how many of them hold digits)
            lo, hi = self._bounds[(y0, y1)]
            at = [i for i in range(lo, hi) if self.by_cy[i].bbox[2] <= x] if side == 0 \
                else [i for i in range(lo, hi) if self.by_cy[i].bbox[0] >= x]
            part = [self.by_cy[i] for i in at]
            got = self._side[key] = _prose(part, self.h, [self.cys[i] for i in at],
                                           sum(self.digits[i] for i in at))
        ok, x0, x1 = got
        # a column reaches up to its gutter
        return ok and (x - x1 if side == 0 else x0 - x) <= 0.05


def _lines(ws: list[Word], h: float) -> list[list[Word]]:
    out: list[list[Word]] = []
    for w in sorted(ws, key=lambda w: (w.bbox[1] + w.bbox[3]) / 2):
        cy = (w.bbox[1] + w.bbox[3]) / 2
        if out and abs(cy - (out[-1][0].bbox[1] + out[-1][0].bbox[3]) / 2) <= 0.5 * h:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def _lines_in_order(ws: list[Word], cys: list[float], h: float) -> list[list[Word]]:
    """_lines of words already in the order of their middles `cys`."""
    out: list[list[Word]] = []
    first = 0.0  # the middle of the current line's first word
    for w, cy in zip(ws, cys):
        if out and abs(cy - first) <= 0.5 * h:
            out[-1].append(w)
        else:
            out.append([w])
            first = cy
    return out


def _prose(ws: list[Word], h: float, cys: list[float] | None = None, digits: int | None = None
           ) -> tuple[bool, float, float]:
    """Whether words stand as a column of prose, wherever its gutter is; and the column's left
    and right edges (only where it is prose). `cys`: the words' middles, the words given in
    their order (as _lines sorts them); `digits`: how many of them hold digits."""
    # LINES lines, half of them WORDS words long at least: never fewer words than this
    if len(ws) < LINES // 2 * WORDS:
        return False, 0.0, 0.0
    if digits is not None and digits > DIGITS * len(ws):
        return False, 0.0, 0.0  # (the figures' test below, asked first: it costs least)
    lines = _lines(ws, h) if cys is None else _lines_in_order(ws, cys, h)
    if len(lines) < LINES or median(len(line) for line in lines) < WORDS:
        return False, 0.0, 0.0
    x0 = min(w.bbox[0] for w in ws)
    x1 = max(w.bbox[2] for w in ws)
    width = x1 - x0
    if width <= 0:
        return False, x0, x1
    fill = median((max(w.bbox[2] for w in line) - min(w.bbox[0] for w in line)) / width for line in lines)
    if fill < FILL:
        return False, x0, x1
    # prose is words, not figures; and its words flow: no white band of its own runs down it, as
    # one does between a table's columns (a coverage's name, its amount, its basis)
    if digits is None and sum(any(c.isdigit() for c in w.text) for w in ws) > DIGITS * len(ws):
        return False, x0, x1
    return not _inner_gutter(lines, x0, x1), x0, x1


def _inner_gutter(lines: list[list[Word]], x0: float, x1: float) -> bool:
    """Whether a white band runs down between words of most lines, at a cut somewhere inside
    x0..x1: each line counted at the cuts it stands apart at (its words on both sides, none on
    the cut), every cut at once."""
    half = GUTTER / 2
    xs: list[float] = []
    x = x0 + 0.1 * (x1 - x0)
    while x <= x1 - 0.1 * (x1 - x0):
        xs.append(x)
        x += STEP
    plus = [x + half for x in xs]
    minus = [x - half for x in xs]
    count = [0] * (len(xs) + 1)  # differences: lines apart at each cut
    for line in lines:
        lo = bisect_right(minus, min(w.bbox[0] for w in line))  # words left of the cut's band
        hi = bisect_left(plus, max(w.bbox[2] for w in line))  # and right of it
        crossed = sorted(c for c in ((bisect_right(plus, w.bbox[0]), bisect_left(minus, w.bbox[2])) for w in line)
                         if c[0] < c[1])
        at = lo
        for c0, c1 in crossed + [(hi, hi)]:
            c0, c1 = max(c0, at), min(c1, hi)
            if c0 > at:
                count[at] += 1
                count[min(c0, hi)] -= 1
            at = max(at, c1)
            if at >= hi:
                break
    apart = 0
    for i in range(len(xs)):
        apart += count[i]
        if apart >= INNER * len(lines):
            return True
    return False


def block_of(words: Sequence[Word], found: Sequence[Gutter]) -> list[tuple[tuple[int, int] | None, list[Word]]]:
    """A line's words cut at the gutter its stretch has: (gutter's index, side) and the words of
    each side; the whole line, with no block, outside every stretch."""
    if not found or not words:
        return [(None, list(words))]
    cy = median((w.bbox[1] + w.bbox[3]) / 2 for w in words)
    for i, g in enumerate(found):
        if g.y0 <= cy <= g.y1:
            left = [w for w in words if (w.bbox[0] + w.bbox[2]) / 2 < g.x]
            right = [w for w in words if (w.bbox[0] + w.bbox[2]) / 2 >= g.x]
            return [((i, side), part) for side, part in ((0, left), (1, right)) if part]
    return [(None, list(words))]
