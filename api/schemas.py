"""What the API answers, as models: they shape the OpenAPI document and its examples.

The packet result itself is the contract's (domain.result.Result), unchanged.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from domain.documents import Document
from domain.result import Result

PacketStatusName = Literal["queued", "processing", "done", "failed"]

EXAMPLE_ID = "pkt_7c1e0b5d9a3f42e81b6c"


class ProblemDoc(BaseModel):
    """An error (RFC 9457), in Portuguese."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"examples": [{
        "type": "urn:fretadoc:problema:regulamento_desconhecido", "code": "regulamento_desconhecido",
        "title": "Regulamento desconhecido", "status": 422,
        "detail": "Regulamento desconhecido: 'xx'. Disponíveis: rs-metroplan-escolar.",
        "instance": "/v1/packets"}]})

    type: str
    code: str
    title: str
    status: int
    detail: str
    instance: str | None = None


class PacketAccepted(BaseModel):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "id": EXAMPLE_ID, "status": "queued", "status_url": f"/v1/packets/{EXAMPLE_ID}",
        "files": 14, "pages": 16, "replayed": False}]})

    id: str
    status: PacketStatusName
    status_url: str
    files: int
    pages: int
    replayed: bool = Field(description="true quando a mesma Idempotency-Key devolveu um pacote já criado")


class Progress(BaseModel):
    files_total: int
    files_read: int
    pages_total: int
    percent: int


class DocumentProgress(BaseModel):
    id: str | None = Field(description="id do documento no resultado (d1, d2...), quando o pacote termina")
    type: str
    pages: int


class FileProgress(BaseModel):
    position: int
    filename: str
    sha256: str
    media_type: str
    size: int
    pages: int
    status: Literal["queued", "reading", "done"]
    documents: list[DocumentProgress]


class PacketError(BaseModel):
    code: str | None
    message: str | None


class PacketStatus(BaseModel):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "id": EXAMPLE_ID, "status": "processing", "rulebook": "rs-metroplan-escolar",
        "reference_date": "2026-03-02", "created_at": "2026-03-02T12:00:00Z",
        "started_at": "2026-03-02T12:00:01Z", "finished_at": None,
        "progress": {"files_total": 2, "files_read": 1, "pages_total": 3, "percent": 50},
        "files": [
            {"position": 1, "filename": "crlv.pdf", "sha256": "0" * 64, "media_type": "application/pdf",
             "size": 48211, "pages": 1, "status": "done", "documents": [{"id": None, "type": "crlv", "pages": 1}]},
            {"position": 2, "filename": "apolice.jpg", "sha256": "1" * 64, "media_type": "image/jpeg",
             "size": 912334, "pages": 1, "status": "reading", "documents": []}],
        "verdict": None, "result": None, "error": None}]})

    id: str
    status: PacketStatusName
    rulebook: str
    reference_date: str
    created_at: str | None
    started_at: str | None
    finished_at: str | None
    progress: Progress
    files: list[FileProgress]
    verdict: Literal["ok", "fail", "review", "incomplete"] | None
    summary: dict[str, Any] | None = Field(None, description="Quem enviou o quê, lido dos documentos: act, carrier, "
                                                              "carrier_cnpj, plates, contract, to_review.")
    result: Result | None = Field(description="o documento de resultado do contrato, quando `done`")
    error: PacketError | None
    held_at: str | None = Field(default=None, description="quando o órgão reteve o pacote (guardado além do "
                                                          "prazo de retenção, não apagável); null se não retido")
    expires_at: str | None = Field(default=None, description="quando o pacote será apagado pela retenção "
                                                             "(depois do parecer; null enquanto não termina "
                                                             "ou se retido)")


class PacketHold(BaseModel):
    id: str
    held: bool
    held_at: str | None


class PacketSummary(BaseModel):
    id: str
    status: PacketStatusName
    rulebook: str
    reference_date: str
    created_at: str | None
    finished_at: str | None
    files: int
    verdict: str | None
    status_url: str
    # what a clerk's list says of a judged packet (report/summary.py), as read from its documents
    act: str | None = Field(None, description="O regulamento (título do ato).")
    carrier: str | None = Field(None, description="Nome do transportador lido nos documentos.")
    carrier_cnpj: str | None = Field(None, description="CNPJ do transportador lido, com pontuação.")
    plates: list[str] = Field(default_factory=list, description="Placas dos CRLVs.")
    contract: str | None = Field(None, description="Número do contrato de fretamento.")
    to_review: int | None = Field(None, description="Itens em revisão (conferência humana).")


class PacketList(BaseModel):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "items": [{"id": EXAMPLE_ID, "status": "done", "rulebook": "rs-metroplan-escolar",
                   "reference_date": "2026-03-02", "created_at": "2026-03-02T12:00:00Z",
                   "finished_at": "2026-03-02T12:00:40Z", "files": 14, "verdict": "review",
                   "status_url": f"/v1/packets/{EXAMPLE_ID}"}],
        "total": 1, "limit": 20, "offset": 0, "next": None}]})

    items: list[PacketSummary]
    total: int
    limit: int
    offset: int
    next: str | None


class DocumentsRead(BaseModel):
    """One file read synchronously: the documents found in it (a file may hold several)."""

    documents: list[Document]


class RulebookItem(BaseModel):
    id: str
    article: str
    requirement: str


class RulebookSummary(BaseModel):
    model_config = ConfigDict(extra="allow", json_schema_extra={"examples": [{
        "id": "rs-metroplan-escolar", "title": "Fretamento contínuo escolar (METROPLAN)",
        "jurisdiction": "RS", "norm": "Resolução CETM ...", "items": 24}]})

    id: str
    title: str
    jurisdiction: str
    norm: str
    items: int


class RulebookDetail(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    title: str
    jurisdiction: str
    norm: str
    facts: dict[str, Any] = {}
    items: list[RulebookItem]


class Health(BaseModel):
    status: Literal["ok"]


class Check(BaseModel):
    ok: bool
    detail: str


class TenantBacklog(BaseModel):
    tenant: str = Field(description="id do cliente (nunca o nome)")
    files: int = Field(description="arquivos esperando leitura ou sendo lidos")
    pages: int
    wait_seconds: float = Field(description="espera estimada de um novo pacote deste cliente")


class Backlog(BaseModel):
    wait_seconds: float = Field(description="tempo estimado para ler tudo o que espera")
    seconds_per_page: float = Field(description="ritmo de leitura da última hora (ou o configurado)")
    max_wait_seconds: float = Field(description="acima disto, envios recebem 503 (0: nunca)")
    tenants: list[TenantBacklog]


class Readiness(BaseModel):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "status": "ok", "mode": "distributed", "checks": {
            "database": {"ok": True, "detail": "postgresql"},
            "broker": {"ok": True, "detail": "redis"},
            "storage": {"ok": True, "detail": "database"},
            "tesseract": {"ok": True, "detail": "tesseract 5.3.0 (por)"}}}]})

    status: Literal["ok", "unavailable"]
    mode: Literal["embedded", "distributed"]
    checks: dict[str, Check]
    backlog: Backlog | None = None


PROBLEM_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": ProblemDoc, "content": {"application/problem+json": {}}, "description": desc}
    for code, desc in {401: "Chave ausente ou inválida", 404: "Não encontrado (ou de outro cliente)",
                       422: "Parâmetros inválidos"}.items()
}
