"""The one orchestration of a packet: read each file, judge the packet, deliver its callback.

Each step (and each step's fault handler) does its idempotent work in service.packets or
service.callbacks and returns what comes next; the executors (the in-process pool of
service/dispatch.py and Celery's tasks in service/tasks.py) only carry the work and the Next
they are handed, so the chain and its fault handling are written once, here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from intake import pipeline
from service import callbacks, fair_queue, packets
from service.settings import Settings
from service.storage import Storage


@dataclass(frozen=True)
class Next:
    """Work to queue: judge a packet, deliver its callback (after `delay` seconds), or send a
    read token again (packet_id empty: tokens name no packet)."""

    step: Literal["judge", "callback", "read"]
    packet_id: str
    delay: float = 0.0


Reader = Callable[[bytes, str], pipeline.FileRead]


def _judge(ready: str | None) -> list[Next]:
    return [Next("judge", ready)] if ready else []


def _callback(packet_id: str, due: bool) -> list[Next]:
    return [Next("callback", packet_id)] if due else []


def read(file_id: int, settings: Settings, *, storage: Storage | None = None, reader: Reader | None = None,
         claimed: bool = False) -> list[Next]:
    """Read one file; when it was the packet's last, the packet's judgement comes next."""
    return _judge(packets.read_step(file_id, settings=settings, storage=storage, reader=reader, claimed=claimed))


def read_next(token: str, settings: Settings, *, storage: Storage | None = None,
              reader: Reader | None = None) -> list[Next]:
    """Claim the file due next (service/fair_queue.py: fair between tenants) and read it."""
    file_id = fair_queue.claim(settings, token)
    return [] if file_id is None else read(file_id, settings, storage=storage, reader=reader, claimed=True)


RETOKEN_DELAY = 5.0  # seconds before a token that failed before claiming a file is sent again


def read_next_failed(token: str, settings: Settings) -> list[Next]:
    """A token that failed for good: its file, when it holds one unread, counts as unreadable;
    otherwise (it failed before claiming, the database away, or after its file was read) a new
    token takes its place, or a file could wait with no token left to read it. A token too many
    finds nothing and ends."""
    file_id = fair_queue.claimed_by(settings, token)
    return [Next("read", "", RETOKEN_DELAY)] if file_id is None else read_failed(file_id, settings)


def read_failed(file_id: int, settings: Settings) -> list[Next]:
    """A read that failed for good: its file counts as read (as unreadable), and the judgement
    may come next."""
    return _judge(packets.give_up_read(file_id, settings=settings))


def judge(packet_id: str, settings: Settings) -> list[Next]:
    """Judge the packet; its callback comes next when it has one."""
    return _callback(packet_id, packets.judge_step(packet_id, settings=settings))


def judge_failed(packet_id: str, settings: Settings) -> list[Next]:
    """A judgement that failed for good: the packet fails, and its callback says so."""
    return _callback(packet_id, packets.fail_packet(packet_id, *packets.JUDGE_FAULT, settings=settings))


def deliver(packet_id: str, settings: Settings) -> list[Next]:
    """One delivery attempt of the callback; a failed one comes again after its backoff."""
    outcome = callbacks.deliver_callback(packet_id, settings=settings)
    return [Next("callback", packet_id, outcome.retry_in)] if outcome.retry_in is not None else []
