"""An identifier whose check digits fail after OCR, read exactly alike where the document
prints it again: a wrong digit printed on the document, not a misread.

A CPF or CNPJ that fails its check digits after OCR is taken for a misread (_common.ident keeps
it below CONFIDENT), so the rules answer `review`, never `fail`. A contract prints its parties'
numbers twice (the qualification and the signatures): two separate prints of the same 11 or 14
characters, read apart, misread into exactly the same wrong number are all but impossible, so
such a number is what the document prints and the rules may fail it. One read must be sure
(SURE_OCR) and none near-illegible (FLOOR), as for corroboration between documents
(validators/corroborate.py, which cannot see inside one document).
"""

from __future__ import annotations

from domain import doctypes
from domain.documents import CONFIDENT, Field
from domain.ids.doc import find as find_docs
from intake.reading.identifiers import id_valid
from intake.reading.values import SURE_OCR
from ocr.model import Extraction
from validators.corroborate import FLOOR

_KINDS = ("doc", "cpf", "cnpj")


def _prints(ext: Extraction, value: str) -> dict[tuple[int, int], float]:
    """(page, line) -> how sure the line's read of `value` is (its least sure word), for every
    OCR'd line that prints it."""
    out: dict[tuple[int, int], float] = {}
    for page in ext.pages:
        if page.source != "ocr":
            continue
        for n, line in enumerate(page.lines):
            text, ends = "", []
            for w in line.words:
                text += (" " if text else "") + w.text
                ends.append(len(text))
            for v, start, end in find_docs(text):
                if v != value:
                    continue
                first = next(i for i, e in enumerate(ends) if e > start)
                last = next(i for i, e in enumerate(ends) if e >= end)
                conf = min(w.conf for w in line.words[first:last + 1])
                out[(page.number, n)] = max(out.get((page.number, n), 0.0), conf)
    return out


def repeated(fields: dict[str, Field], ext: Extraction, doc_type: str) -> dict[str, Field]:
    """The fields, each OCR'd CPF/CNPJ that fails its check digits but is printed and read alike
    on two lines or more of the document lifted to CONFIDENT (a copy; the rest as they are)."""
    spec = doctypes.fields(doc_type)
    out = dict(fields)
    for name, f in fields.items():
        if (spec.get(name, {}).get("kind") not in _KINDS or not isinstance(f.value, str)
                or f.confidence >= CONFIDENT or id_valid("doc", f.value) is not False):
            continue
        reads = _prints(ext, f.value).values()
        if len(reads) >= 2 and min(reads) >= FLOOR and max(reads) >= SURE_OCR:
            out[name] = f.model_copy(update={"confidence": CONFIDENT})
    return out
