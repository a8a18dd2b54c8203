"""A PKI made at test time and PDFs signed with it, as a DETRAN signs its CRLV-e and CNH-e.

`cryptography` makes a root, an intermediate and a "DETRAN-XX" leaf (with the CNPJ in an
ICP-Brasil otherName, as the real ones carry it); pyHanko signs the project's own samples with
`/adbe.pkcs7.detached`, the leaf alone embedded (the intermediate comes from the trust folder,
as for the real chain). `trust_dir` writes a trust folder of the same layout as
intake/trust/ for FRETADOC_TRUST_DIR. The forgeries are made as a forger would make them.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID

CNPJ_OID = x509.ObjectIdentifier("2.16.76.1.3.3")
DETRAN_CNPJ = "92821701000100"


@dataclass(frozen=True)
class Issued:
    cert: x509.Certificate
    key: rsa.RSAPrivateKey

    @property
    def pem(self) -> bytes:
        return self.cert.public_bytes(serialization.Encoding.PEM)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.cert.public_bytes(serialization.Encoding.DER)).hexdigest()


def _key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Teste"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def issue(cn: str, issuer: Issued | None, *, ca: bool, not_before: datetime, not_after: datetime,
          cnpj: str | None = None) -> Issued:
    """A certificate for `cn`, signed by `issuer` (self-signed when None)."""
    key = _key()
    signer_key = issuer.key if issuer else key
    builder = (x509.CertificateBuilder()
               .subject_name(_name(cn))
               .issuer_name(issuer.cert.subject if issuer else _name(cn))
               .public_key(key.public_key())
               .serial_number(x509.random_serial_number())
               .not_valid_before(not_before).not_valid_after(not_after)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
    if issuer:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer.key.public_key()), critical=False)
    if ca:
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
            key_agreement=False, key_cert_sign=True, crl_sign=True, encipher_only=False, decipher_only=False),
            critical=True)
    else:
        # digitalSignature without nonRepudiation: pyHanko's default alone would refuse it (an
        # ICP-Brasil application certificate may be issued so; intake/signatures.py accepts either)
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=False, key_encipherment=True, data_encipherment=False,
            key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False),
            critical=True)
    if cnpj:
        # OCTET STRING of the digits, as ICP-Brasil certificates carry it
        value = bytes([0x04, len(cnpj)]) + cnpj.encode()
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.OtherName(CNPJ_OID, value)]),
                                        critical=False)
    return Issued(builder.sign(signer_key, hashes.SHA256()), key)


@dataclass(frozen=True)
class Pki:
    root: Issued
    intermediate: Issued
    leaf: Issued  # "DETRAN-XX", valid a year from VALID_FROM
    expired_leaf: Issued  # "DETRAN-XX", valid only during 2024
    self_signed: Issued  # "DETRAN-XX" of nobody's chain


NOW = datetime.now(timezone.utc).replace(microsecond=0)


def make_pki() -> Pki:
    far_past, far_future = NOW - timedelta(days=3650), NOW + timedelta(days=3650)
    root = issue("AC Raiz de Teste", None, ca=True, not_before=far_past, not_after=far_future)
    inter = issue("AC Intermediaria de Teste", root, ca=True, not_before=far_past, not_after=far_future)
    leaf = issue("DETRAN-XX", inter, ca=False, not_before=NOW - timedelta(days=30),
                 not_after=NOW + timedelta(days=335), cnpj=DETRAN_CNPJ)
    old = issue("DETRAN XX", inter, ca=False, not_before=datetime(2024, 1, 1, tzinfo=timezone.utc),
                not_after=datetime(2024, 12, 31, tzinfo=timezone.utc), cnpj=DETRAN_CNPJ)
    fake = issue("DETRAN-XX", None, ca=False, not_before=NOW - timedelta(days=30),
                 not_after=NOW + timedelta(days=335), cnpj=DETRAN_CNPJ)
    return Pki(root, inter, leaf, old, fake)


def trust_dir(pki: Pki, where: Path) -> Path:
    """A trust folder naming the test root and intermediate, DETRANs issuing crlv, crv, cnh."""
    where.mkdir(parents=True, exist_ok=True)
    (where / "teste").mkdir(exist_ok=True)
    (where / "teste" / "raiz.pem").write_bytes(pki.root.pem)
    (where / "teste" / "intermediaria.pem").write_bytes(pki.intermediate.pem)
    (where / "anchors.yaml").write_text(f"""\
certificates:
  - {{file: teste/raiz.pem, name: AC Raiz de Teste, sha256: {pki.root.sha256}, root: true, source: made by the tests}}
  - {{file: teste/intermediaria.pem, name: AC Intermediaria de Teste, sha256: {pki.intermediate.sha256}, source: made by the tests}}
signers:
  - subject: "^DETRAN[ -]?([A-Z]{{2}})$"
    name: "DETRAN-\\\\1"
    chain: ICP-Teste
    roots: [teste/raiz.pem]
    types: [crlv, crv, cnh]
""", encoding="utf-8")
    return where


def sign(pdf: bytes, who: Issued, *, at: datetime | None = None) -> bytes:
    """The PDF signed by `who` (/adbe.pkcs7.detached, only the signer's certificate embedded),
    stating `at` as its signing time (now when None)."""
    from asn1crypto import keys, x509 as asn1_x509
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import signers
    from pyhanko.sign.fields import SigSeedSubFilter
    from pyhanko_certvalidator.registry import SimpleCertificateStore

    signer = signers.SimpleSigner(
        signing_cert=asn1_x509.Certificate.load(who.cert.public_bytes(serialization.Encoding.DER)),
        signing_key=keys.PrivateKeyInfo.load(who.key.private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())),
        cert_registry=SimpleCertificateStore())
    meta = signers.PdfSignatureMetadata(field_name="AssinaturaDETRAN", subfilter=SigSeedSubFilter.ADOBE_PKCS7_DETACHED,
                                        md_algorithm="sha256")

    class Dated(signers.PdfSigner):
        def init_signing_session(self, pdf_out, existing_fields_only=False):  # type: ignore[no-untyped-def]
            session = super().init_signing_session(pdf_out, existing_fields_only)
            if at is not None:  # pyHanko signs "now"; a DETRAN's file of last year states its own day
                session.system_time = at
            return session

    out = Dated(meta, signer=signer).sign_pdf(IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False))
    return out.getvalue()


# -- forgeries, as a forger makes them ------------------------------------------------------------

def incremental_edit(signed: bytes, old: str, new: str) -> bytes:
    """A PDF editor's save: the page's content stream with `old` replaced by `new`, appended as
    an incremental update after the signed bytes (the signature still verifies for its revision)."""
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    w = IncrementalPdfFileWriter(io.BytesIO(signed), strict=False)
    page = w.root["/Pages"]["/Kids"][0].get_object()
    contents = page.raw_get("/Contents")
    refs = list(contents.get_object()) if isinstance(contents.get_object(), generic.ArrayObject) else [contents]
    done = False
    for ref in refs:
        data = ref.get_object().data
        if old.encode("latin-1") in data:
            w.objects[(ref.generation, ref.idnum)] = generic.StreamObject(
                stream_data=data.replace(old.encode("latin-1"), new.encode("latin-1")))
            done = True
    assert done, f"{old!r} not in the page's content"
    out = io.BytesIO()
    w.write(out)
    return out.getvalue()


def rewrite_keeping_signature(signed: bytes, old: str, new: str) -> bytes:
    """The file rewritten whole with the word replaced (a rewrite tool's save), the signature
    dictionary carried over as it was: its byte range now points at other bytes."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(signed)))
    page = writer.pages[0]
    content = page.get_contents()
    assert content is not None
    data = content.get_data()
    assert old.encode("latin-1") in data, f"{old!r} not in the page's content"
    content.set_data(data.replace(old.encode("latin-1"), new.encode("latin-1")))
    page.replace_contents(content)
    out = io.BytesIO()
    writer.write(out)
    got = out.getvalue()
    assert b"/ByteRange" in got
    return got


def without_signature(signed: bytes) -> bytes:
    """The file rewritten without its signature field (what a form flattener or a 'print to PDF'
    leaves): no /ByteRange at all."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(signed)).pages:
        if "/Annots" in page:  # the signature's widget
            del page["/Annots"]
        writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    data = out.getvalue()
    assert re.search(rb"/ByteRange", data) is None
    return data
