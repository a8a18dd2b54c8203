"""Checks of a document's fields after its parser, the same for every type: what a value of a
kind can never look like, whichever reader took it (a cell, a table, the prose, a signature).

Each only lowers a field's confidence or leaves the value out: an unsure read goes to review.
"""

from __future__ import annotations

import re
from statistics import median

from domain import doctypes
from domain.documents import Field
from intake import normalize as nz
from intake.reading.values import UNSURE, cap, field
from intake.page.layout import Layout, Span
from intake.reading import faces
from intake.reading.extract import print_height
from intake.reading.labels import row_runs
from intake.reading.shapes import CUT_AFTER, CUT_NAME
from intake.reading.vocabulary import caption_words, label_words, role_words, vocabulary
from ocr.model import Extraction, Word

# two pieces this close, against the line's spacing between words, are one word OCR split
# ('LAC ERDA', 'MUNI ICÍPIO'): measured on scanned pages, a split leaves 0.04-0.3 of a word's
# height where the line spaces its words 1.1-1.9 heights apart
SPLIT_GAP = 0.35
_FREE_TEXT = ("name", "text")


def finished(kind: str, ext: Extraction, fields: dict[str, Field]) -> dict[str, Field]:
    """The fields of a document of this kind, with the checks of this module applied."""
    specs = doctypes.fields(kind)
    ocr_pages = {p.number for p in ext.pages if p.source == "ocr"}
    out = dict(fields)
    layout: Layout | None = None  # (built once, for the first name that needs it)
    for name, f in fields.items():
        vkind = specs.get(name, {}).get("kind")
        if vkind not in _FREE_TEXT or not isinstance(f.value, str) or not f.value:
            continue
        f = _cut_at_rule(kind, f)
        if vkind == "name":
            f = _cut_at_company_form(f)
            f = _cut_at_other_value(kind, f)
        if vkind == "name" and _captioned(f.value) or _introduces(f.value) or _a_label(kind, f.value):
            out[name] = Field(page=f.page, bbox=f.bbox)
            continue
        if f.page not in ocr_pages and f.bbox:
            if layout is None:
                layout = Layout(ext)
            f = _by_face(layout, f)
            if f.value is None:
                out[name] = f
                continue
        if vkind == "name" and f.confidence > UNSURE:
            if layout is None:
                layout = Layout(ext)
            g = _unlabelled(kind, layout, f)
            if g.value is None:
                out[name] = g
                continue
            if g == f and label_words_mostly(f.value):
                # its words, three in four at least, labels' words ('Documento do Titular do
                # Seguro', 'EMITIDA EM CNPJ PLACA CNH MOTORISTA'): labels read where a name was
                # looked for, or a name made of label words; unsure
                g = cap(f, UNSURE)
            f = g
        if vkind == "text" and f.confidence > UNSURE and not re.search(r"\d", f.value) and label_words_mostly(f.value):
            # a place or a text made of labels' words ('VEICULO (PLACA)' where a town was looked
            # for): a label no vocabulary lists, read where its value was looked for; unsure
            f = cap(f, UNSURE)
        if vkind == "name" and f.confidence > CUT_NAME and _cut(f.value):
            f = cap(f, CUT_NAME)
        if f.page in ocr_pages and f.bbox and f.confidence > UNSURE and _split_word(ext, f):
            f = cap(f, UNSURE)
        if vkind == "name" and f.bbox and f.confidence > UNSURE:
            rest = _wrapped(ext, f)
            if rest:
                # the value goes on below ('TRAVESSIA SEGUROS' / 'GERAIS S.A.'): the whole of it,
                # for a person to confirm (which words the wrap took is a guess)
                f = Field(value=f"{f.value} {rest}", confidence=UNSURE, page=f.page, bbox=f.bbox)
        if vkind == "name" and f.confidence > UNSURE and _roles_only(f.value):
            # 'PARTE CONTRATANTE', 'EMPRESA DE SEGUROS': a role, no party; a label read as the name
            f = cap(f, UNSURE)
        if vkind == "name" and f.confidence > UNSURE and (len(f.value.split()) == 1 or _ADDRESS.search(nz.fold(f.value))):
            # a person or a company is named by two words at least, and never by an address: a
            # word of the page that names none ('OPERADORA', 'PARTE'), or a line read beside it
            f = cap(f, UNSURE)
        out[name] = f
    return out


# a label's words tied by a particle: capitalised, or in small letters ('Titular do Registro')
_TIES = frozenset("de da do das dos e em por pelo pela para no na".split())
_SEPARATORS = ("-", "–", "—", "|")
SMALLER_PRINT = 0.88  # a line printed this much smaller than the one under it is a label over it
SHORT_LABEL = 4  # words: a label's length, at most


def _cut_at_rule(kind: str, f: Field) -> Field:
    """A value that runs past a box's rule or a separator ('|') into a label ('FACULDADE X |
    CHEGADA EM ...', 'ESCOLA X | Contratada - ...'): the words before it. Sure only where what
    follows opens with a label of this document's vocabulary, else unsure (a '|' may be part of
    the value; where the next box starts is then a guess)."""
    assert isinstance(f.value, str)
    head, sep, tail = f.value.partition(" | ")
    head = head.strip()
    if not sep or not any(c.isalpha() for c in head):
        return f
    words = tail.split()
    opens = bool(words) and (nz.key(words[0]) in label_words() and nz.key(words[0]) not in _TIES
                             or any(w.endswith(":") or w in _SEPARATORS for w in words[1:4]))
    if not opens:
        return f
    spellings = vocabulary(kind).spellings()
    known = any(nz.key(" ".join(words[:n])) in spellings for n in range(1, min(6, len(words)) + 1))
    return f.model_copy(update={"value": head, "confidence": f.confidence if known else min(f.confidence, UNSURE)})


def _title(word: str) -> bool:
    """A word of a title-case label: a capital, then small letters ('Titular', 'Pelo')."""
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and letters[0].isupper() and any(c.islower() for c in letters[1:])


def _capitals(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters)


def _label_run(words: list[str]) -> bool:
    """Whether words read as a label no vocabulary lists: two or more, every word but its
    particles a label word of some vocabulary ('CONTRATANTE DO SEGURO'), or capitalised words
    tied by particles in small letters ('Titular do Registro')."""
    content = [nz.key(w) for w in words if nz.key(w) and nz.key(w) not in _TIES]
    if len(content) < 2 or any(_COMPANY_END.search(nz.fold(w)) for w in words):
        return False
    if all(k in label_words() for k in content):
        return True
    # a title-case label is short and says what it labels in the vocabularies' words (a company's
    # name in title case, 'Aliança Mineira Companhia de Seguros', is neither)
    # (its particles in small letters, or capitalised as its other words are: 'Responsável Pelo Risco')
    ties = [w for w in words if nz.key(w) in _TIES]
    return bool(ties) and (all(w.islower() for w in ties) or all(_title(w) for w in ties)) and len(content) <= 3 and \
        2 * sum(k in label_words() for k in content) >= len(content) and \
        all(_title(w) for w in words if nz.key(w) and nz.key(w) not in _TIES)


def label_words_mostly(value: str) -> bool:
    """Whether three in four of the words are words of some vocabulary's labels, and the value
    neither ends as a company does nor opens as an organisation's name."""
    content = [nz.key(w) for w in value.split() if nz.key(w) and nz.key(w) not in _TIES]
    # (a name opening with an organisation's word, 'SECRETARIA MUNICIPAL DE EDUCAÇÃO', 'ESCOLA
    # TÉCNICA BOA VIAGEM', is made of label words and names one all the same)
    return len(content) >= 2 and 4 * sum(k in label_words() for k in content) >= 3 * len(content) \
        and not _COMPANY_END.search(nz.fold(value)) and not _ORGANISATION.match(nz.fold(value))


def _unlabelled(kind: str, layout: Layout, f: Field) -> Field:
    """A name's value that is, or opens with, a label no vocabulary lists, whichever reader
    took it: null where the value is the label; where a value follows the label (after a ':', a
    dash, a gap, or in capitals after a title-case label), that value, unsure.
    - 'ESCOLA SERVIDA: COLÉGIO X': the words up to a ':' are a label;
    - 'Nome do Titular - VIAÇÃO X', 'Nome do Titular VIAÇÃO X': a title-case label, then the value in capitals;
    - 'CONTRATANTE DO SEGURO      VIAÇÃO X': label words, a run of their own on the row;
    - 'TITULAR DO VEÍCULO' in small print over 'VIAÇÃO X': a label over its value."""
    assert isinstance(f.value, str)
    words = f.value.split()
    colon = [i for i, w in enumerate(words) if w.endswith(":")]
    if colon:
        return Field(page=f.page, bbox=f.bbox)  # (the name shape refuses a ':'; another reader took it)
    dash = next((i for i, w in enumerate(words[:SHORT_LABEL + 1]) if w in _SEPARATORS), None)
    if dash is not None and 2 <= dash <= SHORT_LABEL and len(words) - dash - 1 >= 2 \
            and not _COMPANY_END.search(nz.fold(" ".join(words[:dash]))) \
            and all(_capitals(w) or nz.key(w) in _TIES for w in words[:dash]):
        # 'EMPRESA DE TRANSPORTE - VIAÇÃO X LTDA': words set apart by a dash before a name may
        # be its label or the name's own first part: the name after it, unsure
        return f.model_copy(update={"value": " ".join(words[dash + 1:]), "confidence": min(f.confidence, UNSURE)})
    if len(words) >= 4 and words[1] in _SEPARATORS and not _COMPANY_END.search(nz.fold(words[0])):
        # 'ASSEGURADORA - MERIDIONAL COMPANHIA ...': one word set apart by a dash before a name
        # may be its label (or the name's own part): the name after it, unsure
        return f.model_copy(update={"value": " ".join(words[2:]), "confidence": min(f.confidence, UNSURE)})
    if len(words) >= 3 and _title(words[0]) and all(_capitals(w) for w in words[1:] if any(c.isalpha() for c in w)):
        # 'Cliente FUNDAÇÃO X': one title-case word before a name in capitals is its label
        return f.model_copy(update={"value": " ".join(words[1:]), "confidence": min(f.confidence, UNSURE)})
    for i in range(2, len(words)):
        head, tail = words[:i], words[i:]
        if tail and tail[0] in _SEPARATORS:
            tail = tail[1:]
        if len(tail) >= 2 and all(_title(w) or nz.key(w) in _TIES for w in head) and _label_run(head) \
                and all(_capitals(w) for w in tail if any(c.isalpha() for c in w)):
            # (a label the vocabulary lists, read with its value by a reader that kept it: the value)
            known = nz.key(" ".join(head)) in vocabulary(kind).spellings()
            return f.model_copy(update={"value": " ".join(tail), "confidence": f.confidence if known else UNSURE})
    row, mine = _value_row(layout, f)
    if row is None:
        return f
    ws = [w for w in row.words if id(w) in mine]
    if ws and ws[-1].text.rstrip().endswith(":"):
        return Field(page=f.page, bbox=f.bbox)  # 'Operadora: VIAÇÃO X': the words before a colon are its label
    after = row.words[row.words.index(ws[-1]) + 1:] if ws else []
    if 1 <= len(words) <= 2 and all(_title(w) for w in words) and len(after) >= 2 \
            and all(_capitals(w.text) for w in after[:2]) and not _COMPANY_END.search(nz.fold(f.value)):
        # 'Cliente   FUNDAÇÃO X': a title-case word or two before a name in capitals is its label
        tail = [w.text for w in after]
        return f.model_copy(update={"value": " ".join(tail), "confidence": UNSURE})
    runs = row_runs(row)
    own_runs = [r for r in runs if any(id(w) in mine for w in r)]
    rest = list(row.words[row.words.index(ws[0]):]) if ws else []
    if (cells := _key_and_value(layout, row, rest)) and \
            {id(w) for w in cells[0] if any(c.isalnum() for c in w.text)} == mine:
        # the value read is the key's cell of a key/value table's row ('DETENTOR DO VEÍCULO |
        # VIAÇÃO X'): its value is the cell beside it, up to the next run of words, unsure
        run = next(r for r in row_runs(row) if any(w is cells[1][0] for w in r))
        cell = run[next(i for i, w in enumerate(run) if w is cells[1][0]):]
        return field(" ".join(w.text for w in cell), Span(row.page, tuple(cell)), min(f.confidence, UNSURE))
    if len(own_runs) in (1, 2) and (cells := _key_and_value(layout, row, [w for r in own_runs for w in r])):
        # 'DETENTOR DO VEÍCULO | VÍTOR CASTRO': a row of a key/value table read whole; the key's
        # words name nothing a vocabulary lists, so the value beside them is only likely the one
        return field(" ".join(w.text for w in cells[1]), Span(row.page, tuple(cells[1])), min(f.confidence, UNSURE))
    if len(own_runs) >= 2 and 0 < sum(id(w) in mine for w in own_runs[-1]) < len(own_runs[-1]):
        # the value runs past a wide gap into the first words of the next box ('ESCOLA X      VEÍCULO
        # (PLACA) ...'): the words before that gap, unsure
        kept = [w for r in own_runs[:-1] for w in r if id(w) in mine]
        return field(" ".join(w.text for w in kept), Span(row.page, tuple(kept)), min(f.confidence, UNSURE))
    if len(own_runs) == 2 and _label_run([w.text for w in own_runs[0]]):
        value = " ".join(w.text for w in own_runs[1])
        return f.model_copy(update={"value": value, "confidence": UNSURE})
    if len(own_runs) != 1:
        return f
    if _label_run(words):
        k = runs.index(own_runs[0])
        after = runs[k + 1] if k + 1 < len(runs) else []
        nxt = row.words[row.words.index(ws[-1]) + 1] if ws and ws[-1] is not row.words[-1] else None
        if after or (nxt is not None and nxt.text.strip() in _SEPARATORS):
            return Field(page=f.page, bbox=f.bbox)  # the label of the value beside it
    if len(words) <= SHORT_LABEL and not _COMPANY_END.search(nz.fold(f.value).strip(" ,-")) and \
            _line_under(layout, row, ws) is not None:
        # words printed smaller than the line right under them, at its left edge: a label over
        # its value ('DONO DO VEÍCULO' over the owner's name), whatever its words
        return f.model_copy(update={"confidence": UNSURE})
    for i in range(2, min(5, len(words) - 1)):
        if all(_capitals(w) or nz.key(w) in _TIES for w in words[:i]) and _label_run(words[:i]) \
                and nz.key(words[i - 1]) not in _TIES and not _ORGANISATION.search(nz.fold(" ".join(words[:i]))):
            # 'CONTRATANTE DO SEGURO PONTE ALTA LTDA': label words opening a name in capitals, all
            # in one run, may be a label run into the value or the name's own words: unsure
            return cap(f, UNSURE)
    return f


def _by_face(layout: Layout, f: Field) -> Field:
    """A value read on one row of a text layer, set apart from the labels' face (faces.py):
    - 'Titular do veículo BOM FIM LTDA' with the label bold: the words after it, as sure;
    - 'BOM FIM LTDA Renavam' running on into the next bold label: the words before it;
    - the label alone ('Escola atendida', bold) with its value beside it: that value, unsure.
    A value all in the labels' face with nothing beside it stays (a heading, a letterhead)."""
    row, mine = _value_row(layout, f)
    ws = [w for w in row.words if id(w) in mine] if row is not None else []
    if row is not None and nz.key(" ".join(w.text for w in ws)) != nz.key(str(f.value)):
        ws = _value_words(layout, f)  # (a value read on over a row's end, in the reading order)
    if row is None or not ws or nz.key(" ".join(w.text for w in ws)) != nz.key(str(f.value)):
        return f  # (a value made up from its words, or reordered: the face says nothing of it)
    ws = [w for w in ws if any(c.isalnum() for c in w.text)]  # (a rule or a dash has no face worth a look)
    if not ws:
        return f
    kept = faces.value_words(layout, row.page, ws)
    if kept is None and all(id(w) in mine for w in ws):
        face = faces.label_face(layout, row.page)
        if face is None or ws[0].bold != face or any(c.isdigit() for w in ws for c in w.text):
            return f  # (a label is words: a number in the labels' face is a value set bold)
        after = faces.runs([w for w in row.words[row.words.index(ws[-1]) + 1:] if any(c.isalnum() for c in w.text)])
        if after and after[0][0].bold != face:
            return field(" ".join(w.text for w in after[0]), Span(row.page, tuple(after[0])), min(f.confidence, UNSURE))
        return f
    if kept is None or len(kept) == len(ws):
        return f
    if not kept:
        return Field(page=f.page, bbox=f.bbox)
    return field(" ".join(w.text for w in kept), Span(row.page, tuple(kept)), f.confidence)


def _value_words(layout: Layout, f: Field) -> list[Word]:
    """The value's words, one after another in the rows its box crosses: the first run of words
    in reading order that spells it (none: [])."""
    if f.bbox is None:
        return []
    y0, y1 = f.bbox[1], f.bbox[3]
    words = [w for row in layout.rows.get(f.page or 0, ()) if row.y1 >= y0 and row.y0 <= y1 for w in row.words]
    keys = [nz.key(w.text) for w in words]
    want = nz.key(str(f.value))
    for i in range(len(words)):
        if not keys[i] or not want.startswith(keys[i]):
            continue
        got = ""
        for j in range(i, len(words)):
            got = f"{got} {keys[j]}".strip() if keys[j] else got
            if got == want:
                return words[i:j + 1]
            if not want.startswith(got):
                break
    return []


def _value_row(layout: Layout, f: Field):
    """The layout row holding the value's first word, and the ids of the value's words on it."""
    if f.bbox is None or f.page not in layout.rows:
        return None, set()
    x0, y0, x1, y1 = f.bbox
    for row in layout.rows[f.page]:
        mine = {id(w) for w in row.words if x0 <= (w.bbox[0] + w.bbox[2]) / 2 <= x1
                and y0 <= (w.bbox[1] + w.bbox[3]) / 2 <= y1}
        if mine:
            return row, mine
    return None, set()


# a word starting a table's value column sits this many of its line's word spaces from the one
# before it at least (a key's cell ends where its rule is drawn, then the value's cell's margin)
CELL_GAP = 2.5


def _key_and_value(layout: Layout, row, run: list[Word]) -> tuple[list[Word], list[Word]] | None:
    """A run of words that is a key/value table's row read whole: (key, value) where one word
    starts after a gap of CELL_GAP word spaces, at the x where the value of two other rows
    starts, and those rows' words before it, letters only, start where the run does (the key
    column); the key holds letters only and no company's form. Else None."""
    if len(run) < 3:
        return None
    gaps = [b.bbox[0] - a.bbox[2] for a, b in zip(run, run[1:])]
    space = median(gaps)
    for i, gap in enumerate(gaps, 1):
        if gap < CELL_GAP * max(space, 1e-4) or gap < 0.5 * row.height:
            continue
        key, value = run[:i], run[i:]
        x = value[0].bbox[0]
        # (other rows' keys: letters only, as a key is; 'CNPJ: 77.668.238/0001-14' beside a box
        # on the right is a label with its value, no key of a table)
        others = [r for r in layout.column_rows(row.page, x, exclude=row.index)
                  if abs(r.words[0].bbox[0] - key[0].bbox[0]) <= 0.004
                  and not any(c.isdigit() for w in r.words if w.bbox[0] < x - 0.002 for c in w.text)]
        text = " ".join(w.text for w in key)
        if len(others) >= 2 and len(key) <= SHORT_LABEL + 1 and not re.search(r"\d", text) \
                and not _COMPANY_END.search(nz.fold(text).strip(" ,-")):
            return key, value
    return None


def _line_under(layout: Layout, row, ws: list[Word]):
    """The line right under the words, starting where they start, printed larger: their value."""
    rows = layout.rows[row.page]
    if row.index + 1 >= len(rows) or not ws:
        return None
    nxt = rows[row.index + 1]
    h = median(w.bbox[3] - w.bbox[1] for w in ws)
    if nxt.y0 - row.y1 > 1.5 * h:
        return None
    under = [w for w in nxt.words if abs(w.bbox[0] - ws[0].bbox[0]) <= 0.6 * h]
    if not under:
        return None
    # (the print's height from capitals without accents where there are any: a text layer's
    # boxes hug the glyphs, and 'VIAÇÃO' stands taller than 'REGIONAL')
    theirs_ws = [w for w in nxt.words if w.bbox[0] >= under[0].bbox[0]]
    mine, theirs = print_height(ws) or h, print_height(theirs_ws) or median(w.bbox[3] - w.bbox[1] for w in theirs_ws)
    if mine > 0 and mine <= SMALLER_PRINT * theirs:
        return nxt
    return None


# words that open an organisation's name ('PREFEITURA MUNICIPAL DE ...', 'EMPRESA DE ÔNIBUS ...'):
# never a label run into it
_ORGANISATION = re.compile(r"\b(prefeitura|municipal|municipio|camara|secretaria|governo|estado|fundacao|associacao|"
                           r"instituto|escola|colegio|universidade|faculdade|centro|companhia|cia|empresa|viacao|"
                           r"transportes?|transportadora|cooperativa|sindicato|consorcio|servico social|sociedade)\b")
# an address's opening words, followed by the street's name
_ADDRESS = re.compile(r"\b(rua|avenida|av\.|travessa|rodovia|alameda|estrada|praca)\s+\w")
# words that end a label and introduce its value: 'Chegada em', 'Válido até', 'Ajuste Nº'
_INTRODUCES = frozenset({"em", "ate", "desde", "no", "n", "nr", "numero", "sob"})


def names_no_one(value: str) -> bool:
    """A name's value that names no person or company: an address, a signature's captions, a
    label introducing a value, or one word (what the checks here take out or leave unsure)."""
    return bool(_ADDRESS.search(nz.fold(value))) or _captioned(value) or _introduces(value) or len(value.split()) < 2


def _introduces(value: str) -> bool:
    """A short value ending on a word that introduces a value ('VÁLIDO ATÉ', 'Ajuste Nº'): a
    label read where its value was looked for."""
    words = value.split()
    return 1 < len(words) <= 4 and nz.key(words[-1]) in _INTRODUCES or \
        len(words) <= 3 and bool(re.search(r"\bn[º°o.]{1,2}$", value.strip().lower()))


def _cut(value: str) -> bool:
    """A name ending on a particle ('INSTITUTO DE'): the rest of it wrapped away (the name shape's
    own rule, for names whatever reader took them)."""
    words = value.split()
    return len(words) > 1 and nz.fold(words[-1]).strip(".,;()") in CUT_AFTER


# a company's legal form closing its name, as a word of its own ('S.A.', 'S/A', 'LTDA', 'EIRELI';
# never a bare 'SA', which is also the surname Sá)
_FORM_WORD = re.compile(r"(?:s\.\s?a\.?|s/a|ltda\.?|eireli)")


def _cut_at_company_form(f: Field) -> Field:
    """A company's name read on past its legal form ('BANDEIRA SEGUROS GERAIS S.A. Inscrição da
    Empresa de Seguros'): the name ends at its form. Sure where what follows reads as a label
    (its words mostly labels' words), else unsure. ('- ME', '- EPP' after the form belong to it.)"""
    assert isinstance(f.value, str)
    words = f.value.split()
    for i, w in enumerate(words[:-1]):
        if _FORM_WORD.fullmatch(nz.fold(w).strip(",;")):
            rest = [t for t in words[i + 1:] if t not in _SEPARATORS]
            if not rest or re.fullmatch(r"(?i)(me|epp)\.?", rest[0]):
                return f
            head = " ".join(words[:i + 1]).rstrip(",;")
            labelled = label_words_mostly(" ".join(rest)) or _label_run(rest[:SHORT_LABEL])
            return f.model_copy(update={"value": head, "confidence": f.confidence if labelled else min(f.confidence, UNSURE)})
    return f


# what no name holds: a plate, a date, a CPF or CNPJ as printed, an amount, a town with its state
_OTHER_VALUE = re.compile(r"(?:[A-Z]{3}-?\d[A-Z0-9]\d\d|\d{1,2}/\d{1,2}/\d{2,4}|\d{2,3}\.\d{3}\.\d{3}[-/]\S*|"
                          r"R\$|[A-ZÀ-Ýa-zà-ÿ]+/(?:AC|AL|AP|AM|BA|CE|DF|ES|GO|MA|MT|MS|MG|PA|PB|PR|PE|PI|RJ|RN|RS|"
                          r"RO|RR|SC|SP|SE|TO))[,;.]?")


def _cut_at_other_value(kind: str, f: Field) -> Field:
    """A name read on into the next value ('CENTRO UNIVERSITÁRIO X MGN1B26 ITINERÁRIO', 'INSTITUTO X
    11/09/2025 Montes Claros/MG'), into a label and its colon ('... PONTE ALTA VEÍCULO: NSA-3022') or
    into a label this document prints ('COLÉGIO X VEÍCULO'): the words before it."""
    assert isinstance(f.value, str)
    words = f.value.split()
    spellings = vocabulary(kind).spellings()
    cut = next((i for i, w in enumerate(words[2:], start=2) if _OTHER_VALUE.fullmatch(w)), len(words))
    while cut > 2:
        if words[cut - 1].endswith(":") and nz.key(words[cut - 1]):
            cut -= 1  # a label's colon: the label's words are cut below
            continue
        n = next((n for n in range(min(4, cut - 2), 0, -1)
                  if nz.key(words[cut - n - 1]) not in _TIES and nz.key(" ".join(words[cut - n:cut])) in spellings), 0)
        if not n:
            break
        cut -= n
    if cut == len(words):
        return f
    return f.model_copy(update={"value": " ".join(words[:cut])})


def _roles_only(value: str) -> bool:
    """Whether a name's words, its particles aside, are all words of a party's role or kind."""
    words = [w for w in nz.fold(value).split() if w not in _TIES]
    return bool(words) and all(w.strip(".,;:()") in role_words() for w in words)


def _a_label(kind: str, value: str) -> bool:
    """A value that is, word for word, a label this document's vocabulary lists ('DESTINO' where
    a town was looked for): the label read where its value was looked for."""
    return nz.key(value.rstrip(" :")) in vocabulary(kind).spellings()


def _captioned(value: str) -> bool:
    """A name holding a signature block's caption ('YURI FARIAS TRANSPORTADORA Testemunha'): two
    captions' words run together, no one's name."""
    return any(nz.fold(w).strip(".,:;()") in caption_words() for w in value.split())


def _split_word(ext: Extraction, f: Field) -> bool:
    """Whether two of the value's words, on one line, stand much closer than that line spaces its
    words: one word OCR read as two ('OSVALDO LUÍS LAC ERDA'), whatever it was read as."""
    assert f.bbox is not None
    page = next((p for p in ext.pages if p.number == f.page), None)
    if page is None:
        return False
    x0, y0, x1, y1 = f.bbox
    for line in page.lines:
        ws = line.words
        inside = [i for i, w in enumerate(ws) if x0 <= (w.bbox[0] + w.bbox[2]) / 2 <= x1
                  and y0 <= (w.bbox[1] + w.bbox[3]) / 2 <= y1]
        if len(inside) < 2 or len(ws) < 3:
            continue
        gaps = [b.bbox[0] - a.bbox[2] for a, b in zip(ws, ws[1:])]
        spacing = median(gaps)
        h = median(w.bbox[3] - w.bbox[1] for w in ws)
        if spacing <= 0.5 * h:
            continue  # a line set tight: its word spacing says nothing
        for i in inside:
            if i + 1 in inside and _letters(ws[i]) and _letters(ws[i + 1]) and gaps[i] < SPLIT_GAP * spacing \
                    and f"{ws[i].text} {ws[i + 1].text}" in f.value:
                return True
    return False


def _letters(w: Word) -> bool:
    return bool(re.fullmatch(r"[A-Za-zÀ-ÿ]+", w.text))


# a company's form, ending its name: what a wrapped line of a name ends with
_COMPANY_END = re.compile(r"(?:\bs\.?\s?/?a\.?|\bltda\.?|\bepp|\beireli|\bme)$")


def _wrapped(ext: Extraction, f: Field) -> str | None:
    """The rest of a company's name wrapped onto the line below its value ('TRAVESSIA SEGUROS' /
    'GERAIS S.A.'): a few words of no label or figure at the start of the line below, in the
    value's column, ending with the company form the value lacks; else None. (Any line below that
    would not have fit on the value's line is no such evidence: on forms it is most often the
    next value.)"""
    assert f.bbox is not None and isinstance(f.value, str)
    page = next((p for p in ext.pages if p.number == f.page), None)
    if page is None:
        return None
    x0, y0, x1, y1 = f.bbox
    words = [w for line in page.lines for w in line.words if w.text.strip()]
    mine = [w for w in words if x0 <= (w.bbox[0] + w.bbox[2]) / 2 <= x1 and y0 <= (w.bbox[1] + w.bbox[3]) / 2 <= y1]
    if not mine:
        return None
    h = median(w.bbox[3] - w.bbox[1] for w in mine)
    if y1 - y0 > 1.8 * h:
        return None  # the value already spans lines
    below = sorted((w for w in words if y1 - 0.2 * h <= w.bbox[1] and (w.bbox[1] + w.bbox[3]) / 2 <= y1 + 1.6 * h
                    and x0 - 0.35 <= w.bbox[0] and (w.bbox[0] + w.bbox[2]) / 2 < x1 + 0.01), key=lambda w: w.bbox[0])
    if not 1 <= len(below) <= 6 or below[-1].bbox[2] > x1 + 0.02 or below[0].bbox[0] > x0 + 0.005:
        return None
    if any(b.bbox[0] - a.bbox[2] > 2 * h for a, b in zip(below, below[1:])):
        return None
    text = " ".join(w.text for w in below).rstrip(" ,;")
    if text.endswith(".") and "." not in text.split()[-1][:-1]:
        text = text[:-1]  # the sentence's full stop, not an abbreviation's ('S.A.')
    if not text or re.search(r"[\d:]", text) or not re.fullmatch(r"[A-Za-zÀ-ÿ.,&/()\- ]+", text):
        return None
    if _COMPANY_END.search(nz.fold(text).strip(" ,-")) and not _COMPANY_END.search(nz.fold(f.value).strip(" ,-")):
        return text
    return None
