"""Trust anchors as data: the CA certificates a document's signature must chain to (each named
by its chain: ICP-Brasil, gov.br), and which signers may sign which document types
(intake/signatures/trust/anchors.yaml; README "Signatures"). A signer is known by the CNPJ its certificate
carries; a rule by the certificate's name is a fallback, marked as such in the data.

FRETADOC_TRUST_DIR points to another folder laid out the same way (tests bring their own PKI).
Read as ocr/limits.py reads the FRETADOC_ variables (the name without regard to case), not
through pydantic-settings: a check of a packet with no signed PDF loads nothing of this.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from domain import yamlfile

BUNDLED = Path(__file__).resolve().parent / "trust"
ENV = "FRETADOC_TRUST_DIR"
_PEM = re.compile(rb"-----BEGIN CERTIFICATE-----(.+?)-----END CERTIFICATE-----", re.S)


class TrustError(ValueError):
    """A trust folder that cannot be used as it is; the message is for operators (Portuguese)."""


@dataclass(frozen=True)
class Anchor:
    file: str  # relative to the trust folder
    name: str
    sha256: str  # of the DER bytes
    root: bool
    source: str
    der: bytes
    chain: str = ""  # how people name the chain it belongs to ('ICP-Brasil', 'gov.br')


@dataclass(frozen=True)
class SignerRule:
    subject: re.Pattern[str] | None  # on the signer certificate's CN: a fallback where no CNPJ is known
    name: str  # how the result names the signer ('DETRAN-\1'): a label, never the identity
    chain: str  # how people name the chain ('ICP-Brasil')
    roots: tuple[str, ...]  # anchors (files) its chain must reach
    types: tuple[str, ...]  # document types it issues (or, for `parties`, may sign)
    cnpj: tuple[str, ...] = ()  # the CNPJs of the legal person who signs (its certificate's otherName)
    parties: bool = False  # any signer of the chain: the parties of a contract (matched by the validators)
    source: str = ""

    @property
    def fallback(self) -> bool:
        """Matched by the certificate's name alone (no public source for the signer's CNPJ)."""
        return not self.cnpj and not self.parties

    def signer(self, common_name: str, cnpj: str | None = None) -> str | None:
        """The signer's name when this rule covers the certificate (its CNPJ, else by a fallback
        rule its CN), else None."""
        if self.parties:
            return common_name or None
        if self.cnpj:
            if cnpj not in self.cnpj:
                return None
            m = self.subject.search(_folded(common_name)) if self.subject else None
            return m.expand(self.name) if m else self.name.replace("\\1", "").strip() or common_name
        m = self.subject.search(_folded(common_name)) if self.subject else None
        return m.expand(self.name) if m else None


def _folded(common_name: str) -> str:
    """The CN as the rules read it: upper case, no accents, single spaces."""
    text = unicodedata.normalize("NFKD", common_name)
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).upper().split())


@dataclass(frozen=True)
class Trust:
    directory: Path
    anchors: tuple[Anchor, ...]
    signers: tuple[SignerRule, ...]
    # what the law calls a signature of each chain ('ICP-Brasil': 'qualificada', 'gov.br': 'avançada')
    chain_levels: tuple[tuple[str, str], ...] = ()

    @property
    def levels(self) -> dict[str, str]:
        return dict(self.chain_levels)

    @property
    def roots(self) -> list[Anchor]:
        return [a for a in self.anchors if a.root]

    @property
    def intermediates(self) -> list[Anchor]:
        return [a for a in self.anchors if not a.root]

    def anchor(self, sha256: str) -> Anchor | None:
        return next((a for a in self.anchors if a.sha256 == sha256), None)

    def rules_for(self, doc_type: str) -> list[SignerRule]:
        return [r for r in self.signers if doc_type in r.types]


def trust_dir() -> Path:
    """The trust folder in force: FRETADOC_TRUST_DIR when set, else the bundled one."""
    given = next((v for k, v in os.environ.items() if k.upper() == ENV and v.strip()), None)
    return Path(given).expanduser().resolve() if given else BUNDLED


def pem_der(data: bytes) -> bytes:
    """The DER bytes of the first certificate of a PEM file (or the file itself when it is DER)."""
    m = _PEM.search(data)
    if m is None:
        return data
    try:
        return base64.b64decode(b"".join(m.group(1).split()), validate=True)
    except binascii.Error:
        raise TrustError("certificado PEM ilegível") from None


@cache
def load(directory: Path) -> Trust:
    """The anchors and signer rules of a trust folder; TrustError when its YAML is missing or a
    certificate's bytes are not those it names."""
    index = directory / "anchors.yaml"
    try:
        data = yamlfile.load(index)
    except OSError:
        raise TrustError(f"Pasta de confiança sem anchors.yaml: {directory}") from None
    anchors = []
    for c in data.get("certificates") or []:
        try:
            der = pem_der((directory / c["file"]).read_bytes())
        except OSError:
            raise TrustError(f"Certificado ausente na pasta de confiança: {c['file']}") from None
        digest = hashlib.sha256(der).hexdigest()
        if digest != str(c["sha256"]).lower():
            raise TrustError(f"O certificado {c['file']} não é o que anchors.yaml descreve (SHA-256 {digest}).")
        anchors.append(Anchor(file=c["file"], name=c["name"], sha256=digest, root=bool(c.get("root")),
                              source=c.get("source", ""), der=der, chain=str(c.get("chain") or "")))
    files = {a.file for a in anchors}
    signers = []
    for s in data.get("signers") or []:
        chains = s.get("chain") or []
        chains = [chains] if isinstance(chains, str) else list(chains)
        # `roots` names anchors; without it, every root of the rule's chains
        roots = list(s.get("roots") or [a.file for a in anchors if a.root and a.chain in chains])
        unknown = [r for r in roots if r not in files]
        if unknown:
            raise TrustError(f"anchors.yaml: raiz não listada em certificates: {', '.join(unknown)}")
        if not roots:
            raise TrustError(f"anchors.yaml: a regra {s.get('name')!r} não alcança raiz alguma")
        cnpjs = tuple(re.sub(r"\D", "", str(c)) for c in s.get("cnpj") or [])
        if not (cnpjs or s.get("subject") or s.get("parties")):
            raise TrustError(f"anchors.yaml: a regra {s.get('name')!r} não diz quem assina (cnpj, subject ou parties)")
        # a rule by name alone must say it is a fallback (a name is not an identity), and only such a rule
        by_name = not cnpjs and not s.get("parties")
        if by_name != bool(s.get("fallback")):
            raise TrustError(f"anchors.yaml: a regra {s.get('name')!r} " + (
                "identifica o signatário só pelo nome: marque `fallback: true` e diga a fonte" if by_name
                else "tem `fallback: true`, mas identifica o signatário por CNPJ ou como parte"))
        signers.append(SignerRule(re.compile(s["subject"]) if s.get("subject") else None, s["name"],
                                  " ou ".join(chains), tuple(roots), tuple(s["types"]), cnpjs,
                                  bool(s.get("parties")), str(s.get("source") or "")))
    levels = data.get("chains") or {}
    bad = [v for v in levels.values() if v not in ("qualificada", "avançada")]
    if bad:
        raise TrustError(f"anchors.yaml: nível de assinatura desconhecido: {', '.join(map(str, bad))}")
    return Trust(directory, tuple(anchors), tuple(signers), tuple((str(k), str(v)) for k, v in levels.items()))


@cache
def fingerprint(directory: Path) -> str:
    """What a read's signature verdicts depend on besides the code: the trust folder's
    anchors.yaml (the read cache keys documents by it). It names the SHA-256 of every certificate
    it uses and `load` refuses a file that differs, so its bytes stand for the folder's: hashing
    the 162 certificates too would cost every packet, signed or not, for nothing."""
    h = hashlib.sha256()
    index = directory / "anchors.yaml"
    if index.is_file():
        h.update(index.read_bytes())
    return h.hexdigest()[:16]
