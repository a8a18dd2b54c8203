"""The exception types the CLI raises and catches.

Typer 0.2x vendors its own copy of Click (typer._click); older ones use Click itself. Both
are caught, so bad usage always ends as one line and exit status 2. Plain Click's are asked
for when an error is caught, and only once something has loaded Click (Celery's worker does):
loading it for nothing cost every command ~5 ms.
"""

from __future__ import annotations

import sys
import types
from typing import Any

import typer

_cx: types.ModuleType  # Typer's vendored Click, else Click itself
try:
    from typer._click import exceptions as _cx
except ImportError:  # pragma: no cover - older Typer on plain Click
    import click.exceptions as _cx

UsageError = _cx.UsageError
ClickException = _cx.ClickException


def _either(name: str, own: type[BaseException]) -> tuple[Any, ...]:
    plain = sys.modules.get("click.exceptions")
    return (own, getattr(plain, name)) if plain is not None and plain is not _cx else (own,)


def usage_errors() -> tuple[Any, ...]:
    return _either("UsageError", _cx.UsageError)


def click_errors() -> tuple[Any, ...]:
    return _either("ClickException", _cx.ClickException)


def exits() -> tuple[Any, ...]:
    return _either("Exit", typer.Exit)


def aborts() -> tuple[Any, ...]:
    return _either("Abort", typer.Abort)
