"""Writing the pool and the packets to disk: digital PDFs, scans, expected JSON, symlinks."""

from __future__ import annotations

import json
import os
import shutil
import zlib
from pathlib import Path

from samples.gen import catalog, photo, scan
from samples.gen.catalog import Entry, Packet, Smudged

SINGLE_FORMATS = ["jpg", "webp", "png", "tif"]
BILEVEL = {"png", "tif"}


def dump(obj) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return
    path.write_bytes(data)


def _h(name: str) -> int:
    return zlib.crc32(name.encode())


def scan_plan(e: Entry | Smudged, pages: int) -> dict:
    """How a document is scanned: format, grey or black-and-white, tilt, resolution."""
    name = e.name
    h = _h(name)
    over = getattr(e, "scan", {}) or {}
    if isinstance(e, Smudged):
        fmt, mode = "jpg", "gray"
    elif pages == 1:
        fmt = over.get("fmt", SINGLE_FORMATS[h % 4])
        mode = "bilevel" if fmt in BILEVEL else "gray"
    else:
        fmt = "pdf"
        mode = over.get("mode", "gray" if h % 3 == 0 else "bilevel")
    mag = 0.5 + (h >> 4) % 16 / 10  # 0.5 .. 2.0 degrees
    angle = round(mag if (h >> 8) % 2 else -mag, 2)
    dpi = over.get("dpi", 250 if getattr(e, "type", "") == "documento_identidade" else 200)
    plan = {"format": fmt, "mode": mode, "dpi": dpi, "angle": angle}
    if over.get("turn"):
        plan["turn"] = over["turn"]
    if over.get("turn_pages"):
        plan["turn_pages"] = {str(k): v for k, v in over["turn_pages"].items()}
    return plan


def _scan_bytes(pdf_bytes: bytes, name: str, plan: dict, smudge: tuple[str, str] | None = None) -> bytes:
    dpi = plan["dpi"]
    pages = scan.rasterize(pdf_bytes, dpi)
    if smudge:
        page, box = scan.find_text(pdf_bytes, smudge[1], dpi)
        pages[page] = scan.smudge(pages[page], box, name)
    turns = {int(k): v for k, v in plan.get("turn_pages", {}).items()}
    out = []
    for i, p in enumerate(pages):
        img = scan.degrade(p, f"{name}:{i}", plan["angle"] * (1 if i % 2 == 0 else -0.7),
                           turns.get(i, plan.get("turn", 0)))
        if plan["mode"] == "bilevel":
            img = scan.bilevel(img)
        out.append(img)
    if plan["format"] == "pdf":
        return scan.encode_pdf(out, dpi, name)
    return scan.encode(out[0], plan["format"], dpi)


def render_entry(root: Path, e: Entry, scans: bool = True) -> dict:
    pdf_bytes, fields = e.render()
    expected = {"type": e.type, "layout": e.layout, "fields": fields, **e.notes}
    d = root / "documents" / "digital"
    write(d / f"{e.name}.pdf", pdf_bytes)
    write(d / f"{e.name}.expected.json", dump(expected))
    info = {"name": e.name, "pages": len(scan.rasterize_count(pdf_bytes)), "digital": len(pdf_bytes)}
    if scans:
        plan = scan_plan(e, info["pages"])
        body = _scan_bytes(pdf_bytes, e.name, plan)
        s = root / "documents" / "scanned"
        write(s / f"{e.name}.{plan['format']}", body)
        write(s / f"{e.name}.expected.json",
              dump({**expected, "source": f"digital/{e.name}.pdf", "scan": plan}))
        info["scanned"] = len(body)
        if e.photo:
            plan = photo.plan(e.name, info["pages"])
            body = photo.render(pdf_bytes, e.name, plan)
            f = root / "documents" / "photo"
            write(f / f"{e.name}.{plan['format']}", body)
            write(f / f"{e.name}.expected.json",
                  dump({**expected, "source": f"digital/{e.name}.pdf", "photo": plan}))
            info["photo"] = len(body)
    return info


def render_smudged(root: Path, sm: Smudged, source: Entry) -> dict:
    pdf_bytes, fields = source.render()
    fields = {**fields, sm.field: None}
    plan = scan_plan(sm, 1)
    body = _scan_bytes(pdf_bytes, sm.name, plan, smudge=(sm.field, sm.needle))
    s = root / "documents" / "scanned"
    write(s / f"{sm.name}.{plan['format']}", body)
    write(s / f"{sm.name}.expected.json",
          dump({"type": source.type, "layout": source.layout, "fields": fields, "unreadable": [sm.field],
                "source": f"digital/{source.name}.pdf", "scan": {**plan, "smudged": sm.field}}))
    return {"name": sm.name, "pages": 1, "scanned": len(body)}


def _link(link: Path, target: Path) -> None:
    link.parent.mkdir(parents=True, exist_ok=True)
    rel = os.path.relpath(target, link.parent)
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(rel)


def scanned_file(root: Path, name: str) -> Path:
    hits = [p for p in (root / "documents" / "scanned").glob(name + ".*")
            if p.name != f"{name}.expected.json" and p.stem == name]
    if len(hits) != 1:
        raise FileNotFoundError(f"scan of {name}: {hits}")
    return hits[0]


def write_packets(root: Path, packets: list[Packet]) -> None:
    for rb in dict.fromkeys(p.rulebook for p in packets):
        if (root / "packets" / rb).exists():
            shutil.rmtree(root / "packets" / rb)
    for p in packets:
        d = root / "packets" / p.rulebook / p.name
        write(d / "packet.json", dump({
            "rulebook": p.rulebook, "reference_date": p.reference.isoformat(),
            "facts": p.facts, "description": p.description, "defect": p.defect,
            "documents": p.documents,
            "expected": {"verdict": p.verdict, "items": p.items}}))
        for name in p.documents:
            _link(d / "digital" / f"{name}.pdf", root / "documents" / "digital" / f"{name}.pdf")
            sf = scanned_file(root, name)
            _link(d / "scanned" / sf.name, sf)


def write_quickstart(root: Path, packets: list[Packet]) -> None:
    q = root / "quickstart"
    if q.exists():
        shutil.rmtree(q)
    valid = next(p for p in packets if p.name == "valid-escola" and p.rulebook == catalog.RULEBOOK)
    for name in valid.documents:
        _link(q / f"{name}.pdf", root / "documents" / "digital" / f"{name}.pdf")
