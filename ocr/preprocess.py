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
    # (ink's grey from its own darkest share: on a page of a line or two, under 1 % of the pixels
    # are ink, and the 1st percentile would measure the paper's grain)
    contrast = int(np.searchsorted(cum, 0.99) - np.searchsorted(cum, ink_cut(share)))
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


def ink_cut(ink: float) -> float:
    """The share of darkest pixels that measures the ink's grey: 1 %, or half the ink's share on a
    page with little ink (stretching grey levels from the paper's grain makes the grain black)."""
    return min(0.01, ink / 2) if ink > 0 else 0.01


def stretch_contrast(grey: Image.Image, ink: float = 0.02) -> Image.Image:
    if grey.mode == "1":  # already black on white
        return grey
    return ImageOps.autocontrast(grey, cutoff=(min(0.5, 100 * ink_cut(ink) / 2), 0.5))


# ---------------------------------------------------------------------------- photocopies

# A photocopy's marks, at 200 dpi (scaled by the page's resolution): the sheet's edges are dark
# bands, and toner specks are blobs of at most SPECK_AREA pixels with no other ink within SPECK_RING
# pixels around them (a full stop or an i's dot has its letters that near). A page is cleaned only
# where it shows the bands: specks alone do not tell a photocopy from a bilevel scan's dust (isolated
# specks cover 370-415 pixels per million of the project's photocopies, samples/gen/scan.photocopy,
# and up to 255 of its bilevel scans; measured 2026-12-07 at 20087bd), and a scan is read as it always was.
SPECK_AREA = 16
SPECK_WINDOW = 5
SPECK_RING = 11
# grey pixels (between ink and paper) per ink pixel inside the page's edges, below which it is black
# and white: measured at 300 dpi, 0.39-0.62 on the photocopies, 0.46-0.60 on the bilevel scans,
# 0.69-1.9 on the grey scans and 1.6-8.4 on the photos
NEAR_BINARY = 0.66
BAND_COVER = 0.6  # share of an edge a dark band runs along
BAND_MIN_PX = 3  # (at 200 dpi) a band's median depth at least


@dataclass(frozen=True)
class Copy:
    """A photocopied page's marks: which pixels are isolated specks, which belong to the dark
    bands along its edges, and its paper's grey."""
    specks: np.ndarray
    bands: np.ndarray
    paper: int


def _box_sums(ink: np.ndarray, size: int) -> np.ndarray:
    """Ink pixels in the size×size window around each pixel (an integral image, by slices)."""
    r = size // 2
    padded = np.pad(ink, r + 1).astype(np.int32)
    c = padded.cumsum(axis=0, dtype=np.int32).cumsum(axis=1, dtype=np.int32)
    h, w = ink.shape
    hi_y, lo_y, hi_x, lo_x = slice(size, size + h), slice(0, h), slice(size, size + w), slice(0, w)
    return c[hi_y, hi_x] - c[lo_y, hi_x] - c[hi_y, lo_x] + c[lo_y, lo_x]


def _odd(v: float) -> int:
    return max(3, int(round(v)) // 2 * 2 + 1)


def _edge_bands(ink: np.ndarray, scale: float) -> np.ndarray:
    """The dark bands along the page's edges: from each edge, every line's run of ink from the
    border inwards, where such runs go along most of that edge and are deep enough (a text's
    stroke never starts at the sheet's very edge all along it)."""
    bands = np.zeros_like(ink)
    for view, out in ((ink, bands), (ink[::-1], bands[::-1]), (ink.T, bands.T), (ink.T[::-1], bands.T[::-1])):
        depth = np.argmin(view, axis=0)  # first paper pixel from the edge, per line
        depth[view.all(axis=0)] = 0  # (a line of ink from edge to edge is no band: a rule)
        if (depth > 0).mean() < BAND_COVER or np.median(depth) < BAND_MIN_PX * scale:
            continue
        # whitened a little past the band's edge, where its fringe is
        reach = np.where(depth > 0, depth + max(1, round(2 * scale)), 0)
        out |= np.arange(view.shape[0])[:, None] < reach[None, :]
    return bands


def photocopy(grey: Image.Image, dpi: float) -> Copy | None:
    """The marks of a photocopy on a near black-and-white page with dark bands along its edges;
    None for any other page (a scan in shades of grey, a bilevel scan, a photo), left as it is."""
    grey = grey.convert("L")
    # black and white inside the edges (a photo's page, shaded, lies on a dark table)
    w, h = grey.size
    hist = np.array(grey.crop((w // 6, h // 6, w - w // 6, h - h // 6)).histogram(), dtype=np.int64)
    dark = hist[:64].sum()
    if dark == 0 or hist[64:192].sum() > NEAR_BINARY * (dark + hist[64:128].sum()):
        return None
    hist = np.array(grey.histogram(), dtype=np.int64)
    a = np.asarray(grey)
    soft = a < 200  # (a speck's grey fringe with it)
    # weighed at about 150 dpi, a pixel inked where any of the page's it stands for is: a speck
    # stays one, and the work is a quarter of a 300 dpi page's
    f = max(1, round(dpi / 150))
    h, w = (soft.shape[0] // f) * f, (soft.shape[1] // f) * f
    low = np.asarray(soft[:h, :w].reshape(h // f, f, w // f, f).any(axis=(1, 3)) if f > 1 else soft, dtype=bool)
    scale = max(dpi / f, 50.0) / 200.0
    bands = _edge_bands(low, scale)
    if not bands.any():
        return None
    small = _box_sums(low, _odd(SPECK_WINDOW * scale))
    ring = _box_sums(low, _odd(SPECK_RING * scale))
    specks = low & (small <= max(1.0, SPECK_AREA * scale * scale)) & (ring == small)
    if f > 1:
        specks, bands = (np.pad(np.kron(m, np.ones((f, f), dtype=bool)),
                                ((0, soft.shape[0] - h), (0, soft.shape[1] - w))) for m in (specks, bands))
        specks &= soft  # (the page's own pixels of a speck, not the whole cell)
    paper = int(np.searchsorted(np.cumsum(hist), 0.5 * a.size))  # the median grey: paper's
    return Copy(specks, bands, max(paper, 192))


def clean_photocopy(grey: Image.Image, copy: Copy) -> Image.Image:
    """The page without its specks and dark edge bands, painted paper; its size kept (boxes
    stay fractions of the same page) and its mode (a bilevel page stays 1-bit)."""
    gone = copy.specks | copy.bands
    if grey.mode == "1":
        b = np.asarray(grey).copy()
        b[gone] = True
        return Image.fromarray(b)
    a = np.asarray(grey.convert("L")).copy()
    a[gone] = copy.paper
    return Image.fromarray(a, "L")
