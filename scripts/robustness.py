"""Reading accuracy on layouts nobody has seen: the perturbed-layout mode of the sample generator.

For each seed and type, samples/gen/perturb/ draws a document (crlv, apolice_seguro,
contrato_fretamento, lista_passageiros) in a layout family with the fields it prints (regrouped:
the project's own layouts perturbed; columns, kv_table, prose, grouped, spreadsheet, boxed: the
page's structure changed; packet: the four documents and receipts merged into one PDF); this
script reads it with intake.pipeline.read_file, as a digital PDF or rasterised as a scan (200
dpi, grey, a small tilt; slow: OCR), and compares what was read with what was printed, field by
field, with scripts/accuracy.py's same() (names accent- and case-folded, passenger lists row by
row; an expected null counts, and is right only when nothing is read).

Families: by default each seed draws its own (`--family mix`: perturb.family_of, about one seed
in ten a packet for all four types, else one of the type's families), so a range of seeds
measures a mix; `--family boxed,prose` renders every seed in each family named (where the type
has it); `--family regrouped` gives the very documents this script read before there were
families (the figures dated before 2026-12-04 in docs/figures.md). A packet is one file for all the types asked: it
is read once, and its type is right only when the file splits into exactly its parts (types and
pages, in order); its fields are those of the part of that type.

It prints per type, per family and overall: documents, type accuracy (the file reads as that one
type), field accuracy, values reported at confidence >= 0.80, how many of those are wrong
("confident wrong") and the share of them that are right (calibration); then per family and
type, the worst fields and, with --show-misses N, the first N misses. It is a measurement: the
exit status is always 0.

Seeds (keep them apart):
    development   0-999            use these while working on the parsers; look at their misses
    calibration   10000-10999      scanned, with --values: what scripts/calibrate.py fits the
                                   confidence bands on (intake/reading/calibration.yaml); a range first
                                   run there is a fresh measure, once fitted on, a development one
    held-out      100000-100199    the default; the figure reported in samples/README.md. Never
                                   tune against it: run it only to report. With the default
                                   `--family mix` it measures every family; `--family regrouped`
                                   gives the documents of the earlier figures.

    .venv/bin/python scripts/robustness.py                      # held-out seeds, digital
    .venv/bin/python scripts/robustness.py --seeds 0-39 --jobs 2 --show-misses 20
    .venv/bin/python scripts/robustness.py --seeds 0-9 --types crlv,lista_passageiros --rendering scanned
    .venv/bin/python scripts/robustness.py --seeds 0-99 --json /tmp/robustness.json --cache-dir .cache/reads
    .venv/bin/python scripts/robustness.py --rendering scanned --seeds 10000-10299 --values /tmp/v.jsonl
    .venv/bin/python scripts/robustness.py --seeds 0-19 --family columns,kv_table,prose,grouped,spreadsheet,boxed,packet
    .venv/bin/python scripts/robustness.py --seeds 0-9 --family boxed --types crlv --rendering scanned --show-misses 20
    .venv/bin/python scripts/robustness.py --seeds 0-9 --types contrato_fretamento --rendering photocopied
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
    return _imaged(pdf_bytes, key, "scan", (0.3, 1.6), scan.degrade, "jpg")


def photocopied(pdf_bytes: bytes, key: str) -> tuple[bytes, str]:
    """The document photocopied, then scanned: near black-and-white, toner specks, dark bands at
    the sheet's edges, a slight tilt (samples/gen/scan.photocopy); PNG for one page, an image-only
    PDF for more."""
    return _imaged(pdf_bytes, key, "photocopy", (0.2, 1.0), scan.photocopy, "png")


def _imaged(pdf_bytes: bytes, key: str, seed: str, tilt: tuple[float, float], look: Any, fmt: str) -> tuple[bytes, str]:
    """The document's pages rasterised and given a look, each tilted a little (odd pages the other
    way); an image for one page, an image-only PDF for more."""
    rng = random.Random(f"{seed}:{key}")
    angle = rng.uniform(*tilt) * rng.choice([-1, 1])
    pages = [look(img, f"{key}:{i}", angle * (1 if i % 2 == 0 else -0.7))
             for i, img in enumerate(scan.rasterize(pdf_bytes, SCAN_DPI))]
    if len(pages) == 1:
        return scan.encode(pages[0], fmt, SCAN_DPI), f"{key}.{fmt}"
    return scan.encode_pdf(pages, SCAN_DPI, key), f"{key}.pdf"


Job = tuple[tuple[str, ...], int, str, str, str | None]  # (types, seed, family, rendering, cache dir)


def plan(seeds: list[int], types: list[str], families: list[str], rendering: str,
         cache_dir: str | None) -> list[Job]:
    """The files to read: one a type, seed and family; a packet once for all its types."""
    jobs: list[Job] = []
    for s in seeds:
        if families == ["mix"]:
            drawn = {t: perturb.family_of(t, s) for t in types}
            packed = tuple(t for t in types if drawn[t] == "packet")
            if packed:
                jobs.append((packed, s, "packet", rendering, cache_dir))
            jobs += [((t,), s, drawn[t], rendering, cache_dir) for t in types if drawn[t] != "packet"]
            continue
        for fam in families:
            if fam == "packet":
                jobs.append((tuple(types), s, fam, rendering, cache_dir))
            else:
                jobs += [((t,), s, fam, rendering, cache_dir) for t in types if fam in perturb.FAMILIES[t]]
    return jobs


def _job(job: Job) -> list[dict]:
    types, seed, family, rendering, cache_dir = job
    t0 = time.perf_counter()
    outs: list[dict[str, Any]] = [{"type": t, "seed": seed, "family": family} for t in types]
    try:
        rendered = [perturb.render(t, seed, family) for t in types]
    except Exception as e:  # a generator bug is reported, not fatal
        return [dict(o, error=f"generator: {e!r}") for o in outs]
    data = rendered[0][0]
    key = f"{family}-{seed}" if family == "packet" else f"{types[0]}-{family}-{seed}"
    name = key + ".pdf"
    if rendering == "scanned":
        data, name = scanned(data, key)
    elif rendering == "photocopied":
        data, name = photocopied(data, key)
    docs = read_file(data, name, cache=ReadCache(cache_dir) if cache_dir else None)  # never raises
    read = []
    for d in docs:
        dumped = d.model_dump(mode="json")
        read.append({"type": dumped["type"], "type_confidence": dumped.get("type_confidence"),
                     "pages": dumped.get("pages"),
                     "fields": {k: {"value": f.get("value"), "confidence": f.get("confidence", 0.0)}
                                for k, f in (dumped.get("fields") or {}).items()}})
    seconds = round(time.perf_counter() - t0, 3)
    return [dict(o, expected=exp, documents=read, seconds=seconds) for o, (_, exp) in zip(outs, rendered)]


def _blank() -> dict:
    return {"documents": 0, "type_right": 0, "fields": 0, "fields_right": 0, "confident": 0,
            "confident_right": 0}


def _type_right(r: dict) -> bool:
    """The file reads as that one type; a packet, as exactly its parts (types and pages, in order)."""
    docs = r["documents"]
    parts = r["expected"].get("parts")
    if parts:
        return [(d["type"], d.get("pages")) for d in docs] == [(p["type"], p["pages"]) for p in parts]
    return bool(docs) and all(d["type"] == r["type"] for d in docs)


def evaluate(results: list[dict]) -> dict:
    by_type: dict[str, dict] = defaultdict(_blank)
    by_family: dict[str, dict] = defaultdict(_blank)
    by_family_type: dict[tuple[str, str], dict] = defaultdict(_blank)
    packets: dict[int, bool] = {}  # seed -> the packet split into its parts
    by_field: dict[tuple[str, str], dict] = defaultdict(lambda: {"fields": 0, "right": 0, "confident_wrong": 0})
    by_field_family: dict[tuple[str, str, str], dict] = defaultdict(
        lambda: {"fields": 0, "right": 0, "confident_wrong": 0})
    misses: list[dict] = []
    values: list[dict] = []  # every value read, right or not: what a calibration is fitted on
    errors = [r for r in results if "error" in r]
    for r in results:
        if "error" in r:
            continue
        want = r["type"]
        fam = r.get("family", "regrouped")
        docs = r["documents"]
        stats = (by_type[want], by_family[fam], by_family_type[(fam, want)])
        for st in stats:
            st["documents"] += 1
        right = _type_right(r)
        parts = r["expected"].get("parts")
        if right:
            for st in stats:
                st["type_right"] += 1
        elif not parts:
            misses.append({"seed": r["seed"], "type": want, "family": fam, "field": "(type)", "expected": want,
                           "read": [d["type"] for d in docs],
                           "confidence": docs[0]["type_confidence"] if docs else None})
        elif r["seed"] not in packets:  # a packet's split is one miss, whichever of its types
            misses.append({"seed": r["seed"], "type": "packet", "family": fam, "field": "(parts)",
                           "expected": [f"{p['type']}:{p['pages']}" for p in parts],
                           "read": [f"{d['type']}:{d.get('pages')}" for d in docs],
                           "confidence": None})
        if parts:
            packets[r["seed"]] = right
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
                values.append({"seed": r["seed"], "type": want, "family": fam, "field": name, "kind": kind,
                               "confidence": round(conf, 4), "right": bool(ok)})
            bf = by_field[(want, name)]
            bff = by_field_family[(fam, want, name)]
            bf["fields"] += 1
            bff["fields"] += 1
            for st in stats:
                st["fields"] += 1
            if ok:
                bf["right"] += 1
                bff["right"] += 1
                for st in stats:
                    st["fields_right"] += 1
            if got is not None and conf >= CONFIDENT:
                for st in stats:
                    st["confident"] += 1
                if ok:
                    for st in stats:
                        st["confident_right"] += 1
                else:
                    bf["confident_wrong"] += 1
                    bff["confident_wrong"] += 1
            if not ok:
                miss = {"seed": r["seed"], "type": want, "family": fam, "field": name, "expected": expected,
                        "read": got, "confidence": round(conf, 3)}
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
    fam_order = [f for f in perturb.ALL_FAMILIES if f in by_family]
    worst = sorted(({"family": fa, "type": t, "field": f, "fields": v["fields"], "right": v["right"],
                     "accuracy": round(v["right"] / v["fields"], 4) if v["fields"] else None,
                     "confident_wrong": v["confident_wrong"]} for (fa, t, f), v in by_field_family.items()),
                   key=lambda x: (x["accuracy"], -x["confident_wrong"], x["family"], x["type"], x["field"]))
    return {"by_type": {t: summary(by_type[t]) for t in order}, "overall": summary(total),
            "by_family": {f: summary(by_family[f]) for f in fam_order},
            "by_family_type": {f"{f}/{t}": summary(by_family_type[(f, t)]) for f in fam_order for t in order
                               if (f, t) in by_family_type},
            "packets": {"files": len(packets), "split_right": sum(packets.values())},
            "fields": fields, "fields_by_family": worst, "misses": misses, "values": values,
            "errors": [{"seed": r["seed"], "type": r["type"], "error": r["error"]} for r in errors]}


def _fmt(v: float | None) -> str:
    return "     —" if v is None else f"{v:.4f}"


def _short(v: Any, n: int = 60) -> str:
    s = repr(v)
    return s if len(s) <= n else s[: n - 1] + "…"


def _table(title: str, rows: list[tuple[str, dict]], width: int = 22) -> None:
    print(f"{title:{width}s} {'docs':>5s} {'type acc':>9s} {'field acc':>10s} {'fields':>7s} "
          f"{'conf>=0.80':>11s} {'conf wrong':>11s} {'calibration':>12s}")
    for name, s in rows:
        if name == "overall":
            print("-" * (width + 70))
        print(f"{name:{width}s} {s['documents']:5d} {_fmt(s['type_accuracy']):>9s} {_fmt(s['field_accuracy']):>10s} "
              f"{s['fields']:7d} {s['confident']:11d} {s['confident_wrong']:11d} {_fmt(s['calibration']):>12s}")


def print_report(rep: dict, show_misses: int, worst: int) -> None:
    m = rep["meta"]
    print(f"Perturbed layouts: {m['rendering']}, seeds {m['seeds']} ({m['seed_range']}), families {m['families']}, "
          f"{rep['overall']['documents']} documents, {m['seconds']:.1f} s (vocabulary {m['vocabulary']})")
    print()
    _table("type", list(rep["by_type"].items()) + [("overall", rep["overall"])])
    if len(rep["by_family"]) > 1 or "regrouped" not in rep["by_family"]:
        print()
        _table("family", list(rep["by_family"].items()))
        print()
        _table("family/type", list(rep["by_family_type"].items()), 34)
    if rep["packets"]["files"]:
        print(f"\npackets split into exactly their parts: {rep['packets']['split_right']} of {rep['packets']['files']}")
    if rep["errors"]:
        print(f"\ngenerator errors: {len(rep['errors'])}")
        for e in rep["errors"][:10]:
            print(f"   seed {e['seed']} {e['type']} {e.get('family', '')}: {e['error']}")
    bad = [f for f in rep["fields_by_family"] if f["accuracy"] is not None and f["accuracy"] < 1.0][:worst]
    if bad:
        print("\nworst fields (family/type.field)")
        for f in bad:
            print(f"   {f['family'] + '/' + f['type'] + '.' + f['field']:56s} {f['accuracy']:.4f} "
                  f"({f['right']}/{f['fields']})  confident wrong {f['confident_wrong']}")
    if show_misses:
        print(f"\nfirst {min(show_misses, len(rep['misses']))} of {len(rep['misses'])} misses "
              "(seed, family, type, field, expected, read, confidence)")
        for x in rep["misses"][:show_misses]:
            rows = f" rows {x['rows_wrong'][:8]}" if x.get("rows_wrong") else ""
            print(f"   {x['seed']:6d} {x.get('family', ''):11s} {x['type']:20s} {x['field']:22s} "
                  f"{_short(x['expected'])} -> {_short(x['read'])} ({x['confidence']}){rows}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 3)[3],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default=f"{HELD_OUT[0]}-{HELD_OUT[1]}",
                    help="A-B, A,B,C or N (default: the held-out range %(default)s; development: 0-999)")
    ap.add_argument("--types", default=",".join(perturb.TYPES), help="comma-separated (default: the four)")
    ap.add_argument("--family", default="mix",
                    help="mix (default: each seed's own family) or comma-separated families, each seed rendered in "
                         f"each: {', '.join(perturb.ALL_FAMILIES)}")
    ap.add_argument("--rendering", choices=("digital", "scanned", "photocopied"), default="digital")
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
    families = [f.strip() for f in args.family.split(",") if f.strip()] or ["mix"]
    bad_fam = [f for f in families if f not in perturb.ALL_FAMILIES and f != "mix"]
    if unknown or not seeds or bad_fam or ("mix" in families and len(families) > 1):
        print(f"nothing to measure (types: {', '.join(perturb.TYPES)}; families: mix or "
              f"{', '.join(perturb.ALL_FAMILIES)})", file=sys.stderr)
        return 0
    jobs = plan(seeds, types, families, args.rendering, args.cache_dir)
    t0 = time.perf_counter()
    results: list[dict] = []
    progress = sys.stderr.isatty()
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for i, r in enumerate(pool.map(_job, jobs, chunksize=1), 1):
                results += r
                if progress:
                    print(f"\r{i}/{len(jobs)}", end="", file=sys.stderr, flush=True)
    else:
        for i, j in enumerate(jobs, 1):
            results += _job(j)
            if progress:
                print(f"\r{i}/{len(jobs)}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    rep = evaluate(results)
    rep["meta"] = {"rendering": args.rendering, "seeds": args.seeds, "seed_range": seed_range_name(seeds),
                   "types": types, "families": ",".join(families), "seconds": round(time.perf_counter() - t0, 1), "confident": CONFIDENT,
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
