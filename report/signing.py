"""The parecer signed as a PDF (PAdES, with pyHanko) by the authority's certificate: an A1
certificate in a PKCS#12 file (.pfx) and its password, given by the operator's settings. The
signature covers the whole file; anyone verifies it against the authority's chain (ICP-Brasil,
or the PKI the tests make)."""

from __future__ import annotations

import io
from pathlib import Path

__all__ = ["SigningError", "sign"]


class SigningError(RuntimeError):
    """The certificate could not be used; the message is for operators (Portuguese)."""


def sign(pdf: bytes, pfx: Path, password: str | None, *, reason: str, location: str | None = None,
         name: str | None = None) -> bytes:
    """The PDF with a PAdES signature (/ETSI.CAdES.detached) by the certificate of `pfx`."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    try:
        signer = signers.SimpleSigner.load_pkcs12(pfx_file=str(pfx), passphrase=password.encode() if password else None)
    except (OSError, ValueError) as exc:
        raise SigningError(f"o certificado do órgão não pôde ser aberto ({type(exc).__name__}): confira o "
                           f"arquivo .pfx e a senha configurados") from None
    if signer is None:
        raise SigningError("o certificado do órgão não pôde ser aberto: confira o arquivo .pfx e a senha configurados")
    meta = signers.PdfSignatureMetadata(field_name="AssinaturaDoOrgao", subfilter=fields.SigSeedSubFilter.PADES,
                                        reason=reason, location=location, name=name)
    out = signers.sign_pdf(IncrementalPdfFileWriter(io.BytesIO(pdf)), meta, signer=signer)
    return out.getvalue()
