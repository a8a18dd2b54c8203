"""/v1/documents:read — one file read synchronously: its documents, types and fields."""

from __future__ import annotations

import tempfile
from pathlib import Path

import anyio
from fastapi import APIRouter, Request

from api import uploads
from api.deps import PrincipalDep, SettingsDep
from api.schemas import PROBLEM_RESPONSES, DocumentsRead, ProblemDoc
from intake import pipeline
from service.settings import Settings
from api.errors import Problem

router = APIRouter(tags=["documentos"])

BODY = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["file"], "additionalProperties": False,
    "properties": {"file": {"type": "string", "format": "binary",
                            "description": "Um arquivo: PDF, PNG, JPEG, TIFF ou WebP."}}}}}}}

_limiter: anyio.CapacityLimiter | None = None


def _read(path: str, filename: str, settings: Settings) -> list:
    docs = pipeline.read(Path(path).read_bytes(), filename, cache=None, limits=settings).documents  # nothing is kept
    return pipeline.number_documents([docs])


@router.post("/v1/documents:read", response_model=DocumentsRead, summary="Lê um documento (síncrono)",
             description="Lê um arquivo e devolve os documentos encontrados (tipo e campos, no formato do "
                         "contrato). Nada é guardado. Para pacotes, use POST /v1/packets.",
             openapi_extra=BODY,
             responses={**PROBLEM_RESPONSES, 413: {"model": ProblemDoc, "description": "Arquivo grande demais"},
                        415: {"model": ProblemDoc, "description": "Tipo não suportado"}})
async def read_document(request: Request, principal: PrincipalDep, settings: SettingsDep) -> DocumentsRead:
    global _limiter
    if _limiter is None:
        _limiter = anyio.CapacityLimiter(settings.sync_read_concurrency)
    limits = uploads.Limits(max_file_bytes=settings.max_file_bytes, max_files=1,
                            max_field_bytes=settings.max_field_bytes)
    tmp_root = settings.data_dir / "tmp"
    tmp_root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=tmp_root, prefix="read-") as tmp:
        form = await uploads.receive(request, tmp, limits)
        if form.fields:
            raise Problem("campo_desconhecido", 422, "Campo desconhecido",
                               "Envie só o arquivo, no campo 'file'.")
        if not form.files:
            raise Problem("sem_arquivos", 422, "Nenhum arquivo enviado", "Envie o arquivo no campo 'file'.")
        part = form.files[0]
        kind = uploads.media_type(part, 1)
        pages = uploads.count_pages(part, kind)
        max_pages = settings.max_pages
        if pages > max_pages:
            raise Problem("arquivo_com_paginas_demais", 413, "Arquivo com páginas demais",
                               f"O arquivo tem {pages} páginas; o limite é {max_pages}.")
        docs = await anyio.to_thread.run_sync(_read, part.path, part.filename, settings, limiter=_limiter)
    return DocumentsRead(documents=docs)
