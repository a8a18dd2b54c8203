"""The service's parts on their own: settings, storage backends, keys, migrations."""

from __future__ import annotations

import hashlib

import pytest
from pydantic import ValidationError

from service.settings import DEFAULT_SECRET, Settings

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]


def test_settings_refuse_default_secret_outside_development(monkeypatch):
    for k in ("FRETADOC_SECRET_KEY", "FRETADOC_ENV", "DATABASE_URL"):
        monkeypatch.delenv(k, raising=False)
    assert Settings().secret_key == DEFAULT_SECRET  # fine while developing
    with pytest.raises(ValidationError, match="FRETADOC_SECRET_KEY"):
        Settings(env="production")
    with pytest.raises(ValidationError, match="FRETADOC_SECRET_KEY"):
        Settings(env="production", secret_key="curta")
    ok = Settings(env="production", secret_key="x" * 40)
    assert not ok.allow_private_callbacks
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db/fretadoc")
    assert Settings().db_url == "postgresql+psycopg://u:p@db/fretadoc"


def _put(storage, tmp_path, data: bytes) -> str:
    digest = hashlib.sha256(data).hexdigest()
    path = tmp_path / "f"
    path.write_bytes(data)
    assert storage.put_file(path, digest) is True
    assert storage.put_file(path, digest) is False  # content-addressed: stored once
    return digest


def _exercise(storage, tmp_path) -> None:
    before = storage.count()
    digest = _put(storage, tmp_path, b"%PDF-1.4 conteudo")
    assert storage.exists(digest) and storage.get(digest) == b"%PDF-1.4 conteudo"
    assert storage.count() == before + 1
    storage.delete(digest)
    storage.delete(digest)  # absent: no error
    assert not storage.exists(digest)
    from service.storage import BlobNotFound

    with pytest.raises(BlobNotFound):
        storage.get(digest)
    with pytest.raises(ValueError):
        storage.get("../../etc/passwd")


def test_local_storage(tmp_path):
    from service.storage import LocalStorage

    _exercise(LocalStorage(tmp_path / "blobs"), tmp_path)


def test_database_storage_on_postgresql(pg_url, tmp_path):
    from service import db
    from service.storage import DatabaseStorage

    settings = Settings(database_url=pg_url, storage="database")
    db.migrate(settings)
    _exercise(DatabaseStorage(settings), tmp_path)


def test_migrations_match_the_models(pg_url):
    """Alembic's autogenerate finds nothing to add: the migrations build what the models say."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from service import db
    from service.db.models import Base

    settings = Settings(database_url=pg_url)
    db.migrate(settings)
    with db.engine(settings).connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_keys_are_hashed_and_verified(tmp_path):
    from service import db, tenants

    settings = Settings(data_dir=tmp_path)
    db.migrate(settings)
    with db.session_scope(settings) as s:
        t, created = tenants.get_or_create_tenant(s, "  Transportes   Ômega ", "carrier")
        assert created and t.name == "Transportes Ômega"
        row, clear = tenants.create_key(s, t)
        assert row.key_hash == hashlib.sha256(clear.encode()).hexdigest() and clear not in row.key_hash
    with db.session_scope(settings) as s:
        who = tenants.authenticate(s, clear)
        assert who is not None and who.tenant_id == t.id and not who.read_only
        assert tenants.authenticate(s, clear[:-1] + ("A" if clear[-1] != "A" else "B")) is None
        with pytest.raises(tenants.TenantError):
            tenants.get_or_create_tenant(s, "Transportes Ômega", "authority")
        with pytest.raises(tenants.TenantError):
            tenants.get_or_create_tenant(s, "Outro", "carrier", ["rs-metroplan-escolar"])
        a = tenants.callback_secret(t, settings)
        t.secret_version += 1
        assert tenants.callback_secret(t, settings) != a  # rotation


def test_callback_urls_are_checked():
    from api.errors import http_status
    from service.callbacks import check_callback_url
    from service.errors import ServiceError

    prod = Settings(env="production", secret_key="x" * 40)
    dev = Settings(env="development")
    for url in ("ftp://portal/x", "https://", "http://portal.example/x", "https://127.0.0.1/x", "https://localhost/x",
                "https://[::1]/x", "https://10.0.0.7/x"):
        with pytest.raises(ServiceError) as err:
            check_callback_url(url, prod)
        assert err.value.code == "callback_url_invalida" and http_status(err.value) == 422
    assert check_callback_url("http://127.0.0.1:9/x", dev)  # a local receiver while developing


def test_page_image_is_turned_as_the_reader_turned_the_page(tmp_path):
    """A sideways scan is read upright; the read says how its page was turned (kept with the
    file, no read cache needed), and its evidence image turned that way has the upright page's
    proportions, so the field boxes (measured on the upright page) fall in place. A file read
    before rotations were kept finds its rotation in the read cache."""
    import io
    from pathlib import Path

    from PIL import Image

    import ocr
    from intake.pipeline import read
    from service import packets
    from service.db.cache import DirReadCache

    sample = Path(__file__).resolve().parents[2] / "samples/documents/scanned/requerimento-alfa.png"
    upright = Image.open(sample)
    out = io.BytesIO()
    upright.rotate(90, expand=True).save(out, format="PNG")
    data = out.getvalue()
    got = read(data, "requerimento-deitado.png", cache=DirReadCache(tmp_path))
    assert set(got.rotations) == {1} and got.rotations[1] in (90, 270)
    digest = hashlib.sha256(data).hexdigest()
    settings = Settings(read_cache="dir", cache_dir=tmp_path)
    assert packets.cached_rotation(digest, 1, settings) == got.rotations[1]
    assert packets.cached_rotation(digest, 2, settings) == 0  # no such page: not turned
    page = Image.open(io.BytesIO(ocr.render_page(data, 1, dpi=72, rotation=got.rotations[1])))
    assert (page.width < page.height) == (upright.width < upright.height)


def test_a_signed_callback_replayed_later_does_not_verify():
    """The signature covers the timestamp: a delivery captured and sent again an hour later is
    refused by a Standard Webhooks receiver, though signed with the right secret."""
    import time

    from standardwebhooks import Webhook, WebhookVerificationError

    from service.tenants import sign

    secret, body, msg = "whsec_" + "ab12" * 16, b'{"packet_id":"p1"}', "msg_p1_packet_done"
    now = int(time.time())
    fresh = {"webhook-id": msg, "webhook-timestamp": str(now), "webhook-signature": sign(msg, now, body, secret)}
    assert Webhook(secret).verify(body, fresh) == {"packet_id": "p1"}
    old = now - 3600
    replayed = {"webhook-id": msg, "webhook-timestamp": str(old), "webhook-signature": sign(msg, old, body, secret)}
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body, replayed)


def test_callbacks_go_only_to_globally_routable_addresses_and_to_the_one_checked(monkeypatch):
    import socket

    import httpx

    from service import callbacks

    for ip in ("100.64.0.1", "10.0.0.7", "192.168.1.2", "169.254.169.254", "127.0.0.1", "0.0.0.0",
               "::1", "::ffff:10.0.0.7", "fc00::1", "fe80::1", "240.0.0.1", "198.18.0.1"):
        assert callbacks.public_addresses(ip, 443) is None, ip
    assert callbacks.public_addresses("8.8.8.8", 443) == ["8.8.8.8"]
    prod = Settings(env="production", secret_key="x" * 40)
    from service.errors import ServiceError

    with pytest.raises(ServiceError):
        callbacks.check_callback_url("https://100.64.0.1/x", prod)
    # A name that answers a public address first and an internal one next (DNS rebinding): the
    # request is sent to the address checked, resolved once, the name kept for Host and TLS.
    answers = iter(["93.184.216.34", "127.0.0.1"])
    calls = []

    def rebinding(host, port, *a, **k):
        calls.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]

    monkeypatch.setattr(callbacks.socket, "getaddrinfo", rebinding)
    target, host_header, tls_name = callbacks.pinned("https://portal.example:8443/cb?x=1")
    assert (target, host_header, tls_name) == ("https://93.184.216.34:8443/cb?x=1", "portal.example:8443",
                                               "portal.example")
    assert calls == ["portal.example"]
    with pytest.raises(httpx.ConnectError):
        callbacks.pinned("https://portal.example/cb")  # the second answer is internal: refused


def test_the_database_read_cache_keeps_parsed_documents_apart_and_deletes_both(tmp_path):
    """The service's cache holds the Extraction and the parsed Documents of a file in one table,
    under two fingerprints; a DELETE of the file's last packet removes both rows."""
    from pathlib import Path

    from intake import pipeline
    from service import db
    from service.db.cache import DbReadCache

    settings = Settings(data_dir=tmp_path, read_cache="database")
    db.migrate(settings)
    cache = DbReadCache(settings)
    crlv = next((Path(__file__).resolve().parents[2] / "samples/quickstart").glob("crlv-*.pdf")).read_bytes()
    digest = pipeline.sha256_hex(crlv)
    [first] = pipeline.read_file(crlv, "a.pdf", cache=cache)
    assert cache.get(digest) is not None
    assert cache.get_documents(digest)["documents"][0]["fields"]["placa"]["value"] == first.fields["placa"].value
    [again] = pipeline.read_file(crlv, "b.pdf", cache=cache)
    assert again.filename == "b.pdf" and again.fields == first.fields
    cache.delete(digest)
    assert cache.get(digest) is None and cache.get_documents(digest) is None
    db.dispose_all()
