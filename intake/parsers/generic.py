"""The parser for types without a module of their own, and the label-driven reading the
type modules build on: each field doctypes.yaml lists for the type is looked up by its label
(and common spellings of it), its value taken to the right of the label or in the box below,
and parsed by the field's kind. Fields of kinds that need the document's logic (bool, enum,
list, records) are left to the type modules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from intake import normalize as nz
from intake.layout import Span
from intake.parsers._common import (
    CNPJ_RE, INFERRED, Reader, cap, checked, date_field, doc_checked, field, find_docs, ident, ident_in, int_field,
    money_field, name_field, ocr_text, span_of, text_field,
)
from intake.parsers._lexicon import weighed
from validators import doctypes
from validators.documents import Field

# Common spellings of labels, by field name (the doctypes.yaml label is tried first).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "titular_nome": ("Nome", "Titular", "Nome do titular", "Nome empresarial", "Razão social",
                     "Requerente", "Contribuinte", "Interessado", "Empresa"),
    "titular_documento": ("CPF/CNPJ", "CNPJ/CPF", "CPF", "CNPJ", "CNPJ nº", "CPF nº",
                          "Número de inscrição", "Inscrição no CNPJ"),
    "numero": ("Número", "Nº", "N°", "Número do documento", "Código de controle",
               "Código de autenticidade", "Protocolo", "Certidão nº"),
    "data_emissao": ("Data de emissão", "Emitido em", "Emitida em", "Emissão", "Data da emissão",
                     "Data de expedição", "Expedição", "Data"),
    "validade": ("Validade", "Válido até", "Válida até", "Data de validade", "Válido até:"),
    "data_nascimento": ("Data de nascimento", "Nascimento", "Data nasc"),
    "data_pagamento": ("Data do pagamento", "Data de pagamento", "Pago em", "Data pagamento"),
    "valor": ("Valor", "Valor pago", "Valor total", "Valor cobrado", "Total"),
    "placa": ("Placa",),
    "chassi": ("Chassi",),
    "renavam": ("Código RENAVAM", "Renavam", "Cód. Renavam"),
    "municipio": ("Município", "Municipio", "Cidade", "Local"),
    "ano_fabricacao": ("Ano de fabricação", "Ano fabricação", "Ano fab"),
    "ano_modelo": ("Ano modelo", "Ano mod"),
    "proprietario_nome": ("Proprietário", "Nome do proprietário", "Nome"),
    "proprietario_documento": ("CPF/CNPJ", "CPF / CNPJ", "CPF/CNPJ do proprietário"),
    "uf": ("UF", "Estado"),
    "endereco": ("Endereço", "Logradouro", "Endereço de entrega"),
    "curso": ("Curso",),
    "medico_crm": ("CRM",),
    "atividade": ("Atividade", "Atividade principal", "Atividades"),
    "objeto": ("Objeto", "Assunto"),
    "situacao": ("Situação cadastral", "Situação"),
    "natureza_juridica": ("Natureza jurídica",),
    "categoria": ("Categoria", "Cat. hab", "Cat hab"),
    "observacoes": ("Observações", "Obs"),
    "data_abertura": ("Data de abertura",),
    "registro_junta": ("NIRE", "Registro na Junta Comercial", "Registro"),
    "objeto_social": ("Objeto social",),
    "capital_social": ("Capital social",),
    "contrato_numero": ("Contrato nº", "Contrato", "Número do contrato"),
    "origem": ("Origem",),
    "destino": ("Destino",),
    "itinerario": ("Itinerário", "Percurso"),
    "horarios": ("Horários", "Horário"),
}

# Labels short or common enough to need a whole-label match (':' or a gap after them).
_GENERIC = {"nome", "data", "cpf", "cnpj", "numero", "n", "no", "valor", "total", "local",
            "registro", "emissao", "situacao", "titular", "empresa", "uf", "obs", "curso",
            "contrato", "validade", "cidade", "estado", "objeto", "origem", "destino"}

Parse = Callable[[Span | None], Field]


def parser_of(kind: str, r: Reader) -> Parse | None:
    return {
        "text": text_field,
        "name": name_field,
        "date": date_field,
        "integer": int_field,
        "money": money_field,
        "doc": lambda s: doc_checked(s, r.ocr),
        "placa": lambda s: ident_in(s, "placa", r.ocr),
        "renavam": lambda s: _renavam(s, r.ocr),
        "chassi": lambda s: ident_in(s, "chassi", r.ocr),
    }.get(kind)


def _renavam(span: Span | None, ocr: bool) -> Field:
    """ident_in() for a RENAVAM, its check digit taken as evidence (see _common.verified)."""
    if not span:
        return field(None)
    m = re.search(r"(?<!\d)(\d{9,11})(?!\d)", span.text.replace(" ", ""))
    return checked("renavam", m.group(1), span, ocr) if m else ident_in(span, "renavam", ocr)


def labels_for(name: str, spec: dict, extra: Sequence[str] = ()) -> list[str]:
    out = list(extra)
    if spec.get("label"):
        out.append(spec["label"])
    out += SYNONYMS.get(name, ())
    seen, uniq = set(), []
    for lab in out:
        k = nz.key(lab)
        if k and k not in seen:
            seen.add(k)
            uniq.append(lab)
    return uniq


def lookup(r: Reader, labels: Sequence[str], parse: Parse, *,
           how: Sequence[str] = ("auto", "wide"), **find_kw) -> Field:
    """The first label (in the order given) whose value parses; null when none does.

    how: layout methods tried in turn ('auto', 'right', 'below', 'next', 'cell'), and 'wide':
    the value far right of a 'LABEL:' on its row (a form printed in two columns)."""
    for lab in labels:
        kw = dict(find_kw)
        if nz.key(lab) in _GENERIC or len(nz.key(lab)) <= 4:
            kw.setdefault("whole", True)
        for hit in r.layout.find(lab, **kw):
            if not r.layout.leads(hit):
                continue  # the end of a heading ('GRADE DE ITINERÁRIO'), not a label
            for method in how:
                if method == "wide":
                    span = _wide(r, hit)
                elif method == "cell":
                    lines = r.layout.cell(hit)
                    span = lines[0] if lines else None
                else:
                    span = getattr(r.layout, {"next": "next_line"}.get(method, method))(hit)
                if not span:
                    continue
                f = parse(span)
                if f.value is not None:
                    return f
    return field(None)


def _wide(r: Reader, hit) -> Span | None:
    """'CNPJ:' at the left margin and its value in a column far to the right."""
    row = r.layout.rows[hit.page][hit.row]
    colon = hit.words[-1].text.rstrip().endswith(":") or (
        hit.end < len(row.words) and row.words[hit.end].text.startswith(":"))
    return r.layout.right(hit, max_gap=0.45) if colon else None


def lookup_text(r: Reader, labels: Sequence[str], *, name: bool = False, prose: str | None = None) -> Field:
    """A labelled text value that may wrap over lines: the cell beside a row label
    ('ATIVIDADE:   Transporte ... / ... internacional'), else the value right of or below it.

    prose: after OCR, weigh the words against the dictionary (_lexicon): 'vocabulary' for text
    of common words (an activity, an object), 'names' for text that may hold proper names."""
    def done(f: Field, sp: Span) -> Field:
        return weighed(f, sp, names=prose == "names") if prose and r.ocr else f

    for lab in labels:
        for hit in r.layout.find(lab, whole=True):
            if not r.layout.leads(hit):
                continue
            lines = r.layout.cell(hit)
            if lines:
                sp = Span(lines[0].page, tuple(w for ln in lines for w in ln.words), lines[0].score)
                v = nz.name(ocr_text(sp)) if name else nz.spaces(ocr_text(sp))
                if v:
                    return done(field(v, sp), sp)
    if name:
        return lookup(r, labels, name_field)
    # a box whose value wraps over lines under its label
    for lab in labels:
        for hit in r.layout.find(lab, whole=True):
            if not r.layout.leads(hit):
                continue
            sp = r.layout.right(hit) if _colon_after(r, hit) else None
            sp = sp or box_text(r, hit)
            if sp and not (len(sp.words) == 1 and sp.words[0].text.rstrip().endswith(":")):
                f = text_field(sp)
                if f.value is not None:
                    return done(f, sp)
    return field(None)


def _colon_after(r: Reader, hit) -> bool:
    row = r.layout.rows[hit.page][hit.row]
    return hit.words[-1].text.rstrip().endswith(":") or (
        hit.end < len(row.words) and row.words[hit.end].text.startswith(":"))


def box_text(r: Reader, hit, max_lines: int = 8) -> Span | None:
    """The value printed in the box under a label, over as many lines as it wraps: rows that
    follow at line spacing, starting at the value's left edge; it ends at a wider gap (the next
    box or a paragraph), at a 'Label:' row, or at a row in capitals after a value in mixed case
    (the next box's label: 'HORÁRIOS' after the itinerary)."""
    first_line = r.layout.below(hit, lines=1, max_dy=0.04)
    if not first_line:
        return None
    rows = r.layout.rows[hit.page]
    idx = next((i for i, row in enumerate(rows) if first_line.words[0] in row.words), None)
    if idx is None:
        return first_line
    words = list(first_line.words)
    x0 = min(w.bbox[0] for w in words) - 0.02
    mixed = any(c.islower() for w in words for c in w.text)
    last = rows[idx]
    for row in rows[idx + 1:idx + max_lines]:
        if row.y0 - last.y1 > 0.8 * max(last.height, row.height):
            break
        ws = [w for w in row.words if w.bbox[0] >= x0]
        if not ws or ws[-1].text.rstrip().endswith(":"):
            break
        letters = [c for w in ws for c in w.text if c.isalpha()]
        if mixed and letters and all(c.isupper() for c in letters) and len(ws) <= 4:
            break
        words.extend(ws)
        last = row
    return Span(hit.page, tuple(words), hit.score)


_NUMERO_RE = re.compile(r"(?<![a-z])n\s?[o°º.]{1,2}\s*[:\-]?\s*([A-Za-z0-9][A-Za-z0-9./\-]*\d[A-Za-z0-9./\-]*)")


def numero_after_title(r: Reader, rows: int = 12) -> Field:
    """'Nº 34187/2026' printed under a document's title (no label word before it)."""
    page = r.layout.pages[0].number
    for row in r.layout.rows[page][:rows]:
        sp = r.layout.row_span(row)
        m = _NUMERO_RE.search(nz.fold_chars(sp.text))
        if m and m.start() <= 2:
            raw = sp.text[m.start(1):m.end(1)].rstrip(".,;")
            return field(raw, span_of(sp, m.start(1), m.start(1) + len(raw)))
    return field(None)


def closing_city(r: Reader) -> Field:
    """The town of a closing line 'Guaíba, 15 de janeiro de 2026.'"""
    best = None
    for sp in r.row_spans():
        t = nz.fold_chars(sp.text)
        m = re.match(r"\s*([a-z][a-z \-']{2,40}?)(?:\s*/\s*[a-z]{2})?,\s*(?:em\s+)?\d{1,2}\s*(?:o|°)?\s+de\s+[a-z]+\s+de\s+\d{4}", t)
        if m:
            best = field(nz.spaces(sp.text[m.start(1):m.end(1)]), span_of(sp, m.start(1), m.end(1)))
    return best or field(None)


def closing_date(r: Reader) -> Field:
    """The date of a closing line such as 'Porto Alegre, 15 de janeiro de 2026' (the last one)."""
    best = None
    for sp in r.row_spans():
        t = nz.fold_chars(sp.text)
        # (a speck read after the comma or a two-digit day: 'Guarulhos,.20 de janeiro', 'Guaíba, 10) de';
        # '1) de' is no day: a digit may be what was read as ')')
        m = re.search(r"[a-z]{3,}[a-z\s/\-]*,[\s.'`]*(?:em\s+)?"
                      r"((?:\d{2}\)|\d{1,2})\s*(?:o|°)?\s+de\s+[a-z]+\s+de\s+\d{4}|\d{1,2}/\d{1,2}/\d{4})", t)
        if m:
            d = nz.parse_date(m.group(1).replace(")", " ", 1))
            if d:
                best = field(d, span_of(sp, m.start(1), m.end(1)))
    return best or field(None)


def read_fields(r: Reader, doc_type: str, *, skip: Sequence[str] = (),
                labels: dict[str, Sequence[str]] | None = None) -> dict[str, Field]:
    """Every field of the type with a plain kind, looked up by label."""
    out: dict[str, Field] = {}
    labels = labels or {}
    for name, spec in doctypes.fields(doc_type).items():
        if name in skip:
            continue
        parse = parser_of(spec.get("kind", "text"), r)
        if parse is None:
            continue
        out[name] = lookup(r, labels_for(name, spec, labels.get(name, ())), parse)
    if "data_emissao" in out and out["data_emissao"].value is None:
        out["data_emissao"] = closing_date(r)
    if "titular_documento" in out and out["titular_documento"].value is None:
        out["titular_documento"] = sole_doc(r)
    return out


def sole_doc(r: Reader) -> Field:
    """The CPF/CNPJ of a document that prints exactly one: its holder's (capped: unlabelled)."""
    found = [(sp, v, s, e) for sp in r.row_spans() for v, s, e in find_docs(sp.text)]
    if len({v for _, v, _, _ in found}) != 1:
        return field(None)
    sp, v, s, e = found[0]
    return cap(checked("doc", v, span_of(sp, s, e), r.ocr), INFERRED)


_PRINTED_CPF = re.compile(r"(?<![\dA-Z])\d{3}\s?[.,]\s?\d{3}\s?[.,]\s?\d{3}\s?-\s?\d{2}(?![\dA-Z])")


def sole_cpf(r: Reader) -> Field:
    """The one CPF a personal card prints in its dotted form (its 'CPF' label misread by OCR):
    the holder's, capped as unlabelled. Bare 11-digit numbers (a CNH's registry) do not count."""
    found = [(sp, m) for sp in r.row_spans() for m in _PRINTED_CPF.finditer(sp.text)]
    values = {nz.doc(m.group(0)) for _, m in found}
    if len(values) != 1 or None in values:
        return field(None)
    sp, m = found[0]
    return cap(checked("doc", nz.doc(m.group(0)), span_of(sp, m.start(), m.end()), r.ocr), INFERRED)


def sole_cnpj(r: Reader) -> Field:
    """The one CNPJ a company's document prints (its label misread): the holder's, capped."""
    found = [(sp, m) for sp in r.row_spans() for m in CNPJ_RE.finditer(sp.text.upper())]
    values = {nz.doc(m.group(1)) for _, m in found}
    if len(values) != 1 or None in values:
        return field(None)
    sp, m = found[0]
    return cap(checked("doc", nz.doc(m.group(1)), span_of(sp, m.start(1), m.end(1)), r.ocr), INFERRED)


TYPES: tuple[str, ...] = ()


def parse(ext, doc_type: str) -> dict[str, Field]:
    return read_fields(Reader(ext), doc_type)
