"""The service's settings, from the environment (FRETADOC_* and DATABASE_URL).

Embedded defaults run everything on one machine with nothing else installed: a SQLite file,
files in a local directory, reads in a pool inside the API process. Setting DATABASE_URL,
FRETADOC_STORAGE=database and FRETADOC_BROKER_URL turns the same code into the distributed
service (PostgreSQL, blobs in the database, Celery workers anywhere).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from ocr.limits import Limits

DEFAULT_SECRET = "desenvolvimento-inseguro-troque-me"
MIB = 1024 * 1024


class SettingsError(ValueError):
    """A setting that must not be used as given; the message is for operators (Portuguese)."""


class Settings(BaseSettings, Limits):
    """Every setting of the service, the reading limits (ocr.limits.Limits: sizes, pages,
    pixels, OCR) included: one object, read once and passed down (to ocr.read as its limits)."""

    model_config = SettingsConfigDict(env_prefix="FRETADOC_", extra="ignore", populate_by_name=True, frozen=False)

    env: Literal["development", "production"] = "development"
    # Signs callbacks (each tenant's secret is derived from it). Never the default in production.
    secret_key: str = DEFAULT_SECRET

    data_dir: Path = Path("var")
    database_url: str | None = Field(
        default=None, validation_alias=AliasChoices("DATABASE_URL", "FRETADOC_DATABASE_URL"))
    storage: Literal["local", "database"] = "local"
    storage_dir: Path | None = None  # default: <data_dir>/blobs

    # Reads: "auto" uses FRETADOC_CACHE_DIR when set (shared with the CLI), else the database.
    read_cache: Literal["auto", "database", "dir", "off"] = "auto"
    cache_dir: Path | None = None

    # Processing: in-process pool unless a broker is given.
    broker_url: str | None = None
    queue_prefix: str = "fretadoc"
    workers: int = Field(default_factory=lambda: max(1, min(4, os.cpu_count() or 1)))
    read_soft_time_limit: int = 300  # seconds per file
    read_time_limit: int = 360
    judge_time_limit: int = 120
    task_max_retries: int = 5
    read_max_attempts: int = 3  # deliveries of one file's read before it is given up
    # Redis redelivers an unacknowledged task after this; keep it above read_time_limit.
    visibility_timeout: int = 900
    restore_interval: float = 30.0  # how often a Redis worker looks for tasks of dead workers
    dispatch_grace: float = 15.0  # seconds before an undispatched packet is sent again
    # Within a tenant, files of this many oldest waiting packets are interleaved (fair_queue.py).
    fair_packet_window: int = 4

    # Callbacks: attempt n waits callback_backoff * 2**(n-1) seconds, at most callback_backoff_max.
    callback_timeout: float = 10.0
    callback_max_attempts: int = 8
    callback_backoff: float = 5.0
    callback_backoff_max: float = 600.0
    callback_allow_private: bool | None = None  # default: only in development

    # Upload limits (max_file_bytes and max_pages, a file's, are the reading limits').
    max_files: int = 50
    max_packet_pages: int = 200  # FRETADOC_MAX_PAGES is ocr's limit per file
    max_field_bytes: int = 64 * 1024
    sync_read_concurrency: int = 2

    # Trust anchors for documents' signatures (intake/signatures/anchors.py reads FRETADOC_TRUST_DIR itself,
    # where the reading runs; declared here so the service refuses a folder that is not there).
    trust_dir: Path | None = None

    # The authority's certificate (A1, a PKCS#12 .pfx, and its password): an authority's parecer
    # is then signed as a PDF (PAdES, report/signing.py). Unset: the parecer is printed unsigned.
    parecer_pfx: Path | None = None
    parecer_pfx_password: SecretStr | None = None

    # Per tenant (overridden by `fretadoc keys limits`); 0 lifts the limit.
    quota_packets_in_flight: int = 50  # packets queued or being read
    quota_pages_per_day: int = 5000  # pages uploaded in the last 24 hours
    quota_uploads_per_minute: int = 60  # packets uploaded in the last 60 seconds
    # Backpressure: an upload whose estimated wait to be read passes this answers 503 (0: never).
    max_backlog_wait: float = 1800.0
    read_slots: int | None = None  # files read at once by all workers (default: FRETADOC_WORKERS)
    seconds_per_page: float = 3.0  # the estimate's pace until reads have been measured
    # Retention: packets are deleted this many days after their verdict unless an authority holds them.
    retention_days: int = 180
    retention_interval: float = 3600.0  # seconds between purges (Celery beat or the embedded timer)

    page_dpi: int = 150
    page_cache_mb: int = 64  # evidence page images kept drawn, per API process (api/page_cache.py)
    log_level: str = "INFO"
    # /metrics closed: a token for `Authorization: Bearer` and/or client networks (CIDRs, comma-separated)
    metrics_token: str | None = None
    metrics_allow: str | None = None

    @model_validator(mode="after")
    def _refuse_unsafe(self) -> "Settings":
        if self.env == "production":
            if self.secret_key == DEFAULT_SECRET or len(self.secret_key) < 32:
                raise SettingsError(
                    "FRETADOC_SECRET_KEY precisa ser definida (32 caracteres ou mais, aleatória) "
                    "fora do ambiente de desenvolvimento.")
            if "changethis" in (self.database_url or "") or "changethis" in (self.broker_url or ""):
                raise SettingsError("DATABASE_URL ou FRETADOC_BROKER_URL usa uma senha padrão.")
        if self.env == "production" and self.visibility_timeout <= max(
                self.read_time_limit, self.callback_backoff_max + self.callback_timeout):
            # Redis hands an unacknowledged task to another worker after this long: shorter,
            # and long reads and delayed callbacks run twice (harmless, idempotent, but wasted).
            raise SettingsError("FRETADOC_VISIBILITY_TIMEOUT deve ser maior que FRETADOC_READ_TIME_LIMIT "
                                "e que FRETADOC_CALLBACK_BACKOFF_MAX.")
        if self.read_time_limit <= self.read_soft_time_limit:
            raise SettingsError("FRETADOC_READ_TIME_LIMIT deve ser maior que FRETADOC_READ_SOFT_TIME_LIMIT.")
        if self.trust_dir is not None and not (self.trust_dir / "anchors.yaml").is_file():
            raise SettingsError(f"FRETADOC_TRUST_DIR ({self.trust_dir}) não contém anchors.yaml.")
        if self.parecer_pfx is not None and not self.parecer_pfx.is_file():
            raise SettingsError(f"FRETADOC_PARECER_PFX ({self.parecer_pfx}) não é um arquivo.")
        return self

    @property
    def db_url(self) -> str:
        if self.database_url:
            url = self.database_url
            # postgres:// and postgresql:// (Heroku style) → the psycopg 3 driver.
            for prefix in ("postgres://", "postgresql://"):
                if url.startswith(prefix):
                    return "postgresql+psycopg://" + url[len(prefix):]
            return url
        return f"sqlite:///{(self.data_dir / 'fretadoc.db').resolve()}"

    @property
    def blob_dir(self) -> Path:
        return (self.storage_dir or self.data_dir / "blobs").resolve()

    @property
    def distributed(self) -> bool:
        return bool(self.broker_url)

    @property
    def allow_private_callbacks(self) -> bool:
        if self.callback_allow_private is not None:
            return self.callback_allow_private
        return self.env == "development"

    def queue(self, name: str) -> str:
        return f"{self.queue_prefix}.{name}"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
