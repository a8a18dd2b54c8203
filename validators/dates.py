"""Dates as the rules need them: lenient reading, month arithmetic, Brazilian printing."""

from __future__ import annotations

import calendar
from datetime import date, datetime


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


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def br(d: date | None) -> str:
    return d.strftime("%d/%m/%Y") if d else "?"
