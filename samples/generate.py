"""Regenerates the sample documents and packets, byte-identical on every run.

    .venv/bin/python samples/generate.py                 # everything (pool, scans, packets, quickstart)
    .venv/bin/python samples/generate.py --only crlv-onibus1 lista-escola   # just these documents
    .venv/bin/python samples/generate.py --no-scans      # digital PDFs and expected JSON only (no scans, no photos)
    .venv/bin/python samples/generate.py --list          # the document and packet names
    .venv/bin/python samples/generate.py --out /tmp/s    # write elsewhere (e.g. to compare)
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from samples.gen import catalog, output  # noqa: E402

_ROOT: Path = HERE
_SCANS = True


def _one(name: str) -> dict:
    pool, _ = catalog.build()
    sm = {s.name: s for s in pool.smudged}
    if name in sm:
        return output.render_smudged(_ROOT, sm[name], pool.entries[sm[name].source])
    return output.render_entry(_ROOT, pool.entries[name], _SCANS)


def main(argv: list[str] | None = None) -> int:
    global _ROOT, _SCANS
    ap = argparse.ArgumentParser(description="Gera os documentos e pacotes de exemplo.")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="only these documents (no packets)")
    ap.add_argument("--no-scans", action="store_true", help="skip the scanned and photographed renderings")
    ap.add_argument("--out", type=Path, default=HERE, help="output folder (default: samples/)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="print document and packet names")
    args = ap.parse_args(argv)
    pool, packets = catalog.build()
    names = list(pool.entries) + [s.name for s in pool.smudged]
    if args.list:
        print("\n".join(names))
        print("\n".join(f"packet {p.name}" for p in packets))
        return 0
    _ROOT, _SCANS = args.out.resolve(), not args.no_scans
    if args.only:
        unknown = set(args.only) - set(names)
        if unknown:
            ap.error(f"documentos desconhecidos: {', '.join(sorted(unknown))}")
        names = args.only
    elif _SCANS:
        for sub in ("documents", "packets", "quickstart"):
            if (_ROOT / sub).exists():
                shutil.rmtree(_ROOT / sub)
    if not _SCANS:
        names = [n for n in names if n in pool.entries]
    with mp.get_context("fork").Pool(args.jobs) as workers:
        infos = workers.map(_one, names, chunksize=1)
    if not args.only and _SCANS:
        output.write_packets(_ROOT, packets)
        output.write_quickstart(_ROOT, packets)
    dig = sum(i.get("digital", 0) for i in infos)
    scn = sum(i.get("scanned", 0) for i in infos)
    pages = sum(i["pages"] for i in infos if "scanned" in i)
    pho = [i for i in infos if "photo" in i]
    print(f"{len(infos)} documentos; digitais {dig / 1024:.0f} KB; digitalizados {scn / 1024:.0f} KB "
          f"em {pages} páginas ({scn / 1024 / max(pages, 1):.0f} KB/página); fotografados {len(pho)}, "
          f"{sum(i['photo'] for i in pho) / 1024:.0f} KB"
          + (f"; {len(packets)} pacotes" if not args.only else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
