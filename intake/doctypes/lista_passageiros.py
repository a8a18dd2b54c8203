"""Lista de passageiros: a table over one or more pages (header repeated or not), its
columns found by their header words. Each passenger: nome, documento_tipo (from a column per
kind of document, a 'tipo' column, or the cell itself) and documento (digits and letters).
The list's contract number, contractor and institution from the header block; the total is
the rows read, checked against a printed total when there is one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from statistics import median

from validate_docbr import Certidao

from intake import normalize as nz
from intake.page.layout import Row, Span
from intake.reading.identifiers import MISREAD, REPAIRED, VERIFIED, id_valid, voted
from intake.reading.values import UNSURE, cap, field, first, span_of
from intake.doctypes._common import Reader
from intake.reading.lexicon import FUNCTION, LEXICAL, STRANGE, echoes, prose_conf, weighed
from intake.reading.lexicon import MIN_LETTERS
from intake.reading.lexicon import words as lexicon_words
from intake.doctypes.contrato_fretamento import contract_number, numbered
from intake.reading import shapes
from intake.reading.extract import Extractor
from intake.reading.tables import UNNAMED, Table, read_table
from intake.reading.vocabulary import vocabulary
from domain.documents import Field, RowRead
from domain.ids import cpf as cpf_id

TYPES = ("lista_passageiros",)

# a passenger's number that could not be read (not a number shown absent)
NOT_READ = 0.3

# the passenger table's columns, as the vocabulary names them (its 'x_' columns are named only
# so that their text is kept out of the others), and the kinds of document a column of its own holds
COLUMNS = vocabulary("lista_passageiros").tables["passageiros"]
DOC_KINDS = tuple(c.removeprefix("doc_") for c in COLUMNS if c.startswith("doc_"))
# what ends the table (its total, a closing sentence, the signature, a notes box): words of the
# page rather than labels of a field; the total's labels are added where it is read
STOP = vocabulary("lista_passageiros").words["table_ends"]
OTHERS = vocabulary("lista_passageiros").words["other_persons"]
_FOOTER = re.compile(r"\b(pagina|pag|folha|lista de passageiros|relacao de passageiros|metroplan|contrato n|"
                     r"total|assinatura|declaramos|certificamos|cep|avenida|rua|telefone|www)\b")
# the kinds a tipo cell may name, in the order they are tried (a birth certificate's 'NASC.'
# before anything else); their spellings are the vocabulary's values
KINDS = ("certidao", "matricula", "inscricao", "cpf", "rg")
# a tipo cell that names no kind leaves the row's kind unknown: someone must look
UNKNOWN_KIND = 0.6


def parse(ext, doc_type: str) -> dict[str, Field]:
    r = Reader(ext, "lista_passageiros")
    x = r.x
    out: dict[str, Field] = {}
    out["contrato_numero"] = numbered(first(x.field("contrato_numero"), contract_number(r, r.flow(), "contrato_numero")))
    # a name read unsure in the header is often read sure elsewhere (a signature, a row)
    seen = echoes(w for row in r.layout.all_rows() for w in row.words) if r.ocr else None
    out["contratante_nome"] = x.field_or("contratante_nome", _contratante(r, seen), parse=_name_parse(x, seen))
    out["instituicao"] = x.field_or("instituicao", _instituicao(r, seen), parse=_name_parse(x, seen))
    out["passageiros"], out["total_passageiros"] = _passageiros(r)
    return out


def _name_parse(x: Extractor, seen):
    """A name from a label's cell, its OCR'd words weighed as names."""
    def parse(sp):
        f = shapes.name(sp, x.ocr)
        return weighed(f, sp, names=True, seen=seen, joining=False) if f.value is not None else f
    return parse


def _contratante(r: Reader, seen=None) -> Field:
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
            vs = span_of(sp, m.end(), end)
            return weighed(field(value, vs), vs, names=True, seen=seen, joining=False)
    return r.grab_field("contratante_nome",
                        lambda s: weighed(field(nz.name(s.text), s), s, names=True, seen=seen, joining=False))


_INST = re.compile(r"\b(escola|colegio|faculdade|universidade|instituto|centro universitario|"
                   r"centro de ensino|campus|liceu|educandario|creche|prefeitura)\b")


def _instituicao(r: Reader, seen=None) -> Field:
    f = r.grab_field("instituicao",
                     lambda s: weighed(field(nz.name(s.text), s), s, names=True, seen=seen, joining=False))
    if f.value is not None:
        return f
    # an institution's own list is headed by its name: a row that is a name alone, opening with
    # the kind of institution and naming one ('ESCOLA ATENDIDA COLÉGIO ...' is a label and its
    # value; 'FUNDAÇÃO UNIVERSIDADE ...' the maintainer), sure only as the page's heading (its
    # first row, or printed larger than the page's rows)
    page_rows = r.layout.rows[r.layout.pages[0].number]
    usual = median(row.height for row in page_rows) if page_rows else 0.0
    for n, row in enumerate(page_rows[:10]):
        t = nz.fold(row.text)
        if re.search(r"[\d:/|]", row.text) or re.search(r"\b(lista|relacao|passageiros|mantida|cnpj)\b", t):
            continue
        kinds = list(_INST.finditer(t))
        if len(kinds) != 1 or kinds[0].start() != 0 or len(t.split()) < 3:
            continue
        heading = n == 0 or row.height > 1.15 * usual
        return cap(field(nz.name(row.text), r.layout.row_span(row)), 0.9 if heading else UNSURE)
    return field(None)


@cache
def _kind_spellings() -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]:
    """(kind, whole-word spellings, word beginnings) from the vocabulary, as key() text."""
    v = vocabulary("lista_passageiros")
    out = []
    for kind in KINDS:
        raw = v.values.get(kind, ())
        out.append((kind, tuple(nz.key(s) for s in raw if not s.endswith("*") and nz.key(s)),
                    tuple(nz.key(s[:-1]) for s in raw if s.endswith("*"))))
    return tuple(out)


def _tipo_of(text: str | None) -> str | None:
    if not text:
        return None
    k = nz.key(text)
    padded, toks = f" {k} ", k.split()
    for kind, words, starts in _kind_spellings():
        if any(f" {w} " in padded for w in words) or any(t.startswith(s) for t in toks for s in starts):
            return kind
    return None


def _kinds_in_names(out_rows: list[dict]) -> list[int]:
    """A kind column whose header was not read runs into the names ('JÉSSICA DUARTE MONTEIRO
    CPF', 'JOSUÉ TOLEDO DE CAMARGO MAT'): where most rows' names end with a word that spells a
    kind whole (never a word's beginning: 'NASCIMENTO' is a surname), that word is the row's kind.
    Where a few rows' names do, and those rows have no kind, the word is their kind too, but the
    columns were not found alike on every row: those rows (their places returned) are unsure."""
    whole = {w: kind for kind, words, _ in _kind_spellings() for w in words if " " not in w}
    tails = [whole.get(nz.key(r["nome"].split()[-1])) if r["nome"] and len(r["nome"].split()) > 2 else None
             for r in out_rows]
    most = len(out_rows) >= 2 and 2 * sum(1 for k in tails if k) >= len(out_rows)
    odd = []
    for i, (row, kind) in enumerate(zip(out_rows, tails)):
        if kind is not None and (row["documento_tipo"] is None or most and row["documento_tipo"] == kind):
            row["nome"] = row["nome"].rsplit(None, 1)[0]
            row["documento_tipo"] = kind
            if not most:
                odd.append(i)
    return odd


def _kinds_in_cells(out_rows: list[dict], rows: list[Row]) -> None:
    """A kind column whose header was read as another's ('RG' / 'CPF' under a lost 'TIPO',
    in the cells of the column beside it): where most rows' cell of one column spells a kind
    whole, and nothing else, that cell is the row's kind."""
    whole = {w: kind for kind, words, _ in _kind_spellings() for w in words}
    names = {c for row in rows for c in row.cells if c != "nome" and not c.startswith("doc") and c != "n"}
    for c in sorted(names):
        kinds = [whole.get(nz.key(row.text(c) or "")) for row in rows]
        if len(rows) < 2 or 2 * sum(1 for k in kinds if k) < len(rows):
            continue
        for row, kind in zip(out_rows, kinds):
            if kind is not None and row["documento_tipo"] is None:
                row["documento_tipo"] = kind
        return


def _entry(row: Row, ocr: bool) -> bool:
    """Whether a table line is a passenger's entry by its cells' shapes: a number of a document's
    shape in a document cell (or a row number beside a kind or number cell), and no sign of a
    group's heading (`heading`)."""
    numbered = bool(re.fullmatch(r"\d{1,4}", re.sub(r"[^0-9A-Za-z]", "", row.text("n") or "")))
    has_doc = any(_clean_doc(row.text(c)) for c in row.cells if c.startswith("doc"))
    return (has_doc or (numbered and bool(row.text("tipo") or row.text("doc")))) and not heading(row, ocr)


# a time of day as a list prints a boarding or arrival time: '06h40', '6h', '07:15', '7h30min'
_TIME = re.compile(r"(?<![\d.,/-])\d{1,2}\s?(?:h|:)\s?(?:\d{2})?(?:\s?min)?(?![\d.,/-]|[a-zà-ÿ]{2})", re.I)
# a label's colon after a word, or after a word and its number ('EMBARQUE 1:', 'PONTO Nº 2:')
_LABEL_COLON = re.compile(r"[A-Za-zÀ-ÿ](?:\.?\s*(?:[nN][º°oO]\.?\s*)?\d{1,3})?\s*:")


def heading(row: Row, ocr: bool = False) -> bool:
    """Whether a line between a list's rows is a heading of its own (a boarding stop's place and
    time, a group's name, a subtotal) and no passenger, by what its cells hold against what each
    column holds in a passenger's row: a time of day opening the numbering or the name cell, or
    for the number of a document's cell; a word in the numbering column; words that name no kind of
    document before the number in a document's cell ('Ferreira — 06h40 16 pass.'); in a text layer, a label's colon in the name cell
    ('EMBARQUE: Rua ...')."""
    cells = {c: sp.text for c, sp in row.cells.items() if not c.startswith("x_") and sp.text.strip()}
    if _TIME.match(cells.get("n", "")) or _TIME.match(cells.get("nome", "")):
        return True
    n = cells.get("n", "")
    if re.search(r"[A-Za-zÀ-ÿ]{3}", n) and not re.search(r"\d", n):
        return True
    for c, t in cells.items():
        # (a word OCR read at under half a confidence is a speck's, a rule's: 'pur' off a cell's edge)
        toks = [tok for w in row.cells[c].words if w.conf >= 0.5 for tok in w.text.split()]
        at = next((k for k, tok in enumerate(toks) if re.search(r"\d", tok)), None)
        if not c.startswith("doc") or at is None:
            continue  # (a document cell with no number holds another column's words, if any)
        if _TIME.fullmatch(toks[at]):
            return True  # the cell's number is a time of day
        # the words before the number: its kind ('Matrícula 2024...'), or a phrase's
        lead = " ".join(toks[:at])
        if any(re.search(r"[a-zà-ÿ]", tok) and sum(ch.isalpha() for ch in tok) >= 3 for tok in toks[:at]) \
                and _tipo_of(lead) is None:
            return True
    # (a dash or digits in a name cell say less: another column's text may run into it)
    return not ocr and bool(_LABEL_COLON.search(cells.get("nome", "")))


def _lead(text: str) -> str:
    """A cell's words before its first number (none where it holds no number)."""
    toks = text.split()
    at = next((k for k, tok in enumerate(toks) if re.search(r"\d", tok)), None)
    return " ".join(toks[:at]) if at is not None else ""


def _heading_apart(row: Row) -> None:
    """A group's heading set close under a row ('TURNO: TARDE' under a name) joins it as a
    wrapped line of its name cell: a line of the cell that reads as a label and its value is
    no part of the name."""
    sp = row.cells.get("nome")
    if not sp or not sp.words:
        return
    lines = _lines(sp)
    kept = [w for ln in lines if not _LABEL_COLON.search(" ".join(w.text for w in ln)) for w in ln]
    if kept and len(kept) < len(sp.words):
        row.cells["nome"] = sp.sub(kept)


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
    judged: list[bool | None] = []  # each body row in order: kept, dropped though named, or neither

    def keep(row: Row) -> bool:
        if not r.ocr:
            _heading_apart(row)
        nome = row.text("nome")
        if not nome or not re.search(r"[A-Za-zÀ-ÿ]{2}", nome):
            judged.append(None)
            return False
        # (in a document cell, what stands before its number: after it, or with no number, are
        # another column's words run in, a boarding stop's 'Rua ...')
        if _FOOTER.search(nz.fold(" ".join(_lead(sp.text) if c.startswith("doc") else sp.text
                                           for c, sp in row.cells.items() if not c.startswith("x_")))):
            judged.append(None)
            return False  # a page's running header or footer, not a passenger (an address column's 'Rua' is)
        kept = _entry(row, r.ocr)
        judged.append(kept or (False if _name(nome) and len(nome.split()) >= 2 else None))
        return kept

    vocab = vocabulary("lista_passageiros")
    columns = COLUMNS
    # (the list's count under any of its labels ends the table, as its total does)
    stop = [*STOP, *vocab.fields["total_passageiros"].labels]

    def table(cols, keep=None, key_columns: Sequence[str] = (), goes_on=None) -> Table | None:
        return read_table(r.layout, cols, min_cols=2, stop=stop, keep=keep, key_columns=key_columns,
                          key_first=("n",), regrid=True, goes_on=goes_on, others=OTHERS)

    t = table(columns, keep, [c for c in COLUMNS if c != "nome"],
              lambda row: bool(row.text("nome")) and _entry(row, r.ocr))
    roles = _roles_by_content(columns, t, table)
    if roles:
        # the header names no passenger or no document column, and a column it does not name
        # holds, row after row, a person's name or a document's number: read again with it
        judged.clear()
        t = table({**columns, **{u: [spelling] for u, (spelling, _) in roles.items() if spelling}},
                  lambda row: keep(_cast(row, roles)),
                  [c for c in COLUMNS if c != "nome"] + [u for u, (_, role) in roles.items() if role not in ("nome", "tipo")],
                  lambda row: bool(_cast(row, roles).text("nome")) and _entry(row, r.ocr))
    rows = t.rows if t is not None else []
    if t is not None and r.ocr:
        _lead_apart(t, rows)
    # whether the list's header names a column for the passengers' documents: only then is an
    # empty cell a document absent; otherwise the number was not read
    doc_column = t is not None and (any(c.name == "doc" or c.name.startswith("doc_") for c in t.columns)
                                    or any(role != "nome" for _, role in roles.values()))
    # every word of the list: a surname read unsure in one row is read sure in another
    seen = echoes(w for row in r.layout.all_rows() for w in row.words) if r.ocr else None
    column = _Column([row.cells.get("nome") for row in rows])
    out_rows = []
    confs: list[float] = []  # each row as an entry: name, kind, a number of the kind's shape
    doc_confs: list[float] = []  # each row's number, character by character
    first_page, boxes = None, []
    places: list[tuple[int, list[float]]] = []  # each row's page and box, for its own evidence
    shapes: list[str | None] = []
    untyped: list[bool] = []  # rows whose kind was not in their own cells
    read_spans: list[tuple[Span | None, Span | None]] = []  # each row's name and number as read
    for row in rows:
        cells = {c: _number_words(sp) if c.startswith("doc") else sp for c, sp in row.cells.items()}
        nome_sp = _name_words(cells.get("nome"))
        nome_text, mended = column.mend(cells.get("nome"))
        nome = _name(nome_text if nome_text is not None else row.text("nome"), seen)
        tipo, doc, doc_sp = None, None, None
        for kind in DOC_KINDS:
            sp = cells.get(f"doc_{kind}")
            v = _clean_doc(sp.text if sp else None)
            if v:
                tipo, doc, doc_sp = kind, v, sp
                break
        tipo_sp = None
        if doc is None:
            doc_sp = cells.get("doc")
            raw = doc_sp.text if doc_sp else None
            doc = _clean_doc(raw)
            tipo = _tipo_of(row.text("tipo")) or _tipo_of(raw)
            tipo_sp = cells.get("tipo") if _tipo_of(row.text("tipo")) else None
            if tipo is None and doc and len(doc) == 11 and doc.isdigit() and id_valid("cpf", doc):
                tipo = "cpf"
        if tipo in (None, "matricula") and doc and len(doc) == 32 and doc.isdigit() and _certidao_ok(doc):
            # a birth certificate's number is its 'matrícula': 32 digits whose two check digits
            # hold are a certidão's, whatever word the list prints for it
            tipo = "certidao"
        if tipo in ("cpf",) and doc:
            doc = nz.doc(doc) or doc
        conf, dconf = _row_conf(r, nome, nome_sp, tipo, tipo_sp, doc, doc_sp, seen)
        if tipo is None and re.search(r"[A-Za-z]{2}", row.text("tipo") or ""):
            conf = min(conf, UNKNOWN_KIND)  # a kind printed that no spelling of ours names
        if doc is None and (not doc_column or any(c.startswith("doc") and sp.words for c, sp in row.cells.items())):
            dconf = min(dconf, NOT_READ)  # no column to read it from, or a cell with marks that made no number
        if nome_sp and r.ocr:
            conf = min(conf, _broken(nome_sp, row.specks, nome))
            if doc_sp and _line_lost(nome_sp, doc_sp):
                conf = min(conf, LINE_LOST)
        if not mended:
            conf = min(conf, EDGE_BREAK)  # a word cut at the cell's edge, or two words: who knows
        out_rows.append({"nome": nome, "documento_tipo": tipo, "documento": doc})
        untyped.append(tipo is None)
        read_spans.append((nome_sp, doc_sp))
        confs.append(conf)
        doc_confs.append(dconf)
        places.append((row.page, [round(v, 4) for v in row.bbox]))
        shapes.append(_shape(doc_sp.text) if doc and doc_sp else None)
        first_page = first_page or row.page
        if row.page == first_page:
            boxes.append(row.bbox)
    if not out_rows:
        return field(None), field(None)
    if t is not None and not t.named("tipo"):
        for i in _kinds_in_names(out_rows):
            confs[i] = min(confs[i], UNKNOWN_KIND)
        _kinds_in_cells(out_rows, rows)
    _kinds_by_shape(out_rows, confs, shapes, doc_confs)
    for i, (entry, (nome_sp, doc_sp)) in enumerate(zip(out_rows, read_spans)):
        if untyped[i] and entry["documento_tipo"]:
            # a kind found after the row was weighed (in its name's last word, another column): the
            # number must bear it out as it would have ('7170763877201' is no CPF: two cells ran together)
            c, d = _row_conf(r, entry["nome"], nome_sp, entry["documento_tipo"], None, entry["documento"], doc_sp, seen)
            confs[i], doc_confs[i] = min(confs[i], c), min(doc_confs[i], d)
    if t is not None and t.named("tipo") and any(row["documento_tipo"] for row in out_rows):
        # a kind column whose cell in this row made no kind: the kind was printed and not read
        confs = [min(c, UNKNOWN_KIND) if row["documento_tipo"] is None else c for row, c in zip(out_rows, confs)]
    bbox = [min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)]
    pax = field(out_rows, None, min(min(confs), min(doc_confs)), page=first_page, bbox=bbox)
    total = len(out_rows)
    kept_at = [i for i, k in enumerate(judged) if k]
    numbers = numbering([row.cells.get("n") for row in rows], r.ocr)
    # a named row between passengers left out for want of a document (the columns were not all
    # found; unless every row kept is numbered in turn: then it was no passenger's, a group's
    # heading), or the page going on below the last row with the next rows' numbers: rows missed?
    missed = any(k is False for k in judged[kept_at[0]:kept_at[-1]]) and not numbers.whole if kept_at else False
    missed = missed or _numbers_go_on(r, rows)
    glued = [_glued(row) for row in out_rows]
    printed = _printed_total(r, rows)
    # the count as the list prints it: its total, read sure, equal to the rows read, and its row
    # numbers (where it numbers its rows) read at their places wherever read sure. Two prints that
    # agree with the rows read leave no row missed and none run into another
    counted = printed is not None and printed.value == total and printed.confidence >= SURE_TOTAL \
        and (not numbers.numbered or numbers.consistent)
    if numbers.broken or _words_for_numbers([row.text("n") for row in rows]) or (missed or any(glued)) and not counted:
        # the list numbers its rows and the numbers read sure skip or do not start at 1 (rows were
        # missed: a page's table not read), or its numbering column holds words (the header was
        # matched to the wrong columns), or rows may be missed or run together (a number cell
        # holding several passengers' numbers) with nothing printed to say otherwise: neither the
        # rows nor their count are sure
        pax = pax.model_copy(update={"confidence": min(pax.confidence, PARTIAL)})
        confs = [min(c, PARTIAL) for c in confs]
    elif any(glued):
        # the count borne out, a number of no kind's length is that row's own doubt
        confs = [min(c, PARTIAL) if g else c for c, g in zip(confs, glued)]
        pax = pax.model_copy(update={"confidence": min(pax.confidence, PARTIAL)})
    if printed is None:
        # (numbers read at their places from 1 to the last row's say how many rows there are)
        tconf = 1.0 if numbers.whole and not r.ocr else 0.95 if not r.ocr else 0.9 if numbers.whole else 0.85
        tconf = min(tconf, pax.confidence if pax.confidence <= PARTIAL else 1.0)
    elif printed.value == total:
        tconf = 1.0 if not r.ocr else max(0.9, min(1.0, printed.confidence))
        if numbers.broken:
            tconf = PARTIAL  # the numbers read sure say otherwise: which one is wrong?
    else:
        tconf = 0.5  # rows read and printed total disagree: someone must look
        pax = pax.model_copy(update={"confidence": min(pax.confidence, 0.5)})
        confs = [min(c, 0.5) for c in confs]
    if _short_of_parts(_part_counts(r, rows), rows):
        # a group's own count ('Subtotal: 7' under a stop's rows) exceeds the rows read since the
        # count before it: rows were missed, whatever else the list prints
        tconf = min(tconf, PARTIAL)
        pax = pax.model_copy(update={"confidence": min(pax.confidence, PARTIAL)})
        confs = [min(c, PARTIAL) for c in confs]
    pax = pax.model_copy(update={"rows": [RowRead(confidence=round(c, 4), document_confidence=round(d, 4),
                                                  page=page, bbox=box)
                                          for c, d, (page, box) in zip(confs, doc_confs, places, strict=True)]})
    # where the two disagree the field keeps what the list prints (unsure): the clerk sees the
    # rows read against the count printed ("17 de 44") and adds the rows missed
    told = printed.value if printed is not None and printed.value != total else total
    tot = field(told, None, tconf, page=printed.page if printed else first_page,
                bbox=printed.bbox if printed else bbox)
    return pax, tot


# a column the header does not name, by what its cells hold: this share of its cells at least
SAME_SHAPE = 0.8
_ID_WORD = re.compile(r"^[\dX.\-/]*\d[\dX.\-/]*$", re.I)
_DATE_WORD = re.compile(r"^\d{1,2}/\d{1,2}/\d{2,4}$")


def _cell_holds(sp: Span | None) -> str | None:
    """What one cell holds, by its words' shapes: 'nome' (two words or more of letters alone, no
    kind of document), 'doc' (a number of a document's length, nothing else but a kind's name),
    'doc+nome' (both: two columns whose header was read as one), else None."""
    if sp is None or not sp.words:
        return None
    ids = [w.text for w in sp.words if _ID_WORD.match(w.text) and not _DATE_WORD.match(w.text)]
    letters = [w.text for w in sp.words if w.text not in ids and re.fullmatch(r"[A-Za-zÀ-ÿ'´`.\-]+", w.text)]
    if len(ids) + len(letters) < len(sp.words):
        return None  # a date, a time, signs: no name's, no number's
    digits = sum(len(re.sub(r"\D", "", t)) for t in ids)
    kind = _tipo_of(" ".join(letters)) if letters else None
    if kind is not None and not ids and len(letters) <= 3:
        return "kind"
    named = len(letters) >= 2 and kind is None and _name(" ".join(letters)) is not None
    if ids and 5 <= digits <= 32:
        return "doc+nome" if named else "doc" if not letters or kind else None
    return "nome" if named and not ids else None


def _roles_by_content(columns, t: Table | None, table) -> dict[str, tuple[str | None, str]]:
    """Columns a table's header shows but no vocabulary names, named by what their cells hold
    where the header names no passenger's or no document's column: {placeholder: (the header's
    spelling, 'nome' | 'doc' | 'doc+nome')}. A column counts when SAME_SHAPE of its cells hold
    the same; the role wanted must fall to one column alone, else nothing is named."""
    if t is None or not any(c.name == UNNAMED and c.header for c in t.columns):
        return {}
    unnamed = {f"_u{i}": nz.key(" ".join(w.text for w in c.header))
               for i, c in enumerate(t.columns) if c.name == UNNAMED and c.header}
    unnamed = {u: k for u, k in unnamed.items() if k}
    probe = table({**columns, **{u: [k] for u, k in unnamed.items()}})
    if probe is None or len(probe.rows) < 2:
        return {}

    def holds(name: str) -> str | None:
        held = [_cell_holds(row.cells.get(name)) for row in probe.rows if row.cells.get(name)]
        best = max(set(held) - {None}, key=held.count, default=None)
        return best if len(held) >= 2 and best is not None and held.count(best) >= SAME_SHAPE * len(held) else None

    docs = [c.name for c in t.columns if c.name == "doc" or c.name.startswith("doc_")]
    want_nome = not t.named("nome")
    # a document's column whose cells hold a kind's name and no number ('Doc. apresentado': CPF)
    # is the kind's column: the numbers are under a header no vocabulary names
    kinds = [c for c in docs if holds(c) == "kind"]
    want_doc = not docs or len(kinds) == len(docs)
    if not (want_nome or want_doc):
        return {}
    found: dict[str, list[str]] = {}
    for u in unnamed:
        role = holds(u)
        if role is not None:
            found.setdefault(role, []).append(u)
    out: dict[str, tuple[str | None, str]] = {}
    for role in ("nome", "doc", "doc+nome"):
        us = found.get(role, [])
        if len(us) == 1 and (want_nome and "nome" in role or want_doc and "doc" in role):
            out[us[0]] = (unnamed[us[0]], role)
    if sum(1 for _, role in out.values() if "nome" in role) > 1 or sum(1 for _, role in out.values() if "doc" in role) > 1:
        return {}
    if kinds == ["doc"] and any("doc" in role for _, role in out.values()) and not t.named("tipo"):
        out["doc"] = (None, "tipo")
    return out


def _cast(row: Row, roles: dict[str, tuple[str | None, str]]) -> Row:
    """A row whose cells under columns named by content take their roles (a cell of two
    columns read as one split by its words' shapes: the number's, the name's)."""
    # (a named column recast first: its place is then free for the column named by content)
    for u, (_, role) in sorted(roles.items(), key=lambda kv: kv[1][0] is not None):
        sp = row.cells.pop(u, None)
        if sp is None:
            continue
        parts = {"doc": sp.sub(w for w in sp.words if _ID_WORD.match(w.text)),
                 "nome": sp.sub(w for w in sp.words if not _ID_WORD.match(w.text))} if role == "doc+nome" else {role: sp}
        for name, part in parts.items():
            if part.words and not row.cells.get(name):
                row.cells[name] = part  # (never over a cell the header named)
    return row


PARTIAL = 0.5
LINE_LOST = 0.6  # a row whose cells stand at different heights: a line of it was not read
# a name whose line ends at its column's edge where nothing tells whether the break split a word
# or fell between two (no other row, no dictionary, no width)
EDGE_BREAK = 0.6


def _line_lost(nome: Span, doc: Span) -> bool:
    """Whether a one-line name and a one-line number of the same row stand at different heights:
    a table's cells share their row's middle (or its top), so one of them had a second line
    that OCR lost ('ANTÔNIO ROBERTO CUNHA' read, its cell's 'CAMPOS' under it not)."""
    a, b = _lines(nome), _lines(doc)
    if len(a) != 1 or len(b) != 1 or not a[0] or not b[0]:
        return False
    hs = sorted(w.bbox[3] - w.bbox[1] for w in a[0] + b[0])
    h = hs[len(hs) // 2]

    def mid(ws) -> float:
        return (min(w.bbox[1] for w in ws) + max(w.bbox[3] for w in ws)) / 2

    # (a lost line moves its cell's middle half a line pitch, some 0.7 of a height or more; cells
    # merely set on other baselines or a page a little askew differ by less)
    return h > 0 and abs(mid(a[0]) - mid(b[0])) > 0.6 * h


def _lines(sp: Span) -> list[list]:
    """A cell's words, line by line (a word below the one before, or left of it, opens a line)."""
    out: list[list] = []
    for w in sp.words:
        if out and w.bbox[0] >= out[-1][-1].bbox[0] and \
                (w.bbox[1] + w.bbox[3]) / 2 < out[-1][-1].bbox[3]:
            out[-1].append(w)
        else:
            out.append([w])
    return out


class _Column:
    """A table column's geometry, for words cut at its right edge: its left and right edges, its
    letters' width, and whether it cuts words anywhere (break-all) rather than at spaces."""

    def __init__(self, cells: list[Span | None]):
        cols = [_lines(sp) for sp in cells if sp and sp.words]
        ends = [ln[-1].bbox[2] for ls in cols for ln in ls[:-1]]
        widths = [(w.bbox[2] - w.bbox[0]) / len(w.text) for ls in cols for ln in ls for w in ln
                  if len(w.text) >= 3]
        self.ok = bool(ends) and bool(widths)
        if not self.ok:
            return
        self.left = min(ln[0].bbox[0] for ls in cols for ln in ls)
        self.right = max(ln[-1].bbox[2] for ls in cols for ln in ls)
        self.cw = sorted(widths)[len(widths) // 2]
        # a column that wraps at spaces ends its full lines wherever their last word did; one
        # that cuts words ends nearly all of them within a letter of its edge
        at_edge = sum(1 for e in ends if self.at_edge(e))
        self.breaks_all = len(ends) >= 3 and at_edge >= 0.8 * len(ends)
        self.known: set[str] = set()  # its words that touch no line's end at the edge
        for ls in cols:
            for k, ln in enumerate(ls):
                for j, w in enumerate(ln):
                    cut_after = k + 1 < len(ls) and j == len(ln) - 1 and self.at_edge(w.bbox[2])
                    cut_before = j == 0 and k > 0 and self.at_edge(ls[k - 1][-1].bbox[2])
                    if not (cut_after or cut_before):
                        self.known.add(nz.key(w.text))

    def _word(self, text: str) -> bool:
        """A word printed whole in another row of the column, or one of Tesseract's Portuguese
        dictionary (which holds most surnames: 'VASCONCELOS', 'ZIMMERMANN')."""
        return nz.key(text) in self.known or text.lower() in lexicon_words()

    def at_edge(self, x: float) -> bool:
        return x >= self.right - 1.2 * self.cw

    def mend(self, sp: Span | None) -> tuple[str | None, bool]:
        """The cell's text with words cut at the edge joined again, and whether every cut was
        decided: joined where the whole word is printed in another row, apart where both halves
        are; a column that wraps at spaces moves a word that fits whole onto the next line (two
        words); otherwise undecided: joined in a column that cuts anywhere, apart in one that
        wraps at spaces."""
        if sp is None or not sp.words or not self.ok:
            return None, True
        lines = _lines(sp)
        if len(lines) < 2:
            return None, True
        out = [w.text for w in lines[0]]
        sure = True
        for prev, ln in zip(lines, lines[1:]):
            a, b = prev[-1], ln[0]
            fits = (a.bbox[2] - a.bbox[0]) + (b.bbox[2] - b.bbox[0]) <= self.right - self.left
            if not (self.at_edge(a.bbox[2]) and a.text[-1:].isalpha() and b.text[:1].isalpha()):
                out.append(b.text)
            elif self._word(out[-1] + b.text):
                out[-1] += b.text  # the whole word, printed whole in another row or a known word
            elif self._word(out[-1]) and self._word(b.text) or \
                    max(len(out[-1]), len(b.text)) >= MIN_LETTERS and \
                    self._word(max(out[-1], b.text, key=len)):
                out.append(b.text)  # two words (a long one known, beside a short one: 'REIS')
            elif not self.breaks_all and fits:
                out.append(b.text)  # a column that wraps at spaces moves a word that fits whole
            elif self.breaks_all:
                out[-1] += b.text  # cutting anywhere, a cut falls inside a word more often
                sure = False
            else:
                out.append(b.text)  # wrapping at spaces, a full line more often ends a word
                sure = False
            out += [w.text for w in ln[1:]]
        return " ".join(out), sure


def _lead_apart(t: Table, rows: list[Row]) -> None:
    """A document column's cells hold only what stands right of its header's left edge where its
    numbers start there (left-aligned): a word wholly left of that edge is the column's before it,
    read across the rule between them (a right-aligned row number read as '1.7' for 17), or, for
    the first column, a numbering column's whose header OCR did not read ('5 123.456.789-09')."""
    order = sorted(t.columns, key=lambda c: c.x0)
    for k, col in enumerate(order):
        if not (col.name == "doc" or col.name.startswith("doc_")) or not col.header:
            continue
        hx = col.header[0].bbox[0]
        cells = [row.cells.get(col.name) for row in rows]
        starts = [next((w.bbox[0] for w in sp.words if w.bbox[2] > hx + EDGE), None) for sp in cells if sp]
        h = sorted(w.bbox[3] - w.bbox[1] for sp in cells if sp for w in sp.words)
        if not h or sum(1 for x in starts if x is not None and abs(x - hx) <= h[len(h) // 2]) < 0.6 * len(rows):
            continue  # not a column whose numbers start at its header
        to = order[k - 1].name if k > 0 else "n"
        for row, sp in zip(rows, cells):
            if not sp:
                continue
            lead = [w for w in sp.words if w.bbox[2] <= hx + EDGE]
            if not lead or len(lead) == len(sp.words):
                continue
            row.cells[col.name] = sp.sub([w for w in sp.words if w.bbox[2] > hx + EDGE])
            if to == UNNAMED:
                continue  # (a column of no name of ours: its words are no cell's)
            before = row.cells.get(to)
            row.cells[to] = Span(row.page, tuple(sorted([*(before.words if before else ()), *lead],
                                                         key=lambda w: w.bbox[0])))


EDGE = 0.002  # a word's edge this near the header's is at it


def _glued(row: dict) -> bool:
    """A number cell holding several passengers' numbers (digits no kind of document has, but a
    birth certificate's 32): the table's rows ran together, so its names and numbers may pair
    wrongly."""
    digits = re.sub(r"\D", "", row.get("documento") or "")
    return len(digits) > 14 and not (row.get("documento_tipo") == "certidao" and len(digits) == 32)


def _numbers_go_on(r: Reader, rows: list[Row]) -> bool:
    """Whether the page goes on below the last row read with the next rows' numbers, where the
    row numbers stand: the table was read in part (a row it could not read ended it)."""
    if not rows:
        return False
    last = rows[-1]
    digits = re.sub(r"\D", "", last.text("n") or "")
    if not digits or len(digits) > 4 or not last.words:
        return False
    x0 = min(w.bbox[0] for w in last.words)
    # the next numbers after the last one printed, or after the row's place (its number misread:
    # '4' for 41)
    wanted = {v for n in (int(digits), len(rows)) for v in (str(n + 1), f"{n + 1:02d}", str(n + 2), f"{n + 2:02d}")}
    bottom = max(w.bbox[3] for w in last.words)
    for p in r.layout.pages:
        if p.number < last.page:
            continue
        for row in r.layout.rows[p.number]:
            if not row.words or p.number == last.page and row.y0 <= bottom:
                continue
            first = row.words[0]
            if abs(first.bbox[0] - x0) <= 0.03 and re.sub(r"\D", "", first.text) in wanted:
                return True
    return False


SURE_NUMBER = 0.85  # a row number read this sure, digits only, is what the page prints
SURE_TOTAL = 0.8


@dataclass(frozen=True)
class Numbering:
    """What a list's row numbers say, from the numbers read sure (an OCR'd '1, 12' or 'ra 7' says
    nothing): whether it numbers its rows at all, whether the numbers skip or do not start at 1
    (rows missed), whether every number read sure follows the one before by the rows between
    them (or starts again at 1: a list numbered by page or by group), and whether every row's
    number was read so, from 1 to the count of rows without starting again."""
    numbered: bool
    broken: bool
    consistent: bool
    whole: bool


def numbering(cells: list[Span | None], ocr: bool = False) -> Numbering:
    texts = [sp.text if sp else None for sp in cells]
    at = [d for d in (re.sub(r"\D", "", t or "") for t in texts) if d and len(d) <= 4]
    numbered = len(at) >= max(3, len(texts) // 2)
    sure = [(i, v) for i, v in ((i, _sure_number(sp, ocr)) for i, sp in enumerate(cells)) if v is not None]
    # each number against the last one placed (a misread one between them moves nothing)
    placed = restarts = 0
    anchor: tuple[int, int] | None = None
    for i, v in sure:
        if v == (anchor[1] + i - anchor[0] if anchor else i + 1) or anchor and v == 1:
            restarts += v != (anchor[1] + i - anchor[0] if anchor else i + 1)
            placed += 1
            anchor = (i, v)
    broken = len(sure) >= 3 and placed < 0.8 * len(sure)
    consistent = numbered and len(sure) >= 3 and placed == len(sure)
    whole = consistent and restarts == 0 and len(sure) == len(cells)
    return Numbering(numbered, broken, consistent, whole)


def _sure_number(sp: Span | None, ocr: bool) -> int | None:
    """The row number a cell holds, where it holds one number only (its mark aside: '01.',
    '7)'), read sure."""
    if not sp or not sp.words or ocr and min(w.conf for w in sp.words) < SURE_NUMBER:
        return None
    t = sp.text.strip().rstrip(".)º°-").strip()
    return int(t) if re.fullmatch(r"\d{1,4}", t) else None


def _words_for_numbers(numbers: list[str | None]) -> bool:
    """Whether the column headed as the rows' numbers holds words on most rows ('RG' under the
    'Nº' of 'Nº DOC', the row number read with the document): the header was matched to the
    wrong columns, and what each cell holds is no sure read."""
    held = [t for t in numbers if t and t.strip()]
    words = [t for t in held if re.search(r"[A-Za-zÀ-ÿ]{2}", t) and not re.search(r"\d", t)]
    return len(held) >= 3 and len(words) > len(held) // 2


COLUMN_GAP = 2.5  # in letter heights: words in one cell stand a space apart (under one), columns two or more


def _number_words(sp: Span) -> Span:
    """A document cell without what OCR read from the table's right-hand rule or from the next
    column, whose header was not read: a word of one or two characters set a column's gap beyond
    the number ('5286858789      1', '717.076.387-72   01')."""
    ws = list(sp.words)
    if len(ws) < 2 or all(w.conf >= 1.0 for w in ws):
        return sp
    h = sorted(w.bbox[3] - w.bbox[1] for w in ws)[len(ws) // 2]
    while len(ws) > 1 and (not re.search(r"[0-9A-Za-z]", ws[-1].text)
                           or len(ws[-1].text.strip()) <= 2 and ws[-1].bbox[0] - ws[-2].bbox[2] > COLUMN_GAP * h):
        ws.pop()  # ... or a dash read from a speck after it (a letter near it may be a check digit)
    return sp.sub(ws)


_PARTICLES = {"DA", "DE", "DO", "DAS", "DOS", "E", "DI", "DU", "VAN", "VON", "DEL", "LA", "LE"}


def _broken(sp: Span, specks, name: str | None = None) -> float:
    """Signs that a name's word lost a piece to OCR: an unsure speck touching it (',ULIANA' for
    'JULIANA'), or a fragment of two letters that is no particle ('ROC HA')."""
    ws = sp.words
    h = sorted(w.bbox[3] - w.bbox[1] for w in ws)[len(ws) // 2] if ws else 0.0
    conf = 1.0
    for k in specks:
        if k.conf >= 0.5 or not k.text.strip("|[]_ "):
            continue  # a sure mark, or a ruling line (expected between the columns)
        for w in ws:
            gap = max(w.bbox[0] - k.bbox[2], k.bbox[0] - w.bbox[2])
            if gap < 0.5 * h and k.bbox[1] < w.bbox[3] and w.bbox[1] < k.bbox[3]:
                conf = min(conf, STRANGE)
    kept = set((name or "").split())
    for w in ws:
        t = w.text.strip(".,;:")
        if _fragment(t) and t in kept:
            conf = min(conf, STRANGE)
    return conf


def _fragment(t: str) -> bool:
    return t.isalpha() and len(t) <= 2 and t.upper() not in _PARTICLES


def _name_words(sp: Span | None) -> Span | None:
    """The name cell without what the name drops anyway: marks at its ends (a dash, a '|') and
    the row's number before it (a numbering column the header does not name), whose read says
    nothing of the name's."""
    if not sp:
        return sp
    ws = list(sp.words)
    edge = lambda w: not w.text.strip(" \t:;,.-–—_|*\"'")  # noqa: E731
    while len(ws) > 1 and edge(ws[-1]):
        ws.pop()
    while len(ws) > 1 and (edge(ws[0]) or nz.ROW_NUMBER.fullmatch(ws[0].text)):
        ws.pop(0)
    return sp.sub(ws)


def _name(text: str | None, seen: dict[str, float] | None = None) -> str | None:
    """A passenger's name: OCR reads a capital I as '!' ('PICCOL!') and may drop the space
    between two names ('CAIOALVES'): split where both halves are read sure in other rows."""
    if text:
        text = re.sub(r"(?<=[A-ZÀ-Ý])!|!(?=[A-ZÀ-Ý])", "I", text)
        text = text.strip(" “”\"'‘’`")  # a speck read as a quote mark at the name's edge ('“SÉRGIO')
        # the row's number, when the list's numbering column was not found: no name holds digits
        text = " ".join(t for t in text.split() if not nz.ROW_NUMBER.fullmatch(t))
    if text and seen:
        def sure(w: str) -> bool:
            return seen.get(w.lower(), 0.0) >= LEXICAL

        out: list[str] = []
        for w in text.split():
            cuts = [i for i in range(3, len(w) - 2) if w.isalpha() and sure(w[:i]) and sure(w[i:])]
            if len(w) >= 7 and not sure(w) and len(cuts) == 1:
                out += [w[:cuts[0]], w[cuts[0]:]]
            elif out and (_fragment(w) or _fragment(out[-1])) and sure(out[-1] + w):
                out[-1] += w  # 'ROC HA': a name read sure in another row, broken in two
            else:
                out.append(w)
        text = " ".join(out)
    return nz.name(text)


def _cut_name(nome: str | None) -> bool:
    """A name cut at a particle ('... Barbosa da'), or holding digits: another column's text ran
    into it (a phone number under a header the table did not name apart)."""
    words = (nome or "").lower().split()
    return len(words) > 1 and words[-1] in {"da", "de", "do", "das", "dos", "e"} or bool(re.search(r"\d", nome or ""))


# A number's shape by its kind: what the column or the tipo cell says is borne out by the digits
# (an RG may carry its state's letters: MG-12.345.678).
_SHAPES = {
    "cpf": cpf_id.SHAPE,
    "rg": re.compile(r"(?:[A-Z]{2})?\d{5,10}[0-9X]?"),
    "matricula": re.compile(r"[0-9A-Z]{3,12}"),
    "certidao": re.compile(r"\d{30,32}|[0-9A-Z]{3,12}"),
    "inscricao": re.compile(r"[0-9A-Z]{3,14}"),
}


def _row_conf(r: Reader, nome: str | None, nome_sp: Span | None, tipo: str | None, tipo_sp: Span | None,
              doc: str | None, doc_sp: Span | None, seen) -> tuple[float, float]:
    """A row's certainty, in two parts: the row as an entry (its name's words weighed as prose
    names, a surname read sure in another row, a word of the dictionary; the kind of document
    from its column, or from a tipo cell whose reading the number's shape bears out; a number of
    that kind's shape in its cell) and the number's characters (a CPF's check digits)."""
    if not r.ocr:
        conf = min((sp.conf for sp in (nome_sp, tipo_sp, doc_sp) if sp), default=1.0)
        conf = min(conf, 0.85) if tipo is None else conf
        # printed text can still be cut or run together: a number not of its kind's shape, a
        # name ending in a particle ('... Barbosa da') or holding digits is no sure entry
        shape = _SHAPES.get(tipo or "")
        if doc and shape and not shape.fullmatch(doc) or _cut_name(nome):
            conf = min(conf, UNKNOWN_KIND)
        return conf, conf
    parts = []
    if nome_sp:
        nc = prose_conf(nome_sp, names=True, seen=seen, joining=False)
        # a word mended ('!' read for 'I'): sure where another row reads it so, else a guess
        for w in (nome or "").split():
            if w not in nome_sp.text.split():
                echo = (seen or {}).get(w.lower(), 0.0)
                nc = min(nc, min(echo, LEXICAL) if echo >= LEXICAL else REPAIRED)
        parts.append(nc)
    else:
        parts.append(0.0)
    dc = 0.0
    if doc_sp and doc:
        dc = doc_sp.conf
        if tipo == "cpf" and len(doc) == 11:
            if id_valid("cpf", doc):
                dc = max(dc, VERIFIED) if dc >= 0.1 else dc  # two check digits hold
            elif not voted(doc_sp):
                dc = min(dc, MISREAD)  # a misread digit, probably (unless the renderings agreed on it)
        elif tipo == "certidao" and len(doc) == 32 and doc.isdigit() and _certidao_ok(doc):
            dc = max(dc, VERIFIED) if dc >= 0.1 else dc  # a birth certificate's two check digits
        elif tipo == "rg" and _SP_RG.fullmatch(doc_sp.text.strip(" .,;:|")) and _sp_rg_ok(doc):
            dc = max(dc, 0.85) if dc >= 0.7 else dc  # one check digit: a smaller lift (as a RENAVAM's)
    # A number of the kind's shape is an entry whatever its digits: an RG of ten digits read
    # unsure is still an RG there. A CPF's entry is its check digits (a wrong one is no CPF).
    parts.append(1.0 if tipo not in (None, "cpf") and _number_there(tipo, doc, dc) else dc)
    shape = _SHAPES.get(tipo or "")
    if doc and shape and not shape.fullmatch(doc):
        parts.append(UNKNOWN_KIND)  # '6463383117' in a CPF's column: no CPF; whose number, then?
    if tipo is None:
        parts.append(0.85)
    elif tipo == "cpf" and doc and id_valid("cpf", doc) and doc_sp and cpf_id.MASKED.fullmatch(doc_sp.text.strip(" .,;:|")):
        pass  # a number printed as a CPF whose check digits hold is a CPF, whatever the tipo cell reads
    elif tipo_sp is not None and tipo_sp.conf < FUNCTION:
        shape = _SHAPES.get(tipo)
        fits = bool(doc and shape and shape.fullmatch(doc))
        parts.append(max(tipo_sp.conf, FUNCTION) if fits and tipo_sp.conf >= 0.5 else tipo_sp.conf)
    return min(parts), dc


def _number_there(tipo: str, doc: str | None, conf: float) -> bool:
    """A number of the kind's shape, mostly digits, read as characters at all (not a speck)."""
    shape = _SHAPES.get(tipo)
    return bool(doc and shape and shape.fullmatch(doc) and sum(c.isdigit() for c in doc) >= 5 and conf >= 0.1)


_SP_RG = re.compile(r"\d{2}\.\d{3}\.\d{3}-[\dXx]")


def _sp_rg_ok(doc: str) -> bool:
    """The check digit of an RG printed in São Paulo's form (12.345.678-9): the digits weighed
    2 to 9, the sum modulo 11 (10 is X)."""
    if len(doc) != 9 or not doc[:8].isdigit():
        return False
    v = sum(int(c) * w for c, w in zip(doc[:8], range(2, 10))) % 11
    return doc[8] == ("X" if v == 10 else str(v))


def _certidao_ok(doc: str) -> bool:
    """A birth certificate's 32-digit number with its two check digits."""
    return bool(Certidao().validate(doc))


def _shape(text: str) -> str:
    """A number as printed, digits as 9 and letters as A: '2024.9471' -> '9999.9999'."""
    t = re.sub(r"\d", "9", text.strip(" .,;:|“”\"'"))
    return re.sub(r"[A-Za-z]", "A", t)


def _kinds_by_shape(out_rows: list[dict], confs: list[float], shapes: list[str | None],
                    doc_confs: list[float]) -> None:
    """A row whose kind of document was not read (its tipo cell a smudge) takes the kind of the
    list's sure rows whose numbers are printed in the same shape, when that shape belongs to one
    kind only (ten digits are RGs on a list where no other kind has ten digits)."""
    kinds: dict[str, set[str]] = {}
    for row, c, d, sh in zip(out_rows, confs, doc_confs, shapes):
        if row["documento_tipo"] and sh and min(c, d) >= FUNCTION:
            kinds.setdefault(sh, set()).add(row["documento_tipo"])
    for i, (row, sh) in enumerate(zip(out_rows, shapes)):
        if row["documento_tipo"] is None and sh and len(kinds.get(sh, ())) == 1:
            row["documento_tipo"] = next(iter(kinds[sh]))
            confs[i] = min(confs[i], FUNCTION)


# a count the list prints in a line of its own: 'Total: 33', 'Quantidade de passageiros
# relacionados: 35', 'Nº de alunos = 33' (the words between the count's name and its colon are
# the list's own), 'Total geral ........ 44', 'Passageiros relacionados: 35', or '33 passageiros'
# in a line that says total
_WHO = r"(?:passageiros|alunos|estudantes|pessoas|usuarios|funcionarios|colaboradores)"
_COUNT = re.compile(r"\b(?:total|quantidade|qtde?|numero|no)\b\.?(?:\s+(?:de|do|dos))?\s+"
                    rf"{_WHO}\b[^\d:=]{{0,30}}[:=]\s*(\d{{1,4}})\b")
_TOTAL = re.compile(r"\btotal\b(?:\s+geral)?(?:\s+(?:de|do|dos|geral de)\s+" + _WHO +
                    r"(?:\s+[a-z]+)?)?\s*(?:[:=\-–—]|\.+)?\s*(\d{1,4})\b")
_LISTED = re.compile(rf"\b{_WHO}\s+(?:relacionados|transportados|embarcados|listados|inscritos)\s*[:=]\s*(\d{{1,4}})\b")
_SO_MANY = re.compile(rf"\b(\d{{1,4}})\s+{_WHO}\b")
# a count of part of the list (a group's, a stop's): never the list's total
_PART = re.compile(r"\b(?:sub-?\s?totais|sub-?\s?total|parcial|do ponto|da parada|deste ponto|neste ponto|"
                   r"desta parada|nesta parada|do grupo|da turma|por ponto|por parada)\b")


def _count_in(t: str) -> re.Match | None:
    return _COUNT.search(t) or _LISTED.search(t) or (_TOTAL.search(t) or _SO_MANY.search(t) if "total" in t else None)


# a group's count on a line of its own: 'Subtotal: 7', 'Total do ponto 2: 8'
_PART_COUNT = re.compile(r"(?:[a-z]+\s+){0,4}?(?:sub-?\s?total|parcial|total (?:do ponto|da parada|do grupo))"
                         r"(?:\s+[a-z0-9]+){0,3}?\s*[:=\-–—]?\s*(\d{1,4})")


def _part_counts(r: Reader, rows: Sequence[Row]) -> list[tuple[tuple[int, float], int]]:
    """The counts of the list's parts printed on lines of their own among its rows or right under
    them, read sure ('Subtotal: 7' under a stop's rows): (where, count), in the page's order."""
    if not rows:
        return []
    first, last = (rows[0].page, rows[0].bbox[1]), (rows[-1].page, rows[-1].bbox[3] + 0.05)
    out = []
    for page in r.layout.pages:
        for row in r.layout.rows.get(page.number, []):
            if not first <= (page.number, row.y0) <= last or any(w.conf < SURE_NUMBER for w in row.words):
                continue
            m = _PART_COUNT.fullmatch(nz.fold(row.text).strip())
            if m:
                out.append(((page.number, row.y0), int(m.group(1))))
    return out


def _short_of_parts(parts: list[tuple[tuple[int, float], int]], rows: Sequence[Row]) -> bool:
    """Whether a part's count exceeds the rows read between the count before it (or the list's
    start) and it. Fewer counts than groups only make a stretch hold more rows than its count."""
    since = (0, -1.0)
    for at, count in parts:
        if sum(1 for row in rows if since < (row.page, row.bbox[1]) < at) < count:
            return True
        since = at
    return False


def _printed_total(r: Reader, rows: Sequence[Row] = ()) -> Field | None:
    """The count the list prints: in its label's cell (the vocabulary's spellings: 'QUANTIDADE
    DE PASSAGEIROS: 33'), or in a line that names it (_COUNT, _TOTAL, _LISTED; '33 passageiros'
    in a line that says total). A count stated between the list's rows, or one that names a part
    of the list (_PART: a stop's, a group's subtotal), is no total of the list. Where the counts
    left differ (a subtotal under a name of no part's), the largest: no part exceeds the whole."""
    first = (rows[0].page, rows[0].bbox[1]) if rows else None
    last = (rows[-1].page, rows[-1].bbox[3]) if rows else None
    found: list[Field] = []
    f = r.x.field("total_passageiros")
    if isinstance(f.value, int):
        found.append(f)
    for sp in r.segments():
        m = _count_in(nz.fold_chars(sp.text))
        if m:
            found.append(field(int(m.group(1)), span_of(sp, m.start(1), m.end(1))))

    def whole(c: Field) -> bool:
        if c.page is None or not c.bbox:
            return True
        at = (c.page, (c.bbox[1] + c.bbox[3]) / 2)
        if first and last and first < at < last:
            return False  # between the rows: a group's count
        line = next((row for row in r.layout.rows.get(c.page, []) if row.y0 <= at[1] <= row.y1), None)
        return line is None or not _PART.search(nz.fold_chars(line.text))

    kept = [c for c in found if whole(c)]
    if not kept:
        return None
    return max(kept, key=lambda c: c.value)
