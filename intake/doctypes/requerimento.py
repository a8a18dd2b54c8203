"""Requerimento (the application form): applicant, its CNPJ/CPF, date, object.

Labels are the vocabulary's (intake/doctypes/requerimento.yaml): each field is read from its
label's cell first, then by the layout lookups over the same spellings."""

from __future__ import annotations

from domain.documents import Field
from intake.reading.identifiers import doc_checked
from intake.doctypes._common import Reader
from intake.doctypes.generic import closing_date, labelled, lookup, lookup_text

TYPES = ("requerimento",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup_text(r, "titular_nome", name=True)
    out["titular_documento"] = lookup(r, "titular_documento", lambda s: doc_checked(s, ocr))
    em = labelled(r, "data_emissao")
    out["data_emissao"] = em if em.value is not None else closing_date(r)
    obj = lookup_text(r, "objeto", prose="vocabulary")
    if ocr and isinstance(obj.value, str) and obj.value.endswith(".") and not obj.value.endswith(".."):
        obj = obj.model_copy(update={"value": obj.value[:-1]})  # a speck read into the box's last word
    out["objeto"] = obj
    return out
