"""The rule engine: a rulebook and a packet of typed documents in, the checklist out.

judge_packet() is the one judgement of a packet, which every path takes (the CLI, the service's
first judgement and its judgements again after a correction, hence the API and the web page): the
documents as read, raised where another file reads a value alike (agreement.py), a fleet policy's
vehicle taken from the row of the packet's CRLV (fleet_row.py), then the rules of a rulebook the
caller looked up once, with the facts it typed once (Rulebook.parse_facts).

For each item, in the order of the act: decide whether it applies (applies_if), whether any
document that can satisfy it is there (else `missing`), then run its named checks — once, or
once per vehicle (CRLV) or per driver (CNH) — and take the worst outcome. Informational items
never fail. A check that raises is a bug: the item says `review` and the error is logged
without the packet's data.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable
from datetime import date
from typing import Any

from domain import doctypes, wording
from domain.documents import Document, Finding, Shown
from domain.result import Correction, Decision, Item, Result, RulebookRef, verdict_of, worst
from validators import corrections as corrections_
from validators import decisions as decisions_
from validators.agreement import raised_by_agreement
from validators.checks import CHECKS, CONDITIONS, Applicability, Context, Outcome, authenticity
from validators.checks.common import finding
from validators.checks.packet import Packet
from validators.corroborate import lifted_for_judging
from validators.dates import to_date
from validators.fleet_row import fleet_rows_chosen
from validators.rulebooks import ItemSpec, Rulebook, RulebookError, load

log = logging.getLogger(__name__)

# Tests turn this on so that a broken check fails loudly instead of becoming `review`.
RAISE_CHECK_ERRORS = False


def judge(rulebook_id: str, documents: list[Document], reference_date: date,
          facts: dict[str, str] | None = None) -> list[Item]:
    """The checklist of `rulebook_id` for these documents as of `reference_date`.

    `facts` are the applicant's declarations as the CLI gives them (strings); unknown keys or
    unreadable values raise FactError, an unknown rulebook UnknownRulebook (both RulebookError,
    with a Portuguese message)."""
    rb = load(rulebook_id)
    return judge_rulebook(rb, documents, reference_date, rb.parse_facts(facts))


def judge_rulebook(rb: Rulebook, documents: list[Document], reference_date: date | str,
                   facts: dict[str, Any]) -> list[Item]:
    day = to_date(reference_date)
    if day is None:
        raise RulebookError(f"Data de referência inválida: {reference_date!r} (use AAAA-MM-DD).")
    # judged with the identifiers two documents read alike lifted (validators/corroborate.py);
    # reported as read
    packet = Packet(lifted_for_judging(documents), day, facts)
    items = [_judge_item(Context(packet, rb, spec, day, facts)) for spec in rb.items]
    # what the issuers' signatures say of the documents, for every act alike
    return authenticity.attach(items, documents, {s.id for s in rb.items if s.informational})


def judge_packet(documents: list[Document], rulebook: Rulebook, reference_date: date,
                 facts: dict[str, Any] | None = None, *, packet_id: str | None = None,
                 corrections: list[Correction] | None = None, decisions: list[Decision] | None = None) -> Result:
    """The result of a packet's documents as read: values read unsure that another file of the
    packet reads alike raised first (agreement.py), then a fleet policy's vehicle the row of the
    packet's CRLV (fleet_row.py), then the checklist of `rulebook` (looked up once, by the
    caller). `facts` are typed by that rulebook (rulebook.parse_facts: every fact it knows, its
    default where none was declared); None: none declared. The id from the documents' contents
    unless given."""
    if facts is None:
        facts = rulebook.parse_facts(None)
    elif set(facts) != set(rulebook.facts):
        # (declarations as given, not typed: a 'false' would count as true)
        raise TypeError("facts must be typed by the rulebook (Rulebook.parse_facts)")
    documents = fleet_rows_chosen(raised_by_agreement(documents))
    return _result(packet_id or packet_id_for(documents), rulebook, documents, reference_date, facts,
                   corrections, decisions)


def packet_id_for(documents: Iterable[Document]) -> str:
    """A stable id for a packet judged outside the service: the same files, the same id."""
    h = hashlib.sha256("".join(sorted(d.sha256 for d in documents)).encode()).hexdigest()
    return f"pkt-{h[:16]}"


def result(packet_id: str, rulebook_id: str, documents: list[Document], reference_date: date,
           facts: dict[str, str] | None = None, corrections: list[Correction] | None = None,
           decisions: list[Decision] | None = None) -> Result:
    """The whole contract document for these documents exactly as given (no packet step of
    judge_packet: the rules' own tests), by a rulebook's id and the facts as declared."""
    rb = load(rulebook_id)
    return _result(packet_id, rb, documents, reference_date, rb.parse_facts(facts), corrections, decisions)


def _result(packet_id: str, rb: Rulebook, documents: list[Document], reference_date: date,
            facts: dict[str, Any], corrections: list[Correction] | None,
            decisions: list[Decision] | None) -> Result:
    """The contract document; with corrections, of the documents as corrected
    (validators/corrections.py), the result recording each correction."""
    given = list(corrections or [])
    judged, items = corrections_.judge(lambda docs: judge_rulebook(rb, docs, reference_date, facts), documents, given)
    items = decisions_.apply(items, list(decisions or []))
    types = {d.id: d.type for d in judged}
    for item in items:  # each finding in words for people, beside its codes
        for f in item.findings:
            f.shown = Shown(**wording.shown(f, types.get(f.document or "")))
    return Result(packet_id=packet_id, rulebook=RulebookRef(**rb.ref()),
                  reference_date=reference_date.isoformat(), verdict=verdict_of(items),
                  documents=judged, checklist=items, corrections=given or None, decisions=list(decisions or []) or None)


def _applicability(ctx: Context) -> Applicability:
    decisions: list[Applicability] = []
    for call in ctx.item.applies_if:
        decisions.append(CONDITIONS[call.name].fn(ctx, **call.params))
    no = next((a for a in decisions if a.applies is False), None)
    if no:
        return no
    unsure = next((a for a in decisions if a.applies is None), None)
    return unsure or Applicability(True, "")


def _run(ctx: Context, once: bool | None) -> list[Outcome]:
    outs: list[Outcome] = []
    for call in ctx.item.checks:
        reg = CHECKS[call.name]
        if once is not None and reg.once != once:
            continue
        try:
            outs += reg.fn(ctx, **call.params)
        except Exception as e:  # a bug in a check must not cost the whole checklist
            if RAISE_CHECK_ERRORS:
                raise
            log.error("check %s failed on item %s: %s", call.name, ctx.item.id, type(e).__name__)
            outs.append(Outcome("review", [finding(
                "engine.erro_interno", "warning",
                "Erro interno em uma verificação automática: o item precisa de conferência manual.",
                field=call.name, expected="avaliação automática")]))
    return outs


def _label(outs: list[Outcome], prefix: str) -> list[Outcome]:
    for o in outs:
        for f in o.findings:
            if not f.message.startswith(prefix):
                f.message = f"{prefix}: {f.message}"
    return outs


def _judge_item(ctx: Context) -> Item:
    spec = ctx.item
    packet = ctx.packet
    base = dict(id=spec.id, article=spec.article, requirement=spec.requirement)

    a = _applicability(ctx)
    if a.applies is False:
        f = finding(f"{spec.id.replace('-', '_')}.nao_aplicavel", "info", a.reason, document=a.document,
                    field=a.field, value=a.value, expected=a.expected)
        return Item(**base, status="not_applicable", findings=[f])
    outs: list[Outcome] = []
    if a.applies is None:
        outs.append(Outcome("review", [finding(
            f"{spec.id.replace('-', '_')}.aplicabilidade_incerta", "warning", a.reason,
            document=a.document, field=a.field, value=a.value, expected=a.expected)],
            [a.document] if a.document else []))

    if spec.documents and not packet.has(*spec.documents):
        names = " ou ".join(doctypes.label(t) for t in spec.documents)
        f = finding(f"{spec.documents[0]}.missing", "error", f"Documento ausente: {names}.",
                    expected=" | ".join(spec.documents))
        return _item(spec, [*outs, Outcome("missing", [f])])

    if spec.scope == "packet":
        outs += _run(ctx, None)
    else:
        members = packet.vehicles if spec.scope == "vehicle" else packet.drivers
        if not members:
            kind = "crlv" if spec.scope == "vehicle" else "cnh"
            outs.append(Outcome("missing", [finding(
                f"{kind}.missing", "error",
                f"Documento ausente: {doctypes.label(kind)} (requisito por {'veículo' if kind == 'crlv' else 'condutor'}).",
                expected=kind)]))
        for m in members:
            sub = ctx.with_(vehicle=m) if spec.scope == "vehicle" else ctx.with_(driver=m)
            prefix = f"Veículo {m.label}" if spec.scope == "vehicle" else f"Condutor {m.label}"
            outs += _label(_run(sub, False), prefix)
        outs += _run(ctx, True)
    if a.applies is None:
        # Whether the item applies is itself undecided: no failure of it is conclusive.
        for o in outs:
            if o.status == "fail":
                o.status = "review"
                for f in o.findings:
                    f.severity = "warning" if f.severity == "error" else f.severity
    return _item(spec, outs)


def _item(spec: ItemSpec, outs: list[Outcome]) -> Item:
    if not outs:
        outs = [Outcome("review", [finding("engine.sem_evidencia", "warning",
                                           "Nenhuma verificação produziu resultado: conferir manualmente.",
                                           field=spec.id, expected="avaliação automática")])]
    status = worst(o.status for o in outs)
    findings: list[Finding] = []
    seen = set()
    for o in outs:
        for f in o.findings:
            key = (f.code, f.message, f.document, f.field)
            if key not in seen:
                seen.add(key)
                findings.append(f)
    if spec.informational and status in ("fail", "review"):
        status = "ok"
        for f in findings:
            f.severity = "info"
    docs: list[str] = []
    for o in outs:
        for d in o.documents:
            if d and d not in docs:
                docs.append(d)
    manual = list(spec.manual_checks)
    for o in outs:
        manual += [m for m in o.manual if m not in manual]
    if status == "not_applicable":
        manual = [m for o in outs for m in o.manual]
    return Item(id=spec.id, article=spec.article, requirement=spec.requirement, status=status,
                documents=docs, findings=findings, manual_checks=manual)
