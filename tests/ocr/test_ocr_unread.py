"""Ink no word covers, read by itself (ocr/unread.py): a line the page pass dropped comes back,
what was read stays as it was, and specks and code modules add nothing."""

from __future__ import annotations

import pytest
from PIL import ImageDraw

from ocr import Limits, tesseract
from ocr.unread import painted_out, unread_lines, with_unread
from tests.ocr.ocr_makers import text_image

pytestmark = pytest.mark.ocr

LIMITS = Limits()


def _page_read(im):
    return tesseract.read_lines(im, dpi=200, lang="por", timeout=60)


def test_a_line_the_page_pass_dropped_is_read_in_the_ink_it_left():
    im = text_image()
    lines = _page_read(im)
    dropped = next(i for i, ln in enumerate(lines) if "ABC1D23" in ln.text)
    kept = [ln for i, ln in enumerate(lines) if i != dropped]  # as if the page pass had skipped it
    back = unread_lines(im, kept, 200, LIMITS)
    text = " ".join(ln.text for ln in back)
    assert "ABC1D23" in text and "placa" in text, text
    # only what was missing: no word read twice, every new word clear of the old ones
    old = [w.bbox for ln in kept for w in ln.words]
    for ln in back:
        for w in ln.words:
            assert not any(w.bbox[0] < o[2] and o[0] < w.bbox[2] and w.bbox[1] < o[3] and o[1] < w.bbox[3] for o in old)
    merged = with_unread(im, kept, 200, LIMITS)
    assert [ln.text for ln in merged].count(lines[dropped].text) <= 1
    assert sum(len(ln.words) for ln in merged) == sum(len(ln.words) for ln in kept) + sum(len(ln.words) for ln in back)


def test_a_page_read_whole_needs_no_second_run_and_specks_add_nothing():
    im = text_image()
    lines = _page_read(im)
    assert painted_out(im, lines).getextrema()[0] > 150  # every word painted out: no ink left
    assert unread_lines(im, lines, 200, LIMITS) == []
    # a few dots and a little square pattern (a code's modules) are no words
    d = ImageDraw.Draw(im)
    for k in range(6):
        d.rectangle((900 + 9 * k, 700, 905 + 9 * k, 705), fill=0)
        d.ellipse((200 + 40 * k, 760, 203 + 40 * k, 763), fill=0)
    assert unread_lines(im, lines, 200, LIMITS) == []
