"""Certificado de curso (condutor de transporte escolar / coletivo): holder, course, number,
dates."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.parsers._common import Reader, date_field, doc_field, field, name_field
from intake.parsers.generic import closing_date, lookup, sole_doc
from validators.documents import Field

TYPES = ("certificado_curso",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    fl = r.flow()
    out: dict[str, Field] = {}
    nome = lookup(r, ["Nome", "Aluno", "Participante", "Concluinte"], name_field)
    if nome.value is None:
        m = re.search(r"\bcertifica(?:mos|-se)?\s+que\s+(?:o\(a\)\s+|o\s+|a\s+)?", fl.folded)
        if m:
            mm = re.match(r"([A-ZÀ-Ý][A-ZÀ-Ý' ]{4,80}?)\s*[,(]", fl.text[m.end():])
            if mm:
                nome = fl.field(nz.name(mm.group(1)), m.end(), m.end() + mm.end(1))
    out["titular_nome"] = nome
    doc = lookup(r, ["CPF"], lambda s: doc_field(s, ocr))
    out["titular_documento"] = doc if doc.value else sole_doc(r)
    curso = lookup(r, ["Curso"], lambda s: field(nz.spaces(s.text).rstrip("."), s))
    if curso.value is None:
        m = re.search(r"\b(?:concluiu|participou d[oa]|realizou)\s+(?:com aproveitamento\s+)?(?:o\s+)?curso\s+(?:de\s+)?", fl.folded)
        if m:
            mm = re.match(r"([^,;(]{5,160}?)\s*(?:,|;|\(|\.\s|\.$|\s+com carga|\s+realizado|\s+no periodo)", fl.text[m.end():])
            if mm:
                curso = fl.field(nz.spaces(mm.group(1)), m.end(), m.end() + mm.end(1))
    out["curso"] = curso
    out["numero"] = lookup(r, ["Registro nº", "Certificado nº", "Nº do certificado", "Número do certificado",
                               "Registro", "Código de validação", "Nº"],
                           lambda s: field(s.words[0].text.strip(".,;:"), s.sub(s.words[:1]))
                           if re.search(r"\d{3}", s.words[0].text) else field(None, s))
    em = lookup(r, ["Data de conclusão", "Concluído em", "Data de emissão", "Emitido em"], date_field)
    out["data_emissao"] = em if em.value is not None else closing_date(r)
    out["validade"] = lookup(r, ["Validade", "Válido até", "Válida até"], date_field)
    return out
