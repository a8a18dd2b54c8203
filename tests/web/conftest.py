"""The web page in a real headless Chromium (Debian's, driven by Playwright) against a real
`fretadoc serve` in embedded mode. Without Chromium or Playwright the browser tests are
skipped, unless FRETADOC_REQUIRE_SERVICES=1 (CI), when they fail."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.service.service_stack import Stack, base_env, kill_all
from tests.web.helpers import CHROMIUM, CHROMIUM_ARGS, RULEBOOK, PageErrors, cli_key, direct_key, unavailable

atexit.register(kill_all)  # whatever happens, no server outlives the run


@pytest.fixture(scope="session")
def web_stack():
    """`fretadoc serve` (embedded: SQLite, local blobs, in-process pool) on a free port."""
    workdir = Path(tempfile.mkdtemp(prefix="fretadoc-web-"))
    env = {"FRETADOC_DATA_DIR": str(workdir / "data"), "FRETADOC_WORKERS": "2"}
    cache = os.environ.get("FRETADOC_CACHE_DIR")
    if cache:
        env.update(FRETADOC_READ_CACHE="dir", FRETADOC_CACHE_DIR=cache)  # the run's shared reads
    stack = Stack(name="web", mode="embedded", workdir=workdir, env=base_env(env),
                  db_url=f"sqlite:///{workdir / 'data' / 'fretadoc.db'}")
    try:
        stack.start()
        yield stack
    finally:
        stack.stop()
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def make_key(web_stack):
    return lambda tenant: direct_key(web_stack, tenant)


@pytest.fixture(scope="session")
def keys(web_stack) -> dict[str, dict]:
    """A carrier's key and a clerk's key of the rulebook's authority, made by `fretadoc keys
    create`; another carrier's key."""
    return {
        "carrier": cli_key(web_stack, "Transportes Vale do Sinos"),
        "clerk": cli_key(web_stack, "METROPLAN", "--kind", "authority", "--rulebook", RULEBOOK),
        "other": direct_key(web_stack, "Viação Outra"),
    }


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        unavailable(f"Chromium não encontrado em {CHROMIUM} (apt-get install chromium, ou scripts/setup.sh --dev)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("o pacote Python playwright não está instalado (pip install -e '.[dev]')")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=30_000)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser, web_stack):
    """A fresh browser profile per call (its own sessionStorage and localStorage)."""
    contexts = []
    errors = PageErrors()
    own = urlsplit(web_stack.base_url).netloc
    elsewhere: list[str] = []  # requests to any other machine: none may leave (CDN, fonts, badges)

    def watch(url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("data", "blob", "about") and parts.netloc != own:
            elsewhere.append(url)

    def make():
        ctx = browser.new_context(locale="pt-BR", timezone_id="America/Sao_Paulo",
                                  viewport={"width": 1366, "height": 900}, accept_downloads=True,
                                  base_url=web_stack.base_url)
        ctx.set_default_timeout(15_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("request", lambda req: watch(req.url))
        return page

    make.errors = errors
    make.elsewhere = elsewhere
    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"erros de JavaScript na página: {errors}"
    assert not elsewhere, f"pedidos a outras máquinas: {elsewhere}"
