"""Acceptance: a worker killed with a packet in flight loses nothing and duplicates nothing.

Distributed: SIGKILL the whole `celery worker` (main process, pool, Tesseract) while it reads a
scanned file; a new worker picks the unacknowledged task up (acks_late; Redis gives it back after
the visibility timeout, 12 s here). Embedded: SIGKILL `fretadoc serve` itself; the next start
finds the unfinished packet in the database and finishes it.
"""

from __future__ import annotations

import time

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import packet_dir, packet_files, packet_meta, submit, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]

PACKET = "valid-escola"
# A few scanned files (about 15 s of OCR on one core): enough to be surely in flight.
FILES = ("crlv-onibus1", "alvara-vale", "laudo-onibus1", "contrato-social-vale", "requerimento-escola",
         "taxa-autorizacao-onibus1")


def _scanned():
    folder = packet_dir(RULEBOOK, PACKET, "scanned")
    if not folder.is_dir():
        pytest.fail(f"sample packet missing: {folder} (run samples/generate.py)")
    files = [f for f in packet_files(folder) if f[1][0].rsplit(".", 1)[0] in FILES]
    assert len(files) == len(FILES)
    return packet_meta(RULEBOOK, PACKET), files


def _in_flight(stack, pid: str, timeout: float = 90) -> None:
    """Wait until at least one file is read and another is being read."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = [s for (s,) in stack.sql("SELECT status FROM packet_files WHERE packet_id = :p", p=pid)]
        if "done" in states and "reading" in states:
            return
        time.sleep(0.1)
    raise AssertionError(f"packet never in flight: {states}\n{stack.logs()}")


@pytest.mark.parametrize("mode", ["distributed", "embedded"])
def test_killed_worker_loses_and_duplicates_nothing(mode, make_stack, receiver):
    meta, files = _scanned()
    rcv = receiver()
    st = make_stack(mode)
    if mode == "distributed":
        st.start_api()
        victim = st.start_worker(concurrency=1)
    else:
        victim = st.start_api()
    key = st.key("Transportes Resistentes")
    with st.client(key) as c:
        resp = submit(c, files, RULEBOOK, reference_date=meta["reference_date"], callback_url=rcv.url())
        assert resp.status_code == 202, resp.text
        pid = resp.json()["id"]
        _in_flight(st, pid)
        reading = {fid for fid, s in st.sql("SELECT id, status FROM packet_files WHERE packet_id = :p", p=pid)
                   if s == "reading"}
        victim.kill()
    if mode == "distributed":
        st.start_worker(concurrency=2)
    else:
        st.start_api()
    with st.client(key) as c:  # a new connection: the old one may have died with the server
        done = wait_finished(c, pid, timeout=240, stack=st)

    assert done["status"] == "done", st.logs()
    result = done["result"]
    # Nothing lost: every file read, every document in the result.
    assert all(f["status"] == "done" for f in done["files"]) and len(done["files"]) == len(files)
    rows = st.sql("SELECT file_id, seq FROM documents WHERE packet_id = :p ORDER BY file_id, seq", p=pid)
    assert len(rows) == len(set(rows)) == len(result["documents"])
    assert {d["sha256"] for d in result["documents"]} == {f["sha256"] for f in done["files"]}
    # The file the worker died on was read again, by the new one.
    attempts = dict(st.sql("SELECT id, attempts FROM packet_files WHERE packet_id = :p", p=pid))
    assert all(attempts[fid] >= 2 for fid in reading), (attempts, reading)
    # Nothing twice: one result, one callback.
    assert st.sql("SELECT count(*) FROM results WHERE packet_id = :p", p=pid) == [(1,)]
    calls = rcv.wait_for(1, timeout=30)
    time.sleep(2)
    assert len(rcv.requests) == 1, [c["headers"].get("webhook-id") for c in rcv.requests]
    assert calls[0]["body"] and st.sql("SELECT status FROM callbacks WHERE packet_id = :p", p=pid) == [("delivered",)]
