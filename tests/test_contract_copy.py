"""The vendored copies of shared/ (contract schema, regulations) must not drift, and the schema's
document types are the ones domain/doctypes.yaml lists."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
PAIRS = [(SHARED / "contract" / "result.schema.json", ROOT / "domain" / "schema" / "result.schema.json")]
PAIRS += [(p, ROOT / "docs" / "regulations" / p.name) for p in sorted((SHARED / "regulations").glob("*"))]


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared/ is not beside this checkout")
@pytest.mark.parametrize("shared, vendored", PAIRS, ids=[p[1].name for p in PAIRS])
def test_vendored_copy_matches_shared(shared: Path, vendored: Path) -> None:
    assert vendored.read_bytes() == shared.read_bytes()


def test_the_contracts_types_are_doctypes_yaml() -> None:
    # a new type is a contract change: the schema's enum and domain/doctypes.yaml list the same
    # types (in their own orders: doctypes.yaml's is the order they are classified in)
    import json

    from domain.documents import DOC_TYPES, Document

    schema = json.loads((ROOT / "domain" / "schema" / "result.schema.json").read_text(encoding="utf-8"))
    enum = schema["$defs"]["document"]["properties"]["type"]["enum"]
    assert len(enum) == len(set(enum)) and len(DOC_TYPES) == len(set(DOC_TYPES))
    assert set(enum) == set(DOC_TYPES)
    assert Document.model_json_schema()["properties"]["type"]["enum"] == list(DOC_TYPES)
