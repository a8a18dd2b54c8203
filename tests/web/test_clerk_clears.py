"""The clerk's whole loop on a packet read unsure, in a real Chromium at 1366 × 768: the passenger
list and the fee receipt come as scans with parts blurred (a passenger's name, the receipt's
plate), so the items resting on them are `review`; the clerk clears every one of them from the
page (the unsure passenger rows and the plate typed as printed, an item decided with a note
where no field settles it) until the verdict is APTO. The carrier's key sees no decision and cannot take one."""

from __future__ import annotations

import io

import pytest

from tests.service.service_stack import submit, wait_finished
from tests.web.helpers import packet_dir
from tests.web.test_clerk_page import DOCS, _open_packet, decide_every_review, expect

pytestmark = [pytest.mark.browser, pytest.mark.ocr, pytest.mark.xdist_group("web")]

RULEBOOK = "rs-metroplan-escolar"
VALID = packet_dir(RULEBOOK, "valid-escola", "digital")


def _scan(name: str, blur: "callable") -> bytes:
    """The sample file as a 200 dpi scan (a multi-page TIFF), with `blur(doc)` -> [(page, bbox)]
    parts of it blurred: read, but unsure."""
    import pypdfium2 as pdfium
    from PIL import ImageFilter

    from intake.pipeline import read_file

    src = (VALID / name).read_bytes()
    boxes = blur(read_file(src, name)[0])
    pdf = pdfium.PdfDocument(src)
    try:
        pages = [pdf[i].render(scale=200 / 72).to_pil().convert("L") for i in range(len(pdf))]
    finally:
        pdf.close()
    for page, (x0, y0, x1, y1) in boxes:
        img = pages[page - 1]
        w, h = img.size
        box = (int(x0 * w), int(y0 * h) - 2, int(x1 * w) + 2, int(y1 * h) + 2)
        img.paste(img.crop(box).filter(ImageFilter.GaussianBlur(3.5)), box[:2])
    out = io.BytesIO()
    pages[0].save(out, format="TIFF", save_all=True, append_images=pages[1:], dpi=(200, 200), compression="tiff_lzw")
    return out.getvalue()


def _name_of_row(doc, n: int) -> list:
    row = doc.fields["passageiros"].rows[n - 1]
    x0, y0, x1, y1 = row.bbox
    return [(row.page, (x0 + (x1 - x0) * 0.08, y0, x0 + (x1 - x0) * 0.35, y1))]


def _plate(doc) -> list:
    f = doc.fields["placa"]
    x0, y0, x1, y1 = f.bbox
    return [(f.page, (x0 + (x1 - x0) * 0.5, y0, x1, y1))]


def test_the_clerk_clears_every_review_item_until_apto(new_page, web_stack, keys):
    blurred = {"lista-escola.pdf": lambda d: _name_of_row(d, 3), "taxa-autorizacao-onibus1.pdf": _plate}
    files = [("files", (p.name, p.read_bytes(), "application/pdf")) for p in sorted(VALID.glob("*.pdf"))
             if p.name not in blurred]
    files += [("files", (n.replace(".pdf", ".tif"), _scan(n, b), "image/tiff")) for n, b in blurred.items()]
    with web_stack.client(keys["carrier"]) as c:
        resp = submit(c, files, RULEBOOK, reference_date="2026-03-02")
        assert resp.status_code == 202, resp.text
        done = wait_finished(c, resp.json()["id"], timeout=300, stack=web_stack)
    result = done["result"]
    reviews = [i["id"] for i in result["checklist"] if i["status"] == "review"]
    assert done["verdict"] == "review" and reviews, [(i["id"], i["status"]) for i in result["checklist"]]
    assert all(i["status"] in ("ok", "not_applicable", "review") for i in result["checklist"])

    carrier_page = new_page()
    _open_packet(carrier_page, keys["carrier"]["key"], done["id"], "REVISAR")
    expect(carrier_page.locator("form.decision")).to_have_count(0)
    with web_stack.client(keys["carrier"]) as c:
        assert c.post(f"/v1/packets/{done['id']}/decisions",
                      json={"item": reviews[0], "status": "ok", "note": "eu mesmo"}).status_code == 403

    page = new_page()
    _open_packet(page, keys["clerk"]["key"], done["id"], "REVISAR")
    docs = {d["type"]: d for d in result["documents"]}
    dialog = page.locator("dialog.viewer")
    # the fee receipt's plate, typed as printed
    taxa = next(d for d in result["documents"] if d["filename"].startswith("taxa-autorizacao"))
    docs["comprovante_taxa"] = taxa
    assert taxa["fields"].get("placa", {}).get("confidence", 0) < 0.8, taxa["fields"].get("placa")
    page.locator(f"tr[data-doc='{docs['comprovante_taxa']['id']}'] th button").click()
    row = dialog.locator("tr[data-field='placa']")
    row.locator(".correct button", has_text="Corrigir").click()
    row.locator("input[name=valor]").fill(docs["crlv"]["fields"]["placa"]["value"])
    row.get_by_role("button", name="Salvar").click()
    expect(dialog.locator(".viewer-note")).to_contain_text("Correção registrada")
    dialog.get_by_role("button", name="Fechar").click()
    # the list: each row read unsure, corrected as printed (confirming it as read would keep a
    # blurred name as read, and fail the item)
    from intake.pipeline import read_file

    printed = read_file((VALID / "lista-escola.pdf").read_bytes(), "lista-escola.pdf")[0].fields["passageiros"].value
    lista = docs["lista_passageiros"]["fields"]["passageiros"]
    unsure = [n for n, r in enumerate(lista.get("rows") or [], 1) if min(r["confidence"], r["document_confidence"]) < 0.8]
    assert unsure, lista.get("rows")
    page.locator(f"tr[data-doc='{docs['lista_passageiros']['id']}'] th button").click()
    for n in unsure:
        row = dialog.locator("tr[data-field='passageiros']")
        row.locator("td details summary").click()
        line = row.locator(f"table.records tbody tr[data-row='{n}']")
        line.get_by_role("button", name=f"Corrigir a linha {n}").click()
        line.get_by_label(f"Nome, linha {n}", exact=True).fill(printed[n - 1]["nome"])
        line.get_by_label(f"Documento, linha {n}", exact=True).fill(printed[n - 1]["documento"])
        line.get_by_role("button", name="Salvar linha").click()
        expect(dialog.locator(".viewer-note")).to_contain_text("Correção registrada")
    dialog.get_by_role("button", name="Fechar").click()
    # what no field settles, the clerk decides with a note
    decide_every_review(page, "conferido no original")
    expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text("APTO")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(DOCS / "web-apto.png"))
    with web_stack.client(keys["clerk"]) as c:
        final = c.get(f"/v1/packets/{done['id']}").json()["result"]
    assert final["verdict"] == "ok"
    assert all(x["by"] == "clerk" for x in final.get("corrections") or []) and final.get("corrections")
