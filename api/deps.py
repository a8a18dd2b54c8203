"""Dependencies as typed aliases: settings, a database session per request, the caller."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request, Security
from fastapi.security import HTTPAuthorizationCredentials
from sqlalchemy.orm import Session

from api.security import api_key_header, bearer, principal_from, require_submitter
from service import db
from service.dispatch import Dispatcher
from service.settings import Settings
from service.storage import Storage
from service.tenants import Principal


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_session(request: Request) -> Iterator[Session]:
    with db.session_scope(request.app.state.settings) as s:
        yield s


def get_storage(request: Request) -> Storage:
    return request.app.state.storage


def get_dispatcher(request: Request) -> Dispatcher:
    return request.app.state.dispatcher


def get_principal(request: Request,
                  credentials: Annotated[HTTPAuthorizationCredentials | None, Security(bearer)],
                  header_key: Annotated[str | None, Security(api_key_header)]) -> Principal:
    return principal_from(request, credentials, header_key)


def get_submitter(principal: Annotated[Principal, Depends(get_principal)]) -> Principal:
    return require_submitter(principal)


SettingsDep = Annotated[Settings, Depends(get_settings)]
SessionDep = Annotated[Session, Depends(get_session)]
StorageDep = Annotated[Storage, Depends(get_storage)]
DispatcherDep = Annotated[Dispatcher, Depends(get_dispatcher)]
PrincipalDep = Annotated[Principal, Depends(get_principal)]
SubmitterDep = Annotated[Principal, Depends(get_submitter)]
