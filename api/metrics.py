"""Prometheus metrics: this process's HTTP and upload counters, and the queue's state read
from the database at scrape time (so the figures are right however many workers there are)."""

from __future__ import annotations

import logging
import time

from fastapi import Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from sqlalchemy import func, select

from service import db, quotas
from service.db.models import Callback, PacketRow, PacketFile
from service.settings import Settings

log = logging.getLogger("fretadoc.api")
disable_created_metrics()  # the *_created series only add noise here


class QueueCollector:
    def __init__(self, settings: Settings, dispatcher_getter):
        self.settings = settings
        self.dispatcher_getter = dispatcher_getter

    def collect(self):
        packets = GaugeMetricFamily("fretadoc_packets", "Pacotes por situação", labels=["status"])
        files = GaugeMetricFamily("fretadoc_packet_files", "Arquivos de pacotes por situação de leitura",
                                  labels=["status"])
        callbacks = GaugeMetricFamily("fretadoc_callbacks", "Callbacks por situação", labels=["status"])
        up = GaugeMetricFamily("fretadoc_database_up", "1 quando o banco respondeu à coleta")
        b_files = GaugeMetricFamily("fretadoc_backlog_files", "Arquivos esperando leitura, por cliente", labels=["tenant"])
        b_pages = GaugeMetricFamily("fretadoc_backlog_pages", "Páginas esperando leitura, por cliente", labels=["tenant"])
        b_wait = GaugeMetricFamily("fretadoc_backlog_wait_seconds",
                                   "Espera estimada de um novo pacote, por cliente", labels=["tenant"])
        b_total = GaugeMetricFamily("fretadoc_backlog_total_wait_seconds", "Tempo estimado para ler tudo o que espera")
        try:
            with db.session_scope(self.settings) as s:
                by_status = dict(s.execute(select(PacketRow.status, func.count()).group_by(PacketRow.status)).all())
                by_file = dict(s.execute(select(PacketFile.status, func.count()).group_by(PacketFile.status)).all())
                by_cb = dict(s.execute(select(Callback.status, func.count()).group_by(Callback.status)).all())
                view = quotas.backlog(s, self.settings)
            for st in ("queued", "processing", "done", "failed"):
                packets.add_metric([st], by_status.get(st, 0))
            for st in ("queued", "reading", "done"):
                files.add_metric([st], by_file.get(st, 0))
            for st in ("pending", "delivered", "failed"):
                callbacks.add_metric([st], by_cb.get(st, 0))
            for b in view.tenants:  # ids, never names
                b_files.add_metric([b.tenant_id], b.files)
                b_pages.add_metric([b.tenant_id], b.pages)
                b_wait.add_metric([b.tenant_id], round(b.wait, 1))
            b_total.add_metric([], round(view.wait, 1))
            up.add_metric([], 1)
        except Exception:
            log.warning("metrics: database query failed", exc_info=True)
            up.add_metric([], 0)
        yield from (packets, files, callbacks, b_files, b_pages, b_wait, b_total, up)
        dispatcher = self.dispatcher_getter()
        if dispatcher is not None and hasattr(dispatcher, "in_flight"):
            g = GaugeMetricFamily("fretadoc_inprocess_tasks", "Tarefas em execução no pool embutido")
            g.add_metric([], dispatcher.in_flight)
            yield g


class Metrics:
    def __init__(self, settings: Settings, dispatcher_getter):
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter("fretadoc_http_requests_total", "Requisições HTTP",
                                ["method", "route", "status"], registry=self.registry)
        self.latency = Histogram("fretadoc_http_request_seconds", "Duração das requisições HTTP",
                                 ["method", "route"], registry=self.registry,
                                 buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))
        self.packets_submitted = Counter("fretadoc_packets_submitted_total", "Pacotes aceitos",
                                         ["rulebook"], registry=self.registry)
        self.upload_bytes = Counter("fretadoc_upload_bytes_total", "Bytes de arquivos aceitos",
                                    registry=self.registry)
        self.refused = Counter("fretadoc_uploads_refused_total", "Envios recusados, por código",
                               ["code"], registry=self.registry)
        self.aborted = Counter("fretadoc_uploads_aborted_total",
                               "Envios interrompidos pelo cliente antes do fim do corpo", registry=self.registry)
        self.registry.register(QueueCollector(settings, dispatcher_getter))

    async def middleware(self, request: Request, call_next):
        started = time.perf_counter()
        status = 500
        try:
            response = await call_next(request)
            status = response.status_code
            return response
        finally:
            route = request.scope.get("route")
            path = getattr(route, "path", "desconhecida")  # the template, never ids
            self.requests.labels(request.method, path, str(status)).inc()
            self.latency.labels(request.method, path).observe(time.perf_counter() - started)

    def response(self) -> Response:
        return Response(generate_latest(self.registry), media_type=CONTENT_TYPE_LATEST)
