"""Contrato de fretamento: prose with numbered clauses, or a summary table ('quadro resumo')
of row labels and value cells, or both. Each field is read from the table when the contract
has one, else from the prose: the parties from their qualification ('como CONTRATANTE, X,
inscrita no CNPJ sob o nº ...' or 'X, ..., doravante denominada CONTRATANTE'), the term from
the clause that states it, the signature date from the closing 'Cidade, dd de mês de aaaa'.
A field the contract refers elsewhere for ('conforme Grade de Itinerário anexa') is null."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

from intake import normalize as nz
from intake.page.layout import Span
from intake.reading.flow import Flow
from domain.ids.doc import find as find_docs
from intake.reading.identifiers import ident
from intake.reading.values import INFERRED, TERM_JOIN, UNSURE, cap, field, ocr_text, period_fields, span_of, unchecked
from intake.doctypes._common import Reader
from intake.reading.lexicon import DASHES, accent_slip, confs, despeck, echoes, mend_prose, weighed
from intake.doctypes.generic import closing_date
from intake.reading.cells import Cells
from intake.reading.extract import AMBIGUOUS, Extractor
from intake.reading.finish import names_no_one
from intake.reading.labels import run_gap
from intake.reading.grid import Cell, Grid, grids as find_grids
from intake.reading.parties import Group, GroupLabels, Party, captions, parties, table_groups
from intake.reading.shapes import TIME, ceiling, name as shape_name, town, town_specks
from intake.reading.vocabulary import address_words, caption_words, label_words, vocabulary
from domain.documents import CONFIDENT, Field

TYPES = ("contrato_fretamento",)

ROLES = {
    "contratante": r"contratantes?",
    "contratado": r"contratad[oa]s?|transportador[a]?",
}
# a value that only points elsewhere
_REFERENCE = re.compile(r"^(conforme|constantes?|vide|ver |de acordo com|segundo|nos termos|"
                        r"diversas? instituic|nao se aplica|n/a\b|-$)")
_REFERENCE_WORDS = ("conforme", "constante", "constantes")
_ANNEXED = re.compile(r"\b(?:anexa|anexo|anexas|anexos)\W*$")


def _refers(text: str) -> bool:
    """Whether a value only points elsewhere ('Conforme programação anexa'), its first word
    also read with one slip ('Contorme'): a misread pointer is still no value."""
    if _REFERENCE.match(text) or len(text.split()) <= 6 and _ANNEXED.search(text):
        return True  # (or names the annex it is in: 'da Grade de Itinerário anexa.')
    first = text.split(maxsplit=1)[0] if text.split() else ""
    return len(first) >= 6 and any(Levenshtein.distance(first, w) <= 1 for w in _REFERENCE_WORDS)


_STOP_LABEL = (r"(?:paragrafo\s+\w+|clausula\s+\w+|itinerario|horarios?|locais\s+de\s+(?:embarque|"
               r"desembarque)|pontos\s+de\s+embarque|origem|destino|valor|vigencia)\s*[:\-–]")


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, "contrato_fretamento")
    fl = r.flow()
    # every word of the contract, for a name or place printed twice (the parties sign below)
    seen = echoes(w for row in r.layout.all_rows() for w in row.words) if r.ocr else None
    x = r.x
    table = _Table(r, seen, x)
    out: dict[str, Field] = {}
    xnum = x.field("numero_contrato")
    out["numero_contrato"] = numbered(_sure(xnum) or _value(contract_number(r, fl)) or xnum)

    paragraphs = fl.offsets(sp.words[0] for sp in r.paragraphs() if sp.words)
    # where the layout starts a paragraph, a clause's text ends (a text layer's spacing only: a scan's is too uneven)
    setattr(fl, "paragraphs", paragraphs if not r.ocr else ())  # read back by getattr in _clause
    prose = parties(fl, ROLES, r.ocr, seen, paragraphs, table.label_words(),
                    vocabulary("contrato_fretamento").fields["contratante_documento"].never)
    signed = captions(r.layout, ROLES, r.ocr, seen)
    for role, prefix in (("contratante", "contratante"), ("contratado", "contratado")):
        # a form's labelled boxes ('NOME DO CONTRATANTE', a 'DADOS DA CONTRATADA' block), else
        # the prose's qualification, a summary table's row, a signature
        xn, xd = _named(x, f"{prefix}_nome", seen), x.field(f"{prefix}_documento")
        nome, doc, qual = _party(role, table, prose[role], signed[role])
        if xn.value is not None:
            nome = xn
            qual = ""
        if xd.value is not None:
            doc = xd
        if doc.value is None:
            doc = _party_signature(r, role)
        out[f"{prefix}_nome"], out[f"{prefix}_documento"] = nome, doc
        if role == "contratante":
            out.update(_contratante_extra(fl, nome, doc, qual, table, r.ocr))

    _one_party_per_document(out)

    xa = x.field("data_assinatura")
    out["data_assinatura"] = _sure(xa) or _value(closing_date(r)) or _value(_closing_in_prose(fl)) or xa
    ini, fim = x.field("vigencia_inicio"), x.field("vigencia_fim")
    if table.grid_cell(vocabulary("contrato_fretamento").fields["vigencia"].labels) is not None and \
            (gp := table.vigencia()) is not None:
        ini, fim = gp  # a key/value table's row of the term: its cell, nothing beside it
    elif ini.value is None or fim.value is None or ini.value > fim.value:
        ini, fim = x.period("vigencia") or table.vigencia() or _vigencia(fl)
    out["vigencia_inicio"], out["vigencia_fim"] = ini, fim
    xo, xdst, xi = _town(x, "origem", seen), _town(x, "destino", seen), _named(x, "instituicao_destino", seen)
    go, gd, gi = (_gridded(table, "origem", _town_parse(r.ocr, seen)), _gridded(table, "destino", _town_parse(r.ocr, seen)),
                  _gridded(table, "instituicao_destino", _name_parse(r.ocr, seen)))
    out["origem"] = go or (_sure(xo)
                     or _surer(table.text(r.spellings("origem"))
                               or _value(_prose_labelled(fl, _phrases("origem"), seen))
                               or _value(_prose_place(fl, "origem", seen))
                               or _value(_prose_route(fl, "origem", seen)), xo))
    out["destino"] = gd or (_sure(xdst)
                      or _surer(table.text(r.spellings("destino"))
                                or _value(_prose_labelled(fl, _phrases("destino"), seen))
                                or _value(_prose_place(fl, "destino", seen))
                                or _value(_prose_route(fl, "destino", seen)), xdst))
    for name in ("origem", "destino"):
        v = out[name].value
        if isinstance(v, str) and (m := _TOWN_THEN.match(v)) and not re.search(r"/\s?[A-Z]{2}\b", m.group(2)):
            # 'Maringá/PR Placa do': a town ends at its UF; words after it, naming no other town
            # ('Porto Alegre/RS e Canoas/RS'), are the next box's label (sure where they are
            # labels' words) or unknown (unsure)
            rest = [nz.key(t) for t in m.group(2).split() if nz.key(t) and nz.key(t) not in _PARTICLES]
            labelled = bool(rest) and all(k in label_words() for k in rest)
            f = out[name].model_copy(update={"value": m.group(1)})
            out[name] = f if labelled else cap(f, UNSURE)
        v = out[name].value
        if isinstance(v, str) and (m := _TOWN_WORDING.match(v)) and len(v) > m.end():
            # 'Município de Maringá/PR' (prose read from a line below 'origem no'): the town is Maringá
            out[name] = out[name].model_copy(update={"value": v[m.end():]})
        v = out[name].value
        if r.ocr and isinstance(v, str) and (mended := town_specks(v))[1]:
            # 'Governador Valadares /MG', 'Vitória. da Conquista/BA' from the prose or a table, as the shape mends them
            out[name] = cap(out[name].model_copy(update={"value": mended[0]}), UNSURE)
        if isinstance(out[name].value, str) and _school(out[name].value):
            out[name] = cap(out[name], UNSURE)  # a school's name where a town was looked for
        if r.ocr and isinstance(out[name].value, str) and not _town_shaped(out[name].value):
            out[name] = cap(out[name], UNSURE)
        elif r.ocr and isinstance(out[name].value, str) and any(
                accent_slip(t, out[name].confidence, seen) for t in re.split(r"[\s/]+", out[name].value.split("(")[0])):
            out[name] = cap(out[name], UNSURE)  # 'Vitóriá da Conquista' where 'Vitória' is read surer
    out["instituicao_destino"] = gi or (_sure(xi)
                                  or table.text(r.spellings("instituicao_destino"), name=True)
                                  or _value(_prose_instituicao(fl, seen, _named_at(fl, out, ("contratante_nome",
                                                                                              "contratado_nome"))))
                                  or xi)
    for name in ("origem", "destino", "instituicao_destino", "contratante_nome", "contratado_nome"):
        v = out[name].value
        if isinstance(v, str) and (_holds_label(v, name) or name.endswith("_nome") and _spliced_name(v)
                                   or name in ("origem", "destino") and _prose_words(v)):
            # 'Gravataí/RS DESTINO São Leopoldo/RS', 'Escola ITINERÁRIO Municipal ...': another
            # field's label read into the value, which ends or breaks there: no sure value
            out[name] = cap(out[name], UNSURE)
    voc = vocabulary("contrato_fretamento").fields
    for name in ("itinerario", "horarios", "locais_embarque"):
        labels = sorted(voc[name].labels, key=len, reverse=True)  # the longest spelling first
        out[name], where = _boxed_or_labelled(x, name, table, fl, labels, seen)
        if name == "itinerario":
            out["itinerario_descrito"] = _described(out["itinerario"], where, seen)
    if out["horarios"].value is None:
        out["horarios"] = _prose_times(fl, seen)
    for name in ("itinerario", "horarios", "locais_embarque"):
        if r.ocr and isinstance(out[name].value, str):
            out[name] = out[name].model_copy(update={"value": mend_prose(out[name].value, seen)})
    xv = x.field("valor")
    vl = vocabulary("contrato_fretamento").fields["valor"].labels
    gv = table.money(vl) if table.grid_cell(vl) is not None else None  # (the amount's own words, not 'R$')
    out["valor"] = gv or _sure(xv) or table.money(vl) or \
        _value(_valor(fl)) or xv
    out["passageiros_relacao"] = _has_passenger_table(r)
    return out


def _name_parse(ocr: bool, seen):
    """A name's shape, its OCR'd words weighed as names."""
    def parse(sp):
        f = shape_name(sp, ocr)
        return weighed(f, sp, names=True, seen=seen, joining=False) if f.value is not None else f
    return parse


def _town_parse(ocr: bool, seen):
    def parse(sp):
        f = town(sp, ocr)
        if f.value is None:
            return f
        w = weighed(f, sp, names=True, seen=seen, joining=False)
        # (its words weighed as prose; where the shape found the town unsure, 'Apucarana /PR', no surer)
        return cap(w, ceiling(town, sp, ocr))
    return parse


def _named_at(fl: Flow, out: dict[str, Field], names: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """Where the text prints the names read for these fields (folded, whole words)."""
    spans = []
    for name in names:
        v = out.get(name)
        key = nz.fold(v.value).strip() if v is not None and isinstance(v.value, str) else ""
        if len(key) >= 8:
            spans += [(m.start(), m.end()) for m in re.finditer(r"(?<![a-z0-9])" + re.escape(key).replace(r"\ ", r"\s+")
                                                                 + r"(?![a-z0-9])", fl.folded)]
    return tuple(spans)


def _named(x: Extractor, name: str, seen) -> Field:
    """A name from its label's cell, its OCR'd words weighed as names."""
    return x.field(name, _name_parse(x.ocr, seen))


def _town(x: Extractor, name: str, seen) -> Field:
    return x.field(name, _town_parse(x.ocr, seen))


def _gridded(table: _Table, name: str, parse) -> Field | None:
    """The field from the cell a key/value table prints beside one of its labels, read as the
    field's shape; None where no table prints its label, or its cell is empty or only points
    elsewhere ('Conforme Anexo I')."""
    got = table.grid_cell(vocabulary("contrato_fretamento").fields[name].labels)
    if got is None or got[1] is None:
        return None
    sp = despeck(got[1].span)
    if not sp.words or _refers(nz.fold(sp.text)):
        return None
    f = parse(sp)
    return f if f.value is not None else None


# A town's name as printed: capitalised words, hyphenated parts, particles, a UF after '/' or '-'.
_TOWN_WORD = re.compile(r"[A-ZÀ-Ý][a-zà-ÿ'.]*(?:-[A-ZÀ-Ýa-zà-ÿ][a-zà-ÿ'.]*)*|[A-ZÀ-Ý'.\-]+|d[aeo]s?|e|d'[A-ZÀ-Ý][a-zà-ÿ]*")


# a town and its UF, then more words that are no note in brackets
_TOWN_THEN = re.compile(r"(.+?/\s?[A-Z]{2})\s+(?![(\[-])(\S.*)$")
_TOWN_WORDING = re.compile(r"(?i)(?:munic[íi]pio|cidade)\W{0,3}\s*d[eo]\s+")


def _town_shaped(value: str) -> bool:
    """The value reads as a town: OCR's glued or split words do not ('ErechimyRS' for
    'Erechim/RS', 'Mar ingá/PR'). A note in brackets after it ('(portaria da usina)') is prose."""
    head = value.split("(", 1)[0]
    if head.rstrip().endswith("/") or re.search(r"/\s*[A-Z]\s[A-Z]\b", head):
        return False  # 'Piracicaba/': its state read apart, or lost; 'Conquista/B A': split
    parts = [p for p in re.split(r"[\s/,]+|\s-\s", head) if p and p != "-"]
    return bool(parts) and all(_TOWN_WORD.fullmatch(p) for p in parts)


def _line_height(sp: Span) -> float:
    hs = sorted(w.bbox[3] - w.bbox[1] for w in sp.words)
    return hs[len(hs) // 2] if hs else 0.0


def _party(role: str, table: _Table, prose: list[Party], signed: Sequence[Party] = ()) -> tuple[Field, Field, str]:
    """The party of a role, from the surest place that names it: a qualification in the prose
    that prints its CPF/CNPJ ('CONTRATANTE: X, ... CNPJ ...' or 'X, ..., doravante CONTRATANTE'),
    a summary table's rows that do, the prose's qualification without one, then the table's
    row or a signature block's caption, which name a party without identifying it (unsure).
    Where another place, read apart, names the same party, the name is as sure as the surer
    read, and sure (two reads that agree); a name only a signature's caption gives is unsure
    unless printed so elsewhere too (a caption may name the representative who signs)."""
    nome, doc, qual = table.party(role)
    qualified = [p for p in prose if p.how in ("after", "before") and p.nome.confidence >= 0.5]
    with_doc = [p for p in qualified if p.documento.value is not None]
    sig = [p for p in prose if p.how == "signature"] + list(signed)
    every = [nome] + [p.nome for p in prose] + [p.nome for p in signed]
    if with_doc:
        p = with_doc[0]
        if isinstance(p.nome.value, str) and names_no_one(p.nome.value):
            # ('ENDEREÇO Rua ...' taken for the party's name: the qualification was cut in the
            # wrong place, so the number read with it may be anybody's)
            return cap(p.nome, UNSURE), cap(p.documento, UNSURE), p.qualificacao
        return _agreed(p.nome, every), p.documento, p.qualificacao
    if nome.value is not None and doc.value is not None:
        return _agreed(nome, every), doc, qual
    if qualified:
        p = qualified[0]
        return _agreed(p.nome, every), p.documento if p.documento.value is not None else doc, p.qualificacao
    if nome.value is not None:
        agreed = _agreed(nome, every)
        return (agreed if agreed is not nome else cap(nome, 0.75)), doc, qual
    if sig:
        agreed = _agreed(sig[0].nome, every)
        if agreed is sig[0].nome:
            # (the number by a signature may be the signer's, a representative's CPF, as its name may be)
            return cap(sig[0].nome, 0.75), cap(sig[0].documento, 0.75), sig[0].qualificacao
        return agreed, sig[0].documento, sig[0].qualificacao
    return nome, doc, qual


AGREED = 0.9  # a name two places print alike, each read fairly (not a sure read's 1.0)


def _agreed(f: Field, others: list[Field]) -> Field:
    """The name, as sure as the surer of two reads of it from places apart (the summary table
    and the signature, the prose's qualification and the table), and no less than AGREED where
    both were read fairly; the same Field where no other place names it alike."""
    if not isinstance(f.value, str) or len(f.value.split()) < 2:
        return f
    k = nz.key(f.value)
    for o in others:
        if o is f or not isinstance(o.value, str) or nz.key(o.value) != k or _same_place(f, o):
            continue
        conf = max(f.confidence, o.confidence)
        if min(f.confidence, o.confidence) >= 0.5:
            conf = max(conf, AGREED)
        # (alike but for an accent OCR lost in one of them, 'Erico' and 'Érico': the surer read's)
        best = o if o.confidence > f.confidence else f
        return best.model_copy(update={"confidence": round(conf, 4)})
    return f


def _same_place(a: Field, b: Field) -> bool:
    """Whether two reads come from the same words (their boxes overlap on one page)."""
    if a.page != b.page or not a.bbox or not b.bbox:
        return a.page == b.page and (not a.bbox or not b.bbox)
    return a.bbox[0] < b.bbox[2] and b.bbox[0] < a.bbox[2] and a.bbox[1] < b.bbox[3] and b.bbox[1] < a.bbox[3]


def _one_party_per_document(out: dict[str, Field]) -> None:
    """A contract binds two parties, never one with itself: where both roles came out with the
    same CPF/CNPJ, one reader took the other party's (a caption line 'CONTRATANTE; e EMPRESA X,
    CNPJ ...'); the role that has no name read beside it loses it, or both are unsure."""
    a, b = out["contratante_documento"], out["contratado_documento"]
    if a.value is None or a.value != b.value:
        return
    na, nb = out["contratante_nome"].value, out["contratado_nome"].value
    if na is not None and nb is not None and nz.key(na) == nz.key(nb):
        return  # one name and one number: the same party read twice, the rules will say so
    unnamed = [p for p, n in (("contratante", na), ("contratado", nb)) if n is None]
    for prefix in unnamed or ["contratante", "contratado"]:
        f = out[f"{prefix}_documento"]
        out[f"{prefix}_documento"] = f.model_copy(update={"confidence": min(f.confidence, AMBIGUOUS)})
    if "contratante" in (unnamed or ["contratante"]) and "contratante_tipo" in out:
        t = out["contratante_tipo"]
        out["contratante_tipo"] = t.model_copy(update={"confidence": min(t.confidence, AMBIGUOUS)})


def _sure(f: Field | None) -> Field | None:
    """The field when read with confidence: an unsure label's read gives way to the other ways."""
    return f if f is not None and f.value is not None and f.confidence >= CONFIDENT else None


def _value(f: Field | None) -> Field | None:
    return f if f is not None and f.value is not None else None


def _surer(other: Field | None, own: Field) -> Field:
    """Another reader's value where the field's own label gave none or an unsure one: the surer
    of the two (a prose read at 0 does not displace the label's cell read unsure)."""
    if other is None or other.value is None:
        return own
    return own if own.value is not None and own.confidence > other.confidence else other


# ------------------------------------------------------------------ number

_NUM = re.compile(r"\bcontrato\b(?:[\s.]+de\s+[a-z\s]{3,90}?)?[\s.]+(?:n\.?\s?[o°]\.?|numero|nr\.?)\s*[:\-]?\s*"
                  r"((?:[a-z]{1,4}\s(?=[a-z0-9./\-]*\d))?[A-Za-z0-9][A-Za-z0-9./\-]*\d[A-Za-z0-9./\-]*)")


def contract_number(r: Reader, fl: Flow, name: str = "numero_contrato") -> Field:
    """The contract's number after 'nº' in the text, else by the layout lookup over the spellings
    of `name`, the field of the reader's type that holds it."""
    m = _NUM.search(fl.folded)
    if m:
        start = m.start(1)
        raw = fl.text[start:m.end(1)].rstrip(".,;-")
        head = raw.split()[0] if " " in raw else ""
        if head and not head.isupper():
            start += len(head) + 1  # 'nº de 2026': only a prefix printed in capitals ('FC 035/2024')
            raw = raw[len(head) + 1:]
        # (a number has no check digit: after OCR only a sure read counts, 'CT' read 'C7')
        return unchecked(fl.field(raw, start, start + len(raw)), r.ocr)
    return r.grab_field(name,
                        lambda s: unchecked(field(s.words[0].text.rstrip(".,;"), s.sub(s.words[:1])), r.ocr))


# ------------------------------------------------------------------ summary table

class _Table:
    """Row labels that open their row ('1. CONTRATANTE', 'ORIGEM:') and the cell beside them."""

    def __init__(self, r: Reader, seen: dict[str, float] | None = None, x: Extractor | None = None):
        self.r = r
        self.seen = seen
        self.x = x
        self._grids: list[Grid] | None = None
        self._groups: dict[str, list[Group]] | None = None

    @property
    def grids(self) -> list[Grid]:
        """The key/value tables the contract prints, read as tables (intake/reading/grid.py)."""
        if self._grids is None:
            voc = vocabulary("contrato_fretamento")
            self._grids = find_grids(self.r.layout, voc, voc.values.get("identificacao", ()))
        return self._grids

    def grid_cell(self, labels) -> tuple[Grid, Cell | None] | None:
        """The value cell a key/value table prints beside the first of the labels it prints (None
        for an empty cell); None when no table prints any of them."""
        for lab in labels:
            k = nz.key(lab)
            for g in self.grids:
                for row in g.rows:
                    for label, cell in row.pairs():
                        if _same_label(label.key, k, self.r.ocr):
                            return g, cell
        return None

    def label_words(self) -> frozenset[int]:
        """id() of the words of every row label of the contract's key/value tables."""
        return frozenset(id(w) for g in self.grids for row in g.rows for c in row.cells if c.label for w in c.words)

    def groups(self) -> dict[str, list[Group]]:
        if self._groups is None:
            self._groups = table_groups(self.grids, _group_labels(), self.r.ocr)
        return self._groups

    def cells(self, labels) -> list[Span] | None:
        got = self.grid_cell(labels)
        if got is not None:
            # a key/value table's cell: bounded by the table's rows and the next label of its row
            return list(got[1].lines) if got[1] is not None else None
        for lab in labels:
            for h, label_rows in self._hits(lab):
                row = self.r.layout.rows[h.page][h.row]
                before = [w for w in row.words[:h.start] if nz.key(w.text)]
                if before and not (len(before) == 1 and (re.fullmatch(r"[0-9]{1,2}[.)]?|[a-z][.)]",
                                                                      before[0].text.strip().lower())
                                                         or self.r.ocr and len(before[0].text.strip()) <= 2
                                                         and nz.key(before[0].text) not in ("da", "do", "de"))):
                    continue  # not at the start of its row: prose (a numbering or an OCR speck is fine)
                if self._prose(h):
                    continue
                lines = self.r.layout.cell(h, label_rows=label_rows)
                if lines and not self._labelled(lines[0]):
                    return self._bounded(lines)
        return None

    def _bounded(self, lines: list[Span]) -> list[Span]:
        """The cell's lines, its first one up to another field's label standing on it ('Gravataí/RS
        DESTINO São Leopoldo/RS', or set apart by a gap): that line holds two cells, and what is
        under it belongs to either, so only the first line's part is the value."""
        if self.x is None or not lines or not lines[0].words:
            return lines
        first = lines[0]
        row = next((rw for rw in self.r.layout.rows[first.page] if any(w is first.words[0] for w in rw.words)), None)
        if row is None:
            return lines
        for k, w in enumerate(first.words[1:], start=1):
            lab = self.x.labels.starting(w)
            if lab is None or lab.row != row.index or not lab.fields:
                continue
            gap = w.bbox[0] - first.words[k - 1].bbox[2]
            if self.x.cells.caps_apart(lab) or gap >= run_gap(row):
                return [first.sub(first.words[:k])]
        return lines

    def _prose(self, h) -> bool:
        """The toolkit found these words as a label and judged them prose, not a label printed as
        one ('... da Grade de' / 'Itinerário anexa.': a sentence going on)."""
        if self.x is None or not h.words:
            return False
        lab = self.x.labels.starting(h.words[0])
        return lab is not None and not self.x.cells.stands(lab)

    def _labelled(self, line: Span) -> bool:
        """A cell that holds another label ('CONTRATANTE    CONTRATADA' over two signatures)."""
        if self.x is None or not line.words:
            return False
        w = line.words[0]
        row = self.r.layout.rows[line.page]
        for rw in row:
            if w in rw.words:
                i = rw.words.index(w)
                gap = w.bbox[0] - rw.words[i - 1].bbox[2] if i > 0 else 1.0
                return self.x.cells.label_at(rw, i, gap, colon=False) is not None
        return False

    def _hits(self, label: str):
        """The label on one row, or its first words with the rest on the row below (a label
        wrapped in a narrow column: '3. INSTITUIÇÃO DE' / 'DESTINO')."""
        lay = self.r.layout
        hits = [(h, 0) for h in lay.find(label, whole=True)]
        words = label.split()
        for k in range(len(words) - 1, 0, -1):
            head, tail = " ".join(words[:k]), nz.key(" ".join(words[k:]))
            if len(nz.key(head)) < 6:
                break
            for h in lay.find(head, whole=True):
                rows = lay.rows[h.page]
                if h.row + 1 >= len(rows):
                    continue
                nxt = rows[h.row + 1]
                below = [w for w in nxt.words if w.bbox[0] < h.bbox[2] + 0.01]
                if nz.key(" ".join(w.text for w in below)) == tail:
                    hits.append((h, 1))
        return hits

    def cell_span(self, labels) -> Span | None:
        """The words of the cell beside the first of the labels found (specks dropped)."""
        lines = self.cells(labels)
        if not lines:
            return None
        return despeck(Span(lines[0].page, tuple(w for ln in lines for w in ln.words), lines[0].score))

    def text(self, labels, *, name: bool = False, reference_null: bool = True) -> Field | None:
        sp = self.cell_span(labels)
        return None if sp is None else self.text_of(sp, name=name, reference_null=reference_null)

    def text_of(self, sp: Span, *, name: bool = False, reference_null: bool = True) -> Field:
        """The cell's words as a text Field (null where it only refers to an annex)."""
        value = nz.unglue(nz.roman(nz.spaces(ocr_text(sp))))
        if value and reference_null and _refers(nz.fold(value)):
            return field(None, sp)
        if value:
            value = value.rstrip(".;")
        return weighed(field(nz.name(value) if name else value, sp), sp, names=True, seen=self.seen, joining=not name)

    def money(self, labels) -> Field | None:
        lines = self.cells(labels)
        if not lines:
            return None
        sp = Span(lines[0].page, tuple(w for ln in lines for w in ln.words), lines[0].score)
        hits = [h for h in nz.find_money(sp.text) if h[3]] or nz.find_money(sp.text)
        if not hits:
            return None
        v, s, e, _ = hits[0]
        return field(v, span_of(sp, s, e))

    def party(self, role: str) -> tuple[Field, Field, str]:
        """The party of a role as the summary table prints it: a key/value table's rows for it
        (its role's row, its CNPJ's ...), else the cell beside its role's label."""
        groups = self.groups().get(role) or []
        if groups:
            return self._group_party(groups[0])
        # the role's row ('1. CONTRATANTE'): the words that head its section when numbered
        lines = self.cells(vocabulary("contrato_fretamento").sections[role].numbered)
        if not lines:
            return field(None), field(None), ""
        first = lines[0]
        if re.match(r"\s*(cpf|cnpj|inscrit)", nz.fold(first.text)):
            return field(None), field(None), ""  # 'CONTRATANTE - CNPJ ...' under a signature
        nome = self._name_of(lines, Cells._margin_of(self.r.layout, first.page))
        all_sp = Span(first.page, tuple(w for ln in lines for w in ln.words), first.score)
        doc = _first_doc(all_sp, self.r.ocr)
        return nome, doc, all_sp.text

    def _group_party(self, g: Group) -> tuple[Field, Field, str]:
        lines = list(g.name)
        nome = field(None)
        if lines and not re.match(r"\s*(cpf|cnpj|inscrit)", nz.fold(lines[0].text)):
            nome = self._name_of(lines, g.right)
        doc = _first_doc(g.documento, self.r.ocr) if g.documento is not None else field(None)
        if doc.value is None and lines:
            # 'NOME' / 'CNPJ: ...' in the role's one cell
            doc = _first_doc(Span(lines[0].page, tuple(w for ln in lines for w in ln.words)), self.r.ocr)
        return nome, doc, g.text

    def _name_of(self, lines: list[Span], bound: float) -> Field:
        """A party's name from the lines of its cell: the first, up to an identifier ('NOME - CNPJ
        ...' on one line), and the next ones where the name wraps because its line is full ('...
        DE SANTA CRUZ' / 'DO SUL' / 'CNPJ: ...'; `bound`: where the cell's lines may reach). A
        next line of a name's words that would have had room on the line before may be the
        name's rest or another thing printed under it: the name is unsure."""
        first = lines[0]
        name_words = first.words
        undecided = False
        m = re.search(r"\s[-–,]?\s*(cpf|cnpj|inscrit|rg\b)", nz.fold_chars(first.text))
        if m:
            name_words = span_of(first, 0, m.start()).words
        else:
            prev = list(first.words)
            for ln in lines[1:]:
                if not ln.words or re.match(r"\s*(cpf|cnpj|inscrit|rg\b)", nz.fold(ln.text)):
                    break
                if Cells._would_fit(prev, ln.words[0], bound, _line_height(ln)):
                    undecided = _name_goes_on(ln)
                    break
                cut = re.search(r"\s[-–,]?\s*(cpf|cnpj|inscrit|rg\b)", nz.fold_chars(ln.text))
                more = span_of(ln, 0, cut.start()).words if cut else ln.words
                name_words = tuple(name_words) + tuple(more)
                if cut:
                    break
                prev = list(ln.words)
        name_sp = despeck(first.sub(_before_identifier(tuple(name_words))))
        nome = weighed(field(nz.name(" ".join(w.text for w in name_sp.words)), name_sp), name_sp,
                       names=True, seen=self.seen, joining=False)
        return cap(nome, UNSURE) if undecided else nome

    def vigencia(self) -> tuple[Field, Field] | None:
        got = self.grid_cell(vocabulary("contrato_fretamento").fields["vigencia"].labels)
        if got is not None:
            lines = list(got[1].lines) if got[1] is not None else None
        else:
            lines = self.cells(vocabulary("contrato_fretamento").fields["vigencia"].labels)
        if not lines:
            return None
        sp = Span(lines[0].page, tuple(w for ln in lines for w in ln.words))
        ds = nz.find_dates(sp.text)
        if len(ds) >= 2 and ds[0][0] < ds[1][0]:
            return field(ds[0][0], span_of(sp, ds[0][1], ds[0][2])), field(ds[1][0], span_of(sp, ds[1][1], ds[1][2]))
        return None


def _same_label(a: str, b: str, ocr: bool) -> bool:
    """Two labels' key() texts alike: equal, or after OCR a slip per eight letters apart."""
    if a == b:
        return True
    ca, cb = a.replace(" ", ""), b.replace(" ", "")
    if not ocr or len(cb) <= 4:
        return False
    return Levenshtein.distance(ca, cb) <= max(1, len(cb) // 8)


@lru_cache(maxsize=1)
def _group_labels() -> GroupLabels:
    """What a summary table's rows of a party are labelled, from the contract's vocabulary."""
    voc = vocabulary("contrato_fretamento")

    def keys(spellings) -> frozenset[str]:
        return frozenset(k for k in (nz.key(x) for x in spellings) if k)

    opens = {role: keys(sec.headings + voc.fields[f"{role}_nome"].labels + voc.fields[f"{role}_documento"].labels)
             for role, sec in voc.sections.items()}
    names = keys(x for role, sec in voc.sections.items() for x in sec.fields.get(f"{role}_nome", ())
                 + voc.fields[f"{role}_nome"].labels)
    documents = keys(x for role, sec in voc.sections.items() for x in sec.fields.get(f"{role}_documento", ())
                     + voc.fields[f"{role}_documento"].labels)
    return GroupLabels(dict(ROLES), opens, names, documents, keys(voc.values.get("identificacao", ())))


def _name_goes_on(ln: Span) -> bool:
    """Whether a line under a name reads as more of a name: capitalised words, no digits, no
    label, no address."""
    text = ln.text.strip()
    words = text.split()
    if not words or any(ch.isdigit() for ch in text) or ":" in text:
        return False
    first = nz.key(words[0])
    if first in address_words() or first in caption_words() or first in _group_labels().identity or \
            any(re.fullmatch(rf"(?:{pat})", first) for pat in ROLES.values()):
        return False  # an address, a caption, a role or a party's other row ('REPRESENTANTE')
    return all(w[:1].isupper() or nz.fold(w) in ("de", "da", "do", "das", "dos", "e") for w in words)


def _before_identifier(words: tuple) -> tuple:
    """A party's name ends before a number shaped like an identifier, and before the dash or the
    identifier's label that introduces it, however misread ('... LTDA - CNP): 37.405.884/0001-74')."""
    cut = next((i for i, w in enumerate(words) if sum(c.isdigit() for c in w.text) >= 5), None)
    if cut is None:
        return words
    words = words[:cut]
    while words and (words[-1].text.strip() in DASHES or words[-1].text.strip() in (",", ":")
                     or _id_label(words[-1].text)):
        words = words[:-1]
    return words


def _id_label(text: str) -> bool:
    """An identifier's label, a letter misread at most ('CNP)' for 'CNPJ'; 'RG' exactly)."""
    k = re.sub(r"[^a-z]", "", nz.fold(text))
    return bool(k) and any(Levenshtein.distance(k, lab) <= (len(lab) > 3) for lab in ("cpf", "cnpj", "rg"))


def _first_doc(sp: Span, ocr: bool) -> Field:
    hits = find_docs(sp.text)
    if not hits:
        return field(None)
    # an identifier introduced as CPF/CNPJ first (an RG may look like a number too)
    for v, s, e in hits:
        if re.search(r"(cpf|cnpj)[^0-9]{0,40}$", nz.fold_chars(sp.text[:s])):
            return ident("doc", v, span_of(sp, s, e), ocr)
    v, s, e = hits[0]
    return ident("doc", v, span_of(sp, s, e), ocr)


# ------------------------------------------------------------------ parties in prose

def _role_spans(fl: Flow, role: str) -> list[tuple[int, int]]:
    """Where a party's qualification begins and ends in the text, in order of mention."""
    pat = ROLES[role]
    t = fl.folded
    found = []
    # 'como CONTRATANTE, NOME, ...' / 'CONTRATANTE: NOME'
    for m in re.finditer(r"\b(?:" + pat + r")\b\s*[,:]\s*(?:o\s+|a\s+|o\(a\)\s+|sr\.?\s+|sra\.?\s+)?", t):
        if fl.text[m.start():m.start() + 3].isupper():
            found.append((m.end(), "after"))
    # 'NOME, ..., doravante denominada CONTRATANTE'
    for m in re.finditer(r"(?:doravante|simplesmente|denominad[oa]s?|chamad[oa]s?)\s+(?:(?:simplesmente|"
                         r"denominad[oa]s?|apenas|de)\s+)*[\"'“]?(?:" + pat + r")\b", t):
        back = t[max(0, m.start() - 600):m.start()]
        cut = max(back.rfind(x) for x in ("de um lado,", "de outro lado,", "de outro,", "; e", ";",
                                           " e, ", "partes:", "entre si", "\n", ":"))
        start = m.start() - len(back) + (cut + 1 if cut >= 0 else 0)
        lead = re.match(r"[\s,;:]*(?:e\s+)?(?:o\s+|a\s+)?", t[start:])
        start += lead.end() if lead else 0
        found.append((start, "before"))
    found.sort()
    return [(s, len(t)) for s, _ in found]


def _party_prose(fl: Flow, role: str, ocr: bool, seen: dict[str, float] | None = None) -> tuple[Field, Field, str]:
    t = fl.folded
    other = "contratado" if role == "contratante" else "contratante"
    for start, _ in _role_spans(fl, role):
        m = re.match(r"\s*([^,;]{3,120}?)\s*(?:,|;|\s-\s|\s–\s)", fl.text[start:])
        if not m:
            continue
        raw = m.group(1)
        # a name printed in capitals ends where lower-case prose begins ('S.A.. sociedade anônima')
        low = re.search(r"\s(?=[a-zà-ÿ]{3,}\b)", raw)
        if low and low.start() > 3:
            raw = raw[:low.start()]
        letters = [c for c in raw if c.isalpha()]
        if not letters or sum(c.isupper() for c in letters) < 0.6 * len(letters):
            continue  # a sentence, not a name printed in capitals
        if re.match(r"(pessoa|inscrit|portador|residente|com sede)", nz.fold(raw)):
            continue
        a, b = start + m.start(1), start + m.start(1) + len(raw)
        nome = weighed(fl.field(nz.name(raw), a, b), fl.span(a, b), names=True, seen=seen, joining=False)
        # the qualification runs to the other party's mention (or a few hundred characters)
        end = len(t)
        nxt = re.search(r"\b(?:" + ROLES[other] + r")\b", t[start + m.end():])
        if nxt:
            end = start + m.end() + nxt.start()
        end = min(end, start + 700)
        qual = fl.text[start:end]
        # the party's representative is qualified after it, with a CPF of his own
        rep = re.search(r"\b(neste ato |)representad[ao]s?\b|\bpor seu\(?s?u?a?\)? (socio|diretor|procurador)",
                        nz.fold_chars(qual))
        if rep and rep.start() > 0:
            qual = qual[:rep.start()]
        doc = field(None)
        # the party's own number comes first; its representative's CPF later; an RG is no CPF
        hits = [h for h in find_docs(qual)
                if not re.search(r"(\brg\b|identidade|carteira)[^0-9]{0,30}$", nz.fold_chars(qual[:h[1]]))]
        pick = hits[0] if hits else None
        if pick:
            v, s, e = pick
            doc = ident("doc", v, fl.span(start + s, start + e), ocr)
        return nome, doc, qual
    return field(None), field(None), ""


def _party_signature(r: Reader, role: str) -> Field:
    """'CONTRATANTE - CNPJ 12.345.678/0001-90' under a signature line."""
    pat = ROLES[role]
    for sp in r.segments():
        f = nz.fold(sp.text)
        if re.match(r"(?:" + pat + r")\b", f):
            hits = find_docs(sp.text)
            if hits:
                v, s, e = hits[0]
                return cap(ident("doc", v, span_of(sp, s, e), r.ocr), 0.9)
    return field(None)


_CATEGORIAS = [
    ("prefeitura", r"\b(prefeitura|municipio de|secretaria municipal|poder executivo municipal|"
                   r"direito publico)\b"),
    ("entidade_estudantil", r"\b(diretorio academico|diretorio central|gremio estudantil|dce|"
                            r"uniao (?:\w+ )*estudantes|centro academico|associacao (?:\w+ )*estudantes)\b"),
    ("entidade_esportiva", r"\b(clube|esporte clube|futebol|atletico|esportiva|desportiva|federacao)\b"),
    ("instituicao_ensino", r"\b(escola|colegio|universidade|faculdade|instituto federal|centro universitario|"
                           r"educacional|ensino|mantenedora|instituicao de ensino)\b"),
    ("empresa", r"\b(ltda|s\.?a\.?|s/a|eireli|epp|me|industria|comercio)\b"),
]


def derive(fields: dict[str, Field], ocr: bool) -> dict[str, Field]:
    """The contractor's kind from a document read after the parser (intake/doctypes)."""
    doc, tipo = fields.get("contratante_documento"), fields.get("contratante_tipo")
    if doc is None or not isinstance(doc.value, str) or tipo is None or tipo.value is not None:
        return fields
    kind = "pj" if len(doc.value) == 14 else "pf"
    return {**fields, "contratante_tipo": field(kind, None, doc.confidence, page=doc.page, bbox=doc.bbox)}


def _contratante_extra(fl: Flow, nome: Field, doc: Field, qual: str, table: _Table, ocr: bool) -> dict[str, Field]:
    out: dict[str, Field] = {}
    q = nz.fold(qual)
    if doc.value:
        tipo = "pj" if len(doc.value) == 14 else "pf"
        out["contratante_tipo"] = field(tipo, None, doc.confidence, page=doc.page, bbox=doc.bbox)
    elif "pessoa juridica" in q or "cnpj" in q:
        out["contratante_tipo"] = field("pj", None, 0.7)
    elif "pessoa fisica" in q or re.search(r"\bcpf\b", q) and "cnpj" not in q:
        out["contratante_tipo"] = field("pf", None, 0.7)
    else:
        out["contratante_tipo"] = field(None)
    tipo = out["contratante_tipo"].value
    if tipo == "pj":
        text = nz.fold((nome.value or "") + " " + q[:300])
        cat = next((c for c, pat in _CATEGORIAS if re.search(pat, nz.fold(nome.value or ""))), None) \
            or next((c for c, pat in _CATEGORIAS if re.search(pat, text)), "outra")
        out["contratante_categoria"] = field(cat, None, min(nome.confidence or 0.0, 0.9),
                                             page=nome.page, bbox=nome.bbox)
        out["contratante_rg"] = field(None)
    else:
        out["contratante_categoria"] = field(None)
        m = re.search(r"(?:carteira de identidade|cedula de identidade|\brg\b|registro geral)\s*"
                      r"(?:n[o°.]*\s*|numero\s*|sob o n[o°.]*\s*)?[:\-]?\s*([0-9][0-9.\-/xX]{4,}[0-9xX])",
                      nz.fold_chars(qual))
        if m:
            raw = qual[m.start(1):m.end(1)]
            i = fl.text.find(qual)
            out["contratante_rg"] = fl.field(raw, i + m.start(1), i + m.end(1)) if i >= 0 else field(raw, None, 0.9)
        else:
            out["contratante_rg"] = field(None)
    return out


# ------------------------------------------------------------------ term, places, value

# words of a date that is no term's end: a readjustment's, a filing's, a signature's, an issue's
_OTHER_DATE = re.compile(r"\b(reajuste|data-base|protocol\w*|firmad\w*|assinad\w*|assinatura|celebrad\w*|"
                         r"emitid\w*|emissao|gerad\w*|impress\w*|vencimento|pagamento|multa|nascimento)\b")


def _vigencia(fl: Flow) -> tuple[Field, Field]:
    for m in re.finditer(r"\b(vigorara|vigencia|vigente|prazo|periodo|vigorar|vigora|vigera|vige|vigor|"
                         r"a valer|valera|valido|valida)\b", fl.folded):
        window = fl.text[m.end():m.end() + 260]
        ds = nz.find_dates(window)
        if len(ds) >= 2 and ds[0][0] < ds[1][0]:
            o = m.end()
            (a, s1, e1), (b, s2, e2) = ds[:2]
            ini, fim = period_fields(fl.field(a, o + s1, o + e1), fl.field(b, o + s2, o + e2), window, (s1, e1), (s2, e2))
            between = nz.fold(window[e1:s2])
            if not TERM_JOIN.fullmatch(between) and _OTHER_DATE.search(between):
                # two dates after the word, not joined as a term's are ('de X a Y', 'X até Y'), a
                # word of another date's meaning between them: the second may be that date
                ini, fim = cap(ini, UNSURE), cap(fim, UNSURE)
            return ini, fim
    return _term(fl)


# 'O prazo de vigência ... será de 12 (doze) meses, contados a partir de 02/03/2026'
_TERM = re.compile(r"\b(?:vigorara|vigencia|vigente|prazo|vigorar|vigora|vigera|vige)\b[^.]{0,80}?" + nz.TERM +
                   r"[^.]{0,40}?\b(?:a partir d[eoa]|a contar d[eoa]|contad[oa]s? d[eoa]|"
                   r"iniciando(?:-se)? em|com inicio em|de)\s*(?:(?:data\s+)?(?:de\s+)?)?")


def _term(fl: Flow) -> tuple[Field, Field]:
    """A term of so many days, months or years from a date: the date and the day the term expires
    (normalize.term_end), worked out (INFERRED)."""
    for m in _TERM.finditer(fl.folded):
        ds = nz.find_dates(fl.text[m.end():m.end() + 14])
        if not ds or ds[0][1] > 1:
            continue
        start, s0, e0 = ds[0]
        begin = fl.field(start, m.end() + s0, m.end() + e0)
        end = fl.field(nz.term_end(start, int(m.group(1)), m.group(2)), m.start(1), m.end() + e0)
        return begin, cap(end, INFERRED)
    return field(None), field(None)


def _clip(fl: Flow, start: int, end: int, *, reference_null: bool = True,
          seen: dict[str, float] | None = None) -> Field | None:
    raw = fl.text[start:end].strip(" .;,")
    if not raw:
        return None
    if reference_null and _refers(nz.fold(raw)):
        return field(None, fl.span(start, end))
    sp = _clip_span(fl, start, end)
    if sp.conf >= 1.0:
        return field(nz.spaces(raw), sp)
    sp = despeck(sp)
    text = nz.unglue(nz.roman(nz.spaces(ocr_text(sp).strip(" .;,"))))
    return weighed(field(text, sp), sp, names=True, seen=seen)


def _clip_span(fl: Flow, start: int, end: int) -> Span:
    """The words of the flow's text between start and end, trimmed of punctuation."""
    raw = fl.text[start:end].strip(" .;,")
    off = fl.text.find(raw, start)
    return fl.span(off, off + len(raw))


def _prose_place(fl: Flow, which: str, seen: dict[str, float] | None = None) -> Field:
    t = fl.folded
    # 'entre Catalão/GO (origem) e Itumbiara/GO (destino)': the town named just before the word
    for m in re.finditer(r"\(\s*" + which + r"\s*\)", t):
        before = fl.text[max(0, m.start() - 60):m.start()].replace("\n", " ")
        # (a slash OCR spaced on one side: 'Governador Valadares /MG (origem)')
        mm = re.search(r"([A-ZÀ-Ý][\wÀ-ÿ'.\-]*(?:\s+(?:d[aeo]s?\s+)?[A-ZÀ-Ý][\wÀ-ÿ'.\-]*)*(?:\s?/[A-Z]{2})?)\s*$", before)
        if mm:
            a = m.start() - (len(before) - mm.start(1))
            b = a + len(mm.group(1))
            f = _clip(fl, a, b, seen=seen)
            if f is not None and f.value and re.search(r"[A-Za-zÀ-ÿ]{3}", f.value):
                return f  # (a town is named: a state's code alone is what is left of a cut one)
    # ('destino no : Município de Jequié/BA': a scan's speck after the preposition)
    pat = (r"\b" + which + r"\b\s*(?:[:\-–]\s*|(?:no|na|em|o|de)\s+(?:[:.,]\s+)?)(?:o\s+|a\s+)?"
           r"(?:(?:municipio|cidade)[\s\-]+de\s+)?")  # ('Município-de': a space OCR read as a dash)
    for m in re.finditer(pat, t):
        if _in_other_label(t, m.start() + len(which), which):
            continue  # 'Instituição de Destino: ...': another field's label ends with the word
        rest = t[m.end():m.end() + 120]
        stop = re.search(r"\s+e\W{0,3}\s*(?:com\s+)?(?:destino|origem)\b|,|;|\.\s|\.$|\s+ate\s|\s+-\s(?!" + _UF_FOLDED + r"\b)|\s+\(|\s+com\s+|"
                         r"\s+passando|\s+via\s", rest)
        end = m.end() + (stop.start() if stop else len(rest))
        # the town's shape bounds it: capitalised words joined by particles, then its state
        # ('Alvorada/RS e como destino o município de ...' is Alvorada/RS, the next clause begins)
        shaped = _PROSE_TOWN.match(fl.text, m.end(), end)
        if shaped:
            end = shaped.end()
        f = _clip(fl, m.end(), end, seen=seen)
        if f is not None and f.value and len(f.value) <= 60 and f.value[:1].isupper():
            if shaped and not _CLAUSE_GOES_ON.match(fl.text, end):
                f = cap(f, UNSURE)  # what follows is no new clause ('Alvorada e Viamão'): more may be the place
            return f
    return field(None)


_UF_FOLDED = "(?:ac|al|ap|am|ba|ce|df|es|go|ma|mt|ms|mg|pa|pb|pr|pe|pi|rj|rn|rs|ro|rr|sc|sp|se|to)"
# a town in a sentence: capitalised words, particles between them, its state after a slash, a
# dash or in brackets; a clause's role word in capitals ('E', 'COM', 'DESTINO') is no part of it
_ROLE_CAPS = r"(?:E|COM|COMO|AT[EÉ]|PARA|VIA|DESTINO|ORIGEM|O|A|NO|NA|EM|SENDO|PASSANDO)\b"
_PLACE_WORD = r"(?!" + _ROLE_CAPS + r")[A-ZÀ-Ý][\wÀ-ÿ'’.\-]*"
_PROSE_TOWN = re.compile(_PLACE_WORD + r"(?:\s+(?:(?:d[aeo]s?|del)\s+)?" + _PLACE_WORD + r"|\s+d['’]" + _PLACE_WORD + r")*"
                         r"(?:\s*/\s*[A-Z]{2}\b|\s+[-–]\s+[A-Z]{2}\b|\s*\([A-Z]{2}\))?")
# after a town: punctuation, the text's end, or a next clause's word in small letters
_CLAUSE_GOES_ON = re.compile(r"\s*(?:[,;:)]|\.(?:\s|$)|$)|\s+(?!e\s+[A-ZÀ-Ý])(?:e\s+)?[a-zà-ÿ]"
                             r"|\s+(?:E\s+)?(?!E\b)" + _ROLE_CAPS)


# the place and the long date that close a contract, over lines ('... assinam em Esteio, 20 de
# janeiro de' / '2026.' in a narrow column), or the date after 'assinado em'
_CLOSING = re.compile(r"(?:\b[a-z]{3,}(?:\s*/\s*[a-z]{2})?,|\bassinad[oa]s?\s+em)\s*(?:em\s+)?"
                      r"(\d{1,2}\s*(?:o|°|º)?\s+de\s+[a-z]+\s+de\s+\d{4})")


# 'aos 17 (dezessete) dias do mês de maio de 2026'
_DAYS_OF = re.compile(r"\baos?\s+(\d{1,2})\s*(?:\([a-z\s]*\)\s*)?dias?\s+do\s+mes\s+de\s+([a-z]+)\s+de\s+(\d{4})")


def _closing_in_prose(fl: Flow) -> Field:
    """The last closing date of the prose, its words wrapped over lines as the flow joins them."""
    found = None
    hits = [(m.start(1), m.end(1), re.sub(r"\s+", " ", m.group(1))) for m in _CLOSING.finditer(fl.folded)]
    hits += [(m.start(1), m.end(3), f"{m.group(1)} de {m.group(2)} de {m.group(3)}") for m in _DAYS_OF.finditer(fl.folded)]
    for a, b, text in sorted(hits):
        d = nz.parse_date(text)
        if d:
            found = fl.field(d, a, b)
    return found or field(None)


def _prose_route(fl: Flow, which: str, seen: dict[str, float] | None = None) -> Field:
    """The town a sentence says the trip leaves from or goes to, by the words before it (the
    vocabulary's `origem_frase` / `destino_frase`: 'saindo de X/SC com destino a Y/SC'), bounded
    by a town's shape. Two such sentences naming other towns leave it unsure."""
    phrases = sorted({nz.fold(v) for v in vocabulary("contrato_fretamento").values.get(which + "_frase", ())},
                     key=len, reverse=True)
    if not phrases:
        return field(None)
    pat = re.compile(r"(?<![a-z])(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in phrases) +
                     r")\s+(?:(?:o|a)\s+)?(?:(?:municipio|cidade)\s+d[eo]\s+)?")
    found: list[Field] = []
    for m in pat.finditer(fl.folded):
        shaped = _PROSE_TOWN.match(fl.text, m.end())
        if not shaped or not re.search(r"[A-Za-zÀ-ÿ]{3}", shaped.group(0)) or len(shaped.group(0)) > 60:
            continue
        f = _clip(fl, m.end(), shaped.end(), seen=seen)
        if f is None or not f.value:
            continue
        if not _CLAUSE_GOES_ON.match(fl.text, shaped.end()):
            f = cap(f, UNSURE)
        found.append(f)
    if not found:
        return field(None)
    if len({nz.fold(str(f.value)).split("/")[0].strip() for f in found}) > 1:
        return cap(found[0], UNSURE)  # the sentences name other towns: which one is the route's?
    return found[0]


def _in_other_label(t: str, end: int, which: str) -> bool:
    """Whether the word ending at `end` of the folded text closes a label of another field of the
    contract's vocabulary ('instituicao de destino' for 'destino')."""
    before = nz.key(t[max(0, end - 60):end]) or ""
    fields = vocabulary("contrato_fretamento").fields
    return any(k != which and k.endswith(" " + which) and (before == k or before.endswith(" " + k))
               for name, spec in fields.items() if name != which for k in spec.keys)


def _holds_label(value: str, own: str) -> bool:
    """Whether a value holds another field's label printed in capitals: among words in small
    letters, any such label; in a value all in capitals, a label of two words or more, or any
    label inside a town's name (no town is named with one)."""
    words = value.replace("/", " / ").split()
    if any(nz.key(w) in _CLAUSE_WORDS for w in words):
        return True  # 'PRIMAVERA LOCAÇÃO DE VEÍCULOS CLÁUSULA 4ª': a clause's heading read into it
    mixed = any(any(ch.islower() for ch in w) for w in words)
    for name, spec in vocabulary("contrato_fretamento").fields.items():
        if name == own or name in _SAME_THING.get(own, ()):
            continue
        for k in spec.keys:
            n = len(k.split())
            if len(k.replace(" ", "")) < 4 or (n == 1 and not mixed and own not in ("origem", "destino")):
                continue
            for i in range(len(words) - n + 1):
                part = words[i:i + n]
                if nz.key(" ".join(part)) == k and all(w.isupper() for w in part if any(ch.isalpha() for ch in w)):
                    return True
    return False


# the words that head a contract's clauses: no name or place holds one
_CLAUSE_WORDS = frozenset(("clausula", "paragrafo"))


def _spliced_name(value: str) -> bool:
    """A party's name that reads as two texts joined: a number among its words, a word in
    small letters (not a particle) inside a name in capitals, or a lone article closing it
    ('... VALE DO O', the next column's 'O presente contrato')."""
    words = value.split()
    if len(words) < 2:
        return False
    if any(w.strip(".,;ºª").isdigit() for w in words):
        return True
    caps = sum(1 for w in words if w.isupper())
    if caps >= 2 and any(w[:1].islower() and nz.fold(w) not in _PARTICLES for w in words):
        return True
    return nz.fold(words[-1]) in ("o", "a", "os", "as") and nz.fold(words[-2]) in _PARTICLES


_PARTICLES = frozenset("de da do das dos e".split())


def _prose_words(value: str) -> bool:
    """A place holding two words in small letters that are no particles ('Município contrato
    mediante notificação ...'), or a figure: a sentence, no town's name. (A note in brackets is
    not counted.)"""
    head = value.split("(", 1)[0]
    if re.search(r"R\$|\d{2}", head):
        return True  # an amount or a figure run into it ('Sete Lagoas/MG e valor R$ 10.747,72')
    return sum(1 for w in head.split() if w[:1].islower() and nz.fold(w) not in _PARTICLES) >= 2


# fields whose labels share words with the field's own value ('NOME DA CONTRATADA' beside a name)
_SAME_THING = {"contratante_nome": ("contratante_documento",), "contratado_nome": ("contratado_documento",)}


def _school(value: str) -> bool:
    """A value opening with a school's word ('INSTITUTO DE EDUCAÇÃO ...'): a school, no town."""
    first = nz.key(value) or ""
    return any(first == w or first.startswith(w + " ")
               for w in (nz.key(v) for v in vocabulary("contrato_fretamento").values.get("instituicao", ())) if w)


def _prose_instituicao(fl: Flow, seen: dict[str, float] | None = None,
                       avoid: tuple[tuple[int, int], ...] = ()) -> Field:
    """A school's name in the prose ('... com desembarque na Escola de Educação Básica X', 'até a
    instituição de ensino COLÉGIO X, situada ...'): a school word and the capitalised words after it,
    where the words before it say the passengers go there. Found by what it looks like: confident,
    never certain. `avoid`: spans of the text (the parties' own names: 'SOCIEDADE MANTENEDORA DO
    INSTITUTO X' is the contractor) not to take it from."""
    voc = vocabulary("contrato_fretamento")
    starts = sorted({nz.fold(v) for v in voc.values.get("instituicao", ())}, key=len, reverse=True)
    context = [nz.fold(v) for v in voc.values.get("destino_contexto", ())]
    roles = {nz.fold(v) for v in voc.words.get("school_roles", ())}
    pat = re.compile(r"(?<![a-z0-9])(?:" + "|".join(re.escape(w) for w in starts) + r")(?![a-z0-9])")
    best: tuple[int, int, int, int, bool] | None = None  # score, -position, start, end, may go on
    for m in pat.finditer(fl.folded):
        a = m.start()
        if any(lo <= a < hi for lo, hi in avoid):
            continue
        if fl.text[max(0, a - 1):a] == "(":
            continue  # 'Ilhéus (Ginásio Municipal)': a stop of the route described, not where they go
        after = re.match(r"\s+([a-z]+)", fl.folded[m.end():m.end() + 30])
        if after and after.group(1) in roles:
            continue  # 'ESCOLA ATENDIDA': the school's role, a label's words
        if _NAME_OF.search(fl.text[max(0, a - 40):a]):
            continue  # 'SOCIEDADE MANTENEDORA DO INSTITUTO X': another body's name, which names the school
        # (no further than a line opening with the next item's number: 'SUL' / '7. PONTO DE PARTIDA')
        seg = _NEXT_ITEM.split(fl.text[a:a + 160], 1)[0]
        # (nor into a line that opens with a label and its colon, 'NOVO' / 'VEÍCULO (PLACA): ...',
        # nor past a row that stops short of the margin: a name wraps only from a full row)
        seg = _NEXT_LABELLED.split(seg, 1)[0]
        short = next((k for k in (m.start() for m in re.finditer("\n", seg)) if fl.ends_short(a + k)), None)
        if short is not None:
            if pat.match(fl.folded, a + short + 1):
                continue  # 'ESCOLA ATENDIDA' alone on its row over 'UNIVERSIDADE X': a label over the name
            seg = seg[:short]
        mm = re.match(r"[^,;(.\n]{0,100}?(?=\s*(?:[,;(]|\.\s|\.$|$|\n\n|\s+(?:situad|localizad|sit[oa]\b|com sede|"
                      r"relacionad|conforme|mantid|inscrit|no municipio|na cidade|em\s|para\s|e\s+(?:o|a|os|as)\s)))",
                      seg.replace("\n", " "))
        if not mm:
            continue
        raw = mm.group(0).rstrip(" .")
        words = raw.split()
        if len(words) < 2 or not _capitalised(words):
            continue
        back = fl.folded[max(0, a - 60):a]
        score = 2 if any(c in back for c in context) else 0
        if raw.isupper():
            score += 1
        # a name in capitals whose stop is followed by a word in capitals ('COLÉGIO IPÊ.' / 'AMARELO.'):
        # the stop may be a speck, the name going on
        goes_on = raw.isupper() and bool(re.match(r"\.\s+[A-ZÀ-Ý]{3,}\b", seg.replace("\n", " ")[len(raw):]))
        key_ = (score, -a, a, a + len(raw), goes_on)
        if best is None or key_[:2] > best[:2]:
            best = key_
    if best is None or best[0] == 0:
        return field(None)
    a, b = best[2], best[3]
    # (a colon or comma speck after a particle, which Portuguese never prints: 'CAMINHOS DO: SUL')
    name = re.sub(r"(?i)\b(de|da|do|das|dos)[,:;](?=\s)", r"\1", fl.text[a:b].replace("\n", " "))
    f = weighed(fl.field(nz.name(name), a, b), fl.span(a, b), names=True, seen=seen, joining=False)
    return cap(f, UNSURE if best[4] else 0.9)


_NEXT_ITEM = re.compile(r"\n\s*\d{1,2}(?:\.\d{1,2})*[.)]\s")
# a capitalised word and a particle right before a school's word: the school closes another name
_NAME_OF = re.compile(r"(?<![\w])[A-ZÀ-Ý][\wÀ-ÿ]+[ \t]+(?:DO|DA|DOS|DAS|do|da|dos|das)[ \t]+$")
# a line opening with a few words and a colon: the next labelled item
_NEXT_LABELLED = re.compile(r"\n(?=[^\n:,.;]{1,40}:)")


def _capitalised(words: list[str]) -> bool:
    for w in words:
        if w[:1].islower() and nz.fold(w) not in {"de", "da", "do", "das", "dos", "e", "em"}:
            return False
    return True


_ABBREVIATIONS = frozenset("av avda r rod est estr trav tv pca praca al dr dra sto sta prof eng n no nr km gov "
                           "pres cel ten cap sr sra srta jd vl res cond cia ltda sa s a".split())


@lru_cache(maxsize=1)
def _label_stop() -> re.Pattern:
    """Any label of a contract (the vocabulary's), with a numbering before it and ':' or a dash
    after it: where the next labelled item of a clause begins."""
    voc = vocabulary("contrato_fretamento")
    spellings = {nz.fold(lab) for f in voc.fields.values() for lab in f.labels}
    spellings |= {nz.fold(lab) for lab in voc.labels}
    words = sorted((re.escape(x).replace(r"\ ", r"\s+") for x in spellings if len(x) >= 4), key=len, reverse=True)
    return re.compile(r"(?:\s|^)(?:(?:\d{1,2}(?:\.\d{1,2})*\.?|[a-z]\)|[ivx]{1,4}[.)]|paragrafo\s+\w+\s*[-–—]?|"
                      r"clausula\s+\w+\s*[-–—]?)\s*)?(?:" + "|".join(words) + r")\s*[:\-–—]|"
                      r"\s(?:clausula|paragra[a-z]o)\s+\w+\b|\s\d{1,2}(?:\.\d{1,2})*\.?\s+(?=[A-ZÀ-Ý]{3})")


_LINE_LABEL = re.compile(r"\n[ \t]*[A-ZÀ-Ý][A-Za-zÀ-ÿº°./ ]{1,40}:(?=\s)")


def _sentence_end(text: str) -> int | None:
    """The first period that ends a sentence in text (not an abbreviation's: 'Av. Brasil')."""
    for m in re.finditer(r"(?<=[A-Za-zÀ-ÿ0-9)])\.(?=\s+[A-ZÀ-Ý0-9])", text):
        before = re.search(r"([A-Za-zÀ-ÿ0-9]+)$", text[:m.start()])
        w = nz.fold(before.group(1)) if before else ""
        if w in _ABBREVIATIONS or (len(w) == 1 and w.isalpha()):
            continue
        nxt = text[m.end():m.end() + 80].split(".")[0]
        if ";" in nxt and "," in nxt.split(";")[0] and "," in text[:m.start()]:
            # 'Rua X, 700. Cidade Alta, Itabira; Rodovia ...', '1044, São. Cristóvão, Anápolis; ...':
            # a list of addresses going on, its comma read as a stop
            continue
        if text.count("(", 0, m.start()) > text.count(")", 0, m.start()):
            continue  # '(Terminal. Rodoviário)': no sentence ends inside brackets (a speck)
        return m.start()
    return None


def _clause(fl: Flow, labels) -> tuple[int, int] | None:
    """Where the text of 'Itinerário: ...' runs in a clause (offsets in the flow): up to the next
    labelled item (any label of a contract, numbered or not), the end of its sentence, or its
    paragraph's end."""
    t = fl.folded
    paragraphs = getattr(fl, "paragraphs", ())
    for lab in labels:
        k = nz.fold(lab)
        # 'Itinerário: ...', or said in a sentence up to a colon on its line ('O itinerário
        # compreende: ...'; not '... dos Horários' / 'ITINERÁRIO: ...', another label's)
        for m in re.finditer(r"\b" + re.escape(k).replace(r"\ ", r"\s+") + r"(?:\s*[\-–—]|((?:[ \t]+[a-z]+){0,3})[ \t]*:)\s*",
                             t):
            if m.group(1) and re.search(r"\b(?:anex[oa]s?|itinerario|horarios?|locais|pontos|origem|destino|valor|vigencia)\b",
                                        m.group(1)):
                continue
            rest = t[m.end():m.end() + 600]
            ends = [len(rest)]
            stop = _label_stop().search(rest)
            if stop:
                ends.append(stop.start())
            sent = _sentence_end(fl.text[m.end():m.end() + 600])
            if sent is not None:
                ends.append(sent)
            # a line opening with a 'Label:' nobody listed ('FIM: 19/08/2024') is the next item;
            # not a schedule's own parts ('Ida: 06h00' / 'Volta: 18h00')
            line = next((x for x in _LINE_LABEL.finditer(fl.text[m.end():m.end() + 600])
                         if not _SCHEDULE.search(nz.fold(x.group()))), None)
            if line:
                ends.append(line.start())
            nxt = [p - m.end() for p in paragraphs if p > m.end()]
            if nxt:
                ends.append(min(nxt))
            end = m.end() + min(ends)
            seg = fl.text[m.end():end]
            nl = seg.rfind("\n")
            if nl >= 0 and re.fullmatch(r"\s*\d{1,2}(?:\.\d{1,2})*[.)]?\s*", seg[nl:]):
                end = m.end() + nl  # ('... 17h20' / '9. Fim:'): the next item's number is no part of this one
            if fl.text[m.end():end].strip(" .;,"):
                return m.end(), end
    return None


def _phrases(name: str) -> list[str]:
    """The field's spellings of more than one word: what labels it in a clause ('Ponto de
    partida: ...'; a bare 'origem' is a word of any sentence)."""
    return [lab for lab in vocabulary("contrato_fretamento").fields[name].labels if len(nz.key(lab).split()) > 1]


def _prose_labelled(fl: Flow, labels, seen: dict[str, float] | None = None) -> Field:
    """'Itinerário: ...' in a clause, up to the next labelled paragraph or clause."""
    where = _clause(fl, labels)
    return (_clip(fl, *where, seen=seen) if where else None) or field(None)


def _boxed_or_labelled(x: Extractor, name: str, table: _Table, fl: Flow, labels,
                       seen: dict[str, float] | None) -> tuple[Field, Span | None]:
    """A labelled text from the box under its label (a form's grid), else the clause or the
    summary table's cell beside the label; the clause when it holds the box's text and goes on.
    (Beside a label, prose runs on past the sentence: the clause knows where it ends.)"""
    got = table.grid_cell(labels)
    if got is not None and got[1] is not None:
        # a key/value table's cell: its row's extent bounds it (a value centred in a tall cell
        # starts above its label's line)
        sp = despeck(got[1].span)
        return table.text_of(sp), sp
    cands = x.candidates(name)
    boxed = [c for c in cands if c.region.how == "below"]
    xf = x.choose(boxed) if boxed else field(None)
    if xf.value is not None and any(c.region.how != "below" and (c.confidence >= CONFIDENT or _worded(c.value))
                                    and nz.key(str(c.value)) != nz.key(str(xf.value)) for c in cands):
        # the label's line holds another value ('HORÁRIOS  saída às ...' over the next box's
        # 'PONTO DE TÉRMINO'), however well read ('Roteiro  sio Municipal) - Rodovia ...' over its
        # own second line): the box under it is no sure read
        xf = xf.model_copy(update={"confidence": min(xf.confidence, AMBIGUOUS)})
    lf, where = _labelled(table, fl, labels, seen)
    beside = [c for c in cands if c.region.how in ("colon", "adjacent") and c.confidence >= CONFIDENT
              and isinstance(c.value, str)]
    if x.ocr and isinstance(lf.value, str) and lf.value and beside:
        # the clause cut short at what OCR read as a stop ('(Praça da Matriz). Rua ...'): the
        # label's own line goes on, and says how far
        longer = max(beside, key=lambda c: len(c.value))
        rest = nz.key(longer.value)[len(nz.key(lf.value)):].split()
        if nz.key(longer.value).startswith(nz.key(lf.value)) and len(rest) >= 2:
            lf, where = longer.field, longer.region.span
    if xf.value is not None and _refers(nz.key(xf.value) or ""):
        xf = field(None)  # 'Conforme Anexo I' points elsewhere: no value here
    if _sure(xf) is None:
        return (lf if lf.value is not None else xf), where
    if lf.value and len(lf.value) > len(xf.value) and nz.key(lf.value).startswith(nz.key(xf.value)):
        return lf, where
    return xf, None


def _worded(value) -> bool:
    """A text of some length (three words, ten letters), not a speck read beside a label."""
    t = str(value or "")
    return len(t.split()) >= 3 and sum(ch.isalpha() for ch in t) >= 10


def _labelled(table: _Table, fl: Flow, labels, seen: dict[str, float] | None) -> tuple[Field, Span | None]:
    """A labelled text: the summary table's cell, else the clause; and the words it was read from."""
    sp = table.cell_span(labels)
    where = _clause(fl, labels)
    if sp is not None:
        cell = table.text_of(sp)
        if where is not None and cell.value:
            clause = _clip(fl, *where, seen=seen)
            # 'ROTEIRO: ... Estrada' / 'Geral, ...': prose wrapping back to the margin is no
            # table's cell; the clause holds the whole text
            if clause is not None and clause.value and len(clause.value) > len(cell.value) and \
                    nz.key(clause.value).startswith(nz.key(cell.value)):
                return clause, despeck(_clip_span(fl, *where))
        return cell, sp
    if where is None:
        return field(None), None
    return _clip(fl, *where, seen=seen) or field(None), despeck(_clip_span(fl, *where))


_SCHEDULE = re.compile(r"\b(ida|volta|retorno|saida|chegada|partida|horarios?|turnos?|entrada)\b")


def _prose_times(fl: Flow, seen: dict[str, float] | None) -> Field:
    """The contract's times where no label names them: the first sentence that states two times
    or more with the words of a schedule ('Ida: saída às 05h40 ...; Retorno: saída às 22h15 ...').
    Found by what it says, not by a label: confident, never certain."""
    t = fl.folded
    for m in re.finditer(r"[^.\n]*(?:\n[^.\n]*)*?(?:\.(?=\s)|$)", t):
        chunk = t[m.start():m.end()]
        if len(TIME.findall(chunk)) >= 2 and _SCHEDULE.search(chunk):
            a, b = m.start(), m.end()
            head = re.match(r"\s*(?:paragrafo\s+\w+\s*[.\-–—:]?|\d{1,2}(?:\.\d{1,2})*\.?|[a-z]\))\s*", t[a:b])
            if head:
                a += head.end()
            f = _clip(fl, a, b, seen=seen)
            if f is not None and f.value:
                return cap(f, 0.85)
    return field(None)


# ------------------------------------------------------------------ itinerary described

_STOPS = 3  # a route of this many stops or more


def _described(itinerario: Field, sp: Span | None, seen: dict[str, float] | None) -> Field:
    """Whether the contract describes the itinerary (METROPLAN Art. 7º then dispenses the
    grade): the itinerary read with confidence, or after OCR a route of _STOPS stops or more
    ('Guaíba (Centro) - BR-116 - Ponte do Guaíba - ...') most of them read sure. One stop read
    unsure ('Carioas' for Canoas, 'BR-116' at 0.20) leaves the route's text unsure, not that
    the contract describes one. A reference to an annex is no itinerary (null, as unread).
    sp: the words the itinerary was read from."""
    if itinerario.value is None:
        return field(None)
    if itinerario.confidence >= CONFIDENT:
        return itinerario.model_copy(update={"value": True})
    stops: list[float] = []
    if sp and sp.words:
        cs = confs(sp, names=True, seen=seen)
        fresh = True
        for w, c in zip(sp.words, cs):
            if w.text.strip() in DASHES:
                fresh = True
            elif fresh:
                stops.append(c)
                fresh = False
            else:
                stops[-1] = min(stops[-1], c)
    sure = [c for c in stops if c >= CONFIDENT]
    if len(stops) >= _STOPS and 2 * len(sure) > len(stops):
        return itinerario.model_copy(update={"value": True, "confidence": min(sure)})
    return itinerario.model_copy(update={"value": True})


# the contract's own value, however its label qualifies it ('VALOR TOTAL DO CONTRATO')
_VALOR_WORDS = frozenset("valor preco total global mensal anual contrato contratual do da de dos das o a e "
                         "fretamento servico servicos r".split())


def _other_amount(between: str) -> bool:
    """Whether the words between 'valor' and its amount make a longer label of another amount:
    printed as a label is (capitals, or capitalised words and particles), naming something else
    ('POR KM EXCEDENTE', 'da Diária Extra'). Words in small letters are a sentence's ('o valor
    mensal ajustado é de')."""
    words = [w for w in re.split(r"[\s:]+", between) if re.search(r"[A-Za-zÀ-ÿ]", w)]
    if not words or any(w[:1].islower() and nz.key(w) not in _VALOR_WORDS | {"por", "para", "em"} for w in words):
        return False
    return any(nz.key(w) not in _VALOR_WORDS for w in words)


# an amount per unit or of a penalty: never the contract's value ('valor por km excedente R$ ...')
_PER_UNIT = re.compile(r"\b(por (?:km|quilometro|hora|dia|passageiro|aluno|viagem|trecho)|excedente|diaria|extra|"
                       r"adicional|multa|reajuste|parcela)\b")


def numbered(f: Field) -> Field:
    """A contract's number holds a digit and is no date ('Protocolado', '18/06/2024' are another
    label's word or another date, read where its number was looked for)."""
    v = f.value
    if isinstance(v, str) and (not re.search(r"\d", v) or nz.parse_date(v) is not None):
        return field(None, page=f.page, bbox=f.bbox)
    return f


def _valor(fl: Flow) -> Field:
    t = fl.folded
    for m in re.finditer(r"\b(valor|preco|pagara|importancia|remuneracao)\b", t):
        window = fl.text[m.end():m.end() + 200]
        hits = [h for h in nz.find_money(window) if h[3]]
        if hits:
            v, s, e, _ = hits[0]
            if _other_amount(window[:s]) or _PER_UNIT.search(nz.fold(window[:s])):
                continue  # 'VALOR POR KM EXCEDENTE R$ 380,89', 'valor da diária extra': another amount
            return fl.field(v, m.end() + s, m.end() + e)
    hits = [h for h in nz.find_money(fl.text) if h[3]]
    if hits:
        v, s, e, _ = hits[0]
        return fl.field(v, s, e, conf=0.7)
    return field(None)


def _has_passenger_table(r: Reader) -> Field:
    # (a table's headers, no field of the contract: the vocabulary's `words`)
    words = vocabulary("contrato_fretamento").words
    rows, header = r.layout.table(
        {"nome": words["passenger_name_heads"], "doc": words["passenger_document_heads"]},
        keep=lambda row: bool(re.fullmatch(r"[A-ZÀ-Ý' ]{5,}", (row.text("nome") or "").strip()))
        and len(re.sub(r"\D", "", row.text("doc") or "")) >= 5)
    has = len(header) >= 2 and len(rows) >= 2
    return field(has, None, 0.9 if not has else 0.85)
