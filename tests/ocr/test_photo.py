"""ocr/photo.py: a phone photo's sheet found on its surface, warped flat, its boxes mapped back."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from ocr import photo


def _sheet(w: int = 700, h: int = 990) -> Image.Image:
    sheet = Image.new("L", (w, h), 235)
    d = ImageDraw.Draw(sheet)
    for y in range(80, h - 80, 40):
        d.rectangle((60, y, w - 60, y + 12), fill=40)  # lines of "text"
    return sheet


def _photo(sheet: Image.Image, corners: list[tuple[float, float]], size=(1000, 1300)) -> Image.Image:
    """The sheet pasted in perspective on a dark surface, corners tl tr br bl."""
    src = np.array([(0, 0), (sheet.width, 0), (sheet.width, sheet.height), (0, sheet.height)], dtype=float)
    co = photo._coeffs(src, np.array(corners, dtype=float))  # photo pixel -> sheet pixel
    warped = sheet.transform(size, Image.Transform.PERSPECTIVE, co, Image.Resampling.BICUBIC, fillcolor=0)
    mask = Image.new("L", sheet.size, 255).transform(size, Image.Transform.PERSPECTIVE, co, fillcolor=0)
    out = Image.new("L", size, 55)
    out.paste(warped, (0, 0), mask)
    return out


CORNERS = [(130, 110), (880, 150), (860, 1200), (110, 1180)]


def test_a_photo_is_flattened_to_its_sheet():
    flat = photo.flatten(_photo(_sheet(), CORNERS))
    assert flat is not None
    w, h = flat.image.size
    assert 1.3 < h / w < 1.5  # the sheet's own shape, not the frame's
    assert max(w, h) > 2 * 1070  # enlarged towards a scan's resolution (the sheet is ~1070 px tall)
    # the flat page's corners land on the sheet's corners in the photo (within a few pixels)
    x0, y0, x1, y1 = flat.to_photo((0.0, 0.0, 1.0, 1.0))
    pw, ph = flat.photo_size
    assert abs(x0 * pw - 110) < 8 and abs(y0 * ph - 110) < 8
    assert abs(x1 * pw - 880) < 8 and abs(y1 * ph - 1200) < 8
    # evened: the paper is near white everywhere
    a = np.asarray(flat.image)
    assert np.percentile(a, 90) > 230


def test_a_scan_is_left_alone():
    assert photo.flatten(_sheet()) is None  # paper to the edges: no surface around it
    assert photo.flatten(Image.new("L", (800, 1000), 30)) is None  # no sheet at all
