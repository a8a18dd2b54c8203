"""A PKI made at test time and PDFs signed with it, as a DETRAN signs its CRLV-e and CNH-e and
as the parties sign a contract.

`cryptography` makes an ICP-Brasil-like root and intermediate ("ICP-Teste") with a "DETRAN-XX"
leaf (the CNPJ in an ICP-Brasil otherName, as the real ones carry it), e-CNPJ-like and e-CPF-like
leaves (otherName 2.16.76.1.3.3 the CNPJ; 2.16.76.1.3.1 the birth date then the CPF, as
DOC-ICP-04 lays it out), and a gov.br-like chain ("GovBr-Teste": root, intermediate, final AC)
with a citizen's leaf; pyHanko signs the project's own samples with `/adbe.pkcs7.detached`, the
leaf alone embedded (the intermediates come from the trust folder, as for the real chains).
`trust_dir` writes a trust folder of the same layout as intake/signatures/trust/ for FRETADOC_TRUST_DIR.
The forgeries are made as a forger would make them.
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
CPF_OID = x509.ObjectIdentifier("2.16.76.1.3.1")
DETRAN_CNPJ = "92821701000100"  # (check digits valid; no DETRAN's: the test PKI's own)
# the parties of the sample contract samples/documents/digital/contrato-escola.pdf (as it prints them)
CONTRACTOR_CNPJ = "86185081000167"
CARRIER_CNPJ = "41318410000162"


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
          cnpj: str | None = None, cpf: str | None = None, birth: str = "15031980") -> Issued:
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
        # ICP-Brasil application certificate may be issued so; intake/signatures/__init__.py accepts either)
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=False, key_encipherment=True, data_encipherment=False,
            key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False),
            critical=True)
    names = []
    if cnpj:
        # OCTET STRING of the digits, as ICP-Brasil certificates carry it
        names.append(x509.OtherName(CNPJ_OID, bytes([0x04, len(cnpj)]) + cnpj.encode()))
    if cpf:
        # DOC-ICP-04: birth date (8), CPF (11), NIS (11), RG (15), issuer and UF (6)
        value = (birth + cpf + "0" * 11 + "0" * 15 + "SSPRS ").encode()
        names.append(x509.OtherName(CPF_OID, bytes([0x04, len(value)]) + value))
    if names:
        builder = builder.add_extension(x509.SubjectAlternativeName(names), critical=False)
    return Issued(builder.sign(signer_key, hashes.SHA256()), key)


@dataclass(frozen=True)
class Pki:
    root: Issued
    intermediate: Issued
    leaf: Issued  # "DETRAN-XX", valid a year from VALID_FROM
    expired_leaf: Issued  # "DETRAN-XX", valid only during 2024
    self_signed: Issued  # "DETRAN-XX" of nobody's chain
    impostor: Issued  # "DETRAN-XX" of the test chain, with another CNPJ
    contractor: Issued  # e-CNPJ of the sample contract's contratante
    carrier: Issued  # e-CNPJ of its contratada
    person: Issued  # e-CPF of someone else
    stranger: Issued  # e-CNPJ of a company that is no party
    gov_root: Issued
    gov_inter: Issued
    gov_final: Issued
    citizen: Issued  # a gov.br signature's certificate (CPF)
    unknown_ac: Issued  # an AC of the test root that no trust folder names
    orphan: Issued  # e-CNPJ of the carrier issued by `unknown_ac`


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
    year = dict(not_before=NOW - timedelta(days=30), not_after=NOW + timedelta(days=335))
    impostor = issue("DETRAN-XX", inter, ca=False, cnpj="11222333000181", **year)
    contractor = issue("ESCOLA TESTE LTDA:86185081000167", inter, ca=False, cnpj=CONTRACTOR_CNPJ, **year)
    carrier = issue("TRANSPORTES TESTE LTDA:41318410000162", inter, ca=False, cnpj=CARRIER_CNPJ, **year)
    person = issue("FULANO DE TAL:52998224725", inter, ca=False, cpf="52998224725", **year)
    stranger = issue("OUTRA EMPRESA LTDA:11444777000161", inter, ca=False, cnpj="11444777000161", **year)
    gov_root = issue("AC Raiz GovBr de Teste", None, ca=True, not_before=far_past, not_after=far_future)
    gov_inter = issue("AC Intermediaria GovBr de Teste", gov_root, ca=True, not_before=far_past, not_after=far_future)
    gov_final = issue("AC Final GovBr de Teste", gov_inter, ca=True, not_before=far_past, not_after=far_future)
    citizen = issue("CIDADAO DE TESTE", gov_final, ca=False, cpf="52998224725", **year)
    unknown_ac = issue("AC Desconhecida de Teste", root, ca=True, not_before=far_past, not_after=far_future)
    orphan = issue("TRANSPORTES TESTE LTDA:41318410000162", unknown_ac, ca=False, cnpj=CARRIER_CNPJ, **year)
    return Pki(root, inter, leaf, old, fake, impostor, contractor, carrier, person, stranger,
               gov_root, gov_inter, gov_final, citizen, unknown_ac, orphan)


def trust_dir(pki: Pki, where: Path) -> Path:
    """A trust folder naming the test chains (ICP-Teste, a qualified chain; GovBr-Teste, an
    advanced one), the DETRAN-XX by its CNPJ issuing crlv, crv, cnh, and the parties of a
    contract."""
    where.mkdir(parents=True, exist_ok=True)
    (where / "teste").mkdir(exist_ok=True)
    (where / "govbr").mkdir(exist_ok=True)
    (where / "teste" / "raiz.pem").write_bytes(pki.root.pem)
    (where / "teste" / "intermediaria.pem").write_bytes(pki.intermediate.pem)
    for name, c in (("raiz", pki.gov_root), ("intermediaria", pki.gov_inter), ("final", pki.gov_final)):
        (where / "govbr" / f"{name}.pem").write_bytes(c.pem)
    (where / "anchors.yaml").write_text(f"""\
chains: {{ICP-Teste: qualificada, GovBr-Teste: avançada}}
certificates:
  - {{file: teste/raiz.pem, name: AC Raiz de Teste, sha256: {pki.root.sha256}, chain: ICP-Teste, root: true, source: made by the tests}}
  - {{file: teste/intermediaria.pem, name: AC Intermediaria de Teste, sha256: {pki.intermediate.sha256}, chain: ICP-Teste, source: made by the tests}}
  - {{file: govbr/raiz.pem, name: AC Raiz GovBr de Teste, sha256: {pki.gov_root.sha256}, chain: GovBr-Teste, root: true, source: made by the tests}}
  - {{file: govbr/intermediaria.pem, name: AC Intermediaria GovBr de Teste, sha256: {pki.gov_inter.sha256}, chain: GovBr-Teste, source: made by the tests}}
  - {{file: govbr/final.pem, name: AC Final GovBr de Teste, sha256: {pki.gov_final.sha256}, chain: GovBr-Teste, source: made by the tests}}
signers:
  - name: DETRAN-XX
    cnpj: ["{DETRAN_CNPJ}"]
    chain: ICP-Teste
    types: [crlv, crv, cnh]
    source: made by the tests
  - name: parte
    parties: true
    chain: [ICP-Teste, GovBr-Teste]
    types: [contrato_fretamento]
    source: made by the tests
""", encoding="utf-8")
    return where


def sign(pdf: bytes, who: Issued, *, at: datetime | None = None, field: str = "AssinaturaDETRAN") -> bytes:
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
    meta = signers.PdfSignatureMetadata(field_name=field, subfilter=SigSeedSubFilter.ADOBE_PKCS7_DETACHED,
                                        md_algorithm="sha256")

    class Dated(signers.PdfSigner):
        def init_signing_session(self, pdf_out, existing_fields_only=False):  # type: ignore[no-untyped-def]
            session = super().init_signing_session(pdf_out, existing_fields_only)
            if at is not None:  # pyHanko signs "now"; a DETRAN's file of last year states its own day
                session.system_time = at
            return session

    out = Dated(meta, signer=signer).sign_pdf(IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False))
    return out.getvalue()


def crl(issuer: Issued, revoked: tuple[Issued, ...] = ()) -> x509.CertificateRevocationList:
    """A CRL of `issuer`, current, listing `revoked`."""
    b = (x509.CertificateRevocationListBuilder().issuer_name(issuer.cert.subject)
         .last_update(NOW - timedelta(days=1)).next_update(NOW + timedelta(days=6)))
    for c in revoked:
        b = b.add_revoked_certificate(x509.RevokedCertificateBuilder().serial_number(c.cert.serial_number)
                                      .revocation_date(NOW - timedelta(days=2)).build())
    return b.sign(issuer.key, hashes.SHA256())


def sign_with_revocation(pdf: bytes, who: Issued, pki: Pki, crls: list[x509.CertificateRevocationList]) -> bytes:
    """The PDF signed by `who` with `crls` inside the CMS (Adobe's revocationInfoArchival), as a
    signer that embeds its validation data does."""
    from asn1crypto import crl as asn1_crl, keys, x509 as asn1_x509
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import signers
    from pyhanko.sign.fields import SigSeedSubFilter
    from pyhanko_certvalidator import ValidationContext
    from pyhanko_certvalidator.registry import SimpleCertificateStore

    def der(c: Issued) -> asn1_x509.Certificate:
        return asn1_x509.Certificate.load(c.cert.public_bytes(serialization.Encoding.DER))

    signer = signers.SimpleSigner(
        signing_cert=der(who), cert_registry=SimpleCertificateStore.from_certs([der(pki.intermediate)]),
        signing_key=keys.PrivateKeyInfo.load(who.key.private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())))
    vc = ValidationContext(trust_roots=[der(pki.root)], other_certs=[der(pki.intermediate)], allow_fetching=False,
                           crls=[asn1_crl.CertificateList.load(c.public_bytes(serialization.Encoding.DER)) for c in crls],
                           revocation_mode="soft-fail")
    meta = signers.PdfSignatureMetadata(field_name="Assinatura", subfilter=SigSeedSubFilter.ADOBE_PKCS7_DETACHED,
                                        md_algorithm="sha256", embed_validation_info=True, validation_context=vc,
                                        signer_key_usage={"digital_signature"})
    return signers.PdfSigner(meta, signer=signer).sign_pdf(IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)).getvalue()


def with_dss(signed: bytes, crls: list[x509.CertificateRevocationList]) -> bytes:
    """The signed PDF with a DSS holding `crls` appended as an incremental update (what an
    archiving tool adds after signing; PAdES-LT)."""
    from asn1crypto import crl as asn1_crl
    from pyhanko.sign.validation.dss import DocumentSecurityStore

    out = io.BytesIO(signed)
    DocumentSecurityStore.add_dss(out, None, crls=[asn1_crl.CertificateList.load(
        c.public_bytes(serialization.Encoding.DER)) for c in crls], force_write=True)
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
