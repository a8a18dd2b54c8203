"""Contrato social (constituição, alteração, consolidação): company, CNPJ, object, capital
(subscribed and paid in), partners with their CPFs, registration at the Junta Comercial."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.parsers._common import Reader, field, find_docs, ident, span_of
from intake.parsers.generic import closing_date
from validators.documents import Field

TYPES = ("contrato_social",)

_COMPANY = re.compile(r"\b(ltda|s\.?\s?a\.?|s/a|eireli|epp|sociedade|cia|companhia)\b\.?")


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    fl = r.flow()
    out: dict[str, Field] = {}
    out["titular_nome"] = _razao(r, fl)
    out["titular_documento"] = _cnpj(r, fl)
    out["data_emissao"] = closing_date(r)
    out["objeto_social"] = _objeto(fl)
    out["capital_social"], out["capital_integralizado"] = _capital(fl)
    out["socios"] = _socios(r, fl)
    out["registro_junta"] = _registro(fl)
    return out


def _razao(r: Reader, fl) -> Field:
    m = re.search(r"\b(?:denominacao social|denominacao|razao social|nome empresarial)\s*(?:de\s+)?[:\-]?\s*", fl.folded)
    if m:
        rest = fl.text[m.end():m.end() + 150]
        mm = re.match(r"([^,;:]{3,120}?)\s*(?:,|;|\.\s|\s+com sede)", rest)
        if mm and sum(c.isupper() for c in mm.group(1)) >= 0.7 * sum(c.isalpha() for c in mm.group(1)):
            return fl.field(nz.name(mm.group(1)), m.end() + mm.start(1), m.end() + mm.end(1))
    for row in r.layout.rows[r.layout.pages[0].number][:6]:
        t = nz.fold(row.text)
        if _COMPANY.search(t) and row.text.upper() == row.text and "contrato" not in t:
            return field(nz.name(row.text), r.layout.row_span(row), 0.9)
    return field(None)


def _cnpj(r: Reader, fl) -> Field:
    m = re.search(r"\bcnpj\b\s*(?:n[o°º.]{1,2}\s*|sob o n[o°º.]{1,2}\s*)?[:\-]?\s*", fl.folded)
    if m:
        hits = find_docs(fl.text[m.end():m.end() + 30])
        if hits and len(hits[0][0]) == 14:
            v, s, e = hits[0]
            return ident("doc", v, fl.span(m.end() + s, m.end() + e), r.ocr)
    return field(None)


def _objeto(fl) -> Field:
    m = re.search(r"\bobjeto social\s*[:\-]\s*|\btem por objeto(?: social)?\s*[:\-]?\s*", fl.folded)
    if not m:
        return field(None)
    rest = fl.text[m.end():m.end() + 800]
    stop = re.search(r"\.\s+(?=[A-ZÁÉÍÓÚ]{3,}|Par[áa]grafo|CL[ÁA]USULA)|\.$", rest)
    end = m.end() + (stop.start() if stop else len(rest))
    return fl.field(nz.spaces(fl.text[m.end():end]), m.end(), end)


def _capital(fl) -> tuple[Field, Field]:
    soc, integ = field(None), field(None)
    m = re.search(r"\bcapital social\b[^.]{0,40}?(?:e de|de|:)\s*", fl.folded)
    if m:
        hits = [h for h in nz.find_money(fl.text[m.end():m.end() + 60]) if h[3]]
        if hits:
            v, s, e, _ = hits[0]
            soc = fl.field(v, m.end() + s, m.end() + e)
    m = re.search(r"\bcapital integralizado\b\s*[:\-]?\s*", fl.folded)
    if m:
        hits = [h for h in nz.find_money(fl.text[m.end():m.end() + 40]) if h[3]]
        if hits:
            v, s, e, _ = hits[0]
            integ = fl.field(v, m.end() + s, m.end() + e)
    elif soc.value is not None and re.search(r"totalmente integralizad", fl.folded):
        integ = field(soc.value, None, soc.confidence, page=soc.page, bbox=soc.bbox)
    return soc, integ


def _socios(r: Reader, fl) -> Field:
    """Partners: 'NOME - CPF 000.000.000-00: R$ ...' lines of the capital clause, else the
    qualified persons at the head of the contract ('NOME, brasileiro, ..., CPF sob o nº ...')."""
    rows, spans = [], []
    for sp in r.segments():
        m = re.match(r"\s*([A-ZÀ-Ý][A-ZÀ-Ý' ]{5,80}?)\s*[-–,]\s*CPF\s*(?:n[o°º.]{1,2})?\s*[:\-]?\s*", sp.text)
        if m:
            hits = find_docs(sp.text[m.end():])
            if hits and len(hits[0][0]) == 11:
                nome = nz.name(m.group(1))
                if nome and nome.upper() == nome and all(x["nome"] != nome for x in rows):
                    v, s, e = hits[0]
                    f = ident("doc", v, span_of(sp, m.end() + s, m.end() + e), r.ocr)
                    rows.append({"nome": nome, "cpf": f.value})
                    spans.append((sp, f.confidence))
    if rows:
        conf = min(min(s.conf for s, _ in spans), min(c for _, c in spans))
        return field(rows, spans[0][0], conf)
    # qualified persons: 'NOME, brasileiro(a), ... CPF sob o nº X'
    for m in re.finditer(r"(?:^|;\s*|:\s*)([A-ZÀ-Ý][A-ZÀ-Ý ]{5,80}),\s*brasileir", fl.text, re.M):
        tail = fl.text[m.end():m.end() + 400]
        hits = [h for h in find_docs(tail) if len(h[0]) == 11]
        if hits:
            v, s, e = hits[0]
            f = ident("doc", v, fl.span(m.end() + s, m.end() + e), r.ocr)
            rows.append({"nome": nz.name(m.group(1)), "cpf": f.value})
            spans.append((fl.span(m.start(1), m.end(1)), f.confidence))
    if rows:
        return field(rows, spans[0][0], min(min(s.conf for s, _ in spans), min(c for _, c in spans), 0.9))
    return field(None)


def _registro(fl) -> Field:
    m = re.search(r"\b(?:certifico o registro|registrad[oa]|arquivad[oa])\b[^.]{0,60}?sob o n[o°º.]{1,2}\s*"
                  r"([0-9][0-9./\-]{3,})", fl.folded)
    if m:
        raw = fl.text[m.start(1):m.end(1)].rstrip(".,;-")
        return fl.field(raw, m.start(1), m.start(1) + len(raw))
    return field(None)

