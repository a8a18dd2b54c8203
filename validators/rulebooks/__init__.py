"""Rulebooks: one YAML data file per act, loaded and checked here.

A rulebook names its act (`norm`, `source` in shared/regulations), the facts an applicant may
declare, its own parameters, and its items in the order of the act. Each item lists the named
checks (validators.checks) that judge it. Adding a rulebook is adding a file here.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field as PydField, ValidationError, field_validator, model_validator

from domain.documents import DocType
from validators.params import Parameter
from domain import yamlfile

_DIR = Path(__file__).parent

# The contract's id pattern (result.schema.json) ...
ID_PATTERN = re.compile(r"^art[0-9]+[a-z]?(-[a-z0-9]+)*$")

Scope = Literal["packet", "vehicle", "driver"]


class RulebookError(Exception):
    """A problem a person must read: the message is Portuguese and complete."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class UnknownRulebook(RulebookError, LookupError):
    pass


class FactError(RulebookError, ValueError):
    pass


class CheckCall(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    params: dict[str, Any] = PydField(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _from_yaml(cls, v: Any) -> Any:
        # YAML writes a call as `name` or `{name: {param: value}}`.
        if isinstance(v, str):
            return {"name": v}
        if isinstance(v, dict) and len(v) == 1 and "name" not in v:
            (name, params), = v.items()
            return {"name": name, "params": params or {}}
        return v


class FactSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["bool", "integer", "number", "text", "date"]
    default: Any = None
    description: str


class ItemSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    article: str
    requirement: str
    documents: list[DocType] = PydField(default_factory=list)
    scope: Scope = "packet"
    applies_if: list[CheckCall] = PydField(default_factory=list)
    checks: list[CheckCall]
    manual_checks: list[str] = PydField(default_factory=list)
    informational: bool = False  # the act only informs: never fail or review
    note: str | None = None

    @field_validator("applies_if", mode="before")
    @classmethod
    def _one_or_many(cls, v: Any) -> Any:
        if v is None:
            return []
        if isinstance(v, dict) and len(v) > 1:
            return [{k: p} for k, p in v.items()]
        return v if isinstance(v, list) else [v]

    @field_validator("id")
    @classmethod
    def _id_shape(cls, v: str) -> str:
        if not ID_PATTERN.match(v):
            raise ValueError(f"item id {v!r} does not match the contract's pattern")
        return v


class Rulebook(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    title: str
    jurisdiction: str
    norm: str
    source: str  # file name in shared/regulations
    facts: dict[str, FactSpec] = PydField(default_factory=dict)
    parameters: list[Parameter] = PydField(default_factory=list)
    items: list[ItemSpec]

    @model_validator(mode="after")
    def _unique(self) -> "Rulebook":
        ids = [i.id for i in self.items]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"rulebook {self.id}: repeated item ids {dupes}")
        return self

    def item(self, item_id: str) -> ItemSpec:
        for i in self.items:
            if i.id == item_id:
                return i
        raise KeyError(item_id)

    def parameter(self, name: str) -> Parameter:
        """The rulebook's own parameter of that name, else the shared table."""
        for p in self.parameters:
            if p.id == name:
                return p
        from validators import params

        return params.get(name)

    def parse_facts(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """Facts as the CLI gives them (strings), typed; unknown keys are refused."""
        out = {k: spec.default for k, spec in self.facts.items()}
        known = ", ".join(sorted(self.facts)) or "(nenhum)"
        for key, value in (raw or {}).items():
            name = str(key).strip().lower().replace("-", "_")
            spec = self.facts.get(name)
            if spec is None:
                raise FactError(f"Fato desconhecido: {key!r}. Fatos aceitos pelo rulebook {self.id}: {known}.")
            out[name] = _parse_fact(name, spec, value)
        return out

    def ref(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "jurisdiction": self.jurisdiction, "norm": self.norm}


_TRUE = {"true", "1", "sim", "s", "yes", "y", "verdadeiro", "v", "on", "x"}
_FALSE = {"false", "0", "nao", "não", "n", "no", "falso", "f", "off", ""}


def _parse_fact(name: str, spec: FactSpec, value: Any) -> Any:
    if spec.type == "bool":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise FactError(f"Valor inválido para o fato {name!r}: {value!r} (use true ou false).")
    if spec.type in ("integer", "number"):
        text = str(value).strip().replace(" ", "")
        if "," in text:
            text = text.replace(".", "").replace(",", ".")
        try:
            num = Decimal(text)
        except InvalidOperation:
            raise FactError(f"Valor inválido para o fato {name!r}: {value!r} (esperado um número).") from None
        if spec.type == "integer":
            if num != num.to_integral_value():
                raise FactError(f"Valor inválido para o fato {name!r}: {value!r} (esperado um número inteiro).")
            return int(num)
        return num
    if spec.type == "date":
        try:
            return date.fromisoformat(str(value).strip())
        except ValueError:
            raise FactError(f"Valor inválido para o fato {name!r}: {value!r} (use AAAA-MM-DD).") from None
    return str(value).strip()


_ART = re.compile(r"^Art\.\s*(\d+)\s*(?:º|°|o)?\.?(?:-([A-Z]))?$")
_ROMAN = re.compile(r"^[IVXLC]+$")


def id_from_article(article: str) -> str:
    """The contract's item id for a citation: "Art. 4º, XI, a" -> art4-xi-a, "Art. 2º, II, § 4º"
    -> art2-ii-p4, "Art. 2º, VIII, parágrafo único" -> art2-viii-pu, "Art. 5º, parágrafo único,
    item 1" -> art5-pu-n1. Raises ValueError for a citation it cannot read."""
    parts = [p.strip() for p in article.split(",")]
    m = _ART.match(parts[0])
    if not m:
        raise ValueError(f"citation does not start with an article: {article!r}")
    out = f"art{m.group(1)}{(m.group(2) or '').lower()}"
    for p in parts[1:]:
        if _ROMAN.match(p):
            out += f"-{p.lower()}"
        elif re.fullmatch(r"[a-z]", p):
            out += f"-{p}"
        elif (pm := re.fullmatch(r"§\s*(\d+)\s*(?:º|°|o)?", p)):
            out += f"-p{pm.group(1)}"
        elif p.lower() == "parágrafo único":
            out += "-pu"
        elif (nm := re.fullmatch(r"(?:item|n\.?)\s*(\d+)", p, flags=re.I)):
            out += f"-n{nm.group(1)}"
        else:
            raise ValueError(f"cannot read {p!r} in citation {article!r}")
    return out


def files() -> list[Path]:
    return sorted(_DIR.glob("*.yaml"))


def _read(path: Path) -> Rulebook:
    try:
        rb = Rulebook.model_validate(yamlfile.load(path))
    except ValidationError as e:
        raise RulebookError(f"Rulebook inválido ({path.name}): {e}") from None
    from validators.checks import unknown_names

    missing = unknown_names(rb)
    if missing:
        raise RulebookError(f"Rulebook {rb.id}: verificações não registradas: {', '.join(missing)}")
    # `units` counts a dated parameter's unit (2500 UPF-RS), which a check multiplies by the unit's
    # value: anything but a number is refused here, not met by every packet judged (a text is no
    # number either: '3.000' would read 3)
    wrong = [f"{item.id}: {c.name} (units: {c.params['units']!r})" for item in rb.items
             for c in [*item.checks, *item.applies_if] if "units" in c.params and not _number(c.params["units"])]
    if wrong:
        raise RulebookError(f"Rulebook {rb.id}: 'units' deve ser um número (quantas unidades do parâmetro, "
                            f"ex.: 2500): {'; '.join(wrong)}")
    return rb


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


@cache
def _all() -> dict[str, Rulebook]:
    out: dict[str, Rulebook] = {}
    for path in files():
        rb = _read(path)
        if rb.id in out:
            raise RulebookError(f"Rulebook {rb.id} definido mais de uma vez ({path.name})")
        out[rb.id] = rb
    return out


def load(rulebook_id: str) -> Rulebook:
    books = _all()
    if rulebook_id not in books:
        known = ", ".join(sorted(books)) or "(nenhum)"
        raise UnknownRulebook(f"Regulamento desconhecido: {rulebook_id!r}. Disponíveis: {known}.")
    return books[rulebook_id]


def load_file(path: str | Path) -> Rulebook:
    """A rulebook outside this folder (tests, drafts)."""
    return _read(Path(path))


def list_rulebooks() -> list[dict[str, Any]]:
    """What `fretadoc rulebooks` and the API show."""
    out = []
    for rb in sorted(_all().values(), key=lambda r: r.id):
        out.append({
            **rb.ref(),
            "source": rb.source,
            "facts": {k: {"type": f.type, "default": f.default, "description": f.description} for k, f in rb.facts.items()},
            "items": [{"id": i.id, "article": i.article, "requirement": i.requirement} for i in rb.items],
        })
    return out
