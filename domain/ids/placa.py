"""Plates: old LLLNNNN and Mercosul LLLNLNN. The Mercosul form of an old plate turns the 5th
character's digit into a letter (0->A ... 9->J); both name the same vehicle."""

from __future__ import annotations

import re

from domain.ids.text import alnum

PATTERN = re.compile(r"^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$")
_OLD = re.compile(r"^[A-Z]{3}[0-9]{4}$")
_MERCOSUL = re.compile(r"^[A-Z]{3}[0-9][A-Z][0-9]{2}$")

# OCR confusions, by the class the position must hold.
_TO_LETTER = str.maketrans("0185264", "OIBSZGA")
_TO_DIGIT = str.maketrans("OQDIBSZG", "00018526")


def normalize(s: object) -> str:
    return alnum(s)


def is_valid(s: object) -> bool:
    return bool(PATTERN.match(normalize(s)))


def is_mercosul(s: object) -> bool:
    return bool(_MERCOSUL.match(normalize(s)))


def repair(s: object) -> str:
    """Undo the usual OCR confusions (O/0, I/1, B/8, S/5, Z/2, G/6) where a position admits only
    letters or only digits. A valid plate is returned unchanged."""
    p = normalize(s)
    if len(p) != 7 or PATTERN.match(p):
        return p
    return p[:3].translate(_TO_LETTER) + p[3].translate(_TO_DIGIT) + p[4] + p[5:].translate(_TO_DIGIT)


def to_old(s: object) -> str:
    """The old form (ABC1234) of either form; other strings come back normalised."""
    p = normalize(s)
    if _MERCOSUL.match(p) and p[4] <= "J":
        return p[:4] + str(ord(p[4]) - ord("A")) + p[5:]
    return p


def to_mercosul(s: object) -> str:
    p = normalize(s)
    if _OLD.match(p):
        return p[:4] + chr(ord("A") + int(p[4])) + p[5:]
    return p


def same_vehicle(a: object, b: object) -> bool:
    """True when both are valid plates of one vehicle (ABC1234 and ABC1C34 are the same)."""
    pa, pb = repair(a), repair(b)
    if not (PATTERN.match(pa) and PATTERN.match(pb)):
        return False
    return to_old(pa) == to_old(pb)


# The 5th character of a Mercosul plate is a letter where the old plate had a digit, and OCR
# takes these pairs for one another: 'HGJ1I01' read 'HGJ1101' is not another plate.
_LOOKALIKE_5TH = {frozenset(p) for p in ("1I", "6G", "8B", "0D", "0O", "5S", "2Z", "4A")}


def lookalike(a: object, b: object) -> bool:
    """True when two plates differ only by a look-alike 5th character (a misread, not a
    different vehicle: the plates cannot be compared, other fields must decide)."""
    pa, pb = normalize(a), normalize(b)
    if len(pa) != 7 or len(pb) != 7 or pa == pb or pa[:4] != pb[:4] or pa[5:] != pb[5:]:
        return False
    return frozenset((pa[4], pb[4])) in _LOOKALIKE_5TH


def other_form(read: object, plate: object) -> bool:
    """True when `read` is `plate` itself or its other form (old ABC1234 / Mercosul ABC1C34)
    and no look-alike of its 5th character would name another vehicle: a '6' read for the
    Mercosul 'G' is the same vehicle either way; an '8' may be a misread 'B', which is not the
    old form of an 'I'."""
    a, b = normalize(read), normalize(plate)
    if not (PATTERN.match(a) and PATTERN.match(b)) or to_old(a) != to_old(b):
        return False
    return a == b or all(to_old(a[:4] + o + a[5:]) == to_old(a)
                         for pair in _LOOKALIKE_5TH if a[4] in pair for o in pair - {a[4]})
