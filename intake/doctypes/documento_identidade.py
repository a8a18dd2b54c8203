"""Documento de identidade: the state Carteira de Identidade (RG) and the Carteira de
Identidade Nacional (CIN, bilingual labels, CPF as the registry number).

Labels are the vocabulary's (intake/doctypes/documento_identidade.yaml): each field is read
from its label's cell first, then by the layout lookups over the same spellings."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.reading.identifiers import doc_checked, verified
from intake.reading.values import date_field, field, first, name_field, unchecked
from intake.doctypes._common import Reader
from intake.doctypes.generic import first_printed, in_label, lookup, sole_cpf, spellings
from domain.documents import Field

TYPES = ("documento_identidade",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    # a grid box: the value under its label (OCR may leave specks right of the label, which cut
    # the box short: the name under the label over the page's width then reads it whole)
    nome = lookup(r, "titular_nome", name_field)
    wide = _below(r, spellings(r, "titular_nome"), name_field) if ocr or nome.value is None else field(None)
    if wide.value is not None and (nome.value is None or (
            len(wide.value) > len(nome.value) and wide.value.startswith(nome.value + " "))):
        nome = wide
    out["titular_nome"] = nome
    cin = lookup(r, "registro_cpf", lambda s: doc_checked(s, ocr))
    out["titular_documento"] = first(cin, lookup(r, "titular_documento", lambda s: doc_checked(s, ocr)), sole_cpf(r))
    if cin.value:
        # the CIN's registry number is the CPF, kept as printed
        as_printed = lambda s: field(s.text.strip(), s) if s.text.strip() else field(None, s)  # noqa: E731
        sp_text = lookup(r, "registro_cpf", as_printed, x_parse=as_printed, lines=1)
        out["numero"] = verified(sp_text, "cpf", ocr)
    else:
        out["numero"] = unchecked(lookup(r, "numero", _registro, x_parse=_registro, ordered=True), ocr)
    out["data_emissao"] = lookup(r, "data_emissao", date_field)
    if out["data_emissao"].value is None:
        fl = r.flow()
        m = re.search(r"\bemitid[oa] em\s+", fl.folded)
        ds = nz.find_dates(fl.text[m.end():m.end() + 20]) if m else []
        if ds:
            assert m is not None  # dates were looked for only after it
            out["data_emissao"] = fl.field(ds[0][0], m.end() + ds[0][1], m.end() + ds[0][2])
    out.update(_kind(r, ocr))
    out["data_nascimento"] = first(lookup(r, "data_nascimento", date_field),
                                   lookup(r, spellings(r, "data_nascimento"), _date_unslashed) if ocr else None)
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
        out["empregador_nome"] = _first(r, "empregador_nome", name_field)
        out["empregador_documento"] = _first(r, "empregador_documento", lambda s: doc_checked(s, ocr))
        out["data_admissao"] = _first(r, "data_admissao", date_field)
        out["data_desligamento"] = _first(r, "data_desligamento", date_field)

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
            f = parse(span) if span and not in_label(r, hit, span) else field(None)
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


def _first(r: Reader, name: str, parse) -> Field:
    """The value of the field's first label printed (not a later block's): its cell first,
    else under the first print of one of its spellings."""
    f = first_printed(r, name)
    if f is not None:
        return f
    hits = [h for lab in spellings(r, name) for h in r.layout.find(lab, whole=True)]
    if not hits:
        return field(None)
    h = min(hits, key=lambda h: (h.page, h.row, -h.score))
    span = r.layout.auto(h)
    return parse(span) if span and not in_label(r, h, span) else field(None)
