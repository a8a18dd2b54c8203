"""Money as Decimal, written the Brazilian way (R$ 1.234,56)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from domain import wording

CENT = Decimal("0.01")


def to_decimal(v: object) -> Decimal | None:
    """A field value as Decimal: numbers, or text in either '1234.5' or '1.234,56' form."""
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, Decimal):
        return v
    if isinstance(v, int):
        return Decimal(v)
    if isinstance(v, float):
        return Decimal(repr(v))  # the shortest text that reads back as this float
    text = str(v).replace("R$", "").replace(" ", "").strip()
    if "," in text:
        text = text.replace(".", "").replace(",", ".")
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def cents(v: Decimal) -> Decimal:
    return v.quantize(CENT, rounding=ROUND_HALF_UP)


def number_br(v: Decimal | int | float | str, places: int = 2) -> str:
    """'1.234,56' (domain/wording.py writes it; text such as '1.234,56' is read first)."""
    return wording.number_br(v if isinstance(v, Decimal) else (to_decimal(v) or Decimal(0)), places)


brl = wording.brl
