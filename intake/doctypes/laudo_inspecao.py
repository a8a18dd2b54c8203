"""Laudo de inspeção técnica / declaração de vistoria: vehicle, dates, result, issuer.

Labels are the vocabulary's (intake/doctypes/laudo_inspecao.yaml): each field is read from
its label's cell first, then by the layout lookups over the same spellings. A plate printed
only in the declaration's prose ('vistoriei o veículo placa ABC1D23') is read from there, as a
value found without a label of its own."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.reading.identifiers import REPAIRED, checked_renavam, plate_in, vin_in
from intake.reading.values import cap, date_field, field, first, lotacao_field, unchecked
from intake.doctypes._common import Reader
from intake.doctypes.generic import holder, lookup, numero_after_title, placa_in_prose
from domain.documents import Field
from domain.ids.text import LETTER_FOR_DIGIT

TYPES = ("laudo_inspecao",)

_EMISSORES = [("metroplan", r"\bmetroplan\b"), ("emtu", r"\bemtu\b"), ("inmetro", r"\binmetro\b|organismo de inspecao acreditado"),
              ("crea", r"\bcrea\b|engenheiro|\bart\b"), ("municipio", r"prefeitura|secretaria municipal")]


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out.update(holder(r))
    numero = lambda s: _numero(s, ocr)  # noqa: E731
    num = lookup(r, "numero", numero, x_parse=numero, ordered=True)
    num = num if num.value is not None else numero_after_title(r)
    out["numero"] = unchecked(_prefix_as_printed(num, r) if ocr else num, ocr)
    out["placa"] = first(lookup(r, "placa", lambda s: plate_in(s, ocr)), placa_in_prose(r))
    out["chassi"] = lookup(r, "chassi", lambda s: vin_in(s, ocr))
    out["renavam"] = lookup(r, "renavam", lambda s: checked_renavam(s, ocr))
    out["lotacao"] = lookup(r, "lotacao", lotacao_field)
    out["data_emissao"] = lookup(r, "data_emissao", date_field)
    out["validade"] = lookup(r, "validade", date_field)
    text = nz.fold(r.layout.text)
    verdict = lambda s: field(_resultado(s.text), s) if _resultado(s.text) else field(None, s)  # noqa: E731
    res = lookup(r, "resultado", verdict, x_parse=verdict)
    if res.value is None:
        res = _resultado_prose(r)
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


def _numero(span, ocr: bool) -> Field:
    """'ITV-86247/2025', 'CV-113993/2025', '600/2026' (the first word, holding a digit). After
    OCR a registration prefix printed in capitals may come out 'Cv-': its case is restored."""
    tok = span.words[0].text.strip(".,;:") if span.words else ""
    if not re.search(r"\d", tok):
        return field(None, span)
    m = re.fullmatch(r"([A-Z][A-Za-z]{1,5})(-\d[\d./\-]*)", tok)
    if ocr and m:
        tok = m.group(1).upper() + m.group(2)
    return field(tok, span.sub(span.words[:1]))


def _resultado_prose(r: Reader) -> Field:
    """A declaration's verdict in its prose: the one verdict word printed in capitals
    ('... estando APROVADO para o serviço'), with nothing against it in the text."""
    fl = r.flow()
    words = re.findall(r"\b(APROVAD[OA]|REPROVAD[OA]|INAPTO|APTO)\b", fl.text)
    t = fl.folded
    if set(words) & {"APROVADO", "APROVADA"} and not set(words) - {"APROVADO", "APROVADA"} \
            and not re.search(r"\b(reprovad|inadequad|nao conforme|nao aprovad|nao apt)", t):
        m = re.search(r"\bAPROVAD[OA]\b", fl.text)
        assert m is not None  # found among the verdict words above
        return fl.field("aprovado", m.start(), m.end(), min(fl.span(m.start(), m.end()).conf, 0.85))
    return field(None)


def _prefix_as_printed(num: Field, r: Reader) -> Field:
    """'17V-13395/2026' when the page names the inspection 'ITV': a number's letter prefix read
    as digits (1/I, 7/T, 0/O...) is put back when the page prints that acronym elsewhere."""
    m = re.fullmatch(r"([A-Z0-9]{2,6})(-\d.*)", str(num.value or ""))
    if not m or not re.search(r"\d", m.group(1)):
        return num
    letters = "".join(LETTER_FOR_DIGIT.get(c, c) for c in m.group(1))
    if not letters.isalpha() or not re.search(rf"\b{letters}\b", r.layout.text):
        return num
    return cap(num.model_copy(update={"value": letters + m.group(2)}), REPAIRED)
