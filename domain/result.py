"""The checklist and the packet result, exactly as shared/contract/result.schema.json says."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field as PydField, SerializerFunctionWrapHandler, model_serializer

from domain.documents import Document, Finding, without_absent

Status = Literal["ok", "fail", "review", "missing", "not_applicable"]
Verdict = Literal["ok", "fail", "review", "incomplete"]

# Worst first: when one item is judged several times (per vehicle, per check) the worst wins.
STATUS_ORDER: tuple[str, ...] = ("fail", "missing", "review", "ok", "not_applicable")


def worst(statuses: Iterable[Status]) -> Status:
    statuses = list(statuses)
    if not statuses:
        return "not_applicable"
    return min(statuses, key=STATUS_ORDER.index)


class RulebookRef(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    title: str
    jurisdiction: str
    norm: str


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    article: str
    requirement: str
    status: Status
    documents: list[str] = PydField(default_factory=list)
    findings: list[Finding] = PydField(default_factory=list)
    manual_checks: list[str] = PydField(default_factory=list)


class Correction(BaseModel):
    """A clerk's or a carrier's word on a field (validators/corrections.py), as the result
    records it: the contract's extension `corrections`, absent when there is none."""

    model_config = ConfigDict(extra="forbid")

    id: str  # c1, c2, ... in the order given
    document: str
    field: str
    value: Any  # as given, typed like the field
    read_value: Any = None
    read_confidence: float = 0.0
    by: Literal["clerk", "carrier"]
    at: str  # ISO 8601, UTC
    note: str | None = None
    # a document's type changed (field `tipo`): its fields re-read as the new type, when the
    # file's text could be read again; absent otherwise
    fields: dict[str, Any] | None = None

    @model_serializer(mode="wrap")
    def _without_absent_note(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        return without_absent(handler(self), "note", "fields")


class Decision(BaseModel):
    """An authority's decision on an item no field of which fits a correction (an item the reader
    cannot settle: "conferido no original"), recorded like a correction: who, when, why. The
    contract's extension `decisions`, absent when there is none (validators/decisions.py)."""

    model_config = ConfigDict(extra="forbid")

    id: str  # k1, k2, ... in the order given
    item: str  # the checklist item's id
    status: Literal["ok", "fail"]
    note: str = PydField(min_length=1)  # why: required
    by: Literal["clerk"] = "clerk"
    at: str  # ISO 8601, UTC


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid")

    contract_version: Literal["1"] = "1"
    packet_id: str
    rulebook: RulebookRef
    reference_date: str  # YYYY-MM-DD
    verdict: Verdict
    documents: list[Document]
    checklist: list[Item]
    corrections: list[Correction] | None = None
    decisions: list[Decision] | None = None

    @model_serializer(mode="wrap")
    def _without_absent_corrections(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        return without_absent(handler(self), "corrections", "decisions")


def verdict_of(items: list[Item]) -> Verdict:
    statuses = {i.status for i in items}
    if "fail" in statuses:
        return "fail"
    if "missing" in statuses:
        return "incomplete"
    if "review" in statuses:
        return "review"
    return "ok"
