"""Laudo de inspeção técnica / declaração de vistoria: vehicle, dates, result, issuer."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.parsers._common import Reader, date_field, doc_field, field, ident_in, name_field
from intake.parsers.generic import lookup, numero_after_title
from validators.documents import Field

TYPES = ("laudo_inspecao",)

_EMISSORES = [("metroplan", r"\bmetroplan\b"), ("emtu", r"\bemtu\b"), ("inmetro", r"\binmetro\b|organismo de inspecao acreditado"),
              ("crea", r"\bcrea\b|engenheiro|\bart\b"), ("municipio", r"prefeitura|secretaria municipal")]


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, ["Proprietário", "Nome do proprietário", "Proprietário / arrendatário",
                                     "Empresa", "Transportadora"], name_field)
    out["titular_documento"] = lookup(r, ["CPF / CNPJ", "CPF/CNPJ", "CNPJ", "CPF"], lambda s: doc_field(s, ocr))
    num = lookup(r, ["Laudo Nº", "Nº do laudo", "Número do laudo", "Certificado Nº", "Laudo", "Nº"],
                 lambda s: field(s.words[0].text.strip(".,;:"), s.sub(s.words[:1]))
                 if re.search(r"\d", s.words[0].text) else field(None, s))
    out["numero"] = num if num.value is not None else numero_after_title(r)
    out["placa"] = lookup(r, ["Placa"], lambda s: ident_in(s, "placa", ocr))
    out["chassi"] = lookup(r, ["Chassi"], lambda s: ident_in(s, "chassi", ocr))
    out["data_emissao"] = lookup(r, ["Data da inspeção", "Data da vistoria", "Data de emissão", "Realizada em",
                                     "Data"], date_field)
    out["validade"] = lookup(r, ["Válido até", "Validade", "Válida até", "Vencimento"], date_field)
    text = nz.fold(r.layout.text)
    res = lookup(r, ["Resultado", "Parecer", "Conclusão", "Situação"],
                 lambda s: field(_resultado(s.text), s) if _resultado(s.text) else field(None, s))
    if res.value is None:
        guess = _resultado(text)
        res = field(guess, None, 0.75) if guess else field(None)
    out["resultado"] = res
    # the issuer's letterhead: the first rows that name one (a CREA number further down is the
    # engineer's, not the issuer's)
    emissor = None
    for row in r.layout.rows[r.layout.pages[0].number][:8]:
        emissor = next((k for k, pat in _EMISSORES if re.search(pat, nz.fold(row.text))), None)
        if emissor:
            break
    conf = 0.95 if emissor else 0.0
    if emissor is None:
        emissor = next((k for k, pat in _EMISSORES if re.search(pat, text)), None)
        conf = 0.75 if emissor else 0.0
    out["emissor"] = field(emissor, None, conf) if emissor else field(None)
    return out


def _resultado(text: str) -> str | None:
    t = nz.fold(text)
    if re.search(r"\breprovad[oa]\b|\bnao conforme\b|\binapto\b", t) and not re.search(r"\baprovad[oa]\b", t):
        return "reprovado"
    if re.search(r"\baprovad[oa]\b|\bapto\b", t) and not re.search(r"\breprovad[oa]\b", t):
        return "aprovado"
    return None
