"""Tenants and their API keys.

A key reads `fd_<id>_<secret>`: the id finds the row, and only the SHA-256 of the whole key
is stored (the secret has 256 bits of entropy, so a plain hash is enough; no pepper to lose).
A carrier's or portal's keys submit packets and see only their own; an authority's keys are
its clerks': they see, read-only, the packets submitted to the rulebooks it judges.
Callback secrets are derived (HMAC of the server secret), so the database holds none.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.db.models import ApiKey, AuthorityRulebook, Tenant
from service.settings import Settings, get_settings

KINDS = ("carrier", "portal", "authority")
KEY_PREFIX = "fd_"


class TenantError(ValueError):
    """Bad tenant or key request; the message is for people (Portuguese)."""


@dataclass(frozen=True)
class Principal:
    """Who is calling: the tenant and what its key may do."""

    tenant_id: str
    tenant_name: str
    kind: str
    key_id: str
    role: str  # submitter | clerk

    @property
    def read_only(self) -> bool:
        return self.role == "clerk"


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def new_id(prefix: str, nbytes: int = 8) -> str:
    return f"{prefix}_{secrets.token_hex(nbytes)}"


def callback_secret(tenant: Tenant, settings: Settings | None = None) -> str:
    settings = settings or get_settings()
    msg = f"callback:{tenant.id}:{tenant.secret_version}".encode()
    return "whsec_" + hmac.new(settings.secret_key.encode(), msg, hashlib.sha256).hexdigest()


def sign(msg_id: str, timestamp: int, body: bytes, secret: str) -> str:
    """The Standard Webhooks signature (`webhook-signature`): 'v1,' and the base64 HMAC-SHA256 of
    'id.timestamp.body' under the secret's key (the base64 after 'whsec_'), so a receiver checks
    it with the `standardwebhooks` package and a captured callback cannot be replayed later."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    mac = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


def get_or_create_tenant(session: Session, name: str, kind: str,
                         rulebooks: list[str] | None = None) -> tuple[Tenant, bool]:
    name = " ".join(name.split())
    if not name:
        raise TenantError("O nome do cliente não pode ser vazio.")
    if kind not in KINDS:
        raise TenantError(f"Tipo de cliente desconhecido: '{kind}' (use carrier, portal ou authority).")
    if rulebooks and kind != "authority":
        raise TenantError("Só um órgão (--kind authority) é vinculado a regulamentos.")
    tenant = session.scalars(select(Tenant).where(Tenant.name == name)).one_or_none()
    created = tenant is None
    if tenant is None:
        tenant = Tenant(id=new_id("ten"), name=name, kind=kind)
        session.add(tenant)
        session.flush()
    elif tenant.kind != kind:
        raise TenantError(f"O cliente '{name}' já existe com o tipo '{tenant.kind}'.")
    for rb in rulebooks or []:
        link = session.get(AuthorityRulebook, rb)
        if link is None:
            session.add(AuthorityRulebook(rulebook_id=rb, tenant_id=tenant.id))
        elif link.tenant_id != tenant.id:
            raise TenantError(f"O regulamento '{rb}' já está vinculado a outro órgão.")
    session.flush()
    return tenant, created


def create_key(session: Session, tenant: Tenant, label: str | None = None) -> tuple[ApiKey, str]:
    """A new key for the tenant; the clear key is returned once and never stored."""
    key_id = secrets.token_hex(6)
    clear = f"{KEY_PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
    role = "clerk" if tenant.kind == "authority" else "submitter"
    row = ApiKey(id=key_id, tenant_id=tenant.id, role=role, label=label, key_hash=hash_key(clear))
    session.add(row)
    session.flush()
    return row, clear


def authenticate(session: Session, key: str) -> Principal | None:
    if not key.startswith(KEY_PREFIX) or len(key) > 200:
        return None
    key_id = key[len(KEY_PREFIX):].split("_", 1)[0]
    row = session.get(ApiKey, key_id)
    if row is None or row.revoked_at is not None:
        return None
    if not hmac.compare_digest(row.key_hash, hash_key(key)):
        return None
    tenant = session.get(Tenant, row.tenant_id)
    if tenant is None:
        return None
    return Principal(tenant_id=tenant.id, tenant_name=tenant.name, kind=tenant.kind,
                     key_id=row.id, role=row.role)


def revoke_key(session: Session, key_id: str) -> bool:
    row = session.get(ApiKey, key_id)
    if row is None or row.revoked_at is not None:
        return False
    row.revoked_at = datetime.now(timezone.utc)
    return True


def authority_for(session: Session, rulebook_id: str) -> str | None:
    link = session.get(AuthorityRulebook, rulebook_id)
    return link.tenant_id if link else None
