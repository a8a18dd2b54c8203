"""Portuguese words, as Tesseract's own `por` model knows them, to weigh OCR'd prose.

Tesseract scores a word by its character probabilities: 'locação' or 'interestadual;' read
exactly right may score 0.7. A long word that reads exactly as a dictionary word is almost
never a misread (one wrong letter in seven or more makes a non-word), so in running text such
a word counts as sure (LEXICAL); a long word that is no Portuguese word ('Transporté') and
that Tesseract itself was not sure of is probably misread and counts as unsure. Short words (a misread 'de' is 'do') keep their score.

The word list is unpacked once per process from the installed por.traineddata with
Tesseract's own tools (combine_tessdata, dawg2wordlist; ~0.2 s). Without them the lexicon is
empty and nothing changes: the scores stay Tesseract's.
"""

from __future__ import annotations

import glob
import logging
import os
import re
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path
from typing import cast, overload

from rapidfuzz.distance import Levenshtein

from intake import normalize as nz
from intake.page.layout import Span, match_factor

log = logging.getLogger(__name__)

LEXICAL = 0.9  # a long word read exactly as a dictionary word
STRANGE = 0.76  # a long word of letters that is no word (below validators' CONFIDENT)
MIN_LETTERS = 6
_EDGE = " .,;:()[]\"'!?«»“”‘’-–—/"


def _traineddata() -> Path | None:
    dirs = [os.environ.get("TESSDATA_PREFIX", "")]
    dirs += sorted(glob.glob("/usr/share/tesseract-ocr/*/tessdata"), reverse=True)
    dirs += ["/usr/share/tessdata", "/usr/local/share/tessdata", "/opt/homebrew/share/tessdata"]
    for d in dirs:
        if d and (Path(d) / "por.traineddata").is_file():
            return Path(d) / "por.traineddata"
    return None


@cache
def words() -> frozenset[str]:
    """Portuguese words (lower case, accents kept: 'transporté' is no word) of at least
    MIN_LETTERS letters. Unpacked once per machine into the temp folder, then read from there."""
    data = _traineddata()
    if data is None:
        log.info("no Tesseract por model found: OCR'd prose keeps Tesseract's scores")
        return frozenset()
    st = data.stat()
    kept = Path(tempfile.gettempdir()) / f"fretadoc-lexicon-{st.st_size}-{int(st.st_mtime)}.txt"
    try:
        return frozenset(kept.read_text(encoding="utf-8").split())
    except OSError:
        pass
    tools = shutil.which("combine_tessdata"), shutil.which("dawg2wordlist")
    if not all(tools):
        log.info("no Tesseract word-list tools: OCR'd prose keeps Tesseract's scores")
        return frozenset()
    combine, dawg = cast(tuple[str, str], tools)  # both found
    try:
        with tempfile.TemporaryDirectory(prefix="fretadoc-lex-") as tmp:
            prefix = str(Path(tmp) / "por.")
            subprocess.run([combine, "-u", str(data), prefix], check=True, capture_output=True, timeout=30)
            out = Path(tmp) / "words.txt"
            subprocess.run([dawg, prefix + "lstm-unicharset", prefix + "lstm-word-dawg", str(out)],
                           check=True, capture_output=True, timeout=30)
            text = out.read_text(encoding="utf-8", errors="ignore")
    except (OSError, subprocess.SubprocessError):
        log.warning("could not unpack Tesseract's por word list: OCR'd prose keeps Tesseract's scores")
        return frozenset()
    found = frozenset(w for w in (t.lower() for t in text.split()) if len(w) >= MIN_LETTERS and w.isalpha())
    try:  # write then rename: a concurrent reader never sees half a list
        fd, tmp_path = tempfile.mkstemp(dir=kept.parent, prefix="fretadoc-lexicon-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write("\n".join(sorted(found)))
        os.replace(tmp_path, kept)
    except OSError:
        pass
    return found


def known(text: str) -> bool:
    """Whether the word (its edge punctuation aside) is a Portuguese word of the dictionary."""
    core = text.strip(_EDGE)
    return len(core) >= MIN_LETTERS and core.lower() in words()


def word_conf(text: str, conf: float, names: bool = True) -> float:
    """One OCR'd word's certainty, weighed against the dictionary. names: the text may hold
    proper names (a capitalised non-word is then no evidence of a misread)."""
    core = text.strip(_EDGE)
    if "/" in core:  # 'Conguista/BA': each part weighed as a word
        return min(word_conf(part, conf, names) for part in core.split("/"))
    if _stray_mark(core):
        return min(conf, STRANGE)
    if len(core) < MIN_LETTERS or not core.isalpha():
        return conf
    lex = words()
    if not lex:
        return conf
    if core.lower() in lex:
        return max(conf, LEXICAL)
    if names and core[0].isupper():
        if _look_alike_word(core):
            return min(conf, STRANGE)  # 'NOVA ALTANÇA': a word with one glyph misread, not a name
        return conf  # a name ('Maanaim', 'SCHELL'): not in a dictionary, no evidence
    if conf >= LEXICAL:
        return conf  # read sure by Tesseract itself: a term the dictionary lacks ('autorizatário')
    return min(conf, STRANGE)


_INNER_MARK = re.compile(r"([A-Za-zÀ-ÿ]+)['’`´](?=[A-Za-zÀ-ÿ])")
# what an apostrophe elides in names: D'ÁGUA, SANT'ANA, O'BRIEN, L'ARC, DELL'ORTO
_ELIDED = frozenset(("d", "sant", "o", "l", "dell", "n"))


def _stray_mark(core: str) -> bool:
    """An apostrophe inside a word after letters no elision ends on ('I'TUMBIARA'): a speck
    read into the word, which is then no sure read."""
    return any(m.group(1).lower() not in _ELIDED for m in _INNER_MARK.finditer(core))


# Letters OCR takes one for another in print (a tail lost or gained, a bar read as a stem).
_LOOK_ALIKE = {"Q": "OG", "O": "Q", "T": "IL", "I": "TLJ", "L": "IT", "C": "G", "G": "CQ", "U": "J", "J": "UI",
               "E": "F", "F": "E"}


def _look_alike_word(core: str) -> bool:
    """A capitalised non-word that one look-alike letter would make a dictionary word
    ('ALTANÇA' for 'ALIANÇA'): probably that word misread."""
    lex = words()
    low = core.lower()
    if not lex or low in lex:
        return False
    up = core.upper()
    return any((up[:i] + alt + up[i + 1:]).lower() in lex for i, ch in enumerate(up) for alt in _LOOK_ALIKE.get(ch, ""))


# Words that only join others ('e', 'de', 'às'): a misread one is another such word, which
# changes no keyword and no name. Between two sure words, one read fairly well counts as sure.
FUNCTION_WORDS = frozenset(
    "a o e é as os à às ao aos da de do das dos em no na nos nas um uma com por para pela pelo "
    "pelas pelos ou se que sob".split())
FUNCTION = 0.85
# A dash between the items of a list ('Centro - BR-116'): read as any dash, it is printed '-'.
DASHES = frozenset({"-", "—", "–", "--", "-.", ".-", "—-", "-—", "―"})
ECHO_LETTERS = 5  # a word this long read the same elsewhere on the document is no misread
_UF = frozenset("AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO".split())


def _core(text: str) -> str:
    return text.strip(_EDGE).lower()


class Echoes(dict[str, float]):
    """word -> the best confidence any print of it was read with; other() is the best of the
    prints besides one: a word never echoes itself."""

    def __init__(self) -> None:
        super().__init__()
        self.second: dict[str, float] = {}
        self._folded: dict[str, list[str]] | None = None  # (_by_fold's index, while the size holds)
        self._folded_size = -1

    def note(self, k: str, conf: float) -> None:
        best = self.get(k)
        if best is None:
            self[k] = conf
        elif conf > best:
            self.second[k], self[k] = best, conf
        else:
            self.second[k] = max(self.second.get(k, 0.0), conf)

    def other(self, k: str, own: float) -> float:
        """The best confidence of the word's prints other than one read at `own`."""
        best = self.get(k, 0.0)
        return self.second.get(k, 0.0) if own >= best else best


def echoes(words) -> Echoes:
    """The document's words (folded to lower case, accents kept) -> their best confidence, for
    echo evidence: a name or word that one print reads unsure and another reads sure."""
    out = Echoes()
    for w in words:
        core = _core(w.text)
        keys = {core, *core.split("/")} if "/" in core else {core}
        for k in keys:
            if len(k) >= 3 and sum(c.isalpha() for c in k) >= 2:
                out.note(k, w.conf)
    return out


def _echo(text: str, conf: float, seen: dict[str, float] | None, own: float | None = None) -> float:
    """A word's certainty lifted by another print of it read sure (no lift for a short or
    near-illegible word: a misread may coincide with another short word). own: this print's
    confidence as read, so that it does not count as another print ('Conguista/BA' read at
    0.91 once is no echo of itself)."""
    if not seen:
        return conf
    core = _core(text)

    def sure(k: str) -> float:
        # a short word ('dos' for 'das') may be misread into another word printed elsewhere;
        # an abbreviation ('S.A.') has its dots to match as well
        if len(k) < 3 or (len(k) < ECHO_LETTERS and conf < 0.5) or (len(k) == 3 and k.isalpha()):
            return 0.0
        other = seen.other(k, own) if own is not None and isinstance(seen, Echoes) else seen.get(k, 0.0)
        return min(other, LEXICAL) if other >= LEXICAL else 0.0

    lifted = sure(core)
    if not lifted and "/" in core and conf >= 0.5:
        # 'Canoas/RS': the town read sure elsewhere and a state's code after it
        head, _, uf = core.rpartition("/")
        if uf.upper() in _UF and "/" not in head:
            lifted = min(FUNCTION, sure(head) or (LEXICAL if head in words() else 0.0))
    return max(conf, lifted)


GLUED_CONF = 0.93  # a word read less sure than this may be two that OCR ran together


def _run_together(text: str, conf: float, seen: dict[str, float] | None) -> bool:
    """Two names OCR read as one word ('YURICUNHA' where the list prints 'CUNHA' elsewhere): a
    long non-word, read a little unsure, that begins or ends with a word of four letters or more
    the document prints on its own and reads sure."""
    core = _core(text)
    if conf >= GLUED_CONF or not seen or len(core) < 8 or not core.isalpha() or core in words():
        return False
    if isinstance(seen, Echoes) and seen.other(core, conf) >= LEXICAL:
        return False  # printed so elsewhere too: a name of its own
    for cut in range(3, len(core) - 2):
        head, tail = core[:cut], core[cut:]
        if (len(tail) >= 4 and seen.get(tail, 0.0) >= LEXICAL) or (len(head) >= 4 and seen.get(head, 0.0) >= LEXICAL):
            return True
    return False


def accent_slip(text: str, conf: float, seen: dict[str, float] | None) -> bool:
    """A word no dictionary knows that only its accents part from a word the document reads
    surer elsewhere ('Vitóriá' beside 'Vitória'): an accent OCR put on or took off. (A name is
    compared without its accents; a town's name is printed text, accents and all.)"""
    core = _core(text)
    if not seen or len(core) < 4 or not core.isalpha() or core in words():
        return False
    base = nz.fold(core)
    return any(k != core and seen[k] > conf for k in _by_fold(seen).get(base, ()))


def _by_fold(seen: dict[str, float]) -> dict[str, list[str]]:
    """The document's words by their unaccented spelling (kept on an Echoes while it is unchanged)."""
    index: dict[str, list[str]] | None = getattr(seen, "_folded", None)
    if index is None or getattr(seen, "_folded_size", -1) != len(seen):
        index = {}
        for k in seen:
            index.setdefault(nz.fold(k), []).append(k)
        if isinstance(seen, Echoes):
            seen._folded, seen._folded_size = index, len(seen)
    return index


def _split_word(a: str, b: str, seen: dict[str, float] | None) -> bool:
    """One word OCR read as two ('PRIMA VERA', a gap between 'A' and 'V' where the document prints
    'PRIMAVERA' elsewhere): the two joined make a word of six letters or more that the document
    reads sure on its own elsewhere."""
    ka, kb = _core(a), _core(b)
    if not seen or not ka.isalpha() or not kb.isalpha() or len(ka) + len(kb) < MIN_LETTERS:
        return False
    return seen.get(ka + kb, 0.0) >= LEXICAL


def split_in_two(a: str, b: str) -> bool:
    """Two OCR'd pieces of one dictionary word of seven letters or more ('COMPAN' 'HIA'), one of
    them no word by itself."""
    ka, kb = _core(a), _core(b)
    lex = words()
    if not lex or not ka.isalpha() or not kb.isalpha() or len(ka) + len(kb) < 7 or (ka + kb) not in lex:
        return False
    return ka not in lex or kb not in lex


def _misspelt(text: str, seen: dict[str, float] | None) -> bool:
    """A word Tesseract was sure of that is still a misread: a lower-case non-word one letter
    away from a dictionary word printed elsewhere in the document ('retorho' beside 'retorno')."""
    core = text.strip(_EDGE)
    lex = words()
    if not seen or not lex or len(core) < MIN_LETTERS or not core.isalpha() or not core.islower() or core in lex:
        return False
    from rapidfuzz.distance import Levenshtein
    return any(len(k) == len(core) and k in lex and Levenshtein.distance(k, core) == 1 for k in seen)


def confs(span: Span, names: bool = False, seen: dict[str, float] | None = None,
          joining: bool = True) -> list[float]:
    """Each word's certainty in running text: weighed against the dictionary, against other
    prints of the same word (seen: echoes()), and for a joining word or a dash by its neighbours.
    joining=False for a person's or company's name, which the rules compare word for word
    ('DA SILVA' is not 'DE SILVA'): there a joining word keeps its own score."""
    ws = span.words
    cs = [_echo(w.text, word_conf(w.text, w.conf, names), seen, w.conf) for w in ws]
    for i, w in enumerate(ws):
        if cs[i] >= STRANGE and (_misspelt(w.text, seen) or names and _run_together(w.text, w.conf, seen)):
            cs[i] = min(cs[i], STRANGE)
    for i in range(len(ws) - 1):
        if _split_word(ws[i].text, ws[i + 1].text, seen):
            cs[i], cs[i + 1] = min(cs[i], STRANGE), min(cs[i + 1], STRANGE)
    for i, w in enumerate(ws):
        t = w.text.strip()
        if cs[i] >= FUNCTION or w.conf < 0.5:
            continue
        if t in DASHES:
            cs[i] = FUNCTION
        elif t.strip(_EDGE) in ("Il", "lI", "ll") and i > 0 and \
                re.fullmatch(r"[A-ZÀ-Ý][A-Za-zÀ-ÿ]{2,}", ws[i - 1].text):
            cs[i] = FUNCTION  # the numeral II after a name, its I read as l: normalize.roman() mends it
        elif joining and t.strip(",;").lower() in FUNCTION_WORDS:
            near = [cs[k] for k in (i - 1, i + 1) if 0 <= k < len(ws)]
            if len(near) == 2 and min(near) >= LEXICAL:
                cs[i] = FUNCTION
    return cs


def prose_conf(span: Span | None, names: bool = False, seen: dict[str, float] | None = None,
               joining: bool = True) -> float:
    """The certainty of OCR'd running text (an object, an activity, a course): its least sure
    word, each word weighed by confs(); a text layer's words keep their 1.0."""
    if not span or not span.words:
        return 0.0
    if all(w.conf >= 1.0 for w in span.words):
        return span.conf
    return round(min(confs(span, names, seen, joining)) * match_factor(span.score), 4)


def weighed(f, span: Span | None, names: bool = False, seen: dict[str, float] | None = None,
            joining: bool = True):
    """The Field with its confidence weighed by prose_conf() over the words it was read from
    (OCR'd words only: a text layer's Field is returned as it is)."""
    if f.value is None or not span or not span.words or all(w.conf >= 1.0 for w in span.words):
        return f
    return f.model_copy(update={"confidence": prose_conf(span, names, seen, joining)})


def cased(word: str, like: str) -> str:
    """word, capitalised as `like` is (all capitals, or an initial)."""
    return word.upper() if like.isupper() else word[:1].upper() + word[1:]


def mend_prose(text: str, seen: dict[str, float] | None = None) -> str:
    """OCR'd prose without the punctuation specks read into it: a dot after a comma or a
    semicolon ('1990,. Boa Vista'), a quote between two words or before a number
    ("Avenida'Brasil", "'2320"), a comma or colon after a particle ('Rua dos, Andradas',
    'Praça da: Matriz'), which Portuguese never prints. With the document's words (`seen`), a
    capitalised word no dictionary knows, read unsure, that is a letter or two away from one
    word the document reads sure elsewhere, as long within a letter, is that word ('Habira' beside
    'Itabira'; not 'Itabira' beside 'Itabirito'); so is a capitalised non-word, however sure, that
    only its accents part from a word the document reads surer elsewhere ('Vísta', 'Vista')."""
    t = re.sub(r"(?<=[,;:])[.,](?=\s|$)", "", text)
    t = re.sub(r"(?<=[A-Za-zÀ-ÿ]{2})['`´’](?=[A-ZÀ-Ý0-9])", " ", t)
    t = re.sub(r"(?<=\s)['`´’](?=\d)", "", t)
    t = re.sub(r"\b(de|da|do|das|dos)[,:;](?=\s)", r"\1", t)
    if not seen:
        return t
    sure = [k for k, c in seen.items() if c >= 0.9 and len(k) >= 5 and k.isalpha()]
    lexicon = words()

    def fix(m: re.Match) -> str:
        wd = m.group(0)
        k = wd.lower()
        if len(k) < 5 or k in lexicon:
            return wd
        # an accent OCR put on or took off ('Vísta' beside 'Bela Vista' read elsewhere), read sure or not
        accents = {s for s in sure if s != k and nz.fold(s) == nz.fold(k) and seen[s] > seen.get(k, 0.0)}
        if len(accents) == 1:
            return cased(next(iter(accents)), wd)
        if seen.get(k, 0.0) >= 0.9:
            return wd
        near = {s for s in sure if abs(len(s) - len(k)) <= 1 and Levenshtein.distance(s, k, score_cutoff=2) <= 2
                and Levenshtein.distance(s, k) <= len(k) // 3}
        if len(near) != 1:
            return wd
        return cased(next(iter(near)), wd)

    return re.sub(r"\b[A-ZÀ-Ý][A-Za-zÀ-ÿ]+\b", fix, t)


_ACCENTS = frozenset("à á â ã é ê í ó ô õ ú ` ´ ^ ~ ¨".split())
_SPECK = set("|[]{}_~*'\"`‘’“”.,;:!¬°»«")


@overload
def despeck(span: Span) -> Span: ...
@overload
def despeck(span: None) -> None: ...
def despeck(span: Span | None) -> Span | None:
    """The span without what OCR read from dust and ruling lines: an unsure word of speck
    characters only ('|]', '*'), or one much taller than the text beside it (a table's
    vertical rule read as 'a'); and without a word read twice, the second read a smaller box
    inside the first."""
    if not span or not span.words or all(w.conf >= 1.0 for w in span.words):
        return span
    hs = sorted(w.bbox[3] - w.bbox[1] for w in span.words)
    h = hs[len(hs) // 2]

    def speck(w) -> bool:
        if w.conf >= 0.9:
            return False
        t = w.text.strip()
        if not t or all(c in _SPECK for c in t):
            return True
        return w.conf < 0.5 and len(t) <= 2 and (w.bbox[3] - w.bbox[1]) > 2.5 * h

    def inside(w) -> bool:
        # a word's accent read again as a word of its own, on top of it ('à' over 'às')
        if w.text.strip() not in _ACCENTS:
            return False
        width, hw = max(w.bbox[2] - w.bbox[0], 1e-9), w.bbox[3] - w.bbox[1]
        for o in span.words:
            if o is w or len(o.text) <= len(w.text):
                continue
            ix = min(w.bbox[2], o.bbox[2]) - max(w.bbox[0], o.bbox[0])
            ho = o.bbox[3] - o.bbox[1]
            if ix >= 0.8 * width and hw < 0.6 * ho and o.bbox[1] - 0.3 * ho <= w.bbox[3] <= o.bbox[3]:
                return True
        return False

    kept = [w for w in span.words if not speck(w) and not inside(w)]
    return span.sub(kept) if kept else span
