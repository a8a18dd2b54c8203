"""Where a document prints its labels: every spelling of its vocabulary found once per page.

Labels are matched on key() tokens (accents, case and punctuation folded: 'CPF/CNPJ' is
'CPF / CNPJ'), exactly on a text layer and within one OCR slip per eight letters on OCR'd
rows (none in a label of four letters or fewer). At each place the longest spelling wins
('PLACA ANTERIOR / UF' over 'PLACA', 'DATA DE QUITAÇÃO' over 'DATA'), so a shorter label is
never found inside a longer one. A label wrapped in a narrow column ('Instituição de' /
'ensino:') is found across its two rows.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from intake.page.layout import Layout, LayoutRow
from intake.normalize import key
from intake.reading.lexicon import known
from intake.reading.vocabulary import Vocabulary
from ocr.model import BBox, Word, union_bbox

# a word this many row heights after the previous one starts a new run (another box or column)
RUN_GAP = 1.5
NEAR_SPELLED = 0.9  # a label read this close to its spelling, holding a shorter one read exactly, is the label
QUALIFIER_WORDS = 5  # at most this many words qualify a label before its ':' ('Data' + 'da última vistoria:')
_QUALIFIER_WORD = re.compile(r"[^\W\d_][^\W\d_.\-/]*\.?(?:[\-/][^\W\d_]+)*")
# words that join a qualifier to its label ('Data de emissão' + 'do CRLV', 'Data' + 'e hora da consulta')
_LINKS = frozenset(("do", "da", "de", "dos", "das", "e", "em", "no", "na", "nos", "nas", "para", "pelo", "pela"))
_OF = frozenset(("da", "do", "de", "das", "dos"))
# a bare number sign right after an act's name or its issuer cites the act ('Resolução CONTRAN nº
# 789/2020'): the document's own numbers are labelled otherwise ('Nº do certificado')
NUMBER_SIGNS = frozenset(("no", "n", "n o", "numero"))  # (key() forms)
_ACTS = frozenset(("lei", "leis", "portaria", "resolucao", "decreto", "deliberacao", "instrucao", "normativa", "norma",
                   "art", "artigo", "inciso", "paragrafo", "nbr", "rtq", "emenda", "oficio", "contran", "denatran",
                   "senatran", "inmetro", "antt", "conjunta", "complementar", "sumula", "ato"))
_BOX_NUMBER = re.compile(r"\d{1,2}[a-z]? [a-z]")  # (key() text)
_QUOTES = "“”\"'‘’`"  # a speck OCR reads as a quote mark beside a numbering ('“6.')
_NUMBERED = re.compile(r"(?:\d{1,2}(?:\.\d{1,2})*|[IVXivx]{1,4}|[a-z])[.)]")
# words that tie a label's head to what qualifies it ('VALOR POR KM', 'DATA PARA ...')
_QUALIFIER_LINKS = frozenset(("por", "para", "em", "no", "na", "nos", "nas", "sem", "com", "ao", "a", "e"))
_LABEL_WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ\-/().º°ª]*")
_SELF = frozenset(("documento",))  # a document naming itself ('DATA DE EMISSÃO DO DOCUMENTO')
_QUALIFIER_WORDS = 5  # a longer label's words past its head, at most
_OPEN_QUALIFIER = 3  # (with no ':' to end it, a longer run of words is a value's)
_FORMS = frozenset(("ltda", "sa", "s", "epp", "eireli", "me", "cia"))  # a company's name ends on these


@dataclass(frozen=True)
class LabelAt:
    """One label printed on a page: its words (on one row, or two when wrapped)."""

    page: int
    row: int  # index of its (first) row in the page
    start: int  # word indexes [start, end) in that row
    end: int
    words: tuple[Word, ...]
    key: str  # the spelling matched, as key() text
    fields: tuple[str, ...]  # the fields it labels (none: a box of no field read here)
    score: float  # 1.0 exact, less for an OCR slip
    row2: int | None = None  # the row the label wraps onto
    end2: int = 0  # words [0.., end2) of the run that continues it there (from start2)
    start2: int = 0

    @property
    def bbox(self) -> BBox:
        return union_bbox(w.bbox for w in self.words)

    @property
    def last_row(self) -> int:
        return self.row if self.row2 is None else self.row2

    @property
    def numbered_box(self) -> bool:
        """A spelling that opens with its box's number ('9 CAT. HAB.', '4A DATA EMISSÃO'): a
        card's label wherever it is read, opening its own box."""
        return bool(_BOX_NUMBER.match(self.key))

    @property
    def first_words(self) -> tuple[Word, ...]:
        return self.words[: self.end - self.start]


def cites_an_act(layout: Layout, page: int, row: int, start: int) -> bool:
    """Whether the word at `start` of the row follows an act's name or issuer, on its row or at
    the end of the row above, where the sentence runs on ('... conforme a Portaria Inmetro' /
    'nº 30/2004')."""
    rows = layout.rows[page]
    if start > 0:
        before = rows[row].keys[start - 1]
    elif row > 0 and rows[row - 1].keys:
        before = rows[row - 1].keys[-1]
    else:
        return False
    return bool(before) and before.split()[-1] in _ACTS


def in_sentence(row: LayoutRow, start: int, end: int) -> bool:
    """Whether the label's words [start, end) of the row are a sentence's: printed in small
    letters, a word in small letters set close before them ('por esta apólice:'), none closing
    a clause (',' ':'). A label printed as one opens its line or a run, in capitals or a capital."""
    words = row.words[start:end]
    if start == 0 or not words or not all(w.text[:1].islower() for w in words if key(w.text)):
        return False
    prev = row.words[start - 1]
    return prev.text[:1].islower() and not prev.text.rstrip().endswith((":", ",", ";", ".")) \
        and words[0].bbox[0] - prev.bbox[2] < run_gap(row)


def _tokens(row: LayoutRow) -> list[tuple[str, int, bool, bool]]:
    """(token, word index, first token of its word, last token of its word)."""
    out = []
    for i, k in enumerate(row.keys):
        parts = k.split()
        for j, t in enumerate(parts):
            out.append((t, i, j == 0, j == len(parts) - 1))
    return out


def item_number(text: str) -> bool:
    """Whether a word numbers an item: '1', '2.', 'IV', 'b)'. A letter numbers one only with
    its '.' or ')': a lone 'o' before a role word is an article or a speck ('o CONTRATANTE'
    under a signature), not item o."""
    t = text.strip().strip(_QUOTES)
    if re.fullmatch(r"(\d{1,2}|[IVX]{1,4})[.)\-–]?", t):
        return True
    return bool(re.fullmatch(r"(?i:[ivx]{1,4}|[a-z])[.)]", t))


# a word read this sure that the dictionary knows is the word printed, not a label misread
SURE_WORD = 0.85


def _other_word(row: LayoutRow, toks, spelling: str) -> bool:
    """Whether a loose match differs from its spelling only in words the dictionary knows, each
    read sure: 'LOCAÇÃO' read at 0.96 is that word, not the label 'LOTAÇÃO' misread."""
    want = spelling.split()
    if len(want) != len(toks):
        return False
    differ = [row.words[wi] for (t, wi, *_), w in zip(toks, want) if t != w]
    return bool(differ) and all(w.conf >= SURE_WORD and known(w.text) for w in differ)


def _allowed_edits(compact: str) -> int:
    return 0 if len(compact) <= 4 else max(1, len(compact) // 8)


# what OCR reads for a slash between a label's words in small print ('CAP/POT/CIL' read
# 'CAPIPOTICIL', 'CPF/CNPJ' read 'CPFICNPJ'): a slip of the separator, not of the words
SLASH_SLIPS = ("i", "l", "1")


def slash_slips(printed: str) -> dict[str, int]:
    """The compact key() forms of a label that joins words with slashes, as OCR reads it with
    slashes taken for letters -> how many slashes it took so (one slip each)."""
    parts = [key(p).replace(" ", "") for p in printed.split("/")]
    if not 2 <= len(parts) <= 4 or not all(parts):
        return {}
    out: dict[str, int] = {}
    for seps in itertools.product(("",) + SLASH_SLIPS, repeat=len(parts) - 1):
        n = sum(1 for s in seps if s)
        if n:
            out.setdefault(parts[0] + "".join(s + p for s, p in zip(seps, parts[1:])), n)
    return out


# a vocabulary's label forms with slashes read as letters, by vocabulary (kept with it: ids recur)
_SLIPPED: dict[int, tuple[Vocabulary, dict[int, list[tuple[str, str, int]]]]] = {}


def _slipped(vocab: Vocabulary, spellings) -> dict[int, list[tuple[str, str, int]]]:
    """(form, spelling, slips) of every label that joins words with slashes, read with its
    slashes taken for letters, by the form's length."""
    got = _SLIPPED.get(id(vocab))
    if got is not None and got[0] is vocab:
        return got[1]
    table: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for spelled in [s for f in vocab.fields.values() for s in f.labels + f.not_] + list(vocab.labels):
        k = key(spelled)
        if k in spellings:
            for form, n in slash_slips(spelled).items():
                table[len(form)].append((form, k, n))
    if len(_SLIPPED) >= 64:
        _SLIPPED.clear()
    _SLIPPED[id(vocab)] = (vocab, table)
    return table


_Indexed = tuple[int, dict[str, set[str]], dict[int, list[str]], dict[str, str], dict[str, set[int]],
                 dict[int, list[tuple[str, str, int]]]]
# a vocabulary's spellings indexed for matching, by vocabulary (kept with it: every document of
# its type is matched against the same tables, and none of them is changed)
_INDEXED: dict[int, tuple[Vocabulary, _Indexed]] = {}


def _indexed(vocab: Vocabulary, spellings: Mapping[str, tuple[str, ...]]) -> _Indexed:
    """The longest spelling's words; token prefix -> spellings it starts; compact length ->
    spellings; spelling -> compact form; first word -> the word counts of spellings opening with
    it (an exact match starts on one); the forms with slashes read as letters (_slipped)."""
    got = _INDEXED.get(id(vocab))
    if got is not None and got[0] is vocab:
        return got[1]
    max_tokens = max((len(k.split()) for k in spellings), default=1)
    prefixes: dict[str, set[str]] = defaultdict(set)
    for k in spellings:
        toks = k.split()
        for n in range(1, len(toks)):
            prefixes[" ".join(toks[:n])].add(k)
    by_len: dict[int, list[str]] = defaultdict(list)
    for k in spellings:
        by_len[len(k.replace(" ", ""))].append(k)
    compact = {k: k.replace(" ", "") for k in spellings}
    sizes: dict[str, set[int]] = defaultdict(set)
    for k in spellings:
        sizes[k.split()[0]].add(len(k.split()))
    out = (max_tokens, prefixes, by_len, compact, sizes, _slipped(vocab, spellings))
    if len(_INDEXED) >= 64:
        _INDEXED.clear()
    _INDEXED[id(vocab)] = (vocab, out)
    return out


class LabelIndex:
    """Every label of a vocabulary on a document's pages, by row."""

    def __init__(self, layout: Layout, vocab: Vocabulary):
        self.layout = layout
        self.vocab = vocab
        self.spellings = vocab.spellings()
        (self._max_tokens, self._prefixes, self._by_len, self._compact, self._sizes,
         self._slipped) = _indexed(vocab, self.spellings)
        self.by_row: dict[tuple[int, int], list[LabelAt]] = {}
        self._label_words: dict[int, LabelAt] = {}  # id() of every word inside a label -> the label
        self._starts: dict[int, LabelAt] = {}  # id() of a label's first word -> the label
        for page in layout.pages:
            fuzzy = page.source == "ocr"
            rows = layout.rows[page.number]
            found: list[LabelAt] = []
            for row in rows:
                found += self._in_row(row, fuzzy)
            found = self._wrapped(rows, found, fuzzy) + found
            kept = self._longest(found, vocab.inferred)
            starts = {id(lab.words[0]) for lab in kept}
            kept = [self._phrase(lab, starts) for lab in kept]
            for lab in kept:
                self.by_row.setdefault((lab.page, lab.row), []).append(lab)
                for ri in range(lab.row + 1, lab.last_row + 1):  # every row a wrapped label spans
                    self.by_row.setdefault((lab.page, ri), []).append(lab)
                for w in lab.words:
                    self._label_words[id(w)] = lab
                self._starts[id(lab.words[0])] = lab
        for labs in self.by_row.values():
            labs.sort(key=lambda lab: (lab.row, lab.start))

    # ------------------------------------------------------------------ matching

    def _match(self, cand: str, fuzzy: bool) -> tuple[str, float] | None:
        if not fuzzy:
            if cand not in self.spellings:
                return None
            return cand, self.vocab.inferred.get(cand, 1.0)
        compact = cand.replace(" ", "")
        edits = _allowed_edits(compact)
        if edits == 0:
            return None
        best: tuple[str, float] | None = None
        for n in range(len(compact) - edits, len(compact) + edits + 1):
            choices = self._by_len.get(n)
            if not choices:
                continue
            hit = process.extractOne(compact, [self._compact[c] for c in choices],
                                     scorer=Levenshtein.distance, score_cutoff=edits)
            if hit is None:
                continue
            d = hit[1]
            spelling = choices[hit[2]]
            if _allowed_edits(self._compact[spelling]) < d:
                continue
            s = 1.0 - d / max(len(self._compact[spelling]), 1)
            s *= self.vocab.inferred.get(spelling, 1.0)
            if best is None or s > best[1]:
                best = (spelling, s)
        for n in range(len(compact) - edits, len(compact) + edits + 1):
            slipped = self._slipped.get(n)
            if not slipped:
                continue
            hit = process.extractOne(compact, [form for form, *_ in slipped],
                                     scorer=Levenshtein.distance, score_cutoff=edits)
            if hit is None:
                continue
            _, spelling, slips = slipped[hit[2]]
            if _allowed_edits(self._compact[spelling]) < hit[1]:
                continue
            # each slash read as a letter counts as a slip in the score, not against the edits allowed
            s = 1.0 - (hit[1] + slips) / max(len(self._compact[spelling]), 1)
            s *= self.vocab.inferred.get(spelling, 1.0)
            if best is None or s > best[1]:
                best = (spelling, s)
        return best

    def _in_row(self, row: LayoutRow, fuzzy: bool) -> list[LabelAt]:
        toks = _tokens(row)
        out = []
        for p, (_, wi, first, _) in enumerate(toks):
            if not first:
                continue
            found = None
            sizes = self._sizes.get(toks[p][0], ())
            for exact in (True, False) if fuzzy else (True,):
                if exact and not sizes:
                    continue  # no spelling starts with this word
                for n in range(min(self._max_tokens, len(toks) - p), 0, -1):
                    if exact and n not in sizes:
                        continue
                    if not toks[p + n - 1][3]:
                        continue  # the label would end inside a word
                    window = [t for t, *_ in toks[p:p + n]]
                    if not exact and (n > 8 or len(window[0]) < 2 or len(window[-1]) < 2):
                        continue  # a slip is not a speck read beside the label
                    m = self._match(" ".join(window), not exact)
                    if m is None:
                        continue
                    if not exact and _other_word(row, toks[p:p + n], m[0]):
                        continue
                    found = (n, m)
                    break
                if found:
                    break
            if found is None:
                continue
            n, (spelling, score) = found
            if spelling in NUMBER_SIGNS and cites_an_act(self.layout, row.page, row.index, wi):
                continue  # 'Portaria Inmetro nº 30/2004', 'Lei nº 8.036': a citation, no label
            if fuzzy:
                n, spelling, score = self._tail(row, toks, p, n, spelling, score)
            end = toks[p + n - 1][1] + 1
            longer = self._goes_on(row, end, spelling)
            if longer is not None:
                # 'VALOR POR KM EXCEDENTE:', 'DATA DO PROTOCOLO': a longer label no vocabulary
                # lists, which the spelling only begins: a label all the same (never a value),
                # of no field
                out.append(LabelAt(row.page, row.index, wi, longer, row.words[wi:longer],
                                   " ".join(key(u.text) for u in row.words[wi:longer]), (), score))
                continue
            out.append(LabelAt(row.page, row.index, wi, end, row.words[wi:end], spelling,
                               self.spellings[spelling], score))
        return out

    def _goes_on(self, row: LayoutRow, end: int, spelling: str) -> int | None:
        """Where a longer label ends that the spelling found only begins: its words go on, in
        the label's run and printed as labels are (capitals, or capitalised words and
        particles), into words that qualify it ('VALOR' + 'POR KM EXCEDENTE:', 'DATA' + 'DO
        PROTOCOLO'), up to a ':' or, where they open on a particle, to the run's end. None
        when the words after it are a value, prose, or a known part of the field's own
        spellings ('VALOR MENSAL' + 'DO CONTRATO')."""
        words = row.words
        fields = self.spellings.get(spelling, ())
        if not fields or end >= len(words) or words[end - 1].text.rstrip().endswith(":"):
            return None
        gap = run_gap(row)
        rest: list[str] = []
        k = end
        closed = False
        while k < len(words) and len(rest) < _QUALIFIER_WORDS:
            w = words[k]
            if w.bbox[0] - words[k - 1].bbox[2] >= gap:
                break  # the run ends
            t = w.text.strip()
            if t.startswith(":"):
                closed = True
                break
            body = t.rstrip(":")
            if not _LABEL_WORD.fullmatch(body):
                break  # a figure, a mark: the value, beside the label's end
            k_ = key(body)
            if k_ in _OF | _QUALIFIER_LINKS:
                if not body.islower() and not body.isupper():
                    return None
            elif not (body.isupper() or body[:1].isupper()):
                return None  # a word in small letters: prose
            rest.append(k_)
            k += 1
            if t.endswith(":"):
                closed = True
                break
        if not rest:
            return None
        if not closed and (rest[0] not in _OF | _QUALIFIER_LINKS or not 2 <= len(rest) <= _OPEN_QUALIFIER
                           or any(t in _FORMS for t in " ".join(rest).split())):
            # 'SEGURADORA CRUZEIRO S.A.', 'Nome da Empresa Transportes Ltda': a label and its
            # value, or a value opening with a label's word, on one run
            return None
        # (the document's own name qualifies nothing away: 'DATA DE EMISSÃO DA APÓLICE')
        own = {t for f in fields for s in self.vocab.fields[f].labels for t in key(s).split()}
        own |= set(key(self.vocab.doc_type).split()) | _SELF
        if all(t in own or t in _OF for t in " ".join(rest).split()):
            return None  # the field's own words ('VALOR MENSAL' + 'DO CONTRATO')
        return k

    def _tail(self, row: LayoutRow, toks, p: int, n: int, spelling: str, score: float) -> tuple[int, str, float]:
        """A longer spelling whose last words were read a slip away ('ESPÉCE | TPO': ESPÉCIE /
        TIPO), beside the words found: its own label's rest is no value. A tail of three letters
        or more may hold one slip of its own, on top of what the head was allowed."""
        best = (n, spelling, score)
        head = len(spelling.split())
        for longer in self._prefixes.get(spelling, ()):
            rest = longer.split()[head:]
            m = len(rest)
            if p + n + m > len(toks) or not toks[p + n + m - 1][3]:
                continue
            window = [t for t, *_ in toks[p + n:p + n + m]]
            a, b = "".join(rest), "".join(window)
            if len(a) < 3 or len(window[0]) < 2 or Levenshtein.distance(a, b) > 1:
                continue
            between = row.words[toks[p + n - 1][1]:toks[p + n][1] + 1]  # (with a '/' or '|' read between)
            if any(b2.bbox[0] - b1.bbox[2] > run_gap(row) for b1, b2 in zip(between, between[1:])):
                continue  # another box's word
            heads = [t for t, *_ in toks[p:p + n]]
            d = Levenshtein.distance("".join(heads) + b, self._compact[longer])
            s = 1.0 - d / max(len(self._compact[longer]), 1)
            if n + m > best[0]:
                best = (n + m, longer, min(score, s))
        return best

    def _wrapped(self, rows: list[LayoutRow], found: list[LabelAt], fuzzy: bool) -> list[LabelAt]:
        """Labels wrapped over two or three rows of a narrow column ('1. NOME / RAZÃO' / 'SOCIAL
        DA' / 'CONTRATANTE'): a run of a row starts a spelling, the runs below it, at the same
        left edge, go on with it and end it."""
        out = []
        in_labels = {id(w) for lab in found for w in lab.words}  # (words beside a label may be other labels)
        for r, row in enumerate(rows[:-1]):
            numbering = None
            for a, b in rule_runs(row):
                x_run = row.words[a].bbox[0]
                if b - a == 1 and _NUMBERED.fullmatch(row.words[a].text.strip().strip(_QUOTES)):
                    numbering = b  # '2.' set apart from its label: the label's rest may hang under it
                    continue
                numbered = numbering == a
                if numbered:
                    x_run = row.words[a - 1].bbox[0]
                if b - a > 1 and _NUMBERED.fullmatch(row.words[a].text.strip().strip(_QUOTES)):
                    a += 1  # '2. CONTRATADA (NOME /' / 'RAZÃO SOCIAL)': the numbering is no label
                    numbered = True
                toks = [t for k in row.keys[a:b] for t in k.split()]
                head = " ".join(toks)
                if not toks or head not in self._prefixes:
                    continue
                # a whole label with words beside it ('ANO FAB.   2010', 'CÓDIGO   38706129951'): its
                # value; it wraps only onto a rest that ends its own line, no value beside it
                # ('RENAVAM' under 'CÓDIGO', not 'MODELO' of 'MODELO ANO   2011')
                valued = head in self.spellings and any(key(w.text) and id(w) not in in_labels for w in row.words[b:])
                lab = self._wrap_on(rows, r, row, row.words[a].bbox[0], x_run, head, list(row.words[a:b]), 1,
                                    numbered, valued)
                if lab is not None and valued and any(key(w.text) for w in rows[lab[2]].words[lab[4]:]):
                    lab = None
                if lab is not None:
                    out.append(LabelAt(row.page, row.index, a, b, tuple(lab[0]), lab[1],
                                       self.spellings[lab[1]], 1.0, row2=lab[2], start2=lab[3], end2=lab[4]))
        return out

    def _wrap_on(self, rows: list[LayoutRow], r: int, row: LayoutRow, x0: float, x_run: float, head: str,
                 words: list[Word], depth: int, numbered: bool = False,
                 valued: bool = False) -> tuple[list[Word], str, int, int, int] | None:
        """The rest of a label begun by `head`, on the row below r (and the one below that):
        (all its words, its spelling, its last row, that row's run [start, end))."""
        if r + 1 >= len(rows):
            return None
        nxt = rows[r + 1]
        # a label's lines are set close; a heading stands further off ('Companhia' / 'Seguradora
        # X'); a numbered item's label ('3. CNPJ DO' / 'TRANSPORTADOR') is one item however set
        if nxt.y0 - row.y1 > (1.0 if numbered else 0.6) * max(row.height, nxt.height):
            return None
        tol = max(0.012, 1.0 * row.height)
        for c, d in rule_runs(nxt):
            xc = nxt.words[c].bbox[0]
            if abs(xc - x0) > tol and not (x_run - tol <= xc <= x0 + tol):
                continue
            tail = [(t, i) for i in range(c, d) for t in nxt.keys[i].split()]
            for n in range(len(tail), 0, -1):
                rest = " ".join(t for t, _ in tail[:n])
                cand = head + " " + rest
                full = cand in self._prefixes.get(head, ())  # a spelling that head begins
                goes_on = depth < 2 and n == len(tail) and cand in self._prefixes
                if not full and not goes_on:
                    continue
                if head in self.spellings and rest in self.spellings and not valued and \
                        not nxt.words[c].text.startswith("(") and rest.split()[0] not in _OF:
                    # two labels, one under the other ('SEGURADO' / 'ESTIPULANTE'); but
                    # 'NOME/RAZÃO SOCIAL' / 'DA CONTRATADA' is one phrase going on
                    return None
                end2 = tail[n - 1][1] + 1
                ws = words + list(nxt.words[c:end2])
                if goes_on:  # the whole run goes on with the label: its end may be a row lower
                    more = self._wrap_on(rows, r + 1, nxt, x0, x_run, cand, ws, depth + 1, numbered)
                    if more is not None:
                        return more
                if full:
                    return ws, cand, nxt.index, c, end2
            return None
        return None

    def _phrase(self, lab: LabelAt, starts: set[int]) -> LabelAt:
        """The label with the words that qualify it up to its end ('Data de emissão' + 'do CRLV'
        before a ':' or a column's gap; 'Data' + 'da última vistoria:'), read as one label: its
        value is after them, and what it means is what the whole phrase says. A phrase holding a
        word a field's labels never hold (common: `never`) labels no such field."""
        if lab.row2 is not None:
            return lab
        row = self.layout.rows[lab.page][lab.row]
        words = row.words
        if lab.words[-1].text.rstrip().endswith(":") or lab.end >= len(words):
            return lab
        gap = run_gap(row)
        ext: list[Word] = []
        colon = False
        for m in range(lab.end, min(lab.end + QUALIFIER_WORDS, len(words))):
            w = words[m]
            if w.bbox[0] - words[m - 1].bbox[2] >= gap or w.text.strip().startswith((":", "(")):
                break
            if w.text.strip() in ("-", "–", "—") and ext:
                colon = True  # 'PROPRIETÁRIO ANTERIOR - FERNANDO PINTO': a dash ends the label as a ':' does
                break
            core = w.text.strip().rstrip(":")
            if not _QUALIFIER_WORD.fullmatch(core) or (not ext and id(w) in starts):
                return lab  # a value beside its label ('Emissão em 15/01/2024'), or the next label
            ext.append(w)
            if w.text.rstrip().endswith(":"):
                colon = True
                break
        if not ext:
            return lab
        first = key(ext[0].text)
        phrase = key(" ".join(w.text for w in lab.words + tuple(ext)))
        fields = tuple(f for f in lab.fields
                       if not ((spec := self.vocab.fields.get(f)) is not None and spec.never_in(phrase)))
        end = lab.end + len(ext)
        if colon and fields != lab.fields:
            pass  # 'DATA ÚLTIMA VISTORIA:': words no label of the field holds, up to a ':', are a label's
        elif not colon and fields != lab.fields and (end >= len(words) or words[end].bbox[0] - ext[-1].bbox[2] >= gap):
            pass  # 'PROPRIETÁRIO ANTERIOR   RODRIGO ...': a word the field's labels never hold, then the box's gap
        elif not colon:
            if first not in _LINKS or end >= len(words) or words[end].bbox[0] - ext[-1].bbox[2] < gap \
                    and not words[end].text.strip().startswith(":"):
                # the words run on (a value or a sentence), or nothing stands beyond them ('MUNICÍPIO
                # DE RIBEIRÃO PRETO' is a value): no qualifier of a label whose value is set apart
                return lab
        elif first not in _LINKS and not (_lower_case_label(lab) and all(any(ch.islower() for ch in w.text) for w in ext)):
            # 'PROPRIETÁRIO JOÃO SILVA SÓCIO:', 'Proprietário JOÃO SILVA Sócio:': a value, then a
            # label nobody listed ('Data última vistoria:' is one label: its words in small letters)
            return lab
        return replace(lab, end=lab.end + len(ext), words=lab.words + tuple(ext), fields=fields)

    @staticmethod
    def _longest(found: list[LabelAt], inferred: Mapping[str, float] | None = None) -> list[LabelAt]:
        """At each place the longest label (then the surest); overlapping shorter ones go. A label
        read exactly goes before one read with a slip, unless the slipped one holds all its words
        and more, nearly spelled ('CPF/CNP) do proprietário': 'proprietário' read exactly is a
        word of the longer label, not a label of its own), or is a label the page's own words
        added (`inferred`: 'CNPJ/CPF DO TITULAR' holds the spelling 'CNPJ/CPF')."""
        found.sort(key=lambda lab: (lab.score < 1.0, -len(lab.words), -lab.score, lab.row, lab.start))
        owner: dict[int, LabelAt] = {}
        kept: list[LabelAt] = []
        for lab in found:
            ids = {id(w) for w in lab.words}
            clash = {id(owner[i]): owner[i] for i in ids if i in owner}
            if clash:
                if lab.score < NEAR_SPELLED and lab.key not in (inferred or {}) or not all(
                        len(o.words) < len(lab.words) and {id(w) for w in o.words} <= ids for o in clash.values()):
                    continue
                kept = [k for k in kept if id(k) not in clash]
                for o in clash.values():
                    for w in o.words:
                        owner.pop(id(w), None)
            for i in ids:
                owner[i] = lab
            kept.append(lab)
        return kept

    # ------------------------------------------------------------------ lookups

    def of(self, name: str) -> list[LabelAt]:
        """Every label of the field, best match first, then top to bottom."""
        out = [lab for labs in self.by_row.values() for lab in labs if name in lab.fields]
        uniq = {id(lab): lab for lab in out}
        return sorted(uniq.values(), key=lambda lab: (-round(lab.score, 3), lab.page, lab.row, lab.start))

    def spelled(self, *spellings: str) -> list[LabelAt]:
        from intake.normalize import key

        ks = {key(s) for s in spellings}
        out = {id(lab): lab for labs in self.by_row.values() for lab in labs if lab.key in ks}
        return sorted(out.values(), key=lambda lab: (lab.page, lab.row, lab.start))

    def in_row(self, page: int, row: int) -> list[LabelAt]:
        return self.by_row.get((page, row), [])

    def is_label_word(self, w: Word) -> bool:
        return id(w) in self._label_words

    def holding(self, w: Word) -> LabelAt | None:
        """The label the word is part of, if any."""
        return self._label_words.get(id(w))

    def starting(self, w: Word) -> LabelAt | None:
        return self._starts.get(id(w))


def _lower_case_label(lab: LabelAt) -> bool:
    """A label printed in small letters ('Data', 'Placa'): capitals after it are no word of its."""
    return any(ch.islower() for w in lab.words for ch in w.text)


def run_gap(row: LayoutRow) -> float:
    """The gap that starts a new run of words on this row: RUN_GAP heights, or less on a row
    set tight, where a gap three times its word spacing and a height wide parts two boxes
    ('CONTRATO Nº  NOME DO CONTRATANTE')."""
    h = row.height
    ws = row.words
    if len(ws) < 4:
        return RUN_GAP * h
    gaps = sorted(ws[i].bbox[0] - ws[i - 1].bbox[2] for i in range(1, len(ws)))
    typical = gaps[len(gaps) // 2]
    gap = min(RUN_GAP * h, max(1.0 * h, 3.0 * typical))
    tight = gaps[len(gaps) // 4]  # (a word space, where a grid's row of boxes has several)
    if len(ws) >= 6 and tight < 2.5 * h:
        # a justified line of prose in small letters spaces its words wider than RUN_GAP of its
        # height ('O presente  contrato  vigorará'): a run starts only well beyond its spacing
        gap = max(gap, 1.5 * tight)
    return gap


def row_runs(row: LayoutRow) -> list[list[Word]]:
    """The row's words in runs, parted at gaps of run_gap()."""
    gap = run_gap(row)
    out: list[list[Word]] = []
    for w in row.words:
        if out and w.bbox[0] - out[-1][-1].bbox[2] < gap:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def rule_runs(row: LayoutRow) -> list[tuple[int, int]]:
    """The row's runs of words: [a, b) word ranges cut at gaps wider than RUN_GAP heights, and
    at a box's rule read as a '|' (it bridges the gap between a label and its value:
    'ESTABELECIMENTO | FACULDADE ...')."""
    out = []
    a = 0
    for i in range(1, len(row.words)):
        rule = row.words[i].text.strip() == "|"
        if rule or row.words[i].bbox[0] - row.words[i - 1].bbox[2] > RUN_GAP * row.height:
            if i > a:
                out.append((a, i))
            a = i + 1 if rule else i
    if row.words and a < len(row.words):
        out.append((a, len(row.words)))
    return out
