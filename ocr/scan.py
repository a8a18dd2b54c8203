"""One page image read by OCR: prepare it, find its orientation when in doubt, run
Tesseract and decode codes side by side, and judge the result.

Orientation costs an OSD run (~0.3 s at 150 dpi) and is paid only when needed: before OCR
when the page looks sideways (a cheap profile check in preprocess), or after a first pass whose
confidence is so low the page may be upside down. Upright pages never pay for it. (A cheap
upside-down check from ascenders against descenders was tried and dropped: on the sample
forms, full of capitals and boxes, it flagged upright pages as often as turned ones.)
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

from ocr import preprocess, tesseract
from ocr.codes import read_codes
from ocr.limits import Limits
from ocr.model import Line, Page, Problem
from ocr.problems import problem
from ocr.reread import second_look

log = logging.getLogger(__name__)

OSD_MIN_CONF = 2.0  # Tesseract's orientation confidence below which its answer is ignored
OSD_DPI = 150  # OSD reads as well at 150 dpi and costs ~40% less than at 300
LOW_CONTRAST = 96  # grey levels between paper and ink below which the page is stretched
UPSCALE_TARGET_PX = 20  # line height the upscale aims for
MAX_UPSCALE = 3.0

_TRANSPOSE = {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180,
              270: Image.Transpose.ROTATE_90}  # clockwise turn -> PIL's counter-clockwise


def turn(image: Image.Image, rotation: int) -> Image.Image:
    """The image turned `rotation` degrees clockwise."""
    return image.transpose(_TRANSPOSE[rotation]) if rotation in _TRANSPOSE else image


def _osd(grey: Image.Image, dpi: float, limits: Limits) -> int:
    factor = max(1, round(dpi / OSD_DPI))
    small = grey.reduce(factor) if factor > 1 else grey
    try:
        answer = tesseract.orientation(small, dpi=round(dpi / factor), timeout=limits.tesseract_timeout,
                                       threads=limits.tesseract_threads, library=limits.tesseract_library)
    except tesseract.TesseractTimeout:
        return 0
    if answer is None or answer[1] < OSD_MIN_CONF:
        return 0
    return answer[0]


def _mean_conf(lines: list[Line]) -> float:
    words = [w for line in lines for w in line.words]
    return sum(w.conf for w in words) / len(words) if words else 0.0


def read_page(grey: Image.Image, number: int, dpi: float | None, limits: Limits, *,
              width: float | None = None, height: float | None = None,
              dpi_known: bool = True) -> Page:
    """OCR one page image (8-bit grey or 1-bit) into a Page.

    `dpi` is the image's resolution (a guess when `dpi_known` is False: then Tesseract is
    given the image's stated resolution, or 96). `width`/`height` are the page's size in its
    source units (PDF points) as given; by default the image's pixels. The Page reports them
    for the upright page (swapped when it was turned a quarter).
    """
    width = width or grey.width
    height = height or grey.height
    dpi = dpi or preprocess.ANALYSIS_DPI
    problems: list[Problem] = []
    copy = preprocess.photocopy(grey, dpi)
    if copy is not None:
        # a photocopy's dark edges and toner specks are read as letters and rules: painted paper
        grey = preprocess.clean_photocopy(grey, copy)
    look = preprocess.analyse(grey, dpi)

    rotation = 0
    asked_osd = look.sideways
    if asked_osd:
        rotation = _osd(grey, dpi, limits)
        if rotation:
            grey = turn(grey, rotation)
            look = preprocess.analyse(grey, dpi)
    skew = 0.0
    if preprocess.MIN_SKEW < abs(look.skew) <= preprocess.MAX_SKEW:
        grey = preprocess.deskew(grey, look.skew)
        skew = look.skew
    ocr_dpi = dpi
    if 0 < look.line_px < limits.min_line_px:
        factor = min(MAX_UPSCALE, UPSCALE_TARGET_PX / look.line_px,
                     (limits.max_image_pixels / (grey.width * grey.height)) ** 0.5)
        if factor > 1.05:
            grey = preprocess.upscale(grey, factor)
            ocr_dpi = dpi * factor
    if look.contrast < LOW_CONTRAST:
        grey = preprocess.stretch_contrast(grey, look.ink)

    tess_dpi = round(ocr_dpi) if dpi_known else None
    lines: list[Line] = []
    codes: tuple[str, ...] = ()
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            # Tesseract runs outside the GIL (its library, or its own process): decode codes on
            # the other core meanwhile.
            pending = pool.submit(tesseract.read_lines, grey, dpi=tess_dpi, lang=limits.tesseract_lang,
                                  timeout=limits.tesseract_timeout, threads=limits.tesseract_threads,
                                  library=limits.tesseract_library)
            if limits.read_codes:
                codes = read_codes(grey, ocr_dpi)
            lines = pending.result()
        read_image = grey
        if not asked_osd and lines and _mean_conf(lines) < limits.retry_orientation_conf:
            # Illegible enough to be upside down after all: ask OSD, keep the better read.
            turned = _osd(grey, ocr_dpi, limits)
            if turned:
                again = tesseract.read_lines(turn(grey, turned), dpi=tess_dpi, lang=limits.tesseract_lang,
                                             timeout=limits.tesseract_timeout,
                                             threads=limits.tesseract_threads,
                                             library=limits.tesseract_library)
                if _mean_conf(again) > _mean_conf(lines):
                    lines, rotation, read_image = again, turned, turn(grey, turned)
        if limits.reread_weak_lines and lines:
            lines = second_look(read_image, lines, tess_dpi, limits)
    except tesseract.TesseractTimeout:
        problems.append(problem("ocr.timeout", number, seconds=limits.tesseract_timeout))
    except tesseract.TesseractFailed as exc:
        log.error("tesseract failed on page %d: %s", number, exc)
        problems.append(problem("ocr.failed", number))

    if not problems:
        conf = _mean_conf(lines)
        if not lines:
            problems.append(problem("page.no_text", number))
        elif conf < limits.poor_scan_conf:
            problems.append(problem("page.poor_scan", number, conf=conf))
    if rotation in (90, 270):
        width, height = height, width
    return Page(number=number, source="ocr", width=width, height=height, lines=tuple(lines),
                rotation=rotation, skew=skew, dpi=round(ocr_dpi) if dpi_known else None,
                codes=codes, problems=tuple(problems))
