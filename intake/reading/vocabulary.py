"""Label vocabularies as data: intake/doctypes/<doc type>.yaml (see its README).

A Vocabulary knows, for one document type, each field's label spellings, the shape of its
value, the labels of the document's other boxes (never a value) and its closed vocabularies.
Spellings are kept as token tuples of key() text, the form labels are matched in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path


from intake.normalize import key
from domain import yamlfile

_DIR = Path(__file__).resolve().parent.parent / "doctypes"


@dataclass(frozen=True)
class FieldSpec:
    name: str
    labels: tuple[str, ...]
    shape: str
    not_: tuple[str, ...] = ()  # longer labels of other fields that start the same
    # words a label never holds when it names this field ('aquisição', 'vistoria' in a label of
    # a date are another date's): a label spelled with one names something else, whatever
    # spelling of the field it opens with ('Data da última vistoria:')
    never: tuple[str, ...] = ()
    # spellings that name only the value's kind ('DATA'): they label the field where no spelling
    # that names its meaning ('DATA DE EMISSÃO') labels another value
    generic: tuple[str, ...] = ()
    # spellings that label the field as 'Escola:' but also open its values ('ESCOLA TÉCNICA ...'):
    # no label of the document (a value may hold them), read by the layout lookup only
    value_words: tuple[str, ...] = ()
    # spellings the label's cell reads (it knows the value's shape and where the box ends), never
    # the layout lookups: printed before a unit or in a grid's header row, the value right of them
    # is another box's ('16 LUGARES 93YMA...', 'CIDADE DE ORIGEM | CHEGADA EM')
    cell_only: tuple[str, ...] = ()

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(k for k in (key(lab) for lab in self.labels) if k)

    def never_in(self, label_key: str) -> bool:
        """Whether a label (its key() text) holds a word this field's labels never hold."""
        padded = f" {label_key} "
        return any(f" {k} " in padded for k in (key(n) for n in self.never) if k)


@dataclass(frozen=True)
class Section:
    """A block of the document headed by one of `headings` ('1. SEGURADO', 'DADOS DO
    VEÍCULO'), inside which generic labels ('Nome', 'CNPJ') name the section's fields."""

    name: str
    headings: tuple[str, ...]
    fields: dict[str, tuple[str, ...]]
    numbered: tuple[str, ...] = ()  # headings that count only after a numbering ('1. CONTRATANTE')
    lead: str | None = None  # the field a line right under the heading holds, when no label names it


@dataclass(frozen=True)
class Vocabulary:
    doc_type: str
    fields: dict[str, FieldSpec]
    labels: tuple[str, ...]  # the document's other labels
    values: dict[str, tuple[str, ...]] = field(default_factory=dict)
    tables: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    sections: dict[str, Section] = field(default_factory=dict)
    # word lists a parser looks for that are no labels: never a value's end, never a spelling
    words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # spellings a document's own labels added by what their words mean (reading/meaning.py), with
    # how sure each is as a label match: matched as labels read with a slip
    inferred: dict[str, float] = field(default_factory=dict)

    def spellings(self) -> dict[str, tuple[str, ...]]:
        """key() of every label this document prints -> the fields it labels ('' for a box of
        no field: a label all the same). Table headers are labels too. Worked out once (the
        vocabulary never changes): the same dict every time, which no caller changes."""
        got = self.__dict__.get("_spellings")
        if got is None:
            got = self._spell()
            object.__setattr__(self, "_spellings", got)
        return got

    def _spell(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for f in self.fields.values():
            for lab in f.labels + f.not_:
                k = key(lab)
                if k:
                    out.setdefault(k, [])
                    if lab in f.labels and f.name not in out[k]:
                        out[k].append(f.name)
        for lab in self.labels + tuple(h for s in self.sections.values() for h in s.headings + s.numbered) + tuple(
                lab for s in self.sections.values() for labs in s.fields.values() for lab in labs):
            k = key(lab)
            if k:
                out.setdefault(k, [])
        for cols in self.tables.values():
            for spellings in cols.values():
                for lab in spellings:
                    k = key(lab)
                    if len(k.split()) > 1:  # one word of a table's header ('Base') is no label elsewhere
                        out.setdefault(k, [])
        return {k: tuple(v) for k, v in out.items()}

    def value_keys(self, name: str) -> tuple[str, ...]:
        return tuple(key(v) for v in self.values.get(name, ()))


def _tuple(v) -> tuple[str, ...]:
    if v is None:
        return ()
    if isinstance(v, str):
        return (v,)
    return tuple(str(x) for x in v)


# the shape of a value by the kind doctypes.yaml gives its field
KIND_SHAPES = {"text": "text", "name": "name", "date": "date", "integer": "integer", "money": "money",
               "doc": "doc", "placa": "placa", "renavam": "renavam", "chassi": "chassi"}


@cache
def _common() -> dict:
    return yamlfile.load(_DIR / "common.yaml") or {}


def common_synonyms() -> dict[str, tuple[str, ...]]:
    return {k: _tuple(v) for k, v in (_common().get("synonyms") or {}).items()}


def suffix_slips() -> dict[str, str]:
    """OCR misreads of a company's legal suffix -> the suffix (common.yaml)."""
    return {str(k): str(v) for k, v in (_common().get("suffix_slips") or {}).items()}


@cache
def address_words() -> frozenset[str]:
    """Words that open an address ('rua', 'bairro'; common.yaml), folded."""
    return frozenset(str(w) for w in (_common().get("address_words") or ()))


@cache
def role_words() -> frozenset[str]:
    """Words that name a party's role or kind, never the party ('parte', 'empresa'; common.yaml), folded."""
    return frozenset(str(w) for w in (_common().get("role_words") or ()))


@cache
def caption_words() -> frozenset[str]:
    """Words of a signature's caption ('testemunha'; common.yaml), folded."""
    return frozenset(str(w) for w in (_common().get("caption_words") or ()))


def _alternatives(labels: tuple[str, ...]) -> tuple[str, ...]:
    """The labels, and each one naming two things with a slash ('CNPJ/CPF', 'NOME / RAZÃO
    SOCIAL') also as printed with 'ou', in either order ('CNPJ OU CPF', 'CPF OU CNPJ', 'NOME OU
    RAZÃO SOCIAL'): forms print all of them."""
    out = list(labels)
    for lab in labels:
        if "/" in lab and not lab.endswith("/") and lab.count("/") == 1:
            a, b = (part.strip() for part in lab.split("/"))
            if len(a) >= 2 and len(b) >= 2:
                out += [alt for alt in (f"{a} OU {b}", f"{b} OU {a}") if alt not in out]
    return tuple(out)


def _synthesised(doc_type: str) -> dict:
    """A type without a vocabulary file: its fields' labels from doctypes.yaml and the common
    synonyms, shapes from their kinds."""
    from domain import doctypes

    syn = common_synonyms()
    fields = {}
    for name, spec in doctypes.fields(doc_type).items():
        shape = KIND_SHAPES.get(spec.get("kind", "text"))
        if shape is None:
            continue
        labels = ([spec["label"]] if spec.get("label") else []) + list(syn.get(name, ()))
        fields[name] = {"labels": labels, "shape": shape}
    return {"fields": fields}


@cache
def vocabulary(doc_type: str) -> Vocabulary:
    """The vocabulary of a document type: intake/doctypes/<type>.yaml, or one made from
    doctypes.yaml and the common synonyms when the type has no file (or a file without
    `fields`). The file's `classify:` block is not a vocabulary's: classify_rules() reads it."""
    path = _DIR / f"{doc_type}.yaml"
    if doc_type == "common":
        data = _common()
    elif path.is_file():
        data = yamlfile.load(path) or {}
        if "fields" not in data:  # a file of other parts only (crv.yaml: how it is classified)
            data = {**data, **_synthesised(doc_type)}
    else:
        data = _synthesised(doc_type)
    fields = {}
    for name, spec in (data.get("fields") or {}).items():
        spec = spec or {}
        fields[name] = FieldSpec(name, _alternatives(_tuple(spec.get("labels"))), str(spec.get("shape", "text")),
                                 _tuple(spec.get("not")), _tuple(spec.get("never")), _tuple(spec.get("generic")),
                                 _tuple(spec.get("value_words")), _tuple(spec.get("cell_only")))
    tables = {t: {c: _tuple(v) for c, v in (spec.get("columns") or {}).items()}
              for t, spec in (data.get("tables") or {}).items()}
    values = {k: _tuple(v) for k, v in (data.get("values") or {}).items()}
    common = () if doc_type == "common" else _tuple(_common().get("labels"))
    sections = {n: Section(n, _tuple(spec.get("headings")), {f: _tuple(v) for f, v in (spec.get("fields") or {}).items()},
                           _tuple(spec.get("numbered")), spec.get("lead"))
                for n, spec in (data.get("sections") or {}).items()}
    words = {k: _tuple(v) for k, v in (data.get("words") or {}).items()}
    return Vocabulary(doc_type, fields, _tuple(data.get("labels")) + common, values, tables, sections, words)


def classify_rules() -> dict[str, dict]:
    """Each type's `classify:` block (how a page is told to be that type), by the type its file
    is named after: intake/classify reads them."""
    out = {}
    for path in sorted(_DIR.glob("*.yaml")):
        block = (yamlfile.load(path) or {}).get("classify")
        if block:
            out[path.stem] = block
    return out


def merged(*doc_types: str) -> Vocabulary:
    """One vocabulary of several types' (a CRV reads with the CRLV's labels)."""
    vs = [vocabulary(t) for t in doc_types]
    fields: dict[str, FieldSpec] = {}
    for v in vs:
        for k, f in v.fields.items():
            fields.setdefault(k, f)
    return Vocabulary(doc_types[0], fields, tuple(lab for v in vs for lab in v.labels),
                      {k: val for v in vs for k, val in v.values.items()},
                      {k: val for v in vs for k, val in v.tables.items()},
                      {k: val for v in vs for k, val in v.sections.items()},
                      {k: val for v in vs for k, val in v.words.items()})


@cache
def label_words() -> frozenset[str]:
    """Every word (key() form) of every label of every document type's vocabulary."""
    from domain.documents import DOC_TYPES

    out: set[str] = set()
    for t in DOC_TYPES:
        try:
            v = vocabulary(t)
        except (FileNotFoundError, KeyError):
            continue
        for k in v.spellings():
            out.update(k.split())
    return frozenset(out)
