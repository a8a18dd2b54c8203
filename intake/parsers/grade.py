"""Grade de itinerário: contract number, origin and destination towns, itinerary, times."""

from __future__ import annotations

from intake.parsers._common import Reader, field
from intake.parsers.contrato import _numero
from intake.parsers.generic import lookup_text
from validators.documents import Field

TYPES = ("grade_itinerario",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    out: dict[str, Field] = {}
    out["contrato_numero"] = _numero(r, r.flow())
    out["origem"] = lookup_text(r, ["Município de origem", "Origem", "Cidade de origem"])
    out["destino"] = lookup_text(r, ["Município de destino", "Destino", "Cidade de destino"])
    out["itinerario"] = lookup_text(r, ["Itinerário", "Percurso", "Trajeto"], prose="names")
    out["horarios"] = lookup_text(r, ["Horários", "Horário", "Horários de partida"], prose="names")
    for k in ("origem", "destino", "itinerario", "horarios"):
        if out[k].value in ("-", "—"):
            out[k] = field(None)
    return out
