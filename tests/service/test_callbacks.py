"""Callbacks: the result document, signed as Standard Webhooks prescribe with the tenant's
secret, retried with backoff under one event id."""

from __future__ import annotations

import json
import time

import pytest
from standardwebhooks import Webhook, WebhookVerificationError

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import submit, text_pdf, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


def test_callback_is_signed_and_retried(stack, receiver):
    rcv = receiver([500, 200])  # the portal fails once, then accepts
    key = stack.key("Portal Gama", "portal")
    files = [("files", ("apolice.pdf", text_pdf("APÓLICE DE SEGURO"), "application/pdf"))]
    with stack.client(key) as c:
        resp = submit(c, files, RULEBOOK, reference_date="2026-03-02", callback_url=rcv.url())
        assert resp.status_code == 202, resp.text
        pid = resp.json()["id"]
        done = wait_finished(c, pid, stack=stack)
    calls = rcv.wait_for(2, timeout=30)
    assert len(calls) == 2, stack.logs()
    first, second = calls
    assert first["answered"] == 500 and second["answered"] == 200
    assert first["body"] == second["body"]  # the same delivery, tried again
    ids = set()
    for call in calls:
        headers = {k.lower(): v for k, v in call["headers"].items()}
        # what a receiver does: the standardwebhooks package checks id, timestamp and signature
        assert Webhook(key["callback_secret"]).verify(call["body"], headers) == done["result"]
        assert abs(int(headers["webhook-timestamp"]) - time.time()) < 120
        ids.add(headers["webhook-id"])
        assert headers["x-fretadoc-event"] == "packet.done"
        assert headers["x-fretadoc-packet"] == pid
        assert headers["content-type"] == "application/json"
    assert len(ids) == 1  # a resend is recognisable: the same event id at every attempt
    assert [{k.lower(): v for k, v in c["headers"].items()}["x-fretadoc-attempt"] for c in calls] == ["1", "2"]
    assert json.loads(second["body"]) == done["result"]  # the contract's result document
    headers = {k.lower(): v for k, v in second["headers"].items()}
    # A wrong secret does not verify, nor a timestamp changed to pass a replay off as new.
    with pytest.raises(WebhookVerificationError):
        Webhook("whsec_" + "0" * 64).verify(second["body"], headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(key["callback_secret"]).verify(
            second["body"], {**headers, "webhook-timestamp": str(int(headers["webhook-timestamp"]) + 60)})
    time.sleep(1.0)
    assert len(rcv.requests) == 2  # delivered: no more attempts
    assert stack.sql("SELECT status, attempts FROM callbacks WHERE packet_id = :p", p=pid) == [("delivered", 2)]


def test_callback_gives_up_after_max_attempts(stack, receiver):
    rcv = receiver([503] * 10)
    key = stack.key("Portal Gama", "portal")
    files = [("files", ("apolice.pdf", text_pdf("APÓLICE DE SEGURO", "tentativas"), "application/pdf"))]
    with stack.client(key) as c:
        pid = submit(c, files, RULEBOOK, reference_date="2026-03-02", callback_url=rcv.url()).json()["id"]
        wait_finished(c, pid, stack=stack)
    rcv.wait_for(3, timeout=30)  # FRETADOC_CALLBACK_MAX_ATTEMPTS=3 in the test stacks
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        rows = stack.sql("SELECT status, attempts FROM callbacks WHERE packet_id = :p", p=pid)
        if rows and rows[0][0] == "failed":
            break
        time.sleep(0.2)
    assert rows == [("failed", 3)]
    time.sleep(1.5)
    assert len(rcv.requests) == 3


def test_a_restart_keeps_a_pending_callbacks_backoff(make_stack, receiver):
    """The first attempt fails; the service restarts at once. The second attempt waits out the
    backoff the first one set (8 s here), then goes with the same event id."""
    rcv = receiver([503, 200])
    st = make_stack("embedded")
    st.env["FRETADOC_CALLBACK_BACKOFF"] = "8"
    api = st.start_api()
    key = st.key("Portal Delta", "portal")
    files = [("files", ("apolice.pdf", text_pdf("APÓLICE DE SEGURO", "reinicio"), "application/pdf"))]
    with st.client(key) as c:
        pid = submit(c, files, RULEBOOK, reference_date="2026-03-02", callback_url=rcv.url()).json()["id"]
        wait_finished(c, pid, stack=st)
    first = rcv.wait_for(1, timeout=30)[0]
    api.stop()
    st.start_api()
    time.sleep(max(0.0, first["at"] + 5 - time.monotonic()))
    # (a restart slower than the backoff on a busy machine may legitimately see the second
    # attempt by now: what must never be is an attempt before the backoff ran out)
    early = [r for r in rcv.requests[1:] if r["at"] - first["at"] < 7.5]
    assert not early, "resent at the restart, before its backoff"
    calls = rcv.wait_for(2, timeout=30)
    assert len(calls) == 2, st.logs()
    assert calls[1]["at"] - first["at"] >= 7.5
    ids = {next(v for k, v in c["headers"].items() if k.lower() == "webhook-id") for c in calls}
    assert len(ids) == 1
    deadline = time.monotonic() + 10  # the outbox is updated once the answer is back
    while (rows := st.sql("SELECT status, attempts FROM callbacks WHERE packet_id = :p", p=pid)) != [
            ("delivered", 2)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert rows == [("delivered", 2)]
