"""Comprovante de recolhimento de taxa (guia paga): which fee, payer, amount, date, plate."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.parsers._common import Reader, date_field, doc_checked, field, ident_in, money_field, name_field
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
    out["placa"] = lookup(r, ["Placa do veículo", "Placa"], lambda s: ident_in(s, "placa", ocr))
    desc = lookup_text(r, ["Descrição", "Código da receita", "Receita", "Histórico", "Referente a", "Serviço", "Tipo"])
    out["taxa"] = _taxa(desc, r)
    return out


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
