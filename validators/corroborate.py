"""Identifiers (and policy numbers, and a person's birth date) that two documents read the same way.

Tesseract often scores a right read of a plate or a chassis below CONFIDENT ('IDA1B31' at
0.76: the mixed letters and digits of a plate are what its language model likes least). When
another document of the packet, printed by someone else and scanned apart, reads exactly the
same value (the policy's plate equals the CRLV's, the contract's CNPJ equals the cartão
CNPJ's), two misreads landing on the same wrong string are all but impossible (a plate has 7
characters of 36 symbols, a chassis 17), so the judgement takes both reads as confident. The
one way to be misled, one systematic confusion in every copy, leaves the documents agreeing
with one another, which is what the rules compare them for. Below FLOOR nothing is lifted.

The lift is for judging only (lifted_for_judging(), called by the engine): the result reports
every field with the confidence of its read. A read that another file agrees with is raised in
the result itself, as far as the evidence goes and noted among its document's problems
(agreement.py, raised_by_agreement), before the rules see the packet (engine.judge_packet).
"""

from __future__ import annotations

from collections.abc import Iterator

from domain import doctypes
from domain.documents import CONFIDENT, Document, Field
from domain.ids import chassi, placa, renavam
from domain.ids.text import alnum

# Identifier kinds (doctypes.yaml) long enough for an exact agreement to be evidence.
_NORMALISE = {
    "placa": lambda v: placa.normalize(v),
    "chassi": lambda v: chassi.normalize(v),
    "renavam": lambda v: renavam.normalize(v),
    "doc": lambda v: alnum(v).upper(),
}
_MIN_LENGTH = {"placa": 7, "chassi": 17, "renavam": 9, "doc": 11}
# Numbers of kind text that name one thing in several documents (a policy and its receipt, a
# contract and its passenger list): field -> (the thing, the fewest characters that count).
_NUMBERS = {"numero_apolice": ("apolice", 8), "numero_contrato": ("contrato", 7), "contrato_numero": ("contrato", 7)}
# A person's facts, keyed by the holder's CPF read in the same document: a driver's birth date
# on the CNH and on the identity card. Different people sharing a date never corroborate.
_PERSONAL = {"data_nascimento": "titular_documento"}
FLOOR = 0.5


def _trusted(doc: Document) -> bool:
    return not doc.unreadable and doc.type_confidence >= CONFIDENT


def _keyed(doc: Document) -> Iterator[tuple[str, Field, tuple[str, ...]]]:
    """(field name, field, key) of the document's identifier fields with a value."""
    specs = doctypes.fields(doc.type)
    for name, f in doc.fields.items():
        kind = specs.get(name, {}).get("kind")
        if not isinstance(f.value, str):
            continue
        if name in _NUMBERS:
            thing, least = _NUMBERS[name]
            value = alnum(f.value).upper()
            if len(value) >= least:
                yield name, f, (thing, value)
        elif name in _PERSONAL:
            holder = doc.fields.get(_PERSONAL[name])
            who = alnum(holder.value) if holder is not None and holder.confidence >= FLOOR else ""
            if len(who) >= _MIN_LENGTH["doc"]:
                yield name, f, (name, who, f.value)
        elif kind in _NORMALISE:
            value = _NORMALISE[kind](f.value)
            if len(value) >= _MIN_LENGTH[kind]:
                yield name, f, (kind, value)


def lifted_for_judging(documents: list[Document]) -> list[Document]:
    """The documents as the rules see them: each unsure identifier read that another trusted
    document reads the same way (at FLOOR or above) lifted to CONFIDENT (copies; the inputs,
    which the result reports, are left as they are)."""
    anchors: dict[tuple[str, ...], set[str]] = {}
    for d in documents:
        if not _trusted(d):
            continue
        for _, f, key in _keyed(d):
            if f.confidence >= FLOOR:
                anchors.setdefault(key, set()).add(d.id)
    out = []
    for d in documents:
        lifted = {name: f.model_copy(update={"confidence": CONFIDENT})
                  for name, f, key in _keyed(d)
                  if FLOOR <= f.confidence < CONFIDENT and anchors.get(key, set()) - {d.id}}
        out.append(d.model_copy(update={"fields": {**d.fields, **lifted}}) if lifted else d)
    return out
