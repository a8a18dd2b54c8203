"""The carrier as a company: CNPJ, registration status, state registration, contrato social,
partners."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, cast

from validators.checks.base import Context, Outcome, check
from validators.checks.common import (
    Read, best, entry_confident, fail, fold, judge, missing, name_similarity, ok, read, review, same_name, uncertain,
    unit_label,
)
from domain.documents import Document
from validators.checks.packet import CARRIER_FIELDS
from validators.checks.presence import holder_is_carrier
from domain.ids import cnpj as cnpj_id
from domain.ids import cpf as cpf_id
from validators.money import brl, cents, number_br, to_decimal
from validators.params import Known

_ACTIVE = {"ativa", "ativo", "habilitada", "habilitado"}
_INACTIVE = re.compile(r"baixad|suspens|cancelad|inapt|nula|inativ|cassad|bloquead")


def _cnae_key(code: object) -> str:
    return re.sub(r"\D", "", str(code or ""))


@check("carrier_cnpj_valid")
def carrier_cnpj_valid(ctx: Context) -> list[Outcome]:
    """The carrier's CNPJ (cartão CNPJ) has valid check digits (numeric or alphanumeric)."""
    cartao = ctx.packet.carrier.cartao
    if cartao is None:
        return [missing("cartao_cnpj", "Cartão CNPJ do transportador ausente.")]
    r = read(cartao, "titular_documento")
    return [judge(r, cnpj_id.is_valid, code="cartao_cnpj.cnpj_invalido",
                  message="CNPJ do transportador {value} com dígitos verificadores inválidos.",
                  expected="CNPJ com dígitos verificadores válidos")]


@check("cartao_cnpj_ativo")
def cartao_cnpj_ativo(ctx: Context) -> list[Outcome]:
    """The carrier's cartão CNPJ shows situação cadastral ATIVA."""
    cartao = ctx.packet.carrier.cartao
    if cartao is None:
        return [missing("cartao_cnpj", "Cartão CNPJ do transportador ausente.")]
    r = read(cartao, "situacao")
    return [judge(r, lambda v: fold(v) in _ACTIVE, code="cartao_cnpj.situacao_nao_ativa",
                  message="Situação cadastral do CNPJ do transportador: {value}; esperado ATIVA.",
                  expected="ATIVA")]


@check("carrier_cnpj_consistent")
def carrier_cnpj_consistent(ctx: Context) -> list[Outcome]:
    """Every document naming the carrier prints the same CNPJ."""
    carrier = ctx.packet.carrier
    if carrier.cnpj is None:
        if not carrier.reads:
            doc_type, name = next(((t, f) for t, f in CARRIER_FIELDS if ctx.packet.of(t)), CARRIER_FIELDS[0])
            return [uncertain(read(ctx.packet.first(doc_type), name), "CNPJ do transportador")]
        r = carrier.reads[0]
        if r.confident:
            return [fail("transportador.cnpj_invalido",
                         f"Nenhum documento traz um CNPJ válido do transportador (lido: {r.value}).",
                         r, "CNPJ com dígitos verificadores válidos")]
        return [uncertain(r, "CNPJ com dígitos verificadores válidos")]
    outs = []
    for r in carrier.reads:
        if cnpj_id.normalize(r.value) == carrier.cnpj:
            outs.append(ok(r.doc))
            continue
        msg = (f"CNPJ do transportador em {r.doc_label} ({r.doc_id}, {r.label}): {cnpj_id.mask(r.value)}; "
               f"nos demais documentos: {cnpj_id.mask(carrier.cnpj)}.")
        if cnpj_id.root(r.value) == cnpj_id.root(carrier.cnpj):
            msg += " Mesma raiz: outro estabelecimento (filial)?"
        if r.confident and carrier.confident:
            outs.append(fail("transportador.cnpj_divergente", msg, r, carrier.cnpj))
        else:
            outs.append(review("transportador.cnpj_divergente_incerto", msg, r, carrier.cnpj))
    return outs


def _state_registration(ctx: Context, d: Document, cnae: str) -> list[Outcome]:
    outs = holder_is_carrier(ctx, d)
    r = read(d, "cnae")
    want = _cnae_key(cnae)
    codes = r.value if isinstance(r.value, list) else ([r.value] if r.present else [])
    if not r.present:
        outs.append(uncertain(r, cnae))
    elif any(_cnae_key(c) == want for c in codes):
        at = next(i for i, c in enumerate(codes) if _cnae_key(c) == want)
        outs.append(ok(d) if entry_confident(r, at) else uncertain(r, cnae))
    elif r.confident:
        outs.append(fail("inscricao_estadual.sem_cnae",
                         f"Inscrição estadual ({d.id}) sem o CNAE {cnae}; CNAE lidos: {', '.join(map(str, codes))}.",
                         r, cnae))
    else:
        outs.append(uncertain(r, cnae))
    s = read(d, "situacao")
    if s.present:
        if not s.confident:
            outs.append(uncertain(s, "ATIVA"))
        elif _INACTIVE.search(fold(s.value)):
            outs.append(fail("inscricao_estadual.situacao_nao_ativa",
                             f"Situação da inscrição estadual ({d.id}): {s.value}; esperado ativa.", s, "ATIVA"))
        elif fold(s.value) not in _ACTIVE:
            outs.append(review("inscricao_estadual.situacao_incerta",
                               f"Situação da inscrição estadual ({d.id}) não reconhecida: {s.value}.", s, "ATIVA"))
    return outs


@check("state_registration_cnae")
def state_registration_cnae(ctx: Context, cnae: str) -> list[Outcome]:
    """The carrier's inscrição estadual lists the given CNAE (and is not inactive)."""
    docs = ctx.packet.of("inscricao_estadual")
    if not docs:
        return [missing("inscricao_estadual")]
    return best([_state_registration(ctx, d, cnae) for d in docs])


@check("contrato_social_partners")
def contrato_social_partners(ctx: Context) -> list[Outcome]:
    """The contrato social lists the partners (name and CPF)."""
    cs = ctx.packet.first("contrato_social")
    if cs is None:
        return [missing("contrato_social")]
    d = ctx.packet.partners
    r = d.source or read(cs, "socios")
    if d.value is None or not r.confident:
        return [uncertain(r, "lista de sócios (nome e CPF)")]
    if not d.value:
        return [fail("contrato_social.sem_socios", f"Nenhum sócio lido no contrato social ({cs.id}).",
                     r, "ao menos um sócio")]
    outs = [ok(cs)]
    for nome, cpf in d.value:
        if cpf and not cpf_id.is_valid(cpf):
            outs.append(fail("contrato_social.cpf_socio_invalido",
                             f"CPF do sócio {nome} inválido no contrato social ({cs.id}): {cpf}.",
                             r, "CPF válido", value=cpf))
    return outs


@check("partners_identified")
def partners_identified(ctx: Context) -> list[Outcome]:
    """Every partner of the contrato social has an identity document (CPF or name agree)."""
    ids = ctx.packet.of("documento_identidade")
    if not ids:
        return [missing("documento_identidade")]
    d = ctx.packet.partners
    if d.value is None:
        first = read(ids[0], "titular_documento")
        return [review("documento_identidade.socios_desconhecidos",
                       f"Não foi possível conferir os documentos de identidade: {d.reason}.",
                       first, "sócio do contrato social")]
    socios = d.source
    assert socios is not None  # partners decided (a value) always name their source
    outs = []
    for nome, cpf in d.value:
        outs.append(_partner_identity(ids, nome, cpf, socios))
    return outs or [review("contrato_social.sem_socios", "Nenhum sócio lido no contrato social.",
                           socios, "ao menos um sócio")]


def _partner_identity(ids: list[Document], nome: Any, cpf: str | None, socios: Read) -> Outcome:
    alts = []
    for doc in ids:
        dc, dn = read(doc, "titular_documento"), read(doc, "titular_nome")
        doc_cpf = cpf_id.normalize(dc.value) if dc.present else None
        if cpf and doc_cpf == cpf:
            if dn.present and nome and name_similarity(dn.value, nome) < 0.5:
                alts.append([review("documento_identidade.nome_diverge",
                                    f"Documento {doc.id} tem o CPF do sócio {nome}, mas o nome {dn.value}.",
                                    dn, nome)])
            elif dc.confident and socios.confident:
                alts.append([ok(doc)])
            else:
                alts.append([uncertain(dc, cpf)])
        elif same_name(dn.value, nome):
            if cpf and doc_cpf and doc_cpf != cpf:
                if dc.confident and socios.confident:
                    alts.append([fail("documento_identidade.cpf_diverge",
                                      f"Documento {doc.id} do sócio {nome} com CPF {cpf_id.mask(doc_cpf)}; "
                                      f"o contrato social diz {cpf_id.mask(cpf)}.", dc, cpf)])
                else:
                    alts.append([uncertain(dc, cpf)])
            elif dn.confident and socios.confident:
                alts.append([ok(doc)])
            else:
                alts.append([uncertain(dn, nome)])
    if not alts:
        return missing("documento_identidade", f"Documento de identidade do sócio {nome} ausente.",
                       code="documento_identidade.socio_missing")
    return best(alts)[0]


@check("value_minimum")
def value_minimum(ctx: Context, type: str, field: str, units: int | float, parameter: str) -> list[Outcome]:
    """A money field of a document at least `units` times a dated parameter (e.g. capital
    ≥ 3.000 UFESP); an unknown parameter value gives review."""
    docs = ctx.packet.of(type)
    if not docs:
        return [missing(type)]
    k = ctx.param(parameter)
    alts = []
    for d in docs:
        r = read(d, field)
        if not isinstance(k, Known):
            alts.append([review(f"{type}.parametro_desconhecido", f"{k.reason}: mínimo não calculável.",
                                r, f"{units} {parameter}")])
            continue
        # (a number: the rulebook refuses any other units)
        need = cents(cast(Decimal, to_decimal(units)) * k.value)
        calc = (f"{number_br(cast(Decimal, to_decimal(units)), 0)} {unit_label(ctx.rulebook.parameter(parameter))} × "
                f"R$ {number_br(k.value, 4)} (fonte: {k.source}) = {brl(need)}")
        val = to_decimal(r.value)
        if not r.confident or val is None:
            alts.append([uncertain(r, float(need))])
        elif val >= need:
            alts.append([ok(d, code=f"{type}.{field}_minimo", r=r, expected=float(need),
                            info=f"{r.label} {brl(val)}; mínimo {calc}.")])
        else:
            alts.append([fail(f"{type}.{field}_abaixo_minimo", f"{r.label} {brl(val)} abaixo do mínimo {calc}.",
                              r, float(need), value=float(val))])
    return best(alts)


