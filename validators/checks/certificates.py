"""Certidões, atestados and other certificates of the carrier, its partners and its drivers: the
right kind, in the right name, negative, and current on the reference date (printed validity,
or issued within the period the act sets).

A kind is a document type, optionally narrowed by its subtype field: `certidao:fgts`,
`documento_identidade:ctps`, `comprovante_taxa:contribuicao_sindical`, `atestado_antecedentes`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any, cast

from domain import doctypes
from validators.checks.base import Context, Outcome, check
from validators.checks.common import (
    Read, best, doc_trusted, fail, finding, fold, judge, missing, ok, read, review, same_name, show, uncertain,
)
from validators.checks.packet import Driver
from validators.checks.presence import holder_is_carrier
from validators.dates import add_months, br, to_date
from domain.documents import Document
from domain.ids import cnpj as cnpj_id
from domain.ids import cpf as cpf_id

SUBTYPE_FIELD = {"certidao": "tipo_certidao", "documento_identidade": "tipo_documento",
                 "comprovante_taxa": "taxa"}

KIND_LABEL = {
    "certidao:federal": "certidão de débitos relativos a tributos federais e à dívida ativa da União",
    "certidao:estadual": "certidão negativa da Fazenda Estadual",
    "certidao:municipal": "certidão negativa da Fazenda Municipal",
    "certidao:inss": "certidão negativa de débitos do INSS (Previdência Social)",
    "certidao:fgts": "certificado de regularidade do FGTS",
    "certidao:falencia": "certidão negativa de falência ou concordata",
    "certidao:trabalhista": "certidão negativa trabalhista",
    "certidao:criminal": "certidão negativa criminal (distribuição criminal)",
    "certidao:eleitoral": "certidão de quitação eleitoral",
    "certidao:militar": "certificado de quitação com o serviço militar",
    "certidao:protesto": "certidão negativa de protestos de títulos",
    "certidao:execucoes": "certidão negativa de execuções forenses",
    "certidao:pis": "certidão de regularidade com o PIS",
    "certidao:cnh_pontuacao": "certidão do prontuário da CNH (pontos, suspensão e cassação)",
    "certidao:cadastur": "certificado de cadastro no Ministério do Turismo (Cadastur, antigo EMBRATUR)",
    "certidao:inscricao_inss": "comprovante de inscrição no INSS",
    "atestado_antecedentes": "atestado de antecedentes criminais (Alvará de Folha Corrida)",
    "atestado_medico": "atestado médico",
    "documento_identidade:ctps": "Carteira de Trabalho e Previdência Social (CTPS)",
    "documento_identidade:condutor_fretado": "documento de condutor de serviço fretado",
    "comprovante_taxa:contribuicao_sindical": "comprovante de recolhimento da contribuição sindical",
}
# Certificates that must be negative (or positive with the effects of a negative one).
NEGATIVE = {"federal", "estadual", "municipal", "inss", "fgts", "falencia", "trabalhista", "criminal",
            "protesto", "execucoes", "pis", "cnh_pontuacao"}
_NEGATIVE_OK = {"negativa", "positiva_efeito_negativa"}
# What the federal certificate stands in for, and why (said in an info finding).
FEDERAL_COVERS = {
    "certidao:inss": "A certidão conjunta de débitos federais (RFB/PGFN) abrange as contribuições previdenciárias "
                     "desde 03/11/2014 (Portaria Conjunta RFB/PGFN nº 1.751/2014).",
    "certidao:pis": "A certidão de débitos federais (RFB/PGFN) abrange a contribuição para o PIS/Pasep, tributo "
                    "federal administrado pela Receita Federal.",
}


def split_kind(kind: str) -> tuple[str, str | None]:
    t, _, sub = kind.partition(":")
    return t, (sub or None)


def kind_label(kind: str) -> str:
    return KIND_LABEL.get(kind) or doctypes.label(split_kind(kind)[0])


def kind_match(d: Document, kind: str) -> bool | None:
    """Is the document of this kind? None: its subtype was not read with confidence."""
    t, sub = split_kind(kind)
    if d.type != t:
        return False
    if sub is None:
        return True
    r = read(d, SUBTYPE_FIELD[t])
    if not r.present:
        # an identity document that does not say otherwise is an ordinary RG/CIN
        return False if t == "documento_identidade" else None
    if r.value != sub:
        return False
    return True if r.confident else None


def of_kind(docs: list[Document], kinds: list[str]) -> tuple[list[Document], list[Document]]:
    """(documents surely of one of the kinds, documents perhaps of one: subtype unread)."""
    sure, unsure = [], []
    for d in docs:
        m = [kind_match(d, k) for k in kinds]
        if any(x is True for x in m):
            sure.append(d)
        elif any(x is None for x in m):
            unsure.append(d)
    return sure, unsure


def docs_of_person(docs: list[Document], cpf: str | None, nome: str | None) -> list[Document]:
    """A person's documents: same CPF, else (no CPF on one side) same name."""
    out = []
    for d in docs:
        if "titular_documento" not in doctypes.fields(d.type):
            continue
        dc = cpf_id.normalize(read(d, "titular_documento").value) or None
        if (cpf and dc == cpf) or (not (cpf and dc) and nome and same_name(read(d, "titular_nome").value, nome)):
            out.append(d)
    return out


def trusted(d: Document, what: str) -> Outcome:
    """ok when the document's type is sure and it has no reading error; else review."""
    if doc_trusted(d):
        return ok(d)
    return review(f"{d.type}.tipo_incerto", f"Documento {d.id} ({what}) com tipo ou leitura incertos: conferir.",
                  Read(d, "type", d.type, d.type_confidence), what)


def current(ctx: Context, d: Document, kind: str, *, max_age_days: int | None = None,
            max_age_months: int | None = None) -> list[Outcome]:
    """The certificate says what it must (negative, nada consta) and is current on the reference
    date: its printed validity, and where the act sets one, issued within that period."""
    ref = ctx.reference_date
    t, sub = split_kind(kind)
    label = kind_label(kind)
    outs: list[Outcome] = [trusted(d, label)]
    res = read(d, "resultado") if "resultado" in doctypes.fields(d.type) else None
    if t == "atestado_antecedentes":
        assert res is not None  # doctypes.yaml: an atestado de antecedentes has a resultado
        outs.append(judge(res, lambda v: v == "nada_consta", code="atestado_antecedentes.consta",
                          message=f"{label.capitalize()} ({d.id}) com registro: {{value}}.", expected="nada_consta"))
    elif t == "certidao" and sub in NEGATIVE:
        assert res is not None  # doctypes.yaml: a certidão has a resultado
        outs.append(judge(res, lambda v: v in _NEGATIVE_OK, code=f"certidao.{sub}_positiva",
                          message=f"{label.capitalize()} ({d.id}) positiva: {{value}}.",
                          expected="negativa ou positiva com efeito de negativa"))
    elif t == "certidao" and res is not None and res.present and res.value == "positiva":
        # a certificate of standing (quitação, cadastro) that reads "positiva" says something is wrong
        outs.append(review(f"certidao.{sub or 'outra'}_positiva", f"{label.capitalize()} ({d.id}) com resultado "
                                                                   f"positivo: conferir.", res, "regularidade"))
    elif t == "atestado_medico":
        apto = read(d, "apto")
        outs.append(judge(apto, lambda v: v is True, code="atestado_medico.inapto",
                          message=f"Atestado médico ({d.id}) não declara aptidão física e mental.", expected=True))
    emissao = read(d, "data_emissao")
    validade = read(d, "validade") if "validade" in doctypes.fields(d.type) else Read(d, "validade", None, 0.0)
    if emissao.confident and (issued := emissao.as_date()) and issued > ref:
        outs.append(review(f"{d.type}.emitido_apos_referencia",
                           f"{emissao.doc_label} ({d.id}): emissão em {show(emissao.value)}, depois da data de "
                           f"referência {br(ref)}.", emissao, f"<= {ref.isoformat()}"))
    if validade.present:
        outs.append(judge(validade, lambda v: (day := to_date(v)) is not None and day >= ref,
                          code=f"{d.type}.vencido",
                          message=f"{label.capitalize()} ({d.id}): validade vencida em {{value}}; data de referência {br(ref)}.",
                          expected=f">= {ref.isoformat()}"))
    if max_age_days is not None or max_age_months is not None:
        oldest = (ref - timedelta(days=max_age_days) if max_age_days is not None
                  else add_months(ref, -cast(int, max_age_months)))  # one of the two is given
        period = f"{max_age_days} dias" if max_age_days is not None else f"{max_age_months} meses"
        outs.append(judge(emissao, lambda v: (day := to_date(v)) is not None and day >= oldest,
                          code=f"{d.type}.emissao_antiga",
                          message=f"{label.capitalize()} ({d.id}): emissão em {{value}}, mais de {period} antes "
                                  f"da data de referência {br(ref)}.",
                          expected=f">= {oldest.isoformat()}"))
    elif not validade.present and t in ("certidao", "atestado_antecedentes"):
        outs.append(ok(d, code=f"{d.type}.sem_validade_impressa", r=emissao,
                       info=f"{label.capitalize()} ({d.id}) sem validade impressa"
                            f"{'; emissão em ' + show(emissao.value) if emissao.present else ''}.",
                       manual=[f"Validade segundo o órgão emissor: {label}"]))
    return outs


def _for_kind(ctx: Context, docs: list[Document], kinds: list[str], whose: str,
              holder: Callable[[Document], list[Outcome]] | None = None,
              max_age_days: int | None = None, max_age_months: int | None = None, missing_status: str = "missing",
              missing_note: str = "", anchor: Read | None = None) -> list[Outcome]:
    """Judge one requirement (any of `kinds`) among `docs`: the best document wins."""
    sure, unsure = of_kind(docs, kinds)
    label = " ou ".join(kind_label(k) for k in kinds)
    if not sure:
        if unsure:
            d = unsure[0]
            return [uncertain(read(d, SUBTYPE_FIELD.get(d.type, "titular_nome")), kinds)]
        msg = f"Documento ausente: {label}{whose}.{(' ' + missing_note) if missing_note else ''}"
        code = f"{split_kind(kinds[0])[0]}.{(split_kind(kinds[0])[1] or 'documento')}_missing"
        if missing_status == "review" and anchor is not None:
            return [review(code.replace("_missing", "_ausente"), msg, anchor, label)]
        return [missing(split_kind(kinds[0])[0], msg, code=code)]
    alts = []
    for d in sure:
        k = next(k for k in kinds if kind_match(d, k))
        outs = list(holder(d)) if holder else []
        outs += current(ctx, d, k, max_age_days=max_age_days, max_age_months=max_age_months)
        if k != kinds[0] and k == "certidao:federal" and kinds[0] in FEDERAL_COVERS:
            outs.append(ok(d, code=f"certidao.federal_abrange_{split_kind(kinds[0])[1]}", info=FEDERAL_COVERS[kinds[0]]))
        alts.append(outs)
    return best(alts)


def _as_list(kind: str | list[str]) -> list[str]:
    return list(kind) if isinstance(kind, list) else [kind]


@check("carrier_certificates")
def carrier_certificates(ctx: Context, kinds: list[str | list[str]], max_age_days: int | None = None) -> list[Outcome]:
    """Each listed certificate of the carrier (an entry may be a list of alternatives, e.g.
    [certidao:inss, certidao:federal]): in the carrier's CNPJ, negative, current."""
    docs = ctx.packet.docs
    outs: list[Outcome] = []
    for kind in kinds:
        outs += _for_kind(ctx, docs, _as_list(kind), " do transportador",
                          holder=lambda d: holder_is_carrier(ctx, d), max_age_days=max_age_days)
    return outs


def _partners(ctx: Context) -> tuple[Any, Read, str]:
    p = ctx.packet.partners
    return p.value, (p.source or read(ctx.packet.first("contrato_social"), "socios")), p.reason


@check("partner_documents")
def partner_documents(ctx: Context, kinds: list[str | list[str]], review_if_missing: list[str] = [],  # noqa: B006
                      missing_note: str = "", max_age_months: int | None = None) -> list[Outcome]:
    """Each partner of the contrato social (sócios-gerentes, dirigentes) has each listed
    certificate, in their CPF or name, current. A kind in `review_if_missing` that is absent
    is a reason to look (e.g. military service: men only), not missing."""
    people, src, reason = _partners(ctx)
    if people is None:
        return [uncertain(src, "sócios do contrato social")] if src.doc else [
            missing("contrato_social", f"Sem contrato social: não é possível saber de quem exigir "
                                       f"{', '.join(kind_label(k) for k in map(str, kinds))}.")]
    if not people:
        return [review("contrato_social.sem_socios", "Nenhum sócio lido no contrato social.", src, "ao menos um sócio")]
    outs: list[Outcome] = []
    for nome, cpf in people:
        mine = docs_of_person(ctx.packet.docs, cpf, nome)
        for kind in kinds:
            alts = _as_list(kind)
            soft = any(k in review_if_missing for k in alts)
            got = _for_kind(ctx, mine, alts, f" do sócio {nome}", max_age_months=max_age_months,
                            missing_status="review" if soft else "missing",
                            missing_note=missing_note if soft else "", anchor=src)
            outs += got
    return outs


def _driver(ctx: Context) -> Driver:
    if ctx.driver is None:
        raise ValueError(f"check used outside a per-driver item ({ctx.item.id})")
    return ctx.driver


@check("driver_certificate")
def driver_certificate(ctx: Context, kinds: list[str], doubtful: list[str] = [],  # noqa: B006
                       max_age_days: int | None = None, max_age_months: int | None = None,
                       doubt_note: str = "", absent: str = "missing", absent_note: str = "") -> list[Outcome]:
    """The driver has a certificate of one of the kinds (by CPF or name), saying what it must
    and current (printed validity; issued within max_age_days / max_age_months where the act
    says so). A `doubtful` kind stands in only for a clerk to confirm (review). absent=review:
    a certificate not everyone has (military service: men only) is a reason to look."""
    d = _driver(ctx)
    outs = _for_kind(ctx, d.documents, list(kinds), f" do condutor {d.label}",
                     max_age_days=max_age_days, max_age_months=max_age_months,
                     missing_status=absent, missing_note=absent_note, anchor=read(d.cnh, "titular_nome"))
    if outs and outs[0].status == "missing" and doubtful:
        sure, _ = of_kind(d.documents, doubtful)
        if sure:
            alt = sure[0]
            k = next(k for k in doubtful if kind_match(alt, k))
            r = read(alt, "titular_nome")
            note = doubt_note or f"Apresentado o documento {kind_label(k)} no lugar de {kind_label(kinds[0])}: conferir."
            return [*current(ctx, alt, k, max_age_days=max_age_days, max_age_months=max_age_months),
                    review(f"{alt.type}.documento_substituto", note, r, kind_label(kinds[0]))]
    return outs


@check("issued_within")
def issued_within(ctx: Context, kinds: list[str], months: int) -> list[Outcome]:
    """Every document of these kinds in the packet was issued within `months` before the
    reference date (e.g. renewed yearly)."""
    sure, unsure = of_kind(ctx.packet.docs, kinds)
    if not sure and not unsure:
        return [missing(split_kind(kinds[0])[0], f"Nenhum documento a conferir: {', '.join(kind_label(k) for k in kinds)}.",
                        code=f"{split_kind(kinds[0])[0]}.missing")]
    ref = ctx.reference_date
    oldest = add_months(ref, -months)
    outs = []
    for d in sure + unsure:
        e = read(d, "data_emissao")
        out = judge(e, lambda v: (day := to_date(v)) is not None and oldest <= day,
                    code=f"{d.type}.desatualizado",
                    message=f"{doctypes.label(d.type)} ({d.id}): emissão em {{value}}, mais de {months} "
                            f"meses antes de {br(ref)}; é preciso um documento atualizado.",
                    expected=f">= {oldest.isoformat()}")
        if d in unsure and out.status == "fail":
            # old, but perhaps not one of the kinds the act renews yearly
            out = uncertain(read(d, SUBTYPE_FIELD.get(d.type, "titular_nome")), kinds)
        outs.append(out)
    return outs or [ok()]


@check("employment_proof")
def employment_proof(ctx: Context) -> list[Outcome]:
    """At least one CTPS showing an employment link with the carrier (its CNPJ as employer)."""
    ctps, unsure = of_kind(ctx.packet.of("documento_identidade"), ["documento_identidade:ctps"])
    if not ctps:
        if unsure:
            return [uncertain(read(unsure[0], "tipo_documento"), "ctps")]
        return [missing("documento_identidade", "Documento ausente: Carteira de Trabalho (CTPS) com vínculo "
                                                "empregatício com o transportador.", code="documento_identidade.ctps_missing")]
    return best([employer_is_carrier(ctx, d) for d in ctps])


def employer_is_carrier(ctx: Context, d: Document, *, other_is: str = "fail") -> list[Outcome]:
    """A CTPS (or driver's card) names the carrier as employer and the link is not ended."""
    carrier = ctx.packet.carrier
    r = read(d, "empregador_documento")
    if carrier.cnpj is None:
        return [review("transportador.cnpj_desconhecido",
                       f"Sem CNPJ válido do transportador para conferir o empregador em {d.id}.", r,
                       "CNPJ válido do transportador")]
    if not r.confident:
        return [uncertain(r, carrier.cnpj)]
    if cnpj_id.normalize(r.value) != carrier.cnpj:
        msg = (f"{doctypes.label(d.type)} ({d.id}) indica como empregador {r.value}; "
               f"o transportador é {cnpj_id.mask(carrier.cnpj)}.")
        if other_is == "fail" and carrier.confident:
            return [fail("documento_identidade.empregador_nao_transportador", msg, r, carrier.cnpj)]
        return [review("documento_identidade.empregador_diverge", msg, r, carrier.cnpj)]
    outs = [ok(d)]
    end = read(d, "data_desligamento")
    if end.present:
        outs.append(judge(end, lambda v: (day := to_date(v)) is not None and day >= ctx.reference_date,
                          code="documento_identidade.vinculo_encerrado",
                          message=f"Vínculo empregatício encerrado em {{value}} ({d.id}).",
                          expected=f">= {ctx.reference_date.isoformat()}"))
    return outs


@check("union_contribution")
def union_contribution(ctx: Context) -> list[Outcome]:
    """Receipt of the union contribution in the carrier's name. Since Lei 13.467/2017 the
    contribution is optional: without a receipt a clerk decides (review), never missing."""
    docs, unsure = of_kind(ctx.packet.of("comprovante_taxa"), ["comprovante_taxa:contribuicao_sindical"])
    if docs:
        return best([holder_is_carrier(ctx, d) for d in docs])
    holder = ctx.packet.carrier.cartao or ctx.packet.first("contrato_social")
    if not unsure and holder is None:
        return [missing("comprovante_taxa", "Comprovante da contribuição sindical ausente (e nenhum documento do "
                                            "transportador no pacote).", code="comprovante_taxa.contribuicao_sindical_missing")]
    anchor = read(unsure[0], "taxa") if unsure else read(holder, "titular_documento")
    f = finding("comprovante_taxa.contribuicao_sindical_ausente", "warning",
                "Comprovante da contribuição sindical não apresentado. Desde a Lei nº 13.467/2017 a contribuição "
                "sindical é facultativa (CLT, arts. 545, 578 e 579; STF, ADI 5794): conferir se o órgão aceita "
                "declaração de não recolhimento.",
                document=anchor.doc_id, field=anchor.field, value=anchor.value,
                expected="comprovante_taxa:contribuicao_sindical")
    return [Outcome("review", [f], [anchor.doc_id] if anchor.doc_id else [],
                    ["Contribuição sindical dos empregados e empregadores, ou declaração de não recolhimento"])]


def fold_has(text: object, words: list[str]) -> bool:
    t = fold(text)
    return any(fold(w) in t for w in words)
