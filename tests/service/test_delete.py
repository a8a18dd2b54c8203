"""DELETE removes a packet's rows, its files and cached reads, unless another packet holds them."""

from __future__ import annotations

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import submit, text_pdf, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


def _count(stack, table: str, pid: str) -> int:
    return stack.sql(f"SELECT count(*) FROM {table} WHERE packet_id = :p", p=pid)[0][0]


def _blob_present(stack, digest: str) -> bool:
    if stack.env.get("FRETADOC_STORAGE") == "database":
        return bool(stack.sql("SELECT count(*) FROM blobs WHERE sha256 = :s", s=digest)[0][0])
    from pathlib import Path

    return (Path(stack.env["FRETADOC_DATA_DIR"]) / "blobs" / digest[:2] / digest[2:4] / digest).is_file()


def test_delete_packet(stack):
    key = stack.key("Transportes Delta")
    only_first = text_pdf("CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO", "apagar 1")
    shared = text_pdf("APÓLICE DE SEGURO", "compartilhado")
    only_second = text_pdf("CONTRATO DE FRETAMENTO", "apagar 2")
    with stack.client(key) as c:
        p1 = submit(c, [("files", ("a.pdf", only_first, "application/pdf")),
                        ("files", ("b.pdf", shared, "application/pdf"))], RULEBOOK, reference_date="2026-03-02")
        p2 = submit(c, [("files", ("b.pdf", shared, "application/pdf")),
                        ("files", ("c.pdf", only_second, "application/pdf"))], RULEBOOK, reference_date="2026-03-02")
        p1, p2 = p1.json()["id"], p2.json()["id"]
        s1, s2 = wait_finished(c, p1, stack=stack), wait_finished(c, p2, stack=stack)
        digest_first, digest_shared = (f["sha256"] for f in s1["files"])
        digest_second = s2["files"][1]["sha256"]
        assert all(_blob_present(stack, d) for d in (digest_first, digest_shared, digest_second))
        assert _count(stack, "documents", p1) == 2 and _count(stack, "results", p1) == 1

        assert c.delete(f"/v1/packets/{p1}").status_code == 204
        assert c.get(f"/v1/packets/{p1}").status_code == 404
        assert c.delete(f"/v1/packets/{p1}").status_code == 404
        for table in ("documents", "results", "packet_files", "callbacks", "idempotency_keys"):
            assert _count(stack, table, p1) == 0, table
        assert not _blob_present(stack, digest_first)
        assert _blob_present(stack, digest_shared)  # the second packet still holds it
        if stack.env.get("FRETADOC_READ_CACHE") == "database":
            assert not stack.sql("SELECT count(*) FROM read_cache WHERE sha256 = :s", s=digest_first)[0][0]
            assert stack.sql("SELECT count(*) FROM read_cache WHERE sha256 = :s", s=digest_shared)[0][0]
        # The survivor is whole: its evidence still renders.
        assert c.get(f"/v1/packets/{p2}/documents/d1/pages/1.png").status_code == 200

        assert c.delete(f"/v1/packets/{p2}").status_code == 204
        assert not _blob_present(stack, digest_shared) and not _blob_present(stack, digest_second)


@pytest.mark.parametrize("mode", ["embedded", "distributed"])
def test_a_packet_deleted_while_its_file_is_read_leaves_no_cached_read(mode, make_stack):
    """The DELETE comes while OCR runs: the read finishes after it and caches what it read;
    that cached text of a deleted document must not stay behind (LGPD)."""
    import hashlib
    import time

    from tests.service.service_stack import ROOT

    st = make_stack(mode)
    st.env["FRETADOC_READ_CACHE"] = "database"
    st.start(workers=1, concurrency=1)
    scan = (ROOT / "samples/documents/scanned/requerimento-alfa.png").read_bytes()
    digest = hashlib.sha256(scan).hexdigest()
    key = st.key("Transportes Apressados")
    with st.client(key) as c:
        pid = submit(c, [("files", ("requerimento.png", scan, "image/png"))], RULEBOOK,
                     reference_date="2026-03-02").json()["id"]
        deadline = time.monotonic() + 60
        while st.sql("SELECT status FROM packet_files WHERE packet_id = :p", p=pid) != [("reading",)]:
            assert time.monotonic() < deadline, st.logs()
            time.sleep(0.05)
        assert c.delete(f"/v1/packets/{pid}").status_code == 204
    deadline = time.monotonic() + 90
    while f"sha256 {digest[:12]}" not in st.logs():  # the read's own line: it has finished
        assert time.monotonic() < deadline, st.logs()
        time.sleep(0.2)
    deadline = time.monotonic() + 10
    while st.sql("SELECT count(*) FROM read_cache WHERE sha256 = :s", s=digest)[0][0]:
        assert time.monotonic() < deadline, "the deleted packet's read is still cached\n" + st.logs()
        time.sleep(0.1)
    assert not _blob_present(st, digest)
    assert "Traceback" not in st.logs()
