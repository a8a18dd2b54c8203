"""Reading accuracy and calibration on random layouts: documents nobody drew (samples/gen/random_layout/).

For each seed and type the generator draws a document whose every section has its own
arrangement, with decoys under other labels and label spellings from the vocabularies and beyond
them; this script renders it (digital, scanned, photocopied, photographed), reads it with
intake.pipeline.read_file (what `fretadoc read` runs; a read cache with --cache-dir) and compares
each core field with the development set's own comparisons (its score.py's same() and passenger
scores, imported from ../shared/devset when it is there, else scripts/accuracy.py's).

It prints per type and rendering: documents, type accuracy, field accuracy, the values reported
at >= 0.80 and the share of them right (calibration; the goal is 99.5 %), how many of those are
wrong, and the needless-unsure rate (right values reported below 0.80, of the right values); then
field accuracy by where the field's label came from (vocabulary, synonym, none: a sentence, a
letterhead, a table), the worst fields and, with --show-misses N, the first N misses with their
seeds. It is a measurement: the exit status is always 0.

Seeds (samples/gen/random_layout: keep them apart):
    development  20000-20999     look at misses here while working on the readers
    fitting      30000-30999     what the calibration may be fitted on (--values, then
                                 scripts/calibrate.py); never measured on once fitted on
    held-out     200000-200999   the default: report only, never tune against it

    .venv/bin/python scripts/bench_random.py                                   # held-out, digital, 100 a type
    .venv/bin/python scripts/bench_random.py --seeds 200000-200024 --rendering scanned,photocopied --jobs 2
    .venv/bin/python scripts/bench_random.py --seeds 20000-20049 --show-misses 30
    .venv/bin/python scripts/bench_random.py --seeds 20031 --types contrato_fretamento --save /tmp/look
    .venv/bin/python scripts/bench_random.py --json /tmp/random.json --cache-dir .cache/reads

Fitting the calibration on random layouts (the lead's step, after the readers change; the bands
must be fitted on values read without them):
    mv intake/reading/calibration.yaml /tmp/calibration.yaml.before
    .venv/bin/python scripts/bench_random.py --seeds 30000-30099 --rendering scanned,photocopied \\
        --jobs 2 --cache-dir /tmp/reads --values /tmp/random-values.jsonl
    .venv/bin/python scripts/calibrate.py /tmp/random-values.jsonl [/tmp/perturbed-values.jsonl] --width 0.1 \\
        --seeds random:30000-30099 --families random [--write]
then measure on the held-out range, with the bands in place.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
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

import accuracy  # noqa: E402
from domain import doctypes  # noqa: E402
from domain.documents import CONFIDENT, Document, Field  # noqa: E402
from intake.cache import ReadCache  # noqa: E402
from intake.pipeline import read_file  # noqa: E402
from samples.gen import random_layout as rl  # noqa: E402
from validators.fleet_row import fleet_rows_chosen  # noqa: E402

DEVSET = ROOT.parent / "shared" / "devset"
# the core fields the development set scores, per type (tipo_veiculo and contratante_tipo are derived)
CORE = {
    "crlv": ("placa", "renavam", "chassi", "exercicio", "ano_fabricacao", "ano_modelo", "categoria", "especie_tipo",
             "tipo_veiculo", "lotacao", "proprietario_nome", "proprietario_documento", "data_emissao"),
    "apolice_seguro": ("numero_apolice", "seguradora_nome", "seguradora_cnpj", "segurado_nome", "segurado_documento",
                       "vigencia_inicio", "vigencia_fim", "placa", "chassi", "renavam", "assentos",
                       "ap_por_passageiro", "rc_por_veiculo", "dmh_por_passageiro"),
    "contrato_fretamento": ("numero_contrato", "contratante_nome", "contratante_documento", "contratante_tipo",
                            "contratado_nome", "contratado_documento", "data_assinatura", "vigencia_inicio",
                            "vigencia_fim", "origem", "destino", "instituicao_destino", "valor"),
    "lista_passageiros": ("contrato_numero", "contratante_nome", "instituicao", "total_passageiros", "passageiros"),
}
DEFAULT_SEEDS = {"digital": f"{rl.HELD_OUT[0]}-{rl.HELD_OUT[0] + 99}",
                 "other": f"{rl.HELD_OUT[0]}-{rl.HELD_OUT[0] + 9}"}

_SCORE: Any = None


def scorer():
    """The development set's comparisons (imported, not copied), else the project's own."""
    global _SCORE
    if _SCORE is None:
        spec = importlib.util.spec_from_file_location("devset_score", DEVSET / "score.py") \
            if (DEVSET / "score.py").is_file() else None
        if spec is not None and spec.loader is not None:
            module = importlib.util.module_from_spec(spec)
            sys.modules["devset_score"] = module  # dataclasses look their module up
            try:
                spec.loader.exec_module(module)
                _SCORE = module
            except Exception:  # its own dependencies missing: the project's comparisons
                _SCORE = False
        else:
            _SCORE = False
    return _SCORE


def compare(doc_type: str, name: str, expected: Any, got: Any) -> float:
    """1.0 right, 0.0 wrong; a passenger list scores the devset's way (count and documents' F1)."""
    sc = scorer()
    if name == "passageiros":
        if sc:
            s = sc.passenger_scores(expected, got)
            return min(s["passageiros.count"], s["passageiros.docs"])
        spec = doctypes.fields(doc_type).get(name, {})
        return float(accuracy.same("records", spec, expected, got))
    if expected is None:  # nothing printed to read: any value is wrong
        return float(got is None)
    if sc:
        return float(sc.same(sc.KIND.get(name, "text"), expected, got))
    spec = doctypes.fields(doc_type).get(name, {})
    return float(accuracy.same(spec.get("kind", "text"), spec, expected, got))


def parse_seeds(spec: str) -> list[int]:
    out: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        if "-" in part:
            a, b = (int(x) for x in part.split("-", 1))
            out += range(a, b + 1)
        elif part:
            out.append(int(part))
    return out


def seed_range_name(seeds: list[int]) -> str:
    for name, (a, b) in (("held-out", rl.HELD_OUT), ("fitting", rl.FITTING), ("development", rl.DEVELOPMENT)):
        if seeds and all(a <= s <= b for s in seeds):
            return name
    return "mixed"


Job = tuple[str, int, str, str | None, str | None]  # (type, seed, rendering, cache dir, save dir)


def _job(job: Job) -> dict:
    doc_type, seed, rendering, cache_dir, save = job
    t0 = time.perf_counter()
    out: dict[str, Any] = {"type": doc_type, "seed": seed, "rendering": rendering}
    try:
        g = rl.generate(doc_type, seed, rendering)
    except Exception as e:  # a generator bug is reported, not fatal
        return dict(out, error=f"generator: {e!r}")
    if save:  # the file and what it prints, to look at a miss
        Path(save, g.name).write_bytes(g.data)
        Path(save, g.name.rsplit(".", 1)[0] + ".expected.json").write_text(
            json.dumps(dict(g.expected, printed=g.printed, meta=g.meta), ensure_ascii=False, indent=2, default=str),
            encoding="utf-8")
    docs = read_file(g.data, g.name, cache=ReadCache(cache_dir) if cache_dir else None)
    if g.meta.get("features", {}).get("fleet"):
        docs = _in_packet(docs, g.expected["fields"]["placa"])
    dumped = [d.model_dump(mode="json") for d in docs]
    doc = next((d for d in dumped if d["type"] == doc_type), dumped[0] if dumped else None)
    got_fields = (doc or {}).get("fields") or {}
    fields = {}
    for name in CORE[doc_type]:
        want = g.expected["fields"].get(name)
        f = got_fields.get(name) if doc and doc["type"] == doc_type else None
        got = f.get("value") if f else None
        conf = float(f.get("confidence") or 0.0) if f else 0.0
        fields[name] = {"expected": want, "read": got, "confidence": round(conf, 4),
                        "score": compare(doc_type, name, want, got), "source": g.meta["sources"].get(name, "none")}
    return dict(out, types=[d["type"] for d in dumped], fields=fields, arrangements=g.meta["arrangements"],
                pages=g.meta["pages"], seconds=round(time.perf_counter() - t0, 3))


def _in_packet(docs: list, placa: str) -> list:
    """A fleet policy as a packet judges it: beside a CRLV of its vehicle (the plate read sure), whose
    row of the fleet's table the policy's vehicle fields are then read from (validators/fleet_row.py)."""
    crlv = Document(id="crlv", filename="crlv.pdf", sha256="0" * 64, type="crlv", type_confidence=1.0,
                    text_source="pdf_text", fields={"placa": Field(value=placa, confidence=1.0)})
    return [d for d in fleet_rows_chosen([*docs, crlv]) if d.id != "crlv"]


def _blank() -> dict:
    return {"documents": 0, "type_right": 0, "fields": 0, "score": 0.0, "confident": 0, "confident_right": 0,
            "right": 0, "right_unsure": 0, "seconds": 0.0}


def evaluate(results: list[dict]) -> dict:
    cells: dict[tuple[str, str], dict] = defaultdict(_blank)
    by_source: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0, 0.0, 0, 0])
    by_field: dict[tuple[str, str, str], dict] = defaultdict(
        lambda: {"fields": 0, "score": 0.0, "confident_wrong": 0, "right_unsure": 0, "null": 0})
    misses, values = [], []
    for r in results:
        if "error" in r:
            continue
        t, rend = r["type"], r["rendering"]
        stats = (cells[(t, rend)], cells[("all", rend)])
        type_ok = bool(r["types"]) and all(x == t for x in r["types"])
        for st in stats:
            st["documents"] += 1
            st["type_right"] += type_ok
            st["seconds"] += r["seconds"]
        specs = doctypes.fields(t)
        for name, f in r["fields"].items():
            right = f["score"] >= 1.0
            read = f["read"] is not None
            sure = read and f["confidence"] >= CONFIDENT
            bf = by_field[(rend, t, name)]
            bf["fields"] += 1
            bf["score"] += f["score"]
            for key in ((rend, "all", f["source"]), (rend, t, f["source"])):
                by_source[key][0] += 1
                by_source[key][1] += f["score"]
                by_source[key][2] += sure
                by_source[key][3] += sure and not right
            for st in stats:
                st["fields"] += 1
                st["score"] += f["score"]
                if sure:
                    st["confident"] += 1
                    st["confident_right"] += right
                if right and f["expected"] is not None:
                    st["right"] += 1
                    st["right_unsure"] += not sure
            if sure and not right:
                bf["confident_wrong"] += 1
            if right and f["expected"] is not None and not sure:
                bf["right_unsure"] += 1
            if not read and f["expected"] is not None:
                bf["null"] += 1
            if read:
                values.append({"seed": r["seed"], "type": t, "family": "random", "rendering": rend, "field": name,
                               "kind": specs.get(name, {}).get("kind", "text"), "confidence": f["confidence"],
                               "right": right})
            if not right or (f["expected"] is not None and not sure):
                exp, got = f["expected"], f["read"]
                if name == "passageiros":
                    exp = f"{len(exp)} rows" if isinstance(exp, list) else exp
                    got = f"{len(got)} rows" if isinstance(got, list) else got
                misses.append({"seed": r["seed"], "type": t, "rendering": rend, "field": name, "expected": exp,
                               "read": got, "confidence": f["confidence"], "source": f["source"],
                               "wrong": not right, "confident_wrong": sure and not right,
                               "arrangements": r["arrangements"]})

    def summary(s: dict) -> dict:
        ratio = lambda a, b: round(a / b, 4) if b else None  # noqa: E731
        return {"documents": s["documents"], "type_accuracy": ratio(s["type_right"], s["documents"]),
                "fields": s["fields"], "field_accuracy": ratio(s["score"], s["fields"]),
                "confident": s["confident"], "confident_wrong": s["confident"] - s["confident_right"],
                "calibration": ratio(s["confident_right"], s["confident"]),
                "needless_unsure": ratio(s["right_unsure"], s["right"]),
                "seconds_per_document": ratio(s["seconds"], s["documents"])}

    rends = [x for x in rl.RENDERINGS if any(k[1] == x for k in cells)]
    table = {f"{t}/{rend}": summary(cells[(t, rend)]) for rend in rends for t in rl.TYPES + ("all",)
             if (t, rend) in cells}
    fields = sorted(({"rendering": rend, "type": t, "field": n, "fields": v["fields"],
                      "accuracy": round(v["score"] / v["fields"], 4), "confident_wrong": v["confident_wrong"],
                      "right_unsure": v["right_unsure"], "null": v["null"]}
                     for (rend, t, n), v in by_field.items()),
                    key=lambda x: (x["accuracy"], -x["confident_wrong"], x["rendering"], x["type"], x["field"]))
    sources = {f"{rend}/{t}/{src}": {"fields": n, "accuracy": round(sc / n, 4) if n else None, "confident": c,
                                     "confident_wrong": cw, "calibration": round(1 - cw / c, 4) if c else None}
               for (rend, t, src), (n, sc, c, cw) in sorted(by_source.items(), key=lambda kv: (
                   rends.index(kv[0][0]), (rl.TYPES + ("all",)).index(kv[0][1]), kv[0][2]))}
    return {"by_type_rendering": table, "by_label_source": sources, "fields": fields, "misses": misses,
            "values": values, "errors": [{"seed": r["seed"], "type": r["type"], "rendering": r["rendering"],
                                          "error": r["error"]} for r in results if "error" in r]}


def _f(v: float | None) -> str:
    return "     —" if v is None else f"{v:.4f}"


def _short(v: Any, n: int = 48) -> str:
    s = repr(v)
    return s if len(s) <= n else s[: n - 1] + "…"


def print_report(rep: dict, show_misses: int, worst: int) -> None:
    m = rep["meta"]
    print(f"Random layouts: seeds {m['seeds']} ({m['seed_range']}), renderings {','.join(m['renderings'])}, "
          f"{m['documents']} documents, {m['seconds']:.1f} s, comparisons: {m['comparisons']}")
    print()
    print(f"{'type/rendering':34s} {'docs':>5s} {'type acc':>9s} {'field acc':>10s} {'fields':>7s} {'>=0.80':>7s} "
          f"{'wrong':>6s} {'calibr.':>8s} {'unsure':>7s} {'s/doc':>6s}")
    for name, s in rep["by_type_rendering"].items():
        print(f"{name:34s} {s['documents']:5d} {_f(s['type_accuracy']):>9s} {_f(s['field_accuracy']):>10s} "
              f"{s['fields']:7d} {s['confident']:7d} {s['confident_wrong']:6d} {_f(s['calibration']):>8s} "
              f"{_f(s['needless_unsure']):>7s} {s['seconds_per_document'] or 0:6.2f}")
    print("\nfield accuracy by where the label came from (vocabulary, synonym, none: a sentence, a letterhead, a cell)")
    for k, v in rep["by_label_source"].items():
        print(f"   {k:44s} {_f(v['accuracy'])} ({v['fields']} fields; at >= 0.80 {v['confident']}, "
              f"wrong {v['confident_wrong']}, calibration {_f(v['calibration'])})")
    if rep["errors"]:
        print(f"\ngenerator errors: {len(rep['errors'])}")
        for e in rep["errors"][:10]:
            print(f"   {e['seed']} {e['type']} {e['rendering']}: {e['error']}")
    bad = [f for f in rep["fields"] if f["accuracy"] < 1.0 or f["right_unsure"]][:worst]
    if bad:
        print("\nworst fields (rendering/type.field: accuracy, confident wrong, right but unsure, not read)")
        for f in bad:
            print(f"   {f['rendering'] + '/' + f['type'] + '.' + f['field']:52s} {f['accuracy']:.4f} "
                  f"({f['fields']})  conf.wrong {f['confident_wrong']:3d}  unsure {f['right_unsure']:3d}  "
                  f"null {f['null']:3d}")
    if show_misses:
        ms = sorted(rep["misses"], key=lambda x: (not x["confident_wrong"], not x["wrong"]))
        print(f"\nfirst {min(show_misses, len(ms))} of {len(ms)} misses, confidently wrong first "
              "(seed, rendering, type, field, label source, expected -> read (confidence))")
        for x in ms[:show_misses]:
            tag = "WRONG>=0.80" if x["confident_wrong"] else ("wrong" if x["wrong"] else "unsure")
            print(f"   {x['seed']:6d} {x['rendering']:12s} {x['type']:20s} {x['field']:22s} {x['source']:10s} "
                  f"{tag:11s} {_short(x['expected'])} -> {_short(x['read'])} ({x['confidence']})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", help=f"A-B, A,B,C or N (default: held-out {DEFAULT_SEEDS['digital']} digital, "
                                     f"{DEFAULT_SEEDS['other']} for any other rendering)")
    ap.add_argument("--types", default=",".join(rl.TYPES))
    ap.add_argument("--rendering", default="digital", help=f"comma-separated: {', '.join(rl.RENDERINGS)}")
    ap.add_argument("--jobs", type=int, default=1, help="reading processes")
    ap.add_argument("--cache-dir", help="a read cache (intake.cache.ReadCache): OCR'd files are not read again")
    ap.add_argument("--json", metavar="OUT", help="also write the whole report (every miss) as JSON here")
    ap.add_argument("--values", metavar="OUT", help="every value read, as JSON lines for scripts/calibrate.py")
    ap.add_argument("--save", metavar="DIR", help="also write each file read and its expected JSON here")
    ap.add_argument("--show-misses", type=int, default=0, metavar="N")
    ap.add_argument("--worst", type=int, default=15, metavar="N")
    try:
        args = ap.parse_args(argv)
    except SystemExit:
        return 0
    renderings = [x.strip() for x in args.rendering.split(",") if x.strip()]
    types = [t.strip() for t in args.types.split(",") if t.strip()]
    if not renderings or any(x not in rl.RENDERINGS for x in renderings) or any(t not in rl.TYPES for t in types):
        print(f"nothing to measure (types: {', '.join(rl.TYPES)}; renderings: {', '.join(rl.RENDERINGS)})",
              file=sys.stderr)
        return 0
    try:
        seeds_of = {r: parse_seeds(args.seeds or DEFAULT_SEEDS["digital" if r == "digital" else "other"])
                    for r in renderings}
    except ValueError:
        print(f"--seeds: not a range: {args.seeds!r}", file=sys.stderr)
        return 0
    if args.save:
        Path(args.save).mkdir(parents=True, exist_ok=True)
    jobs: list[Job] = [(t, s, r, args.cache_dir, args.save) for r in renderings for s in seeds_of[r] for t in types]
    t0 = time.perf_counter()
    results: list[dict] = []
    tty = sys.stderr.isatty()
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for i, r in enumerate(pool.map(_job, jobs, chunksize=1), 1):
                results.append(r)
                if tty:
                    print(f"\r{i}/{len(jobs)}", end="", file=sys.stderr, flush=True)
    else:
        for i, j in enumerate(jobs, 1):
            results.append(_job(j))
            if tty:
                print(f"\r{i}/{len(jobs)}", end="", file=sys.stderr, flush=True)
    if tty:
        print(file=sys.stderr)
    rep = evaluate(results)
    all_seeds = sorted({s for v in seeds_of.values() for s in v})
    rep["meta"] = {"seeds": args.seeds or ", ".join(f"{r} {DEFAULT_SEEDS['digital' if r == 'digital' else 'other']}"
                                                    for r in renderings),
                   "seed_range": seed_range_name(all_seeds), "renderings": renderings, "types": types,
                   "documents": len(results), "seconds": round(time.perf_counter() - t0, 1), "confident": CONFIDENT,
                   "comparisons": "devset score.py" if scorer() else "scripts/accuracy.py",
                   "vocabulary": rl.cm.vocabulary_fingerprint()}
    print_report(rep, args.show_misses, args.worst)
    values = rep.pop("values")
    if args.json:
        Path(args.json).write_text(json.dumps(rep, ensure_ascii=False, indent=2, default=str) + "\n", encoding="utf-8")
    if args.values:
        Path(args.values).write_text("".join(json.dumps(v, ensure_ascii=False) + "\n" for v in values),
                                     encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
