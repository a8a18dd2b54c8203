"""Comprovante de endereço (utility bill): customer, address, town, state, issue date."""

from __future__ import annotations

import re

from intake.parsers._common import INFERRED, Reader, cap, date_field, doc_checked, field, name_field, span_of, text_field
from intake.parsers.generic import lookup
from validators.documents import Field

TYPES = ("comprovante_endereco",)

UFS = {"AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB", "PR", "PE",
       "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO"}
# 'UF:' as OCR may read it ('ur:', 'UE:'), alone on its row with a state's code
_UF_ROW = re.compile(r"^\s*[UuV][FfrEeP][:;.]?\s*:?\s+([A-Z]{2})\s*$")


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, ["Nome do cliente", "Cliente", "Titular", "Nome", "Consumidor"], name_field)
    out["titular_documento"] = lookup(r, ["CPF/CNPJ", "CPF", "CNPJ", "CNPJ/CPF"], lambda s: doc_checked(s, ocr))
    out["endereco"] = lookup(r, ["Endereço", "Endereço de entrega", "Logradouro", "Endereço da instalação"], text_field)
    out["municipio"] = lookup(r, ["Município", "Cidade"], text_field)
    out["uf"] = lookup(r, ["UF", "Estado"], lambda s: field(s.words[0].text, s.sub(s.words[:1]))
                       if s.words[0].text in UFS else field(None, s))
    if out["uf"].value is None and ocr:
        out["uf"] = _uf_row(r)
    out["data_emissao"] = lookup(r, ["Data de emissão", "Emissão", "Data da emissão", "Emitida em"], date_field)
    return out


def _uf_row(r: Reader) -> Field:
    """A row 'UF: RS' whose label OCR misread: the state's code, capped (the label is a guess)."""
    for sp in r.row_spans():
        m = _UF_ROW.match(sp.text)
        if m and m.group(1) in UFS:
            return cap(field(m.group(1), span_of(sp, m.start(1), m.end(1))), INFERRED)
    return field(None)
