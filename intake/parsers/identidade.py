"""Documento de identidade: the state Carteira de Identidade (RG) and the Carteira de
Identidade Nacional (CIN, bilingual labels, CPF as the registry number)."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.parsers._common import Reader, date_field, doc_field, field, name_field
from intake.parsers.generic import lookup
from validators.documents import Field

TYPES = ("documento_identidade",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, ["Nome / Name", "Nome civil", "Nome"], name_field)
    cin = lookup(r, ["Registro Geral - CPF / Personal Number", "CPF / Personal Number"],
                 lambda s: doc_field(s, ocr))
    out["titular_documento"] = cin if cin.value else lookup(r, ["CPF"], lambda s: doc_field(s, ocr))
    if cin.value:
        # the CIN's registry number is the CPF, kept as printed
        sp_text = lookup(r, ["Registro Geral - CPF / Personal Number", "CPF / Personal Number"],
                         lambda s: field(s.text.strip(), s))
        out["numero"] = sp_text
    else:
        out["numero"] = lookup(r, ["Registro Geral", "RG", "Nº do RG", "Identidade"],
                               lambda s: field(s.words[0].text.strip(".,;"), s.sub(s.words[:1]))
                               if re.search(r"\d{4}", s.words[0].text) else field(None, s))
    out["data_emissao"] = lookup(r, ["Data de Emissão / Date of Issue", "Data de expedição", "Expedição",
                                     "Data de emissão", "Emitido em", "Documento emitido em"], date_field)
    if out["data_emissao"].value is None:
        fl = r.flow()
        m = re.search(r"\bemitid[oa] em\s+", fl.folded)
        ds = nz.find_dates(fl.text[m.end():m.end() + 20]) if m else []
        if ds:
            out["data_emissao"] = fl.field(ds[0][0], m.end() + ds[0][1], m.end() + ds[0][2])
    out.update(_kind(r, ocr))
    out["data_nascimento"] = lookup(r, ["Data de Nascimento / Date of Birth", "Data de nascimento", "Nascimento"],
                                    date_field)
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
        out["empregador_documento"] = _first(r, ["CNPJ/CPF do empregador", "CNPJ do empregador", "CNPJ/CPF",
                                                 "CNPJ"], lambda s: doc_field(s, ocr))
        out["data_admissao"] = _first(r, ["Data de admissão", "Admissão", "Data de início"], date_field)
        out["data_desligamento"] = _first(r, ["Data de desligamento", "Data de saída", "Desligamento",
                                              "Data de término"], date_field)

    return out


def _first(r: Reader, labels, parse) -> Field:
    """The value under the first printing of the label (not a later block's)."""
    hits = [h for lab in labels for h in r.layout.find(lab, whole=True)]
    if not hits:
        return field(None)
    h = min(hits, key=lambda h: (h.page, h.row, -h.score))
    span = r.layout.auto(h)
    return parse(span) if span else field(None)
