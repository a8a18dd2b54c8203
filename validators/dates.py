"""Dates as the rules need them: lenient reading, month arithmetic, Brazilian printing."""

from __future__ import annotations

import calendar
from datetime import date, datetime

from domain import wording


def to_date(v: object) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    if isinstance(v, str):
        try:
            return date.fromisoformat(v.strip()[:10])
        except ValueError:
            return None
    return None


# The dates a packet may be judged at: the acts and their dated parameters are of this century;
# a year 1 or 9999 is a typing error, and month arithmetic on it would overflow.
REFERENCE_RANGE = (date(2000, 1, 1), date(2099, 12, 31))


def reference_out_of_range(d: date) -> str | None:
    """Why `d` cannot be a reference date (in Portuguese), or None."""
    lo, hi = REFERENCE_RANGE
    if lo <= d <= hi:
        return None
    return f"a data de referência deve estar entre {br(lo)} e {br(hi)}, não {br(d)}"


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


br = wording.br
