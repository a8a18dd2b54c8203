"""The issuer's digital signature on a PDF, verified with pyHanko against the trust anchors.

What is read of each signature: who signed (the certificate's CN and the CNPJ an ICP-Brasil
certificate carries in its otherName 2.16.76.1.3.3), when (the signing time it states; no
timestamp token is embedded in a DETRAN's), whether the signed bytes are intact, what it covers
(the whole file, or a revision followed by updates that pyHanko's difference analysis judges),
and whether the certificate chains to an anchor (intake/anchors.py) at that signing time: a
DETRAN's certificate lives a year or so, and an authentic CRLV-e of last year must not look
untrusted. Offline: no CRL or OCSP is fetched, so revocation is never checked.

pyHanko is imported only for a file whose bytes hold a signature dictionary (has_signature):
reading an unsigned PDF or an image costs nothing more.
"""

from __future__ import annotations

import io
import logging
import re
import warnings
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from domain.documents import Document, Signature, SignedChange
from intake import anchors
from intake.anchors import SignerRule, Trust
from ocr.model import Extraction

if TYPE_CHECKING:
    from pyhanko.sign.validation.pdf_embedded import EmbeddedPdfSignature

log = logging.getLogger(__name__)

CNPJ_OID = "2.16.76.1.3.3"  # ICP-Brasil: the CNPJ of the legal person a certificate is issued to
# A signature dictionary cannot live in an object stream (its /Contents is found by byte
# offset), so its /ByteRange is always in the file's bytes as written.
_BYTE_RANGE = re.compile(rb"/ByteRange\s*\[")
_CNPJ = re.compile(r"[0-9A-Z]{12}[0-9]{2}")
# what an issued file prints of its own signature: the CRLV-e's 'ASSINADO DIGITALMENTE PELO
# DETRAN', the CNH-e's 'Documento assinado digitalmente com certificado do ...'
_STATES_SIGNED = re.compile(r"\bASSINADO\s+DIGITALMENTE\b", re.I)

FileStatus = Literal["valid", "modified", "invalid", "untrusted"]


def has_signature(data: bytes) -> bool:
    """Whether a PDF's bytes hold a signature dictionary (a byte scan: nothing is parsed)."""
    return data[:1024].lstrip().startswith(b"%PDF") and _BYTE_RANGE.search(data) is not None


@dataclass(frozen=True)
class Verified:
    """One file's signature as judged for the file (the document type is judged later:
    `issues` says which types the signer may sign)."""
    status: FileStatus
    common_name: str | None = None
    signer: str | None = None  # the rule's name for it ('DETRAN-RS'), else the CN
    signer_document: str | None = None
    signed_at: datetime | None = None
    covers: Literal["whole_file", "revision"] | None = None
    chain: str | None = None  # set when the chain reached the rule's anchors
    issues: tuple[str, ...] = ()  # document types the signer may sign (with a trusted chain)
    revision: bytes | None = field(default=None, repr=False)  # `modified`: the bytes it signed


def verify(data: bytes, trust: Trust) -> Verified | None:
    """The verdict on the file's issuer signature, None when it holds none pyHanko can find.
    Of several signatures, the one a signer rule names counts (the earliest such), else the first."""
    _import_pyhanko()
    from pyhanko.pdf_utils.misc import PdfError
    from pyhanko.pdf_utils.reader import PdfFileReader

    # pyHanko warns with the certificate's subject (a person's name and CPF, on a document an
    # e-CPF signed) and the tracebacks of its difference analysis: never in our logs (LGPD);
    # what it decided is the verdict, and what failed is logged below by its kind only.
    logging.getLogger("pyhanko").setLevel(logging.ERROR)

    try:
        reader = PdfFileReader(io.BytesIO(data), strict=False)
        embedded = list(reader.embedded_regular_signatures)
    except (PdfError, ValueError, KeyError, TypeError) as e:
        # the bytes hold a /ByteRange but the structure around it cannot be followed
        log.info("signature structure unreadable: %s", type(e).__name__)
        return Verified(status="invalid")
    if not embedded:
        return None
    verdicts = [_verify_one(data, emb, trust) for emb in embedded]
    named = [v for v in verdicts if v.chain is not None] or [v for v in verdicts if _rule(trust, v.common_name)]
    return (named or verdicts)[0]


def _import_pyhanko() -> None:
    """Load pyHanko's validation without the deprecation warning its signing side prints on
    stderr (it imports cryptography's DSA keys): a clerk's terminal shows our lines only."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.filterwarnings("ignore", message=".*deprecated")  # (cryptography's own kind: a UserWarning)
        import pyhanko.sign.validation  # noqa: F401


def _rule(trust: Trust, common_name: str | None) -> tuple[SignerRule, str] | None:
    for rule in trust.signers:
        name = rule.signer(common_name or "")
        if name:
            return rule, name
    return None


def _verify_one(data: bytes, emb: EmbeddedPdfSignature, trust: Trust) -> Verified:
    from pyhanko.sign.diff_analysis import ModificationLevel, SuspiciousModification
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.status import SignatureCoverageLevel

    try:
        cert = emb.signer_cert
        cn = str(cert.subject.native.get("common_name") or "") or None
        signed_at = emb.self_reported_timestamp
    except Exception as e:  # a CMS blob pyHanko cannot take apart: nothing signed can be shown
        log.info("signature container unreadable: %s", type(e).__name__)
        return Verified(status="invalid")
    found = _rule(trust, cn)
    rule, signer = found if found else (None, cn)
    # who and when, whatever the verdict ('invalid' until shown otherwise)
    who = Verified(status="invalid", common_name=cn, signer=signer, signer_document=cnpj(cert.dump()),
                   signed_at=signed_at)
    roots = [a for a in trust.roots if rule is None or a.file in rule.roots]
    try:
        status = validate_pdf_signature(emb, _context(trust, roots, signed_at), key_usage_settings=_usage())
    except Exception as e:  # pyHanko refuses what it cannot evaluate: the signature proves nothing
        log.info("signature validation failed: %s", type(e).__name__)
        return who
    if not (status.intact and status.valid):
        return who
    coverage = status.coverage
    if coverage == SignatureCoverageLevel.ENTIRE_FILE:
        covers: Literal["whole_file", "revision"] = "whole_file"
        changed = False
    elif coverage == SignatureCoverageLevel.ENTIRE_REVISION:
        covers = "revision"
        level = status.modification_level
        # only archival updates (DSS, document timestamps) leave what was signed as it was shown
        changed = isinstance(status.diff_result, SuspiciousModification) or level is None or \
            level > ModificationLevel.LTA_UPDATES
    else:  # the byte range does not end a revision: not a signature of this file as it is
        return who
    trusted = bool(status.trusted) and rule is not None
    chain = rule.chain if trusted and rule is not None else None
    issues = rule.types if trusted and rule is not None else ()
    if changed:
        return replace(who, status="modified", covers=covers, chain=chain, issues=issues,
                       revision=_signed_revision(data, emb))
    return replace(who, status="valid" if trusted else "untrusted", covers=covers, chain=chain, issues=issues)


def _usage() -> Any:
    """A document signer's key may say digitalSignature or nonRepudiation (pyHanko asks for the
    latter alone): ICP-Brasil application certificates are issued with either."""
    from pyhanko.sign.validation.settings import KeyUsageConstraints

    return KeyUsageConstraints(key_usage={"digital_signature", "non_repudiation"}, match_all_key_usages=False)


def _context(trust: Trust, roots: list[Any], signed_at: datetime | None) -> Any:
    """Validation at the signing time the signature states (now when it states none), offline."""
    from asn1crypto import x509  # type: ignore[import-untyped]
    from pyhanko_certvalidator import ValidationContext

    return ValidationContext(
        trust_roots=[x509.Certificate.load(a.der) for a in roots],
        other_certs=[x509.Certificate.load(a.der) for a in trust.intermediates],
        moment=signed_at or datetime.now(timezone.utc),
        allow_fetching=False, revocation_mode="soft-fail")


def _signed_revision(data: bytes, emb: EmbeddedPdfSignature) -> bytes:
    """The bytes the signature covers, as a file: up to the end of its byte range."""
    start, first, second, length = (int(x) for x in emb.sig_object["/ByteRange"])
    return data[: second + length]


def cnpj(cert_der: bytes) -> str | None:
    """The CNPJ an ICP-Brasil certificate carries in its subjectAltName's otherName."""
    from cryptography import x509

    try:
        cert = x509.load_der_x509_certificate(cert_der)
        names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, x509.ExtensionNotFound):
        return None
    for other in names.get_values_for_type(x509.OtherName):
        if other.type_id.dotted_string == CNPJ_OID:
            m = _CNPJ.search(_der_content(other.value).decode("latin-1").upper())
            if m:
                return m.group(0)
    return None


def _der_content(value: bytes) -> bytes:
    """The content of a DER value (an OCTET STRING or a string type: the tag and length off)."""
    if len(value) < 2:
        return value
    size = value[1]
    if size < 0x80:
        return value[2:2 + size]
    n = size & 0x7F
    return value[2 + n:]


def signed(data: bytes, ext: Extraction, docs: list[Document],
           read_revision: Callable[[bytes], list[Document]]) -> list[Document]:
    """The documents of a PDF, each with its `signature`; for a file changed after it was
    signed, the documents of the revision the signature covers (what the issuer signed), with
    the fields the file shows otherwise as `changes`. Images are returned as they are."""
    if ext.media_type != "application/pdf":
        return docs
    found = None
    if has_signature(data):
        try:
            found = verify(data, anchors.load(anchors.trust_dir()))
        except anchors.TrustError as e:  # an operator's broken trust folder: nothing can be trusted
            log.error("trust folder unusable: %s", e)
            found = Verified(status="untrusted")
    if found is None:
        stated = any(_STATES_SIGNED.search(" ".join(w.text for line in page.lines for w in line.words))
                     for page in ext.pages if page.source == "pdf_text")
        return [d.model_copy(update={"signature": Signature(
            status="unsigned", stated=True if stated and d.text_source != "ocr" else None)}) for d in docs]
    changes: list[list[SignedChange]] = [[] for _ in docs]
    if found.status == "modified" and found.revision is not None:
        shown = docs
        try:
            docs = read_revision(found.revision)
        except Exception as e:  # what was signed cannot be read: the file stays `modified` (never ok)
            log.warning("signed revision unreadable: %s", type(e).__name__)
            docs = shown
        same = len(docs) == len(shown)  # the same segments: each keeps the id it had
        docs = [d.model_copy(update={"id": shown[i].id if same else d.id, "sha256": shown[0].sha256})
                for i, d in enumerate(docs)]
        changes = [_changes(d, shown[i]) if i < len(shown) else [] for i, d in enumerate(docs)]
    return [d.model_copy(update={"signature": _signature(found, d, c)}) for d, c in zip(docs, changes)]


def _changes(signed_doc: Document, shown: Document) -> list[SignedChange]:
    """The fields the file shows otherwise than the signed revision reads them."""
    if shown.type != signed_doc.type:
        return [SignedChange(field="tipo", signed=signed_doc.type, shown=shown.type)]
    out = []
    for name in sorted(set(signed_doc.fields) | set(shown.fields)):
        a, b = signed_doc.value(name), shown.value(name)
        if a != b:
            out.append(SignedChange(field=name, signed=a, shown=b))
    return out


def _signature(found: Verified, doc: Document, changes: list[SignedChange]) -> Signature:
    status = found.status
    if status == "valid" and doc.type not in found.issues:
        status = "untrusted"  # a signer that does not issue this type vouches for nothing here
    return Signature(status=status, signer=found.signer, signer_document=found.signer_document,
                     signed_at=found.signed_at.isoformat() if found.signed_at else None, covers=found.covers,
                     chain=found.chain, changes=(changes or None) if status == "modified" else None,
                     signed_bytes=len(found.revision) if status == "modified" and found.revision else None)
