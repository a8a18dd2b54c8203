"""Quotas per tenant (429 with Retry-After and the IETF RateLimit fields) and backpressure (503
past the backlog's bound), on the distributed stack with no worker: packets stay in flight and
the backlog only grows, so every refusal is certain, never a matter of timing."""

from __future__ import annotations

import json

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import submit, text_pdf

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


def _pdf(tag: str, pages: int = 1) -> list[tuple]:
    return [("files", (f"{tag}.pdf", text_pdf(f"cota {tag}", pages=pages), "application/pdf"))]


def _limits(st, tenant: str, *args: str) -> dict:
    return json.loads(st.cli("keys", "limits", "--tenant", tenant, *args, "--json").stdout)


def _assert_refused(resp, status: int) -> dict:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json")
    assert int(resp.headers["retry-after"]) >= 1
    body = resp.json()
    assert body["title"] and body["detail"] and body["status"] == status
    return body


@pytest.fixture
def idle_stack(make_stack, own_pg_url):
    st = make_stack("distributed")
    st.env["DATABASE_URL"] = st.db_url = own_pg_url
    # reads measured at 3 s a page on one slot; a packet that would wait over 20 s is refused
    st.env.update(FRETADOC_MAX_BACKLOG_WAIT="20", FRETADOC_SECONDS_PER_PAGE="3", FRETADOC_READ_SLOTS="1")
    st.start_api()
    return st


def test_quotas_answer_429_with_ratelimit_headers(idle_stack):
    st = idle_stack
    carrier = st.key("Viação Cota")
    clerk = st.key("Órgão Cota", "authority", (RULEBOOK,))
    assert _limits(st, "Viação Cota")["limits"]["uploads_per_minute"] == 0  # the stack's default: none
    got = _limits(st, "Viação Cota", "--uploads-per-minute", "2", "--packets-in-flight", "10")
    assert got["limits"]["uploads_per_minute"] == 2 and got["own"] == ["packets_in_flight", "uploads_per_minute"]
    files_a = _pdf("a")
    with st.client(carrier) as c:
        first = submit(c, files_a, RULEBOOK, idempotency_key="k1")
        assert first.status_code == 202, first.text
        assert '"envios";q=2;w=60' in first.headers["ratelimit-policy"]
        assert '"em_andamento";q=10' in first.headers["ratelimit-policy"]
        assert first.headers["ratelimit"] == '"envios";r=1'
        assert submit(c, _pdf("b"), RULEBOOK).status_code == 202
        refused = submit(c, _pdf("c"), RULEBOOK)
        body = _assert_refused(refused, 429)
        assert body["code"] == "cota_excedida" and body["cota"] == "envios_por_minuto" and body["limit"] == 2
        assert "2 envios por minuto" in body["detail"]
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert refused.headers["ratelimit"] == f'"envios";r=0;t={refused.headers["retry-after"]}'
        assert c.get("/v1/packets").json()["total"] == 2  # nothing stored
        # the first packet sent again with its Idempotency-Key is a replay, not a new upload
        again = submit(c, files_a, RULEBOOK, idempotency_key="k1")
        assert again.status_code == 202 and again.json()["id"] == first.json()["id"], again.text

        # in flight (no worker: both packets wait) and pages a day
        _limits(st, "Viação Cota", "--reset", "--packets-in-flight", "2")
        body = _assert_refused(submit(c, _pdf("e"), RULEBOOK), 429)
        assert body["cota"] == "pacotes_em_andamento"
        _limits(st, "Viação Cota", "--reset", "--pages-per-day", "4")
        assert submit(c, _pdf("f", pages=2), RULEBOOK).status_code == 202  # 2 + 2 pages: 4
        refused = submit(c, _pdf("g"), RULEBOOK)
        body = _assert_refused(refused, 429)
        assert body["cota"] == "paginas_por_dia" and '"paginas";q=4;w=86400' in refused.headers["ratelimit-policy"]
        assert 86_000 < int(refused.headers["retry-after"]) <= 86_400  # when the first pages leave the day
        assert c.get("/v1/packets").json()["total"] == 3
        # deleting a packet does not give its pages back: the day's uploads are counted apart
        assert c.delete(f"/v1/packets/{first.json()['id']}").status_code == 204
        body = _assert_refused(submit(c, _pdf("h"), RULEBOOK), 429)
        assert body["cota"] == "paginas_por_dia"
        kept = [p["id"] for p in c.get("/v1/packets").json()["items"]]
        assert len(kept) == 2
    assert st.sql("SELECT count(*), sum(pages) FROM upload_usage")[0] == (3, 4)  # refusals not counted
    # the authority's clerks read on, whatever the carrier's use
    with st.client(clerk) as c:
        listed = c.get("/v1/packets")
        assert listed.status_code == 200 and listed.json()["total"] == 2
        assert "ratelimit" not in listed.headers
        assert c.get(f"/v1/packets/{kept[0]}").status_code == 200


def test_backlog_past_its_bound_answers_503(idle_stack):
    st = idle_stack
    bulk, other = st.key("Atacado Fila"), st.key("Escolar Fila")
    with st.client(bulk) as c:
        assert submit(c, _pdf("b1", pages=2), RULEBOOK).status_code == 202  # waits 6 s
        assert submit(c, _pdf("b2", pages=3), RULEBOOK).status_code == 202  # 15 s
        refused = submit(c, _pdf("b3", pages=2), RULEBOOK)  # 21 s > 20 s
        body = _assert_refused(refused, 503)
        assert body["code"] == "fila_cheia" and body["estimated_wait"] == 21
        assert c.get("/v1/packets").json()["total"] == 2
    # another tenant waits only for its own turn: 1 page, two tenants sharing the slot: 6 s
    with st.client(other) as c:
        assert submit(c, _pdf("o1"), RULEBOOK).status_code == 202
    ready = st.client(None).get("/readyz").json()
    tenants = {b["tenant"]: b for b in ready["backlog"]["tenants"]}
    assert tenants[bulk["tenant_id"]] == {"tenant": bulk["tenant_id"], "files": 2, "pages": 5, "wait_seconds": 30.0}
    assert tenants[other["tenant_id"]]["pages"] == 1
    assert ready["backlog"]["wait_seconds"] == 18.0 and ready["backlog"]["max_wait_seconds"] == 20
    metrics = st.client(None).get("/metrics").text
    assert f'fretadoc_backlog_pages{{tenant="{bulk["tenant_id"]}"}} 5.0' in metrics
    assert f'fretadoc_backlog_wait_seconds{{tenant="{other["tenant_id"]}"}} 6.0' in metrics
    assert "fretadoc_backlog_total_wait_seconds 18.0" in metrics
    assert "Escolar Fila" not in metrics  # ids, never names
