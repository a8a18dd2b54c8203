"""Retention (LGPD minimisation): a packet is deleted, with its files, documents, cached reads,
result, corrections and callback, a number of days after its verdict (FRETADOC_RETENTION_DAYS,
180, or the tenant's own: `fretadoc keys limits --retention-days`), unless an authority holds
it. Run by Celery beat in the distributed mode (`fretadoc beat`) and by a timer of the API
process in the embedded mode, every FRETADOC_RETENTION_INTERVAL seconds. Each purge is logged
with ids and dates only. The quotas' record of uploads (counts and times, nothing personal) is
kept one day.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from service import db
from service.db.models import PacketRow, Tenant, UploadUsage, utcnow
from service.packets import FINISHED, remove_packet
from service.quotas import DAY, limits_of
from service.settings import Settings, get_settings
from service.storage import Storage

log = logging.getLogger("fretadoc.retention")
BATCH = 500  # packets looked up per pass and tenant; the next pass takes the rest


def expires_at(s: Session, packet: PacketRow, settings: Settings) -> datetime | None:
    """When the retention purge deletes the packet (None: not finished, or held)."""
    if packet.finished_at is None or packet.held_at is not None:
        return None
    days = limits_of(s.get(Tenant, packet.tenant_id), settings)["retention_days"]
    return packet.finished_at + timedelta(days=days)


def expired(settings: Settings) -> list[str]:
    """Packets past their tenant's retention period after their verdict, not held."""
    now = utcnow()
    out: list[str] = []
    with db.session_scope(settings) as s:
        for tenant in s.scalars(select(Tenant)):
            cutoff = now - timedelta(days=limits_of(tenant, settings)["retention_days"])
            out += s.scalars(select(PacketRow.id).where(
                PacketRow.tenant_id == tenant.id, PacketRow.status.in_(FINISHED), PacketRow.held_at.is_(None),
                PacketRow.finished_at < cutoff).order_by(PacketRow.finished_at).limit(BATCH)).all()
    return out


def purge_expired(settings: Settings | None = None, storage: Storage | None = None) -> int:
    """Delete every expired packet; the number deleted."""
    settings = settings or get_settings()
    purged = 0
    for packet_id in expired(settings):
        removed = remove_packet(packet_id, settings=settings, storage=storage, unless_held=True)
        if removed is not None:
            purged += 1
            log.info("packet %s purged: retention period over; %d file(s) removed", packet_id, removed)
    if purged:
        log.info("retention: %d packet(s) purged", purged)
    with db.session_scope(settings) as s:  # the quotas' record of uploads, past their longest window
        s.execute(delete(UploadUsage).where(UploadUsage.created_at <= utcnow() - timedelta(seconds=DAY)))
    return purged
