"""Fixtures for the intake tests: the sample documents and their reads (helpers.py reads them).

The scanned samples are OCR'd once per test session, two at a time, through a ReadCache in
the session's cache directory (tests/conftest.py), and every test shares those reads.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import signing
from tests.intake.helpers import read_all, samples


@pytest.fixture(scope="session")
def digital_reads(read_cache_dir):
    pairs = samples("digital")
    if not pairs:
        pytest.skip("no digital samples (run samples/generate.py)")
    return read_all([doc for _, doc in pairs], read_cache_dir, workers=1)


@pytest.fixture(scope="session")
def scanned_reads(read_cache_dir):
    pairs = samples("scanned")
    if not pairs:
        pytest.skip("no scanned samples (run samples/generate.py)")
    return read_all([doc for _, doc in pairs], read_cache_dir)


@pytest.fixture(scope="session")
def pki() -> signing.Pki:
    """A root, an intermediate and DETRAN-XX leaves made for this run (tests/signing.py)."""
    return signing.make_pki()


@pytest.fixture(scope="session")
def test_trust(pki: signing.Pki, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A trust folder (FRETADOC_TRUST_DIR) whose anchors are the test PKI's."""
    return signing.trust_dir(pki, tmp_path_factory.mktemp("trust"))
