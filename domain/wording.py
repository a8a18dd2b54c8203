"""A finding in Portuguese as a clerk writes it: the one place that turns the result's codes
into words for people.

The result keeps its codes for machines (`value`, `expected`, `field`, the item ids); the
checklist of the web page, its evidence viewer, the parecer and `fretadoc check`'s table show
what this module makes of them: values as a clerk writes them (R$ 2.500.000,00, 13/08/2024,
CNPJ 41.318.410/0001-62, "ônibus", "pessoa jurídica"), expectations in words ("a partir de
14/05/2024", "ao menos 2"), fields by their labels, counts with their plurals.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from domain import doctypes, yamlfile
from domain.ids import doc as doc_id

_PATH = Path(__file__).with_name("wording.yaml")
LOCAL = ZoneInfo("America/Sao_Paulo")  # times are shown where the clerk is
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_COMPARE = re.compile(r"^(>=|<=|>|<)\s*(.+)$")
_YEAR_FIELDS = re.compile(r"(^|_)(ano|exercicio)(_|$)")


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = yamlfile.load(_PATH)
    return data


def vocabulary() -> dict[str, str]:
    """The Portuguese label of each code of a closed vocabulary (doctypes.yaml `enum`)."""
    return dict(_data()["values"])


# --- numbers, money, dates ----------------------------------------------------------------

def number_br(v: Decimal | int | float | str, places: int = 2) -> str:
    """1234567.5 -> '1.234.567,50' (places=0: '1.234.568')."""
    try:
        d = v if isinstance(v, Decimal) else Decimal(repr(v) if isinstance(v, float) else str(v))
    except InvalidOperation:
        d = Decimal(0)
    q = d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) if places else d.quantize(Decimal(1))
    sign = "-" if q < 0 else ""
    whole, _, frac = f"{abs(q):f}".partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    out = ".".join(groups)
    return f"{sign}{out},{frac}" if places else f"{sign}{out}"


def brl(v: Decimal | int | float) -> str:
    return f"R$ {number_br(v, 2)}"


def br(d: date | None) -> str:
    """13/08/2024 (a year under 1000 keeps its four digits: 01/01/0001)."""
    return f"{d.day:02d}/{d.month:02d}/{d.year:04d}" if d else "?"


def when(iso: str | None) -> str:
    """An instant of the result (ISO 8601, UTC) as the clerk's clock reads it: 13/08/2024 14:05."""
    if not iso:
        return "—"
    try:
        t = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso
    if t.tzinfo is not None:
        t = t.astimezone(LOCAL)
    return t.strftime("%d/%m/%Y %H:%M")


def plural(n: int, one: str, many: str) -> str:
    """'1 item', '2 itens'."""
    return f"{n} {one if n == 1 else many}"


def joined(parts: list[str], last: str = "e") -> str:
    """'A', 'A e B', 'A, B e C' (last='ou': 'A, B ou C')."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} {last} {parts[-1]}" if parts else ""


def rows_named(rows: list[int]) -> str:
    """Rows of a list as a person names them: 'linha 3', 'linhas 3, 7 e 12', 'linhas 1 a 35'
    (runs of three or more as a range)."""
    nums = sorted(set(rows))
    runs: list[list[int]] = []
    for n in nums:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [p for run in runs for p in ([f"{run[0]} a {run[-1]}"] if len(run) >= 3 else [str(n) for n in run])]
    return f"{'linha' if len(nums) == 1 else 'linhas'} {joined(parts)}"


# --- fields and values ----------------------------------------------------------------------

def _spec(doc_type: str | None, field: str | None) -> dict[str, Any]:
    if not doc_type or not field:
        return {}
    return doctypes.fields(doc_type).get(field.split("[")[0].split(".")[0], {})


def field_label(doc_type: str | None, field: str | None) -> str:
    """The field's label (doctypes.yaml), never its code: 'RC por veículo', not rc_por_veiculo."""
    if not field:
        return ""
    label = _spec(doc_type, field).get("label")
    if label:
        return str(label)
    known: dict[str, str] = _data()["fields"]
    return known.get(field) or field.replace("_", " ").replace(".", " ")


def value(v: Any, doc_type: str | None = None, field: str | None = None, *, kind: str | None = None) -> str:
    """A value as a clerk writes it, after the field's kind (doctypes.yaml) where known."""
    kind = kind or _spec(doc_type, field).get("kind")
    if v is None or v == "" or v == []:
        return "não lido"
    if isinstance(v, bool):
        return "sim" if v else "não"
    if isinstance(v, date):
        return br(v)
    if isinstance(v, (int, float, Decimal)):
        if kind == "money":
            return brl(v)
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if isinstance(v, int):
            return str(v) if abs(v) < 10000 else number_br(v, 0)
        return number_br(v, 2).rstrip("0").rstrip(",")
    if isinstance(v, (list, tuple)):
        if any(isinstance(x, (list, tuple, dict)) for x in v):
            return plural(len(v), "registro", "registros")
        return joined([value(x, kind="enum" if kind == "list" else None) for x in v])
    if isinstance(v, dict):
        return "; ".join(f"{k.replace('_', ' ')}: {value(x)}" for k, x in v.items() if x not in (None, "", [], {}))
    text = str(v)
    if _ISO_DATE.match(text):
        try:
            return br(date.fromisoformat(text))
        except ValueError:
            return text
    if kind in ("doc", "records"):  # a CPF or CNPJ, also one of a list's rows (a passenger's)
        return doc_id.masked(text) or text
    if kind == "money":
        try:
            return brl(Decimal(text))
        except InvalidOperation:
            return text
    words = vocabulary()
    if kind == "enum" or text in words and re.fullmatch(r"[a-z_]+", text):
        return words.get(text, text.replace("_", " "))
    return text


def expected(e: Any, doc_type: str | None = None, field: str | None = None) -> str:
    """What a check expected, in words: '>= 2024-05-14' is 'a partir de 14/05/2024', '>= 2'
    'ao menos 2', a document type its name."""
    if e is None:
        return "—"
    if isinstance(e, str):
        m = _COMPARE.match(e.strip())
        if m:
            op, rest = m.groups()
            if _ISO_DATE.match(rest):
                return {">=": "a partir de", ">": "depois de", "<=": "até", "<": "antes de"}[op] + f" {value(rest)}"
            if re.fullmatch(r"\d{4}", rest) and (_YEAR_FIELDS.search(field or "") or 1900 < int(rest) < 2100):
                return {">=": f"{rest} ou posterior", ">": f"posterior a {rest}", "<=": f"{rest} ou anterior",
                        "<": f"anterior a {rest}"}[op]
            shown = value(_number(rest), doc_type, field)
            return {">=": "ao menos", ">": "mais de", "<=": "no máximo", "<": "menos de"}[op] + f" {shown}"
        types = [t.strip() for t in e.split("|")]
        if all(t in doctypes.all_types() for t in types):
            return " ou ".join(doctypes.label(t) for t in types)
        kind_of, sep, what = e.partition(":")
        if sep and kind_of in doctypes.all_types():
            return f"{doctypes.label(kind_of)} ({value(what, kind='enum')})"
    return value(e, doc_type, field)


def _number(text: str) -> Any:
    try:
        d = Decimal(text)
    except InvalidOperation:
        return text
    return int(d) if d == d.to_integral_value() else d


def shown(f: Any, doc_type: str | None) -> dict[str, str | None]:
    """A finding's field, value and expected value in words (Finding.shown)."""
    return {"field": field_label(doc_type, f.field) or None,
            "value": None if f.value is None else value(f.value, doc_type, f.field),
            "expected": None if f.expected is None else expected(f.expected, doc_type, f.field)}
