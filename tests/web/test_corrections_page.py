"""The clerk's loop in the page, in a real Chromium: a packet whose policy names
another vehicle fails Art. 4º XI; the clerk corrects the policy's plate, chassi and RENAVAM
beside their boxes in the evidence viewer, and the item turns OK and the verdict APTO in place;
the corrected values are marked. The carrier's correction of the same packet stays REVISAR."""

from __future__ import annotations

import re

import pytest

from tests.web.helpers import submit_sample

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web")]

RULEBOOK = "rs-metroplan-escolar"
SAMPLE = "apolice-outra-placa"


def expect(target):
    from playwright.sync_api import expect as pw_expect

    return pw_expect(target)


def _submitted(web_stack, key: dict) -> dict:
    done = submit_sample(web_stack, key, SAMPLE)
    assert done["verdict"] == "fail", done
    return done


def _open_packet(page, key: str, packet_id: str) -> None:
    page.goto("/")
    page.get_by_label("Chave de API").fill(key)
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("button", name="Sair")).to_be_visible()
    page.goto(f"/#/pacote/{packet_id}")
    expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text("REPROVADO", timeout=60_000)


def _correct_to_the_crlv(page, result: dict) -> None:
    crlv = next(d for d in result["documents"] if d["type"] == "crlv")
    item = page.locator("li[data-item='art4-xi']")
    expect(item.locator("summary .badge")).to_have_text("FALHA")
    item.locator(".finding[data-code='apolice_seguro.outro_veiculo']").get_by_role(
        "button", name="Ver o campo na página").click()
    dialog = page.locator("dialog.viewer")
    expect(dialog.locator("tr[data-field='placa']")).to_have_class(re.compile(r"\bselected\b"))
    for field in ("placa", "chassi", "renavam"):
        row = dialog.locator(f"tr[data-field='{field}']")
        row.locator(".correct button", has_text="Corrigir").click()
        row.locator("input[name=valor]").fill(crlv["fields"][field]["value"])
        row.get_by_role("button", name="Salvar").click()
        expect(dialog.locator(f"tr[data-field='{field}'] .corrected-tag")).to_contain_text("corrigido")
        expect(dialog.locator(".viewer-note")).to_contain_text("Correção registrada")


def test_the_clerk_corrects_beside_the_box_and_the_checklist_updates_in_place(new_page, web_stack, keys):
    done = _submitted(web_stack, keys["carrier"])
    page = new_page()
    _open_packet(page, keys["clerk"]["key"], done["id"])
    url = page.url
    _correct_to_the_crlv(page, done["result"])
    dialog = page.locator("dialog.viewer")
    expect(dialog.locator("tr[data-field='placa']")).to_have_attribute("data-corrected-by", "clerk")
    expect(dialog.locator("tr[data-field='placa'] .corrected-tag")).to_contain_text("conferido pelo órgão")
    dialog.get_by_role("button", name="Fechar").click()
    expect(page.locator("li[data-item='art4-xi'] summary .badge")).to_have_text("OK")
    expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text("APTO")
    assert page.url == url  # in place: no navigation
    with web_stack.client(keys["clerk"]) as c:
        listed = c.get(f"/v1/packets/{done['id']}/corrections").json()["items"]
    assert [(x["field"], x["by"]) for x in listed] == [("placa", "clerk"), ("chassi", "clerk"), ("renavam", "clerk")]


def test_the_carriers_correction_in_the_page_stays_review(new_page, web_stack, keys):
    done = _submitted(web_stack, keys["carrier"])
    page = new_page()
    _open_packet(page, keys["carrier"]["key"], done["id"])
    _correct_to_the_crlv(page, done["result"])
    dialog = page.locator("dialog.viewer")
    expect(dialog.locator("tr[data-field='placa']")).to_have_attribute("data-corrected-by", "carrier")
    dialog.get_by_role("button", name="Fechar").click()
    expect(page.locator("li[data-item='art4-xi'] summary .badge")).to_have_text("REVISAR")
    expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text("REVISAR")
