"""Comprovante de recolhimento de taxa (guia paga): which fee, payer, amount, date, plate."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.parsers._common import (
    Reader, date_field, doc_checked, field, money_field, name_field, plate_in, span_of,
)
from intake.parsers.generic import lookup, lookup_text
from validators.documents import Field

TYPES = ("comprovante_taxa",)

_TAXAS = [("contribuicao_sindical", r"contribuicao sindical|\bgrcsu\b"),
          ("autorizacao", r"taxa de (?:\w+ )?autoriza|autorizacao para viagens"),
          ("vistoria", r"taxa de (?:\w+ )?(?:vistoria|inspecao)|vistoria"),
          ("requerimento", r"taxa de (?:\w+ )?requerimento|requerimento")]


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, ["Contribuinte", "Pagador", "Nome do contribuinte", "Razão social",
                                     "Sacado", "Nome"], name_field)
    out["titular_documento"] = lookup(r, ["CNPJ/CPF", "CPF/CNPJ", "CNPJ", "CPF", "CNPJ do contribuinte",
                                          "CPF/CNPJ do pagador"], lambda s: doc_checked(s, ocr))
    out["valor"] = lookup(r, ["Valor pago", "Valor total", "Valor cobrado", "Valor recolhido", "Valor"], money_field)
    out["data_pagamento"] = lookup(r, ["Data do pagamento", "Data de pagamento", "Pago em", "Data da arrecadação",
                                       "Data"], date_field)
    out["placa"] = lookup(r, ["Placa do veículo", "Placa"], lambda s: plate_in(s, ocr))
    desc = lookup_text(r, ["Descrição", "Código da receita", "Receita", "Histórico", "Referente a", "Serviço", "Tipo"])
    named = lookup(r, ["Descrição", "Código da receita", "Receita", "Histórico", "Referente a", "Serviço", "Tipo"],
                   _taxa_words)
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
