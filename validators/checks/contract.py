"""The chartering contract: its parties, destination, term, and itinerary."""

from __future__ import annotations

import re
import unicodedata
from datetime import date, timedelta

from validators.checks.base import Context, Outcome, check
from validators.checks.common import (
    Read, fail, finding, fold, judge, missing, not_applicable, ok, read, review, same_name, uncertain,
)
from validators.dates import add_months, br, to_date
from domain import wording
from domain.documents import Document
from domain.ids import cnpj as cnpj_id
from domain.ids import cpf as cpf_id

# What a contractor's name says about its nature (folded text). Order matters: a "Prefeitura"
# school is the prefeitura's.
NATURE_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("prefeitura", re.compile(r"\bprefeitura\b|^municipio de\b")),
    ("entidade_estudantil", re.compile(
        r"\bgremio estudantil\b|\bdce\b|\bdiretorio (central dos estudantes|academico|estudantil)\b"
        r"|\bcentro academico\b|\buniao \w+( \w+)? (dos )?estudantes\b")),
    ("entidade_esportiva", re.compile(
        r"\b(clube?|liga|sport)\b|\bassociacao (esportiva|atletica|desportiva)\b|\bsociedade esportiva\b"
        r"|\besporte clube\b|\bfederacao \w+ de \w+\b")),
    ("instituicao_ensino", re.compile(
        r"\b(escola|colegio|instituto|universidade|faculdade|centro universitario|educandario|creche"
        r"|emef|emei|emeb|eeef|eeem|eeefm|ciep)\b")),
)
ACCEPTED_NATURES = ("instituicao_ensino", "entidade_estudantil", "entidade_esportiva", "prefeitura")
_NATURE_LABEL = {
    "instituicao_ensino": "instituição de ensino", "entidade_estudantil": "entidade estudantil",
    "entidade_esportiva": "entidade esportiva", "prefeitura": "prefeitura municipal",
    "empresa": "empresa", "outra": "outra natureza",
}
# Words that open the name of a school or sports venue: how a list of several destinations reads.
_PLACE = (r"(escola|colegio|instituto|universidade|faculdade|centro universitario|complexo esportivo"
          r"|ginasio|estadio|clube|creche|emef|emei|eeef|eeem|eeefm|campus)")
_SPLIT = re.compile(r"\s*[;\n|]\s*|\s*,\s*(?=" + _PLACE + r"\b)|\s+e\s+(?=" + _PLACE + r"\b)")


def nature_from_name(name: object) -> str | None:
    text = fold(name)
    for nature, pattern in NATURE_PATTERNS:
        if pattern.search(text):
            return nature
    return None


def contractor_nature_of(ctx: Context) -> tuple[str | None, Read, str]:
    """(nature or None, the read it came from, how it was decided)."""
    c = ctx.packet.contract
    cat = read(c, "contratante_categoria")
    nome = read(c, "contratante_nome")
    by_name = nature_from_name(nome.value) if nome.confident else None
    if cat.confident:
        if cat.value in ACCEPTED_NATURES or by_name is None or by_name == cat.value:
            return cat.value, cat, "categoria"
        return None, cat, f"categoria {cat.value} no contrato, mas o nome indica {_NATURE_LABEL[by_name]}"
    if by_name:
        return by_name, nome, "nome"
    return None, (cat if cat.present else nome), "natureza do contratante não determinada"


def _plain(s: object) -> str:
    """Lower case without accents, punctuation kept (it separates the places)."""
    text = unicodedata.normalize("NFKD", str(s or ""))
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def count_places(text: object) -> int:
    return len([p for p in _SPLIT.split(_plain(text)) if p and p.strip()])


def _contract(ctx: Context) -> Document | None:
    return ctx.packet.contract


@check("contractor_cnpj")
def contractor_cnpj(ctx: Context) -> list[Outcome]:
    """A legal-person contractor is named by a CNPJ with valid check digits."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    r = read(c, "contratante_documento")
    return [judge(r, lambda v: cnpj_id.is_valid(v), code="contrato_fretamento.contratante_cnpj_invalido",
                  message="Documento do contratante pessoa jurídica {value}: não é um CNPJ válido.",
                  expected="CNPJ válido")]


@check("contractor_nature")
def contractor_nature(ctx: Context, accepted: list[str] = list(ACCEPTED_NATURES)) -> list[Outcome]:
    """The contractor is one of the accepted natures (from contratante_categoria or its name)."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    nature, r, how = contractor_nature_of(ctx)
    want = " ou ".join(_NATURE_LABEL.get(a, a) for a in accepted)
    if nature is None:
        return [review("contrato_fretamento.natureza_contratante_indeterminada",
                       f"Não foi possível determinar a natureza do contratante ({how}).", r, want)]
    if nature in accepted:
        info = None
        if how == "nome":
            info = f"Natureza do contratante inferida do nome: {_NATURE_LABEL[nature]}."
        return [ok(c, code="contrato_fretamento.natureza_pelo_nome", r=r, expected=want, info=info)]
    return [fail("contrato_fretamento.natureza_contratante_nao_aceita",
                 f"Contratante de natureza {_NATURE_LABEL.get(nature, nature)}; aceitos: {want}.", r, want)]


@check("contractor_cnpj_active")
def contractor_cnpj_active(ctx: Context) -> list[Outcome]:
    """The contractor's CNPJ is active: judged on its cartão CNPJ when present, else by a clerk."""
    theirs = ctx.packet.contractor_cnpj
    for d in ctx.packet.of("cartao_cnpj"):
        r = read(d, "titular_documento")
        if theirs and r.present and cnpj_id.normalize(r.value) == theirs:
            s = read(d, "situacao")
            return [judge(s, lambda v: fold(v) == "ativa", code="cartao_cnpj.contratante_situacao_nao_ativa",
                          message="Situação cadastral do CNPJ do contratante: {value}; esperado ATIVA.",
                          expected="ATIVA")]
    return [ok(manual=["Inscrição ativa do contratante no CNPJ (cartão CNPJ do contratante não apresentado)"])]


@check("contractor_cpf")
def contractor_cpf(ctx: Context) -> list[Outcome]:
    """A natural-person contractor's CPF, where the contract prints one, is valid."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    r = read(c, "contratante_documento")
    if not r.present:
        return []
    return [judge(r, cpf_id.is_valid, code="contrato_fretamento.contratante_cpf_invalido",
                  message="CPF do contratante {value} inválido.", expected="CPF válido")]


@check("contract_names_institution")
def contract_names_institution(ctx: Context) -> list[Outcome]:
    """The contract names the school or sports complex served."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    r = read(c, "instituicao_destino")
    if r.confident:
        return [ok(c)]
    return [uncertain(r, "instituição de ensino ou complexo esportivo indicado no contrato")]


@check("single_destination")
def single_destination(ctx: Context) -> list[Outcome]:
    """One school or sports complex as destination, unless the contractor is a prefeitura
    (then one municipality of origin, several destinations allowed)."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    nature, _, _ = contractor_nature_of(ctx)
    if nature == "prefeitura" and ctx.packet.contractor_type.value == "pj":
        o = read(c, "origem")
        if not o.confident:
            return [uncertain(o, "um único município de origem")]
        if count_places_municipios(o.value) > 1:
            return [review("contrato_fretamento.origem_multipla",
                           f"Contrato de prefeitura com mais de um município de origem? Origem: {o.value}.",
                           o, "um único município de origem")]
        return [ok(c, code="contrato_fretamento.prefeitura_destinos_diversos", r=o,
                   info="Contratante prefeitura municipal: admitidos destinos diversos com um único município de origem (Art. 2º, § 3º).")]
    r = read(c, "instituicao_destino")
    if not r.confident:
        return [uncertain(r, "uma única instituição de ensino ou complexo esportivo")]
    n = count_places(r.value)
    if n <= 1:
        return [ok(c)]
    return [fail("contrato_fretamento.destinos_multiplos",
                 f"O contrato indica {n} destinos ({r.value}); só é aceita uma instituição de ensino ou complexo esportivo.",
                 r, "uma única instituição")]


def count_places_municipios(text: object) -> int:
    return len([p for p in re.split(r"\s*[;,/\n]\s*|\s+e\s+", str(text or "")) if p.strip()])


@check("contract_term_max")
def contract_term_max(ctx: Context, months: int = 12) -> list[Outcome]:
    """Informs when the contract's term exceeds the registration limit (months)."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    ini, fim = read(c, "vigencia_inicio"), read(c, "vigencia_fim")
    if not (ini.confident and fim.confident and (start := ini.as_date()) and (end := fim.as_date())):
        return [ok(c, code="contrato_fretamento.prazo_nao_calculado", r=fim if ini.confident else ini,
                   info=f"Prazo do contrato não calculado (vigência não lida com confiança); "
                        f"o cadastro junto à METROPLAN vale no máximo {months} meses.")]
    limit = add_months(start, months) - timedelta(days=1)
    if end > limit:
        return [ok(c, code="contrato_fretamento.prazo_excede_cadastro", r=fim, expected=f"<= {limit.isoformat()}",
                   info=f"Contrato vigente de {br(start)} a {br(end)}, mais de {months} meses: "
                        f"o cadastro vale até {months} meses; depois, declaração de vigência ou novo contrato (Art. 10).")]
    return [ok(c)]


@check("contract_starts_after_signature")
def contract_starts_after_signature(ctx: Context) -> list[Outcome]:
    """The term does not begin before the signature."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    ini, ass = read(c, "vigencia_inicio"), read(c, "data_assinatura")
    if not ass.confident or not (signed := ass.as_date()):
        return [uncertain(ass, "data de assinatura")]
    return [judge(ini, lambda v: (day := to_date(v)) is not None and day >= signed,
                  code="contrato_fretamento.vigencia_anterior_assinatura",
                  message=f"Vigência a partir de {{value}}, anterior à assinatura em {br(signed)}.",
                  expected=f">= {signed.isoformat()}")]


@check("contract_in_force")
def contract_in_force(ctx: Context) -> list[Outcome]:
    """The contract is in force on the reference date."""
    contracts = ctx.packet.of("contrato_fretamento")
    if not contracts:
        return [missing("contrato_fretamento")]
    c = contracts[0]
    ref = ctx.reference_date
    outs = [in_force(c, ref, "vigencia_inicio", "vigencia_fim", "contrato_fretamento")]
    if len(contracts) > 1:
        r = read(contracts[1], "numero_contrato")
        outs.append(review("contrato_fretamento.varios_contratos",
                           f"{len(contracts)} contratos no pacote; a METROPLAN cadastra um contrato por pedido: "
                           f"conferir qual vale (julgado: {c.id}).", r, "um contrato"))
    return outs


@check("contract_between_parties")
def contract_between_parties(ctx: Context) -> list[Outcome]:
    """The contract is celebrated with the carrier: it names the contracted party by the carrier's
    CNPJ (valid check digits, the same as the carrier's other documents print). A contract that
    names the carrier with an invalid or another CNPJ does not show a contract with the carrier."""
    c = _contract(ctx)
    if c is None:
        return [missing("contrato_fretamento")]
    r = read(c, "contratado_documento")
    carrier = ctx.packet.carrier
    if not r.present:
        n = read(c, "contratado_nome")
        if n.confident and carrier.name and same_name(n.value, carrier.name):
            return [ok(c)]
        return [uncertain(r, "CNPJ do transportador na qualificação da contratada")]
    value = cnpj_id.normalize(r.value) if r.value else ""
    valid = cnpj_id.is_valid(value) if len(value) == 14 else cpf_id.is_valid(value) if len(value) == 11 else False
    if not valid:
        msg = (f"O contrato ({c.id}) qualifica a contratada com o documento {wording.value(r.value, kind='doc')}, de dígitos verificadores "
               f"inválidos: não mostra contrato celebrado com o transportador.")
        if r.confident:
            return [fail("contrato_fretamento.contratado_documento_invalido", msg, r, "CNPJ válido do transportador")]
        return [review("contrato_fretamento.contratado_documento_incerto", msg, r, "CNPJ válido do transportador")]
    if carrier.cnpj is None or len(value) != 14:
        return [ok(c)] if r.confident else [uncertain(r, "CNPJ do transportador")]
    if value != carrier.cnpj:
        msg = (f"O contrato ({c.id}) qualifica a contratada com o CNPJ {cnpj_id.mask(value)}; o transportador é "
               f"{cnpj_id.mask(carrier.cnpj)}: não mostra contrato celebrado com o transportador.")
        if r.confident and carrier.confident:
            return [fail("contrato_fretamento.contratado_outro", msg, r, carrier.cnpj)]
        return [review("contrato_fretamento.contratado_outro_incerto", msg, r, carrier.cnpj)]
    return [ok(c)] if r.confident else [uncertain(r, carrier.cnpj)]


def in_force(d: Document, ref: date, start: str, end: str, what: str) -> Outcome:
    ini, fim = read(d, start), read(d, end)
    for r in (ini, fim):
        if not r.confident or r.as_date() is None:
            return uncertain(r, f"vigência que inclua {ref.isoformat()}")
    since, until = ini.as_date(), fim.as_date()
    assert since is not None and until is not None  # the loop above returned otherwise
    if ref < since:
        return fail(f"{what}.nao_vigente", f"{ini.doc_label} ({d.id}) só vigora a partir de {br(since)}; "
                                           f"data de referência {br(ref)}.", ini, f"<= {ref.isoformat()}")
    if ref > until:
        return fail(f"{what}.vencido", f"{fim.doc_label} ({d.id}): vigência encerrada em {br(until)}; "
                                       f"data de referência {br(ref)}.", fim, f">= {ref.isoformat()}")
    return ok(d)


def _has_route(d: Document | None) -> tuple[bool, list[Read]]:
    rs = [read(d, "origem"), read(d, "destino")]
    return all(r.confident for r in rs), rs


@check("itinerary_origin_destination")
def itinerary_origin_destination(ctx: Context) -> list[Outcome]:
    """The itinerary names the municipalities of origin and destination, in the contract or in
    a grade de itinerário."""
    sources = [d for d in (ctx.packet.contract, *ctx.packet.of("grade_itinerario")) if d is not None]
    if not sources:
        return [missing("grade_itinerario", "Itinerário ausente: nem contrato nem grade de itinerário.")]
    unsure: Read | None = None
    for d in sources:
        sure, rs = _has_route(d)
        if sure:
            return [ok(d)]
        unsure = unsure or next(r for r in rs if not r.confident)
    assert unsure is not None  # `sources` is not empty and each one returned or set it
    return [uncertain(unsure, "municípios de origem e destino")]


@check("itinerary_grade")
def itinerary_grade(ctx: Context, model: str = "") -> list[Outcome]:
    """A grade de itinerário is required unless the contract describes the itinerary."""
    c = ctx.packet.contract
    it = read(c, "itinerario")
    described = read(c, "itinerario_descrito")
    if it.stated or (described.confident and described.value is True):
        return [not_applicable("grade_itinerario.dispensada",
                               "Itinerário descrito no contrato: grade de itinerário dispensada (Art. 7º).", c)]
    grades = ctx.packet.of("grade_itinerario")
    if grades:
        return [ok(*grades, manual=[m for m in [model] if m])]
    if c is not None and it.present:
        return [uncertain(it, "itinerário descrito no contrato ou grade de itinerário")]
    return [missing("grade_itinerario", "Grade de itinerário ausente e o contrato não descreve o itinerário.")]


@check("legal_representation")
def legal_representation(ctx: Context) -> list[Outcome]:
    """Representation by a parent or guardian: declared; only a clerk can confirm it."""
    c = ctx.packet.contract
    r = read(c, "contratante_nome")
    f = finding("contrato_fretamento.representacao_legal", "warning",
                "Contratante representado por pai ou responsável legal (declarado): conferir a documentação "
                "da representação e se o nome do menor integra a lista de passageiros.",
                document=c.id if c else None, field="contratante_nome", value=r.value,
                expected="documentação que comprove a representação")
    return [Outcome("review", [f], [c.id] if c else [],
                    ["Documentação que comprove a representação pelo pai ou responsável legal",
                     "Nome do menor representado na lista de passageiros"])]


