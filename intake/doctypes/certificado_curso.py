"""Certificado de curso (condutor de transporte escolar / coletivo): holder, course, number,
dates.

Labels are the vocabulary's (intake/doctypes/certificado_curso.yaml): each field is read from
its label's cell first, then by the layout lookups over the same spellings, then from the
certificate's prose."""

from __future__ import annotations

import re

from domain.documents import Field
from intake import normalize as nz
from intake.reading.identifiers import doc_checked
from intake.reading.values import date_field, field, name_field, unchecked
from intake.doctypes._common import Reader
from intake.reading.lexicon import weighed
from intake.doctypes.generic import closing_date, lookup, sole_doc

TYPES = ("certificado_curso",)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    fl = r.flow()
    out: dict[str, Field] = {}
    nome = lookup(r, "titular_nome", name_field)
    if nome.value is None:
        m = re.search(r"\bcertifica(?:mos|-se)?\s+que\s+(?:o\(a\)\s+|o\s+|a\s+)?", fl.folded)
        if m:
            mm = re.match(r"([A-ZÀ-Ý][A-ZÀ-Ý' ]{4,80}?)\s*[,(]", fl.text[m.end():])
            if mm:
                nome = fl.field(nz.name(mm.group(1)), m.end(), m.end() + mm.end(1))
    out["titular_nome"] = nome
    doc = lookup(r, "titular_documento", lambda s: doc_checked(s, ocr))
    out["titular_documento"] = doc if doc.value else sole_doc(r)
    curso = lookup(r, "curso", _course, x_parse=_course, lines=1)
    if curso.value is None:
        m = re.search(r"\b(?:concluiu|participou d[oa]|realizou)\s+(?:com aproveitamento\s+)?(?:o\s+)?curso\s+(?:de\s+)?", fl.folded)
        if m:
            mm = re.match(r"([^,;(]{5,160}?)\s*(?:,|;|\(|\.\s|\.$|\s+com carga|\s+realizado|\s+no periodo)", fl.text[m.end():])
            if mm:
                curso = fl.field(nz.spaces(mm.group(1)), m.end(), m.end() + mm.end(1))
    out["curso"] = _official(curso, ocr)
    out["numero"] = unchecked(lookup(r, "numero", _numero, x_parse=_numero, ordered=True), ocr)
    em = lookup(r, "data_emissao", date_field)
    out["data_emissao"] = em if em.value is not None else closing_date(r)
    out["validade"] = lookup(r, "validade", date_field)
    return out


def _course(s) -> Field:
    """A course's name as printed beside its label: a title, starting with a capital (a
    sentence wrapped after 'o curso' reads 'curso abaixo, com carga horária': no label there)."""
    v = (nz.spaces(s.text) or "").rstrip(".")  # (spaces() is None for a blank text)
    if not v or not v[0].isupper():
        return field(None, s)
    return weighed(field(v, s), s)


def _numero(s) -> Field:
    """The certificate's number: the first word, when it holds three digits."""
    return field(s.words[0].text.strip(".,;:"), s.sub(s.words[:1])) if re.search(r"\d{3}", s.words[0].text) \
        else field(None, s)


# The specialised courses of CONTRAN Resolution 789/2020 (Annex II), by their official names.
_OFFICIAL = ("transporte coletivo de passageiros", "transporte de escolares", "veiculos de emergencia",
             "transporte de produtos perigosos", "transporte de carga indivisivel")


def _official(f: Field, ocr: bool) -> Field:
    """An OCR'd course name that reads exactly as an official one ('Curso Especializado para
    Condutores de Veículos de Transporte de Escolares') is that name: a whole phrase matching a
    known title by chance is not a misread, whatever the score of one of its words."""
    if not ocr or not isinstance(f.value, str) or f.confidence >= 0.9 or f.confidence < 0.5:
        return f
    k = nz.key(f.value)
    if re.fullmatch(r"(curso )?(especializado )?(para )?(condutores )?(de )?(veiculos )?(de )?(" +
                    "|".join(_OFFICIAL) + r")", k):
        return f.model_copy(update={"confidence": 0.9})
    return f
