"""The rest of the surface: synchronous reads, rulebooks, listing, health, metrics, OpenAPI."""

from __future__ import annotations

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import submit, text_pdf, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


def test_read_one_document_synchronously(stack):
    blobs = stack.blob_count()
    with stack.client(stack.key("Portal Gama", "portal")) as c:
        resp = c.post("/v1/documents:read", files={"file": ("crlv.pdf", text_pdf(
            "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO"), "application/pdf")})
        assert resp.status_code == 200, resp.text
        docs = resp.json()["documents"]
        assert docs and docs[0]["id"] == "d1" and docs[0]["filename"] == "crlv.pdf"
        assert docs[0]["pages"] == 1 and docs[0]["text_source"] == "pdf_text"
        bad = c.post("/v1/documents:read", files={"file": ("x.pdf", b"texto", "application/pdf")})
        assert bad.status_code == 415 and bad.json()["code"] == "tipo_de_arquivo_nao_suportado"
    assert stack.blob_count() == blobs  # a synchronous read keeps nothing


def test_rulebooks(stack):
    with stack.client(None) as c:
        books = c.get("/v1/rulebooks").json()
        assert RULEBOOK in [b["id"] for b in books]
        one = c.get(f"/v1/rulebooks/{RULEBOOK}").json()
        assert one["id"] == RULEBOOK and one["items"] and {"id", "article", "requirement"} <= set(one["items"][0])
        missing = c.get("/v1/rulebooks/nao-existe")
        assert missing.status_code == 404 and missing.json()["code"] == "regulamento_desconhecido"


def test_listing_is_paginated(stack):
    key = stack.key("Transportes Paginados")
    with stack.client(key) as c:
        ids = [submit(c, [("files", (f"{n}.pdf", text_pdf(f"documento {n}"), "application/pdf"))], RULEBOOK,
                      reference_date="2026-03-02").json()["id"] for n in range(3)]
        first = c.get("/v1/packets", params={"limit": 2}).json()
        assert first["total"] == 3 and len(first["items"]) == 2 and first["next"]
        rest = c.get(first["next"]).json()
        assert len(rest["items"]) == 1 and rest["next"] is None
        assert {p["id"] for p in first["items"] + rest["items"]} == set(ids)
        assert first["items"][0]["id"] == ids[-1]  # newest first
        for pid in ids:
            wait_finished(c, pid, stack=stack)
        done = c.get("/v1/packets", params={"status": "done"}).json()
        assert done["total"] == 3 and all(p["verdict"] for p in done["items"])
        bad = c.get("/v1/packets", params={"limit": 1000})
        assert bad.status_code == 422 and bad.json()["code"] == "parametros_invalidos"


def test_health_readiness_metrics(stack):
    with stack.client(None) as c:
        assert c.get("/healthz").json() == {"status": "ok"}
        ready = c.get("/readyz").json()
        assert ready["status"] == "ok" and ready["mode"] == stack.mode
        assert set(ready["checks"]) == {"database", "broker", "storage", "tesseract"}
        metrics = c.get("/metrics").text
        assert 'fretadoc_packets{status="done"}' in metrics
        assert "fretadoc_http_requests_total" in metrics
        unknown = c.get("/nao/existe")
        assert unknown.status_code == 404 and unknown.headers["content-type"].startswith("application/problem+json")


def test_openapi_documents_the_api(stack):
    with stack.client(None) as c:
        spec = c.get("/openapi.json").json()
    paths = spec["paths"]
    for path in ("/v1/packets", "/v1/packets/{packet_id}", "/v1/packets/{packet_id}/documents/{doc_id}/pages/{page}.png",
                 "/v1/documents:read", "/v1/rulebooks", "/v1/rulebooks/{rulebook_id}", "/healthz", "/readyz"):
        assert path in paths, path
    post = paths["/v1/packets"]["post"]
    assert "multipart/form-data" in post["requestBody"]["content"]
    assert {"202", "413", "415", "422"} <= set(post["responses"])
    schemas = spec["components"]["schemas"]
    assert schemas["PacketStatus"].get("examples") and schemas["ProblemDoc"].get("examples")
