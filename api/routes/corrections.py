"""/v1/packets/{id}/corrections: a clerk confirms or corrects a field read, the packet is judged
again at once (no file read again) and the callback fires again; the carrier's correction is
its declaration (validators/corrections.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from api.deps import DispatcherDep, PrincipalDep, SessionDep, SettingsDep
from api.schemas import PROBLEM_RESPONSES, ProblemDoc
from domain.result import Correction, Decision
from service import packets

router = APIRouter(prefix="/v1/packets", tags=["correções"])


class CorrectionIn(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"document": "d3", "field": "placa", "value": "IWG0E07", "note": "conferido no documento original"}]})

    document: str = Field(min_length=1, max_length=20, description="Id do documento no resultado (d1, d2, ...).")
    field: str = Field(min_length=1, max_length=60, description="Campo do documento (ex.: placa).")
    value: Any = Field(None, description="Valor correto; ausente ou null confirma o valor lido.")
    note: str | None = Field(None, max_length=1000, description="Observação de quem corrige.")


class CorrectionAccepted(BaseModel):
    correction: Correction
    verdict: str | None = Field(description="O veredito do pacote depois da correção.")
    replayed: bool = False


class CorrectionList(BaseModel):
    items: list[Correction]


def _writing(forbidden: str) -> dict[int | str, dict[str, Any]]:
    """The answers of a request that re-judges a packet: who may not (403), not yet (409)."""
    return {**PROBLEM_RESPONSES, 403: {"model": ProblemDoc, "description": forbidden},
            409: {"model": ProblemDoc, "description": "Pacote ainda em processamento"}}


@router.post("/{packet_id}/corrections", status_code=201, response_model=CorrectionAccepted,
             summary="Confirma ou corrige um campo lido e reavalia o pacote",
             description="Uma chave de órgão corrige como servidor (vale como valor conferido); a chave do "
                         "transportador que enviou o pacote, como declaração (o item fica em revisão). O pacote "
                         "é reavaliado sem ler os arquivos de novo e o callback é enviado de novo.",
             responses=_writing("Chave sem direito a corrigir"))
async def add_correction(
    packet_id: str, body: CorrectionIn, principal: PrincipalDep, settings: SettingsDep, dispatcher: DispatcherDep,
    idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", max_length=255,
                                                  description="Repetir a mesma chave devolve a mesma correção.")] = None,
) -> JSONResponse:
    req = packets.CorrectionRequest(document=body.document, field=body.field, value=body.value, note=body.note)
    done = await run_in_threadpool(
        packets.add_correction, principal, packet_id, req, (idempotency_key or "").strip() or None, settings=settings)
    if done.callback_due:
        dispatcher.callback(packet_id)
    out = CorrectionAccepted(correction=done.correction, verdict=done.verdict, replayed=not done.created)
    headers = {"Idempotent-Replayed": "true"} if not done.created else {}
    return JSONResponse(out.model_dump(mode="json"), status_code=201 if done.created else 200, headers=headers)


@router.get("/{packet_id}/corrections", response_model=CorrectionList, summary="Correções de um pacote",
            responses=PROBLEM_RESPONSES)
def list_corrections(packet_id: str, principal: PrincipalDep, session: SessionDep) -> dict:
    return {"items": [c.model_dump(mode="json") for c in packets.list_corrections(session, principal, packet_id)]}


class DecisionIn(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"item": "art4-iii", "status": "ok", "note": "placa conferida no comprovante original"}]})

    item: str = Field(min_length=1, max_length=60, description="Id do item da checklist (ex.: art4-iii).")
    status: Literal["ok", "fail"] = Field(description="ok: conforme; fail: não conforme.")
    note: str = Field(min_length=1, max_length=1000, description="Por que (obrigatório): ex.: conferido no original.")


class DecisionAccepted(BaseModel):
    decision: Decision
    verdict: str | None = Field(description="O veredito do pacote depois da decisão.")


@router.post("/{packet_id}/decisions", status_code=201, response_model=DecisionAccepted,
             summary="Decide um item em revisão (servidor do órgão)",
             description="O servidor do órgão decide um item que a avaliação automática deixou em revisão, com "
                         "uma observação obrigatória; a decisão fica registrada no resultado (quem, quando, por quê). "
                         "A chave do transportador recebe 403.",
             responses=_writing("Só o servidor do órgão decide"))
async def add_decision(packet_id: str, body: DecisionIn, principal: PrincipalDep, settings: SettingsDep,
                       dispatcher: DispatcherDep) -> JSONResponse:
    done = await run_in_threadpool(packets.add_decision, principal, packet_id, body.item, body.status, body.note,
                                   settings=settings)
    if done.callback_due:
        dispatcher.callback(packet_id)
    out = DecisionAccepted(decision=done.decision, verdict=done.verdict)
    return JSONResponse(out.model_dump(mode="json"), status_code=201)
