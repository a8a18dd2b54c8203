"""Confidence as measured: values of a document type read by OCR in a band of confidence where,
on scanned perturbed layouts, fewer than 99.5 % were right (beyond chance) are reported below
CONFIDENT (for review).

The bands are data (intake/reading/calibration.yaml), fitted by scripts/calibrate.py from the values
scripts/robustness.py reads on the calibration seeds, with the date, seeds and counts they came
from. A band only lowers a value's confidence, never raises it; a text layer's values (and a
photo's, capped apart) are left as the parsers read them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from domain import doctypes, yamlfile
from domain.documents import CONFIDENT, Field
from ocr.model import Extraction

PATH = Path(__file__).resolve().with_name("calibration.yaml")
# what a value in a band short of the target is reported at: below CONFIDENT, a hint
REPORTED = round(CONFIDENT - 0.01, 2)

# kinds of value whose reads fail alike: checked identifiers, dates, numbers, names, free text
_GROUPS = {"doc": "identifier", "renavam": "identifier", "placa": "identifier", "chassi": "identifier",
           "date": "date", "integer": "number", "money": "number", "name": "name", "text": "text",
           "enum": "vocabulary", "bool": "vocabulary", "records": "list", "list": "list"}


def group(kind: str | None) -> str:
    return _GROUPS.get(kind or "text", "text")


@cache
def bands() -> tuple[tuple[str, str, float, float], ...]:
    """(document type, group, from, to) of every band short of the target."""
    data = yamlfile.load(PATH) if PATH.exists() else None
    return tuple((str(b["type"]), str(b["group"]), float(b["from"]), float(b["to"]))
                 for b in (data or {}).get("bands") or ())


def calibrated(kind: str, ext: Extraction, fields: dict[str, Field]) -> dict[str, Field]:
    """The fields with those read by OCR (not from a photo) in a short band reported below CONFIDENT."""
    scanned = {p.number for p in ext.pages if p.source == "ocr" and not p.photographed}
    table = [(g, lo, hi) for t, g, lo, hi in bands() if t == kind]  # measured on that type only
    if not scanned or not table:
        return fields
    specs = doctypes.fields(kind)
    out = dict(fields)
    for name, f in fields.items():
        if f.value is None or f.page not in scanned or f.confidence < CONFIDENT:
            continue
        g = group(specs.get(name, {}).get("kind"))
        if any(g == bg and lo <= f.confidence < hi for bg, lo, hi in table):
            out[name] = f.model_copy(update={"confidence": REPORTED})
    return out


def write(short: list[dict[str, Any]], fitted: dict[str, Any]) -> None:
    """Write the bands (scripts/calibrate.py)."""
    head = ("# Bands of confidence where values read by OCR were right less often than the contract promises\n"
            "# of a value at 0.80 or more (99.5 %): such values are reported below 0.80, for review.\n"
            "# Written by scripts/calibrate.py; read by intake/reading/calibration.py. Do not edit by hand:\n"
            "# fit again on the calibration seeds.\n")
    import yaml  # (writing only: reading goes through domain.yamlfile)

    body = yaml.safe_dump({"fitted": fitted, "bands": short}, sort_keys=False, allow_unicode=True)
    PATH.write_text(head + body, encoding="utf-8")
    bands.cache_clear()
