"""The fleet as the municipal and state acts judge it: current licensing, proof of ownership
(CRV), municipality of licensing, capacity, inspection by an interval that depends on the
vehicle's age, the minimum fleet, the vehicle list, and the mandatory DPVAT ticket whose legal
status changes over time (a dated parameter).

Vehicle age is always the reference date's year minus the year of manufacture (CRLV, else CRV).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from validators.checks.base import Applicability, Context, Outcome, check, condition
from validators.checks.common import (
    Read, best, doc_trusted, fail, finding, fold, judge, missing, ok, read, review, uncertain,
)
from validators.checks.packet import Match, Vehicle
from validators.checks.passengers import passengers_within_lotacao
from validators.checks.presence import holder_is_carrier
from validators.checks.vehicle import AGE_RULE, TIPO_LABEL, this_vehicle, age_of, financed, not_for_this_vehicle, pairing
from validators.dates import add_months, br, to_date
from domain.wording import plural
from domain.documents import Document
from domain.ids import cnpj as cnpj_id
from domain.ids import cpf as cpf_id
from domain.ids import placa as placa_id
from domain.ids.text import alnum
from validators.params import Known

if TYPE_CHECKING:
    from typing_extensions import TypeIs

_LEASING = re.compile(r"arrendamento|leasing")
_EMISSOR_LABEL = {"metroplan": "METROPLAN", "inmetro": "INMETRO ou organismo por ele acreditado",
                  "crea": "engenheiro registrado no CREA", "emtu": "EMTU/SP", "municipio": "órgão municipal",
                  "outro": "outro emissor"}


def _municipality(value: object, municipio: str) -> bool:
    return bool(re.search(rf"\b{re.escape(fold(municipio))}\b", fold(value)))


def _exercise(ctx: Context, r: Read, what: str) -> Outcome:
    """A licensing exercise: the reference year or later is current; the year before may still
    be within the state's licensing calendar (review); older fails."""
    year = ctx.reference_date.year
    if not r.confident:
        return uncertain(r, f">= {year}")
    assert r.doc is not None  # a confident read is of a document
    try:
        ex = int(r.value)
    except (TypeError, ValueError):
        return uncertain(r, f">= {year}")
    if ex >= year:
        return ok(r.doc)
    if ex == year - 1:
        return review(f"{r.doc.type}.exercicio_anterior",
                      f"{what} do exercício {ex}: válido só até o prazo do calendário de licenciamento de {year} "
                      f"(por final de placa) — conferir.", r, f">= {year}")
    return fail(f"{r.doc.type}.exercicio_vencido", f"{what} do exercício {ex}; data de referência em {year}.",
                r, f">= {year}")


@check("crlv_current")
def crlv_current(ctx: Context) -> list[Outcome]:
    """The CRLV is of the current licensing exercise (the reference year)."""
    v = this_vehicle(ctx)
    return [_exercise(ctx, read(v.crlv, "exercicio"), "CRLV")]


def _owner_outcome(ctx: Context, v: Vehicle, r: Read, owner: str, basis: str) -> list[Outcome]:
    """Is the owner on this document the carrier (owner=carrier) or one of the drivers
    (owner=driver: the natural-person applicant)? A lien or leasing remark softens a mismatch."""
    lien, obs = financed(v)
    if not r.confident:
        return [uncertain(r, "proprietário")]
    assert r.doc is not None  # a confident read is of a document
    doc = alnum(r.value)
    expected: str | list[str]
    if owner == "carrier":
        carrier = ctx.packet.carrier
        if carrier.cnpj is None:
            return [review("transportador.cnpj_desconhecido",
                           "Sem CNPJ válido do transportador no pacote para comparar com o proprietário.", r,
                           "CNPJ do transportador")]
        if doc == carrier.cnpj:
            return [ok(r.doc) if carrier.confident else uncertain(r, carrier.cnpj)]
        expected, shown = carrier.cnpj, cnpj_id.mask(carrier.cnpj)
    else:
        cpfs = [d.cpf for d in ctx.packet.drivers if d.cpf]
        if not cpfs:
            return [review("cnh.condutor_desconhecido", "Sem CNH no pacote para identificar o requerente pessoa física.",
                           r, "CPF do requerente (condutor)")]
        if doc in cpfs:
            return [ok(r.doc)]
        expected, shown = cpfs, "o CPF de um condutor do pacote (o requerente pessoa física)"
    printed = cnpj_id.mask(doc) if len(doc) == 14 else (cpf_id.mask(doc) if len(doc) == 11 else r.value)
    msg = f"{r.doc_label} ({r.doc_id}) em nome de {printed}; esperado {shown}. {basis}".strip()
    if lien:
        return [review(f"{r.doc.type}.proprietario_financiado_diverge",
                       f"{msg} Veículo com gravame ou arrendamento ({obs}): conferir o contrato.", r, expected)]
    return [fail(f"{r.doc.type}.proprietario_nao_requerente", msg, r, expected)]


@check("vehicle_certificate_owner")
def vehicle_certificate_owner(ctx: Context, owner: str = "carrier", basis: str = "") -> list[Outcome]:
    """A CRV (Certificado de Registro do Veículo) for this vehicle proving ownership: in the
    carrier's name (owner=carrier) or a driver's (owner=driver, natural-person applicant)."""
    v = this_vehicle(ctx)
    ms = v.of("crv")
    if not ms:
        return not_for_this_vehicle(ctx, "crv") or [
            missing("crv", f"Certificado de Registro do Veículo (CRV) ausente para o veículo {v.label}.",
                    code="crv.veiculo_missing")]
    alts = []
    for m in ms:
        link = pairing(m, v)
        alts.append([link, *_owner_outcome(ctx, v, read(m.doc, "proprietario_documento"), owner, basis)])
    return best(alts)


@check("crlv_holder")
def crlv_holder(ctx: Context, basis: str = "") -> list[Outcome]:
    """The CRLV is in the carrier's name; a leasing (arrendamento mercantil) remark makes another
    owner a matter for a clerk (review), a financing lien on the carrier's vehicle is noted."""
    v = this_vehicle(ctx)
    r = read(v.crlv, "proprietario_documento")
    outs = []
    lien, obs = financed(v)
    if lien:
        outs.append(ok(v.crlv, code="crlv.veiculo_financiado", r=read(v.crlv, "observacoes"),
                       info=f"Veículo com gravame ou arrendamento: {obs}."))
    return outs + _owner_outcome(ctx, v, r, "carrier", basis)


@check("vehicle_municipality")
def vehicle_municipality(ctx: Context, municipio: str) -> list[Outcome]:
    """The vehicle is licensed in the municipality (CRLV local, else the CRV's)."""
    v = this_vehicle(ctx)
    reads = [read(v.crlv, "municipio")] + [read(m.doc, "municipio") for m in v.of("crv")]
    r = next((x for x in reads if x.confident), next((x for x in reads if x.present), reads[0]))
    return [judge(r, lambda x: _municipality(x, municipio), code="crlv.municipio_diverge",
                  message=f"Veículo licenciado em {{value}}; exigido {municipio}.", expected=municipio)]


@check("vehicle_passengers_more_than")
def vehicle_passengers_more_than(ctx: Context, passengers: int, note: str = "") -> list[Outcome]:
    """Capacity for more than `passengers` passengers. The CRLV's lotação counts the driver (CTB,
    Anexo I): lotação above passengers + 1 is enough; exactly passengers + 1 is a reason to look;
    at most `passengers` fails."""
    r = read(this_vehicle(ctx).crlv, "lotacao")
    if not r.confident:
        return [uncertain(r, f"> {passengers + 1}")]
    try:
        lot = int(r.value)
    except (TypeError, ValueError):
        return [uncertain(r, f"> {passengers + 1}")]
    if lot > passengers + 1:
        return [ok(r.doc, code="crlv.capacidade", r=r, expected=f"> {passengers + 1}",
                   info=f"Lotação {lot} (condutor incluído): {lot - 1} passageiros.")]
    if lot == passengers + 1:
        return [review("crlv.lotacao_limite",
                       f"Lotação {lot}: {lot - 1} passageiros se o condutor estiver incluído (CTB, Anexo I); "
                       f"exigido mais de {passengers}.", r, f"> {passengers + 1}")]
    return [fail("crlv.capacidade_insuficiente",
                 f"Lotação {lot}: capacidade para até {lot} pessoas; exigido mais de {passengers} passageiros. {note}".strip(),
                 r, f"> {passengers + 1}")]


# --- inspection ---------------------------------------------------------------------------

def _interval(schedule: Any, tipo: str | None, age: int) -> int | None:
    steps = schedule.get(tipo) if isinstance(schedule, dict) else schedule
    if steps is None:
        return None
    for step in steps:
        top = step.get("max_age")
        if top is None or age <= top:
            return int(step["months"])
    return None


def _emissor(m_doc: Document, emissores: list[str] | None, doubtful: list[str]) -> Outcome | None:
    if not emissores:
        return None
    r = read(m_doc, "emissor")
    want = " ou ".join(_EMISSOR_LABEL.get(e, e) for e in emissores)
    if not r.confident:
        return uncertain(r, emissores)
    if r.value in emissores:
        return ok(m_doc)
    label = _EMISSOR_LABEL.get(r.value, r.value)
    if r.value in doubtful:
        return review("laudo_inspecao.emissor_a_conferir",
                      f"Laudo ({m_doc.id}) emitido por {label}: conferir se é credenciado; exigido {want}.",
                      r, emissores)
    # The laudo the act asks for (by its issuer) is not in the packet: another issuer's laudo
    # cannot satisfy the item, which is what the contract calls missing, with this evidence.
    f = finding("laudo_inspecao.emissor_nao_aceito", "error",
                f"Laudo ({m_doc.id}) emitido por {label}; exigido laudo emitido por {want}, ausente no pacote.",
                document=r.doc_id, field=r.field, value=r.value, expected=emissores)
    return Outcome("missing", [f], [m_doc.id])


def _approved(m_doc: Document) -> Outcome:
    return judge(read(m_doc, "resultado"), lambda x: x == "aprovado", code="laudo_inspecao.reprovado",
                 message="Resultado do laudo: {value}; esperado aprovado.", expected="aprovado")


def _laudos(ctx: Context, v: Vehicle) -> list[Match] | list[Outcome]:
    ms = v.of("laudo_inspecao")
    if ms:
        return ms
    return not_for_this_vehicle(ctx, "laudo_inspecao") or [
        missing("laudo_inspecao", f"Laudo de inspeção ausente para o veículo {v.label}.",
                code="laudo_inspecao.veiculo_missing")]


def _outcomes(ms: list[Match] | list[Outcome]) -> TypeIs[list[Outcome]]:
    """_laudos answered with outcomes (no inspection for this vehicle), not inspections."""
    return bool(ms) and isinstance(ms[0], Outcome)


@check("inspection_interval")
def inspection_interval(ctx: Context, schedule: Any, emissores: list[str] | None = None,
                        doubtful_emissores: list[str] = [], require_approved: bool = True,  # noqa: B006
                        basis: str = "") -> list[Outcome]:
    """The vehicle's last inspection is within the interval the act sets for its age (and type):
    `schedule` is a list of steps [{max_age: 5, months: 18}, ..., {months: 6}] or a dict of such
    lists by vehicle type. Optionally: approved, and by one of the accepted issuers."""
    v = this_vehicle(ctx)
    ms = _laudos(ctx, v)
    if _outcomes(ms):
        return ms
    ref = ctx.reference_date
    age, year, problem = age_of(v, ref.year)
    if problem is not None:
        return [problem]
    assert age is not None  # no problem: the age was read
    tipo = read(v.crlv, "tipo_veiculo")
    if isinstance(schedule, dict) and not tipo.confident:
        return [uncertain(tipo, list(schedule))]
    months = _interval(schedule, tipo.value if isinstance(schedule, dict) else None, age)
    kind = f" ({TIPO_LABEL.get(tipo.value, tipo.value)})" if isinstance(schedule, dict) else ""
    if months is None:
        return [review("laudo_inspecao.idade_fora_da_escala",
                       f"Veículo com {age} anos{kind}: sem periodicidade de vistoria na escala da norma. {basis}".strip(),
                       year, "idade dentro da escala de vistorias")]
    by_age = isinstance(schedule, dict) or any(step.get("max_age") is not None for step in schedule)
    rule = (f"veículo com {age} anos{kind} ({AGE_RULE}): vistoria a cada {months} meses" if by_age
            else f"vistoria a cada {months} meses")
    alts = []
    for m in ms:
        outs = [pairing(m, v)]
        if require_approved:
            outs.append(_approved(m.doc))
        e = _emissor(m.doc, emissores, doubtful_emissores)
        if e is not None:
            outs.append(e)
        day = read(m.doc, "data_emissao")
        if not day.confident or (inspected := day.as_date()) is None:
            outs.append(uncertain(day, f"vistoria nos últimos {months} meses"))
        elif inspected > ref:
            outs.append(review("laudo_inspecao.emitido_apos_referencia",
                               f"Vistoria em {br(inspected)}, depois da data de referência {br(ref)}.", day,
                               f"<= {ref.isoformat()}"))
        else:
            due = add_months(inspected, months)
            if due >= ref:
                outs.append(ok(m.doc, code="laudo_inspecao.periodicidade", r=day, expected=f">= {add_months(ref, -months).isoformat()}",
                               info=f"Vistoria em {br(inspected)}; {rule}; próxima até {br(due)}."))
            else:
                outs.append(fail("laudo_inspecao.periodicidade_vencida",
                                 f"Vistoria em {br(inspected)}: {rule}, vencida em {br(due)}.", day,
                                 f">= {add_months(ref, -months).isoformat()}"))
        val = read(m.doc, "validade")
        if val.confident and (until := val.as_date()) and until < ref:
            outs.append(fail("laudo_inspecao.vencido", f"Laudo ({m.doc.id}) vencido em {br(until)}.", val,
                             f">= {ref.isoformat()}"))
        alts.append(outs)
    return best(alts)


@check("inspection_approved")
def inspection_approved(ctx: Context, emissores: list[str] | None = None,
                        doubtful_emissores: list[str] = [], manual: list[str] = []) -> list[Outcome]:  # noqa: B006
    """An approved inspection of this vehicle by an accepted issuer, not expired on the
    reference date (when it prints a validity)."""
    v = this_vehicle(ctx)
    ms = _laudos(ctx, v)
    if _outcomes(ms):
        return ms
    ref = ctx.reference_date
    alts = []
    for m in ms:
        outs = [pairing(m, v), _approved(m.doc)]
        e = _emissor(m.doc, emissores, doubtful_emissores)
        if e is not None:
            outs.append(e)
        val = read(m.doc, "validade")
        if val.present:
            outs.append(judge(val, lambda x: (day := to_date(x)) is not None and day >= ref, code="laudo_inspecao.vencido",
                              message=f"Laudo ({m.doc.id}) vencido em {{value}}; data de referência {br(ref)}.",
                              expected=f">= {ref.isoformat()}"))
        if manual:
            outs.append(ok(m.doc, manual=list(manual)))
        alts.append(outs)
    return best(alts)


@check("tachograph")
def tachograph(ctx: Context) -> list[Outcome]:
    """The tachograph no document states: an approved inspection of the vehicle (which checks
    the equipment the traffic code makes mandatory, the recorder included) is the evidence; a
    clerk confirms the device itself."""
    v = this_vehicle(ctx)
    ms = _laudos(ctx, v)
    if _outcomes(ms):
        return ms
    manual = ["Tacógrafo instalado e em funcionamento (no laudo de vistoria ou no veículo)",
              "Discos ou registros do tacógrafo conservados por 12 meses (§ 2º)"]
    alts = []
    for m in ms:
        res = read(m.doc, "resultado")
        if res.confident and res.value == "aprovado":
            alts.append([pairing(m, v), ok(m.doc, manual=manual)])
        else:
            alts.append([pairing(m, v), review("laudo_inspecao.tacografo_nao_verificado",
                                               f"Sem vistoria aprovada do veículo {v.label} ({m.doc.id}): o tacógrafo "
                                               f"precisa de conferência.", res, "aprovado", manual=manual)])
    return best(alts)


# --- the fleet ----------------------------------------------------------------------------

def _qualifies(ctx: Context, v: Vehicle, types: list[str], max_age: int) -> tuple[str, str]:
    """('yes' | 'maybe' | 'no', why) for the minimum fleet."""
    ref = ctx.reference_date
    tipo = read(v.crlv, "tipo_veiculo")
    age, year, problem = age_of(v, ref.year)
    owner = read(v.crlv, "proprietario_documento")
    carrier = ctx.packet.carrier
    lien, _ = financed(v)
    reasons, maybe = [], []
    if not tipo.confident:
        maybe.append("tipo não lido com confiança")
    elif tipo.value not in types:
        reasons.append(f"tipo {TIPO_LABEL.get(tipo.value, tipo.value)}")
    if problem is not None:
        maybe.append("ano de fabricação incerto")
    elif cast(int, age) > max_age:  # no problem: the age was read
        reasons.append(f"{age} anos (fabricação {year.value})")
    if not owner.confident or carrier.cnpj is None or not carrier.confident:
        maybe.append("propriedade não conferida")
    elif alnum(owner.value) != carrier.cnpj:
        (maybe if lien else reasons).append("CRLV em nome de terceiro" + (" com gravame/arrendamento" if lien else ""))
    if reasons:
        return "no", ", ".join(reasons)
    if maybe:
        return "maybe", ", ".join(maybe)
    return "yes", f"{TIPO_LABEL.get(tipo.value)}, {age} anos"


@check("fleet_minimum")
def fleet_minimum(ctx: Context, count: int, types: list[str], max_age: int) -> list[Outcome]:
    """At least `count` vehicles of the given types, at most `max_age` years old, owned by the
    carrier or held by financing or leasing (a lien or leasing remark on the CRLV)."""
    vehicles = ctx.packet.vehicles
    if not vehicles:
        return [missing("crlv", "Nenhum CRLV no pacote para comprovar a frota mínima.")]
    verdicts = [(v, *_qualifies(ctx, v, types, max_age)) for v in vehicles]
    yes = [v for v, s, _ in verdicts if s == "yes"]
    maybe = [v for v, s, _ in verdicts if s == "maybe"]
    detail = "; ".join(f"{v.label}: {why}" for v, _, why in verdicts)
    kinds = " ou ".join(TIPO_LABEL.get(t, t) for t in types)
    docs = [v.crlv for v in vehicles]
    year = read(vehicles[0].crlv, "ano_fabricacao")
    if len(yes) >= count:
        return [ok(*docs, code="crlv.frota_minima", r=year, expected=f">= {count}",
                   info=f"{plural(len(yes), 'veículo atende', 'veículos atendem')} ({kinds}, até {max_age} anos, próprios ou financiados/"
                        f"arrendados): {detail}.")]
    msg = (f"{plural(len(yes), 'veículo atende', 'veículos atendem')} com certeza ({kinds}, até {max_age} anos, próprios ou financiados/"
           f"arrendados); mínimo {count}. {detail}.")
    if len(yes) + len(maybe) >= count:
        return [review("crlv.frota_minima_incerta", msg, year, f">= {count}", *docs[1:], value=len(yes))]
    return [fail("crlv.frota_minima", msg, year, f">= {count}", *docs[1:], value=len(yes))]


@check("vehicle_list")
def vehicle_list(ctx: Context) -> list[Outcome]:
    """The carrier's list of vehicles (relação de veículos): its own, read, and naming every
    vehicle whose CRLV is in the packet."""
    lists = ctx.packet.of("relacao_veiculos")
    if not lists:
        return [missing("relacao_veiculos")]
    alts = []
    for d in lists:
        outs = holder_is_carrier(ctx, d)
        r = read(d, "veiculos")
        rows = r.value if isinstance(r.value, list) else []
        plates = [row.get("placa") for row in rows if isinstance(row, dict) and row.get("placa")]
        if rows and not r.confident and doc_trusted(d) and _all_listed_exactly(ctx, plates):
            # every CRLV's plate read letter for letter in the list: two reads agree on what this
            # item asks (see validators/corroborate.py), whatever the other cells' certainty
            outs.append(ok(d, r=r, code="relacao_veiculos.placas_conferem", expected="veículos com placa",
                           info="Placas de todos os CRLVs do pacote lidas igualmente na relação "
                                "(demais colunas com leitura incerta)."))
            alts.append(outs)
            continue
        if not r.confident or not rows:
            outs.append(uncertain(r, "veículos com placa"))
            alts.append(outs)
            continue
        for v in ctx.packet.vehicles:
            if v.placa.present and not any(placa_id.same_vehicle(p, v.placa.value) for p in plates):
                outs.append(review("relacao_veiculos.veiculo_fora_da_relacao",
                                   f"O veículo {v.label} (CRLV {v.crlv.id}) não consta da relação de veículos ({d.id}).",
                                   r, v.label, v.crlv, value=plates))
        outs.append(ok(d))
        alts.append(outs)
    return best(alts)


def _all_listed_exactly(ctx: Context, plates: list[Any]) -> bool:
    """Every vehicle of the packet has its CRLV plate among `plates`, character for character,
    or in its other form where no look-alike could name another vehicle (the list's 'FAY3613'
    is the old plate of the CRLV's FAY3G13, and a '6' misread for a 'G' is that vehicle too).
    No OCR repair on either side: the reads as they are."""
    vehicles = ctx.packet.vehicles
    return bool(vehicles) and all(v.placa.present and any(placa_id.other_form(p, v.placa.value) for p in plates)
                                  for v in vehicles)


def fleet_count(ctx: Context) -> tuple[int | None, Read | None]:
    for d in ctx.packet.of("relacao_veiculos"):
        r = read(d, "veiculos")
        if r.confident and isinstance(r.value, list):
            return len(r.value), r
        # rows read unsure are still rows: as many as the packet's CRLVs is a count two sources agree on
        if (isinstance(r.value, list) and r.value and doc_trusted(d)
                and len(r.value) == len(ctx.packet.vehicles)):
            return len(r.value), r
        return None, r
    return len(ctx.packet.vehicles), None


@condition("fleet_size")
def fleet_size(ctx: Context, more_than: int) -> Applicability:
    """The fleet (the vehicle list, else the CRLVs of the packet) has more than N vehicles."""
    n, r = fleet_count(ctx)
    common: dict[str, Any] = dict(document=r.doc_id if r else None, field=r.field if r else "crlv", value=n,
                  expected=f"> {more_than}")
    if n is None:
        return Applicability(None, "Relação de veículos não lida com confiança: tamanho da frota indeterminado.",
                             **common)
    src = "na relação de veículos" if r else "no pacote (CRLVs)"
    if n > more_than:
        return Applicability(True, f"Frota de {n} veículos {src}.", **common)
    return Applicability(False, f"Requisito para frota superior a {more_than} veículos; {plural(n, 'veículo', 'veículos')} {src}.", **common)


@check("lotacao_stated")
def lotacao_stated(ctx: Context, basis: str = "") -> list[Outcome]:
    """The CRLV states the vehicle's lotação (the limit of passengers the act refers to)."""
    v = this_vehicle(ctx)
    r = read(v.crlv, "lotacao")
    if not r.confident:
        return [uncertain(r, "lotação do CRLV")]
    return [ok(v.crlv, code="crlv.lotacao", r=r, info=f"Lotação do CRLV: {r.value} pessoas. {basis}".strip())]


@check("passengers_if_listed", once=True)
def passengers_if_listed(ctx: Context) -> list[Outcome]:
    """Where a passenger list is in the packet, passengers not above the CRLVs' lotação."""
    if ctx.packet.lista is None:
        return []
    return passengers_within_lotacao(ctx)


_SIMILAR = re.compile(r"micro ?onibus|\bonibus\b|camioneta|\bvan\b|furgao|utilitario")


@check("vehicle_kind")
def vehicle_kind(ctx: Context, allowed: list[str], similar: bool = True) -> list[Outcome]:
    """The vehicle is of an allowed type; with `similar`, a type `outro` whose espécie reads as a
    van or similar (camioneta, furgão, utilitário) is accepted, an automobile is not."""
    v = this_vehicle(ctx)
    tipo, esp = read(v.crlv, "tipo_veiculo"), read(v.crlv, "especie_tipo")
    if tipo.confident and tipo.value in allowed:
        return [ok(v.crlv)]
    if not similar:
        return [judge(tipo, lambda x: x in allowed, code="crlv.tipo_nao_aceito",
                      message="Tipo do veículo: {value}; aceitos " + ", ".join(allowed) + ".", expected=allowed)]
    if not esp.confident:
        return [uncertain(esp if esp.present else tipo, allowed)]
    if _SIMILAR.search(fold(esp.value)):
        return [ok(v.crlv, code="crlv.tipo_similar", r=esp, info=f"Espécie/tipo {esp.value}: van ou similar.")]
    return [fail("crlv.tipo_nao_aceito", f"Espécie/tipo do veículo: {esp.value}; aceitos micro-ônibus, vans ou "
                                         f"similares, e ônibus.", esp, allowed)]


@check("leased_vehicle_registration")
def leased_vehicle_registration(ctx: Context, municipio: str, categoria: str = "ALUGUEL") -> list[Outcome]:
    """A vehicle acquired by leasing: the CRLV names the owner, is of the current exercise,
    registered in the municipality and in the given category. Other vehicles: not applicable."""
    v = this_vehicle(ctx)
    obs = read(v.crlv, "observacoes")
    if not (obs.present and _LEASING.search(fold(obs.value))):
        return [Outcome("not_applicable", [finding("crlv.sem_leasing", "info",
                                                   "CRLV sem indicação de arrendamento mercantil (leasing).")],
                        [v.crlv.id])]
    outs = [ok(v.crlv, code="crlv.leasing", r=obs, info=f"Veículo em leasing: {obs.value}.")]
    outs.append(judge(read(v.crlv, "proprietario_nome"), lambda x: bool(str(x).strip()), code="crlv.sem_proprietario",
                      message="CRLV sem o nome do proprietário.", expected="nome do proprietário"))
    outs.append(_exercise(ctx, read(v.crlv, "exercicio"), "CRLV"))
    outs.append(judge(read(v.crlv, "categoria"), lambda x: fold(x) == fold(categoria),
                      code=f"crlv.categoria_not_{fold(categoria)}",
                      message="Categoria do veículo: {value}; esperado {expected}.", expected=categoria))
    outs += vehicle_municipality(ctx, municipio)
    return outs


# --- the mandatory DPVAT ticket -----------------------------------------------------------

def _tickets(ctx: Context) -> list[Document]:
    return [d for d in ctx.packet.of("comprovante_pagamento_seguro") if read(d, "dpvat").value is True]


@check("dpvat_ticket")
def dpvat_ticket(ctx: Context, parameter: str = "dpvat_exigivel", categoria: str | None = None) -> list[Outcome]:
    """The ticket of the mandatory DPVAT insurance of each vehicle, judged by the insurance's
    legal status on the reference date (a dated parameter: 1 charged, 0 no ticket to present):
    not applicable, with the reason, when no mandatory ticket exists; unknown status: review."""
    k = ctx.param(parameter)
    tickets = _tickets(ctx)
    if not isinstance(k, Known):
        anchor = read(tickets[0], "exercicio") if tickets else read(ctx.packet.first("crlv"), "exercicio")
        return [review("dpvat.situacao_desconhecida",
                       f"{k.reason}: não se sabe se havia bilhete de seguro obrigatório a apresentar.",
                       anchor, f"situação legal do DPVAT em {ctx.reference_date.year}")]
    if k.value == 0:
        return [Outcome("not_applicable", [finding(
            "dpvat.nao_exigivel", "info",
            f"Não há bilhete de seguro obrigatório (DPVAT/SPVAT) a apresentar em {br(ctx.reference_date)}: "
            f"{k.source}.",
            field=parameter, value=0, expected=None)], [d.id for d in tickets])]
    vehicles = ctx.packet.vehicles
    if not vehicles:
        return [missing("crlv", "Nenhum CRLV no pacote: não há a que vincular o bilhete do DPVAT.")]
    outs = []
    for v in vehicles:
        mine = [t for t in tickets if read(t, "placa").present and v.placa.present
                and placa_id.same_vehicle(read(t, "placa").value, v.placa.value)]
        loose = [t for t in tickets if not read(t, "placa").present]
        prefix = f"Veículo {v.label}: "
        if not mine:
            if loose and len(vehicles) == 1:
                r = read(loose[0], "placa")
                o = review("dpvat.sem_placa", f"{prefix}bilhete do DPVAT ({loose[0].id}) sem placa legível.", r,
                           v.placa.value)
            else:
                o = missing("comprovante_pagamento_seguro", f"{prefix}bilhete do seguro obrigatório DPVAT ausente "
                            f"(exigível em {ctx.reference_date.year}; fonte: {k.source}).", code="dpvat.bilhete_missing")
            outs.append(o)
            continue
        alts = []
        for t in mine:
            got = [_exercise(ctx, read(t, "exercicio"), "Bilhete do DPVAT")]
            if categoria is not None:
                c = read(t, "categoria_tarifaria")
                got.append(judge(c, lambda x: re.sub(r"\D", "", str(x)).lstrip("0") == categoria.lstrip("0"),
                                 code="dpvat.categoria_diverge",
                                 message=f"Categoria tarifária do DPVAT: {{value}}; exigida {categoria}.",
                                 expected=categoria))
            r = read(t, "placa")
            got.append(ok(t) if r.confident else uncertain(r, v.placa.value))
            alts.append(got)
        chosen = best(alts)
        for o in chosen:
            for f in o.findings:
                f.message = prefix + f.message
        outs += chosen
    return outs
