"""PDF files: open safely, count pages cheaply, read a page's text layer, render a page.

pypdfium2 (PDFium, the C engine Chrome uses) opens the file, reads text with character
boxes and renders pages. Measured here (scripts/bench_ocr.py --text-layer, 14 PDFs, 16 dense
pages, best of 5): plain text took 0.25-0.43 s with pypdf and 0.05-0.13 s with pypdfium2,
which also gives each character's box; FretaDoc's whole read of them (boxes, words, lines,
reading order) took 0.47 s. pypdf only diagnoses files PDFium refuses: PDFium calls a
zero-page file a format error (and its last-error code can be stale), and pypdf tells
"locked", "no pages" and "damaged" apart.

PDFium is not thread-safe: every call into it holds `PDFIUM_LOCK`.
"""

from __future__ import annotations

import ctypes
import io
import logging
import math
import re
import threading
import typing
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from ocr.limits import Limits
from ocr.model import Problem
from ocr.problems import ReadError, problem

if typing.TYPE_CHECKING:  # PIL is loaded only where a page is rendered (a text page needs none)
    from PIL import Image

log = logging.getLogger(__name__)

PDFIUM_LOCK = threading.RLock()

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 as page fractions, top-left origin
Affine = tuple[float, float, float, float, float, float]  # x = a0 u + a1 v + a2, y = b0 u + b1 v + b2
_NO_BOX: Box = (0.0, 0.0, 0.0, 0.0)  # a blank's: where a word breaks

_INVISIBLE_MODES = (raw.FPDF_TEXTRENDERMODE_INVISIBLE, raw.FPDF_TEXTRENDERMODE_CLIP)
# A page mostly covered by images with fewer visible characters than this is a scan with a
# stamp of text on it ("Digitalizado com ..."), read by OCR.
SCAN_STAMP_CHARS = 200
SCAN_IMAGE_COVER = 0.5
# A page whose text layer is thin (a header and a signature note) but whose images are large
# carries its document in pixels: the CDT's CNH-e PDF prints only its header as text and the
# licence as three embedded photographs of the card. Such a page is read from its pixels.
THIN_TEXT_CHARS = 1000
LARGE_IMAGE_COVER = 0.15


def open_pdf(data: bytes) -> pdfium.PdfDocument:
    """The open document, or ReadError: file.encrypted, file.corrupt or file.empty."""
    with PDFIUM_LOCK:
        try:
            doc = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as exc:
            raise ReadError(_diagnose(data, getattr(exc, "err_code", None))) from None
        if len(doc) == 0:
            doc.close()
            raise ReadError(problem("file.empty"))
        return doc


def _diagnose(data: bytes, err_code: int | None) -> Problem:
    """Why PDFium refused the file. pypdf confirms what PDFium says: PDFium's last-error
    code can be stale (a page-less file reported the password error of the previous
    file), and PDFium calls a page-less file a format error."""
    try:
        import pypdf

        reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            opened: pypdf.PasswordType | bool
            try:
                opened = reader.decrypt("")  # owner-password-only files open with ""
            except Exception:  # e.g. AES without a crypto library: PDFium's word stands
                opened = err_code not in (raw.FPDF_ERR_PASSWORD, raw.FPDF_ERR_SECURITY)
            if not opened:
                return problem("file.encrypted")
        if len(reader.pages) == 0:
            return problem("file.empty")
    except Exception:  # pypdf cannot read it either: damaged, unless PDFium saw a lock
        if err_code in (raw.FPDF_ERR_PASSWORD, raw.FPDF_ERR_SECURITY) and b"/Encrypt" in data:
            return problem("file.encrypted")
    return problem("file.corrupt")


def page_count(doc: pdfium.PdfDocument) -> int:
    """Pages in the document, from its page tree's count: no page is parsed."""
    with PDFIUM_LOCK:
        return len(doc)


def close(doc: pdfium.PdfDocument) -> None:
    with PDFIUM_LOCK:
        doc.close()


@dataclass(frozen=True, eq=False)
class PageText:
    """A page's visible text layer, turned so its text reads upright.

    `chars` (one character each) and `boxes` (N×4 page fractions, top-left origin) are in
    content order, a blank where a word breaks. `rotation` is how far (degrees clockwise) the displayed page was
    turned to make the text upright; width and height (points) are the upright page's.
    """

    width: float
    height: float
    chars: str
    boxes: list[Box]
    meaningful: int  # visible letters and digits with a trustworthy Unicode mapping
    image_cover: float  # fraction of the page covered by images (0 when not measured)
    rotation: int = 0
    holds_code: bool = False  # may show a QR code or a barcode (may_hold_code)
    bold: list[bool] | None = None  # per character, whether its face is bold


def page_text(doc: pdfium.PdfDocument, index: int) -> PageText:
    """The visible text layer of page `index` (0-based), in the page's displayed
    orientation (its /Rotate and crop box applied), then turned upright."""
    with PDFIUM_LOCK:
        page = doc[index]
        try:
            width, height = page.get_size()
            affine = _fraction_transform(page, width, height)
            objects = _objects(page, width, height)  # (asked while the page is loaded: loading it costs)
            textpage = page.get_textpage()
            try:
                chars, boxes, meaningful, bold = _chars(textpage, affine, objects.hidden_text)
            finally:
                textpage.close()
            cover = 0.0
            if meaningful < THIN_TEXT_CHARS:
                if objects.image_cover is None:
                    raise pdfium.PdfiumError("Failed to locate pageobject.")
                cover = objects.image_cover
            code = objects.holds_code
        finally:
            page.close()
    rotation = _upright_turn(chars, boxes, width, height)
    if rotation:
        boxes = turn_boxes(boxes, rotation)
        if rotation in (90, 270):
            width, height = height, width
    return PageText(width, height, chars, boxes, meaningful, cover, rotation, code, bold)


# a code drawn as vectors is hundreds of little squares; a form's rules and boxes are tens
CODE_PATHS = 150


def may_hold_code(doc: pdfium.PdfDocument, index: int) -> bool:
    """Whether a text page may show a QR code or a barcode: it holds an image, or as many
    vector shapes as a code's modules. (Rendering a page to look for codes costs more than
    reading its text; only a CRLV prints one.)"""
    with PDFIUM_LOCK:
        page = doc[index]
        try:
            width, height = page.get_size()
            return _objects(page, width, height).holds_code
        finally:
            page.close()


@dataclass(frozen=True)
class _Objects:
    hidden_text: bool  # a text object drawn invisibly (a scanner's OCR layer), 3 levels deep
    image_cover: float | None  # fraction of the page covered by images, 3 levels deep (None: unknown)
    holds_code: bool  # an image, or CODE_PATHS vector shapes, 2 levels deep


def _objects(page, width: float, height: float) -> _Objects:
    """What a page's objects tell, in one walk through PDFium's own handles: pypdfium2's
    get_objects() made a Python object per path, and the page was walked three times."""
    hidden, area, images, paths = False, 0.0, 0, 0
    located = True  # every image's bounds read (only a thin text layer needs them: see page_text)
    left, bottom, right, top = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float()

    def walk(form, level: int) -> None:  # in drawing order, a form's objects where the form is
        nonlocal hidden, area, images, paths, located
        count = raw.FPDFFormObj_CountObjects(form) if form else raw.FPDFPage_CountObjects(page.raw)
        if count < 0:
            raise pdfium.PdfiumError("Failed to get number of pageobjects.")
        for i in range(count):
            obj = raw.FPDFFormObj_GetObject(form, i) if form else raw.FPDFPage_GetObject(page.raw, i)
            if not obj:
                raise pdfium.PdfiumError("Failed to get pageobject.")
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_TEXT:
                hidden = hidden or raw.FPDFTextObj_GetTextRenderMode(obj) in _INVISIBLE_MODES
            elif kind == raw.FPDF_PAGEOBJ_IMAGE:
                images += level < 2
                if raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top):
                    area += (max(0.0, min(right.value, width) - max(left.value, 0.0))
                             * max(0.0, min(top.value, height) - max(bottom.value, 0.0)))
                else:
                    located = False
            elif kind == raw.FPDF_PAGEOBJ_PATH:
                paths += level < 2
            elif kind == raw.FPDF_PAGEOBJ_FORM and level < 2:
                walk(obj, level + 1)

    walk(None, 0)
    cover = min(1.0, area / max(width * height, 1e-9)) if located else None
    return _Objects(hidden, cover, images > 0 or paths >= CODE_PATHS)


def is_text_page(text: PageText, limits: Limits) -> bool:
    """A real text layer: enough visible characters, not a scan with a stamp on it, and not a
    thin text layer beside large images (the document is in the images)."""
    if text.meaningful < limits.min_text_chars:
        return False
    if text.image_cover >= SCAN_IMAGE_COVER and text.meaningful < SCAN_STAMP_CHARS:
        return False
    return not (text.image_cover >= LARGE_IMAGE_COVER and text.meaningful < THIN_TEXT_CHARS)


def _fraction_transform(page, width: float, height: float) -> Affine:
    """The affine map (2×3) from PDF user space to fractions of the displayed page
    (rotation and crop box included), found by asking PDFium where three points land."""
    scale = 10_000  # PDFium returns integer device coordinates: work on a fine grid
    dev_w, dev_h = max(1, int(width * scale / 72)), max(1, int(height * scale / 72))
    x, y = ctypes.c_int(), ctypes.c_int()

    def device(px: float, py: float) -> tuple[float, float]:
        raw.FPDF_PageToDevice(page.raw, 0, 0, dev_w, dev_h, 0, px, py, ctypes.byref(x), ctypes.byref(y))
        return x.value / dev_w, y.value / dev_h

    ox, oy = device(0, 0)
    ax, ay = device(1000, 0)
    bx, by = device(0, 1000)
    return ((ax - ox) / 1000, (bx - ox) / 1000, ox, (ay - oy) / 1000, (by - oy) / 1000, oy)


# FPDFText_GetLooseCharBox called with a plain address: building a ctypes structure per
# character cost more than PDFium's own work (~2.5 µs against ~0.8 µs per character).
_LOOSE_BOX = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p)(
    typing.cast(int, ctypes.cast(raw.FPDFText_GetLooseCharBox, ctypes.c_void_p).value))  # an export's address
_RECT_SIZE = ctypes.sizeof(raw.FS_RECTF)
_WEIGHT = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int)(
    typing.cast(int, ctypes.cast(raw.FPDFText_GetFontWeight, ctypes.c_void_p).value))
_FONT_INFO = ctypes.CFUNCTYPE(ctypes.c_ulong, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_ulong,
                              ctypes.c_void_p)(
    typing.cast(int, ctypes.cast(raw.FPDFText_GetFontInfo, ctypes.c_void_p).value))
BOLD_WEIGHT = 600  # a face this heavy or more is bold (400 regular, 700 bold; 0 or -1: not said)
FORCE_BOLD = 0x40000  # the font descriptor's ForceBold flag
# a face named bold ('Helvetica-Bold', 'Arial,Bold', 'ABCDEF+DejaVuSans-BoldOblique'): the
# standard fonts carry no weight of their own, only their name
_BOLD_NAME = re.compile(rb"bold|black|heavy|demi|semibold", re.IGNORECASE)


class _Faces:
    """Whether a character's face is bold, one PDFium call for its font's name per word start,
    the name's verdict kept (a page has a handful of fonts)."""

    def __init__(self, tp_ptr: int) -> None:
        self.tp = tp_ptr
        self.buf = ctypes.create_string_buffer(128)
        self.flags = ctypes.c_int()
        self.by_name: dict[bytes, bool | None] = {}

    def bold(self, i: int) -> bool:
        n = _FONT_INFO(self.tp, i, ctypes.addressof(self.buf), 128, ctypes.addressof(self.flags))
        name = self.buf.raw[:max(0, min(n, 128) - 1)]
        said = self.by_name[name] if name in self.by_name else self._said(name)
        return said if said is not None else _WEIGHT(self.tp, i) >= BOLD_WEIGHT

    def _said(self, name: bytes) -> bool | None:
        said = True if _BOLD_NAME.search(name) or self.flags.value & FORCE_BOLD else None
        self.by_name[name] = said
        return said
MAPPING_SAMPLE = 256  # characters checked for a broken Unicode mapping


def _chars(textpage, affine: Affine, hidden: bool) -> tuple[str, list[Box], int, list[bool]]:
    # Plain Python over the characters: numpy's import alone cost more than a text page's
    # arithmetic, and a digital packet never needs it otherwise (the same float64 operations,
    # in the same order, so the same boxes).
    tp = textpage.raw
    tp_ptr = ctypes.cast(tp, ctypes.c_void_p).value
    n = textpage.count_chars()
    text = textpage.get_text_range() if n else ""
    if len(text) != n:  # characters outside the BMP: fall back to one call per character
        text = "".join(chr(c) if 0 < (c := raw.FPDFText_GetUnicode(tp, i)) < 0x110000 else " "
                       for i in range(n))
    rects = (raw.FS_RECTF * max(n, 1))()  # PDFium writes each box straight into this array
    base = ctypes.addressof(rects)
    blank = [c.isspace() for c in text]
    # (a blank's box is never used: a blank only breaks a word)
    visible = [not b and bool(_LOOSE_BOX(tp_ptr, i, base + i * _RECT_SIZE)) for i, b in enumerate(blank)]
    if hidden:  # a scanner's invisible OCR layer: drop its characters
        modes: dict[int, bool] = {}
        for i in range(n):
            if blank[i]:
                continue
            obj = raw.FPDFText_GetTextObject(tp, i)
            key = ctypes.cast(obj, ctypes.c_void_p).value or 0
            if key not in modes:
                modes[key] = bool(obj) and raw.FPDFTextObj_GetTextRenderMode(obj) in _INVISIBLE_MODES
            visible[i] = not modes[key]
    # FS_RECTF is (left, top, right, bottom) as 32-bit floats, in user space (y up).
    r = memoryview(rects).cast("B").cast("f").tolist()
    a0, a1, a2, b0, b1, b2 = affine
    chars: list[str] = []
    boxes: list[Box] = []
    bold: list[bool] = []  # per character: its face's weight, asked where a word may start
    kept: list[int] = []  # visible characters kept, by index into text
    faces = _Faces(tp_ptr)  # type: ignore[arg-type]
    heavy, after_blank, px1 = False, True, 0.0
    for i, (c, is_blank, seen, left, top, right, bottom) in enumerate(
            zip(text, blank, visible, r[0::4], r[1::4], r[2::4], r[3::4])):
        if is_blank:
            chars.append(" ")
            boxes.append(_NO_BOX)
            bold.append(False)
            after_blank = True
            continue
        if not seen:
            continue
        xa, ya = a0 * left + a1 * top + a2, b0 * left + b1 * top + b2
        xb, yb = a0 * right + a1 * bottom + a2, b0 * right + b1 * bottom + b2
        x0, x1 = (xa, xb) if xa <= xb else (xb, xa)  # (a NaN lands in x0 or x1 either way)
        y0, y1 = (ya, yb) if ya <= yb else (yb, ya)
        if not (x1 >= 0 and y1 >= 0 and x0 <= 1 and y0 <= 1):
            continue  # off the page, or no box at all (NaN)
        chars.append(c)
        # clipped to the page (x0 <= 1 and x1 >= 0 already)
        boxes.append((x0 if x0 > 0.0 else 0.0, y0 if y0 > 0.0 else 0.0, x1 if x1 < 1.0 else 1.0,
                      y1 if y1 < 1.0 else 1.0))
        kept.append(i)
        # (one call per word, not per character: a word starts after a blank or a gap, or back
        # at a line's start; words_from_chars gives a word its first character's weight)
        if after_blank or abs(x0 - px1) > 0.25 * (y1 - y0):
            heavy = faces.bold(i)
        bold.append(heavy)
        after_blank, px1 = False, x1
    return "".join(chars), boxes, _meaningful(tp, text, kept), bold


def _meaningful(tp, text: str, kept: list[int]) -> int:
    """Visible letters and digits, less the share whose Unicode mapping PDFium found broken
    (fonts without a ToUnicode map give garbage text), estimated on a sample."""
    alnum = [i for i in kept if text[i].isalnum()]
    if not alnum:
        return 0
    step = max(1, len(alnum) // MAPPING_SAMPLE)
    sample = alnum[::step]
    broken = sum(1 for i in sample if raw.FPDFText_HasUnicodeMapError(tp, i))
    return round(len(alnum) * (1 - broken / len(sample)))


def _upright_turn(chars: str, boxes: list[Box], width: float, height: float) -> int:
    """Clockwise turn that makes most of the text run left to right, judged from the
    direction from each character to the next one of the same word."""
    right = left = down = up = 0  # votes for 0, 180, 270 and 90 degrees
    px = py = 0.0
    prev = False  # whether there is a previous character (not after a blank)
    for c, (x0, y0, x1, y1) in zip(chars, boxes):
        if c == " ":
            prev = False
            continue
        hx, hy = (x0 + x1) * width, (y0 + y1) * height  # (the centre, doubled)
        if prev:
            dx, dy = hx - px, hy - py
            if abs(dx) >= abs(dy):
                if dx > 0:
                    right += 1
                elif dx < 0:
                    left += 1
            # text running down the page reads upright after a 270° clockwise turn
            elif dy > 0:
                down += 1
            elif dy < 0:
                up += 1
        px, py, prev = hx, hy, True
    votes = {0: right, 180: left, 270: down, 90: up}
    best = max(votes, key=votes.__getitem__)
    return best if votes[best] > votes[0] * 1.5 else 0


def turn_boxes(boxes: list[Box], rotation: int) -> list[Box]:
    """Boxes (page fractions) after turning the page `rotation` degrees clockwise."""
    if rotation == 90:
        return [(1 - y1, x0, 1 - y0, x1) for x0, y0, x1, y1 in boxes]
    if rotation == 180:
        return [(1 - x1, 1 - y1, 1 - x0, 1 - y0) for x0, y0, x1, y1 in boxes]
    if rotation == 270:
        return [(y0, 1 - x1, y1, 1 - x0) for x0, y0, x1, y1 in boxes]
    return boxes


def fit_dpi(width_pt: float, height_pt: float, dpi: int, max_pixels: int) -> int:
    """`dpi`, lowered so the rendered page stays within `max_pixels`."""
    pixels = (width_pt / 72 * dpi) * (height_pt / 72 * dpi)
    if pixels <= max_pixels:
        return dpi
    return max(1, math.floor(dpi * math.sqrt(max_pixels / pixels)))


def render(doc: pdfium.PdfDocument, index: int, dpi: int, *, grey: bool = True) -> Image.Image:
    """Page `index` rendered at `dpi` (call fit_dpi first), upright as displayed."""
    with PDFIUM_LOCK:
        page = doc[index]
        try:
            bitmap = page.render(scale=dpi / 72, grayscale=grey)
            try:
                image = bitmap.to_pil().copy()  # detach from PDFium's buffer
            finally:
                bitmap.close()
        finally:
            page.close()
    return image.convert("L") if grey else image.convert("RGB")


def page_size(doc: pdfium.PdfDocument, index: int) -> tuple[float, float]:
    with PDFIUM_LOCK:
        return doc.get_page_size(index)
