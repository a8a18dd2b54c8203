"""Every sample packet's result document, written out and compared byte for byte with an
earlier run: a reshaping of the code must leave each one identical.

    python scripts/compare_results.py --out /tmp/before            # on the old commit
    python scripts/compare_results.py --out /tmp/after --against /tmp/before

Each result is what `fretadoc check --json` prints for the packet (its packet.json's rulebook,
reference date and facts), made in process by the same functions. Scanned renderings read with
the CLI's read cache, so a second run costs only parsing and judging. Exit 1 when any differs.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script from anywhere

from cli.common import read_paths  # noqa: E402
from validators import engine, rulebooks  # noqa: E402
from cli.check import parse_facts, parse_reference_date  # noqa: E402

RENDERINGS = ("digital", "scanned")


def results(only: str, renderings: tuple[str, ...]):
    for spec_path in sorted(ROOT.glob("samples/packets/*/*/packet.json")):
        case = f"{spec_path.parent.parent.name}/{spec_path.parent.name}"
        if not fnmatch.fnmatch(case, only):
            continue
        spec = json.loads(spec_path.read_text(encoding="utf-8"))
        for rendering in renderings:
            folder = spec_path.parent / rendering
            if not folder.is_dir():
                continue
            documents = read_paths([str(folder)], show_progress=False)
            book = rulebooks.load(spec["rulebook"])
            facts = book.parse_facts(parse_facts([f"{k}={v}" for k, v in (spec.get("facts") or {}).items()]))
            result = engine.judge_packet(documents, book, parse_reference_date(spec["reference_date"]), facts)
            yield f"{case}/{rendering}.json", result.model_dump_json(indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="folder to write the results to")
    ap.add_argument("--against", type=Path, help="folder of an earlier run to compare with")
    ap.add_argument("--only", default="*", help="only packets whose rulebook/case matches this glob")
    ap.add_argument("--rendering", action="append", choices=RENDERINGS, help="repeatable; default both")
    args = ap.parse_args(argv)
    written, differ, missing = 0, [], []
    for name, text in results(args.only, tuple(args.rendering or RENDERINGS)):
        path = args.out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written += 1
        if args.against is not None:
            old = args.against / name
            if not old.is_file():
                missing.append(name)
            elif old.read_bytes() != path.read_bytes():
                differ.append(name)
    print(f"{written} results written to {args.out}")
    if args.against is None:
        return 0
    for name in differ:
        print(f"DIFFERS  {name}")
    for name in missing:
        print(f"NEW      {name} (not in {args.against})")
    print(f"{written - len(differ) - len(missing)} identical, {len(differ)} differ, {len(missing)} new")
    return 1 if differ or missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
