"""Who is calling: the API key (Authorization: Bearer fd_... or X-API-Key) → tenant and role."""

from __future__ import annotations

from fastapi import Request
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer

from service import db
from api.errors import Problem
from service.tenants import Principal, authenticate

bearer = HTTPBearer(auto_error=False, scheme_name="chave", description="Chave de API: `Bearer fd_...`")
api_key_header = APIKeyHeader(name="X-API-Key", auto_error=False, scheme_name="x-api-key",
                              description="Alternativa ao Bearer: a chave no cabeçalho X-API-Key.")

UNAUTHENTICATED = {"WWW-Authenticate": 'Bearer realm="fretadoc"'}


def principal_from(request: Request, credentials: HTTPAuthorizationCredentials | None,
                   header_key: str | None) -> Principal:
    key = credentials.credentials if credentials else header_key
    if not key:
        raise Problem("nao_autenticado", 401, "Não autenticado",
                           "Informe a chave de API no cabeçalho Authorization: Bearer <chave>.",
                           headers=UNAUTHENTICATED)
    settings = request.app.state.settings
    with db.session_scope(settings) as s:
        principal = authenticate(s, key.strip())
    if principal is None:
        raise Problem("chave_invalida", 401, "Chave de API inválida",
                           "A chave informada não existe ou foi revogada.", headers=UNAUTHENTICATED)
    request.state.tenant_id = principal.tenant_id  # for the access log: an id, never a name
    return principal


def require_submitter(principal: Principal) -> Principal:
    if principal.read_only:
        raise Problem("somente_leitura", 403, "Operação não permitida",
                           "Chaves de órgão (servidores) só consultam pacotes; não enviam nem apagam.")
    return principal
