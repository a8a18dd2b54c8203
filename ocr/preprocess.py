"""Cheap page clean-up before OCR: grey, orientation hints, deskew, upscale, contrast.

Everything is measured on a copy reduced to about 100-150 dpi, with numpy, in tens of
milliseconds: Tesseract's own run (seconds per page) is the budget this must stay well
inside. Only pages that need it are changed: an upright, straight, well-contrasted page
goes to Tesseract as it came.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageOps

# Skew is searched within ±MAX_SKEW degrees; below MIN_SKEW the page is left alone
# (Tesseract copes, and every rotation costs time and a little sharpness).
MAX_SKEW = 5.0
MIN_SKEW = 0.3
ANALYSIS_DPI = 100
MAX_ANALYSIS_PIXELS = 1_500_000


def to_grey(image: Image.Image) -> Image.Image:
    """8-bit grey, or 1-bit when the scan is bilevel: Tesseract reads a 1-bit page ~15%
    faster, skipping its own thresholding. Transparent parts become white paper."""
    if image.mode in ("L", "1"):
        return image
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(paper, rgba).convert("L")
    if image.mode.startswith("I") or image.mode == "F":  # 16/32-bit scans: scale to 8 bits
        a = np.asarray(image, dtype=np.float64)
        lo, hi = float(a.min()), float(a.max())
        return Image.fromarray(((a - lo) * (255.0 / max(hi - lo, 1.0))).astype(np.uint8), "L")
    return image.convert("L")


@dataclass(frozen=True)
class Analysis:
    """What the reduced page tells: how to prepare it and whether it may be turned."""

    scale: int  # reduction factor of the analysed copy
    threshold: int  # Otsu ink/paper threshold
    ink: float  # share of ink pixels
    sideways: bool  # text lines look vertical: ask OSD before OCR
    skew: float  # degrees, counter-clockwise positive (PIL's convention)
    line_px: float  # median text line height, full-resolution pixels (0 when unknown)
    contrast: int  # spread between paper and ink grey levels


def _otsu(hist: np.ndarray) -> int:
    total = hist.sum()
    if total == 0:
        return 128
    levels = np.arange(256)
    w0 = np.cumsum(hist)
    m0 = np.cumsum(hist * levels)
    w1 = total - w0
    mean_all = m0[-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (mean_all * w0 / total - m0) ** 2 / (w0 * w1)
    between = np.nan_to_num(between[:-1])
    return int(np.argmax(between))


def analyse(grey: Image.Image, dpi: float) -> Analysis:
    # About 100 dpi, and never more than ~1.5 MP whatever the resolution claims.
    scale = max(1, round(dpi / ANALYSIS_DPI), math.ceil(math.sqrt(grey.width * grey.height / MAX_ANALYSIS_PIXELS)))
    small = grey.convert("L") if grey.mode == "1" else grey
    small = small.reduce(scale) if scale > 1 else small
    a = np.asarray(small)
    hist = np.array(small.histogram(), dtype=np.int64)  # PIL's counts: np.bincount's, in a tenth of the time
    thr = _otsu(hist)
    share = float(hist[:thr].sum() / max(a.size, 1))  # of pixels darker than the threshold
    cum = np.cumsum(hist) / max(a.size, 1)
    contrast = int(np.searchsorted(cum, 0.99) - np.searchsorted(cum, 0.01))
    if share < 0.002 or share > 0.5:  # blank, or not a page of text: leave as is
        return Analysis(scale, thr, share, False, 0.0, 0.0, contrast)
    ink = a < thr
    ys, xs = np.nonzero(ink)
    sideways = _looks_sideways(ink)
    skew = 0.0 if sideways else _skew(ys, xs, ink.shape)
    profile = _profile(ys, xs, skew, ink.shape[0]) if not sideways else None
    line_px = _line_height(profile) * scale if profile is not None else 0.0
    return Analysis(scale, thr, share, sideways, skew, line_px, contrast)


def _variation(profile: np.ndarray) -> float:
    """Coefficient of variation of a projection profile between its first and last ink."""
    nz = np.nonzero(profile)[0]
    if nz.size < 3:
        return 0.0
    p = profile[nz[0]:nz[-1] + 1].astype(np.float64)
    return float(p.std() / p.mean())


def _looks_sideways(ink: np.ndarray, strips: int = 6) -> bool:
    """Lines of text make the row profile swing (lines, then empty gaps) far more than the
    column profile; on a page turned a quarter it is the other way round. Measured per
    strip, so a few degrees of skew do not blur the lines: upright pages gave a column/row
    ratio of 0.24-0.5, turned ones 2.0-4.5."""
    h, w = ink.shape
    row_strips = [ink[:, i * w // strips:(i + 1) * w // strips] for i in range(strips)]
    col_strips = [ink[i * h // strips:(i + 1) * h // strips, :] for i in range(strips)]
    row_weights = [s.sum() for s in row_strips]
    col_weights = [s.sum() for s in col_strips]
    if not sum(row_weights) or not sum(col_weights):
        return False
    rows = np.average([_variation(s.sum(axis=1)) for s in row_strips], weights=row_weights)
    cols = np.average([_variation(s.sum(axis=0)) for s in col_strips], weights=col_weights)
    return bool(cols > 1.3 * rows)


def _profile(ys: np.ndarray, xs: np.ndarray, angle: float, height: int) -> np.ndarray:
    """Ink per row after undoing a skew of `angle` degrees (a shear: exact enough here)."""
    t = np.tan(np.radians(angle))
    shifted = np.round(ys + xs * t).astype(np.int64)
    offset = int(max(0, -shifted.min())) if shifted.size else 0
    return np.bincount(shifted + offset)


def _score(ys, xs, angle, height) -> float:
    p = _profile(ys, xs, angle, height).astype(np.float64)
    return float(np.dot(p, p))  # sharp lines and gaps: large sum of squares


def _skew(ys: np.ndarray, xs: np.ndarray, shape) -> float:
    """Projection-profile skew: the angle whose row profile is sharpest, coarse then fine."""
    if ys.size > 120_000:  # a sample keeps the cost flat on dense pages
        pick = np.random.default_rng(0).choice(ys.size, 120_000, replace=False)
        ys, xs = ys[pick], xs[pick]
    coarse = np.arange(-MAX_SKEW, MAX_SKEW + 1e-9, 0.5)
    best = max(coarse, key=lambda a: _score(ys, xs, a, shape[0]))
    fine = np.arange(best - 0.25, best + 0.25 + 1e-9, 0.05)  # the optimum is within half a step
    best = max(fine, key=lambda a: _score(ys, xs, a, shape[0]))
    # y + x·tan(a) levels lines that rise to the right: the page is turned a degrees
    # counter-clockwise (PIL's positive sense).
    return float(round(best, 2)) + 0.0


def _runs(active: np.ndarray) -> list[tuple[int, int]]:
    edges = np.diff(np.concatenate(([0], active.astype(np.int8), [0])))
    starts, ends = np.nonzero(edges == 1)[0], np.nonzero(edges == -1)[0]
    return list(zip(starts.tolist(), ends.tolist()))


def _line_runs(profile: np.ndarray) -> list[tuple[int, int]]:
    if profile.size == 0 or profile.max() == 0:
        return []
    active = profile > 0.04 * np.percentile(profile[profile > 0], 90)
    return [(s, e) for s, e in _runs(active) if e - s >= 2]


def _line_height(profile: np.ndarray) -> float:
    runs = _line_runs(profile)
    return float(np.median([e - s for s, e in runs])) if runs else 0.0


def deskew(grey: Image.Image, skew: float) -> Image.Image:
    """Turn back a page skewed `skew` degrees counter-clockwise, keeping its size (so boxes
    stay fractions of the same page) and filling with paper. Nearest neighbour costs a
    tenth of bicubic here and reads as well at OCR resolutions."""
    paper = 1 if grey.mode == "1" else 255
    return grey.rotate(-skew, resample=Image.Resampling.NEAREST, fillcolor=paper, expand=False)


def upscale(grey: Image.Image, factor: float) -> Image.Image:
    w, h = grey.size
    grey = grey.convert("L")  # smooth edges even from a bilevel scan
    return grey.resize((round(w * factor), round(h * factor)), Image.Resampling.BICUBIC)


def stretch_contrast(grey: Image.Image) -> Image.Image:
    if grey.mode == "1":  # already black on white
        return grey
    return ImageOps.autocontrast(grey, cutoff=(0.5, 0.5))
