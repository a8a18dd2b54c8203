"""Values of a closed vocabulary found by what they are ('ALUGUEL' is a categoria, whatever its
label says: 'FINALIDADE DE USO', 'REGIME DE USO'), where no label of the field holds them.

A value is a run of a row (its words set apart from the rest of the row) whose whole text, or
its whole text after a `LABEL:`, is one word of the field's vocabulary (or an espécie/tipo whose
every part is one). What governs it is the label before its colon, else the run on its left
(unless that is a value: a figure, a word of the vocabulary, a grid's next box), else the words
printed over it: another field's label takes it away (so does a label of the document's other
boxes before its colon), and so does a label holding a word the field's labels never hold
('CATEGORIA ANTERIOR'). One value found under a label no vocabulary spells is sure enough to judge
(LABELLED); found with no label at all, or two values, or where the field's own label holds
a word of no vocabulary, it is unsure.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from domain.documents import UNSURE, Field
from intake import normalize as nz
from intake.page.layout import Layout, LayoutRow, Span
from intake.reading.labels import rule_runs
from intake.reading.shapes import OUTSIDE_VOCABULARY
from intake.reading.values import cap
from intake.reading.vocabulary import Vocabulary, vocabulary
from ocr.model import Word

Parse = Callable[[Span], Field]

SHAPES = ("vocab", "especie")
LABELLED = 0.85  # a closed vocabulary's word under a label of no other field: its meaning is its word


def _runs(row: LayoutRow) -> list[tuple[Word, ...]]:
    """The row's runs of words: apart by a gap, or by a '|' printed between them."""
    return [row.words[a:b] for a, b in rule_runs(row)]


def _text(words) -> str:
    return " ".join(w.text for w in words)


def _governs(voc: Vocabulary, name: str, label: str, colon: bool) -> bool | None:
    """True: a label no vocabulary spells, free of words the field's labels never hold; False:
    another field's label, one holding such a word ('CATEGORIA ANTERIOR'), or (before the value's colon) a label of the
    document's other boxes; None: no label (an empty text), or beside the value a label of the
    other boxes (a grid's or a table's neighbour: not the value's own)."""
    k = nz.key(label)
    if not k:
        return None
    fields = voc.spellings().get(k)
    if fields:
        return name in fields
    if fields is not None:  # a label of the document's other boxes: beside the value, maybe not its own
        return False if colon else None
    return not voc.fields[name].never_in(k)


def _whole(voc: Vocabulary, name: str, value: str) -> bool:
    """An espécie and its tipo, every part a word of theirs or the start of one ('PASSAG/MICROONIBUS'):
    a lone 'ÔNIBUS' or 'PASSAGEIRO' is a word of many texts, a chassis beside one no espécie."""
    if voc.fields[name].shape != "especie":
        return True
    words = {nz.key(v).replace(" ", "") for k in ("especie", "especie_abbreviations", "tipo")
             for v in voc.values.get(k, ())}
    parts = [nz.key(p).replace(" ", "") for p in re.split(r"[\s/]+", value) if p.strip("-")]
    return len(parts) >= 2 and all(p in words or len(p) >= 5 and any(w.startswith(p) for w in words)
                                   or any(p + q in words for q in words) for p in parts)


def _above(rows: list[LayoutRow], i: int, run: tuple[Word, ...]) -> str:
    """The words right above the run (across its width, a row's height either side), on the
    nearest row within two rows' heights that has any: a header over several columns gives
    only its words over this one."""
    h = rows[i].height
    x0, x1 = run[0].bbox[0] - h, run[-1].bbox[2] + h
    y0 = min(w.bbox[1] for w in run)
    for row in reversed(rows[:i]):
        if y0 - row.y1 > 2 * h:
            return ""
        over = [w for w in row.words if w.bbox[0] < x1 and w.bbox[2] > x0]
        if over:
            return _text(over)
    return ""


def by_vocabulary(layout: Layout, doc_type: str, names: list[str], parser: Callable[[str], Parse],
                  hinted: frozenset[str] = frozenset()) -> dict[str, Field]:
    """The named fields of a closed vocabulary found by their values (see the module); those
    `hinted` (the field's own label holds a word of no vocabulary) stay unsure."""
    voc = vocabulary(doc_type)
    names = [n for n in names if n in voc.fields and voc.fields[n].shape in SHAPES]
    if not names:
        return {}
    out: dict[str, Field] = {}
    for name in names:
        parse = parser(name)
        found: list[tuple[Field, bool]] = []  # (value, under a label)
        for page in layout.pages:
            rows = layout.rows[page.number]
            for i, row in enumerate(rows):
                runs = _runs(row)
                for j, run in enumerate(runs):
                    text = _text(run)
                    label, value_words = "", run
                    if ":" in text:
                        cut = next(k for k, w in enumerate(run) if ":" in w.text)
                        head, _, tail = run[cut].text.partition(":")
                        if tail.strip():
                            continue  # 'CATEGORIA:ALUGUEL' in one word: the parser's to read
                        label, value_words = _text(run[:cut]) + " " + head, run[cut + 1:]
                    if not value_words or len(value_words) > 4:
                        continue
                    f = parse(Span(page.number, value_words))
                    if f.value is None or f.confidence <= OUTSIDE_VOCABULARY or not _whole(voc, name, str(f.value)):
                        continue
                    # what governs: a colon's label; else the run on its left, unless that is a
                    # value (a figure, a word of the vocabulary: a grid's next box); else the words above
                    left = runs[j - 1] if j > 0 else ()
                    if label:
                        said = _governs(voc, name, label, True)
                    elif left and not any(c.isdigit() for w in left for c in w.text) \
                            and parse(Span(page.number, left)).confidence <= OUTSIDE_VOCABULARY:
                        said = _governs(voc, name, _text(left), False)  # a key-value row's label
                    else:  # a grid's or a table's value: the words over it
                        said = _governs(voc, name, _above(rows, i, run), False)
                    if said is False:
                        continue
                    found.append((f, bool(said)))
        if not found:
            continue
        values = {nz.key(str(f.value)) for f, _ in found}
        f, labelled = found[0]
        out[name] = cap(f, LABELLED if labelled and len(values) == 1 and name not in hinted else UNSURE)
    return out
