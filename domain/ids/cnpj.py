"""CNPJ: 14 characters; since July 2026 the first 12 may be letters [0-9A-Z], the two check
digits stay numeric (value of a character = its ASCII code - 48). validate-docbr 2.0 checks both."""

from __future__ import annotations

import re

from validate_docbr import CNPJ

from domain.ids.text import DIGIT_FOR_LETTER, alnum, one_confusion_undone

_CNPJ = CNPJ()
SHAPE = re.compile(r"[0-9A-Z]{12}[0-9]{2}")
_W1 = (5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
_W2 = (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
# printed in text: masked, its separators optional (OCR may read a dot as a comma), digits or letters
PRINTED = re.compile(
    r"(?<![\dA-Z])([\dA-Z]{2}\s?[.,]?\s?[\dA-Z]{3}\s?[.,]?\s?[\dA-Z]{3}\s?/\s?[\dA-Z]{4}\s?-?\s?\d{2})(?![\dA-Z])")
PLAIN = re.compile(r"(?<![\dA-Z])(\d{14})(?![\dA-Z])")  # its 14 digits in a row, no mask
# Glyphs OCR takes one for another in an alphanumeric CNPJ's base, letters included: their check
# digits may hold for both (has_look_alike_twin()).
LOOK_ALIKE_IN_BASE = {"0": "OQD", "O": "0QD", "Q": "0O", "D": "0O", "J": "U", "U": "JV", "V": "U",
                      "I": "1LT", "T": "I7", "1": "IL", "L": "1I", "7": "T", "5": "S", "S": "5", "8": "B",
                      "B": "8", "2": "Z", "Z": "2", "6": "G", "G": "6C", "C": "G", "4": "A", "A": "4",
                      "M": "N", "N": "M", "E": "F", "F": "E", "P": "R", "R": "P"}
# Glyphs OCR swaps between a letter and a digit in an alphanumeric CNPJ's base ('ZTV' read 'Z7V'),
# both ways: the base may hold either, so position does not tell (undo_letter_digit_swap()).
LETTER_DIGIT_SWAP_IN_BASE = {"7": "T", "T": "7", "1": "IL", "I": "1", "L": "1", "0": "OD", "O": "0", "D": "0",
                             "5": "S", "S": "5", "8": "B", "B": "8", "2": "Z", "Z": "2", "6": "G", "G": "6",
                             "4": "A", "A": "4"}


def normalize(s: object) -> str:
    return alnum(s)


def is_valid(s: object) -> bool:
    n = normalize(s)
    return bool(SHAPE.fullmatch(n)) and _CNPJ.validate(n)


def is_alphanumeric(s: object) -> bool:
    return any(c.isalpha() for c in normalize(s))


def root(s: object) -> str:
    """The first 8 characters: the company, whatever the branch."""
    return normalize(s)[:8]


def check_digits(base12: str) -> str:
    """The two check digits of a 12-character base (for generating test data)."""
    vals = [ord(c) - 48 for c in base12.upper()]
    d1 = sum(v * w for v, w in zip(vals, _W1)) % 11
    d1 = 0 if d1 < 2 else 11 - d1
    d2 = sum(v * w for v, w in zip(vals + [d1], _W2)) % 11
    d2 = 0 if d2 < 2 else 11 - d2
    return f"{d1}{d2}"


def mask(s: object) -> str:
    n = normalize(s)
    return f"{n[:2]}.{n[2:5]}.{n[5:8]}/{n[8:12]}-{n[12:]}" if len(n) == 14 else n


# ---------------------------------------------------------------- reading a CNPJ off a page

def digits_variant(value: str) -> str | None:
    """The same CNPJ with OCR letter confusions read as digits (for a numeric CNPJ misread)."""
    if not value or len(value) != 14:
        return None
    out = "".join(DIGIT_FOR_LETTER.get(c, c) for c in value)
    return out if out.isdigit() and out != value else None


def undo_one_confusion(value: str) -> str | None:
    """The CNPJ read with one OCR confusion undone, when exactly one such change (its check digits
    left digits) makes its check digits hold."""
    return one_confusion_undone(value, lambda c: c[12:].isdigit() and is_valid(c))


def has_look_alike_twin(v: str) -> bool:
    """An alphanumeric CNPJ whose check digits would hold as well with one glyph read as its
    look-alike: they weigh each character by its code less 48 modulo 11, so 'Q' (33) weighs as
    '0', 'U' (37) as 'J' (26), 'T' (36) as 'I' (25), and that misread leaves them valid
    ('8JC0EC8Q000156' read '8JC0EC80000156'). Its check digits then vouch for nothing there."""
    if len(v) != 14 or not any(c.isalpha() for c in v[:12]):
        return False
    return any(is_valid(v[:i] + alt + v[i + 1:]) for i, ch in enumerate(v[:12]) for alt in LOOK_ALIKE_IN_BASE.get(ch, ""))


def undo_letter_digit_swap(v: str) -> str | None:
    """An alphanumeric CNPJ with one letter/digit swap in its base undone, when exactly one such
    change makes both check digits hold (a chance pass is about one in a hundred)."""
    found = {v[:i] + alt + v[i + 1:] for i, ch in enumerate(v[:12]) for alt in LETTER_DIGIT_SWAP_IN_BASE.get(ch, "")}
    found = {c for c in found if is_valid(c)}
    return found.pop() if len(found) == 1 else None
