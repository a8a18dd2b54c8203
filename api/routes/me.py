"""/v1/me: who the key belongs to and what it may do (the web page asks it at login)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends
from pydantic import BaseModel
from sqlalchemy import select

from api.deps import SessionDep, get_principal
from api.schemas import PROBLEM_RESPONSES
from service.db.models import AuthorityRulebook
from service.tenants import Principal

router = APIRouter(prefix="/v1/me", tags=["clientes"])


class Me(BaseModel):
    tenant: str
    kind: str  # carrier | portal | authority
    role: str  # submitter (sends and deletes its packets) | clerk (reads packets sent to it)
    read_only: bool
    rulebooks: list[str]  # for an authority: the rulebooks whose packets its clerks see


@router.get("", response_model=Me, summary="A chave em uso: cliente e permissões", responses=PROBLEM_RESPONSES)
def me(principal: Annotated[Principal, Depends(get_principal)], session: SessionDep) -> Me:
    rulebooks = session.scalars(select(AuthorityRulebook.rulebook_id).where(
        AuthorityRulebook.tenant_id == principal.tenant_id).order_by(AuthorityRulebook.rulebook_id)).all()
    return Me(tenant=principal.tenant_name, kind=principal.kind, role=principal.role,
              read_only=principal.read_only, rulebooks=list(rulebooks))
