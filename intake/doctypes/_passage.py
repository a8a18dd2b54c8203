"""Running text read by OCR is for review as a value.

A field doctypes.yaml marks `passage` (an itinerary, the times, the boarding places) runs to a
dozen words or more, and one word misread makes the value wrong: on scanned development seeds
0-49 of scripts/robustness.py, 11 of the 107 passages read at 0.80 or more were wrong by a word
or a mark ('Estrada Gerál', 'Rua Júlio, de Castilhos', ';' read ':'), against 3 in 94 for the
one- or two-word origin and destination. Not what a confident value (CONFIDENT) promises. Read
from an OCR'd page, a passage of PASSAGE_WORDS words or more is kept below CONFIDENT. That the
document states it at all is still sure (validators.checks.common.Read.stated); a text layer's
passage is exact and keeps its confidence.
"""

from __future__ import annotations

from domain.documents import CONFIDENT, PASSAGE_WORDS, STATED, Field
from ocr.model import Extraction

PASSAGE_OCR = round((CONFIDENT + STATED) / 2, 2)  # 0.75: for review as a value, still stated


def passages(found: dict[str, Field], ext: Extraction, spec: dict[str, dict]) -> dict[str, Field]:
    out = dict(found)
    ocr_pages = {p.number for p in ext.pages if p.source == "ocr"}
    for name, s in spec.items():
        f = out.get(name)
        if (not s.get("passage") or f is None or not isinstance(f.value, str) or f.page not in ocr_pages
                or f.confidence <= PASSAGE_OCR or len(f.value.split()) < PASSAGE_WORDS):
            continue
        out[name] = f.model_copy(update={"confidence": PASSAGE_OCR})
    return out
