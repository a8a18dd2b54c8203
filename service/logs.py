"""Log lines for operators: an ISO 8601 UTC timestamp, the level, the logger, the message.
Messages name packets and files by id and hash only, never names or contents (LGPD)."""

from __future__ import annotations

import logging
import time


class IsoFormatter(logging.Formatter):
    """`2026-12-06T18:04:05.123Z INFO fretadoc.service: packet pkt_... created: ...`"""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:  # noqa: N802 - logging's name
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z"


def configure(level: str = "INFO") -> None:
    """Every handler of the root logger writes ISO lines (one added when there is none); the
    service's own loggers at `level` (FRETADOC_LOG_LEVEL)."""
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(logging.StreamHandler())
    for handler in root.handlers:
        handler.setFormatter(IsoFormatter())
    logging.getLogger("fretadoc").setLevel(level.upper())
