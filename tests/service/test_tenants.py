"""A key sees only its tenant's packets; an authority's clerks see, read-only, those sent to it."""

from __future__ import annotations

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import submit, text_pdf, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


def _problem(resp, status: int, code: str) -> None:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json")
    assert resp.json()["code"] == code


def test_tenant_isolation_and_authority_clerks(stack):
    owner = stack.key("Transportes Alfa")
    other = stack.key("Viação Beta")
    clerk = stack.key("METROPLAN", "authority", (RULEBOOK,))
    foreign_clerk = stack.key("DER-MG", "authority")
    files = [("files", ("contrato.pdf", text_pdf("CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE FRETAMENTO"), "application/pdf"))]
    with stack.client(owner) as c:
        resp = submit(c, files, RULEBOOK, reference_date="2026-03-02")
        assert resp.status_code == 202, resp.text
        pid = resp.json()["id"]
        done = wait_finished(c, pid, stack=stack)
        assert done["status"] == "done"
        page = f"/v1/packets/{pid}/documents/d1/pages/1.png"
        assert c.get(page).status_code == 200

    with stack.client(other) as c:
        _problem(c.get(f"/v1/packets/{pid}"), 404, "pacote_nao_encontrado")
        _problem(c.get(page), 404, "pacote_nao_encontrado")
        _problem(c.delete(f"/v1/packets/{pid}"), 404, "pacote_nao_encontrado")
        # The same answer as for a packet that never existed: no way to probe ids.
        assert c.get(f"/v1/packets/{pid}").json()["detail"] == c.get("/v1/packets/pkt_nao_existe").json()["detail"]
        listed = c.get("/v1/packets", params={"limit": 100}).json()
        assert pid not in [p["id"] for p in listed["items"]]

    with stack.client(foreign_clerk) as c:
        _problem(c.get(f"/v1/packets/{pid}"), 404, "pacote_nao_encontrado")
        assert pid not in [p["id"] for p in c.get("/v1/packets").json()["items"]]

    with stack.client(clerk) as c:
        seen = c.get(f"/v1/packets/{pid}")
        assert seen.status_code == 200 and seen.json()["result"]["packet_id"] == pid
        assert pid in [p["id"] for p in c.get("/v1/packets", params={"limit": 100}).json()["items"]]
        assert c.get(page).status_code == 200
        _problem(c.delete(f"/v1/packets/{pid}"), 403, "somente_leitura")
        _problem(submit(c, files, RULEBOOK), 403, "somente_leitura")

    with stack.client(owner) as c:  # nothing the others did touched it
        assert c.get(f"/v1/packets/{pid}").json()["status"] == "done"


def test_keys_required_and_revocable(stack):
    with stack.client(None) as c:
        _problem(c.get("/v1/packets"), 401, "nao_autenticado")
    with stack.client("fd_000000000000_notakey") as c:
        _problem(c.get("/v1/packets"), 401, "chave_invalida")
    made = stack.key("Transportes Revogados")
    with stack.client(made) as c:
        assert c.get("/v1/packets").status_code == 200
        # X-API-Key works as well as the Bearer scheme.
        assert c.get("/v1/packets", headers={"Authorization": "", "X-API-Key": made["key"]}).status_code == 200
    stack.cli("keys", "revoke", made["key_id"])
    with stack.client(made) as c:
        _problem(c.get("/v1/packets"), 401, "chave_invalida")
    # Only the hash is stored: the clear key appears nowhere in the database.
    rows = stack.sql("SELECT key_hash FROM api_keys WHERE id = :i", i=made["key_id"])
    assert rows and rows[0][0] != made["key"] and made["key"] not in str(stack.sql("SELECT * FROM api_keys"))


def test_me_says_who_the_key_is(stack):
    with stack.client(stack.key("Transportes Gama")) as c:
        me = c.get("/v1/me").json()
        assert me == {"tenant": "Transportes Gama", "kind": "carrier", "role": "submitter",
                      "read_only": False, "rulebooks": []}
    with stack.client(stack.key("METROPLAN", "authority", (RULEBOOK,))) as c:
        me = c.get("/v1/me").json()
        assert me["role"] == "clerk" and me["read_only"] is True and me["rulebooks"] == [RULEBOOK]
    with stack.client(None) as c:
        _problem(c.get("/v1/me"), 401, "nao_autenticado")
