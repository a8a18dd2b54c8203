"""Atestado médico (sanidade física e mental): patient, fitness, doctor's CRM, dates.

Labels are the vocabulary's (intake/doctypes/atestado_medico.yaml): a patient's box when the
letter has one (its label's cell first, then the layout lookups), else the letter's prose."""

from __future__ import annotations

import re

from domain.documents import Field
from intake import normalize as nz
from intake.reading.identifiers import doc_checked
from intake.reading.values import date_field, field, name_field, span_of
from intake.doctypes._common import Reader
from intake.doctypes.generic import closing_date, labelled, lookup, sole_doc

TYPES = ("atestado_medico",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    fl = r.flow()
    out: dict[str, Field] = {}
    nome = lookup(r, "titular_nome", name_field)
    if nome.value is None:
        m = re.search(r"\b(?:o\(a\)\s+sr\(a\)\.?|o sr\.?|a sra\.?|sr\(a\)\.?)\s+", fl.folded)
        if m:
            mm = re.match(r"([A-ZÀ-Ý][A-ZÀ-Ý \n]{4,80}?)\s*,", fl.text[m.end():])  # (wraps over rows)
            if mm:
                nome = fl.field(nz.name(mm.group(1)), m.end(), m.end() + mm.end(1))
    out["titular_nome"] = nome
    doc = lookup(r, "titular_documento", lambda s: doc_checked(s, ocr))
    out["titular_documento"] = doc if doc.value else sole_doc(r)
    t = fl.folded
    if re.search(r"\binapt[oa]\b|nao apresenta[^.]{0,80}condicoes", t):
        out["apto"] = field(False, None, 0.9)
    elif re.search(r"\bapt[oa]\b", t):
        out["apto"] = field(True, None, 0.9)
    else:
        out["apto"] = field(None)
    # the CRM as printed with the signature ('CRM-MG 48.217'): the council's UF is part of it
    out["medico_crm"] = field(None)
    for sp in r.segments():
        m = re.search(r"\bCRM\s*[-/]?\s*[A-Z]{2}\s*(?:n[º°o.]\s*)?[:\-]?\s*\d[\d.\-]*\d", sp.text)
        if m:
            out["medico_crm"] = field(nz.spaces(m.group(0)), span_of(sp, m.start(), m.end()))
            break
    em = labelled(r, "data_emissao")
    out["data_emissao"] = em if em.value is not None else closing_date(r)
    out["validade"] = lookup(r, "validade", date_field)
    return out
