"""Fair reading: one tenant's backlog never holds another tenant's packet behind it, and a small
packet is not starved by a large one of the same tenant. Observed as the order in which files
were read (one read at a time), never as durations."""

from __future__ import annotations

import os
import time

import pytest

from tests.service.helpers import RULEBOOK, reachable, stored_packet
from tests.service.service_stack import submit, text_pdf, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]

RABBITMQ = os.environ.get("FRETADOC_TEST_RABBITMQ", "amqp://guest:guest@127.0.0.1:5672//")


def _files(tag: str, n: int) -> list[tuple]:
    # distinct contents: no read is answered from another's cache
    return [("files", (f"{tag}-{i}.pdf", text_pdf(f"{tag} documento {i}"), "application/pdf")) for i in range(n)]


def _check_order(reads: list[tuple[str, str]]) -> None:
    """reads: (tenant, packet) of each file, in the order they were read. The bulk tenant sent a
    large packet L (6 files), a small one S (1 file) and two more of 3 files before the other
    tenant sent B (2 files): FIFO would read B after 13 files; fairly, it alternates."""
    order = [packet for _, packet in reads]
    assert len(order) == 15, reads
    b_reads = [i for i, p in enumerate(order) if p == "B"]
    assert b_reads[-1] <= 3, order  # B's two files are among the first four read
    bulk = [p for p in order if p != "B"]
    assert bulk.index("S") < max(i for i, p in enumerate(bulk) if p == "L"), bulk  # S not behind all of L
    assert bulk.index("S") <= 1, bulk
    assert bulk.index("P1") < bulk.index("P2"), bulk  # first come first served


def _send_all(stack) -> dict[str, str]:
    bulk, other = stack.key("Fretamentos Atacado"), stack.key("Escolar Pequena")
    sent: dict[str, str] = {}
    with stack.client(bulk) as c:
        for name, n in (("L", 6), ("S", 1), ("P1", 3), ("P2", 3)):
            resp = submit(c, _files(f"{stack.name}-{name}", n), RULEBOOK)
            assert resp.status_code == 202, resp.text
            sent[resp.json()["id"]] = name
    with stack.client(other) as c:
        resp = submit(c, _files(f"{stack.name}-B", 2), RULEBOOK)
        assert resp.status_code == 202, resp.text
        sent[resp.json()["id"]] = "B"
    return sent


def _reads(stack, sent: dict[str, str]) -> list[tuple[str, str]]:
    rows = stack.sql("SELECT p.tenant_id, f.packet_id FROM packet_files f JOIN packets p ON p.id = f.packet_id "
                     "WHERE f.packet_id = ANY(:ids) ORDER BY f.started_at, f.id", ids=list(sent))
    return [(t, sent[p]) for t, p in rows]


@pytest.mark.parametrize("broker", ["redis", "rabbitmq"])
def test_celery_reads_tenants_fairly(make_stack, broker):
    """Everything queued while no worker runs, then one worker reading one file at a time."""
    if broker == "rabbitmq" and not reachable("127.0.0.1", 5672):
        pytest.skip("RabbitMQ não responde em 127.0.0.1:5672")
    st = make_stack("distributed")
    if broker == "rabbitmq":
        st.env["FRETADOC_BROKER_URL"] = RABBITMQ
    st.start_api()
    sent = _send_all(st)
    st.start_worker(concurrency=1)
    with st.client(st.key("Fretamentos Atacado")) as c:
        for pid, name in sent.items():
            if name != "B":
                assert wait_finished(c, pid, timeout=240, stack=st)["status"] == "done"
    with st.client(st.key("Escolar Pequena")) as c:
        assert wait_finished(c, next(p for p, n in sent.items() if n == "B"), stack=st)["status"] == "done"
    _check_order(_reads(st, sent))
    assert st.sql("SELECT count(*) FROM packet_files WHERE attempts <> 1 AND packet_id = ANY(:ids)",
                  ids=list(sent))[0][0] == 0  # each file read once


def test_embedded_pool_reads_tenants_fairly(tmp_path):
    """The embedded pool (one reading thread) over SQLite, the same claims: the packets stored
    first, then dispatched in the order they came."""
    from service import db, dispatch
    from service.db.models import PacketFile, PacketRow
    from service.settings import Settings

    settings = Settings(data_dir=tmp_path, workers=1, read_cache="off")
    db.migrate(settings)
    names: dict[str, str] = {}
    order: list[str] = []
    for tname, name, n in (("Fretamentos Atacado", "L", 6), ("Fretamentos Atacado", "S", 1),
                           ("Fretamentos Atacado", "P1", 3), ("Fretamentos Atacado", "P2", 3),
                           ("Escolar Pequena", "B", 2)):
        pid = stored_packet(settings, tmp_path, tname, f"embutido {name}", n)
        names[pid] = name
        order.append(pid)
    pool = dispatch.InProcessDispatcher(settings)
    try:
        for pid in order:
            dispatch.dispatch_packet(pid, pool, settings=settings)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            with db.session_scope(settings) as s:
                if s.query(PacketRow).filter(PacketRow.status.in_(("queued", "processing"))).count() == 0:
                    break
            time.sleep(0.2)
    finally:
        pool.close()
    with db.session_scope(settings) as s:
        # (what was left undone, named, where a packet did not finish)
        left = {names[p.id]: (p.status, [(f.status, f.attempts, bool(f.claim)) for f in
                                         s.query(PacketFile).filter(PacketFile.packet_id == p.id)])
                for p in s.query(PacketRow) if p.status != "done"}
        assert left == {}
        rows = s.query(PacketFile).order_by(PacketFile.started_at, PacketFile.id).all()
        _check_order([("", names[f.packet_id]) for f in rows])
