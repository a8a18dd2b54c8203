"""Calibration of field confidence on the development set (`../shared/devset`).

For every case runs `fretadoc check --json` (as `score.py` does), matches each core field to
its expected value with `score.py`'s own comparisons (imported from the devset folder, not
copied) and reports, per rendering: values read, values reported at confidence >= 0.80, how
many of those are wrong ("confident wrong") and the share that are right (calibration).

    .venv/bin/python scripts/devset_calibration.py [--devset ../shared/devset] [--jobs 2]

Set FRETADOC_CACHE_DIR to the folder a previous `score.py` run used and the scans are not
read again.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIDENT = 0.80


def load_score(devset: Path):
    spec = importlib.util.spec_from_file_location("devset_score", devset / "score.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"no score.py in {devset}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["devset_score"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def run(case: Path, cmd: list[str]) -> tuple[dict, dict | None]:
    exp = json.loads((case / "expected.json").read_text(encoding="utf-8"))
    argv = cmd + ["check", "--json", "--rulebook", exp["rulebook"], "--reference-date", exp["reference_date"]]
    for key, value in (exp.get("facts") or {}).items():
        argv += ["--fact", f"{key}={value}"]
    argv += [str(case / name) for name in exp["files"]]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=600, cwd=ROOT)
    try:
        return exp, json.loads(proc.stdout)
    except json.JSONDecodeError:
        return exp, None


def fields_of(score, exp: dict, result: dict | None):
    """(rendering, field, right, value, confidence) for every expected core field."""
    by_file = defaultdict(list)
    for doc in (result or {}).get("documents", []):
        by_file[Path(doc["filename"]).name].append(doc)
    for name, entry in exp["files"].items():
        expected = score.expected_documents(name, entry)
        for _key, want, doc in score.match_documents(expected, by_file.get(name, [])):
            got_fields = (doc or {}).get("fields") or {}
            for field, scored in score.field_scores(want["fields"], doc).items():
                base = field.split(".")[0]
                got = got_fields.get(base) if isinstance(got_fields.get(base), dict) else {}
                value, conf = got.get("value"), float(got.get("confidence") or 0.0)
                yield exp["rendering"], f"{want['type']}.{field}", scored[0] >= 1.0, value, conf


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devset", default=str(ROOT.parent / "shared" / "devset"))
    ap.add_argument("--cmd", default=str(ROOT / ".venv" / "bin" / "fretadoc"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    devset = Path(args.devset)
    score = load_score(devset)
    cases = sorted(p.parent for p in (devset / "packets").glob("*/expected.json"))
    with ThreadPoolExecutor(args.jobs) as pool:
        runs = list(pool.map(lambda c: run(c, [args.cmd]), cases))
    stats: dict[str, dict] = defaultdict(lambda: {"fields": 0, "read": 0, "confident": 0, "confident_wrong": 0})
    wrong = []
    for (exp, result), case in zip(runs, cases):
        for rendering, field, right, value, conf in fields_of(score, exp, result):
            s = stats[rendering]
            s["fields"] += 1
            s["read"] += value is not None
            if value is not None and conf >= CONFIDENT:
                s["confident"] += 1
                if not right:
                    s["confident_wrong"] += 1
                    wrong.append({"case": case.name, "field": field, "value": value, "confidence": conf})
    for s in stats.values():
        s["calibration"] = round(1 - s["confident_wrong"] / s["confident"], 4) if s["confident"] else None
    if args.json:
        print(json.dumps({"by_rendering": stats, "confident_wrong": wrong}, indent=2, ensure_ascii=False))
        return 0
    print(f"{'rendering':9} {'fields':>6} {'read':>5} {'conf>=0.80':>10} {'wrong':>5} {'calibration':>11}")
    for rendering, s in sorted(stats.items()):
        cal = "—" if s["calibration"] is None else f"{s['calibration']:.4f}"
        print(f"{rendering:9} {s['fields']:6d} {s['read']:5d} {s['confident']:10d} {s['confident_wrong']:5d} {cal:>11}")
    for w in wrong:
        print(f"  confident wrong: {w['case']} {w['field']} = {w['value']!r} at {w['confidence']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
