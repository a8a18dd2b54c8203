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
from domain.documents import Field, Finding
from domain.vouching import TITLED, VOUCHED, vouched

__all__ = ["KEY_PHRASES", "TITLED", "VOUCHED", "by_content", "vouched"]

# an untitled document is tried as a type only where this many of the type's key phrases stand
# in it (its vocabulary's `classify:`): its content must then vouch for it in full
KEY_PHRASES = 2


def by_content(candidates: Sequence[tuple[str, int]],
               read_as: Callable[[str], dict[str, Field]]) -> tuple[str, float, dict[str, Field], Finding] | None:
    """A document no title named (the classifier's `unknown`), read as each type whose key phrases
    it holds ((type, how many) from the classifier, best first), taken as the first whose fields
    vouch for it in full: (type, confidence, fields, finding), or None."""
    for kind, phrases in candidates:
        if phrases < KEY_PHRASES or not doctypes.vouched_by(kind):
            continue
        fields = read_as(kind)
        conf, note = vouched(kind, TITLED, fields, every=True)
        if note is not None:
            labels = ", ".join(doctypes.fields(kind)[name]["label"] for name in doctypes.vouched_by(kind))
            return kind, conf, fields, note.model_copy(update={
                "message": f"Tipo {doctypes.label(kind)} reconhecido pelo conteúdo, sem título de um "
                           f"{doctypes.label(kind).lower()}: {labels} lidos com segurança."})
    return None
