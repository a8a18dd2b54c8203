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
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path

from intake.layout import Span, match_factor

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
    try:
        with tempfile.TemporaryDirectory(prefix="fretadoc-lex-") as tmp:
            prefix = str(Path(tmp) / "por.")
            subprocess.run([tools[0], "-u", str(data), prefix], check=True, capture_output=True, timeout=30)
            out = Path(tmp) / "words.txt"
            subprocess.run([tools[1], prefix + "lstm-unicharset", prefix + "lstm-word-dawg", str(out)],
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


def word_conf(text: str, conf: float, names: bool = True) -> float:
    """One OCR'd word's certainty, weighed against the dictionary. names: the text may hold
    proper names (a capitalised non-word is then no evidence of a misread)."""
    core = text.strip(_EDGE)
    if len(core) < MIN_LETTERS or not core.isalpha():
        return conf
    lex = words()
    if not lex:
        return conf
    if core.lower() in lex:
        return max(conf, LEXICAL)
    if names and core[0].isupper() and not core.isupper():
        return conf  # a capitalised name ('Maanaim', 'Schell'): not in a dictionary, no evidence
    if conf >= LEXICAL:
        return conf  # read sure by Tesseract itself: a term the dictionary lacks ('autorizatário')
    return min(conf, STRANGE)


def prose_conf(span: Span | None, names: bool = False) -> float:
    """The certainty of OCR'd running text (an object, an activity, a course): its least sure
    word, each word weighed against the dictionary; a text layer's words keep their 1.0."""
    if not span or not span.words:
        return 0.0
    if all(w.conf >= 1.0 for w in span.words):
        return span.conf
    return round(min(word_conf(w.text, w.conf, names) for w in span.words) * match_factor(span.score), 4)


def weighed(f, span: Span | None, names: bool = False):
    """The Field with its confidence weighed by prose_conf() over the words it was read from
    (OCR'd words only: a text layer's Field is returned as it is)."""
    if f.value is None or not span or not span.words or all(w.conf >= 1.0 for w in span.words):
        return f
    return f.model_copy(update={"confidence": prose_conf(span, names)})
