"""Callbacks: when a packet finishes, its result is POSTed to the sender's callback_url.

The body is the contract's result document (or, for a failed packet, its error), signed with
HMAC-SHA256 under the tenant's secret in X-FretaDoc-Signature. Each packet has one outbox row;
a failed attempt is tried again after callback_backoff * 2**(n-1) seconds, up to
callback_max_attempts. Delivery is at least once: X-FretaDoc-Delivery lets receivers dedupe.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import socket
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

import httpx
from sqlalchemy.orm import Session

from intake import db
from intake.db.models import Callback, Packet, ResultRow, Tenant, utcnow
from intake.errors import ServiceError
from intake.settings import Settings, get_settings
from intake.tenants import callback_secret, sign

log = logging.getLogger("fretadoc.callbacks")


def callback_body(s: Session, packet: Packet) -> bytes:
    if packet.status == "done":
        body: dict[str, Any] = s.get(ResultRow, packet.id).body
    else:
        body = {"packet_id": packet.id, "status": packet.status,
                "error": {"code": packet.error_code, "message": packet.error_detail}}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _private_host(host: str) -> bool:
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False  # resolution fails later, as a delivery error
    for info in infos:
        ip = ipaddress.ip_address(info[4][0])
        if ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_reserved or ip.is_multicast:
            return True
    return False


def check_callback_url(url: str, settings: Settings) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ServiceError("callback_url_invalida", 422, "callback_url inválida",
                           "callback_url deve ser um endereço http:// ou https:// completo.")
    if settings.env == "production" and parts.scheme != "https":
        raise ServiceError("callback_url_invalida", 422, "callback_url inválida",
                           "Em produção, callback_url deve usar https://.")
    if not settings.allow_private_callbacks and _private_host(parts.hostname):
        raise ServiceError("callback_url_invalida", 422, "callback_url inválida",
                           "callback_url aponta para um endereço interno, o que não é permitido.")
    return url


@dataclass
class Delivery:
    delivered: bool
    retry_in: float | None  # seconds, when another attempt is due


def deliver_callback(packet_id: str, *, settings: Settings | None = None) -> Delivery:
    """One delivery attempt of the packet's callback, recorded in the outbox."""
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        cb = s.get(Callback, packet_id)
        packet = s.get(Packet, packet_id)
        if cb is None or packet is None or cb.status != "pending":
            return Delivery(delivered=cb is not None and cb.status == "delivered", retry_in=None)
        tenant = s.get(Tenant, packet.tenant_id)
        body = callback_body(s, packet)
        url, event, attempt = packet.callback_url, cb.event, cb.attempts + 1
        secret = callback_secret(tenant, settings)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "FretaDoc-Callback/1",
        "X-FretaDoc-Event": event,
        "X-FretaDoc-Delivery": f"{packet_id}.{attempt}",
        "X-FretaDoc-Packet": packet_id,
        "X-FretaDoc-Signature": sign(body, secret),
    }
    status_code, error = None, None
    try:
        if not settings.allow_private_callbacks and _private_host(urlsplit(url).hostname or ""):
            raise httpx.ConnectError("callback host resolves to an internal address")
        resp = httpx.post(url, content=body, headers=headers, timeout=settings.callback_timeout,
                          follow_redirects=False)
        status_code = resp.status_code
        ok = 200 <= resp.status_code < 300
        if not ok:
            error = f"HTTP {resp.status_code}"
    except httpx.HTTPError as exc:
        ok, error = False, type(exc).__name__
    with db.session_scope(settings) as s:
        cb = s.get(Callback, packet_id, with_for_update=True, populate_existing=True)
        if cb is None or cb.status != "pending":
            return Delivery(delivered=ok, retry_in=None)
        cb.attempts, cb.last_status_code, cb.last_error = attempt, status_code, error
        if ok:
            cb.status, cb.delivered_at = "delivered", utcnow()
            log.info("callback of packet %s delivered (attempt %d)", packet_id, attempt)
            return Delivery(True, None)
        if attempt >= settings.callback_max_attempts:
            cb.status = "failed"
            log.warning("callback of packet %s failed for good after %d attempts (%s)", packet_id, attempt, error)
            return Delivery(False, None)
        delay = min(settings.callback_backoff * 2 ** (attempt - 1), settings.callback_backoff_max)
        cb.next_attempt_at = utcnow() + timedelta(seconds=delay)
        log.info("callback of packet %s attempt %d failed (%s); next in %.1fs", packet_id, attempt, error, delay)
        return Delivery(False, delay)
