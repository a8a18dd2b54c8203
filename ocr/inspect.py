"""What a stored file is, cheaply (no rendering): for refusing an upload before it is read."""

from __future__ import annotations

from pathlib import Path

from ocr.sniff import PDF, TIFF


def page_count(path: str | Path, media_type: str) -> int:
    """Pages, cheaply (no rendering). A file that cannot be opened counts as one page: the
    reader will report why it is unreadable as a finding of the packet."""
    if media_type == PDF:
        import pypdfium2 as pdfium

        from ocr.pdf import PDFIUM_LOCK  # PDFium is not thread-safe

        with PDFIUM_LOCK:
            try:
                doc = pdfium.PdfDocument(str(path))
            except Exception:
                return 1
            try:
                return max(len(doc), 1)
            finally:
                doc.close()
    if media_type == TIFF:
        from PIL import Image

        try:
            with Image.open(path) as im:
                return max(int(getattr(im, "n_frames", 1)), 1)
        except Exception:
            return 1
    return 1
