"""What every check shares: the registry, the outcome a check returns, and its context."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Any

from domain.documents import Finding
from domain.result import Status
from validators.params import Known, Unknown, lookup

if TYPE_CHECKING:
    from validators.checks.packet import Driver, Packet, Vehicle
    from validators.rulebooks import ItemSpec, Rulebook


@dataclass
class Outcome:
    """One verdict of one check: its status, why (findings), on what (document ids), and what a
    clerk must still see (manual)."""

    status: Status
    findings: list[Finding] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    manual: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Applicability:
    applies: bool | None  # None: could not be decided from the documents
    reason: str
    document: str | None = None
    field: str | None = None
    value: Any = None
    expected: Any = None


@dataclass(frozen=True)
class Context:
    packet: "Packet"
    rulebook: "Rulebook"
    item: "ItemSpec"
    reference_date: date
    facts: dict[str, Any]
    vehicle: "Vehicle | None" = None
    driver: "Driver | None" = None

    def param(self, name: str) -> Known | Unknown:
        return lookup(self.rulebook.parameter(name), self.reference_date)

    def fact(self, name: str) -> Any:
        return self.facts.get(name)

    def with_(self, **kw: Any) -> "Context":
        return replace(self, **kw)


CheckFn = Callable[..., list[Outcome]]
ConditionFn = Callable[..., Applicability]


@dataclass(frozen=True)
class Registered:
    name: str
    fn: Callable[..., Any]
    once: bool = False  # in a per-vehicle or per-driver item, run once for the packet


CHECKS: dict[str, Registered] = {}
CONDITIONS: dict[str, Registered] = {}


def check(name: str, *, once: bool = False) -> Callable[[CheckFn], CheckFn]:
    def register(fn: CheckFn) -> CheckFn:
        if name in CHECKS:
            raise ValueError(f"check {name!r} registered twice")
        CHECKS[name] = Registered(name, fn, once)
        return fn

    return register


def condition(name: str) -> Callable[[ConditionFn], ConditionFn]:
    def register(fn: ConditionFn) -> ConditionFn:
        if name in CONDITIONS:
            raise ValueError(f"condition {name!r} registered twice")
        CONDITIONS[name] = Registered(name, fn)
        return fn

    return register
