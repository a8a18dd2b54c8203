"""A read cache keyed by the file's content hash, so the same bytes are never read twice.

Two layers, each under a fingerprint of the code that made it: the Extraction (pages of words
with boxes and confidences; the ocr/ code's fingerprint), so a change to a classifier or a
parser re-parses the cached words instead of running Tesseract again; and the Documents parsed
from it (the reading code's fingerprint: ocr/, intake/ and the document types), so the same file
checked again costs a file read, not a parse.
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
from typing import Protocol

from ocr.model import Extraction

_READER_DIRS = ("ocr",)
# what turns words into Documents: the reading pipeline, its vocabularies and the domain it reads
# into (the identifiers' rules, the document types, folding, a type vouched for by its fields)
_PARSER_PATHS = ("ocr", "intake", "domain")


def _fingerprint(names: tuple[str, ...]) -> str:
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    paths: list[Path] = []
    for d in names:
        base = root / d
        paths += [base] if base.is_file() else sorted(base.rglob("*.py")) + sorted(base.rglob("*.yaml"))
    for p in paths:
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:16]


@cache
def reader_fingerprint() -> str:
    return _fingerprint(_READER_DIRS)


@cache
def parser_fingerprint() -> str:
    return _fingerprint(_PARSER_PATHS)


def documents_fingerprint() -> str:
    """What the Documents of a file depend on: the reading code, and the trust folder in force
    (a signature's verdict is the anchors')."""
    from intake.signatures import anchors

    trust = anchors.fingerprint(anchors.trust_dir())
    return hashlib.sha256(f"{parser_fingerprint()}:{trust}".encode()).hexdigest()[:16]


class Cache(Protocol):
    """What the reading pipeline asks of a read cache (this file's, or the service database's)."""

    def get(self, sha256: str) -> Extraction | None: ...
    def put(self, sha256: str, extraction: Extraction) -> None: ...
    def get_documents(self, sha256: str) -> dict | None: ...
    def put_documents(self, sha256: str, body: dict) -> None: ...
    def reading(self, sha256: str) -> contextlib.AbstractContextManager[None]: ...


class ReadCache:
    """What OCR made of a file, stored as JSON under DIR/<fingerprint>/<sha256>.json."""

    def __init__(self, directory: str | os.PathLike[str]):
        self.base = Path(directory)
        self.root = self.base / reader_fingerprint()
        self.docs_root = Path(directory) / f"docs-{documents_fingerprint()}"

    def _path(self, sha256: str) -> Path:
        return self.root / sha256[:2] / f"{sha256}.json"

    def get_documents(self, sha256: str) -> dict | None:
        """What the reading code made of the file last time ({'documents': [...], 'rotations':
        {...}}, as JSON), or None."""
        try:
            return json.loads((self.docs_root / sha256[:2] / f"{sha256}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def has_documents(self, sha256: str) -> bool:
        return (self.docs_root / sha256[:2] / f"{sha256}.json").is_file()

    def put_documents(self, sha256: str, body: dict) -> None:
        _write(self.docs_root / sha256[:2] / f"{sha256}.json", json.dumps(body, ensure_ascii=False))

    def delete(self, sha256: str) -> None:
        """Forget what was read from the file: its words and its documents, by this reading code
        and any before it (LGPD)."""
        for made_by in self.base.glob("*"):
            (made_by / sha256[:2] / f"{sha256}.json").unlink(missing_ok=True)

    def get(self, sha256: str) -> Extraction | None:
        path = self._path(sha256)
        try:
            return Extraction.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return None

    def put(self, sha256: str, extraction: Extraction) -> None:
        _write(self._path(sha256), json.dumps(extraction.model_dump(mode="json"), ensure_ascii=False))

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


def _write(path: Path, body: str) -> None:
    """Write then rename: concurrent readers (test workers, Celery workers) never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(body)
    os.replace(tmp, path)
