"""Text printed across a page's rows: a caption set at a right angle (a QR code's 'Valide este
QRCode com app Vio' running up its side, a stamp along a margin).

Its letters stand level with the rows beside it but belong to none of them. Left in a row, a
letter reads as a value ('o' beside 'CÓDIGO RENAVAM'), closes a box or leaves it open by where
it happens to fall, and a run of them at one x passes for a table's value column. So such text
is set apart before rows are built, by its geometry alone:
- a text layer gives each of its glyphs as a word of one character (the next one is a line
  away): a stack of them, one right over another at the same x-range, each box lying on its
  side (wider than tall: the glyph's depth across, its advance along);
- OCR gives its words standing up, in boxes much taller than wide and than the page's words,
  one over another (or one long word alone).
"""

from __future__ import annotations

from collections.abc import Sequence

from intake.normalize import key
from ocr.model import Word

STACK = 3  # glyphs one over another that make a rotated run (a word of three letters)
LYING = 1.5  # a rotated glyph's box: its depth across, this many times its advance (median)
SAME_X = 0.1  # of the glyph's depth: how far the edges of one run's glyphs may differ
STEP = 0.6  # of the glyph's depth: the widest gap between two glyphs of a run (a space's)
OVERLAP = 0.3  # of the glyph's depth: how far two glyphs of a run may overlap (tight spacing)
STANDING = 1.5  # an OCR word this many times taller than wide, and than the page's words


def set_apart(lines: Sequence[Sequence[Word]], aspect: float = 1.0) -> tuple[list[list[Word]], list[Word]]:
    """The lines without the words of rotated text, and those words. `aspect`: the page's width
    over its height (boxes are fractions of each, and a glyph lies on its side or stands by its
    true proportions)."""
    words = [w for ws in lines for w in ws]
    rotated = _glyph_stacks(words, aspect) | _standing_words(words, aspect)
    if not rotated:
        return [list(ws) for ws in lines], []
    kept = [[w for w in ws if id(w) not in rotated] for ws in lines]
    return kept, [w for w in words if id(w) in rotated]


def _glyph_stacks(words: list[Word], aspect: float) -> set[int]:
    """Single glyphs lying on their side, stacked in runs of STACK or more at one x-range."""
    runs: list[list[Word]] = []
    lying = (w for w in words if len(w.text.strip()) == 1 and 0 < _h(w) <= _w(w, aspect))
    for g in sorted(lying, key=lambda w: w.bbox[1]):
        run = next((r for r in runs if _continues(r[-1], g, aspect)), None)
        if run is None:
            runs.append([g])
        else:
            run.append(g)
    out: set[int] = set()
    for run in runs:
        if len(run) >= STACK:
            ratios = sorted(_w(g, aspect) / _h(g) for g in run)
            if ratios[len(ratios) // 2] >= LYING:
                out.update(id(g) for g in run)
    return out


def _continues(prev: Word, g: Word, aspect: float) -> bool:
    """g the next glyph of prev's run: the same x-range, right under it (a space's gap at most,
    or a little overlap)."""
    depth = max(_w(prev, aspect), _w(g, aspect))
    if abs(g.bbox[0] - prev.bbox[0]) * aspect > SAME_X * depth or abs(g.bbox[2] - prev.bbox[2]) * aspect > SAME_X * depth:
        return False
    gap = g.bbox[1] - prev.bbox[3]
    return -OVERLAP * depth <= gap <= STEP * depth


def _standing_words(words: list[Word], aspect: float) -> set[int]:
    """OCR words read up or down the page: boxes much taller than wide, and much taller than the
    page's words (a narrow letter, 'l', or a word of them, 'ijl', is as tall as its line): words
    of three letters or more one over another in one column, a column of three such boxes
    however OCR read them ('e', '8', '&': a caption read as specks), or one long word standing
    alone. A short word whose box a table's rule stretched stands alone and keeps its row."""
    heights = sorted(_h(w) for w in words if len(key(w.text).replace(" ", "")) >= 2)
    if not heights:
        return set()
    typical = heights[len(heights) // 2]
    standing = [w for w in words if key(w.text) and _h(w) >= STANDING * _w(w, aspect) and _h(w) >= STANDING * typical]
    out = set()
    for w in standing:
        n = len(key(w.text).replace(" ", ""))
        column = [o for o in standing if o is not w and _same_column(w, o)]
        if (n >= 3 and any(len(key(o.text).replace(" ", "")) >= 3 for o in column)) or len(column) >= 2 \
                or (n >= 5 and _h(w) >= 3 * _w(w, aspect)):
            out.add(id(w))
    return out


def _same_column(a: Word, b: Word) -> bool:
    """Two standing words of one run: most of the narrower one's width shared, and the gap
    between them no wider than they are."""
    ix = min(a.bbox[2], b.bbox[2]) - max(a.bbox[0], b.bbox[0])
    if ix < 0.5 * min(a.bbox[2] - a.bbox[0], b.bbox[2] - b.bbox[0]):
        return False
    gap = max(a.bbox[1], b.bbox[1]) - min(a.bbox[3], b.bbox[3])
    return gap <= max(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1])


def _w(w: Word, aspect: float = 1.0) -> float:
    """The box's width, in the page's height units."""
    return (w.bbox[2] - w.bbox[0]) * aspect


def _h(w: Word) -> float:
    return w.bbox[3] - w.bbox[1]
