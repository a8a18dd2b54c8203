"""A document's signature as people read it: one line for the document's header (the CLI's
`read`, the parecer, the web page) and the words the findings use (validators/checks/authenticity.py)."""

from __future__ import annotations

from datetime import datetime

from domain import doctypes
from domain.documents import Document, Signature

# the signed PDF of these types is the electronic document ('CRLV-e'), not a copy of the paper
_ELECTRONIC = {"crlv": "CRLV-e", "cnh": "CNH-e", "crv": "ATPV-e"}


def doc_name(doc: Document) -> str:
    return _ELECTRONIC.get(doc.type) or doctypes.label(doc.type)


def signed_day(sig: Signature) -> str:
    """The day the signature states, as people write it ('13/08/2024'), or '?'."""
    try:
        return datetime.fromisoformat(sig.signed_at or "").strftime("%d/%m/%Y")
    except ValueError:
        return "?"


def _shown(v: object) -> str:
    return "vazio" if v is None or v == "" else str(v)


def changes_text(sig: Signature) -> str:
    """'categoria assinada PARTICULAR, exibida ALUGUEL; lotacao assinada 22, exibida 44'."""
    return "; ".join(f"{c.field} assinada {_shown(c.signed)}, exibida {_shown(c.shown)}" for c in sig.changes or [])


def by_whom(sig: Signature) -> str:
    return f"pelo {sig.signer or 'signatário desconhecido'} em {signed_day(sig)}"


def why_untrusted(sig: Signature) -> str:
    """Why an intact signature vouches for nothing here, in words for people."""
    if sig.reason == "emissor_ausente":
        issuer = f" {sig.missing_issuer}" if sig.missing_issuer else ""
        return f"a autoridade emissora{issuer} não está entre as cadeias de confiança"
    if sig.reason == "cadeia_expirada":
        return "um certificado da cadeia estava fora da validade na data da assinatura"
    if sig.reason == "certificado_revogado":
        return "a lista de revogação que o arquivo traz revoga um certificado da cadeia"
    if sig.reason == "signatario_nao_autorizado":
        doc = f" (documento {sig.signer_document})" if sig.signer_document else ""
        return f"o signatário{doc} não é emissor reconhecido deste documento"
    return "o certificado não leva a uma autoridade reconhecida"


def revocation(sig: Signature) -> str:
    """Whether revocation was checked: only with the data the file carries (never fetched)."""
    return "revogação verificada com os dados do arquivo" if sig.revocation_checked else "revogação não verificada"


def kind(level: str | None) -> str:
    """What the law calls the signature (Law 14.063/2020, art. 4º), for people."""
    return {"qualificada": "assinatura qualificada (ICP-Brasil)",
            "avançada": "assinatura avançada (gov.br)"}.get(level or "", "")


def headline(doc: Document) -> str | None:
    """The signature on the document's header line; None for an image, and for a scan or a
    PDF that neither is signed nor states it is."""
    sig = doc.signature
    if sig is None:
        return None
    name = doc_name(doc)
    if sig.status == "valid":
        chain = f", cadeia {sig.chain}" if sig.chain else ""
        return f"{name} autêntico: assinado {by_whom(sig)}{chain} ({revocation(sig)})"
    if sig.status == "modified":
        what = changes_text(sig)
        return f"{name} alterado depois de assinado {by_whom(sig)}" + (f": {what}" if what else "") + \
            " (lido como assinado)"
    if sig.status == "invalid":
        return f"{name} com assinatura inválida: o arquivo não corresponde ao que foi assinado"
    if sig.status == "untrusted":
        return f"{name} assinado {by_whom(sig)}, mas {why_untrusted(sig)}"
    if sig.stated and doc.text_source == "pdf_text":
        return f"{name} sem assinatura digital, embora se declare assinado: é uma cópia, não o arquivo emitido"
    return None
