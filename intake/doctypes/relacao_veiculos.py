"""Relação de veículos (the carrier's fleet list): company, CNPJ, date, one row per vehicle.

Labels and the table's column headers are the vocabulary's (intake/doctypes/
relacao_veiculos.yaml): the header's fields are read from their labels' cells first, then by
the layout lookups over the same spellings."""

from __future__ import annotations

import re

from domain.documents import Field
from intake import normalize as nz
from intake.reading.identifiers import doc_checked, ident_in
from intake.reading.values import field, name_field
from intake.doctypes._common import Reader
from intake.doctypes.generic import closing_date, labelled, lookup, sole_doc
from intake.reading.vocabulary import vocabulary

TYPES = ("relacao_veiculos",)

# the fleet table's columns by their header spellings (data: the vocabulary's 'veiculos' table)
COLUMNS = {c: list(v) for c, v in vocabulary("relacao_veiculos").tables["veiculos"].items()}


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, "titular_nome", name_field)
    doc = lookup(r, "titular_documento", lambda s: doc_checked(s, ocr))
    out["titular_documento"] = doc if doc.value else sole_doc(r)
    em = labelled(r, "data_emissao")
    out["data_emissao"] = em if em.value is not None else closing_date(r)
    # (the table ends at its total or the closing declaration: words of the page, no field's label)
    rows, header = r.layout.table(COLUMNS, min_cols=3, stop=["TOTAL", "Declaramos", "Declaro"],
                                  keep=lambda row: bool(nz.find_placas(row.text("placa") or "", strict=False)))
    veic, confs = [], []
    for row in rows:
        placa_text = row.text("placa") or ""
        placa = ident_in(row.cells["placa"], "placa", ocr)
        ano = re.search(r"(19|20)\d\d", row.text("ano") or "")
        lot = re.search(r"\d{1,3}", row.text("lotacao") or "")
        veic.append({"placa": placa.value or nz.find_placas(placa_text, strict=False)[0][0],
                     "tipo": nz.spaces(row.text("tipo")),
                     "ano_fabricacao": int(ano.group(0)) if ano else None,
                     "lotacao": int(lot.group(0)) if lot else None})
        # the certainty of the cells read (the make and model column is not)
        used = [_tipo_conf(row.cells[c], ocr) if c == "tipo" else row.cells[c].conf
                for c in ("tipo", "ano", "lotacao") if c in row.cells]
        confs.append(min([placa.confidence if placa.value else 0.0] + used))
    out["veiculos"] = field(veic, None, min(confs), page=rows[0].page, bbox=list(rows[0].bbox)) if veic else field(None)
    return out


# The vehicle types a fleet list names: a closed list of words.
TIPOS = frozenset({"onibus", "microonibus", "micro onibus", "van", "minionibus", "mini onibus",
                   "automovel", "camioneta", "utilitario"})


def _tipo_conf(span, ocr: bool) -> float:
    """A type cell's certainty: a word of the closed list read letter for letter after OCR (no other
    type is a slip away) counts as sure; a scored-low read of it ('MICRO-ÔNIBUS' at 0.43) is still it.
    Nothing is lifted from a near-illegible read or a word off the list."""
    c = span.conf
    if not ocr or c < 0.4:
        return c
    k = nz.key(span.text).replace("-", " ")
    return max(c, 0.9) if k in TIPOS else c
