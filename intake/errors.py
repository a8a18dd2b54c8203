"""The refusal the service gives a caller: a stable code, an HTTP status, Portuguese text."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refusal for the caller: a stable code, an HTTP status, Portuguese title and detail."""

    def __init__(self, code: str, status: int, title: str, detail: str, **extra: Any):
        super().__init__(detail)
        self.code, self.status, self.title, self.detail, self.extra = code, status, title, detail, extra
