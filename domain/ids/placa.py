"""Plates: old LLLNNNN and Mercosul LLLNLNN. The Mercosul form of an old plate turns the 5th
character's digit into a letter (0->A ... 9->J); both name the same vehicle.

Two sets of OCR confusions undo a letter read for a digit (or the reverse) by the class a position
must hold: repair() compares plates already read (same_vehicle) with the usual six (O/0, I/1,
B/8, S/5, Z/2, G/6, and Q, D for 0, 4 for A); parse() reads one off a page with those and 7/T,
L/1, A/4 besides (text.LETTER_FOR_DIGIT, text.DIGIT_FOR_LETTER). They were written apart, for the two uses, and stay
apart: widening the comparison's would change which pairs of plates count as one vehicle."""

from __future__ import annotations

import re

from domain.ids.text import DIGIT_FOR_LETTER, LETTER_FOR_DIGIT, SAME_GLYPH, alnum

PATTERN = re.compile(r"^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$")
_OLD = re.compile(r"^[A-Z]{3}[0-9]{4}$")
_MERCOSUL = re.compile(r"^[A-Z]{3}[0-9][A-Z][0-9]{2}$")

# OCR confusions, by the class the position must hold: comparing plates already read (repair())
LETTER_FOR_DIGIT_COMPARED = str.maketrans("0185264", "OIBSZGA")
DIGIT_FOR_LETTER_COMPARED = str.maketrans("OQDIBSZG", "00018526")
# (reading a plate off a page, parse() takes text.LETTER_FOR_DIGIT and text.DIGIT_FOR_LETTER)
# Letters read where a digit stands that may be either of two digits (5/8, 8/3, 2/7, 6/0, 4, 7/1
# ...): the position makes it a digit, not which one. O, D, Q and I, L are 0 and 1.
LETTER_FOR_TWO_DIGITS = frozenset("SBZGAT")
# A 5th character read as one of these may be the other of its pair (1/I, 8/B, 0/O/D/Q, 2/Z, 5/S,
# 6/G): a letter or a digit stands there, so position cannot tell (parse() keeps it as read). The
# comparison's pairs (_LOOKALIKE_5TH, below) hold 4/A as well and no Q.
FIFTH_READ_UNSURE = "0125681OIZSGBDQ"
# What OCR reads for the letter of a Mercosul plate's 5th position (a converted plate's 0->A ...)
MERCOSUL_LETTER_READ_AS = {"A": "4", "B": "8", "D": "0O", "E": "F", "F": "E", "G": "6C", "H": "N", "I": "1LJT",
                           "J": "1I"}
# Glyphs OCR takes for one another in a plate, beyond the positional fixes of parse()
CONFUSED_PAIRS = {frozenset(p) for p in ("S8", "B8", "S5", "B3", "83", "O0", "D0", "Q0", "I1", "L1", "Z2", "G6",
                                         "T7", "A4", "E8", "MN", "VW", "KX")}


def normalize(s: object) -> str:
    return alnum(s)


def is_valid(s: object) -> bool:
    return bool(PATTERN.match(normalize(s)))


def is_mercosul(s: object) -> bool:
    return bool(_MERCOSUL.match(normalize(s)))


def is_old(s: object) -> bool:
    return bool(_OLD.match(normalize(s)))


def repair(s: object) -> str:
    """Undo the usual OCR confusions (O/0, I/1, B/8, S/5, Z/2, G/6) where a position admits only
    letters or only digits. A valid plate is returned unchanged."""
    p = normalize(s)
    if len(p) != 7 or PATTERN.match(p):
        return p
    return p[:3].translate(LETTER_FOR_DIGIT_COMPARED) + p[3].translate(DIGIT_FOR_LETTER_COMPARED) + p[4] + \
        p[5:].translate(DIGIT_FOR_LETTER_COMPARED)


def from_typed(text: str) -> str | None:
    """The plate a person typed ('abc-1d23' -> 'ABC1D23'), or None when it is none."""
    p = re.sub(r"[\s-]", "", text).upper()
    return p if PATTERN.fullmatch(p) else None


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


# ---------------------------------------------------------------- reading a plate off a page

def parse(text: str | None) -> str | None:
    """'ABC-1234', 'abc1d23', 'A8C-1Z34' -> 'ABC1234', 'ABC1D23'; OCR confusions fixed by
    position (letters at 0-2, digits at 3, 5, 6; the 5th may be either). None if not a plate."""
    if not text:
        return None
    s = re.sub(r"[^A-Za-z0-9]", "", str(text)).upper()
    if len(s) != 7:
        return None
    chars = list(s)
    for i in (0, 1, 2):
        chars[i] = LETTER_FOR_DIGIT.get(chars[i], chars[i])
    for i in (3, 5, 6):
        chars[i] = DIGIT_FOR_LETTER.get(chars[i], chars[i])
    out = "".join(chars)
    return out if PATTERN.match(out) else None


# (the edges are any letter's, accented ones included: 'ARRENDATÁRIO AUTO' holds no plate 'RIO AUTO')
_CANDIDATE = re.compile(r"(?<![^\W_])([A-Za-z0-9]{3})\s?[-–]?\s?([A-Za-z0-9]{4})(?![^\W_])")


def find(text: str | None, *, strict: bool = True) -> list[tuple[str, int, int]]:
    """Plates in free text. strict: the raw characters must already have letters in 0-2 and a
    digit at 3 (so ordinary words are not bent into plates)."""
    out: list[tuple[str, int, int]] = []
    for m in _CANDIDATE.finditer(text or ""):
        raw = (m.group(1) + m.group(2)).upper()
        if strict and not (raw[:3].isalpha() and raw[3].isdigit() and raw[5:].isdigit()):
            continue
        if not any(c.isdigit() for c in raw[3:]):
            continue  # OCR may take a digit or two for letters, not a plate's every digit: words
        p = parse(raw)
        if p:
            out.append((p, m.start(), m.end()))
    return out


def destutter(text: str | None) -> str | None:
    """An 8-character read of a plate where OCR gave one glyph twice ('FKN5E5S8'): the plate when
    every such pair, read either way, leaves the same valid plate."""
    s = re.sub(r"[^A-Za-z0-9]", "", str(text or "")).upper()
    if len(s) != 8:
        return None
    outs: set[str] = set()
    for i in range(7):
        if s[i] != s[i + 1] and frozenset((s[i], s[i + 1])) in SAME_GLYPH:
            for cut in (i, i + 1):
                p = parse(s[:cut] + s[cut + 1:])
                if p:
                    outs.add(p)
    return outs.pop() if len(outs) == 1 else None


def digit_unsure(raw: str) -> bool:
    """A plate read with a letter where a digit stands that may be either of two digits ('COS'
    for 'C08': an 'S' is a 5 or an 8): the position makes it a digit, not which one."""
    s = re.sub(r"[^A-Za-z0-9]", "", raw).upper()
    return len(s) == 7 and any(s[i] in LETTER_FOR_TWO_DIGITS for i in (3, 5, 6))


def agreement(read: str, plate: str) -> int:
    """How far a plate read, however noisy (letters and digits only), spells `plate`: 7 when every
    character agrees (the 5th allowing the usual misreads of a Mercosul letter; an 8-character
    read may hold one spurious character), 6 when one more character is a usual confusion, else
    the count of positions that agree."""
    cands = [read] if len(read) == 7 else [read[:i] + read[i + 1:] for i in range(len(read))] if len(read) == 8 else []
    best = 0
    for c in cands:
        p = parse(c) or c
        same = [p[i] == plate[i] or (i == 4 and p[i] in MERCOSUL_LETTER_READ_AS.get(plate[4], "")) for i in range(7)]
        n = sum(same)
        if n == 6:
            k = same.index(False)
            if frozenset((p[k], plate[k])) not in CONFUSED_PAIRS and frozenset((c[k], plate[k])) not in CONFUSED_PAIRS:
                n = 5
        best = max(best, n)
    return best
