"""A read cache keyed by the file's content hash, so the same bytes are never OCR'd twice.

What is cached is the costly part, the Extraction (pages of words with boxes and confidences),
under a fingerprint of the ocr/ code: a change to the OCR path never serves a stale read, and
a change to a classifier or a parser re-parses the cached words in milliseconds instead of
running Tesseract again.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from ocr.model import Extraction

_READER_DIRS = ("ocr",)


@cache
def reader_fingerprint() -> str:
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    paths: list[Path] = []
    for d in _READER_DIRS:
        paths += sorted((root / d).rglob("*.py")) + sorted((root / d).rglob("*.yaml"))
    for p in paths:
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:16]


class ReadCache:
    """What OCR made of a file, stored as JSON under DIR/<fingerprint>/<sha256>.json."""

    def __init__(self, directory: str | os.PathLike[str]):
        self.root = Path(directory) / reader_fingerprint()

    def _path(self, sha256: str) -> Path:
        return self.root / sha256[:2] / f"{sha256}.json"

    def get(self, sha256: str) -> Extraction | None:
        path = self._path(sha256)
        try:
            return Extraction.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return None

    def put(self, sha256: str, extraction: Extraction) -> None:
        path = self._path(sha256)
        path.parent.mkdir(parents=True, exist_ok=True)
        body = json.dumps(extraction.model_dump(mode="json"), ensure_ascii=False)
        # Write then rename: concurrent readers (test workers, Celery workers) never see half a file.
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(body)
        os.replace(tmp, path)

    @contextlib.contextmanager
    def reading(self, sha256: str) -> Iterator[None]:
        """Hold while reading a file: another process about to read the same bytes waits,
        then finds the result in the cache instead of running OCR a second time."""
        path = self._path(sha256).with_suffix(".lock")
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)
