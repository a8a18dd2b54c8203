"""pt-BR formatting of the values the documents print, and their normalised forms."""

from __future__ import annotations

import re
from datetime import date

MESES = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
         "setembro", "outubro", "novembro", "dezembro"]


def only_alnum(s: str) -> str:
    return re.sub(r"[^0-9A-Za-z]", "", s).upper()


def cpf(d: str) -> str:
    return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"


def cnpj(d: str) -> str:
    return f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}"


def doc(d: str) -> str:
    return cpf(d) if len(d) == 11 else cnpj(d)


def certidao(d: str) -> str:
    return f"{d[:6]} {d[6:8]} {d[8:10]} {d[10:14]} {d[14]} {d[15:20]} {d[20:23]} {d[23:30]}-{d[30:]}"


def cep(d: str) -> str:
    return f"{d[:5]}-{d[5:]}"


def dmy(d: date) -> str:
    return d.strftime("%d/%m/%Y")


def longa(d: date) -> str:
    """'1º de fevereiro de 2026', '15 de janeiro de 2026'."""
    dia = "1º" if d.day == 1 else str(d.day)
    return f"{dia} de {MESES[d.month - 1]} de {d.year}"


def money(v: float, symbol: bool = True) -> str:
    s = f"{v:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
    return f"R$ {s}" if symbol else s


_UN = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez",
       "onze", "doze", "treze", "catorze", "quinze", "dezesseis", "dezessete", "dezoito",
       "dezenove"]
_DEZ = ["", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta",
        "noventa"]
_CEM = ["", "cento", "duzentos", "trezentos", "quatrocentos", "quinhentos", "seiscentos",
        "setecentos", "oitocentos", "novecentos"]


def _lt1000(n: int) -> str:
    if n == 100:
        return "cem"
    parts = []
    if n >= 100:
        parts.append(_CEM[n // 100])
    r = n % 100
    if r >= 20:
        parts.append(_DEZ[r // 10] + (f" e {_UN[r % 10]}" if r % 10 else ""))
    elif r:
        parts.append(_UN[r])
    return " e ".join(parts)


def _joins_with_e(n: int) -> bool:
    return n < 100 or n % 100 == 0


def extenso_int(n: int) -> str:
    if n == 0:
        return "zero"
    groups = []  # (value, text)
    mi, mil, rest = n // 1_000_000, (n // 1000) % 1000, n % 1000
    if mi:
        groups.append((mi, "um milhão" if mi == 1 else f"{_lt1000(mi)} milhões"))
    if mil:
        groups.append((mil, "mil" if mil == 1 else f"{_lt1000(mil)} mil"))
    if rest:
        groups.append((rest, _lt1000(rest)))
    out = groups[0][1]
    for i, (v, t) in enumerate(groups[1:], 1):
        last = i == len(groups) - 1
        out += (" e " if last and _joins_with_e(v) else " ") + t
    return out


def extenso_reais(v: float) -> str:
    """4500 -> 'quatro mil e quinhentos reais'; 1500000 -> 'um milhão e quinhentos mil reais'."""
    inteiro, cent = int(round(v * 100)) // 100, int(round(v * 100)) % 100
    parts = []
    if inteiro:
        t = extenso_int(inteiro)
        if inteiro == 1:
            parts.append("um real")
        elif inteiro % 1_000_000 == 0:
            parts.append(f"{t} de reais")
        else:
            parts.append(f"{t} reais")
    if cent:
        parts.append(f"{extenso_int(cent)} centavo" + ("" if cent == 1 else "s"))
    return " e ".join(parts)


def valor_extenso(v: float) -> str:
    return f"{money(v)} ({extenso_reais(v)})"
