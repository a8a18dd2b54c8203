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


class TooMany(ServiceError):
    """Past a quota of the caller's tenant: try again after `retry_after` seconds. `policies`
    (name, quota, window seconds or None, remaining) describe the limits for the caller."""

    def __init__(self, code: str, title: str, detail: str, *, retry_after: int,
                 policies: list[tuple[str, int, int | None, int]], **extra: Any):
        super().__init__(code, title, detail, **extra)
        self.retry_after, self.policies = retry_after, policies


class Busy(ServiceError):
    """The service is behind: what it would accept now would wait too long. Try again later."""

    def __init__(self, code: str, title: str, detail: str, *, retry_after: int, **extra: Any):
        super().__init__(code, title, detail, **extra)
        self.retry_after = retry_after
