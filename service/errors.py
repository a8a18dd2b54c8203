"""The refusals the service gives a caller: a stable code, what kind of refusal it is, and
Portuguese text. No HTTP here: api/errors.py alone maps each kind to a status."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refusal for the caller: a stable code, Portuguese title and detail, extra members for
    the problem document. Raise one of its kinds below."""

    def __init__(self, code: str, title: str, detail: str, **extra: Any):
        super().__init__(detail)
        self.code, self.title, self.detail, self.extra = code, title, detail, extra


class NotFound(ServiceError):
    """What was asked for does not exist for this caller (or belongs to another tenant)."""


class Conflict(ServiceError):
    """Not now: the thing asked for is in a state that does not allow it yet."""


class Forbidden(ServiceError):
    """The caller may see this but not do that."""


class Invalid(ServiceError):
    """The request is understood but its content cannot be accepted."""
