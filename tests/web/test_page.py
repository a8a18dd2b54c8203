"""The clerks' and carriers' page, in a real browser against a running service: a carrier
uploads sample packets and reads the checklist and the evidence; a clerk reads without
deleting; another carrier sees nothing; bad input and bad keys get Portuguese messages."""

from __future__ import annotations

import json
import re

import pytest

from tests.service.service_stack import packet_dir, packet_meta
from tests.web.helpers import submit_sample

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web")]

RULEBOOK = "rs-metroplan-escolar"
REFERENCE_DATE = "2026-03-02"
LABEL = {"ok": "OK", "fail": "FALHA", "review": "REVISAR", "missing": "AUSENTE", "not_applicable": "N/A"}
VERDICT = {"ok": "APTO", "fail": "REPROVADO", "review": "REVISAR", "incomplete": "INCOMPLETO"}
PACKET_URL = re.compile(r"#/pacote/(pkt_[A-Za-z0-9]+)$")


def expect(target):
    from playwright.sync_api import expect as pw_expect

    return pw_expect(target)


def sample(name: str) -> tuple[dict, list[str]]:
    folder = packet_dir(RULEBOOK, name, "digital")
    if not folder.is_dir():
        pytest.fail(f"sample packet missing: {folder} (run samples/generate.py)")
    files = sorted(str(p) for p in folder.iterdir() if p.suffix == ".pdf")
    assert files, f"no PDF in {folder}"
    return packet_meta(RULEBOOK, name), files


def login(page, key: str) -> None:
    page.goto("/")
    page.get_by_label("Chave de API").fill(key)
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("button", name="Sair")).to_be_visible()
    assert key not in page.url


def upload(page, files: list[str], reference_date: str = REFERENCE_DATE) -> None:
    page.get_by_role("navigation", name="Principal").get_by_role("link", name="Enviar pacote").click()
    page.locator("#arquivos").set_input_files(files)
    page.get_by_label("Regulamento").select_option(RULEBOOK)
    page.get_by_label("Data de referência").fill(reference_date)
    expect(page.locator("[data-fact=mei]")).to_be_visible()  # the rulebook's facts, as checkboxes
    page.get_by_role("button", name="Enviar pacote").click()


def packet_id_after_upload(page) -> str:
    try:
        expect(page).to_have_url(PACKET_URL, timeout=20_000)
    except AssertionError:
        alerts = page.locator(".alert").all_inner_texts()
        raise AssertionError(f"o envio não abriu o pacote; mensagens: {alerts}") from None
    return PACKET_URL.search(page.url).group(1)


def wait_verdict(page, timeout: float = 90_000):
    verdict = page.locator("section.verdict .badge[data-verdict]")
    expect(verdict).to_be_visible(timeout=timeout)
    return verdict


def checklist(page) -> list[dict]:
    return page.locator("ol.checklist > li").evaluate_all("""els => els.map(li => ({
        id: li.dataset.item, status: li.dataset.status,
        label: li.querySelector('summary .badge').textContent.trim()}))""")


def assert_checklist(page, meta: dict) -> list[dict]:
    rows = checklist(page)
    expected = meta["expected"]["items"]
    if isinstance(expected, list):
        expected = {i["id"]: i["status"] for i in expected}
    got = {r["id"]: r["status"] for r in rows}
    wrong = {k: {"expected": v, "got": got.get(k)} for k, v in expected.items() if got.get(k) != v}
    assert not wrong, json.dumps(wrong, indent=1)
    for r in rows:  # what people read: the Portuguese label of each status
        assert r["label"] == LABEL[r["status"]], r
    return rows


def assert_page_with_box(page, field: str, doc: dict, bbox: list[float] | None = None) -> None:
    """The viewer shows the field's page (loaded) and a box where the field's bbox (or the
    given one: a list entry's) says."""
    dialog = page.locator("dialog.viewer")
    expect(dialog).to_be_visible()
    expect(dialog.locator(f"tr[data-field='{field}']")).to_have_class(re.compile(r"\bselected\b"))
    image = dialog.locator("img.page-image")
    expect(image).to_be_visible()
    box = dialog.locator(".bbox")
    expect(box).to_be_visible()
    assert image.evaluate("img => img.complete && img.naturalWidth") > 0
    img, drawn = image.bounding_box(), box.bounding_box()
    assert drawn["width"] > 2 and drawn["height"] > 2, drawn
    x0, y0, x1, y1 = bbox or doc["fields"][field]["bbox"]
    tol = 0.02 * img["width"]  # the drawn box has a little padding and a border
    assert abs(drawn["x"] - (img["x"] + x0 * img["width"])) < tol, (drawn, img, x0)
    assert abs(drawn["y"] - (img["y"] + y0 * img["height"])) < tol, (drawn, img, y0)
    assert abs(drawn["x"] + drawn["width"] - (img["x"] + x1 * img["width"])) < tol, (drawn, img, x1)
    assert abs(drawn["y"] + drawn["height"] - (img["y"] + y1 * img["height"])) < tol, (drawn, img, y1)


def api_result(stack, key: dict, packet_id: str) -> dict:
    with stack.client(key) as c:
        body = c.get(f"/v1/packets/{packet_id}").json()
    assert body["status"] == "done", body
    return body["result"]


def test_carrier_uploads_a_valid_packet_and_reads_the_checklist(new_page, web_stack, keys, tmp_path,
                                                                judged_packets):
    meta, files = sample("valid-escola")
    page = new_page()
    login(page, keys["carrier"]["key"])
    upload(page, files)
    packet_id = packet_id_after_upload(page)
    expect(wait_verdict(page)).to_have_text(VERDICT["ok"])
    assert_checklist(page, meta)
    result = api_result(web_stack, keys["carrier"], packet_id)
    assert [r["id"] for r in checklist(page)] == [i["id"] for i in result["checklist"]]  # the act's order
    judged_packets["valid-escola"] = packet_id

    # Filter: only N/A rows remain visible.
    page.locator("fieldset.filter").get_by_label(re.compile(r"^N/A")).check()
    visible = page.locator("ol.checklist > li:visible")
    expect(visible).to_have_count(sum(1 for i in result["checklist"] if i["status"] == "not_applicable"))
    page.locator("fieldset.filter").get_by_label(re.compile(r"^Todos")).check()
    expect(visible).to_have_count(len(result["checklist"]))
    page.screenshot(path=str(tmp_path / "pacote.png"), full_page=True)

    # The CRLV: its page image, with the plate's box drawn where the result says.
    crlv = next(d for d in result["documents"] if d["type"] == "crlv")
    page.locator(f"table.documents tr[data-doc='{crlv['id']}'] th button").click()
    dialog = page.locator("dialog.viewer")
    dialog.locator("tr[data-field='placa'] th button").click()
    assert_page_with_box(page, "placa", crlv)
    page.screenshot(path=str(tmp_path / "documento.png"))
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # The result JSON, downloaded, is the API's.
    with page.expect_download() as download:
        page.get_by_role("button", name="Baixar resultado (JSON)").click()
    assert download.value.suggested_filename == f"{packet_id}.json"
    assert json.loads(open(download.value.path(), encoding="utf-8").read()) == result


def test_defect_packet_shows_the_failure_its_evidence_and_can_be_deleted(new_page, web_stack, keys):
    meta, files = sample("categoria-particular")
    page = new_page()
    login(page, keys["carrier"]["key"])
    upload(page, files)
    packet_id = packet_id_after_upload(page)
    expect(wait_verdict(page)).to_have_text(VERDICT["fail"])
    assert_checklist(page, meta)

    result = api_result(web_stack, keys["carrier"], packet_id)
    item = next(i for i in result["checklist"] if i["id"] == "art4-xii")
    finding = next(f for f in item["findings"] if f["field"] == "categoria")
    row = page.locator("li[data-item='art4-xii']")
    expect(row.locator("summary .badge")).to_have_text("FALHA")
    shown = row.locator(f".finding[data-code='{finding['code']}']")
    expect(shown.locator(".msg")).to_have_text(finding["message"])
    expect(shown).to_contain_text("PARTICULAR")
    expect(shown).to_contain_text("ALUGUEL")

    # The finding opens the CRLV's page with the categoria boxed.
    shown.get_by_role("button", name="Ver o campo na página").click()
    doc = next(d for d in result["documents"] if d["id"] == finding["document"])
    assert_page_with_box(page, "categoria", doc)
    page.locator("dialog.viewer").get_by_role("button", name="Fechar").click()

    # Deleting asks first; cancelling keeps it, confirming removes it everywhere.
    page.get_by_role("button", name="Apagar pacote").click()
    confirm = page.locator("dialog.confirm")
    confirm.get_by_role("button", name="Cancelar").click()
    expect(confirm).to_have_count(0)
    page.get_by_role("button", name="Apagar pacote").click()
    page.locator("dialog.confirm").get_by_role("button", name="Apagar definitivamente").click()
    expect(page.locator(".alert-success")).to_contain_text("Pacote apagado.")
    expect(page.get_by_role("heading", name="Pacotes")).to_be_visible()
    expect(page.locator(f"tr[data-packet='{packet_id}']")).to_have_count(0)
    with web_stack.client(keys["carrier"]) as c:
        assert c.get(f"/v1/packets/{packet_id}").status_code == 404


def test_a_finding_about_one_passenger_boxes_that_row_not_the_table(new_page, web_stack, keys):
    done = submit_sample(web_stack, keys["carrier"], "cpf-passageiro-invalido")
    result = done["result"]
    finding = next(f for i in result["checklist"] for f in i["findings"]
                   if f["code"] == "lista_passageiros.identificacao_invalida")
    assert finding["row"] == 6 and finding["field"] == "passageiros", finding
    lista = next(d for d in result["documents"] if d["id"] == finding["document"])
    whole, entry = lista["fields"]["passageiros"]["bbox"], lista["fields"]["passageiros"]["rows"][5]
    assert entry["bbox"][3] - entry["bbox"][1] < (whole[3] - whole[1]) / 4, (entry, whole)

    page = new_page()
    login(page, keys["carrier"]["key"])
    page.goto(f"/#/pacote/{done['id']}")
    expect(wait_verdict(page)).to_have_text(VERDICT["fail"])
    shown = page.locator(f".finding[data-code='{finding['code']}']").first
    shown.get_by_role("button", name="Ver o campo na página").click()
    assert_page_with_box(page, "passageiros", lista, bbox=entry["bbox"])
    expect(page.locator("dialog.viewer .page-status")).to_contain_text("linha 6")


@pytest.fixture(scope="module")
def judged_packets() -> dict[str, str]:
    """Sample name -> id of a packet the carrier sent in this module and that is done."""
    return {}


@pytest.fixture
def submitted(web_stack, keys, judged_packets) -> str:
    """The carrier's valid packet: the one sent through the page earlier in this module, or
    else one sent now through the API."""
    if "valid-escola" in judged_packets:
        return judged_packets["valid-escola"]
    return submit_sample(web_stack, keys["carrier"], "valid-escola")["id"]


def test_clerk_reads_only_and_another_carrier_sees_nothing(new_page, web_stack, keys, submitted):
    page = new_page()
    login(page, keys["clerk"]["key"])
    nav = page.get_by_role("navigation", name="Principal")
    expect(nav).to_contain_text("confere e corrige")
    expect(nav.get_by_role("link", name="Enviar pacote")).to_be_hidden()
    expect(page.get_by_role("heading", name="Pacotes enviados ao órgão")).to_be_visible()
    page.locator(f"tr[data-packet='{submitted}'] a").click()
    expect(wait_verdict(page)).to_have_text(VERDICT["ok"])
    expect(page.get_by_role("button", name="Baixar resultado (JSON)")).to_be_visible()
    expect(page.get_by_role("button", name="Apagar pacote")).to_have_count(0)

    # A manual check ticked is kept in this browser and changes no status.
    row = page.locator("li[data-item='art4-xii']")
    row.locator("summary").click()
    boxes = row.locator("fieldset.manual input[type=checkbox]")
    box = boxes.first
    box.check()
    # (the act's check, and the QR Code check of a CRLV-e that states a signature it lacks)
    expect(row).to_contain_text(f"conferências 1/{boxes.count()}")
    page.reload()
    wait_verdict(page)
    row = page.locator("li[data-item='art4-xii']")
    expect(row).to_have_attribute("data-status", "ok")
    expect(row.locator("fieldset.manual input[type=checkbox]").first).to_be_checked()
    expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text(VERDICT["ok"])

    # No upload form for a read-only key.
    page.goto("/#/enviar")
    expect(page.get_by_text("Esta chave só consulta pacotes.")).to_be_visible()
    expect(page.locator("#arquivos")).to_have_count(0)

    other = new_page()
    login(other, keys["other"]["key"])
    expect(other.locator(".list-body")).to_have_attribute("aria-busy", "false")
    expect(other.locator(f"tr[data-packet='{submitted}']")).to_have_count(0)
    other.goto(f"/#/pacote/{submitted}")
    expect(other.locator(".alert-error")).to_contain_text("Não existe pacote com esse identificador para esta chave.")
    expect(other.locator("section.verdict")).to_have_count(0)


def test_a_text_file_named_pdf_dropped_gets_the_portuguese_error(new_page, web_stack, keys):
    with web_stack.client(keys["carrier"]) as c:
        before = c.get("/v1/packets").json()["total"]
    page = new_page()
    login(page, keys["carrier"]["key"])
    page.get_by_role("navigation", name="Principal").get_by_role("link", name="Enviar pacote").click()
    # Dragged and dropped onto the page, as a person would from a file manager.
    dropped = page.evaluate_handle("""([name, text]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, {type: 'application/pdf'}));
        return dt;
    }""", ["requerimento.pdf", "isto não é um PDF\n"])
    page.locator(".dropzone").dispatch_event("drop", {"dataTransfer": dropped})
    expect(page.locator(".file-list li")).to_have_count(1)
    expect(page.locator(".file-list")).to_contain_text("requerimento.pdf")
    page.get_by_label("Regulamento").select_option(RULEBOOK)
    page.get_by_role("button", name="Enviar pacote").click()
    alert = page.locator("form.upload [role=alert]")
    expect(alert).to_contain_text("Tipo de arquivo não suportado")
    expect(alert).to_contain_text("O arquivo 'requerimento.pdf' não é PDF, PNG, JPEG, TIFF nem WebP")
    assert page.url.endswith("#/enviar")
    with web_stack.client(keys["carrier"]) as c:
        assert c.get("/v1/packets").json()["total"] == before  # nothing stored


def test_a_bad_key_is_refused_and_sair_forgets_the_key(new_page, keys):
    page = new_page()
    page.goto("/")
    page.get_by_label("Chave de API").fill("fd_000000000000_naoexiste")
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("alert")).to_contain_text("A chave informada não existe ou foi revogada.")
    assert page.evaluate("sessionStorage.length") == 0

    key = keys["carrier"]["key"]
    login(page, key)
    stored = page.evaluate("[sessionStorage.getItem('fretadoc.key'), JSON.stringify(localStorage)]")
    assert stored[0] == key and key not in stored[1] and key not in page.url
    page.get_by_role("button", name="Sair").click()
    expect(page.get_by_label("Chave de API")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('fretadoc.key')") is None


def test_a_revoked_key_brings_back_the_login_with_the_reason(new_page, web_stack, make_key):
    from service import db, tenants
    from service.settings import Settings

    made = make_key("Transportes Revogados")
    page = new_page()
    login(page, made["key"])
    expect(page.locator(".list-body")).to_have_attribute("aria-busy", "false")
    with db.session_scope(Settings(database_url=web_stack.db_url)) as s:
        assert tenants.revoke_key(s, made["key_id"])
    nav = page.get_by_role("navigation", name="Principal")
    nav.get_by_role("link", name="Enviar pacote").click()
    nav.get_by_role("link", name="Pacotes").click()  # the list asks the API: 401
    expect(page.get_by_label("Chave de API")).to_be_visible()
    expect(page.get_by_role("alert")).to_contain_text("A chave informada não existe ou foi revogada.")
    assert page.evaluate("sessionStorage.getItem('fretadoc.key')") is None


def test_the_api_docs_render_with_nothing_from_another_machine(new_page):
    """/docs is Swagger UI served by the service itself: it renders the API's operations, and
    `new_page` fails the test on any request to another host (a CDN, a favicon, a badge)."""
    page = new_page()
    page.goto("/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("FretaDoc")
    expect(page.locator(".opblock-summary-path", has_text="/v1/packets").first).to_be_visible()
    page.locator(".opblock-summary-path", has_text="/v1/rulebooks").first.click()
    expect(page.get_by_role("button", name="Try it out").first).to_be_visible()
    assert new_page.elsewhere == []
