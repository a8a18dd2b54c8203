"""The read cache: a file whose bytes were read before is not read again, on any worker."""

from __future__ import annotations

import hashlib
import json
import secrets
from pathlib import Path

import pytest

import ocr
from ocr.model import Extraction, Problem
from tests.service.helpers import RULEBOOK
from tests.service.service_stack import submit, text_pdf, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


class StackCache:
    """The stack's read cache, seen from outside: its directory or its database table.

    Entries are keyed by the reader's fingerprint as the *service* computed it (found from an
    entry it wrote), so the test never depends on computing the same fingerprint itself."""

    def __init__(self, stack):
        self.stack = stack
        self.dir = Path(stack.env["FRETADOC_CACHE_DIR"]) if stack.env.get("FRETADOC_CACHE_DIR") else None

    def fingerprint_of(self, digest: str) -> str | None:
        if self.dir is not None:
            # (the reads' folder, not the documents' beside it: docs-<fingerprint> holds the same names)
            hits = sorted(p for p in self.dir.glob(f"*/{digest[:2]}/{digest}.json")
                          if not p.parent.parent.name.startswith("docs-"))
            return hits[0].parent.parent.name if hits else None
        rows = self.stack.sql("SELECT fingerprint FROM read_cache WHERE sha256 = :s", s=digest)
        return rows[0][0] if rows else None

    def put(self, fingerprint: str, digest: str, extraction: Extraction) -> None:
        body = extraction.model_dump(mode="json")
        if self.dir is not None:
            path = self.dir / fingerprint / digest[:2] / f"{digest}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(body), encoding="utf-8")
            return
        from sqlalchemy import create_engine, insert

        from service.db.models import ReadCacheEntry

        eng = create_engine(self.stack.db_url)
        with eng.begin() as conn:
            conn.execute(insert(ReadCacheEntry).values(fingerprint=fingerprint, sha256=digest, body=body))
        eng.dispose()


def test_reads_are_cached_and_reused(stack):
    cache = StackCache(stack)
    with stack.client(stack.key("Transportes Cache")) as c:
        # A read fills the cache.
        first = text_pdf("APÓLICE DE SEGURO", secrets.token_hex(8))
        first_digest = hashlib.sha256(first).hexdigest()
        assert cache.fingerprint_of(first_digest) is None
        pid = submit(c, [("files", ("a.pdf", first, "application/pdf"))], RULEBOOK,
                     reference_date="2026-03-02").json()["id"]
        wait_finished(c, pid, stack=stack)
        fingerprint = cache.fingerprint_of(first_digest)
        assert fingerprint, "the read was not cached"

        # A file already in the cache is not read again: the packet gets the cached read,
        # marked so that no real read could have produced it.
        second = text_pdf("CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO", secrets.token_hex(8))
        digest = hashlib.sha256(second).hexdigest()
        marker = ocr.read(second).model_copy(update={"problems": (
            Problem(code="teste.lido_do_cache", severity="info", message="Lido do cache."),)})
        cache.put(fingerprint, digest, marker)
        pid = submit(c, [("files", ("depois.pdf", second, "application/pdf"))], RULEBOOK,
                     reference_date="2026-03-02").json()["id"]
        doc = wait_finished(c, pid, stack=stack)["result"]["documents"][0]
    assert [p["code"] for p in doc["problems"]] == ["teste.lido_do_cache"]
    assert doc["filename"] == "depois.pdf" and doc["id"] == "d1" and doc["type"] == "crlv"
