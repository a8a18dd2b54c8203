"""What the HTTP layer keeps out of logs and URLs: query strings are never written to the
access log (a secret passed in one would stay there), and a key sent in a URL is refused
before anything reads it, so clients learn at once to send it in a header."""

from __future__ import annotations

import logging
from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Receive, Scope, Send

from api.errors import problem_body

# Query parameter names that carry a credential in the wild.
SECRET_PARAMS = frozenset({"key", "api_key", "apikey", "api-key", "x-api-key", "token", "access_token",
                           "chave", "auth", "authorization", "password", "senha", "secret"})


class QuietAccessLog(logging.Filter):
    """uvicorn's access line without its query string ('GET /v1/packets?…')."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str) and "?" in args[2]:
            record.args = (*args[:2], args[2].split("?", 1)[0] + "?…", *args[3:])
        return True


def install_log_filter() -> None:
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, QuietAccessLog) for f in access.filters):
        access.addFilter(QuietAccessLog())


class RefuseKeysInUrls:
    """ASGI middleware: a request whose query names a credential gets 400 and goes no further."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("query_string"):
            raw = scope["query_string"].decode("latin-1")
            names = {k.strip().lower() for k, _ in parse_qsl(raw, keep_blank_values=True)}
            if names & SECRET_PARAMS:
                await _refuse(scope, send)
                return
        await self.app(scope, receive, send)


async def _refuse(scope: Scope, send: Send) -> None:
    import json

    body = json.dumps(problem_body(
        "chave_na_url", 400, "Chave na URL",
        "Não envie chaves ou senhas na URL (ficam em logs e históricos); use o cabeçalho "
        "Authorization: Bearer <chave> ou X-API-Key.", scope.get("path")), ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": 400,
                "headers": [(b"content-type", b"application/problem+json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
