"""The digital signatures on a PDF, verified with pyHanko against the trust anchors.

What is read of each signature: who signed (the certificate's CN, the CNPJ an ICP-Brasil
certificate of a legal person carries in its otherName 2.16.76.1.3.3, the CPF one of a natural
person carries in 2.16.76.1.3.1), when (the signing time it states; no timestamp token is
embedded in a DETRAN's), whether the signed bytes are intact, what it covers (the whole file, or
a revision followed by updates that pyHanko's difference analysis judges: a contract's later
signatures are no change to what an earlier party signed), and which chain of the anchors
(intake/signatures/anchors.py: ICP-Brasil, gov.br) its certificate reaches at that signing time: a DETRAN's
certificate lives a year or so, and an authentic CRLV-e of last year must not look untrusted.
When no chain is reached, why: the issuer no anchor holds (named), a certificate of the chain
expired at the signing time. Offline: no CRL or OCSP is fetched; revocation data the file
carries (its DSS, or CRLs and OCSP responses inside the signature) is used when present.

Who may sign which type is the signer rules' (by CNPJ; a name is a fallback): the issuer of a
CRLV-e or CNH-e, or the parties of a contract (matched to its CNPJs and CPFs by the validators).

pyHanko is imported only for a file whose bytes hold a signature dictionary (has_signature):
reading an unsigned PDF or an image costs nothing more, and loads no anchor.
"""

from __future__ import annotations

import io
import logging
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from domain.documents import Document, Signature, SignedBy, SignedChange, UntrustedReason
from domain.ids import cnpj as cnpj_id
from domain.ids import cpf as cpf_id
from intake.signatures import anchors
from intake.signatures.anchors import SignerRule, Trust
from ocr.model import Extraction

if TYPE_CHECKING:
    from pyhanko.sign.validation.pdf_embedded import EmbeddedPdfSignature

log = logging.getLogger(__name__)

CNPJ_OID = "2.16.76.1.3.3"  # ICP-Brasil: the CNPJ of the legal person a certificate is issued to
# ICP-Brasil (DOC-ICP-04): a natural person's data, the birth date (ddmmaaaa) then the CPF (11 digits)
CPF_OID = "2.16.76.1.3.1"
# A signature dictionary cannot live in an object stream (its /Contents is found by byte
# offset), so its /ByteRange is always in the file's bytes as written.
_BYTE_RANGE = re.compile(rb"/ByteRange\s*\[")
# what an issued file prints of its own signature: the CRLV-e's 'ASSINADO DIGITALMENTE PELO
# DETRAN', the CNH-e's 'Documento assinado digitalmente com certificado do ...'
_STATES_SIGNED = re.compile(r"\bASSINADO\s+DIGITALMENTE\b", re.I)
# what the law calls a signature of each chain (Law 14.063/2020, art. 4º); a trust folder may say otherwise
LEVELS = {"ICP-Brasil": "qualificada", "gov.br": "avançada"}

FileStatus = Literal["valid", "modified", "invalid", "untrusted"]


def has_signature(data: bytes) -> bool:
    """Whether a PDF's bytes hold a signature dictionary (a byte scan: nothing is parsed)."""
    return data[:1024].lstrip().startswith(b"%PDF") and _BYTE_RANGE.search(data) is not None


@dataclass(frozen=True)
class One:
    """One signature of a file, judged for the file (the document type is judged later).
    `valid`: intact, what follows it only further signatures or archival updates, the chain
    reached; `untrusted`: intact, no anchor reached (`reason`)."""
    status: FileStatus
    common_name: str | None = None
    cnpj: str | None = None
    cpf: str | None = None
    signed_at: datetime | None = None
    covers: Literal["whole_file", "revision"] | None = None
    chain: str | None = None  # of the anchor reached
    root: str | None = None  # the anchor file reached
    reason: UntrustedReason | None = None
    missing_issuer: str | None = None
    revocation_checked: bool = False
    revision: bytes | None = field(default=None, repr=False)  # `modified`: the bytes it signed
    # followed only by further signatures (a contract's other party): intact for a contract; for
    # an issuer's document a change all the same (a signature's appearance can paint over a page)
    later_signatures: bool = False


@dataclass(frozen=True)
class Verified:
    """The signatures of one file, in signing order (empty: a structure that cannot be followed)."""
    signatures: tuple[One, ...]
    trust: Trust | None = None


def verify(data: bytes, trust: Trust) -> Verified | None:
    """Every signature of the file, None when it holds none pyHanko can find."""
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
        return Verified((), trust)
    if not embedded:
        return None
    fields = {str(e.field_name) for e in embedded}
    revinfo = _revocation_data(reader)
    return Verified(tuple(_verify_one(data, emb, trust, fields, revinfo) for emb in embedded), trust)


def _import_pyhanko() -> None:
    """Load pyHanko's validation without the deprecation warning its signing side prints on
    stderr (it imports cryptography's DSA keys): a clerk's terminal shows our lines only."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.filterwarnings("ignore", message=".*deprecated")  # (cryptography's own kind: a UserWarning)
        import pyhanko.sign.validation  # noqa: F401


def _revocation_data(reader: Any) -> tuple[list[Any], list[Any], list[Any]]:
    """The certificates, CRLs and OCSP responses of the file's DSS (empty without one)."""
    from pyhanko.sign.validation.dss import DocumentSecurityStore, NoDSSFoundError

    try:
        dss = DocumentSecurityStore.read_dss(reader)
        vc = dss.as_validation_context({"allow_fetching": False, "trust_roots": []})  # (none: not the OS list)
        return list(dss.load_certs()), list(vc.crls), list(vc.ocsps)
    except NoDSSFoundError:
        return [], [], []
    except Exception as e:  # a DSS that cannot be read adds nothing: revocation stays unchecked
        log.info("DSS unreadable: %s", type(e).__name__)
        return [], [], []


def _cms_revocation(emb: EmbeddedPdfSignature) -> tuple[list[Any], list[Any]]:
    """CRLs and OCSP responses inside the CMS (Adobe's revocationInfoArchival signed attribute)."""
    crls: list[Any] = []
    ocsps: list[Any] = []
    try:
        for attr in emb.signer_info["signed_attrs"]:
            if attr["type"].dotted == "1.2.840.113583.1.1.8":
                for value in attr["values"]:
                    info = value.native if hasattr(value, "native") else {}
                    for crl in value["crl"] if "crl" in info and info["crl"] else []:
                        crls.append(crl)
                    for resp in value["ocsp"] if "ocsp" in info and info["ocsp"] else []:
                        ocsps.append(resp)
    except Exception as e:  # nothing usable: revocation stays unchecked
        log.info("revocation attribute unreadable: %s", type(e).__name__)
    return crls, ocsps


def _verify_one(data: bytes, emb: EmbeddedPdfSignature, trust: Trust, fields: set[str],
                revinfo: tuple[list[Any], list[Any], list[Any]]) -> One:
    from pyhanko.sign.diff_analysis import DiffResult, ModificationLevel, SuspiciousModification
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.status import SignatureCoverageLevel

    try:
        cert = emb.signer_cert
        cn = str(cert.subject.native.get("common_name") or "") or None
        signed_at = emb.self_reported_timestamp
        der = cert.dump()
    except Exception as e:  # a CMS blob pyHanko cannot take apart: nothing signed can be shown
        log.info("signature container unreadable: %s", type(e).__name__)
        return One(status="invalid")
    # who and when, whatever the verdict ('invalid' until shown otherwise)
    who = One(status="invalid", common_name=cn, cnpj=cnpj(der), cpf=cpf(der), signed_at=signed_at)
    certs, crls, ocsps = revinfo
    cms_crls, cms_ocsps = _cms_revocation(emb)
    crls, ocsps = crls + cms_crls, ocsps + cms_ocsps
    moment = signed_at or datetime.now(timezone.utc)
    try:
        status = validate_pdf_signature(emb, _context(trust, moment, certs, crls, ocsps, "soft-fail"),
                                        key_usage_settings=_usage())
    except Exception as e:  # pyHanko refuses what it cannot evaluate: the signature proves nothing
        log.info("signature validation failed: %s", type(e).__name__)
        return who
    if not (status.intact and status.valid):
        return who
    coverage = status.coverage
    if coverage == SignatureCoverageLevel.ENTIRE_FILE:
        covers: Literal["whole_file", "revision"] = "whole_file"
        changed = later_signatures = False
    elif coverage == SignatureCoverageLevel.ENTIRE_REVISION:
        covers = "revision"
        level = status.modification_level
        diff = status.diff_result
        # archival updates (DSS, document timestamps) leave what was signed as it was shown, and
        # so do further signatures (a contract's other party): form filling that touched no field
        # but the file's own signature fields
        later_signatures = isinstance(diff, DiffResult) and level == ModificationLevel.FORM_FILLING and \
            bool(diff.changed_form_fields) and set(map(str, diff.changed_form_fields)) <= fields
        changed = isinstance(diff, SuspiciousModification) or level is None or \
            (level > ModificationLevel.LTA_UPDATES and not later_signatures)
    else:  # the byte range does not end a revision: not a signature of this file as it is
        return who
    root = _root_reached(trust, status) if status.trusted else None
    chain = root.chain or _rule_chain(trust, root.file) if root is not None else None
    reason, missing = (None, None) if root is not None else _why_untrusted(trust, der, moment)
    checked = False
    if root is not None and (crls or ocsps):
        # revocation data at hand: judged again with it required for every certificate of the path (the
        # root aside); checked only when that holds, and a certificate it shows revoked is trusted no more
        try:
            hard = validate_pdf_signature(emb, _context(trust, moment, certs, crls, ocsps, "require"),
                                          key_usage_settings=_usage())
            checked = bool(hard.trusted)
            if hard.revoked:
                checked = True
                root, chain, reason, missing = None, None, "certificado_revogado", None
        except Exception as e:
            log.info("revocation check failed: %s", type(e).__name__)
    judged = replace(who, covers=covers, chain=chain, root=root.file if root else None, reason=reason,
                     missing_issuer=missing, revocation_checked=checked, later_signatures=later_signatures)
    if changed:
        return replace(judged, status="modified", revision=_signed_revision(data, emb))
    if later_signatures:  # (the bytes it signed, should the document be an issuer's)
        judged = replace(judged, revision=_signed_revision(data, emb))
    return replace(judged, status="valid" if root is not None else "untrusted")


def _root_reached(trust: Trust, status: Any) -> anchors.Anchor | None:
    import hashlib

    path = status.validation_path
    if path is None:
        return None
    try:
        return trust.anchor(hashlib.sha256(path[0].dump()).hexdigest())
    except Exception:  # a path whose root is no certificate: none of ours
        return None


def _rule_chain(trust: Trust, root_file: str) -> str | None:
    """The chain name of a root its certificate line does not name (the rule's)."""
    return next((r.chain for r in trust.signers if root_file in r.roots and r.chain), None)


@cache
def _parsed(directory: Any, anchors_: tuple[anchors.Anchor, ...]) -> list[tuple[anchors.Anchor, Any]]:
    from cryptography import x509

    out = []
    for a in anchors_:
        try:
            out.append((a, x509.load_der_x509_certificate(a.der)))
        except ValueError:
            continue
    return out


def _why_untrusted(trust: Trust, leaf_der: bytes, moment: datetime) -> tuple[UntrustedReason, str | None]:
    """Why a certificate reaches no anchor: the first issuer up its chain that no anchor holds
    (named by its CN), a certificate of the chain not valid at the signing time, or else a chain
    that does not validate."""
    from cryptography import x509
    from cryptography.x509.oid import NameOID

    def name(n: x509.Name) -> str:
        got = n.get_attributes_for_oid(NameOID.COMMON_NAME)
        return str(got[0].value) if got else n.rfc4514_string()

    try:
        cert = x509.load_der_x509_certificate(leaf_der)
    except ValueError:
        return "cadeia_invalida", None
    known = _parsed(trust.directory, trust.anchors)
    path = [cert]
    for _ in range(12):
        if cert.issuer == cert.subject and any(c == cert for a, c in known if a.root):
            break
        issuers = []
        for a, c in known:
            if c.subject != cert.issuer:
                continue
            try:
                cert.verify_directly_issued_by(c)
                issuers.append(c)
            except Exception:  # another key under the same name (a renewed AC): not this one's issuer
                continue
        if not issuers:
            return "emissor_ausente", name(cert.issuer)
        # of several, the one valid at the signing time
        cert = next((c for c in issuers if c.not_valid_before_utc <= moment <= c.not_valid_after_utc), issuers[0])
        if cert in path:
            break
        path.append(cert)
    for c in path:
        if not (c.not_valid_before_utc <= moment <= c.not_valid_after_utc):
            return "cadeia_expirada", None
    return "cadeia_invalida", None


def _usage() -> Any:
    """A document signer's key may say digitalSignature or nonRepudiation (pyHanko asks for the
    latter alone): ICP-Brasil application certificates are issued with either."""
    from pyhanko.sign.validation.settings import KeyUsageConstraints

    return KeyUsageConstraints(key_usage={"digital_signature", "non_repudiation"}, match_all_key_usages=False)


@cache
def _asn1(trust: Trust) -> tuple[list[Any], list[Any]]:
    from asn1crypto import x509  # type: ignore[import-untyped]

    return [x509.Certificate.load(a.der) for a in trust.roots], [x509.Certificate.load(a.der) for a in trust.intermediates]


def _context(trust: Trust, moment: datetime, certs: list[Any], crls: list[Any], ocsps: list[Any],
             mode: str) -> Any:
    """Validation at the signing time the signature states (now when it states none), offline,
    against every chain of the anchors (which chain a signer must reach is the rules')."""
    from pyhanko_certvalidator import ValidationContext

    roots, intermediates = _asn1(trust)
    return ValidationContext(trust_roots=roots, other_certs=intermediates + certs, moment=moment,
                             crls=crls, ocsps=ocsps, allow_fetching=False, revocation_mode=mode)


def _signed_revision(data: bytes, emb: EmbeddedPdfSignature) -> bytes:
    """The bytes the signature covers, as a file: up to the end of its byte range."""
    start, first, second, length = (int(x) for x in emb.sig_object["/ByteRange"])
    return data[: second + length]


def _other_names(cert_der: bytes) -> dict[str, str]:
    """The otherName values of the certificate's subjectAltName, by OID, as text."""
    from cryptography import x509

    try:
        cert = x509.load_der_x509_certificate(cert_der)
        names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, x509.ExtensionNotFound):
        return {}
    return {o.type_id.dotted_string: _der_content(o.value).decode("latin-1")
            for o in names.get_values_for_type(x509.OtherName)}


def cnpj(cert_der: bytes) -> str | None:
    """The CNPJ an ICP-Brasil certificate of a legal person carries in its otherName."""
    m = cnpj_id.SHAPE.search(_other_names(cert_der).get(CNPJ_OID, "").upper())
    return m.group(0) if m else None


def cpf(cert_der: bytes) -> str | None:
    """The CPF a certificate of a natural person carries: in ICP-Brasil's otherName after the
    8-digit birth date (DOC-ICP-04); else, where a chain puts it in the subject, its serialNumber
    or the CN's ':CPF' suffix (the e-CPF's 'NAME:CPF'), which its AC attests as well. Only a
    number with valid check digits counts."""
    from cryptography import x509
    from cryptography.x509.oid import NameOID

    value = _other_names(cert_der).get(CPF_OID, "")
    found = [value[8:19]]
    try:
        subject = x509.load_der_x509_certificate(cert_der).subject
        found += [str(a.value) for a in subject.get_attributes_for_oid(NameOID.SERIAL_NUMBER)]
        found += [str(a.value).rsplit(":", 1)[-1] for a in subject.get_attributes_for_oid(NameOID.COMMON_NAME)
                  if ":" in str(a.value)]
    except ValueError:
        pass
    for digits in (re.sub(r"\D", "", f) for f in found):
        if cpf_id.is_valid(digits):
            return digits
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
    signed, the documents of the revision the signature covers (what was signed), with the
    fields the file shows otherwise as `changes`. Images are returned as they are."""
    if ext.media_type != "application/pdf":
        return docs
    found = None
    if has_signature(data):
        try:
            found = verify(data, anchors.load(anchors.trust_dir()))
        except anchors.TrustError as e:  # an operator's broken trust folder: nothing can be trusted
            log.error("trust folder unusable: %s", e)
            found = Verified((One(status="untrusted", reason="cadeia_invalida"),))
    if found is not None and found.trust is not None and \
            not any(r.parties and d.type in r.types for r in found.trust.signers for d in docs):
        # not a document its parties sign: anything added after a signature, another signature
        # included, is a change to what its issuer signed
        found = replace(found, signatures=tuple(
            replace(s, status="modified") if s.later_signatures and s.status in ("valid", "untrusted") else s
            for s in found.signatures))
    if found is None:
        stated = any(_STATES_SIGNED.search(" ".join(w.text for line in page.lines for w in line.words))
                     for page in ext.pages if page.source == "pdf_text")
        return [d.model_copy(update={"signature": Signature(
            status="unsigned", stated=True if stated and d.text_source != "ocr" else None)}) for d in docs]
    modified = next((s for s in found.signatures if s.status == "modified" and s.revision is not None), None)
    changes: list[list[SignedChange]] = [[] for _ in docs]
    if modified is not None and modified.revision is not None:
        shown = docs
        try:
            docs = read_revision(modified.revision)
        except Exception as e:  # what was signed cannot be read: the file stays `modified` (never ok)
            log.warning("signed revision unreadable: %s", type(e).__name__)
            docs = shown
        same = len(docs) == len(shown)  # the same segments: each keeps the id it had
        docs = [d.model_copy(update={"id": shown[i].id if same else d.id, "sha256": shown[0].sha256})
                for i, d in enumerate(docs)]
        changes = [_changes(d, shown[i]) if i < len(shown) else [] for i, d in enumerate(docs)]
    return [d.model_copy(update={"signature": judged(found, d.type, c)}) for d, c in zip(docs, changes)]


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


def _match(trust: Trust | None, one: One, doc_type: str) -> tuple[SignerRule, str] | None:
    """The rule that lets this signature's signer sign `doc_type` (its chain reached that rule's
    roots), with the signer's name. A signer an issuer rule names (a DETRAN) signs as that
    issuer only, never as a contract's party."""
    if trust is None or one.root is None:
        return None
    issuer = any(not r.parties and r.signer(one.common_name or "", one.cnpj) for r in trust.signers)
    for rule in trust.rules_for(doc_type):
        if rule.parties and issuer:
            continue
        name = rule.signer(one.common_name or "", one.cnpj)
        if name and one.root in rule.roots:
            return rule, name
    return None


def _named(trust: Trust | None, one: One) -> str | None:
    """How a result names the signer: an issuer rule's label ('DETRAN-RS'), else the CN."""
    for rule in trust.signers if trust else ():
        if not rule.parties and (name := rule.signer(one.common_name or "", one.cnpj)):
            return name
    return one.common_name


def _level(trust: Trust | None, chain: str | None) -> Any:
    if chain is None:
        return None
    levels = {**LEVELS, **(trust.levels if trust else {})}
    return levels.get(chain)


def judged(found: Verified, doc_type: str, changes: list[SignedChange]) -> Signature:
    """The document's signature: for a type its issuer signs (a CRLV-e), the signature a rule
    names for it (the earliest such, else the first); for a type its parties sign (a contract),
    all of them: `valid` only when each is intact, by a signer its rules allow, and the file is
    covered whole."""
    trust = found.trust
    sigs = found.signatures
    if not sigs:
        return Signature(status="invalid")
    signers = [_signed_by(trust, s, doc_type) for s in sigs]
    by_parties = any(r.parties for r in (trust.rules_for(doc_type) if trust else []))
    if by_parties:
        modified = next((s for s in sigs if s.status == "modified"), None)
        main = next((s for s in sigs if s.status == "invalid"), None) or modified or \
            next((s for s in sigs if s.status == "untrusted" or _match(trust, s, doc_type) is None), None) or sigs[-1]
        covers: Literal["whole_file", "revision"] | None = \
            "whole_file" if any(s.covers == "whole_file" for s in sigs) else main.covers
        names = [n for n in dict.fromkeys(x.name for x in signers) if n]
        signer = " e ".join(names) or None
        chains = [c for c in dict.fromkeys(s.chain for s in sigs) if c]
        chain = " e ".join(chains) if all(s.chain for s in sigs) else None
        levels = {x.level for x in signers}
        level = next(iter(levels)) if len(levels) == 1 else None
    else:
        matched = [s for s in sigs if _match(trust, s, doc_type)]
        main = (matched or [s for s in sigs if _named(trust, s) != s.common_name] or list(sigs))[0]
        covers, signer, chain = main.covers, _named(trust, main), main.chain
        level = _level(trust, chain)
    status: Any = main.status
    reason, missing = main.reason, main.missing_issuer
    if status == "valid" and _match(trust, main, doc_type) is None:
        status, reason = "untrusted", "signatario_nao_autorizado"  # a signer that does not sign this type
    if status == "valid":
        reason = missing = None
    return Signature(status=status, signer=signer, signer_document=main.cnpj or main.cpf,
                     signed_at=main.signed_at.isoformat() if main.signed_at else None, covers=covers,
                     revocation_checked=all(s.revocation_checked for s in sigs),
                     chain=chain if status in ("valid", "modified") else None,
                     changes=(changes or None) if status == "modified" else None,
                     signed_bytes=len(main.revision) if status == "modified" and main.revision else None,
                     reason=reason if status == "untrusted" else None,
                     missing_issuer=missing if status == "untrusted" else None,
                     level=level if status == "valid" else None, signers=signers)


def _signed_by(trust: Trust | None, one: One, doc_type: str) -> SignedBy:
    status: Any = one.status
    reason = one.reason
    if status == "valid" and _match(trust, one, doc_type) is None:
        status, reason = "untrusted", "signatario_nao_autorizado"
    return SignedBy(status=status, name=_named(trust, one), cnpj=one.cnpj, cpf=one.cpf, chain=one.chain,
                    level=_level(trust, one.chain) if status == "valid" else None,
                    signed_at=one.signed_at.isoformat() if one.signed_at else None, covers=one.covers,
                    reason=reason if status == "untrusted" else None,
                    missing_issuer=one.missing_issuer if status == "untrusted" else None)
