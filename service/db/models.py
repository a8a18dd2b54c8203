"""The service's tables (SQLAlchemy 2). Alembic migrations in service/db/migrations build them.

Every write a worker makes is guarded by a unique key, so a task delivered twice writes
nothing twice: one documents row per (file, seq), one result per packet, one callback per packet.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

Json = JSON().with_variant(JSONB(), "postgresql")


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Tenant(Base):
    """A carrier, a portal or an authority (which judges the packets sent to its rulebooks)."""

    __tablename__ = "tenants"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(16))  # carrier | portal | authority
    secret_version: Mapped[int] = mapped_column(Integer, default=1)  # bumps rotate the callback secret
    # this tenant's own quotas and retention (service/quotas.py LIMITS), over the settings' defaults
    limits: Mapped[dict[str, int] | None] = mapped_column(Json)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AuthorityRulebook(Base):
    """Which authority judges the packets of a rulebook (one authority per rulebook)."""

    __tablename__ = "authority_rulebooks"

    rulebook_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    tenant_id: Mapped[str] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"), index=True)


class ApiKey(Base):
    """An API key: `fd_<id>_<secret>`; only the SHA-256 of the whole key is kept."""

    __tablename__ = "api_keys"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    tenant_id: Mapped[str] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(16))  # submitter | clerk (read-only)
    label: Mapped[str | None] = mapped_column(String(200))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Blob(Base):
    """File bytes by content hash, for the database storage backend."""

    __tablename__ = "blobs"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    size: Mapped[int] = mapped_column(BigInteger)
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PacketRow(Base):
    __tablename__ = "packets"
    __table_args__ = (Index("ix_packets_tenant_created", "tenant_id", "created_at"),
                      Index("ix_packets_authority_created", "authority_id", "created_at"))

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    tenant_id: Mapped[str] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"))
    authority_id: Mapped[str | None] = mapped_column(ForeignKey("tenants.id", ondelete="SET NULL"))
    rulebook_id: Mapped[str] = mapped_column(String(100))
    reference_date: Mapped[date] = mapped_column(Date)
    facts: Mapped[dict[str, Any]] = mapped_column(Json, default=dict)
    callback_url: Mapped[str | None] = mapped_column(String(2000))
    status: Mapped[str] = mapped_column(String(16), default="queued", index=True)
    files_total: Mapped[int] = mapped_column(Integer)
    pages_total: Mapped[int] = mapped_column(Integer, default=0)
    error_code: Mapped[str | None] = mapped_column(String(80))
    error_detail: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    dispatched_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    # an authority's hold: the packet outlives its retention period until released
    held_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PacketFile(Base):
    __tablename__ = "packet_files"
    __table_args__ = (UniqueConstraint("packet_id", "position", name="uq_packet_files_position"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True,
                                    autoincrement=True)
    packet_id: Mapped[str] = mapped_column(ForeignKey("packets.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)  # 0-based upload order
    filename: Mapped[str] = mapped_column(String(500))
    sha256: Mapped[str] = mapped_column(String(64), index=True)
    size: Mapped[int] = mapped_column(BigInteger)
    media_type: Mapped[str] = mapped_column(String(64))
    pages: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="queued", index=True)  # queued | reading | done
    # the read token (its Celery task id) that claimed the file (service/fair_queue.py)
    claim: Mapped[str | None] = mapped_column(String(64), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # pages the reader turned to read them upright ({"2": 90}), written with the documents: the
    # evidence images are turned the same way without the read cache
    rotations: Mapped[dict[str, int] | None] = mapped_column(Json)


class DocumentRow(Base):
    """What reading one file produced: one row per document found in it, written once."""

    __tablename__ = "documents"
    __table_args__ = (UniqueConstraint("file_id", "seq", name="uq_documents_file_seq"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True,
                                    autoincrement=True)
    packet_id: Mapped[str] = mapped_column(ForeignKey("packets.id", ondelete="CASCADE"), index=True)
    file_id: Mapped[int] = mapped_column(ForeignKey("packet_files.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)  # order inside the file
    type: Mapped[str] = mapped_column(String(40))
    body: Mapped[dict[str, Any]] = mapped_column(Json)
    # assigned once, when the packet is judged: the document's final id (d1, d2, ...) and the
    # page of its file where it begins (evidence images need it); null before
    doc_id: Mapped[str | None] = mapped_column(String(20))
    first_page: Mapped[int | None] = mapped_column(Integer)


class ResultRow(Base):
    """The contract's result document; the primary key makes it once per packet."""

    __tablename__ = "results"

    packet_id: Mapped[str] = mapped_column(ForeignKey("packets.id", ondelete="CASCADE"), primary_key=True)
    verdict: Mapped[str] = mapped_column(String(16))
    body: Mapped[dict[str, Any]] = mapped_column(Json)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CorrectionRow(Base):
    """A clerk's or a carrier's word on a field (validators/corrections.py), kept with the packet
    and deleted with it; never a change to the stored file or the read."""

    __tablename__ = "corrections"
    __table_args__ = (UniqueConstraint("packet_id", "seq", name="uq_corrections_seq"),
                      UniqueConstraint("packet_id", "idempotency_key", name="uq_corrections_idempotency"))

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True,
                                    autoincrement=True)
    packet_id: Mapped[str] = mapped_column(ForeignKey("packets.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # 1, 2, ... : the correction's id is c<seq>
    tenant_id: Mapped[str] = mapped_column(String(40))  # whose key gave it
    idempotency_key: Mapped[str | None] = mapped_column(String(255))
    request_hash: Mapped[str] = mapped_column(String(64))
    body: Mapped[dict[str, Any]] = mapped_column(Json)  # the result's Correction
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class UploadUsage(Base):
    """One upload as the quotas count it: when, and how many pages. No packet, no file, nothing
    personal: it outlives the packet (deleting a packet does not give its pages back) and is
    pruned once it leaves the quotas' longest window (service/quotas.py)."""

    __tablename__ = "upload_usage"
    __table_args__ = (Index("ix_upload_usage_tenant_created", "tenant_id", "created_at"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True,
                                    autoincrement=True)
    tenant_id: Mapped[str] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    pages: Mapped[int] = mapped_column(Integer)


class IdempotencyKey(Base):
    __tablename__ = "idempotency_keys"

    tenant_id: Mapped[str] = mapped_column(ForeignKey("tenants.id", ondelete="CASCADE"), primary_key=True)
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    packet_id: Mapped[str] = mapped_column(ForeignKey("packets.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Callback(Base):
    """The outbox of a packet's callback: one per packet, delivered at least once."""

    __tablename__ = "callbacks"

    packet_id: Mapped[str] = mapped_column(ForeignKey("packets.id", ondelete="CASCADE"), primary_key=True)
    event: Mapped[str] = mapped_column(String(32))  # packet.done | packet.failed
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending | delivered | failed
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_status_code: Mapped[int | None] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(String(500))
    delivered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ReadCacheEntry(Base):
    """Documents read from a file, by reader fingerprint and content hash (shared by workers)."""

    __tablename__ = "read_cache"
    __table_args__ = (Index("ix_read_cache_sha256", "sha256"),)

    fingerprint: Mapped[str] = mapped_column(String(32), primary_key=True)
    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    body: Mapped[list[Any]] = mapped_column(Json)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
