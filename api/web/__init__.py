"""The clerks' and carriers' web page: static HTML, CSS and JS modules, no build step.

    /                  the page (index.html)
    /web/...           its assets (static/)
    /web/labels.json   document types and field labels, from domain/doctypes.yaml

The page talks only to the public /v1 API with the user's key; nothing here authenticates.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.routing import Match, Mount
from starlette.types import Scope

STATIC = Path(__file__).with_name("static")

# The page loads only its own files; page images arrive as blob: URLs fetched with the key.
CSP = ("default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {
    "Cache-Control": "no-cache",  # revalidate (ETag): a new release is seen at once
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

router = APIRouter(include_in_schema=False)


class Assets(StaticFiles):
    def file_response(self, full_path, stat_result, scope: Scope, status_code: int = 200):
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.update(HEADERS)
        return response


@router.get("/")
def index() -> FileResponse:
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8",
                        headers={**HEADERS, "Content-Security-Policy": CSP})


@cache
def labels() -> dict[str, Any]:
    from domain import doctypes, wording
    from domain.documents import CONFIDENT, DOC_TYPES

    types = {}
    for t in DOC_TYPES:
        fields = {name: {"label": wording.field_label(t, name), "kind": spec.get("kind"),
                         **({"values": spec["values"]} if spec.get("values") else {}),
                         **({"total": spec["total"]} if spec.get("total") else {}),
                         **({"columns": {c: {"label": wording.field_label(None, c), "kind": col.get("kind"),
                                             **({"values": col["values"]} if col.get("values") else {})}
                                         for c, col in spec["columns"].items()}} if spec.get("columns") else {})}
                  for name, spec in doctypes.fields(t).items()}
        types[t] = {"label": doctypes.label(t), "fields": fields}
    # the closed vocabularies' codes in words (domain/wording.yaml): what a select offers
    from validators.dates import REFERENCE_RANGE

    return {"confident": CONFIDENT, "types": types, "values": wording.vocabulary(),
            "reference_range": [d.isoformat() for d in REFERENCE_RANGE]}


@router.get("/web/labels.json")
def labels_json() -> JSONResponse:
    return JSONResponse(labels(), headers=HEADERS)


class AssetsMount(Mount):
    """A mount that names itself as the route, so /metrics counts its hits under "/web"
    rather than with the unknown paths."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        match, child = super().matches(scope)
        if match is not Match.NONE:
            child["route"] = self
        return match, child


def install(app: FastAPI) -> None:
    """The page at / and its assets under /web (after the API's routes)."""
    app.include_router(router)
    app.router.routes.append(AssetsMount("/web", app=Assets(directory=STATIC), name="web"))
