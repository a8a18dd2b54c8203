"""/v1/packets: submit a packet, follow it, list, fetch page images, delete."""

from __future__ import annotations

import json
import logging
import tempfile
from datetime import date, datetime
from typing import Annotated, Any, cast
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Header, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse

from api import page_cache, ratelimit, uploads
from api.deps import DispatcherDep, PrincipalDep, SessionDep, SettingsDep, StorageDep, SubmitterDep
from api.schemas import (
    PROBLEM_RESPONSES, PacketAccepted, PacketHold, PacketList, PacketStatus, PacketStatusName, PacketSummary, ProblemDoc,
)
from domain.result import Result
from service import callbacks, dispatch, packets, retention
from api.errors import Problem
from service.errors import ServiceError
from service.packets import PacketRequest, Upload
from service.settings import Settings
from service.storage import BlobNotFound
from validators.dates import reference_out_of_range

log = logging.getLogger("fretadoc.api")
router = APIRouter(prefix="/v1/packets", tags=["pacotes"])

FIELDS = ("rulebook", "reference_date", "facts", "callback_url")

UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "content": {"multipart/form-data": {
            "schema": {
                "type": "object",
                "required": ["rulebook", "files"],
                "additionalProperties": False,
                "properties": {
                    "files": {"type": "array", "items": {"type": "string", "format": "binary"}, "minItems": 1,
                              "description": "Os arquivos do pacote (PDF, PNG, JPEG, TIFF, WebP), em ordem."},
                    "rulebook": {"type": "string", "description": "Regulamento (GET /v1/rulebooks).",
                                 "example": "rs-metroplan-escolar"},
                    "reference_date": {"type": "string", "format": "date", "pattern": "^20[0-9]{2}-[0-9]{2}-[0-9]{2}$",
                                       "description": "Data em que o pacote é julgado (padrão: hoje em "
                                                      "America/Sao_Paulo).", "example": "2026-03-02"},
                    "facts": {"type": "string", "description": "Objeto JSON de fatos declarados.",
                              "example": "{\"mei\": \"false\"}"},
                    "callback_url": {"type": "string", "format": "uri",
                                     "description": "Recebe o resultado (POST, assinado) quando o pacote termina.",
                                     "example": "https://portal.example/fretadoc/retorno"},
                },
            },
            "encoding": {"files": {"contentType": "application/pdf, image/png, image/jpeg, image/tiff, image/webp"}},
        }},
    },
    "parameters": [],
}


def _problem(code: str, status: int, title: str, detail: str, **extra: Any) -> ServiceError:
    return Problem(code, status, title, detail, **extra)


def today_in_brazil() -> date:
    return datetime.now(ZoneInfo("America/Sao_Paulo")).date()


def parse_facts(raw: str | None) -> dict[str, str]:
    if raw is None or not raw.strip():
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        value = None
    if not isinstance(value, dict) or not all(isinstance(v, (str, int, float, bool)) for v in value.values()):
        raise _problem("fatos_invalidos", 422, "Fatos inválidos",
                       "O campo 'facts' deve ser um objeto JSON de valores simples, ex.: {\"mei\": \"true\"}.")
    return {str(k): (str(v).lower() if isinstance(v, bool) else str(v)) for k, v in value.items()}


def check_rulebook(rulebook_id: str, facts: dict[str, str]) -> None:
    from validators import rulebooks

    if not rulebook_id:
        raise _problem("regulamento_obrigatorio", 422, "Regulamento obrigatório",
                       "Informe o campo 'rulebook' (veja GET /v1/rulebooks).")
    try:
        book = rulebooks.load(rulebook_id)
    except rulebooks.RulebookError as exc:
        raise _problem("regulamento_desconhecido", 422, "Regulamento desconhecido", exc.message) from None
    try:
        book.parse_facts(facts)
    except rulebooks.RulebookError as exc:
        raise _problem("fatos_invalidos", 422, "Fatos inválidos", exc.message) from None


def build_request(form: uploads.Form, settings: Settings) -> PacketRequest:
    """Every check a packet must pass before anything is stored."""

    unknown = sorted(set(form.fields) - set(FIELDS))
    if unknown:
        raise _problem("campo_desconhecido", 422, "Campo desconhecido",
                       f"Campos não reconhecidos: {', '.join(unknown)}. Aceitos: files, {', '.join(FIELDS)}.")
    rulebook_id = form.fields.get("rulebook", "").strip()
    facts = parse_facts(form.fields.get("facts"))
    check_rulebook(rulebook_id, facts)
    given = (form.fields.get("reference_date") or "").strip() or None
    try:
        ref = date.fromisoformat(given) if given else today_in_brazil()
    except ValueError:
        assert given is not None  # only a given date fails to parse
        raise _problem("data_de_referencia_invalida", 422, "Data de referência inválida",
                       f"A data de referência deve ser uma data (AAAA-MM-DD), não '{given[:40]}'.") from None
    why = reference_out_of_range(ref)
    if why:
        raise _problem("data_de_referencia_invalida", 422, "Data de referência inválida", f"{why[:1].upper()}{why[1:]}.")
    callback = (form.fields.get("callback_url") or "").strip() or None
    if callback:
        if len(callback) > 2000:
            raise _problem("callback_url_invalida", 422, "callback_url inválida", "callback_url é longa demais.")
        callbacks.check_callback_url(callback, settings)
    if not form.files:
        raise _problem("sem_arquivos", 422, "Nenhum arquivo enviado",
                       "Envie ao menos um arquivo no campo 'files'.")
    per_file_pages = settings.max_pages
    files: list[Upload] = []
    for position, part in enumerate(form.files, start=1):
        kind = uploads.media_type(part, position)
        pages = uploads.count_pages(part, kind)
        if pages > per_file_pages:
            raise _problem("arquivo_com_paginas_demais", 413, "Arquivo com páginas demais",
                           f"O arquivo {uploads.named(part.filename, position)} tem {pages} páginas; o limite é "
                           f"{per_file_pages} por arquivo.",
                           limit=per_file_pages, file=position)
        files.append(Upload(path=part.path, filename=part.filename, sha256=part.sha256, size=part.size,
                            media_type=kind, pages=pages))
    total = sum(f.pages for f in files)
    if total > settings.max_packet_pages:
        raise _problem("paginas_demais", 413, "Páginas demais",
                       f"O pacote tem {total} páginas; o limite é {settings.max_packet_pages} por pacote.",
                       limit=settings.max_packet_pages)
    return PacketRequest(rulebook_id=rulebook_id, reference_date=ref, reference_date_given=given,
                         facts=facts, callback_url=callback, files=files)


def status_url(packet_id: str) -> str:
    return f"/v1/packets/{packet_id}"


@router.post(
    "", status_code=202, response_model=PacketAccepted, summary="Envia um pacote para avaliação",
    description="Recebe os arquivos (multipart), guarda cada um antes de responder e enfileira a leitura. "
                "Responde 202 com o id e o endereço de acompanhamento. Com `Idempotency-Key`, a mesma chave "
                "e o mesmo conteúdo devolvem o mesmo pacote.",
    openapi_extra=UPLOAD_BODY,
    responses={**PROBLEM_RESPONSES,
               403: {"model": ProblemDoc, "description": "Chave de órgão (somente leitura)"},
               413: {"model": ProblemDoc, "description": "Arquivo, arquivos ou páginas demais"},
               415: {"model": ProblemDoc, "description": "Tipo de arquivo não suportado (verificado pelo conteúdo)"},
               202: {"description": "Pacote aceito", "headers": ratelimit.HEADERS_DOC},
               429: {"model": ProblemDoc, "content": {"application/problem+json": {}},
                     "headers": {**ratelimit.RETRY_AFTER_DOC, **ratelimit.HEADERS_DOC},
                     "description": "Cota do cliente excedida (envios por minuto, páginas por dia ou pacotes em "
                                    "andamento); nada foi guardado"},
               503: {"model": ProblemDoc, "content": {"application/problem+json": {}},
                     "headers": ratelimit.RETRY_AFTER_DOC,
                     "description": "Fila de leitura cheia: o pacote esperaria mais que o limite; nada foi guardado"}})
async def create_packet(
    request: Request, principal: SubmitterDep, settings: SettingsDep, storage: StorageDep,
    dispatcher: DispatcherDep,
    idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", max_length=255,
                                                  description="Repetir a mesma chave devolve o mesmo pacote.")] = None,
) -> JSONResponse:
    limits = uploads.Limits(max_file_bytes=settings.max_file_bytes, max_files=settings.max_files,
                            max_field_bytes=settings.max_field_bytes)
    metrics = request.app.state.metrics
    tmp_root = settings.data_dir / "tmp"
    tmp_root.mkdir(parents=True, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory(dir=tmp_root, prefix="upload-") as tmp:
            form = await uploads.receive(request, tmp, limits)
            req = await run_in_threadpool(build_request, form, settings)
            packet_id, created, policies = await run_in_threadpool(
                packets.create_packet, principal, req, (idempotency_key or "").strip() or None,
                settings=settings, storage=storage)
    except uploads.ClientGone:
        raise  # counted apart (fretadoc_uploads_aborted_total): the client left, nothing was refused
    except ServiceError as exc:
        metrics.refused.labels(exc.code).inc()
        raise
    if created:
        metrics.packets_submitted.labels(req.rulebook_id).inc()
        metrics.upload_bytes.inc(sum(f.size for f in req.files))
        try:
            await run_in_threadpool(dispatch.dispatch_packet, packet_id, dispatcher, settings=settings)
        except Exception:  # stored and safe; the maintenance loop dispatches it again
            log.warning("packet %s stored but not yet dispatched", packet_id, exc_info=True)
    body = PacketAccepted(id=packet_id, status="queued", status_url=status_url(packet_id),
                          files=len(req.files), pages=sum(f.pages for f in req.files), replayed=not created)
    if not created:
        # (the packets table holds only these statuses)
        body.status = cast("PacketStatusName | None",
                           await run_in_threadpool(packets.current_status, packet_id, settings)) or body.status
    headers = {"Location": status_url(packet_id), **ratelimit.headers_for(policies)}
    if not created:
        headers["Idempotent-Replayed"] = "true"
    return JSONResponse(body.model_dump(), status_code=202, headers=headers)


@router.get("", response_model=PacketList, summary="Lista os pacotes visíveis para a chave",
            responses=PROBLEM_RESPONSES)
def list_packets(
    principal: PrincipalDep, session: SessionDep,
    limit: Annotated[int, Query(ge=1, le=100, description="Itens por página")] = 20,
    offset: Annotated[int, Query(ge=0, le=1_000_000_000, description="Quantos itens pular")] = 0,
    status: Annotated[str | None, Query(pattern="^(queued|processing|done|failed)$")] = None,
    verdict: Annotated[str | None, Query(pattern="^(ok|fail|review|incomplete)$",
                                         description="Só os pacotes com este parecer")] = None,
) -> PacketList:
    rows, total = packets.list_packets(session, principal, limit=limit, offset=offset, status=status, verdict=verdict)
    bodies = packets.results(session, [p.id for p in rows])
    items = []
    for p in rows:
        body = bodies.get(p.id)
        items.append(PacketSummary(
            id=p.id, status=p.status, rulebook=p.rulebook_id, reference_date=p.reference_date.isoformat(),
            created_at=packets.iso(p.created_at), finished_at=packets.iso(p.finished_at), files=p.files_total,
            verdict=body["verdict"] if body else None, status_url=status_url(p.id), **said_of(body)))
    nxt = None
    if offset + limit < total:
        nxt = (f"/v1/packets?limit={limit}&offset={offset + limit}" + (f"&status={status}" if status else "")
               + (f"&verdict={verdict}" if verdict else ""))
    return PacketList(items=items, total=total, limit=limit, offset=offset, next=nxt)


@router.get("/{packet_id}", response_model=PacketStatus, summary="Situação e resultado de um pacote",
            responses=PROBLEM_RESPONSES)
def get_packet(packet_id: str, principal: PrincipalDep, session: SessionDep, settings: SettingsDep) -> dict:
    packet = packets.get_packet(session, principal, packet_id)
    body = status_body(packets.packet_view(session, packet))
    expires = retention.expires_at(session, packet, settings)
    body.update(held_at=packets.iso(packet.held_at), expires_at=packets.iso(expires))
    return body


def said_of(result: dict[str, Any] | None) -> dict[str, Any]:
    """What a clerk's list and a packet's header say of a judged packet (report/summary.py)."""
    from report.summary import summary  # from the result alone

    if not result:
        return {}
    said = summary(Result.model_validate(result))
    return {"act": result["rulebook"]["title"], "carrier": said.carrier, "carrier_cnpj": said.carrier_cnpj,
            "plates": said.plates, "contract": said.contract, "to_review": said.to_review}


def status_body(view: packets.PacketView) -> dict[str, Any]:
    """The packet's status document (PacketStatus), from what the service holds of it."""
    packet, files, result = view.packet, view.files, view.result
    done = view.files_read
    return {
        "id": packet.id,
        "status": packet.status,
        "rulebook": packet.rulebook_id,
        "reference_date": packet.reference_date.isoformat(),
        "created_at": packets.iso(packet.created_at),
        "started_at": packets.iso(packet.started_at),
        "finished_at": packets.iso(packet.finished_at),
        "progress": {"files_total": packet.files_total, "files_read": done,
                     "pages_total": packet.pages_total,
                     "percent": round(100 * done / packet.files_total) if packet.files_total else 100},
        "files": [{
            "position": f.position + 1, "filename": f.filename, "sha256": f.sha256,
            "media_type": f.media_type, "size": f.size, "pages": f.pages,
            "status": f.status,
            "documents": [{"id": d.id, "type": d.type, "pages": d.pages} for d in view.documents.get(f.id, [])],
        } for f in files],
        "verdict": result["verdict"] if result else None,
        "summary": said_of(result) or None,
        "result": result,
        "error": {"code": packet.error_code, "message": packet.error_detail} if packet.error_code else None,
    }


@router.get("/{packet_id}/documents/{doc_id}/pages/{page}.png", summary="Imagem de uma página (evidência)",
            response_class=Response,
            responses={200: {"content": {"image/png": {}}, "description": "A página em PNG"},
                       409: {"model": ProblemDoc, "description": "Pacote ainda em processamento"},
                       **PROBLEM_RESPONSES})
def page_image(packet_id: str, doc_id: str, page: int, request: Request, principal: PrincipalDep,
               session: SessionDep, storage: StorageDep, settings: SettingsDep) -> Response:
    import ocr

    packet = packets.get_packet(session, principal, packet_id)
    src = packets.page_source(session, packet, doc_id, page)
    session.commit()  # done with the database: no transaction (on SQLite, no lock) held while drawing
    rotation = src.rotation if src.rotation is not None else packets.cached_rotation(src.sha256, src.number, settings)
    key = (src.sha256, src.number, settings.page_dpi, rotation, src.signed_bytes)
    etag = f'"{src.sha256[:16]}-{src.number}-{settings.page_dpi}-{rotation}"'
    headers = {"Cache-Control": "private, max-age=3600", "ETag": etag}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    pages = page_cache.cache(settings.page_cache_mb * 1024 * 1024)
    png = pages.get(key)
    if png is None:
        try:
            data = storage.get(src.sha256)
        except BlobNotFound:
            raise packets.not_found() from None
        try:
            png = ocr.render_page(data[:src.signed_bytes], src.number, dpi=settings.page_dpi, rotation=rotation)
        except Exception:
            log.warning("rendering page %d of blob %s failed", src.number, src.sha256[:12], exc_info=True)
            raise Problem("pagina_ilegivel", 422, "Página não pode ser exibida",
                          "Não foi possível gerar a imagem desta página (arquivo danificado ou protegido).") from None
        pages.put(key, png)
    return Response(png, media_type="image/png", headers=headers)


HOLD_RESPONSES: dict[int | str, dict[str, Any]] = {
    **PROBLEM_RESPONSES, 403: {"model": ProblemDoc, "description": "Só o órgão do regulamento retém ou libera"}}


@router.put("/{packet_id}/hold", response_model=PacketHold, summary="Retém o pacote (órgão)",
            description="O órgão a que o pacote foi enviado o retém: ele não é apagado pela retenção nem por quem "
                        "o enviou até ser liberado.", responses=HOLD_RESPONSES)
def hold_packet(packet_id: str, principal: PrincipalDep, settings: SettingsDep) -> PacketHold:
    packet = packets.hold_packet(principal, packet_id, True, settings=settings)
    return PacketHold(id=packet.id, held=True, held_at=packets.iso(packet.held_at))


@router.delete("/{packet_id}/hold", response_model=PacketHold, summary="Libera o pacote retido (órgão)",
               description="Volta a valer o prazo de retenção (contado do parecer).", responses=HOLD_RESPONSES)
def release_packet(packet_id: str, principal: PrincipalDep, settings: SettingsDep) -> PacketHold:
    packet = packets.hold_packet(principal, packet_id, False, settings=settings)
    return PacketHold(id=packet.id, held=False, held_at=None)


@router.delete("/{packet_id}", status_code=204, summary="Apaga o pacote, seus arquivos e resultados",
               responses={**PROBLEM_RESPONSES, 403: {"model": ProblemDoc, "description": "Chave somente leitura"},
                          409: {"model": ProblemDoc, "description": "Pacote retido pelo órgão"}})
def delete_packet(packet_id: str, principal: PrincipalDep, settings: SettingsDep, storage: StorageDep) -> Response:
    packets.delete_packet(principal, packet_id, settings=settings, storage=storage)
    return Response(status_code=204)
