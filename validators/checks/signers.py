"""Who signed the contract: its digital signatures (the facts reading gave the document's
`signature.signers`: each signer's CNPJ or CPF, chain, level, intact, what it covers) matched to
its parties, the contractor (its CNPJ, or the CPF of a natural person) and the carrier (its CNPJ).

Only a contract signed by both parties, every signature intact and of a trusted chain, the last
covering the whole file, settles the item without the clerk; anything less says what is missing
or wrong and leaves the clerk's check of the signatures in place. A paper contract, a scan or a
PDF without signatures: the clerk checks them, as before.
"""

from __future__ import annotations

from domain.documents import Document, SignedBy
from domain.ids import cnpj as cnpj_id
from domain.signatures import kind, signed_day, why_untrusted
from validators.checks.base import Context, Outcome, check
from validators.checks.common import Read, finding, missing, ok, read

SIGNATURES = "Assinaturas do contratante e do transportador"


def _digits(r: Read) -> str | None:
    """The document number a confident read gives (CNPJ 14 or CPF 11 characters), else None."""
    if not r.confident:
        return None
    n = cnpj_id.normalize(str(r.value))
    return n if len(n) in (11, 14) else None


def _who(s: SignedBy) -> str:
    doc = f"CNPJ {cnpj_id.mask(s.cnpj)}" if s.cnpj else f"CPF {s.cpf}" if s.cpf else "sem CNPJ ou CPF no certificado"
    return f"{s.name or 'signatário desconhecido'} ({doc})"


def _how(s: SignedBy) -> str:
    what = kind(s.level) or (f"cadeia {s.chain}" if s.chain else "")
    day = signed_day_of(s)
    return ", ".join(x for x in (what, f"em {day}" if day else "") if x)


def signed_day_of(s: SignedBy) -> str | None:
    from domain.documents import Signature

    day = signed_day(Signature(status="valid", signed_at=s.signed_at))
    return None if day == "?" else day


def _outcome(status: str, code: str, severity: str, message: str, c: Document, manual: str,
             expected: str = "assinaturas digitais do contratante e do transportador") -> Outcome:
    f = finding(f"contrato_fretamento.{code}", severity, message, document=c.id, field="signature",
                value=c.signature.status if c.signature else None, expected=expected)
    return Outcome(status, [f], [c.id], [manual])  # type: ignore[arg-type]


@check("contract_signed_by_parties")
def contract_signed_by_parties(ctx: Context, manual: str = SIGNATURES) -> list[Outcome]:
    """The contract's digital signatures are its parties': the contractor's (its CNPJ, or the
    CPF of a natural-person contractor) and the carrier's (its CNPJ)."""
    c = ctx.packet.contract
    if c is None:
        return [missing("contrato_fretamento")]
    sig = c.signature
    if sig is None or sig.status == "unsigned" or not sig.signers:
        return [ok(manual=[manual])]  # a paper's signatures: the clerk's to see
    signers = sig.signers
    if sig.status == "invalid" or any(s.status == "invalid" for s in signers):
        return [_outcome("review", "assinatura_invalida", "error",
                         f"Contrato ({c.id}): uma assinatura digital não confere com o arquivo; o que ele exibe não é "
                         "o que foi assinado.", c, manual)]
    if sig.status == "modified" or any(s.status == "modified" for s in signers):
        after = next(s for s in signers if s.status == "modified")
        return [_outcome("review", "alterado_apos_assinatura", "error",
                         f"Contrato ({c.id}) alterado depois de assinado por {_who(after)}"
                         + (f" em {d}" if (d := signed_day_of(after)) else "")
                         + ": o arquivo não é o que as partes assinaram.", c, manual,
                         "contrato como assinado pelas partes")]
    untrusted = [s for s in signers if s.status == "untrusted"]
    if untrusted:
        s = untrusted[0]
        why = why_untrusted(sig.model_copy(update={"reason": s.reason, "missing_issuer": s.missing_issuer,
                                                   "signer_document": s.cnpj or s.cpf}))
        return [_outcome("review", "assinatura_nao_confiavel", "warning",
                         f"Contrato ({c.id}) assinado por {_who(s)}, mas {why}: a assinatura não comprova quem assinou.",
                         c, manual)]
    if sig.status != "valid" or sig.covers != "whole_file":
        return [_outcome("review", "assinatura_parcial", "warning",
                         f"Contrato ({c.id}): as assinaturas digitais não cobrem o arquivo inteiro.", c, manual)]

    contractor = _digits(read(c, "contratante_documento"))
    carrier = ctx.packet.carrier
    carriers = {n for n in (carrier.cnpj if carrier.confident else None,
                            _digits(read(c, "contratado_documento"))) if n and len(n) == 14}
    roles: dict[str, SignedBy] = {}
    strangers = []
    for s in signers:
        if contractor and contractor in (s.cnpj, s.cpf):
            roles.setdefault("contratante", s)
        elif s.cnpj and s.cnpj in carriers:
            roles.setdefault("transportador", s)
        else:
            strangers.append(s)
    both = "contratante" in roles and "transportador" in roles
    if strangers and not both:
        s = strangers[0]
        parties = "; ".join(x for x in (
            f"contratante {cnpj_id.mask(contractor) if contractor and len(contractor) == 14 else contractor}" if contractor else "",
            "transportador " + ", ".join(cnpj_id.mask(n) for n in sorted(carriers)) if carriers else "") if x)
        hint = " Se representa uma das partes, conferir os poderes." if s.cpf and not s.cnpj else ""
        return [_outcome("review", "assinatura_de_terceiro", "warning",
                         f"Contrato ({c.id}) assinado digitalmente por {_who(s)}, que não é parte do contrato"
                         + (f" ({parties})" if parties else "") + f".{hint}", c, manual)]
    absent = [r for r in ("contratante", "transportador") if r not in roles]
    if absent:
        unread = (not contractor and "contratante" in absent) or (not carriers and "transportador" in absent)
        why = " (documento da parte não lido com confiança)" if unread else ""
        return [_outcome("review", "assinatura_ausente_parte", "warning",
                         f"Contrato ({c.id}) sem a assinatura digital do {' nem do '.join(absent)}{why}: assinado "
                         f"só por {', '.join(_who(s) for s in signers)}.", c, manual)]
    a, b = roles["contratante"], roles["transportador"]
    # both parties signed: another signature (a witness's, a representative's) is said, and settles nothing
    others = f" Também assinado por {', '.join(_who(s) for s in strangers)}, que não é parte." if strangers else ""
    return [ok(c, code="contrato_fretamento.assinado_pelas_partes",
               info=f"Contrato ({c.id}) assinado digitalmente pelo contratante {_who(a)}, {_how(a)}, e pelo "
                    f"transportador {_who(b)}, {_how(b)}; íntegro, as assinaturas cobrem o arquivo inteiro "
                    f"(revogação {'verificada' if sig.revocation_checked else 'não verificada'}).{others}",
               r=read(c, "contratante_documento"),
               expected="assinaturas digitais do contratante e do transportador")]
