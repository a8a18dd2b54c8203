"""Conditions for `applies_if`: does an item apply to this packet? Yes, no, or undecided."""

from __future__ import annotations

from domain import wording
from validators.checks.base import Applicability, Context, condition

_TIPO = {"pj": "pessoa jurídica", "pf": "pessoa física"}


@condition("contratante_tipo")
def contratante_tipo(ctx: Context, tipo: str) -> Applicability:
    """The contractor is a legal (pj) or natural (pf) person."""
    d = ctx.packet.contractor_type
    src = d.source
    common = dict(document=src.doc_id if src else None, field=src.field if src else None,
                  value=src.value if src else None, expected=tipo)
    if d.value is None:
        return Applicability(None, f"Não foi possível determinar se o contratante é {_TIPO[tipo]}: {d.reason}.", **common)
    if d.value == tipo:
        return Applicability(True, f"Contratante {_TIPO[tipo]}.", **common)
    return Applicability(False, f"Requisito para contratante {_TIPO[tipo]}; o contratante é {_TIPO[d.value]}.", **common)


@condition("fact")
def fact(ctx: Context, name: str, equals: object = True) -> Applicability:
    """A fact the applicant declared (e.g. representante_legal=true)."""
    value = ctx.fact(name)
    spec = ctx.rulebook.facts.get(name)
    # the declaration in the act's words (the rulebook's description), never a command-line flag
    said = spec.description if spec is not None else wording.field_label(None, name)
    said = said[:1].lower() + said[1:]
    if value == equals:
        return Applicability(True, f"Declarado pelo requerente: {said}" if equals is True
                             else f"Declarado pelo requerente: {wording.field_label(None, name)}, {wording.value(value)}.")
    why = (f"o requerente não declarou que {said}" if equals is True
           else f"o requerente não declarou {wording.field_label(None, name)} {wording.value(equals)}.")
    return Applicability(False, f"Não se aplica: {why}", field=name, value=value, expected=equals)


@condition("carrier_not_mei")
def carrier_not_mei(ctx: Context, dispensa: str = "") -> Applicability:
    """The carrier is not a Microempreendedor Individual (MEI is dispensed from some items)."""
    d = ctx.packet.mei
    src = d.source
    common = dict(document=src.doc_id if src else None, field=src.field if src else "mei",
                  value=src.value if src else ctx.fact("mei"), expected=False)
    if d.value is None:
        return Applicability(None, f"Não foi possível determinar se o transportador é MEI: {d.reason}.", **common)
    if d.value:
        return Applicability(False, f"Microempreendedor Individual (MEI): requisito dispensado. {dispensa}".strip(), **common)
    return Applicability(True, d.reason, **common)
