"""Shared by the service tests and their fixtures (conftest.py): where PostgreSQL and Redis
are, the rulebook the tests submit to, a stack's environment, and a callback receiver. The
service processes themselves are service_stack.py's."""

from __future__ import annotations

import os
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from tests.service.service_stack import base_env

PG_ADMIN = os.environ.get("FRETADOC_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("FRETADOC_TEST_REDIS", "redis://127.0.0.1:6379/9")
RULEBOOK = "rs-metroplan-escolar"


def reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False


def stored_packet(settings, folder: Path, tenant: str, tag: str, n: int) -> str:
    """A packet of `n` distinct one-page text PDFs stored in this process (no API), not dispatched."""
    import hashlib
    from datetime import date

    from service import db, packets, tenants
    from tests.service.service_stack import text_pdf

    with db.session_scope(settings) as s:
        t, _ = tenants.get_or_create_tenant(s, tenant, "carrier")
        who = tenants.Principal(t.id, t.name, t.kind, "k", "submitter")
    uploads = []
    for i in range(n):
        data = text_pdf(f"{tag} documento {i}")  # distinct: no read answered from another's cache
        path = folder / f"{tag}-{i}.pdf"
        path.write_bytes(data)
        uploads.append(packets.Upload(str(path), path.name, hashlib.sha256(data).hexdigest(), len(data), "PDF", 1))
    req = packets.PacketRequest(RULEBOOK, date(2026, 3, 2), "2026-03-02", {}, None, uploads)
    return packets.create_packet(who, req, None, settings=settings).packet_id


def stack_env(mode: str, workdir: Path, pg_url: str, prefix: str, **extra: str) -> tuple[dict, str]:
    env = {
        "FRETADOC_DATA_DIR": str(workdir / "data"),
        "FRETADOC_CALLBACK_BACKOFF": "0.5",
        "FRETADOC_CALLBACK_MAX_ATTEMPTS": "3",
        "FRETADOC_DISPATCH_GRACE": "3",
        # Upload limits small enough to test cheaply, large enough for the sample packets.
        "FRETADOC_MAX_FILES": "30",
        "FRETADOC_MAX_PACKET_PAGES": "60",
        "FRETADOC_MAX_FILE_BYTES": str(8 * 1024 * 1024),
        # Quotas out of the way of tests that upload many packets; quota tests set a tenant's own.
        "FRETADOC_QUOTA_UPLOADS_PER_MINUTE": "0",
        "FRETADOC_QUOTA_PAGES_PER_DAY": "0",
        "FRETADOC_QUOTA_PACKETS_IN_FLIGHT": "0",
        "FRETADOC_MAX_BACKLOG_WAIT": "0",
    }
    cache = os.environ.get("FRETADOC_CACHE_DIR")
    if mode == "embedded":
        env["FRETADOC_WORKERS"] = "2"
        if cache:
            env.update(FRETADOC_READ_CACHE="dir", FRETADOC_CACHE_DIR=cache)  # the run's shared cache
        db_url = f"sqlite:///{workdir / 'data' / 'fretadoc.db'}"
    else:
        env.update(DATABASE_URL=pg_url, FRETADOC_STORAGE="database", FRETADOC_READ_CACHE="database",
                   FRETADOC_BROKER_URL=REDIS, FRETADOC_QUEUE_PREFIX=prefix)
        db_url = pg_url
    env.update(extra)
    return base_env(env), db_url


class Receiver:
    """A local HTTP endpoint for callbacks: answers with the scripted statuses, records all."""

    def __init__(self, statuses: list[int] | None = None):
        self.statuses = list(statuses or [])
        self.requests: list[dict] = []
        self.arrived = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.arrived:
                    status = receiver.statuses.pop(0) if receiver.statuses else 200
                    receiver.requests.append({"path": self.path, "headers": dict(self.headers),
                                              "body": body, "answered": status, "at": time.monotonic()})
                    receiver.arrived.notify_all()
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str = "/retorno") -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def wait_for(self, count: int, timeout: float = 30) -> list[dict]:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.requests) >= count, timeout=timeout)
            return list(self.requests)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
