"""pt-BR specifics in one place: folding for matching, dates, money, integers, names, plates,
CPF/CNPJ/RENAVAM and chassis.

Every parse function takes any string and returns the normalised value or None: garbage in
never raises. Identifier check digits are not judged here (domain.ids does that); only
the shape and the OCR confusions that position makes unambiguous are fixed.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date, timedelta
from functools import lru_cache

__all__ = [
    "fold", "fold_chars", "key", "spaces", "name", "find_dates", "parse_date", "find_money",
    "parse_money", "parse_int", "placa", "find_placas", "doc", "digits", "renavam", "chassi",
    "find_chassis", "MONTHS",
]

# --------------------------------------------------------------------------- folding


@lru_cache(maxsize=4096)
def _fold_char(c: str) -> str:
    if c.isascii():
        return c.lower()
    base = "".join(ch for ch in unicodedata.normalize("NFKD", c) if not unicodedata.combining(ch))
    # One character in, one out, so spans found in the folded text are spans of the original.
    return (base[:1] or " ").lower() if base.strip() else " "


_FOLD_TABLE: dict[int, str] = {}


def fold_chars(text: str) -> str:
    """Lower case without accents, one character for one ('º' -> 'o'), spacing untouched."""
    if not text:
        return ""
    if text.isascii():
        return text.lower()
    for c in set(text):  # (each character folded once per process, then by table)
        if ord(c) > 127 and ord(c) not in _FOLD_TABLE:
            _FOLD_TABLE[ord(c)] = _fold_char(c)
    return text.translate(_FOLD_TABLE).lower()


def fold(text: str) -> str:
    """Lower case, no accents, runs of whitespace as one space: the form keywords match in."""
    return " ".join(fold_chars(text).split())


_NON_ALNUM = re.compile(r"[^a-z0-9]+")


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


@lru_cache(maxsize=65536)
def key(text: str) -> str:
    """fold() with punctuation as spaces: 'MARCA / MODELO / VERSÃO' == 'Marca/Modelo/Versão'."""
    return " ".join(_NON_ALNUM.sub(" ", fold_chars(text)).split())


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


# --------------------------------------------------------------------------- identifiers

_TO_LETTER = {"0": "O", "1": "I", "8": "B", "5": "S", "2": "Z", "6": "G", "4": "A", "7": "T"}
_TO_DIGIT = {"O": "0", "Q": "0", "D": "0", "I": "1", "L": "1", "B": "8", "S": "5", "Z": "2",
             "G": "6", "T": "7", "A": "4"}
TO_DIGIT = _TO_DIGIT  # (the letters OCR reads for digits, for the parsers)
PLACA_RE = re.compile(r"^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$")


def placa(text: str | None) -> str | None:
    """'ABC-1234', 'abc1d23', 'A8C-1Z34' -> 'ABC1234', 'ABC1D23'; OCR confusions fixed by
    position (letters at 0-2, digits at 3, 5, 6; the 5th may be either). None if not a plate."""
    if not text:
        return None
    s = re.sub(r"[^A-Za-z0-9]", "", str(text)).upper()
    if len(s) != 7:
        return None
    chars = list(s)
    for i in (0, 1, 2):
        chars[i] = _TO_LETTER.get(chars[i], chars[i])
    for i in (3, 5, 6):
        chars[i] = _TO_DIGIT.get(chars[i], chars[i])
    out = "".join(chars)
    return out if PLACA_RE.match(out) else None


# (the edges are any letter's, accented ones included: 'ARRENDATÁRIO AUTO' holds no plate 'RIO AUTO')
_PLACA_CANDIDATE = re.compile(r"(?<![^\W_])([A-Za-z0-9]{3})\s?[-–]?\s?([A-Za-z0-9]{4})(?![^\W_])")


def find_placas(text: str | None, *, strict: bool = True) -> list[tuple[str, int, int]]:
    """Plates in free text. strict: the raw characters must already have letters in 0-2 and a
    digit at 3 (so ordinary words are not bent into plates)."""
    out = []
    for m in _PLACA_CANDIDATE.finditer(text or ""):
        raw = (m.group(1) + m.group(2)).upper()
        if strict and not (raw[:3].isalpha() and raw[3].isdigit() and raw[5:].isdigit()):
            continue
        if not any(c.isdigit() for c in raw[3:]):
            continue  # OCR may take a digit or two for letters, not a plate's every digit: words
        p = placa(raw)
        if p:
            out.append((p, m.start(), m.end()))
    return out


def digits(text: str | None) -> str:
    return re.sub(r"\D", "", str(text or ""))


def doc(text: str | None) -> str | None:
    """CPF or CNPJ as digits and letters only ('12.ABC.345/01DE-35' -> '12ABC34501DE35').

    A CPF (11 characters) is all digits, so O/I/S... read by OCR become digits; a CNPJ keeps
    letters in its first 12 characters (alphanumeric CNPJ) but its check digits are numeric.
    """
    if not text:
        return None
    s = re.sub(r"[^A-Za-z0-9]", "", str(text)).upper()
    if len(s) == 11:
        s = "".join(_TO_DIGIT.get(c, c) for c in s)
        return s if s.isdigit() else None
    if len(s) == 14:
        s = s[:12] + "".join(_TO_DIGIT.get(c, c) for c in s[12:])
        return s if s[12:].isdigit() else None
    return None


def cnpj_digits_variant(value: str) -> str | None:
    """The same CNPJ with OCR letter confusions read as digits (for a numeric CNPJ misread)."""
    if not value or len(value) != 14:
        return None
    out = "".join(_TO_DIGIT.get(c, c) for c in value)
    return out if out.isdigit() and out != value else None


def renavam(text: str | None) -> str | None:
    """11 digits; a legacy 9- or 10-digit number is zero-padded. None otherwise."""
    if not text:
        return None
    s = re.sub(r"[^A-Za-z0-9]", "", str(text)).upper()
    s = "".join(_TO_DIGIT.get(c, c) for c in s)
    if not s.isdigit() or not 9 <= len(s) <= 11:
        return None
    return s.zfill(11)


_VIN_FIX = {"O": "0", "Q": "0", "I": "1"}


def chassi(text: str | None) -> str | None:
    """17 characters, upper case; O/Q -> 0 and I -> 1 (a VIN never holds I, O or Q)."""
    if not text:
        return None
    s = re.sub(r"[^A-Za-z0-9]", "", str(text)).upper()
    s = "".join(_VIN_FIX.get(c, c) for c in s)
    return s if len(s) == 17 else None


_CHASSI_CANDIDATE = re.compile(r"(?<![^\W_])([A-Za-z0-9]{17})(?![^\W_])")


def find_chassis(text: str | None) -> list[tuple[str, int, int]]:
    out = []
    for m in _CHASSI_CANDIDATE.finditer(text or ""):
        raw = m.group(1)
        # a VIN mixes letters and digits; a 17-digit number or a word is not one
        if sum(c.isdigit() for c in raw) >= 4 and sum(c.isalpha() for c in raw) >= 2:
            v = chassi(raw)
            if v:
                out.append((v, m.start(), m.end()))
    return out


# A VIN's last four characters are digits (CONTRAN Res. 24/1998: "os quatro últimos caracteres
# ... obrigatoriamente numéricos"): a letter read there is an OCR confusion with one reading.
_VIN_TAIL_DIGIT = {"O": "0", "Q": "0", "D": "0", "U": "0", "I": "1", "L": "1", "J": "1", "T": "7",
                   "S": "5", "B": "8", "Z": "2", "G": "6", "A": "4"}
# World manufacturer identifiers (the first three characters) of makers whose buses, micro-buses
# and vans are registered in Brazil: a dictionary for the one confusion OCR makes most there.
WMIS = frozenset({
    "9BW", "9BM", "9BD", "9BG", "9BF", "9BR", "9BH", "9BS", "9BV", "93H", "93Y", "93X", "93Z",
    "93W", "93P", "935", "936", "94D", "953", "988", "9C2", "9C6", "8AC", "8AD", "8AF", "8AG",
    "8AJ", "8AP", "8AW", "8AT", "8BC", "3VW", "WDB", "WDF", "WV1", "WV2", "VF1", "VF3", "VF7",
    "ZFA", "ZCF", "YS2", "YV2", "YV3", "LVV", "LJ1", "KMJ", "KMH", "KNA", "JTF", "JHM", "MAT",
})
_WMI_CONFUSED = {"8": "B3", "B": "8", "0": "O8D", "D": "0", "5": "S", "S": "5", "2": "Z", "Z": "2",
                 "6": "G", "G": "6", "1": "ITL", "7": "T", "T": "7", "3": "8", "4": "A", "A": "4",
                 "M": "N", "N": "M", "W": "V", "V": "W", "C": "G", "P": "R", "R": "P", "H": "N"}


def vin_repair(value: str | None) -> str | None:
    """An OCR'd VIN with the confusions its rules leave one reading for undone: letters among
    the last four characters made digits, and a maker code (WMI) not in the dictionary made the
    one dictionary code a single confusion away. None when nothing was changed."""
    if not value or len(value) != 17:
        return None
    head, tail = value[:13], value[13:]
    tail = "".join(_VIN_TAIL_DIGIT.get(c, c) for c in tail)
    wmi = value[:3]
    if wmi not in WMIS:
        near = {wmi[:i] + alt + wmi[i + 1:] for i, c in enumerate(wmi) for alt in _WMI_CONFUSED.get(c, "")}
        near &= WMIS
        if not near and wmi[0] in "0IOQ":
            # no region starts with 0 (nor I, O, Q): a glyph lost, the other two still tell the maker
            near = {w for w in WMIS if w[1:] == wmi[1:]}
        if len(near) == 1:
            head = near.pop() + head[3:]
    out = head + tail
    return out if out != value else None


_SAME_GLYPH = {frozenset(p) for p in ("O0", "Q0", "D0", "I1", "L1", "Z2", "S5", "B8", "G6", "T7")}
_VIN_CANDIDATE = re.compile(r"(?<![^\W_])([A-Za-z0-9]{17,18})(?![^\W_])")


def _destutter(raw: str) -> str | None:
    """An 18-character read of a VIN where OCR gave one glyph twice ('93Z2C2...', 'MFO0DA'):
    the VIN when every such pair, read either way, leaves the same 17 characters."""
    outs = set()
    for i in range(len(raw) - 1):
        a, b = raw[i], raw[i + 1]
        if a != b and frozenset((a, b)) in _SAME_GLYPH:
            for cut in (i, i + 1):
                v = chassi(raw[:cut] + raw[cut + 1:])
                v = (vin_repair(v) or v) if v else None
                # the 10th character is the model year's code: never 0, U or Z (nor I, O, Q)
                if v and v[9] not in "0UZ" and v[13:].isdigit():
                    outs.add(v)
    return outs.pop() if len(outs) == 1 else None


_VIN_GLYPHS = {"]": "J", "|": "1"}
_VIN_GLYPH = re.compile(r"(?<=[A-Za-z0-9])[\]|](?=[A-Za-z0-9])")


def find_vins(text: str | None) -> list[tuple[str, int, int, bool]]:
    """VINs in OCR'd text: (value, start, end, repaired), the value with vin_repair() applied and
    an 18-character read with a doubled glyph brought back to 17 (both flagged repaired)."""
    out = []
    text = text or ""
    # a glyph read as a bracket or a bar inside a word ('9BMMSJL4HG]929295'): the one letter or
    # digit it stands for, in place (offsets kept)
    glyphs = _VIN_GLYPH.sub(lambda m: _VIN_GLYPHS[m.group(0)], text)
    for m in _VIN_CANDIDATE.finditer(glyphs):
        raw = m.group(1).upper()
        if not (sum(c.isdigit() for c in raw) >= 4 and sum(c.isalpha() for c in raw) >= 2):
            continue
        if len(raw) == 17:
            v = chassi(raw)
            if v:
                fixed = vin_repair(v)
                out.append((fixed or v, m.start(), m.end(), fixed is not None or glyphs[m.start():m.end()] != text[m.start():m.end()]))
        else:
            v = _destutter(raw)
            if v:
                out.append((v, m.start(), m.end(), True))
    return out


def placa_destutter(text: str | None) -> str | None:
    """An 8-character read of a plate where OCR gave one glyph twice ('FKN5E5S8'): the plate when
    every such pair, read either way, leaves the same valid plate."""
    s = re.sub(r"[^A-Za-z0-9]", "", str(text or "")).upper()
    if len(s) != 8:
        return None
    outs = set()
    for i in range(7):
        if s[i] != s[i + 1] and frozenset((s[i], s[i + 1])) in _SAME_GLYPH:
            for cut in (i, i + 1):
                p = placa(s[:cut] + s[cut + 1:])
                if p:
                    outs.add(p)
    return outs.pop() if len(outs) == 1 else None
