"""Money as Decimal, written the Brazilian way (R$ 1.234,56)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

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
    v = v if isinstance(v, Decimal) else (to_decimal(v) or Decimal(0))
    q = v.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) if places else v.quantize(Decimal(1))
    sign = "-" if q < 0 else ""
    whole, _, frac = f"{abs(q):f}".partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    out = ".".join(groups)
    return f"{sign}{out},{frac}" if places else f"{sign}{out}"


def brl(v: Decimal) -> str:
    return f"R$ {number_br(v, 2)}"
