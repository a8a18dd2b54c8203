"""The OpenAPI browser at /docs, with Swagger UI's files served from this service (the
`fastapi-offline` package's copy of Swagger UI 5, which reads OpenAPI 3.1): a machine without internet sees it whole, and no page the
service serves asks anything of another site."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = "/docs-assets"


def install(app: FastAPI) -> None:
    import fastapi_offline

    folder = Path(fastapi_offline.__file__).with_name("static")
    app.mount(ASSETS, StaticFiles(directory=folder), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json", title=f"{app.title} - API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js", swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS}/favicon.png",
            swagger_ui_parameters={"validatorUrl": None})  # no badge fetched from validator.swagger.io


def problem_only(schema: dict) -> dict:
    """Every error answer is application/problem+json (api/errors.py): say so, and only that, in
    the OpenAPI; and document the 400 any route may answer (a key in the URL, see api/privacy)."""
    for ops in schema.get("paths", {}).values():
        for op in ops.values():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            responses = op["responses"]
            responses.setdefault("400", {"description": "Requisição inválida (ex.: chave na URL)"})
            for code, resp in responses.items():
                if not code.isdigit() or int(code) < 400:
                    continue
                content = resp.setdefault("content", {})
                body = (content.pop("application/json", None) or content.get("application/problem+json")
                        or {})
                if not body.get("schema"):
                    body = {"schema": {"$ref": "#/components/schemas/ProblemDoc"}}
                content["application/problem+json"] = body
    return schema


def install_openapi(app: FastAPI) -> None:
    from fastapi.openapi.utils import get_openapi

    def openapi() -> dict:
        if app.openapi_schema is None:
            app.openapi_schema = problem_only(get_openapi(
                title=app.title, version=app.version, description=app.description, routes=app.routes,
                tags=app.openapi_tags, contact=app.contact))
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
