"""CRLV: the CRLV-e grid (2020 DENATRAN and 2025 SENATRAN eras: small labels above value
boxes, read by position) and the older paper CRLV ("LABEL: value" lines in another order).
Each label is tried as a grid box first and as `LABEL: value`; the layout decides which one
yields a value. Also the CRV (same labels, no licensing data)."""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

from intake import normalize as nz
from intake.layout import Span
from intake.parsers._common import (
    Reader, date_field, doc_field, field, ident_in, int_field, name_field, span_of,
)
from validators.documents import Field

TYPES = ("crlv", "crv")

CATEGORIAS = ("ALUGUEL", "PARTICULAR", "OFICIAL", "APRENDIZAGEM", "DIPLOMATICO", "COLECAO",
              "EXPERIENCIA", "FABRICANTE", "MISSAO DIPLOMATICA", "CORPO CONSULAR", "ORGANISMO INTERNACIONAL")
ESPECIE_WORDS = ("PASSAGEIRO", "CARGA", "MISTO", "COMPETICAO", "TRACAO", "ESPECIAL", "COLECAO",
                 "ONIBUS", "MICROONIBUS", "MICRO-ONIBUS", "AUTOMOVEL", "CAMIONETA", "CAMINHONETE",
                 "UTILITARIO", "MOTOCICLETA", "MOTONETA", "CAMINHAO", "REBOQUE", "SEMI-REBOQUE",
                 "CICLOMOTOR", "TRATOR", "QUADRICICLO", "TRICICLO", "CAMINHAO TRATOR")
UFS = {"AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB",
       "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO"}
LIEN = re.compile(r"\b(alf|aliena\w*|arrendamento|arrend|leasing|reserva de dominio|penhor)\b")


def _year(span: Span | None) -> Field:
    if not span:
        return field(None)
    m = re.search(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)", span.text)
    if m:
        return field(int(m.group(1)), span_of(span, m.start(), m.end()))
    # OCR split a year in two ('201 9'): a box holding only digits
    joined = re.sub(r"\s+", "", span.text)
    if re.fullmatch(r"(19[5-9]\d|20\d\d)", joined):
        return field(int(joined), span, span.conf * 0.95)
    return field(None, span)


def _years(span: Span | None) -> tuple[Field, Field]:
    """'2019/2020' under ANO FAB./MODELO."""
    if not span:
        return field(None), field(None)
    ms = list(re.finditer(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)", span.text))
    if len(ms) < 2:
        return field(None), field(None)
    return (field(int(ms[0].group(1)), span_of(span, ms[0].start(), ms[0].end())),
            field(int(ms[1].group(1)), span_of(span, ms[1].start(), ms[1].end())))


def _vocab_fix(text: str, vocab, cutoff: int = 85) -> tuple[str, bool]:
    """OCR repair of a word against a closed vocabulary; (text, changed)."""
    k = nz.fold(text).upper()
    if k in vocab:
        return text, False
    hit = process.extractOne(k, vocab, scorer=fuzz.ratio, score_cutoff=cutoff)
    return (hit[0], True) if hit else (text, False)


def _categoria(span: Span | None, ocr: bool) -> Field:
    if not span:
        return field(None)
    raw = nz.fold(span.text).upper().strip(" .:*")
    if not raw or set(raw) <= {"*"}:
        return field(None, span)
    value, changed = _vocab_fix(raw, CATEGORIAS)
    if changed and not ocr:
        value = raw  # a text layer says what it says
    conf = span.conf * (0.9 if changed else 1.0)
    return field(value, span, conf)


def _especie(span: Span | None, ocr: bool) -> Field:
    if not span:
        return field(None)
    text = nz.spaces(span.text.replace(" / ", "/"))
    if not text or not re.search(r"[A-Za-z]{3}", text):
        return field(None, span)
    conf = span.conf
    if ocr:
        out = []
        for part in re.split(r"(\s+|/)", text):
            if part.strip() and part != "/" and len(part) >= 4:
                fixed, changed = _vocab_fix(part, ESPECIE_WORDS)
                if changed:
                    part, conf = fixed, conf * 0.95
            out.append(part)
        text = "".join(out)
    return field(text, span, conf)


_ESPECIE_RE = re.compile(r"^(PASSAGEIRO|PASSAG|CARGA|MISTO|ESPECIAL)\s*/?\s*(ONIBUS|ÔNIBUS|MICROONIBUS|MICROÔNIBUS|"
                         r"MICRO-ONIBUS|MICRO-ÔNIBUS|AUTOMOVEL|AUTOMÓVEL|CAMIONETA|CAMINHONETE|UTILITARIO|"
                         r"UTILITÁRIO|CAMINHAO|CAMINHÃO|MOTOCICLETA)$")


def _especie_anywhere(r: Reader) -> Field:
    """'PASSAGEIRO ONIBUS' printed alone in a box whose label was unreadable."""
    for sp in r.segments():
        t = nz.spaces(sp.text.upper())
        if t and _ESPECIE_RE.match(t):
            return field(t, sp, min(sp.conf, 0.85))
    return field(None)


def tipo_veiculo(especie: str | None) -> str | None:
    if not especie:
        return None
    k = nz.key(especie).replace(" ", "")
    if "microonibus" in k or "micro" in k and "onibus" in k:
        return "microonibus"
    if "onibus" in k:
        return "onibus"
    return "outro"


def _municipio(span: Span | None) -> Field:
    if not span:
        return field(None)
    words = [w for w in span.words if nz.key(w.text)]  # stray '|' of a box edge
    # 'PORTO ALEGRE RS 15/01/2026': drop a date and the UF that follow the town
    while words and (nz.find_dates(words[-1].text) or re.fullmatch(r"[\d/.\-]+", words[-1].text)):
        words.pop()
    if words and words[-1].text.strip("/-").upper() in UFS and len(words) > 1:
        words.pop()
    text = nz.spaces(" ".join(w.text for w in words))
    if text and "/" in text and text.rsplit("/", 1)[1].upper() in UFS:
        text = text.rsplit("/", 1)[0]
    if not text or not re.search(r"[A-Za-zÀ-ÿ]{3}", text):
        return field(None, span)
    return field(text.upper(), span.sub(words))


def _lotacao(span: Span | None) -> Field:
    if not span:
        return field(None)
    m = re.search(r"(?<!\d)(\d{1,3})\s*(?:P\b|PASS|LUGARES|$)", span.text.upper())
    if not m:
        return int_field(span, 1, 150)
    v = int(m.group(1))
    return field(v, span) if 1 <= v <= 150 else field(None, span)


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    ocr = r.ocr
    out: dict[str, Field] = {}

    out["renavam"] = r.grab(["CÓDIGO RENAVAM", "COD. RENAVAM", "CÓD. RENAVAM", "RENAVAM"],
                            lambda s: ident_in(s, "renavam", ocr))
    out["placa"] = r.grab(["PLACA"], lambda s: ident_in(s, "placa", ocr))
    out["chassi"] = r.grab(["CHASSI", "CHASSI / VIN", "VIN"], lambda s: ident_in(s, "chassi", ocr))
    if doc_type == "crlv":
        out["exercicio"] = r.grab(["EXERCÍCIO", "EXERCICIO", "ANO EXERCÍCIO"], _year)
    fab = r.grab(["ANO FABRICAÇÃO", "ANO DE FABRICAÇÃO", "ANO FAB", "ANO FAB."], _year)
    mod = r.grab(["ANO MODELO", "ANO MOD", "ANO MOD."], _year)
    if fab.value is None or mod.value is None:
        both = r.grab(["ANO FAB/MOD", "ANO FAB. / MODELO", "ANO FABRICAÇÃO / MODELO", "ANO FAB./MOD."],
                      lambda s: _years(s)[0])
        if both.value is not None:
            f2, m2 = _years(r.layout.value(["ANO FAB/MOD", "ANO FAB. / MODELO", "ANO FABRICAÇÃO / MODELO"],
                                           how=("auto",)))
            fab = fab if fab.value is not None else f2
            mod = mod if mod.value is not None else m2
    out["ano_fabricacao"], out["ano_modelo"] = fab, mod

    if doc_type == "crlv":
        out["categoria"] = r.grab(["CATEGORIA"], lambda s: _categoria(s, ocr))
        out["especie_tipo"] = r.grab(["ESPÉCIE / TIPO", "ESPECIE/TIPO", "ESPÉCIE"], lambda s: _especie(s, ocr))
        if out["especie_tipo"].value is None:
            out["especie_tipo"] = _especie_anywhere(r)
        et = out["especie_tipo"]
        out["tipo_veiculo"] = field(tipo_veiculo(et.value), None, et.confidence,
                                    page=et.page, bbox=et.bbox) if et.value else field(None)
        out["lotacao"] = r.grab(["LOTAÇÃO", "LOTACAO", "LOTAÇÃO (PASSAGEIROS)"], _lotacao)

    out["proprietario_nome"] = r.grab(["NOME", "NOME DO PROPRIETÁRIO", "PROPRIETÁRIO"], name_field)
    if out["proprietario_nome"].value is None:
        out["proprietario_nome"] = _nome_above_doc(r)
    out["proprietario_documento"] = r.grab(["CPF / CNPJ", "CPF/CNPJ", "CNPJ / CPF"],
                                           lambda s: doc_field(s, ocr))
    out["data_emissao"] = r.grab(["DATA", "DATA DE EMISSÃO", "EMISSÃO", "DATA EMISSÃO"], date_field)
    out["municipio"] = r.grab(["LOCAL", "MUNICÍPIO"], _municipio)

    if doc_type == "crlv":
        out.update(_observacoes(r))
        codes = r.codes()
        out["qr_code"] = field(bool(codes), None, 1.0 if codes or not ocr else 0.6,
                               page=next((p.number for p in ext.pages if p.codes), None))
    return out


_LABELS = {nz.key(x) for x in (
    "CARROCERIA", "NOME", "CPF / CNPJ", "LOCAL", "DATA", "MOTOR", "CMT", "EIXOS", "LOTAÇÃO", "CATEGORIA",
    "CAPACIDADE", "NAO APLICAVEL", "TRANSPORTE DE ESCOLARES")}


def _nome_above_doc(r: Reader) -> Field:
    """The owner's name when its small 'NOME' label is unreadable: in the grid it is the value
    printed just above the 'CPF / CNPJ' box, in the same column."""
    hit = r.layout.find_one(["CPF / CNPJ", "CPF/CNPJ"], whole=False)
    if hit is None:
        return field(None)
    rows = r.layout.rows[hit.page]
    for row in reversed(rows[max(0, hit.row - 2):hit.row]):
        words = []
        for w in (w for w in row.words if w.bbox[0] >= hit.bbox[0] - 0.02 and nz.key(w.text)):
            if words and w.bbox[0] - words[-1].bbox[2] > 2.0 * row.height:
                break  # the next column
            words.append(w)
        text = " ".join(w.text for w in words)
        if len(words) >= 2 and re.fullmatch(r"[A-ZÀ-Ý0-9 .&/'-]+", text) and nz.key(text) not in _LABELS \
                and re.search(r"[A-ZÀ-Ý]{3}", text):
            sp = Span(hit.page, tuple(words))
            # located by position, not by its label: never more than just confident
            return field(nz.name(text), sp, min(sp.conf, 0.85))
        if words:
            break
    return field(None)


def _observacoes(r: Reader) -> dict[str, Field]:
    hit = r.layout.find_one(["OBSERVAÇÕES DO VEÍCULO", "OBSERVAÇÕES", "OBSERVACOES", "OBS"], whole=True)
    if hit is None:
        # no observations printed at all: nothing records a lien
        return {"observacoes": field(None),
                "alienacao": field(False, None, 0.95 if not r.ocr else 0.85)}
    span = r.layout.auto(hit, lines=3, max_dy=0.03)
    text = nz.spaces(span.text) if span else None
    if text and (set(text) <= set("* .-") or _is_label(text)):
        text, span = None, None
    lien = bool(text and LIEN.search(nz.fold(text)))
    conf = span.conf if span else (1.0 if not r.ocr else 0.85)
    return {"observacoes": field(text, span) if text else field(None),
            "alienacao": field(lien, span, conf, page=hit.page, bbox=hit.bbox)}


def _is_label(text: str) -> bool:
    k = nz.key(text)
    return k.startswith(("mensagens", "informacoes do seguro", "dados do seguro"))
