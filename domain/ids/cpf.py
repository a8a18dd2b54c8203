"""CPF: 11 digits, two mod-11 check digits (validated by validate-docbr)."""

from __future__ import annotations

import re

from validate_docbr import CPF

from domain.ids.text import digits, one_confusion_undone

_CPF = CPF()
SHAPE = re.compile(r"\d{11}")  # (fullmatch) its digits alone
MASKED = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}")  # (fullmatch) as printed with its mask
# printed in text, its separators optional (OCR may read a separator dot as a comma)
PRINTED = re.compile(r"(?<![\dA-Z])(\d{3}\s?[.,]?\s?\d{3}\s?[.,]?\s?\d{3}\s?-?\s?\d{2})(?![\dA-Z])")
# ... with every separator printed (dot or comma, and the dash): no other number is printed so
DOTTED = re.compile(r"(?<![\dA-Z])\d{3}\s?[.,]\s?\d{3}\s?[.,]\s?\d{3}\s?-\s?\d{2}(?![\dA-Z])")


def normalize(s: object) -> str:
    return digits(s)


def is_valid(s: object) -> bool:
    d = normalize(s)
    # validate-docbr pads short input with zeros; a CPF read with a digit missing is not valid.
    return len(d) == 11 and _CPF.validate(d)


def check_digits(base9: str) -> str:
    """The two check digits of a 9-digit base (for generating test data)."""
    nums = [int(c) for c in base9]
    for _ in range(2):
        weights = range(len(nums) + 1, 1, -1)
        total = sum(n * w for n, w in zip(nums, weights))
        nums.append(0 if total % 11 < 2 else 11 - total % 11)
    return "".join(str(n) for n in nums[-2:])


def mask(s: object) -> str:
    d = normalize(s)
    return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}" if len(d) == 11 else d


def undo_one_confusion(value: str) -> str | None:
    """The CPF read with one OCR confusion undone, when exactly one such change (to digits: a CPF
    holds no letter) makes its check digits hold."""
    return one_confusion_undone(value, lambda c: c.isdigit() and is_valid(c))
