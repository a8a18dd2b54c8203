"""The vendored copies of shared/ (contract schema, regulations) must not drift."""

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
