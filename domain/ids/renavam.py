"""RENAVAM: 11 digits (legacy 9-digit numbers are zero-padded); one mod-11 check digit."""

from __future__ import annotations

import re

from validate_docbr import RENAVAM

from domain.ids.text import DIGIT_FOR_LETTER, digits, one_confusion_undone

_RENAVAM = RENAVAM()
_WEIGHTS = (3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
# printed: a run of 9 to 11 digits (searched in text with its spaces taken out)
PRINTED = re.compile(r"(?<!\d)(\d{9,11})(?!\d)")
# ... in a sentence, where a run of digits that goes on after a separator is another number's
IN_PROSE = re.compile(r"(?<![\d.,/])(\d{9,11})(?![\d]|[.,/]\d)")


def normalize(s: object) -> str:
    d = digits(s)
    return d.zfill(11) if len(d) == 9 else d


def is_valid(s: object) -> bool:
    d = normalize(s)
    return len(d) == 11 and _RENAVAM.validate(d)


def check_digit(base10: str) -> str:
    total = sum(int(c) * w for c, w in zip(base10, _WEIGHTS))
    r = (total * 10) % 11
    return str(0 if r == 10 else r)


def from_typed(text: str) -> str | None:
    """The RENAVAM a person typed: its 11 digits (9, a legacy number, zero-padded), else None."""
    d = re.sub(r"\D", "", text)
    return d.zfill(11) if len(d) in (9, 11) else None


# ---------------------------------------------------------------- reading a RENAVAM off a page

def parse(text: str | None) -> str | None:
    """11 digits; a legacy 9- or 10-digit number is zero-padded; OCR's letters for digits read as
    the digits. None otherwise."""
    if not text:
        return None
    s = re.sub(r"[^A-Za-z0-9]", "", str(text)).upper()
    s = "".join(DIGIT_FOR_LETTER.get(c, c) for c in s)
    if not s.isdigit() or not 9 <= len(s) <= 11:
        return None
    return s.zfill(11)


def with_a_letter(word: str) -> str | None:
    """A word of 9 to 11 letters and digits, all digits but one letter (a misread digit): those
    characters; None for any other word."""
    core = re.sub(r"[^A-Za-z0-9]", "", word)
    if 9 <= len(core) <= 11 and sum(c.isdigit() for c in core) >= len(core) - 1 and not core.isdigit():
        return core
    return None


def undo_one_confusion(value: str) -> str | None:
    """The number with one OCR confusion undone, when exactly one such change makes its check
    digit hold."""
    return one_confusion_undone(value, is_valid)
