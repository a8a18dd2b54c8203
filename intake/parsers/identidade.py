"""Documento de identidade: the state Carteira de Identidade (RG) and the Carteira de
Identidade Nacional (CIN, bilingual labels, CPF as the registry number)."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.parsers._common import (
    INFERRED, Reader, cap, checked, date_field, doc_checked, field, find_docs, first, name_field, span_of,
    unchecked, verified,
)
from intake.parsers.generic import lookup, sole_cpf
from validators.documents import Field

TYPES = ("documento_identidade",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}
    names = ["Nome / Name", "Nome civil", "Nome", "Condutor", "Nome do condutor"]
    # a grid box: the value under its label (OCR may leave specks right of the label)
    out["titular_nome"] = first(lookup(r, names, name_field), _below(r, names, name_field))
    cin = lookup(r, ["Registro Geral - CPF / Personal Number", "CPF / Personal Number"],
                 lambda s: doc_checked(s, ocr))
    out["titular_documento"] = first(cin, lookup(r, ["CPF", "CPF do condutor"], lambda s: doc_checked(s, ocr)),
                                     sole_cpf(r))
    if cin.value:
        # the CIN's registry number is the CPF, kept as printed
        sp_text = lookup(r, ["Registro Geral - CPF / Personal Number", "CPF / Personal Number"],
                         lambda s: field(s.text.strip(), s))
        out["numero"] = verified(sp_text, "cpf", ocr)
    else:
        out["numero"] = unchecked(lookup(r, ["Registro Geral", "RG", "Nº do RG", "Identidade", "Nº do cadastro",
                                             "Número do cadastro"], _registro), ocr)
    out["data_emissao"] = lookup(r, ["Data de Emissão / Date of Issue", "Data de expedição", "Expedição",
                                     "Data de emissão", "Emitido em", "Documento emitido em"], date_field)
    if out["data_emissao"].value is None:
        fl = r.flow()
        m = re.search(r"\bemitid[oa] em\s+", fl.folded)
        ds = nz.find_dates(fl.text[m.end():m.end() + 20]) if m else []
        if ds:
            out["data_emissao"] = fl.field(ds[0][0], m.end() + ds[0][1], m.end() + ds[0][2])
    out.update(_kind(r, ocr))
    births = ["Data de Nascimento / Date of Birth", "Data de nascimento", "Nascimento"]
    out["data_nascimento"] = first(lookup(r, births, date_field), lookup(r, births, _date_unslashed) if ocr else None)
    return out


_KINDS = [("ctps", r"carteira de trabalho|\bctps\b"), ("condutor_fretado", r"(documento|cadastro|credencial) de condutor"),
          ("cin", r"carteira de identidade nacional"), ("rg", r"carteira de identidade|cedula de identidade|registro geral")]


def _kind(r: Reader, ocr: bool) -> dict[str, Field]:
    """Which identification document this is, and the employer / carrier a CTPS or a
    driver's document names."""
    head = " ".join(nz.fold(row.text) for row in r.layout.rows[r.layout.pages[0].number][:12])
    kind = next((k for k, pat in _KINDS if re.search(pat, head)), None)
    out: dict[str, Field] = {"tipo_documento": field(kind, None, 0.9) if kind else field(None)}
    if kind in ("ctps", "condutor_fretado"):
        # a CTPS lists the current contract first: only the first block counts
        out["empregador_nome"] = _first(r, ["Empregador", "Razão social do empregador", "Autorizatário",
                                            "Empresa", "Transportadora"], name_field)
        out["empregador_documento"] = _first(r, ["CNPJ/CPF do empregador", "CNPJ do empregador",
                                                 "CNPJ do autorizatário", "CNPJ/CPF", "CNPJ"],
                                             lambda s: doc_checked(s, ocr))
        out["data_admissao"] = _first(r, ["Data de admissão", "Admissão", "Data de início"], date_field)
        out["data_desligamento"] = _first(r, ["Data de desligamento", "Data de saída", "Desligamento",
                                              "Data de término"], date_field)

    return out


def _below(r: Reader, labels, parse) -> Field:
    """The value in the box under a label whose row OCR cluttered with specks ('NOME . o'):
    the column then runs from the label to the page's edge."""
    for lab in labels:
        for hit in r.layout.find(lab, whole=True):
            row = r.layout.rows[hit.page][hit.row]
            rest = row.words[hit.end:]
            if any(len(nz.key(w.text)) > 2 and w.conf >= 0.5 for w in rest):
                continue  # another label beside it: the default column bounds hold
            span = r.layout.below(hit, bounds=(hit.bbox[0] - 0.02, 1.0))
            f = parse(span) if span else field(None)
            if f.value is not None:
                return f
    return field(None)


def _date_unslashed(span) -> Field:
    """'05/101973': a date whose second slash OCR dropped; read, but only as a hint."""
    m = re.fullmatch(r"(\d{2})[/.](\d{2})(\d{4})", span.words[0].text.strip(".,;") if span.words else "")
    if not m:
        return field(None, span)
    d = nz.parse_date(f"{m.group(1)}/{m.group(2)}/{m.group(3)}")
    return field(d, span.sub(span.words[:1]), min(span.conf, 0.5)) if d else field(None, span)


def _registro(span) -> Field:
    """A registry number as printed ('MG-88.461.148', '1809494999', '10378/2026'): the first word,
    when it holds at least five digits."""
    tok = span.words[0].text.strip(".,;:") if span.words else ""
    if len(re.sub(r"\D", "", tok)) >= 5 and re.fullmatch(r"[A-Z]{0,3}[-\s]?[\d.\-/xX]+", tok):
        return field(tok, span.sub(span.words[:1]))
    return field(None, span)


def _first(r: Reader, labels, parse) -> Field:
    """The value under the first printing of the label (not a later block's)."""
    hits = [h for lab in labels for h in r.layout.find(lab, whole=True)]
    if not hits:
        return field(None)
    h = min(hits, key=lambda h: (h.page, h.row, -h.score))
    span = r.layout.auto(h)
    return parse(span) if span else field(None)
