"""Values a document states in a sentence ('... o veículo placa IEB2I10, chassi 953..., Renavam
..., com 44 lugares ...'), where no label cell holds them.

Each candidate is found by its shape first (a plate's pattern, a VIN's rules, a RENAVAM's check
digit, a small whole number), anywhere in the running text; its role is what the words right
before it say (`placa`, `chassi`, `renavam`, `lotação de`), or for a count the unit right after
it (`44 lugares`, `46 passageiros sentados`). Only the little words of a phrase may stand
between the role and the value (`nº`, `de`, `:`); a comma, a `;` or a sentence's end part them.
A value whose role is so stated is inferred from the sentence's structure: sure enough to judge,
never certain; two values of one role that differ leave it unsure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain.documents import Field
from domain.ids import renavam as renavam_id
from intake import normalize as nz
from intake.reading.flow import Flow
from intake.reading.identifiers import id_valid, ident
from intake.reading.values import INFERRED, UNSURE, cap, field

# the little words of a phrase between a role and its value ('placa nº', 'chassi de número', 'Renavam:')
_JOINERS = re.compile(r"(?:\s+|[:\-–(]|\bn[o°º]\b\.?|\bnumero\b|\bnr\b\.?|\bde\b|\bdo\b|\bda\b|\bsob\b|\bo\b|\ba\b)*$")
# where a clause ends: nothing before it is the role of what follows
_CLAUSE_END = re.compile(r"[;,!?]|\.\s")

_SHAPES = {
    "placa": None,  # nz.find_placas
    "chassi": None,  # nz.find_chassis / find_vins
    "renavam": renavam_id.IN_PROSE,
    "count": re.compile(r"(?<![\d.,/\w])(\d{1,3})(?![\d\w]|[.,/]\d)"),
}


def _phrase_re(phrases: Sequence[str], *, at_end: bool) -> re.Pattern | None:
    alts = sorted({r"\s+".join(re.escape(p) for p in nz.fold(ph).split()) for ph in phrases if nz.fold(ph)},
                  key=len, reverse=True)
    if not alts:
        return None
    body = "(?:" + "|".join(alts) + ")"
    return re.compile(r"(?<![a-z0-9])" + body + r"$") if at_end else re.compile(r"^\s*" + body + r"(?![a-z0-9])")


def _candidates(text: str, kind: str, ocr: bool) -> list[tuple[str, int, int]]:
    if kind == "placa":
        return nz.find_placas(text, strict=not ocr)
    if kind == "chassi":
        if ocr:
            return [(v, s, e) for v, s, e, _ in nz.find_vins(text)]
        return nz.find_chassis(text)
    pat = _SHAPES[kind]
    assert pat is not None
    return [(m.group(1), m.start(1), m.end(1)) for m in pat.finditer(text)]


def _role_before(folded: str, start: int, role: re.Pattern) -> bool:
    """Whether the words right before `start` (within its clause, past the joining words) are
    one of the role's phrases."""
    before = folded[max(0, start - 60):start]
    ends = list(_CLAUSE_END.finditer(before))
    if ends:
        before = before[ends[-1].end():]
    before = before.replace("\n", " ")
    m = _JOINERS.search(before)
    core = before[:m.start()] if m else before
    return bool(role.search(core.rstrip()))


def stated(flow: Flow, kind: str, ocr: bool, *, before: Sequence[str] = (), after: Sequence[str] = (),
           never_after: Sequence[str] = (), lo: int = 1, hi: int = 150) -> Field:
    """The value of `kind` ('placa', 'chassi', 'renavam' or 'count') the text states with one of
    the role phrases `before` right before it, or (a count) one of `after` right after it, and
    none of `never_after` after that ('44 passageiros em pé' are no seats). One value, inferred;
    two or more that differ, the first unsure; none, a null Field."""
    role_b = _phrase_re(before, at_end=True)
    role_a = _phrase_re(after, at_end=False)
    never = _phrase_re(never_after, at_end=False)
    text, folded = flow.text, flow.folded
    found: list[Field] = []
    for raw, s, e in _candidates(text, kind, ocr):
        named = role_b is not None and _role_before(folded, s, role_b)
        if not named and role_a is not None:
            rest = folded[e:e + 60].replace("\n", " ")
            m = role_a.match(rest)
            named = m is not None and not (never is not None and never.match(rest[m.end():]))
        if not named:
            continue
        span = flow.span(s, e)
        if kind == "count":
            v = int(raw)
            if not lo <= v <= hi:
                continue
            c = span.conf if ocr else 1.0
            found.append(field(v, span, min(c, UNSURE) if ocr and c < 0.85 else c))
            continue
        f = ident(kind, raw, span, ocr)
        if f.value is None or id_valid(kind, f.value) is False:
            continue  # a check digit or a rule of the shape fails: not this role's value
        found.append(f)
    if not found:
        return field(None)
    values = {f.value for f in found}
    if len(values) > 1:
        return cap(found[0], UNSURE)  # the sentence names two: which is the document's is not known
    return cap(found[0], INFERRED)
