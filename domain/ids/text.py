"""What every identifier shares: keep ASCII letters and digits only, upper case; and the glyphs
OCR confuses wherever a page prints one."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

# The digit a letter OCR read stands for where a position holds digits only (a plate's digits, a
# CPF, a CNPJ's check digits, a RENAVAM).
DIGIT_FOR_LETTER = {"O": "0", "Q": "0", "D": "0", "I": "1", "L": "1", "B": "8", "S": "5", "Z": "2",
                    "G": "6", "T": "7", "A": "4"}
# ... and the letter a digit stands for where a position holds letters only (a plate's first three)
LETTER_FOR_DIGIT = {"0": "O", "1": "I", "8": "B", "5": "S", "2": "Z", "6": "G", "4": "A", "7": "T"}
# Characters OCR mistakes for one another: the single confusions tried on a number whose check
# digits fail (CPF, CNPJ, RENAVAM: one_confusion_undone()).
CONFUSED = {"0": "OD8Q", "O": "0DQ", "D": "0O", "Q": "0O", "1": "IJL7", "I": "1JL", "J": "I1",
            "L": "1I", "7": "1", "5": "S6", "S": "5", "8": "B30", "B": "8", "2": "Z", "Z": "2",
            "6": "G5", "G": "6", "3": "8", "4": "A", "A": "4"}
# Two look-alikes side by side where a page prints one glyph: OCR gave it twice ('MFO0DA' for a
# VIN's 'MF0DA', 'FKN5E5S8' for a plate's 'FKN5E58').
SAME_GLYPH = frozenset(frozenset(p) for p in ("O0", "Q0", "D0", "I1", "L1", "Z2", "S5", "B8", "G6", "T7"))


def alnum(s: object) -> str:
    if s is None:
        return ""
    text = unicodedata.normalize("NFKD", str(s))
    return "".join(c for c in text.upper() if c.isascii() and c.isalnum())


def digits(s: object) -> str:
    return "".join(c for c in alnum(s) if c.isdigit())


def one_confusion_undone(value: str, valid: Callable[[str], bool]) -> str | None:
    """The value with one OCR confusion (CONFUSED) undone, when exactly one such change makes it
    valid; None otherwise."""
    found = {value[:i] + alt + value[i + 1:] for i, ch in enumerate(value) for alt in CONFUSED.get(ch, "")}
    found = {c for c in found if valid(c)}
    return found.pop() if len(found) == 1 else None
