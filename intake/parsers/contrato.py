"""Contrato de fretamento: prose with numbered clauses, or a summary table ('quadro resumo')
of row labels and value cells, or both. Each field is read from the table when the contract
has one, else from the prose: the parties from their qualification ('como CONTRATANTE, X,
inscrita no CNPJ sob o nº ...' or 'X, ..., doravante denominada CONTRATANTE'), the term from
the clause that states it, the signature date from the closing 'Cidade, dd de mês de aaaa'.
A field the contract refers elsewhere for ('conforme Grade de Itinerário anexa') is null."""

from __future__ import annotations

import re

from intake import normalize as nz
from intake.layout import Span
from intake.parsers._common import (
    Flow, Reader, cap, field, find_docs, ident, ocr_text, span_of,
)
from intake.parsers._lexicon import DASHES, confs, despeck, echoes, weighed
from intake.parsers.generic import closing_date
from validators.documents import CONFIDENT, Field

TYPES = ("contrato_fretamento",)

ROLES = {
    "contratante": r"contratantes?",
    "contratado": r"contratad[oa]s?|transportador[a]?",
}
# a value that only points elsewhere
_REFERENCE = re.compile(r"^(conforme|constantes?|vide|ver |de acordo com|segundo|nos termos|"
                        r"diversas? instituic|nao se aplica|n/a\b|-$)")
_STOP_LABEL = (r"(?:paragrafo\s+\w+|clausula\s+\w+|itinerario|horarios?|locais\s+de\s+(?:embarque|"
               r"desembarque)|pontos\s+de\s+embarque|origem|destino|valor|vigencia)\s*[:\-–]")


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext)
    fl = r.flow()
    # every word of the contract, for a name or place printed twice (the parties sign below)
    seen = echoes(w for row in r.layout.all_rows() for w in row.words) if r.ocr else None
    table = _Table(r, seen)
    out: dict[str, Field] = {}
    out["numero_contrato"] = _numero(r, fl)

    for role, prefix in (("contratante", "contratante"), ("contratado", "contratado")):
        nome, doc, qual = table.party(role)
        if nome.value is None:
            nome, doc2, qual = _party_prose(fl, role, r.ocr, seen)
            if doc.value is None:
                doc = doc2
        if doc.value is None:
            doc = _party_signature(r, role)
        out[f"{prefix}_nome"], out[f"{prefix}_documento"] = nome, doc
        if role == "contratante":
            out.update(_contratante_extra(fl, nome, doc, qual, table, r.ocr))

    out["data_assinatura"] = closing_date(r)
    out["vigencia_inicio"], out["vigencia_fim"] = table.vigencia() or _vigencia(fl)
    out["origem"] = (table.text(["ORIGEM", "MUNICÍPIO DE ORIGEM", "PONTO DE INÍCIO DA VIAGEM", "PONTO DE PARTIDA"])
                     or _value(_prose_labelled(fl, ["Ponto de início da viagem", "Ponto de partida",
                                                    "Município de origem", "Local de partida"], seen))
                     or _prose_place(fl, "origem", seen))
    out["destino"] = (table.text(["DESTINO", "MUNICÍPIO DE DESTINO", "PONTO DE TÉRMINO DA VIAGEM", "PONTO FINAL"])
                      or _value(_prose_labelled(fl, ["Ponto de término da viagem", "Ponto final",
                                                     "Município de destino", "Local de destino"], seen))
                      or _prose_place(fl, "destino", seen))
    out["instituicao_destino"] = (table.text(["INSTITUIÇÃO DE DESTINO", "INSTITUIÇÃO DE ENSINO",
                                              "ESCOLA DE DESTINO", "INSTITUIÇÃO"], name=True)
                                  or _prose_instituicao(fl, seen))
    out["itinerario"], where = _labelled(table, fl, _ITINERARY, seen)
    out["itinerario_descrito"] = _described(out["itinerario"], where, seen)
    for name, labels in (("horarios", ["HORÁRIOS", "HORÁRIO", "HORÁRIO DE OPERAÇÃO", "HORÁRIOS DE OPERAÇÃO"]),
                         ("locais_embarque", ["LOCAIS DE EMBARQUE E DESEMBARQUE", "LOCAIS DE EMBARQUE",
                                              "LOCAL DE EMBARQUE", "PONTOS DE EMBARQUE",
                                              "PONTOS DE EMBARQUE E DESEMBARQUE"])):
        out[name] = _labelled(table, fl, labels, seen)[0]
    out["valor"] = table.money(["VALOR", "PREÇO", "VALOR DO CONTRATO", "VALOR MENSAL"]) or _valor(fl)
    out["passageiros_relacao"] = _has_passenger_table(r)
    return out


def _value(f: Field | None) -> Field | None:
    return f if f is not None and f.value is not None else None


# ------------------------------------------------------------------ number

_NUM = re.compile(r"\bcontrato\b(?:[\s.]+de\s+[a-z ]{3,60}?)?[\s.]+(?:n\.?\s?[o°]\.?|numero|nr\.?)\s*[:\-]?\s*"
                  r"([A-Za-z0-9][A-Za-z0-9./\-]*\d[A-Za-z0-9./\-]*)")


def _numero(r: Reader, fl: Flow) -> Field:
    m = _NUM.search(fl.folded)
    if m:
        raw = fl.text[m.start(1):m.end(1)].rstrip(".,;-")
        return fl.field(raw, m.start(1), m.start(1) + len(raw))
    return r.grab(["Nº DO CONTRATO", "NÚMERO DO CONTRATO", "CONTRATO Nº"],
                  lambda s: field(s.words[0].text.rstrip(".,;"), s.sub(s.words[:1])))


# ------------------------------------------------------------------ summary table

class _Table:
    """Row labels that open their row ('1. CONTRATANTE', 'ORIGEM:') and the cell beside them."""

    def __init__(self, r: Reader, seen: dict[str, float] | None = None):
        self.r = r
        self.seen = seen

    def cells(self, labels) -> list[Span] | None:
        for lab in labels:
            for h, label_rows in self._hits(lab):
                row = self.r.layout.rows[h.page][h.row]
                before = [w for w in row.words[:h.start] if nz.key(w.text)]
                if before and not (len(before) == 1 and (re.fullmatch(r"[0-9]{1,2}[.)]?|[a-z][.)]",
                                                                      before[0].text.strip().lower())
                                                         or len(before[0].text.strip()) <= 2)):
                    continue  # not at the start of its row: prose (a numbering or an OCR speck is fine)
                lines = self.r.layout.cell(h, label_rows=label_rows)
                if lines:
                    return lines
        return None

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
        if value and reference_null and _REFERENCE.match(nz.fold(value)):
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
        labels = {"contratante": ["CONTRATANTE"],
                  "contratado": ["CONTRATADA", "CONTRATADO", "TRANSPORTADORA", "TRANSPORTADOR"]}[role]
        lines = self.cells(labels)
        if not lines:
            return field(None), field(None), ""
        first = lines[0]
        if re.match(r"\s*(cpf|cnpj|inscrit)", nz.fold(first.text)):
            return field(None), field(None), ""  # 'CONTRATANTE - CNPJ ...' under a signature
        name_words = first.words
        # 'NOME - CNPJ ...' on one line: the name ends where the identifier starts
        m = re.search(r"\s[-–,]?\s*(cpf|cnpj|inscrit|rg\b)", nz.fold_chars(first.text))
        if m:
            name_words = span_of(first, 0, m.start()).words
        name_sp = despeck(first.sub(name_words))
        nome = weighed(field(nz.name(" ".join(w.text for w in name_sp.words)), name_sp), name_sp,
                       names=True, seen=self.seen, joining=False)
        all_sp = Span(first.page, tuple(w for ln in lines for w in ln.words), first.score)
        doc = _first_doc(all_sp, self.r.ocr)
        return nome, doc, all_sp.text

    def vigencia(self) -> tuple[Field, Field] | None:
        lines = self.cells(["VIGÊNCIA", "PRAZO", "PRAZO DE VIGÊNCIA", "PERÍODO"])
        if not lines:
            return None
        sp = Span(lines[0].page, tuple(w for ln in lines for w in ln.words))
        ds = nz.find_dates(sp.text)
        if len(ds) >= 2 and ds[0][0] < ds[1][0]:
            return field(ds[0][0], span_of(sp, ds[0][1], ds[0][2])), field(ds[1][0], span_of(sp, ds[1][1], ds[1][2]))
        return None


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

def _vigencia(fl: Flow) -> tuple[Field, Field]:
    for m in re.finditer(r"\b(vigorara|vigencia|vigente|prazo|periodo|vigorar)\b", fl.folded):
        window = fl.text[m.end():m.end() + 260]
        ds = nz.find_dates(window)
        if len(ds) >= 2 and ds[0][0] < ds[1][0]:
            o = m.end()
            (a, s1, e1), (b, s2, e2) = ds[:2]
            return fl.field(a, o + s1, o + e1), fl.field(b, o + s2, o + e2)
    return field(None), field(None)


def _clip(fl: Flow, start: int, end: int, *, reference_null: bool = True,
          seen: dict[str, float] | None = None) -> Field | None:
    raw = fl.text[start:end].strip(" .;,")
    if not raw:
        return None
    if reference_null and _REFERENCE.match(nz.fold(raw)):
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
    pat = (r"\b" + which + r"\b\s*(?:[:\-–]\s*|(?:no|na|em|o|de)\s+)(?:o\s+|a\s+)?(?:municipio\s+de\s+|cidade\s+de\s+)?")
    for m in re.finditer(pat, t):
        rest = t[m.end():m.end() + 120]
        stop = re.search(r"\s+e\W{0,3}\s*(?:com\s+)?(?:destino|origem)\b|,|;|\.\s|\.$|\s+ate\s|\s+-\s|\s+\(|\s+com\s+|"
                         r"\s+passando|\s+via\s", rest)
        end = m.end() + (stop.start() if stop else len(rest))
        f = _clip(fl, m.end(), end, seen=seen)
        if f is not None and f.value and len(f.value) <= 60 and f.value[:1].isupper():
            return f
    return field(None)


def _prose_instituicao(fl: Flow, seen: dict[str, float] | None = None) -> Field:
    """'... até a instituição de ensino COLÉGIO X, situada na ...' (the name in capitals)."""
    for m in re.finditer(r"\b(?:instituicao de ensino|escola|estabelecimento de ensino)\s+(?:denominad[ao]\s+)?",
                         fl.folded):
        rest = fl.text[m.end():m.end() + 120]
        mm = re.match(r"([^,;(]{3,100}?)\s*(?:,|;|\(|\.\s|\s+situad|\s+localizad|\s+sito)", rest)
        if mm:
            name = mm.group(1)
            letters = [c for c in name if c.isalpha()]
            if letters and sum(c.isupper() for c in letters) >= 0.8 * len(letters):
                a, b = m.end() + mm.start(1), m.end() + mm.end(1)
                return weighed(fl.field(nz.name(name), a, b), fl.span(a, b), names=True, seen=seen, joining=False)
    return field(None)


def _clause(fl: Flow, labels) -> tuple[int, int] | None:
    """Where the text of 'Itinerário: ...' runs in a clause (offsets in the flow), up to the
    next labelled paragraph or clause."""
    t = fl.folded
    for lab in labels:
        k = nz.fold(lab)
        for m in re.finditer(r"\b" + re.escape(k) + r"\s*[:\-–]\s*", t):
            rest = t[m.end():m.end() + 600]
            # (a clause's heading with a letter misread: 'Parágrato terceiro')
            stop = re.search(r"\s" + _STOP_LABEL + r"|\s(?:clausula|paragra[a-z]o)\s+\w+\b", rest)
            end = m.end() + (stop.start() if stop else len(rest))
            if fl.text[m.end():end].strip(" .;,"):
                return m.end(), end
    return None


def _prose_labelled(fl: Flow, labels, seen: dict[str, float] | None = None) -> Field:
    """'Itinerário: ...' in a clause, up to the next labelled paragraph or clause."""
    where = _clause(fl, labels)
    return (_clip(fl, *where, seen=seen) if where else None) or field(None)


def _labelled(table: _Table, fl: Flow, labels, seen: dict[str, float] | None) -> tuple[Field, Span | None]:
    """A labelled text: the summary table's cell, else the clause; and the words it was read from."""
    sp = table.cell_span(labels)
    if sp is not None:
        return table.text_of(sp), sp
    where = _clause(fl, labels)
    if where is None:
        return field(None), None
    return _clip(fl, *where, seen=seen) or field(None), despeck(_clip_span(fl, *where))


# ------------------------------------------------------------------ itinerary described

_ITINERARY = ["ITINERÁRIO", "PERCURSO", "TRAJETO"]
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


def _valor(fl: Flow) -> Field:
    t = fl.folded
    for m in re.finditer(r"\b(valor|preco|pagara|importancia|remuneracao)\b", t):
        window = fl.text[m.end():m.end() + 200]
        hits = [h for h in nz.find_money(window) if h[3]]
        if hits:
            v, s, e, _ = hits[0]
            return fl.field(v, m.end() + s, m.end() + e)
    hits = [h for h in nz.find_money(fl.text) if h[3]]
    if hits:
        v, s, e, _ = hits[0]
        return fl.field(v, s, e, conf=0.7)
    return field(None)


def _has_passenger_table(r: Reader) -> Field:
    rows, header = r.layout.table(
        {"nome": ["NOME", "NOME COMPLETO", "PASSAGEIRO"], "doc": ["CPF", "RG", "DOCUMENTO", "MATRÍCULA"]},
        keep=lambda row: bool(re.fullmatch(r"[A-ZÀ-Ý' ]{5,}", (row.text("nome") or "").strip()))
        and len(re.sub(r"\D", "", row.text("doc") or "")) >= 5)
    has = len(header) >= 2 and len(rows) >= 2
    return field(has, None, 0.9 if not has else 0.85)
