"""The readers behind `ocr.read`, `ocr.read_text` and `ocr.render_page` (see ocr/__init__.py):
a PDF page's text layer, or its pixels and any image's, through Tesseract. Imported only when a
file is read: it loads PDFium; numpy, PIL, zxing and Tesseract's library are loaded at the first
page that needs pixels (a digital packet's text pages need none of them, and loading them cost
more than reading a packet's text).
"""

from __future__ import annotations

import hashlib
import io
import logging
import typing

from ocr import pdf
from ocr.layout import lines_from_words, words_from_chars
from ocr.limits import Limits, default_limits
from ocr.model import Extraction, Line, Page
from ocr.problems import ReadError, problem
from ocr.sniff import IMAGE_TYPES, PDF, sniff

if typing.TYPE_CHECKING:
    from PIL import Image

    from ocr import photo


log = logging.getLogger(__name__)


class _NeedsPixels(Exception):
    """A read from text layers alone met a page that only its pixels show."""


def read(data: bytes, *, limits: Limits | None = None) -> Extraction:
    """Read a whole file. Never raises for bad input: failures are Problems."""
    got = _read(data, limits, pixels=True)
    assert got is not None  # (only a read without pixels stops short)
    return got


def read_text(data: bytes, *, limits: Limits | None = None) -> Extraction | None:
    """The file read as `read` would, when its text layers are all of it; None when any of it
    must be read from pixels (an image, a scanned page), nothing of that done."""
    return _read(data, limits, pixels=False)


def _read(data: bytes, limits: Limits | None, *, pixels: bool) -> Extraction | None:
    limits = limits or default_limits()
    digest = hashlib.sha256(data).hexdigest()
    media_type = sniff(data)
    try:
        if not data:
            return Extraction(media_type=None, sha256=digest, problems=(problem("file.empty"),))
        if len(data) > limits.max_file_bytes:
            return Extraction(media_type=media_type, sha256=digest, problems=(problem(
                "file.too_large", size_mb=len(data) / 1_048_576,
                limit_mb=limits.max_file_bytes / 1_048_576),))
        if media_type is None:
            return Extraction(media_type=None, sha256=digest, problems=(problem("file.unsupported"),))
        if media_type == PDF:
            return _read_pdf(data, digest, limits, pixels)
        return _read_image(data, media_type, digest, limits) if pixels else None
    except _NeedsPixels:
        return None
    except Exception:  # a bug in reading must not reach the caller as a traceback
        log.exception("unexpected failure reading a %s file of %d bytes (sha256 %s)",
                      media_type, len(data), digest[:12])
        return Extraction(media_type=media_type, sha256=digest, problems=(problem("file.read_error"),))


def _read_pdf(data: bytes, digest: str, limits: Limits, pixels: bool = True) -> Extraction:
    try:
        doc = pdf.open_pdf(data)
    except ReadError as exc:
        return Extraction(media_type=PDF, sha256=digest, problems=(exc.problem,))
    try:
        count = pdf.page_count(doc)
        if count > limits.max_pages:
            return Extraction(media_type=PDF, sha256=digest, page_count=count, problems=(
                problem("file.too_many_pages", pages=count, limit=limits.max_pages),))
        pages = tuple(_read_pdf_page(doc, index, limits, pixels) for index in range(count))
        return Extraction(media_type=PDF, sha256=digest, page_count=count, pages=pages)
    finally:
        pdf.close(doc)


def _read_pdf_page(doc, index: int, limits: Limits, pixels: bool = True) -> Page:
    number = index + 1
    try:
        text = pdf.page_text(doc, index)
        if pdf.is_text_page(text, limits):
            lines = lines_from_words(words_from_chars(text.chars, text.boxes, bold=text.bold))
            return Page(number=number, source="pdf_text", width=text.width, height=text.height,
                        lines=tuple(lines), rotation=text.rotation,
                        codes=_text_page_codes(doc, index, text, limits))
        if not pixels:
            raise _NeedsPixels
        width, height = pdf.page_size(doc, index)
        dpi = pdf.fit_dpi(width, height, limits.ocr_dpi, limits.max_image_pixels)
        image = pdf.render(doc, index, dpi)
    except pdf.pdfium.PdfiumError:
        return Page(number=number, source="ocr", width=0, height=0,
                    problems=(problem("page.render_failed", number),))
    from ocr import photo
    from ocr.scan import read_page

    flat = photo.flatten(image) if limits.flatten_photos else None
    page = _read_photo(flat, image, number, limits, width, height) if flat is not None else None
    if page is None:
        page = read_page(image, number, dpi, limits, width=width, height=height)
    if dpi < limits.ocr_dpi:
        page = page.model_copy(update={"problems": (problem("page.too_large", number, dpi=dpi),
                                                    *page.problems)})
    return page


def _text_page_codes(doc, index: int, text: pdf.PageText, limits: Limits) -> tuple[str, ...]:
    """Codes drawn on a text page (a CRLV-e's QR), found on a light rendering; losing them
    never loses the page's text."""
    if not limits.read_codes or not text.holds_code:
        return ()
    from ocr.codes import read_codes

    dpi = pdf.fit_dpi(text.width, text.height, limits.codes_dpi, limits.max_image_pixels)
    try:
        return read_codes(pdf.render(doc, index, dpi), dpi)
    except pdf.pdfium.PdfiumError:
        return ()


def _read_image(data: bytes, media_type: str, digest: str, limits: Limits) -> Extraction:
    from ocr import image as images
    from ocr import photo
    from ocr.preprocess import to_grey
    from ocr.scan import read_page

    pages: list[Page] = []
    count = 0
    try:
        image = images.open_image(data, media_type, limits)
        count = images.frame_count(image, media_type)
        if count > limits.max_pages:
            return Extraction(media_type=media_type, sha256=digest, page_count=count, problems=(
                problem("file.too_many_pages", pages=count, limit=limits.max_pages),))
        for number, frame in enumerate(images.frames(image, count, limits), start=1):
            dpi = images.resolution(frame)
            grey = to_grey(frame)
            flat = photo.flatten(grey) if limits.flatten_photos else None
            page = _read_photo(flat, grey, number, limits) if flat is not None else None
            if page is None:
                page = read_page(grey, number, dpi or images.guess_resolution(frame), limits,
                                 dpi_known=dpi is not None)
            pages.append(page)
    except ReadError as exc:
        return Extraction(media_type=media_type, sha256=digest, page_count=count, problems=(exc.problem,))
    return Extraction(media_type=media_type, sha256=digest, page_count=count, pages=tuple(pages))


def _read_photo(flat: photo.Flat, grey: Image.Image, number: int, limits: Limits,
                width: float | None = None, height: float | None = None) -> Page | None:
    """A photographed page read flat, its word boxes put back where the photo shows them; None
    when the flat page had to be turned (its boxes would not map back simply): read as it is.
    The flat sheet's resolution is taken as an A4 page's (Tesseract told none lays a page out
    far worse: a CRLV-e's left column was lost)."""
    from ocr import image as images
    from ocr import preprocess, unread
    from ocr.scan import read_page

    dpi = images.guess_resolution(flat.image)
    page = read_page(flat.image, number, dpi, limits, width=width or grey.width, height=height or grey.height)
    page = page.model_copy(update={"dpi": None})  # a guess, not the file's
    if page.rotation:
        return None
    read = list(page.lines)
    if limits.read_unread_ink and read and not page.problems:
        # a photo's page pass drops whole lines of a boxed form: read the ink it left
        sheet = preprocess.deskew(flat.image, page.skew) if page.skew else flat.image
        read = unread.with_unread(sheet, read, round(dpi), limits)
    lines = tuple(Line(words=tuple(w.model_copy(update={"bbox": flat.to_photo(w.bbox)}) for w in ln.words))
                  for ln in read)
    return page.model_copy(update={"lines": lines, "photographed": True})


def render_page(data: bytes, number: int, dpi: int = 150, *, rotation: int = 0,
                limits: Limits | None = None) -> bytes:
    """A PNG of page `number` (1-based) of a PDF or image, for showing evidence.

    `rotation` turns it clockwise (pass Page.rotation so word boxes fall in place).
    Raises ReadError (with the same Problem `read` would give) for bad input.
    """
    limits = limits or default_limits()
    if not data:
        raise ReadError(problem("file.empty"))
    if len(data) > limits.max_file_bytes:
        raise ReadError(problem("file.too_large", size_mb=len(data) / 1_048_576,
                                limit_mb=limits.max_file_bytes / 1_048_576))
    media_type = sniff(data)
    if media_type == PDF:
        picture = _render_pdf_page(data, number, dpi, limits)
    elif media_type in IMAGE_TYPES:
        picture = _render_image_page(data, media_type, number, dpi, limits)
    else:
        raise ReadError(problem("file.unsupported"))
    from ocr.scan import turn

    out = io.BytesIO()
    turn(picture, rotation % 360).save(out, format="PNG")
    return out.getvalue()


def _render_pdf_page(data: bytes, number: int, dpi: int, limits: Limits) -> Image.Image:
    doc = pdf.open_pdf(data)
    try:
        count = pdf.page_count(doc)
        if not 1 <= number <= count:
            raise ReadError(problem("page.not_found", number=number, pages=count))
        width, height = pdf.page_size(doc, number - 1)
        try:
            return pdf.render(doc, number - 1, pdf.fit_dpi(width, height, dpi, limits.max_image_pixels),
                              grey=False)
        except pdf.pdfium.PdfiumError:
            raise ReadError(problem("page.render_failed", number)) from None
    finally:
        pdf.close(doc)


def _render_image_page(data: bytes, media_type: str, number: int, dpi: int,
                       limits: Limits) -> Image.Image:
    from PIL import Image

    from ocr import image as images

    image = images.open_image(data, media_type, limits)
    count = images.frame_count(image, media_type)
    if not 1 <= number <= count:
        raise ReadError(problem("page.not_found", number=number, pages=count))
    frame = None
    for frame in images.frames(image, number, limits):
        pass
    assert frame is not None  # the page exists (checked above): frames() reached it
    own = images.resolution(frame) or images.guess_resolution(frame)
    if own > dpi:  # only ever shrink: evidence needs no invented pixels
        factor = dpi / own
        frame = frame.resize((max(1, round(frame.width * factor)), max(1, round(frame.height * factor))),
                             Image.Resampling.LANCZOS)
    return frame.convert("RGB") if frame.mode not in ("RGB", "L") else frame
