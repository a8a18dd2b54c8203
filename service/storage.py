"""Uploaded files, stored once by content hash (SHA-256) behind one small interface.

`LocalStorage` keeps them in a directory (the default, and fine for workers that share a
volume); `DatabaseStorage` keeps them in the service database, which every worker on every
machine already reaches, so the distributed deployment needs no shared disk.
Callers decide when a blob may go (no packet references it any more): storage only stores.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from abc import ABC, abstractmethod
from pathlib import Path

from sqlalchemy import Engine, delete, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from service.db.models import Blob
from service.settings import Settings, get_settings

_SHA256 = re.compile(r"^[0-9a-f]{64}$")


class StorageError(Exception):
    """The store could not be reached or written (transient: the caller may retry)."""


class BlobNotFound(KeyError):
    pass


def _check(sha256: str) -> str:
    if not _SHA256.match(sha256):
        raise ValueError("not a SHA-256 hex digest")
    return sha256


def file_sha256(path: str | os.PathLike[str]) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class Storage(ABC):
    name: str

    @abstractmethod
    def put_file(self, path: str | os.PathLike[str], sha256: str, *, session: Session | None = None) -> bool:
        """Store the file at `path` under `sha256` (already computed while streaming).
        Returns False when the blob was already there. A database backend writes inside
        `session`'s transaction when one is given, so a rollback stores nothing."""

    @abstractmethod
    def get(self, sha256: str) -> bytes:
        """The blob's bytes; BlobNotFound when absent."""

    @abstractmethod
    def exists(self, sha256: str) -> bool: ...

    @abstractmethod
    def delete(self, sha256: str, *, session: Session | None = None) -> None:
        """Remove the blob (no error when absent)."""

    @abstractmethod
    def count(self) -> int:
        """How many blobs are stored (for tests and metrics)."""

    def check(self) -> None:
        """Raise StorageError when the store cannot be used."""


class LocalStorage(Storage):
    name = "local"

    def __init__(self, root: str | os.PathLike[str]):
        self.root = Path(root)

    def _path(self, sha256: str) -> Path:
        _check(sha256)
        return self.root / sha256[:2] / sha256[2:4] / sha256

    def put_file(self, path: str | os.PathLike[str], sha256: str, *, session: Session | None = None) -> bool:
        target = self._path(sha256)
        if target.exists():
            return False
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".part")
            os.close(fd)
            shutil.copyfile(path, tmp)
            os.replace(tmp, target)  # atomic: a reader never sees half a blob
        except OSError as exc:
            raise StorageError(f"local storage write failed: {exc.strerror}") from exc
        return True

    def get(self, sha256: str) -> bytes:
        try:
            return self._path(sha256).read_bytes()
        except FileNotFoundError:
            raise BlobNotFound(sha256) from None
        except OSError as exc:
            raise StorageError(f"local storage read failed: {exc.strerror}") from exc

    def exists(self, sha256: str) -> bool:
        return self._path(sha256).is_file()

    def delete(self, sha256: str, *, session: Session | None = None) -> None:
        path = self._path(sha256)
        path.unlink(missing_ok=True)
        for parent in (path.parent, path.parent.parent):
            try:
                parent.rmdir()  # only when empty
            except OSError:
                break

    def count(self) -> int:
        if not self.root.is_dir():
            return 0
        return sum(1 for p in self.root.glob("??/??/*") if _SHA256.match(p.name))

    def check(self) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=self.root, prefix=".probe"):
                pass
        except OSError as exc:
            raise StorageError(f"local storage is not writable: {exc.strerror}") from exc


class DatabaseStorage(Storage):
    """Blobs in the `blobs` table (PostgreSQL bytea, or SQLite)."""

    name = "database"

    def __init__(self, settings: Settings | None = None):
        self.settings = settings or get_settings()

    def _engine(self) -> Engine:
        from service import db

        return db.engine(self.settings)

    def put_file(self, path: str | os.PathLike[str], sha256: str, *, session: Session | None = None) -> bool:
        _check(sha256)
        data = Path(path).read_bytes()  # bounded by the upload limit
        eng = self._engine()
        values = {"sha256": sha256, "size": len(data), "data": data}
        insert = (pg_insert(Blob) if eng.dialect.name == "postgresql" else sqlite_insert(Blob)).values(**values)
        stmt = insert.on_conflict_do_nothing(index_elements=["sha256"]).returning(Blob.sha256)
        if session is not None:
            return session.execute(stmt).first() is not None
        try:
            with eng.begin() as conn:
                return conn.execute(stmt).first() is not None
        except Exception as exc:
            raise StorageError(f"database storage write failed: {type(exc).__name__}") from exc

    def get(self, sha256: str) -> bytes:
        _check(sha256)
        with self._engine().connect() as conn:
            data = conn.execute(select(Blob.data).where(Blob.sha256 == sha256)).scalar_one_or_none()
        if data is None:
            raise BlobNotFound(sha256)
        return bytes(data)

    def exists(self, sha256: str) -> bool:
        _check(sha256)
        with self._engine().connect() as conn:
            return conn.execute(select(Blob.sha256).where(Blob.sha256 == sha256)).first() is not None

    def delete(self, sha256: str, *, session: Session | None = None) -> None:
        _check(sha256)
        if session is not None:
            session.execute(delete(Blob).where(Blob.sha256 == sha256))
            return
        with self._engine().begin() as conn:
            conn.execute(delete(Blob).where(Blob.sha256 == sha256))

    def count(self) -> int:
        with self._engine().connect() as conn:
            return conn.execute(select(func.count()).select_from(Blob)).scalar_one()

    def check(self) -> None:
        try:
            self.count()
        except Exception as exc:
            raise StorageError(f"database storage unavailable: {type(exc).__name__}") from exc


def get_storage(settings: Settings | None = None) -> Storage:
    settings = settings or get_settings()
    if settings.storage == "database":
        return DatabaseStorage(settings)
    return LocalStorage(settings.blob_dir)
