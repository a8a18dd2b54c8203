"""Apólice de seguro (RCF-V / APP for buses), in any insurer's layout: header fields by label,
the term from `das 24h de dd/mm/aaaa às 24h de dd/mm/aaaa` (or labelled dates), and the
coverages table read row by row (APP morte / invalidez, DMH, RC passageiros), each limit
taken from the LMI column and its basis (por passageiro / por veículo) from the row."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from intake import normalize as nz
from intake.page.layout import Hit, Span
from intake.reading.shapes import name as shape_name
from domain.ids.doc import find as find_docs
from intake.reading.identifiers import (
    REPAIRED, doc_field, id_valid, ident, plate_in, checked, checked_renavam, vin_in,
)
from intake.reading.values import (
    INFERRED, date_field, field, first, int_field, SURE_OCR, UNSURE, cap, name_field, period_fields, span_of, TERM_JOIN,
)
from intake.doctypes._common import Reader
from intake.reading.extract import Extractor
from intake.reading.finish import label_words_mostly
from intake.reading.stated import stated
from intake.reading.tables import HEADER_GAP, groups_over, header_runs, read_table
from intake.reading.vocabulary import label_words, vocabulary
from domain import doctypes
from domain.documents import CONFIDENT, Field, RowRead

TYPES = ("apolice_seguro",)

_INSURER = re.compile(r"\b(seguros?|seguradora|previdencia|cia\.? de seguros|companhia de seguros)\b")
_NOT_NAME = re.compile(r"\b(apolice|certificado|seguro de|seguros? de|condicoes|cobertura|vigencia|susep|cnpj|"
                       r"processo|rcf|proposta|ramo|regido|premio)\b")
_TERM = re.compile(
    r"(?:das?|de|a partir das?)\s*(?:24|00|0|12)\s*(?:h|hs|horas|:00)\w*\s*(?:do dia|de|del?)?\s*"
    r"(\d{1,2}\s?[/.\-]\s?\d{1,2}\s?[/.\-]\s?\d{2,4})\s*(?:as|a|ate|até)\s*(?:as\s*)?(?:24|00|0|12)\s*"
    r"(?:h|hs|horas|:00)\w*\s*(?:do dia|de|del?)?\s*(\d{1,2}\s?[/.\-]\s?\d{1,2}\s?[/.\-]\s?\d{2,4})")


_TERM_LOOSE = re.compile(
    r"(?:das?|de|a partir das?)\s*(?:24|00|0|12)\s*(?:h|hs|horas|:00)\w*\s*(?:do dia|de|del?)?\s*"
    r"(\d{1,2}\s?[/.\-]\s?\d{1,2}\s?[/.\-]\s?\d{2,4})\s*(?:as|a|ate|até)\s*(?:as\s*)?(?:24|00|0|12)\s*"
    r"(?:h|hs|horas|:00)\w*\s*(?:do dia|de|del?)?\s*(\d[\d\s/.\-]{6,12}\d)")


def _date_digits(text: str):
    """A dd/mm/aaaa date read with separators lost or spaced: its eight digits by position."""
    d = re.sub(r"\D", "", text)
    if len(d) != 8:
        return None
    return nz.parse_date(f"{d[:2]}/{d[2:4]}/{d[4:]}")


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, "apolice_seguro")
    x = r.x
    ocr = r.ocr
    out: dict[str, Field] = {}
    out["numero_apolice"] = first(x.field("numero_apolice"), r.grab_field(
        "numero_apolice", x.parser("numero_apolice")),  # (the field's shape: no date, no bare word)
        # a certificate's number where no policy's is printed: a hint, for a person to confirm
        cap(x.field("numero_certificado"), UNSURE))
    nome, cnpj = _seguradora(r)
    out["seguradora_nome"] = _label_or_name(r, x.field_or("seguradora_nome", nome))
    out["seguradora_cnpj"] = first(x.field("seguradora_cnpj"), cnpj)
    nome, doc = _segurado(r, out["seguradora_cnpj"].value)
    out["segurado_nome"] = x.field_or("segurado_nome", None if _broker(nome.value) else nome,
                                      parse=_not_broker(x.parser("segurado_nome")))
    doc2 = x.field("segurado_documento")
    out["segurado_documento"] = doc2 if doc2.value is not None and doc2.value != out["seguradora_cnpj"].value else doc
    brand = out["seguradora_nome"].value is not None and out["seguradora_nome"].confidence < 1.0 and \
        not _COMPANY_FORM.search(nz.fold(str(out["seguradora_nome"].value)))
    if out["seguradora_nome"].value is None or out["seguradora_cnpj"].value is None or brand:
        # no label, no SUSEP line: the company a letterhead or a footer prints with its CNPJ
        nome, cnpj = _insurer_by_cnpj(r, out["segurado_documento"].value, out["seguradora_nome"],
                                      out["seguradora_cnpj"])
        if brand and _legal_name_of(nome.value, out["seguradora_nome"].value) and \
                out["seguradora_cnpj"].value in (None, cnpj.value):
            # a trade name found by its look ('Bandeira Seguros' in a letterhead) and the legal
            # name printed with the insurer's CNPJ ('BANDEIRA SEGUROS GERAIS S.A. - CNPJ ...'):
            # the legal one, which the CNPJ ties to the company
            out["seguradora_nome"] = nome
        out["seguradora_nome"] = first(out["seguradora_nome"], nome)
        out["seguradora_cnpj"] = first(out["seguradora_cnpj"], cnpj)
    out["vigencia_inicio"], out["vigencia_fim"] = _vigencia(r, x)
    # 'Placa Chassi Renavam' may head a table: the label's right neighbour is the next heading
    # the vehicle stated in a sentence ('... o veículo placa X, chassi Y, Renavam Z, com 44 lugares'),
    # or in a fleet's table of items beside its coverages
    said = vocabulary("apolice_seguro").values
    fl = r.flow()
    fleet = _coverage_columns(r)
    item = fleet[2]
    out["placa"] = first(item.get("placa"), x.field("placa"), r.grab_field("placa", lambda s: plate_in(s, ocr)),
                         r.grab_field("placa", lambda s: plate_in(s, ocr), how="below"),
                         stated(fl, "placa", ocr, before=said.get("diz_placa", ())))
    out["chassi"] = first(item.get("chassi"), x.field("chassi"), r.grab_field("chassi", lambda s: vin_in(s, ocr)),
                          r.grab_field("chassi", lambda s: vin_in(s, ocr), how="below"),
                          stated(fl, "chassi", ocr, before=said.get("diz_chassi", ())))
    renavam = lambda s: checked_renavam(s, ocr)  # noqa: E731
    out["renavam"] = first(x.field("renavam"), r.grab_field("renavam", renavam),
                           r.grab_field("renavam", renavam, how="below"),
                           stated(fl, "renavam", ocr, before=said.get("diz_renavam", ())))
    # (a bare 'PASSAGEIROS' also names coverages: 'RESPONSABILIDADE CIVIL - PASSAGEIROS' over
    # 'ASSISTÊNCIA 24 HORAS' is no seat count, so only the vocabulary's standing labels count)
    out["assentos"] = first(x.field("assentos"), item.get("assentos"), _assentos_unit(r),
                            stated(fl, "count", ocr, before=said.get("diz_assentos", ()),
                                   after=said.get("assentos_unidade", ()), never_after=said.get("nao_assentos", ()),
                                   lo=1, hi=120))
    out.update(_coberturas(r, x, out["assentos"].value, fleet))
    if len(fleet[3]) > 1:
        out["veiculos"] = _veiculos(r, x, fleet[3])
    return out


@dataclass
class Item:
    """One row of a fleet's table: its vehicle's cells by role, its coverages' amounts by kind
    (as _coberturas takes them) and how sure each column's cells were."""

    vehicle: dict[str, Field]
    amounts: dict[str, list[tuple[float, Span, str | None]]]
    caps: dict[str, float]


# a fleet's row as the packet's vehicle may take it (validators/fleet_row.py)
ITEM_FIELDS = tuple(doctypes.fields("apolice_seguro")["veiculos"]["columns"])


def _veiculos(r: Reader, x: Extractor, items: list[Item]) -> Field:
    """A fleet's vehicles, one entry per row of its table: the row's plate, chassis, seats and
    coverages read as if the policy insured that vehicle alone. An entry's confidence is its
    least sure cell; its document_confidence the plate's."""
    values, reads = [], []
    for item in items[:60]:
        seats = item.vehicle.get("assentos")
        row = _coberturas(r, x, seats.value if seats else None, (item.amounts, item.caps, {}, []))
        row.update(item.vehicle)
        plate = row.get("placa")
        if plate is None or plate.value is None:
            continue
        cells = {k: row[k] for k in ITEM_FIELDS if k in row and row[k].value is not None}
        values.append({k: f.value for k, f in cells.items()})
        boxes = [f.bbox for f in cells.values() if f.bbox and f.page == plate.page]
        box = [min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
               max(b[3] for b in boxes)] if boxes else None  # the row, where a finding points
        reads.append(RowRead(confidence=round(min(f.confidence for f in cells.values()), 4),
                             document_confidence=round(plate.confidence, 4), page=plate.page, bbox=box))
    if not values:
        return field(None)
    return Field(value=values, confidence=min(rr.confidence for rr in reads), page=reads[0].page, rows=reads)


def _label_or_name(r: Reader, name: Field) -> Field:
    """'SEGURADORA CRUZEIRO DO SUL S.A.' printed as one line, no colon or dash after its first
    word anywhere: a label and its value, or the name itself ('Seguradora Cruzeiro do Sul');
    nothing says which, so the value read is unsure."""
    if name.value is None or name.confidence < CONFIDENT:
        return name
    if name.bbox is None or name.page not in r.layout.rows:
        return name
    for row in r.layout.rows[name.page]:
        at = [i for i, w in enumerate(row.words) if abs(w.bbox[0] - name.bbox[0]) < 0.002
              and abs(w.bbox[1] - name.bbox[1]) < 0.004]
        if not at or at[0] == 0:
            continue
        before = row.words[at[0] - 1]
        # the word before it a word's space away (no column's gap), 'SEGURADORA' with no colon
        if nz.key(before.text) == "seguradora" and not before.text.rstrip().endswith((":", "-")) and \
                row.words[at[0]].bbox[0] - before.bbox[2] < 1.0 * (before.bbox[3] - before.bbox[1]):
            return cap(name, UNSURE)
    return name


def _legal_name_of(legal, trade) -> bool:
    """Whether a company's legal name ('BANDEIRA SEGUROS GERAIS S.A.') is the one a trade name
    ('Bandeira Seguros') stands for: it has a company's form and opens with the trade name's
    first word."""
    if not isinstance(legal, str) or not isinstance(trade, str) or not _COMPANY_FORM.search(nz.fold(legal)):
        return False
    a, b = nz.key(legal).split(), nz.key(trade).split()
    return bool(a and b) and a[0] == b[0] and len(a) > len(b)


def _broker(value) -> bool:
    """Whether a name is a broker's ('... Corretora de Seguros Ltda'): a broker is never the insured."""
    return isinstance(value, str) and _has(nz.fold(value), "corretor")


def _not_broker(parse):
    """A name parser that takes no broker's name: a broker's block may stand where the insured's
    is looked for ('CORRETOR' / 'Nome: ...' under the insured's block)."""
    def parse_insured(span: Span | None) -> Field:
        f = parse(span)
        return field(None, span) if _broker(f.value) else f
    return parse_insured


def _seguradora(r: Reader) -> tuple[Field, Field]:
    name = r.grab_field("seguradora_nome", name_field)
    if name.value is not None and not _INSURER.search(nz.fold(name.value)) and \
            not re.search(r"\b(s\.?\s?a\.?|s/a|companhia|cia)\b", nz.fold(name.value)):
        name = field(None)  # an insurer's name says what it is; anything else was misread
    segs = r.segments()
    # the insurer's CNPJ sits beside its SUSEP code; its name on that row or the one above
    cnpj = field(None)

    def brokers(i: int) -> bool:
        """A broker's SUSEP line: it names the broker, or it names no insurer under a broker's
        name or heading ('DADOS DO CORRETOR' / 'NOME DO CORRETOR ...' / 'CNPJ ... | SUSEP ...')."""
        t = nz.fold(segs[i].text)
        if re.search(r"\bcorretor", t):
            return True
        return not _INSURER.search(t) and any(re.search(r"\bcorretor", nz.fold(segs[j].text))
                                              for j in (i - 1, i - 2) if j >= 0 and segs[j].page == segs[i].page)

    susep_idx = next((i for i, s in enumerate(segs) if re.search(r"\bsusep\b", nz.fold(s.text))
                      and find_docs(_doc_glyphs(s.text)[0] if r.ocr else s.text) and not brokers(i)), None)
    if susep_idx is None:
        # 'CNPJ ... | Código SUSEP ...' split into two segments of one row: the CNPJ beside it
        for i, sg in enumerate(segs[:20]):
            if re.search(r"\bsusep\b", nz.fold(sg.text)):
                near = [j for j in (i - 1, i + 1) if 0 <= j < len(segs) and segs[j].page == sg.page
                        and abs(segs[j].bbox[1] - sg.bbox[1]) < 0.01
                        and re.search(r"\bcnpj\b", nz.fold(segs[j].text)) and not brokers(j) and not brokers(i)]
                if near:
                    susep_idx = near[0]
                    break
    if susep_idx is not None:
        cnpj = _doc_in(segs[susep_idx], r.ocr)
    if name.value is None:
        cands = []
        for i, s in enumerate(segs[:60]):
            f = nz.fold(s.text)
            plain = re.sub(r"^(?:seguradora|emitente)\s*:\s*", "", s.text, flags=re.I)
            if _INSURER.search(f) and not _NOT_NAME.search(f) and len(f) <= 80 and not re.search(r"\bcorretor", f) \
                    and not r.is_label(s.sub([w for w in s.words if nz.key(w.text)])) and not label_words_mostly(s.text) and not _insurer_only_in_label(s.text) \
                    and shape_name(s.sub([w for w in s.words if w.text in plain.split()]), r.ocr).value:
                # nearer the SUSEP line and with a company suffix is better
                score = (2 if re.search(r"\b(s\.?\s?a\.?|s/a|companhia|cia)\b", f) else 0)
                if susep_idx is not None and 0 < susep_idx - i <= 2:
                    score += 2
                cands.append((score, -i, s))
        if cands:
            cands.sort(key=lambda t: (t[0], t[1]), reverse=True)
            best = cands[0][2]
            text = re.sub(r"^(?:seguradora|emitente)\s*:\s*", "", best.text, flags=re.I)
            # found by what it looks like, not by a label: confident, never certain
            name = field(nz.name(text), best, min(best.conf, INFERRED))
            if cnpj.value is None:
                cnpj = _block_doc(segs, best, r.ocr)
    if cnpj.value is None:
        cnpj = r.grab_field("seguradora_cnpj", lambda s: doc_field(s, r.ocr))
    stated = _insurer_in_prose(r)
    if stated is not None:
        # a certificate in prose names the insurer with its CNPJ in one breath ('contratou com a X
        # (CNPJ ...)'): its legal name and number, where a letterhead prints a trade name alone
        p_name, p_cnpj = stated
        if cnpj.value is None or cnpj.value == p_cnpj.value or cnpj.confidence <= INFERRED:
            # (a CNPJ taken for being near the letterhead yields to one the sentence ties to the name)
            cnpj = first(cnpj, p_cnpj) if cnpj.value == p_cnpj.value else p_cnpj
            if name.confidence <= INFERRED or name.value is None or _overlap(name, p_name):
                name = p_name  # (a label read inside that sentence's name is no label)
        elif name.confidence <= INFERRED:
            # two CNPJs stand for the insurer: neither is sure
            cnpj, name = cap(cnpj, UNSURE), cap(name, UNSURE)
    return name, cnpj


def _insurer_only_in_label(text: str) -> bool:
    """Whether the words saying 'insurer' are a label's, opening the line ('CONTRATANTE DO SEGURO
    VIAÇÃO X LTDA'): label words up to that word, and no insurer's word or form after them."""
    words = text.split()
    for i, w in enumerate(words):
        if _INSURER.search(nz.fold(w)):
            head, rest = words[:i + 1], " ".join(words[i + 1:])
            return bool(rest) and all(nz.key(h) in label_words() or nz.key(h) in ("de", "do", "da", "dos", "das")
                                      for h in head if nz.key(h)) \
                and not _INSURER.search(nz.fold(rest)) and not _COMPANY_FORM.search(nz.fold(rest))
    return False


# a company's form or what it is: an insurer says it ('Seguros', 'Seguradora', 'S.A.', 'Companhia')
_COMPANY_FORM = re.compile(r"\b(s\.?\s?a\.?|s/a|companhia|cia)(?![a-z])")
# the role a party's block names: never the insurer
_OTHER_PARTY = re.compile(r"\b(segurad[oa]|estipulante|tomador|proponente|corretor\w*|beneficiari\w*|cliente|"
                          r"contratante)\b")


def _insurer_by_cnpj(r: Reader, insured: str | None, name: Field, cnpj: Field) -> tuple[Field, Field]:
    """The insurer a page names only in its letterhead or footer, with its CNPJ and no label
    ('Atlântida Seguros Gerais S.A. - CNPJ 11.222.333/0001-81 - Av. ...'): a CNPJ whose check
    digits pass, not the insured's, in no broker's or other party's line, and the company name
    printed right before it on its line or on the line above it. Sure (inferred) only where that
    evidence agrees: the name says it is an insurer (or is the name already read) and one such
    company stands; otherwise unsure."""
    cands: dict[str, tuple[Field, Field]] = {}
    segs = r.segments()
    for i, sg in enumerate(segs):
        text = _doc_glyphs(sg.text)[0] if r.ocr else sg.text
        for v, s0, e0 in find_docs(text):
            if len(v) != 14 or v == insured or id_valid("doc", v) is not True:
                continue
            before = text[:s0]
            if _OTHER_PARTY.search(nz.fold(before)) or _in_sentence(before):
                continue  # a party's block or a sentence naming its CNPJ: that party's
            head = re.sub(r"(?i)[\s\-–—·|•,:]*(?:c\.?\s?n\.?\s?p\.?\s?j\.?(?:\s*/\s*mf)?)?\s*(?:n[º°o.]{1,2})?[\s:\-–—·|•]*$",
                          "", before)
            head = re.split(r"\s[\-–—·|•]\s", head)[-1].strip() if head else head
            holder: Span | None = None
            if head and len(head.split()) >= 2:
                words = [w for w in sg.words if w.text in head.split()]
                holder = sg.sub(words[:len(head.split())]) if words else None
            else:
                above = [o for o in segs[max(0, i - 3):i] if o.page == sg.page and o.bbox[3] <= sg.bbox[1] + 0.002
                         and sg.bbox[1] - o.bbox[3] < 2.0 * max(sg.bbox[3] - sg.bbox[1], 0.005)
                         and o.bbox[0] < sg.bbox[2] and sg.bbox[0] < o.bbox[2]]
                if above:
                    holder = above[-1]
            if holder is None or not holder.words:
                continue
            t = nz.fold(holder.text)
            if _OTHER_PARTY.search(t) or _in_sentence(holder.text) or _NOT_NAME.search(t) or find_docs(holder.text) \
                    or label_words_mostly(holder.text):
                continue  # (a label before the number, 'Documento do Titular do Seguro': no company's name)
            nm = shape_name(holder, r.ocr)
            if nm.value is None:
                continue
            doc = checked("doc", v, span_of(sg, s0, e0), r.ocr)
            cands.setdefault(v, (nm, doc))
    if not cands:
        return field(None), field(None)
    if cnpj.value is not None and cnpj.value in cands:
        cands = {cnpj.value: cands[cnpj.value]}
    elif name.value is not None:
        same = {v: c for v, c in cands.items() if nz.key(str(c[0].value)) == nz.key(str(name.value))}
        cands = same or cands
    insurer_like = {v: c for v, c in cands.items()
                    if _INSURER.search(nz.fold(str(c[0].value))) or _COMPANY_FORM.search(nz.fold(str(c[0].value)))}
    if len(insurer_like) == 1 and _INSURER.search(nz.fold(str(next(iter(insurer_like.values()))[0].value))):
        nm, doc = next(iter(insurer_like.values()))
        return cap(nm, INFERRED), cap(doc, INFERRED)
    nm, doc = next(iter((insurer_like or cands).values()))
    return cap(nm, UNSURE), cap(doc, UNSURE)


_STATED = re.compile(
    r"(?P<name>[A-ZÀ-Ý][\wÀ-ÿ.&'/\- ]{2,90}?)\s*(?:\(\s*|,\s*(?:inscrit[ao](?:\(a\))?\s+no\s+)?)"
    r"CNPJ(?:/MF)?\s*(?:sob\s+o\s+)?(?:n[º°o.]{1,2}\s*)?[:\-]?\s*(?P<doc>[0-9A-Z][0-9A-Z./\-]{13,19})")


def _insurer_in_prose(r: Reader) -> tuple[Field, Field] | None:
    """The insurer as a sentence names it: a name that says it is an insurer ('... SEGUROS ...',
    a company's form) followed by its own CNPJ in parentheses or after a comma; the one such
    pair, or None (none, or two that disagree)."""
    fl = r.flow()
    text = fl.text.replace("\n", " ")
    found: dict[str, tuple[Field, Field]] = {}
    for m in _STATED.finditer(text):
        raw = m.group("name")
        # the name starts at its first capitalised run after the sentence's lower-case words
        words = raw.split(" ")
        k = len(words)
        joins = ("de", "do", "da", "dos", "das", "e")
        # back from the CNPJ over the name's capitalised words, to the article before it ('a X S.A.')
        while k > 0 and words[k - 1] not in ("A", "O", "À", "a", "o", "à") and (
                words[k - 1][:1].isupper() or (k > 1 and words[k - 1].lower() in joins)):
            k -= 1
        while k < len(words) - 1 and words[k].lower() in joins:
            k += 1
        start = m.start("name") + len(" ".join(words[:k])) + (1 if k else 0)
        nome = nz.spaces(text[start:m.end("name")]) or ""
        f = nz.fold(nome)
        if not _INSURER.search(f) or _NOT_NAME.search(f) or re.search(r"\bcorretor", f) or len(nome.split()) < 2:
            continue
        doc = checked("doc", m.group("doc"), fl.span(m.start("doc"), m.end("doc")), r.ocr)
        if doc.value is None or len(doc.value) != 14:
            continue
        n = fl.field(nz.name(nome), start, m.end("name"))
        found.setdefault(doc.value, (cap(n, INFERRED), cap(doc, INFERRED)))
    return next(iter(found.values())) if len(found) == 1 else None


_LABELLED_CNPJ = re.compile(r"\s*c\.?\s?n\.?\s?p\.?\s?j\.?(?:\s*/\s*mf)?\s*(?:n[o°º.]{1,2})?\s*[:\-]?\s*\d")


def _block_doc(segs: list[Span], name: Span, ocr: bool) -> Field:
    """The CNPJ printed in a company's block: on its name's row or the next three, in its column
    (a letterhead: the name, then 'CNPJ: ...', the address), or far right on the name's own row
    where nothing but its label stands before it ('BRADESCO AUTO/RE ...      CNPJ 92.682.038/0001-00')."""
    h = max(name.bbox[3] - name.bbox[1], 0.005)
    for s in segs:
        if s.page != name.page or s.bbox[1] < name.bbox[1] - 0.2 * h or s.bbox[1] > name.bbox[3] + 4.5 * h:
            continue
        beside = s.bbox[1] < name.bbox[3] - 0.5 * h and s.bbox[3] > name.bbox[1] + 0.5 * h \
            and bool(_LABELLED_CNPJ.match(nz.fold(s.text)))
        if not beside and (s.bbox[0] > name.bbox[2] + 0.05 or s.bbox[2] < name.bbox[0] - 0.05):
            continue
        if s is not name and _in_sentence(s.text):
            continue  # a party's CNPJ in the running text below a letterhead is that party's
        if s is not name and _OTHER_PARTY.search(nz.fold(s.text)) or _labelled_for_another(segs, s):
            continue  # 'CPF do Segurado ...', 'CNPJ/CPF DO TOMADOR' over it: that party's
        f = _doc_in(s, ocr)
        if f.value is not None and len(f.value) == 14:
            return cap(f, INFERRED)
    return field(None)


def _labelled_for_another(segs: list[Span], s: Span) -> bool:
    """Whether a number standing alone (an alphanumeric CNPJ's letters are its own) is labelled,
    on the line right above it or in the cell right before it, as another party's ('CNPJ/CPF DO
    TOMADOR' over '34.887.422/0001-42', 'CNPJ DO SEGURADO | 00.ECK.RQ7/0001-08')."""
    if any(re.fullmatch(r"[A-Za-zÀ-ÿ]{3,}\W*", t) for t in s.text.split()):
        return False
    h = max(s.bbox[3] - s.bbox[1], 0.005)
    above = [o for o in segs if o.page == s.page and o.bbox[3] <= s.bbox[1] + 0.2 * h
             and s.bbox[1] - o.bbox[3] < 1.5 * h and o.bbox[0] < s.bbox[2] and s.bbox[0] < o.bbox[2]]
    before = [o for o in segs if o.page == s.page and o is not s and o.bbox[2] <= s.bbox[0] + 0.2 * h
              and o.bbox[1] < s.bbox[3] - 0.5 * h and s.bbox[1] + 0.5 * h < o.bbox[3]]
    labels = ([above[-1]] if above else []) + ([max(before, key=lambda o: o.bbox[2])] if before else [])
    return any(_OTHER_PARTY.search(nz.fold(o.text)) for o in labels)


def _overlap(a: Field, b: Field) -> bool:
    if a.page != b.page or not a.bbox or not b.bbox:
        return False
    return a.bbox[0] < b.bbox[2] and b.bbox[0] < a.bbox[2] and a.bbox[1] < b.bbox[3] and b.bbox[1] < a.bbox[3]


def _in_sentence(text: str) -> bool:
    """A row of running text (several lower-case words of two letters or more: 'sob', 'com',
    'contratou'), not a letterhead's 'CNPJ: ...' or address line."""
    return len(re.findall(r"(?<![\wÀ-ÿ])[a-zà-ÿ][a-zà-ÿ]+\b", text)) >= 3


def _doc_glyphs(text: str) -> tuple[str, bool]:
    """OCR'd text with a CNPJ's misread glyphs put back, one character for one (offsets still map
    to the words): a ':' read for its '/' ('75.610.500:0001-44'), a ']' or '|' for a '1' between
    digits ('000]-44'). Also whether a digit was so restored."""
    text = re.sub(r"(?<=\d{3})[:;](?=\d{4}-)", "/", text)
    fixed = re.sub(r"(?<=\d)[\]|](?=[\d\-])", "1", text)
    return fixed, fixed != text


def _doc_in(span: Span, ocr: bool) -> Field:
    text, glyphs = _doc_glyphs(span.text) if ocr else (span.text, False)
    hits = find_docs(text)
    if not hits:
        return field(None)
    v, s, e = hits[0]
    if glyphs:  # the check digits confirm the glyph read as '1', as one undone confusion
        return cap(ident("doc", v, span_of(span, s, e), ocr), REPAIRED)
    return checked("doc", v, span_of(span, s, e), ocr)


# a row opening another party's block, under the insured's
_OTHER_BLOCK = re.compile(r"^(?:dados d[oa]\s+)?(?:corretor\w*|estipulante|seguradora)\b")


def _segurado(r: Reader, insurer_cnpj: str | None) -> tuple[Field, Field]:
    ocr = r.ocr
    name = r.grab_field("segurado_nome", name_field, headings=False)
    doc = field(None)
    # the insured's block: a heading or label that opens its row ('DADOS DO SEGURADO', 'Segurado')
    heads = vocabulary("apolice_seguro").sections["segurado"].headings
    anchors = [h for lab in heads + tuple(r.spellings("segurado_nome", headings=False))
               for h in r.layout.find(lab) if h.start == 0]
    anchors.sort(key=lambda h: (h.page, h.row))
    for anchor in anchors[:1]:
        # the block ends where another party's begins ('CORRETOR', 'Corretora: ...')
        bottom = min(1.0, anchor.bbox[3] + 0.12)
        for row in r.layout.rows[anchor.page]:
            if anchor.bbox[3] < row.y0 < bottom and _OTHER_BLOCK.match(nz.fold(row.text)):
                bottom = row.y0
                break
        region = (0.0, anchor.bbox[1] - 0.005, 1.0, bottom)
        if name.value is None:
            name = _grab_in(r, r.section_spellings("segurado", "segurado_nome"), name_field,
                            region, anchor.page)
        doc = _grab_in(r, r.section_spellings("segurado", "segurado_documento"),
                       lambda s: doc_field(s, ocr), region, anchor.page)
    if doc.value is None or doc.value == insurer_cnpj:
        doc = r.grab_field("segurado_documento", lambda s: doc_field(s, ocr))
    return name, doc


def _grab_in(r: Reader, labels, parse, region, page) -> Field:
    hits = [h for lab in labels for h in r.layout.find(lab, whole=True, pages=[page], region=region)]
    hits.sort(key=lambda h: (-h.score, h.row))
    for h in hits:
        held = r.x.labels.holding(h.words[0]) if h.words else None
        if held is not None and len(held.words) > len(h.words):
            continue  # a word of a longer label ('SEGURADO' of 'VEÍCULO SEGURADO - ITEM 01')
        span = r.layout.auto(h)
        if span and not span.words[0].text.rstrip().endswith(":") and not r.is_label(span):
            f = parse(span)
            if f.value is not None:
                return f
    return field(None)


def _vigencia(r: Reader, x: Extractor) -> tuple[Field, Field]:
    fl = r.flow()
    m = _TERM.search(fl.folded)
    if m:
        a, b = nz.parse_date(m.group(1)), nz.parse_date(m.group(2))
        if a and b and a < b:
            ini = fl.field(a, m.start(1), m.end(1))
            return ini, _annual(ini, fl.field(b, m.start(2), m.end(2)))
    m = _TERM_LOOSE.search(fl.folded)
    if m:
        a = nz.parse_date(m.group(1))
        b = _date_digits(m.group(2))
        if a and b and a < b:
            # the end date's separators were lost ('201 2/2026'): eight digits admit one reading,
            # but the read is no surer than its words, and never certain
            fim = fl.field(b, m.start(2), m.end(2))
            ini = fl.field(a, m.start(1), m.end(1))
            return ini, _annual(ini, cap(fim, UNSURE))
    ini, fim = x.field("vigencia_inicio"), x.field("vigencia_fim")
    if ini.value is not None and fim.value is not None and ini.value < fim.value:
        return ini, fim
    # 'Vigência: 10/03/2026 a 10/03/2027' in a box or beside its label
    both = x.period("vigencia")
    if both is not None:
        return both
    ini = first(ini, r.grab_field("vigencia_inicio", date_field))
    fim = first(fim, r.grab_field("vigencia_fim", date_field))
    if ini.value is None or fim.value is None:
        for m in re.finditer(r"vigencia\W{0,3}(?:do seguro)?\W{0,3}", fl.folded):
            window = fl.text[m.end():m.end() + 80]
            dates = nz.find_dates(window)
            if len(dates) >= 2 and dates[0][0] < dates[1][0]:
                (a, s1, e1), (b, s2, e2) = dates[:2]
                o = m.end()
                pa, pb = period_fields(fl.field(a, o + s1, o + e1), fl.field(b, o + s2, o + e2), window,
                                       (s1, e1), (s2, e2))
                if ini.value is not None and ini.confidence >= CONFIDENT and ini.value != a.isoformat():
                    break  # the start read sure under its own label is not this pair's: no term here
                if not TERM_JOIN.fullmatch(nz.fold(window[e1:s2])):
                    # two dates after the word not joined as a term's are ('VIGÊNCIA INÍCIO' over
                    # a row of dates under other labels): either may be another label's
                    pa, pb = cap(pa, UNSURE), cap(pb, UNSURE)
                return pa, pb
    return ini, fim


# ------------------------------------------------------------------ coverages

# a particle between a phrase's words ('RC do Transportador' is 'RC Transportador')
_PARTICLE = re.compile(r"(?<![a-z0-9])d[aeo]s?\s+")


@cache
def _phrases(name: str) -> tuple[str, ...]:
    folded = [nz.fold(v) for v in vocabulary("apolice_seguro").values.get(name, ())]
    return tuple(dict.fromkeys([*folded, *(_PARTICLE.sub("", v) for v in folded)]))


def _has(t: str, name: str) -> bool:
    """Whether t holds one of the phrases as whole words (no letter a-z or digit just before or
    after it), its particles aside: a literal search, not a pattern compiled for each phrase."""
    phrases = _phrases(name)
    if any(nz.whole_words_at(t, p) >= 0 for p in phrases):
        return True
    bare = _PARTICLE.sub("", t)
    return bare != t and any(nz.whole_words_at(bare, p) >= 0 for p in phrases)


UNREAD_ROW = "_unread"  # (a key of caps: the table has a coverage row whose name was not read)


def _ap_word_lost(text: str) -> bool:
    """A coverage row that reads like a personal-accident one whose key word OCR lost: it says
    'permanente', 'acidente' or 'pessoais' but neither death nor disability nor APP."""
    t = nz.fold(text)
    return bool(re.search(r"\b(permanente|acidente|acidental|pessoais)\b", t)) and \
        not re.search(r"\b(morte|invalidez|app)\b", t) and "terceiro" not in t


def _has_limit(row) -> bool:
    return any(nz.find_money(row.text(c) or "") for c in _LIMITS)


def _unread_coverage(row) -> bool:
    """A table row printing a limit, naming no coverage we know, whose name holds a word OCR
    could not read ('RR RA DE PASSAGEIROS ... R$ 80.000,00', 'ERR Lidez' / 'ou Parcial'): the
    word lost may be the one that named it, so it may be any coverage."""
    sp = row.cells.get("cobertura")
    ws = [w for w in (sp.words if sp else ()) if any(c.isalpha() for c in w.text)]
    return _has_limit(row) and any(w.conf < 0.5 and sum(c.isalpha() for c in w.text) >= 2 for w in ws)


def _merged(cell: Span | None) -> bool:
    """Whether a coverage cell holds two coverages' names, each opening a line of its own (two
    rows of the table read as one: '(DMH) (POR PASSAGEIRO)' / 'APP MORTE (POR PASSAGEIRO)'): its
    one amount is either's. Death and disability are one coverage ('APP - Morte ou Invalidez'),
    and a sentence run into the cell ('Os limites de ... despesas médico-hospitalares são ...')
    names none."""
    if cell is None or not cell.words:
        return False
    lines: list[list] = []
    for w in sorted(cell.words, key=lambda u: (u.bbox[1] + u.bbox[3]) / 2):
        mid = (w.bbox[1] + w.bbox[3]) / 2
        if lines and min(u.bbox[1] for u in lines[-1]) <= mid <= max(u.bbox[3] for u in lines[-1]):
            lines[-1].append(w)  # (its middle inside the line's band: a dash's small box too)
        else:
            lines.append([w])
    lines = [sorted(ln, key=lambda u: u.bbox[0]) for ln in lines]
    groups = set()
    for ln in lines:
        if len(ln) > 8:
            continue  # a sentence, not a coverage's name
        t = nz.fold(" ".join(w.text for w in ln)).replace("–", "-")
        # what only one coverage's name says (a bare 'APP' opens several: 'APP - Despesas' /
        # 'Médico-Hospitalares (DMH)' is one)
        if _has(t, "dmh"):
            groups.add("dmh")
        elif re.search(r"\b(morte|invalidez)\b", t):
            groups.add("ap")
        elif _has(t, "rc_passageiros"):
            groups.add("rc")
        elif _has(t, "terceiros"):
            groups.add("terceiros")
    return len(groups) >= 2


def _kind(text: str) -> str | None:
    """What a coverage's row says it is (the vocabulary's coverage names)."""
    t = nz.fold(text).replace("–", "-")
    app = _has(t, "ap")
    if _has(t, "dmh"):
        return "dmh"
    if re.search(r"\bmorte\b", t) and (app or "acidental" in t or "passageir" in t):
        return "ap_morte"
    if re.search(r"\binvalidez\b", t) and (app or "permanente" in t or "passageir" in t):
        return "ap_invalidez"
    if re.search(r"\bpermanente\b", t) and re.search(r"\bacident", t) and not re.search(r"\b(morte|doenca)\b", t):
        # 'validez Permanente ... por Acidente' (its 'APP - In' lost): only a disability is permanent
        return "ap_invalidez"
    if app:
        return "ap"
    if "passageir" in t and "terceiro" not in t and (
            _has(t, "rc_passageiros") or re.search(r"\b(rc|rcf|rcf v|responsabilidade civil|danos corporais)\b", t)):
        return "rc_passageiros"
    if _has(t, "rc_passageiros") and "terceiro" not in t:
        return "rc_passageiros"
    return None


def _basis(text: str) -> str | None:
    """'por passageiro' (or seat, person) or 'por veículo' (or event, 'total'): what the text says."""
    t = nz.fold(text)
    pas = _has(t, "per_passenger")
    vei = _has(t, "per_vehicle")
    if pas and not vei:
        return "passageiro"
    if vei and not pas:
        return "veiculo"
    return None


_LIMITS = ("limite", "limite_passageiro", "limite_veiculo")
# the basis of a row whose coverage's name was read in part ('... por Acidente (por', its
# 'passageiro)' lost): whatever it printed, it was not read
CUT_BASIS = "cut"


def _cut(name: str) -> bool:
    """A coverage's name read in part: a bracket opened and never closed, or ending on 'por'."""
    t = nz.fold(name).strip()
    return t.count("(") > t.count(")") or bool(re.search(r"\b(por|p/|de)$", t))


def _header_text(r: Reader, t, name: str) -> str:
    """A column's header as printed over it: the words its spelling matched, and the others of
    the header's row standing over the column ('LMI' matched, 'POR PASSAGEIRO' beside it)."""
    col = next(c for c in t.columns if c.name == name)
    rows = r.layout.rows.get(t.header_page, [])
    row = rows[t.header_row] if 0 <= t.header_row < len(rows) else None
    over = [w for w in (row.words if row is not None else ()) if col.x0 <= (w.bbox[0] + w.bbox[2]) / 2 <= col.x1]
    return " ".join(w.text for w in (over or t.header_words(name)))


def _lines(words) -> list[list]:
    """Words in lines (a word whose middle falls inside a line's band is on it), left to right."""
    lines: list[list] = []
    for w in sorted(words, key=lambda u: (u.bbox[1] + u.bbox[3]) / 2):
        mid = (w.bbox[1] + w.bbox[3]) / 2
        if lines and min(u.bbox[1] for u in lines[-1]) <= mid <= max(u.bbox[3] for u in lines[-1]):
            lines[-1].append(w)
        else:
            lines.append([w])
    return [sorted(ln, key=lambda u: u.bbox[0]) for ln in lines]


def _runs(line: list) -> list[list]:
    """A line's words in runs: a gap wider than a column's between two words parts them."""
    h = max(u.bbox[3] - u.bbox[1] for u in line)
    runs: list[list] = []
    for w in line:
        if runs and w.bbox[0] - runs[-1][-1].bbox[2] <= HEADER_GAP * h:
            runs[-1].append(w)
        else:
            runs.append([w])
    return runs


def _blocks(cell: Span | None) -> list[str]:
    """A cell's words in blocks set apart by a column's gap, each read line by line, less the
    specks OCR made of a rule or a dot (a mark of two characters at most, read below 0.5); none
    where the cell is one block."""
    if cell is None:
        return []
    words = [w for w in cell.words if not (w.conf < 0.5 and len(w.text.strip()) <= 2)]
    blocks: list[list] = []  # runs whose spans across the page overlap, top to bottom
    for line in _lines(words):
        for run in _runs(line):
            x0, x1 = run[0].bbox[0], run[-1].bbox[2]
            home = next((b for b in blocks if x0 < max(u.bbox[2] for u in b) and x1 > min(u.bbox[0] for u in b)), None)
            if home is None:
                blocks.append(list(run))
            else:
                home.extend(run)
    return [" ".join(w.text for w in b) for b in blocks] if len(blocks) > 1 else []


def _prose(row) -> bool:
    """A line of prose read as a table's row: three words or more on each side of a column's
    edge, spaced as words are and not as cells are (a cell's text wraps inside its column)."""
    cell_of = {id(w): name for name, sp in row.cells.items() for w in sp.words}
    for line in _lines(w for sp in row.cells.values() for w in sp.words):
        for run in _runs(line):
            names = [cell_of[id(u)] for u in run]
            if any(names[k - 1] != names[k] for k in range(3, len(run) - 2)):
                return True
    return False


def _table_limits(r: Reader, caps: dict[str, float] | None = None
                  ) -> dict[str, list[tuple[float, Span, str | None]]] | None:
    """The coverage table read by its header: per kind of coverage, each limit printed with the
    basis its column, its row or its basis cell states. A limit's cell printing two amounts is
    no one column's ('R$ 2.402,46 R$ 100.000,00' under a title read as the header, the premium
    beside the limit): its kind is capped in `caps`."""
    cols = vocabulary("apolice_seguro").tables["coberturas"]
    t = read_table(r.layout, cols, min_cols=2, require=("cobertura",), anchor=_LIMITS)
    if t is None or not any(t.named(c) for c in _LIMITS):
        return None
    header_basis = {c: _basis(_header_text(r, t, c)) for c in _LIMITS if t.named(c)}
    found: dict[str, list[tuple[float, Span, str | None]]] = {}
    stated: dict[str, set[str]] = {}  # the bases the rows of each kind print
    for row in t.rows:
        if _prose(row):
            break  # a note under the table ('As importâncias seguradas são ...'): the table is over
        name = row.text("cobertura") or ""
        base = row.text("base") or ""
        kind = _kind(name + " " + base)
        if kind is None:
            if caps is not None and (_unread_coverage(row) or _ap_word_lost(name) and _has_limit(row)
                                     or nz.find_money(row.text("limite_passageiro") or "")):
                # a coverage whose name OCR could not read holds an amount; or a limit per
                # passenger (an accident's or medical cover's) on a row naming none we know
                caps[UNREAD_ROW] = 1.0
            continue
        if caps is not None and _merged(row.cells.get("cobertura")):
            caps[kind] = min(caps.get(kind, 1.0), GUESSED_COLUMN)
        row_basis = _basis(base) if base else None
        for c in _LIMITS:  # 'R$ 100.000,00 por passageiro' in one cell
            if row_basis is None and row.cells.get(c):
                row_basis = _basis(row.text(c) or "")
        if row_basis is None:
            # 'Acidentes Pessoais por Passageiro - Morte': the coverage's own name says 'por
            # passageiro'; only a basis printed after the coverage's name counts. A column whose
            # header was not read runs into the name's ('... - Invalidez  por' / 'Permanente
            # passageiro'): each block of the cell is read by itself
            bases = {_basis(re.sub(r"(?i)acidentes\s+pessoais\s+(por|de)\s+passageiros?", " ", text))
                     for text in [name, *_blocks(row.cells.get("cobertura"))]} - {None}
            row_basis = bases.pop() if len(bases) == 1 else None
        if row_basis is None and _cut(name):
            row_basis = CUT_BASIS
        for c in _LIMITS:
            sp = row.cells.get(c)
            if not sp:
                continue
            amounts = nz.find_money(sp.text)
            if not amounts:
                continue
            v, s, e, _ = amounts[0]
            if caps is not None and len({a[0] for a in amounts}) > 1:
                caps[kind] = GUESSED_COLUMN
            if caps is not None and _partial(sp, sp.text[s:e]):
                caps[kind] = min(caps.get(kind, 1.0), PARTIAL_AMOUNT)
            basis = {"limite_passageiro": "passageiro", "limite_veiculo": "veiculo"}.get(c) \
                or (row_basis if row_basis != CUT_BASIS else None) or header_basis.get(c) or row_basis
            found.setdefault(kind, []).append((v, span_of(sp, s, e), basis))
            if row_basis in ("passageiro", "veiculo"):
                stated.setdefault(kind, set()).add(row_basis)
    for kind, twin in (("ap_morte", "ap_invalidez"), ("ap_invalidez", "ap_morte")):
        # death and disability are the two benefits of one personal-accident cover: where one's
        # row prints its basis and the other's was cut ('... por Acidente (por'), it is the same
        twin_basis = stated.get(twin, set())
        if len(twin_basis) == 1 and any(b == CUT_BASIS for _, _, b in found.get(kind, ())):
            b = next(iter(twin_basis))
            found[kind] = [(v, sp, b if basis == CUT_BASIS else basis) for v, sp, basis in found[kind]]
            if caps is not None:
                caps[kind] = min(caps.get(kind, 1.0), INFERRED)
    return found


def _scan_limits(r: Reader, assentos: int | None = None
                 ) -> tuple[dict[str, list[tuple[float, Span, str | None]]], dict[str, float]]:
    """Coverage rows read as whole rows when no table header was found; with the kinds whose
    amount is a guess (the row prints several and none stands in a limit's column alone, or
    two do: a premium, a total), capped. A row printing an amount and that amount times the
    seats says which is per passenger and which per vehicle, whatever its header."""
    lmi = _lmi_column(r)
    premium = _premium_columns(r)
    found: dict[str, list[tuple[float, Span, str | None]]] = {}
    caps: dict[str, float] = {}
    rows = r.layout.all_rows()

    def limits(seg: Span, text: str):
        """The row's amounts, less those standing under a premium's header."""
        out = []
        for a in _amounts(text):
            sp = span_of(seg, a[1], a[2])
            mid = (sp.bbox[0] + sp.bbox[2]) / 2 if sp.words else -1.0
            if not any(x0 <= mid <= x1 for x0, x1 in premium):
                out.append(a)
        return out

    pending: tuple[str, str] | None = None  # a clause's coverage whose amount wraps to the next row
    for i, row in enumerate(rows):
        seg = Span(row.page, row.words)
        clauses = _clauses(seg.text)
        if pending is not None or any(_kind(c) for _, c in clauses[1:]) or \
                (len(clauses) > 1 and _kind(clauses[0][1])):
            # coverages listed in running text ('..., até R$ 15.000,00 por passageiro; acidentes
            # pessoais ..., até R$'): an amount is its own clause's, never the next clause's
            # coverage, wherever the row wraps
            for n, (at, clause) in enumerate(clauses):
                kind = _kind(clause)
                amounts = limits(seg, seg.text)
                mine = [a for a in amounts if at <= a[1] < at + len(clause)]
                if kind is None and n == 0 and pending is not None and mine:
                    kind, clause = pending[0], pending[1] + " " + clause
                if n == 0:
                    pending = None
                if kind is None or kind in found:
                    continue
                if not mine:
                    if n == len(clauses) - 1:
                        pending = (kind, clause)
                    continue
                v, s0, e0, _ = mine[0]
                found[kind] = [(v, span_of(seg, s0, e0), _basis(clause))]
                if len({a[0] for a in mine}) > 1:
                    caps[kind] = GUESSED_COLUMN
                caps[kind] = min(caps.get(kind, 1.0), INFERRED)  # a sentence's structure, inferred
            continue
        kind = _kind(seg.text)
        if kind is None and _ap_word_lost(seg.text) and _amounts(seg.text):
            caps[UNREAD_ROW] = 1.0  # 'a PERMANENTE POR ACIDENTE R$ 100.000,00': its 'INVALIDEZ' lost
        if kind is None or kind in found:
            continue
        amounts = limits(seg, seg.text)
        named = seg
        if not amounts:
            beside = _amount_beside(rows, i)
            if beside is None:
                if re.search(r"(?:,|\bate|\br\s?\$)\s*$", nz.fold(seg.text)):
                    pending = (kind, seg.text)  # a sentence going on: its amount on the next row
                continue
            seg, amounts, named = beside
            kind = _kind(named.text)
            if kind is None or kind in found:
                continue
        pair = _per_seat(seg, amounts, assentos)
        if pair is not None:
            found[kind] = pair
            continue
        pick = None
        if lmi is not None:
            inside = [(abs((sp.bbox[0] + sp.bbox[2]) / 2 - (lmi[0] + lmi[1]) / 2), v, sp)
                      for v, sp in ((v, span_of(seg, s, e)) for v, s, e, _ in amounts)
                      if lmi[0] - 0.05 <= (sp.bbox[0] + sp.bbox[2]) / 2 <= lmi[1] + 0.05]
            if inside:
                _, v, sp = min(inside, key=lambda t: t[0])
                pick = (v, sp)
                if len({t[1] for t in inside}) > 1:
                    caps[kind] = GUESSED_COLUMN  # two amounts under the one limits header
        if pick is None:
            v, s, e, _ = amounts[0]
            pick = (v, span_of(seg, s, e))
            if len({a[0] for a in amounts}) > 1:
                caps[kind] = GUESSED_COLUMN
        found[kind] = [(pick[0], pick[1], _basis(re.sub(r"(?i)acidentes\s+pessoais\s+(por|de)\s+passageiros?", " ",
                                                         named.text + " " + seg.text)))]
    return found, caps


# where a sentence's clause ends: a ';', a full stop before the next sentence, an item's letter
# or number opening a list's next item ('; b) Acidentes ...', '\n2. Despesas ...')
_CLAUSE_CUT = re.compile(r";|\.\s+(?=[A-ZÀ-Ý(])|\s(?=[a-z]\)\s)|\n(?=\d{1,2}[.)]\s)")
# the words after an amount that tie it to what follows ('R$ 120.000,00 por passageiro para Morte
# Acidental'): the role is the next words' (a list's 'e de R$ ...' ties the next amount to them)
_ROLE_AFTER = re.compile(r"^\W*(?:\([^)]{0,60}\)\W*)?(?:(?:por|p/)\s+[a-z]+\s*)?(?:,\s*)?"
                         r"(?:para|em caso de|no caso de|na hipotese de|pela|pelo)\s")
_ROLE_BEFORE_TIE = re.compile(r"^\W*(?:e|ou)\s")


# the words before an amount that say it is no limit: a deductible, a premium, a tax, an instalment
_NOT_LIMIT = re.compile(r"\b(franquia|premio|iof|parcela|participacao obrigatoria|pos|custo|desconto)\b[^;]*$")


def _prose_limits(r: Reader) -> tuple[dict[str, list[tuple[float, Span, str | None]]], dict[str, float]]:
    """Coverages stated in running text, clause by clause over the whole flow, wherever its rows
    wrap ('a) Responsabilidade Civil ... Danos Corporais a Passageiros, com limite máximo de' /
    'indenização de R$ 3.000.000,00 por veículo e por evento;'): a clause naming one coverage
    holds its amounts. A clause with several amounts gives each the coverage the words beside it
    name: those after it where they open with 'para' ('R$ 120.000,00 por passageiro para Morte
    Acidental e de R$ 150.000,00 ... para Invalidez'), else those before it; where neither side
    decides, the kind is a guess. Each amount's basis is the one printed right after it."""
    fl = r.flow()
    text = fl.folded
    found: dict[str, list[tuple[float, Span, str | None]]] = {}
    caps: dict[str, float] = {}
    at = 0
    cuts = [m.start() for m in _CLAUSE_CUT.finditer(text)] + [len(text)]
    for cut in cuts:
        start, end = at, cut
        at = cut + 1
        clause = text[start:end]
        kind = _kind(clause)
        if kind is None:
            continue
        amounts = _amounts(fl.text[start:end])
        if not amounts:
            continue
        # the text between amounts, each piece told to the amount before it or after it
        pieces = [clause[:amounts[0][1]]] + [clause[a[2]:b[1]] for a, b in zip(amounts, amounts[1:])] + \
            [clause[amounts[-1][2]:]]
        kinds: list[str | None] = []
        guessed = False
        for n, (v, s0, e0, _) in enumerate(amounts):
            after, before = pieces[n + 1], pieces[n]
            tied_after = bool(_ROLE_AFTER.match(after))
            k_after = _kind(after) if tied_after else None
            k_before = _kind(before) if not (n > 0 and _ROLE_AFTER.match(before)) else None
            sub = k_after or k_before
            if len(amounts) > 1 and sub is None and not tied_after and _kind(after) not in (None, kind):
                guessed = True  # the words after name another coverage, tied to neither amount
            kinds.append(sub if sub is not None and _family(sub) == _family(kind) else kind)
        if len(amounts) > 1 and len(set(kinds)) < len(amounts) and len({a[0] for a in amounts}) > 1 and \
                any(k in ("ap_morte", "ap_invalidez") for k in kinds):
            guessed = True  # death and disability named once for two amounts: which is which is not said
        for n, ((v, s0, e0, _), k) in enumerate(zip(amounts, kinds)):
            if k is None or _NOT_LIMIT.search(clause[max(0, s0 - 40):s0]):
                continue  # ('franquia de R$ 500,00', 'prêmio de R$ ...'): no limit
            basis = _basis(" ".join(pieces[n + 1].split()[:4])) or _basis(clause)
            both = [k]
            if len(amounts) == 1 and _family(k) == "ap" and re.search(r"\bmorte\b", clause) and \
                    re.search(r"\binvalidez\b", clause):
                # one capital 'para Morte Acidental e para Invalidez Permanente': each benefit's
                both = ["ap_morte", "ap_invalidez"]
            for kk in both:
                found.setdefault(kk, []).append((v, fl.span(start + s0, start + e0), basis))
                caps[kk] = min(caps.get(kk, 1.0), GUESSED_COLUMN if guessed else INFERRED)
    return found, caps


# what a column's own header names of a coverage: its part (death, disability, medical costs,
# bodily or material damage) or its cover (RC, APP)
_COVERAGE_WORD = re.compile(r"\b(morte|invalidez|dmh|dmho|dm|dc|dmo|danos (?:materiais|corporais|morais)|"
                            r"despesas medic\w*|app|rc|rcf|rcf-v|rcfv|rctr-vi|rctrvi|acidentes pessoais|"
                            r"responsabilidade civil)\b")
_RC_GROUP = re.compile(r"\b(rc|rcf|rcf-v|rcfv|rctr-vi|rctrvi|responsabilidade civil|resp\.? civil)\b")
_AMOUNT_HEAD = re.compile(r"\b(lmi|limite|capital|importancia|valor|is)\b")


def _column_kind(col: str, group: str) -> tuple[str | None, float]:
    """What a coverage table's column holds, from its own header and the group header over it
    ('Invalidez' under 'APP - por passageiro'): the column's own word names the benefit (its
    'Invalidez' is never death, whatever the group also says); the group names the cover. Bodily
    damage under an RC group that says neither passengers nor third parties is RC, unsure."""
    c, g = nz.fold(col).replace("–", "-"), nz.fold(group).replace("–", "-")
    both = c + " " + g
    if _has(c, "dmh") or re.search(r"\bdespesas medic", c):
        return "dmh", 1.0
    if "terceiro" in both or "nao transportad" in both:
        return None, 1.0
    ap_ctx = _has(both, "ap") or "acidentes pessoais" in both or "acidental" in c or "passageir" in both
    if re.search(r"\bmorte\b", c):
        return ("ap_morte" if ap_ctx else None), 1.0
    if re.search(r"\binvalidez\b", c):
        return ("ap_invalidez" if ap_ctx else None), 1.0
    if re.search(r"\b(dm|dmo|danos materiais|danos morais)\b", c):
        return None, 1.0
    if re.search(r"\b(dc|danos corporais)\b", c):
        if "passageir" in both:
            return "rc_passageiros", 1.0
        return ("rc_passageiros", UNDECIDED_BASIS) if _RC_GROUP.search(both) else (None, 1.0)
    k = _kind(c)
    if k is None and _AMOUNT_HEAD.search(c):
        k = _kind(g)  # 'LMI' under 'RC Passageiros'
    return k, 1.0


# a fleet table's seats column's headers: a table's headers, not labels of the document; the
# field's own labels are added to them where used
_SEATS_HEADS = vocabulary("apolice_seguro").words["seats_heads"]


# a seats column's header, abbreviated or not ('Lug. segurados', 'Qtde. assentos', 'Lotação')
_SEATS_HEAD = re.compile(r"(?:(?:n[o°]?|numero|qtd|qtde|quantidade)(?: de)? )?(?:lug|lugares|assentos|lotacao|capacidade)"
                         r"(?: (?:segurad[oa]s?|sentad[oa]s?|pass|passageiros))?")


def _coverage_columns(r: Reader) -> tuple[dict[str, list[tuple[float, Span, str | None]]], dict[str, float],
                                          dict[str, Field], list[Item]]:
    """A table whose columns are coverages (a fleet's items, one row per vehicle: 'Placa | Lugares
    | Morte | Invalidez | DMH | DM | DC' under group headers 'APP - por passageiro' and 'RCF-V -
    por veículo'): each cell's coverage from its column's header and the group header over it,
    its basis from either. Rows that disagree on a coverage's amount leave it unsure (which row is
    the packet's vehicle is not said here). Also the vehicle's plate, chassis and seats where the
    table has their columns, and each row as an Item (the packet's CRLV may tell which is its
    vehicle: validators/fleet_row.py)."""
    seats_keys = {nz.key(s) for s in (*_SEATS_HEADS, *vocabulary("apolice_seguro").fields["assentos"].labels)}
    # the table's rows over its pages: its header printed again on the next, the rows go on
    every: dict[str, list[tuple[float, Span, str | None]]] = {}
    every_caps: dict[str, float] = {}
    every_vehicle: dict[str, list[Field]] = {}
    every_item: list[Item] = []
    sig: list[str] | None = None
    for page in r.layout.pages:
        rows = r.layout.rows[page.number]
        again = False
        def heads(row, below=None) -> tuple[list, list[str]] | None:
            cells = [part for c in header_runs(row) for part in _one_per_coverage(c, below)]
            texts = [" ".join(w.text for w in c) for c in cells]
            named = [t for t in texts if _COVERAGE_WORD.search(nz.fold(t).replace("–", "-"))]
            if len(named) < 2 or any(len(t.split()) > 6 for t in texts) or _amounts(row.text):
                return None
            return cells, texts

        def amounts_under(k: int):
            # (the amounts' row under a header, past its wrapped words: 'Invalidez' / 'Permanente')
            return next((b for b in rows[k + 1:k + 4] if _amounts(b.text)), None)

        for k, row in enumerate(rows):
            h = heads(row, amounts_under(k))
            if h is None:
                continue
            cells, texts = h
            nxt = heads(rows[k + 1], amounts_under(k + 1)) if k + 1 < len(rows) else None
            if nxt is not None and len(nxt[0]) > len(cells):
                continue  # the group headers over the columns' own
            texts = _wrapped_heads(row, rows[k + 1] if k + 1 < len(rows) else None, cells, texts)
            if sig is not None and [nz.key(t) for t in texts] != sig:
                continue
            groups = groups_over(rows, k, cells, _cover_labels)
            kinds = [_column_kind(t, g) for t, g in zip(texts, groups)]
            for c, (t, (kd, _)) in enumerate(zip(texts, kinds)):
                # a coverage at a group's edge that its group cannot hold ('MORTE' taken under
                # the RC group beside the centred 'APP' over it): the neighbour's group, where
                # that one holds it (the label over a column says which group; its place, barely)
                if kd is None and _COVERAGE_WORD.search(nz.fold(t)):
                    for m in (c - 1, c + 1):
                        if 0 <= m < len(groups) and groups[m] != groups[c] and _column_kind(t, groups[m])[0]:
                            groups[c] = groups[m]
                            kinds[c] = _column_kind(t, groups[m])
                            break
            for kd in {kd for kd, cap_ in kinds if kd and cap_ >= 1.0}:
                # a column its own header names sure ('Limite' under 'RC Passageiros') over one a
                # group leaves undecided ('DC' under 'RCF-V'): the named one holds the coverage
                kinds = [(None, 1.0) if kk == kd and cap_ < 1.0 else (kk, cap_) for kk, cap_ in kinds]
            if sum(1 for kd, _ in kinds if kd) < 1:
                continue
            bounds = [(c[0].bbox[0] - 0.006, cells[n + 1][0].bbox[0] - 0.006 if n + 1 < len(cells) else 1.0)
                      for n, c in enumerate(cells)]
            roles: list[str | None] = []
            for t in texts:
                kt = nz.key(t)
                roles.append("placa" if kt in ("placa", "placas") else "chassi" if kt in ("chassi", "chassi vin", "vin")
                             else "assentos" if kt in seats_keys or _SEATS_HEAD.fullmatch(kt) else None)
            found: dict[str, list[tuple[float, Span, str | None]]] = {}
            caps: dict[str, float] = {}
            vehicle: dict[str, list[Field]] = {}
            items: list[Item] = []
            last = rows[k]  # the last line of the table's own
            for body in rows[k + 1:k + 60]:
                if body.y0 - rows[k].y1 > 0.5 and not found:
                    break
                cols: list[list] = [[] for _ in cells]
                for w in body.words:
                    mid = (w.bbox[0] + w.bbox[2]) / 2
                    n = next((i for i, (a, b) in enumerate(bounds) if a <= mid < b), None)
                    if n is not None:
                        cols[n].append(w)
                got = False
                item = Item({}, {}, {})
                for n, ((kd, cap_), ws) in enumerate(zip(kinds, cols)):
                    if not ws:
                        continue
                    sp = Span(page.number, tuple(ws))
                    amounts = nz.find_money(sp.text)
                    if kd is not None and amounts:
                        v, s0, e0, _ = amounts[0]
                        basis = _basis(texts[n]) or _basis(groups[n])
                        entry = (v, span_of(sp, s0, e0), basis)
                        found.setdefault(kd, []).append(entry)
                        item.amounts.setdefault(kd, []).append(entry)
                        sure = min(cap_, sp.conf)
                        caps[kd] = min(caps.get(kd, 1.0), sure)
                        item.caps[kd] = min(item.caps.get(kd, 1.0), sure)
                        got = True
                    role = roles[n]
                    f = (plate_in(sp, r.ocr) if role == "placa" else vin_in(sp, r.ocr) if role == "chassi"
                         else int_field(sp, 1, 120) if role == "assentos" else None)
                    if role is not None and f is not None:
                        vehicle.setdefault(role, []).append(f)
                        item.vehicle[role] = f
                if not got:
                    # the rows are over at a line with no amount, unless it is a row's stray piece
                    # (an item's number set small, apart from its row's line): a word or two
                    # touching the line above
                    if found and (len(body.words) > 2 or body.y0 - last.y1 > 0.5 * body.height):
                        break
                    last = body
                    continue
                last = body
                items.append(item)
            if not found:
                continue
            for kd, entries in found.items():
                every.setdefault(kd, []).extend(entries)
                every_caps[kd] = min(every_caps.get(kd, 1.0), caps[kd])
            for role, fs in vehicle.items():
                every_vehicle.setdefault(role, []).extend(fs)
            every_item += items
            sig = [nz.key(t) for t in texts]
            again = True
            break
        if sig is not None and not again:
            break  # the table did not go on over this page
    for kd, entries in every.items():
        if len({v for v, _, _ in entries}) > 1:
            every_caps[kd] = min(every_caps[kd], UNSURE)  # vehicles insured for different amounts
    out: dict[str, Field] = {}
    for role, fs in every_vehicle.items():
        fs = [f for f in fs if f.value is not None]
        if fs:
            out[role] = fs[0] if len({f.value for f in fs}) == 1 else cap(fs[0], UNSURE)
    return every, every_caps, out, every_item


# the words that open a cover's name in a group header ('RCF-V', 'RC Passageiros', 'APP')
_COVER_OPENS = re.compile(r"(rc|rcf|rcf-v|rcfv|rctr-vi|rctrvi|app|responsabilidade|acidentes|seguro)")


def _opens(w) -> bool:
    t = nz.fold(w.text).replace("–", "-").strip(".:-()")
    return bool(_COVER_OPENS.fullmatch(t)) and not w.text.startswith("(")  # ('(APP)': the same cover)


def _cover_labels(runs: list[tuple]) -> list[tuple]:
    """A group header row's labels: one per cover, split where two are set close and joined where
    one's words are spaced wide ('APP   POR   PESSOA' in a typewriter face)."""
    out: list[tuple] = []
    for part in (p for run in runs for p in _one_cover_each(run)):
        if out and not any(_opens(w) for w in part) and any(_opens(w) for w in out[-1]):
            last = out[-1][-1]
            char = (last.bbox[2] - last.bbox[0]) / max(len(last.text), 1)
            if part[0].bbox[0] - last.bbox[2] <= 3 * char:
                out[-1] = out[-1] + part
                continue
        out.append(part)
    return out


def _one_cover_each(run: tuple) -> list[tuple]:
    """A group header's run naming two covers set close ('RCF-V por evento RC Passageiros por
    evento'): one label per cover, each from the word that opens it."""
    out: list[list] = [[]]
    said = False  # the current label has named its cover and gone on ('RCF-V por evento')
    for w in run:
        opens = _opens(w)
        if opens and said:
            out.append([])
            said = False
        elif not opens and any(ch.isalpha() for ch in w.text) and any(_opens(v) for v in out[-1]):
            said = True
        out[-1].append(w)
    return [tuple(p) for p in out]


def _wrapped_heads(row, under, cells: list[tuple], texts: list[str]) -> list[str]:
    """A header's cells with their second lines ('DESPESAS' / 'MÉDICAS', 'LUG.' / 'SEGURADOS'): the
    line right under the header, of words alone (no amount, no digit), each word taken by the
    cell it starts under."""
    if under is None or under.y0 - row.y1 > row.height or not under.words or \
            any(ch.isdigit() for w in under.words for ch in w.text):
        return texts
    starts = [c[0].bbox[0] - 0.006 for c in cells]
    if under.words[0].bbox[0] < starts[0]:
        return texts
    more: list[list[str]] = [[] for _ in cells]
    for w in under.words:
        more[max(i for i, x in enumerate(starts) if x <= w.bbox[0])].append(w.text)
    return [" ".join([t, *m]) for t, m in zip(texts, more)]


def _one_per_coverage(cell: tuple, below=None) -> list[tuple]:
    """A header cell holding two columns' names set close: one column per word where each word
    names a coverage ('INVALIDEZ DMH'), else split where a word of it starts where an amount or a
    cell of the row below starts ('Morte Acidental INVALIDEZ PERMANENTE' over two amounts,
    left-aligned; 'LUGARES MARCA/MODELO' over '29' and 'AGRALE/MA 10.0'); any other cell is one
    column."""
    if len(cell) >= 2 and all(_COVERAGE_WORD.fullmatch(nz.fold(w.text).replace("–", "-")) for w in cell):
        return [(w,) for w in cell]
    if below is None or len(cell) < 2:
        return [cell]
    starts = []
    words = below.words
    for i, w in enumerate(words):
        if nz.find_money(w.text) and not (i and words[i - 1].text.upper() == "R$"):
            starts.append(w.bbox[0])
        elif w.text.upper() == "R$" and i + 1 < len(words) and nz.find_money(words[i + 1].text):
            starts.append(w.bbox[0])
    starts += [c[0].bbox[0] for c in header_runs(below)]
    tol = 0.4 * (cell[0].bbox[3] - cell[0].bbox[1])
    out: list[list] = [[cell[0]]]
    for w in cell[1:]:
        if any(abs(w.bbox[0] - x) <= tol for x in starts):
            out.append([])
        out[-1].append(w)
    return [tuple(p) for p in out]


def _family(kind: str | None) -> str | None:
    return "ap" if kind in ("ap", "ap_morte", "ap_invalidez") else kind


def _clauses(text: str) -> list[tuple[int, str]]:
    """A row's clauses as a list in running text separates them (';'), with where each starts."""
    out, at = [], 0
    for part in text.split(";"):
        out.append((at, part))
        at += len(part) + 1
    return out


def _per_seat(seg: Span, amounts, assentos: int | None) -> list[tuple[float, Span, str | None]] | None:
    """('R$ 50.000,00', 'R$ 2.250.000,00' for 45 seats): the limit per passenger and per vehicle."""
    if not assentos or assentos < 2:
        return None
    for a in amounts:
        for b in amounts:
            if a[0] > 0 and abs(b[0] - a[0] * assentos) <= 0.005 * b[0]:
                return [(a[0], span_of(seg, a[1], a[2]), "passageiro"), (b[0], span_of(seg, b[1], b[2]), "veiculo")]
    return None


def _amounts(text: str) -> list[tuple[float, int, int, bool]]:
    """The amounts a row prints as money ('R$', centavos or thousands): not a clause's number
    ('3. Franquias - ... acidentes pessoais')."""
    return [a for a in nz.find_money(text)
            if a[3] or "," in text[a[1]:a[2]] or re.search(r"\d\.\d{3}(?!\d)", text[a[1]:a[2]])]


def _amount_beside(rows, i: int) -> tuple[Span, list[tuple[float, int, int, bool]], Span] | None:
    """The amount of a coverage whose name wraps over two lines, printed alone on a row set
    between them: the one neighbouring row, within a line, that holds nothing but an amount;
    with the name's two lines (the line beyond the amount, where the amount sits halfway
    between the two: 'APP - Despesas' / 'Médico-Hospitalares (DMH)' is one coverage)."""
    row = rows[i]

    def near(a, b) -> bool:
        return a.page == b.page and max(a.y0 - b.y1, b.y0 - a.y1) <= 0.8 * max(a.height, b.height)

    hits = []
    for j in (i - 1, i + 1):
        if not 0 <= j < len(rows) or not near(rows[j], row):
            continue
        o = rows[j]
        text = " ".join(w.text for w in o.words)
        amounts = _amounts(text)
        # (beside the amount, at most the name's abbreviation in brackets: 'Invalidez Permanente' / '(IPA) R$ 40.000,00')
        if len(amounts) == 1 and not re.sub(r"(?i)r\s?\$|\([A-Z]{2,6}\)", "", text[:amounts[0][1]] + text[amounts[0][2]:]).strip():
            hits.append((j, Span(o.page, o.words), amounts))
    if len(hits) != 1:
        return None
    j, seg, amounts = hits[0]
    k = j + (j - i)  # the row beyond the amount's
    name = Span(row.page, row.words)
    if 0 <= k < len(rows) and near(rows[k], rows[j]) and not _amounts(" ".join(w.text for w in rows[k].words)):
        o = rows[k]
        mid = ((row.y0 + row.y1) / 2 + (o.y0 + o.y1) / 2) / 2
        if abs((rows[j].y0 + rows[j].y1) / 2 - mid) <= 0.35 * row.height:
            name = Span(row.page, (row.words + o.words) if k > i else (o.words + row.words))
    return seg, amounts, name


# the limit column's headers that, with the coverage column's, mark the coverage table's header
# row: a narrower set than the vocabulary's `limite` column (table headers, no field's labels)
_LIMIT_HEADERS = vocabulary("apolice_seguro").words["limit_heads"]


def _header_hits(r: Reader, labels: Sequence[str], apart: bool = False) -> list[Hit]:
    """Where a column header is printed as one: not a word of a sentence ('... o limite de
    indenização por passageiro' in the conditions below the table). apart: set off from the
    word before it by a column's gap (a title's '... DE INDENIZAÇÃO E PRÊMIOS' heads no column)."""
    out = []
    for lab in labels:
        for h in r.layout.find(lab, whole=False):
            row = r.layout.rows[h.page][h.row]
            height = max(w.bbox[3] - w.bbox[1] for w in h.words)
            near = [row.words[i] for i in (h.start - 1, h.end) if 0 <= i < len(row.words)]
            if any(o.text[:1].islower() and min(abs(o.bbox[0] - h.bbox[2]), abs(h.bbox[0] - o.bbox[2])) < 1.5 * height
                   for o in near):
                continue
            if apart and h.start > 0 and h.bbox[0] - row.words[h.start - 1].bbox[2] < 1.5 * height:
                continue
            out.append(h)
    return out


def _premium_columns(r: Reader) -> list[tuple[float, float]]:
    """The x-ranges under a premium's or deductible's header on the coverage table's header row
    (the row that also names the coverage column): amounts there are no limits."""
    cols = vocabulary("apolice_seguro").tables["coberturas"]
    heads = {(h.page, h.row) for h in _header_hits(r, [*cols.get("cobertura", ()), *_LIMIT_HEADERS])}
    return [r.layout.column_bounds(h) for h in _header_hits(r, [*cols.get("premio", ()), *cols.get("franquia", ())],
                                                            apart=True)
            if (h.page, h.row) in heads]


def _lmi_column(r: Reader) -> tuple[float, float] | None:
    """The limits' column, where one header names it; none where two columns print limits ('LMI
    POR PASSAGEIRO' beside 'LMI TOTAL'): which one holds the wanted basis is not known here."""
    hits = _header_hits(r, _LIMIT_HEADERS)
    hit = max(hits, key=lambda h: h.score, default=None)
    if hit is None:
        return None
    left, right = r.layout.column_bounds(hit)
    # 'LIMITE' of 'LIMITE MÁXIMO DE' (its 'INDENIZAÇÃO' wrapped): the box runs over the header's rest
    words = r.layout.rows[hit.page][hit.row].words
    spellings = [nz.key(h) for h in _LIMIT_HEADERS]
    end = hit.end
    while end < len(words) and any(sp.startswith(nz.key(" ".join(w.text for w in words[hit.start:end + 1])))
                                   for sp in spellings):
        end += 1
    if end > hit.end:
        nxt = next((w for w in words[end:] if nz.key(w.text)), None)
        right = nxt.bbox[0] - 0.006 if nxt is not None else 1.0
    for lab in _LIMIT_HEADERS:
        for h in r.layout.find(lab, whole=False):
            if h.page == hit.page and abs(h.bbox[1] - hit.bbox[1]) < 0.01 and \
                    (h.bbox[0] > right or h.bbox[2] < left):
                return None  # another limits column on the header's row
    return left, right


# an amount read in part: 'R$ 30.000,00' read 'O 000,00'
PARTIAL_AMOUNT = 0.5


def _partial(cell: Span, amount: str) -> bool:
    """Whether an OCR'd amount was read in part: it opens with a zero before more digits
    ('000,00': its leading digits lost), or its cell holds a mark read too unsure to be a word
    (the lost part)."""
    digits = re.sub(r"[^\d,.]", "", amount)
    if re.match(r"0\d", digits.replace(".", "")):
        return True
    return any(w.conf < 0.3 and any(c.isalnum() for c in w.text) for w in cell.words) and \
        any(w.conf < 1.0 for w in cell.words)


def _round_limit(v: float) -> bool:
    return round(v * 100) % 10000 == 0


def _marks_lost(text: str) -> bool:
    """An OCR'd amount of six digits or more printed with no mark at all ('R$ 300000000' for
    'R$ 3.000.000,00'): its thousands' dots and its comma were lost, and where the cents began
    with them."""
    return bool(re.search(r"(?<![\d.,])\d{6,}(?![\d.,])", text))


# an amount whose basis the document does not print: a hint, never a read
UNDECIDED_BASIS = 0.6
# one of several amounts of a coverage's row, taken with no column saying which is the limit
GUESSED_COLUMN = 0.6


def _coberturas(r: Reader, x: Extractor, assentos: int | None, fleet) -> dict[str, Field]:
    caps: dict[str, float] = {}
    found = _table_limits(r, caps)
    table = bool(found)
    if not found:
        found, caps = _scan_limits(r, assentos)
    # coverages as a table's columns, under group headers: their families in place of any other read
    cols, col_caps = fleet[0], fleet[1]
    for fam in {_family(k) for k in cols}:
        for k in [k for k in found if _family(k) == fam]:
            found.pop(k)
            caps.pop(k, None)
    if cols:
        caps.pop(UNREAD_ROW, None)
    for k, entries in cols.items():
        found[k] = entries
        caps[k] = col_caps.get(k, 1.0)
    table = table or bool(cols)
    # coverages stated in sentences: for those no table or row gave, and in place of those read
    # row by row from running text (a row of a sentence may hold the end of one clause and the
    # start of the next: 'Acidental e de R$ 120.000,00 ... para Invalidez'), the clause's own
    prose, prose_caps = _prose_limits(r)
    read_in_clauses = {id(w) for entries in prose.values() for _, sp, _ in entries for w in sp.words}
    for fam in {_family(k) for k in prose}:
        mine = [k for k in found if _family(k) == fam]
        sure = all(prose_caps.get(k, INFERRED) >= INFERRED for k in prose if _family(k) == fam)
        # (the same printed amounts, read by the clause that holds them whole)
        if mine and (table or not sure or not all(sp.words and id(sp.words[0]) in read_in_clauses
                                                  for k in mine for _, sp, _ in found[k])):
            continue
        for k in mine:
            found.pop(k)
            caps.pop(k, None)
        for k in prose:
            if _family(k) == fam:
                found[k] = prose[k]
                caps[k] = min(caps.get(k, 1.0), prose_caps.get(k, INFERRED))
    text_all = nz.fold(r.layout.text)
    out: dict[str, Field] = {}

    def per(kind: str, want: str) -> Field | None:
        entries = found.get(kind)
        if not entries:
            return None
        # the limit printed on the wanted basis, else one on the other basis (converted)
        entries = sorted(entries, key=lambda t: (t[2] != want, t[2] is None))
        v, sp, basis = entries[0]
        conf = min(sp.conf, caps.get(kind, 1.0))
        if r.ocr and _marks_lost(sp.text):
            conf = min(conf, PARTIAL_AMOUNT)
        if not _round_limit(v):
            # a cover's limit is set in whole hundreds at least ('R$ 50.000,00'); 'R$ 1.827,62' is
            # a premium or a share of one, read where the limit was not
            conf = min(conf, GUESSED_COLUMN)
        if basis == CUT_BASIS:
            # the row printed a basis OCR did not read whole: the policy's general one may not be its
            conf = min(conf, UNDECIDED_BASIS)
            basis = "veiculo" if kind == "rc_passageiros" else "passageiro"
        if basis is None:
            basis = _stated_basis(text_all, kind) or _general_basis(text_all)
            if basis is None:
                # not printed: the customary basis, unsure
                conf = min(conf, UNDECIDED_BASIS)
                basis = "veiculo" if kind == "rc_passageiros" else "passageiro"
        if basis != want:
            # the limit is printed on the other basis: convert, but only as a hint
            if not assentos:
                return field(None, sp)
            v = round(v / assentos, 2) if want == "passageiro" else round(v * assentos, 2)
            conf = min(conf, UNDECIDED_BASIS)
        return field(v, sp, conf)

    morte, inval = per("ap_morte", "passageiro"), per("ap_invalidez", "passageiro")
    aps = [f for f in (morte, inval) if f is not None and f.value is not None]
    if not aps:
        ap = per("ap", "passageiro")
        aps = [ap] if ap is not None and ap.value is not None else []
    ap = min(aps, key=lambda f: f.value) if aps else field(None)
    if len(aps) == 2:
        # death and disability covered apart, both read: the lesser binds, as sure as the less
        # sure of the two reads (a misread of either could change which is the lesser)
        ap = cap(ap, min(f.confidence for f in aps))
    elif len(aps) == 1 and ((morte is None) != (inval is None) and _names_both(r) or UNREAD_ROW in caps
                            or (morte is not None) and (inval is not None)):
        # the policy covers death and disability apart, and only one amount was read (or a
        # coverage's name could not be read at all): the lesser, which the rule weighs, may be
        # the one not read
        ap = cap(ap, GUESSED_COLUMN)
    out["ap_por_passageiro"] = ap
    out["dmh_por_passageiro"] = per("dmh", "passageiro") or field(None)
    out["rc_por_veiculo"] = per("rc_passageiros", "veiculo") or field(None)
    return out


def _names_both(r: Reader) -> bool:
    """Whether a coverage row names death and another names disability (two AP coverages)."""
    kinds = {_kind(" ".join(w.text for w in row.words)) for row in r.layout.all_rows()}
    return {"ap_morte", "ap_invalidez"} <= kinds


def _stated_basis(text: str, kind: str) -> str | None:
    words = {"ap_morte": r"(app|acidentes pessoais|morte)", "ap_invalidez": r"(app|acidentes pessoais|invalidez)",
             "ap": r"(app|acidentes pessoais)",
             "dmh": r"(dmh|despesas medic)", "rc_passageiros": r"(rc passageiros|responsabilidade civil\W+passageiros)"}[kind]
    m = re.search(words + r"[^.]{0,160}?(sao|e|concedid[ao]s?)\s+(concedid[ao]s?\s+)?por\s+(passageiro|veiculo)", text)
    return ("passageiro" if m.group(4) == "passageiro" else "veiculo") if m else None


_GENERAL_BASIS = re.compile(
    r"\b(?:importancias seguradas|limites(?: maximos)?(?: de indenizacao)?|lmis?|capitais segurados|valores segurados)"
    r"\s+(?:acima\s+|indicad[oa]s\s+)?(?:sao|estao|se aplicam|referem-se)\s+(?:(?:express|concedid|fixad|aplicad|estabelecid)[oa]s\s+)?"
    r"por\s+(passageiro|pessoa|veiculo|evento|sinistro)\b")


def _general_basis(text: str) -> str | None:
    """The basis the policy states for all its limits ('As importâncias seguradas são por veículo e
    por evento, exceto nas coberturas indicadas "por passageiro"'): where a coverage's row prints
    none, this is its basis (a row printing its own keeps it). Two statements that disagree, or one
    excepting a coverage by name ('..., exceto RC Passageiros, por veículo'), state none."""
    found = set()
    for m in _GENERAL_BASIS.finditer(text):
        rest = text[m.end():].split(".", 1)[0]
        exc = re.search(r"\b(exceto|salvo|excecao)\b", rest)
        if exc and _kind(rest[exc.end():]) is not None:
            return None
        found.add("passageiro" if m.group(1) in ("passageiro", "pessoa") else "veiculo")
    return found.pop() if len(found) == 1 else None


def _row_spans(r: Reader) -> list[Span]:
    """Table rows as whole rows (a coverage name and its limit are far apart on the row)."""
    return [Span(row.page, row.words) for row in r.layout.all_rows()]


def _assentos_unit(r: Reader) -> Field:
    """'28 assentos' in the vehicle's row when its column heading was misread: the unit labels it.
    Only one such number on the page, or none is taken."""
    found = []
    for sp in _row_spans(r):
        for i, w in enumerate(sp.words[:-1]):
            if re.fullmatch(r"\d{1,3}", w.text) and re.fullmatch(r"(assentos|lugares|passageiros)[.,;]?",
                                                              nz.fold(sp.words[i + 1].text)):
                found.append(int_field(sp.sub([w]), 1, 120))
    vals = {f.value for f in found if f.value is not None}
    return found[0] if len(vals) == 1 else field(None)


def _annual(ini: Field, fim: Field) -> Field:
    """An unsure end of term that restates the surely read start's day and month one year on
    ('das 24h de 20/12/2025 às 24h de 201 2/2026'): day and month are then printed twice, and a
    misread landing on exactly the start's day and month is all but impossible. Confident, never
    certain; nothing is lifted from a near-illegible read or when the start itself is unsure."""
    a, b = ini.value, fim.value
    if not isinstance(a, str) or not isinstance(b, str) or fim.confidence >= CONFIDENT:
        return fim
    if ini.confidence < SURE_OCR or fim.confidence < 0.3:
        return fim
    if a[4:] != b[4:] or int(b[:4]) != int(a[:4]) + 1:  # ISO dates: '-MM-DD' alike, the next year
        return fim
    return fim.model_copy(update={"confidence": min(ini.confidence, 0.85)})
