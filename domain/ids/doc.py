"""A party's number, CPF or CNPJ (doctypes.yaml's kind `doc`): one or the other by its length,
11 characters or 14."""

from __future__ import annotations

import re

from domain.ids import cnpj, cpf
from domain.ids.text import DIGIT_FOR_LETTER

PRINTED = re.compile(cnpj.PRINTED.pattern + "|" + cpf.PRINTED.pattern)
# a CPF's or a CNPJ's piece (digits or letters: '.../0001-04'): no name holds one
PIECE = re.compile(r"\d{2,3}\.\d{3}\.\d{3}|/\d{4}-\d{2}\b")


def masked(text: str) -> str | None:
    """The number as people write it ('12.345.678/0001-95', '509.823.681-97') when the text is
    one, printed with or without its mask; None otherwise."""
    digits = re.sub(r"[.\-/\s]", "", text)
    if re.fullmatch(r"[0-9A-Z]{12}\d{2}", digits) and not digits.isalpha():
        return cnpj.mask(digits)
    if re.fullmatch(r"\d{11}", digits):
        return cpf.mask(digits)
    return None


def from_typed(text: str) -> str | None:
    """The number a person typed, its letters and digits only (upper case): a CPF's 11 or a CNPJ's
    14, else None."""
    ident = re.sub(r"[^0-9A-Za-z]", "", text).upper()
    return ident if len(ident) in (11, 14) else None


# ---------------------------------------------------------------- reading one off a page

def parse(text: str | None) -> str | None:
    """CPF or CNPJ as digits and letters only ('12.ABC.345/01DE-35' -> '12ABC34501DE35').

    A CPF (11 characters) is all digits, so O/I/S... read by OCR become digits; a CNPJ keeps
    letters in its first 12 characters (alphanumeric CNPJ) but its check digits are numeric.
    """
    if not text:
        return None
    s = re.sub(r"[^A-Za-z0-9]", "", str(text)).upper()
    if len(s) == 11:
        s = "".join(DIGIT_FOR_LETTER.get(c, c) for c in s)
        return s if s.isdigit() else None
    if len(s) == 14:
        s = s[:12] + "".join(DIGIT_FOR_LETTER.get(c, c) for c in s[12:])
        return s if s[12:].isdigit() else None
    return None


def find(text: str) -> list[tuple[str, int, int]]:
    """CPF/CNPJ numbers printed in text (masked or plain 14-digit), normalised, in order."""
    out: list[tuple[str, int, int]] = []
    for m in PRINTED.finditer(text.upper()):
        v = parse(m.group(0))
        if v:
            out.append((v, m.start(), m.end()))
    for m in cnpj.PLAIN.finditer(text):
        if not any(s <= m.start() < e for _, s, e in out):
            out.append((m.group(1), m.start(), m.end()))
    out.sort(key=lambda t: t[1])
    return out


def undo_one_confusion(value: str) -> str | None:
    """The CPF or CNPJ read with one OCR confusion undone (cpf/cnpj.undo_one_confusion)."""
    return cpf.undo_one_confusion(value) if len(value) == 11 else \
        cnpj.undo_one_confusion(value) if len(value) == 14 else None
