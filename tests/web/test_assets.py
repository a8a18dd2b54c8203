"""The page is served beside the API without changing it: / and /web/ answer with local files
only (a strict CSP), /v1 and /docs work as before, nothing outside the static folder leaks."""

from __future__ import annotations

import re

import httpx
import pytest

pytestmark = [pytest.mark.xdist_group("web")]


def test_page_and_assets_are_served_with_a_strict_policy(web_stack):
    with httpx.Client(base_url=web_stack.base_url, timeout=30) as c:
        page = c.get("/")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        csp = page.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "connect-src 'self'" in csp and "form-action 'none'" in csp
        assert page.headers["referrer-policy"] == "no-referrer"
        # Every asset the page names is local and served with its type; no CDN.
        refs = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert not [r for r in refs if r.startswith(("http:", "https:", "//"))], refs
        for ref in (r for r in refs if r.startswith("/web/")):
            asset = c.get(ref)
            assert asset.status_code == 200, ref
        js = c.get("/web/app.js")
        assert js.headers["content-type"].startswith("text/javascript")
        imports = re.findall(r"from '\./([^']+)'", js.text)
        assert imports and all(c.get(f"/web/{name}").status_code == 200 for name in imports)
        assert c.get("/web/style.css").headers["content-type"].startswith("text/css")

        labels = c.get("/web/labels.json").json()
        assert labels["types"]["crlv"]["fields"]["placa"]["label"] == "Placa"
        assert 0 < labels["confident"] <= 1

        # Only the static folder: not the package's Python, not a path out of it.
        for path in ("/web/__init__.py", "/web/../api/app.py", "/web/%2e%2e/app.py", "/web/nada.js"):
            resp = c.get(path)
            assert resp.status_code == 404, path
            assert resp.headers["content-type"].startswith("application/problem+json")


def test_the_api_and_its_docs_are_unchanged(web_stack, keys):
    with httpx.Client(base_url=web_stack.base_url, timeout=30) as c:
        assert c.get("/docs").status_code == 200
        spec = c.get("/openapi.json").json()
        assert "/v1/packets" in spec["paths"]
        assert not [p for p in spec["paths"] if p == "/" or p.startswith("/web")]  # the page is no API
        assert c.get("/v1/packets").status_code == 401
        ok = c.get("/v1/rulebooks", headers={"Authorization": f"Bearer {keys['carrier']['key']}"})
        assert ok.status_code == 200 and any(r["id"] == "rs-metroplan-escolar" for r in ok.json())
        assert c.get("/healthz").json() == {"status": "ok"}
