"""Document type from titles and key phrases (the data: classify.yaml, and each type's
`classify:` block in its vocabulary, intake/doctypes/<type>.yaml).

Text is folded (accents, case, punctuation) and matched as whole words. A title that opens a
row in the page's title zone dominates; the same words inside a sentence count little, so a
contract that mentions "apólice" or "lista de passageiros" stays a contract. Keywords add
support anywhere; negative phrases subtract. When no type stands out, or the best match is
a heading of an unrelated document (a letter, an invoice, a receipt of something else), the
answer is `unknown`: never a forced guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from intake.page.layout import Layout
from intake.normalize import fold, key, whole_words_at
from ocr.model import Extraction
from intake.reading.vocabulary import classify_rules
from domain import doctypes, yamlfile

_PATH = Path(__file__).with_name("classify.yaml")
OTHER = "other"
# Rows of text considered per page, and pages considered per document (titles are early).
_MAX_PAGES = 3


@dataclass(frozen=True)
class Title:
    text: str
    weight: float
    require: tuple[str, ...] = ()
    pattern: _Phrase = field(compare=False, default=None)  # type: ignore[assignment]


@dataclass(frozen=True)
class TypeSpec:
    name: str
    titles: tuple[Title, ...]
    keywords: tuple[tuple[str, _Phrase], ...]
    negative: tuple[tuple[str, _Phrase], ...]
    require: tuple[str, ...]
    # a document that lists several of a thing (a fleet's vehicles): (shape, at least how many
    # distinct values of it); fewer count against the type as a negative phrase does
    several: tuple[str, int] | None = None
    # a document that is a list of a thing (a passenger list's people): (shape, at least how many
    # distinct values of it); as many count for the type as a keyword does
    many: tuple[str, int] | None = None


@dataclass(frozen=True)
class Rules:
    settings: dict[str, float]
    types: tuple[TypeSpec, ...]
    page_number_words: tuple[str, ...] = ()
    continuation_words: frozenset[str] = frozenset()


class _Phrase:
    """A phrase found as whole words: the leftmost occurrence not inside a longer word. A
    literal search with the boundary checked after it; the regex with a leading look-behind
    defeated the engine's literal scan and was a fifth of a digital check's CPU. In a key()
    text (words of a-z and 0-9 between single spaces) a phrase can only be there when all of
    its words are: `among` answers most of a classification's ~600 tries per document from
    the text's set of words, without a search."""

    __slots__ = ("text", "words")

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = tuple(dict.fromkeys(text.split()))

    def search(self, s: str) -> _Found | None:
        i = whole_words_at(s, self.text)
        return _Found(i, i + len(self.text)) if i >= 0 else None

    def among(self, s: str, vocabulary: frozenset[str]) -> bool:
        """Whether the phrase is in key() text `s`, whose words are `vocabulary`."""
        for w in self.words:
            if w not in vocabulary:
                return False
        return self.search(s) is not None


def _vocabulary(text: str) -> frozenset[str]:
    return frozenset(text.split())


@dataclass(frozen=True)
class _Found:
    begin: int
    finish: int

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish


# value shapes `several:` and `many:` rules count, in key() text (lower case, punctuation as spaces)
# (a plate printed with its hyphen, 'ABC-1234', is 'abc 1234'; 'mod 2011' is a label and a year)
_SHAPES = {"placa": re.compile(r"\b[a-z]{3}(?:[0-9][a-z0-9][0-9]{2}| (?!19|20)[0-9]{4})\b"),
           "cpf": re.compile(r"\b[0-9]{3} [0-9]{3} [0-9]{3} [0-9]{2}\b")}


def _distinct(shape: str, body: str) -> int:
    """How many distinct values of a shape the text holds."""
    return len({m.group().replace(" ", "") for m in _SHAPES[shape].finditer(body)})


@lru_cache(maxsize=4096)
def _word_re(phrase: str) -> _Phrase:
    return _Phrase(phrase)


@cache
def rules() -> Rules:
    data = yamlfile.load(_PATH)
    s = data["settings"]
    own = classify_rules()
    unknown = set(own) - set(doctypes.names())
    if unknown:
        raise ValueError(f"vocabularies classify types doctypes.yaml does not list: {sorted(unknown)}")
    # in doctypes.yaml's order: scores() sorts stably, so of two types scored alike the earlier
    # ranks first (and by_content tries it first)
    typed = [(name, own[name]) for name in doctypes.names() if name in own]
    specs = []
    for name, spec in typed + [(OTHER, data.get("other", {}))]:
        titles = []
        for t in spec.get("titles", []):
            t = t if isinstance(t, dict) else {"t": t}
            text = key(t["t"])
            titles.append(Title(text, float(t.get("w", s["title_weight"])),
                                tuple(key(r) for r in t.get("require", [])), _word_re(text)))
        specs.append(TypeSpec(
            name=name,
            titles=tuple(titles),
            keywords=tuple((key(k), _word_re(key(k))) for k in spec.get("keywords", [])),
            negative=tuple((key(k), _word_re(key(k))) for k in spec.get("negative", [])),
            require=tuple(key(r) for r in spec.get("require", [])),
            several=(str(spec["several"]["shape"]), int(spec["several"]["min"])) if spec.get("several") else None,
            many=(str(spec["many"]["shape"]), int(spec["many"]["min"])) if spec.get("many") else None,
        ))
    return Rules(s, tuple(specs), tuple(key(w) for w in data.get("page_number_words", [])),
                 frozenset(key(w) for w in data.get("continuation_words", [])))


@dataclass
class _Page:
    head: list[str]  # fold() text of the rows of the title zone, top first
    body: str  # key() text of the whole page
    ocr: bool
    pairs: list[tuple[str, str]] = field(default_factory=list)  # each head row joined to the next: (fold, printed)
    raw: list[str] = field(default_factory=list)  # the head rows as printed (case kept)
    # where each head row is: (row index on the page, run index: 0 the whole row, k its k-th run)
    at: list[tuple[int, int]] = field(default_factory=list)
    rows: list = field(default_factory=list)  # the page's layout rows
    cells: set[int] = field(default_factory=set)  # head rows that are a table's header cells


def _pages(ext: Extraction) -> list[_Page]:
    r = rules().settings
    layout = Layout(ext.pages[:_MAX_PAGES])
    out = []
    for page in layout.pages:
        rows = layout.rows[page.number]
        texts = []
        cells: set[int] = set()
        at: list[tuple[int, int]] = []
        for i, row in enumerate(rows):
            if i < r["head_rows"] or row.y0 < r["head_fraction"]:
                texts.append(row.text)
                # a heading beside a letterhead on the same row ('Seguros S.A.    ESPECIFICAÇÃO DA
                # APÓLICE'): each run of words set apart by a wide gap is read as a row of its own
                runs = _runs(row)[1:]
                if len(runs) >= 2:
                    # three runs or more are a table's header cells ('Nr. Certidão de Nascimento |
                    # CPF | Bairro | ...'): a column's name, never the document's title
                    cells.add(len(texts) - 1)
                    runs = []
                texts += [" ".join(w.text for w in run) for run in runs]
                at += [(i, k) for k in range(len(runs) + 1)]
        if page.source == "ocr":
            # a lone lower-case letter before a heading in capitals is a speck of the emblem
            texts = [re.sub(r"^[a-zà-ÿ]\s+(?=[A-ZÀ-Ý]{2})", "", t) for t in texts]
        head = [fold(t) for t in texts]
        # titles printed over two lines ('COMPROVANTE DE INSCRIÇÃO E DE SITUAÇÃO' / 'CADASTRAL')
        pairs = [(head[i] + " " + head[i + 1], texts[i] + " " + texts[i + 1]) for i in range(len(head) - 1)]
        kept = [(h, t, a, n in cells) for n, (h, t, a) in enumerate(zip(head, texts, at)) if h]
        out.append(_Page([h for h, _, _, _ in kept], "\n".join(key(row.text) for row in rows),
                         page.source == "ocr", [p for p in pairs if p[0].strip()], [t for _, t, _, _ in kept],
                         [a for _, _, a, _ in kept], rows, {n for n, k in enumerate(kept) if k[3]}))
    return out


def _runs(row) -> list[list]:
    """A row's runs of words, cut where the gap is wider than three times the row's height."""
    runs: list[list] = [[]]
    for w in row.words:
        if runs[-1] and w.bbox[0] - runs[-1][-1].bbox[2] > 3.0 * row.height:
            runs.append([])
        runs[-1].append(w)
    return runs if runs[0] else []


_PREFIX = re.compile(r"^(?:anexo\s+[ivxl0-9]+\s*|modelo\s+|formulario\s+|[0-9]+\s+|"
                     r"instrumento particular de\s+|termo de\s+)")


# OCR specks before a heading: '(0) SECRETARIA', 'É) CERTIFICADO', '| LAUDO'
_JUNK = re.compile(r"^(?:[^\w\s]*\w{0,2}[^\w\s]+\s+)+")
_SECTION = re.compile(r"^(clausula|paragrafo|art|artigo|item|secao|capitulo|anexo\s+[ivxl0-9]+\s+do contrato)\b")


@lru_cache(maxsize=4096)
def _row_best(row: str) -> float:
    """How many characters of the best-matching title an OCR'd row holds: a noisy heading counts
    only for the title it is closest to ('CERTIFICADO DE REGISTRO E LICENClAMENTO' is no CRV)."""
    k = key(row)
    # characters matched: a long title nearly matched beats a short one matched in full
    return max((fuzz.partial_ratio(t.text, k) * len(t.text) / 100 for spec in rules().types
                for t in spec.titles if len(t.text) >= 10 and len(k) >= 0.8 * len(t.text)), default=0.0)


# a row opened by its number, as a table's rows are
_TABLE_ROW = re.compile(r"[0-9]{1,3}\s")
# after a title: what makes it a label ('apolice no: ...'), not a heading
_LABEL_END = re.compile(r"\s*(?:n[o°.]{0,2}\s*)?:")


def _title_strength(title: Title, row: str, ocr: bool, printed: str | None = None) -> float:
    """1.0 when the row is the title (or opens with it), 0.4 when it only contains it; 0 for a
    label ('Apólice: 1031...' is a field, not a heading)."""
    with_colon, stripped = _row_forms(row)
    if with_colon.startswith(title.text) and _LABEL_END.match(with_colon, len(title.text)):
        return 0.0
    raw = row
    row = stripped
    m = title.pattern.search(row)
    if m is None:
        if not ocr or len(title.text) < 10 or len(row) < 0.8 * len(title.text):
            return 0.0  # (a short row would match inside a long title)
        # OCR noise in a heading: a close fuzzy match where the title should be
        al = fuzz.partial_ratio_alignment(title.text, row, score_cutoff=88)
        if al is None or al.score * len(title.text) / 100 < _row_best(raw) - 2.0:
            return 0.0
        if not _slips_only(title.text, row, al.dest_start, al.dest_end):
            return 0.0  # another word where the title has one ('... DE GUIA DE' is no '... DE SEGURO')
        start, factor = al.dest_start, 0.95
    else:
        start, factor = m.start(), 1.0
        # 'Contrato de fretamento nº 027/2026 - Transportadora: ...': a reference on a line of
        # fields, not the page's heading
        if re.match(r"\s*no?\s+\d", row[m.end():]) and ":" in raw:
            return 0.4
    if _SECTION.match(row):
        return 0.4 * factor  # a clause or section heading inside a longer document
    if start == 0 and _TABLE_ROW.match(key(raw)) and re.search(r"\d{5}", row[len(title.text):]):
        return 0.4 * factor  # '2 CERTIDÃO VANESSA ... 100157 01 55 ...': a numbered row of a table, its kind's cell
    if start == 0 and re.match(r"\s*\d{5}", row[len(title.text):]) and len(row) > 1.6 * len(title.text) + 12:
        return 0.4 * factor  # 'CERTIDÃO 139346 01 55 ... 14/06/2002 Vila Nova ...': a kind and its number in a table's row
    if start == 0 and printed and _prose_after(printed, title.text):
        return 0.4 * factor  # 'Lista de Passageiros; c) zelar para que ...': a sentence, not a heading
    if start and printed and _prose_before(printed, len(row[:start].split())):
        return 0.4 * factor  # 'autorização e a lista de passageiros': a sentence's words, not a heading
    if start == 0 or len(row) <= 1.6 * len(title.text) + 12 and not row[:start].strip().isalpha():
        return factor
    return 0.4 * factor


_PARTICLES = frozenset("de da do das dos e em a o as os".split())


def _slips_only(title: str, row: str, start: int, end: int) -> bool:
    """Whether the row's words where a title aligned differ from it by OCR slips only (a few
    characters, about one in eight), not by a word of their own."""
    while start > 0 and row[start - 1] != " ":
        start -= 1
    while end < len(row) and row[end] != " ":
        end += 1
    a, b = title.replace(" ", ""), row[start:end].replace(" ", "")
    return Levenshtein.distance(a, b) <= max(1, len(a) // 8)


def _prose_before(raw: str, count: int) -> bool:
    """Whether the `count` words printed before a title on its row hold a word in small letters
    that is no particle: the title's words go on a sentence (a column of prose wrapped there)."""
    return any(w[:1].islower() and fold(w).strip(".,;:()") not in _PARTICLES for w in raw.split()[:count])


def _prose_after(raw: str, title: str) -> bool:
    """Whether the words printed after a title on its row are a sentence's (lower-case words)."""
    words = raw.split()[len(title.split()):][:6]
    lower = [w for w in words if w[:1].islower() and fold(w).strip(".,;:()") not in _PARTICLES]
    return len(lower) >= 2


@lru_cache(maxsize=8192)
def _row_forms(row: str) -> tuple[str, str]:
    """A row's two matching forms, computed once per row instead of once per title tried."""
    return key_keep_colon(row), _PREFIX.sub("", key(_JUNK.sub("", row)), count=1)


def key_keep_colon(text: str) -> str:
    """key() but with ':' kept, to tell a label from a heading."""
    return " ".join(re.sub(r"[^a-z0-9:]+", " ", text).replace(":", " :").split()).replace(" :", ":")


def _has_any(phrases: tuple[str, ...], text: str, vocabulary: frozenset[str]) -> bool:
    return any(_word_re(p).among(text, vocabulary) for p in phrases)


@dataclass
class Score:
    name: str
    total: float = 0.0
    title: float = 0.0  # weight x strength of the best title
    strong_title: bool = False
    keywords: int = 0
    negative: int = 0


def scores(ext: Extraction) -> list[Score]:
    """Every type's score, best first (for explaining a classification in tests and logs)."""
    r = rules()
    s = r.settings
    pages = _pages(ext)
    if not pages:
        return []
    first = pages[0]
    body = "\n".join(p.body for p in pages)
    words, first_words = _vocabulary(body), _vocabulary(first.body)
    page_words = [_vocabulary(p.body) for p in pages]
    # every head row's and pair's matching form in one text, per page: on a text layer a title
    # matches a row only when the row holds it, so one search rules out most (title, row) tries
    heads = [("\n".join(_row_forms(r)[1] for r in p.head), "\n".join(_row_forms(x)[1] for x, _ in p.pairs))
             for p in pages]
    out = []
    for spec in r.types:
        sc = Score(spec.name)
        if spec.require and not _has_any(spec.require, body, words):
            out.append(sc)
            continue
        for n, page in enumerate(pages):
            page_factor = 1.0 if n == 0 else 0.5
            for title in spec.titles:
                if title.require and not _has_any(title.require, body, words):
                    continue
                best = 0.0
                rows = page.head if page.ocr or title.text in heads[n][0] else ()
                for i, row in enumerate(rows):
                    st = _title_strength(title, row, page.ocr, page.raw[i] if i < len(page.raw) else None)
                    if i in page.cells:
                        st = min(st, 0.4)  # a column's name, at most a mention
                    if st:
                        # the higher on the page, the more it is the document's title
                        best = max(best, st * (1.0 + 0.15 * max(0.0, 1 - i / 10)))
                if best < 0.9 and len(title.text) >= 20 and title.text in heads[n][1]:
                    for i, (pair, printed) in enumerate(page.pairs):
                        # exact only: two rows, no guessing; a sentence that opens with a title's
                        # words ('Lista de Passageiros; c) zelar ...') is still no heading
                        st = _title_strength(title, pair, False, printed)
                        if st >= 0.9:
                            best = max(best, st * (1.0 + 0.15 * max(0.0, 1 - i / 10)))
                if best == 0.0 and title.pattern.among(page.body, page_words[n]):
                    best = 0.25
                value = title.weight * best * page_factor
                if value > sc.title:
                    sc.title = value
                    sc.strong_title = best >= 0.9 and n == 0
        sc.keywords = sum(1 for _, pat in spec.keywords if pat.among(body, words))
        if spec.many is not None and _distinct(spec.many[0], body) >= spec.many[1]:
            sc.keywords += 1
        sc.negative = sum(1 for _, pat in spec.negative if pat.among(first.body, first_words))
        if spec.several is not None and _distinct(spec.several[0], body) < spec.several[1]:
            sc.negative += 1
        sc.total = (sc.title + min(s["keyword_cap"], sc.keywords * s["keyword_weight"])
                    - sc.negative * s["negative_weight"])
        out.append(sc)
    out.sort(key=lambda x: -x.total)
    return out


def classify(ext: Extraction) -> tuple[str, float]:
    """(document type, confidence 0..1); ('unknown', c) when unsure, c being how sure of that."""
    s = rules().settings
    ranked = scores(ext)
    if not ranked or ranked[0].total <= 0:
        return "unknown", 0.9 if ranked else 0.0
    best = ranked[0]
    second = ranked[1].total if len(ranked) > 1 else 0.0
    if best.name == OTHER:
        return "unknown", round(min(0.95, 0.6 + 0.03 * (best.total - max(second, 0))), 3)
    if best.total < s["min_score"]:
        return "unknown", round(max(0.5, 1 - best.total / s["min_score"]), 3)
    if best.title == 0 and best.keywords < s["min_keywords_alone"]:
        return "unknown", 0.5
    kw = min(best.keywords, int(s["keyword_cap"]))
    if best.strong_title:
        conf = 0.85 + 0.02 * kw
    elif best.title > 0:
        conf = 0.6 + 0.02 * kw
    else:
        conf = 0.45 + 0.03 * kw
    margin = best.total - max(second, 0.0)
    if margin < 0.3 * best.total:
        conf -= 0.2  # another type is nearly as likely
    if margin <= 0:
        return "unknown", 0.5
    return best.name, round(max(0.05, min(0.99, conf)), 3)


def heading_row(ext: Extraction, kind: str) -> tuple[int, int] | None:
    """Where a title of `kind` stands as the first page's heading: (its row, 0 when the title
    opens the row or 1 when it sits beside a letterhead), or None.

    A heading is a row of its own (or two, a title wrapped), opens its row ('CONTRATO DE
    FRETAMENTO     Nº 027/2026'), or sits beside a letterhead on the page's first row ('Seguros
    S.A.    ESPECIFICAÇÃO DA APÓLICE'). The same words in a table's cell, after a row's number or
    before a passenger's name ('23    Certidão de Nascimento    Ana ...'), head nothing."""
    spec = next((t for t in rules().types if t.name == kind), None)
    pages = _pages(ext.model_copy(update={"pages": ext.pages[:1]})) if ext.pages else []
    if spec is None or not pages:
        return None
    page = pages[0]
    words = _vocabulary(page.body)
    titles = [t for t in spec.titles if not t.require or _has_any(t.require, page.body, words)]
    for j, row in enumerate(page.head):
        for title in titles:
            if _title_strength(title, row, page.ocr, page.raw[j]) >= 0.9 and _standing(page, j, title):
                return page.at[j][0], min(1, page.at[j][1])
    for j in range(len(page.head) - 1):
        if _alone(page, j) and _alone(page, j + 1):
            # a title wrapped over two rows of their own, begun on the first (exact only, as
            # scores() reads it)
            pair, printed = page.head[j] + " " + page.head[j + 1], page.raw[j] + " " + page.raw[j + 1]
            if any(len(t.text) >= 20 and _title_strength(t, pair, False, printed) >= 0.9
                   and _title_strength(t, page.head[j + 1], False) < 0.9 for t in titles):
                return page.at[j][0], 0
    return None


def _alone(page: _Page, j: int) -> bool:
    """Whether head row j is a whole row of one run of words."""
    i, k = page.at[j]
    return k == 0 and len(_runs(page.rows[i])) <= 1


def _standing(page: _Page, j: int, title: Title) -> bool:
    """Whether the title found in head row j heads the page (see heading_row)."""
    i, k = page.at[j]
    runs = _runs(page.rows[i])
    if k == 0:
        if len(runs) <= 1:
            return True
        first = " ".join(w.text for w in runs[0])
        return _title_strength(title, fold(first), page.ocr, first) >= 0.9
    # beside a letterhead: a name in letters before it, not a row's number or a code
    return i == 0 and all(any(sum(c.isalpha() for c in w.text) >= 3 for w in run) for run in runs[:k])


def explain(ext: Extraction, top: int = 3) -> list[dict[str, Any]]:
    return [vars(sc) for sc in scores(ext)[:top]]
