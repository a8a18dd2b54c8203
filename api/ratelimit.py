"""The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers) and Retry-After for
the quotas of service/quotas.py: `RateLimit-Policy` lists the tenant's quotas (q: how many,
w: the window in seconds), `RateLimit` says what remains (r) of the one nearest its end and,
when refused, in how many seconds it frees (t)."""

from __future__ import annotations

from service.errors import Busy, ServiceError, TooMany
from service.quotas import Policy

HEADERS_DOC = {
    "RateLimit-Policy": {"description": "Cotas do cliente (rascunho IETF RateLimit): "
                                        "`\"envios\";q=60;w=60, \"paginas\";q=5000;w=86400, \"em_andamento\";q=50`",
                         "schema": {"type": "string"}},
    "RateLimit": {"description": "O que resta da cota mais próxima do fim: `\"envios\";r=0;t=12`",
                  "schema": {"type": "string"}},
}
RETRY_AFTER_DOC = {"Retry-After": {"description": "Segundos a esperar antes de tentar de novo",
                                   "schema": {"type": "integer"}}}


def policy_header(policies: list[Policy]) -> str:
    return ", ".join(f'"{name}";q={quota}' + (f";w={window}" if window else "")
                     for name, quota, window, _ in policies)


def headers_for(policies: list[Policy], reset: int | None = None) -> dict[str, str]:
    if not policies:
        return {}
    name, _, _, remaining = min(policies, key=lambda p: (p[3] / p[1], p[0]))
    return {"RateLimit-Policy": policy_header(policies),
            "RateLimit": f'"{name}";r={remaining}' + (f";t={reset}" if reset is not None else "")}


def refusal_headers(exc: ServiceError) -> dict[str, str]:
    if isinstance(exc, TooMany):
        return {"Retry-After": str(exc.retry_after), **headers_for(exc.policies, exc.retry_after)}
    if isinstance(exc, Busy):
        return {"Retry-After": str(exc.retry_after)}
    return {}
