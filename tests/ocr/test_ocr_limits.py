import pytest
from pydantic import ValidationError

from ocr import Limits


def test_sane_defaults():
    limits = Limits()
    assert limits.max_file_bytes == 25 * 1024 * 1024
    assert limits.max_pages == 50
    assert limits.max_image_pixels == 40_000_000
    assert limits.ocr_dpi == 300
    assert limits.tesseract_timeout > 0


def test_environment_overrides(monkeypatch):
    monkeypatch.setenv("FRETADOC_MAX_PAGES", "80")
    monkeypatch.setenv("FRETADOC_OCR_DPI", "200")
    limits = Limits()
    assert (limits.max_pages, limits.ocr_dpi) == (80, 200)


def test_frozen_and_validated():
    limits = Limits()
    with pytest.raises(ValidationError):
        limits.max_pages = 3
    with pytest.raises(ValidationError):
        Limits(max_pages=0)
