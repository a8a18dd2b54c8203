"""The clerk's loop closed on the page, in a real Chromium: what made an item unsure is settled
by corrections and confirmations alone (no item decided), and an item decides once it is.

- A packet whose CRLV is a copy printed under another heading (its type read unsure), whose fee
  receipt is a scan with the plate blurred, and whose passenger list was printed without its
  last two rows (the list prints its total: "28 de 30") is cleared to APTO by confirming the
  CRLV's type, typing the plate and adding the two rows.
- A register that says PARTICULAR, its type unsure, stays REVISAR while only the categoria is
  confirmed; once its type is confirmed art. 4º XII fails and the packet is REPROVADO.
- At 390 × 844 (a phone) no view is wider than the screen and every button is whole."""

from __future__ import annotations

import re

import pytest

from tests.service.service_stack import submit, wait_finished
from tests.web.helpers import packet_dir
from tests.web.redraw import redraw
from tests.web.test_clerk_clears import _plate, _scan
from tests.web.test_clerk_page import DOCS, _open_packet, expect

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web")]

RULEBOOK = "rs-metroplan-escolar"
VALID = packet_dir(RULEBOOK, "valid-escola", "digital")
PARTICULAR = packet_dir(RULEBOOK, "categoria-particular", "digital")
PHONE = {"width": 390, "height": 844}


def _consulta(src: bytes) -> bytes:
    """The CRLV as a DETRAN's web consultation prints it: another heading, the same fields but
    the RENAVAM, left out (so its content cannot vouch for its type: intake/classify/vouch.py)."""
    return redraw(src, change=lambda t: "CONSULTA CRLV" if "CERTIFICADO DE REGISTRO" in t else t,
                  drop=lambda t: t.strip("- ") == "DIGITAL" or (t.strip().isdigit() and len(t.strip()) == 11))


def _send(web_stack, key: dict, files: list) -> dict:
    with web_stack.client(key) as c:
        resp = submit(c, files, RULEBOOK, reference_date="2026-03-02")
        assert resp.status_code == 202, resp.text
        done = wait_finished(c, resp.json()["id"], timeout=300, stack=web_stack)
    assert done["status"] == "done", done
    return done


def _pdf(path) -> tuple:
    return ("files", (path.name, path.read_bytes(), "application/pdf"))


def _open_doc(page, doc_id: str):
    page.locator(f"tr[data-doc='{doc_id}'] th button").click()
    dialog = page.locator("dialog.viewer")
    expect(dialog).to_be_visible()
    return dialog


def _saved(dialog) -> None:
    expect(dialog.locator(".viewer-note")).to_contain_text("Correção registrada")


def _result(web_stack, key: dict, packet_id: str) -> dict:
    with web_stack.client(key) as c:
        return c.get(f"/v1/packets/{packet_id}").json()["result"]


@pytest.mark.ocr
def test_plate_type_and_rows_settled_clear_the_packet_to_apto_without_a_decision(new_page, web_stack, keys):
    from intake.pipeline import read_file

    changed = {"crlv-onibus1.pdf", "lista-escola.pdf", "taxa-autorizacao-onibus1.pdf"}
    files = [_pdf(p) for p in sorted(VALID.glob("*.pdf")) if p.name not in changed]
    files += [("files", ("crlv-consulta.pdf", _consulta((VALID / "crlv-onibus1.pdf").read_bytes()), "application/pdf")),
              ("files", ("lista-escola.pdf", redraw((VALID / "lista-escola.pdf").read_bytes(),
                                                    drop_lines=lambda t: t in ("29", "30")), "application/pdf")),
              ("files", ("taxa-autorizacao-onibus1.tif", _scan("taxa-autorizacao-onibus1.pdf", _plate), "image/tiff"))]
    done = _send(web_stack, keys["carrier"], files)
    result = done["result"]
    docs = {d["filename"]: d for d in result["documents"]}
    crlv, lista, taxa = docs["crlv-consulta.pdf"], docs["lista-escola.pdf"], docs["taxa-autorizacao-onibus1.tif"]
    assert crlv["type"] == "crlv" and crlv["type_confidence"] < 0.8, crlv["type_confidence"]
    assert taxa["fields"]["placa"]["confidence"] < 0.8, taxa["fields"]["placa"]
    assert len(lista["fields"]["passageiros"]["value"]) == 28 and lista["fields"]["total_passageiros"]["value"] == 30
    assert done["verdict"] == "review", [(i["id"], i["status"]) for i in result["checklist"]]

    page = new_page()
    _open_packet(page, keys["clerk"]["key"], done["id"], "REVISAR")
    # the register's type, confirmed as identified
    dialog = _open_doc(page, crlv["id"])
    expect(dialog.locator(".doc-type")).to_contain_text("baixa")
    dialog.get_by_role("button", name="Confirmar tipo do documento").click()
    _saved(dialog)
    expect(dialog.locator(".doc-type")).to_contain_text("confirmado (conferido pelo órgão)")
    dialog.get_by_role("button", name="Fechar").click()
    # the receipt's plate, typed as printed (zoomed in to tell I from 1)
    dialog = _open_doc(page, taxa["id"])
    dialog.get_by_role("button", name="Ampliar a página").click()
    expect(dialog.locator(".zoom-label")).to_have_text("150%")
    row = dialog.locator("tr[data-field='placa']")
    row.get_by_role("button", name=re.compile("^Corrigir")).click()
    row.locator("input[name=valor]").fill(crlv["fields"]["placa"]["value"])
    row.get_by_role("button", name="Salvar").click()
    _saved(dialog)
    dialog.get_by_role("button", name="Fechar").click()
    # the list: 28 of the 30 rows it prints; the two missed are added
    printed = read_file((VALID / "lista-escola.pdf").read_bytes(), "lista-escola.pdf")[0].fields["passageiros"].value
    dialog = _open_doc(page, lista["id"])
    row = dialog.locator("tr[data-field='passageiros']")
    expect(row.locator(".list-count")).to_contain_text("28 de 30")
    for n in (29, 30):
        row = dialog.locator("tr[data-field='passageiros']")
        row.get_by_role("button", name="Acrescentar linha: Passageiros").click()
        line = row.locator(f"table.records tbody tr[data-row='{n}']")
        entry = printed[n - 1]
        line.get_by_label(f"Nome, linha {n}", exact=True).fill(entry["nome"])
        line.locator("select[name=documento_tipo]").select_option(entry["documento_tipo"])
        line.get_by_label(f"Documento, linha {n}", exact=True).fill(entry["documento"])
        line.get_by_role("button", name="Salvar linha").click()
        _saved(dialog)
    expect(dialog.locator("tr[data-field='passageiros'] .list-count")).to_have_text("30 linhas lidas")
    dialog.get_by_role("button", name="Fechar").click()
    expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text("APTO")
    final = _result(web_stack, keys["clerk"], done["id"])
    assert final["verdict"] == "ok" and not final.get("decisions")
    assert {(c["document"], c["field"]) for c in final["corrections"]} == {
        (crlv["id"], "tipo"), (taxa["id"], "placa"), (lista["id"], "passageiros")}


def test_a_register_settled_as_particular_fails_art_4_xii(new_page, web_stack, keys):
    files = [_pdf(p) for p in sorted(PARTICULAR.glob("*.pdf")) if not p.name.startswith("crlv")]
    crlv_file = next(PARTICULAR.glob("crlv*.pdf"))
    files.append(("files", ("crlv-consulta.pdf", _consulta(crlv_file.read_bytes()), "application/pdf")))
    done = _send(web_stack, keys["carrier"], files)
    crlv = next(d for d in done["result"]["documents"] if d["filename"] == "crlv-consulta.pdf")
    assert crlv["type_confidence"] < 0.8 and crlv["fields"]["categoria"]["value"] == "PARTICULAR"
    xii = next(i for i in done["result"]["checklist"] if i["id"] == "art4-xii")
    assert xii["status"] == "review", xii

    page = new_page()
    _open_packet(page, keys["clerk"]["key"], done["id"], "REVISAR")
    dialog = _open_doc(page, crlv["id"])
    dialog.locator("tr[data-field='categoria']").get_by_role("button", name="Confirmar Categoria").click()
    _saved(dialog)
    # the value settled, the type not yet: the item still waits on the type
    expect(page.locator("li[data-item='art4-xii']")).to_have_attribute("data-status", "review")
    dialog.get_by_role("button", name="Confirmar tipo do documento").click()
    _saved(dialog)
    dialog.get_by_role("button", name="Fechar").click()
    expect(page.locator("li[data-item='art4-xii']")).to_have_attribute("data-status", "fail")
    expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text("REPROVADO")
    item = page.locator("li[data-item='art4-xii']")
    item.locator("summary").click()
    expect(item).to_contain_text("PARTICULAR")
    expect(item).not_to_contain_text("incerto")


def _fits(page, where: str) -> None:
    """Nothing wider than the screen, and every button shown whole across it."""
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate("""(w) => [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > w + 0.5 && e.getClientRects().length)
        .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > w + 0.5))
        .slice(0, 8).map((e) => `${e.tagName.toLowerCase()}.${e.className} (${Math.round(e.getBoundingClientRect().right)})`)""",
                         PHONE["width"])
    assert width <= PHONE["width"], f"{where}: a página tem {width} px de largura: {wide}"
    cut = page.evaluate("""(w) => [...document.querySelectorAll('button, .button, a.button')]
        .filter((b) => b.offsetParent !== null && b.getClientRects().length)
        .map((b) => [b.textContent.trim() || b.getAttribute('aria-label'), b.getBoundingClientRect()])
        .filter(([, r]) => r.width > 0 && (r.left < -0.5 || r.right > w + 0.5))
        .map(([t, r]) => `${t} (${Math.round(r.left)}..${Math.round(r.right)})`)""", PHONE["width"])
    assert not cut, f"{where}: botões cortados: {cut}"


def test_every_view_fits_a_phone(new_page, web_stack, keys):
    from tests.web.helpers import submit_sample

    done = submit_sample(web_stack, keys["carrier"], "apolice-outra-placa")
    page = new_page()
    page.set_viewport_size(PHONE)
    page.goto("/")
    _fits(page, "entrada")
    page.get_by_label("Chave de API").fill(keys["carrier"]["key"])
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("button", name="Sair")).to_be_visible()
    _fits(page, "lista de pacotes")
    page.goto("/#/enviar")
    expect(page.locator("form")).to_be_visible()
    _fits(page, "envio")
    page.get_by_role("button", name="Sair").click()

    clerk = new_page()
    clerk.set_viewport_size(PHONE)
    clerk.goto("/")
    clerk.get_by_label("Chave de API").fill(keys["clerk"]["key"])
    clerk.get_by_role("button", name="Entrar").click()
    expect(clerk.get_by_role("button", name="Sair")).to_be_visible()
    expect(clerk.locator("table")).to_be_visible()
    _fits(clerk, "lista do órgão")
    clerk.goto(f"/#/pacote/{done['id']}")
    expect(clerk.locator("section.verdict .badge[data-verdict]")).to_have_text("REPROVADO", timeout=60_000)
    clerk.get_by_role("button", name="Abrir todos").click()
    _fits(clerk, "pacote")
    apolice = next(d for d in done["result"]["documents"] if d["type"] == "apolice_seguro")
    dialog = _open_doc(clerk, apolice["id"])
    expect(dialog.locator("img.page-image")).to_be_visible()
    _fits(clerk, "visualizador")
    clerk.screenshot(path=str(DOCS / "web-phone-viewer.png"))
    row = dialog.locator("tr[data-field='placa']")
    row.get_by_role("button", name=re.compile("^Corrigir")).click()
    _fits(clerk, "visualizador, corrigindo")
    for name in ("Próxima página →", "Fechar"):
        button = dialog.get_by_role("button", name=name)
        if button.count():
            button.first.scroll_into_view_if_needed()
            expect(button.first).to_be_in_viewport()


def test_the_clerk_signs_the_parecer_once_asked_who_signs(new_page, web_stack, keys):
    import io

    from pypdf import PdfReader

    from tests.web.helpers import submit_sample

    done = submit_sample(web_stack, keys["carrier"], "apolice-outra-placa")
    page = new_page()
    _open_packet(page, keys["clerk"]["key"], done["id"], "REPROVADO")
    page.get_by_role("button", name="Baixar parecer (PDF)").click()
    form = page.locator("form.signatory")
    form.get_by_label("Nome").fill("Marta Regina Souza")
    form.get_by_label("Cargo").fill("Analista de Transportes")
    form.get_by_label("Matrícula").fill("40.123-7")
    form.get_by_label("Local (ex.: Porto Alegre)").fill("Porto Alegre")
    with page.expect_download() as got:
        form.get_by_role("button", name="Baixar parecer assinado").click()
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(got.value.path().read_bytes())).pages).split())
    assert "Marta Regina Souza Analista de Transportes Matrícula 40.123-7 METROPLAN" in text
    assert re.search(r"Porto Alegre, \d{1,2} de \w+ de \d{4}\.", text) and "Página 1 de" in text
    # asked once: the next download does not ask again
    with page.expect_download():
        page.get_by_role("button", name="Baixar parecer (PDF)").click()
    expect(page.locator("form.signatory")).to_have_count(0)
