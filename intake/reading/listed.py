"""Values a sentence lists as `label value` items ('Os dados são os seguintes: local de partida
Joinville/SC, início de vigência 11.06.2024 e preço R$ 6.494,00.'), where no label cell holds them.

An item opens after a comma, a `;`, a `:` or an `e`, with one of the vocabulary's spellings of a
field, and runs to the next of those marks (or the sentence's end). Its value is the whole rest of
the item, and of the field's shape: a date with no other word beside it, a town or a name with no
word in small letters, an identifier that passes its shape. A spelling inside a clause
('a CONTRATANTE pagará o valor de ...') opens no item; neither does a word that names only the
value's kind ('data', 'valor'), nor a spelling shared by two fields.

Confidence comes from the sentence's structure: two items or more of known labels in one
sentence, each a value of its field's shape, or a sentence that announces its items with a
colon ('Registra-se: titular do seguro X, cnpj/cpf do segurado Y e ...'), make a list, read as
inferred (values.INFERRED); a lone item, or a field listed twice with two values, stays unsure.
What a parser read is weighed against a sure item by intake/doctypes (the item's value where the
parser's ran over the sentence around it, else the parser's for review).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from domain.documents import UNSURE, Field
from intake import normalize as nz
from intake.page.layout import Layout, Span
from intake.reading.flow import Flow
from intake.reading.values import INFERRED, cap
from intake.reading.vocabulary import Vocabulary, vocabulary

Parse = Callable[[Span], Field]

_TOKEN = re.compile(r"[a-z0-9]+")
# where an item opens: right after one of these (the label then opens the item)
_OPENS = re.compile(r"(?:[,;:]|(?<![^\s])e)\s*$")
# where an item ends: a comma or ';' before a space, a sentence's stop, ' e ' in small letters
# (a name's 'E' is in capitals)
_STOP = r"(?<![\s.][A-Za-z])(?<![\s.][A-Za-z]{2})\.(?=\s|$)"  # not an abbreviation's ('Av.', 'S.A.')
_ENDS = re.compile(r",(?=\s)|;|" + _STOP + r"|\s+e\s+")
_SENTENCE_END = re.compile(_STOP + r"|[!?](?=\s|$)")
# what may stand between a label and its value ('Nº', ':', '-')
_JOIN = re.compile(r"(?:\s*[:\-–]|\s*n[o°º]\.?(?=\s))*\s*")
_MAX_ITEM = 100  # characters: an item is a value, not a paragraph
_MONTHS = frozenset("janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro".split())
_PARTICLES = frozenset("de da do das dos e del d".split())
_UNITS = frozenset("lugares lugar passageiros assentos poltronas anos".split())
# shapes whose value is a figure: no word of three letters or more beside it
_FIGURES = frozenset({"date", "money", "doc", "placa", "chassi", "renavam", "code", "integer", "seats", "year",
                      "lotacao"})
_WORDED = frozenset({"name", "town", "place"})  # capitalised words, none in small letters
_COUNTS = frozenset({"integer", "seats", "lotacao"})


@cache
def _openers(doc_type: str) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """First token -> (the spelling's tokens, its one field), longest spelling first: the
    spellings of one field each, none that names only the value's kind."""
    voc = vocabulary(doc_type)
    generic = {nz.key(g) for spec in voc.fields.values() for g in spec.generic}
    value_words = {nz.key(v) for spec in voc.fields.values() for v in spec.value_words}
    out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for k, names in voc.spellings().items():
        if len(names) != 1 or k in generic or k in value_words:
            continue
        toks = tuple(k.split())
        if len(toks) == 1 and len(toks[0]) < 4:
            continue  # 'uf', 'cep': a word too short to open an item by itself
        out.setdefault(toks[0], []).append((toks, names[0]))
    for v in out.values():
        v.sort(key=lambda t: -len(t[0]))
    return out


def _labels(fl: Flow, openers: dict[str, list[tuple[tuple[str, ...], str]]]) -> list[tuple[int, int, str]]:
    """(start, end, field) of every spelling in the text, its words in one clause, longest first."""
    toks = [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(fl.folded)]
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < len(toks):
        hit = None
        for spelling, name in openers.get(toks[i][0], ()):
            n = len(spelling)
            if i + n <= len(toks) and all(toks[i + j][0] == spelling[j] for j in range(n)) and \
                    not re.search(r"[,;.]", fl.text[toks[i][1]:toks[i + n - 1][2]]):
                hit = (toks[i][1], toks[i + n - 1][2], name, n)
                break
        if hit is None:
            i += 1
            continue
        out.append(hit[:3])
        i += hit[3]
    return out


def _plain(value: str, shape: str) -> bool:
    """Whether the item's text is the value alone, by its shape's words."""
    v = re.sub(r"\([^)]*\)", " ", value)  # an amount's words in brackets ('(seis mil reais)')
    words = v.split()
    if not words:
        return False
    if shape in _FIGURES:
        worded = [w for w in (nz.fold(x).strip(".,;:") for x in words) if w.isalpha() and len(w) >= 3]
        if shape in _COUNTS:
            return all(w in _UNITS for w in worded) and len(words) <= 3
        if shape == "date":
            return all(w in _MONTHS for w in worded) and len(words) <= 6
        return not worded and len(words) <= 4
    if shape in _WORDED:
        return len(words) <= 12 and not any(w[:1].islower() and nz.fold(w) not in _PARTICLES for w in words)
    if shape in ("vocab", "especie"):
        return len(words) <= 4
    return False  # free text runs on past commas: no item bounds it


def _announced(text: str, ends: list[int], sentence: int, at: int) -> bool:
    """Whether the sentence announces a list before the item at `at` ('Registra-se: ...') and
    goes on in items after the colon: a comma or an 'e' part them."""
    start = ends[sentence - 1] + 1 if sentence > 0 else 0
    end = ends[sentence] if sentence < len(ends) else len(text)
    colon = text.rfind(": ", start, at)
    return colon >= 0 and len(_ENDS.findall(text, colon, end)) >= 1


def listed(layout: Layout, doc_type: str, parser: Callable[[str], Parse]) -> dict[str, Field]:
    """The fields a sentence of the document lists as `label value` items (see the module)."""
    voc: Vocabulary = vocabulary(doc_type)
    openers = _openers(doc_type)
    if not openers:
        return {}
    fl = Flow.of_layout(layout)
    if not fl.words:
        return {}
    labels = _labels(fl, openers)
    if not labels:
        return {}
    ends = [m.start() for m in _SENTENCE_END.finditer(fl.text)]
    found: list[tuple[int, str, Field]] = []  # (sentence, field, value)
    per_sentence: dict[int, int] = {}
    listing: set[int] = set()  # sentences a colon announces as a list
    for n, (s, e, name) in enumerate(labels):
        if not _OPENS.search(fl.text[max(0, s - 8):s]):
            continue
        spec = voc.fields.get(name)
        if spec is None:
            continue
        j = _JOIN.match(fl.text, e)
        vs = j.end() if j else e
        stop = _ENDS.search(fl.text, vs)
        ve = stop.start() if stop else len(fl.text)
        if n + 1 < len(labels) and labels[n + 1][0] < ve:
            continue  # another label inside the item: no list's item
        raw = fl.text[vs:ve].strip()
        if not raw or len(raw) > _MAX_ITEM or not _plain(raw.replace("\n", " "), spec.shape):
            continue
        sp = fl.span(vs, vs + len(raw))
        if not sp.words or sp.page != fl.span(s, e).page:
            continue
        f = parser(name)(sp)
        if f.value is None:
            continue
        sentence = sum(1 for x in ends if x < s)
        found.append((sentence, name, f))
        if _announced(fl.text, ends, sentence, s):
            listing.add(sentence)
    for sentence, _, _ in found:
        per_sentence[sentence] = per_sentence.get(sentence, 0) + 1
    out: dict[str, Field] = {}
    for sentence, name, f in found:
        f = cap(f, INFERRED if per_sentence[sentence] >= 2 or sentence in listing else UNSURE)
        if name in out:
            if nz.key(str(out[name].value)) != nz.key(str(f.value)):
                out[name] = cap(out[name], UNSURE)  # listed twice, two values: which one is not known
            continue
        out[name] = f
    return out
