"""Contrato social (constituição, alteração, consolidação): company, CNPJ, object, capital
(subscribed and paid in), partners with their CPFs, registration at the Junta Comercial.

A contract is prose: its fields are read from the clauses. The company's name and CNPJ are read
first from a labelled box where one is printed (the vocabulary's labels: intake/doctypes/
contrato_social.yaml; 'CNPJ nº 41.318.410/0001-62' at the head)."""

from __future__ import annotations

import re
from typing import Any

from domain.documents import Field
from intake import normalize as nz
from intake.page.layout import Span
from domain.ids.doc import find as find_docs
from intake.reading.identifiers import checked, id_valid
from intake.reading.values import field, first, span_of
from intake.doctypes._common import Reader
from intake.reading.lexicon import weighed
from intake.doctypes.generic import closing_date, labelled

TYPES = ("contrato_social",)

_COMPANY = re.compile(r"\b(ltda|s\.?\s?a\.?|s/a|eireli|epp|sociedade|cia|companhia)\b\.?")


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    fl = r.flow()
    out: dict[str, Field] = {}
    out["titular_nome"] = first(labelled(r, "titular_nome"), _razao(r, fl))
    out["titular_documento"] = first(labelled(r, "titular_documento"), _cnpj(r, fl))
    out["data_emissao"] = closing_date(r)
    out["objeto_social"] = _objeto(fl, r.ocr)
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
            return checked("doc", v, fl.span(m.end() + s, m.end() + e), r.ocr)
    return field(None)


def _objeto(fl, ocr: bool = False) -> Field:
    m = re.search(r"\bobjeto social\s*[:\-]\s*|\btem por objeto(?: social)?\s*[:\-]?\s*", fl.folded)
    if not m:
        return field(None)
    rest = fl.text[m.end():m.end() + 800]
    stop = re.search(r"\.\s+(?=[A-ZÁÉÍÓÚ]{3,}|Par[áa]grafo|CL[ÁA]USULA)|\.$", rest)
    end = m.end() + (stop.start() if stop else len(rest))
    text = nz.spaces(fl.text[m.end():end])
    if ocr and text:
        text = _list_separators(text)
    return weighed(fl.field(text, m.end(), end), fl.span(m.end(), end))


def _list_separators(text: str) -> str:
    """OCR reads the ';' between the activities of an object as ':' when its tail is faint.
    A ':' there, between two lower-case activities and not after an announcing word
    ('as seguintes atividades:'), is the list's separator."""
    def fix(m: re.Match) -> str:
        before = nz.fold(text[max(0, m.start() - 40):m.start()])
        if re.search(r"\b(seguintes?|abaixo|como|a saber|atividades?|inclusive)\s*$", before):
            return m.group(0)
        return ";" + m.group(1)
    return re.sub(r"(?<=[a-zà-ÿ]):(\s+(?=[a-zà-ÿ]))", fix, text)


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
    qualified persons at the head of the contract ('NOME, brasileiro, ..., CPF sob o nº ...'),
    checked against the signature block ('NOME' over 'CPF 000...' in columns). A partner whose
    CPF cannot be read makes the whole list uncertain: a list missing a partner is no read."""
    rows: list[dict[str, Any]]
    spans: list[tuple[Span, float]]
    rows, spans = [], []
    for sp in r.segments():
        m = re.match(r"\s*([A-ZÀ-Ý][A-ZÀ-Ý' ]{5,80}?)\s*[-–,]\s*CPF\s*(?:n[o°º.]{1,2})?\s*[:\-]?\s*", sp.text)
        if m:
            hits = find_docs(sp.text[m.end():])
            if hits and len(hits[0][0]) == 11:
                nome = nz.name(m.group(1))
                if nome and nome.upper() == nome and all(x["nome"] != nome for x in rows):
                    v, s, e = hits[0]
                    f = checked("doc", v, span_of(sp, m.end() + s, m.end() + e), r.ocr)
                    rows.append({"nome": nome, "cpf": f.value})
                    spans.append((sp, f.confidence))
    if rows:
        conf = min(min(s.conf for s, _ in spans), min(c for _, c in spans))
        return field(rows, spans[0][0], conf)
    signed = _signatures(r)
    # qualified persons: 'NOME, brasileiro(a), ... CPF sob o nº X' (up to the next person)
    people = list(re.finditer(r"(?:^|;\s*|:\s*)([A-ZÀ-Ý][A-ZÀ-Ý' ]{5,80}),\s*brasileir", fl.text, re.M))
    confs, first_span = [], None
    for n, m in enumerate(people):
        end = people[n + 1].start(1) if n + 1 < len(people) else m.end() + 400
        tail = fl.text[m.end():min(end, m.end() + 400)]
        nome = nz.name(m.group(1))
        name_span = fl.span(m.start(1), m.end(1))
        first_span = first_span or name_span
        prose = None
        cm = re.search(r"\bcpf\b", nz.fold_chars(tail))
        hits = [h for h in find_docs(tail[cm.start():] if cm else tail) if len(h[0]) == 11]
        if hits:
            v, s0, e0 = hits[0]
            off = m.end() + (cm.start() if cm else 0)
            prose = checked("doc", v, fl.span(off + s0, off + e0), r.ocr)
        sig = signed.get(nz.key(nome or ""))
        cpf, c = _agree(prose, sig, r.ocr)
        rows.append({"nome": nome, "cpf": cpf})
        confs.append(min(c, name_span.conf))
    if rows:
        return field(rows, first_span, min(min(confs), 0.9))
    return field(None)


def _agree(prose: Field | None, sig: Field | None, ocr: bool) -> tuple[str | None, float]:
    """One CPF from the qualification and the signature block: two reads that agree confirm
    each other; one read stands on its own confidence; two that disagree are a hint only."""
    reads = [f for f in (prose, sig) if f is not None and f.value]
    if not reads:
        return None, 0.0
    if len(reads) == 2 and reads[0].value == reads[1].value:
        hi = max(f.confidence for f in reads)
        if ocr and id_valid("cpf", reads[0].value):
            hi = max(hi, 0.9)  # two separate prints read alike, check digits right
        return reads[0].value, hi
    if len(reads) == 2:
        good = [f for f in reads if id_valid("cpf", f.value)]
        pick = good[0] if len(good) == 1 else max(reads, key=lambda f: f.confidence)
        return pick.value, min(pick.confidence, 0.5)
    return reads[0].value, reads[0].confidence


def _signatures(r: Reader) -> dict[str, Field]:
    """The signature block: a row of names over a row of 'CPF 000.000.000-00' in the same
    columns. folded name -> CPF Field."""
    out: dict[str, Field] = {}
    for page in r.layout.pages:
        rows = r.layout.rows[page.number]
        for i, row in enumerate(rows[1:], start=1):
            sp = r.layout.row_span(row)
            cpfs = [(v, s, e) for v, s, e in find_docs(sp.text) if len(v) == 11]
            if not cpfs or not re.match(r"\s*CPF\b", sp.text):
                continue
            above = rows[i - 1]
            for v, s, e in cpfs:
                cs = span_of(sp, s, e)
                x0, x1 = cs.bbox[0] - 0.06, cs.bbox[2] + 0.12
                # the CPF label sits left of the number: the column starts a little before it
                words = [w for w in above.words if w.bbox[0] >= x0 - 0.04 and w.bbox[2] <= x1 + 0.15
                         and abs(w.bbox[0] - cs.bbox[0]) < 0.25]
                if not words:
                    continue
                # names of two columns on one row: keep the run nearest this CPF
                words.sort(key=lambda w: w.bbox[0])
                runs = [[words[0]]]
                for w in words[1:]:
                    if w.bbox[0] - runs[-1][-1].bbox[2] > 2.0 * above.height:
                        runs.append([w])
                    else:
                        runs[-1].append(w)
                run = min(runs, key=lambda ws: abs(ws[0].bbox[0] - (cs.bbox[0] - 0.03)))
                nome = nz.name(" ".join(w.text for w in run))
                if nome:
                    out[nz.key(nome)] = checked("cpf", v, cs, r.ocr)
    return out


def _registro(fl) -> Field:
    """The Junta's registration stamp: 'Certifico (o) registro (em dd/mm/aaaa) sob o nº X', or
    'registrado/arquivado ... sob o nº X' (never a CPF 'inscrito no CPF sob o nº'). A speck of the
    stamp beside the 'o' ('sob Oo Nº') is allowed."""
    rx = re.compile(r"\b(?:certifico (?:o )?registro|o registro|registro em|registrad[oa]|arquivad[oa])\b"
                    r"(?:(?!cpf|cnpj|nire)[^.]){0,60}?sob o\w? n[o°º.]{1,2}\s*([0-9][0-9./\-]{3,})")
    best = None
    for m in rx.finditer(fl.folded):
        raw = fl.text[m.start(1):m.end(1)].rstrip(".,;-")
        best = fl.field(raw, m.start(1), m.start(1) + len(raw))  # the stamp is the last one
    return best or field(None)

