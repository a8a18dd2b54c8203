"""The parties of a contract, as its prose qualifies them and as its summary table groups them.

Contracts name their parties in a few ways, whatever the school or company that writes them:
- the role, then the party: 'CONTRATANTE: X, pessoa jurídica ...', 'como CONTRATANTE, X, ...',
  'CONTRATANTE - X', and under a signature line 'CONTRATANTE' / 'X';
- the party, then the role: 'X, inscrita no CNPJ sob o nº ..., doravante denominada CONTRATANTE'.
The party's name runs to the first comma (or '(', ' - ', or the words that start a
qualification: 'pessoa jurídica', 'inscrita', 'com sede'); a name is capitalised words, never a
role word or any other label. The party's own CPF/CNPJ is the first one its qualification
prints before its representative is named ('neste ato representada por ...', whose CPF
follows); an RG is no CPF.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from domain.documents import Field
from intake import normalize as nz
from intake.page.layout import Layout, Span
from intake.reading.flow import Flow
from domain.ids.doc import find as find_docs
from intake.reading.identifiers import cnpj_alnum_repair, ident
from intake.reading.values import field
from intake.reading.lexicon import weighed
from intake.reading.grid import Grid
from intake.reading.shapes import UFS
from intake.reading.vocabulary import address_words, caption_words

_NAME_END = re.compile(
    r"\s*(?:[,;(:]|\s[-–—]\s(?!(?:epp|me|eireli|ltda)\b)|_{3,}|\s(?:pessoa|inscrit[oa]|com sede|sediad[oa]|sociedade|brasileir[oa]|portador|"
    r"residente|domiciliad[oa]|cnpj|cpf|neste ato|representad[oa]|estabelecid[oa]|situad[oa]|entidade|"
    r"associacao civil|mantenedora|doravante|CNPJ|CPF)\b)")
_REPRESENTATIVE = re.compile(r"\b(?:neste ato\s+)?representad[ao]s?\b|\bpor seu\(?s?u?a?\)?\s*\(?a?\)?\s*"
                             r"(?:socio|diretor|procurador|presidente|representante|administrador|gerente)|"
                             r"\bna pessoa de\b|\bpor intermedio de\b")
_AFTER = r"(?:\bcomo\s+|\bna qualidade de\s+)?\b(?:{roles})\b\s*(?P<sep>[:\-–]\s*|,\s*|\n)"
_BEFORE = (r"(?:doravante|simplesmente|denominad[oa]s?|chamad[oa]s?|designad[oa]s?)(?:\([oa]\))?\s+(?:(?:simplesmente|"
           r"denominad[oa]s?|designad[oa]s?|apenas|de|como)(?:\([oa]\))?\s+)*[\"'“]?(?:{roles})\b")
_SEGMENT_START = ("de um lado,", "de um lado ", "de outro lado,", "de outro lado ", "de outro,", "e, de outro",
                  "; e", ";", ". ", "partes:", "entre si", ":", "\n\n")


@dataclass(frozen=True)
class Party:
    nome: Field
    documento: Field
    qualificacao: str  # the party's qualification as printed (its representative left out)
    how: str  # 'after' (role, then party), 'before' (party, then role) or 'signature'


def _is_name(raw: str, role_words: set[str]) -> bool:
    v = nz.spaces(raw) or ""
    if len(v) < 3 or not re.search(r"[A-Za-zÀ-ÿ]{2}", v):
        return False
    k = nz.key(v)
    toks = k.split()
    if k in role_words or (len(toks) <= 2 and any(t in role_words for t in toks)) or toks[-1] in role_words:
        return False  # a role is no name ('CONTRATADA'), nor a name beside one
    if any(t in role_words and t.startswith("contrat") for t in toks):
        # 'CONTRATADO TRANSPORTADORA X LTDA', 'TIAGO ... CONTRATADA Testemunha': a defined role
        # (not 'TRANSPORTADORA', which may open a company's name) in a name joins two captions
        return False
    if toks[-1] in _PARTICLES:
        return False  # 'Cadastro Nacional da' (Pessoa Jurídica): cut, no name ends so
    if any(t in caption_words() for t in toks):
        return False  # 'YURI FARIAS TRANSPORTADORA Testemunha': signatures' captions run together
    if k.split()[0] in ("cpf", "cnpj", "rg", "cnh") or len(re.findall(r"\d", v)) >= 4:
        return False  # an identifier is no name
    words = [w for w in re.split(r"[\s/]+", v) if re.search(r"[A-Za-zÀ-ÿ]", w)]
    if len(words) < 2 or len(words) > 25:
        return False  # a party is named by two words at least
    if not words[0][:1].isupper():
        return False  # 'e de outro lado ...' after a role is the next party's turn, no name
    if nz.fold(words[0]).strip(".,:") in address_words() | {"endereco"}:
        # 'Bairro Jardim Europa': an address goes on (a comma OCR read as a stop); 'Endereço
        # Avenida Brasil': a box's label and its address, over the prose
        return False
    lower = [w for w in words if w[:1].islower() and nz.fold(w).strip(".,;()") not in _PARTICLES]
    return not lower


_PARTICLES = frozenset("de da do das dos e em del di du van von y d".split())


_SPECK_IN_NAME = re.compile(r"(?<=[A-ZÀ-Ý]),(?=\s+[A-ZÀ-Ý])|(?<=\sDE|\sDA|\sDO)\.(?=\s)|(?<=\sE)\.(?=\s)"
                            r"|(?<=[A-ZÀ-Ý]{3})\.(?=\s+(?:DE|DA|DO|DAS|DOS|E)\s+[A-ZÀ-Ý])")
MENDED_NAME = 0.75

_NAME_WORDS = frozenset(("sociedade", "mantenedora", "associacao civil", "entidade"))
_SUFFIX_END = re.compile(r"\b(?:LTDA|S\.?A|EPP|ME|EIRELI)\.?\s*$")


def _word_of_name(text: str, s: int, m: re.Match) -> bool:
    """A word that opens a qualification in prose ('..., mantenedora do Colégio X') printed in
    capitals inside a name printed in capitals ('SOCIEDADE MANTENEDORA DO INSTITUTO X'): part of
    the name, unless the name already ended with its company suffix."""
    word = text[m.start():m.end()].strip()
    before = text[s:m.start()]
    if not before.strip() or before.upper() != before or _SUFFIX_END.search(before):
        return False
    if word == ",":
        # a speck OCR read as a comma inside a company's name in capitals ('SERRA AZUL, FRETAMENTO
        # E TURISMO LTDA, com CNPJ'): capitals go on to its company suffix before any other mark
        return re.match(r"\s*(?:[A-ZÀ-Ý&]+\s+){1,6}(?:LTDA|S\.?A\.?|EPP|ME|EIRELI)(?:[\s,.;]|$)", text[m.end():]) is not None
    if word == ":":
        # a speck OCR read as a colon inside a name in capitals ('SETE QUEDAS: TRANSPORTES E
        # TURISMO LTDA'): the name goes on in capitals, no label follows a name
        after = re.match(r"\s*([A-ZÀ-Ý]{3,})\b", text[m.end():])
        return after is not None
    return nz.fold(word) in _NAME_WORDS and word.isupper()


def _name_at(fl: Flow, start: int, role_words: set[str]) -> tuple[int, int] | None:
    text = fl.text
    lead = re.match(r"[\s\"“]*(?:(?:o|a|os|as)\s+(?=[A-ZÀ-Ý]))?(?:(?:sr|sra|srta)\.?\s+)?", text[start:])
    s = start + (lead.end() if lead else 0)
    m = _NAME_END.search(fl.folded, s)
    while m and _word_of_name(fl.text, s, m):
        m = _NAME_END.search(fl.folded, m.end())
    e = m.start() if m else min(len(text), s + 150)
    if e - s > 160:
        return None
    raw = text[s:e]
    # a name printed in capitals ends where lower-case prose begins ('S.A. sociedade anônima')
    low = re.search(r"\s(?=[a-zà-ÿ]{3,}\b)", raw)
    if low and low.start() > 3 and nz.fold(raw[low.start():].split()[0]) not in _PARTICLES:
        raw = raw[:low.start()]
        e = s + len(raw)
    raw = raw.rstrip(" \n")
    if not re.search(r"\b[A-Za-z]\.[A-Za-z]\.$", raw):  # a sentence's full stop, not 'S.A.'
        raw = raw.rstrip(" .\n")
    e = s + len(raw)
    if "\n" in raw:
        # a title or a number printed above the name ('CONTRATO Nº 394/2025' / 'GIOVANA ...'): the
        # name begins after the last line that holds a number, a ':' or the document's title
        lines = raw.split("\n")
        keep = len(lines) - 1
        while keep > 0 and not re.search(r"\d|:|\b(?:contrato|instrumento)\b", nz.fold(lines[keep - 1])):
            keep -= 1
        if keep > 0:
            cut = sum(len(ln) + 1 for ln in lines[:keep])
            s, raw = s + cut, raw[cut:]
    if not _is_name(raw, role_words):
        return None
    uf = _STATE_AFTER.match(text, e)
    if uf and uf.group(1) in UFS:
        return None  # 'Bairro Boa Vista; São José dos Campos - SP': a town of an address, its state after it
    return s, e


_STATE_AFTER = re.compile(r"\s*(?:-|–|/)\s*([A-Z]{2})\b")


def _segment_starts(fl: Flow, pos: int, paragraphs: list[int], roles: str | None = None,
                    short_rows: bool = False) -> list[int]:
    """Where the qualification that ends at pos may begin, nearest first: after the sentence or
    clause before it, or at its paragraph's start (a title above it is another paragraph; with
    `short_rows`, a text layer's, so is a row that ends short of its neighbours' right edge: a
    box's value over the prose). A ';'
    ends a party's clause only where that clause named its role: inside an address ('Bairro
    Planalto; Ponta Grossa - PR', a comma OCR read as ';') the qualification goes on. The next
    start back is for a name the nearest one does not open ('nº 3806. Bairro ...')."""
    back = fl.folded[max(0, pos - 700):pos].replace("\n", " ")
    base = pos - len(back)
    cuts = {0}
    for x in _SEGMENT_START:
        i = back.rfind(x)
        while i >= 0:
            if not (x == ";" and roles and not re.search(rf"\b(?:{roles})\b", back[max(0, i - 300):i])
                    or _REPRESENTATIVE.search(back[max(0, i - 40):i])
                    or x == ". " and fl.text[base + i + 2:base + i + 3].islower()
                    or x == ". " and re.search(r"(?:^|\s)(?:de|da|do|das|dos|e|no|na|nos|nas|em|pelo|pela|sob)$",
                                               back[max(0, i - 5):i])
                    or x in (":", ". ") and _address_before(back[max(0, i - 20):i])
                    or x == ". " and _CAPS_GO_ON.match(fl.text[max(0, base + i - 4):base + i + 8])
                    or x == ":" and _colon_in_name(fl.text[max(0, base + i - 40):base + i], fl.text[base + i + 1:base + i + 12],
                                                   roles)):
                # (nor a stop inside a representative's name: 'representada por MIRELA. CAVALCANTI';
                # nor a comma OCR read as a stop, the sentence going on in small letters: '0001-66. com';
                # nor a speck after a word no sentence ends on: 'LOCAÇÃO DE. VEÍCULOS'; nor the colon
                # or a stop after an address word, 'com sede na Rua: Marechal Floriano', 'Bairro. Bela
                # Vista', a street's or a district's name no party's;
                # nor a speck between capitals, 'LOCAÇÃO. DE VEÍCULOS')
                cuts.add(i + len(x))
            i = back.rfind(x, 0, i)
    for nl in (m.start() for m in re.finditer("\n", fl.text[base:pos]) if short_rows):
        if fl.ends_short(base + nl):
            cuts.add(nl + 1)  # a row that ends short: nothing of the next row wraps from it
    floor = max((p for p in paragraphs if p <= pos), default=0)
    if roles:
        # another party's role named before this one ('..., doravante CONTRATANTE, e, de outro
        # lado, VIAÇÃO X LTDA, ... doravante TRANSPORTADOR'): this qualification begins after it,
        # at the first word in capitals past the words that join the two ('e, de outro lado,')
        last = None
        for m in re.finditer(_BEFORE.format(roles=roles), back):
            last = m  # (a designation, 'doravante ... CONTRATANTE'; not a name's word, 'TRANSPORTADORA X')
        if last is not None:
            at = base + last.end()
            skip = re.match(r"(?:[\s,;.:)]|\(?[a-zà-ÿ]+\)?)*", fl.text[at:pos])
            floor = max(floor, at + (skip.end() if skip else 0))
    if base > 0 and floor <= base:
        # (the look back stopped short of the text's start and of the paragraph's: no word starts
        # where it stopped, 'CON|TRATO DE PRESTAÇÃO ...' 700 characters back is no name's first)
        cuts.discard(0)
    return sorted({max(base + c, floor) for c in cuts}, reverse=True)


# a stop between a word in capitals and a particle in capitals: a speck inside a name
# ('LAGOA DOURADA LOCAÇÃO. DE VEÍCULOS'), no sentence's end
_CAPS_GO_ON = re.compile(r"[A-ZÀ-Ý]{4}\. (?:DE|DA|DO|DAS|DOS|E) ")


def _colon_in_name(left: str, right: str, roles: str | None) -> bool:
    """Whether a colon between words in capitals is a speck inside a name ('TRANSPORTADORA
    TURÍSTICA: SERRA AZUL LTDA'): capitals on both sides, the word before it no party's role nor
    a label ('CONTRATADA: X LTDA' opens a name), and a word in capitals before that one."""
    m = re.search(r"(?:^|\s)([A-ZÀ-Ý]{3,})\s+([A-ZÀ-Ý]{4,})$", left)
    if m is None or not re.match(r"\s+[A-ZÀ-Ý]{3,}\b", right):
        return False
    word = nz.fold(m.group(2))
    if roles and re.fullmatch(rf"(?:{roles})", word) or word in _LABEL_WORDS:
        return False
    return nz.fold(m.group(1)) not in _PARTICLES


_LABEL_WORDS = frozenset({"nome", "social", "cnpj", "cpf", "empresa", "razao"})


def _address_before(text: str) -> bool:
    """Whether text ends on an address's word: a ':' or a stop after it ('Bairro. Bela Vista', a
    comma OCR misread) opens the address's part, no party's name."""
    words = text.split()
    return bool(words) and nz.fold(words[-1]).strip(".,") in address_words()


def _document(fl: Flow, start: int, end: int, ocr: bool, never: frozenset[str] = frozenset()) -> tuple[Field, str]:
    """The party's CPF or CNPJ in its qualification: never one its own label gives to another
    person (`never`: 'CPF DO REPRESENTANTE: ...' on the line of its own)."""
    qual = fl.text[start:end]
    rep = _REPRESENTATIVE.search(nz.fold_chars(qual))
    if rep and rep.start() > 0:
        qual = qual[:rep.start()]

    def anothers(at: int) -> bool:
        label = qual[:at].rsplit("\n", 1)[-1][-40:]
        return bool(never.intersection(nz.key(label).split()))

    hits = [h for h in find_docs(qual)
            if not re.search(r"(\brg\b|identidade|carteira|registro geral)[^0-9]{0,30}$", nz.fold_chars(qual[:h[1]]))
            and not anothers(h[1])]
    # the number introduced as CPF/CNPJ first
    pick = next((h for h in hits if re.search(r"(cpf|cnpj)[^0-9]{0,40}$", nz.fold_chars(qual[:h[1]]))), None)
    pick = pick or (hits[0] if hits else None)
    if pick is None:
        return Field(), qual
    v, s, e = pick
    # (an alphanumeric CNPJ's letter read as a digit, 'T' as '7', undone as a cell's is)
    return cnpj_alnum_repair(ident("doc", v, fl.span(start + s, start + e), ocr), ocr), qual


def parties(fl: Flow, roles: dict[str, str], ocr: bool, seen: dict[str, float] | None = None,
            paragraphs: Sequence[int] = (), tables: frozenset[int] = frozenset(),
            never: Sequence[str] = ()) -> dict[str, list[Party]]:
    """Every qualification of each role found in the prose, in order of reliability: the role
    then the party, the party then the role, a signature block. `tables`: id() of the words of a
    key/value table's row labels, which caption no signature (what is under 'CONTRATANTE' there
    is the next rows' cells); `never`: words a label of a party's CPF or CNPJ never holds (another
    person's: 'REPRESENTANTE')."""
    never_keys = frozenset(nz.key(w) for w in never)
    role_words = {"contratante", "contratantes", "contratada", "contratado", "contratadas", "contratados",
                   "transportadora", "transportador", "partes", "parte"}
    everyone = "|".join(f"(?:{p})" for p in roles.values())
    mentions: list[tuple[int, int, str, str]] = []  # (name start, name end, role, how)
    t = fl.folded
    for role, pat in roles.items():
        for m in re.finditer(_AFTER.format(roles=pat), t):
            word = fl.text[m.start():m.end()]
            if not re.search(r"[A-ZÀ-Ý]{4}", word):
                continue  # a defined role is printed in capitals
            if m.group("sep") == "\n" and not _alone(fl, m):
                continue
            if any(id(w) in tables for w in fl.span(m.start(), m.end()).words):
                continue
            span = _name_at(fl, m.end(), role_words)
            if span:
                # 'CONTRATANTE: X,' and 'como CONTRATANTE, X,' qualify the party; 'CONTRATANTE - X' and
                # a role alone over a name are captions (a signature block's), weaker evidence
                how = "after" if m.group("sep").strip()[:1] in (":", ",") else "signature"
                if how == "signature" and not _one_block(fl.span(*span)):
                    continue  # lines of two columns ('Veríssimo' / 'Bianca ...'): no one name
                mentions.append((*span, role, how))
        for m in re.finditer(_BEFORE.format(roles=pat), t):
            for k, s in enumerate(_segment_starts(fl, m.start(), list(paragraphs), everyone, not ocr)[:3]):
                if k and _role_between(fl, s, m.start(), everyone) or _role_label_between(fl, s, m.start(), everyone):
                    break  # further back lies another party's role: its qualification, not this one's
                if _role_label_between(fl, max(0, s - 24), s, everyone):
                    break  # the name opening here is under a role's label ('Parte Contratante: X')
                span = _name_at(fl, s, role_words)
                if span:
                    mentions.append((*span, role, "before"))
                    break
    out: dict[str, list[Party]] = {r: [] for r in roles}
    rank = {"after": 0, "before": 1, "signature": 2}
    for s, e, role, how in sorted(mentions, key=lambda m: (rank[m[3]], m[0])):
        # the qualification runs to the next mention of any role (or a few hundred characters)
        nxt = re.search(r"\b(?:" + everyone + r")\b", t[e:])
        end = min(e + (nxt.end() if nxt else len(t) - e), e + 700, len(t))
        doc, qual = _document(fl, e, end, ocr, never_keys)
        raw = re.sub(r"(?<=[A-ZÀ-Ý]):(?=\s)", "", fl.text[s:e])  # (a colon speck inside a name)
        # a comma between its words in capitals, a stop after 'DE': specks the name was read past
        # (_word_of_name, _segment_starts); the name is then a mended read, for a person to confirm
        mended = _SPECK_IN_NAME.sub("", raw)
        nome = weighed(fl.field(nz.name(mended), s, e), fl.span(s, e), names=True, seen=seen, joining=False)
        if mended != raw:
            nome = nome.model_copy(update={"confidence": min(nome.confidence, MENDED_NAME)})
        if how == "signature":
            nome = nome.model_copy(update={"confidence": min(nome.confidence, 0.9)})
        if any(p.nome.value == nome.value for p in out[role]):
            continue
        out[role].append(Party(nome, doc, qual, how))
    return out


def _one_block(sp: Span) -> bool:
    """Whether a name's lines stand one under the other as one block does: each line starting
    where the first does, or centred where it is (a caption under a signature). Lines of two
    columns read one after the other ('... Érico' / 'Veríssimo' in one cell, 'Bianca Guimarães'
    in the cell to its right) are no one name."""
    lines: list[list] = []
    for w in sp.words:
        if lines:
            last = lines[-1][-1]
            h = max(last.bbox[3] - last.bbox[1], 1e-6)
            if w.bbox[0] >= last.bbox[0] and abs((w.bbox[1] + w.bbox[3]) - (last.bbox[1] + last.bbox[3])) / 2 < 0.5 * h:
                lines[-1].append(w)
                continue
        lines.append([w])
    if len(lines) < 2:
        return True
    x0 = lines[0][0].bbox[0]
    mid = (x0 + lines[0][-1].bbox[2]) / 2
    h = max(lines[0][0].bbox[3] - lines[0][0].bbox[1], 1e-6)
    return all(abs(ln[0].bbox[0] - x0) <= 1.5 * h or abs((ln[0].bbox[0] + ln[-1].bbox[2]) / 2 - mid) <= 2.0 * h
               for ln in lines[1:])


def _role_between(fl: Flow, a: int, b: int, roles: str) -> bool:
    """Whether a role word printed in capitals (a defined role, not the verb 'contratado') lies
    in the text between a and b."""
    return any(re.search(r"[A-ZÀ-Ý]{4}", fl.text[a + x.start():a + x.end()])
               for x in re.finditer(rf"\b(?:{roles})\b", fl.folded[a:b]))


def _role_label_between(fl: Flow, a: int, b: int, roles: str) -> bool:
    """Whether a role word set as a label, with its colon ('Parte Contratante: X'), in any case,
    lies in the text between a and b: the name after it is that role's."""
    return re.search(rf"\b(?:{roles})\s*:", fl.folded[a:b].replace("\n", " ")) is not None


def _alone(fl: Flow, m: re.Match) -> bool:
    """The role word alone on its row (a signature block's caption, a table's row label)."""
    before = fl.text[:m.start()]
    line_start = before.rfind("\n") + 1
    return not fl.text[line_start:m.start()].strip(" _:-")


def _signature(fl: Flow, pos: int) -> bool:
    back = fl.text[max(0, pos - 80):pos]
    return bool(re.search(r"_{4,}\s*$", back))


# ---------------------------------------------------------------------------- summary tables


@dataclass(frozen=True)
class Group:
    """A party as a summary table prints it: the row of its role (or of its name's label) and
    the identity rows under it (CNPJ, CPF, REPRESENTANTE, ENDEREÇO ...), up to the next role's
    row, a row of anything else or a heading."""

    role: str
    name: tuple[Span, ...]  # the lines of the cell beside the role's (or the name's) label
    documento: Span | None  # the cell its CPF/CNPJ row labels, or a cell of its rows holding one
    text: str  # every cell of its rows, labels too (what the party's qualification says)
    right: float  # where the name's lines could reach (the next cell, or the table's edge)


@dataclass(frozen=True)
class GroupLabels:
    """The labels that say what a table's row holds, as key() text."""

    roles: dict[str, str]  # role -> pattern of its role words ('contratantes?')
    opens: dict[str, frozenset[str]]  # role -> other labels that open its rows ('dados da contratante',
    #                                   'nome da contratada', 'cnpj da contratada')
    names: frozenset[str]  # labels of a party's name ('nome', 'razao social', 'nome da contratada')
    documents: frozenset[str]  # labels of its CPF/CNPJ ('cnpj', 'cpf cnpj', 'cnpj da contratada')
    identity: frozenset[str]  # its other rows ('representante', 'endereco', 'rg', 'inscricao estadual')


def _id_like(k: str, labels: frozenset[str], ocr: bool) -> bool:
    """A label of the set, or after OCR one letter away from one of four letters or more ('cnp'
    for 'cnpj', read 'CNP)')."""
    if k in labels:
        return True
    if not ocr or not k:
        return False
    compact = k.replace(" ", "")
    return any(Levenshtein.distance(compact, x.replace(" ", "")) <= max(1, len(x.replace(" ", "")) // 8)
               for x in labels if len(x.replace(" ", "")) >= 4)


def table_groups(grid_list: Sequence[Grid], lab: GroupLabels, ocr: bool) -> dict[str, list[Group]]:
    """Every party a summary table prints, by role, in the order printed. A role's row opens its
    party ('CONTRATANTE | name'); the generic identity rows under it belong to it; a table of one
    row per party ('CONTRATANTE | name | CNPJ'), its identifier in a cell of its own, is read
    the same way."""
    out: dict[str, list[Group]] = {r: [] for r in lab.roles}

    def role_of(k: str) -> str | None:
        return next((r for r, pat in lab.roles.items() if re.fullmatch(rf"(?:{pat})", k) or k in lab.opens[r]), None)

    for g in grid_list:
        cur: dict | None = None

        def close() -> None:
            if cur is not None and (cur["name"] or cur["doc"] is not None):
                out[cur["role"]].append(Group(cur["role"], tuple(cur["name"]), cur["doc"], " ".join(cur["text"]),
                                              cur["right"]))

        for row in g.rows:
            pairs = row.pairs()
            if row.heading or not pairs:
                close()
                cur = None
                continue
            k = pairs[0][0].key
            role = role_of(k)
            if role is not None:
                close()
                cur = {"role": role, "name": [], "doc": None, "text": [], "right": g.right}
            elif cur is None or not any(_id_like(k, s, ocr) for s in (lab.identity, lab.names, lab.documents)):
                close()
                cur = None
                continue
            cur["text"].append(" ".join(c.text for c in row.cells))
            named = None
            for i, (label, cell) in enumerate(pairs):
                if cell is None:
                    continue
                if _id_like(label.key, lab.documents, ocr):
                    if cur["doc"] is None:
                        cur["doc"] = cell.span
                elif (label.key in lab.names or i == 0 and role is not None) and not cur["name"]:
                    # the role's own cell, or its name's label: the party's name
                    cur["name"], cur["right"], named = list(cell.lines), g.right_of(cell), cell
            if role is not None and cur["doc"] is None:
                # a table of one row per party: the identifier in a cell of its own, unlabelled
                cur["doc"] = next((c.span for c in row.values() if c is not named and find_docs(c.text)), None)
        close()
    return out


# ---------------------------------------------------------------------------- signatures side by side


def captions(layout: Layout, roles: dict[str, str], ocr: bool, seen: dict[str, float] | None = None
             ) -> dict[str, list[Party]]:
    """The parties named under their signatures where the captions stand side by side on one line
    ('CONTRATANTE        CONTRATADA', each over its own name): what is under each caption, in
    its column, down to a line that is no name's (an identifier, a witness's caption). Read in
    columns, not across the line, which would join the two names."""
    out: dict[str, list[Party]] = {r: [] for r in roles}
    everyone = {r: re.compile(rf"(?:{p})") for r, p in roles.items()}
    for page in layout.pages:
        rows = layout.rows[page.number]
        for ri, row in enumerate(rows):
            runs = _row_runs(row)
            if len(runs) < 2:
                continue
            named = []
            for run in runs:
                text = " ".join(w.text for w in run).strip(" :_-")
                role = next((r for r, pat in everyone.items() if pat.fullmatch(nz.key(text))), None)
                if role is None or not re.search(r"[A-ZÀ-Ý]{4}", text):
                    break
                named.append((role, run))
            if len(named) != len(runs):
                continue  # every run of the line a role: a row of captions, nothing else
            heads = [(run[0].bbox[0], (run[0].bbox[0] + run[-1].bbox[2]) / 2) for _, run in named]
            for k, (role, run) in enumerate(named):
                p = _under_caption(rows, ri, heads, k, ocr, seen)
                if p is not None:
                    out[role].append(p)
    return out


def _row_runs(row, gap: float = 3.0) -> list[list]:
    """The row's words cut at gaps wider than `gap` heights (captions set apart)."""
    runs: list[list] = []
    for w in row.words:
        if runs and w.bbox[0] - runs[-1][-1].bbox[2] <= gap * row.height:
            runs[-1].append(w)
        else:
            runs.append([w])
    return runs


def _under_caption(rows, ri: int, heads: list[tuple[float, float]], k: int, ocr: bool, seen) -> Party | None:
    """The name under the k-th caption of row ri: on each line below, the run of words that
    starts where the caption starts or is centred where it is, nearer to it than to any other
    caption."""
    def nearest(run) -> int:
        x0, mid = run[0].bbox[0], (run[0].bbox[0] + run[-1].bbox[2]) / 2
        return min(range(len(heads)), key=lambda i: min(abs(x0 - heads[i][0]), abs(mid - heads[i][1])))

    lines: list[list] = []
    last = rows[ri]
    for row in rows[ri + 1:ri + 5]:
        if row.y0 - last.y1 > 1.2 * max(row.height, last.height):
            break
        ws = [w for run in _row_runs(row, 1.5) if nearest(run) == k for w in run]
        if not ws:
            break
        text = " ".join(w.text for w in ws)
        key_ = nz.key(text)
        if find_docs(text) or ":" in text or any(t in caption_words() for t in key_.split()) or \
                re.match(r"(cpf|cnpj|rg)\b", key_):
            break
        lines.append(ws)
        last = row
    if not lines:
        return None
    words = tuple(w for ln in lines for w in ln)
    raw = " ".join(w.text for w in words)
    sp = Span(rows[ri].page, words)
    if not _is_name(raw, set()) or not _one_block(sp):
        return None
    nome = weighed(field(nz.name(raw), sp), sp, names=True, seen=seen, joining=False)
    return Party(nome, Field(), "", "signature")
