"""The web page shows a document's digital signature on its header: the METROPLAN sample packet
whose CRLV-e is a copy (it prints 'ASSINADO DIGITALMENTE PELO DETRAN' but carries no signature),
in a real browser against a running service."""

from __future__ import annotations

import pytest

from tests.web.helpers import submit_sample

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web")]

COPY = "CRLV-e sem assinatura digital, embora se declare assinado: é uma cópia, não o arquivo emitido"


def test_the_documents_table_and_the_viewer_say_the_crlve_is_an_unsigned_copy(new_page, web_stack, keys):
    from playwright.sync_api import expect

    done = submit_sample(web_stack, keys["carrier"], "valid-escola-crlv-cdt")
    crlv = next(d for d in done["result"]["documents"] if d["type"] == "crlv")
    assert crlv["signature"]["status"] == "unsigned" and crlv["signature"]["stated"] is True
    assert all(d["signature"]["status"] == "unsigned" for d in done["result"]["documents"])

    page = new_page()
    page.goto("/")
    page.get_by_label("Chave de API").fill(keys["carrier"]["key"])
    page.get_by_role("button", name="Entrar").click()
    page.goto(f"/#/pacote/{done['id']}")
    row = page.locator(f"table.documents tr[data-doc='{crlv['id']}']")
    expect(row.locator(".signature.sig-unsigned")).to_have_text(COPY, timeout=30_000)
    others = page.locator("table.documents tr[data-doc] .signature")
    expect(others).to_have_count(1)  # the other PDFs state nothing: nothing is said

    row.get_by_role("button", name=crlv["id"]).click()
    header = page.locator("dialog.viewer .viewer-head")
    expect(header.locator(".signature")).to_have_text(COPY)
    # the finding and the manual check on the items resting on it
    item = page.locator("li[data-item='art4-xii']")
    expect(item.locator(".finding[data-code='assinatura.ausente']")).to_have_count(1)
