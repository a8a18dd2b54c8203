"""The exception types the CLI raises and catches.

Typer 0.2x vendors its own copy of Click (typer._click); older ones use Click itself. Both
are caught, so bad usage always ends as one line and exit status 2.
"""

from __future__ import annotations

import types

import click.exceptions as _plain
import typer

_cx: types.ModuleType  # Typer's vendored Click, else Click itself
try:
    from typer._click import exceptions as _cx
except ImportError:  # pragma: no cover - older Typer on plain Click
    _cx = _plain

UsageError = _cx.UsageError
ClickException = _cx.ClickException

USAGE_ERRORS = (_cx.UsageError, _plain.UsageError)
CLICK_ERRORS = (_cx.ClickException, _plain.ClickException)
EXITS = (typer.Exit, _plain.Exit)
ABORTS = (typer.Abort, _plain.Abort)
