"""People: drivers (one per CNH) and their documents — age, licence category, the paid-activity
remark (EAR), licence validity and number."""

from __future__ import annotations

import re
from datetime import date

from domain import doctypes
from domain.ids import cnh as cnh_id
from validators.checks.base import Context, Outcome, check
from validators.checks.common import judge, missing, ok, read, review, uncertain
from validators.checks.packet import Driver
from validators.checks.presence import valid_on


def _driver(ctx: Context) -> Driver:
    if ctx.driver is None:
        raise ValueError(f"check used outside a per-driver item ({ctx.item.id})")
    return ctx.driver


def age_on(born: date, day: date) -> int:
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


@check("driver_min_age")
def driver_min_age(ctx: Context, years: int) -> list[Outcome]:
    """The driver is at least `years` old on the reference date (CNH, else identity document)."""
    d = _driver(ctx)
    r = read(d.cnh, "data_nascimento")
    if not r.present:
        for doc in d.of("documento_identidade"):
            alt = read(doc, "data_nascimento")
            if alt.present:
                r = alt
                break
    ref = ctx.reference_date
    latest = ref.replace(year=ref.year - years) if not (ref.month == 2 and ref.day == 29) else ref.replace(
        year=ref.year - years, day=28)
    if not r.confident or (born := r.as_date()) is None:
        return [uncertain(r, f"<= {latest.isoformat()}")]
    age = age_on(born, ref)
    if age >= years:
        return [ok(r.doc)]
    return [judge(r, lambda _: False, code="cnh.idade_minima",
                  message=f"Condutor com {age} anos; mínimo {years}.", expected=f"<= {latest.isoformat()}")]


@check("cnh_category")
def cnh_category(ctx: Context, allowed: list[str]) -> list[Outcome]:
    """The licence category includes one of the allowed (e.g. D or E)."""
    r = read(_driver(ctx).cnh, "categoria")
    want = {a.upper() for a in allowed}
    return [judge(r, lambda v: bool(set(re.sub(r"[^A-E]", "", str(v).upper())) & want),
                  code="cnh.categoria_insuficiente", message="Categoria da CNH: {value}; exigida {expected}.",
                  expected=" ou ".join(sorted(want)))]


@check("cnh_ear")
def cnh_ear(ctx: Context) -> list[Outcome]:
    """The licence carries the paid-activity remark (EAR)."""
    r = read(_driver(ctx).cnh, "ear")
    return [judge(r, lambda v: v is True, code="cnh.sem_ear",
                  message="A CNH não traz a observação de que exerce atividade remunerada (EAR).", expected=True)]


@check("cnh_valid")
def cnh_valid(ctx: Context) -> list[Outcome]:
    """The licence is valid on the reference date."""
    return valid_on(ctx, _driver(ctx).cnh)


@check("cnh_number")
def cnh_number(ctx: Context) -> list[Outcome]:
    """The licence number passes one of the public check-digit variants; failing both is a
    reason to look, never a failure (no official specification)."""
    r = read(_driver(ctx).cnh, "numero")
    if not r.confident:
        return [uncertain(r, "número de CNH com dígitos verificadores válidos")]
    if cnh_id.verdict(r.value) == "ok":
        return [ok(r.doc)]
    return [review("cnh.numero_digito_incerto",
                   f"Número da CNH {r.value} não confere com as variantes públicas do dígito verificador: conferir.",
                   r, "número de CNH com dígitos verificadores válidos")]


@check("driver_document", once=False)
def driver_document(ctx: Context, type: str) -> list[Outcome]:
    """The driver has a document of this type (matched by CPF or name)."""
    d = _driver(ctx)
    docs = d.of(type)
    if docs:
        return [ok(*docs)]
    return [missing(type, f"Documento ausente para o condutor {d.label}: {doctypes.label(type)}.")]
