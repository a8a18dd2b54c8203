"""Shared by the intake tests and their fixtures (conftest.py): the sample documents, their
expected values, and reading them through scripts/accuracy.py's reader."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# Imported by module name (the repository root is on the path: pyproject's pythonpath), so its
# functions pickle by name into the reading pool's workers.
from scripts import accuracy

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "documents"

__all__ = ["ROOT", "SAMPLES", "accuracy", "expected", "read_all", "samples"]


def samples(rendering: str) -> list[tuple[Path, Path]]:
    """(expected json, document) pairs of one rendering, by name."""
    return [(exp, doc) for rend, exp, doc in accuracy.find_samples(SAMPLES, None) if rend == rendering]


def expected(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def read_all(paths: list[Path], cache_dir: str, workers: int = 2) -> dict[str, list]:
    from domain.documents import Document

    jobs = [(str(p), cache_dir) for p in paths]
    if workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            raw = list(pool.map(accuracy._read, jobs))
    else:
        raw = [accuracy._read(j) for j in jobs]
    return {p.name: [Document.model_validate(d) for d in docs] for p, docs in zip(paths, raw)}
