"""Reading accuracy on the sample documents.

Walks samples/documents/{digital,scanned,photo}/*.expected.json, reads each document through
intake.pipeline.read_file (with a read cache, so reruns are fast) and reports per rendering:
document type accuracy, and field accuracy (the share of expected fields read exactly after
normalisation) for the contract's core fields and, separately, for the other types' fields.
Names are compared accent- and case-folded, passenger lists row by row, text with its
typographic dashes as hyphens (a scan's en dash and hyphen are the same few pixels; an
itinerary 'Piracicaba – Av. Brasil' read 'Piracicaba - Av. Brasil' is right). A field the sample
marks "unreadable" (smudged) counts as right when the read is null or below CONFIDENT.

Exit status 1 when below the goals: type accuracy 1.0; core field accuracy >= 0.99 digital
and >= 0.95 scanned or photographed.

    .venv/bin/python scripts/accuracy.py [--json] [--cache-dir .cache/reads] [--only GLOB]
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain import doctypes  # noqa: E402
from domain.documents import CONFIDENT, Document  # noqa: E402
from intake import normalize as nz  # noqa: E402
from intake.cache import ReadCache  # noqa: E402
from intake.pipeline import read_file  # noqa: E402

RENDERINGS = ("digital", "scanned", "photo")
GOALS = {"type": 1.0, "core": {"digital": 0.99, "scanned": 0.95, "photo": 0.95}}


def find_samples(root: Path, only: str | None, renderings=RENDERINGS) -> list[tuple[str, Path, Path]]:
    out = []
    for rendering in renderings:
        folder = root / rendering
        for exp in sorted(folder.glob("*.expected.json")):
            stem = exp.name[: -len(".expected.json")]
            if only and not fnmatch.fnmatch(stem, only):
                continue
            docs = [p for p in folder.glob(stem + ".*") if p.name != exp.name and not p.name.endswith(".json")]
            if docs:
                out.append((rendering, exp, docs[0]))
    return out


def _read(job: tuple[str, str | None]) -> list[dict] | None:
    path, cache_dir = job
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError:  # a sample removed while the script ran
        return None
    docs = read_file(data, p.name, cache=ReadCache(cache_dir) if cache_dir else None)
    return [d.model_dump(mode="json") for d in docs]


_DASHES = re.compile("[\u2010-\u2015\u2212]")


def same(kind: str, spec: dict, expected: Any, got: Any) -> bool:
    if expected is None or got is None:
        return expected is None and got is None
    if kind == "name":  # accents, case and punctuation ('S.A.' / 'S.A') aside
        return nz.key(str(expected)) == nz.key(str(got))
    if kind == "text":
        return nz.spaces(_DASHES.sub("-", str(expected))) == nz.spaces(_DASHES.sub("-", str(got)))
    if kind == "money":
        try:
            return abs(float(expected) - float(got)) < 0.005
        except (TypeError, ValueError):
            return False
    if kind == "list":
        return isinstance(got, list) and sorted(map(str, expected)) == sorted(map(str, got))
    if kind == "records":
        if not isinstance(got, list) or len(got) != len(expected):
            return False
        cols = spec.get("columns", {})
        return all(isinstance(g, dict) and all(same(cols.get(c, {}).get("kind", "text"), {}, e.get(c), g.get(c))
                                               for c in e) for e, g in zip(expected, got))
    return expected == got


def row_misses(spec: dict, expected: list, got: Any) -> list[int]:
    """Row numbers (1-based) of a records field that differ."""
    got = got if isinstance(got, list) else []
    cols = spec.get("columns", {})
    bad = []
    for i, e in enumerate(expected):
        g = got[i] if i < len(got) else None
        if not isinstance(g, dict) or not all(same(cols.get(c, {}).get("kind", "text"), {}, e.get(c), g.get(c)) for c in e):
            bad.append(i + 1)
    return bad


def evaluate(samples, reads) -> dict:
    report: dict[str, Any] = {"renderings": {}, "misses": []}
    for rendering in RENDERINGS:
        stats = {"documents": 0, "type_right": 0, "core": [0, 0], "other": [0, 0],
                 "confident": 0, "confident_wrong": 0, "low_confidence_right": 0,
                 "by_type": defaultdict(lambda: {"documents": 0, "type_right": 0, "fields": [0, 0]})}
        for (rend, exp_path, doc_path), docs in zip(samples, reads):
            if rend != rendering or docs is None:
                continue
            try:
                exp = json.loads(exp_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            want = exp["type"]
            documents = [Document.model_validate(d) for d in docs]
            doc = next((d for d in documents if d.type == want), documents[0] if documents else None)
            got_type = doc.type if doc else "unknown"
            bt = stats["by_type"][want]
            stats["documents"] += 1
            bt["documents"] += 1
            # right when the file reads as that one type (a split into other types is wrong)
            if documents and all(d.type == want for d in documents):
                stats["type_right"] += 1
                bt["type_right"] += 1
            else:
                report["misses"].append({"rendering": rendering, "file": doc_path.name, "field": "(type)",
                                         "expected": want, "got": [d.type for d in documents],
                                         "confidence": doc.type_confidence if doc else None})
            if want == "unknown":
                continue
            core = set(doctypes.core_fields(want))
            specs = doctypes.fields(want)
            unreadable = set(exp.get("unreadable") or [])
            for name, expected in (exp.get("fields") or {}).items():
                spec = specs.get(name)
                if spec is None:
                    continue
                f = doc.fields.get(name) if doc and got_type == want else None
                got = f.value if f else None
                conf = f.confidence if f else 0.0
                if name in unreadable:
                    ok = got is None or conf < CONFIDENT
                else:
                    ok = same(spec.get("kind", "text"), spec, expected, got)
                if got is not None and conf >= CONFIDENT and name not in unreadable:
                    stats["confident"] += 1
                bucket = "core" if name in core else "other"
                stats[bucket][1] += 1
                bt["fields"][1] += 1
                if ok:
                    stats[bucket][0] += 1
                    bt["fields"][0] += 1
                    if got is not None and conf < CONFIDENT and name not in unreadable:
                        stats["low_confidence_right"] += 1
                else:
                    if got is not None and conf >= CONFIDENT:
                        stats["confident_wrong"] += 1
                        stats["confident"] += name in unreadable  # counted above otherwise
                    miss = {"rendering": rendering, "file": doc_path.name, "type": want, "field": name,
                            "core": name in core, "expected": expected, "got": got, "confidence": conf}
                    if spec.get("kind") == "records" and isinstance(expected, list):
                        miss["rows_wrong"] = row_misses(spec, expected, got)
                        miss["expected"] = f"{len(expected)} rows"
                        miss["got"] = f"{len(got) if isinstance(got, list) else 0} rows"
                    if name in unreadable:
                        miss["unreadable"] = True
                    report["misses"].append(miss)
        ratio = lambda a: round(a[0] / a[1], 4) if a[1] else None  # noqa: E731
        report["renderings"][rendering] = {
            "documents": stats["documents"],
            "type_accuracy": round(stats["type_right"] / stats["documents"], 4) if stats["documents"] else None,
            "core_field_accuracy": ratio(stats["core"]),
            "core_fields": stats["core"][1],
            "other_field_accuracy": ratio(stats["other"]),
            "other_fields": stats["other"][1],
            "confident": stats["confident"],
            "confident_wrong": stats["confident_wrong"],
            "calibration": (round(1 - stats["confident_wrong"] / stats["confident"], 4)
                            if stats["confident"] else None),
            "low_confidence_right": stats["low_confidence_right"],
            "by_type": {t: {"documents": v["documents"], "type_accuracy": round(v["type_right"] / v["documents"], 4),
                            "field_accuracy": ratio(v["fields"]), "fields": v["fields"][1]}
                        for t, v in sorted(stats["by_type"].items())},
        }
    return report


def below_goals(report: dict) -> list[str]:
    out = []
    for rendering, r in report["renderings"].items():
        if not r["documents"]:
            continue  # a rendering not asked for, or without samples
        if r["type_accuracy"] is not None and r["type_accuracy"] < GOALS["type"]:
            out.append(f"{rendering}: type accuracy {r['type_accuracy']:.4f} < {GOALS['type']}")
        goal = GOALS["core"][rendering]
        if r["core_field_accuracy"] is not None and r["core_field_accuracy"] < goal:
            out.append(f"{rendering}: core field accuracy {r['core_field_accuracy']:.4f} < {goal}")
    return out


def _fmt(v) -> str:
    return "—" if v is None else f"{v:.4f}"


def print_report(report: dict) -> None:
    for rendering, r in report["renderings"].items():
        print(f"\n== {rendering}: {r['documents']} documents")
        print(f"   type accuracy        {_fmt(r['type_accuracy'])}")
        print(f"   core field accuracy  {_fmt(r['core_field_accuracy'])}  ({r['core_fields']} fields)")
        print(f"   other field accuracy {_fmt(r['other_field_accuracy'])}  ({r['other_fields']} fields)")
        print(f"   values at >= {CONFIDENT} {r['confident']}, calibration {_fmt(r['calibration'])}")
        print(f"   confident wrong reads {r['confident_wrong']}; right but below {CONFIDENT}: "
              f"{r['low_confidence_right']}")
        for t, v in r["by_type"].items():
            print(f"     {t:30s} docs {v['documents']:3d}  type {_fmt(v['type_accuracy'])}  "
                  f"fields {_fmt(v['field_accuracy'])} ({v['fields']})")
    if report["misses"]:
        print("\n== misses")
        for m in report["misses"]:
            extra = f" rows {m['rows_wrong'][:10]}" if m.get("rows_wrong") else ""
            flag = " [unreadable]" if m.get("unreadable") else ""
            print(f"   {m['rendering']:8s} {m['file']:40s} {m['field']:24s} expected {m['expected']!r} "
                  f"got {m['got']!r} (conf {m.get('confidence')}){extra}{flag}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=str(ROOT / "samples" / "documents"))
    ap.add_argument("--cache-dir", default=str(ROOT / ".cache" / "reads"))
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--only", help="only samples whose name matches this glob")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rendering", choices=RENDERINGS, action="append",
                    help="only this rendering (repeatable; default both)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    samples = find_samples(Path(args.root), args.only, tuple(args.rendering or RENDERINGS))
    if not samples:
        print(f"no samples under {args.root}", file=sys.stderr)
        return 2
    cache_dir = None if args.no_cache else args.cache_dir
    jobs = [(str(doc), cache_dir) for _, _, doc in samples]
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            reads = list(pool.map(_read, jobs))
    else:
        reads = [_read(j) for j in jobs]
    report = evaluate(samples, reads)
    failing = below_goals(report)
    report["goals"] = {"type": GOALS["type"], "core": GOALS["core"], "met": not failing, "failing": failing}
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2, default=str))
    else:
        print_report(report)
        print("\n" + ("goals met" if not failing else "BELOW GOALS: " + "; ".join(failing)))
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
