"""The crew beyond the CNH: each driver's identity, employment link, course, medical
certificate, residence and DER/MG card; and the attendants (acompanhantes) a school-transport
act registers. Findings of per-driver items are prefixed with the driver's name by the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

from validators.checks.base import Context, Outcome, check
from validators.checks.certificates import (
    current, docs_of_person, employer_is_carrier, kind_label, of_kind, trusted,
)
from validators.checks.common import (
    best, fail, finding, fold, judge, missing, ok, read, review, uncertain,
)
from validators.checks.packet import Driver, Packet
from validators.checks.people import age_on
from validators.dates import add_months, br, to_date
from domain.wording import plural
from domain.documents import Document
from domain.ids import cpf as cpf_id

IDENTITY_KINDS = (None, "rg", "cin", "outro")  # documento_identidade that is an identity card


def _driver(ctx: Context) -> Driver:
    if ctx.driver is None:
        raise ValueError(f"check used outside a per-driver item ({ctx.item.id})")
    return ctx.driver


def in_municipality(value: object, municipio: str) -> bool:
    return bool(re.search(rf"\b{re.escape(fold(municipio))}\b", fold(value)))


def identity_docs(docs: list[Document]) -> list[Document]:
    return [d for d in docs if d.type == "documento_identidade" and read(d, "tipo_documento").value in IDENTITY_KINDS]


def owner_cpfs(packet: Packet) -> tuple[set[str], bool]:
    """CPFs of vehicle owners (CRV, else CRLV): who a natural-person applicant is. (cpfs, sure)."""
    cpfs, sure = set(), True
    for v in packet.vehicles:
        reads = [read(m.doc, "proprietario_documento") for m in v.of("crv")] or [read(v.crlv, "proprietario_documento")]
        for r in reads:
            n = cpf_id.normalize(r.value) if r.present else ""
            if len(n) == 11:
                cpfs.add(n)
                sure = sure and r.confident
    return cpfs, sure and bool(cpfs)


def is_titular(ctx: Context, d: Driver) -> bool | None:
    """Natural-person applicant: the driver who owns the vehicle. None: cannot tell."""
    cpfs, sure = owner_cpfs(ctx.packet)
    if not cpfs or not d.cpf:
        return None
    if d.cpf in cpfs:
        return True
    return False if sure else None


@check("driver_identity")
def driver_identity(ctx: Context) -> list[Outcome]:
    """The driver's identity card (RG/CIN, not a CTPS or a permit card) and a valid CPF (on it
    or on the CNH)."""
    d = _driver(ctx)
    ids = identity_docs(d.documents)
    if not ids:
        return [missing("documento_identidade", f"Documento de identidade ausente para o condutor {d.label}.",
                        code="documento_identidade.condutor_missing")]
    alts = []
    for doc in ids:
        r = read(doc, "titular_documento")
        if not r.present:
            r = read(d.cnh, "titular_documento")
        alts.append([judge(r, cpf_id.is_valid, code="documento_identidade.cpf_invalido",
                           message="CPF do condutor {value} inválido.", expected="CPF válido"),
                     trusted(doc, "documento de identidade")])
    return best(alts)


@check("driver_employment")
def driver_employment(ctx: Context, autonomo: bool = False, other_employer: str = "fail") -> list[Outcome]:
    """The driver's employment link with the carrier: a CTPS naming it as employer, not ended;
    where the act allows (autonomo), a registration with the INSS as self-employed instead."""
    d = _driver(ctx)
    ctps, unsure = of_kind(d.documents, ["documento_identidade:ctps"])
    alts = [employer_is_carrier(ctx, doc, other_is=other_employer) for doc in ctps]
    if autonomo:
        inss, unsure2 = of_kind(d.documents, ["certidao:inscricao_inss"])
        unsure += unsure2
        for doc in inss:
            alts.append([*current(ctx, doc, "certidao:inscricao_inss"),
                         ok(doc, code="certidao.inscricao_inss_autonomo",
                            info="Condutor inscrito no INSS como autônomo (sem vínculo empregatício).")])
    if alts:
        return best(alts)
    if unsure:
        return [uncertain(read(unsure[0], "tipo_documento" if unsure[0].type == "documento_identidade" else "tipo_certidao"),
                          "ctps")]
    what = "CTPS com vínculo com o transportador" + (" ou inscrição no INSS como autônomo" if autonomo else "")
    return [missing("documento_identidade", f"Documento ausente para o condutor {d.label}: {what}.",
                    code="documento_identidade.ctps_missing")]


@check("driver_card")
def driver_card(ctx: Context) -> list[Outcome]:
    """The driver's card for chartered service (DER/MG Anexo): in the driver's name, naming the
    carrier as autorizatário."""
    d = _driver(ctx)
    cards, unsure = of_kind(d.documents, ["documento_identidade:condutor_fretado"])
    if not cards:
        if unsure:
            return [uncertain(read(unsure[0], "tipo_documento"), "condutor_fretado")]
        return [missing("documento_identidade", f"Documento de condutor de serviço fretado ausente para o condutor "
                                                f"{d.label}.", code="documento_identidade.condutor_fretado_missing")]
    return best([employer_is_carrier(ctx, c, other_is="fail") for c in cards])


@check("driver_course")
def driver_course(ctx: Context, keywords: list[str], course: str, validity_months: int | None = None) -> list[Outcome]:
    """The driver's course certificate whose name has one of the keywords, valid on the reference
    date: its printed validity, else issued within validity_months."""
    d = _driver(ctx)
    courses = d.of("certificado_curso")
    right = [c for c in courses if read(c, "curso").present and any(fold(k) in fold(read(c, "curso").value) for k in keywords)]
    if not right:
        unread = [c for c in courses if not read(c, "curso").confident]
        if unread:
            return [uncertain(read(unread[0], "curso"), course)]
        return [missing("certificado_curso", f"Certificado do {course} ausente para o condutor {d.label}.",
                        code="certificado_curso.condutor_missing")]
    ref = ctx.reference_date
    alts = []
    for c in right:
        name = read(c, "curso")
        outs = [ok(c) if name.confident else uncertain(name, course)]
        val = read(c, "validade")
        if val.present:
            outs.append(judge(val, lambda v: (day := to_date(v)) is not None and day >= ref,
                              code="certificado_curso.vencido",
                              message=f"{course.capitalize()} ({c.id}) vencido em {{value}}; data de referência {br(ref)}.",
                              expected=f">= {ref.isoformat()}"))
        elif validity_months:
            oldest = add_months(ref, -validity_months)
            outs.append(judge(read(c, "data_emissao"), lambda v: (day := to_date(v)) is not None and day >= oldest,
                              code="certificado_curso.vencido",
                              message=f"{course.capitalize()} ({c.id}) emitido em {{value}}: validade de "
                                      f"{validity_months // 12} anos vencida em {br(ref)}.",
                              expected=f">= {oldest.isoformat()}"))
        else:
            e = read(c, "data_emissao")
            if e.confident and (issued := e.as_date()) and issued > ref:
                outs.append(review("certificado_curso.emitido_apos_referencia",
                                   f"{course.capitalize()} ({c.id}) emitido depois da data de referência.", e,
                                   f"<= {ref.isoformat()}"))
        alts.append(outs)
    return best(alts)


@check("cnh_remark")
def cnh_remark(ctx: Context, keywords: list[str], what: str) -> list[Outcome]:
    """The CNH's observations carry a remark (e.g. the qualification to drive schoolchildren)."""
    r = read(_driver(ctx).cnh, "observacoes")
    return [judge(r, lambda v: any(fold(k) in fold(v) for k in keywords), code="cnh.sem_observacao",
                  message=f"Observações da CNH sem {what}: {{value}}.", expected=what)]


@check("driver_medical")
def driver_medical(ctx: Context, max_age_days: int | None = None, renewal_note: bool = False) -> list[Outcome]:
    """The driver's medical certificate of physical and mental fitness: apto, within its
    validity, and presented within max_age_days of its issue where the act says so. With
    renewal_note, informs the renewal period by age (up to 65: 2 years; older: yearly)."""
    d = _driver(ctx)
    docs = d.of("atestado_medico")
    if not docs:
        return [missing("atestado_medico", f"Atestado médico ausente para o condutor {d.label}.",
                        code="atestado_medico.condutor_missing")]
    outs = best([current(ctx, doc, "atestado_medico", max_age_days=max_age_days) for doc in docs])
    if renewal_note:
        born = read(d.cnh, "data_nascimento")
        if born.confident and (born_on := born.as_date()):
            age = age_on(born_on, ctx.reference_date)
            every = "a cada 2 (dois) anos" if age <= 65 else "anualmente"
            outs.append(ok(docs[0], code="atestado_medico.renovacao", r=born,
                           info=f"Condutor com {age} anos: atestado médico renovado {every} (Art. 25, § 2º)."))
    return outs


@check("driver_residence")
def driver_residence(ctx: Context, municipio: str, titular_only: bool = False) -> list[Outcome]:
    """The driver's proof of residence shows domicile in the municipality. With titular_only,
    only the natural-person applicant (the driver who owns the vehicle) must live there; an
    auxiliary driver from elsewhere is noted (he owes an extra criminal record)."""
    d = _driver(ctx)
    docs = d.of("comprovante_endereco")
    if not docs:
        return [missing("comprovante_endereco", f"Comprovante de residência ausente para o condutor {d.label}.",
                        code="comprovante_endereco.condutor_missing")]
    alts = []
    for doc in docs:
        r = read(doc, "municipio")
        if not r.present:
            r = read(doc, "endereco")
        if not r.confident:
            alts.append([uncertain(r, municipio)])
        elif in_municipality(r.value, municipio):
            alts.append([ok(doc)])
        elif titular_only and is_titular(ctx, d) is False:
            alts.append([ok(doc, code="comprovante_endereco.auxiliar_nao_residente", r=r, expected=municipio,
                            info=f"Condutor auxiliar domiciliado fora de {municipio} ({r.value}): apresenta também "
                                 f"atestado de antecedentes da comarca em que reside (Art. 25, § 1º).")])
        elif titular_only and is_titular(ctx, d) is None:
            alts.append([review("comprovante_endereco.titular_indefinido",
                                f"Comprovante de residência em {r.value}, fora de {municipio}; não foi possível saber "
                                f"se o condutor é o titular (proprietário do veículo).", r, municipio)])
        else:
            alts.append([fail("comprovante_endereco.fora_do_municipio",
                              f"Comprovante de residência em {r.value}; exigido domicílio em {municipio}.", r, municipio)])
    return best(alts)


@check("applicant_residence")
def applicant_residence(ctx: Context, municipio: str) -> list[Outcome]:
    """A proof of address in the municipality, of the carrier (its seat) or of one of its
    drivers (the act does not say whose for a legal-person applicant)."""
    carrier = ctx.packet.carrier.cnpj
    drivers = {d.cpf for d in ctx.packet.drivers if d.cpf}
    docs = []
    for doc in ctx.packet.of("comprovante_endereco"):
        holder = read(doc, "titular_documento")
        n = cpf_id.normalize(holder.value) if holder.present else ""
        if (carrier and holder.present and re.sub(r"[^0-9A-Z]", "", str(holder.value).upper()) == carrier) or n in drivers:
            docs.append(doc)
    if not docs:
        return [missing("comprovante_endereco", "Comprovante de residência do transportador ou de seus condutores ausente.",
                        code="comprovante_endereco.requerente_missing")]
    alts = []
    for doc in docs:
        r = read(doc, "municipio")
        if not r.present:
            r = read(doc, "endereco")
        alts.append([judge(r, lambda v: in_municipality(v, municipio), code="comprovante_endereco.fora_do_municipio",
                           message=f"Comprovante de residência ({doc.id}) em {{value}}; exigido domicílio em {municipio}.",
                           expected=municipio)])
    return best(alts)


@check("nonresident_record")
def nonresident_record(ctx: Context, municipio: str) -> list[Outcome]:
    """An auxiliary driver domiciled outside the municipality presents, besides the criminal
    record of the municipality, the one of the comarca where he lives (two records)."""
    d = _driver(ctx)
    if is_titular(ctx, d) is True:
        return [Outcome("not_applicable", [finding("atestado_antecedentes.titular", "info",
                                                   "Condutor titular (proprietário do veículo): o § 1º trata do "
                                                   "condutor auxiliar.")], [d.cnh.id])]
    homes = [read(doc, "municipio") for doc in d.of("comprovante_endereco")]
    sure = [h for h in homes if h.confident]
    if not homes:
        return [missing("comprovante_endereco", f"Comprovante de residência ausente para o condutor {d.label}.",
                        code="comprovante_endereco.condutor_missing")]
    if not sure:
        return [uncertain(homes[0], municipio)]
    if any(in_municipality(h.value, municipio) for h in sure):
        return [Outcome("not_applicable", [finding("comprovante_endereco.residente", "info",
                                                   f"Condutor domiciliado em {municipio}.")],
                        cast(list[str], [h.doc_id for h in sure]))]  # confident reads have a document
    records = d.of("atestado_antecedentes")
    if len(records) >= 2:
        return [*(trusted(x, "atestado de antecedentes") for x in records),
                ok(*records, manual=[f"Um dos atestados do condutor {d.label} é da comarca em que reside"])]
    return [missing("atestado_antecedentes",
                    f"Condutor {d.label} domiciliado em {sure[0].value}: falta o atestado de antecedentes da comarca "
                    f"em que reside, além do de {municipio} ({plural(len(records), 'atestado apresentado', 'atestados apresentados')}).",
                    code="atestado_antecedentes.comarca_residencia_missing")]


# --- attendants (acompanhantes) -----------------------------------------------------------

@dataclass
class Attendant:
    identity: Document
    cpf: str | None
    name: str | None

    @property
    def label(self) -> str:
        return self.name or f"(identidade {self.identity.id})"


def attendants(packet: Packet) -> list[Attendant]:
    """People with an identity card who are neither drivers (CNH) nor partners of the carrier."""
    drivers = {d.cpf for d in packet.drivers if d.cpf} | {str(d.name) for d in packet.drivers if d.name}
    partners = packet.partners.value or []
    known = drivers | {c for _, c in partners if c} | {str(n) for n, _ in partners if n}
    out = []
    for doc in identity_docs(packet.docs):
        cpf = cpf_id.normalize(read(doc, "titular_documento").value) or None
        name = read(doc, "titular_nome").value
        if (cpf and cpf in known) or (not cpf and name and any(fold(name) == fold(k) for k in known)):
            continue
        out.append(Attendant(doc, cpf, str(name) if name else None))
    return out


@check("attendant_documents")
def attendant_documents(ctx: Context, need: str) -> list[Outcome]:
    """Each attendant (acompanhante: identity card of someone neither driver nor partner) has
    `need`: documento_identidade (with a valid CPF), atestado_medico (fit) or
    comprovante_endereco."""
    people = attendants(ctx.packet)
    if not people:
        return [missing("documento_identidade", "Nenhum acompanhante identificado no pacote (documento de identidade "
                                                "de pessoa que não é condutor nem sócio).",
                        code="documento_identidade.acompanhante_missing")]
    outs: list[Outcome] = []
    for p in people:
        prefix = f"Acompanhante {p.label}: "
        if need == "documento_identidade":
            got = [judge(read(p.identity, "titular_documento"), cpf_id.is_valid, code="documento_identidade.cpf_invalido",
                         message="CPF {value} ausente ou inválido no documento de identidade.", expected="CPF válido")]
        else:
            mine = [d for d in docs_of_person(ctx.packet.docs, p.cpf, p.name) if d.type == need]
            if not mine:
                got = [missing(need, f"{kind_label(need).capitalize()} ausente.", code=f"{need}.acompanhante_missing")]
            elif need == "atestado_medico":
                got = best([current(ctx, d, need) for d in mine])
            else:
                got = best([[trusted(x, kind_label(need))] for x in mine])
        for o in got:
            for f in o.findings:
                f.message = prefix + f.message
        outs += got
    return outs
