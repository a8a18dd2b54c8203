"""Prose as one string with a map back to its words."""

from __future__ import annotations

from collections.abc import Iterable

from domain.documents import Field
from intake import normalize as nz
from intake.page.layout import Span
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
        self.text = "".join(parts)
        self.owner = owner
        self.folded = nz.fold_chars(self.text)

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
