"""Callbacks: the result document, signed with the tenant's secret, retried with backoff."""

from __future__ import annotations

import hashlib
import hmac
import json
import time

import pytest
from conftest import RULEBOOK
from service_stack import submit, text_pdf, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


def _signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


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
    for call in calls:
        headers = {k.lower(): v for k, v in call["headers"].items()}
        assert headers["x-fretadoc-signature"] == _signature(key["callback_secret"], call["body"])
        assert headers["x-fretadoc-event"] == "packet.done"
        assert headers["x-fretadoc-packet"] == pid
        assert headers["content-type"] == "application/json"
    assert json.loads(second["body"]) == done["result"]  # the contract's result document
    # A wrong secret does not verify.
    assert _signature("whsec_outro", second["body"]) != {k.lower(): v for k, v in second["headers"].items()}[
        "x-fretadoc-signature"]
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
