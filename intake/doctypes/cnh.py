"""Carteira Nacional de Habilitação (card copy or CNH-e): holder, CPF, registry, category,
the paid-activity remark (EAR), dates, observations.

Labels are the vocabulary's (intake/doctypes/cnh.yaml): each field is read from its label's
cell first, then by the layout lookups over the same spellings."""

from __future__ import annotations

import re

from domain.documents import Field
from domain.ids import cnh as cnh_id
from intake import normalize as nz
from intake.reading.identifiers import doc_checked
from intake.reading.values import date_field, field, first, name_field, text_field
from intake.doctypes._common import Reader
from intake.doctypes.generic import lookup, sole_cpf

TYPES = ("cnh",)

_CATEGORIAS = {"A", "B", "C", "D", "E", "AB", "AC", "AD", "AE", "ACC"}


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, "titular_nome", name_field)
    out["titular_documento"] = first(lookup(r, "titular_documento", lambda s: doc_checked(s, ocr)), sole_cpf(r))
    out["numero"] = lookup(r, "numero", _registro, x_parse=_registro)
    out["categoria"] = lookup(r, "categoria", _categoria, x_parse=_categoria)
    if out["categoria"].value is None:  # its box's label lost on a photo
        out["categoria"] = r.x.by_shape("categoria", _categoria)
    out["data_nascimento"] = lookup(r, "data_nascimento", date_field)
    out["data_emissao"] = lookup(r, "data_emissao", date_field)
    out["validade"] = lookup(r, "validade", date_field)
    if out["validade"].value is None:  # its label lost: the card prints no date later than its validity
        out["validade"] = r.x.by_shape("validade", pick=lambda fs: max(fs, key=lambda f: f.value))
    obs = lookup(r, "observacoes", text_field, how=("auto",))
    out["observacoes"] = obs
    text = nz.fold(r.layout.text)
    ear = bool(re.search(r"\bear\b|exerce atividade remunerada", text))
    out["ear"] = field(ear, None, 0.9 if (ear or obs.value is not None or not ocr) else 0.7)
    return out


def _registro(span) -> Field:
    """The registry number: 9 to 11 digits, the first word."""
    tok = span.words[0].text.strip(".,;") if span.words else ""
    return field(tok, span.sub(span.words[:1])) if cnh_id.PRINTED.fullmatch(tok) else field(None, span)


def _categoria(span) -> Field:
    tok = re.sub(r"[^A-Za-z]", "", span.words[0].text).upper() if span.words else ""
    return field(tok, span.sub(span.words[:1])) if tok in _CATEGORIAS else field(None, span)
