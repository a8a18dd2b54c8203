"""Parsers: one module per document type, found in this package by the TYPES they declare.

Interface:
    parse(doc_type, ext) -> dict[str, Field]

A module `intake/doctypes/<name>.py` declares `TYPES = ("crlv", ...)` and a function
`parse(ext: Extraction, doc_type: str) -> dict[str, Field]`. Types without a module of their
own go to `generic`, which reads the fields doctypes.yaml lists for the type by their labels.
Whatever a parser returns, every field doctypes.yaml lists for the type is present in the
result (null with confidence 0 when not found), and nothing outside that list is.
A parser that fails on a document gives nulls, not an exception: the failure is logged
without the document's content. A module may also declare `derive(fields, ocr) -> fields`:
the fields it works out from others, for values read after its parser (_unread below).
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Callable
from functools import cache
from types import ModuleType

from domain import doctypes
from domain.documents import CONFIDENT, UNSURE, Field
from domain.folding import key
from intake.doctypes._passage import passages
from intake.doctypes._repeated import repeated
from intake.page.layout import Layout
from intake.reading.extract import value_parser
from intake.reading.closed import by_vocabulary
from intake.reading.listed import listed
from intake.reading.shapes import OUTSIDE_VOCABULARY
from intake.reading.vocabulary import vocabulary
from ocr.model import Extraction

log = logging.getLogger(__name__)

Parser = Callable[[Extraction, str], dict[str, Field]]


@cache
def registry() -> dict[str, Parser]:
    """doc type -> parse function, from every module of this package that declares TYPES."""
    return {t: mod.parse for t, mod in _modules().items()}


@cache
def _modules() -> dict[str, ModuleType]:
    out: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name == "generic":
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        for t in getattr(mod, "TYPES", ()):
            if t in out:
                raise RuntimeError(f"two parsers declare the type {t!r}")
            out[t] = mod
    return out


def parser_for(doc_type: str) -> Parser:
    from intake.doctypes import generic

    return registry().get(doc_type, generic.parse)


def parse(doc_type: str, ext: Extraction) -> dict[str, Field]:
    """The fields of one document of the given type, each with confidence, page and bbox (an
    identifier printed twice and read alike keeps its wrong check digits: _repeated; running text
    read by OCR is for review as a value: _passage)."""
    spec = doctypes.fields(doc_type)
    if not spec or not ext.pages:
        return {name: Field() for name in spec}
    fn = parser_for(doc_type)
    try:
        found = fn(ext, doc_type)
    except Exception as exc:  # a parser bug must not lose the document; nulls go to review
        _failed(doc_type, exc)
        found = {}
    try:
        found = _unread(found, ext, doc_type, spec)
        derive = getattr(_modules().get(doc_type), "derive", None)
        if derive is not None:
            found = derive(found, any(p.source == "ocr" for p in ext.pages))
    except Exception as exc:  # (the parser's own reading stays)
        _failed(doc_type, exc)
    found = passages(repeated(found, ext, doc_type), ext, spec)
    return {name: found.get(name) or Field() for name in spec}


def _failed(doc_type: str, exc: Exception) -> None:
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    where = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}" if tb else "?"
    # only the exception type and place: its message may hold document content
    log.error("parser for %s failed: %s at %s", doc_type, type(exc).__name__, where)


def _unread(found: dict[str, Field], ext: Extraction, doc_type: str, spec: dict[str, dict]) -> dict[str, Field]:
    """The fields the parser left unread that a sentence lists as `label value` items
    (intake/reading/listed.py), or of a closed vocabulary, found by their values
    (intake/reading/closed.py); a value the parser read where a sure item lists another is
    the item's where the parser's holds it, else unsure."""
    unread = [name for name in spec if (f := found.get(name)) is None or f.value is None]
    layout = Layout(ext)
    voc = vocabulary(doc_type)

    def parser(name: str):
        return value_parser(voc, name, layout.ocr)

    got = listed(layout, doc_type, parser)
    out = {**found, **{name: got[name] for name in unread if name in got}}
    # a closed vocabulary's field whose label holds a word of none is read no better than unread
    hinted = frozenset(name for name, f in found.items() if f.value is not None and f.confidence <= OUTSIDE_VOCABULARY)
    out.update(by_vocabulary(layout, doc_type, [name for name in spec if name in hinted or name in unread and name not in got],
                             parser, hinted))
    for name, g in got.items():
        f = found.get(name)
        if f is None or f.value is None or g.confidence < CONFIDENT or str(f.value).casefold() == str(g.value).casefold():
            continue
        if isinstance(f.value, str) and isinstance(g.value, str) and f" {key(g.value)} " in f" {key(f.value)} ":
            out[name] = g  # the parser's value ran over the sentence around the item: the item bounds it
        elif f.confidence >= CONFIDENT:
            # a sentence lists another value under the field's own label: the evidence conflicts
            out[name] = f.model_copy(update={"confidence": UNSURE})
    return out
