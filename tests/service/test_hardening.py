"""What a hostile tester and an API fuzzer found: each refusal is one clear
Portuguese problem with the right status, nothing is stored, and nothing secret is logged."""

from __future__ import annotations

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import free_port, text_pdf

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]

BOUNDARY = "fretadoc-teste"


def _multipart(*parts: bytes, close: bool = True) -> bytes:
    body = b"".join(parts)
    return body + (f"--{BOUNDARY}--\r\n".encode() if close else b"")


def _field(name: str, value: str) -> bytes:
    return f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()


def _file_head(filename: str) -> bytes:
    return (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="{filename}"\r\n'
            "Content-Type: application/pdf\r\n\r\n").encode()


def _post(c, body: bytes):
    return c.post("/v1/packets", content=body,
                  headers={"Content-Type": f"multipart/form-data; boundary={BOUNDARY}"})


def _problem(resp, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json")
    body = resp.json()
    assert body["code"] == code, body
    return body


def test_a_body_cut_off_mid_file_is_a_400_and_stores_nothing(stack):
    key = stack.key("Transportes Cortados")
    pdf = text_pdf("APÓLICE DE SEGURO", "um arquivo que chega pela metade")
    blobs = stack.blob_count()
    with stack.client(key) as c:
        total = c.get("/v1/packets").json()["total"]
        cut = _field("rulebook", RULEBOOK) + _file_head("apolice.pdf") + pdf[: len(pdf) // 2]
        body = _problem(_post(c, cut), 400, "multipart_incompleto")
        assert "cortado" in body["detail"]
        # cut just before the closing boundary: the part's data ended, the body did not
        nearly = _field("rulebook", RULEBOOK) + _file_head("apolice.pdf") + pdf + b"\r\n"
        _problem(_post(c, nearly), 400, "multipart_incompleto")
        # the same body whole is taken
        whole = _multipart(_field("rulebook", RULEBOOK), _field("reference_date", "2026-03-02"),
                           _file_head("apolice.pdf") + pdf + b"\r\n")
        assert _post(c, whole).status_code == 202
        assert c.get("/v1/packets").json()["total"] == total + 1
    assert stack.blob_count() == blobs + 1


def test_a_file_name_too_long_says_so(stack):
    key = stack.key("Transportes Cortados")
    with stack.client(key) as c:
        body = _multipart(_field("rulebook", RULEBOOK), _file_head("a" * 5000 + ".pdf") + text_pdf("x") + b"\r\n")
        problem = _problem(_post(c, body), 400, "cabecalho_grande_demais")
        assert "nome de arquivo" in problem["detail"] and "4 KB" in problem["detail"]


def test_bounds_and_wording(stack):
    key = stack.key("Transportes Cortados")
    with stack.client(key) as c:
        # an offset past any integer a database holds is a 422, not a 500
        _problem(c.get("/v1/packets", params={"offset": "55787276408409000245037384073216"}), 422,
                 "parametros_invalidos")
        for ref in ("0001-01-01", "9999-12-31", "1999-12-31"):
            files = [("files", ("a.pdf", text_pdf("a"), "application/pdf"))]
            resp = c.post("/v1/packets", files=files, data={"rulebook": RULEBOOK, "reference_date": ref})
            problem = _problem(resp, 422, "data_de_referencia_invalida")
            assert "entre 01/01/2000 e 31/12/2099" in problem["detail"], problem
            # in the clerk's words: no internal name, the year written whole
            assert "reference_date" not in problem["detail"] and problem["detail"].startswith("A data de referência")
        assert "01/01/0001" in problem["detail"] or "31/12/9999" in problem["detail"] or "31/12/1999" in problem["detail"]
        # a bad file is named by its name, not by its place in the upload
        files = [("files", ("a.pdf", text_pdf("a"), "application/pdf")), ("files", ("lista-escola.pdf", b"", "application/pdf"))]
        problem = _problem(c.post("/v1/packets", files=files, data={"rulebook": RULEBOOK}), 422, "arquivo_vazio")
        assert problem["detail"] == "O arquivo 'lista-escola.pdf' está vazio.", problem
        files = [("files", ("a.pdf", text_pdf("a"), "application/pdf"))]
        problem = _problem(c.post("/v1/packets", files=files, data={"rulebook": "xx"}), 422,
                           "regulamento_desconhecido")
        assert problem["detail"].startswith("Regulamento desconhecido") and "Rulebook" not in problem["detail"]
        two = [("file", ("a.pdf", text_pdf("a"), "application/pdf")), ("file", ("b.pdf", text_pdf("b"), "application/pdf"))]
        problem = _problem(c.post("/v1/documents:read", files=two), 413, "arquivos_demais")
        assert "no máximo 1 arquivo." in problem["detail"], problem
    assert "ERROR" not in stack.logs() and "Traceback" not in stack.logs()


def test_limits_are_written_as_set():
    from api.uploads import files_text, size_text

    assert size_text(6000) == "6.000 bytes"  # not '5 KB'
    assert size_text(25 * 1024 * 1024) == "25 MB" and size_text(64 * 1024) == "64 KB"
    assert size_text(int(2.5 * 1024 * 1024)) == "2.560 KB"
    assert files_text(1) == "1 arquivo" and files_text(50) == "50 arquivos"


def test_no_query_string_in_the_access_log_keys_in_urls_refused_metrics_closable(make_stack):
    st = make_stack("embedded")
    st.env["FRETADOC_METRICS_TOKEN"] = "token-de-metricas-de-teste"
    st.port = free_port()
    st.wait_api(st._spawn("api-info", ["serve", "--port", str(st.port), "--log-level", "info"]))
    key = st.key("Transportes Discretos")
    with st.client(key) as c:
        assert c.get("/v1/packets", params={"limit": "5", "status": "done"}).status_code == 200
        for name in ("key", "api_key", "token"):
            resp = c.get("/v1/packets", params={name: key["key"]})
            assert _problem(resp, 400, "chave_na_url")["detail"].startswith("Não envie chaves")
    with st.client(None) as anon:
        _problem(anon.get("/metrics"), 403, "metricas_fechadas")
        _problem(anon.get("/metrics", headers={"Authorization": "Bearer outro"}), 403, "metricas_fechadas")
        ok = anon.get("/metrics", headers={"Authorization": "Bearer token-de-metricas-de-teste"})
        assert ok.status_code == 200 and "fretadoc_" in ok.text
    log = st.logs()
    assert '"GET /v1/packets?… HTTP/1.1" 200' in log, log[-2000:]
    assert "limit=5" not in log and key["key"] not in log
    assert '"GET /v1/packets?… HTTP/1.1" 400' in log


def test_a_client_that_hangs_up_mid_upload_is_one_info_line_and_a_metric(make_stack):
    import socket
    import time

    st = make_stack("embedded")
    st.start_api()
    key = st.key("Transportes Impacientes")
    head = _field("rulebook", RULEBOOK) + _file_head("apolice.pdf") + text_pdf("APÓLICE") * 20
    request = (f"POST /v1/packets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {key['key']}\r\n"
               f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"
               f"Content-Length: {len(head) + 1_000_000}\r\n\r\n").encode() + head
    with socket.create_connection(("127.0.0.1", st.port)) as sock:
        sock.sendall(request)
        time.sleep(0.5)  # the server is reading the body when the client goes
    blobs = st.blob_count()
    deadline = time.monotonic() + 10
    while "interrupted by the client" not in st.logs() and time.monotonic() < deadline:
        time.sleep(0.1)
    logs = st.logs()
    assert logs.count("interrupted by the client") == 1, logs[-3000:]
    assert "Traceback" not in logs and " ERROR " not in logs, logs[-3000:]
    with st.client(None) as anon:
        metrics = anon.get("/metrics").text
    assert "fretadoc_uploads_aborted_total 1.0" in metrics
    with st.client(key) as c:
        assert c.get("/v1/packets").json()["total"] == 0
    assert blobs == 0
