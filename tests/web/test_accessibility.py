"""axe-core (the npm package, installed by `scripts/setup.sh --dev` into .cache/axe; FRETADOC_AXE
names another axe.min.js) run in the real Chromium on the clerk's views: the packet's checklist
and the evidence viewer, its page zoomed, at a laptop's width and a phone's. No violation of
impact serious or critical may remain."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.web.helpers import submit_sample, unavailable
from tests.web.test_clerk_page import expect

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web")]

AXE = Path(os.environ.get("FRETADOC_AXE") or Path(__file__).resolve().parents[2] / ".cache/axe/node_modules/axe-core/axe.min.js")


def _serious(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .filter((v) => ['serious', 'critical'].includes(v.impact))
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)""")
    return list(found)


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}],
                         ids=["laptop", "phone"])
def test_the_checklist_and_the_viewer_have_no_serious_violation(browser, web_stack, keys, viewport):
    if not AXE.is_file():
        unavailable(f"axe-core não encontrado em {AXE} (scripts/setup.sh --dev)")
    done = submit_sample(web_stack, keys["carrier"], "apolice-outra-placa")
    # the page's own CSP admits no injected script: this context lets the test's one in
    ctx = browser.new_context(locale="pt-BR", viewport=viewport, base_url=web_stack.base_url, bypass_csp=True)
    try:
        page = ctx.new_page()
        page.goto("/")
        page.get_by_label("Chave de API").fill(keys["clerk"]["key"])
        page.get_by_role("button", name="Entrar").click()
        expect(page.get_by_role("button", name="Sair")).to_be_visible()
        page.goto(f"/#/pacote/{done['id']}")
        expect(page.locator("section.verdict .badge[data-verdict]")).to_have_text("REPROVADO", timeout=60_000)
        page.get_by_role("button", name="Abrir todos").click()
        assert not _serious(page), _serious(page)
        apolice = next(d for d in done["result"]["documents"] if d["type"] == "apolice_seguro")
        page.locator(f"tr[data-doc='{apolice['id']}'] th button").click()
        dialog = page.locator("dialog.viewer")
        expect(dialog.locator("img.page-image")).to_be_visible()
        dialog.get_by_role("button", name="Ampliar a página").click()
        # the page image scrolls with the keyboard: its pane takes focus
        scroller = dialog.locator(".page-scroll")
        scroller.focus()
        assert page.evaluate("document.activeElement.classList.contains('page-scroll')")
        assert not _serious(page), _serious(page)
    finally:
        ctx.close()
