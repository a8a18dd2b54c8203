"""Callbacks: when a packet finishes, its result is POSTed to the sender's callback_url.

The body is the contract's result document (or, for a failed packet, its error), signed as
Standard Webhooks prescribe: `webhook-id` (one per event, the same at every attempt, so a
receiver recognises a resend), `webhook-timestamp` (the attempt's time) and `webhook-signature`
(HMAC-SHA256 of 'id.timestamp.body' under the tenant's `whsec_` secret). Each packet has one
outbox row; a failed attempt is tried again after callback_backoff * 2**(n-1) seconds, up to
callback_max_attempts, and no attempt goes out before its time, not even after a restart.
Outside development the host must resolve to globally routable addresses only, and the request
goes to the address that was checked (no second lookup a DNS rebinding could answer).
A correction judges the packet again and makes a new event, `packet.corrected.<N>` (N: how many
corrections the result holds), with its own id; one still pending is replaced by the newer.
Deliveries may cross: a receiver keeps the result with the highest N.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import socket
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

import httpx
from sqlalchemy.orm import Session

from service import db
from service.db.models import Callback, PacketRow, ResultRow, Tenant, utcnow
from service.errors import Invalid
from service.settings import Settings, get_settings
from service.tenants import callback_secret, sign

log = logging.getLogger("fretadoc.callbacks")


def callback_body(s: Session, packet: PacketRow) -> bytes:
    if packet.status == "done":
        row = s.get(ResultRow, packet.id)
        assert row is not None  # a done packet has its result
        body: dict[str, Any] = row.body
    else:
        body = {"packet_id": packet.id, "status": packet.status,
                "error": {"code": packet.error_code, "message": packet.error_detail}}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _routable(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    # is_global leaves out private, loopback, link-local, shared (100.64/10), reserved, 6to4 relays...
    return ip.is_global and not ip.is_multicast


def public_addresses(host: str, port: int) -> list[str] | None:
    """The host's addresses when every one is globally routable; None when any is not (an
    internal name must not be reached through a public one either). [] when it does not resolve."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []  # resolution fails: a delivery error, not an internal address
    addrs = []
    for info in infos:
        ip = ipaddress.ip_address(cast(str, info[4][0]).split("%", 1)[0])  # an IPv4/IPv6 address is text
        if not _routable(ip):
            return None
        if str(ip) not in addrs:
            addrs.append(str(ip))
    return addrs


def check_callback_url(url: str, settings: Settings) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Invalid("callback_url_invalida", "callback_url inválida",
                           "callback_url deve ser um endereço http:// ou https:// completo.")
    if settings.env == "production" and parts.scheme != "https":
        raise Invalid("callback_url_invalida", "callback_url inválida",
                           "Em produção, callback_url deve usar https://.")
    if not settings.allow_private_callbacks and public_addresses(parts.hostname, parts.port or 443) is None:
        raise Invalid("callback_url_invalida", "callback_url inválida",
                           "callback_url aponta para um endereço interno, o que não é permitido.")
    return url


@dataclass
class Delivery:
    delivered: bool
    retry_in: float | None  # seconds, when another attempt is due


def event_id(packet_id: str, event: str) -> str:
    return f"msg_{packet_id}_{event.replace('.', '_')}"


def _aware(t: datetime) -> datetime:
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)  # SQLite hands back naive UTC


def pinned(url: str) -> tuple[str, str, str]:
    """(URL with the host replaced by its one checked address, Host header, TLS name): resolved
    once here, so the address connected to is the address checked."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    addrs = public_addresses(host, port)
    if addrs is None:
        raise httpx.ConnectError("callback host resolves to an internal address")
    if not addrs:
        raise httpx.ConnectError("callback host does not resolve")
    ip = addrs[0]
    netloc = (f"[{ip}]" if ":" in ip else ip) + (f":{parts.port}" if parts.port else "")
    return (urlunsplit((parts.scheme, netloc, parts.path or "/", parts.query, "")),
            parts.netloc.rpartition("@")[2], host)


def _post(url: str, body: bytes, headers: dict[str, str], settings: Settings) -> httpx.Response:
    """POST to the URL; outside development, to the address checked (`pinned`), with the URL's
    host name for Host and for TLS (SNI and the certificate's name)."""
    if settings.allow_private_callbacks:
        return httpx.post(url, content=body, headers=headers, timeout=settings.callback_timeout,
                          follow_redirects=False)
    target, host_header, tls_name = pinned(url)
    with httpx.Client(timeout=settings.callback_timeout, follow_redirects=False) as client:
        req = client.build_request("POST", target, content=body, headers={**headers, "Host": host_header},
                                   extensions={"sni_hostname": tls_name})
        return client.send(req)


def deliver_callback(packet_id: str, *, settings: Settings | None = None) -> Delivery:
    """One delivery attempt of the packet's callback, recorded in the outbox; an attempt asked
    for before its time (a restart, a duplicate task) only says when it is due."""
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        cb = s.get(Callback, packet_id)
        packet = s.get(PacketRow, packet_id)
        if cb is None or packet is None or cb.status != "pending":
            return Delivery(delivered=cb is not None and cb.status == "delivered", retry_in=None)
        wait = (_aware(cb.next_attempt_at) - utcnow()).total_seconds() if cb.attempts else 0.0
        if wait > 0.05:
            return Delivery(delivered=False, retry_in=wait)
        tenant = s.get(Tenant, packet.tenant_id)
        assert tenant is not None  # packets.tenant_id: a foreign key, not null
        body = callback_body(s, packet)
        url, event, attempt = packet.callback_url, cb.event, cb.attempts + 1
        secret = callback_secret(tenant, settings)
    msg_id, timestamp = event_id(packet_id, event), int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "FretaDoc-Callback/1",
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": sign(msg_id, timestamp, body, secret),
        "X-FretaDoc-Event": event,
        "X-FretaDoc-Packet": packet_id,
        "X-FretaDoc-Attempt": str(attempt),
    }
    status_code, error = None, None
    assert url is not None  # a callback row is made only for a packet with a callback_url
    try:
        resp = _post(url, body, headers, settings)
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
        if cb.event != event:  # a correction made a new event meanwhile: its own delivery carries it
            return Delivery(delivered=False, retry_in=None)
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
