import time

import pytest
from PIL import Image

from ocr import preprocess
from tests.ocr.ocr_makers import text_image

DPI = 200


@pytest.fixture(scope="module")
def page():
    return text_image(dpi=DPI)


def test_upright_straight_page_needs_nothing(page):
    look = preprocess.analyse(page, DPI)
    assert not look.sideways
    assert abs(look.skew) <= preprocess.MIN_SKEW
    assert look.line_px > 20  # 12 pt at 200 dpi


@pytest.mark.parametrize("angle", [1.5, -1.5, 3.0])
def test_skew_is_measured_and_removed(page, angle):
    skewed = page.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=250)
    look = preprocess.analyse(skewed, DPI)
    assert look.skew == pytest.approx(angle, abs=0.2)
    again = preprocess.analyse(preprocess.deskew(skewed, look.skew), DPI)
    assert abs(again.skew) <= 0.2


def test_sideways_page_is_suspected(page):
    assert preprocess.analyse(page.rotate(90, expand=True), DPI).sideways
    assert preprocess.analyse(page.rotate(-90, expand=True), DPI).sideways


def test_small_text_line_height(page):
    small = page.reduce(3)  # 12 pt at ~67 dpi
    assert 0 < preprocess.analyse(small, DPI / 3).line_px < 12


def test_blank_page_is_left_alone():
    look = preprocess.analyse(Image.new("L", (1200, 1600), 255), 150)
    assert (look.sideways, look.skew, look.line_px) == (False, 0.0, 0.0)


def test_transparent_pixels_become_paper():
    rgba = Image.new("RGBA", (10, 10), (0, 0, 0, 0))
    assert preprocess.to_grey(rgba).getextrema() == (255, 255)
    assert preprocess.to_grey(Image.new("I;16", (4, 4), 300)).mode == "L"


def test_analysis_is_cheap():
    """A 300 dpi A4 page is analysed in well under a tenth of Tesseract's ~3.5 s."""
    a4 = text_image(dpi=300, width_in=8.27, height_in=11.69, lines=["texto de teste " * 6] * 40)
    preprocess.analyse(a4, 300)
    t0 = time.process_time()
    preprocess.analyse(a4, 300)
    assert time.process_time() - t0 < 1.0  # measured ~0.05 s of CPU; generous


def test_bilevel_scan_stays_bilevel(page):
    """Tesseract skips its thresholding on a 1-bit page (~15% faster): keep it 1-bit."""
    bilevel = page.point(lambda v: 255 if v > 128 else 0).convert("1")
    assert preprocess.to_grey(bilevel).mode == "1"
    turned = preprocess.deskew(bilevel.rotate(1.5, fillcolor=1), 1.5)
    assert turned.mode == "1"
    assert abs(preprocess.analyse(turned, DPI).skew) <= 0.2
