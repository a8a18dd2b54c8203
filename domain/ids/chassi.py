"""Chassis (VIN): 17 characters, letters I, O and Q never used. A light plausibility check only:
Brazilian VINs carry no check digit that every maker honours."""

from __future__ import annotations

import re

from domain.ids.text import alnum

_PATTERN = re.compile(r"^[A-HJ-NPR-Z0-9]{17}$")


def normalize(s: object) -> str:
    return alnum(s)


def is_valid(s: object) -> bool:
    v = normalize(s)
    if not _PATTERN.match(v) or len(set(v)) == 1:
        return False
    # The serial number ends the VIN; its last three positions are digits for every maker
    # (ISO 3779 lets small makers use letters before them).
    return v[-3:].isdigit()
