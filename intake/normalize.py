"""pt-BR specifics in one place: folding for matching, dates, money, integers, names, plates,
CPF/CNPJ/RENAVAM and chassis.

Every parse function takes any string and returns the normalised value or None: garbage in
never raises. An identifier is read by its own rules in domain.ids (its shape, the OCR
confusions its positions make unambiguous, its check digits), named here for the reading code.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from domain.folding import fold, fold_chars, key
from domain.ids.chassi import find as find_chassis, find_in_ocr as find_vins, parse as chassi, repair_ocr as vin_repair
from domain.ids.cnpj import digits_variant as cnpj_digits_variant
from domain.ids.doc import parse as doc
from domain.ids.placa import destutter as placa_destutter, find as find_placas, parse as placa
from domain.ids.renavam import parse as renavam
from domain.ids.text import DIGIT_FOR_LETTER as TO_DIGIT  # (the letters OCR reads for digits, for the parsers)

__all__ = [
    "fold", "fold_chars", "key", "spaces", "name", "find_dates", "parse_date", "find_money",
    "parse_money", "parse_int", "placa", "find_placas", "placa_destutter", "doc", "cnpj_digits_variant", "digits",
    "renavam", "chassi", "find_chassis", "find_vins", "vin_repair", "TO_DIGIT", "MONTHS",
]

# --------------------------------------------------------------------------- folding
# (fold, fold_chars, key: domain/folding.py, shared with the judging)


def whole_words_at(text: str, phrase: str) -> int:
    """Where `phrase` first stands in folded `text` as whole words (no letter a-z or digit just
    before or after it), or -1: a literal search with the edges checked after it, which costs a
    fraction of a regex with look-arounds (and of compiling one per phrase)."""
    n, i = len(phrase), text.find(phrase)
    while i >= 0:
        if not (i and _alnum(text[i - 1])) and not (i + n < len(text) and _alnum(text[i + n])):
            return i
        i = text.find(phrase, i + 1)
    return -1


def _alnum(c: str) -> bool:
    return "a" <= c <= "z" or "0" <= c <= "9"


def spaces(text: str | None) -> str | None:
    """Runs of whitespace as one space, ends trimmed; None for nothing."""
    if text is None:
        return None
    out = " ".join(str(text).split())
    return out or None


_NAME_EDGES = " \t:;,.-–—_|*\"'"


def name(text: str | None) -> str | None:
    """A person's or company's name as printed: spacing folded, stray edge punctuation gone."""
    s = spaces(text)
    if s is None:
        return None
    s = s.strip(_NAME_EDGES)
    # keep a final period of an abbreviation such as 'LTDA.' / 'S.A.'
    if text and s and str(text).rstrip().endswith(".") and re.search(r"\b(?:ltda|s\.?a|me|epp|cia)$", fold(s)):
        s += "."
    return s or None


# a list's row number as printed ('12', '12.', '12)', '12º'): no name or document holds it alone
ROW_NUMBER = re.compile(r"\d{1,4}[.)º°-]?")
_ROMAN_IL = re.compile(r"\b([A-ZÀ-Ý][A-Za-zÀ-ÿ]{2,}) (?:Il|lI|ll)(?![A-Za-zÀ-ÿ0-9])")
_GLUED = re.compile(r"\b(da|de|do|das|dos|na|no|em)-(?=[A-ZÀ-Ý][a-zà-ÿ])")


def roman(text: str | None) -> str | None:
    """OCR reads the numeral II after a name as 'Il' ('Dom Pedro Il', 'ANEXO Il'): no
    Portuguese word is spelt so, so it is the numeral."""
    if not text:
        return text
    return _ROMAN_IL.sub(lambda m: m.group(1) + " II", text)


def unglue(text: str | None) -> str | None:
    """A joining word that OCR glued to the next name with a speck read as a hyphen
    ('Praça da-Estação'): no Portuguese word is hyphenated so."""
    if not text:
        return text
    return _GLUED.sub(r"\1 ", text)


# --------------------------------------------------------------------------- dates

MONTHS = {
    "janeiro": 1, "fevereiro": 2, "marco": 3, "abril": 4, "maio": 5, "junho": 6, "julho": 7,
    "agosto": 8, "setembro": 9, "outubro": 10, "novembro": 11, "dezembro": 12,
}
_MONTH_ABBR = {m[:3]: n for m, n in MONTHS.items()}

_NUMERIC = re.compile(
    r"(?<![\d/.\-])(\d{1,2})\s?([/.\-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d/.\-]?\d)")
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_LONG = re.compile(
    r"(?<!\d)(\d{1,2})\s*(?:o|°|\.o)?\s+de\s+([a-z]{3,10})\s+de\s+(\d{4})(?!\d)")
_ABBR = re.compile(
    r"(?<!\d)(\d{1,2})\s*[/.\- ]\s*([a-z]{3})[a-z]*\.?\s*[/.\- ]\s*(\d{4})(?!\d)")
_FIRST = re.compile(r"\bprimeiro\s+de\s+([a-z]{3,10})\s+de\s+(\d{4})(?!\d)")


def _month(word: str) -> int | None:
    if word in MONTHS:
        return MONTHS[word]
    # OCR: 'janciro', 'fevereir0'; accept one confusion in a long month name
    from rapidfuzz import process, fuzz

    if len(word) >= 4:
        hit = process.extractOne(word, list(MONTHS), scorer=fuzz.ratio, score_cutoff=80)
        if hit:
            return MONTHS[hit[0]]
    return None


def _year(y: str) -> int:
    n = int(y)
    if len(y) == 2:
        n += 2000 if n < 70 else 1900
    return n


def _make(y: int, m: int, d: int) -> date | None:
    if not 1900 <= y <= 2100:
        return None
    try:
        return date(y, m, d)
    except ValueError:
        return None


def find_dates(text: str | None) -> list[tuple[date, int, int]]:
    """Every date in the text with its span, in order: numeric, ISO and long-form pt-BR."""
    if not text:
        return []
    t = fold_chars(text)
    found: list[tuple[date, int, int]] = []
    taken: list[tuple[int, int]] = []

    def add(d: date | None, s: int, e: int) -> None:
        if d is not None and not any(s < te and ts < e for ts, te in taken):
            found.append((d, s, e))
            taken.append((s, e))

    for m in _LONG.finditer(t):
        month = _month(m.group(2))
        if month:
            add(_make(int(m.group(3)), month, int(m.group(1))), m.start(), m.end())
    for m in _FIRST.finditer(t):
        month = _month(m.group(1))
        if month:
            add(_make(int(m.group(2)), month, 1), m.start(), m.end())
    for m in _ISO.finditer(t):
        add(_make(int(m.group(1)), int(m.group(2)), int(m.group(3))), m.start(), m.end())
    for m in _NUMERIC.finditer(t):
        add(_make(_year(m.group(4)), int(m.group(3)), int(m.group(1))), m.start(), m.end())
    for m in _ABBR.finditer(t):
        month = _MONTH_ABBR.get(m.group(2))
        if month:
            add(_make(int(m.group(3)), month, int(m.group(1))), m.start(), m.end())
    found.sort(key=lambda f: f[1])
    return found


# a term as printed, in folded text: '90 (noventa) dias', '12 meses', '5 anos' (groups: the
# number, the unit term_end() takes)
TERM = r"(?<![\d/])(\d{1,3})\s*(?:\([a-z\s-]+\)\s*)?(dias|mes(?:es)?|anos?)\b"


def term_end(start: date, n: int, unit: str) -> date:
    """The day a term of n days, months or years counted from `start` expires, as the Código
    Civil counts (art. 132): days leave the first day out (start + n); months and years end on
    the day of the same number, or the next day where that month has none (31/01 + 1 mês:
    01/03). unit: a folded word ('dias', 'mes', 'meses', 'ano', 'anos')."""
    if unit.startswith("dia"):
        return start + timedelta(days=n)
    months = n * 12 if unit.startswith("ano") else n
    y, m = divmod(start.month - 1 + months, 12)
    first = date(start.year + y, m + 1, 1)
    following = date(first.year + first.month // 12, first.month % 12 + 1, 1)
    days = (following - first).days
    return first.replace(day=start.day) if start.day <= days else following


def parse_date(text: str | None) -> date | None:
    """The first date in the text: '15/01/2026', '15.01.2026', '15-01-26', '2026-01-15',
    '1º de fevereiro de 2026', 'Porto Alegre, 15 de janeiro de 2026', '15/JAN/2026'."""
    try:
        hits = find_dates(text)
    except Exception:  # never raise on garbage
        return None
    return hits[0][0] if hits else None


# --------------------------------------------------------------------------- money

# (an amount that a separator and a group of three digits go on from is no amount: '2,700.000,00',
# its first dot read as a comma, is not R$ 2; '1.500.000.00', its comma read as a dot, is 1.500.000;
# '140:530,00', a dot read as a colon, is neither R$ 140 nor R$ 530)
_AMOUNT = re.compile(r"(?<![\d.,:;])(\d{1,3}(?:[.\s]\d{3})+|\d+)(?:\s?,\s?(\d{1,2}))?(?![\d]|[.,:;]\d{3})")
_CURRENCY = re.compile(r"r\s?\$\s*", re.I)


def _amount(intpart: str, cents: str | None) -> float | None:
    digits_only = re.sub(r"[.\s]", "", intpart)
    if not digits_only.isdigit() or len(digits_only) > 15:
        return None
    value = int(digits_only) + (int(cents.ljust(2, "0")) / 100 if cents else 0.0)
    return round(value, 2)


def find_money(text: str | None) -> list[tuple[float, int, int, bool]]:
    """Amounts in pt-BR notation: (value, start, end, has_currency_sign)."""
    if not text:
        return []
    # a speck read between the sign and the number ('R$.38.000,00'): a space, offsets kept
    text = re.sub(r"(?i)(r\s?\$)[.,'`](?=\d)", lambda m: m.group(1) + " ", text)
    out: list[tuple[float, int, int, bool]] = []
    for m in _AMOUNT.finditer(text):
        # "R$" within a few characters before the number
        before = text[max(0, m.start() - 5):m.start()]
        has_sign = bool(re.search(r"r\s?\$\s*$", before, re.I))
        cents = m.group(2)
        intpart = m.group(1)
        if " " in intpart and not has_sign:
            continue  # "2026 100" is two numbers, not one
        v = _amount(intpart, cents)
        if v is not None:
            out.append((v, m.start(), m.end(), has_sign))
    return out


def parse_money(text: str | None) -> float | None:
    """'R$ 1.234.567,89' -> 1234567.89; '1.234,56'; 'R$ 100.000,00 (cem mil reais)' -> 100000.0.

    Prefers an amount after 'R$', then one with centavos; None when nothing looks like money.
    """
    try:
        hits = find_money(text)
    except Exception:
        return None
    if not hits:
        return None
    assert text is not None  # the hits were found in it
    for v, s, e, sign in hits:
        if sign:
            return v
    for v, s, e, sign in hits:
        if "," in text[s:e]:
            return v
    return hits[0][0]


def parse_int(text: str | None) -> int | None:
    """The first whole number: '39P' -> 39, 'Lotação: 44 lugares' -> 44, '2.019' stays 2019 only
    when written so; None when there is none."""
    if not text:
        return None
    m = re.search(r"(?<!\d)(\d{1,3}(?:\.\d{3})+|\d+)(?!\d)", str(text))
    if not m:
        return None
    try:
        return int(m.group(1).replace(".", ""))
    except ValueError:
        return None


# --------------------------------------------------------------------------- digits (identifiers: above)

def digits(text: str | None) -> str:
    return re.sub(r"\D", "", str(text or ""))
