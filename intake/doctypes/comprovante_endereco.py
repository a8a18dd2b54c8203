"""Comprovante de endereço (utility bill): customer, address, town, state, issue date.

Labels are the vocabulary's (intake/doctypes/comprovante_endereco.yaml): each field is read
from its label's cell first, then by the layout lookups over the same spellings."""

from __future__ import annotations

import re

from intake.reading.values import INFERRED, cap, date_field, field, span_of, text_field
from intake.doctypes._common import Reader
from intake.doctypes.generic import holder, lookup, text_in
from domain.documents import Field

TYPES = ("comprovante_endereco",)

UFS = {"AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB", "PR", "PE",
       "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO"}
# 'UF:' as OCR may read it ('ur:', 'UE:'), alone on its row with a state's code
_UF_ROW = re.compile(r"^\s*[UuV][FfrEeP][:;.]?\s*:?\s+([A-Z]{2})\s*$")


def _uf(s) -> Field:
    return field(s.words[0].text, s.sub(s.words[:1])) if s.words and s.words[0].text in UFS else field(None, s)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out.update(holder(r))
    out["endereco"] = lookup(r, "endereco", text_field, x_parse=text_in(r), lines=1)
    out["municipio"] = lookup(r, "municipio", text_field, x_parse=text_in(r), lines=1)
    out["uf"] = lookup(r, "uf", _uf, x_parse=_uf)
    if out["uf"].value is None and ocr:
        out["uf"] = _uf_row(r)
    out["data_emissao"] = lookup(r, "data_emissao", date_field)
    return out


def _uf_row(r: Reader) -> Field:
    """A row 'UF: RS' whose label OCR misread: the state's code, capped (the label is a guess)."""
    for sp in r.row_spans():
        m = _UF_ROW.match(sp.text)
        if m and m.group(1) in UFS:
            return cap(field(m.group(1), span_of(sp, m.start(1), m.end(1))), INFERRED)
    return field(None)
