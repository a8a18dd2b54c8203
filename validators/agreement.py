"""Confidence from agreement across a packet: a value read unsure in one file that another file
of the packet reads alike is raised, as far as the evidence goes.

Every file is read on its own (its own OCR run, or its text layer), so two files printing one
plate, chassis, CNPJ, policy or contract number, or one party's name, give two independent reads
of it: a misread that spells, character for character, what another print of it reads is no
misread. Called once per packet, on the documents as read, before the rules (engine.judge_packet).

- Only the same thing is compared: a vehicle's identifier with any identifier of its kind, a
  party's name or CPF/CNPJ with those of the same party in another type (ROLES: the carrier on
  the contract, the policy, the CRLV, the CNPJ card...; the contracting party on the contract and
  the passenger list), a policy's or contract's number where another document cites it (NUMBERS).
- A read of the same file never counts (the same OCR run, the same page, the same misread).
- What is raised: a value below CONFIDENT whose own read bears no evidence against it (not a
  check digit that failed or was mended, not one of two values read in two places, not a cut or
  one-word name: the parsers' AMBIGUOUS, MISREAD, REPAIRED), of its kind's shape.
- How far (LEVELS): identifiers with check digits or a strict shape are near certain when a text
  layer or a sure read agrees; two unsure OCR reads agreeing are strong for a strict shape or a
  long number, and for a name only when it is long. Three files agreeing count as a sure read.
  A chassis, or a plate whose fifth character may be a letter or a digit, holding a letter or
  digit OCR takes for its look-alike (Z/2, S/5, B/8) is raised only by a sure read: every OCR run
  of every print misreads such a glyph alike, so unsure reads agreeing do not tell it.
- Never where another file reads the same thing a character or two apart (a misread or a typo
  on one side: a person decides; the validators' consistency checks name it).
- The reason stays visible: each raised field gets an info finding among its document's problems
  naming the document that agrees.

It only raises: disagreement between sure reads is for the consistency checks. The result
reports what is raised here; the engine then lifts, for the rules only, an identifier two
documents read alike (corroborate.py, lifted_for_judging).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from domain import doctypes
from domain.documents import AMBIGUOUS, CONFIDENT, MISREAD, REPAIRED, Document, Finding
from domain.folding import key as folded
from domain.ids import is_valid as id_valid
from domain.ids.text import alnum
from domain.vouching import vouched

CODE = "field.corroborated"

# A read this unsure is near illegible: it neither is raised nor vouches for another.
FLOOR = 0.4
# Confidences the parsers give a value with evidence against it: a check digit that failed
# (MISREAD) or holds only after a confusion was undone (REPAIRED), two places read two values, a
# name cut on a particle or of one word (AMBIGUOUS, CUT_NAME, ONE_WORD_NAME: all 0.6).
AGAINST = frozenset({MISREAD, REPAIRED, AMBIGUOUS})

# kind of value -> the class of evidence its agreement gives
_CLASS = {"renavam": "checked", "doc": "checked", "placa": "shape", "chassi": "shape", "text": "number",
          "name": "name"}
# class -> confidence raised to, by the surest agreeing read: a text layer's sure read, a sure
# OCR read (or two more files agreeing), an unsure OCR read (not enough for a short name or
# number, nor for an alphanumeric CNPJ: level()).
LEVELS: dict[str, dict[str, float]] = {
    "checked": {"text": 0.95, "sure": 0.95, "read": 0.9},
    "shape": {"text": 0.95, "sure": 0.9, "read": 0.85},
    "number": {"text": 0.9, "sure": 0.9, "read": 0.85},
    "name": {"text": 0.9, "sure": 0.85, "read": 0.8},
}
# two unsure OCR reads agree on a name or a number by chance only when it is short
LONG_NAME, LONG_NUMBER = 20, 8

VEHICLE = ("placa", "chassi", "renavam")  # by the field's kind, whatever type prints it
# a party named in several types, by the prefix of its fields (<prefix>_nome, <prefix>_documento)
ROLES: dict[str, tuple[tuple[str, str], ...]] = {
    "transportadora": (
        ("contrato_fretamento", "contratado"), ("apolice_seguro", "segurado"),
        ("comprovante_pagamento_seguro", "segurado"), ("crlv", "proprietario"), ("crv", "proprietario"),
        ("cartao_cnpj", "titular"), ("contrato_social", "titular"), ("inscricao_estadual", "titular"),
        ("alvara", "titular"), ("requerimento", "titular"), ("comprovante_taxa", "titular"),
        ("laudo_inspecao", "titular"), ("relacao_veiculos", "titular")),
    "contratante": (("contrato_fretamento", "contratante"), ("lista_passageiros", "contratante")),
    "instituicao": (("contrato_fretamento", "instituicao_destino"), ("lista_passageiros", "instituicao")),
}
# a document's number where other documents cite it
NUMBERS: dict[str, tuple[tuple[str, str], ...]] = {
    "contrato": (("contrato_fretamento", "numero_contrato"), ("lista_passageiros", "contrato_numero"),
                 ("grade_itinerario", "contrato_numero")),
    "apolice": (("apolice_seguro", "numero_apolice"), ("comprovante_pagamento_seguro", "numero_apolice")),
}


@dataclass(frozen=True)
class Read:
    doc: int  # index in the packet
    name: str
    fact: str  # what is read: 'placa', 'transportadora/doc', 'numero/apolice' ...
    kind: str
    key: str  # the value normalised for comparison
    confidence: float
    text: bool  # read from a text layer
    sha256: str


def fact_of(doc_type: str, name: str, kind: str | None) -> str | None:
    """What a field of a type reads, for comparison across the packet; None: nothing compared."""
    if kind in VEHICLE:
        return kind
    for role, members in ROLES.items():
        for t, prefix in members:
            if t == doc_type and kind in ("name", "doc") and name in (prefix, f"{prefix}_nome", f"{prefix}_documento"):
                return f"{role}/{kind}"
    for what, members in NUMBERS.items():
        if (doc_type, name) in members:
            return f"numero/{what}"
    return None


def key(kind: str, value: object) -> str | None:
    """The value as compared: an identifier's letters and digits; a number's letters and digits
    (its dots and spaces are print); a name folded (case, accents, punctuation)."""
    if not isinstance(value, str) or not value.strip():
        return None
    if kind == "name":
        return folded(value) or None
    return alnum(value) or None


def of_shape(kind: str, k: str) -> bool:
    """Whether a compared value is of its kind's shape (an agreement on garbage is no evidence)."""
    if kind in ("placa", "chassi", "renavam", "doc"):
        return bool(id_valid(kind, k))
    if kind == "name":
        words = k.split()
        return len(words) >= 2 and sum(c.isalpha() for c in k) >= 8
    return len(k) >= 5 and sum(c.isdigit() for c in k) >= 3


def counts(r: Read) -> bool:
    """Whether a read says anything: legible, with nothing against it, of its kind's shape."""
    return r.confidence >= FLOOR and r.confidence not in AGAINST and of_shape(r.kind, r.key)


def reads(documents: Sequence[Document]) -> list[Read]:
    out = []
    for i, d in enumerate(documents):
        specs = doctypes.fields(d.type)
        for name, f in d.fields.items():
            kind = specs.get(name, {}).get("kind")
            fact = fact_of(d.type, name, kind)
            k = key(kind, f.value) if fact and kind else None
            if fact and kind and k:
                out.append(Read(i, name, fact, kind, k, f.confidence, d.text_source == "pdf_text", d.sha256))
    return out


def near(kind: str, a: str, b: str) -> bool:
    """Two different values a misread or a typo apart: a character or two of an identifier or a
    number, a name alike but for a few letters."""
    if a == b:
        return False
    if kind == "name":
        return fuzz.ratio(a, b) >= 90
    return Levenshtein.distance(a, b) <= 2


def strength(own: Read, agreeing: list[Read]) -> str:
    """The surest evidence among the reads that agree (from other files)."""
    if any(r.text and r.confidence >= CONFIDENT for r in agreeing):
        return "text"
    if any(r.confidence >= CONFIDENT for r in agreeing) or len({r.sha256 for r in agreeing}) >= 2:
        return "sure"
    return "read"


def level(own: Read, agreeing: list[Read]) -> float | None:
    """The confidence the agreement supports, None when it supports none."""
    how = strength(own, agreeing)
    if own.kind == "doc" and not own.key.isdigit() and not any(r.confidence >= CONFIDENT for r in agreeing):
        # an alphanumeric CNPJ whose check digits hold for a look-alike too (Q/0, T/I) is read
        # unsure by every OCR run alike: only a sure read tells the glyph, however many files agree
        return None
    if _glyph_in_doubt(own) and not any(r.confidence >= CONFIDENT for r in agreeing):
        # a chassis' letter read as its look-alike digit (Z/2, S/5, B/8) is read so by every OCR
        # run of every print alike, and both spell a valid chassis: unsure reads agreeing, however
        # many, do not tell the glyph; a sure read does
        return None
    if how == "read":
        if own.kind == "name" and len(own.key.replace(" ", "")) < LONG_NAME:
            return None
        if own.kind == "text" and len(own.key) < LONG_NUMBER:
            return None
    return LEVELS[_CLASS[own.kind]][how]


# a letter and the digit OCR takes it for, each way round
_LOOK_ALIKE = frozenset("Z2S5B8G6O0I1A4T7")
_PLATE_EITHER = 4  # the one place of a plate where a letter (Mercosul) or a digit (older plates) stands


def _glyph_in_doubt(r: Read) -> bool:
    """Whether a plate or chassis holds a character whose look-alike would spell a valid one too:
    any of a chassis' letters and digits (a VIN takes both anywhere but I, O, Q), a plate's fifth."""
    if r.kind == "chassi":
        return any(c in _LOOK_ALIKE for c in r.key)
    return r.kind == "placa" and len(r.key) == 7 and r.key[_PLATE_EITHER] in _LOOK_ALIKE


def raised_by_agreement(documents: Sequence[Document]) -> list[Document]:
    """The packet's documents with each unsure value that another file reads alike raised (the
    reason among its document's problems); everything else as read."""
    every = reads(documents)
    raised: dict[int, dict[str, tuple[float, Read]]] = {}
    for own in every:
        if own.confidence >= CONFIDENT or not counts(own):
            continue
        if _CLASS[own.kind] == "checked" and own.confidence <= REPAIRED:
            continue  # may be a check digit mended into a valid number: its read failed
        same = [r for r in every if r.fact == own.fact and r.doc != own.doc]
        agreeing = [r for r in same if r.key == own.key and r.sha256 != own.sha256 and counts(r)]
        if not agreeing or any(near(own.kind, own.key, r.key) and (own.kind != "name" or r.confidence >= CONFIDENT)
                               for r in same if r.confidence >= FLOOR):
            continue
        to = level(own, agreeing)
        if to is not None and to > own.confidence:
            best = max(agreeing, key=lambda r: (r.text, r.confidence))
            raised.setdefault(own.doc, {})[own.name] = (to, best)
    out = list(documents)
    for i, fields in raised.items():
        d = documents[i]
        notes = {(p.code, p.field) for p in d.problems}
        new_fields = dict(d.fields)
        problems = list(d.problems)
        for name, (to, by) in fields.items():
            f = d.fields[name]
            new_fields[name] = f.model_copy(update={"confidence": to})
            if (CODE, name) not in notes:
                problems.append(_note(d, name, f.confidence, to, documents[by.doc]))
        # fields now sure may vouch for a type the file's title left unsure (a register printed
        # from a web page, its plate and chassis read unsure alone and alike elsewhere)
        conf, vouching = vouched(d.type, d.type_confidence, new_fields, agreed=True)
        if vouching is not None:
            problems.append(vouching.model_copy(update={"document": d.id}))
        out[i] = d.model_copy(update={"fields": new_fields, "problems": problems, "type_confidence": conf})
    return out


def _note(d: Document, name: str, was: float, to: float, by: Document) -> Finding:
    label = doctypes.fields(d.type).get(name, {}).get("label", name)
    how = "texto do PDF" if by.text_source == "pdf_text" else "leitura por OCR"
    return Finding(code=CODE, severity="info", document=d.id, field=name, value=d.fields[name].value,
                   message=f"{label}: leitura incerta ({_pt(was)}) igual à de {by.id} ({by.filename}, "
                           f"{how}); confiança elevada a {_pt(to)}.")


def _pt(x: float) -> str:
    return f"{round(x * 100)}%"  # as the page shows a confidence (76%), never 0,76
