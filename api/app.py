"""The FretaDoc HTTP API (FastAPI). `create_app()` is the factory uvicorn runs:

    fretadoc serve                      or     uvicorn --factory api.app:create_app

At start it migrates the database, opens the storage and the dispatcher (a pool in this
process, or Celery when FRETADOC_BROKER_URL is set) and picks up unfinished work.
"""

from __future__ import annotations

import logging
import threading
import time
from contextlib import asynccontextmanager

from fastapi import FastAPI

from api import docs, errors, privacy, web
from api.metrics import Metrics
from api.routes import corrections, documents, health, me, packets, parecer, rulebooks
from intake.cache import reader_fingerprint
from service import db, dispatch, logs, retention
from service.settings import Settings, get_settings
from service.storage import get_storage

log = logging.getLogger("fretadoc.api")

DESCRIPTION = """
Recebe pacotes de documentos de fretamento (PDFs, digitalizações, fotos), lê cada documento
(camada de texto ou OCR), classifica, extrai os campos e julga o pacote segundo um regulamento.
O resultado segue o **contrato de resultado v1** (`contract_version: "1"`).

**Autenticação**: `Authorization: Bearer <chave>` (ou `X-API-Key`). Chaves são criadas com
`fretadoc keys create`. Cada chave vê só os pacotes do seu cliente; chaves de órgão veem,
somente leitura, os pacotes enviados aos regulamentos do órgão.

**Erros**: `application/problem+json` (RFC 9457), com `code` estável e mensagens em português.

**Callbacks**: com `callback_url`, o resultado é enviado por POST quando o pacote termina,
assinado segundo o Standard Webhooks: `webhook-id` (o mesmo em toda nova tentativa do mesmo
evento), `webhook-timestamp` e `webhook-signature` (`v1,` + base64 do HMAC-SHA256 de
`id.timestamp.corpo` com o segredo `whsec_` do cliente; o pacote `standardwebhooks` verifica).
Novas tentativas com espera crescente.
"""

TAGS = [
    {"name": "pacotes", "description": "Envio, acompanhamento, páginas e exclusão de pacotes."},
    {"name": "documentos", "description": "Leitura síncrona de um documento."},
    {"name": "regulamentos", "description": "Regulamentos e seus itens."},
    {"name": "operação", "description": "Saúde, prontidão e métricas."},
]


class Maintenance(threading.Thread):
    """Sends again what was stored but never dispatched (e.g. the broker was down) and read
    tokens for files left without one (service/dispatch.py: top_up); in the embedded mode, also
    runs the retention purge every FRETADOC_RETENTION_INTERVAL."""

    def __init__(self, app: FastAPI, interval: float):
        super().__init__(name="fretadoc-maintenance", daemon=True)
        self.app, self.interval, self.stop = app, interval, threading.Event()

    def run(self) -> None:
        settings = self.app.state.settings
        purged_at = time.monotonic()
        while not self.stop.wait(self.interval):
            # the embedded mode's retention timer (the distributed mode's is `fretadoc beat`)
            if not settings.distributed and time.monotonic() - purged_at >= settings.retention_interval:
                purged_at = time.monotonic()
                try:
                    retention.purge_expired(settings, self.app.state.storage)
                except Exception:
                    log.warning("retention pass failed", exc_info=True)
            try:
                self.app.state.dispatcher.top_up()
                packets, _ = dispatch.undispatched(settings, older_than=settings.dispatch_grace)
                for packet_id in packets:
                    dispatch.dispatch_packet(packet_id, self.app.state.dispatcher, settings=settings)
                    log.info("packet %s dispatched again", packet_id)
            except Exception:
                log.warning("maintenance pass failed", exc_info=True)


def configure_logging(settings: Settings) -> None:
    logs.configure(settings.log_level)
    privacy.install_log_filter()


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    configure_logging(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        (settings.data_dir / "tmp").mkdir(parents=True, exist_ok=True)
        db.migrate(settings)
        reader_fingerprint()  # of the reading code loaded now, for every read of this process
        app.state.storage = get_storage(settings)
        app.state.dispatcher = dispatch.make_dispatcher(settings)
        if isinstance(app.state.dispatcher, dispatch.InProcessDispatcher):
            app.state.dispatcher.recover()
        maintenance = Maintenance(app, max(0.5, min(settings.dispatch_grace / 3, settings.retention_interval)))
        maintenance.start()
        log.info("FretaDoc API ready (%s mode, %s database, %s storage)",
                 "distributed" if settings.distributed else "embedded",
                 db.engine(settings).dialect.name, app.state.storage.name)
        try:
            yield
        finally:
            maintenance.stop.set()
            app.state.dispatcher.close()

    app = FastAPI(title="FretaDoc", version="1.0.0", description=DESCRIPTION, openapi_tags=TAGS,
                  lifespan=lifespan, contact={"name": "FretaDoc"}, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.dispatcher = None
    app.state.metrics = Metrics(settings, lambda: app.state.dispatcher)
    app.middleware("http")(app.state.metrics.middleware)
    app.add_middleware(privacy.RefuseKeysInUrls)  # outermost: before anything reads the request
    errors.install(app)
    for module in (packets, corrections, parecer, documents, rulebooks, me, health):
        app.include_router(module.router)
    docs.install(app)  # /docs, its assets from this service
    docs.install_openapi(app)
    web.install(app)  # the page at / and its assets under /web
    return app
