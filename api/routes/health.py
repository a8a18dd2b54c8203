"""/healthz (the process answers), /readyz (database, broker, storage, Tesseract), /metrics."""

from __future__ import annotations

import hmac
import ipaddress
import shutil
import subprocess
import time
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import text

from api.errors import problem_response
from api.schemas import Health, ProblemDoc, Readiness
from service import db, quotas
from service.settings import Settings

router = APIRouter(tags=["operação"])

_tesseract: tuple[float, bool, str] | None = None


def check_database(settings: Settings) -> tuple[bool, str]:
    try:
        eng = db.engine(settings)
        with eng.connect() as conn:
            conn.execute(text("SELECT 1"))
        return True, eng.dialect.name
    except Exception as exc:
        return False, f"{type(exc).__name__}"


def check_broker(settings: Settings) -> tuple[bool, str]:
    if not settings.broker_url:
        return True, "embutido (sem broker)"
    from kombu import Connection

    scheme = settings.broker_url.split(":", 1)[0]
    try:
        with Connection(settings.broker_url, connect_timeout=3) as conn:
            conn.ensure_connection(max_retries=1, timeout=3)
        return True, scheme
    except Exception as exc:
        return False, f"{scheme}: {type(exc).__name__}"


def check_tesseract() -> tuple[bool, str]:
    global _tesseract
    now = time.monotonic()
    if _tesseract and now - _tesseract[0] < 60:
        return _tesseract[1], _tesseract[2]
    exe = shutil.which("tesseract")
    if exe is None:
        ok, detail = False, "tesseract não encontrado"
    else:
        try:
            version = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=10)
            langs = subprocess.run([exe, "--list-langs"], capture_output=True, text=True, timeout=10)
            first = (version.stdout or version.stderr).splitlines()[0] if (version.stdout or version.stderr) else "?"
            has_por = "por" in langs.stdout.split()
            ok, detail = has_por, f"{first}" + (" (por)" if has_por else " (sem o idioma por)")
        except (OSError, subprocess.SubprocessError) as exc:
            ok, detail = False, type(exc).__name__
    _tesseract = (now, ok, detail)
    return ok, detail


def check_storage(request: Request) -> tuple[bool, str]:
    storage = request.app.state.storage
    try:
        storage.check()
        return True, storage.name
    except Exception as exc:
        return False, f"{storage.name}: {type(exc).__name__}"


@router.get("/healthz", response_model=Health, summary="O processo responde")
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz", response_model=Readiness, summary="Pronto para receber pacotes",
            responses={503: {"model": ProblemDoc, "description": "Alguma dependência indisponível"}})
async def readyz(request: Request) -> Any:
    settings: Settings = request.app.state.settings

    def run() -> dict[str, dict[str, Any]]:
        out = {}
        for name, fn in (("database", lambda: check_database(settings)), ("broker", lambda: check_broker(settings)),
                         ("storage", lambda: check_storage(request)), ("tesseract", check_tesseract)):
            ok, detail = fn()
            out[name] = {"ok": ok, "detail": detail}
        return out

    checks = await run_in_threadpool(run)
    mode = "distributed" if settings.distributed else "embedded"
    if all(c["ok"] for c in checks.values()):
        return {"status": "ok", "mode": mode, "checks": checks,
                "backlog": await run_in_threadpool(backlog_body, settings)}
    bad = ", ".join(k for k, c in checks.items() if not c["ok"])
    return problem_response("indisponivel", 503, "Serviço indisponível", f"Indisponível: {bad}.", request,
                            mode=mode, checks=checks)


def backlog_body(settings: Settings) -> dict[str, Any]:
    with db.session_scope(settings) as s:
        view = quotas.backlog(s, settings)
    return {"wait_seconds": round(view.wait, 1), "seconds_per_page": round(view.per_page, 3),
            "max_wait_seconds": settings.max_backlog_wait,
            "tenants": [{"tenant": b.tenant_id, "files": b.files, "pages": b.pages, "wait_seconds": round(b.wait, 1)}
                        for b in view.tenants]}


def _metrics_allowed(request: Request) -> bool:
    """Open unless FRETADOC_METRICS_TOKEN or FRETADOC_METRICS_ALLOW close it; either one admits."""
    settings = request.app.state.settings
    if not settings.metrics_token and not settings.metrics_allow:
        return True
    given = request.headers.get("authorization", "")
    if settings.metrics_token and hmac.compare_digest(given.encode(), f"Bearer {settings.metrics_token}".encode()):
        return True
    if settings.metrics_allow and request.client:
        try:
            ip = ipaddress.ip_address(request.client.host)
        except ValueError:
            return False
        nets = [n.strip() for n in settings.metrics_allow.split(",") if n.strip()]
        return any(ip in ipaddress.ip_network(n, strict=False) for n in nets)
    return False


@router.get("/metrics", summary="Métricas (Prometheus)", response_class=Response,
            responses={200: {"content": {"text/plain": {}}},
                       403: {"model": ProblemDoc, "content": {"application/problem+json": {}},
                             "description": "Métricas fechadas (FRETADOC_METRICS_TOKEN / FRETADOC_METRICS_ALLOW)"}})
async def metrics(request: Request) -> Response:
    if not _metrics_allowed(request):
        return problem_response("metricas_fechadas", 403, "Métricas fechadas",
                                "As métricas exigem o token de métricas ou um endereço permitido.", request)
    return await run_in_threadpool(request.app.state.metrics.response)
