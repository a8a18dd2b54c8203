"""Idempotency-Key: the same key and body give the same packet; another body is refused."""

from __future__ import annotations

import secrets

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import submit, text_pdf

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


def test_idempotency_key(stack):
    key = stack.key("Transportes Idempotentes")
    files = [("files", ("crlv.pdf", text_pdf("CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO"), "application/pdf"))]
    idem = "envio-" + secrets.token_hex(4)
    with stack.client(key) as c:
        before = c.get("/v1/packets").json()["total"]
        first = submit(c, files, RULEBOOK, reference_date="2026-03-02", idempotency_key=idem)
        again = submit(c, files, RULEBOOK, reference_date="2026-03-02", idempotency_key=idem)
        assert first.status_code == again.status_code == 202, (first.text, again.text)
        assert again.json()["id"] == first.json()["id"]
        assert first.json()["replayed"] is False and again.json()["replayed"] is True
        assert again.headers.get("idempotent-replayed") == "true"

        changed = submit(c, files, RULEBOOK, reference_date="2026-03-03", idempotency_key=idem)
        assert changed.status_code == 422
        assert changed.json()["code"] == "chave_idempotencia_reutilizada"

        fresh = submit(c, files, RULEBOOK, reference_date="2026-03-02")
        assert fresh.status_code == 202 and fresh.json()["id"] != first.json()["id"]
        assert c.get("/v1/packets").json()["total"] == before + 2

    # Keys belong to a tenant: another tenant's same key is its own packet.
    with stack.client(stack.key("Viação Beta")) as c:
        theirs = submit(c, files, RULEBOOK, reference_date="2026-03-02", idempotency_key=idem)
        assert theirs.status_code == 202 and theirs.json()["id"] != first.json()["id"]
