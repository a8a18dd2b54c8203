"""Bytes in, pages of words with positions and confidence out.

    read(data, limits=None) -> Extraction        never raises for bad input
    read_text(data, limits=None) -> Extraction | None   the same, or None where pixels are needed
    render_page(data, number, dpi=150) -> bytes  a PNG of one page, for evidence

A PDF page with a real text layer is read from it (confidence 1.0) and never OCR'd; any
other page is rendered and read by Tesseract (`por`). Every failure is a Problem with a
stable dotted code and a Portuguese message (see ocr.problems.CATALOG).
"""

from __future__ import annotations

from ocr.limits import Limits, default_limits
from ocr.model import BBox, Extraction, Line, Page, Problem, Word
from ocr.problems import CATALOG, ReadError
from ocr.sniff import sniff

__all__ = ["read", "read_text", "render_page", "Limits", "default_limits", "ReadError", "Extraction", "Page",
           "Line", "Word", "Problem", "BBox", "CATALOG", "sniff"]

# The readers (ocr/reader.py) load PDFium, and numpy, PIL, zxing and Tesseract's library at the first
# page read from pixels: imported on the first file read, so a check whose files are all in the
# read cache never pays for them.


def read(data: bytes, *, limits: Limits | None = None) -> Extraction:
    """Read a whole file. Never raises for bad input: failures are Problems."""
    from ocr import reader

    return reader.read(data, limits=limits)


def read_text(data: bytes, *, limits: Limits | None = None) -> Extraction | None:
    """The file read from its text layers, or None when any page must be read from pixels (see
    reader.read_text): a text-layer file read at once, an OCR file left for a worker."""
    from ocr import reader

    return reader.read_text(data, limits=limits)


def render_page(data: bytes, number: int, dpi: int = 150, *, rotation: int = 0,
                limits: Limits | None = None) -> bytes:
    """A PNG of page `number` (1-based) of a PDF or image, for showing evidence (reader.render_page)."""
    from ocr import reader

    return reader.render_page(data, number, dpi, rotation=rotation, limits=limits)
