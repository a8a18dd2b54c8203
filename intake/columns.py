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
    found: list[Gutter] = []
    # candidate cuts across the page's middle; runs of neighbouring cuts are one gutter
    cuts: list[tuple[float, float, float]] = []
    x = 0.25
    while x <= 0.75:
        for y0, y1 in _free_stretches(ws, x, h):
            if _prose_both_sides(ws, x, y0, y1, h):
                cuts.append((x, y0, y1))
        x = round(x + STEP, 6)
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


def _free_stretches(ws: list[Word], x: float, h: float) -> list[tuple[float, float]]:
    """Stretches of the page, LINES lines tall or more, where no word crosses the band at x."""
    half = GUTTER / 2
    blocked = sorted((w.bbox[1], w.bbox[3]) for w in ws if w.bbox[0] < x + half and w.bbox[2] > x - half)
    top = min(w.bbox[1] for w in ws)
    bottom = max(w.bbox[3] for w in ws)
    out: list[tuple[float, float]] = []
    y = top
    for b0, b1 in blocked + [(bottom, bottom)]:
        if b0 - y >= LINES * 1.2 * h:
            out.append((y, b0))
        y = max(y, b1)
    return out


def _lines(ws: list[Word], h: float) -> list[list[Word]]:
    out: list[list[Word]] = []
    for w in sorted(ws, key=lambda w: (w.bbox[1] + w.bbox[3]) / 2):
        cy = (w.bbox[1] + w.bbox[3]) / 2
        if out and abs(cy - (out[-1][0].bbox[1] + out[-1][0].bbox[3]) / 2) <= 0.5 * h:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def _prose_both_sides(ws: list[Word], x: float, y0: float, y1: float, h: float) -> bool:
    inside = [w for w in ws if y0 <= (w.bbox[1] + w.bbox[3]) / 2 <= y1]
    left = [w for w in inside if w.bbox[2] <= x]
    right = [w for w in inside if w.bbox[0] >= x]
    return _prose(left, h, toward=x, left_side=True) and _prose(right, h, toward=x, left_side=False)


def _prose(ws: list[Word], h: float, toward: float, left_side: bool) -> bool:
    lines = _lines(ws, h)
    if len(lines) < LINES:
        return False
    if median(len(line) for line in lines) < WORDS:
        return False
    x0 = min(w.bbox[0] for w in ws)
    x1 = max(w.bbox[2] for w in ws)
    width = x1 - x0
    if width <= 0 or (toward - x1 if left_side else x0 - toward) > 0.05:
        return False  # a column reaches up to its gutter
    fill = median((max(w.bbox[2] for w in line) - min(w.bbox[0] for w in line)) / width for line in lines)
    if fill < FILL:
        return False
    # prose is words, not figures; and its words flow: no white band of its own runs down it, as
    # one does between a table's columns (a coverage's name, its amount, its basis)
    if sum(any(c.isdigit() for c in w.text) for w in ws) > DIGITS * len(ws):
        return False
    return not _inner_gutter(lines, x0, x1)


def _inner_gutter(lines: list[list[Word]], x0: float, x1: float) -> bool:
    half = GUTTER / 2
    x = x0 + 0.1 * (x1 - x0)
    while x <= x1 - 0.1 * (x1 - x0):
        apart = sum(1 for line in lines
                    if min(w.bbox[0] for w in line) < x - half and max(w.bbox[2] for w in line) > x + half
                    and not any(w.bbox[0] < x + half and w.bbox[2] > x - half for w in line))
        if apart >= INNER * len(lines):
            return True
        x += STEP
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
