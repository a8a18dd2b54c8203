"""/v1/rulebooks: the regulations a packet can be judged against, and their items."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.schemas import ProblemDoc, RulebookDetail, RulebookSummary
from api.errors import Problem

router = APIRouter(prefix="/v1/rulebooks", tags=["regulamentos"])


def _all() -> list[dict[str, Any]]:
    from validators import rulebooks

    out = []
    for b in rulebooks.list_rulebooks():
        out.append(b if isinstance(b, dict) else b.describe())
    return out


@router.get("", response_model=list[RulebookSummary], summary="Lista os regulamentos")
def list_rulebooks() -> list[dict[str, Any]]:
    return [{**{k: v for k, v in b.items() if k not in ("items", "facts")}, "items": len(b.get("items", []))}
            for b in _all()]


@router.get("/{rulebook_id}", response_model=RulebookDetail, summary="Um regulamento e seus itens",
            responses={404: {"model": ProblemDoc, "description": "Regulamento desconhecido"}})
def get_rulebook(rulebook_id: str) -> dict[str, Any]:
    for b in _all():
        if b["id"] == rulebook_id:
            return b
    raise Problem("regulamento_desconhecido", 404, "Regulamento desconhecido",
                       f"Não existe o regulamento '{rulebook_id}' (veja GET /v1/rulebooks).")
