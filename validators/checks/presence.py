"""Documents that must be there, be the carrier's, be valid on the reference date, or prove a fee."""

from __future__ import annotations

from domain import doctypes
from validators.checks.base import Context, Outcome, check
from validators.checks.common import (
    Read, best, doc_trusted, fail, judge, missing, name_similarity, ok, read, review, same_name, show, uncertain,
    unit_label,
)
from validators.dates import to_date
from domain.documents import Document
from domain.ids import cnpj as cnpj_id
from validators.money import brl, cents, number_br, to_decimal
from validators.params import Known


def holder_is_carrier(ctx: Context, d: Document) -> list[Outcome]:
    """The document is in the carrier's name: same CNPJ, else (no CNPJ printed) same name."""
    carrier = ctx.packet.carrier
    r = read(d, "titular_documento")
    if carrier.cnpj is None:
        return [review("transportador.cnpj_desconhecido",
                       f"Sem CNPJ válido do transportador no pacote para conferir o titular de {r.doc_label} ({d.id}).",
                       r, "CNPJ válido do transportador")]
    if r.present:
        if cnpj_id.normalize(r.value) == carrier.cnpj:
            return [ok(d)] if r.confident and carrier.confident else [uncertain(r, carrier.cnpj)]
        if r.confident and carrier.confident:
            return [fail(f"{d.type}.titular_nao_transportador",
                         f"{r.doc_label} ({d.id}) em nome de outro CPF/CNPJ: {cnpj_id.mask(r.value)}; "
                         f"esperado o CNPJ do transportador {cnpj_id.mask(carrier.cnpj)}.", r, carrier.cnpj)]
        return [uncertain(r, carrier.cnpj)]
    n = read(d, "titular_nome")
    if n.confident and carrier.name:
        if same_name(n.value, carrier.name):
            return [ok(d, code=f"{d.type}.titular_pelo_nome", r=n, expected=carrier.name,
                       info=f"{n.doc_label} ({d.id}) sem CNPJ impresso; titular identificado pelo nome.")]
        if name_similarity(n.value, carrier.name) < 0.5:
            return [fail(f"{d.type}.titular_nao_transportador",
                         f"{n.doc_label} ({d.id}) em nome de {n.value}; esperado o transportador {carrier.name}.",
                         n, carrier.name)]
    return [uncertain(r, carrier.cnpj)]


@check("document_present")
def document_present(ctx: Context, type: str) -> list[Outcome]:
    """A document of this type is in the packet (its type read with confidence)."""
    docs = ctx.packet.of(type)
    if not docs:
        return [missing(type)]
    sure = [d for d in docs if doc_trusted(d)]
    if sure:
        return [ok(*sure)]
    d = docs[0]
    return [review(f"{type}.tipo_incerto",
                   f"Documento {d.id} parece ser {doctypes.label(type)}, sem certeza (tipo ou leitura incertos).",
                   Read(d, "type", d.type, d.type_confidence), type)]


@check("carrier_document")
def carrier_document(ctx: Context, type: str) -> list[Outcome]:
    """A document of this type in the carrier's name (one is enough)."""
    docs = ctx.packet.carrier_cartoes if type == "cartao_cnpj" else ctx.packet.of(type)
    if not docs:
        return [missing(type, f"Documento ausente: {doctypes.label(type)} do transportador.")]
    return best([holder_is_carrier(ctx, d) for d in docs])


def valid_on(ctx: Context, d: Document, field: str = "validade") -> list[Outcome]:
    ref = ctx.reference_date
    r = read(d, field)
    outs = [judge(r, lambda v: (day := to_date(v)) is not None and day >= ref,
                  code=f"{d.type}.vencido",
                  message=f"{r.doc_label} ({d.id}): validade vencida em {{value}}; data de referência {show(ref)}.",
                  expected=f">= {ref.isoformat()}")]
    e = read(d, "data_emissao")
    if e.confident and (to_date(e.value) or ref) > ref:
        outs.append(review(f"{d.type}.emitido_apos_referencia",
                           f"{e.doc_label} ({d.id}): emissão em {show(e.value)}, depois da data de referência {show(ref)}.",
                           e, f"<= {ref.isoformat()}"))
    return outs


@check("document_valid_on")
def document_valid_on(ctx: Context, type: str, field: str = "validade") -> list[Outcome]:
    """A document of this type valid on the reference date (one is enough)."""
    docs = ctx.packet.of(type)
    if not docs:
        return [missing(type)]
    return best([valid_on(ctx, d, field) for d in docs])


@check("fee_receipt")
def fee_receipt(ctx: Context, taxa: str, units: int | None = None, parameter: str | None = None,
                basis: str = "") -> list[Outcome]:
    """A receipt of the named fee; where the act states the amount (in a dated unit) the finding
    says it, for information."""
    receipts = ctx.packet.of("comprovante_taxa")
    mine = [d for d in receipts if read(d, "taxa").value == taxa]
    if not mine:
        unsure = [d for d in receipts if not read(d, "taxa").confident]
        if unsure:
            return [uncertain(read(unsure[0], "taxa"), taxa)]
        return [missing("comprovante_taxa", f"Comprovante da taxa de {taxa} ausente.",
                        code=f"comprovante_taxa.{taxa}_missing")]
    alts = []
    for d in mine:
        r = read(d, "taxa")
        if not r.confident:
            alts.append([uncertain(r, taxa)])
            continue
        outs = [ok(d)]
        if units and parameter:
            outs.append(_fee_amount_note(ctx, d, units, parameter, basis))
        alts.append(outs)
    return best(alts)


def _fee_amount_note(ctx: Context, d: Document, units: int, parameter: str, basis: str) -> Outcome:
    k = ctx.param(parameter)
    unit = unit_label(ctx.rulebook.parameter(parameter))
    v = read(d, "valor")
    if not isinstance(k, Known):
        return ok(d, code="comprovante_taxa.valor_referencia_desconhecido", r=v,
                  info=f"{basis} Valor devido: {number_br(units, 0)} {unit}; {k.reason}.".strip())
    due = cents(k.value * units)
    note = (f"{basis} Valor devido: {number_br(units, 0)} × R$ {number_br(k.value, 4)} ({unit} "
            f"{k.entry.valid_from.year}; fonte: {k.source}) = {brl(due)}.").strip()
    paid = to_decimal(v.value)
    if v.confident and paid is not None and paid < due:
        finding_ = ok(d, code="comprovante_taxa.valor_inferior", r=v, expected=float(due),
                      info=f"{note} Valor pago {brl(paid)} é menor que o devido: conferir.")
        finding_.findings[0].severity = "warning"
        return finding_
    return ok(d, code="comprovante_taxa.valor_devido", r=v, expected=float(due), info=note)
