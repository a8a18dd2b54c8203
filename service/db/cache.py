"""The read cache in the service database, so workers on other machines share their reads.

Same get/put of Extractions and get_documents/put_documents of parsed Documents as
intake.cache.ReadCache (the file-based one), in one table: an Extraction under the ocr/ code's
fingerprint, Documents under 'docs-' and the reading code's. Plus delete: when a packet is
deleted and no other packet holds the same file, what was read from it goes too (LGPD).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator
from typing import Any

from sqlalchemy import Engine, delete, select, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from intake.cache import ReadCache, documents_fingerprint, reader_fingerprint
from ocr.model import Extraction
from service.db.models import ReadCacheEntry
from service.settings import Settings, get_settings

log = logging.getLogger(__name__)

# pg_advisory_lock(namespace, key): the two-int key space, apart from the blob locks.
READ_LOCK_NAMESPACE = 7240
_local_locks: dict[str, threading.Lock] = {}
_local_guard = threading.Lock()


@contextlib.contextmanager
def _local_lock(sha256: str) -> Iterator[None]:
    with _local_guard:
        lock = _local_locks.setdefault(sha256, threading.Lock())
    with lock:
        yield


class DbReadCache:
    def __init__(self, settings: Settings | None = None):
        self.settings = settings or get_settings()
        self.fingerprint = reader_fingerprint()
        self.docs_fingerprint = f"docs-{documents_fingerprint()}"

    def _engine(self) -> Engine:
        from service import db

        return db.engine(self.settings)

    def _get(self, fingerprint: str, sha256: str) -> Any:
        try:
            with self._engine().connect() as conn:
                return conn.execute(select(ReadCacheEntry.body).where(
                    ReadCacheEntry.fingerprint == fingerprint,
                    ReadCacheEntry.sha256 == sha256)).scalar_one_or_none()
        except Exception:  # a cache miss, never a failed read
            log.warning("read cache lookup failed for sha256 %s", sha256[:12], exc_info=True)
            return None

    def _put(self, fingerprint: str, sha256: str, body: Any) -> None:
        eng = self._engine()
        ins = pg_insert if eng.dialect.name == "postgresql" else sqlite_insert
        stmt = ins(ReadCacheEntry).values(fingerprint=fingerprint, sha256=sha256, body=body)
        try:
            with eng.begin() as conn:
                conn.execute(stmt.on_conflict_do_nothing(index_elements=["fingerprint", "sha256"]))
        except Exception:
            log.warning("read cache store failed for sha256 %s", sha256[:12], exc_info=True)

    def get(self, sha256: str) -> Extraction | None:
        body = self._get(self.fingerprint, sha256)
        try:
            return None if body is None else Extraction.model_validate(body)
        except ValueError:
            return None

    def put(self, sha256: str, extraction: Extraction) -> None:
        self._put(self.fingerprint, sha256, extraction.model_dump(mode="json"))

    def get_documents(self, sha256: str) -> dict[str, Any] | None:
        body = self._get(self.docs_fingerprint, sha256)
        return body if isinstance(body, dict) else None

    def put_documents(self, sha256: str, body: dict[str, Any]) -> None:
        self._put(self.docs_fingerprint, sha256, body)

    @contextlib.contextmanager
    def reading(self, sha256: str) -> Iterator[None]:
        """Held while a file is read: another worker about to read the same bytes waits and
        then finds them in the cache (PostgreSQL advisory lock; a process lock on SQLite,
        where the embedded mode has a single process)."""
        eng = self._engine()
        if eng.dialect.name != "postgresql":
            with _local_lock(sha256):
                yield
            return
        key = {"n": READ_LOCK_NAMESPACE, "k": int(sha256[:7], 16)}
        with eng.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:n, :k)"), key)
            conn.commit()
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:n, :k)"), key)
                conn.commit()

    def delete(self, sha256: str) -> None:
        with self._engine().begin() as conn:
            conn.execute(delete(ReadCacheEntry).where(ReadCacheEntry.sha256 == sha256))


class DirReadCache(ReadCache):
    """The CLI's file cache (FRETADOC_CACHE_DIR), as the service uses it (delete included)."""


def get_read_cache(settings: Settings | None = None) -> DbReadCache | DirReadCache | None:
    settings = settings or get_settings()
    mode = settings.read_cache
    if mode == "off":
        return None
    if mode == "dir" or (mode == "auto" and settings.cache_dir):
        if not settings.cache_dir:
            return None
        return DirReadCache(settings.cache_dir)
    return DbReadCache(settings)
