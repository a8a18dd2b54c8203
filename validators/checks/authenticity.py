"""Whether the documents an item rests on are what their issuer signed: judged for every
rulebook alike (not an act's item), on the `signature` reading gave each PDF (intake/signatures/__init__.py).

- `valid`: an info finding on each item resting on the document ("CRLV-e autêntico: ...").
- `modified`: the document was read as signed (its fields are the signed revision's), so an
  item fails where the signed content fails it; none is `ok`: `review` at best, with an error
  finding naming what the file shows otherwise.
- `invalid`: the file is not what was signed: `review` at best, with an error finding.
- `untrusted`: intact, but no trusted issuer of this type signed it: `review` at best.
- `unsigned` on a text-layer PDF that prints itself as digitally signed (the CRLV-e's "ASSINADO
  DIGITALMENTE PELO DETRAN"): a copy, not the issued file; a warning and a manual check, the
  status as read (carriers legitimately print and scan). Scans and photos: nothing said.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.documents import Document, Finding
from domain.result import Item, Status, worst
from domain.signatures import by_whom, changes_text, doc_name, kind, revocation, why_untrusted

QR_CHECK = "Conferir a autenticidade do documento pelo QR Code impresso nele (o arquivo não traz a assinatura digital)"


@dataclass(frozen=True)
class Verdict:
    at_best: Status  # the best status an item resting on the document may keep
    finding: Finding
    manual: str | None = None


def verdict(doc: Document) -> Verdict | None:
    """What the document's signature means for the items resting on it, or None (nothing to say)."""
    sig = doc.signature
    if sig is None:
        return None
    name = doc_name(doc)

    def said(code: str, severity: str, message: str, expected: str | None = None) -> Finding:
        # about the document's `signature`; a change after signing, about the first field changed
        field = sig.changes[0].field if sig.changes else "signature"
        return Finding(code=f"assinatura.{code}", severity=severity, message=message, document=doc.id,
                       field=field, value=sig.status, expected=expected)

    if sig.status == "valid":
        chain = f", cadeia {sig.chain}" if sig.chain else ""
        chain += f", {kind(sig.level)}" if sig.level else ""
        return Verdict("ok", said("valida", "info", f"{name} {doc.id} autêntico: assinado {by_whom(sig)}{chain} ({revocation(sig)})."))
    if sig.status == "modified":
        what = changes_text(sig)
        return Verdict("review", said(
            "alterada", "error",
            f"{name} {doc.id} alterado depois de assinado {by_whom(sig)}" + (f": {what}" if what else "") +
            "; julgado pelo conteúdo assinado.", "arquivo como assinado pelo emissor"))
    if sig.status == "invalid":
        who = f" (assinatura de {sig.signer})" if sig.signer else ""
        return Verdict("review", said(
            "invalida", "error",
            f"{name} {doc.id}: a assinatura digital não confere com o arquivo{who}; o conteúdo exibido não é "
            "o que foi assinado.", "assinatura íntegra"))
    if sig.status == "untrusted":
        return Verdict("review", said(
            "nao_confiavel", "warning",
            f"{name} {doc.id} assinado {by_whom(sig)}, mas {why_untrusted(sig)}; conferir a autenticidade.",
            "emissor reconhecido"))
    if sig.stated and doc.text_source == "pdf_text":
        return Verdict("ok", said(
            "ausente", "warning",
            f"{name} {doc.id} se declara assinado digitalmente, mas o arquivo não traz assinatura: é uma cópia, "
            "não o arquivo emitido.", "arquivo assinado pelo emissor"), QR_CHECK)
    return None


def attach(items: list[Item], documents: list[Document], informational: set[str] | None = None) -> list[Item]:
    """Each item, with what the signatures of the documents it rests on say (`informational`:
    the ids of items that only inform, whose status never moves)."""
    verdicts = {d.id: v for d in documents if (v := verdict(d)) is not None}
    for item in items:
        if item.status in ("missing", "not_applicable"):
            continue
        for doc_id in item.documents:
            v = verdicts.get(doc_id)
            if v is None:
                continue
            f = v.finding.model_copy()
            if item.id in (informational or set()):
                f.severity = "info"
            elif v.at_best != "ok":
                item.status = worst([item.status, v.at_best])
            if f not in item.findings:
                item.findings.append(f)
            if v.manual and v.manual not in item.manual_checks:
                item.manual_checks.append(v.manual)
    return items
