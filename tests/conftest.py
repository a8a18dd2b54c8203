"""Session-wide test setup shared by every package's tests."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The contract's schema, vendored (CI's clean clone may not have ../shared beside it);
# tests/test_contract_copy.py keeps the copy identical to shared/ where shared/ is present.
SCHEMA_PATH = ROOT / "domain" / "schema" / "result.schema.json"
_OWN_CACHE: str | None = None


def pytest_configure(config: pytest.Config) -> None:
    """One read cache for the whole run (all xdist workers and every CLI subprocess).

    OCR is the slow part of the suite: with the cache every scanned file is read once per run.
    The controller sets it before the workers start, so they inherit it.
    """
    global _OWN_CACHE
    if hasattr(config, "workerinput") or os.environ.get("FRETADOC_CACHE_DIR"):
        return
    _OWN_CACHE = tempfile.mkdtemp(prefix="fretadoc-test-reads-")
    os.environ["FRETADOC_CACHE_DIR"] = _OWN_CACHE


def pytest_unconfigure(config: pytest.Config) -> None:
    if _OWN_CACHE and not hasattr(config, "workerinput"):
        shutil.rmtree(_OWN_CACHE, ignore_errors=True)


@pytest.fixture(scope="session")
def read_cache_dir() -> str:
    return os.environ["FRETADOC_CACHE_DIR"]


@pytest.fixture(scope="session")
def result_schema() -> dict:
    import json

    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
