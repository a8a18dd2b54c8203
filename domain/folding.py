"""Text folded for matching: case, accents and punctuation set aside, one character for one.

The reading code matches labels and keywords in this form; the judging compares names read in
two files in it (validators/agreement.py)."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache


@lru_cache(maxsize=4096)
def _fold_char(c: str) -> str:
    if c.isascii():
        return c.lower()
    base = "".join(ch for ch in unicodedata.normalize("NFKD", c) if not unicodedata.combining(ch))
    # One character in, one out, so spans found in the folded text are spans of the original.
    return (base[:1] or " ").lower() if base.strip() else " "


_FOLD_TABLE: dict[int, str] = {}


def fold_chars(text: str) -> str:
    """Lower case without accents, one character for one ('º' -> 'o'), spacing untouched."""
    if not text:
        return ""
    if text.isascii():
        return text.lower()
    for c in set(text):  # (each character folded once per process, then by table)
        if ord(c) > 127 and ord(c) not in _FOLD_TABLE:
            _FOLD_TABLE[ord(c)] = _fold_char(c)
    return text.translate(_FOLD_TABLE).lower()


def fold(text: str) -> str:
    """Lower case, no accents, runs of whitespace as one space: the form keywords match in."""
    return " ".join(fold_chars(text).split())


_NON_ALNUM = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=65536)
def key(text: str) -> str:
    """fold() with punctuation as spaces: 'MARCA / MODELO / VERSÃO' == 'Marca/Modelo/Versão'."""
    return " ".join(_NON_ALNUM.sub(" ", fold_chars(text)).split())
