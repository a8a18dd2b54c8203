"""The parties of a contract, as its prose qualifies them.

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
from dataclasses import dataclass

from intake import normalize as nz
from intake.parsers._common import Flow, cnpj_alnum_repair, find_docs, ident
from intake.parsers._lexicon import weighed
from validators.documents import Field

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
    if k.split()[0] in ("cpf", "cnpj", "rg", "cnh") or len(re.findall(r"\d", v)) >= 4:
        return False  # an identifier is no name
    words = [w for w in re.split(r"[\s/]+", v) if re.search(r"[A-Za-zÀ-ÿ]", w)]
    if len(words) < 2 or len(words) > 25:
        return False  # a party is named by two words at least
    if not words[0][:1].isupper():
        return False  # 'e de outro lado ...' after a role is the next party's turn, no name
    lower = [w for w in words if w[:1].islower() and nz.fold(w).strip(".,;()") not in _PARTICLES]
    return not lower


_PARTICLES = frozenset("de da do das dos e em del di du van von y d".split())


def _name_at(fl: Flow, start: int, role_words: set[str]) -> tuple[int, int] | None:
    text = fl.text
    lead = re.match(r"[\s\"“]*(?:(?:o|a|os|as)\s+(?=[A-ZÀ-Ý]))?(?:(?:sr|sra|srta)\.?\s+)?", text[start:])
    s = start + (lead.end() if lead else 0)
    m = _NAME_END.search(fl.folded, s)
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
    return s, e


def _segment_start(fl: Flow, pos: int, paragraphs: list[int]) -> int:
    """Where the qualification that ends at pos begins: after the sentence or clause before it,
    or at its paragraph's start (a title above it is another paragraph)."""
    back = fl.folded[max(0, pos - 700):pos].replace("\n", " ")
    cut = max(back.rfind(x) + len(x) for x in _SEGMENT_START if back.rfind(x) >= 0) \
        if any(back.rfind(x) >= 0 for x in _SEGMENT_START) else 0
    start = pos - len(back) + cut
    para = max((p for p in paragraphs if p <= pos), default=0)
    return max(start, para)


def _document(fl: Flow, start: int, end: int, ocr: bool) -> tuple[Field, str]:
    qual = fl.text[start:end]
    rep = _REPRESENTATIVE.search(nz.fold_chars(qual))
    if rep and rep.start() > 0:
        qual = qual[:rep.start()]
    hits = [h for h in find_docs(qual)
            if not re.search(r"(\brg\b|identidade|carteira|registro geral)[^0-9]{0,30}$", nz.fold_chars(qual[:h[1]]))]
    # the number introduced as CPF/CNPJ first
    pick = next((h for h in hits if re.search(r"(cpf|cnpj)[^0-9]{0,40}$", nz.fold_chars(qual[:h[1]]))), None)
    pick = pick or (hits[0] if hits else None)
    if pick is None:
        return Field(), qual
    v, s, e = pick
    # (an alphanumeric CNPJ's letter read as a digit, 'T' as '7', undone as a cell's is)
    return cnpj_alnum_repair(ident("doc", v, fl.span(start + s, start + e), ocr), ocr), qual


def parties(fl: Flow, roles: dict[str, str], ocr: bool, seen: dict[str, float] | None = None,
            paragraphs: list[int] = ()) -> dict[str, list[Party]]:
    """Every qualification of each role found in the prose, in order of reliability: the role
    then the party, the party then the role, a signature block."""
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
            span = _name_at(fl, m.end(), role_words)
            if span:
                # 'CONTRATANTE: X,' and 'como CONTRATANTE, X,' qualify the party; 'CONTRATANTE - X' and
                # a role alone over a name are captions (a signature block's), weaker evidence
                how = "after" if m.group("sep").strip()[:1] in (":", ",") else "signature"
                mentions.append((*span, role, how))
        for m in re.finditer(_BEFORE.format(roles=pat), t):
            s = _segment_start(fl, m.start(), list(paragraphs))
            span = _name_at(fl, s, role_words)
            if span:
                mentions.append((*span, role, "before"))
    out: dict[str, list[Party]] = {r: [] for r in roles}
    rank = {"after": 0, "before": 1, "signature": 2}
    for s, e, role, how in sorted(mentions, key=lambda m: (rank[m[3]], m[0])):
        # the qualification runs to the next mention of any role (or a few hundred characters)
        nxt = re.search(r"\b(?:" + everyone + r")\b", t[e:])
        end = min(e + (nxt.end() if nxt else len(t) - e), e + 700, len(t))
        doc, qual = _document(fl, e, end, ocr)
        raw = fl.text[s:e]
        nome = weighed(fl.field(nz.name(raw), s, e), fl.span(s, e), names=True, seen=seen, joining=False)
        if how == "signature":
            nome = nome.model_copy(update={"confidence": min(nome.confidence, 0.9)})
        if any(p.nome.value == nome.value for p in out[role]):
            continue
        out[role].append(Party(nome, doc, qual, how))
    return out


def _alone(fl: Flow, m: re.Match) -> bool:
    """The role word alone on its row (a signature block's caption, a table's row label)."""
    before = fl.text[:m.start()]
    line_start = before.rfind("\n") + 1
    return not fl.text[line_start:m.start()].strip(" _:-")


def _signature(fl: Flow, pos: int) -> bool:
    back = fl.text[max(0, pos - 80):pos]
    return bool(re.search(r"_{4,}\s*$", back))
