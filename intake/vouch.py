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

from domain import doctypes
from domain.documents import CONFIDENT, Field, Finding

TITLED = 0.6  # the classifier's confidence where a title of the type was found, weakly
VOUCHED = 0.85  # the type's confidence once its content vouches for it


def vouched(kind: str, confidence: float, fields: dict[str, Field]) -> tuple[float, Finding | None]:
    """The type's confidence, raised where the document's sure fields vouch for it, and the
    finding that says so (None where nothing changed)."""
    names = doctypes.vouched_by(kind)
    if not names or confidence >= CONFIDENT or confidence < TITLED:
        return confidence, None
    if not all(name in fields and fields[name].confident for name in names):
        return confidence, None
    labels = ", ".join(doctypes.fields(kind)[name]["label"] for name in names)
    return VOUCHED, Finding(
        code="document.type_vouched", severity="info",
        message=f"Tipo {doctypes.label(kind)} confirmado pelo conteúdo: {labels} lidos com segurança.")
