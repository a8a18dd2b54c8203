"""Tesseract: words with boxes and confidences, and OSD orientation.

Words come from the library kept loaded in this process (ocr/engine.py) when it can be
loaded, else from the command through pytesseract. For the command, pages go to Tesseract as
uncompressed BMP files (8-bit grey, or 1-bit for bilevel scans): writing one costs ~10 ms where a PNG costs ~400 ms at 300 dpi, and Leptonica reads BMP
faster than PNM or PNG (measured, same page: 2.31 s BMP, 2.46 s PNG, 2.50 s PGM of CPU).
The resolution goes along when known, so the layout analysis needs no guess.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytesseract
from PIL import Image

from ocr import engine
from ocr.layout import order_lines
from ocr.model import Line, Word


class TesseractTimeout(Exception):
    """Tesseract ran past its time limit and was stopped."""


class TesseractFailed(Exception):
    """Tesseract is missing or crashed."""


def _limit_threads(threads: int) -> None:
    # OpenMP inside Tesseract: on this 2-core machine 1 thread was 8x faster than the
    # default (spinning threads). An operator's own OMP_THREAD_LIMIT is respected.
    os.environ.setdefault("OMP_THREAD_LIMIT", str(threads))


def _run(fn, image: Image.Image, timeout: float, **kwargs):
    with tempfile.TemporaryDirectory(prefix="fretadoc-ocr-") as tmp:
        path = Path(tmp) / "page.bmp"
        image.save(path)
        try:
            return fn(str(path), timeout=timeout, **kwargs)
        except RuntimeError as exc:  # pytesseract's way of saying it killed the process
            if "timeout" in str(exc).lower():
                raise TesseractTimeout(str(exc)) from None
            raise TesseractFailed(str(exc)) from None
        except (pytesseract.TesseractNotFoundError, pytesseract.TesseractError, OSError) as exc:
            raise TesseractFailed(str(exc)) from None


def read_lines(grey: Image.Image, *, dpi: int | None, lang: str, timeout: float,
               threads: int = 1, library: bool = True) -> list[Line]:
    """OCR a page image into lines of words (boxes as fractions of the image), in
    reading order. `dpi` None: the image's own stated resolution, else 96 (see
    engine._stated_ppi).
    Raises TesseractTimeout or TesseractFailed."""
    w, h = grey.size
    groups: dict[tuple[int, int, int, int], list[Word]] = {}
    for key, (left, top, right, bottom), text, conf in words_px(grey, dpi=dpi, lang=lang, timeout=timeout,
                                                                threads=threads, psm=3,
                                                                library=library):
        bbox = tuple(min(1.0, max(0.0, v)) for v in (left / w, top / h, right / w, bottom / h))
        groups.setdefault(key, []).append(Word(text=text, bbox=bbox, conf=conf))
    return order_lines([Line(words=tuple(words)) for words in groups.values()])


def words_px(grey: Image.Image, *, dpi: int | None, lang: str, timeout: float, threads: int = 1,
             psm: int = 3, library: bool = True
             ) -> list[tuple[tuple[int, int, int, int], tuple[int, int, int, int], str, float]]:
    """Tesseract's words: (line key, box in pixels (x0, y0, x1, y1), text, confidence 0..1).
    `library` False (or no loadable library) runs the command instead of the kept engine."""
    _limit_threads(threads)
    if library and engine.available():
        try:
            return _tsv_words(engine.tsv(grey, dpi=dpi, lang=lang, psm=psm, timeout=timeout))
        except engine.EngineTimeout as exc:
            raise TesseractTimeout(str(exc)) from None
        except engine.EngineError as exc:
            raise TesseractFailed(str(exc)) from None
    config = f"--psm {psm}" + (f" --dpi {int(dpi)}" if dpi else "")
    data = _run(pytesseract.image_to_data, grey, timeout, lang=lang, config=config,
                output_type=pytesseract.Output.DICT)
    out = []
    for i, text in enumerate(data["text"]):
        text = (text or "").strip()
        conf = float(data["conf"][i])
        if not text or conf < 0:
            continue
        left, top = data["left"][i], data["top"][i]
        key = (data["page_num"][i], data["block_num"][i], data["par_num"][i], data["line_num"][i])
        out.append((key, (left, top, left + data["width"][i], top + data["height"][i]), text, min(1.0, conf / 100)))
    return out


def _tsv_words(tsv: str) -> list[tuple[tuple[int, int, int, int], tuple[int, int, int, int], str, float]]:
    """words_px() from the library's TSV, as from pytesseract's Output.DICT of the command: a
    row without text (a page, block, paragraph or line) is no word, numbers are whole numbers
    (pytesseract truncates the confidence to whole percents; the thresholds downstream were set
    on those, so both paths give the same words and confidences)."""
    out = []
    for row in tsv.splitlines():
        cells = row.split("\t", 11)  # level page block par line word left top width height conf text
        if len(cells) < 12:
            continue
        text = cells[11].strip()
        conf = int(float(cells[10])) if text else -1
        if conf < 0:
            continue
        left, top = int(float(cells[6])), int(float(cells[7]))
        key = (int(float(cells[1])), int(float(cells[2])), int(float(cells[3])), int(float(cells[4])))
        out.append((key, (left, top, left + int(float(cells[8])), top + int(float(cells[9]))), text,
                    min(1.0, conf / 100)))
    return out


def orientation(grey: Image.Image, *, dpi: int, timeout: float, threads: int = 1,
                library: bool = True) -> tuple[int, float] | None:
    """OSD's answer: (degrees to turn the page clockwise to read it upright, confidence),
    or None when it cannot tell (too little text)."""
    _limit_threads(threads)
    if library and engine.available():
        try:
            return engine.orientation(grey, dpi=dpi)
        except engine.EngineError:  # no osd data for the library: the command may still have it
            pass
    try:
        osd = _run(pytesseract.image_to_osd, grey, timeout, config=f"--psm 0 --dpi {int(dpi)}",
                   output_type=pytesseract.Output.DICT)
    except TesseractFailed:  # "Too few characters": no answer, not a failure of the page
        return None
    return int(osd["rotate"]) % 360, float(osd["orientation_conf"])
