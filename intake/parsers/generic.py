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
    INFERRED, Reader, cap, date_field, doc_field, field, find_docs, ident, ident_in, int_field,
    money_field, name_field, ocr_text, span_of, text_field,
)
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
        "doc": lambda s: doc_field(s, r.ocr),
        "placa": lambda s: ident_in(s, "placa", r.ocr),
        "renavam": lambda s: ident_in(s, "renavam", r.ocr),
        "chassi": lambda s: ident_in(s, "chassi", r.ocr),
    }.get(kind)


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
           how: Sequence[str] = ("auto",), **find_kw) -> Field:
    """The first label (in the order given) whose value parses; null when none does."""
    for lab in labels:
        kw = dict(find_kw)
        if nz.key(lab) in _GENERIC or len(nz.key(lab)) <= 4:
            kw.setdefault("whole", True)
        for hit in r.layout.find(lab, **kw):
            if not r.layout.leads(hit):
                continue  # the end of a heading ('GRADE DE ITINERÁRIO'), not a label
            for method in how:
                span = getattr(r.layout, {"next": "next_line"}.get(method, method))(hit)
                if not span:
                    continue
                f = parse(span)
                if f.value is not None:
                    return f
    return field(None)


def lookup_text(r: Reader, labels: Sequence[str], *, name: bool = False) -> Field:
    """A labelled text value that may wrap over lines: the cell beside a row label
    ('ATIVIDADE:   Transporte ... / ... internacional'), else the value right of or below it."""
    for lab in labels:
        for hit in r.layout.find(lab, whole=True):
            if not r.layout.leads(hit):
                continue
            lines = r.layout.cell(hit)
            if lines:
                sp = Span(lines[0].page, tuple(w for ln in lines for w in ln.words), lines[0].score)
                v = nz.name(ocr_text(sp)) if name else nz.spaces(ocr_text(sp))
                if v:
                    return field(v, sp)
    if name:
        return lookup(r, labels, name_field)
    # a box whose value wraps over lines under its label
    for lab in labels:
        for hit in r.layout.find(lab, whole=True):
            if not r.layout.leads(hit):
                continue
            sp = r.layout.auto(hit, lines=8, max_dy=0.02)
            if sp and not sp.words[0].text.rstrip().endswith(":"):
                f = text_field(sp)
                if f.value is not None:
                    return f
    return field(None)


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
        m = re.search(r"[a-z]{3,}[a-z\s/\-]*,\s*(?:em\s+)?(\d{1,2}\s*(?:o|°)?\s+de\s+[a-z]+\s+de\s+\d{4}|\d{1,2}/\d{1,2}/\d{4})", t)
        if m:
            d = nz.parse_date(m.group(1))
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
    return cap(ident("doc", v, span_of(sp, s, e), r.ocr), INFERRED)


TYPES: tuple[str, ...] = ()


def parse(ext, doc_type: str) -> dict[str, Field]:
    return read_fields(Reader(ext), doc_type)
