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
_YEAR_CODE = {**{y: str(y - 2000) for y in range(2001, 2010)},
              **dict(zip(range(2010, 2026), "ABCDEFGHJKLMNPRS"))}


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


# ---------------------------------------------------------------- identifiers of the other acts

def cnh(key: str) -> str:
    """A CNH registration number (11 digits) valid under validate-docbr's (DETRAN) variant."""
    from validate_docbr import CNH
    with seeded("cnh:" + key):
        out = CNH().generate()
    assert CNH().validate(out)
    return out


def ie_mg(key: str, municipio: str = "313") -> str:
    """MG inscrição estadual, 13 digits (município, inscrição, ordem, two check digits)."""
    r = rng("ie-mg:" + key)
    base = municipio + "".join(str(r.randint(0, 9)) for _ in range(6)) + "00"
    s = base[:3] + "0" + base[3:]
    total = sum(int(ch) for i, c in enumerate(s) for ch in str(int(c) * (1 if i % 2 == 0 else 2)))
    d1 = (10 - total % 10) % 10
    s2 = base + str(d1)
    r2 = sum(int(c) * w for c, w in zip(s2, [3, 2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2])) % 11
    d2 = 0 if r2 < 2 else 11 - r2
    return s2 + str(d2)


def ie_sp(key: str) -> str:
    """SP inscrição estadual (commerce and industry), 12 digits with check digits at 9 and 12."""
    r = rng("ie-sp:" + key)
    b = [r.randint(0, 9) for _ in range(8)]
    d1 = sum(v * w for v, w in zip(b, [1, 3, 4, 5, 6, 7, 8, 10])) % 11 % 10
    mid = b + [d1] + [r.randint(0, 9) for _ in range(2)]
    d2 = sum(v * w for v, w in zip(mid, [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2])) % 11 % 10
    return "".join(map(str, mid + [d2]))


UF_TITULO = {"SP": "01", "MG": "02", "RS": "04"}


def titulo_eleitor(key: str, uf: str) -> str:
    """Título de eleitor: 8-digit sequence, 2-digit UF code, two check digits (TSE rule)."""
    r = rng("titulo:" + key)
    seq = [r.randint(0, 9) for _ in range(8)]
    code = UF_TITULO[uf]
    special = uf in ("SP", "MG")
    r1 = sum(v * w for v, w in zip(seq, range(2, 10))) % 11
    d1 = 0 if r1 == 10 else (1 if r1 == 0 and special else r1)
    r2 = (int(code[0]) * 7 + int(code[1]) * 8 + d1 * 9) % 11
    d2 = 0 if r2 == 10 else (1 if r2 == 0 and special else r2)
    return "".join(map(str, seq)) + code + f"{d1}{d2}"


def placa_uf(key: str, prefix: str) -> str:
    """An old-format plate in a state's range (prefix: first letter or two, e.g. 'H' for MG,
    'F' for SP)."""
    r = rng("placa:" + key)
    letters = prefix + "".join(r.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(3 - len(prefix)))
    return letters + "".join(str(r.randint(0, 9)) for _ in range(4))


def code(key: str, groups: int = 4, size: int = 4, alphabet: str = "0123456789ABCDEF") -> str:
    """A control code as certidões print it: 'A1B2.C3D4.E5F6.0718'."""
    r = rng("code:" + key)
    return ".".join("".join(r.choice(alphabet) for _ in range(size)) for _ in range(groups))


def nit(key: str) -> str:
    """NIT/PIS: ten digits and a check digit (weights 3,2,9..2; 11 - mod 11, 10 and 11 give 0)."""
    base = digits("nit:" + key, 10)
    r = 11 - sum(int(c) * w for c, w in zip(base, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2])) % 11
    return base + str(0 if r >= 10 else r)
