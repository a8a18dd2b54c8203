"""A photocopied page (samples/gen/scan.photocopy: near black-and-white, toner specks, dark
bands at the edges): found and cleaned before OCR, and nothing else is touched."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from ocr import preprocess, read
from samples.gen import scan
from tests.ocr.ocr_makers import BOLD, FONT, png_bytes, text_image

DPI = 200
CNPJ = "76.784.073/0001-83"


def _boxed_party() -> Image.Image:
    """Half a page: a party's name and CNPJ in a box drawn as lines, under a title."""
    w, h = round(5.8 * DPI), round(3.2 * DPI)
    im = Image.new("L", (w, h), 255)
    d = ImageDraw.Draw(im)
    size = round(11 / 72 * DPI)
    d.text((round(0.5 * DPI), round(0.35 * DPI)), "QUADRO RESUMO", font=ImageFont.truetype(BOLD, size), fill=0)
    top, left, right = round(0.8 * DPI), round(0.4 * DPI), w - round(0.4 * DPI)
    d.rectangle([left, top, right, top + round(1.1 * DPI)], outline=0, width=3)
    d.line([left + round(1.5 * DPI), top, left + round(1.5 * DPI), top + round(1.1 * DPI)], fill=0, width=3)
    font = ImageFont.truetype(FONT, size)
    d.text((left + 20, top + 20), "1. CONTRATANTE", font=ImageFont.truetype(BOLD, size), fill=0)
    x = left + round(1.5 * DPI) + 20
    d.text((x, top + 20), "COLÉGIO IPÊ AMARELO LTDA", font=font, fill=0)
    d.text((x, top + 20 + round(size * 1.5)), f"CNPJ: {CNPJ}", font=font, fill=0)
    d.text((x, top + 20 + round(size * 3.0)), "Endereço: Rua das Flores, 120", font=font, fill=0)
    return im


def test_a_photocopy_is_told_from_scans_and_cleaned_of_its_edges_and_specks():
    page = _boxed_party()
    copied = scan.photocopy(page, "boxed-party", angle=0.4)
    found = preprocess.photocopy(copied, DPI)
    assert found is not None and found.bands.any() and found.specks.any()
    clean = np.asarray(preprocess.clean_photocopy(copied, found))
    before = np.asarray(copied)
    # the dark bands are gone: no edge of the cleaned page is mostly ink
    for edge in (clean[0], clean[-1], clean[:, 0], clean[:, -1]):
        assert (edge < 128).mean() < 0.2
    assert sum((e < 128).mean() > 0.6 for e in (before[0], before[-1], before[:, 0], before[:, -1])) >= 2
    # the text and the box's rules keep their ink; only specks and bands were painted over
    inner = (slice(60, -60), slice(60, -60))
    kept = (clean[inner] < 128).sum() / (before[inner] < 128).sum()
    assert 0.9 < kept < 1.0
    assert clean.shape == before.shape


def test_scans_and_clean_pages_are_left_as_they_are():
    page = text_image(dpi=DPI)
    grey_scan = scan.degrade(page, "grey", 0.8)
    assert preprocess.photocopy(page, DPI) is None  # black on white, no bands
    assert preprocess.photocopy(grey_scan, DPI) is None  # shades of grey
    assert preprocess.photocopy(scan.bilevel(grey_scan), DPI) is None  # bilevel, its dust alone
    # a bilevel page keeps its mode when cleaned
    copied = scan.bilevel(scan.photocopy(page, "bilevel-copy"))
    found = preprocess.photocopy(copied, DPI)
    assert found is not None and preprocess.clean_photocopy(copied, found).mode == "1"


@pytest.mark.ocr
def test_a_photocopied_boxed_party_is_read_without_its_edges_and_specks(monkeypatch):
    data = png_bytes(scan.photocopy(_boxed_party(), "boxed-party-ocr", angle=0.4), DPI)
    lines = read(data).text.splitlines()
    # nothing read from the dark bands or specks: the page's own lines only, in order
    assert lines[0] == "QUADRO RESUMO", lines
    assert CNPJ in lines[2] and lines[3] == "Endereço: Rua das Flores, 120", lines
    assert "AMARELO LTDA" in lines[1]
    # the same page read as it came: the bands and specks are read as words and marks
    monkeypatch.setattr(preprocess, "photocopy", lambda grey, dpi: None)
    raw = read(data).text.splitlines()
    assert raw[0] != "QUADRO RESUMO" or raw[2:4] != lines[2:4], raw
