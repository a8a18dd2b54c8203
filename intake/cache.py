"""A read cache keyed by the file's content hash, so the same bytes are never read twice.

What is cached is what reading produced (type, fields, problems), not the packet-specific
id or file name. The key includes a fingerprint of the reading code, so a change to a parser
or to the OCR path never serves a stale read.
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

from validators.documents import Document

_READER_DIRS = ("ocr", "intake/parsers")
_READER_FILES = ("intake/classify.py", "intake/classify.yaml", "intake/layout.py",
                 "intake/normalize.py", "intake/pipeline.py", "validators/doctypes.yaml")


@cache
def reader_fingerprint() -> str:
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    paths: list[Path] = []
    for d in _READER_DIRS:
        paths += sorted((root / d).rglob("*.py")) + sorted((root / d).rglob("*.yaml"))
    paths += [root / f for f in _READER_FILES]
    for p in paths:
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:16]


class ReadCache:
    """Documents read from a file, stored as JSON under DIR/<fingerprint>/<sha256>.json."""

    def __init__(self, directory: str | os.PathLike[str]):
        self.root = Path(directory) / reader_fingerprint()

    def _path(self, sha256: str) -> Path:
        return self.root / sha256[:2] / f"{sha256}.json"

    def get(self, sha256: str) -> list[Document] | None:
        path = self._path(sha256)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            return [Document.model_validate(d) for d in raw]
        except (OSError, ValueError):
            return None

    def put(self, sha256: str, documents: list[Document]) -> None:
        path = self._path(sha256)
        path.parent.mkdir(parents=True, exist_ok=True)
        body = json.dumps([d.model_dump(mode="json") for d in documents], ensure_ascii=False)
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
