"""One vehicle (one CRLV) and what belongs to it: owner, category, type, capacity, age,
inspection, authorization fee. Findings of per-vehicle items are prefixed with the plate."""

from __future__ import annotations

import re
from typing import Any

from validators.checks.base import Context, Outcome, check
from validators.checks.common import (
    Read, best, fail, fold, judge, missing, ok, read, review, show, uncertain,
)
from validators.checks.packet import Match, Vehicle
from validators.checks.presence import valid_on
from validators.dates import add_months, br, to_date
from domain.ids import cnpj as cnpj_id
from domain.ids import cpf as cpf_id
from domain.ids.text import alnum

_LIEN = re.compile(r"\balf\b|aliena|arrendamento|leasing|reserva de dominio|financ|gravame")
_TYPE_FROM_SPECIES = (("microonibus", re.compile(r"micro ?onibus")), ("onibus", re.compile(r"\bonibus\b")))


def this_vehicle(ctx: Context) -> Vehicle:
    if ctx.vehicle is None:
        raise ValueError(f"check used outside a per-vehicle item ({ctx.item.id})")
    return ctx.vehicle


def financed(v: Vehicle) -> tuple[bool, str]:
    a = read(v.crlv, "alienacao")
    obs = read(v.crlv, "observacoes")
    if a.present and a.value is True:
        return True, str(obs.value or "alienação/arrendamento indicado")
    if obs.present and _LIEN.search(fold(obs.value)):
        return True, str(obs.value)
    return False, ""


def pairing(m: Match, v: Vehicle) -> Outcome:
    """Does this document really belong to the vehicle? Disagreeing plate or chassis fails."""
    for mine, theirs in m.conflicts:
        msg = (f"{mine.label} em {mine.doc_label} ({m.doc.id}): {mine.value}; no CRLV: {theirs.value}.")
        if mine.confident and theirs.confident:
            return fail(f"{m.doc.type}.{mine.field}_diverge_crlv", msg, mine, theirs.value, v.crlv)
        return review(f"{m.doc.type}.{mine.field}_diverge_crlv_incerto", msg, mine, theirs.value, v.crlv)
    if not m.confident:
        # the finding names the read that is unsure (the document's, or the CRLV's it is paired
        # by): a clerk settling that one settles the pairing
        k = m.by[0]
        mine, theirs = read(m.doc, k), v.key(k)
        if mine.confident and not theirs.confident:
            return uncertain(theirs, mine.value, m.doc)
        return uncertain(mine, theirs.value, v.crlv)
    return ok(m.doc)


def not_for_this_vehicle(ctx: Context, doc_type: str, kinds: tuple[str, ...] | None = None) -> list[Outcome]:
    """Documents of this type that name another vehicle: fail when confidently read."""
    v = this_vehicle(ctx)
    outs = []
    for d in ctx.packet.unpaired.get(doc_type, []):
        if kinds and read(d, "taxa").value not in kinds:
            continue
        r = read(d, "placa")
        if not r.present:
            r = read(d, "chassi")
        mine = v.placa if r.field == "placa" else v.chassi
        msg = (f"{r.doc_label} ({d.id}) é de outro veículo ({r.label} {r.value}); "
               f"nenhum documento deste tipo para o veículo {v.label}.")
        expected = mine.value if mine.present else v.label
        if r.confident and mine.confident:
            outs.append(fail(f"{doc_type}.outro_veiculo", msg, r, expected, v.crlv))
        else:
            outs.append(review(f"{doc_type}.outro_veiculo_incerto", msg, r, expected, v.crlv))
    return outs


@check("vehicle_owner")
def vehicle_owner(ctx: Context) -> list[Outcome]:
    """The CRLV is in the carrier's CNPJ or in the CPF of a partner of the contrato social;
    leased or financed vehicles are accepted (noted)."""
    v = this_vehicle(ctx)
    crlv = v.crlv
    carrier = ctx.packet.carrier
    r = read(crlv, "proprietario_documento")
    lien, obs = financed(v)
    outs = []
    if lien:
        outs.append(ok(crlv, code="crlv.veiculo_financiado", r=read(crlv, "observacoes"),
                       info=f"Veículo financiado ou arrendado (aceito, Art. 2º, III, parágrafo único): {obs}."))
    expected = carrier.cnpj or "CNPJ do transportador ou CPF de sócio"
    if not r.confident:
        return outs + [uncertain(r, expected)]
    owner = alnum(r.value)
    if len(owner) == 14:
        if carrier.cnpj is None:
            return outs + [review("crlv.transportador_cnpj_desconhecido",
                                  "Sem CNPJ válido do transportador no pacote para comparar com o proprietário do CRLV.",
                                  r, expected)]
        if owner == carrier.cnpj:
            return outs + [ok(crlv) if carrier.confident else uncertain(r, carrier.cnpj)]
        msg = f"CRLV em nome de {cnpj_id.mask(owner)}; o transportador é {cnpj_id.mask(carrier.cnpj)}."
        if lien:
            return outs + [review("crlv.proprietario_financiado_diverge",
                                  msg + " Veículo financiado/arrendado: conferir o contrato de arrendamento ou financiamento.",
                                  r, carrier.cnpj)]
        return outs + [fail("crlv.proprietario_nao_transportador", msg, r, carrier.cnpj)]
    if len(owner) == 11:
        partners = ctx.packet.partners
        if partners.value is None:
            return outs + [review("crlv.socios_desconhecidos",
                                  f"CRLV em nome de CPF; {partners.reason}: não é possível conferir se é sócio.",
                                  r, "CPF de sócio do transportador")]
        cpfs = [c for _, c in partners.value if c]
        if owner in cpfs:
            if partners.source is not None and partners.source.confident:
                return outs + [ok(crlv, ctx.packet.first("contrato_social"), code="crlv.proprietario_socio", r=r,
                                  info="CRLV em nome de sócio do transportador (Art. 2º, III, c).")]
            assert partners.source is not None  # partners decided (a value) always name their source
            return outs + [uncertain(partners.source, cpf_id.mask(owner))]
        msg = f"CRLV em nome do CPF {cpf_id.mask(owner)}, que não é de sócio do transportador no contrato social."
        if lien or not (partners.source and partners.source.confident):
            return outs + [review("crlv.proprietario_nao_socio_incerto", msg, r, cpfs)]
        return outs + [fail("crlv.proprietario_nao_socio", msg, r, cpfs)]
    return outs + [review("crlv.proprietario_documento_irreconhecivel",
                          f"Documento do proprietário não é CPF nem CNPJ: {r.value}.", r, expected)]


@check("crlv_categoria")
def crlv_categoria(ctx: Context, expected: str = "ALUGUEL") -> list[Outcome]:
    """The CRLV's category is the expected one (ALUGUEL)."""
    r = read(this_vehicle(ctx).crlv, "categoria")
    return [judge(r, lambda x: fold(x) == fold(expected), code=f"crlv.categoria_not_{fold(expected).replace(' ', '_')}",
                  message="Categoria do veículo: {value}; esperado {expected}.", expected=expected)]


@check("crlv_tipo")
def crlv_tipo(ctx: Context, allowed: list[str] = ["onibus", "microonibus"]) -> list[Outcome]:  # noqa: B006
    """The vehicle type (from ESPÉCIE / TIPO) is one of the allowed (ônibus, micro-ônibus)."""
    crlv = this_vehicle(ctx).crlv
    r = read(crlv, "tipo_veiculo")
    if not r.present:
        r = read(crlv, "especie_tipo")
        derived = next((t for t, p in _TYPE_FROM_SPECIES if p.search(fold(r.value))), "outro") if r.present else None
        if derived is None or not r.confident:
            return [uncertain(r, allowed)]
        if derived in allowed:
            return [ok(crlv)]
        return [fail("crlv.tipo_nao_coletivo", f"Espécie/tipo do veículo: {r.value}; esperado {' ou '.join(TIPO_LABEL.get(a, a) for a in allowed)}.",
                     r, allowed)]
    return [judge(r, lambda x: x in allowed, code="crlv.tipo_nao_coletivo",
                  message=f"Tipo do veículo: {{value}} ({read(crlv, 'especie_tipo').value or '?'}); "
                          f"esperado {' ou '.join(TIPO_LABEL.get(a, a) for a in allowed)}.", expected=allowed)]


@check("crlv_lotacao_min")
def crlv_lotacao_min(ctx: Context, greater_than: int = 9) -> list[Outcome]:
    """The CRLV's lotação is above the given number of places."""
    r = read(this_vehicle(ctx).crlv, "lotacao")

    def enough(x: Any) -> bool:
        try:
            return int(x) > greater_than
        except (TypeError, ValueError):
            return False

    return [judge(r, enough, code="crlv.lotacao_insuficiente",
                  message=f"Lotação do veículo: {{value}} lugares; exigido mais de {greater_than}.",
                  expected=f"> {greater_than}")]


TIPO_LABEL = {"onibus": "ônibus", "microonibus": "micro-ônibus", "outro": "outro (van ou similar)"}
AGE_RULE = "idade contada do ano de fabricação ao ano da data de referência"


def manufacture_year(v: Vehicle, field: str = "ano_fabricacao") -> tuple[Read, Outcome | None]:
    """The year of manufacture: the CRLV's, else the paired CRV's; both read and different is a
    reason to look."""
    year = read(v.crlv, field)
    for m in v.of("crv"):
        alt = read(m.doc, field)
        if not alt.present:
            continue
        if year.confident and alt.confident and str(alt.value) != str(year.value):
            return year, review("crlv.ano_fabricacao_diverge_crv",
                                f"Ano de fabricação no CRLV: {year.value}; no CRV ({m.doc.id}): {alt.value}.",
                                year, alt.value, m.doc)
        if not year.confident and alt.confident and m.confident:
            year = alt
    return year, None


def age_of(v: Vehicle, reference_year: int) -> tuple[int | None, Read, Outcome | None]:
    """(age in years or None, the read it came from, an outcome when it cannot be used)."""
    year, conflict = manufacture_year(v)
    if conflict is not None:
        return None, year, conflict
    if not year.confident:
        return None, year, uncertain(year, "ano de fabricação")
    try:
        built = int(year.value)
    except (TypeError, ValueError):
        return None, year, uncertain(year, "ano de fabricação")
    if built > reference_year:
        return None, year, review("crlv.ano_fabricacao_futuro",
                                  f"Ano de fabricação {built} posterior ao ano da data de referência ({reference_year}).",
                                  year, f"<= {reference_year}")
    return reference_year - built, year, None


@check("vehicle_age")
def vehicle_age(ctx: Context, max_years: dict[str, int] | int, tolerance_years: int = 0,
                field: str = "ano_fabricacao", extension_years: int = 0, extension_fact: str | None = None,
                extension_note: str = "") -> list[Outcome]:
    """The vehicle's age (reference year minus the year of manufacture, from the CRLV or else
    the CRV) within the limit for its type, plus a tolerance. Over the limit by no more than an
    extension the act lets an authority grant: fail naming it, or review when the applicant
    declares it was granted (extension_fact)."""
    v = this_vehicle(ctx)
    tipo = read(v.crlv, "tipo_veiculo")
    if isinstance(max_years, dict):
        if not tipo.confident:
            return [uncertain(tipo, list(max_years))]
        limit = max_years.get(tipo.value)
        if limit is None:
            return [fail("crlv.tipo_sem_vida_util", f"Tipo de veículo {TIPO_LABEL.get(tipo.value, tipo.value)} sem limite de idade "
                                                    f"na norma (que o dá para {' e '.join(TIPO_LABEL.get(t, t) for t in max_years)}).", tipo, list(max_years))]
        kind = f" para {TIPO_LABEL.get(tipo.value, tipo.value)}"
    else:
        limit, kind = max_years, ""
    base = limit
    limit += tolerance_years
    ref_year = ctx.reference_date.year
    oldest = ref_year - limit
    if field != "ano_fabricacao":
        year = read(v.crlv, field)
        try:
            age = ref_year - int(year.value) if year.confident else None
        except (TypeError, ValueError):
            age = None
        problem = None if age is not None else uncertain(year, f">= {oldest}")
    else:
        age, year, problem = age_of(v, ref_year)
    if problem is not None:
        return [problem]
    assert age is not None  # no problem: the age was read
    tol = f" + {tolerance_years} de tolerância" if tolerance_years else ""
    how = f"{ref_year} − {year.value} = {age} anos ({AGE_RULE})"
    if age <= limit:
        return [ok(v.crlv, code="crlv.idade_no_limite", r=year, expected=f">= {oldest}",
                   info=f"Idade: {how}; limite {base} anos{tol}{kind}.")]
    msg = f"Ano de fabricação {year.value}: {how}, acima do limite de {base} anos{tol}{kind}."
    if extension_years and age <= limit + extension_years:
        if extension_fact and ctx.fact(extension_fact):
            return [review("crlv.idade_prorrogacao_declarada",
                           f"{msg} Prorrogação declarada pelo requerente: {extension_note}".strip(),
                           year, f">= {oldest}", manual=[extension_note] if extension_note else None)]
        msg += f" {extension_note}".rstrip()
    return [fail("crlv.idade_acima_limite", msg, year, f">= {oldest}")]


@check("inspection_valid")
def inspection_valid(ctx: Context) -> list[Outcome]:
    """An inspection report for this vehicle (plate or chassis), approved and valid on the reference date."""
    v = this_vehicle(ctx)
    matches = v.of("laudo_inspecao")
    if not matches:
        return not_for_this_vehicle(ctx, "laudo_inspecao") or [
            missing("laudo_inspecao", f"Laudo de inspeção ausente para o veículo {v.label}.")]
    alts = []
    for m in matches:
        outs = [pairing(m, v), *valid_on(ctx, m.doc)]
        res = read(m.doc, "resultado")
        if res.present:
            outs.append(judge(res, lambda x: x == "aprovado", code="laudo_inspecao.reprovado",
                              message="Resultado do laudo: {value}; esperado aprovado.", expected="aprovado"))
        alts.append(outs)
    return best(alts)


@check("authorization_fee")
def authorization_fee(ctx: Context, validity_months: int = 12) -> list[Outcome]:
    """A receipt of the authorization fee for this vehicle, paid within its validity."""
    v = this_vehicle(ctx)
    ref = ctx.reference_date
    fees = [m for m in v.of("comprovante_taxa") if read(m.doc, "taxa").value in ("autorizacao", None)]
    if not fees:
        other = not_for_this_vehicle(ctx, "comprovante_taxa", kinds=("autorizacao",))
        if other:
            return other
        no_plate = [d for d in ctx.packet.of("comprovante_taxa")
                    if read(d, "taxa").value == "autorizacao" and not read(d, "placa").present]
        if no_plate:
            r = read(no_plate[0], "placa")
            return [review("comprovante_taxa.sem_placa",
                           f"Placa não lida no comprovante da taxa de autorização ({no_plate[0].id}): confira no "
                           f"documento; a taxa é paga por veículo (Art. 9º).", r, v.placa.value)]
        return [missing("comprovante_taxa", f"Comprovante da taxa de autorização ausente para o veículo {v.label}.",
                        code="comprovante_taxa.autorizacao_missing")]
    oldest = add_months(ref, -validity_months)
    alts = []
    for m in fees:
        outs = [pairing(m, v)]
        t = read(m.doc, "taxa")
        if not t.confident:
            outs.append(uncertain(t, "autorizacao"))
        p = read(m.doc, "data_pagamento")
        outs.append(judge(p, lambda x: (day := to_date(x)) is not None and oldest <= day <= ref,
                          code="comprovante_taxa.fora_validade",
                          message=f"Taxa de autorização paga em {{value}}: fora da validade de {validity_months} meses "
                                  f"até {br(ref)} (Art. 9º).",
                          expected=f"entre {oldest.isoformat()} e {ref.isoformat()}"))
        alts.append(outs)
    return best(alts)


@check("unpaired_documents", once=True)
def unpaired_documents(ctx: Context, type: str) -> list[Outcome]:
    """Reports documents of one vehicle that match no CRLV of the packet (when every vehicle has
    its own, so nothing else reports them)."""
    vehicles = ctx.packet.vehicles
    left = ctx.packet.unpaired.get(type, [])
    if not left or not vehicles or any(not v.of(type) for v in vehicles):
        return []
    outs = []
    for d in left:
        r = read(d, "placa")
        plates = ", ".join(v.label for v in vehicles)
        outs.append(ok(code=f"{type}.sem_veiculo", r=r, expected=plates,
                       info=f"{r.doc_label} ({d.id}, {r.label} {show(r.value)}) não corresponde a nenhum CRLV do "
                            f"pacote ({plates})."))
        outs[-1].findings[0].severity = "warning"
    return outs


