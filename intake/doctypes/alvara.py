"""Alvará de localização e funcionamento: holder, number, town, dates, activity.

Labels are the vocabulary's (intake/doctypes/alvara.yaml): each field is read from its
label's cell first, then by the layout lookups over the same spellings."""

from __future__ import annotations

import re

from domain.documents import Field
from intake import normalize as nz
from intake.reading.values import date_field, field, unchecked
from intake.doctypes._common import Reader
from intake.doctypes.generic import (
    closing_city, closing_date, holder, labelled, lookup, lookup_text, numero_after_title, sole_doc,
    validity_in_prose,
)

TYPES = ("alvara",)


def _numero(s) -> Field:
    """The licence's number: the first word, when it holds a digit ('34187/2026')."""
    return field(s.words[0].text.strip(".,;:"), s.sub(s.words[:1])) if re.search(r"\d", s.words[0].text) \
        else field(None, s)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out.update(holder(r))
    if out["titular_documento"].value is None:
        out["titular_documento"] = sole_doc(r)
    num = lookup(r, "numero", _numero, x_parse=_numero, ordered=True)
    out["numero"] = unchecked(num if num.value is not None else numero_after_title(r), ocr)
    out["data_emissao"] = lookup(r, "data_emissao", date_field)
    if out["data_emissao"].value is None:
        out["data_emissao"] = closing_date(r)  # 'Caxias do Sul, 15 de janeiro de 2026.' under the text
    out["validade"] = lookup(r, "validade", date_field)
    if out["validade"].value is None:
        out["validade"] = validity_in_prose(r, out["data_emissao"])  # 'O presente alvará é válido até ...'
    out["atividade"] = lookup_text(r, "atividade", prose="vocabulary")
    out["municipio"] = labelled(r, "municipio")
    if out["municipio"].value is None:
        out["municipio"] = closing_city(r)
    if out["municipio"].value is None:
        for row in r.layout.rows[r.layout.pages[0].number][:8]:
            m = re.search(r"prefeitura (?:municipal )?de\s+(.+)$", nz.fold_chars(row.text))
            if m:
                sp = r.layout.row_span(row)
                out["municipio"] = field(nz.spaces(row.text[m.start(1):]), sp, min(sp.conf, 0.9))
                break
    return out
