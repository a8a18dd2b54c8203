"""Comprovante de recolhimento de taxa (guia paga): which fee, payer, amount, date, plate.

Labels are the vocabulary's (intake/doctypes/comprovante_taxa.yaml): each field is read from
its label's cell first, then by the layout lookups over the same spellings. A plate the receipt
prints only in its description ('TAXA DE VISTORIA - VEÍCULO IWE8828') is read from there, as a
value found without a label of its own."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.reading.identifiers import plate_in
from intake.reading.values import date_field, field, first, money_field, span_of
from intake.doctypes._common import Reader
from intake.doctypes.generic import holder, lookup, lookup_text, placa_in_prose
from domain.documents import Field

TYPES = ("comprovante_taxa",)

_TAXAS = [("contribuicao_sindical", r"contribuicao sindical|\bgrcsu\b"),
          ("autorizacao", r"taxa de (?:\w+ )?autoriza|autorizacao para viagens"),
          ("vistoria", r"taxa de (?:\w+ )?(?:vistoria|inspecao)|vistoria"),
          ("requerimento", r"taxa de (?:\w+ )?requerimento|requerimento")]


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out.update(holder(r))
    out["valor"] = lookup(r, "valor", money_field)
    out["data_pagamento"] = lookup(r, "data_pagamento", date_field)
    out["placa"] = first(lookup(r, "placa", lambda s: plate_in(s, ocr)), placa_in_prose(r))
    desc = lookup_text(r, "taxa", ordered=True)
    named = lookup(r, "taxa", _taxa_words, x_parse=_taxa_words)
    out["taxa"] = named if named.value is not None else _taxa(desc, r)
    return out


def _taxa_words(span) -> Field:
    """The fee named in a labelled description, as sure as the words that name it ('TAXA DE
    REQUERIMENTO' read well beside a smudged 'FRETAMENTO.' is a sure read of the fee)."""
    t = nz.fold_chars(span.text)  # one character for one: offsets map back to the words
    for kind, pat in _TAXAS:
        m = re.search(pat, t)
        if m:
            return field(kind, span_of(span, m.start(), m.end()))
    return field(None, span)


def _taxa(desc: Field, r: Reader) -> Field:
    for source, conf_cap in ((desc.value or "", None), (r.layout.text, 0.85)):
        t = nz.fold(source)
        for kind, pat in _TAXAS:
            if re.search(pat, t):
                if conf_cap is None:
                    return field(kind, None, desc.confidence, page=desc.page, bbox=desc.bbox)
                return field(kind, None, conf_cap)
    if desc.value:
        return field("outra", None, min(desc.confidence, 0.85), page=desc.page, bbox=desc.bbox)
    return field(None)
