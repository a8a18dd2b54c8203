"""Which file is read next: fair between tenants, first come first served within one.

The broker's queue (Celery over Redis or RabbitMQ, or the embedded pool's) holds anonymous
read tokens, one per file waiting; the files themselves wait in the database. A worker that
takes a token claims a file here:

  tenant  the one with the fewest files started in the last hour (being read, or read: the
          service it had lately); among equals, the one served least recently (round robin). A
          tenant with a long backlog has had much; one that sends a packet now has had little,
          so its files go first, on every free worker, until it has had as much: one tenant's
          backlog never holds another's packet behind it
  packet  among the tenant's `fair_packet_window` oldest packets with files waiting, the one
          with the fewest files being read, then the least recently served, then the oldest:
          a small packet interleaves with a large one sent just before it instead of waiting
          for all of it, and beyond the window packets go in the order they came
  file    the packet's first file waiting, in upload order

A token remembers what it claimed (packet_files.claim) and each claim counts an attempt: when a
killed worker's token is delivered again, it resumes that file (another attempt; after
FRETADOC_READ_MAX_ATTEMPTS the file is given up) instead of leaving it half read. Extra tokens (a packet
dispatched twice) find nothing to claim and end.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta, timezone

from sqlalchemy import ColumnElement, case, func, select, text, update
from sqlalchemy.orm import InstrumentedAttribute, Session

from service import db
from service.db.models import PacketFile, PacketRow, utcnow
from service.settings import Settings

log = logging.getLogger("fretadoc.fair_queue")

CLAIM_LOCK = 7_240_002  # pg_advisory_xact_lock key: one claim at a time (claims take milliseconds)
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
UNFINISHED = ("queued", "processing")
SERVED_MEMORY = timedelta(hours=1)


def _aware(ts: datetime | None) -> datetime:
    if ts is None:
        return _EPOCH
    return ts if ts.tzinfo else ts.replace(tzinfo=timezone.utc)  # SQLite: naive, written in UTC


def _serialise(s: Session) -> None:
    s.execute(text("SELECT 1"))  # opens the transaction (BEGIN IMMEDIATE on SQLite: one writer)
    if s.get_bind().dialect.name == "postgresql":
        s.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": CLAIM_LOCK})


def _served(s: Session, group: InstrumentedAttribute[str], cond: list[ColumnElement[bool]],
            *, all_started: bool = False) -> dict[str, tuple[int, datetime]]:
    """Per group (tenant or packet): files being read now (or, `all_started`, every file of
    `cond` started), and when it last started one (its finished packets' files too: a tenant
    served a moment ago has been served)."""
    count = func.count() if all_started else func.sum(case((PacketFile.status == "reading", 1), else_=0))
    rows = s.execute(select(group, count, func.max(PacketFile.started_at))
                     .join(PacketRow, PacketRow.id == PacketFile.packet_id)
                     .where(*cond).group_by(group)).all()
    return {key: (int(n or 0), _aware(last)) for key, n, last in rows}


def _claimed(s: Session, token: str) -> int | None:
    return s.scalars(select(PacketFile.id).where(PacketFile.claim == token, PacketFile.status != "done")
                     .limit(1)).first()


def claim(settings: Settings, token: str) -> int | None:
    """The file this token reads (resumed after a redelivery, or claimed now); None: nothing waits."""
    with db.session_scope(settings) as s:
        _serialise(s)
        mine = _claimed(s, token)
        if mine is not None:  # delivered again (its worker died): another attempt at the same file
            s.execute(update(PacketFile).where(PacketFile.id == mine)
                      .values(status="reading", attempts=PacketFile.attempts + 1, started_at=utcnow()))
            log.info("read token %s resumes file %s", token[:8], mine)
            return mine
        waiting = (select(PacketRow.tenant_id, func.min(PacketRow.created_at))
                   .join(PacketFile, PacketFile.packet_id == PacketRow.id)
                   .where(PacketFile.status == "queued", PacketRow.status.in_(UNFINISHED))
                   .group_by(PacketRow.tenant_id))
        tenants = {t: _aware(oldest) for t, oldest in s.execute(waiting).all()}
        if not tenants:
            return None
        # served longer ago than SERVED_MEMORY counts as never served: the look-back stays short
        recent = (PacketFile.status == "reading") | (PacketFile.started_at > utcnow() - SERVED_MEMORY)
        load = _served(s, PacketRow.tenant_id, [PacketRow.tenant_id.in_(list(tenants)), recent], all_started=True)
        tenant = min(tenants, key=lambda t: (load.get(t, (0, _EPOCH)), tenants[t], t))
        window = s.execute(select(PacketRow.id, PacketRow.created_at)
                           .join(PacketFile, PacketFile.packet_id == PacketRow.id)
                           .where(PacketRow.tenant_id == tenant, PacketRow.status.in_(UNFINISHED),
                                  PacketFile.status == "queued")
                           .group_by(PacketRow.id, PacketRow.created_at)
                           .order_by(PacketRow.created_at, PacketRow.id)
                           .limit(max(1, settings.fair_packet_window))).all()
        created = {pid: (_aware(at), pid) for pid, at in window}
        per_packet = _served(s, PacketRow.id, [PacketRow.id.in_(list(created))])
        packet_id = min(created, key=lambda p: (per_packet.get(p, (0, _EPOCH)), created[p]))
        file_id = s.scalars(select(PacketFile.id).where(PacketFile.packet_id == packet_id,
                                                         PacketFile.status == "queued")
                            .order_by(PacketFile.position).limit(1)).first()
        if file_id is None:
            return None
        s.execute(update(PacketFile).where(PacketFile.id == file_id)
                  .values(status="reading", claim=token, attempts=PacketFile.attempts + 1, started_at=utcnow()))
        return file_id


def queued_count(s: Session) -> int:
    """Files a token could claim now (the same conditions as `claim`)."""
    return int(s.scalar(select(func.count()).select_from(PacketFile)
                        .join(PacketRow, PacketRow.id == PacketFile.packet_id)
                        .where(PacketFile.status == "queued", PacketRow.status.in_(UNFINISHED))) or 0)


def reading_count(s: Session) -> int:
    return int(s.scalar(select(func.count()).select_from(PacketFile).where(PacketFile.status == "reading")) or 0)


def waiting_files(s: Session) -> dict[str, tuple[int, int]]:
    """Per tenant: files waiting to be read and pages in them (the backlog)."""
    rows = s.execute(select(PacketRow.tenant_id, func.count(), func.coalesce(func.sum(PacketFile.pages), 0))
                     .join(PacketRow, PacketRow.id == PacketFile.packet_id)
                     .where(PacketFile.status.in_(("queued", "reading")), PacketRow.status.in_(UNFINISHED))
                     .group_by(PacketRow.tenant_id)).all()
    return {t: (int(n), int(p)) for t, n, p in rows}


def claimed_by(settings: Settings, token: str) -> int | None:
    """The file a token claimed and has not finished (to record its failure)."""
    with db.session_scope(settings) as s:
        return _claimed(s, token)


def release_all(settings: Settings) -> int:
    """The embedded mode at start: no token of the previous process survives, so the files it
    was reading wait again."""
    with db.session_scope(settings) as s:
        done = s.execute(update(PacketFile).where(PacketFile.status == "reading")
                         .values(status="queued", claim=None))
        return int(getattr(done, "rowcount", 0) or 0)
