"""OCR repairs of plates and chassis driven by their own rules, and the confidence they carry."""

import pytest

from domain.documents import CONFIDENT
from intake import normalize as nz
from domain.ids import placa as placa_id
from intake.reading.identifiers import REPAIRED, vin_field


@pytest.mark.parametrize("read, fixed", [
    ("9BM382177GA994T0S", "9BM382177GA994705"),  # the last four characters are digits
    ("BAC906657KS428551", "8AC906657KS428551"),  # 'BAC' is no maker; '8AC' is, one confusion away
    ("98M382188PA160760", "9BM382188PA160760"),
    ("053E82G2BFB237895", "953E82G2BFB237895"),  # no region starts with 0
])
def test_vin_repair(read, fixed):
    assert nz.vin_repair(read) == fixed


@pytest.mark.parametrize("read", [
    "9BM382177GA994705",   # valid: nothing to undo
    "9BM384078K5990915",   # a plant code read as a digit: no rule says which
    "93PB58M0MCAS89474",   # a letter before the last four: allowed there
])
def test_vin_repair_leaves_what_no_rule_decides(read):
    assert nz.vin_repair(read) is None


def test_find_vins_undoes_a_doubled_glyph_only_when_unambiguous():
    assert nz.find_vins("93ZC2RMFO0DA624551") == [("93ZC2RMF0DA624551", 0, 18, True)]
    assert nz.find_vins("93Z2C2RMF0DA624551") == []  # 'Z2' or '0D': two readings, none taken
    assert nz.find_vins("9BM382177GA994705") == [("9BM382177GA994705", 0, 17, False)]


def test_placa_destutter():
    assert nz.placa_destutter("FKN5E5S8") == "FKN5E58"
    assert nz.placa_destutter("FKN5E58") is None
    assert nz.placa_destutter("ABCDEFGH") is None


def test_repaired_vin_is_never_confident():
    f = vin_field("9BM382177GA994TOS", None, ocr=True, conf=0.99)
    assert f.value == "9BM382177GA994705" and f.confidence <= REPAIRED < CONFIDENT
    # a text layer says what it says
    assert vin_field("9BM382177GA994T0S", None, ocr=False).value == "9BM382177GA994T0S"


@pytest.mark.parametrize("read, conv, agree", [
    ("IMN7ZE89", "IMN7E89", 7),   # one spurious character
    ("HGJ1101", "HGJ1I01", 7),    # the 5th letter read as the digit it looks like
    ("IMN7ES9", "IMN7E89", 6),    # and one more usual confusion
    ("ABC1234", "ABC1C34", 5),    # the old plate itself, 5th digit unlike its letter: not the same
    ("XYZ9J87", "ABC1C34", 0),
])
def test_plate_agreement_with_the_previous_plate(read, conv, agree):
    assert placa_id.agreement(read, conv) == agree
