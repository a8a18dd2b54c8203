"""Reading fields with their certainty, comparing names and numbers, and building outcomes.

The rule of the house lives in `Read.confident`: a value counts only when it was read, with a
confidence at or above CONFIDENT, from a document whose type is sure and that has no error
problem. Anything less is a reason for `review`, never for `ok`.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from domain import doctypes, wording
from domain.wording import joined as joined, rows_named as rows_named  # re-exported for the checks
from validators.checks.base import Outcome
from domain.documents import CONFIDENT, PASSAGE_WORDS, STATED, Document, Finding
from validators.dates import to_date
from validators.money import brl

if TYPE_CHECKING:
    from validators.params import Parameter

_COMPANY_SUFFIXES = {"ltda", "me", "epp", "eireli", "sa", "s", "a", "cia", "mei"}


class UnknownField(KeyError):
    """A check asked for a field its document type does not carry (doctypes.yaml): a bug."""


def doc_trusted(doc: Document | None) -> bool:
    return doc is not None and not doc.unreadable and doc.type_confidence >= CONFIDENT


@dataclass(frozen=True)
class Read:
    doc: Document | None
    field: str
    value: Any
    confidence: float

    @property
    def present(self) -> bool:
        return self.value is not None and self.value != "" and self.value != []

    @property
    def confident(self) -> bool:
        return self.present and self.confidence >= CONFIDENT and doc_trusted(self.doc)

    @property
    def stated(self) -> bool:
        """The document states the field: read with confidence, or a passage (doctypes.yaml)
        of PASSAGE_WORDS words or more read at STATED or more, unsure only to the letter."""
        if self.confident:
            return True
        if not (self.present and isinstance(self.value, str) and self.doc is not None and doc_trusted(self.doc)):
            return False
        spec = doctypes.fields(self.doc.type).get(self.field, {})
        return bool(spec.get("passage")) and self.confidence >= STATED and len(self.value.split()) >= PASSAGE_WORDS

    @property
    def doc_id(self) -> str | None:
        return self.doc.id if self.doc else None

    @property
    def label(self) -> str:
        if self.doc is None:
            return self.field
        spec = doctypes.fields(self.doc.type).get(self.field, {})
        label: str = spec.get("label", self.field)
        return label

    @property
    def doc_label(self) -> str:
        return doctypes.label(self.doc.type) if self.doc else "documento"

    def as_date(self) -> date | None:
        return to_date(self.value)


def read(doc: Document | None, name: str) -> Read:
    if doc is None:
        return Read(None, name, None, 0.0)
    if name not in doctypes.fields(doc.type):
        raise UnknownField(f"{doc.type} has no field {name!r} (domain/doctypes.yaml)")
    f = doc.fields.get(name)
    if f is None:
        return Read(doc, name, None, 0.0)
    return Read(doc, name, f.value, f.confidence)


def entry_confident(r: Read, index: int) -> bool:
    """One entry of a list field read with confidence: the whole list, or that entry's own row
    where the parser gave one (an illegible entry elsewhere in the list does not make this one
    unsure; it only leaves open what else the list holds)."""
    if r.confident:
        return True
    f = r.doc.fields.get(r.field) if r.doc is not None else None
    rows = f.rows if f is not None else None
    return (rows is not None and bool(rows) and isinstance(r.value, list) and len(rows) == len(r.value) and 0 <= index < len(rows)
            and doc_trusted(r.doc) and rows[index].confidence >= CONFIDENT
            and rows[index].document_confidence >= CONFIDENT)


# --- text ---------------------------------------------------------------------------------

def fold(s: object) -> str:
    """Lower case, no accents, punctuation as spaces, spacing folded."""
    if s is None:
        return ""
    text = unicodedata.normalize("NFKD", str(s))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text).split())


def name_key(s: object) -> str:
    """A name for comparison: folded, company suffixes (Ltda, ME, S/A ...) dropped."""
    words = fold(s).split()
    while words and words[-1] in _COMPANY_SUFFIXES:
        words.pop()
    return " ".join(words)


def same_name(a: object, b: object) -> bool:
    ka, kb = name_key(a), name_key(b)
    return bool(ka) and ka == kb


def name_similarity(a: object, b: object) -> float:
    return difflib.SequenceMatcher(None, name_key(a), name_key(b)).ratio()


def same_number(a: object, b: object) -> bool:
    """Document numbers ("001/2025" and "1-2025"): runs of digits as integers, letters folded."""
    ga = re.findall(r"\d+|[a-z]+", fold(a))
    gb = re.findall(r"\d+|[a-z]+", fold(b))
    norm: Callable[[list[str]], list[str]] = lambda gs: [str(int(g)) if g.isdigit() else g for g in gs]  # noqa: E731
    return bool(ga) and norm(ga) == norm(gb)


def unit_label(parameter: Parameter) -> str:
    """"UPF-RS" from "Unidade Padrão Fiscal do Rio Grande do Sul (UPF-RS)"."""
    m = re.search(r"\(([^)]+)\)\s*$", parameter.title)
    return m.group(1) if m else parameter.id.upper()


def jsonable(v: Any) -> Any:
    if isinstance(v, Decimal):
        return float(v)
    if isinstance(v, date):
        return v.isoformat()
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): jsonable(x) for k, x in v.items()}
    return v


def show(v: Any) -> str:
    """A value as a person reads it in a message (domain/wording.py): never a list's or a
    record's repr (a list of passengers is its count; its rows are named by `rows_named`)."""
    if isinstance(v, Decimal):
        return brl(v)
    if isinstance(v, (list, tuple)) and any(isinstance(x, (list, tuple, dict)) for x in v):
        return wording.plural(len(v), "item", "itens")
    return wording.value(v)


def unsure_rows(r: Read) -> list[int]:
    """The entries (1-based) of a list field its parser read below CONFIDENT, as an entry or in
    a number's characters: empty where the parser gave no per-entry reads."""
    f = r.doc.fields.get(r.field) if r.doc is not None else None
    rows = f.rows if f is not None else None
    if not rows or not isinstance(r.value, list) or len(rows) != len(r.value):
        return []
    return [i for i, row in enumerate(rows, start=1)
            if row.confidence < CONFIDENT or row.document_confidence < CONFIDENT]


def evidence(v: Any) -> Any:
    """A finding's value or expected value as the result carries it: a plain value, never a list
    or a record (which would print as its repr, and a list of people in full)."""
    v = jsonable(v)
    return show(v) if isinstance(v, (list, dict)) else v


# --- outcomes -----------------------------------------------------------------------------

def finding(code: str, severity: str, message: str, *, document: str | None = None,
            field: str | None = None, value: Any = None, expected: Any = None,
            row: int | None = None) -> Finding:
    return Finding(code=code, severity=severity, message=message, document=document,
                   field=field, value=evidence(value), expected=evidence(expected), row=row)


def _ids(docs: Iterable[Document | str | None]) -> list[str]:
    return [d.id if isinstance(d, Document) else d for d in docs if d is not None]


def ok(*docs: Document | str | None, info: str | None = None, code: str | None = None,
       manual: list[str] | None = None, r: Read | None = None, expected: Any = None,
       row: int | None = None) -> Outcome:
    findings = []
    if info:
        findings.append(finding(code or "info.note", "info", info, document=r.doc_id if r else None,
                                field=r.field if r else None, value=r.value if r else None,
                                expected=expected, row=row))
    return Outcome("ok", findings, _ids(docs), list(manual or []))


def fail(code: str, message: str, r: Read, expected: Any, *extra_docs: Document | None,
         value: Any = ..., row: int | None = None) -> Outcome:
    f = finding(code, "error", message, document=r.doc_id, field=r.field,
                value=r.value if value is ... else value, expected=expected, row=row)
    return Outcome("fail", [f], _ids([r.doc, *extra_docs]))


def review(code: str, message: str, r: Read, expected: Any, *extra_docs: Document | None,
           value: Any = ..., manual: list[str] | None = None, row: int | None = None) -> Outcome:
    f = finding(code, "warning", message, document=r.doc_id, field=r.field,
                value=r.value if value is ... else value, expected=expected, row=row)
    return Outcome("review", [f], _ids([r.doc, *extra_docs]), list(manual or []))


def missing(doc_type: str, message: str | None = None, *, code: str | None = None) -> Outcome:
    msg = message or f"Documento ausente: {doctypes.label(doc_type)}."
    f = finding(code or f"{doc_type}.missing", "error", msg, expected=doc_type)
    return Outcome("missing", [f])


def not_applicable(code: str, message: str, *docs: Document | None) -> Outcome:
    return Outcome("not_applicable", [finding(code, "info", message)], _ids(docs))


def uncertain(r: Read, expected: Any, *extra_docs: Document | None, what: str | None = None) -> Outcome:
    """The review outcome for a field that could not be read with confidence."""
    name = what or r.label
    where = r.doc_label
    if r.doc is None:
        return missing(r.field)
    if not r.present:
        code = f"{r.doc.type}.{r.field}_not_found"
        # not read is not absent: the reader may have missed what the document shows
        msg = f"Não foi possível ler {name} em {where} ({r.doc.id}): confira no documento."
    elif r.doc.unreadable:
        code = f"{r.doc.type}.unreadable"
        msg = f"{where} ({r.doc.id}) tem problemas de leitura: {name} precisa de conferência."
    elif r.doc.type_confidence < CONFIDENT:
        code = f"{r.doc.type}.type_uncertain"
        msg = f"Tipo do documento {r.doc.id} incerto ({where}?): {name} precisa de conferência."
    elif isinstance(r.value, list):
        # a list's reading is its rows': those read unsure are named, never the list itself
        code = f"{r.doc.type}.{r.field}_uncertain"
        rows = unsure_rows(r)
        read = (f"{rows_named(rows)} {'lida' if len(rows) == 1 else 'lidas'} com incerteza" if rows
                else f"{show(r.value)} {'lido' if len(r.value) == 1 else 'lidos'} com incerteza")
        msg = f"Leitura incerta de {name} em {where} ({r.doc.id}): {read}; confira no documento."
        return review(code, msg, r, expected, *extra_docs, value=read, row=rows[0] if rows else None)
    else:
        code = f"{r.doc.type}.{r.field}_uncertain"
        msg = (f"Leitura incerta de {name} em {where} ({r.doc.id}): lido "
               f"{wording.value(r.value, r.doc.type, r.field)}; confira no documento.")
    return review(code, msg, r, expected, *extra_docs)


def judge(r: Read, passes: Callable[[Any], object], *, code: str, message: str, expected: Any, info: str | None = None) -> Outcome:
    """ok when the field is confidently read and passes; fail when confidently read and not;
    review otherwise. `message` may use {value} and {expected}."""
    if not r.confident:
        return uncertain(r, expected)
    if passes(r.value):
        return ok(r.doc, info=info)
    text = message.replace("{value}", show(r.value)).replace("{expected}", show(expected))
    return fail(code, text, r, expected)


def best(alternatives: list[list[Outcome]]) -> list[Outcome]:
    """When any one of several documents can satisfy a requirement: the alternative whose worst
    outcome is best (ok, then review, then missing, then fail)."""
    rank = {"ok": 0, "not_applicable": 0, "review": 1, "missing": 2, "fail": 3}
    if not alternatives:
        return []
    return min(alternatives, key=lambda outs: max((rank[o.status] for o in outs), default=0))
