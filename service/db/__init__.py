"""Database access: one engine per process, short sessions, migrations at start."""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry

from service.settings import Settings, get_settings

if TYPE_CHECKING:
    from alembic.config import Config

log = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent
_lock = threading.Lock()
_engines: dict[tuple[int, str], Engine] = {}


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_setup(dbapi_conn: sqlite3.Connection,
                          _record: ConnectionPoolEntry) -> None:  # pragma: no cover - driver hook
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (below)
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:  # pragma: no cover - driver hook
            # One writer at a time, taken at BEGIN: the read-then-write sections that
            # PostgreSQL guards with SELECT ... FOR UPDATE are serialised here instead.
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


def engine(settings: Settings | None = None) -> Engine:
    """The process's engine for the configured database (a fresh one after a fork)."""
    url = (settings or get_settings()).db_url
    key = (os.getpid(), url)
    with _lock:
        eng = _engines.get(key)
        if eng is None:
            eng = _engines[key] = make_engine(url)
        return eng


def dispose_all() -> None:
    with _lock:
        for eng in _engines.values():
            eng.dispose(close=False)
        _engines.clear()


def sessionmaker_for(settings: Settings | None = None) -> sessionmaker[Session]:
    return sessionmaker(bind=engine(settings), expire_on_commit=False)


@contextmanager
def session_scope(settings: Settings | None = None) -> Iterator[Session]:
    """A session that commits on success and rolls back on any error."""
    session = sessionmaker_for(settings)()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


def alembic_config(url: str) -> Config:
    from alembic.config import Config

    cfg = Config(str(HERE / "alembic.ini"))
    cfg.set_main_option("script_location", str(HERE / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    cfg.attributes["configure_logger"] = False
    return cfg


MIGRATION_LOCK = 7_240_001  # pg_advisory_lock key: API and workers may start together


def migrate(settings: Settings | None = None) -> None:
    """Bring the database to the newest schema (idempotent, safe to run from every process)."""
    from alembic import command

    settings = settings or get_settings()
    eng = engine(settings)
    cfg = alembic_config(settings.db_url)
    if eng.dialect.name == "postgresql":
        with eng.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
            try:
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
                conn.commit()
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
                conn.commit()
    else:
        with eng.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    log.info("database schema is current")
