"""Setup for the ocr tests. Input makers live in ocr_makers.py.

Tests that run real Tesseract are marked `ocr` and share one read per input (a cache in
test_ocr_scan.py), so the suite OCRs each image once.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def no_tesseract(monkeypatch):
    """Tesseract made unreachable, its command and its library: any OCR attempt fails
    (ocr.failed) instead of reading."""
    import pytesseract

    from ocr import engine

    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "/nonexistent/tesseract")
    monkeypatch.setattr(engine, "_library", lambda: None)
