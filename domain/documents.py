"""The typed documents the rules judge, as the result contract (shared/contract) defines them.

A Document is what a parser made of one file (or part of a file): its type and its fields,
each field with the confidence of its read and where on which page it was found. The rules
never see bytes, pages or OCR: only these.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field as PydField, SerializerFunctionWrapHandler,
                      WithJsonSchema, model_serializer)

from domain import doctypes

# Every document type: domain/doctypes.yaml's, in its order, and `unknown` (no type fits the file).
# The contract's schema lists the same (tests/test_contract_copy.py).
DOC_TYPES: tuple[str, ...] = (*doctypes.names(), "unknown")
_KNOWN = frozenset(DOC_TYPES)


def _known_type(value: str) -> str:
    if value not in _KNOWN:
        raise ValueError(f"tipo de documento desconhecido: {value!r}")
    return value


# A type's name, checked where a model holds one; its JSON schema is the contract's enum.
DocType = Annotated[str, AfterValidator(_known_type), WithJsonSchema({"type": "string", "enum": list(DOC_TYPES)})]

Severity = Literal["error", "warning", "info"]

# A read at or above this confidence may support an "ok"; below it the value is only a hint
# and the rules answer "review". Parsers calibrate their confidences against it.
CONFIDENT = 0.80

# Running text (doctypes.yaml `passage`) of PASSAGE_WORDS words or more, read by OCR, is kept
# below CONFIDENT as a value (one word in a dozen misread makes it wrong); read at STATED or
# more it still shows the document states it: no placeholder ('a combinar') runs that long.
PASSAGE_WORDS = 6
STATED = 0.70

# Confidences a parser gives a value with evidence against it; the judging never raises such a
# read on another file's agreement (validators/agreement.py).
# An OCR'd identifier whose check digit fails: a hint, not a read.
MISREAD = round(CONFIDENT * 0.6, 2)
# ... and one made valid by undoing a single OCR confusion (probably right, still a guess).
REPAIRED = round(CONFIDENT * 0.9, 2)
# Two places, two values: a hint, not a read.
AMBIGUOUS = 0.6
# A value read in its shape whose glyphs or place leave a doubt: just under CONFIDENT, for a
# person to confirm.
UNSURE = round(CONFIDENT * 0.95, 2)


def without_absent(out: Any, *keys: str) -> Any:
    """A serialised model without the optional keys it does not carry (absent, not null: the
    contract's objects stay as they were where nothing was added)."""
    if isinstance(out, dict):
        for k in keys:
            if out.get(k) is None:
                out.pop(k, None)
    return out


class RowRead(BaseModel):
    """How sure one entry of a list field is. For a passenger: `confidence` is the row as an
    entry (the name, the kind of document and a number of that kind's shape are there),
    `document_confidence` the number's characters themselves. For a code (a CNAE), both are
    the code's read."""
    model_config = ConfigDict(extra="forbid")

    confidence: float = PydField(ge=0.0, le=1.0)
    document_confidence: float = PydField(ge=0.0, le=1.0)
    # where the entry is printed (a finding about one passenger boxes its row, not the table);
    # absent when not known
    page: int | None = PydField(default=None, ge=1)
    bbox: list[float] | None = None

    # unannotated return on purpose: pydantic would take it as the serialised schema
    @model_serializer(mode="wrap")
    def _without_absent_place(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        return without_absent(handler(self), "page", "bbox")


class Field(BaseModel):
    model_config = ConfigDict(extra="forbid")

    value: Any = None
    confidence: float = PydField(default=0.0, ge=0.0, le=1.0)
    page: int | None = PydField(default=None, ge=1)
    bbox: list[float] | None = None  # [x0, y0, x1, y1] as fractions of the page
    # A list field (a passenger list's rows, a registration's CNAE codes) may say how sure each
    # entry is, in the value's order: the whole field's confidence is its least sure entry (or
    # lower, when an entry could not be read at all), and one smudged entry must not hide that
    # every other one was read well. Absent (not null) when not given.
    rows: list[RowRead] | None = None

    @property
    def confident(self) -> bool:
        return self.value is not None and self.confidence >= CONFIDENT

    # unannotated return on purpose: pydantic would take it as the serialised schema
    @model_serializer(mode="wrap")
    def _without_absent_rows(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        return without_absent(handler(self), "rows")


class Shown(BaseModel):
    model_config = ConfigDict(extra="forbid")

    field: str | None = None
    value: str | None = None
    expected: str | None = None


class Finding(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str  # stable and dotted: "crlv.categoria_not_aluguel"
    severity: Severity
    message: str  # Portuguese, for people
    document: str | None = None
    field: str | None = None
    value: Any = None
    expected: Any = None
    # the entry of a list field the finding is about (1-based: 'passageiro 6' is row 6 of
    # `passageiros`), so its evidence is that row's box; absent when about the whole field
    row: int | None = PydField(default=None, ge=1)
    # the field, value and expected value in words for people (domain/wording.py): what the
    # web page, the parecer and the CLI show; machines read `field`, `value` and `expected`
    shown: Shown | None = None

    # unannotated return on purpose: pydantic would take it as the serialised schema
    @model_serializer(mode="wrap")
    def _without_absent_row(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        return without_absent(handler(self), "row", "shown")


SignatureStatus = Literal["valid", "modified", "invalid", "unsigned", "untrusted"]


class SignedChange(BaseModel):
    """A field the signed revision reads otherwise than the file shows (a `modified` signature)."""
    model_config = ConfigDict(extra="forbid")

    field: str
    signed: Any = None
    shown: Any = None


UntrustedReason = Literal["emissor_ausente", "cadeia_expirada", "cadeia_invalida", "signatario_nao_autorizado",
                          "certificado_revogado"]


class SignedBy(BaseModel):
    """One signature of a signed PDF (a contract carries one per party): who (the certificate's
    CN, and the CNPJ or CPF its ICP-Brasil otherName carries), the chain its certificate reached
    and what the law calls it (`qualificada`: ICP-Brasil; `avançada`: gov.br), when, and whether
    it is intact and what it covers. `status`: `valid` (intact, what follows it only further
    signatures or archival updates, the chain reached), `modified`, `invalid` or `untrusted`
    (then `reason`, and `missing_issuer` naming the authority no anchor holds)."""
    model_config = ConfigDict(extra="forbid")

    status: Literal["valid", "modified", "invalid", "untrusted"]
    name: str | None = None  # the certificate's CN, or the signer rule's label ('DETRAN-RS')
    cnpj: str | None = None
    cpf: str | None = None
    chain: str | None = None
    level: Literal["qualificada", "avançada"] | None = None
    signed_at: str | None = None
    covers: Literal["whole_file", "revision"] | None = None
    reason: UntrustedReason | None = None
    missing_issuer: str | None = None

    @model_serializer(mode="wrap")
    def _without_absent(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        return without_absent(handler(self), "cnpj", "cpf", "chain", "level", "reason", "missing_issuer")


class Signature(BaseModel):
    """The issuer's digital signature on the PDF a document was read from (the contract's
    extension `signature`; README "Signatures"). `valid`: intact, covering the file (or a
    revision followed only by signature-archival updates), the chain reaching a trust anchor at
    the signing time, by a signer that issues this document type. `modified`: intact for its
    revision, then changed: the document's fields are those of the signed revision, and
    `changes` says what the file shows instead. `invalid`: the signed bytes do not match.
    `untrusted`: intact, but no anchor is reached or the signer does not issue this type.
    `unsigned`: a PDF without a signature (`stated`: its page prints that it is signed).
    Revocation is never checked (offline)."""
    model_config = ConfigDict(extra="forbid")

    status: SignatureStatus
    signer: str | None = None  # 'DETRAN-RS', or the certificate's CN when no rule names it
    signer_document: str | None = None  # the CNPJ of an ICP-Brasil certificate
    signed_at: str | None = None  # ISO 8601, as the signature states it
    covers: Literal["whole_file", "revision"] | None = None
    revocation_checked: bool = False
    chain: str | None = None  # the anchors' chain reached ('ICP-Brasil'); absent when none
    changes: list[SignedChange] | None = None  # `modified`: signed vs shown; absent otherwise
    stated: bool | None = None  # `unsigned`: the page prints itself as digitally signed
    # `modified`: how many of the file's first bytes are the signed revision (evidence draws those)
    signed_bytes: int | None = PydField(default=None, ge=1)
    # `untrusted`: why (the issuer no anchor holds, a chain expired at the signing time, a signer
    # who does not issue this type); absent otherwise
    reason: UntrustedReason | None = None
    missing_issuer: str | None = None  # `emissor_ausente`: the authority's CN
    level: Literal["qualificada", "avançada"] | None = None  # Law 14.063/2020, of the chain reached
    signers: list[SignedBy] | None = None  # every signature of the file, in signing order

    @model_serializer(mode="wrap")
    def _without_absent_extras(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        return without_absent(handler(self), "chain", "changes", "stated", "signed_bytes", "reason",
                              "missing_issuer", "level", "signers")


class Document(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    filename: str
    sha256: str
    type: DocType = "unknown"
    type_confidence: float = PydField(default=0.0, ge=0.0, le=1.0)
    pages: int = 0
    text_source: Literal["pdf_text", "ocr", "mixed"] = "pdf_text"
    fields: dict[str, Field] = PydField(default_factory=dict)
    problems: list[Finding] = PydField(default_factory=list)
    # a PDF's: its signature (Signature); None for an image
    signature: Signature | None = None

    def field(self, name: str) -> Field | None:
        f = self.fields.get(name)
        return f if f is not None and f.value is not None else None

    def value(self, name: str, default: Any = None) -> Any:
        f = self.field(name)
        return f.value if f is not None else default

    def date(self, name: str) -> date | None:
        v = self.value(name)
        if isinstance(v, date):
            return v
        try:
            return date.fromisoformat(v) if isinstance(v, str) else None
        except ValueError:
            return None

    @property
    def unreadable(self) -> bool:
        return any(p.severity == "error" for p in self.problems)
