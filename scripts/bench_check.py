"""Wall time of `fretadoc check` on the valid sample packets, digital and scanned.

Each run is a fresh `fretadoc check --json` process with no read cache, so the scanned packets
pay their OCR in full; the figure is what a carrier waits for on this machine.

    .venv/bin/python scripts/bench_check.py                      # METROPLAN valid-escola, 3 runs each
    .venv/bin/python scripts/bench_check.py --all-rulebooks --repeat 1
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKETS = ROOT / "samples" / "packets"


def valid_packets(all_rulebooks: bool) -> list[Path]:
    if not all_rulebooks:
        return [PACKETS / "rs-metroplan-escolar" / "valid-escola"]
    return sorted(p.parent for p in PACKETS.glob("*/valid*/packet.json"))


def pages_of(folder: Path) -> int:
    import pypdfium2 as pdfium
    from PIL import Image

    total = 0
    for f in sorted(folder.iterdir()):
        if f.suffix.lower() == ".pdf":
            total += len(pdfium.PdfDocument(str(f.resolve())))
        else:
            with Image.open(f) as im:
                total += getattr(im, "n_frames", 1)
    return total


def run_once(packet: Path, rendering: str) -> tuple[float, str]:
    spec = json.loads((packet / "packet.json").read_text(encoding="utf-8"))
    args = [sys.executable, "-m", "cli.main", "check", "--json", "--rulebook", spec["rulebook"],
            "--reference-date", spec["reference_date"]]
    for k, v in (spec.get("facts") or {}).items():
        args += ["--fact", f"{k}={v}"]
    args.append(str(packet / rendering))
    env = {k: v for k, v in os.environ.items() if k != "FRETADOC_CACHE_DIR"}  # no cache: real OCR
    t0 = time.perf_counter()
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, env=env, timeout=1800)
    elapsed = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        raise SystemExit(f"fretadoc check failed on {packet.name}/{rendering}: {proc.stderr.strip()}")
    return elapsed, json.loads(proc.stdout)["verdict"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per packet and rendering (median shown)")
    ap.add_argument("--all-rulebooks", action="store_true", help="every rulebook's valid packet")
    ap.add_argument("--rendering", choices=("digital", "scanned"), action="append",
                    help="only this rendering (repeatable; default both)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    rows = []
    for packet in valid_packets(args.all_rulebooks):
        for rendering in args.rendering or ("digital", "scanned"):
            folder = packet / rendering
            times, verdict = [], None
            for _ in range(args.repeat):
                t, verdict = run_once(packet, rendering)
                times.append(t)
            rows.append({"packet": f"{packet.parent.name}/{packet.name}", "rendering": rendering,
                         "files": sum(1 for _ in folder.iterdir()), "pages": pages_of(folder),
                         "median_s": round(statistics.median(times), 2), "min_s": round(min(times), 2),
                         "max_s": round(max(times), 2), "runs": len(times), "verdict": verdict})
    if args.json:
        print(json.dumps({"cpus": os.cpu_count(), "rows": rows}, indent=2))
        return
    print(f"fretadoc check, no read cache, {os.cpu_count()} CPUs, median of {args.repeat} run(s)")
    print(f"{'packet':45} {'rendering':9} {'files':>5} {'pages':>5} {'median s':>9} {'min':>7} {'max':>7}  verdict")
    for r in rows:
        print(f"{r['packet']:45} {r['rendering']:9} {r['files']:5d} {r['pages']:5d} {r['median_s']:9.2f} "
              f"{r['min_s']:7.2f} {r['max_s']:7.2f}  {r['verdict']}")


if __name__ == "__main__":
    main()
