"""The Tesseract kept loaded (ocr/engine.py) reads exactly what the command reads."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PIL import Image

from ocr import Limits, engine, read, tesseract
from tests.ocr.ocr_makers import text_image

pytestmark = pytest.mark.ocr

SCANNED = Path(__file__).resolve().parents[2] / "samples/documents/scanned"


def _both(image: Image.Image, dpi: int | None, psm: int = 3):
    kw = dict(dpi=dpi, lang="por", timeout=60, psm=psm)
    return (tesseract.words_px(image, library=True, **kw), tesseract.words_px(image, library=False, **kw))


def test_the_library_is_loaded_here():
    assert engine.available(), "libtesseract should load wherever the tesseract command is installed"
    assert engine.version().startswith(("4.", "5."))


@pytest.mark.parametrize("mode", ["L", "1"])
def test_library_and_command_give_the_same_words_for_the_same_pixels(mode):
    # a real scanned sample page (200 dpi, noise and blur), grey and bilevel
    page = Image.open(SCANNED / "lista-escola-um.jpg").convert("L")
    if mode == "1":
        page = page.point(lambda v: 255 if v > 150 else 0).convert("1")
    lib, cmd = _both(page, 200)
    assert len(lib) > 100
    assert lib == cmd


def test_same_words_in_a_single_block_and_without_a_known_resolution():
    im = text_image(dpi=150)
    assert _both(im, None, psm=6)[0] == _both(im, None, psm=6)[1]


def test_engines_are_kept_and_lent_one_caller_at_a_time():
    im = text_image(dpi=150)
    results, errors = [], []

    def work():
        try:
            results.append(tesseract.words_px(im, dpi=150, lang="por", timeout=60))
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(results) == 3 and results[0] == results[1] == results[2]
    idle = engine._POOL.idle["por"]
    assert 1 <= len(idle) <= 4  # one per caller that ran at once (and one from earlier tests), not per call
    before = len(idle)
    tesseract.words_px(im, dpi=150, lang="por", timeout=60)
    assert len(engine._POOL.idle["por"]) == before  # a later call takes an idle engine


def test_deadline_and_unknown_language_are_tesseract_errors():
    im = Image.open(SCANNED / "lista-escola-um.jpg").convert("L")
    with pytest.raises(tesseract.TesseractTimeout):
        tesseract.words_px(im, dpi=200, lang="por", timeout=0.05)
    with pytest.raises(tesseract.TesseractFailed):
        tesseract.words_px(im, dpi=200, lang="xx_nonexistent", timeout=10)
    # the engine that timed out reads the next page normally
    assert tesseract.words_px(text_image(dpi=150), dpi=150, lang="por", timeout=60)


@pytest.mark.parametrize("name", ["lista-escola-um.jpg", "lista-escola-14.webp"])  # 200 dpi; no dpi stated
def test_reading_a_file_is_the_same_with_the_command(name, monkeypatch):
    # garbled words are read alone only with the library (tests/ocr/test_ocr_reread.py): leave
    # that step out, everything before it must match
    from ocr import scan
    from ocr.reread import reread

    monkeypatch.setattr(scan, "second_look", reread)  # the weak lines' strip, no word alone
    data = (SCANNED / name).read_bytes()
    fast = read(data, limits=Limits(read_codes=False))
    slow = read(data, limits=Limits(read_codes=False, tesseract_library=False))
    assert fast.text == slow.text
    assert fast.pages[0].lines == slow.pages[0].lines


@pytest.mark.parametrize("turned", [0, 90, 180, 270])
def test_library_and_command_tell_the_same_orientation(turned):
    im = text_image(dpi=150).rotate(turned, expand=True)
    lib = tesseract.orientation(im, dpi=150, timeout=60, library=True)
    cmd = tesseract.orientation(im, dpi=150, timeout=60, library=False)
    assert lib is not None and cmd is not None
    assert lib[0] == cmd[0] == turned  # PIL turned it counter-clockwise: it turns back clockwise
    assert lib[1] == pytest.approx(cmd[1], rel=0.01)
