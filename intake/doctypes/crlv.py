"""CRLV: the CRLV-e grid (2020 DENATRAN and 2025 SENATRAN eras: small labels above value
boxes, read by position) and the older paper CRLV ("LABEL: value" lines in another order).
Each label is tried as a grid box first and as `LABEL: value`; the layout decides which one
yields a value. Also the CRV (same labels, no licensing data)."""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

from intake import normalize as nz
from intake.page.layout import Span
from intake.reading.identifiers import MISREAD, cnpj_alnum_repair, doc_checked, ident_in, vin_in
from intake.reading.values import UNSURE, cap, ocr_text, first, date_field, field, lotacao_field, name_field
from intake.doctypes._common import Reader
from intake.reading import shapes
from intake.reading.shapes import printed
from intake.reading.vocabulary import vocabulary
from ocr.model import Word
from domain.documents import Field
from domain.ids import placa as placa_id

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


_year = shapes.year
_years = shapes.years


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
    if ocr and not changed and value in CATEGORIAS and len(value) >= 6 and conf >= 0.4:
        # a word of the closed list read letter for letter: no other category is a slip away
        conf = max(conf, 0.9)
    return field(value, span, conf)


def _especie(span: Span | None, ocr: bool) -> Field:
    if not span:
        return field(None)
    text = nz.spaces(span.text.replace(" / ", "/"))
    if not text or not re.search(r"[A-Za-z]{3}", text) or re.fullmatch(r"/?\s*TIP\w?", text.upper()):
        return field(None, span)  # nothing, or the rest of its own label ('ESPÉCIE / TIPQ')
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


def _especie_as_printed(et: Field) -> Field:
    """An OCR'd espécie/tipo as printed, where OCR cannot tell: a capital's accent that the
    vocabulary's words are printed with and without ('ÔNIBUS' / 'ONIBUS': OCR puts it on and takes
    it off), a slash spaced on one side only ('PASSAGEIRO /MICRO-ÔNIBUS'). The tipo it names is
    sure all the same (tipo_veiculo reads it without accents)."""
    v = shapes.ONE_SIDED_SLASH.sub("/", et.value)
    accented = {nz.fold(w) for t in vocabulary("crlv").values.get("tipo", ()) for w in re.split(r"[\s/\-]+", t)
                if shapes.ACCENTED.search(w)}
    coin = any(nz.fold(w) in accented for w in re.split(r"[\s/\-]+", v.upper()))
    f = et.model_copy(update={"value": v})
    return cap(f, UNSURE) if coin or v != et.value else f


def _with_tipo(et: Field, ocr: bool) -> dict[str, Field]:
    """The espécie/tipo and the tipo it names."""
    tipo = tipo_veiculo(et.value)
    out = {"especie_tipo": et,
           "tipo_veiculo": field(tipo, None, et.confidence, page=et.page, bbox=et.bbox) if tipo else field(None)}
    if et.value and tipo is None:  # an espécie without its tipo: read only in part
        out["especie_tipo"] = field(et.value, None, min(et.confidence, 0.6), page=et.page, bbox=et.bbox)
    elif et.value and ocr:
        out["especie_tipo"] = _especie_as_printed(et)
    return out


def derive(fields: dict[str, Field], ocr: bool) -> dict[str, Field]:
    """The tipo of an espécie/tipo read after the parser (intake/doctypes: by its value)."""
    et, tipo = fields.get("especie_tipo"), fields.get("tipo_veiculo")
    if et is None or et.value is None or tipo is None or tipo.value is not None:
        return fields
    return {**fields, **_with_tipo(et, ocr)}


def tipo_veiculo(especie: str | None) -> str | None:
    """onibus, microonibus or outro from the espécie/tipo; None when it names no tipo at all
    ('PASSAGEIRO' cut short is no evidence that the vehicle is not a bus)."""
    if not especie:
        return None
    k = nz.key(especie).replace(" ", "")
    if "microonibus" in k or "micro" in k and "onibus" in k:
        return "microonibus"
    if "onibus" in k:
        return "onibus"
    tipos = {nz.key(t).replace(" ", "") for t in vocabulary("crlv").values.get("tipo", ())}
    return "outro" if any(t in k for t in tipos) else None


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


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, "crlv")  # a CRV prints the CRLV's vehicle labels
    x = r.x
    ocr = r.ocr
    out: dict[str, Field] = {}

    out["renavam"] = first(x.field("renavam"), r.grab_field("renavam", lambda s: ident_in(s, "renavam", ocr)))
    out["placa"] = _placa(r, ocr)
    out["chassi"] = first(x.field("chassi"), r.grab_field("chassi", lambda s: vin_in(s, ocr)))
    for name in ("renavam", "chassi"):  # their small labels lost on a scan or a photo
        if out[name].value is None:
            out[name] = x.by_shape(name)
    if doc_type == "crlv":
        out["exercicio"] = first(x.field("exercicio"), r.grab_field("exercicio", _year))
    fab = first(x.field("ano_fabricacao"), r.grab_field("ano_fabricacao", _year))
    mod = first(x.field("ano_modelo"), r.grab_field("ano_modelo", _year))
    if fab.value is None or mod.value is None:
        cands = x.candidates("ano_fab_mod", lambda s: _years(s)[0])
        if cands:
            best = max(cands, key=lambda c: c.confidence)
            f2, m2 = _years(best.region.span)
            fab = fab if fab.value is not None else cap(f2, best.confidence)
            mod = mod if mod.value is not None else cap(m2, best.confidence)
    if fab.value is None and isinstance(mod.value, int):
        fab = _year_near(r, mod.value)
    out["ano_fabricacao"], out["ano_modelo"] = fab, mod

    if doc_type == "crlv":
        out["categoria"] = first(x.field("categoria"), r.grab_field("categoria", lambda s: _categoria(s, ocr)))
        out["especie_tipo"] = first(x.field("especie_tipo"),
                                    r.grab_field("especie_tipo", lambda s: _especie(s, ocr)))
        if out["especie_tipo"].value is None:
            out["especie_tipo"] = _especie_anywhere(r)
        out.update(_with_tipo(out["especie_tipo"], ocr))
        out["lotacao"] = first(x.field("lotacao"), r.grab_field("lotacao", lotacao_field), _lotacao_in_box(r))

    out["proprietario_nome"] = x.field_or("proprietario_nome",
                                          r.grab_field("proprietario_nome", name_field))
    if out["proprietario_nome"].value is None:
        out["proprietario_nome"] = _nome_above_doc(r)
    out["proprietario_documento"] = cnpj_alnum_repair(first(
        x.field("proprietario_documento"),
        r.grab_field("proprietario_documento", lambda s: doc_checked(s, ocr))), ocr)
    if out["proprietario_documento"].value is None:  # 'CPF/CNPJ' misread on a scan: the one CPF/CNPJ printed
        out["proprietario_documento"] = x.by_shape("proprietario_documento")
    out["data_emissao"] = first(x.field("data_emissao"),
                                r.grab_field("data_emissao", date_field))
    out["municipio"] = first(x.field("municipio"), r.grab_field("municipio", _municipio))

    if doc_type == "crlv":
        out.update(_observacoes(r))
        codes = r.codes()
        out["qr_code"] = field(bool(codes), None, 1.0 if codes or not ocr else 0.6,
                               page=next((p.number for p in ext.pages if p.codes), None))
    return out


_PLACES = re.compile(r"([0-9OQDIL]{1,3})\s?P")
_PLACES_FIRST = re.compile(r"([0-9OQDIL]{1,3})\s?P(?=[|Il1])")  # (the slash after it misread)


def _lotacao_in_box(r: Reader) -> Field:
    """Lotação printed only in a box of several quantities, its values joined as their names
    are ('CAP/POT/CIL' over '046P/310CV/9290' or '044P/0230CV'): the part at the place of its
    name (CAP, LOT) among the label's names, where it prints as places (digits and P). A
    capacity without the P is cargo tonnage, never passengers."""
    for c in r.x.candidates("cap_pot_cil", lambda s: field(s.text, s) if s else field(None)):
        names = c.region.label.key.split()
        at = next((i for i, n in enumerate(names) if n.startswith(("cap", "lot"))), None)
        span = c.region.first
        text = span.text.strip().upper()
        parts = [p.strip() for p in text.split("/")]
        conf = c.confidence
        # (a quantity not printed leaves the parts before it in place: '044P/0230CV', no CIL)
        m = _PLACES.fullmatch(parts[at]) if at is not None and at < len(parts) <= len(names) else None
        if m is None and at == 0 and r.ocr:
            m = _PLACES_FIRST.match(text)  # '044P1211CV14800': the slashes misread, the places first
            conf = min(conf, UNSURE)
        if m is None:
            continue
        digits = m.group(1)
        if not digits.isdigit():  # 'O44P': OCR's letter for a digit
            digits = "".join(nz.TO_DIGIT.get(ch, ch) for ch in digits)
            conf = min(conf, UNSURE)
        v = int(digits)
        if v <= 150:
            return field(v, span, conf)
    return field(None)


_LABELS = {nz.key(x) for x in (
    "CARROCERIA", "NOME", "CPF / CNPJ", "LOCAL", "DATA", "MOTOR", "CMT", "EIXOS", "LOTAÇÃO", "CATEGORIA",
    "CAPACIDADE", "NAO APLICAVEL", "TRANSPORTE DE ESCOLARES")}


def _nome_above_doc(r: Reader) -> Field:
    """The owner's name when its small 'NOME' label is unreadable: in the grid it is the value
    printed just above the 'CPF / CNPJ' box, in the same column."""
    # (the grid's own box, a place to look above, not a label read for its value: a bare 'CNPJ'
    # the field's spellings also hold is no such box)
    hit = r.layout.find_one(["CPF / CNPJ", "CPF/CNPJ"], whole=False)
    if hit is None:
        return field(None)
    rows = r.layout.rows[hit.page]
    for row in reversed(rows[max(0, hit.row - 2):hit.row]):
        words: list[Word] = []
        for w in (w for w in row.words if w.bbox[0] >= hit.bbox[0] - 0.02 and nz.key(w.text)):
            if words and w.bbox[0] - words[-1].bbox[2] > 2.0 * row.height:
                break  # the next column
            words.append(w)
        text = " ".join(w.text for w in words)
        if len(words) >= 2 and re.fullmatch(r"[A-ZÀ-Ý0-9 .&/'-]+", text) and nz.key(text) not in _LABELS \
                and re.search(r"[A-ZÀ-Ý]{3}", text) and not _under_others_label(r, row, words[0]):
            sp = Span(hit.page, tuple(words))
            # located by position, not by its label: never more than just confident
            return field(nz.name(text), sp, min(sp.conf, 0.85))
        if words:
            break
    return field(None)


def _under_others_label(r: Reader, row, w: Word) -> bool:
    """Whether the word is a box's value under a label of something else printed on the row
    above ('PROPRIETÁRIO ANTERIOR' over a former owner's name)."""
    return any("proprietario_nome" not in lab.fields and abs(lab.words[0].bbox[0] - w.bbox[0]) <= row.height
               for lab in r.x.labels.by_row.get((row.page, row.index - 1), ()))


def _observacoes(r: Reader) -> dict[str, Field]:
    """The vehicle's observations as printed, and whether they record a lien: 'AL FID:<CREDOR>',
    'Arr.Merc:<CREDOR>', 'R DOM:' (financed or leased) or 'S/REST' (none); the vocabulary says."""
    labs = r.x.labels.of("observacoes")
    if not labs:
        hit = r.hit(r.spellings("observacoes"), whole=True)
        if hit is None:
            # no observations printed at all: nothing records a lien
            return {"observacoes": field(None),
                    "alienacao": field(False, None, 0.95 if not r.ocr else 0.85)}
        span = r.layout.auto(hit, lines=3, max_dy=0.03)
        where = (hit.page, hit.bbox)
    else:
        lab = labs[0]
        regions = r.x.regions(lab, 3)
        span = regions[0].span if regions else None
        where = (lab.page, lab.bbox)
    if span:  # specks OCR read from dust left out; pieces of one printed word kept together
        span = span.sub([w for w in span.words if ocr_text(span.sub([w]))]) or span
    text = nz.spaces(printed(span)) if span else None
    if text and (set(text) <= set("* .-") or _is_label(text)):
        text, span = None, None
    lien = _lien(text)
    conf = span.conf if span else (1.0 if not r.ocr else 0.85)
    if lien is None:
        lien = False
        if text:
            conf = min(conf, 0.85)  # notes that say neither: no lien printed, not a lien denied
            if r.ocr and len(nz.key(text).replace(" ", "")) < 8:
                conf = min(conf, 0.6)  # a fragment read by OCR ('DOE'): the notes were not read
    return {"observacoes": field(text, span) if text else field(None),
            "alienacao": field(lien, span, conf, page=where[0], bbox=list(where[1]))}


def _lien(text: str | None) -> bool | None:
    """True when the notes record a lien (fiduciary alienation, leasing, reservation of title),
    False when they say there is none ('S/REST'), None when they say neither."""
    if not text:
        return None
    voc = vocabulary("crlv").values
    k = " " + nz.key(text) + " "
    if any(" " + nz.key(v) + " " in k for v in voc.get("lien", ())) or LIEN.search(nz.fold(text)):
        return True
    if any(" " + nz.key(v) + " " in k for v in voc.get("no_lien", ())):
        return False
    return None


def _is_label(text: str) -> bool:
    k = nz.key(text)
    return k.startswith(("mensagens", "informacoes do seguro", "dados do seguro"))


# ---------------------------------------------------------------- the plate and the plate before it

def _placa(r: Reader, ocr: bool) -> Field:
    """The plate; after OCR weighed against the plate printed under PLACA ANTERIOR: a Mercosul
    plate converted from an old one is that plate with its 5th digit made a letter (0->A ...
    9->J), so both boxes print one plate, in glyphs OCR confuses differently."""
    # (the label's first word, whatever follows it: every spelling of the box that opens with it)
    hits = [h for h in r.layout.find("PLACA", whole=False) if not _anterior(r, h)]
    hits.sort(key=lambda h: (-round(h.score, 3), h.page, h.row))
    cur, raw = field(None), None
    found = r.x.field("placa")
    for h in hits:
        for span in (r.layout.auto(h), r.layout.below(h)):
            if not span or not span.words:
                continue
            w0 = span.words[0]
            if raw is None and 6 <= len(re.sub(r"[^A-Za-z0-9]", "", w0.text)) <= 8 \
                    and nz.key(w0.text) not in _LABELS | {"exercicio", "anterior"}:
                raw = (w0.text, w0.conf, span)  # the plate as read, however badly
            f = ident_in(span, "placa", ocr)
            if f.value is not None:
                cur = f
                break
        if cur.value is not None:
            break
    if found.value is not None:
        cur = found  # the plate in the PLACA box, by the page's geometry
    if not ocr:
        return cur
    prev = _previous(r)
    if prev is None:
        return cur
    conv, prev_conf, prev_span = prev
    if cur.value == conv:
        # two boxes, two glyph sets, one plate
        lifted = 0.9 if min(cur.confidence, prev_conf) >= 0.4 else max(cur.confidence, prev_conf)
        return cur.model_copy(update={"confidence": round(max(cur.confidence, prev_conf, lifted), 4)})
    text = re.sub(r"[^A-Za-z0-9]", "", raw[0]).upper() if raw else ""
    agree = placa_id.agreement(text, conv)
    span = raw[2] if raw else prev_span
    if agree == 7:
        c = min(prev_conf, 0.85)
        if cur.value is not None and cur.value == nz.placa(prev_span.text.split("/")[0]):
            c = min(c, UNSURE)  # read as the old plate itself: converted or not, unsure
        return field(conv, span.sub(span.words[:1]), c)
    if agree == 6:
        return field(conv, span.sub(span.words[:1]), min(prev_conf, UNSURE))
    if (cur.value is None and not text) or (cur.confidence < MISREAD and agree >= 5):
        return field(conv, prev_span, min(prev_conf, MISREAD))  # the old plate is all that was read
    if cur.value is not None and agree >= 5:
        # the two boxes spell one plate but for a character or two ('IHR0A91' beside the old
        # 'IHR6091'): one of them misread, and nothing says which
        return cap(cur, UNSURE)
    return cur


def _anterior(r: Reader, h) -> bool:
    row = r.layout.rows[h.page][h.row]
    nxt = row.words[h.end].text if h.end < len(row.words) else ""
    return nz.key(nxt).startswith("anter")


def _previous(r: Reader):
    """(the Mercosul form of the old plate under PLACA ANTERIOR, its read's confidence, span)."""
    for h in r.layout.find("PLACA ANTERIOR", whole=False):  # (and 'PLACA ANTERIOR / UF' it opens)
        for span in (r.layout.below(h), r.layout.auto(h)):  # a grid's box, or 'LABEL value'
            if not span or not span.words:
                continue
            w = span.words[0]
            old = nz.placa(w.text.split("/")[0])
            if old and placa_id.is_old(old):
                return placa_id.to_mercosul(old), w.conf, span.sub([w])  # (0 -> A ... 9 -> J)
    return None


def _year_near(r: Reader, modelo: int) -> Field:
    """ANO FABRICAÇÃO read with one digit wrong ('2915' beside ANO MODELO 2015): the one year a
    single digit away that the model year admits (the same year or the one before). A hint only."""
    for h in r.layout.find("ANO FABRICAÇÃO", whole=False):  # (and 'ANO FABRICAÇÃO / MODELO' it opens)
        span = r.layout.auto(h)
        if not span or not span.words:
            continue
        w = span.words[0]
        t = w.text.strip(".,;:|")
        if not re.fullmatch(r"\d{4}", t):
            continue
        near = {int(t[:i] + d + t[i + 1:]) for i in range(4) for d in "0123456789" if d != t[i]}
        fits = near & {modelo, modelo - 1}
        if len(fits) == 1:
            return field(fits.pop(), span.sub([w]), min(w.conf, UNSURE))
    return field(None)
