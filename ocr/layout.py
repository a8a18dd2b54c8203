"""Words from positioned characters, lines from words, and one reading order for both.

Reading order is the same whatever the source: rows top to bottom, and left to right
within a row. Words of one row far apart (two columns, a label and a distant value) stay
separate lines, so parsers can read fields by position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ocr.model import BBox, Line, Word, trusted_line, trusted_word

# Horizontal gap, in character heights, that ends a word (PDFs often omit space glyphs).
WORD_GAP = 0.25
# Horizontal gap, in line heights, that splits a row into separate lines.
LINE_GAP = 1.5


@dataclass(frozen=True)
class Glyph:
    """One character with its box as page fractions (top-left origin)."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return min(a1, b1) - max(a0, b0)


def _same_row(a: BBox, b: BBox) -> bool:
    """Vertical overlap of at least half the smaller height."""
    ha, hb = a[3] - a[1], b[3] - b[1]
    return _overlap(a[1], a[3], b[1], b[3]) >= 0.5 * max(min(ha, hb), 1e-9)


def words_from_glyphs(glyphs: Iterable[Glyph], conf: float = 1.0) -> list[Word]:
    """Group characters in content order into words (see words_from_chars)."""
    glyphs = list(glyphs)
    return words_from_chars([g.text for g in glyphs], [(g.x0, g.y0, g.x1, g.y1) for g in glyphs], conf)


def words_from_chars(chars: Sequence[str], boxes: Sequence[BBox], conf: float = 1.0,
                     bold: Sequence[bool] | None = None) -> list[Word]:
    """Characters in content order (boxes: page fractions) grouped into words. A word
    ends at a blank, a jump to another line, a step backwards, or a gap wider than
    WORD_GAP glyph heights (many PDFs draw no space glyph between words). `bold`, where
    given, says per character whether its face is bold: a word is as its first character."""
    words: list[Word] = []
    start = 0  # the word's first character
    text: list[str] = []
    prev_i = -2
    py0 = px1 = py1 = ph = 0.0  # the previous character's top, right, bottom and height
    wx0 = wy0 = wx1 = wy1 = 0.0  # the word's box so far
    for i, c in enumerate(chars):
        if not c.strip():
            continue
        x0, y0, x1, y1 = boxes[i]
        h = y1 - y0
        if text:
            hmax = h if h > ph else ph
            if hmax < 1e-9:
                hmax = 1e-9
            gap = x0 - px1
            if (i - prev_i > 1 or gap > WORD_GAP * hmax or gap < -0.5 * hmax
                    or (y1 if y1 < py1 else py1) - (y0 if y0 > py0 else py0) < 0.5 * (h if h < ph else ph)):
                # Values are valid by construction; skipping pydantic's validation halves a page's cost.
                words.append(trusted_word("".join(text), (wx0, wy0, wx1, wy1), conf,
                                          bold[start] if bold is not None else False))
                text = []
        if text:
            if x0 < wx0:
                wx0 = x0
            if y0 < wy0:
                wy0 = y0
            if x1 > wx1:
                wx1 = x1
            if y1 > wy1:
                wy1 = y1
        else:
            wx0, wy0, wx1, wy1 = x0, y0, x1, y1
            start = i
        text.append(c)
        prev_i, py0, px1, py1, ph = i, y0, x1, y1, h
    if text:
        words.append(trusted_word("".join(text), (wx0, wy0, wx1, wy1), conf,
                                  bold[start] if bold is not None else False))
    return words


def _rows(items: Sequence, bbox_of) -> list[list]:
    """Cluster items into rows by vertical overlap; rows top to bottom."""
    rows: list[tuple[BBox, list]] = []
    for b, item in sorted(((bbox_of(i), i) for i in items), key=lambda bi: (bi[0][1] + bi[0][3]) / 2):
        # Only the last few rows can overlap an item met in order of its centre.
        for ref, members in reversed(rows[-4:]):
            if _same_row(ref, b):
                members.append(item)
                break
        else:
            rows.append((b, [item]))
    groups = _settle([members for _, members in rows], bbox_of)
    return [sorted(members, key=lambda i: bbox_of(i)[0]) for members in groups if members]


def _settle(groups: list[list], bbox_of) -> list[list]:
    """Move an item to the neighbouring row it overlaps clearly more than its own. Items are met
    in order of their centre, so a word printed a little taller than its line (accents and a
    cedilla in a fallback font: 'VIAÇÃO') can join the row of another column set half a line
    higher before its own row is begun."""
    if len(groups) < 2:
        return groups

    def ref(members: list) -> tuple[float, float]:
        y0 = sorted(bbox_of(m)[1] for m in members)
        y1 = sorted(bbox_of(m)[3] for m in members)
        return y0[len(y0) // 2], y1[len(y1) // 2]

    refs = {i: ref(g) for i, g in enumerate(groups)}
    order = sorted(range(len(groups)), key=lambda i: sum(refs[i]) / 2)
    moves: list[tuple[int, int, object]] = []
    for n, i in enumerate(order):
        if len(groups[i]) < 2:
            continue
        for item in groups[i]:
            b = bbox_of(item)
            # (the row's others only, in a short row: the item itself is half of two)
            mine = refs[i] if len(groups[i]) > 3 else ref([m for m in groups[i] if m is not item])
            own = _overlap(*mine, b[1], b[3])
            for j in (order[n - 1] if n else None, order[n + 1] if n + 1 < len(order) else None):
                if j is None or len(groups[j]) < 2:
                    continue
                other = _overlap(*refs[j], b[1], b[3])
                if other > own + 0.25 * (b[3] - b[1]) and _same_row((0.0, refs[j][0], 0.0, refs[j][1]), b):
                    moves.append((i, j, item))
                    break
    for i, j, item in moves:
        groups[i] = [m for m in groups[i] if m is not item]
        groups[j].append(item)
    return groups


def lines_from_words(words: Sequence[Word]) -> list[Line]:
    """Rows of words split at wide gaps, in reading order."""
    lines: list[Line] = []
    for row in _rows(words, lambda w: w.bbox):
        height = sorted(w.bbox[3] - w.bbox[1] for w in row)[len(row) // 2]
        current = [row[0]]
        for prev, word in zip(row, row[1:]):
            if word.bbox[0] - prev.bbox[2] > LINE_GAP * height:
                lines.append(trusted_line(tuple(current)))
                current = []
            current.append(word)
        lines.append(trusted_line(tuple(current)))
    return lines


def order_lines(lines: Sequence[Line]) -> list[Line]:
    """Lines made elsewhere (Tesseract) put in the same reading order as text-layer lines."""
    boxes = {id(ln): ln.bbox for ln in lines}  # a line's bbox is worked out from its words each time
    return [line for row in _rows(lines, lambda ln: boxes[id(ln)]) for line in row]
