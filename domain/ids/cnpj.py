"""CNPJ: 14 characters; since July 2026 the first 12 may be letters [0-9A-Z], the two check
digits stay numeric (value of a character = its ASCII code - 48). validate-docbr 2.0 checks both."""

from __future__ import annotations

import re

from validate_docbr import CNPJ

from domain.ids.text import alnum

_CNPJ = CNPJ()
_SHAPE = re.compile(r"^[0-9A-Z]{12}[0-9]{2}$")
_W1 = (5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
_W2 = (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)


def normalize(s: object) -> str:
    return alnum(s)


def is_valid(s: object) -> bool:
    n = normalize(s)
    return bool(_SHAPE.match(n)) and _CNPJ.validate(n)


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
