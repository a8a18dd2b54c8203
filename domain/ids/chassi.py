"""Chassis (VIN): 17 characters, letters I, O and Q never used. A light plausibility check only:
Brazilian VINs carry no check digit that every maker honours."""

from __future__ import annotations

import re

from domain.ids.text import SAME_GLYPH, alnum

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


def from_typed(text: str) -> str | None:
    """The chassis a person typed: 17 letters and digits, upper case (is_valid() judges it), or None."""
    vin = re.sub(r"\s", "", text).upper()
    return vin if re.fullmatch(r"[A-Z0-9]{17}", vin) else None


# ---------------------------------------------------------------- reading a VIN off a page

# a VIN never holds I, O or Q: read there, they are 1 and 0
_NEVER_IN_A_VIN = {"O": "0", "Q": "0", "I": "1"}


def parse(text: str | None) -> str | None:
    """17 characters, upper case; O/Q -> 0 and I -> 1 (a VIN never holds I, O or Q)."""
    if not text:
        return None
    s = re.sub(r"[^A-Za-z0-9]", "", str(text)).upper()
    s = "".join(_NEVER_IN_A_VIN.get(c, c) for c in s)
    return s if len(s) == 17 else None


_CANDIDATE = re.compile(r"(?<![^\W_])([A-Za-z0-9]{17})(?![^\W_])")


def find(text: str | None) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    for m in _CANDIDATE.finditer(text or ""):
        raw = m.group(1)
        # a VIN mixes letters and digits; a 17-digit number or a word is not one
        if sum(c.isdigit() for c in raw) >= 4 and sum(c.isalpha() for c in raw) >= 2:
            v = parse(raw)
            if v:
                out.append((v, m.start(), m.end()))
    return out


# A VIN's last four characters are digits (CONTRAN Res. 24/1998: "os quatro últimos caracteres
# ... obrigatoriamente numéricos"): a letter read there is an OCR confusion with one reading.
TAIL_DIGIT_FOR_LETTER = {"O": "0", "Q": "0", "D": "0", "U": "0", "I": "1", "L": "1", "J": "1", "T": "7",
                         "S": "5", "B": "8", "Z": "2", "G": "6", "A": "4"}
# World manufacturer identifiers (the first three characters) of makers whose buses, micro-buses
# and vans are registered in Brazil: a dictionary for the one confusion OCR makes most there.
WMIS = frozenset({
    "9BW", "9BM", "9BD", "9BG", "9BF", "9BR", "9BH", "9BS", "9BV", "93H", "93Y", "93X", "93Z",
    "93W", "93P", "935", "936", "94D", "953", "988", "9C2", "9C6", "8AC", "8AD", "8AF", "8AG",
    "8AJ", "8AP", "8AW", "8AT", "8BC", "3VW", "WDB", "WDF", "WV1", "WV2", "VF1", "VF3", "VF7",
    "ZFA", "ZCF", "YS2", "YV2", "YV3", "LVV", "LJ1", "KMJ", "KMH", "KNA", "JTF", "JHM", "MAT",
})
# Glyphs OCR takes for one another in a maker's code
WMI_CONFUSED = {"8": "B3", "B": "8", "0": "O8D", "D": "0", "5": "S", "S": "5", "2": "Z", "Z": "2",
                "6": "G", "G": "6", "1": "ITL", "7": "T", "T": "7", "3": "8", "4": "A", "A": "4",
                "M": "N", "N": "M", "W": "V", "V": "W", "C": "G", "P": "R", "R": "P", "H": "N"}


def repair_ocr(value: str | None) -> str | None:
    """An OCR'd VIN with the confusions its rules leave one reading for undone: letters among
    the last four characters made digits, and a maker code (WMI) not in the dictionary made the
    one dictionary code a single confusion away. None when nothing was changed."""
    if not value or len(value) != 17:
        return None
    head, tail = value[:13], value[13:]
    tail = "".join(TAIL_DIGIT_FOR_LETTER.get(c, c) for c in tail)
    wmi = value[:3]
    if wmi not in WMIS:
        near = {wmi[:i] + alt + wmi[i + 1:] for i, c in enumerate(wmi) for alt in WMI_CONFUSED.get(c, "")}
        near &= WMIS
        if not near and wmi[0] in "0IOQ":
            # no region starts with 0 (nor I, O, Q): a glyph lost, the other two still tell the maker
            near = {w for w in WMIS if w[1:] == wmi[1:]}
        if len(near) == 1:
            head = near.pop() + head[3:]
    out = head + tail
    return out if out != value else None


_OCR_CANDIDATE = re.compile(r"(?<![^\W_])([A-Za-z0-9]{17,18})(?![^\W_])")


def _destutter(raw: str) -> str | None:
    """An 18-character read of a VIN where OCR gave one glyph twice ('93Z2C2...', 'MFO0DA'):
    the VIN when every such pair, read either way, leaves the same 17 characters."""
    outs: set[str] = set()
    for i in range(len(raw) - 1):
        a, b = raw[i], raw[i + 1]
        if a != b and frozenset((a, b)) in SAME_GLYPH:
            for cut in (i, i + 1):
                v = parse(raw[:cut] + raw[cut + 1:])
                v = (repair_ocr(v) or v) if v else None
                # the 10th character is the model year's code: never 0, U or Z (nor I, O, Q)
                if v and v[9] not in "0UZ" and v[13:].isdigit():
                    outs.add(v)
    return outs.pop() if len(outs) == 1 else None


_GLYPHS = {"]": "J", "|": "1"}
_GLYPH = re.compile(r"(?<=[A-Za-z0-9])[\]|](?=[A-Za-z0-9])")


def find_in_ocr(text: str | None) -> list[tuple[str, int, int, bool]]:
    """VINs in OCR'd text: (value, start, end, repaired), the value with repair_ocr() applied and
    an 18-character read with a doubled glyph brought back to 17 (both flagged repaired)."""
    out: list[tuple[str, int, int, bool]] = []
    text = text or ""
    # a glyph read as a bracket or a bar inside a word ('9BMMSJL4HG]929295'): the one letter or
    # digit it stands for, in place (offsets kept)
    glyphs = _GLYPH.sub(lambda m: _GLYPHS[m.group(0)], text)
    for m in _OCR_CANDIDATE.finditer(glyphs):
        raw = m.group(1).upper()
        if not (sum(c.isdigit() for c in raw) >= 4 and sum(c.isalpha() for c in raw) >= 2):
            continue
        if len(raw) == 17:
            v = parse(raw)
            if v:
                fixed = repair_ocr(v)
                out.append((fixed or v, m.start(), m.end(), fixed is not None or glyphs[m.start():m.end()] != text[m.start():m.end()]))
        else:
            v = _destutter(raw)
            if v:
                out.append((v, m.start(), m.end(), True))
    return out
