"""Named checks and conditions, registered by theme. A rulebook item lists checks by name with
their parameters; each returns outcomes (status + findings). Importing this package registers
them all."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING

from validators.checks.base import CHECKS, CONDITIONS, Applicability, Context, Outcome, check, condition
from validators.checks import conditions, presence, company, contract, passengers, vehicle, insurance, people  # noqa: F401,E501
from validators.checks import certificates, crew, fleet, signers, statements  # noqa: F401,E402

if TYPE_CHECKING:
    from validators.rulebooks import Rulebook

__all__ = ["CHECKS", "CONDITIONS", "Applicability", "Context", "Outcome", "check", "condition",
           "unknown_names", "bad_params"]


def unknown_names(rulebook: Rulebook) -> list[str]:
    """Check and condition names a rulebook uses that nobody registered."""
    out = []
    for item in rulebook.items:
        out += [f"{item.id}: {c.name}" for c in item.checks if c.name not in CHECKS]
        out += [f"{item.id}: applies_if {c.name}" for c in item.applies_if if c.name not in CONDITIONS]
    return out


def bad_params(rulebook: Rulebook) -> list[str]:
    """Calls whose parameters the registered function does not accept."""
    out = []
    for item in rulebook.items:
        for registry, calls in ((CHECKS, item.checks), (CONDITIONS, item.applies_if)):
            for c in calls:
                reg = registry.get(c.name)
                if reg is None:
                    continue
                try:
                    inspect.signature(reg.fn).bind(None, **c.params)
                except TypeError as e:
                    out.append(f"{item.id}: {c.name}: {e}")
    return out
