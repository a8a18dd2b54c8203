"""Celery: one read token per file (which file it reads is claimed fairly when it runs:
service/fair_queue.py), then the packet's judgement, then its callback; and the retention purge
that `fretadoc beat` sends on schedule.

Messages are JSON and carry ids only (never bytes). Tasks are acknowledged after they finish
(`acks_late`) and given back to the queue when their worker dies (`reject_on_worker_lost`),
so a killed worker loses nothing; every task is idempotent (service.packets), so the second
delivery finds the work done. Only transient errors (database, storage, broker) are retried.

    celery -A service.tasks worker            or            fretadoc worker
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from celery import Celery, Task, signals
from celery.exceptions import SoftTimeLimitExceeded
from kombu import Exchange, Queue

from domain.documents import Document, Finding
from intake import pipeline
from intake.cache import reader_fingerprint
from service import db, logs, packets, retention, steps
from service.db.cache import get_read_cache
from service.settings import Settings, get_settings

log = logging.getLogger("fretadoc.tasks")

READ, JUDGE, CALLBACK = "fretadoc.read_file", "fretadoc.judge_packet", "fretadoc.deliver_callback"
READ_NEXT, PURGE = "fretadoc.read_next", "fretadoc.purge_expired"


def make_celery(settings: Settings | None = None) -> Celery:
    settings = settings or get_settings()
    app = Celery("fretadoc", broker=settings.broker_url or "memory://", set_as_current=True)
    queues = {name: settings.queue(name) for name in ("read", "judge", "callback")}
    exchange = Exchange(settings.queue_prefix, type="direct")
    app.conf.update(
        task_serializer="json",
        accept_content=["json"],
        result_serializer="json",
        task_ignore_result=True,  # results live in the database
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        task_acks_on_failure_or_timeout=True,
        worker_prefetch_multiplier=1,  # a slow OCR task must not hold others hostage
        worker_max_tasks_per_child=200,  # bound any slow leak in the native readers
        worker_hijack_root_logger=False,
        broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": settings.visibility_timeout,
                                  "unacked_restore_interval": settings.restore_interval,
                                  "unacked_restore_throttle": 1,
                                  # a worker killed during a sweep leaves the sweep's lock behind:
                                  # kombu's default (300 s) would hold every restore back that long
                                  "unacked_mutex_expire": int(max(10.0, 2 * settings.restore_interval))},
        task_queues=[Queue(q, exchange, routing_key=q) for q in queues.values()],
        task_default_exchange=exchange.name,
        task_default_queue=queues["read"],
        task_routes={READ: {"queue": queues["read"]}, READ_NEXT: {"queue": queues["read"]},
                     JUDGE: {"queue": queues["judge"]}, PURGE: {"queue": queues["judge"]},
                     CALLBACK: {"queue": queues["callback"]}},
        # `fretadoc beat` (one per deployment) sends the retention purge (service/retention.py)
        beat_schedule={"retention": {"task": PURGE, "schedule": settings.retention_interval,
                                     "options": {"queue": queues["judge"],
                                                 "expires": settings.retention_interval}}},
        timezone="UTC",
        enable_utc=True,
    )
    return app


settings = get_settings()
app = make_celery(settings)
# Fingerprint the reading code now, in the parent: the pool's children fork from here with the
# code loaded now, and must all label their cached reads alike.
reader_fingerprint()


# Celery ships no type information (pyproject.toml: celery.* ignore_missing_imports), so its
# decorators and its Task class are Any to mypy: the `type: ignore`s below say only that.
@signals.after_setup_logger.connect  # type: ignore[untyped-decorator]  # celery: untyped
@signals.after_setup_task_logger.connect  # type: ignore[untyped-decorator]
def _iso_logs(logger: logging.Logger, **_: Any) -> None:
    # Celery's own lines and ours alike: ISO 8601 UTC timestamps (service/logs.py)
    for handler in logger.handlers:
        handler.setFormatter(logs.IsoFormatter())
    logs.configure(settings.log_level)


@signals.worker_process_init.connect  # type: ignore[untyped-decorator]  # celery: untyped
def _fresh_connections(**_: Any) -> None:
    # A forked pool process must not share the parent's database connections.
    db.dispose_all()


def _reader(data: bytes, filename: str) -> pipeline.FileRead:
    started = time.monotonic()
    read = pipeline.read(data, filename, cache=get_read_cache(settings), limits=settings)
    docs = read.documents
    timed_out = time.monotonic() - started >= settings.read_soft_time_limit
    if timed_out and any(p.code == "file.read_error" for d in docs for p in d.problems):
        # read_file turns the soft time limit into a generic error; say what it was.
        digest = docs[0].sha256
        return pipeline.FileRead([Document(id="d1", filename=filename, sha256=digest, problems=[Finding(
            code="file.read_timeout", severity="error",
            message=f"A leitura passou de {settings.read_soft_time_limit} s e foi interrompida; "
                    "o arquivo não foi avaliado.")])], {})
    return read


class FretadocTask(Task):  # type: ignore[misc]  # celery: Task is untyped (Any)
    """Records a task that failed for good, so no packet waits forever for it."""

    def on_failure(self, exc: BaseException, task_id: str, args: Sequence[Any], kwargs: dict[str, Any],
                   einfo: object) -> None:
        try:
            if self.name == READ and args:
                carry(steps.read_failed(int(args[0]), settings))
            elif self.name == READ_NEXT:
                carry(steps.read_next_failed(task_id, settings))
            elif self.name == JUDGE and args:
                carry(steps.judge_failed(str(args[0]), settings))
        except Exception:
            log.exception("could not record the failure of %s[%s]", self.name, task_id)


RETRY = dict(base=FretadocTask, autoretry_for=packets.TRANSIENT, retry_backoff=2, retry_backoff_max=120, retry_jitter=True,
             max_retries=settings.task_max_retries)


@app.task(name=READ_NEXT, bind=True, soft_time_limit=settings.read_soft_time_limit,  # type: ignore[untyped-decorator]
          time_limit=settings.read_time_limit, **RETRY)
def read_next(self: FretadocTask) -> None:
    """A read token: reads the file due next (service/fair_queue.py). Its task id is the token,
    the same when the message comes again after its worker died, so it resumes that file."""
    _carry_read(self, lambda: steps.read_next(self.request.id, settings, reader=_reader))


@app.task(name=READ, bind=True, soft_time_limit=settings.read_soft_time_limit,  # type: ignore[untyped-decorator]
          time_limit=settings.read_time_limit, **RETRY)
def read_file(self: FretadocTask, file_id: int) -> None:
    """One named file (messages queued before read tokens existed still find their task)."""
    _carry_read(self, lambda: steps.read(file_id, settings, reader=_reader))


def _carry_read(task: FretadocTask, read: Callable[[], list[steps.Next]]) -> None:
    try:
        nexts = read()
    except SoftTimeLimitExceeded:  # outside the reader (storage, database): try again later
        raise task.retry(countdown=5) from None
    carry(nexts)


@app.task(name=JUDGE, bind=True, soft_time_limit=settings.judge_time_limit - 10,  # type: ignore[untyped-decorator]
          time_limit=settings.judge_time_limit, **RETRY)
def judge_packet(self: FretadocTask, packet_id: str) -> None:
    carry(steps.judge(packet_id, settings))


@app.task(name=CALLBACK, bind=True, max_retries=None, base=FretadocTask,  # type: ignore[untyped-decorator]
          time_limit=int(settings.callback_timeout) + 30, autoretry_for=packets.TRANSIENT, retry_backoff=2,
          retry_backoff_max=120)
def deliver_callback(self: FretadocTask, packet_id: str) -> None:
    carry(steps.deliver(packet_id, settings))


@app.task(name=PURGE, base=FretadocTask, autoretry_for=packets.TRANSIENT, retry_backoff=2,  # type: ignore[untyped-decorator]
          max_retries=3, time_limit=max(600, int(settings.retention_interval)))
def purge_expired() -> int:
    return retention.purge_expired(settings)


def carry(nexts: list[steps.Next]) -> None:
    """Send what a step said comes next (service/steps.py) as tasks."""
    for n in nexts:
        if n.step == "judge":
            send_judge(n.packet_id)
        elif n.step == "read":
            send_read_next(n.delay)
        else:
            send_callback(n.packet_id, n.delay)


def send_read_next(delay: float = 0.0) -> None:
    app.send_task(READ_NEXT, queue=settings.queue("read"), countdown=delay if delay > 0 else None)


def read_tokens_queued() -> int:
    """Read tokens waiting in the broker's read queue (not those a worker holds)."""
    with app.connection_for_read() as conn:
        try:
            return int(conn.default_channel.queue_declare(queue=settings.queue("read"), passive=True).message_count)
        except conn.channel_errors:  # RabbitMQ: the queue was never declared, so holds nothing
            return 0


def send_judge(packet_id: str) -> None:
    app.send_task(JUDGE, args=[packet_id], queue=settings.queue("judge"))


def send_callback(packet_id: str, delay: float = 0.0) -> None:
    # A countdown is held by the worker that receives it; if that worker dies, acks_late
    # hands the message to another, which waits out the rest.
    app.send_task(CALLBACK, args=[packet_id], queue=settings.queue("callback"),
                  countdown=delay if delay > 0 else None)


def beat_argv(loglevel: str = "INFO") -> list[str]:
    schedule = settings.data_dir / "celerybeat-schedule"
    schedule.parent.mkdir(parents=True, exist_ok=True)
    return ["beat", f"--loglevel={loglevel}", f"--schedule={schedule}"]


def worker_argv(concurrency: int | None = None, loglevel: str = "INFO",
                hostname: str | None = None) -> list[str]:
    argv = ["worker", f"--loglevel={loglevel}",
            "--queues", ",".join(settings.queue(n) for n in ("read", "judge", "callback")),
            f"--concurrency={concurrency or settings.workers}", "--without-gossip", "--without-mingle"]
    if hostname:
        argv.append(f"--hostname={hostname}")
    return argv
