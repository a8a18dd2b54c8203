"""Trust anchors as data: the CA certificates a document's signature must chain to, and which
signers may sign which document types (intake/trust/anchors.yaml; README there).

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


@dataclass(frozen=True)
class SignerRule:
    subject: re.Pattern[str]  # on the signer certificate's CN
    name: str  # how the result names the signer ('DETRAN-\1')
    chain: str  # how people name the chain ('ICP-Brasil')
    roots: tuple[str, ...]  # anchors (files) its chain must reach
    types: tuple[str, ...]  # document types it issues

    def signer(self, common_name: str) -> str | None:
        """The signer's name when this rule covers the certificate's CN, else None."""
        m = self.subject.search(" ".join(common_name.upper().split()))
        return m.expand(self.name) if m else None


@dataclass(frozen=True)
class Trust:
    directory: Path
    anchors: tuple[Anchor, ...]
    signers: tuple[SignerRule, ...]

    @property
    def roots(self) -> list[Anchor]:
        return [a for a in self.anchors if a.root]

    @property
    def intermediates(self) -> list[Anchor]:
        return [a for a in self.anchors if not a.root]

    def anchor(self, sha256: str) -> Anchor | None:
        return next((a for a in self.anchors if a.sha256 == sha256), None)


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
                              source=c.get("source", ""), der=der))
    files = {a.file for a in anchors}
    signers = []
    for s in data.get("signers") or []:
        unknown = [r for r in s["roots"] if r not in files]
        if unknown:
            raise TrustError(f"anchors.yaml: raiz não listada em certificates: {', '.join(unknown)}")
        signers.append(SignerRule(re.compile(s["subject"]), s["name"], s.get("chain", ""),
                                  tuple(s["roots"]), tuple(s["types"])))
    return Trust(directory, tuple(anchors), tuple(signers))


@cache
def fingerprint(directory: Path) -> str:
    """What a read's signature verdicts depend on besides the code: every file of the trust
    folder (the read cache keys documents by it)."""
    h = hashlib.sha256()
    if directory.is_dir():
        for p in sorted(directory.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts:
                h.update(p.relative_to(directory).as_posix().encode())
                h.update(p.read_bytes())
    return h.hexdigest()[:16]
