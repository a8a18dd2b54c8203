"""Comprovante de pagamento do seguro: a bank receipt of the premium (one payment) or the
insurer's statement of instalments (paid up to date or not).

Labels and the instalment table's headers are the vocabulary's (intake/doctypes/
comprovante_pagamento_seguro.yaml): each field is read from its label's cell first, then by
the layout lookups over the same spellings."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.reading.identifiers import doc_checked, plate_in
from intake.reading.values import date_field, field, int_field, money_field, name_field, text_field
from intake.doctypes._common import Reader
from intake.doctypes.generic import labelled, lookup
from intake.reading import shapes
from intake.reading.vocabulary import vocabulary
from domain.documents import Field

TYPES = ("comprovante_pagamento_seguro",)

_APOLICE = re.compile(r"\bapolice\b\s*(?:n[o°º.]{1,2}\s*|numero\s*)?[:\-]?\s*([0-9][0-9./\-]{3,}[0-9])")


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    # a policy's number as printed (no check digit tells a misread: its words' confidence says)
    out["numero_apolice"] = labelled(r, "numero_apolice", lambda s: shapes.code(s))
    fl = r.flow()
    m = _APOLICE.search(fl.folded)
    if m and out["numero_apolice"].value is None:
        out["numero_apolice"] = fl.field(fl.text[m.start(1):m.end(1)], m.start(1), m.end(1))
    out["segurado_nome"] = lookup(r, "segurado_nome", name_field)
    out["segurado_documento"] = lookup(r, "segurado_documento", lambda s: doc_checked(s, ocr))
    out["data_pagamento"], out["valor"], out["quitado"] = _pagamento(r)
    text = nz.fold(r.layout.text)
    dpvat = bool(re.search(r"\bdpvat\b|seguro obrigatorio|\bspvat\b", text))
    out["dpvat"] = field(dpvat, None, 0.9)
    out["placa"] = lookup(r, "placa", lambda s: plate_in(s, ocr))
    year = lambda s: int_field(s, 1970, 2100)  # noqa: E731
    out["exercicio"] = lookup(r, "exercicio", year, x_parse=year)
    if dpvat:  # a DPVAT ticket names the vehicle's owner, who pays it
        if out["segurado_nome"].value is None:
            out["segurado_nome"] = lookup(r, "proprietario_nome", name_field)
        if out["segurado_documento"].value is None:
            out["segurado_documento"] = lookup(r, "proprietario_documento", lambda s: doc_checked(s, ocr))
    out["categoria_tarifaria"] = lookup(r, "categoria_tarifaria", _categoria, x_parse=_categoria, lines=1) \
        if dpvat else field(None)
    return out


def _pagamento(r: Reader) -> tuple[Field, Field, Field]:
    # an instalment table: the paid ones and whether any fell due unpaid
    columns = {c: list(v) for c, v in vocabulary("comprovante_pagamento_seguro").tables["parcelas"].items()}
    rows, header = r.layout.table(columns, min_cols=3)
    if header and rows:
        paid_dates, total, overdue, paid_rows, used = [], 0.0, False, [], []
        for row in rows:
            sit = nz.fold(row.text("sit") or "")
            pag = nz.parse_date(row.text("pag") or "")
            val = nz.parse_money(_cents(row.text("valor") or ""))
            if pag and val is not None and ("paga" in sit or "quitad" in sit or not sit):
                paid_dates.append(pag)
                total += val
                paid_rows.append(row)
                used += [row.cells[c] for c in ("pag", "valor", "sit") if c in row.cells]
            elif "vencid" in sit or "atras" in sit or "aberto" in sit:
                overdue = True
            elif "sit" in row.cells:
                used.append(row.cells["sit"])
        # the cells that decide (the instalment's number column does not)
        conf = min((sp.conf for sp in used), default=0.0)
        if paid_dates:
            last = max(paid_dates)
            last_row = paid_rows[paid_dates.index(last)]
            printed = lookup(r, "total_pago", money_field)
            paid = round(total, 2)
            vconf = conf if printed.value is None or abs(printed.value - paid) < 0.01 else min(conf, 0.5)
            qconf = conf
            if printed.value is not None and abs(printed.value - paid) < 0.01 and printed.confidence >= 0.5:
                # the paid rows add up to the printed total, to the cent: both read right
                vconf = max(conf, printed.confidence, 0.9)
                qconf = max(conf, min((sp.conf for row in rows for c, sp in row.cells.items() if c == "sit"),
                                      default=0.0))
            pag_cell = last_row.cells.get("pag")
            dconf = pag_cell.conf if pag_cell is not None else conf
            page = paid_rows[0].page
            return (field(last, None, dconf, page=page, bbox=list(last_row.bbox)),
                    field(paid, None, vconf, page=page, bbox=list(paid_rows[0].bbox)),
                    field(not overdue, None, qconf, page=page))
    data = lookup(r, "data_pagamento", date_field)
    valor = lookup(r, "valor", money_field)
    text = nz.fold(r.layout.text)
    if re.search(r"\b(a vencer|vencid[ao]s? (e )?nao pag|em atraso|inadimplen)", text) and "em dia" not in text:
        quitado = field(False, None, 0.85)
    elif data.value is not None and valor.value is not None:
        ok = re.search(r"\b(operacao efetuada|pagamento (realizado|efetuado)|autenticacao|quitad[ao]|pago)\b", text)
        quitado = field(True, None, 0.9 if ok else 0.7, page=valor.page)
    else:
        quitado = field(None)
    return data, valor, quitado



def _categoria(span) -> Field:
    """'03 - ÔNIBUS, MICRO-ÔNIBUS E LOTAÇÃO' -> '03' (the tariff category is its code)."""
    m = re.match(r"\s*(\d{1,2})\b", span.text)
    return field(m.group(1), span.sub(span.words[:1])) if m else text_field(span)


def _cents(text: str) -> str:
    """'R$ 2.136.07' -> 'R$ 2.136,07': a dot before the last two digits of an amount is its
    decimal comma misread (thousands come in threes)."""
    return re.sub(r"(\d)\.(\d{2})(?![\d.,])", r"\1,\2", text)
