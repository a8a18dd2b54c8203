"""Phone photos of a page: the sheet found on its darker surface, warped flat, its light evened.

A photo shows the page in perspective (a keystone of a few percent), turned a little, lit
unevenly and surrounded by the table it lies on. Tesseract reads such a picture poorly: its
lines are not parallel, the surface and the vignetting darken the paper towards the corners,
and the page fills only part of the frame. Here the sheet is found as the large bright region
(its four corners as the extreme points of that region), warped to a rectangle and divided by
its own blurred paper, so the page is read as a scan would be. Word boxes found on the flat page
are mapped back onto the photo (`to_photo`), so evidence is drawn where the photo shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np
from PIL import Image, ImageFilter

SMALL = 480  # long side of the copy the sheet is looked for on
# a photo's surround: its border band clearly darker than the paper, the sheet most of the frame
DARK_BORDER = 0.72
MIN_SHEET = 0.35
MAX_SHEET = 0.97
# the sheet is what is brighter than this share of the way from the surface to the paper: low,
# as vignetting darkens the paper's corners towards the surface
SHEET_LEVEL = 0.3
FLAT_LONG_SIDE = 3300  # an A4 page at ~280 dpi
MAX_GROW = 2.5


@dataclass(frozen=True)
class Flat:
    image: Image.Image  # the sheet, warped flat and evened (8-bit grey)
    coeffs: tuple[float, ...]  # PIL PERSPECTIVE coefficients: flat pixel -> photo pixel
    photo_size: tuple[int, int]

    def to_photo(self, bbox: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """A box in fractions of the flat page, as fractions of the photo."""
        w, h = self.image.size
        pw, ph = self.photo_size
        a, b, c, d, e, f, g, k = self.coeffs
        xs, ys = [], []
        for x, y in ((bbox[0] * w, bbox[1] * h), (bbox[2] * w, bbox[1] * h),
                     (bbox[0] * w, bbox[3] * h), (bbox[2] * w, bbox[3] * h)):
            den = g * x + k * y + 1.0
            xs.append((a * x + b * y + c) / den / pw)
            ys.append((d * x + e * y + f) / den / ph)
        clip = lambda v: min(1.0, max(0.0, v))  # noqa: E731
        return clip(min(xs)), clip(min(ys)), clip(max(xs)), clip(max(ys))


def _small(grey: Image.Image) -> tuple[np.ndarray, float]:
    scale = SMALL / max(grey.size)
    small = grey.resize((max(1, round(grey.width * scale)), max(1, round(grey.height * scale))),
                        Image.Resampling.BOX)
    return np.asarray(small, dtype=np.float32), scale


def _corners(mask: np.ndarray) -> np.ndarray | None:
    """The sheet's corners (tl, tr, br, bl) as the extreme points of its region."""
    ys, xs = np.nonzero(mask)
    if xs.size == 0:
        return None
    s, d = xs + ys, xs - ys
    pick = [np.argmin(s), np.argmax(d), np.argmax(s), np.argmin(d)]
    return np.array([(xs[i], ys[i]) for i in pick], dtype=np.float64)


def _coeffs(src: np.ndarray, dst: np.ndarray) -> tuple[float, ...]:
    """PERSPECTIVE coefficients taking each dst point (flat page) to its src point (photo)."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    return tuple(float(c) for c in np.linalg.solve(np.array(rows), np.array(rhs)))


def _even(grey: Image.Image) -> Image.Image:
    """The page divided by its paper (the text taken out by a max filter, then blurred): light
    falling off towards a corner no longer reads as ink."""
    scale = 8
    small = grey.resize((max(1, grey.width // scale), max(1, grey.height // scale)), Image.Resampling.BOX)
    paper = small.filter(ImageFilter.MaxFilter(5)).filter(ImageFilter.GaussianBlur(4))
    paper = paper.resize(grey.size, Image.Resampling.BILINEAR)
    g = np.asarray(grey, dtype=np.float32)
    p = np.maximum(np.asarray(paper, dtype=np.float32), 1.0)
    return Image.fromarray(np.clip(g / p * 245.0, 0, 255).astype(np.uint8), "L")


def flatten(grey: Image.Image) -> Flat | None:
    """The sheet of a photo, flat; None when the image is no photo of a sheet on a surface (a
    scan, a screenshot: paper to the edges)."""
    a, scale = _small(grey)
    h, w = a.shape
    band = max(2, round(0.03 * min(h, w)))
    border = np.concatenate([a[:band].ravel(), a[-band:].ravel(), a[:, :band].ravel(), a[:, -band:].ravel()])
    centre = a[h // 4: 3 * h // 4, w // 4: 3 * w // 4]
    paper = float(np.percentile(centre, 90))
    if paper <= 0 or float(np.median(border)) > DARK_BORDER * paper:
        return None
    # the sheet: brighter than midway between the surface and the paper, text holes filled
    mask = a > float(np.median(border)) + SHEET_LEVEL * (paper - float(np.median(border)))
    mask_img = Image.fromarray(mask.astype(np.uint8) * 255).filter(ImageFilter.MaxFilter(5)) \
        .filter(ImageFilter.MinFilter(5))
    mask = np.asarray(mask_img) > 0
    share = mask.mean()
    if not MIN_SHEET <= share <= MAX_SHEET:
        return None
    corners = _corners(mask)
    if corners is None:
        return None
    corners = corners / scale
    top, right = np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[2] - corners[1])
    bottom, left = np.linalg.norm(corners[2] - corners[3]), np.linalg.norm(corners[3] - corners[0])
    fw, fh = cast(float, max(top, bottom)), cast(float, max(left, right))  # numpy's float64 is a float
    if fw < 200 or fh < 200:
        return None
    # a phone's page is ~140 dpi: small print (a CRLV-e's labels) is read far better enlarged
    # to a scan's resolution in the one resampling the warp makes anyway
    grow = min(MAX_GROW, max(1.0, FLAT_LONG_SIDE / max(fw, fh)))
    fw, fh = round(fw * grow), round(fh * grow)
    dst = np.array([(0, 0), (fw, 0), (fw, fh), (0, fh)], dtype=np.float64)
    try:
        co = _coeffs(corners, dst)
    except np.linalg.LinAlgError:
        return None
    flat = grey.convert("L").transform((fw, fh), Image.Transform.PERSPECTIVE, co, Image.Resampling.BICUBIC,
                                       fillcolor=255)
    return Flat(_even(flat), co, grey.size)
