"""Fixtures for the intake tests: the sample documents and their reads.

The scanned samples are OCR'd once per test session, two at a time, through a ReadCache in
the session's cache directory (tests/conftest.py), and every test shares those reads.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# tests/intake must not shadow the intake package when the project is not installed.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SAMPLES = ROOT / "samples" / "documents"


def _accuracy_module():
    if "fretadoc_accuracy" in sys.modules:  # this conftest may be imported twice
        return sys.modules["fretadoc_accuracy"]
    spec = importlib.util.spec_from_file_location("fretadoc_accuracy", ROOT / "scripts" / "accuracy.py")
    mod = importlib.util.module_from_spec(spec)
    # registered, so its functions pickle by name into the reading pool's workers
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


accuracy = _accuracy_module()


def samples(rendering: str) -> list[tuple[Path, Path]]:
    """(expected json, document) pairs of one rendering, by name."""
    return [(exp, doc) for rend, exp, doc in accuracy.find_samples(SAMPLES, None) if rend == rendering]


def expected(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def read_all(paths: list[Path], cache_dir: str, workers: int = 2) -> dict[str, list]:
    from validators.documents import Document

    jobs = [(str(p), cache_dir) for p in paths]
    if workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            raw = list(pool.map(accuracy._read, jobs))
    else:
        raw = [accuracy._read(j) for j in jobs]
    return {p.name: [Document.model_validate(d) for d in docs] for p, docs in zip(paths, raw)}


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
