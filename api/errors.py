"""Errors as RFC 9457 problem documents (application/problem+json), in Portuguese.

`type` is stable (urn:fretadoc:problema:<code>) and `code` repeats its last part, so clients
switch on it; `title` and `detail` are for people. No traceback ever reaches a caller.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import compile_path

from api.ratelimit import refusal_headers
from service.errors import Busy, Conflict, Forbidden, Invalid, NotFound, ServiceError, TooMany

log = logging.getLogger("fretadoc.api")
PROBLEM = "application/problem+json"
TYPE_PREFIX = "urn:fretadoc:problema:"


class Problem(ServiceError):
    """A refusal of the HTTP layer itself (a body too large, a key missing, a media type): the
    same shape as the service's refusals, with its status."""

    def __init__(self, code: str, status: int, title: str, detail: str, **extra: Any):
        super().__init__(code, title, detail, **extra)
        self.status = status


# The status of each kind of the service's refusals (service/errors.py).
STATUS_OF_KIND: dict[type[ServiceError], int] = {NotFound: 404, Conflict: 409, Forbidden: 403, Invalid: 422,
                                                 TooMany: 429, Busy: 503}


def http_status(exc: ServiceError) -> int:
    if isinstance(exc, Problem):
        return exc.status
    return next((status for kind, status in STATUS_OF_KIND.items() if isinstance(exc, kind)), 422)


def problem_body(code: str, status: int, title: str, detail: str, instance: str | None = None,
                 **extra: Any) -> dict[str, Any]:
    body = {"type": TYPE_PREFIX + code, "code": code, "title": title, "status": status, "detail": detail}
    if instance:
        body["instance"] = instance
    body.update(extra)
    return body


def problem_response(code: str, status: int, title: str, detail: str, request: Request | None = None,
                     headers: Mapping[str, str] | None = None, **extra: Any) -> JSONResponse:
    body = problem_body(code, status, title, detail, request.url.path if request else None, **extra)
    return JSONResponse(body, status_code=status, media_type=PROBLEM, headers=headers)


_BY_STATUS = {
    400: ("requisicao_invalida", "Requisição inválida", "A requisição não pôde ser entendida."),
    401: ("nao_autenticado", "Não autenticado", "Informe uma chave de API válida."),
    403: ("proibido", "Operação não permitida", "Esta chave não pode fazer esta operação."),
    404: ("nao_encontrado", "Não encontrado", "O endereço pedido não existe."),
    405: ("metodo_nao_permitido", "Método não permitido", "Este endereço não aceita este método HTTP."),
    406: ("formato_nao_aceito", "Formato não aceito", "Não há resposta no formato pedido."),
    413: ("requisicao_grande_demais", "Requisição grande demais", "A requisição passa do tamanho permitido."),
    415: ("tipo_de_midia_nao_suportado", "Tipo de mídia não suportado", "O formato enviado não é aceito."),
    429: ("requisicoes_demais", "Requisições demais", "Aguarde um pouco e tente de novo."),
    500: ("erro_interno", "Erro interno", "Erro interno do serviço; nada foi alterado."),
    503: ("indisponivel", "Serviço indisponível", "O serviço está temporariamente indisponível."),
}


def allowed_methods(request: Request) -> list[str]:
    """The methods the API documents at this path (Starlette's 405 names only the first route's)."""
    methods: set[str] = set()
    for path, ops in request.app.openapi().get("paths", {}).items():
        if compile_path(path)[0].match(request.url.path):
            methods |= {m.upper() for m in ops if m in ("get", "post", "put", "patch", "delete")}
    return sorted(methods)


def _field(loc: tuple) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    return ".".join(parts) or "requisição"


def install(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, exc: ServiceError):
        headers = exc.extra.pop("headers", None) if isinstance(exc.extra, dict) else None
        headers = {**(headers or {}), **refusal_headers(exc)} or None
        return problem_response(exc.code, http_status(exc), exc.title, exc.detail, request, headers=headers, **exc.extra)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        code, title, detail = _BY_STATUS.get(exc.status_code, ("erro", "Erro", "A requisição falhou."))
        headers = exc.headers
        if exc.status_code == 405:
            headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(request))}
        return problem_response(code, exc.status_code, title, detail, request, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError):
        errors = [{"campo": _field(tuple(e.get("loc", ()))), "problema": e.get("type", "invalido")}
                  for e in exc.errors()]
        names = ", ".join(sorted({e["campo"] for e in errors}))
        return problem_response("parametros_invalidos", 422, "Parâmetros inválidos",
                                f"Verifique: {names}.", request, errors=errors)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception):
        log.exception("unexpected error on %s %s", request.method, route.path
                      if (route := request.scope.get("route")) else "?")
        code, title, detail = _BY_STATUS[500]
        return problem_response(code, 500, title, detail, request)
