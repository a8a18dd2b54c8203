"""Retention: a packet past its tenant's period after its verdict is deleted by the scheduled
purge (Celery beat in the distributed mode, the API's timer in the embedded one) with every row
and file it had (documents, result, corrections, callback, idempotency key, blobs, cached reads);
a packet its authority holds stays (and its sender cannot delete it) until released."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import submit, text_pdf, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]

ROOT = Path(__file__).resolve().parents[2]
PACKET = ROOT / "samples" / "packets" / RULEBOOK / "apolice-outra-placa" / "digital"
TABLES = ("packet_files", "documents", "results", "corrections", "callbacks", "idempotency_keys")


def _count(st, table: str, pid: str) -> int:
    return st.sql(f"SELECT count(*) FROM {table} WHERE packet_id = :p", p=pid)[0][0]


def _blob_present(st, digest: str) -> bool:
    if st.env.get("FRETADOC_STORAGE") == "database":
        return bool(st.sql("SELECT count(*) FROM blobs WHERE sha256 = :s", s=digest)[0][0])
    return (Path(st.env["FRETADOC_DATA_DIR"]) / "blobs" / digest[:2] / digest[2:4] / digest).is_file()


def _cached(st, digest: str) -> int:
    return st.sql("SELECT count(*) FROM read_cache WHERE sha256 = :s", s=digest)[0][0]


def _age(st, pid: str, days: int) -> None:
    """The verdict given `days` ago (the clock moved, not the code)."""
    when = datetime.now(timezone.utc) - timedelta(days=days)
    st.sql_write("UPDATE packets SET finished_at = :t WHERE id = :p",
                 t=when if st.mode == "distributed" else when.replace(tzinfo=None), p=pid)


def _wait_gone(st, client, pid: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while client.get(f"/v1/packets/{pid}").status_code != 404:
        assert time.monotonic() < deadline, f"packet {pid} not purged\n" + st.logs()
        time.sleep(0.3)


def _purge_logged(st, pid: str, timeout: float = 15) -> bool:
    """Whether the purge of a packet was logged: the line is written after the deletion commits,
    so a client may see the packet gone a moment before the line reaches the log."""
    deadline = time.monotonic() + timeout
    while True:
        if any(pid in line for line in st.logs().splitlines() if "purged" in line):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.2)


@pytest.mark.parametrize("mode", ["embedded", "distributed"])
def test_retention_purges_expired_packets_and_keeps_held_ones(mode, make_stack, receiver, request):
    st = make_stack(mode)
    st.env.update(FRETADOC_RETENTION_INTERVAL="1", FRETADOC_READ_CACHE="database")
    if mode == "distributed":
        st.env["DATABASE_URL"] = st.db_url = request.getfixturevalue("own_pg_url")
    st.start(workers=1, concurrency=2)
    if mode == "distributed":
        st.spawn_beat()
    rcv = receiver()
    carrier = st.key("Transportes Retenção")
    clerk = st.key("METROPLAN", "authority", (RULEBOOK,))
    st.cli("keys", "limits", "--tenant", "Transportes Retenção", "--retention-days", "30")
    policy_files = [("files", (p.name, p.read_bytes(), "application/pdf")) for p in sorted(PACKET.glob("*.pdf"))]
    with st.client(carrier) as c:
        old = submit(c, policy_files, RULEBOOK, callback_url=rcv.url(), idempotency_key="retencao-1").json()["id"]
        held = submit(c, [("files", ("h.pdf", text_pdf("retido pelo órgão"), "application/pdf"))], RULEBOOK,
                      callback_url=rcv.url()).json()["id"]
        fresh = submit(c, [("files", ("f.pdf", text_pdf("recente"), "application/pdf"))], RULEBOOK).json()["id"]
        done = {pid: wait_finished(c, pid, timeout=180, stack=st) for pid in (old, held, fresh)}
        rcv.wait_for(2)
        docs = done[old]["result"]["documents"]
        crlv = next(d for d in docs if d["type"] == "crlv")
        policy = next(d for d in docs if d["type"] == "apolice_seguro")
        corrected = c.post(f"/v1/packets/{old}/corrections",
                           json={"document": policy["id"], "field": "placa", "value": crlv["fields"]["placa"]["value"]})
        assert corrected.status_code == 201, corrected.text
        assert c.get(f"/v1/packets/{old}").json()["expires_at"] is not None
    digests = [f["sha256"] for f in done[old]["files"]]
    assert all(_count(st, t, old) for t in TABLES), {t: _count(st, t, old) for t in TABLES}
    assert all(_blob_present(st, d) for d in digests)
    assert all(_cached(st, d) for d in digests)

    with st.client(clerk) as k:
        hold = k.put(f"/v1/packets/{held}/hold")
        assert hold.status_code == 200 and hold.json()["held"] is True, hold.text
    with st.client(carrier) as c:
        refused = c.delete(f"/v1/packets/{held}")
        assert refused.status_code == 409 and refused.json()["code"] == "pacote_retido"
        assert c.put(f"/v1/packets/{held}/hold").status_code == 403  # only the authority holds
        status = c.get(f"/v1/packets/{held}").json()
        assert status["held_at"] and status["expires_at"] is None

        for pid in (old, held):
            _age(st, pid, 31)
        _age(st, fresh, 29)
        _wait_gone(st, c, old)
        for table in (*TABLES, "packets"):
            where = "id" if table == "packets" else "packet_id"
            assert not st.sql(f"SELECT count(*) FROM {table} WHERE {where} = :p", p=old)[0][0], table
        assert not any(_blob_present(st, d) for d in digests)
        assert not any(_cached(st, d) for d in digests)
        time.sleep(2.5)  # two more passes: the held and the recent packets stay
        assert c.get(f"/v1/packets/{held}").status_code == 200
        assert c.get(f"/v1/packets/{fresh}").status_code == 200

    with st.client(clerk) as k:
        assert k.delete(f"/v1/packets/{held}/hold").json()["held"] is False
    with st.client(carrier) as c:
        _wait_gone(st, c, held)  # released: its period had passed
    assert _purge_logged(st, old) and _purge_logged(st, held), st.logs()[-3000:]
    logs = st.logs()
    purged = [line for line in logs.splitlines() if "purged" in line]
    assert not any(name in line for line in purged for name in ("Retenção", ".pdf", "crlv"))
    assert "Traceback" not in logs
