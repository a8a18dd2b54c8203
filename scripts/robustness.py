"""Reading accuracy on layouts nobody has seen: the perturbed-layout mode of the sample generator.

For each seed and type, samples/gen/perturb/ draws a document (crlv, apolice_seguro,
contrato_fretamento, lista_passageiros) in a randomly perturbed layout with the fields it
prints; this script reads it with intake.pipeline.read_file, as a digital PDF or rasterised as a
scan (200 dpi, grey, a small tilt; slow: OCR), and compares what was read with what was printed,
field by field, with scripts/accuracy.py's same() (names accent- and case-folded, passenger
lists row by row; an expected null counts, and is right only when nothing is read).

It prints per type and overall: documents, type accuracy (the file reads as that one type),
field accuracy, values reported at confidence >= 0.80, how many of those are wrong ("confident
wrong") and the share of them that are right (calibration); then the worst fields and, with
--show-misses N, the first N misses. It is a measurement: the exit status is always 0.

Seeds (keep them apart):
    development   0-999            use these while working on the parsers; look at their misses
    calibration   10000-10999      scanned, with --values: what scripts/calibrate.py fits the
                                   confidence bands on (intake/calibration.yaml); a range first
                                   run there is a fresh measure, once fitted on, a development one
    held-out      100000-100199    the default; the figure reported in samples/README.md. Never
                                   tune against it: run it only to report.

    .venv/bin/python scripts/robustness.py                      # held-out seeds, digital
    .venv/bin/python scripts/robustness.py --seeds 0-39 --jobs 2 --show-misses 20
    .venv/bin/python scripts/robustness.py --seeds 0-9 --types crlv,lista_passageiros --rendering scanned
    .venv/bin/python scripts/robustness.py --seeds 0-99 --json /tmp/robustness.json --cache-dir .cache/reads
    .venv/bin/python scripts/robustness.py --rendering scanned --seeds 10000-10299 --values /tmp/v.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "scripts"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from accuracy import row_misses, same  # noqa: E402
from intake.cache import ReadCache  # noqa: E402
from intake.pipeline import read_file  # noqa: E402
from samples.gen import perturb, scan  # noqa: E402
from domain import doctypes  # noqa: E402
from domain.documents import CONFIDENT  # noqa: E402

DEVELOPMENT = (0, 999)
CALIBRATION = (10000, 10999)
HELD_OUT = (100000, 100199)
SCAN_DPI = 200


def parse_seeds(spec: str) -> list[int]:
    """'A-B' (inclusive), 'A,B,C' or 'N'; parts may be mixed: '0-9,50'."""
    out: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            a, b = (int(x) for x in part.split("-", 1))
            out += range(a, b + 1)
        else:
            out.append(int(part))
    return out


def seed_range_name(seeds: list[int]) -> str:
    if seeds and all(HELD_OUT[0] <= s <= HELD_OUT[1] for s in seeds):
        return "held-out"
    if seeds and all(DEVELOPMENT[0] <= s <= DEVELOPMENT[1] for s in seeds):
        return "development"
    if seeds and all(CALIBRATION[0] <= s <= CALIBRATION[1] for s in seeds):
        return "calibration"
    return "mixed"


def scanned(pdf_bytes: bytes, key: str) -> tuple[bytes, str]:
    """The document as a scanner gives it: grey, 200 dpi, tilted a little; JPEG for one page, an
    image-only PDF for more (samples/gen/scan.py)."""
    rng = random.Random("scan:" + key)
    angle = rng.uniform(0.3, 1.6) * rng.choice([-1, 1])
    pages = [scan.degrade(img, f"{key}:{i}", angle * (1 if i % 2 == 0 else -0.7))
             for i, img in enumerate(scan.rasterize(pdf_bytes, SCAN_DPI))]
    if len(pages) == 1:
        return scan.encode(pages[0], "jpg", SCAN_DPI), f"{key}.jpg"
    return scan.encode_pdf(pages, SCAN_DPI, key), f"{key}.pdf"


def _job(job: tuple[str, int, str, str | None]) -> dict:
    doc_type, seed, rendering, cache_dir = job
    out: dict[str, Any] = {"type": doc_type, "seed": seed}
    t0 = time.perf_counter()
    try:
        data, expected = perturb.render(doc_type, seed)
    except Exception as e:  # a generator bug is reported, not fatal
        out["error"] = f"generator: {e!r}"
        return out
    out["expected"] = expected
    key = f"{doc_type}-{seed}"
    name = key + ".pdf"
    if rendering == "scanned":
        data, name = scanned(data, key)
    docs = read_file(data, name, cache=ReadCache(cache_dir) if cache_dir else None)  # never raises
    out["documents"] = []
    for d in docs:
        dumped = d.model_dump(mode="json")
        out["documents"].append({"type": dumped["type"], "type_confidence": dumped.get("type_confidence"),
                                 "fields": {k: {"value": f.get("value"), "confidence": f.get("confidence", 0.0)}
                                            for k, f in (dumped.get("fields") or {}).items()}})
    out["seconds"] = round(time.perf_counter() - t0, 3)
    return out


def _blank() -> dict:
    return {"documents": 0, "type_right": 0, "fields": 0, "fields_right": 0, "confident": 0,
            "confident_right": 0}


def evaluate(results: list[dict]) -> dict:
    by_type: dict[str, dict] = defaultdict(_blank)
    by_field: dict[tuple[str, str], dict] = defaultdict(lambda: {"fields": 0, "right": 0, "confident_wrong": 0})
    misses: list[dict] = []
    values: list[dict] = []  # every value read, right or not: what a calibration is fitted on
    errors = [r for r in results if "error" in r]
    for r in results:
        if "error" in r:
            continue
        want = r["type"]
        docs = r["documents"]
        bt = by_type[want]
        bt["documents"] += 1
        if docs and all(d["type"] == want for d in docs):
            bt["type_right"] += 1
        else:
            misses.append({"seed": r["seed"], "type": want, "field": "(type)", "expected": want,
                           "read": [d["type"] for d in docs],
                           "confidence": docs[0]["type_confidence"] if docs else None})
        doc = next((d for d in docs if d["type"] == want), None)
        specs = doctypes.fields(want)
        for name, expected in r["expected"]["fields"].items():
            spec = specs.get(name, {})
            kind = spec.get("kind", "text")
            f = (doc or {}).get("fields", {}).get(name) if doc else None
            got = f["value"] if f else None
            conf = float(f["confidence"]) if f else 0.0
            ok = same(kind, spec, expected, got)
            if got is not None:
                values.append({"seed": r["seed"], "type": want, "field": name, "kind": kind,
                               "confidence": round(conf, 4), "right": bool(ok)})
            bf = by_field[(want, name)]
            bt["fields"] += 1
            bf["fields"] += 1
            if ok:
                bt["fields_right"] += 1
                bf["right"] += 1
            if got is not None and conf >= CONFIDENT:
                bt["confident"] += 1
                if ok:
                    bt["confident_right"] += 1
                else:
                    bf["confident_wrong"] += 1
            if not ok:
                miss = {"seed": r["seed"], "type": want, "field": name, "expected": expected, "read": got,
                        "confidence": round(conf, 3)}
                if kind == "records" and isinstance(expected, list):
                    miss["rows_wrong"] = row_misses(spec, expected, got)
                    miss["expected"] = f"{len(expected)} rows"
                    miss["read"] = f"{len(got) if isinstance(got, list) else 0} rows"
                misses.append(miss)

    def summary(s: dict) -> dict:
        ratio = lambda a, b: round(a / b, 4) if b else None  # noqa: E731
        return {"documents": s["documents"], "type_accuracy": ratio(s["type_right"], s["documents"]),
                "fields": s["fields"], "field_accuracy": ratio(s["fields_right"], s["fields"]),
                "confident": s["confident"], "confident_wrong": s["confident"] - s["confident_right"],
                "calibration": ratio(s["confident_right"], s["confident"])}

    total = _blank()
    for s in by_type.values():
        for k in total:
            total[k] += s[k]
    order = [t for t in perturb.TYPES if t in by_type]
    fields = sorted(({"type": t, "field": f, "fields": v["fields"], "right": v["right"],
                      "accuracy": round(v["right"] / v["fields"], 4) if v["fields"] else None,
                      "confident_wrong": v["confident_wrong"]} for (t, f), v in by_field.items()),
                    key=lambda x: (x["accuracy"], -x["confident_wrong"], x["type"], x["field"]))
    return {"by_type": {t: summary(by_type[t]) for t in order}, "overall": summary(total),
            "fields": fields, "misses": misses, "values": values,
            "errors": [{"seed": r["seed"], "type": r["type"], "error": r["error"]} for r in errors]}


def _fmt(v: float | None) -> str:
    return "     —" if v is None else f"{v:.4f}"


def _short(v: Any, n: int = 60) -> str:
    s = repr(v)
    return s if len(s) <= n else s[: n - 1] + "…"


def print_report(rep: dict, show_misses: int, worst: int) -> None:
    m = rep["meta"]
    print(f"Perturbed layouts: {m['rendering']}, seeds {m['seeds']} ({m['seed_range']}), "
          f"{rep['overall']['documents']} documents, {m['seconds']:.1f} s (vocabulary {m['vocabulary']})")
    print()
    print(f"{'type':22s} {'docs':>5s} {'type acc':>9s} {'field acc':>10s} {'fields':>7s} "
          f"{'conf>=0.80':>11s} {'conf wrong':>11s} {'calibration':>12s}")
    rows = list(rep["by_type"].items()) + [("overall", rep["overall"])]
    for name, s in rows:
        if name == "overall":
            print("-" * 92)
        print(f"{name:22s} {s['documents']:5d} {_fmt(s['type_accuracy']):>9s} {_fmt(s['field_accuracy']):>10s} "
              f"{s['fields']:7d} {s['confident']:11d} {s['confident_wrong']:11d} {_fmt(s['calibration']):>12s}")
    if rep["errors"]:
        print(f"\ngenerator errors: {len(rep['errors'])}")
        for e in rep["errors"][:10]:
            print(f"   seed {e['seed']} {e['type']}: {e['error']}")
    bad = [f for f in rep["fields"] if f["accuracy"] is not None and f["accuracy"] < 1.0][:worst]
    if bad:
        print("\nworst fields")
        for f in bad:
            print(f"   {f['type'] + '.' + f['field']:44s} {f['accuracy']:.4f} ({f['right']}/{f['fields']})"
                  f"  confident wrong {f['confident_wrong']}")
    if show_misses:
        print(f"\nfirst {min(show_misses, len(rep['misses']))} of {len(rep['misses'])} misses "
              "(seed, type, field, expected, read, confidence)")
        for x in rep["misses"][:show_misses]:
            rows = f" rows {x['rows_wrong'][:8]}" if x.get("rows_wrong") else ""
            print(f"   {x['seed']:6d} {x['type']:20s} {x['field']:22s} {_short(x['expected'])} -> "
                  f"{_short(x['read'])} ({x['confidence']}){rows}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 3)[3],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default=f"{HELD_OUT[0]}-{HELD_OUT[1]}",
                    help="A-B, A,B,C or N (default: the held-out range %(default)s; development: 0-999)")
    ap.add_argument("--types", default=",".join(perturb.TYPES), help="comma-separated (default: the four)")
    ap.add_argument("--rendering", choices=("digital", "scanned"), default="digital")
    ap.add_argument("--jobs", type=int, default=1, help="reading processes")
    ap.add_argument("--json", metavar="OUT", help="also write the whole report (every miss) as JSON here")
    ap.add_argument("--values", metavar="OUT",
                    help="write every value read (type, field, confidence, right or not) as JSON lines here")
    ap.add_argument("--cache-dir", help="a read cache (intake.cache.ReadCache) for OCR'd files")
    ap.add_argument("--show-misses", type=int, default=0, metavar="N", help="print the first N misses")
    ap.add_argument("--worst", type=int, default=12, metavar="N", help="how many worst fields to print")
    try:
        args = ap.parse_args(argv)
    except SystemExit:  # --help, or a malformed command line (argparse printed why): still 0
        return 0
    try:
        seeds = parse_seeds(args.seeds)
    except ValueError:
        print(f"--seeds: not a range: {args.seeds!r}", file=sys.stderr)
        return 0
    types = [t.strip() for t in args.types.split(",") if t.strip()]
    unknown = [t for t in types if t not in perturb.TYPES]
    if unknown or not seeds:
        print(f"nothing to measure (types: {', '.join(perturb.TYPES)})", file=sys.stderr)
        return 0
    jobs = [(t, s, args.rendering, args.cache_dir) for s in seeds for t in types]
    t0 = time.perf_counter()
    results: list[dict] = []
    progress = sys.stderr.isatty()
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for i, r in enumerate(pool.map(_job, jobs, chunksize=1), 1):
                results.append(r)
                if progress:
                    print(f"\r{i}/{len(jobs)}", end="", file=sys.stderr, flush=True)
    else:
        for i, j in enumerate(jobs, 1):
            results.append(_job(j))
            if progress:
                print(f"\r{i}/{len(jobs)}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    rep = evaluate(results)
    rep["meta"] = {"rendering": args.rendering, "seeds": args.seeds, "seed_range": seed_range_name(seeds),
                   "types": types, "seconds": round(time.perf_counter() - t0, 1), "confident": CONFIDENT,
                   "vocabulary": perturb.common.vocabulary_fingerprint()}
    print_report(rep, args.show_misses, args.worst)
    values = rep.pop("values")
    if args.json:
        Path(args.json).write_text(json.dumps(rep, ensure_ascii=False, indent=2, default=str) + "\n",
                                   encoding="utf-8")
    if args.values:
        Path(args.values).write_text("".join(json.dumps(v, ensure_ascii=False) + "\n" for v in values),
                                     encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
