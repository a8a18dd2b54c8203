"""What a clerk's list says of a packet, from its result alone: who sent it (the carrier's name
and CNPJ as the documents read them), its vehicles' plates, the contract's number, the items
still to review. Values as a clerk writes them (domain/wording.py)."""

from __future__ import annotations

from dataclasses import dataclass

from domain import wording
from domain.result import Result
from report.parecer import carrier

# where the carrier's CNPJ is read, in order of preference
CNPJ_FIELDS = (("cartao_cnpj", "titular_documento"), ("requerimento", "titular_documento"),
               ("contrato_fretamento", "contratado_documento"), ("apolice_seguro", "segurado_documento"))


@dataclass(frozen=True)
class Summary:
    carrier: str | None
    carrier_cnpj: str | None
    plates: list[str]
    contract: str | None
    to_review: int


def _first(result: Result, pairs: tuple[tuple[str, str], ...]) -> str | None:
    for doc_type, field in pairs:
        for d in result.documents:
            f = d.fields.get(field) if d.type == doc_type else None
            if f is not None and f.value:
                return wording.value(f.value, doc_type, field)
    return None


def summary(result: Result) -> Summary:
    name = carrier(result)
    plates = sorted({str(d.fields["placa"].value) for d in result.documents
                     if d.type == "crlv" and "placa" in d.fields and d.fields["placa"].value})
    return Summary(carrier=None if name.startswith("não identificado") else name,
                   carrier_cnpj=_first(result, CNPJ_FIELDS), plates=plates,
                   contract=_first(result, (("contrato_fretamento", "numero_contrato"),)),
                   to_review=sum(1 for i in result.checklist if i.status == "review"))
