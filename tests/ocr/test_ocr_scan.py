"""Real Tesseract on small generated scans. Each input is OCR'd once per session."""

from __future__ import annotations

import io
from functools import cache

import numpy as np
import pytest
import zxingcpp
from PIL import Image

from ocr import Limits, read
from tests.ocr.ocr_makers import TITLE, image_pdf, png_bytes, text_image

pytestmark = pytest.mark.ocr

DPI = 200
QR_TEXT = "https://exemplo.gov.br/crlv/qr?c=0123456789"


def _page_image() -> Image.Image:
    im = text_image(dpi=DPI)
    qr = zxingcpp.create_barcode(QR_TEXT, zxingcpp.BarcodeFormat.QRCode).to_image(scale=5)
    im.paste(Image.fromarray(np.asarray(qr)).convert("L"), (im.width - 230, im.height - 230))
    return im


def _jpeg(im: Image.Image, **kwargs) -> bytes:
    out = io.BytesIO()
    im.save(out, format="JPEG", quality=90, dpi=(DPI, DPI), **kwargs)
    return out.getvalue()


INPUTS = {
    "upright": lambda: png_bytes(_page_image(), DPI),
    "turned_ccw_90": lambda: png_bytes(text_image(dpi=DPI).rotate(90, expand=True), DPI),
    "upside_down": lambda: png_bytes(text_image(dpi=DPI).rotate(180), DPI),
    "skewed_1_5": lambda: png_bytes(
        text_image(dpi=DPI).rotate(1.5, resample=Image.Resampling.BICUBIC, fillcolor=250), DPI),
    "exif_rotated_photo": lambda: _jpeg(text_image(dpi=DPI).rotate(90, expand=True),
                                        exif=_exif_orientation(6)),
    "tiny_text": lambda: png_bytes(text_image(dpi=DPI).reduce(3), None),
    "mixed_pdf": lambda: image_pdf([text_image(dpi=DPI)], dpi=DPI, text_pages={
        0: [(60, 60, "REQUERIMENTO DE AUTORIZAÇÃO DE FRETAMENTO"), (60, 80, "Porto Alegre, RS")]}),
    "blank": lambda: png_bytes(Image.new("L", (800, 600), 255), 100),
}


def _exif_orientation(value: int) -> Image.Exif:
    exif = Image.Exif()
    exif[0x0112] = value  # the photo must be turned 90° clockwise to display upright
    return exif


@cache
def reading(name: str, **limits):
    return read(INPUTS[name](), limits=Limits(**limits) if limits else None)


def _body_words(ext) -> set[str]:
    return {w.text.strip(",.:").lower() for w in ext.pages[-1].words}


def _reads_the_text(ext):
    text = ext.text
    assert TITLE in text
    words = _body_words(ext)
    for expected in ("transporte", "passageiros", "ônibus", "vigência", "município", "pagamento"):
        assert expected in words, (expected, text)


def test_upright_page():
    ext = reading("upright")
    assert ext.media_type == "image/png" and ext.page_count == 1 and ext.problems == ()
    page = ext.pages[0]
    assert page.source == "ocr" and ext.text_source == "ocr"
    assert (page.rotation, page.skew, page.dpi) == (0, 0.0, DPI)
    assert (page.width, page.height) == (1160, 840)
    assert page.problems == ()
    assert page.mean_conf > 0.8
    _reads_the_text(ext)
    title = page.lines[0]
    assert title.text == TITLE
    assert title.bbox[0] == pytest.approx(0.5 / 5.8, abs=0.01)  # 0.5 in from the left
    assert title.bbox[1] == pytest.approx(0.4 / 4.2, abs=0.02)  # 0.4 in from the top
    assert page.codes == (QR_TEXT,)


def test_page_turned_a_quarter_comes_out_upright():
    page = reading("turned_ccw_90").pages[0]
    assert page.rotation == 90
    assert (page.width, page.height) == (1160, 840)  # the upright page's size
    _reads_the_text(reading("turned_ccw_90"))
    assert page.lines[0].text == TITLE


def test_upside_down_page_comes_out_upright():
    """No cheap check sees this: the illegible first pass asks OSD, and the turned page
    is read again."""
    ext = reading("upside_down")
    assert ext.pages[0].rotation == 180
    _reads_the_text(ext)


def test_skewed_scan_is_deskewed():
    ext = reading("skewed_1_5")
    page = ext.pages[0]
    assert page.skew == pytest.approx(1.5, abs=0.2)
    assert page.rotation == 0
    _reads_the_text(ext)
    # Deskewed: the title's words sit on one level line.
    tops = [w.bbox[1] for w in page.lines[0].words]
    assert max(tops) - min(tops) < 0.01


def test_photo_with_exif_orientation_is_turned_without_osd():
    ext = reading("exif_rotated_photo")
    assert ext.media_type == "image/jpeg"
    assert ext.pages[0].rotation == 0  # EXIF said how; no OSD turn was needed
    _reads_the_text(ext)


def test_tiny_text_is_upscaled():
    ext = reading("tiny_text")
    page = ext.pages[0]
    assert page.dpi is None  # the file states no resolution
    assert page.width == 387  # the image's own pixels
    _reads_the_text(ext)
    # The same page without upscaling (lines of ~9 px) reads with less confidence.
    assert page.mean_conf > reading("tiny_text", min_line_px=4).pages[0].mean_conf


def test_upright_page_never_pays_for_osd(monkeypatch):
    from ocr import tesseract

    calls = []
    real = tesseract.orientation
    monkeypatch.setattr(tesseract, "orientation", lambda *a, **k: calls.append(1) or real(*a, **k))
    ext = read(png_bytes(text_image(dpi=150, height_in=1.6, lines=["placa ABC1D23"]), 150),
               limits=Limits(read_codes=False))
    assert "FRETAMENTO" in ext.text and ext.pages[0].rotation == 0
    assert calls == []


def test_mixed_pdf_page_by_page():
    ext = reading("mixed_pdf")
    assert ext.page_count == 2 and ext.text_source == "mixed"
    first, second = ext.pages
    assert first.source == "pdf_text" and first.lines[0].text.startswith("REQUERIMENTO DE AUTORIZA")
    assert second.source == "ocr" and second.dpi == 300  # image-only page rendered at ocr_dpi
    assert (second.width, second.height) == pytest.approx((5.8 * 72, 4.2 * 72), abs=0.5)
    _reads_the_text(ext)


def test_blank_page_warns_no_text():
    ext = reading("blank")
    assert [p.code for p in ext.pages[0].problems] == ["page.no_text"]
    assert ext.pages[0].problems[0].severity == "warning"


def test_low_confidence_warns_poor_scan():
    ext = reading("upright", poor_scan_conf=0.999, read_codes=False)
    problems = ext.pages[0].problems
    assert [p.code for p in problems] == ["page.poor_scan"]
    assert problems[0].severity == "warning" and problems[0].page == 1
    assert ext.readable  # a warning never makes the file unreadable


def test_timeout_is_a_page_problem():
    ext = reading("upright", tesseract_timeout=0.001, read_codes=False)
    assert [p.code for p in ext.pages[0].problems] == ["ocr.timeout"]
    assert ext.pages[0].lines == ()


def test_missing_tesseract_is_a_page_problem(no_tesseract):
    ext = read(INPUTS["blank"]())
    assert [p.code for p in ext.pages[0].problems] == ["ocr.failed"]


def test_multipage_tiff():
    frames = [text_image(dpi=100, height_in=1.4, lines=[]),
              text_image(dpi=100, height_in=1.4, lines=[]).rotate(0)]
    out = io.BytesIO()
    frames[0].save(out, format="TIFF", save_all=True, append_images=frames[1:], dpi=(100, 100))
    ext = read(out.getvalue(), limits=Limits(read_codes=False))
    assert ext.media_type == "image/tiff" and ext.page_count == 2
    assert [p.number for p in ext.pages] == [1, 2]
    assert all(TITLE in p.text for p in ext.pages)
