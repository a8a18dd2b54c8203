"""No file waits with no read token left to claim it: a packet whose file another packet's token
read still sends its tokens, the embedded pool replaces tokens that ended early or were never
sent, a token that fails before claiming is sent again, and tokens a broker lost are sent again
by the API. Observed as files read and tokens counted, never as durations."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.service.helpers import RULEBOOK, stored_packet
from tests.service.service_stack import text_pdf

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


def _packet(settings, tmp_path: Path, tag: str, n: int) -> str:
    return stored_packet(settings, tmp_path, "Fretamentos Fichas", f"ficha {tag}", n)


def _wait_done(settings, packet_id: str, timeout: float = 60) -> list[tuple[str, int]]:
    from service import db
    from service.db.models import PacketFile, PacketRow

    deadline = time.monotonic() + timeout
    while True:
        with db.session_scope(settings) as s:
            status = s.get(PacketRow, packet_id).status
            files = [(f.status, f.attempts) for f in s.query(PacketFile).filter(PacketFile.packet_id == packet_id)]
        if status == "done" or time.monotonic() > deadline:
            return files
        time.sleep(0.1)


@pytest.fixture
def settings(tmp_path):
    from service import db
    from service.settings import Settings

    st = Settings(data_dir=tmp_path, workers=1, read_cache="off")
    db.migrate(st)
    return st


def test_one_token_for_four_files_reads_them_all(settings, tmp_path):
    """As if three of the packet's tokens had ended without claiming: the pool counts the files
    waiting against its tokens after each read and sends the missing ones."""
    from service import dispatch

    pid = _packet(settings, tmp_path, "falta", 4)
    pool = dispatch.InProcessDispatcher(settings)
    try:
        pool.read_next()  # one token, not four
        files = _wait_done(settings, pid)
    finally:
        pool.close()
    assert files == [("done", 1)] * 4  # each file read once


def test_a_packet_never_dispatched_is_read_at_the_next_top_up(settings, tmp_path):
    from service import dispatch

    pid = _packet(settings, tmp_path, "sem-ficha", 2)
    pool = dispatch.InProcessDispatcher(settings)
    try:
        assert pool.top_up() == 2
        assert _wait_done(settings, pid) == [("done", 1)] * 2
        assert pool.top_up() == 0  # nothing waits: no token sent
    finally:
        pool.close()


def test_a_packet_whose_file_another_token_read_still_sends_its_token(settings, tmp_path):
    """Packet A is dispatched; one of A's tokens claims the file of B, uploaded meanwhile, before
    B is dispatched. B's dispatch still sends a token, which reads A's file left waiting."""
    from service import db, dispatch, fair_queue, steps
    from service.db.models import PacketFile

    class Counting(dispatch.Dispatcher):  # the transport only: what dispatch asks for, counted
        def __init__(self) -> None:
            self.tokens, self.judged = 0, []

        def read_next(self) -> None:
            self.tokens += 1

        def judge(self, packet_id: str) -> None:
            self.judged.append(packet_id)

    a = _packet(settings, tmp_path, "a", 2)
    sent = Counting()
    dispatch.dispatch_packet(a, sent, settings=settings)
    assert sent.tokens == 2
    b = _packet(settings, tmp_path, "b", 1)
    # the claim goes to the tenant's packets in turn: B (none read yet) before A's second file
    for token in ("a1", "a2"):
        assert steps.read_next(token, settings) is not None
    with db.session_scope(settings) as s:
        assert [f.status for f in s.query(PacketFile).filter(PacketFile.packet_id == b)] == ["done"]
        assert fair_queue.queued_count(s) == 1  # A's second file waits
    dispatch.dispatch_packet(b, sent, settings=settings)
    assert sent.tokens == 3 and sent.judged == [b]  # B's token is still sent, for A's file


def test_a_token_failing_before_its_claim_is_sent_again(settings):
    """A token that failed for good without a file (the database away at its claim) asks for a
    new token; one that had claimed a file gives that file up instead."""
    from service import steps

    assert steps.read_next_failed("nenhum-arquivo", settings) == [steps.Next("read", "", steps.RETOKEN_DELAY)]


def test_tokens_a_broker_lost_are_sent_again(make_stack):
    """Celery over Redis: the read queue emptied while no worker ran (a broker flushed) leaves
    the packet's files with no token; the API sees files waiting, none read and the queue empty,
    and sends a token for each, so the worker started afterwards reads them."""
    import redis

    from tests.service.helpers import REDIS
    from tests.service.service_stack import submit, wait_finished

    st = make_stack("distributed")
    st.env["FRETADOC_DISPATCH_GRACE"] = "1"
    st.start_api()
    carrier = st.key("Fretamentos Perdidos")
    files = [("files", (f"perdido-{i}.pdf", text_pdf(f"ficha perdida {i}"), "application/pdf")) for i in range(2)]
    queue = f"{st.env['FRETADOC_QUEUE_PREFIX']}.read"
    rc = redis.Redis.from_url(REDIS)
    with st.client(carrier) as c:
        resp = submit(c, files, RULEBOOK)
        assert resp.status_code == 202, resp.text
        pid = resp.json()["id"]
        deadline = time.monotonic() + 30
        while rc.llen(queue) < 2 and time.monotonic() < deadline:  # the packet's two tokens
            time.sleep(0.1)
        assert rc.llen(queue) == 2
        rc.delete(queue)  # lost
        st.start_worker(concurrency=1)
        assert wait_finished(c, pid, timeout=90, stack=st)["status"] == "done"
    rc.close()
    assert "with no read token in the broker: 2 token(s) sent" in st.logs()
    assert st.sql("SELECT count(*) FROM packet_files WHERE packet_id = :p AND attempts = 1", p=pid)[0][0] == 2
