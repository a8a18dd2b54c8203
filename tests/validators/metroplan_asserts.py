"""Assertions shared by the rulebook tests."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from domain.result import Item
from validators import engine

ROOT = Path(__file__).resolve().parents[2]
# The contract's schema as vendored in the repo (tests/test_contract_copy.py keeps it identical
# to shared/); shared/ itself where the vendored copy is absent.
SCHEMA_PATH = next(p for p in (ROOT / "domain" / "schema" / "result.schema.json",
                               ROOT.parent / "shared" / "contract" / "result.schema.json") if p.is_file())
RB = "rs-metroplan-escolar"


def is_missing_finding(code: str) -> bool:
    return code.endswith(".missing") or code.endswith("_missing")


def assert_findings_complete(items: list[Item], documents=()) -> None:
    """Every fail/review finding names the document, field, value and what was expected; a
    null value only where that field was indeed not read."""
    by_id = {d.id: d for d in documents}
    for item in items:
        if item.status not in ("fail", "review"):
            continue
        problems = [f for f in item.findings if f.severity in ("error", "warning") and not is_missing_finding(f.code)]
        assert problems, f"{item.id} is {item.status} without a finding saying why"
        for f in problems:
            assert f.document, f"{item.id}: {f.code} names no document"
            assert f.field, f"{item.id}: {f.code} names no field"
            assert f.expected is not None, f"{item.id}: {f.code} has no expected value"
            if f.value is None and f.document in by_id:
                read = by_id[f.document].fields.get(f.field)
                assert read is None or read.value is None, f"{item.id}: {f.code} has no value but {f.field} was read"


def run(docs, ref, facts=None) -> list[Item]:
    items = engine.judge(RB, docs, ref, facts or {})
    assert_findings_complete(items, docs)
    return items


def statuses(items: list[Item]) -> dict[str, str]:
    return {i.id: i.status for i in items}


def item(items: list[Item], item_id: str) -> Item:
    return next(i for i in items if i.id == item_id)


def codes(items: list[Item], item_id: str) -> list[str]:
    return [f.code for f in item(items, item_id).findings]


def validate_contract(result_json: str) -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.validate(json.loads(result_json), schema)
