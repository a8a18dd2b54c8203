"""Grade de itinerário: contract number, origin and destination towns, itinerary, times.

Labels are the vocabulary's (intake/doctypes/grade_itinerario.yaml): each field is read from
its label's cell first, then by the layout lookups over the same spellings."""

from __future__ import annotations

from domain.documents import Field
from intake.reading.values import field, first
from intake.doctypes._common import Reader
from intake.doctypes.contrato_fretamento import contract_number
from intake.doctypes.generic import labelled, lookup_text

TYPES = ("grade_itinerario",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    out: dict[str, Field] = {}
    out["contrato_numero"] = first(labelled(r, "contrato_numero"), contract_number(r, r.flow(), "contrato_numero"))
    out["origem"] = lookup_text(r, "origem")
    out["destino"] = lookup_text(r, "destino")
    out["itinerario"] = lookup_text(r, "itinerario", prose="names")
    out["horarios"] = lookup_text(r, "horarios", prose="names")
    for k in ("origem", "destino", "itinerario", "horarios"):
        if out[k].value in ("-", "—"):
            out[k] = field(None)
    return out
