"""A packet's life in the service, shared by the API and the workers.

create  (API)     files already streamed to temp files and checked, within the tenant's quotas
                  (service/quotas.py) -> blobs + rows, once per idempotency key; then dispatch:
                  one read token per file (service/fair_queue.py picks the file)
read    (worker)  claim the file, read it (pipeline.read_file, cached by hash), write its
                  documents once; the last file read queues the judgement
judge   (worker)  documents in upload order -> validators.engine.judge_packet -> one result row
delete  (API)     rows, then blobs and cached reads no other packet holds (also the
                  retention purge: service/retention.py)
(callbacks: service.callbacks; where the steps run, a pool or Celery: service.dispatch)

Every step is idempotent: a task delivered twice finds its work done (row locks on
PostgreSQL, one writer at a time on SQLite) and unique keys make every write happen once.
Logs carry ids and hashes only: file names and document contents may hold personal data.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, NamedTuple

from sqlalchemy import ColumnElement, delete, func, select, text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from domain.documents import Document, Finding
from domain.result import Correction, Decision, Result
from intake import pipeline
from service import db, quotas
from service.db.cache import get_read_cache
from service.db.models import (
    CorrectionRow,
    Callback,
    DocumentRow,
    IdempotencyKey,
    PacketRow,
    PacketFile,
    ResultRow,
    utcnow,
)
from service.errors import Conflict, Forbidden, Invalid, NotFound
from service.settings import Settings, get_settings
from service.storage import BlobNotFound, Storage, StorageError, get_storage
from service.tenants import Principal, authority_for, new_id
from validators import corrections as corrections_
from validators import decisions as decisions_
from validators import engine, rulebooks

log = logging.getLogger("fretadoc.service")

STATUSES = ("queued", "processing", "done", "failed")
FINISHED = ("done", "failed")
# Errors worth trying again: the database or the store was briefly unreachable.
TRANSIENT = (OperationalError, StorageError, ConnectionError, TimeoutError)
JUDGE_FAULT = ("erro_interno_avaliacao",
               "Erro interno ao avaliar o pacote; os documentos foram lidos, mas não julgados.")


def not_found() -> NotFound:
    # The same answer whether the packet does not exist or belongs to someone else.
    return NotFound("pacote_nao_encontrado", "Pacote não encontrado",
                        "Não existe pacote com esse identificador para esta chave.")


# --- creating ---------------------------------------------------------------------------

@dataclass
class Upload:
    """One file of a request, already on local disk and checked (type, pages)."""

    path: str
    filename: str
    sha256: str
    size: int
    media_type: str
    pages: int


@dataclass
class PacketRequest:
    rulebook_id: str
    reference_date: date
    reference_date_given: str | None
    facts: dict[str, str]
    callback_url: str | None
    files: list[Upload] = field(default_factory=list)

    def fingerprint(self) -> str:
        """What makes two requests "the same body" for an idempotency key."""
        canon = {
            "rulebook": self.rulebook_id,
            "reference_date": self.reference_date_given,
            "facts": dict(sorted(self.facts.items())),
            "callback_url": self.callback_url,
            "files": [[f.filename, f.sha256] for f in self.files],
        }
        return hashlib.sha256(json.dumps(canon, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _lock_blobs(session: Session, digests: Sequence[str]) -> None:
    """Serialise blob writes and deletes of the same content across processes."""
    session.execute(text("SELECT 1"))  # opens the transaction (BEGIN IMMEDIATE on SQLite)
    if session.get_bind().dialect.name == "postgresql":
        for digest in sorted(set(digests)):
            session.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": int(digest[:15], 16)})


class Stored(NamedTuple):
    packet_id: str
    created: bool  # False: an Idempotency-Key replay
    policies: list[quotas.Policy]  # the tenant's quotas and what remains of each (none on a replay)


def create_packet(principal: Principal, req: PacketRequest, idempotency_key: str | None,
                  *, settings: Settings | None = None, storage: Storage | None = None) -> Stored:
    """Store the files and the packet, within the tenant's quotas and the backlog's bound
    (service/quotas.py). Not yet dispatched."""
    settings = settings or get_settings()
    storage = storage or get_storage(settings)
    request_hash = req.fingerprint()
    pages = sum(f.pages for f in req.files)
    with db.session_scope(settings) as s:
        if idempotency_key:
            existing = s.get(IdempotencyKey, (principal.tenant_id, idempotency_key))
            if existing is not None:
                return Stored(_replay(existing, request_hash), False, [])
        policies = quotas.check_upload(s, principal.tenant_id, pages, settings)
        quotas.check_backlog(s, principal.tenant_id, pages, settings)
        _lock_blobs(s, [f.sha256 for f in req.files])
        for f in req.files:
            storage.put_file(f.path, f.sha256, session=s)
        packet = PacketRow(
            id=new_id("pkt", 10), tenant_id=principal.tenant_id,
            authority_id=authority_for(s, req.rulebook_id), rulebook_id=req.rulebook_id,
            reference_date=req.reference_date, facts=req.facts, callback_url=req.callback_url,
            status="queued", files_total=len(req.files), pages_total=sum(f.pages for f in req.files),
        )
        s.add(packet)
        s.flush()
        for pos, f in enumerate(req.files):
            s.add(PacketFile(packet_id=packet.id, position=pos, filename=f.filename[:500],
                             sha256=f.sha256, size=f.size, media_type=f.media_type, pages=f.pages))
        if idempotency_key:
            s.add(IdempotencyKey(tenant_id=principal.tenant_id, key=idempotency_key,
                                 request_hash=request_hash, packet_id=packet.id))
        try:
            s.flush()
        except IntegrityError:
            if not idempotency_key:
                raise
            s.rollback()  # a concurrent request with the same key won the race
            existing = s.get(IdempotencyKey, (principal.tenant_id, idempotency_key))
            if existing is None:
                raise
            return Stored(_replay(existing, request_hash), False, [])
        packet_id = packet.id
    log.info("packet %s created: tenant %s, %d files, %d pages, rulebook %s", packet_id,
             principal.tenant_id, len(req.files), pages, req.rulebook_id)
    return Stored(packet_id, True, policies)


def _replay(existing: IdempotencyKey, request_hash: str) -> str:
    if existing.request_hash != request_hash:
        raise Invalid(
            "chave_idempotencia_reutilizada", "Chave de idempotência já usada",
            "Esta Idempotency-Key já foi usada com outro conteúdo. Use uma chave nova para um novo pacote.")
    return existing.packet_id


# --- reading and judging (workers) -----------------------------------------------------

def _lock_packet(s: Session, packet_id: str) -> PacketRow | None:
    return s.get(PacketRow, packet_id, with_for_update=True, populate_existing=True)


def _gave_up(filename: str, sha256: str, attempts: int) -> list[Document]:
    return [Document(id="d1", filename=filename, sha256=sha256, problems=[Finding(
        code="file.read_failed", severity="error",
        message=f"A leitura do arquivo falhou {attempts} vezes; ele não foi avaliado.")])]


def _missing_blob(filename: str, sha256: str) -> list[Document]:
    return [Document(id="d1", filename=filename, sha256=sha256, problems=[Finding(
        code="file.missing", severity="error",
        message="O arquivo não foi encontrado no armazenamento; ele não foi avaliado.")])]


def read_step(file_id: int, *, settings: Settings | None = None, storage: Storage | None = None,
              reader: Callable[[bytes, str], pipeline.FileRead] | None = None, claimed: bool = False) -> str | None:
    """Read one file of a packet. Returns the packet id when the packet is ready to judge.
    `claimed`: a read token claimed the file and counted this attempt (service/fair_queue.py)."""
    settings = settings or get_settings()
    storage = storage or get_storage(settings)
    with db.session_scope(settings) as s:
        row = s.get(PacketFile, file_id)
        if row is None:
            return None  # the packet was deleted
        packet = _lock_packet(s, row.packet_id)
        f = s.get(PacketFile, file_id, with_for_update=True, populate_existing=True)
        if packet is None or f is None or packet.status in FINISHED:
            return None
        if f.status == "done":
            return packet.id if _all_read(s, packet) else None
        if not claimed:
            f.status, f.attempts, f.started_at = "reading", f.attempts + 1, utcnow()
        if packet.status == "queued":
            packet.status, packet.started_at = "processing", utcnow()
        packet_id, filename, digest, attempts = packet.id, f.filename, f.sha256, f.attempts

    started = time.monotonic()
    if attempts > settings.read_max_attempts:
        log.error("file %s of packet %s given up after %d attempts", file_id, packet_id, attempts - 1)
        read = pipeline.FileRead(_gave_up(filename, digest, attempts - 1), {})
    else:
        try:
            data = storage.get(digest)
        except BlobNotFound:
            with db.session_scope(settings) as s:
                if s.get(PacketFile, file_id) is None:
                    return None
            log.error("blob %s of packet %s is missing", digest[:12], packet_id)
            read = pipeline.FileRead(_missing_blob(filename, digest), {})
        else:
            read = (reader or _default_reader(settings))(data, filename)
    log.info("file %s of packet %s read in %.2fs: %d document(s), sha256 %s", file_id, packet_id,
             time.monotonic() - started, len(read.documents), digest[:12])
    return _finish_read(file_id, read, settings, digest)


def _finish_read(file_id: int, read: pipeline.FileRead, settings: Settings, digest: str) -> str | None:
    """Write a file's documents once; the packet id when it was the last file to read."""
    with db.session_scope(settings) as s:
        row = s.get(PacketFile, file_id)
        packet = _lock_packet(s, row.packet_id) if row is not None else None
        f = s.get(PacketFile, file_id, with_for_update=True, populate_existing=True) if packet else None
        if packet is None or f is None:
            gone = True  # deleted while it was read
        else:
            gone = False
            if f.status != "done":
                for seq, d in enumerate(read.documents):
                    s.add(DocumentRow(packet_id=packet.id, file_id=file_id, seq=seq, type=d.type,
                                      body=d.model_dump(mode="json")))
                f.status, f.finished_at = "done", utcnow()
                f.rotations = {str(n): r for n, r in read.rotations.items()}
                s.flush()
            return packet.id if packet.status not in FINISHED and _all_read(s, packet) else None
    if gone:
        _drop_orphan_read(digest, settings)
    return None


def _drop_orphan_read(digest: str, settings: Settings) -> None:
    """A packet deleted while its file was read: the DELETE dropped the cached read it found,
    but this read may have cached it after that. What was read from a file no packet holds any
    longer goes now (LGPD: no text of a deleted document stays behind)."""
    with db.session_scope(settings) as s:
        held = s.scalar(select(func.count()).select_from(PacketFile).where(PacketFile.sha256 == digest))
    if held:
        return
    cache = get_read_cache(settings)
    if cache is not None:
        try:
            cache.delete(digest)
        except Exception:
            log.warning("could not drop cached read of %s", digest[:12], exc_info=True)
            return
    log.info("cached read of %s dropped: its packet was deleted while it was read", digest[:12])


def give_up_read(file_id: int, *, settings: Settings | None = None) -> str | None:
    """A read failed for good (not bad input: a fault). The file gets a finding, so the packet
    is still judged and its sender learns what happened. Returns the packet id if ready."""
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        f = s.get(PacketFile, file_id)
        if f is None or f.status == "done":
            return None
        filename, digest, attempts = f.filename, f.sha256, f.attempts
    log.error("read of file %s given up after a fault", file_id)
    return _finish_read(file_id, pipeline.FileRead(_gave_up(filename, digest, max(attempts, 1)), {}),
                        settings, digest)


def fail_packet(packet_id: str, code: str, detail: str, *, settings: Settings | None = None) -> bool:
    """Mark a packet failed (its judgement could not run). Returns True when a callback is due."""
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        packet = _lock_packet(s, packet_id)
        if packet is None or packet.status in FINISHED:
            return False
        packet.status, packet.error_code, packet.error_detail = "failed", code, detail
        packet.finished_at = utcnow()
        if packet.callback_url and s.get(Callback, packet_id) is None:
            s.add(Callback(packet_id=packet_id, event="packet.failed"))
        log.error("packet %s failed: %s", packet_id, code)
        return bool(packet.callback_url)


def _default_reader(settings: Settings) -> Callable[[bytes, str], pipeline.FileRead]:
    cache = get_read_cache(settings)
    return lambda data, filename: pipeline.read(data, filename, cache=cache, limits=settings)


def _all_read(s: Session, packet: PacketRow) -> bool:
    done = s.scalar(select(func.count()).select_from(PacketFile).where(
        PacketFile.packet_id == packet.id, PacketFile.status == "done"))
    return done == packet.files_total


def packet_documents(s: Session, packet_id: str) -> list[tuple[PacketFile, DocumentRow, Document]]:
    """Every document of the packet in upload order, with its final id (d1, d2, ...): the one
    stored when the packet was judged, or, before that, the one it will be given."""
    rows = s.execute(
        select(PacketFile, DocumentRow).join(DocumentRow, DocumentRow.file_id == PacketFile.id)
        .where(PacketFile.packet_id == packet_id).order_by(PacketFile.position, DocumentRow.seq)).all()
    if rows and all(d.doc_id for _, d in rows):
        return [(f, d, pipeline.with_id(Document.model_validate(d.body), str(d.doc_id))) for f, d in rows]
    per_file: dict[int, list[Document]] = {}
    for f, d in rows:
        per_file.setdefault(f.id, []).append(Document.model_validate(d.body))
    numbered = pipeline.number_documents(list(per_file.values()))
    return [(f, d, doc) for (f, d), doc in zip(rows, numbered, strict=True)]


def _assign_ids(rows: list[tuple[PacketFile, DocumentRow, Document]]) -> None:
    """Store each document's final id and the page of its file where it begins, once."""
    starts: dict[int, int] = {}
    for f, d, doc in rows:
        start = starts.get(f.id, 0)
        starts[f.id] = start + doc.pages
        if d.doc_id is None:
            d.doc_id, d.first_page = doc.id, start + 1


def judge_step(packet_id: str, *, settings: Settings | None = None) -> bool:
    """Judge a fully read packet once. Returns True when a callback is due."""
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        packet = _lock_packet(s, packet_id)
        if packet is None:
            return False
        if packet.status in FINISHED:
            return _callback_pending(s, packet_id)
        if not _all_read(s, packet):
            return False
        rows = packet_documents(s, packet_id)
        _assign_ids(rows)
        documents = [doc for _, _, doc in rows]
        started = time.monotonic()
        try:
            result = _judged(packet, documents)
        except Exception:
            log.exception("judging packet %s failed", packet_id)
            packet.status = "failed"
            packet.error_code, packet.error_detail = JUDGE_FAULT
        else:
            s.add(ResultRow(packet_id=packet_id, verdict=result.verdict, body=result.model_dump(mode="json")))
            packet.status = "done"
            log.info("packet %s judged in %.2fs: %s", packet_id, time.monotonic() - started, result.verdict)
        packet.finished_at = utcnow()
        if packet.callback_url:
            s.add(Callback(packet_id=packet_id, event=f"packet.{packet.status}"))
        s.flush()
        return bool(packet.callback_url)


def _judged(packet: PacketRow, documents: list[Document], given: list[Correction] | None = None,
            decided: list[Decision] | None = None) -> Result:
    """The packet's result, its first or again after a correction (validators.engine.judge_packet):
    its rulebook looked up once and its facts, stored as declared, typed once for the judgement."""
    book = rulebooks.load(packet.rulebook_id)
    return engine.judge_packet(documents, book, packet.reference_date, book.parse_facts(dict(packet.facts or {})),
                               packet_id=packet.id, corrections=given, decisions=decided)


def _callback_pending(s: Session, packet_id: str) -> bool:
    cb = s.get(Callback, packet_id)
    return cb is not None and cb.status == "pending"


# --- reading back (API) ------------------------------------------------------------------

def visible(principal: Principal) -> ColumnElement[bool]:
    """The packets a key may see: its tenant's, or for a clerk those submitted to its authority."""
    if principal.kind == "authority":
        return PacketRow.authority_id == principal.tenant_id
    return PacketRow.tenant_id == principal.tenant_id


def get_packet(s: Session, principal: Principal, packet_id: str) -> PacketRow:
    packet = s.scalars(select(PacketRow).where(PacketRow.id == packet_id, visible(principal))).one_or_none()
    if packet is None:
        raise not_found()
    return packet


def list_packets(s: Session, principal: Principal, *, limit: int, offset: int,
                 status: str | None = None, verdict: str | None = None) -> tuple[list[PacketRow], int]:
    cond = [visible(principal)]
    if status:
        cond.append(PacketRow.status == status)
    if verdict:
        cond.append(PacketRow.id.in_(select(ResultRow.packet_id).where(ResultRow.verdict == verdict)))
    total = s.scalar(select(func.count()).select_from(PacketRow).where(*cond))
    rows = s.scalars(select(PacketRow).where(*cond).order_by(PacketRow.created_at.desc(), PacketRow.id.desc())
                     .limit(limit).offset(offset)).all()
    return list(rows), int(total or 0)


def current_status(packet_id: str, settings: Settings | None = None) -> str | None:
    with db.session_scope(settings) as s:
        packet = s.get(PacketRow, packet_id)
        return packet.status if packet else None


def results(s: Session, packet_ids: list[str]) -> dict[str, dict[str, Any]]:
    """The stored result documents of these packets (those judged)."""
    if not packet_ids:
        return {}
    rows = s.execute(select(ResultRow.packet_id, ResultRow.body).where(ResultRow.packet_id.in_(packet_ids)))
    return {pid: body for pid, body in rows.all()}


def verdicts(s: Session, packet_ids: list[str]) -> dict[str, str]:
    if not packet_ids:
        return {}
    rows = s.execute(select(ResultRow.packet_id, ResultRow.verdict).where(ResultRow.packet_id.in_(packet_ids)))
    return dict(rows.all())


@dataclass
class DocumentSummary:
    id: str | None  # final id (d1, d2, ...) once the packet is judged
    type: str
    pages: int


@dataclass
class PacketView:
    """What the API shows of a packet: its row, its files in upload order with the documents
    found in each (by file id), and its result document once judged. The API shapes it."""
    packet: PacketRow
    files: list[PacketFile]
    documents: dict[int, list[DocumentSummary]]
    result: dict[str, Any] | None

    @property
    def files_read(self) -> int:
        return sum(1 for f in self.files if f.status == "done")


def packet_view(s: Session, packet: PacketRow, *, with_result: bool = True) -> PacketView:
    files = list(s.scalars(select(PacketFile).where(PacketFile.packet_id == packet.id)
                           .order_by(PacketFile.position)).all())
    docs_by_file: dict[int, list[DocumentSummary]] = {}
    if packet.status == "done":
        for f, _, doc in packet_documents(s, packet.id):
            docs_by_file.setdefault(f.id, []).append(DocumentSummary(doc.id, doc.type, doc.pages))
    else:
        for d in s.scalars(select(DocumentRow).where(DocumentRow.packet_id == packet.id)
                           .order_by(DocumentRow.file_id, DocumentRow.seq)):
            docs_by_file.setdefault(d.file_id, []).append(DocumentSummary(None, d.type, d.body.get("pages", 0)))
    result = None
    if with_result and packet.status == "done":
        row = s.get(ResultRow, packet.id)
        result = row.body if row else None
    return PacketView(packet, files, docs_by_file, result)


def packet_result(s: Session, packet: PacketRow) -> Result:
    """The packet's result document (with its corrections); Conflict until it is judged."""
    row = s.get(ResultRow, packet.id) if packet.status == "done" else None
    if row is None:
        raise Conflict("pacote_em_processamento", "Pacote ainda em processamento",
                       "O parecer fica disponível quando o pacote termina de ser avaliado.")
    return Result.model_validate(row.body)


def iso(ts: datetime | None) -> str | None:
    if ts is None:
        return None
    if ts.tzinfo is None:  # SQLite hands back naive datetimes; they were written in UTC
        ts = ts.replace(tzinfo=timezone.utc)
    return ts.isoformat().replace("+00:00", "Z")


@dataclass(frozen=True)
class PageSource:
    sha256: str  # the file's
    number: int  # the page's number inside the file
    rotation: int | None  # degrees the reader turned it upright; None: read before this was kept
    # a file changed after it was signed: its first bytes, the revision its document was read from
    signed_bytes: int | None = None


def page_source(s: Session, packet: PacketRow, doc_id: str, page: int) -> PageSource:
    """Where a document's page is: its file, its number there, and how it was turned (stored
    with the file when it was read: no read cache needed to draw evidence)."""
    if packet.status != "done":
        raise Conflict("pacote_em_processamento", "Pacote ainda em processamento",
                           "As páginas ficam disponíveis quando o pacote termina de ser avaliado.")
    offsets: dict[int, int] = {}
    for f, d, doc in packet_documents(s, packet.id):
        start = d.first_page - 1 if d.first_page is not None else offsets.get(f.id, 0)
        offsets[f.id] = start + doc.pages
        if doc.id == doc_id:
            if not 1 <= page <= max(doc.pages, 0):
                raise NotFound("pagina_nao_encontrada", "Página não encontrada",
                                   f"O documento {doc_id} tem {doc.pages} página(s).")
            number = start + page
            rotation = int(f.rotations.get(str(number), 0)) if f.rotations is not None else None
            return PageSource(f.sha256, number, rotation, doc.signature.signed_bytes if doc.signature else None)
    raise NotFound("documento_nao_encontrado", "Documento não encontrado",
                       f"O pacote não tem o documento {doc_id}.")


def cached_rotation(digest: str, number: int, settings: Settings | None = None) -> int:
    """For a file read before rotations were kept with it: how the reader turned the page, from
    the read cache if it still holds the read (0 when not). Call it with no transaction open."""
    cache = get_read_cache(settings)
    extraction = cache.get(digest) if cache is not None else None
    page = next((p for p in extraction.pages if p.number == number), None) if extraction else None
    return page.rotation if page is not None else 0


# --- corrections (the clerk's loop) ------------------------------------------------------

@dataclass
class CorrectionRequest:
    document: str
    field: str
    value: Any = None  # None: confirms the value read
    note: str | None = None

    def digest(self) -> str:
        return hashlib.sha256(json.dumps([self.document, self.field, self.value, self.note],
                                         ensure_ascii=False, default=str).encode()).hexdigest()


def _layer(s: Session, packet_id: str) -> list[CorrectionRow]:
    """The clerk's and the carrier's words on the packet, in the order given: corrections of
    fields and (a body naming an `item`) an authority's decisions on items; one table, one order."""
    return list(s.scalars(select(CorrectionRow).where(CorrectionRow.packet_id == packet_id).order_by(CorrectionRow.seq)))


def packet_corrections(s: Session, packet_id: str) -> list[Correction]:
    return [Correction.model_validate(r.body) for r in _layer(s, packet_id) if "item" not in r.body]


def packet_decisions(s: Session, packet_id: str) -> list[Decision]:
    return [Decision.model_validate(r.body) for r in _layer(s, packet_id) if "item" in r.body]


def list_corrections(s: Session, principal: Principal, packet_id: str) -> list[Correction]:
    return packet_corrections(s, get_packet(s, principal, packet_id).id)


def _rejudge(s: Session, packet: PacketRow, documents: list[Document], given: list[Correction],
             decided: list[Decision]) -> str:
    """The packet judged again on its documents as read (no file is read again) with the
    corrections and decisions; the stored result replaced; the callback due again as a new event."""
    result = _judged(packet, documents, given, decided)
    row = s.get(ResultRow, packet.id)
    if row is None:
        s.add(ResultRow(packet_id=packet.id, verdict=result.verdict, body=result.model_dump(mode="json")))
    else:
        row.verdict, row.body = result.verdict, result.model_dump(mode="json")
    if packet.callback_url:
        cb = s.get(Callback, packet.id)
        event = f"packet.corrected.{len(given) + len(decided)}"  # a new event id each time (callbacks.event_id)
        if cb is None:
            s.add(Callback(packet_id=packet.id, event=event))
        else:
            cb.event, cb.status, cb.attempts, cb.next_attempt_at = event, "pending", 0, utcnow()
            cb.last_status_code = cb.last_error = cb.delivered_at = None
    return result.verdict


def _read_as(s: Session, packet_id: str, doc_id: str, kind: str, settings: Settings) -> dict[str, Any] | None:
    """A document whose type the clerk changed, its pages parsed again as that type from the
    file's text as read (the read cache's; no OCR again). None when the type stands or the read
    is no longer cached (the clerk then gives the fields)."""
    offsets: dict[int, int] = {}
    for f, d, doc in packet_documents(s, packet_id):
        start = d.first_page - 1 if d.first_page is not None else offsets.get(f.id, 0)
        offsets[f.id] = start + doc.pages
        if doc.id != doc_id:
            continue
        if doc.type == kind:
            return None
        cache = get_read_cache(settings)
        extraction = cache.get(f.sha256) if cache is not None else None
        if extraction is None:
            return None
        fields = pipeline.parse_as(extraction, kind, start + 1, doc.pages)
        return {k: v.model_dump(mode="json") for k, v in fields.items()}
    return None


@dataclass
class CorrectionOutcome:
    correction: Correction
    created: bool  # False: an Idempotency-Key replay
    callback_due: bool
    verdict: str | None  # the packet's verdict now


def add_correction(principal: Principal, packet_id: str, req: CorrectionRequest, idempotency_key: str | None,
                   *, settings: Settings | None = None) -> CorrectionOutcome:
    """Record a correction and re-judge the packet. An authority's key corrects as the clerk,
    the submitting carrier's as the carrier (a declaration)."""
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        get_packet(s, principal, packet_id)
        packet = _lock_packet(s, packet_id)
        if packet is None:
            raise not_found()
        by: corrections_.Author
        if principal.kind == "authority":
            by = "clerk"
        elif packet.tenant_id == principal.tenant_id and not principal.read_only:
            by = "carrier"
        else:
            raise Forbidden("somente_leitura", "Operação não permitida",
                            "Só o órgão do regulamento ou quem enviou o pacote pode corrigir seus campos.")
        digest = req.digest()
        if idempotency_key:
            old = s.scalars(select(CorrectionRow).where(CorrectionRow.packet_id == packet_id,
                                                        CorrectionRow.idempotency_key == idempotency_key)).one_or_none()
            if old is not None:
                if old.request_hash != digest or old.tenant_id != principal.tenant_id:
                    raise Invalid("chave_idempotencia_reutilizada", "Chave de idempotência já usada",
                                  "Esta Idempotency-Key já foi usada com outra correção. Use uma chave nova.")
                return CorrectionOutcome(Correction.model_validate(old.body), False, False,
                                         verdicts(s, [packet_id]).get(packet_id))
        if packet.status != "done":
            raise Conflict("pacote_em_processamento", "Pacote ainda em processamento",
                           "Os campos podem ser corrigidos quando o pacote termina de ser avaliado.")
        given = packet_corrections(s, packet_id)
        documents = [doc for _, _, doc in packet_documents(s, packet_id)]
        try:
            correction = corrections_.make(
                documents, number=len(given) + 1, document=req.document, field=req.field, value=req.value,
                by=by, at=utcnow().isoformat(timespec="seconds").replace("+00:00", "Z"), note=req.note,
                given=given)
        except corrections_.CorrectionError as exc:
            raise Invalid("correcao_invalida", "Correção inválida", str(exc)) from None
        if correction.field == corrections_.TYPE_FIELD:
            correction.fields = _read_as(s, packet_id, correction.document, str(correction.value), settings)
        s.add(CorrectionRow(packet_id=packet_id, seq=len(_layer(s, packet_id)) + 1, tenant_id=principal.tenant_id,
                            idempotency_key=idempotency_key, request_hash=digest,
                            body=correction.model_dump(mode="json")))
        started = time.monotonic()
        verdict = _rejudge(s, packet, documents, [*given, correction], packet_decisions(s, packet_id))
        log.info("packet %s re-judged after correction %s (%s) in %.3fs: %s", packet_id, correction.id, by,
                 time.monotonic() - started, verdict)  # no value: it may be personal data
        s.flush()
        return CorrectionOutcome(correction, True, bool(packet.callback_url), verdict)


@dataclass
class DecisionOutcome:
    decision: Decision
    callback_due: bool
    verdict: str | None


def _authority_lock(s: Session, principal: Principal, packet_id: str, refusal: str) -> PacketRow:
    """The packet, locked, for its authority's clerk: 404 to whoever may not see it, 403 to a
    sender who sees it but may not act for the authority."""
    get_packet(s, principal, packet_id)
    if principal.kind != "authority":
        raise Forbidden("somente_orgao", "Operação não permitida", refusal)
    packet = _lock_packet(s, packet_id)
    if packet is None:
        raise not_found()
    return packet


def add_decision(principal: Principal, packet_id: str, item: str, status: str, note: str | None,
                 *, settings: Settings | None = None) -> DecisionOutcome:
    """Record an authority's decision on an item (validators/decisions.py) and re-judge the
    packet. Only the authority's clerk decides: a carrier never approves itself."""
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        packet = _authority_lock(s, principal, packet_id, "Só o servidor do órgão do regulamento decide um item.")
        if packet.status != "done":
            raise Conflict("pacote_em_processamento", "Pacote ainda em processamento",
                           "Os itens podem ser decididos quando o pacote termina de ser avaliado.")
        row = s.get(ResultRow, packet_id)
        items = Result.model_validate(row.body).checklist if row is not None else []
        decided = packet_decisions(s, packet_id)
        try:
            decision = decisions_.make(items, number=len(decided) + 1, item=item, status=status, note=note,
                                       at=utcnow().isoformat(timespec="seconds").replace("+00:00", "Z"))
        except decisions_.DecisionError as exc:
            raise Invalid("decisao_invalida", "Decisão inválida", str(exc)) from None
        body = decision.model_dump(mode="json")
        s.add(CorrectionRow(packet_id=packet_id, seq=len(_layer(s, packet_id)) + 1, tenant_id=principal.tenant_id,
                            idempotency_key=None, request_hash=hashlib.sha256(repr(sorted(body.items())).encode()).hexdigest(),
                            body=body))
        documents = [doc for _, _, doc in packet_documents(s, packet_id)]
        verdict = _rejudge(s, packet, documents, packet_corrections(s, packet_id), [*decided, decision])
        log.info("packet %s re-judged after decision %s in item %s: %s", packet_id, decision.id, item, verdict)
        s.flush()
        return DecisionOutcome(decision, bool(packet.callback_url), verdict)


# --- deleting ----------------------------------------------------------------------------

def delete_packet(principal: Principal, packet_id: str, *, settings: Settings | None = None,
                  storage: Storage | None = None) -> None:
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        packet = s.scalars(select(PacketRow).where(PacketRow.id == packet_id, visible(principal))).one_or_none()
        if packet is None:
            raise not_found()
        if principal.read_only or packet.tenant_id != principal.tenant_id:
            raise Forbidden("somente_leitura", "Operação não permitida",
                               "Esta chave só pode consultar pacotes; apenas quem enviou o pacote pode apagá-lo.")
        if packet.held_at is not None:
            raise Conflict("pacote_retido", "Pacote retido pelo órgão",
                           "O órgão do regulamento reteve este pacote; ele só pode ser apagado depois de liberado.")
    removed = remove_packet(packet_id, settings=settings, storage=storage)
    if removed is None:
        raise not_found()
    log.info("packet %s deleted by tenant %s; %d blob(s) removed", packet_id, principal.tenant_id, removed)


def remove_packet(packet_id: str, *, settings: Settings | None = None, storage: Storage | None = None,
                  unless_held: bool = False) -> int | None:
    """Every row of the packet, its files no other packet holds and their cached reads. Returns
    the number of files removed, None when the packet is gone (or held, with `unless_held`)."""
    settings = settings or get_settings()
    storage = storage or get_storage(settings)
    orphans: list[str] = []
    with db.session_scope(settings) as s:
        digests = sorted(set(s.scalars(select(PacketFile.sha256).where(PacketFile.packet_id == packet_id))))
        _lock_blobs(s, digests)
        packet = _lock_packet(s, packet_id)
        if packet is None or (unless_held and packet.held_at is not None):
            return None
        for model in (Callback, ResultRow, CorrectionRow, DocumentRow, IdempotencyKey, PacketFile):
            s.execute(delete(model).where(model.packet_id == packet_id))
        s.execute(delete(PacketRow).where(PacketRow.id == packet_id))
        s.flush()
        for digest in digests:
            still = s.scalar(select(func.count()).select_from(PacketFile).where(PacketFile.sha256 == digest))
            if not still:
                storage.delete(digest, session=s)
                orphans.append(digest)
    cache = get_read_cache(settings)
    if cache is not None:
        for digest in orphans:
            try:
                cache.delete(digest)
            except Exception:
                log.warning("could not drop cached read of %s", digest[:12], exc_info=True)
    return len(orphans)


def hold_packet(principal: Principal, packet_id: str, hold: bool, *, settings: Settings | None = None) -> PacketRow:
    """An authority's clerk holds a packet submitted to it (kept past its retention period, not
    deletable by its sender) or releases it."""
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        packet = _authority_lock(s, principal, packet_id, "Só o órgão do regulamento pode reter ou liberar um pacote.")
        if hold and packet.held_at is None:
            packet.held_at = utcnow()
        elif not hold:
            packet.held_at = None
        log.info("packet %s %s by authority %s", packet_id, "held" if hold else "released", principal.tenant_id)
        s.flush()
        return packet
