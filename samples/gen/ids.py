"""Valid (and deliberately invalid) Brazilian identifiers, deterministic per key.

validate-docbr makes CPFs, RENAVAMs and birth-certificate numbers from Python's global
`random`; `seeded` pins that state per key so each entity keeps its numbers when others
are added. CNPJs are built here because registered companies carry branch 0001, which the
library's generator does not.
"""

from __future__ import annotations

import random
import string
import zlib
from contextlib import contextmanager

from validate_docbr import CNPJ, CPF, RENAVAM, Certidao

ALNUM = string.digits + string.ascii_uppercase


def rng(key: str) -> random.Random:
    return random.Random(zlib.crc32(key.encode()))


@contextmanager
def seeded(key: str):
    state = random.getstate()
    random.seed(zlib.crc32(key.encode()))
    try:
        yield
    finally:
        random.setstate(state)


def cpf(key: str) -> str:
    with seeded("cpf:" + key):
        out = CPF().generate()
    assert CPF().validate(out)
    return out


def renavam(key: str) -> str:
    with seeded("renavam:" + key):
        out = RENAVAM().generate()
    assert RENAVAM().validate(out)
    return out


def certidao(key: str, year: int = 2012) -> str:
    """A birth-certificate matrícula: cartório, acervo 01, service 55, year, book type 1
    (nascimento), book, page, term, then the two check digits (found with the library)."""
    r = rng("certidao:" + key)
    base = (f"{r.randint(100000, 169999)}0155{year}1{r.randint(1, 400):05d}"
            f"{r.randint(1, 300):03d}{r.randint(1, 99999):07d}")
    for dv in range(100):
        out = f"{base}{dv:02d}"
        if Certidao().validate(out):
            return out
    raise AssertionError(base)


def _cnpj_dv(base: str) -> str:
    def dv(s: str, weights: list[int]) -> str:
        total = sum((ord(ch) - 48) * w for ch, w in zip(s, weights))
        r = total % 11
        return "0" if r < 2 else str(11 - r)

    d1 = dv(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    d2 = dv(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    return base + d1 + d2


def cnpj(key: str, alphanumeric: bool = False) -> str:
    r = rng("cnpj:" + key)
    chars = ALNUM if alphanumeric else string.digits
    while True:
        root = "".join(r.choice(chars) for _ in range(8))
        if not alphanumeric or (any(c.isalpha() for c in root) and any(c.isdigit() for c in root)):
            break
    out = _cnpj_dv(root + "0001")
    assert CNPJ().validate(out), out
    return out


def break_check_digit(doc: str) -> str:
    """The same number with its last check digit changed (an invalid identifier)."""
    last = str((int(doc[-1]) + 3) % 10)
    return doc[:-1] + last


def ie_rs(key: str) -> str:
    """RS inscrição estadual (CGC/TE), 10 digits, printed NNN/NNNNNNN."""
    r = rng("ie:" + key)
    base = f"{r.randint(1, 199):03d}" + "".join(str(r.randint(0, 9)) for _ in range(6))
    s = sum(int(c) * w for c, w in zip(base, [2, 9, 8, 7, 6, 5, 4, 3, 2]))
    dv = 11 - s % 11
    return base + str(0 if dv >= 10 else dv)


_VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
_YEAR_CODE = {2012: "C", 2013: "D", 2016: "G", 2018: "J", 2019: "K", 2020: "L", 2021: "M"}


def chassi(key: str, wmi: str, vds: str, model_year: int) -> str:
    r = rng("chassi:" + key)
    plant = r.choice("BCSA")
    serial = "".join(r.choice("0123456789") for _ in range(6))
    out = wmi + vds + _YEAR_CODE[model_year] + plant + serial
    assert len(out) == 17 and not set(out) & set("IOQ"), out
    return out


def placa_antiga(key: str) -> str:
    r = rng("placa:" + key)
    return "I" + "".join(r.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(2)) + \
        "".join(str(r.randint(0, 9)) for _ in range(4))


def mercosul(old: str) -> str:
    """ABC1234 -> ABC1C34 (the fifth character's digit becomes a letter)."""
    return old[:4] + "ABCDEFGHIJ"[int(old[4])] + old[5:]


def digits(key: str, n: int) -> str:
    r = rng("digits:" + key)
    return str(r.randint(1, 9)) + "".join(str(r.randint(0, 9)) for _ in range(n - 1))
