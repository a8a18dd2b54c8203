"""Dated parameters (OpenFisca style): each value with the dates it is in force, its source and
when it was last verified. A date no value covers is an explicit Unknown, never the nearest value.

Tables shared by rulebooks live here as YAML (upf_rs.yaml, ufesp.yaml); a rulebook may declare
its own parameters in the same shape, including one with no value yet (then `note` says why).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, field_validator, model_validator
from domain import yamlfile

_DIR = Path(__file__).parent


class ParamValue(BaseModel):
    model_config = ConfigDict(extra="forbid")

    valid_from: date
    valid_to: date | None = None  # inclusive; None: until a later value says otherwise
    value: Decimal
    source: str
    last_verified: date

    @field_validator("value", mode="before")
    @classmethod
    def _decimal_text(cls, v: object) -> Decimal:
        # A float in YAML would already have lost digits: values are written as text.
        if not isinstance(v, (str, int)) or isinstance(v, bool):
            raise ValueError("value must be written as text (\"27.1300\"), not a float")
        try:
            return Decimal(str(v))
        except InvalidOperation as e:
            raise ValueError(f"not a number: {v!r}") from e

    @field_validator("source")
    @classmethod
    def _cited(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("every value needs its source")
        return v

    def covers(self, day: date) -> bool:
        return self.valid_from <= day and (self.valid_to is None or day <= self.valid_to)


class Parameter(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    title: str
    unit: str  # BRL, or another parameter's id when the value is counted in that unit
    note: str | None = None
    values: list[ParamValue] = []

    @model_validator(mode="after")
    def _consistent(self) -> "Parameter":
        if not self.values and not (self.note and self.note.strip()):
            raise ValueError(f"parameter {self.id} has no value and no note saying why")
        ordered = sorted(self.values, key=lambda v: v.valid_from)
        for v in ordered:
            if v.valid_to is not None and v.valid_to < v.valid_from:
                raise ValueError(f"parameter {self.id}: valid_to before valid_from at {v.valid_from}")
        for a, b in zip(ordered, ordered[1:]):
            if a.valid_to is None or a.valid_to >= b.valid_from:
                raise ValueError(f"parameter {self.id}: values overlap at {b.valid_from}")
        return self


@dataclass(frozen=True)
class Known:
    parameter: Parameter
    entry: ParamValue

    @property
    def value(self) -> Decimal:
        return self.entry.value

    @property
    def source(self) -> str:
        return self.entry.source


@dataclass(frozen=True)
class Unknown:
    parameter: Parameter
    day: date

    @property
    def reason(self) -> str:
        if not self.parameter.values:
            return f"{self.parameter.title}: sem valor definido ({self.parameter.note})"
        return f"{self.parameter.title}: valor desconhecido para {self.day.strftime('%d/%m/%Y')}"


def lookup(parameter: Parameter, day: date) -> Known | Unknown:
    for v in parameter.values:
        if v.covers(day):
            return Known(parameter, v)
    return Unknown(parameter, day)


def table_files() -> list[Path]:
    return sorted(_DIR.glob("*.yaml"))


@cache
def tables() -> dict[str, Parameter]:
    out: dict[str, Parameter] = {}
    for path in table_files():
        p = Parameter.model_validate(yamlfile.load(path))
        if p.id != path.stem:
            raise ValueError(f"{path.name}: id {p.id!r} must match the file name")
        out[p.id] = p
    return out


def get(name: str) -> Parameter:
    try:
        return tables()[name]
    except KeyError:
        raise KeyError(f"unknown parameter table {name!r}; known: {sorted(tables())}") from None
