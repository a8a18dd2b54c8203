"""A clerk's or a carrier's word on a field: confirmed as read, or given right.

A correction never changes what was read: it is a layer on top. Judging a packet with
corrections judges the documents with each corrected field replaced, and:

- a clerk's correction (an authority's key) is a confident value (confidence 1.0);
- a carrier's is the carrier's declaration: the value given is judged as an unsure one
  (DECLARED), unless it is exactly what was read, when the read's own confidence stands. An item
  that rests on it cannot become `ok` on it alone: it is `review`, with a finding saying the
  value was declared, not read. No carrier approves itself.

Every item the corrections touch (its status or findings differ from the uncorrected judgement,
or a finding names a corrected field) carries a finding naming each correction it rests on. The
latest correction of a field wins; all are kept in the result (Result.corrections).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from datetime import date
from typing import Any, Literal

from domain import doctypes, wording
from domain.documents import Document, Field, Finding
from domain.ids import chassi as chassi_id
from domain.ids import doc as doc_id
from domain.ids import placa as placa_id
from domain.ids import renavam as renavam_id
from domain.result import Correction, Item, worst
from validators.money import number_br, to_decimal

Author = Literal["clerk", "carrier"]
__all__ = ["TYPE_FIELD", "Correction", "CorrectionError", "apply", "judge", "make", "typed"]
AUTHORS: dict[str, str] = {"clerk": "servidor do órgão", "carrier": "transportador"}
DECLARED = 0.5  # a carrier's value that differs from the read: a hint, never enough for `ok`
# A correction of this "field" confirms or changes the document's type (no doctypes.yaml
# type carries a field of that name at its top level).
TYPE_FIELD = "tipo"
_TRUE, _FALSE = {"sim", "s", "true", "1", "verdadeiro"}, {"nao", "não", "n", "false", "0", "falso"}


class CorrectionError(ValueError):
    """A correction that cannot be applied; its message is for people (Portuguese)."""


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).lower()


def typed(spec: dict[str, Any], raw: Any) -> Any:
    """The value given, in the field's own type (doctypes.yaml `kind`); CorrectionError when it
    does not fit. A value already typed (from JSON) is checked the same way."""
    kind = spec.get("kind", "text")
    if kind == "records" and isinstance(raw, list):
        return [_row(spec.get("columns") or {}, n, entry) for n, entry in enumerate(raw, 1)]
    text = " ".join(str(raw).split()) if raw is not None else ""
    if raw is None or text == "":
        raise CorrectionError("Informe um valor.")
    if kind in ("list", "records"):
        raise CorrectionError("Uma lista é corrigida linha a linha: informe as linhas da tabela.")
    if kind in ("text", "name"):
        return text
    if kind == "date":
        m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})|(\d{2})/(\d{2})/(\d{4})", text)
        try:
            if m and m.group(1):
                return date(int(m.group(1)), int(m.group(2)), int(m.group(3))).isoformat()
            if m:
                return date(int(m.group(6)), int(m.group(5)), int(m.group(4))).isoformat()
        except ValueError:
            pass
        raise CorrectionError(f"'{text}' não é uma data (AAAA-MM-DD ou DD/MM/AAAA).")
    if kind == "integer":
        if isinstance(raw, bool) or not re.fullmatch(r"\d{1,9}", text.replace(".", "")):
            raise CorrectionError(f"'{text}' não é um número inteiro.")
        return int(text.replace(".", ""))
    if kind == "money":
        amount = raw if isinstance(raw, (int, float)) and not isinstance(raw, bool) else to_decimal(text)
        if amount is None or float(amount) < 0:
            raise CorrectionError(f"'{text}' não é um valor em reais (ex.: {number_br(1500000)}).")
        return float(amount)
    if kind == "placa":
        placa = placa_id.from_typed(text)
        if placa is None:
            raise CorrectionError(f"'{text}' não é uma placa (ABC1234 ou ABC1D23).")
        return placa
    if kind == "renavam":
        renavam = renavam_id.from_typed(text)
        if renavam is None:
            raise CorrectionError(f"'{text}' não é um RENAVAM (11 dígitos).")
        return renavam
    if kind == "chassi":
        vin = chassi_id.from_typed(text)
        if vin is None:
            raise CorrectionError(f"'{text}' não é um chassi (17 letras e dígitos).")
        return vin
    if kind == "doc":
        ident = doc_id.from_typed(text)
        if ident is None:
            raise CorrectionError(f"'{text}' não é um CPF (11 dígitos) nem um CNPJ (14).")
        return ident
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        if _fold(text) in _TRUE:
            return True
        if _fold(text) in _FALSE:
            return False
        raise CorrectionError(f"'{text}' não é sim/não.")
    if kind == "enum":
        # the code or its Portuguese label ('pj' or 'Pessoa jurídica')
        values = [str(v) for v in spec.get("values", [])]
        words = wording.vocabulary()
        by_label = {_fold(words.get(v, v)): v for v in values} | {_fold(v): v for v in values}
        if _fold(text) not in by_label:
            raise CorrectionError(f"'{text}' não é um dos valores aceitos: "
                                  f"{wording.joined([words.get(v, v) for v in values], 'ou')}.")
        return by_label[_fold(text)]
    return text


def _row(columns: dict[str, Any], n: int, entry: Any) -> dict[str, Any]:
    """One row of a list as given (a passenger: nome, documento_tipo, documento), each cell in its
    column's type; an empty cell stays empty."""
    if not isinstance(entry, dict) or set(entry) - set(columns):
        raise CorrectionError(f"Linha {n}: informe só as colunas {wording.joined(sorted(columns))}.")
    out: dict[str, Any] = {}
    for name, col in columns.items():
        cell = entry.get(name)
        if col.get("kind") == "doc" and cell is not None:
            # a row's number is of its own kind (RG, matrícula...): letters and digits, any length
            cell = re.sub(r"[^0-9A-Za-z]", "", str(cell)).upper()
            out[name] = cell or None
            continue
        try:
            out[name] = None if cell is None or str(cell).strip() == "" else typed(col, cell)
        except CorrectionError as exc:
            raise CorrectionError(f"Linha {n}, {wording.field_label(None, name).lower()}: {exc}") from None
    return out


def _doc_type(text: Any) -> str:
    """A document type given by its code ('crlv') or its label ('Certificado de Registro...')."""
    raw = " ".join(str(text or "").split())
    if not raw:
        raise CorrectionError("Informe o tipo do documento.")
    by_label = {_fold(doctypes.label(t)): t for t in doctypes.all_types()} | {_fold(t): t for t in doctypes.all_types()}
    if _fold(raw) not in by_label:
        raise CorrectionError(f"'{raw}' não é um tipo de documento conhecido.")
    return by_label[_fold(raw)]


def make(documents: list[Document], *, number: int, document: str, field: str, value: Any, by: Author,
         at: str, note: str | None = None, given: list[Correction] | None = None) -> Correction:
    """A correction of `field` of `document`, checked against the document as it now stands
    (the corrections `given` before it applied: a type changed, a value corrected): the document
    exists, the field is one its type carries, the value fits the field. A value None confirms
    the field as it stands: the value read, or the one a correction gave it. The field `tipo`
    confirms or changes the document's type."""
    original = next((d for d in documents if d.id == document), None)
    if original is None:
        raise CorrectionError(f"O pacote não tem o documento {document}.")
    doc = next(d for d in apply(documents, list(given or [])) if d.id == document)
    if field == TYPE_FIELD:
        if value is None and doc.type == "unknown":
            raise CorrectionError(f"O tipo do documento {document} não foi identificado: informe o tipo correto.")
        kind = doc.type if value is None else _doc_type(value)
        return Correction(id=f"c{number}", document=document, field=field, value=kind, read_value=original.type,
                          read_confidence=original.type_confidence, by=by, at=at, note=note or None)
    specs = doctypes.fields(doc.type)
    if field not in specs:
        labels = ", ".join(sorted(wording.field_label(doc.type, f) for f in specs)) or "nenhum"
        raise CorrectionError(f"O documento {document} ({doctypes.label(doc.type)}) não tem o campo "
                              f"'{wording.field_label(doc.type, field)}'. Campos: {labels}.")
    read = original.fields.get(field) if original.type == doc.type else None
    now = doc.fields.get(field)
    if value is None:
        if now is None or now.value is None or now.value == []:
            raise CorrectionError(f"{wording.field_label(doc.type, field)} de {document} não foi lido: "
                                  f"informe o valor correto.")
        given_value = now.value
        total = doc.fields.get(str(specs[field].get("total") or ""))
        if (isinstance(given_value, list) and total is not None and isinstance(total.value, int)
                and total.value != len(given_value)):
            # confirming 17 rows of a list that prints 44 would certify what was not read
            raise CorrectionError(f"A lista informa {total.value} e {len(given_value)} foram lidas: acrescente "
                                  f"as linhas que faltam ou retire as que não são da lista antes de conferi-la.")
    else:
        given_value = typed(specs[field], value)
    return Correction(id=f"c{number}", document=document, field=field, value=given_value,
                      read_value=read.value if read else None, read_confidence=read.confidence if read else 0.0,
                      by=by, at=at, note=note or None)


def latest(corrections: list[Correction]) -> dict[tuple[str, str], Correction]:
    """The correction that stands for each (document, field): the last one given."""
    return {(c.document, c.field): c for c in corrections}


def _typed_doc(doc: Document, c: Correction) -> Document:
    """The document as the type a correction gives it: the clerk's word makes the type sure; a
    type changed leaves the fields of the old type behind (the ones re-read as the new type,
    when the correction carries them, stand instead: `Correction.fields`)."""
    if c.by == "clerk":
        confidence = 1.0
    else:
        confidence = doc.type_confidence if c.value == doc.type else min(doc.type_confidence, DECLARED)
    if c.value == doc.type:
        return doc.model_copy(update={"type_confidence": confidence})
    fields = {k: Field.model_validate(v) for k, v in (c.fields or {}).items()}
    return doc.model_copy(update={"type": c.value, "type_confidence": confidence, "fields": fields})


def apply(documents: list[Document], corrections: list[Correction]) -> list[Document]:
    """The documents with each corrected field replaced (the read itself is left as it was); a
    document's type confirmed or changed first, its fields' corrections on top."""
    standing = latest(corrections)
    out = []
    for doc in documents:
        mine = {f: c for (d, f), c in standing.items() if d == doc.id}
        if not mine:
            out.append(doc)
            continue
        retyped = mine.pop(TYPE_FIELD, None)
        if retyped is not None:
            doc = _typed_doc(doc, retyped)
            # corrections given to the fields of the type it no longer has no longer apply
            mine = {f: c for f, c in mine.items() if f in doctypes.fields(doc.type)}
        fields = dict(doc.fields)
        for name, c in mine.items():
            read = fields.get(name) or Field()
            if c.by == "clerk" and _row_edit(read, c.value):
                fields[name] = _rows_edited(read, c.value)
                continue
            if c.by == "clerk":
                confidence = 1.0
            else:
                confidence = read.confidence if c.value == read.value else min(read.confidence, DECLARED)
            fields[name] = read.model_copy(update={"value": c.value, "confidence": confidence, "rows": None})
        out.append(doc.model_copy(update={"fields": fields}))
    return out


def _row_edit(read: Field, value: Any) -> bool:
    """The clerk edited some rows of a list read row by row (not confirmed it whole)."""
    return (isinstance(value, list) and isinstance(read.value, list) and read.rows is not None
            and len(read.rows) == len(value) == len(read.value) and value != read.value)


def _rows_edited(read: Field, value: list[Any]) -> Field:
    """A list with the rows the clerk edited made sure; the other rows as sure as they were read
    (editing row 3 vouches for row 3, not for the rest): the list as sure as its least sure row."""
    rows = [r if new == old else r.model_copy(update={"confidence": 1.0, "document_confidence": 1.0})
            for r, new, old in zip(read.rows or [], value, read.value)]
    least = min((min(r.confidence, r.document_confidence) for r in rows), default=0.0)
    before = min((min(r.confidence, r.document_confidence) for r in read.rows or []), default=0.0)
    # a list read lower than its rows (an entry not read at all) stays as low: no edit adds a row
    confidence = least if read.confidence >= before else min(read.confidence, least)
    return read.model_copy(update={"value": value, "confidence": confidence, "rows": rows})


def _finding(c: Correction, doc_type: str | None) -> Finding:
    """The correction an item rests on, in the clerk's words (domain/wording.py)."""
    said = f" Observação: {c.note}" if c.note else ""
    if c.field == TYPE_FIELD:
        given, read = doctypes.label(str(c.value)), doctypes.label(str(c.read_value or "unknown"))
        where = f"Tipo do documento {c.document}"
        what = (f"confirmado ({given})" if c.value == c.read_value
                else f"alterado para {given} (identificado como {read})")
    else:
        where = f"{wording.field_label(doc_type, c.field)} em {doctypes.label(doc_type or 'unknown')} ({c.document})"
        given = wording.value(c.value, doc_type, c.field)
        read = (f"lido: {wording.value(c.read_value, doc_type, c.field)}"
                if c.read_value not in (None, "", []) else "não lido no documento")
        what = f"confirmado ({given})" if c.value == c.read_value else f"corrigido para {given} ({read})"
    if c.by == "clerk":
        return Finding(code="correcao.aplicada", severity="info", document=c.document, field=c.field,
                       value=c.value, expected=c.read_value,
                       message=f"{where}: {what} pelo {AUTHORS[c.by]} em {wording.when(c.at)}.{said}")
    return Finding(code="correcao.declarada", severity="warning", document=c.document, field=c.field,
                   value=c.value, expected="valor lido do documento ou conferido pelo órgão",
                   message=f"{where}: {given} declarado pelo {AUTHORS[c.by]}, não lido do documento "
                           f"({read}); o item depende de conferência pelo órgão.{said}")


def _names(item: Item, key: tuple[str, str]) -> bool:
    return any((f.document, f.field) == key for f in item.findings)


def judge(judge_fn: Callable[[list[Document]], list[Item]], documents: list[Document],
          corrections: list[Correction]) -> tuple[list[Document], list[Item]]:
    """The corrected documents and their checklist, each item the corrections touch naming them."""
    if not corrections:
        return documents, judge_fn(documents)
    corrected = apply(documents, corrections)
    before = {i.id: i for i in judge_fn(documents)}
    items = judge_fn(corrected)
    standing = latest(corrections)
    types = {d.id: d.type for d in corrected}
    for item in items:
        old = before.get(item.id)
        changed = old is None or old.status != item.status or old.findings != item.findings
        touching = [c for key, c in standing.items() if _names(item, key) or (old is not None and _names(old, key))]
        if changed:
            # a document's type settled: every item citing the document that moved rests on it
            touching += [c for (d, f), c in standing.items() if f == TYPE_FIELD and d in item.documents
                         and c not in touching]
        if changed and not touching:
            # it moved although no finding names the field: it rests on every correction of a
            # document it cites (or, failing that, on all of them)
            touching = [c for c in standing.values() if c.document in item.documents] or list(standing.values())
        if not touching:
            continue
        item.findings += [_finding(c, types.get(c.document)) for c in touching]
        declared = [c for c in touching if c.by == "carrier" and c.value != c.read_value]
        if declared and item.status == "ok":
            item.status = worst(["review", item.status])
    return corrected, items
