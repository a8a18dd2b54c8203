"""Weak lines read again, enlarged (ocr/reread.py), on a real scanned policy."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from ocr import Limits, read
from ocr.model import Line, Word
from ocr.reread import WEAK, _covers, weak_lines

pytestmark = pytest.mark.ocr

# A policy whose vehicle row (8.5 pt between grid lines, 200 dpi) Tesseract reads poorly.
POLICY = Path(__file__).resolve().parents[2] / "samples/documents/scanned/apolice-onibus2.webp"


@cache
def reads():
    data = POLICY.read_bytes()
    return read(data, limits=Limits(reread_weak_lines=False)), read(data)


def test_the_small_print_row_is_read_right_only_on_the_second_look():
    first, second = reads()
    for value in ("ISY3F34", "24089786553"):  # plate and RENAVAM of the vehicle row
        assert value not in first.text
        assert value in second.text


def test_strong_lines_are_never_touched_and_no_line_gets_less_sure():
    first, second = reads()
    before, after = first.pages[0].lines, second.pages[0].lines
    assert len(before) == len(after)
    for old, new in zip(before, after):
        mean = lambda ln: sum(w.conf for w in ln.words) / len(ln.words)  # noqa: E731
        if mean(old) >= WEAK:
            assert new == old
        else:
            assert mean(new) >= mean(old)


def _line(*words: tuple[str, float, float, float]) -> Line:
    return Line(words=tuple(Word(text=t, bbox=(x0, 0.1, x1, 0.12), conf=c) for t, x0, x1, c in words))


def test_weak_lines_are_those_read_unsure_with_letters_or_digits():
    lines = [_line(("Placa", 0.1, 0.2, 0.95)), _line(("ISv3E34", 0.1, 0.2, 0.4)), _line(("|", 0.1, 0.11, 0.2))]
    assert weak_lines(lines) == [1]


def test_a_reread_that_lost_the_end_of_the_line_is_refused():
    old = _line(("PASSAGEIRO", 0.1, 0.3, 0.6), ("MICROONIBUS", 0.32, 0.6, 0.5))
    assert _covers([Word(text="PASSAGEIRO", bbox=(0.1, 0.1, 0.3, 0.12), conf=0.95),
                    Word(text="MICROONIBUS", bbox=(0.32, 0.1, 0.6, 0.12), conf=0.9)], old)
    assert not _covers([Word(text="PASSAGEIRO", bbox=(0.1, 0.1, 0.3, 0.12), conf=0.95)], old)
