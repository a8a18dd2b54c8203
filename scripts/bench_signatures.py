"""What verifying the signatures costs a digital check.

The METROPLAN sample packet `valid-escola-crlv-cdt` (digital: fifteen PDFs, one a CRLV-e) is
checked as it is (no signature: nothing of pyHanko is loaded, no anchor read) and with its
CRLV-e signed by a "DETRAN-XX" of a PKI made here (tests/signing.py; FRETADOC_TRUST_DIR names its
anchors), so both runs read and judge the same pages and differ only by the signatures'
verification. `--two`: two signed PDFs, the CRLV-e and the contract signed by both its parties
(e-CNPJ-like certificates of the same PKI: three signatures verified, the contract item settled).

  warm     reading and judging the packet in this process, warm (pyHanko loaded once), CPU;
  process  `fretadoc check --json` as a whole process, no read cache, CPU (the first signed
           file of a process pays for importing pyHanko).

    .venv/bin/python scripts/bench_signatures.py              # 7 warm rounds, 5 processes each
    .venv/bin/python scripts/bench_signatures.py --repeat 3 --json
    .venv/bin/python scripts/bench_signatures.py --two --repeat 7 --json
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKET = ROOT / "samples" / "packets" / "rs-metroplan-escolar" / "valid-escola-crlv-cdt"
CRLVE = "crlve-cdt-onibus1.pdf"
CONTRACT = "contrato-escola.pdf"
RULEBOOK, REFERENCE = "rs-metroplan-escolar", "2026-03-02"


def _self_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def packets(work: Path, two: bool = False) -> tuple[Path, Path, Path]:
    """The packet's digital folder as it is and with its CRLV-e signed (`two`: and its contract
    signed by both parties), and the trust folder."""
    sys.path.insert(0, str(ROOT))
    from tests import signing

    pki = signing.make_pki()
    trust = signing.trust_dir(pki, work / "trust")
    plain, signed = work / "sem-assinatura", work / "assinado"
    for folder in (plain, signed):
        folder.mkdir()
        for f in sorted((PACKET / "digital").iterdir()):
            shutil.copyfile(f, folder / f.name)
    (signed / CRLVE).write_bytes(signing.sign((plain / CRLVE).read_bytes(), pki.leaf))
    if two:
        first = signing.sign((plain / CONTRACT).read_bytes(), pki.contractor, field="AssinaturaContratante")
        (signed / CONTRACT).write_bytes(signing.sign(first, pki.carrier, field="AssinaturaContratada"))
    return plain, signed, trust


def warm(plain: Path, signed: Path, repeat: int) -> dict:
    from intake import pipeline
    from validators import engine, rulebooks

    book = rulebooks.load(RULEBOOK)

    def files(folder: Path) -> list:
        return [pipeline.SourceFile(p.name, p.read_bytes()) for p in sorted(folder.iterdir())]

    runs = {"unsigned": files(plain), "signed": files(signed)}
    got = {}
    for name, fs in runs.items():  # warm: rulebooks, vocabularies, pyHanko loaded
        docs = pipeline.read_packet(fs, workers=1)
        got[name] = engine.judge_packet(docs, book, date.fromisoformat(REFERENCE))
    crlv = next(d for d in got["signed"].documents if d.filename == CRLVE)
    assert crlv.signature is not None and crlv.signature.status == "valid", crlv.signature
    contract = next(d for d in got["signed"].documents if d.filename == CONTRACT)
    if contract.signature is not None and contract.signature.status != "unsigned":
        item = next(i for i in got["signed"].checklist if i.id == "art4-v")
        assert contract.signature.status == "valid" and item.status == "ok", item.findings
        assert not any("Assinaturas" in m for m in item.manual_checks)
    times: dict[str, list[float]] = {k: [] for k in runs}
    for i in range(repeat):
        for name in (("unsigned", "signed") if i % 2 == 0 else ("signed", "unsigned")):
            c0 = _self_cpu()
            docs = pipeline.read_packet(runs[name], workers=1)
            engine.judge_packet(docs, book, date.fromisoformat(REFERENCE))
            times[name].append(_self_cpu() - c0)
    u, s = statistics.median(times["unsigned"]), statistics.median(times["signed"])
    return {"unsigned_cpu_s": round(u, 4), "signed_cpu_s": round(s, 4), "added": round(s / u - 1, 3)}


def process(plain: Path, signed: Path, repeat: int) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("FRETADOC_CACHE_DIR", "PYTHONDONTWRITEBYTECODE")}

    def run(folder: Path) -> float:
        c0 = _children_cpu()
        proc = subprocess.run([sys.executable, "-m", "cli.main", "check", "--json", "--rulebook", RULEBOOK,
                               "--reference-date", REFERENCE, str(folder)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=600)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"fretadoc check failed: {proc.stderr.strip()[-400:]}")
        return _children_cpu() - c0

    run(plain), run(signed)  # bytecode compiled, files in the page cache
    times: dict[str, list[float]] = {"unsigned": [], "signed": []}
    for i in range(repeat):
        for name, folder in ((("unsigned", plain), ("signed", signed)) if i % 2 == 0
                             else (("signed", signed), ("unsigned", plain))):
            times[name].append(run(folder))
    u, s = statistics.median(times["unsigned"]), statistics.median(times["signed"])
    return {"unsigned_cpu_s": round(u, 3), "signed_cpu_s": round(s, 3), "added": round(s / u - 1, 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=7, help="warm rounds (processes: at most 5)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--two", action="store_true", help="two signed PDFs: the CRLV-e and the contract (both parties)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="fretadoc-bench-sig-") as tmp:
        plain, signed, trust = packets(Path(tmp), args.two)
        os.environ["FRETADOC_TRUST_DIR"] = str(trust)
        out = {"packet": f"{PACKET.relative_to(ROOT)}/digital", "files": len(list(plain.iterdir())),
               "signed_files": [CRLVE, CONTRACT] if args.two else [CRLVE],
               "goal_added": 0.10,
               "warm": warm(plain, signed, args.repeat), "process": process(plain, signed, min(args.repeat, 5))}
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for k in ("warm", "process"):
        r = out[k]
        print(f"{k:8} unsigned {r['unsigned_cpu_s']:.3f} s  signed {r['signed_cpu_s']:.3f} s  "
              f"added {100 * r['added']:+.1f} % (goal ≤ {100 * out['goal_added']:.0f} %)")


if __name__ == "__main__":
    main()
