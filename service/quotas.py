"""What a tenant may upload, and how long the reading backlog is.

Quotas count in the database (so every API process sees the same figures): packets in flight
(the tenant's packets queued or being read), and, from the uploads' own record (upload_usage,
which a packet's deletion leaves in place: deleting does not buy quota back), pages uploaded in
the last 24 hours and packets uploaded in the last minute. The settings give the defaults,
`fretadoc keys limits` a tenant's own (tenants.limits). Only uploads count and only uploads are limited: reading
results, and an authority's clerks (who never upload), are never held back by a carrier's use.

The backlog's estimated wait is what a new packet of a tenant would wait to be read: the pages
waiting before it (its tenant's own: service/fair_queue.py reads tenants in turn) at the pace
reads have had lately, shared among the read slots the tenants with a backlog take in turn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, func, select, text
from sqlalchemy.orm import Session

from service.db.models import PacketFile, PacketRow, Tenant, UploadUsage, utcnow
from service.errors import Busy, TooMany
from service.fair_queue import UNFINISHED, waiting_files
from service.settings import Settings

# name in tenants.limits -> the setting giving its default
LIMITS = {"packets_in_flight": "quota_packets_in_flight", "pages_per_day": "quota_pages_per_day",
          "uploads_per_minute": "quota_uploads_per_minute", "retention_days": "retention_days"}
DAY, MINUTE = 86_400, 60
Policy = tuple[str, int, int | None, int]  # name, quota, window in seconds (None: at once), remaining
IN_FLIGHT_RETRY = 30  # seconds: a packet's reading takes about this long on an idle stack


def limits_of(tenant: Tenant | None, settings: Settings) -> dict[str, int]:
    own = (tenant.limits or {}) if tenant is not None else {}
    return {name: int(own.get(name, getattr(settings, setting))) for name, setting in LIMITS.items()}


def _aware(ts: datetime) -> datetime:
    return ts if ts.tzinfo else ts.replace(tzinfo=timezone.utc)


def _lock_tenant(s: Session, tenant_id: str) -> None:
    """Two uploads of a tenant at once are counted one after the other (SQLite: BEGIN IMMEDIATE)."""
    if s.get_bind().dialect.name == "postgresql":
        s.execute(text("SELECT pg_advisory_xact_lock(:a, hashtext(:t))"), {"a": 7_240_003, "t": tenant_id})


def check_upload(s: Session, tenant_id: str, pages: int, settings: Settings) -> list[Policy]:
    """Refuse (TooMany) an upload of `pages` past a quota; else the policies with what remains
    after it, for the RateLimit headers. Call it in the transaction that stores the packet."""
    _lock_tenant(s, tenant_id)
    lim = limits_of(s.get(Tenant, tenant_id), settings)
    now = utcnow()
    mine = PacketRow.tenant_id == tenant_id
    in_flight = s.scalar(select(func.count()).select_from(PacketRow).where(mine, PacketRow.status.in_(UNFINISHED)))
    used = UploadUsage.tenant_id == tenant_id
    s.execute(delete(UploadUsage).where(used, UploadUsage.created_at <= now - timedelta(seconds=DAY)))
    day = [(_aware(t), int(p)) for t, p in s.execute(select(UploadUsage.created_at, UploadUsage.pages)
                                                     .where(used).order_by(UploadUsage.created_at))]
    minute = [t for t, _ in day if t > now - timedelta(seconds=MINUTE)]
    used_pages = sum(p for _, p in day)
    q_flight, q_minute, q_pages = lim["packets_in_flight"], lim["uploads_per_minute"], lim["pages_per_day"]
    policies: list[Policy] = []
    if q_minute:
        policies.append(("envios", q_minute, MINUTE, max(0, q_minute - len(minute) - 1)))
        if len(minute) >= q_minute:
            wait = (minute[len(minute) - q_minute] + timedelta(seconds=MINUTE) - now).total_seconds()
            raise _refused("envios_por_minuto", f"{q_minute} envios por minuto", wait, policies, q_minute)
    if q_pages:
        policies.append(("paginas", q_pages, DAY, max(0, q_pages - used_pages - pages)))
        if used_pages + pages > q_pages:
            freed, wait = 0, float(DAY)
            for at, p in day:  # the moment enough of the day's pages leave the window
                freed += p
                if used_pages - freed + pages <= q_pages:
                    wait = (at + timedelta(seconds=DAY) - now).total_seconds()
                    break
            raise _refused("paginas_por_dia", f"{q_pages} páginas por dia", wait, policies, q_pages)
    if q_flight:
        policies.append(("em_andamento", q_flight, None, max(0, q_flight - int(in_flight or 0) - 1)))
        if int(in_flight or 0) >= q_flight:
            raise _refused("pacotes_em_andamento", f"{q_flight} pacotes em andamento ao mesmo tempo",
                           IN_FLIGHT_RETRY, policies, q_flight)
    s.add(UploadUsage(tenant_id=tenant_id, created_at=now, pages=pages))  # stored with the packet, or not at all
    return policies


def _refused(which: str, what: str, wait: float, policies: list[Policy],
             quota: int) -> TooMany:
    return TooMany("cota_excedida", "Cota excedida",
                   f"Este cliente passou do limite de {what}. Tente de novo em {max(1, math.ceil(wait))} s.",
                   retry_after=max(1, math.ceil(wait)), policies=policies, limit=quota, cota=which)


# --- the backlog ---------------------------------------------------------------------------

@dataclass
class Backlog:
    tenant_id: str
    files: int
    pages: int
    wait: float  # seconds a new packet of this tenant would wait to be read


def pace(s: Session, settings: Settings) -> float:
    """Seconds one read slot takes per page, from the reads of the last hour (else the setting)."""
    since = utcnow() - timedelta(hours=1)
    rows = s.execute(select(PacketFile.started_at, PacketFile.finished_at, PacketFile.pages).where(
        PacketFile.status == "done", PacketFile.finished_at > since).order_by(PacketFile.finished_at.desc())
        .limit(200)).all()
    seconds = sum((_aware(f) - _aware(st)).total_seconds() for st, f, _ in rows if st and f)
    pages = sum(int(p) for *_, p in rows)
    return seconds / pages if pages and seconds > 0 else settings.seconds_per_page


@dataclass
class BacklogView:
    tenants: list[Backlog]
    wait: float  # seconds to read everything waiting
    per_page: float


def backlog(s: Session, settings: Settings) -> BacklogView:
    """Per tenant with files waiting: its backlog and its estimated wait; and the whole
    backlog's (the time to read everything waiting)."""
    waiting = waiting_files(s)
    slots = max(1, settings.read_slots or settings.workers)
    per_page = pace(s, settings)
    share = slots / max(1, len(waiting))  # the tenants with a backlog take the slots in turn
    out = [Backlog(t, files, pages, pages * per_page / share) for t, (files, pages) in sorted(waiting.items())]
    return BacklogView(out, sum(p for _, p in waiting.values()) * per_page / slots, per_page)


def check_backlog(s: Session, tenant_id: str, pages: int, settings: Settings) -> None:
    """Refuse (Busy) an upload that would wait longer than FRETADOC_MAX_BACKLOG_WAIT to be read."""
    if not settings.max_backlog_wait:
        return
    view = backlog(s, settings)
    slots = max(1, settings.read_slots or settings.workers)
    mine = next((b for b in view.tenants if b.tenant_id == tenant_id), None)
    sharing = len(view.tenants) + (0 if mine else 1)
    per_page = view.per_page
    wait = ((mine.pages if mine else 0) + pages) * per_page * sharing / slots
    if wait > settings.max_backlog_wait:
        over = wait - settings.max_backlog_wait
        raise Busy("fila_cheia", "Fila de leitura cheia",
                   f"Há leitura acumulada demais: este pacote esperaria cerca de {math.ceil(wait / 60)} min "
                   f"(o limite é {math.ceil(settings.max_backlog_wait / 60)} min). Nada foi guardado; "
                   "envie de novo mais tarde.", retry_after=max(1, math.ceil(over)),
                   estimated_wait=math.ceil(wait))
