"""Comprovante de endereço (utility bill): customer, address, town, state, issue date."""

from __future__ import annotations

import re

from intake.parsers._common import Reader, date_field, doc_field, field, name_field, text_field
from intake.parsers.generic import lookup
from validators.documents import Field

TYPES = ("comprovante_endereco",)

_UF = re.compile(r"^[A-Z]{2}$")


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, ["Nome do cliente", "Cliente", "Titular", "Nome", "Consumidor"], name_field)
    out["titular_documento"] = lookup(r, ["CPF/CNPJ", "CPF", "CNPJ", "CNPJ/CPF"], lambda s: doc_field(s, ocr))
    out["endereco"] = lookup(r, ["Endereço", "Endereço de entrega", "Logradouro", "Endereço da instalação"], text_field)
    out["municipio"] = lookup(r, ["Município", "Cidade"], text_field)
    out["uf"] = lookup(r, ["UF", "Estado"], lambda s: field(s.words[0].text, s.sub(s.words[:1]))
                       if _UF.match(s.words[0].text) else field(None, s))
    out["data_emissao"] = lookup(r, ["Data de emissão", "Emissão", "Data da emissão", "Emitida em"], date_field)
    return out
