"""What documents must state: the contract's content (points, itinerary, times, term, boarding
places, the contractor's identification), the company's object and registration, declarations
made in a requerimento, the place a document is from; and notes the act gives for information.
"""

from __future__ import annotations

import re
from datetime import timedelta

from domain import doctypes
from validators.checks.base import Applicability, Context, Outcome, check, condition
from validators.checks.common import best, doc_trusted, fail, fold, judge, missing, ok, read, review, show, uncertain
from validators.corroborate import FLOOR
from validators.checks.presence import holder_is_carrier
from validators.dates import add_months, br, to_date
from domain.documents import Document
from domain.ids import cpf as cpf_id

# What a contract prints where it does not state the thing ("a combinar").
_PLACEHOLDER = re.compile(r"^(a (combinar|definir|confirmar)|conforme (necessidade|demanda|solicitacao)"
                          r"|n ?a|nao (informado|se aplica)|sem|indefinido|[-x]+)$")


def _contract(ctx: Context) -> Document | None:
    return ctx.packet.contract


@check("contract_states")
def contract_states(ctx: Context, fields: list[str]) -> list[Outcome]:
    """The contract states each of these fields. Not read: review (a parser never asserts an
    absence); read as a placeholder ("a combinar", "a definir"): fail. A long passage read
    unsure only to the letter is stated (Read.stated)."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    outs = []
    for name in fields:
        r = read(c, name)
        if not r.stated:
            outs.append(uncertain(r, f"{r.label}: indicação no contrato"))
        elif isinstance(r.value, str) and _PLACEHOLDER.match(fold(r.value)):
            outs.append(fail(f"contrato_fretamento.{name}_nao_indicado",
                             f"O contrato não indica {r.label.lower()}: {r.value}.", r, f"{r.label}: indicação no contrato"))
        else:
            outs.append(ok(c))
    return outs


@check("contractor_named")
def contractor_named(ctx: Context, what: str = "nome completo") -> list[Outcome]:
    """The contract names the contractor in full (at least two words)."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    r = read(c, "contratante_nome")
    return [judge(r, lambda v: len(fold(v).split()) >= 2, code="contrato_fretamento.contratante_nome_incompleto",
                  message=f"Contratante sem {what}: {{value}}.", expected=what)]


@check("contractor_rg")
def contractor_rg(ctx: Context) -> list[Outcome]:
    """A natural-person contractor's registro geral (RG) or equivalent identity document number
    is in the contract; a CPF alone is a reason to look (it is not an identity document)."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    rg, doc = read(c, "contratante_rg"), read(c, "contratante_documento")
    if rg.confident:
        return [ok(c)]
    if rg.present:
        return [uncertain(rg, "número do RG ou documento equivalente")]
    if doc.confident and cpf_id.is_valid(doc.value):
        return [review("contrato_fretamento.contratante_sem_rg",
                       f"O contrato identifica o contratante pelo CPF {cpf_id.mask(doc.value)}, sem o número do registro "
                       f"geral (RG): conferir se há documento equivalente.", rg, "número do RG ou documento equivalente")]
    return [uncertain(rg, "número do RG ou documento equivalente")]


@check("authorization_term")
def authorization_term(ctx: Context, days: int) -> list[Outcome]:
    """Informs until when an authorization requested on the reference date could run: `days`,
    limited to the contract's term."""
    c = _contract(ctx)
    ref = ctx.reference_date
    cap = ref + timedelta(days=days)
    fim = read(c, "vigencia_fim")
    if fim.confident and (fim_on := fim.as_date()):
        until = min(cap, fim_on)
        why = "fim da vigência do contrato" if until == fim_on else f"{days} dias"
        return [ok(c, code="autorizacao.prazo", r=fim, expected=until.isoformat(),
                   info=f"Autorização de até {days} dias limitada à vigência do contrato: pedida em {br(ref)}, "
                        f"valeria até {br(until)} ({why}).")]
    return [ok(c, code="autorizacao.prazo", r=fim,
               info=f"Autorização de até {days} dias ({br(cap)} se pedida em {br(ref)}), limitada à vigência do "
                    f"contrato e do cadastro.")]


@check("information")
def information(ctx: Context, text: str) -> list[Outcome]:
    """A note the act gives for information (e.g. a duty the packet cannot show)."""
    return [ok(code="norma.informacao", info=text)]


@check("social_object")
def social_object(ctx: Context, groups: list[list[str]], what: str) -> list[Outcome]:
    """The carrier's contrato social has an object compatible with the activity: every group of
    words has one of its words in the object. None: fail; some: review."""
    docs = ctx.packet.of("contrato_social")
    if not docs:
        return [missing("contrato_social")]
    alts = []
    for d in docs:
        outs = holder_is_carrier(ctx, d)
        r = read(d, "objeto_social")
        if not r.confident:
            outs.append(uncertain(r, what))
        else:
            text = fold(r.value)
            hits = [any(fold(w) in text for w in g) for g in groups]
            if all(hits):
                outs.append(ok(d))
            elif any(hits):
                outs.append(review("contrato_social.objeto_incerto",
                                   f"Objeto social ({d.id}) não indica com clareza {what}: {r.value}.", r, what))
            else:
                outs.append(fail("contrato_social.objeto_incompativel",
                                 f"Objeto social ({d.id}) incompatível com {what}: {r.value}.", r, what))
        alts.append(outs)
    return best(alts)


@check("junta_registration")
def junta_registration(ctx: Context) -> list[Outcome]:
    """The carrier's contrato social shows its registration at the Junta Comercial (NIRE)."""
    docs = ctx.packet.of("contrato_social")
    if not docs:
        return [missing("contrato_social")]
    alts = []
    for d in docs:
        r = read(d, "registro_junta")
        if r.confident:
            shown = ok(d)
        elif r.present and r.confidence >= FLOOR and doc_trusted(d):
            # what the act asks is that the registration be shown; its digits decide nothing
            shown = ok(d, r=r, code="contrato_social.registro_junta_lido_incerto", expected="registro na Junta Comercial",
                       info=f"Registro na Junta Comercial presente (número lido com baixa confiança: {r.value}).")
        else:
            shown = uncertain(r, "registro na Junta Comercial")
        alts.append([*holder_is_carrier(ctx, d), shown])
    return best(alts)


@check("declaration")
def declaration(ctx: Context, keywords: list[str], what: str, carrier: bool = True) -> list[Outcome]:
    """A declaration by the applicant (a requerimento whose object names it), in the carrier's
    name when `carrier`."""
    reqs = ctx.packet.of("requerimento")
    mine = [d for d in reqs if read(d, "objeto").present and any(fold(k) in fold(read(d, "objeto").value) for k in keywords)]
    if not mine:
        unread = [d for d in reqs if not read(d, "objeto").confident]
        if unread:
            return [uncertain(read(unread[0], "objeto"), what)]
        return [missing("requerimento", f"Declaração ausente: {what}.", code="requerimento.declaracao_missing")]
    alts = []
    for d in mine:
        o = read(d, "objeto")
        outs = [ok(d) if o.confident else uncertain(o, what)]
        if carrier:
            outs += holder_is_carrier(ctx, d)
        alts.append(outs)
    return best(alts)


@check("document_municipality")
def document_municipality(ctx: Context, type: str, municipio: str, field: str = "municipio") -> list[Outcome]:  # noqa: A002
    """A document of this type in the carrier's name is from the municipality (one is enough)."""
    docs = ctx.packet.carrier_cartoes if type == "cartao_cnpj" else ctx.packet.of(type)
    if not docs:
        return [missing(type)]
    alts = []
    for d in docs:
        r = read(d, field)
        if not r.present and field == "municipio" and "endereco" in doctypes.fields(d.type):
            r = read(d, "endereco")
        pattern = rf"\b{re.escape(fold(municipio))}\b"
        alts.append([*holder_is_carrier(ctx, d),
                     judge(r, lambda v: bool(re.search(pattern, fold(v))), code=f"{type}.municipio_diverge",
                           message=f"{doctypes.label(type)} ({d.id}) de {{value}}; exigido {municipio}.",
                           expected=municipio)])
    return best(alts)


@check("state_registration")
def state_registration(ctx: Context) -> list[Outcome]:
    """The carrier's inscrição estadual (ICMS taxpayer registration), not inactive."""
    docs = ctx.packet.of("inscricao_estadual")
    if not docs:
        return [missing("inscricao_estadual")]
    alts = []
    for d in docs:
        outs = holder_is_carrier(ctx, d)
        n = read(d, "numero")
        outs.append(ok(d) if n.confident else uncertain(n, "número da inscrição estadual"))
        s = read(d, "situacao")
        if s.present:
            outs.append(judge(s, lambda v: not re.search(r"baixad|suspens|cancelad|inapt|nula|inativ|cassad|bloquead", fold(v)),
                              code="inscricao_estadual.situacao_nao_ativa",
                              message="Situação da inscrição estadual: {value}; esperado ativa.", expected="ATIVA"))
        alts.append(outs)
    return best(alts)


@check("documents_older_than")
def documents_older_than(ctx: Context, months: int, types: list[str], basis: str = "") -> list[Outcome]:
    """Informs which documents were issued more than `months` before the reference date (the act
    asks them renewed at that interval)."""
    oldest = add_months(ctx.reference_date, -months)
    old = []
    for d in ctx.packet.docs:
        if d.type not in types:
            continue
        e = read(d, "data_emissao")
        if e.confident and (issued := e.as_date()) and issued < oldest:
            old.append(f"{doctypes.label(d.type)} ({d.id}, {show(e.value)})")
    if old:
        return [ok(code="documentos.renovacao", info=f"Emitidos há mais de {months // 12} anos: {'; '.join(old)}. {basis}".strip())]
    return [ok(code="documentos.renovacao", info=f"Documentos renovados a cada {months // 12} anos. {basis}".strip())]


@condition("carrier_legal_nature")
def carrier_legal_nature(ctx: Context, sociedade_anonima: bool) -> Applicability:
    """The carrier is (or is not) a sociedade anônima: by the natureza jurídica of its cartão CNPJ
    (codes 204-6, 205-4), else by its name (S.A., S/A)."""
    cartao = ctx.packet.carrier.cartao
    r = read(cartao, "natureza_juridica")
    want = "sociedade anônima" if sociedade_anonima else "sociedade em geral (não anônima)"
    if r.confident:
        sa = bool(re.search(r"\banonima\b", fold(r.value)) or re.match(r"^20[45]\b", fold(r.value).replace(" ", "")))
        how = f"natureza jurídica {r.value}"
    else:
        name = ctx.packet.carrier.name
        if not name:
            return Applicability(None, "Natureza jurídica do transportador não lida com confiança.",
                                 document=r.doc_id, field="natureza_juridica", value=r.value, expected=want)
        sa = bool(re.search(r"\bs ?a\b$|\bs a\b", fold(name)))
        how = f"nome empresarial {name}"
        if not sa and not r.present:
            # a name without S.A. says little: only a Ltda/EIRELI/ME name settles it
            if not re.search(r"\b(ltda|eireli|me|epp|mei)\b", fold(name)):
                return Applicability(None, f"Natureza jurídica não lida; o nome ({name}) não a indica.",
                                     document=r.doc_id, field="natureza_juridica", value=r.value, expected=want)
    common = dict(document=r.doc_id, field="natureza_juridica", value=r.value, expected=want)
    if sa == sociedade_anonima:
        return Applicability(True, f"Transportador {'é' if sa else 'não é'} sociedade anônima ({how}).", **common)
    return Applicability(False, f"Requisito para {want}; o transportador {'é' if sa else 'não é'} sociedade anônima "
                                f"({how}).", **common)


@check("contract_not_ended")
def contract_not_ended(ctx: Context) -> list[Outcome]:
    """The contract's term has not ended on the reference date (one starting later is fine: the
    authorization is limited to its term)."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    ref = ctx.reference_date
    ini, fim = read(c, "vigencia_inicio"), read(c, "vigencia_fim")
    outs = [judge(fim, lambda v: (day := to_date(v)) is not None and day >= ref, code="contrato_fretamento.vencido",
                  message=f"Contrato ({c.id}) vencido em {{value}}; data de referência {br(ref)}.",
                  expected=f">= {ref.isoformat()}")]
    if ini.confident and (start := ini.as_date()) and start > ref:
        outs.append(ok(c, code="contrato_fretamento.vigencia_futura", r=ini,
                       info=f"Contrato vigente a partir de {br(ini.as_date())}."))
    return outs
