"""Labels told from values by their typeface, on a text layer.

Forms print their labels in one face and the values in another: 'Placa' bold beside 'IDB4G72'
regular, or the other way round. Where a page does so row after row, a label no vocabulary
lists is still a label: a value read with words of the labels' face at its start holds the
label it was printed under, and one that runs on into words of that face runs into the next
label. The page's habit is measured, never assumed: rows of a run in one face then runs in the
other (a label and its value, or several pairs on a line), the first run short, most of them
alike (label_face). OCR gives no face; a page set in
one face says nothing.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from intake.page.layout import Layout, LayoutRow
from ocr.model import Word

# a row's first run is a label's when it has this many words at most
LABEL_WORDS = 6
# how many rows must show the habit, and how many of those rows alike
MIN_ROWS = 3
AGREE = 0.8


_FACES: WeakKeyDictionary[Layout, dict[int, bool | None]] = WeakKeyDictionary()


def runs(words: list[Word] | tuple[Word, ...]) -> list[list[Word]]:
    """The words split where the face changes."""
    out: list[list[Word]] = []
    for w in words:
        if out and out[-1][-1].bold == w.bold:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def label_face(layout: Layout, page: int) -> bool | None:
    """The face the page prints its labels in (True: bold), where its rows say so; else None."""
    cache = _FACES.setdefault(layout, {})
    if page in cache:
        return cache[page]
    firsts = [r[0][0].bold for r in map(_row_runs, layout.rows.get(page, ()))
              if len(r) >= 2 and len(r[0]) <= LABEL_WORDS and any(c.isalpha() for w in r[0] for c in w.text)]
    face = None
    if len(firsts) >= MIN_ROWS:
        bold = sum(firsts)
        if bold >= AGREE * len(firsts):
            face = True
        elif len(firsts) - bold >= AGREE * len(firsts):
            face = False
    cache[page] = face
    return face


def _row_runs(row: LayoutRow) -> list[list[Word]]:
    return runs(row.words)


def value_words(layout: Layout, page: int, words: list[Word]) -> list[Word] | None:
    """A value's words without the labels' face around it: the first run in the values' face,
    where the value mixes the two faces on a page whose labels have one; None where the faces
    say nothing (one face, or no habit on the page); [] where every word is in the labels'."""
    if len({w.bold for w in words}) < 2:
        return None
    face = label_face(layout, page)
    if face is None:
        return None
    return next((r for r in runs(words) if r[0].bold != face), [])
