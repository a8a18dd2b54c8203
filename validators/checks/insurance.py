"""Insurance per vehicle: the policy of the vehicle, in force, paid, and above the minimums
(counted in a dated fiscal unit)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import cast

from validators.checks.base import Context, Outcome, check
from validators.checks.common import best, fail, judge, missing, ok, read, review, uncertain, unit_label
from validators.checks.contract import in_force
from validators.checks.packet import Match
from validators.checks.vehicle import this_vehicle, not_for_this_vehicle, pairing
from validators.dates import to_date
from validators.money import brl, cents, number_br, to_decimal
from validators.params import Known


def chosen_policy(ctx: Context) -> Match | None:
    """The vehicle's policy: one in force on the reference date if any, else the latest."""
    ms = this_vehicle(ctx).of("apolice_seguro")
    if not ms:
        return None
    ref = ctx.reference_date

    def key(m: Match) -> tuple[bool, bool, date]:
        ini, fim = to_date(read(m.doc, "vigencia_inicio").value), to_date(read(m.doc, "vigencia_fim").value)
        covers = bool(ini and fim and ini <= ref <= fim)
        return (covers, m.confident, fim or ref.min)

    return max(ms, key=key)


@check("policy_for_vehicle")
def policy_for_vehicle(ctx: Context) -> list[Outcome]:
    """A policy naming this vehicle (plate or chassis); a policy of another vehicle fails."""
    v = this_vehicle(ctx)
    ms = v.of("apolice_seguro")
    if not ms:
        return not_for_this_vehicle(ctx, "apolice_seguro") or [
            missing("apolice_seguro", f"Nenhuma apólice de seguro para o veículo {v.label}.")]
    return best([[pairing(m, v)] for m in ms])


@check("policy_in_force")
def policy_in_force(ctx: Context) -> list[Outcome]:
    """The vehicle's policy is in force on the reference date."""
    m = chosen_policy(ctx)
    return [in_force(m.doc, ctx.reference_date, "vigencia_inicio", "vigencia_fim", "apolice_seguro")] if m else []


@check("policy_paid")
def policy_paid(ctx: Context) -> list[Outcome]:
    """A payment receipt (quitação or instalments due) for the vehicle's policy."""
    m = chosen_policy(ctx)
    if m is None:
        return []
    pays = ctx.packet.payments_for(m.doc)
    num = read(m.doc, "numero_apolice")
    if not pays:
        return [missing("comprovante_pagamento_seguro",
                        f"Comprovante de pagamento da apólice {num.value or m.doc.id} ausente.")]
    alts = []
    for p, sure in pays:
        outs = []
        if not sure:
            pn = read(p, "numero_apolice")
            outs.append(review("comprovante_pagamento_seguro.vinculo_incerto",
                               f"Comprovante {p.id} associado à apólice {num.value or m.doc.id} sem confirmação "
                               f"pelo número da apólice.", pn, num.value or f"número da apólice {m.doc.id}", m.doc))
        q = read(p, "quitado")
        if q.present:
            outs.append(judge(q, lambda x: x is True, code="comprovante_pagamento_seguro.parcelas_em_aberto",
                              message="O comprovante não mostra quitação ou parcelas em dia.", expected=True))
        alts.append(outs or [ok(p)])
    return best(alts)


def seats_of(ctx: Context, m: Match) -> tuple[int | None, str]:
    a = read(m.doc, "assentos")
    if a.confident:
        return int(a.value), "assentos da apólice"
    lot = read(this_vehicle(ctx).crlv, "lotacao")
    if lot.confident:
        return int(lot.value), "lotação do CRLV"
    return None, ""


@check("insurance_minimum")
def insurance_minimum(ctx: Context, field: str, units: int | float, parameter: str,
                      per: str = "seat") -> list[Outcome]:
    """A cover of the vehicle's policy at least `units` × the parameter in force on the
    reference date (per seat offered or per vehicle). Unknown parameter value: review."""
    v = this_vehicle(ctx)
    m = chosen_policy(ctx)
    if m is None:
        return [missing("apolice_seguro", f"Nenhuma apólice pareada com o veículo {v.label}.")]
    d = m.doc
    outs = []
    link = pairing(m, v)
    if link.status != "ok":
        # The policy may not be this vehicle's: its amounts cannot make the vehicle ok.
        # (A conclusive mismatch fails in the item of the policy itself.)
        link.status = "review"
        for f in link.findings:
            f.severity = "warning"
        outs.append(link)
    force = in_force(d, ctx.reference_date, "vigencia_inicio", "vigencia_fim", "apolice_seguro")
    if force.status == "fail":
        return [force]
    if force.status != "ok":
        outs.append(force)
    r = read(d, field)
    p = ctx.rulebook.parameter(parameter)
    unit = unit_label(p)
    k = ctx.param(parameter)
    n_units = cast(Decimal, to_decimal(units))  # (a number: the rulebook refuses any other units)
    if not isinstance(k, Known):
        return outs + [review(f"apolice_seguro.{parameter}_desconhecida",
                              f"{k.reason}: não é possível calcular o mínimo de {number_br(n_units, 0)} {unit} "
                              f"({r.label}).", r, f"{number_br(n_units, 0)} {unit} (valor desconhecido)")]
    each = cents(n_units * k.value)
    year = k.entry.valid_from.year
    calc = (f"{number_br(n_units, 0)} {unit} × R$ {number_br(k.value, 4)} ({unit} {year}; fonte: {k.source}) "
            f"= {brl(each)}")
    if per in ("seat", "passenger"):
        seats, whence = seats_of(ctx, m)
        calc += " por poltrona"
        if seats:
            calc += f" × {seats} poltronas ({whence}) = {brl(cents(each * seats))} no veículo"
        a, lot = read(d, "assentos"), read(v.crlv, "lotacao")
        if a.confident and lot.confident and int(a.value) < int(lot.value) - 1:
            outs.append(review("apolice_seguro.assentos_menor_lotacao",
                               f"A apólice segura {a.value} assentos; a lotação do CRLV é {lot.value}.",
                               a, f">= {int(lot.value) - 1}", v.crlv))
    else:
        calc += " por veículo"
    val = to_decimal(r.value)
    if not r.confident or val is None:
        return outs + [uncertain(r, float(each))]
    if val >= each:
        return outs + [ok(d, code=f"apolice_seguro.{field}_minimo", r=r, expected=float(each),
                          info=f"{r.label} {brl(val)}; mínimo: {calc}.")]
    outs.append(fail(f"apolice_seguro.{field}_abaixo_minimo", f"{r.label} {brl(val)} abaixo do mínimo: {calc}.",
                     r, float(each), value=float(val)))
    return outs


