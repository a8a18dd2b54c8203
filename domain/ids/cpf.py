"""CPF: 11 digits, two mod-11 check digits (validated by validate-docbr)."""

from __future__ import annotations

from validate_docbr import CPF

from domain.ids.text import digits

_CPF = CPF()


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
