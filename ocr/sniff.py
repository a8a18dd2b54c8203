"""The media type of a file from its first bytes; the file name is never consulted."""

from __future__ import annotations

PDF = "application/pdf"
PNG = "image/png"
JPEG = "image/jpeg"
TIFF = "image/tiff"
WEBP = "image/webp"

IMAGE_TYPES = frozenset({PNG, JPEG, TIFF, WEBP})

# Readers (Acrobat, pdfium) accept a PDF header anywhere in the first KiB.
_PDF_HEADER_WINDOW = 1024


def sniff(data: bytes) -> str | None:
    """application/pdf, image/png, image/jpeg, image/tiff, image/webp, or None."""
    head = data[:_PDF_HEADER_WINDOW]
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return PNG
    if head.startswith(b"\xff\xd8\xff"):
        return JPEG
    if head[:4] in (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+"):  # TIFF and BigTIFF
        return TIFF
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return WEBP
    if b"%PDF-" in head:
        return PDF
    return None
