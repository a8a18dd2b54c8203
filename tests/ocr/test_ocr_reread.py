"""Weak lines and garbled words read again, enlarged (ocr/reread.py), on real scanned samples."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from ocr import Limits, read, scan
from ocr.model import Line, Word
from ocr.reread import (
    CLEAR, RENDERINGS, SPOT_SURE, VOTES, WEAK, _code_like, _covers, _read_spot, _trimmed, _unruled, _vote, _voted,
    reread, reread_words, second_look, spotted_words, suspect, weak_lines,
)

pytestmark = pytest.mark.ocr

SCANNED = Path(__file__).resolve().parents[2] / "samples/documents/scanned"
# A policy whose vehicle row (8.5 pt between grid lines, 200 dpi) Tesseract reads poorly.
POLICY = SCANNED / "apolice-onibus2.webp"
# A passenger list whose row 24 RG cell sits on a table rule: garbled beside sure words.
LISTA_SP = SCANNED / "lista-sp.png"
# A fee receipt whose plate, in a thin typewriter face, Tesseract reads 'ISv3F34' at 0.80.
TAXA = SCANNED / "taxa-autorizacao-onibus2.tif"


# A school list: 'JULIANA' read ',' 'ULIANA' (a speck on the J), 'ROCHA' split 'ROC' 'HA'.
LISTA_PF = SCANNED / "lista-pessoa-fisica.pdf"
# A list whose row 4 Tesseract boxes down to the rule under it: 'NUCAS', a CPF in three pieces.
LISTA_ALFA = SCANNED / "lista-alfa.pdf"
# A school list printing a passenger's CPF with wrong check digits: '509.823.681-97'.
LISTA_CPF_ERRADO = SCANNED / "lista-escola-cpf-invalido.pdf"
# A bilevel CRLV whose lotação cell is read with the box's rule: '|15P' at 0.26.
# A fee receipt whose typewriter plate IWS4A85 Tesseract reads 'INS4A85' at 0.80.
TAXA_INS = SCANNED / "taxa-autorizacao-camioneta.tif"
CRLV_RULED = SCANNED / "crlv-camioneta.tif"


@cache
def looked(path: Path):
    """The file read as FretaDoc reads it (with the second looks)."""
    return read(path.read_bytes())


@cache
def reads(path: Path = POLICY):
    """The file read without and with the second looks."""
    return read(path.read_bytes(), limits=Limits(reread_weak_lines=False)), looked(path)


def test_the_small_print_row_is_read_right_only_on_the_second_look():
    first, second = reads()
    for value in ("ISY3F34", "24089786553"):  # plate and RENAVAM of the vehicle row
        assert value not in first.text
        assert value in second.text


def test_strong_lines_keep_every_word_but_garbled_ones_and_no_line_gets_less_sure():
    first, second = reads()
    before, after = first.pages[0].lines, second.pages[0].lines
    assert len(before) == len(after)
    spotted = {}
    for i, j0, j1 in spotted_words(before):
        spotted.setdefault(i, set()).update(range(j0, j1 + 1))
    for i, (old, new) in enumerate(zip(before, after)):
        mean = lambda ln: sum(w.conf for w in ln.words) / len(ln.words)  # noqa: E731
        if mean(old) < WEAK:
            assert mean(new) >= mean(old)
            continue
        kept = [w for j, w in enumerate(old.words) if j not in spotted.get(i, ())]
        assert all(w in new.words for w in kept)  # only a garbled word may be replaced ...
        assert all(w.conf >= SPOT_SURE for w in new.words if w not in old.words)  # ... by a sure read


def test_a_garbled_cell_beside_sure_words_is_read_right_alone():
    first, second = reads(LISTA_SP)
    assert "47.818.441-7" not in first.text  # the RG of row 24, on a table rule
    assert "47.818.441-7" in second.text
    assert "BERTOLD!" in first.text and "BERTOLDI" in second.text  # a capital broken into '!'

    # with the command for every run no word is read alone (a process start per word)
    third = read(LISTA_SP.read_bytes(), limits=Limits(tesseract_library=False))
    assert "47.818.441-7" not in third.text


def test_two_engines_read_what_one_reads_in_sequence(monkeypatch):
    """The words read beside the strip (ocr/reread.py second_look) change nothing but time."""
    seen = []

    def spy(grey, lines, dpi, limits):
        seen.append((grey, lines, dpi, limits))
        return lines

    monkeypatch.setattr(scan, "second_look", spy)
    read(LISTA_SP.read_bytes())
    grey, lines, dpi, limits = seen[0]
    both = second_look(grey, lines, dpi, limits)
    assert both == reread_words(grey, reread(grey, lines, dpi, limits), dpi, limits)
    changed = [i for i, (a, b) in enumerate(zip(lines, both)) if a != b]
    weak = set(weak_lines(lines))
    assert any(i in weak for i in changed) and any(i not in weak for i in changed)  # both kinds at work


def test_spotted_words_are_the_unsure_ones_with_letters_or_digits():
    lines = [_line(("Nome", 0.1, 0.15, 0.96), ("[arBrBaa-7", 0.2, 0.3, 0.12), ("|", 0.5, 0.51, 0.1),
                   ("PICCOLI", 0.6, 0.7, 0.93), ("de", 0.75, 0.78, 0.4), ("BERTOLD!", 0.8, 0.9, 0.91),
                   ("|A", 0.92, 0.95, 0.9))]
    # unsure with two or more letters or digits, or a capital broken into '!' or '|'
    assert spotted_words(lines) == [(0, 1, 1), (0, 4, 5)]  # the last two a word space apart: one run
    # or a small letter between a capital and a digit, however sure: a code, not a time
    assert spotted_words([_line(("ISv3F34", 0.1, 0.2, 0.8), ("06h45;", 0.3, 0.4, 0.9))]) == [(0, 0, 0)]
    # or a number or a name in capitals not read sure (0.76), but not a word of prose at 0.76
    assert spotted_words([_line(("1.500.000,00", 0.1, 0.2, 0.76), ("veiculo", 0.3, 0.4, 0.76),
                                ("CAIO", 0.5, 0.6, 0.76))]) == [(0, 0, 0), (0, 2, 2)]
    # or a code read fairly well (only a vote may change it)
    assert spotted_words([_line(("INS4A85", 0.1, 0.2, 0.80), ("IWS4A85", 0.3, 0.4, 0.9))]) == [(0, 0, 0)]


def _at(text: str, x0: float, x1: float, conf: float, top: float = 0.100, bottom: float = 0.112) -> Word:
    return Word(text=text, bbox=(x0, top, x1, bottom), conf=conf)


def test_garbled_words_close_together_are_one_run_and_a_hair_away_neighbour_joins_it():
    # (text band 0.012 high; boxes on a square page)
    cpf = Line(words=(_at("CPF", 0.10, 0.13, 0.94), _at("Tea", 0.20, 0.23, 0.25), _at("Te0", 0.236, 0.26, 0.0),
                      _at("19600", 0.266, 0.30, 0.22), _at("|", 0.40, 0.401, 0.76)))
    assert spotted_words([cpf]) == [(0, 1, 3)]  # the three pieces of one CPF, not the label or the rule
    # an unsure speck touching a word: the J of JULIANA read as ','
    juliana = Line(words=(_at("02", 0.05, 0.07, 0.9), _at(",", 0.10, 0.104, 0.0), _at("ULIANA", 0.105, 0.16, 0.9),
                          _at("SCHNEIDER", 0.17, 0.25, 0.96)))
    assert spotted_words([juliana]) == [(0, 1, 2)]
    # a word whose box took in a speck above it, a hair away from the word it was split from
    rocha = Line(words=(_at("FRITZ", 0.10, 0.15, 0.91), _at("ROC", 0.155, 0.19, 0.96),
                        _at("HA", 0.192, 0.21, 0.96, top=0.090), _at("Direito", 0.30, 0.36, 0.96)))
    assert spotted_words([rocha]) == [(0, 1, 2)]
    # the same speck on a word standing apart, read sure: nothing to read again
    alone = Line(words=(_at("FRITZ", 0.10, 0.15, 0.91), _at("ROCHA", 0.16, 0.21, 0.96, top=0.090),
                        _at("Direito", 0.30, 0.36, 0.96)))
    assert spotted_words([alone]) == []
    # a speck alone is no run
    assert spotted_words([Line(words=(_at("NOME", 0.1, 0.15, 0.95), _at(",", 0.3, 0.304, 0.1)))]) == []


def test_a_rule_across_a_crop_is_whitened_and_a_glyph_is_not():
    from PIL import Image, ImageDraw

    img = Image.new("L", (60, 30), 255)
    d = ImageDraw.Draw(img)
    d.line([(3, 0), (3, 29)], fill=0, width=2)  # a cell's rule, top to bottom
    d.line([(30, 6), (30, 24)], fill=0, width=2)  # the stem of a '1'
    assert _unruled(Image.new("L", (60, 30), 255)) is None
    out = _unruled(img)
    assert out.getpixel((3, 15)) == 255 and out.getpixel((30, 15)) == 0


def test_a_faint_speck_at_the_end_of_a_crop_is_trimmed_and_a_period_is_not():
    from PIL import Image, ImageDraw

    img = Image.new("L", (320, 120), 240)  # a word's crop enlarged twice
    d = ImageDraw.Draw(img)
    for x in range(20, 230, 30):  # seven letters, 6 px apart
        d.rectangle([x, 30, x + 24, 90], fill=20)
    d.rectangle([234, 82, 240, 90], fill=40)  # a period a hair after the last letter
    assert _trimmed(img) is None
    d.rectangle([290, 80, 296, 86], fill=170)  # a faint speck well apart
    out = _trimmed(img)
    assert out.getpixel((293, 83)) == 255 and out.getpixel((237, 86)) == 40


def _canned(monkeypatch, answers):
    """_alone answering from a list, in order; the calls it got."""
    from ocr import reread as rr

    calls = []

    def alone(grey, box, word, dpi, limits, scale=2, look=None, image=None):
        calls.append((scale, look, image is not None))
        return answers[len(calls) - 1] if len(calls) <= len(answers) else None
    monkeypatch.setattr(rr, "_alone", alone)
    return calls


def test_a_number_is_voted_on_by_reads_of_digits_only(monkeypatch):
    old = Word(text="680.191.799-41", bbox=(0.1, 0.1, 0.2, 0.12), conf=0.22)
    misread = _reads([("680.191.799-4]", 0.86)])[0]  # a '1' read ']': no vote for a ten-digit number
    calls = _canned(monkeypatch, [misread] * len(RENDERINGS))
    assert _vote(None, (0, 0, 10, 10), old, misread, 200, Limits()) is None
    calls.clear()
    right = _reads([("680.191.799-41", 0.86)])[0]
    calls = _canned(monkeypatch, [right] * len(RENDERINGS))
    (word,) = _vote(None, (0, 0, 10, 10), old, right, 200, Limits())
    assert word.text == "680.191.799-41" and word.votes == VOTES


def test_a_clear_read_of_the_first_crop_ends_the_word(monkeypatch):
    from PIL import Image

    grey = Image.new("L", (1000, 1000), 255)
    line = _line(("NUCAS", 0.1, 0.2, 0.0))
    clear = _reads([("LUCAS", CLEAR)])[0]
    calls = _canned(monkeypatch, [clear, _reads([("LUCAS", 0.99)])[0]])
    assert _read_spot(grey, line, 0, 0, 200, Limits()) == clear
    assert len(calls) == 1


def test_a_word_cut_or_split_by_a_speck_is_read_whole():
    text = looked(LISTA_PF).text
    assert "JULIANA SCHNEIDER" in text and "YASMIN FRITZ ROCHA" in text


def test_a_row_boxed_down_to_its_rule_is_read_in_its_text_band():
    first, second = reads(LISTA_ALFA)
    assert "NUCAS ANTÔNIO HOFFMANN" in first.text and "744.760.193-40" not in first.text
    assert "LUCAS ANTÔNIO HOFFMANN" in second.text and "744.760.193-40" in second.text
    assert "NUCAS" not in second.text


def test_a_cell_read_with_its_rule_is_read_again_without_it():
    words = looked(CRLV_RULED).pages[0].words
    assert any(w.text == "15P" and w.conf >= SPOT_SURE for w in words)


def test_a_plate_read_in_several_renderings_is_what_most_of_them_read():
    first, second = reads(TAXA)
    assert "ISY3F34" not in first.text
    plate = next(w for w in second.pages[0].words if w.text.upper().startswith("IS"))
    assert plate.text == "ISY3F34" and plate.conf >= SPOT_SURE


def _reads(*texts_confs):
    return [[Word(text=t, bbox=(0.1 + 0.1 * k, 0.1, 0.18 + 0.1 * k, 0.12), conf=c) for k, (t, c) in enumerate(r)]
            for r in texts_confs]


def test_renderings_vote_letter_case_aside_and_a_split_code_is_joined_back():
    old = Word(text="93PB58MOMCA4S89474", bbox=(0.1, 0.1, 0.28, 0.12), conf=0.16)
    assert _code_like(old.text) and not _code_like("PASSAGEIRO") and not _code_like("12345")
    agree = [[("93PB58MOM", 0.8), ("CA489474", 0.86)]] + [[("93pb58momca489474", 0.5)]] * (VOTES - 1)
    (word,) = _voted(_reads(*agree, [("93PB58MOMCA48947A", 0.3)]), old)
    assert word.text == "93PB58MOMCA489474" and word.conf == 0.8
    assert word.bbox[0] == 0.1 and word.bbox[2] == 0.28
    # too few agree, or none of them is sure: the first read stands
    assert _voted(_reads(*agree[:VOTES - 1], *[[("93PB58MOMCA48947A", 0.9)]] * 3), old) is None
    assert _voted(_reads(*[[("93PB58MOMCA489474", 0.7)]] * 6), old) is None


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


def test_the_vote_stops_once_a_reading_won_or_none_can(monkeypatch):
    from ocr import reread as rr

    old = Word(text="IFB8J07", bbox=(0.1, 0.1, 0.2, 0.12), conf=0.4)
    sure, unsure = _reads([("IFB8J07", 0.9)])[0], _reads([("IFB8J07", 0.5)])[0]
    calls = []

    def canned(answers):
        def alone(grey, box, word, dpi, limits, scale=2, look=None):
            calls.append((scale, look))
            return answers[len(calls) - 1]
        return alone

    # the first read and three renderings agree, one of them sure: no fifth or sixth read
    monkeypatch.setattr(rr, "_alone", canned([unsure, sure, unsure, None, None]))
    assert _vote(None, (0, 0, 10, 10), old, unsure, 200, Limits()) == [sure[0].model_copy(update={"votes": VOTES})]
    assert len(calls) == VOTES - 1
    # every read says something else: once no reading can reach VOTES, no more reads
    calls.clear()
    others = [_reads([(t, 0.9)])[0] for t in ("IFB8JO7", "IF88J07", "1FB8J07", "IFBBJ07", "IFB8J0")]
    monkeypatch.setattr(rr, "_alone", canned(others))
    assert _vote(None, (0, 0, 10, 10), old, unsure, 200, Limits()) is None
    assert len(calls) < len(RENDERINGS)


def test_thinned_renderings_vote_only_for_another_number_of_glyphs_and_never_make_a_read_sure(monkeypatch):
    """'9BWRF82W0KC711822' whose 'C7' touch reads 'KCT7' first: three plain renderings read the
    seventeen glyphs unsure, a thinned one sure; the reading wins, kept unsure. A thinned read of
    as many glyphs as the first read (an '8' closed into an 'S') is no vote."""
    from ocr import reread as rr

    old = Word(text="9BWRF82W0KCT711822", bbox=(0.1, 0.1, 0.18, 0.12), conf=0.34)
    right = "9BWRF82W0KC711822"
    plain = [_reads([(right, 0.6)])[0] if k < 3 else _reads([(f"9BWRF82W0{k}KC711822", 0.3)])[0]
             for k in range(len(RENDERINGS))]
    calls = []

    def alone(grey, box, word, dpi, limits, scale=2, look=None):
        calls.append(look)
        if look == "thin":
            return _reads([(right, 0.9)])[0]
        return plain[len(calls) - 1]

    monkeypatch.setattr(rr, "_alone", alone)
    won = _vote(None, (0, 0, 10, 10), old, None, 200, Limits())
    assert won is not None and won[0].text == right and won[0].conf < SPOT_SURE and calls.count("thin") == 1
    # the same thinned read for a word first read with seventeen glyphs: no vote
    calls.clear()
    old17 = old.model_copy(update={"text": "9BWRF82W0KC711828"})
    assert _vote(None, (0, 0, 10, 10), old17, None, 200, Limits()) is None


def test_a_masked_cpf_or_cnpj_whose_check_digits_fail_is_suspect():
    assert suspect("509.823.681-97") and suspect("41.318.410/0001-65,")
    assert not suspect("529.982.247-25") and not suspect("41.318.410/0001-62")
    assert not suspect("50982368197")  # unmasked: a RENAVAM or a phone number may look so


def test_a_wrong_check_digit_read_alike_in_several_renderings_is_marked_so():
    word = next(w for w in looked(LISTA_CPF_ERRADO).pages[0].words if w.text.startswith("509.823.681"))
    assert word.text == "509.823.681-97" and word.votes >= VOTES and word.conf >= SPOT_SURE
    # a word no vote decided says so
    assert all(w.votes == 0 for w in looked(LISTA_CPF_ERRADO).pages[0].words if w.text.startswith("PEDRO"))


def test_a_won_vote_says_how_many_renderings_agreed():
    old = Word(text="IFB8J07", bbox=(0.1, 0.1, 0.2, 0.12), conf=0.4)
    (word,) = _voted(_reads(*[[("IFB8J07", 0.9)]] * VOTES, [("1FB8J07", 0.5)]), old)
    assert word.votes == VOTES


def test_a_code_read_fairly_well_is_changed_by_a_vote_only():
    first, second = reads(TAXA_INS)
    assert any(w.text == "INS4A85" for w in first.pages[0].words)
    plate = next(w for w in second.pages[0].words if w.text.endswith("S4A85"))
    assert plate.text == "IWS4A85" and plate.votes >= VOTES


def test_a_tied_vote_keeps_the_first_read():
    old = Word(text="IFB8J07", bbox=(0.1, 0.1, 0.2, 0.12), conf=0.47)
    tied = _reads(*[[("IFB8J07", 0.9)]] * VOTES, *[[("IFB89J07", 0.9)]] * VOTES)
    assert _voted(tied, old) is None
    assert _voted(tied[:-1], old)[0].text == "IFB8J07"


def test_a_line_with_no_sure_word_is_also_cut_at_its_words_own_height():
    """A line read with no sure word has no text band to go by; where a speck below stretched it
    (a CRLV-e's chassi row: the code at 0.34 beside '«' and quotes), the garbled word is also cut
    in its own height, without the speck or the row above."""
    from PIL import Image

    from ocr.reread import _crops

    grey = Image.new("L", (1000, 1000), 255)
    code = Word(text="9BWRF82W0KCT711822", bbox=(0.20, 0.40, 0.36, 0.42), conf=0.34)
    speck = Word(text="«", bbox=(0.40, 0.40, 0.41, 0.45), conf=0.26)
    boxes = _crops(grey, Line(words=(code, speck)), 0, 0)
    assert len(boxes) == 2
    assert boxes[1][1] >= 390 and boxes[1][3] <= 430  # the word's own height, with its margin
