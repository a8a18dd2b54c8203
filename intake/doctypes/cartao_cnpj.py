"""Comprovante de inscrição e de situação cadastral (CNPJ) and comprovante de inscrição
estadual: holder, CNAE codes (main and secondary), situation, MEI.

Labels are the vocabularies' (intake/doctypes/cartao_cnpj.yaml, inscricao_estadual.yaml):
each field is read from its label's cell first, then by the layout lookups over the same
spellings; the activity boxes are found by the spellings of 'cnae'."""

from __future__ import annotations

import re
from typing import cast

from domain.documents import Field, RowRead
from domain.ids.text import DIGIT_FOR_LETTER
from intake import normalize as nz
from intake.page.layout import Span
from intake.reading.identifiers import REPAIRED, doc_checked
from intake.reading.values import date_field, field, first, name_field, text_field
from intake.doctypes._common import Reader
from intake.doctypes.generic import lookup, sole_cnpj, spellings, text_in

TYPES = ("cartao_cnpj", "inscricao_estadual")

# 4929-9/02, 49.29-9-02, 4929902
_CNAE = re.compile(r"(?<![\d.,])(\d{2})[.,]?(\d{2})\s?-\s?(\d)\s?[-/]\s?(\d{2})(?!\d)")  # (OCR: ',' for '.')


# After OCR: a code with a letter where its digits are ('A929-9/02'); every position is a digit
_CNAE_LOOSE = re.compile(r"(?<![\w.,])([0-9A-Z]{2})[.,]?([0-9A-Z]{2})\s?-\s?([0-9A-Z])\s?[-/]\s?([0-9A-Z]{2})(?!\w)")
_AS_DIGIT = str.maketrans(DIGIT_FOR_LETTER)


def cnae_repaired(text: str) -> str | None:
    """The CNAE code of a word OCR misread by one letter-for-digit confusion, or None."""
    m = _CNAE_LOOSE.fullmatch(text.strip(".,;"))
    if not m or sum(c.isdigit() for c in "".join(m.groups())) < 6:
        return None
    g = [x.translate(_AS_DIGIT) for x in m.groups()]
    if not all(x.isdigit() for x in g):
        return None
    return f"{g[0]}{g[1]}-{g[2]}/{g[3]}"


def cnae_codes(text: str) -> list[str]:
    out = []
    for m in _CNAE.finditer(text):
        code = f"{m.group(1)}{m.group(2)}-{m.group(3)}/{m.group(4)}"
        if code not in out:
            out.append(code)
    return out


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, doc_type)
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["titular_nome"] = lookup(r, "titular_nome", name_field)
    out["titular_documento"] = first(lookup(r, "titular_documento", lambda s: doc_checked(s, ocr)), sole_cnpj(r))
    out["situacao"] = lookup(r, "situacao", _situacao, x_parse=_situacao, lines=1)
    out["data_emissao"] = lookup(r, "data_emissao", date_field)
    if out["data_emissao"].value is None:
        fl = r.flow()
        m = re.search(r"\bemitid[oa][\s.]+(?:no dia|em)\s+", fl.folded)
        if m:
            ds = nz.find_dates(fl.text[m.end():m.end() + 30])
            if ds:
                out["data_emissao"] = fl.field(ds[0][0], m.end() + ds[0][1], m.end() + ds[0][2])
    out["cnae"] = _cnae(r)
    if doc_type == "cartao_cnpj":
        out["data_abertura"] = lookup(r, "data_abertura", date_field)
        out["natureza_juridica"] = lookup(r, "natureza_juridica", text_field, x_parse=text_in(r), lines=1)
        text = nz.fold(r.layout.text)
        mei = bool(re.search(r"\bmicroempreendedor individual\b|\bmei\b|\bsimei\b", text))
        out["mei"] = field(True, None, 0.9) if mei else field(None)
    else:
        out["numero"] = lookup(r, "numero", _inscricao, x_parse=_inscricao, ordered=True)
    return out


def _situacao(s) -> Field:
    # (a text that starts with a letter is not blank: spaces() gives a str)
    return field(cast(str, nz.spaces(s.text)).upper(), s) if re.match(r"[A-Za-zÀ-ÿ]", s.text) else field(None, s)


def _inscricao(s) -> Field:
    """The state registration number: the first word, when it holds three digits."""
    return field(s.words[0].text.strip(".,;"), s.sub(s.words[:1])) if re.search(r"\d{3}", s.words[0].text) \
        else field(None, s)


def _cnae(r: Reader) -> Field:
    """The CNAE codes printed in the activity boxes (main first), else anywhere. Each code's own
    certainty is kept as its row: an illegible secondary code leaves the list unsure (a code
    may be missing from it) but not a code read sure (the rules ask whether one is there)."""
    spans: list[Span] = []
    for lab in spellings(r, "cnae"):
        for hit in r.layout.find(lab, whole=True):
            sp = r.layout.auto(hit, lines=8, max_dy=0.03)
            if sp and cnae_codes(sp.text) and all(sp is not s for s in spans):
                spans.append(sp)
    found: dict[str, float] = {}  # code -> its best read, in the order printed
    unread: list[float] = []  # code lines whose code is illegible: the list is incomplete
    for sp in spans:
        for w in sp.words:  # the certainty of the codes, not of their descriptions
            for c in cnae_codes(w.text):
                found[c] = max(found.get(c, 0.0), w.conf)
        for c in cnae_codes(sp.text):  # a code cut over two words
            found.setdefault(c, min(sp.conf, 0.5))
    if r.ocr:
        for line in _code_lines(r, spans):
            first = line[0].text
            if cnae_codes(first):
                continue
            fixed = cnae_repaired(first)
            if fixed:
                found.setdefault(fixed, min(line[0].conf, REPAIRED))
            else:
                unread.append(0.5)
    if found:
        f = field(list(found), spans[0], min([*found.values(), *unread]))
        if not r.ocr:
            return f
        return f.model_copy(update={"rows": [RowRead(confidence=round(c, 4), document_confidence=round(c, 4))
                                             for c in found.values()]})
    all_codes = cnae_codes(r.layout.text)
    return field(all_codes, None, 0.75) if all_codes else field(None)


def _code_lines(r: Reader, spans: list[Span]) -> list[tuple]:
    """The rows of the activity boxes that read 'CODE - description' (the code's word first)."""
    out = []
    for sp in spans:
        y0, y1 = sp.bbox[1] - 0.002, sp.bbox[3] + 0.002
        for row in r.layout.rows[sp.page]:
            cy = (row.y0 + row.y1) / 2
            ws = row.words
            if y0 <= cy <= y1 and len(ws) >= 3 and ws[1].text in ("-", "—", "–") \
                    and not re.fullmatch(r"\d{3}-\d", ws[0].text):
                out.append(ws)
    return out
