"""A document's type vouched for by what it holds.

A title names a type; so do the fields only that type's document holds together. A vehicle's
register printed from a DETRAN's web page under a heading of its own ('Consulta de veículo')
is classified as a register from its key phrases, unsure (its title is no register's). Where
every field `vouched_by` lists for the type (domain/doctypes.yaml) was read sure, each in its
shape and checks (a RENAVAM's check digit, a VIN, a plate, the owner's CPF/CNPJ), the content
says what the title did not, and the type is sure. Never from nothing: the classifier must have
named the type from a title or key phrases of its own (confidence TITLED or more), and one
field missing or unsure leaves the type as the classifier read it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain import doctypes
from domain.documents import CONFIDENT, Field, Finding

TITLED = 0.6  # the classifier's confidence where a title of the type was found, weakly
VOUCHED = 0.85  # the type's confidence once its content vouches for it
# a list vouches for its type with this many entries at least: one or two rows of a name and a
# number are any form's
MIN_ROWS = 3
# an untitled document is tried as a type only where this many of the type's key phrases stand
# in it (classify.yaml): its content must then vouch for it in full
KEY_PHRASES = 2


def vouched(kind: str, confidence: float, fields: dict[str, Field]) -> tuple[float, Finding | None]:
    """The type's confidence, raised where the document's sure fields vouch for it, and the
    finding that says so (None where nothing changed)."""
    names = doctypes.vouched_by(kind)
    if not names or confidence >= CONFIDENT or confidence < TITLED:
        return confidence, None
    if not all(_sure(fields.get(name)) for name in names):
        return confidence, None
    labels = ", ".join(doctypes.fields(kind)[name]["label"] for name in names)
    return VOUCHED, Finding(
        code="document.type_vouched", severity="info",
        message=f"Tipo {doctypes.label(kind)} confirmado pelo conteúdo: {labels} lidos com segurança.")


def _sure(f: Field | None) -> bool:
    if f is None or not f.confident:
        return False
    return not isinstance(f.value, list) or len(f.value) >= MIN_ROWS


def by_content(candidates: Sequence[tuple[str, int]],
               read_as: Callable[[str], dict[str, Field]]) -> tuple[str, float, dict[str, Field], Finding] | None:
    """A document no title named (the classifier's `unknown`), read as each type whose key phrases
    it holds ((type, how many) from the classifier, best first), taken as the first whose fields
    vouch for it in full: (type, confidence, fields, finding), or None."""
    for kind, phrases in candidates:
        if phrases < KEY_PHRASES or not doctypes.vouched_by(kind):
            continue
        fields = read_as(kind)
        conf, note = vouched(kind, TITLED, fields)
        if note is not None:
            labels = ", ".join(doctypes.fields(kind)[name]["label"] for name in doctypes.vouched_by(kind))
            return kind, conf, fields, note.model_copy(update={
                "message": f"Tipo {doctypes.label(kind)} reconhecido pelo conteúdo, sem título de um "
                           f"{doctypes.label(kind).lower()}: {labels} lidos com segurança."})
    return None
