"""Carteira Nacional de Habilitação (card copy or CNH-e): holder, CPF, registry, category,
the paid-activity remark (EAR), dates, observations."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.parsers._common import Reader, date_field, doc_checked, field, first, name_field, text_field
from intake.parsers.generic import lookup, sole_cpf
from validators.documents import Field

TYPES = ("cnh",)

_CATEGORIAS = {"A", "B", "C", "D", "E", "AB", "AC", "AD", "AE", "ACC"}


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, ["Nome", "Nome e sobrenome", "Nome civil"], name_field)
    out["titular_documento"] = first(lookup(r, ["CPF"], lambda s: doc_checked(s, ocr)), sole_cpf(r))
    out["numero"] = lookup(r, ["Nº Registro", "Nº de registro", "Registro", "Número do registro"],
                           lambda s: field(s.words[0].text.strip(".,;"), s.sub(s.words[:1]))
                           if re.fullmatch(r"\d{9,11}", s.words[0].text.strip(".,;")) else field(None, s))
    out["categoria"] = lookup(r, ["Cat. Hab.", "Cat Hab", "Categoria", "Cat. hab"], _categoria)
    out["data_nascimento"] = lookup(r, ["Data nascimento", "Data de nascimento", "Nascimento"], date_field)
    out["data_emissao"] = lookup(r, ["Data emissão", "Data de emissão", "Emissão", "Data da emissão"], date_field)
    out["validade"] = lookup(r, ["Validade", "Válida até", "Data de validade"], date_field)
    obs = lookup(r, ["Observações", "Obs"], text_field, how=("auto",))
    out["observacoes"] = obs
    text = nz.fold(r.layout.text)
    ear = bool(re.search(r"\bear\b|exerce atividade remunerada", text))
    out["ear"] = field(ear, None, 0.9 if (ear or obs.value is not None or not ocr) else 0.7)
    return out


def _categoria(span) -> Field:
    tok = re.sub(r"[^A-Za-z]", "", span.words[0].text).upper() if span.words else ""
    return field(tok, span.sub(span.words[:1])) if tok in _CATEGORIAS else field(None, span)
