"""Upload limits and bad input: one clear Portuguese problem, and nothing stored."""

from __future__ import annotations

import json

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import png_image, submit, text_pdf, wait_finished

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]

PDF = "application/pdf"
MB = 1024 * 1024


def _pdf(name: str, data: bytes) -> tuple:
    return ("files", (name, data, PDF))


def big_pdf(size: int) -> bytes:
    """A file that sniffs as PDF and is `size` bytes long (limits are checked before reading)."""
    head = b"%PDF-1.7\n"
    return head + b"0" * (size - len(head))


# (case, files, form fields, status, code); the stack allows 30 files, 8 MB each, 60 pages.
CASES = [
    ("arquivo grande", lambda: [_pdf("grande.pdf", big_pdf(9 * MB))], {}, 413, "arquivo_grande_demais"),
    ("arquivos demais", lambda: [("files", (f"f{i}.png", png_image(shade=i), "image/png")) for i in range(31)],
     {}, 413, "arquivos_demais"),
    ("páginas num arquivo", lambda: [_pdf("longo.pdf", text_pdf("x", pages=51))], {}, 413, "arquivo_com_paginas_demais"),
    ("páginas no pacote", lambda: [_pdf("a.pdf", text_pdf("a", pages=31)), _pdf("b.pdf", text_pdf("b", pages=31))],
     {}, 413, "paginas_demais"),
    ("texto chamado .pdf", lambda: [_pdf("falso.pdf", b"isto e texto, nao um PDF\n" * 20)], {}, 415,
     "tipo_de_arquivo_nao_suportado"),
    ("arquivo vazio", lambda: [_pdf("vazio.pdf", b"")], {}, 422, "arquivo_vazio"),
    ("regulamento desconhecido", lambda: [_pdf("a.pdf", text_pdf("a"))], {"rulebook": "xx-nao-existe"}, 422,
     "regulamento_desconhecido"),
    ("sem regulamento", lambda: [_pdf("a.pdf", text_pdf("a"))], {"rulebook": ""}, 422, "regulamento_obrigatorio"),
    ("data inválida", lambda: [_pdf("a.pdf", text_pdf("a"))], {"reference_date": "02/03/2026"}, 422,
     "data_de_referencia_invalida"),
    ("fatos inválidos", lambda: [_pdf("a.pdf", text_pdf("a"))], {"facts": "[1, 2]"}, 422, "fatos_invalidos"),
    ("fato desconhecido", lambda: [_pdf("a.pdf", text_pdf("a"))], {"facts": json.dumps({"nao_existe": "1"})}, 422,
     "fatos_invalidos"),
    ("callback inválido", lambda: [_pdf("a.pdf", text_pdf("a"))], {"callback_url": "ftp://x"}, 422,
     "callback_url_invalida"),
    ("campo desconhecido", lambda: [_pdf("a.pdf", text_pdf("a"))], {"cor": "azul"}, 422, "campo_desconhecido"),
    ("sem arquivos", lambda: [], {}, 422, "sem_arquivos"),
]


def test_refused_uploads_store_nothing(stack):
    key = stack.key("Transportes Limites")
    blobs_before = stack.blob_count()
    with stack.client(key) as c:
        packets_before = c.get("/v1/packets").json()["total"]
        for case, make_files, fields, status, code in CASES:
            data = {"rulebook": RULEBOOK, **fields}
            if not data["rulebook"]:
                del data["rulebook"]
            # Fields as parts without a file name, so the body is multipart even with no files.
            parts = [(k, (None, v)) for k, v in data.items()] + make_files()
            resp = c.post("/v1/packets", files=parts)
            assert resp.status_code == status, (case, resp.text)
            assert resp.headers["content-type"].startswith("application/problem+json"), case
            body = resp.json()
            assert body["code"] == code and body["type"].endswith(code), (case, body)
            assert body["title"] and body["detail"], case  # Portuguese text for people
        # Not multipart at all.
        resp = c.post("/v1/packets", json={"rulebook": RULEBOOK})
        assert resp.status_code == 415 and resp.json()["code"] == "formato_invalido"
        assert c.get("/v1/packets").json()["total"] == packets_before
    assert stack.blob_count() == blobs_before


def test_type_comes_from_content_not_name(stack):
    """A PNG named .pdf is taken as the PNG it is."""
    key = stack.key("Transportes Limites")
    with stack.client(key) as c:
        resp = submit(c, [("files", ("foto.pdf", png_image(400, 300), "application/pdf"))], RULEBOOK,
                      reference_date="2026-03-02")
        assert resp.status_code == 202, resp.text
        done = wait_finished(c, resp.json()["id"], stack=stack)
    assert done["files"][0]["media_type"] == "image/png"
    assert done["files"][0]["filename"] == "foto.pdf"
