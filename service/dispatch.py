"""Where the work runs: a pool inside the API process (the embedded default), or Celery.

Both carry the same steps and what each says comes next (service/steps.py); only the
transport differs.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from sqlalchemy import ColumnElement, or_, select

from service import db, fair_queue, steps
from service.db.models import Callback, PacketRow, PacketFile, utcnow
from service.packets import FINISHED, TRANSIENT
from service.settings import Settings, get_settings
from service.storage import get_storage

log = logging.getLogger("fretadoc.dispatch")


class Dispatcher:
    """Where the work goes: a pool in this process, or Celery."""

    def read_next(self) -> None: raise NotImplementedError  # one read token (service/fair_queue.py)
    def judge(self, packet_id: str) -> None: raise NotImplementedError
    def callback(self, packet_id: str, delay: float = 0.0) -> None: raise NotImplementedError
    def top_up(self) -> int: return 0  # read tokens sent for files left without one
    def close(self) -> None: pass


def dispatch_packet(packet_id: str, dispatcher: Dispatcher, *, settings: Settings | None = None) -> None:
    """Queue the packet's read tokens (and its judgement when no file waits). The tokens are
    anonymous: which file each reads is decided when a worker takes it (service/fair_queue.py),
    so another packet's token may have read this packet's files before this dispatch; that
    packet's own files then wait for these tokens. A first dispatch sends one token per file
    uploaded, whatever is read already; a later one (a restart's recovery, when no token of the
    previous process is left) one per file not read."""
    settings = settings or get_settings()
    with db.session_scope(settings) as s:
        packet = s.get(PacketRow, packet_id)
        if packet is None or packet.status in FINISHED:
            return
        first = packet.dispatched_at is None
        total = packet.files_total
        pending = s.scalars(select(PacketFile.id).where(
            PacketFile.packet_id == packet_id, PacketFile.status != "done")).all()
    for _ in range(total if first else len(pending)):
        dispatcher.read_next()
    if not pending:
        dispatcher.judge(packet_id)
    with db.session_scope(settings) as s:
        packet = s.get(PacketRow, packet_id)
        if packet is not None and packet.dispatched_at is None:
            packet.dispatched_at = utcnow()


def undispatched(settings: Settings | None = None, *, older_than: float = 0.0,
                 include_unfinished: bool = False) -> tuple[list[str], list[str]]:
    """Packets never dispatched (or, after a restart, not finished), and pending callbacks."""
    settings = settings or get_settings()
    cutoff = utcnow() - timedelta(seconds=older_than)
    with db.session_scope(settings) as s:
        cond: ColumnElement[bool] = PacketRow.dispatched_at.is_(None) & (PacketRow.created_at <= cutoff)
        if include_unfinished:
            cond = or_(cond, PacketRow.status.in_(("queued", "processing")))
        packets = s.scalars(select(PacketRow.id).where(cond, PacketRow.status.not_in(FINISHED))
                            .order_by(PacketRow.created_at)).all()
        callbacks = s.scalars(select(Callback.packet_id).where(Callback.status == "pending")).all()
    return list(packets), list(callbacks)


class InProcessDispatcher(Dispatcher):
    """The embedded mode: reads in a thread pool of this process (Tesseract runs as its own
    process, so threads do read in parallel); judgements and callbacks in a second, small pool.
    Transient errors are retried with backoff; work lost in a crash is found again at start."""

    def __init__(self, settings: Settings | None = None):
        self.settings = settings or get_settings()
        self.reads = ThreadPoolExecutor(self.settings.workers, thread_name_prefix="fretadoc-read")
        self.other = ThreadPoolExecutor(2, thread_name_prefix="fretadoc-judge")
        self.storage = get_storage(self.settings)
        self._timers: set[threading.Timer] = set()
        self._closed = False
        self.in_flight = 0
        self.tokens_waiting = 0  # read tokens submitted and not yet started
        self._lock = threading.Lock()

    def _run(self, what: str, fn: Callable[[], Any], then: Callable[[Any], None] | None = None,
             on_fault: Callable[[], None] | None = None, on_start: Callable[[], None] | None = None) -> None:
        with self._lock:
            self.in_flight += 1
        if on_start is not None:
            on_start()
        try:
            for attempt in range(self.settings.task_max_retries + 1):
                try:
                    out = fn()
                    break
                except TRANSIENT as exc:
                    if self._closed:
                        return  # shutting down: found again at the next start
                    if attempt >= self.settings.task_max_retries:
                        raise
                    delay = min(2 ** attempt, 60)
                    log.warning("%s: transient %s, retrying in %ss", what, type(exc).__name__, delay)
                    time.sleep(delay)
            if then is not None and not self._closed:
                then(out)
        except Exception:
            log.exception("%s failed", what)
            if on_fault is not None and not self._closed:
                try:
                    on_fault()
                except Exception:
                    log.exception("%s: recording the failure failed too", what)
        finally:
            with self._lock:
                self.in_flight -= 1

    def carry(self, nexts: list[steps.Next]) -> None:
        """Queue what a step said comes next (service/steps.py)."""
        for n in nexts:
            if n.step == "judge":
                self.judge(n.packet_id)
            elif n.step == "read":
                self._later(n.delay, self.read_next)
            else:
                self.callback(n.packet_id, n.delay)

    def read_next(self) -> None:
        token = uuid.uuid4().hex

        def started() -> None:
            with self._lock:
                self.tokens_waiting -= 1

        def then(nexts: list[steps.Next]) -> None:
            self.carry(nexts)
            try:
                self.top_up()
            except Exception:  # the maintenance pass tries again
                log.warning("read tokens not counted", exc_info=True)

        with self._lock:
            self.tokens_waiting += 1
        if not self._submit(self.reads, f"read token {token[:8]}",
                            lambda: steps.read_next(token, self.settings, storage=self.storage), then,
                            lambda: self.carry(steps.read_next_failed(token, self.settings)), started):
            started()

    def top_up(self) -> int:
        """Send a read token for every file waiting that no token waits for. This pool knows its
        tokens (unlike a broker's), so a file never waits with none left to claim it, whatever
        ended a token early. A token started and not yet claiming may be counted twice: the extra
        one finds nothing and ends."""
        if self._closed:
            return 0
        with db.session_scope(self.settings) as s:
            waiting = fair_queue.queued_count(s)
        with self._lock:
            missing = max(0, waiting - self.tokens_waiting)
        for _ in range(missing):
            self.read_next()
        if missing:
            log.info("%d read token(s) sent for files waiting without one", missing)
        return missing

    def judge(self, packet_id: str) -> None:
        self._submit(self.other, f"judgement of packet {packet_id}",
                     lambda: steps.judge(packet_id, self.settings), self.carry,
                     lambda: self.carry(steps.judge_failed(packet_id, self.settings)))

    def callback(self, packet_id: str, delay: float = 0.0) -> None:
        self._later(delay, lambda: self._submit(
            self.other, f"callback of packet {packet_id}", lambda: steps.deliver(packet_id, self.settings), self.carry))

    def _later(self, delay: float, fn: Callable[[], Any]) -> None:
        if delay <= 0:
            fn()
            return

        def fire() -> None:
            self._timers.discard(timer)
            fn()

        timer = threading.Timer(delay, fire)
        timer.daemon = True
        self._timers.add(timer)
        timer.start()

    def _submit(self, pool: ThreadPoolExecutor, what: str, fn: Callable[[], Any], then: Callable[[Any], None] | None,
                on_fault: Callable[[], None] | None = None, on_start: Callable[[], None] | None = None) -> bool:
        """Queue the work; False when the pool no longer takes any (found again at next start)."""
        if self._closed:
            return False
        try:
            pool.submit(self._run, what, fn, then, on_fault, on_start)
        except RuntimeError:  # the pool is shutting down
            return False
        return True

    def recover(self) -> None:
        """Queue again what a previous process left unfinished."""
        released = fair_queue.release_all(self.settings)
        if released:
            log.info("%d file(s) left half read by the previous process wait again", released)
        packets, callbacks = undispatched(self.settings, include_unfinished=True)
        for packet_id in packets:
            dispatch_packet(packet_id, self, settings=self.settings)
        for packet_id in callbacks:
            self.callback(packet_id)
        if packets or callbacks:
            log.info("recovered %d unfinished packet(s) and %d pending callback(s)", len(packets), len(callbacks))

    def close(self) -> None:
        self._closed = True
        for t in list(self._timers):
            t.cancel()
        self.reads.shutdown(wait=False, cancel_futures=True)
        self.other.shutdown(wait=False, cancel_futures=True)


class CeleryDispatcher(Dispatcher):
    def __init__(self, settings: Settings | None = None):
        from service import tasks

        self.settings = settings or get_settings()
        self.tasks = tasks
        self._starved_since: float | None = None

    def read_next(self) -> None:
        self.tasks.send_read_next()

    def top_up(self) -> int:
        """Tokens a broker lost (flushed, or restarted without its messages) are not counted the
        way this process's pool counts its own: files waiting while none is read and the read
        queue is empty, seen so at two passes at least FRETADOC_DISPATCH_GRACE apart, get a token
        each. A false alarm costs tokens that find nothing and end."""
        with db.session_scope(self.settings) as s:
            waiting = fair_queue.queued_count(s)
            reading = fair_queue.reading_count(s)
        if not waiting or reading or self.tasks.read_tokens_queued():
            self._starved_since = None
            return 0
        now = time.monotonic()
        if self._starved_since is None or now - self._starved_since < self.settings.dispatch_grace:
            self._starved_since = self._starved_since or now
            return 0
        self._starved_since = None
        for _ in range(waiting):
            self.read_next()
        log.warning("%d file(s) waited with no read token in the broker: %d token(s) sent", waiting, waiting)
        return waiting

    def judge(self, packet_id: str) -> None:
        self.tasks.send_judge(packet_id)

    def callback(self, packet_id: str, delay: float = 0.0) -> None:
        self.tasks.send_callback(packet_id, delay)


def make_dispatcher(settings: Settings | None = None) -> Dispatcher:
    settings = settings or get_settings()
    return CeleryDispatcher(settings) if settings.distributed else InProcessDispatcher(settings)
