"""Running a rulebook on a hand-built packet and reading the checklist (any act)."""

from __future__ import annotations

from domain.result import Item, Result
from tests.validators.metroplan_asserts import assert_findings_complete, codes, item, statuses, validate_contract
from validators import engine


def run(rulebook_id: str, docs, ref, facts=None) -> list[Item]:
    items = engine.judge(rulebook_id, docs, ref, facts or {})
    assert_findings_complete(items, docs)
    return items


def result(rulebook_id: str, docs, ref, facts=None) -> Result:
    res = engine.result("pacote-teste", rulebook_id, docs, ref, facts or {})
    validate_contract(res.model_dump_json())
    return res


def messages(items: list[Item], item_id: str, severity: str | None = None) -> list[str]:
    return [f.message for f in item(items, item_id).findings if severity is None or f.severity == severity]


__all__ = ["codes", "item", "messages", "result", "run", "statuses"]
