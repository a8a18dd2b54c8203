"""Fit the confidence calibration of values read by OCR (intake/reading/calibration.yaml).

Reads the values scripts/robustness.py wrote with --values (every value read from a perturbed
layout, scanned: its type, field, kind, confidence and whether it was right), groups them by the
kind of value and by band of confidence, and prints for each the share that was right. A band
whose values are right less often than the target (99.5 %: the share the contract promises of a
value reported at 0.80 or more), beyond chance, is one the parsers are too sure of; with --write, those bands go
to intake/reading/calibration.yaml, where intake/reading/calibration.py reports such values below
CONFIDENT (for review), never above.

Fit on seeds kept for it (the calibration range, 10000-10999), never on the held-out ones, from
values read without the bands (move intake/reading/calibration.yaml aside first: values it already lowered
would not be seen; its absence changes the reading code's fingerprint, so the read cache parses
again and OCRs nothing again), on every layout family (each value carries its family; a fit on
the project's own layouts only, `regrouped`, never sees a page whose structure changed):

    mv intake/reading/calibration.yaml /tmp/calibration.yaml.before
    .venv/bin/python scripts/robustness.py --rendering scanned --seeds 10000-10099 --jobs 2 \\
        --family regrouped,columns,kv_table,prose,grouped,spreadsheet,boxed,packet \\
        --cache-dir /tmp/reads --values /tmp/values.jsonl
    .venv/bin/python scripts/calibrate.py /tmp/values.jsonl --width 0.1 --seeds 10000-10099 \\
        --families regrouped,columns,kv_table,prose,grouped,spreadsheet,boxed,packet [--write]

(--write puts the bands in intake/reading/calibration.yaml, with the seeds, families and counts.) Then check
the fit on seeds it was not fitted on, with the bands in place: `scripts/robustness.py --rendering
scanned --seeds 10100-10149 --family ... --jobs 2` (values at >= 0.80: at least 99.5 % right).
`--family` here keeps only the values of the families named (the fit of a subset, to compare).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.documents import CONFIDENT  # noqa: E402
from intake.reading import calibration  # noqa: E402

TARGET = 0.995
# a band falls short when its wrong values would be this unlikely were it right 99.5 % of the
# time (a binomial tail), and they are two at least: one slip in a small band is chance
SIGNIFICANCE = 0.01
MIN_WRONG = 2


def _tail(n: int, wrong: int, p: float = 1 - TARGET) -> float:
    """P(at least `wrong` wrong of n) for values each wrong with probability p."""
    return max(0.0, 1.0 - sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(wrong)))


def fit(values: list[dict], width: float) -> list[dict]:
    """Per type, group of kinds and band of confidence: values, right, and whether it falls short."""
    cells: dict[tuple[str, str, float], list[int]] = defaultdict(lambda: [0, 0])
    for v in values:
        c = float(v["confidence"])
        if c < CONFIDENT:
            continue
        lo = round(CONFIDENT + width * int((c - CONFIDENT) / width + 1e-9), 3)
        cell = cells[(v["type"], calibration.group(v["kind"]), min(lo, round(1.0 - width, 3)))]
        cell[0] += 1
        cell[1] += bool(v["right"])
    out = []
    for (typ, grp, lo), (n, right) in sorted(cells.items()):
        short = n - right >= MIN_WRONG and _tail(n, n - right) < SIGNIFICANCE
        out.append({"type": typ, "group": grp, "from": lo, "to": round(lo + width, 3), "values": n, "right": right,
                    "share": round(right / n, 4), "short": short})
    return out


def by_family(values: list[dict]) -> dict[str, dict]:
    """Per layout family: values, those at CONFIDENT or more, how many of those are wrong (and of
    which type): where a fit's short bands come from."""
    out: dict[str, dict] = {}
    for v in values:
        r = out.setdefault(v.get("family", "regrouped"),
                           {"values": 0, "confident": 0, "wrong": 0, "wrong_by_type": defaultdict(int)})
        r["values"] += 1
        if float(v["confidence"]) >= CONFIDENT:
            r["confident"] += 1
            if not v["right"]:
                r["wrong"] += 1
                r["wrong_by_type"][v["type"]] += 1
    for r in out.values():
        r["share"] = round(1 - r["wrong"] / r["confident"], 4) if r["confident"] else 1.0
    return dict(sorted(out.items()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("values", nargs="+", help="JSON lines from scripts/robustness.py --values")
    ap.add_argument("--width", type=float, default=0.05, help="band width (default %(default)s)")
    ap.add_argument("--seeds", default="", help="the seeds the values come from, recorded with the fit")
    ap.add_argument("--families", default="", help="the families the values were read in, recorded with the fit")
    ap.add_argument("--family", default="", help="fit only on the values of these families (comma-separated)")
    ap.add_argument("--write", action="store_true", help="write the bands that fall short to intake/reading/calibration.yaml")
    args = ap.parse_args(argv)
    values = [json.loads(line) for p in args.values for line in Path(p).read_text(encoding="utf-8").splitlines()
              if line.strip()]
    only = {f.strip() for f in args.family.split(",") if f.strip()}
    if only:
        values = [v for v in values if v.get("family", "regrouped") in only]
    rows = fit(values, args.width)
    print(f"{len(values)} values, {sum(r['values'] for r in rows)} at {CONFIDENT} or more; target {TARGET}")
    print(f"{'type':20s} {'group':12s} {'band':>13s} {'values':>7s} {'right':>6s} {'share':>7s}")
    for r in rows:
        print(f"{r['type']:20s} {r['group']:12s} {r['from']:.3f}-{r['to']:.3f} {r['values']:7d} {r['right']:6d} "
              f"{r['share']:7.4f}" + ("  short" if r["short"] else ""))
    fams = by_family(values)
    if len(fams) > 1 or "regrouped" not in fams:
        print(f"\n{'family':12s} {'values':>7s} {'>=0.80':>7s} {'wrong':>6s} {'share':>7s}  wrong at >= 0.80 by type")
        for fam, r in fams.items():
            print(f"{fam:12s} {r['values']:7d} {r['confident']:7d} {r['wrong']:6d} {r['share']:7.4f}  "
                  + ", ".join(f"{t} {n}" for t, n in sorted(r["wrong_by_type"].items())))
    short = [r for r in rows if r["short"]]
    kept = sum(r["values"] - r["right"] for r in rows if not r["short"])
    n = sum(r["values"] for r in rows if not r["short"])
    print(f"\nbands short of the target: {len(short)}; lowering them leaves {kept} wrong of {n} "
          f"({1 - kept / n if n else 1:.4f} right) and {sum(r['values'] for r in short)} values for review")
    if args.write:
        calibration.write([{"type": r["type"], "group": r["group"], "from": r["from"], "to": r["to"],
                            "values": r["values"], "right": r["right"]} for r in short],
                          {"date": date.today().isoformat(), "seeds": args.seeds, "rendering": "scanned",
                           "families": args.families or ",".join(fams), "values": len(values), "target": TARGET,
                           "width": args.width, "significance": SIGNIFICANCE,
                           "command": f"scripts/robustness.py --rendering scanned --seeds {args.seeds} "
                                      f"--family {args.families or ','.join(fams)} --values V; "
                                      f"scripts/calibrate.py V --width {args.width} --seeds {args.seeds} "
                                      f"--families {args.families or ','.join(fams)} --write"})
        print(f"written: {calibration.PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
