"""The one path from uploaded bytes to a packet's documents, shared by the CLI, the API and workers.

read_file()    bytes -> Documents (OCR or text layer, classification, parsing), cached by hash
read_packet()  many files -> Documents with packet-unique ids, in parallel when asked

The documents are judged beside the rules: validators.engine.judge_packet.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

import ocr
from domain import doctypes
from domain.documents import Document, Field, Finding
from intake import normalize
from intake.cache import Cache, ReadCache
from intake.classify import classify, scores
from intake.doctypes import parse
from intake.reading.calibration import calibrated
from intake.reading.peers import against_peers
from intake.reading.finish import finished
from intake.reading.vocabulary import suffix_slips, vocabulary
from intake import signatures
from intake.page.segments import segments
from intake.classify.vouch import by_content, vouched
from ocr.model import Extraction, Problem
from ocr.problems import problem


log = logging.getLogger(__name__)

# Problems that may not recur on another try: such reads are not cached.
TRANSIENT = {"file.read_error", "ocr.timeout", "ocr.failed"}


@dataclass(frozen=True)
class SourceFile:
    filename: str
    data: bytes | None  # None: larger than the limit, never read into memory
    size: int = 0
    sha256: str | None = None  # given when data is None (hashed while streaming)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _finding(p: Problem) -> Finding:
    where = f" (página {p.page})" if p.page else ""
    return Finding(code=p.code, severity=p.severity, message=p.message + where)


# A photo's lines are loose and bent: where a name or a note wraps, or where its box ends, is not
# read surely enough from them (of the photographed samples' free text read at 0.80 or more, one
# value in six was cut where it wraps). Such a value is shown, for a person to confirm.
PHOTO_FREE_TEXT = 0.75
_FREE_TEXT = ("name", "text")


def photographed_free_text(kind: str, seg: Extraction, fields: dict) -> dict:
    """Free-text fields read from a photographed page, kept below CONFIDENT."""
    photo = {p.number for p in seg.pages if p.photographed}
    if not photo:
        return fields
    specs = doctypes.fields(kind)
    out = dict(fields)
    for name, f in fields.items():
        if specs.get(name, {}).get("kind") in _FREE_TEXT and getattr(f, "page", None) in photo \
                and f.value is not None and f.confidence > PHOTO_FREE_TEXT:
            out[name] = f.model_copy(update={"confidence": PHOTO_FREE_TEXT})
    return out


def ocr_company_suffix(kind: str, seg: Extraction, fields: dict) -> dict:
    """Names read by OCR: a last word that is a known misread of a company's suffix ('... TURISMO
    LIDA', common.yaml suffix_slips) or a suffix glued to the word before ('TAQUARILTDA') is the
    suffix as printed; a name of one word is unsure."""
    ocr_pages = {p.number for p in seg.pages if p.source == "ocr"}
    if not ocr_pages:
        return fields
    slips = suffix_slips()
    specs = doctypes.fields(kind)
    out = dict(fields)
    for name, f in fields.items():
        if specs.get(name, {}).get("kind") != "name" or not isinstance(f.value, str) or f.page not in ocr_pages:
            continue
        words = f.value.split()
        if len(words) == 1 and f.confidence > ONE_WORD_NAME:
            # a person or a company is named by two words at least: OCR read a part of the name,
            # or a word of the page that is none ('ITEM')
            out[name] = f.model_copy(update={"confidence": ONE_WORD_NAME})
            continue
        tail = [i for i in range(max(0, len(words) - 3), len(words)) if words[i] in slips]
        if len(words) >= 3 and f.value.isupper() and tail and all(
                w in ("-", "–", "EPP", "ME") for w in words[tail[-1] + 1:]):
            # ('... TURISMO LIDA', '... TAQUARI LIDA - EPP')
            fixed = [slips.get(w, w) if i == tail[-1] else w for i, w in enumerate(words)]
            out[name] = f.model_copy(update={"value": " ".join(fixed)})
        elif len(words) >= 2 and f.value.isupper() and (glued := _glued_suffix(words)) is not None:
            # 'TAQUARIS.A', 'TAQUARILTDA', 'TAQUARILTDA - EPP': the space before the suffix lost; no word ends so
            i, m = glued
            suffix = "S.A." if m.group(2).startswith("S") else "LTDA"
            out[name] = f.model_copy(update={"value": " ".join(words[:i] + [m.group(1), suffix] + words[i + 1:])})
    return out


ONE_WORD_NAME = 0.6
_GLUED_SUFFIX = re.compile(r"([A-ZÀ-Ý]{3,})(S\.A\.?|LTDA\.?)")
_AFTER_SUFFIX = ("-", "–", "EPP", "ME")


def _glued_suffix(words: list[str]) -> tuple[int, re.Match] | None:
    """The last word holding a company's suffix glued to it, with only '- EPP' or '- ME' after it."""
    i = len(words) - 1
    while i > 0 and words[i] in _AFTER_SUFFIX:
        i -= 1
    m = _GLUED_SUFFIX.fullmatch(words[i]) if i > 0 else None
    return (i, m) if m else None


def label_fragments(kind: str, fields: dict) -> dict:
    """A label is never a value: free text that is a label of the document's vocabulary, or a
    run of its words ('(NOME /' of 'CONTRATADA (NOME / RAZÃO SOCIAL)', 'HORÁRIOS DE',
    'DESEMBARQUE'), whichever reader took it, is nothing read."""
    specs = doctypes.fields(kind)
    runs = _label_runs(kind)
    out = dict(fields)
    for name, f in fields.items():
        if specs.get(name, {}).get("kind") not in _FREE_TEXT or not isinstance(f.value, str):
            continue
        k = normalize.key(f.value)
        # (also with its spaces lost and an item's number before it: '9.LOCALDEORIGEM')
        bare = re.sub(r"^\d{1,2}(?: \d{1,2})*\s+", "", k).replace(" ", "")
        if k and len(k.split()) <= 4 and (k in runs or len(bare) >= 6 and bare in _compact_runs(kind)
                                          or _misread_label(kind, k)):
            out[name] = Field(page=f.page, bbox=f.bbox)
    return out


def _misread_label(kind: str, k: str) -> bool:
    """A whole label of the vocabulary with an OCR slip or two ('CNP) DA TRANSPORTADORA'): one
    edit in eight characters, a label of ten characters or more."""
    compact = k.replace(" ", "")
    if len(compact) < 10:
        return False
    hit = process.extractOne(compact, _compact_spellings(kind), scorer=Levenshtein.distance,
                             score_cutoff=max(1, len(compact) // 8))
    return hit is not None


@cache
def _compact_spellings(kind: str) -> tuple[str, ...]:
    return tuple(sorted({s.replace(" ", "") for s in vocabulary(kind).spellings() if len(s.replace(" ", "")) >= 10}))


@cache
def _compact_runs(kind: str) -> frozenset[str]:
    return frozenset(r.replace(" ", "") for r in _label_runs(kind))


@cache
def _label_runs(kind: str) -> frozenset[str]:
    """Every run of consecutive words of every label the type's vocabulary spells (key() text)."""
    out: set[str] = set()
    for spelling in vocabulary(kind).spellings():
        toks = spelling.split()
        out.update(" ".join(toks[i:j]) for i in range(len(toks)) for j in range(i + 1, len(toks) + 1))
    return frozenset(out)


def documents_from_extraction(ext: Extraction, filename: str) -> list[Document]:
    """Classify and parse what OCR/text extraction produced (ids are provisional)."""
    file_findings = [_finding(p) for p in ext.problems]
    if not ext.pages:
        return [Document(id="d1", filename=filename, sha256=ext.sha256, type="unknown",
                         type_confidence=0.0, pages=ext.page_count, text_source="pdf_text",
                         problems=file_findings)]
    docs: list[Document] = []
    for n, seg in enumerate(segments(ext), start=1):
        kind, conf = classify(seg)
        page_findings = [_finding(p) for page in seg.pages for p in page.problems]
        fields = _fields(kind, seg)
        conf, vouching = vouched(kind, conf, fields)
        if kind == "unknown":
            # no title named it: the types whose key phrases it holds, each vouched for by its content or not at all
            found = by_content([(s.name, s.keywords) for s in scores(seg)[:3]], lambda k: _fields(k, seg))
            if found is not None:
                kind, conf, fields, vouching = found
        docs.append(Document(
            id=f"d{n}", filename=filename, sha256=ext.sha256, type=kind,
            type_confidence=round(conf, 3), pages=len(seg.pages), text_source=seg.text_source,
            fields=fields, problems=(file_findings if n == 1 else []) + page_findings + ([vouching] if vouching else []),
        ))
    return docs


def parse_as(ext: Extraction, kind: str, first_page: int, pages: int) -> dict[str, Field]:
    """The fields of the document on pages first_page.. of a file read, parsed as `kind` (a
    clerk changed the document's type): the same parsing a document of that type is given."""
    seg = ext.model_copy(update={"pages": tuple(ext.pages[first_page - 1:first_page - 1 + pages])})
    return _fields(kind, seg) if seg.pages else {}


def _fields(kind: str, seg: Extraction) -> dict[str, Field]:
    """A document's fields as its type's parser reads them, with the checks every type is given."""
    if kind == "unknown":
        return {}
    fields = parse(kind, seg)
    fields = label_fragments(kind, ocr_company_suffix(kind, seg, photographed_free_text(kind, seg, fields)))
    out: dict[str, Field] = against_peers(kind, seg, calibrated(kind, seg, finished(kind, seg, fields)))
    return out


def extract(data: bytes, *, cache: Cache | None = None, digest: str | None = None,
            limits: ocr.Limits | None = None) -> Extraction:
    """OCR or the text layer, through the cache: the same bytes are never OCR'd twice."""
    got = _extract(data, cache, digest, limits, pixels=True)
    assert got is not None  # (only a read without pixels stops short)
    return got


def _extract(data: bytes, cache: Cache | None, digest: str | None, limits: ocr.Limits | None, *,
             pixels: bool) -> Extraction | None:
    """extract(); with `pixels` False, None for a file that must be read from pixels (not in the cache)."""
    read_file = ocr.read if pixels else ocr.read_text
    if cache is None:
        return read_file(data, limits=limits)
    digest = digest or sha256_hex(data)
    with cache.reading(digest):
        ext = cache.get(digest)
        if ext is None:
            ext = read_file(data, limits=limits)
            if ext is None:
                return None
            codes = {p.code for p in ext.problems} | {p.code for page in ext.pages for p in page.problems}
            if not codes & TRANSIENT:
                cache.put(digest, ext)
        return ext


@dataclass(frozen=True)
class FileRead:
    """What reading one file gives: its documents, and how its pages were turned to be read
    upright (page number -> degrees, turned pages only), which evidence images need so that the
    boxes measured on the upright page fall in place; kept with the file, not only in a cache."""
    documents: list[Document]
    rotations: dict[int, int]


def read(data: bytes, filename: str, *, cache: Cache | None = None, limits: ocr.Limits | None = None) -> FileRead:
    """Read one file into one or more Documents (within `limits`: the defaults, or the
    service's settings). Never raises for bad input."""
    got = _read(data, filename, cache, limits, pixels=True)
    assert got is not None  # (only a read without pixels stops short)
    return got


def _read(data: bytes, filename: str, cache: Cache | None, limits: ocr.Limits | None, *,
          pixels: bool) -> FileRead | None:
    """read(); with `pixels` False, None for a file that must be read from pixels."""
    digest = sha256_hex(data)
    known = _cached_read(cache, digest, filename)
    if known is not None:
        return known
    try:
        ext = _extract(data, cache, digest, limits, pixels=pixels)
        if ext is None:
            return None
        docs = signatures.signed(data, ext, documents_from_extraction(ext, filename),
                                 lambda revision: documents_from_extraction(ocr.read(revision, limits=limits), filename))
        got = FileRead(docs,
                       {p.number: p.rotation % 360 for p in ext.pages if p.rotation % 360})
        codes = {p.code for p in ext.problems} | {p.code for page in ext.pages for p in page.problems}
        if cache is not None and not codes & TRANSIENT:
            cache.put_documents(digest, {"documents": [d.model_dump(mode="json") for d in got.documents],
                                         "rotations": {str(k): v for k, v in got.rotations.items()}})
        return got
    except Exception:  # a reader bug must not take the packet down; the file gets a finding
        log.exception("reading failed for a file of %d bytes (sha256 %s)", len(data), digest[:12])
        return FileRead([Document(id="d1", filename=filename, sha256=digest,
                                  problems=[_finding(problem("file.read_error"))])], {})


def _cached_read(cache: Cache | None, digest: str, filename: str) -> FileRead | None:
    """The Documents this very reading code made of the same bytes before (the file's name as
    given now), or None."""
    body = cache.get_documents(digest) if cache is not None else None
    if body is None:
        return None
    try:
        docs = [Document.model_validate({**d, "filename": filename}) for d in body["documents"]]
        return FileRead(docs, {int(k): int(v) for k, v in body.get("rotations", {}).items()})
    except (KeyError, TypeError, ValueError):
        return None


def read_file(data: bytes, filename: str, *, cache: Cache | None = None) -> list[Document]:
    """Read one file into one or more Documents. Never raises for bad input."""
    return read(data, filename, cache=cache).documents


def too_large(filename: str, size: int, digest: str, max_bytes: int) -> Document:
    finding = _finding(problem("file.too_large", size_mb=size / 1_048_576, limit_mb=max_bytes / 1_048_576))
    return Document(id="d1", filename=filename, sha256=digest,
                    problems=[finding.model_copy(update={"value": size, "expected": max_bytes})])


def _read_one(args: tuple[SourceFile, str | None], pixels: bool = True) -> FileRead | None:
    f, cache_dir = args
    filename, data = f.filename, f.data
    if data is None:
        return FileRead([too_large(filename, f.size, f.sha256 or "", ocr.default_limits().max_file_bytes)], {})
    return _read(data, filename, ReadCache(cache_dir) if cache_dir else None, None, pixels=pixels)


def _read_all(args: tuple[SourceFile, str | None]) -> FileRead:
    got = _read_one(args)
    assert got is not None
    return got


def number_documents(per_file: Sequence[list[Document]]) -> list[Document]:
    """Give every Document a packet-unique id (d1, d2, ...) in file order."""
    out: list[Document] = []
    for docs in per_file:
        for d in docs:
            out.append(with_id(d, f"d{len(out) + 1}"))
    return out


def with_id(doc: Document, new_id: str) -> Document:
    """The document under its packet id, its problems naming it."""
    problems = [p.model_copy(update={"document": new_id}) for p in doc.problems]
    return doc.model_copy(update={"id": new_id, "problems": problems})


def read_packet(
    files: Sequence[SourceFile],
    *,
    cache_dir: str | None = None,
    workers: int = 1,
    progress: Callable[[str], None] | None = None,
    rotations: dict[str, dict[int, int]] | None = None,
) -> list[Document]:
    """Read every file of a packet; `progress(filename)` is called as each one finishes;
    `rotations`, when given, receives how each file's pages were turned (by sha256). Files
    whose reading is OCR go to a pool of `workers` processes when there are two or more of them;
    text layers and files read before are read here first (a pool's start and its processes'
    first loads cost more than reading a text layer; trying a file's text layers is how a file
    is found to need OCR, so nothing of a text file is read twice)."""
    jobs = [(f, cache_dir) for f in files]
    results: dict[int, FileRead] = {}
    heavy: list[int] = []
    if workers > 1:  # what text layers (or the cache) give is read here first; OCR waits for the pool
        for i, job in enumerate(jobs):
            got = _read_one(job, pixels=False)
            if got is None:
                heavy.append(i)
                continue
            results[i] = got
            if progress:
                progress(job[0].filename)
    if len(heavy) >= 2:
        from concurrent.futures import ProcessPoolExecutor  # (loads multiprocessing: only for OCR)

        with ProcessPoolExecutor(max_workers=min(workers, len(heavy))) as pool:
            pending = {i: pool.submit(_read_all, jobs[i]) for i in heavy}
            for i, fut in pending.items():
                results[i] = fut.result()
                if progress:
                    progress(jobs[i][0].filename)
    for i, job in enumerate(jobs):
        if i not in results:
            results[i] = _read_all(job)
            if progress:
                progress(job[0].filename)
    if rotations is not None:
        for i, (f, _) in enumerate(jobs):
            rotations[f.sha256 or sha256_hex(f.data or b"")] = results[i].rotations
    return number_documents([results[i].documents for i in range(len(jobs))])


def default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))
