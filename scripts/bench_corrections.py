"""How long a correction takes to give the new result: the packet judged again from its documents
as read, with the corrections (validators/corrections.py), in process; no file is read again.
Goal: <= 0.2 s for a packet of 20 documents.

    .venv/bin/python scripts/bench_corrections.py [--packet samples/packets/rs-santa-maria-fretamento/valid] [--runs 20]

Prints the packet's size, the median and worst time of a plain judgement and of a judgement
with one correction (it judges twice: with and without, to name the items it touches).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cli.common import read_paths  # noqa: E402
from validators import corrections, engine, rulebooks  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--packet", type=Path, default=ROOT / "samples/packets/rs-santa-maria-fretamento/valid")
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args(argv)
    spec = json.loads((args.packet / "packet.json").read_text(encoding="utf-8"))
    documents = read_paths([str(args.packet / "digital")], show_progress=False)
    ref = date.fromisoformat(spec["reference_date"])
    book = rulebooks.load(spec["rulebook"])
    facts = book.parse_facts({k: str(v) for k, v in (spec.get("facts") or {}).items()})
    crlv = next(d for d in documents if d.type == "crlv")
    fix = [corrections.make(documents, number=1, document=crlv.id, field="placa", value=crlv.fields["placa"].value,
                            by="clerk", at="2026-12-05T00:00:00Z")]
    engine.judge_packet(documents, book, ref, facts)  # first use of the rulebook's data

    def timed(given) -> list[float]:
        out = []
        for _ in range(args.runs):
            t = time.perf_counter()
            engine.judge_packet(documents, book, ref, facts, corrections=given)
            out.append(time.perf_counter() - t)
        return out

    plain, corrected = timed(None), timed(fix)
    print(f"packet {args.packet.relative_to(ROOT) if args.packet.is_relative_to(ROOT) else args.packet}: "
          f"{len(documents)} documents, rulebook {spec['rulebook']}, {args.runs} runs")
    print(f"judgement                    median {statistics.median(plain):.4f} s, worst {max(plain):.4f} s")
    print(f"judgement with a correction  median {statistics.median(corrected):.4f} s, worst {max(corrected):.4f} s"
          f"   (goal <= 0.2 s: {'met' if max(corrected) <= 0.2 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
