"""Labels no vocabulary spells, read by what their words say.

A layout nobody listed prints labels of its own ('CNPJ/CPF DO TITULAR', 'LICENCIAMENTO
EXERCÍCIO'). A phrase the page sets as a label names a field of the document's vocabulary when
its words say so, word for word (a plural or a gender aside, words like 'de' or 'nº' aside):
- its words are most of one spelling of that field, and of no other field's ('LICENCIAMENTO
  EXERCÍCIO' for 'EXERCÍCIO DE LICENCIAMENTO'); or
- it holds a whole spelling of the field and of no other field (a spelling of two words or more,
  or of one word no other field's spellings hold), and its other words are in no label of the
  document, nor in the field's `never` words ('CNPJ/CPF' + 'DO TITULAR'; 'ANO-BASE DO
  LICENCIAMENTO'; but 'PLACA ANTERIOR' is a label of its own, and 'DATA DE AQUISIÇÃO' holds a
  word the emission date's labels never hold).
A phrase whose words fit two fields, or hold another label's word, names none: no guess. One
that names only the value's kind ('CPF DO TITULAR': the holder may be another's) leads to a
value left unsure; one that is a spelling with words that say nothing around it ('EM NOME DE')
is read by the spelling inside it, as before.

A phrase is set as a label when it runs up to a ':' (or a ' -') at a run's start, or stands in
the face a text layer prints the page's labels in (reading/faces.py); the first rule alone also
reads a short run of two words or more on its own (a box's caption), and the second a spelling
followed by whose it is ('CNPJ/CPF' + 'DO TITULAR'). Such phrases join the document's vocabulary
as labels of a near match (INFERRED): the value one leads to is less sure than a spelled label's,
by the same measure as a label read with an OCR slip.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache

from intake.normalize import key
from intake.page.layout import Layout, LayoutRow
from intake.reading import faces
from intake.reading.labels import row_runs
from intake.reading.vocabulary import Vocabulary, vocabulary
from ocr.model import Word

# how sure a label matched by its words' meaning is, as a label match (intake/page/layout.py:
# match_factor takes a tenth off the value's confidence at this score)
INFERRED = 0.7
# a label that qualifies a spelling of the value's kind only ('CPF DO TITULAR'): the value it leads
# to stays below CONFIDENT (match_factor 0.77)
QUALIFIED_KIND = 0.3
MAX_WORDS = 6  # a label's phrase, at most
# words that tie a label's words and say nothing of their own (key() forms; 'nº' is 'n o')
_GLUE = frozenset(("de", "do", "da", "dos", "das", "e", "em", "no", "na", "nos", "nas", "o", "a", "os", "as",
                   "n", "nr", "numero", "para", "pelo", "pela", "ou"))
_WORDY = re.compile(r"[^\W\d_](?:[^\W\d_]|[./º°ª\-])*[:]?|[-–|/]")
_OF = frozenset(("de", "do", "da", "dos", "das"))


def _stem(t: str) -> str:
    """A word without its plural or its gender: 'passageiros', 'passageira' -> 'passageir'."""
    if len(t) > 3 and t.endswith("s"):
        t = t[:-1]
    if len(t) > 4 and t[-1] in "aoe":
        t = t[:-1]
    return t


@lru_cache(maxsize=8192)
def _stems(text: str) -> tuple[str, ...]:
    """A label's words as stems, without the words that say nothing ('de', 'nº'); the same for a
    label and its key() text (vocabularies' spellings recur in every document: kept)."""
    return tuple(_stem(t) for t in key(text).split() if t not in _GLUE and not t.isdigit())


class _Meanings:
    """One vocabulary's fields as the stems of their spellings."""

    def __init__(self, vocab: Vocabulary):
        self.fields: dict[str, tuple[frozenset[str], tuple[frozenset[str], ...]]] = {}
        owners: dict[str, set[str]] = {}
        for name, spec in vocab.fields.items():
            spellings = tuple(frozenset(s) for s in map(_stems, spec.labels) if s)
            if spellings:
                self.fields[name] = (frozenset().union(*spellings), spellings)
                for s in spellings:
                    for t in s:
                        owners.setdefault(t, set()).add(name)
        self.owners = owners
        # every word of a label of the document: of a field, a box of no field, a section's heading
        others = [lab for spec in vocab.fields.values() for lab in spec.not_] + list(vocab.labels)
        others += [h for s in vocab.sections.values() for h in s.headings + s.numbered]
        others += [lab for s in vocab.sections.values() for labs in s.fields.values() for lab in labs]
        self.label_stems = frozenset(t for lab in others for t in _stems(lab)) | frozenset(owners)
        # words of the labels every document prints ('NOME', 'CPF', 'VALOR', 'DATA'): a value's kind
        self.kind_stems = frozenset(t for lab in vocabulary("common").labels for t in _stems(lab))
        self.never = {name: frozenset(t for n in spec.never for t in _stems(n)) for name, spec in vocab.fields.items()}

    def field_of(self, stems: tuple[str, ...], qualified: bool) -> tuple[str, float] | None:
        """The one field a label's stems name and how sure that is as a label match, or None
        (`qualified`: words no label holds may qualify a whole spelling of the field)."""
        have = frozenset(stems)
        if not have or len(have) < 2 and not qualified:
            return None  # one word alone on its run is a heading or a table's header as often
        # most of one spelling's words and no other ('LICENCIAMENTO' alone is half of 'ANO DO
        # LICENCIAMENTO', and a section's heading as often)
        covered = [n for n, (_, spellings) in self.fields.items()
                   if any(have <= s and 3 * len(have) >= 2 * len(s) for s in spellings) and not have & self.never[n]]
        if len(covered) == 1:
            return covered[0], INFERRED if have - self.kind_stems else QUALIFIED_KIND
        if covered or not qualified:
            return None
        held: dict[str, float] = {}
        for name, (_, spellings) in self.fields.items():
            if have & self.never[name]:
                continue
            for s in spellings:
                if s <= have and (len(s) >= 2 or all(self.owners.get(t) == {name} for t in s)) \
                        and not (have - s) & self.label_stems:
                    # a spelling that names only the value's kind ('VALOR', 'CPF'), qualified by
                    # words nobody listed, may be another's ('VALOR DA DIÁRIA EXTRA'): unsure
                    sure = INFERRED if s - self.kind_stems else QUALIFIED_KIND
                    held[name] = max(held.get(name, 0.0), sure)
        return next(iter(held.items())) if len(held) == 1 else None


# by vocabulary (kept with it: every document of its type is read with the same one)
_MEANINGS: dict[int, tuple[Vocabulary, _Meanings]] = {}


def _meanings(vocab: Vocabulary) -> _Meanings:
    got = _MEANINGS.get(id(vocab))
    if got is not None and got[0] is vocab:
        return got[1]
    if len(_MEANINGS) >= 64:
        _MEANINGS.clear()
    m = _Meanings(vocab)
    _MEANINGS[id(vocab)] = (vocab, m)
    return m


def _phrases(layout: Layout, page: int, row: LayoutRow, spelled: Mapping[str, tuple[str, ...]]
             ) -> list[tuple[str, bool]]:
    """(text, qualified) of each phrase the row sets as a label."""
    out: list[tuple[str, bool]] = []
    face = faces.label_face(layout, page)
    for run in row_runs(row):
        ws = [w for w in run if w.text.strip() not in ("|", "¦")]
        head: list[Word] = []
        for w in ws[:MAX_WORDS + 1]:
            t = w.text.strip()
            if t in ("-", "–") and head:
                out.append((" ".join(x.text for x in head), True))
                break
            if not _WORDY.fullmatch(t):
                break
            head.append(w)
            if t.endswith(":"):
                out.append((" ".join(x.text for x in head).rstrip(":"), True))
                break
        if face is not None:
            for part in faces.runs(ws):
                if part[0].bold == face and len(part) <= MAX_WORDS and all(_WORDY.fullmatch(x.text.strip()) for x in part):
                    out.append((" ".join(x.text for x in part).rstrip(":"), True))
        if len(ws) <= MAX_WORDS and all(_WORDY.fullmatch(x.text.strip()) for x in ws):
            # a run on its own is a label qualified when it is a spelling and two words that say
            # whose ('CNPJ/CPF' + 'DO TITULAR')
            whose = len(ws) >= 3 and key(ws[-2].text) in _OF \
                and key(" ".join(x.text for x in ws[:-2])) in spelled
            out.append((" ".join(x.text for x in ws).rstrip(":"), whose))
    # a phrase with a colon inside is a label and its value ('Ponto de Início: Lages/SC')
    return [(t, q) for t, q in out if ":" not in t]


def _spelled_within(keys: tuple[str, ...], k: str, stems: tuple[str, ...]) -> bool:
    """Whether a phrase is a spelling of the field with words that say nothing around it ('EM NOME
    DE' holds 'NOME'): the spelling inside reads it as it always has."""
    padded = f" {k} "
    return any(f" {s} " in padded and frozenset(_stems(s)) == frozenset(stems) for s in keys)


def widened(vocab: Vocabulary, layout: Layout) -> Vocabulary:
    """The vocabulary with the phrases these pages set as labels that name one of its fields by
    their words (the same vocabulary where there are none)."""
    m = _meanings(vocab)
    spelled = vocab.spellings()
    found: dict[str, dict[str, tuple[str, float]]] = {}
    seen: set[str] = set()
    for page in layout.pages:
        for row in layout.rows.get(page.number, ()):
            for text, qualified in _phrases(layout, page.number, row, spelled):
                k = key(text)
                if not k or k in spelled or k in seen:
                    continue
                seen.add(k)
                stems = _stems(k)
                got = m.field_of(stems, qualified)
                if got is not None and not _spelled_within(vocab.fields[got[0]].keys, k, stems):
                    found.setdefault(got[0], {})[k] = (text, got[1])
    if not found:
        return vocab
    fields = {n: replace(f, labels=f.labels + tuple(t for t, _ in found[n].values())) if n in found else f
              for n, f in vocab.fields.items()}
    inferred = {k: sure for got in found.values() for k, (_, sure) in got.items()}
    return replace(vocab, fields=fields, inferred={**vocab.inferred, **inferred})
