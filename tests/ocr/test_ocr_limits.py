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


def test_default_limits_are_built_once_per_environment(monkeypatch):
    from ocr import default_limits

    monkeypatch.delenv("FRETADOC_MAX_PAGES", raising=False)
    first = default_limits()
    assert default_limits() is first  # (built once: pydantic-settings reads the environment, per file read)
    monkeypatch.setenv("FRETADOC_MAX_PAGES", "80")
    changed = default_limits()
    assert changed.max_pages == 80 and changed is not first


def test_importing_ocr_loads_no_reader():
    """A check whose files are all in the read cache never needs numpy, PIL, PDFium or Tesseract:
    `import ocr` leaves them for the first file read."""
    import subprocess
    import sys

    code = ("import sys, ocr; heavy = [m for m in ('numpy', 'PIL.Image', 'pypdfium2', 'zxingcpp', 'ocr.reader') "
            "if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_reading_a_text_page_loads_no_pixel_reader():
    """A digital document's text pages need neither numpy, PIL, zxing nor Tesseract: they load at
    the first page read from its pixels (or a text page that may hold a code), not before."""
    import subprocess
    import sys
    from pathlib import Path

    sample = Path(__file__).resolve().parents[2] / "samples" / "quickstart" / "contrato-escola.pdf"
    code = ("import sys, ocr; ext = ocr.read(open(sys.argv[1], 'rb').read()); "
            "heavy = [m for m in ('numpy', 'PIL.Image', 'zxingcpp', 'pytesseract', 'ocr.scan', 'ocr.engine') "
            "if m in sys.modules]; print(ext.pages[0].source, heavy)")
    out = subprocess.run([sys.executable, "-c", code, str(sample)], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "pdf_text []"
