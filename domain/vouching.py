"""A document's type vouched for by the fields only that type holds together, read sure.

A title names a type; so do the fields only that type's document holds together. Where every
field `vouched_by` lists for the type (domain/doctypes.yaml) was read in its shape, two thirds of
them sure and the rest unsure at worst by a glyph, the content says what the title did not, and
the type is sure. Never from nothing: the classifier must have named
the type from a title or key phrases of its own (TITLED or more). Called when a file is read
(intake/classify/vouch.py) and again once the packet's agreement has raised fields that other
files read alike (validators/agreement.py).
"""

from __future__ import annotations

from domain import doctypes
from domain.documents import CONFIDENT, UNSURE, Field, Finding

TITLED = 0.6  # the classifier's confidence where a title of the type was found, weakly
VOUCHED = 0.85  # the type's confidence once its content vouches for it
# a list vouches for its type with this many entries at least: one or two rows of a name and a
# number are any form's
MIN_ROWS = 3


def vouched(kind: str, confidence: float, fields: dict[str, Field], *,
            agreed: bool = False, every: bool = False) -> tuple[float, Finding | None]:
    """The type's confidence, raised where the document's sure fields vouch for it, and the
    finding that says so (None where nothing changed). `agreed`: some of those fields are sure
    because other files of the packet read them alike (the finding says so); `every`: each field
    must be sure (a document no title named)."""
    names = doctypes.vouched_by(kind)
    if not names or confidence >= CONFIDENT or confidence < TITLED:
        return confidence, None
    got = [fields.get(name) for name in names]
    # each field read in its shape; a third of them at most unsure by a glyph OCR may take for
    # another (a plate's G or 6, a chassis' S or 5): which glyph is a question for the value, not
    # for what the document is
    unsure = [f for f in got if not _sure(f)]
    if any(f is None or f.value is None or isinstance(f.value, list) or f.confidence < UNSURE for f in unsure) \
            or 3 * len(unsure) > len(names) or every and unsure:
        return confidence, None
    label = {name: doctypes.fields(kind)[name]["label"] for name in names}
    sure = ", ".join(label[n] for n, f in zip(names, got) if _sure(f))
    doubt = ", ".join(label[n] for n, f in zip(names, got) if not _sure(f))
    how = " (uns confirmados por outros documentos do pacote)" if agreed else ""
    rest = f"; {doubt} no formato, com dúvida de leitura" if doubt else ""
    return VOUCHED, Finding(
        code="document.type_vouched", severity="info",
        message=f"Tipo {doctypes.label(kind)} confirmado pelo conteúdo: {sure} lidos com segurança{how}{rest}.")


def _sure(f: Field | None) -> bool:
    if f is None or not f.confident:
        return False
    return not isinstance(f.value, list) or len(f.value) >= MIN_ROWS
