"""What a clerk sees, in a real Chromium at 1366 × 768: the checklist's words hold no code, the
evidence viewer's Confirmar/Corrigir fit on the screen, a closed vocabulary is a choice of its
Portuguese labels, and a passenger list can be confirmed as read ("Conferir lista"). The
screenshots of docs/ (README, the web page) are taken here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.test_wording import problems
from tests.web.helpers import submit_sample

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web")]

DOCS = Path(__file__).resolve().parents[2] / "docs"
SMALL = {"width": 1366, "height": 768}


def expect(target):
    from playwright.sync_api import expect as pw_expect

    return pw_expect(target)


def decide_every_review(page, note: str) -> list[str]:
    """The clerk decides each item still in review as conforming, with `note`; the items decided."""
    decided = []
    left = page.locator("ol.checklist > li[data-status='review']")
    while left.count():
        item = left.first
        name = item.get_attribute("data-item")
        form = item.locator("form.decision")
        form.get_by_label("Conforme", exact=True).check()
        form.get_by_label("Observação (obrigatória)").fill(note)
        form.get_by_role("button", name="Registrar decisão").click()
        expect(page.locator(f"li[data-item='{name}']")).to_have_attribute("data-status", "ok")
        expect(page.locator(f"li[data-item='{name}'] .finding[data-code='decisao.orgao']")).to_contain_text(note)
        decided.append(name)
    return decided


def _open_packet(page, key: str, packet_id: str, verdict: str) -> None:
    page.set_viewport_size(SMALL)
    page.goto("/")
    page.get_by_label("Chave de API").fill(key)
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("button", name="Sair")).to_be_visible()
    page.goto(f"/#/pacote/{packet_id}")
    expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text(verdict, timeout=60_000)


def _viewer(new_page, web_stack, keys, sample: str, verdict: str, doc_type: str):
    """A sample sent by the carrier, opened by the clerk, the viewer on its document of `doc_type`."""
    done = submit_sample(web_stack, keys["carrier"], sample)
    page = new_page()
    _open_packet(page, keys["clerk"]["key"], done["id"], verdict)
    doc = next(d for d in done["result"]["documents"] if d["type"] == doc_type)
    page.locator(f"tr[data-doc='{doc['id']}'] th button").click()
    dialog = page.locator("dialog.viewer")
    expect(dialog).to_be_visible()
    return page, dialog, done, doc


def test_the_checklist_reads_as_a_clerk_writes(new_page, web_stack, keys):
    done = submit_sample(web_stack, keys["carrier"], "apolice-outra-placa")
    page = new_page()
    _open_packet(page, keys["clerk"]["key"], done["id"], "REPROVADO")
    page.get_by_role("button", name="Abrir todos").click()
    text = page.locator("section.verdict").inner_text() + page.locator("section.checklist-section").inner_text()
    ids = {i["id"] for i in done["result"]["checklist"]}
    assert not problems(text, ids, "web checklist")
    assert "Esperado" in text and "itens" in text  # the words are there, not only absent codes
    assert not re.search(r"\b1 itens\b|\b\d+ item precisa|\(s\)", text)
    DOCS.mkdir(exist_ok=True)
    page.locator("li[data-item='art4-xi']").scroll_into_view_if_needed()
    page.screenshot(path=str(DOCS / "web-checklist.png"))


def test_the_viewers_buttons_fit_a_1366_by_768_screen(new_page, web_stack, keys):
    page, dialog, _, _ = _viewer(new_page, web_stack, keys, "apolice-outra-placa", "REPROVADO", "apolice_seguro")
    pane = dialog.locator(".fields-pane")
    expect(pane.locator("button", has_text="Corrigir").first).to_be_visible()
    box = pane.bounding_box()
    assert box is not None
    overflow = pane.evaluate("el => el.scrollWidth - el.clientWidth")
    assert overflow <= 0, f"the fields table is {overflow} px wider than its pane"
    buttons = pane.locator(".correct button")
    assert buttons.count() >= 4
    for i in range(buttons.count()):
        b = buttons.nth(i).bounding_box()
        assert b is not None and b["x"] + b["width"] <= box["x"] + box["width"] + 0.5, buttons.nth(i).inner_text()
        assert buttons.nth(i).evaluate("el => el.scrollWidth <= el.clientWidth"), "a button's label is cut"
    page.screenshot(path=str(DOCS / "web-viewer.png"))


def test_a_closed_vocabulary_is_a_choice_of_its_labels(new_page, web_stack, keys):
    page, dialog, done, _ = _viewer(new_page, web_stack, keys, "valid-escola", "APTO", "contrato_fretamento")
    row = dialog.locator("tr[data-field='contratante_tipo']")
    expect(row.locator("td").first).to_contain_text("pessoa jurídica")
    row.locator(".correct button", has_text="Corrigir").click()
    choice = row.locator("select[name=valor]")
    expect(choice.locator("option")).to_have_text(["pessoa jurídica", "pessoa física"])
    choice.select_option(label="pessoa jurídica")
    row.get_by_role("button", name="Salvar").click()
    expect(dialog.locator("tr[data-field='contratante_tipo'] .corrected-tag")).to_contain_text("confirmado")
    with web_stack.client(keys["clerk"]) as c:
        listed = c.get(f"/v1/packets/{done['id']}/corrections").json()["items"]
    assert [(x["field"], x["value"], x["by"]) for x in listed] == [("contratante_tipo", "pj", "clerk")]


def test_the_clerk_confirms_a_passenger_list_as_read(new_page, web_stack, keys):
    page, dialog, done, lista = _viewer(new_page, web_stack, keys, "valid-escola", "APTO", "lista_passageiros")
    row = dialog.locator("tr[data-field='passageiros']")
    row.locator("td details summary").click()  # the rows as read, in the clerk's words
    head = row.locator("table.records thead").inner_text()
    assert "Tipo de documento" in head and "_" not in head, head
    kinds = {c.strip() for c in row.locator("table.records tbody tr td:nth-child(2)").all_inner_texts()}
    assert kinds and not any(re.fullmatch(r"[a-z_]+", k) and k in ("cpf", "rg", "matricula", "certidao") for k in kinds), kinds
    row.locator("th button").click()
    expect(dialog.locator(".bbox")).to_be_visible()  # the rows boxed on the page shown
    expect(dialog.locator(".page-status")).to_contain_text("linhas destacadas")
    row.get_by_role("button", name=re.compile("Conferir lista")).click()
    expect(dialog.locator("tr[data-field='passageiros'] .corrected-tag")).to_contain_text("confirmado")
    with web_stack.client(keys["clerk"]) as c:
        listed = c.get(f"/v1/packets/{done['id']}/corrections").json()["items"]
        result = c.get(f"/v1/packets/{done['id']}").json()["result"]
    assert [(x["field"], x["by"]) for x in listed] == [("passageiros", "clerk")]
    assert len(listed[0]["value"]) == len(lista["fields"]["passageiros"]["value"])
    assert result["verdict"] == "ok"


def test_the_clerk_decides_every_review_item_until_apto_and_the_carrier_cannot(new_page, web_stack, keys):
    done = submit_sample(web_stack, keys["carrier"], "apolice-outra-placa")
    result = done["result"]
    policy = next(d for d in result["documents"] if d["type"] == "apolice_seguro")
    crlv = next(d for d in result["documents"] if d["type"] == "crlv")
    with web_stack.client(keys["carrier"]) as c:  # the carrier declares the policy's vehicle: review
        for field in ("placa", "chassi", "renavam"):
            resp = c.post(f"/v1/packets/{done['id']}/corrections",
                          json={"document": policy["id"], "field": field, "value": crlv["fields"][field]["value"]})
            assert resp.status_code == 201, resp.text
    carrier_page = new_page()
    _open_packet(carrier_page, keys["carrier"]["key"], done["id"], "REVISAR")
    expect(carrier_page.locator("form.decision")).to_have_count(0)
    page = new_page()
    _open_packet(page, keys["clerk"]["key"], done["id"], "REVISAR")
    assert decide_every_review(page, "Apólice conferida no original")
    expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text("APTO")
    with web_stack.client(keys["clerk"]) as c:
        decided = c.get(f"/v1/packets/{done['id']}").json()["result"]
    assert decided["verdict"] == "ok" and all(d["by"] == "clerk" for d in decided["decisions"])


def test_the_clerks_list_says_who_sent_what(new_page, web_stack, keys):
    """Carrier (name and CNPJ), plates, contract, act, date sent, verdict and items to review;
    newest first; filtered by verdict (asked of the API) and by carrier."""
    failing = submit_sample(web_stack, keys["carrier"], "apolice-outra-placa")
    passing = submit_sample(web_stack, keys["carrier"], "valid-escola")
    page = new_page()
    page.set_viewport_size(SMALL)
    page.goto("/")
    page.get_by_label("Chave de API").fill(keys["clerk"]["key"])
    page.get_by_role("button", name="Entrar").click()
    rows = page.locator("table.packets tbody tr")
    expect(rows.first).to_be_visible()
    ids = [rows.nth(i).get_attribute("data-packet") for i in range(rows.count())]
    assert ids.index(passing["id"]) < ids.index(failing["id"])  # newest first
    row = page.locator(f"tr[data-packet='{passing['id']}']")
    crlv = next(d for d in passing["result"]["documents"] if d["type"] == "crlv")
    contrato = next(d for d in passing["result"]["documents"] if d["type"] == "contrato_fretamento")
    text = row.inner_text()
    for shown in ("TRANSPORTES", "CNPJ ", crlv["fields"]["placa"]["value"], contrato["fields"]["numero_contrato"]["value"],
                  "METROPLAN", "APTO", "nenhum"):
        assert shown in text, (shown, text)
    assert re.search(r"\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}", text)
    assert "pkt_" not in text
    page.screenshot(path=str(DOCS / "web-packets.png"))
    page.locator("#filtro-parecer").select_option(label="REPROVADO")
    expect(page.locator(f"tr[data-packet='{passing['id']}']")).to_have_count(0)
    expect(page.locator(f"tr[data-packet='{failing['id']}']")).to_be_visible()
    page.locator("#filtro-parecer").select_option(label="Todos")
    expect(page.locator(f"tr[data-packet='{passing['id']}']")).to_be_visible()
    carrier = page.locator(f"tr[data-packet='{passing['id']}']").get_attribute("data-carrier")
    page.locator("#filtro-transportador").select_option(value=carrier)
    for i in range(rows.count()):
        assert rows.nth(i).is_hidden() or rows.nth(i).get_attribute("data-carrier") == carrier
    # the packet's own page is headed by who sent it, not by its id
    page.locator("#filtro-transportador").select_option(value="")
    page.locator(f"tr[data-packet='{passing['id']}'] th a").click()
    expect(page.locator(".view-head h1")).to_contain_text("TRANSPORTES")
    expect(page.locator(".meta-list")).to_contain_text(crlv["fields"]["placa"]["value"])
    expect(page.locator(".meta-list")).to_contain_text(contrato["fields"]["numero_contrato"]["value"])


def test_the_reference_date_box_holds_the_allowed_range(new_page, keys):
    page = new_page()
    page.goto("/")
    page.get_by_label("Chave de API").fill(keys["carrier"]["key"])
    page.get_by_role("button", name="Entrar").click()
    page.goto("/#/enviar")
    box = page.locator("#data-referencia")
    expect(box).to_have_attribute("min", "2000-01-01")
    expect(box).to_have_attribute("max", "2099-12-31")
    box.fill("1999-12-31")
    assert not box.evaluate("el => el.checkValidity()")  # the browser itself refuses it


def test_the_clerk_corrects_one_passenger_row(new_page, web_stack, keys):
    page, dialog, done, lista = _viewer(new_page, web_stack, keys, "valid-escola", "APTO", "lista_passageiros")
    row = dialog.locator("tr[data-field='passageiros']")
    row.locator("td details summary").click()
    second = row.locator("table.records tbody tr[data-row='2']")
    second.get_by_role("button", name="Corrigir a linha 2").click()
    second.get_by_label("Nome, linha 2").fill("NOME CONFERIDO NO ORIGINAL")
    kinds = second.get_by_label("Tipo de documento, linha 2").locator("option").all_inner_texts()
    assert {"RG", "CPF", "matrícula"} <= set(kinds), kinds
    second.get_by_role("button", name="Salvar linha").click()
    expect(dialog.locator("tr[data-field='passageiros'] .corrected-tag")).to_contain_text("corrigido")
    with web_stack.client(keys["clerk"]) as c:
        listed = c.get(f"/v1/packets/{done['id']}/corrections").json()["items"]
    read = lista["fields"]["passageiros"]["value"]
    given = listed[0]["value"]
    assert listed[0]["field"] == "passageiros" and given[1]["nome"] == "NOME CONFERIDO NO ORIGINAL"
    assert given[0] == read[0] and given[2:] == read[2:]
    assert {k: v for k, v in given[1].items() if k != "nome"} == {k: v for k, v in read[1].items() if k != "nome"}
