"""The service under test, for real: a fresh PostgreSQL database per session, Redis, uvicorn
and Celery worker subprocesses; and the same tests on the embedded defaults (SQLite file,
in-process pool). PostgreSQL and Redis must run on 127.0.0.1 (CI starts them); without them
the tests are skipped, unless FRETADOC_REQUIRE_SERVICES=1, when they fail."""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
import threading
from pathlib import Path

import pytest

from tests.service.helpers import PG_ADMIN, REDIS, Receiver, reachable, stack_env
from tests.service.service_stack import Stack, kill_all


@pytest.fixture(scope="session", autouse=True)
def _no_strays():
    """Whatever happens (a failure, Ctrl-C, SIGTERM from a CI timeout), no server outlives the run."""
    import atexit
    import signal

    atexit.register(kill_all)
    previous = signal.getsignal(signal.SIGTERM)

    def on_term(signum, frame):
        kill_all()
        raise SystemExit(128 + signum)

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, on_term)
    yield
    kill_all()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, previous)


@pytest.fixture(scope="session")
def services() -> None:
    missing = [name for name, port in (("PostgreSQL", 5432), ("Redis", 6379)) if not reachable("127.0.0.1", port)]
    if missing:
        msg = f"{' e '.join(missing)} não responde em 127.0.0.1"
        if os.environ.get("FRETADOC_REQUIRE_SERVICES") == "1":
            pytest.fail(msg)
        pytest.skip(msg)


@pytest.fixture(scope="session")
def workroot():
    path = Path(tempfile.mkdtemp(prefix="fretadoc-service-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _fresh_database():
    from sqlalchemy import create_engine, text

    name = f"fretadoc_test_{secrets.token_hex(4)}"
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="session")
def pg_url(services):
    """A fresh database for this session, dropped at the end."""
    yield from _fresh_database()


@pytest.fixture
def own_pg_url(services):
    """A fresh database for one test, whose figures (backlog, pace) no other test's packets touch."""
    yield from _fresh_database()


@pytest.fixture(scope="session")
def redis_prefix(services):
    """Queue names of this session only; their keys are removed at the end."""
    import redis

    prefix = f"fdtest{secrets.token_hex(3)}"
    yield prefix
    client = redis.Redis.from_url(REDIS)
    for key in client.scan_iter(match=f"*{prefix}*"):
        client.delete(key)
    client.close()


@pytest.fixture(scope="session", params=["embedded", "distributed"])
def stack(request, workroot) -> Stack:
    mode = request.param
    pg, prefix = "", ""
    if mode == "distributed":  # the embedded defaults need neither PostgreSQL nor Redis
        pg, prefix = request.getfixturevalue("pg_url"), request.getfixturevalue("redis_prefix")
    workdir = workroot / mode
    env, db_url = stack_env(mode, workdir, pg, prefix)
    st = Stack(name=mode, mode=mode, workdir=workdir, env=env, db_url=db_url)
    request.addfinalizer(st.stop)
    st.start(workers=1, concurrency=2)
    return st


@pytest.fixture
def make_stack(workroot, request):
    """A private stack for a test that kills processes (its own queues, no read cache)."""
    made: list[Stack] = []

    def make(mode: str) -> Stack:
        pg, prefix = "", ""
        if mode == "distributed":
            pg, prefix = request.getfixturevalue("pg_url"), request.getfixturevalue("redis_prefix")
        name = f"{mode}-{secrets.token_hex(2)}"
        workdir = workroot / name
        env, db_url = stack_env(mode, workdir, pg, f"{prefix}{name}", FRETADOC_READ_CACHE="off",
                                FRETADOC_VISIBILITY_TIMEOUT="12", FRETADOC_RESTORE_INTERVAL="1")
        env.pop("FRETADOC_CACHE_DIR", None)
        st = Stack(name=name, mode=mode, workdir=workdir, env=env, db_url=db_url)
        made.append(st)
        return st

    yield make
    for st in made:
        st.stop()


@pytest.fixture
def receiver():
    made: list[Receiver] = []

    def make(statuses: list[int] | None = None) -> Receiver:
        r = Receiver(statuses)
        made.append(r)
        return r

    yield make
    for r in made:
        r.close()
