"""Requerimento (the application form): applicant, its CNPJ/CPF, date, object."""

from __future__ import annotations

from intake.parsers._common import Reader, doc_checked
from intake.parsers.generic import closing_date, lookup, lookup_text
from validators.documents import Field

TYPES = ("requerimento",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup_text(r, ["Requerente (razão social)", "Requerente (autorizatário)", "Requerente", "Razão social",
                                          "Nome do requerente", "Nome empresarial", "Declarante"], name=True)
    out["titular_documento"] = lookup(r, ["CNPJ", "CNPJ/CPF", "CPF/CNPJ", "CPF"], lambda s: doc_checked(s, ocr))
    out["data_emissao"] = closing_date(r)
    obj = lookup_text(r, ["Objeto do requerimento", "Objeto", "Assunto", "Solicitação"], prose="vocabulary")
    if ocr and isinstance(obj.value, str) and obj.value.endswith(".") and not obj.value.endswith(".."):
        obj = obj.model_copy(update={"value": obj.value[:-1]})  # a speck read into the box's last word
    out["objeto"] = obj
    return out
