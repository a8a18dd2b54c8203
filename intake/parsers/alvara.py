"""Alvará de localização e funcionamento: holder, number, town, dates, activity."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.parsers._common import Reader, date_field, doc_checked, field, name_field, unchecked
from intake.parsers.generic import closing_city, lookup, lookup_text, numero_after_title, sole_doc
from validators.documents import Field

TYPES = ("alvara",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, ["Razão social", "Nome empresarial", "Titular", "Requerente",
                                     "Contribuinte", "Nome"], name_field)
    out["titular_documento"] = lookup(r, ["CNPJ", "CNPJ/CPF", "CPF/CNPJ", "CPF"], lambda s: doc_checked(s, ocr))
    if out["titular_documento"].value is None:
        out["titular_documento"] = sole_doc(r)
    num = lookup(r, ["Alvará nº", "Número do alvará", "Nº do alvará", "Alvará"],
                 lambda s: field(s.words[0].text.strip(".,;:"), s.sub(s.words[:1]))
                 if re.search(r"\d", s.words[0].text) else field(None, s))
    out["numero"] = unchecked(num if num.value is not None else numero_after_title(r), ocr)
    out["data_emissao"] = lookup(r, ["Data de emissão", "Emitido em", "Expedido em", "Data"], date_field)
    out["validade"] = lookup(r, ["Validade", "Válido até", "Vencimento", "Data de validade"], date_field)
    out["atividade"] = lookup_text(r, ["Atividade", "Atividade principal", "Atividades", "Ramo de atividade"],
                                   prose="vocabulary")
    out["municipio"] = closing_city(r)
    if out["municipio"].value is None:
        for row in r.layout.rows[r.layout.pages[0].number][:8]:
            m = re.search(r"prefeitura (?:municipal )?de\s+(.+)$", nz.fold_chars(row.text))
            if m:
                sp = r.layout.row_span(row)
                out["municipio"] = field(nz.spaces(row.text[m.start(1):]), sp, min(sp.conf, 0.9))
                break
    return out
