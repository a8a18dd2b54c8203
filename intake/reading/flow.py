"""Prose as one string with a map back to its words."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from domain.documents import Field
from intake import normalize as nz
from intake.page.layout import Layout, Span
from intake.reading.values import field
from ocr.model import Word

_NOISE = {"|", "||", "[", "]", "“", "”", "‘", "’", "_", "—|", "|—"}


class Flow:
    """Text as one string (rows joined by spaces) with a map back to its words, for prose
    whose sentences wrap over rows and pages. fold_chars() keeps offsets, so a match on the
    folded text maps back to the words it covers."""

    def __init__(self, words: list[tuple[int, Word]], rows: list[int] | None = None):
        parts: list[str] = []
        owner: list[int] = []
        rows = rows if rows is not None else [0] * len(words)
        kept = [(pw, r) for pw, r in zip(words, rows) if pw[1].text.strip() not in _NOISE]
        words = [pw for pw, _ in kept]
        rows = [r for _, r in kept]
        for i, (_, w) in enumerate(words):
            if parts:
                parts.append("\n" if rows[i] != rows[i - 1] else " ")  # rows end in a newline
                owner.append(-1)
            parts.append(w.text)
            owner.extend([i] * len(w.text))
        self.words = words
        self.rows = rows  # each word's row
        self.text = "".join(parts)
        self.owner = owner
        self.folded = nz.fold_chars(self.text)

    @classmethod
    def of_layout(cls, layout: Layout) -> Flow:
        """A document's whole text in reading order, its pages one after another, each row a line."""
        items = [((p.number, w), p.number * 100000 + r.index) for p in layout.pages
                 for r in layout.rows[p.number] for w in r.words]
        return cls([pw for pw, _ in items], [k for _, k in items])

    @cached_property
    def _row_edges(self) -> dict[tuple[int, int], tuple[Word, Word]]:
        """Each row's first and last word, by (page, row), in the text's order."""
        out: dict[tuple[int, int], tuple[Word, Word]] = {}
        for (page, w), r in zip(self.words, self.rows):
            first = out.get((page, r), (w, w))[0]
            out[(page, r)] = (first, w)
        return out

    def ends_short(self, newline: int, near: int = 5) -> bool:
        """Whether the row ending at this newline stops where the next row's first word would
        have fitted: against the right edge of the rows near it that start where it starts (its
        paragraph or column), the row was not full, so nothing wraps from it (a heading, a
        label's line, a paragraph's last line)."""
        if not 0 < newline < len(self.owner) - 1 or self.owner[newline - 1] < 0 or self.owner[newline + 1] < 0:
            return False
        i, j = self.owner[newline - 1], self.owner[newline + 1]
        (page, last), (page_next, first) = self.words[i], self.words[j]
        if page_next != page:
            return False
        row = self.rows[i]
        edges = {r: e for (p, r), e in self._row_edges.items() if p == page and abs(r - row) <= near}
        starts = {r: e[0] for r, e in edges.items()}
        ends = {r: e[1] for r, e in edges.items()}
        x0 = starts[row].bbox[0]
        right = max((ends[r].bbox[2] for r, w in starts.items() if r != row and abs(w.bbox[0] - x0) <= 0.03),
                    default=None)
        if right is None:
            return False
        h = last.bbox[3] - last.bbox[1]
        return last.bbox[2] + (first.bbox[2] - first.bbox[0]) + 0.5 * h < right

    def span(self, start: int, end: int) -> Span:
        """The words covering [start, end), on the page where the text starts."""
        idx = sorted({self.owner[k] for k in range(max(0, start), min(end, len(self.owner)))
                      if self.owner[k] >= 0})
        if not idx:
            return Span(1, ())
        page = self.words[idx[0]][0]
        return Span(page, tuple(self.words[k][1] for k in idx if self.words[k][0] == page))

    def field(self, value, start: int, end: int, conf: float | None = None) -> Field:
        return field(value, self.span(start, end), conf)

    def offsets(self, words: Iterable[Word]) -> list[int]:
        """Where each of these words starts in the text (words not in the flow left out)."""
        want = {id(w) for w in words}
        out, seen = [], set()
        for pos, k in enumerate(self.owner):
            if k >= 0 and k not in seen:
                seen.add(k)
                if id(self.words[k][1]) in want:
                    out.append(pos)
        return out
