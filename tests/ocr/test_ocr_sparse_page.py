"""A page holding a line or two (a list's printed total carried over to its last page): under 1 %
of its pixels are ink, and its contrast is measured on the ink's own darkest share, not on the
paper's grain, which stretching would turn into black specks where Tesseract then finds no text."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont

import ocr
from ocr import preprocess
from tests.ocr.ocr_makers import FONT, png_bytes

DPI = 300


def _sparse_page() -> Image.Image:
    """An A4 scan at 300 dpi: grey paper with its grain, two short lines near the top."""
    w, h = round(8.27 * DPI), round(11.69 * DPI)
    grain = np.random.default_rng(7).normal(236, 4, (h, w)).clip(0, 255).astype(np.uint8)
    im = Image.fromarray(grain, "L")
    d = ImageDraw.Draw(im)
    font = ImageFont.truetype(FONT, round(10 / 72 * DPI))
    d.text((round(0.6 * DPI), round(0.6 * DPI)), "Total de passageiros: 42", font=font, fill=40)
    d.text((round(0.6 * DPI), round(0.85 * DPI)), "Exportado em 27/01/2024 14:36", font=font, fill=40)
    return im


def test_a_page_of_two_lines_is_measured_by_its_ink_and_read():
    page = _sparse_page()
    look = preprocess.analyse(page, DPI)
    assert look.ink < 0.01
    assert look.contrast >= 150  # paper against ink, not the paper's grain (~20 levels)
    text = ocr.read(png_bytes(page, DPI)).pages[0].text
    assert "passageiros" in text and "42" in text
