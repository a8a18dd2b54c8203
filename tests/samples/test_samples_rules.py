"""Each sample packet, read perfectly (the digital documents' expected fields, every field
confident), gives exactly the statuses its packet.json expects: the expected fields and the
expected checklist agree with the rulebooks, without OCR or parsers."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from pathlib import Path

import pytest

from domain.documents import Document, Field
from validators import engine, rulebooks

ROOT = Path(__file__).resolve().parents[2]
PACKETS = sorted((ROOT / "samples" / "packets").glob("*/*/packet.json"))


def _documents(packet_dir: Path) -> list[Document]:
    docs = []
    for link in sorted((packet_dir / "digital").iterdir()):
        exp = json.loads(link.resolve().with_suffix(".expected.json").read_text(encoding="utf-8"))
        docs.append(Document(
            id=link.stem, filename=link.name, sha256=hashlib.sha256(link.name.encode()).hexdigest(),
            type=exp["type"], type_confidence=0.97, pages=1, text_source="pdf_text",
            fields={k: Field(value=v, confidence=0.95, page=1) for k, v in exp["fields"].items() if v is not None}))
    return docs


@pytest.mark.parametrize("path", PACKETS, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_expected_fields_give_expected_statuses(path: Path):
    spec = json.loads(path.read_text(encoding="utf-8"))
    items = engine.judge(spec["rulebook"], _documents(path.parent), date.fromisoformat(spec["reference_date"]),
                         {k: str(v) for k, v in spec["facts"].items()})
    got = {i.id: i.status for i in items}
    want = spec["expected"]["items"]
    assert list(got) == list(want) == [i.id for i in rulebooks.load(spec["rulebook"]).items]
    wrong = {k: f"{got[k]} (expected {v}): {[f.message for f in items[list(got).index(k)].findings]}"
             for k, v in want.items() if got[k] != v}
    assert not wrong, json.dumps(wrong, ensure_ascii=False, indent=1)
