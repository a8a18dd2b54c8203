"""RENAVAM: 11 digits (legacy 9-digit numbers are zero-padded); one mod-11 check digit."""

from __future__ import annotations

from validate_docbr import RENAVAM

from domain.ids.text import digits

_RENAVAM = RENAVAM()
_WEIGHTS = (3, 2, 9, 8, 7, 6, 5, 4, 3, 2)


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
