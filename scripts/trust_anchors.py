"""The `certificates:` lines of a trust folder's anchors.yaml, from the certificate files of one
of its subfolders: each file's subject CN, the SHA-256 of its DER bytes, `root: true` for a
self-signed one, the chain given, and the source as a YAML alias (defined under `sources:`).
Adding a chain is copying its .pem files into a subfolder and pasting what this prints under
`certificates:` (intake/signatures/trust/anchors.yaml; docs/signatures.md).

    .venv/bin/python scripts/trust_anchors.py intake/signatures/trust gov-br --chain gov.br --source govbr
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from cryptography import x509
from cryptography.x509.oid import NameOID

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from intake.signatures.anchors import pem_der  # noqa: E402


def entries(folder: Path, sub: str, chain: str, source: str) -> list[str]:
    out = []
    for p in sorted((folder / sub).glob("*.pem")):
        der = pem_der(p.read_bytes())
        cert = x509.load_der_x509_certificate(der)
        cn = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
        name = str(cn[0].value) if cn else cert.subject.rfc4514_string()
        root = cert.subject == cert.issuer
        try:
            if root:
                cert.verify_directly_issued_by(cert)
        except Exception:
            root = False  # names itself as issuer but is not self-signed: an intermediate
        line = (f"  - {{file: {sub}/{p.name}, name: {json.dumps(name, ensure_ascii=False)}, "
                f"sha256: {hashlib.sha256(der).hexdigest()}, chain: {chain}"
                + (", root: true" if root else "") + f", source: *{source}}}")
        out.append(line)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path, help="the trust folder (holds anchors.yaml)")
    ap.add_argument("sub", help="its subfolder of .pem files")
    ap.add_argument("--chain", required=True, help="how people name the chain ('ICP-Brasil', 'gov.br')")
    ap.add_argument("--source", required=True, help="the YAML alias of the source text (defined as &name under sources:)")
    args = ap.parse_args()
    print("\n".join(entries(args.folder, args.sub, args.chain, args.source)))


if __name__ == "__main__":
    main()
