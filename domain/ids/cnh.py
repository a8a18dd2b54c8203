"""CNH number: 11 digits. Two check-digit variants are in public use and no official
specification was found, so a number passing either is valid, and one failing both is only a
reason to look (review), never a failure."""

from __future__ import annotations

import re
from typing import Literal

from validate_docbr import CNH

from domain.ids.text import digits

_CNH = CNH()
PRINTED = re.compile(r"\d{9,11}")  # (fullmatch) the number as a card prints it: 9 to 11 digits


def normalize(s: object) -> str:
    return digits(s)


def _shape_ok(d: str) -> bool:
    return len(d) == 11 and len(set(d)) > 1


def valid_detran(s: object) -> bool:
    """Variant with weights 9..1 / 1..9 and the 'discount' of 2 (validate-docbr's)."""
    d = normalize(s)
    return _shape_ok(d) and _CNH.validate(d)


def mod11_digit(total: int) -> int:
    r = total % 11
    return 0 if r < 2 else 11 - r


def valid_mod11(s: object) -> bool:
    """Variant with weights 2..10 for the first digit and 3..11,2 (first digit last) for the second."""
    d = normalize(s)
    if not _shape_ok(d):
        return False
    n = [int(c) for c in d]
    dv1 = mod11_digit(sum(v * w for v, w in zip(n[:9], range(2, 11))))
    dv2 = mod11_digit(sum(v * w for v, w in zip(n[:10], (3, 4, 5, 6, 7, 8, 9, 10, 11, 2))))
    return n[9] == dv1 and n[10] == dv2


def is_valid(s: object) -> bool:
    return valid_detran(s) or valid_mod11(s)


def verdict(s: object) -> Literal["ok", "review"]:
    """What a rule may conclude from the number alone."""
    return "ok" if is_valid(s) else "review"
