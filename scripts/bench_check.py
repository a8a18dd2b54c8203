"""Wall time of `fretadoc check` on the valid sample packets, digital and scanned.

Each run is a fresh `fretadoc check --json` process with no read cache, so the scanned packets
pay their OCR in full; the figure is what a carrier waits for on this machine.

    .venv/bin/python scripts/bench_check.py                      # METROPLAN valid-escola, 3 runs each
    .venv/bin/python scripts/bench_check.py --all-rulebooks --repeat 1
    .venv/bin/python scripts/bench_check.py --goals              # the speed goals' ratios, one run

--goals measures, each as a ratio within one run (seconds on a busy 2-core VM drift; ratios hold):
  digital   `fretadoc check --json` on samples/quickstart as a whole process, CPU, against a
            script that extracts the same PDFs' text with pypdfium2 (also a whole process);
  warm      reading and judging the same files in this process, warm, against pypdfium2's text
            plus every character's box for the same files, also in this process;
  floors    what no change to FretaDoc's own code can take off those two: a process that only
            loads the libraries a check of that packet needs (Typer, pydantic and one model,
            pypdfium2, validate-docbr, RapidFuzz, PIL and zxing-cpp for the CRLV's QR), and the
            reading alone in process (text layers into words and lines, codes), each with its
            share of the goal's budget;
  cached    a scanned packet checked again with the read cache of its first check, CPU;
  memory    the peak RSS of one process reading the largest sample page (from its pixels).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
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
    args = _check_args(packet, packet / rendering)
    env = _no_cache_env()  # no cache: real OCR
    t0 = time.perf_counter()
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, env=env, timeout=1800)
    elapsed = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        raise SystemExit(f"fretadoc check failed on {packet.name}/{rendering}: {proc.stderr.strip()}")
    return elapsed, json.loads(proc.stdout)["verdict"]


QUICKSTART = ROOT / "samples" / "quickstart"
# the libraries a check of the quickstart packet cannot do without, loaded and nothing else
LIBRARIES_SCRIPT = """
import typer, pydantic, pypdfium2, validate_docbr, rapidfuzz, zxingcpp
from PIL import Image
class M(pydantic.BaseModel):
    a: int
M(a=1)
"""
TEXT_SCRIPT = """
import sys, pypdfium2 as pdfium
for path in sys.argv[1:]:
    pdf = pdfium.PdfDocument(path)
    for page in pdf:
        page.get_textpage().get_text_range()
"""


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _self_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _child(args: list[str], env: dict[str, str] | None = None) -> float:
    """CPU seconds of one child process (its own workers included: they are waited for)."""
    c0 = _children_cpu()
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, env=env, timeout=3600)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args[:4])} ... failed: {proc.stderr.strip()[-400:]}")
    return _children_cpu() - c0


def _check_args(packet: Path, folder: Path) -> list[str]:
    spec = json.loads((packet / "packet.json").read_text(encoding="utf-8"))
    args = [sys.executable, "-m", "cli.main", "check", "--json", "--rulebook", spec["rulebook"],
            "--reference-date", spec["reference_date"]]
    for k, v in (spec.get("facts") or {}).items():
        args += ["--fact", f"{k}={v}"]
    return args + [str(folder)]


def _no_cache_env() -> dict[str, str]:
    # bytecode written and reused, as on an installed system (a sandbox may turn it off)
    return {k: v for k, v in os.environ.items() if k not in ("FRETADOC_CACHE_DIR", "PYTHONDONTWRITEBYTECODE")}


def goal_digital(repeat: int) -> dict:
    pdfs = [str(p) for p in sorted(QUICKSTART.glob("*.pdf"))]
    check = [sys.executable, "-m", "cli.main", "check", "--json", "--rulebook", "rs-metroplan-escolar",
             "--reference-date", "2026-03-02", str(QUICKSTART)]
    text = [sys.executable, "-c", TEXT_SCRIPT, *pdfs]
    # where the check's time goes: the interpreter and the imports before any file is read
    startup = [sys.executable, "-c", "import cli.main"]
    libraries = [sys.executable, "-c", LIBRARIES_SCRIPT]
    ours: list[float] = []
    bare: list[float] = []
    start: list[float] = []
    libs: list[float] = []
    _child(check, _no_cache_env())  # warm-up: bytecode compiled, files in the page cache
    for i in range(repeat):  # alternating which goes first
        for which in ((ours, check), (bare, text)) if i % 2 == 0 else ((bare, text), (ours, check)):
            which[0].append(_child(which[1], _no_cache_env()))
        start.append(_child(startup, _no_cache_env()))
        libs.append(_child(libraries, _no_cache_env()))
    o, b = statistics.median(ours), statistics.median(bare)
    lib = statistics.median(libs)
    return {"check_cpu_s": round(o, 3), "text_cpu_s": round(b, 3), "ratio": round(o / b, 2), "goal": 5.0,
            "startup_cpu_s": round(statistics.median(start), 3), "libraries_cpu_s": round(lib, 3),
            "libraries_share_of_budget": round(lib / (5.0 * b), 2)}


def goal_warm(repeat: int) -> dict:
    sys.path.insert(0, str(ROOT))
    import pypdfium2 as pdfium

    import ocr
    from intake import pipeline
    from validators import engine, rulebooks

    files = [pipeline.SourceFile(p.name, p.read_bytes()) for p in sorted(QUICKSTART.glob("*.pdf"))]

    def ours() -> None:
        docs = pipeline.read_packet(files, workers=1)
        engine.judge_packet(docs, rulebooks.load("rs-metroplan-escolar"), date(2026, 3, 2))

    def bare() -> None:
        for f in files:
            pdf = pdfium.PdfDocument(f.data)
            for page in pdf:
                tp = page.get_textpage()
                tp.get_text_range()
                for i in range(tp.count_chars()):
                    tp.get_charbox(i)

    def reading() -> None:  # what the parsers are given: words and lines, codes (no classifying)
        for f in files:
            ocr.read_text(f.data or b"")

    runs = (("ours", ours), ("bare", bare), ("reading", reading))
    for _, fn in runs:  # warm: first loads of rulebooks, vocabularies, fonts
        fn()
    times: dict[str, list[float]] = {name: [] for name, _ in runs}
    for i in range(repeat):
        for name, fn in runs if i % 2 == 0 else runs[::-1]:
            c0 = _self_cpu()
            fn()
            times[name].append(_self_cpu() - c0)
    o, b, r = (statistics.median(times[k]) for k in ("ours", "bare", "reading"))
    return {"read_judge_cpu_s": round(o, 3), "text_boxes_cpu_s": round(b, 3), "ratio": round(o / b, 2),
            "goal": 2.0, "reading_cpu_s": round(r, 3), "reading_ratio": round(r / b, 2)}


def goal_cached(packet: Path) -> dict:
    folder = packet / "scanned"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**_no_cache_env(), "FRETADOC_CACHE_DIR": tmp}
        first = _child(_check_args(packet, folder), env)
        again = _child(_check_args(packet, folder), env)
    return {"packet": f"{packet.parent.name}/{packet.name}/scanned", "first_cpu_s": round(first, 2),
            "again_cpu_s": round(again, 3), "ratio": round(again / first, 3), "goal": 0.03}


MEMORY_SCRIPT = """
import resource, sys
from pathlib import Path
from intake import pipeline
path = Path(sys.argv[1])
pipeline.read(path.read_bytes(), path.name)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def goal_memory() -> dict:
    from PIL import Image

    def pixels(p: Path) -> int:
        with Image.open(p) as im:
            return im.width * im.height

    scans = [p for p in (ROOT / "samples" / "documents").rglob("*")
             if p.suffix.lower() in (".png", ".jpg", ".jpeg", ".tif", ".tiff")]
    largest = max(scans, key=pixels)
    proc = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, str(largest)], cwd=ROOT, capture_output=True,
                          text=True, env=_no_cache_env(), timeout=1800)
    if proc.returncode != 0:
        raise SystemExit(f"reading {largest.name} failed: {proc.stderr.strip()[-400:]}")
    kib = int(proc.stdout.split()[-1])
    return {"page": str(largest.relative_to(ROOT)), "pixels": pixels(largest), "peak_rss_mb": round(kib / 1024),
            "goal_mb": 300}


def goals(repeat: int) -> dict:
    return {"digital": goal_digital(max(repeat, 3)), "warm": goal_warm(max(repeat, 3)),
            "cached": goal_cached(PACKETS / "rs-metroplan-escolar" / "valid-escola"), "memory": goal_memory(),
            "cpus": os.cpu_count(), "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()]}


def print_goals(g: dict) -> None:
    d, w, c, m = g["digital"], g["warm"], g["cached"], g["memory"]
    print(f"digital  fretadoc check samples/quickstart {d['check_cpu_s']:.2f} s CPU, pypdfium2 text script "
          f"{d['text_cpu_s']:.2f} s: ratio {d['ratio']:.1f} (goal <= {d['goal']:.0f}); of the check, "
          f"{d['startup_cpu_s']:.2f} s starting Python and importing the CLI")
    print(f"warm     read+judge in process {w['read_judge_cpu_s']:.3f} s CPU, pypdfium2 text+boxes "
          f"{w['text_boxes_cpu_s']:.3f} s: ratio {w['ratio']:.2f} (goal <= {w['goal']:.0f})")
    print(f"floors   loading the libraries alone {d['libraries_cpu_s']:.2f} s CPU: "
          f"{d['libraries_share_of_budget']:.0%} of the digital goal's budget; reading alone (words, lines, "
          f"codes; no classifying, parsing or judging) {w['reading_cpu_s']:.3f} s: ratio {w['reading_ratio']:.2f} "
          f"of the warm goal's 2")
    print(f"cached   {c['packet']}: first {c['first_cpu_s']:.2f} s CPU, again {c['again_cpu_s']:.3f} s: "
          f"ratio {c['ratio']:.3f} (goal <= {c['goal']})")
    print(f"memory   reading {m['page']} ({m['pixels'] / 1e6:.1f} Mpx): peak RSS {m['peak_rss_mb']} MB "
          f"(goal <= {m['goal_mb']})")
    print(f"{g['cpus']} CPUs, load average at the end {g['load_average_1_5_15']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per packet and rendering (median shown)")
    ap.add_argument("--all-rulebooks", action="store_true", help="every rulebook's valid packet")
    ap.add_argument("--rendering", choices=("digital", "scanned"), action="append",
                    help="only this rendering (repeatable; default both)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--goals", action="store_true", help="only the speed goals' ratios (see above)")
    args = ap.parse_args()

    if args.goals:
        g = goals(args.repeat)
        print(json.dumps(g, indent=2)) if args.json else print_goals(g)
        return

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
