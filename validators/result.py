"""The checklist and the packet result, exactly as shared/contract/result.schema.json says."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field as PydField

from validators.documents import Document, Finding

Status = Literal["ok", "fail", "review", "missing", "not_applicable"]
Verdict = Literal["ok", "fail", "review", "incomplete"]

# Worst first: when one item is judged several times (per vehicle, per check) the worst wins.
STATUS_ORDER: tuple[str, ...] = ("fail", "missing", "review", "ok", "not_applicable")


def worst(statuses) -> Status:
    statuses = list(statuses)
    if not statuses:
        return "not_applicable"
    return min(statuses, key=STATUS_ORDER.index)  # type: ignore[return-value]


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


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid")

    contract_version: Literal["1"] = "1"
    packet_id: str
    rulebook: RulebookRef
    reference_date: str  # YYYY-MM-DD
    verdict: Verdict
    documents: list[Document]
    checklist: list[Item]


def verdict_of(items: list[Item]) -> Verdict:
    statuses = {i.status for i in items}
    if "fail" in statuses:
        return "fail"
    if "missing" in statuses:
        return "incomplete"
    if "review" in statuses:
        return "review"
    return "ok"
