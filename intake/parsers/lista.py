"""Lista de passageiros: a table over one or more pages (header repeated or not), its
columns found by their header words. Each passenger: nome, documento_tipo (from a column per
kind of document, a 'tipo' column, or the cell itself) and documento (digits and letters).
The list's contract number, contractor and institution from the header block; the total is
the rows read, checked against a printed total when there is one."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.layout import Row
from intake.parsers._common import (
    MISREAD, Reader, cap, field, id_valid, span_of,
)
from intake.parsers.contrato import _numero
from validators.documents import Field

TYPES = ("lista_passageiros",)

DOC_COLUMNS = {
    "cpf": ["CPF"],
    "rg": ["RG", "IDENTIDADE", "CARTEIRA DE IDENTIDADE"],
    "matricula": ["MATRÍCULA", "Nº MATRÍCULA", "MATRICULA"],
    "certidao": ["CERTIDÃO", "CERTIDÃO DE NASCIMENTO", "CERTIDÃO NASC."],
    "inscricao": ["INSCRIÇÃO"],
}
COLUMNS = {
    "n": ["Nº", "N°", "ORDEM", "ITEM", "SEQ"],
    "nome": ["NOME COMPLETO", "NOME DO(A) ESTUDANTE", "NOME DO ESTUDANTE", "NOME DO ALUNO",
             "NOME DO PASSAGEIRO", "PASSAGEIRO", "ALUNO", "NOME"],
    "tipo": ["DOCUMENTO TIPO", "TIPO DE DOCUMENTO", "TIPO DOC", "TIPO DOC.", "TIPO"],
    "doc": ["NÚMERO", "Nº DO DOCUMENTO", "Nº DOCUMENTO", "NÚMERO DO DOCUMENTO", "DOCUMENTO",
            "IDENTIFICAÇÃO", "DOC"],
    **{f"doc_{k}": v for k, v in DOC_COLUMNS.items()},
    # other columns lists carry: named only so that their text is kept out of the others
    "x_curso": ["CURSO", "TURMA", "SÉRIE", "ANO/SÉRIE"],
    "x_nasc": ["DATA DE NASCIMENTO", "NASCIMENTO", "DATA NASC."],
    "x_ass": ["ASSINATURA"],
    "x_end": ["ENDEREÇO", "TELEFONE", "EMBARQUE", "PONTO DE EMBARQUE"],
}
STOP = ["TOTAL DE PASSAGEIROS", "TOTAL", "Declaramos", "Certificamos", "Declaro", "Assinatura",
        "Observações"]
_FOOTER = re.compile(r"\b(pagina|pag|folha|lista de passageiros|relacao de passageiros|metroplan|contrato n|"
                     r"total|assinatura|declaramos|certificamos|cep|avenida|rua|telefone|www)\b")
_TIPO = [("certidao", r"certid|nasc"), ("matricula", r"matr"), ("inscricao", r"inscr"),
         ("cpf", r"\bcpf\b"), ("rg", r"\brg\b|identidade|\bci\b")]


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    out: dict[str, Field] = {}
    out["contrato_numero"] = _numero(r, r.flow())
    out["contratante_nome"] = _contratante(r)
    out["instituicao"] = _instituicao(r)
    out["passageiros"], out["total_passageiros"] = _passageiros(r)
    return out


def _contratante(r: Reader) -> Field:
    for sp in r.segments():
        t = nz.fold_chars(sp.text)
        m = re.search(r"\bcontratante\b(?:\s*\([^)]*\))?\s*:\s*", t)
        if not m:
            continue
        rest = t[m.end():]
        stop = re.search(r"\s[-–]\s|,|;|\s(?:cpf|cnpj)\b|\s{2,}", rest)
        end = m.end() + (stop.start() if stop else len(rest))
        value = nz.name(sp.text[m.end():end])
        if value:
            return field(value, span_of(sp, m.end(), end))
    return r.grab(["CONTRATANTE", "NOME DO CONTRATANTE"], lambda s: field(nz.name(s.text), s))


_INST = re.compile(r"\b(escola|colegio|faculdade|universidade|instituto|centro universitario|"
                   r"centro de ensino|campus|liceu|educandario|creche|prefeitura)\b")


def _instituicao(r: Reader) -> Field:
    f = r.grab(["INSTITUIÇÃO DE ENSINO", "INSTITUIÇÃO", "ESCOLA", "ESTABELECIMENTO DE ENSINO",
                "INSTITUIÇÃO DE DESTINO"], lambda s: field(nz.name(s.text), s))
    if f.value is not None:
        return f
    # an institution's own list is headed by its name
    rows = r.layout.rows[r.layout.pages[0].number][:6]
    for row in rows:
        t = nz.fold(row.text)
        if _INST.search(t) and not re.search(r"\b(lista|relacao|passageiros|mantida|cnpj)\b", t):
            return cap(field(nz.name(row.text), r.layout.row_span(row)), 0.9)
    return field(None)


def _tipo_of(text: str | None) -> str | None:
    if not text:
        return None
    t = nz.fold(text)
    for kind, pat in _TIPO:
        if re.search(pat, t):
            return kind
    return None


def _clean_doc(text: str | None) -> str | None:
    if not text:
        return None
    t = re.sub(r"^(cpf|rg|mat\w*|certid\w*|nasc\.?|insc\w*|n[º°o]\.?)[\s:.\-]*", "", text.strip(), flags=re.I)
    # the number's own pieces: a letter left alone beside it is a ruling line read by OCR
    t = " ".join(tok for tok in t.split() if re.search(r"\d", tok))
    v = re.sub(r"[^0-9A-Za-z]", "", t).upper()
    if len(v) < 3 or not re.search(r"\d", v):
        return None
    return v


def _passageiros(r: Reader) -> tuple[Field, Field]:
    def keep(row: Row) -> bool:
        nome = row.text("nome")
        if not nome or not re.search(r"[A-Za-zÀ-ÿ]{2}", nome):
            return False
        if _FOOTER.search(nz.fold(" ".join(sp.text for sp in row.cells.values()))):
            return False  # a page's running header or footer, not a passenger
        numbered = bool(re.fullmatch(r"\d{1,4}", re.sub(r"[^0-9A-Za-z]", "", row.text("n") or "")))
        has_doc = any(_clean_doc(row.text(c)) for c in row.cells if c.startswith("doc"))
        return has_doc or (numbered and bool(row.text("tipo") or row.text("doc")))

    rows, header = r.layout.table(COLUMNS, min_cols=2, stop=STOP, keep=keep)
    out_rows = []
    confs = []
    first_page, boxes = None, []
    for row in rows:
        nome = nz.name(row.text("nome"))
        tipo, doc = None, None
        for kind in DOC_COLUMNS:
            v = _clean_doc(row.text(f"doc_{kind}"))
            if v:
                tipo, doc = kind, v
                break
        if doc is None:
            raw = row.text("doc")
            doc = _clean_doc(raw)
            tipo = _tipo_of(row.text("tipo")) or _tipo_of(raw)
            if tipo is None and doc and len(doc) == 11 and doc.isdigit() and id_valid("cpf", doc):
                tipo = "cpf"
        if tipo in ("cpf",) and doc:
            doc = nz.doc(doc) or doc
        conf = min(s.conf for c, s in row.cells.items() if c in ("nome", "tipo") or c.startswith("doc"))
        if tipo == "cpf" and doc and id_valid("cpf", doc) is False and r.ocr:
            conf = min(conf, MISREAD)  # a misread digit, probably
        if tipo is None:
            conf = min(conf, 0.85)
        out_rows.append({"nome": nome, "documento_tipo": tipo, "documento": doc})
        confs.append(conf)
        first_page = first_page or row.page
        if row.page == first_page:
            boxes.append(row.bbox)
    if not out_rows:
        return field(None), field(None)
    bbox = [min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)]
    pax = field(out_rows, None, min(confs), page=first_page, bbox=bbox)
    total = len(out_rows)
    printed = _printed_total(r)
    if printed is None:
        tconf = 0.95 if not r.ocr else 0.85
    elif printed.value == total:
        tconf = 1.0 if not r.ocr else max(0.9, min(1.0, printed.confidence))
    else:
        tconf = 0.5  # rows read and printed total disagree: someone must look
        pax = pax.model_copy(update={"confidence": min(pax.confidence, 0.5)})
    tot = field(total, None, tconf, page=printed.page if printed else first_page,
                bbox=printed.bbox if printed else bbox)
    return pax, tot


def _printed_total(r: Reader) -> Field | None:
    for sp in r.segments():
        t = nz.fold_chars(sp.text)
        m = re.search(r"\btotal(?:\s+de\s+(?:passageiros|alunos|estudantes))?\s*[:\-]?\s*(\d{1,4})\b", t) or \
            re.search(r"\b(\d{1,4})\s+(?:passageiros|alunos|estudantes)\b", t) if "total" in t else None
        if m:
            return field(int(m.group(1)), span_of(sp, m.start(1), m.end(1)))
    return None

