"""Certidões (negativas de débitos, FGTS, falência, eleitoral, militar, Cadastur, INSS ...)
and atestados de antecedentes / folhas corridas: holder, code, kind, result, dates.

Labels are the vocabularies' (intake/doctypes/certidao.yaml, atestado_antecedentes.yaml):
each field is read from its label's cell first, then by the layout lookups over the same
spellings, then from the certificate's prose."""

from __future__ import annotations

import re

from domain.documents import Field
from intake import normalize as nz
from intake.reading.identifiers import REPAIRED, doc_checked
from intake.reading.values import date_field, field, name_field, span_of, unchecked
from intake.doctypes._common import Reader
from intake.doctypes.generic import (
    closing_date, in_label, in_order, lookup, sole_doc, spellings, validity_in_prose,
)

TYPES = ("certidao", "atestado_antecedentes")

# Kind of certidão from its title and issuer; the most specific patterns first.
KINDS = [
    ("cadastur", r"cadastur"),
    ("inscricao_inss", r"contribuinte individual|inscricao.{0,40}(inss|previdencia)|\bnit\b"),
    ("cnh_pontuacao", r"pontuacao|prontuario do condutor|infracoes de transito"),
    ("militar", r"militar|reservista|dispensa de incorporacao|alistamento"),
    ("eleitoral", r"eleitora"),
    ("fgts", r"\bfgts\b|fundo de garantia|regularidade do fgts"),
    ("trabalhista", r"trabalhista|justica do trabalho|\bcndt\b"),
    ("falencia", r"falencia|recuperacao judicial|concordata"),
    ("execucoes", r"acoes e execucoes|execucoes|acoes civeis"),
    ("protesto", r"protesto"),
    ("criminal", r"criminal|antecedentes"),
    ("pis", r"\bpis\b|\bpasep\b|\bnis\b"),
    ("inss", r"\binss\b|contribuicoes previdenciarias"),
    ("federal", r"tributos federais|divida ativa da uniao|receita federal|\bpgfn\b"),
    ("estadual", r"situacao fiscal|tributos estaduais|receita estadual|fazenda estadual|secretaria de estado de fazenda|"
                 r"secretaria da fazenda|\bicms\b|divida ativa do estado|procuradoria geral do estado|fazenda do estado|"
                 r"fazenda publica (?:do estado|estadual)"),
    ("municipal", r"tributos municipais|prefeitura|fazenda municipal|secretaria municipal"),
]


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, "titular_nome", name_field)
    if out["titular_nome"].value is None:
        out["titular_nome"] = _named(r)
    doc = lookup(r, "titular_documento", lambda s: doc_checked(s, ocr))
    out["titular_documento"] = doc if doc.value else sole_doc(r)
    out["numero"] = unchecked(_numero(r), ocr)
    fl = r.flow()
    top = [nz.fold(row.text) for row in r.layout.rows[r.layout.pages[0].number][:10]]
    head = " ".join(top)
    # the title says what the certificate is before anything the first lines go on to say
    # ('CERTIDÃO JUDICIAL CRIMINAL NEGATIVA' over '... distribuição de ações e execuções criminais')
    title = next((t for t in top if re.search(r"\b(?:certid|atestado|certificado|alvara)", t) and not re.search(r"\d", t)), "")
    body = nz.fold(fl.text)
    if doc_type == "certidao":
        kind = next((k for k, pat in KINDS if re.search(pat, title)), None) if title else None
        kind = kind or next((k for k, pat in KINDS if re.search(pat, head)), None)
        conf = 0.95
        if kind is None:
            kind = next((k for k, pat in KINDS if re.search(pat, body)), "outra")
            conf = 0.8
        out["tipo_certidao"] = field(kind, None, conf)
        out["resultado"] = _resultado(head, body)
    else:
        out["resultado"] = _antecedentes(body)
    out["data_emissao"] = _emissao(r)
    out["validade"] = _validade(r, out["data_emissao"])
    return out


# The holder named in the certificate's prose: '... NÃO CONSTA condenação ... em nome de JOÃO
# CARLOS PEREIRA, nacionalidade brasileira, ...', 'NADA CONSTA contra MARCOS RIBEIRO, CPF ...':
# a run of words in capitals after 'em nome de' or 'consta contra', on its line.
_NAMED = re.compile(r"\b(?:em nome d[eoa]s?|constam? contra)\b\s*(?:[:(]\s*)?")
_NOT_NAME = frozenset({"CPF", "RG", "CNPJ", "CI", "NIS", "PIS", "PORTADOR", "PORTADORA", "INSCRITO", "INSCRITA",
                       "NASCIDO", "NASCIDA", "FILHO", "FILHA", "NACIONALIDADE", "RESIDENTE"})
_CAPITALS = re.compile(r"[A-ZÀ-Ý][A-ZÀ-Ý'´`-]*(?:[ \t]+(?:[A-ZÀ-Ý][A-ZÀ-Ý'´`-]*|d[aeo]s?|D[AEO]S?|E|e))*")  # one line


def _named(r: Reader) -> Field:
    fl = r.flow()
    for m in _NAMED.finditer(fl.folded):
        got = _CAPITALS.match(fl.text, m.end())
        if got is None:
            continue
        words = got.group(0).split()
        cut = next((k for k, w in enumerate(words) if w in _NOT_NAME), len(words))
        words = words[:cut]  # 'JOÃO DA SILVA CPF 529...': the name ends at the document's label
        while words and words[-1].lower() in ("da", "de", "do", "das", "dos", "e"):
            words.pop()  # a name never ends on a particle: it ran into the sentence
        if len(words) >= 2:
            last = list(re.finditer(r"\S+", got.group(0)))[len(words) - 1]
            f = name_field(fl.span(got.start(), got.start() + last.end()))
            if f.value is not None:
                return f
    return field(None)


# An authentication code in groups ('6G9Z9.G2HGV.48WJZ', '54EB.8897.E041.CA54')
_GROUPS = re.compile(r"(?:[0-9A-Z]{3,6}\.){2,}[0-9A-Z]{3,6}")


def _numero(r: Reader) -> Field:
    """The certificate's own number: from the cell of the first of its labels (the vocabulary's,
    most telling first: 'Código de controle: 4A7B.1C2D') that holds a code, else right of the
    label's print matched fuzzily (OCR: 'Código de controfe da certidão')."""
    f = in_order(r, "numero", lambda s: _code_of(s, r.ocr), lines=1)
    if f.value is not None:
        return f
    for lab in spellings(r, "numero"):
        for hit in r.layout.find(lab, whole=True):
            span = r.layout.right(hit, max_gap=0.08)
            f = _code_of(span, r.ocr) if span and not in_label(r, hit, span) else field(None)
            if f.value is not None:
                return f
    return field(None)


def _code_of(span, ocr: bool) -> Field:
    """The code right of its label: the first word, or (after OCR) the words of a grouped code
    whose '.' was read as a space ('ZNGB.7T2D KLJT'); that rejoining, and the 'O' of a
    hexadecimal code read as zero, are repairs: a hint, not a read."""
    words = span.words
    tok = words[0].text.strip(",;:").rstrip(".-")
    used, repaired = 1, False
    if ocr and len(words) > 1 and not _GROUPS.fullmatch(tok):
        for n in range(min(4, len(words)), 1, -1):
            parts = [w.text.strip(",;:").rstrip(".") for w in words[:n]]
            if all(p.isdigit() for p in parts) and len("".join(parts)) >= 12:
                tok, used, repaired = "".join(parts), n, True  # a long number cut by specks
                break
            joined = next((j for j in (".".join(parts), "".join(parts)) if _GROUPS.fullmatch(j)), None)
            if joined:
                tok, used, repaired = joined, n, True
                break
    if not (re.search(r"\d", tok) and len(re.sub(r"[^0-9A-Za-z]", "", tok)) >= 4):
        return field(None, span)
    if ocr and _GROUPS.fullmatch(tok) and "O" in tok and re.fullmatch(r"[0-9A-FO.]+", tok):
        tok, repaired = tok.replace("O", "0"), True  # no O in a hexadecimal code
    sub = span.sub(words[:used])
    conf = sub.conf
    if repaired:
        conf = min(conf, REPAIRED)
    return field(tok, sub, conf)


def _code(span) -> Field:
    tok = span.words[0].text.strip(".,;:") if span.words else ""
    if len(re.sub(r"[^0-9A-Za-z]", "", tok)) >= 4 and re.search(r"\d", tok):
        return field(tok, span.sub(span.words[:1]))
    return field(None, span)


def _resultado(head: str, body: str) -> Field:
    text = head + " " + body
    # 'POSITIVA COM EFEITOS DE NEGATIVA', 'POSITIVA DE DÉBITOS TRABALHISTAS COM EFEITO DE NEGATIVA'
    if re.search(r"\bpositiva\b[^.\n]{0,60}?\bcom efeitos? de (?:certidao )?negativa", text):
        return field("positiva_efeito_negativa", None, 0.95)
    if re.search(r"\bcertidao positiva\b|\bpositiva de debitos\b", head):
        return field("positiva", None, 0.95)
    if re.search(r"\b(negativa|nada consta|nao constam?|inexistencia de)\b", head):
        return field("negativa", None, 0.95)
    if re.search(r"\bcertificado de regularidade\b", head) and not re.search(r"\birregular", text):
        return field("negativa", None, 0.9)  # a CRF is issued only to who is regular
    if re.search(r"\bconstam? (pendencias|debitos|registros?|acoes|protestos|anotac)", body) and \
            not re.search(r"\bnao constam? (pendencias|debitos|registros?|acoes|protestos|anotac)", body):
        return field("positiva", None, 0.85)
    if re.search(r"\b(nao constam?|nada consta|situacao: negativa|encontra-se em situacao regular|"
                 r"regular perante)\b", body):
        return field("negativa", None, 0.9)
    return field(None)


# what a criminal record certificate finds: a record, a conviction, a proceeding ...
_RECORD = r"(?:registros?|anotac|antecedentes?|condenac|processos?|inqueritos?|mandados?|ocorrencias?|acoes|feitos)"
_CONSTA = re.compile(r"\bconstam?\b")
# 'CONSTA(M) o(s) seguinte(s) registro(s)': a record right after it, past articles
_RECORD_AFTER = re.compile(r"[\s(),:]*(?:m\)\s*)?(?:(?:o|a|os|as|o\(s\)|a\(s\)|seguintes?|seguinte\(s\))\s+)*" + _RECORD)
_NEGATION = re.compile(r"\b(?:nao|nada)\s*$")


def _antecedentes(body: str) -> Field:
    """What the certificate finds. A 'consta' is what it says only where no 'não' or 'nada'
    stands right before it ('NÃO CONSTA condenação', 'nada consta'): said with a record after
    it ('constam os seguintes registros'), it is a finding; said bare, a finding for review. A
    certificate that says both is for review too."""
    clear = bool(re.search(r"\bnao ha (registro|anotac|antecedente)", body))
    found = plain = False
    for m in _CONSTA.finditer(body):
        if _NEGATION.search(body[max(0, m.start() - 8):m.start()]):
            clear = True
        elif _RECORD_AFTER.match(body, m.end(), m.end() + 60):
            found = True
        else:
            plain = True
    if clear and not found:
        return field("nada_consta", None, 0.95)
    if found and not clear:
        return field("consta", None, 0.9)
    if plain and not clear:
        return field("consta", None, 0.6)  # 'consta' with nothing after it to say what
    return field(None)


def _emissao(r: Reader) -> Field:
    f = lookup(r, "data_emissao", date_field)
    if f.value is not None:
        return f
    fl = r.flow()
    m = re.search(r"\b(emitid[ao]|expedid[ao]|informacao obtida|gerad[ao])\b[^\n]{0,40}?(?:do dia|em|dia)\s+", fl.folded)
    if m:
        ds = nz.find_dates(fl.text[m.end():m.end() + 30])
        if ds:
            return fl.field(ds[0][0], m.end() + ds[0][1], m.end() + ds[0][2])
    return closing_date(r)


def _validity(span) -> Field:
    """A validity's last day: the date in the cell, or the end of a period printed there
    ('20/02/2026 a 22/03/2026')."""
    ds = nz.find_dates(span.text) if span else []
    if not ds:
        return field(None, span)
    pick = ds[0]
    if len(ds) > 1 and re.fullmatch(r"\s*(a|ate|até)\s*", span.text[ds[0][2]:ds[1][1]]):
        pick = ds[1]
    return field(pick[0], span_of(span, pick[1], pick[2]))


def _validade(r: Reader, emissao: Field | None = None) -> Field:
    f = in_order(r, "validade", _validity, lines=1)
    if f.value is not None:
        return f
    return validity_in_prose(r, emissao)
