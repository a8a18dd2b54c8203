"""Confidence raised only by evidence inside a vehicle document: check digits of an alphanumeric
CNPJ, a closed list of vehicle types, a policy's term restating its start a year on."""

import pytest

from domain.documents import CONFIDENT
from domain.ids import cnpj
from intake.page.layout import Span
from intake.doctypes import apolice_seguro as apolice, relacao_veiculos
from intake.reading.identifiers import REPAIRED, cnpj_alnum_repair
from intake.reading.values import field
from ocr.model import Word


def _span(text: str, conf: float) -> Span:
    return Span(1, tuple(Word(text=t, bbox=(0.1 * i, 0.1, 0.1 * i + 0.08, 0.12), conf=conf)
                         for i, t in enumerate(text.split())))


# --- alphanumeric CNPJ

def test_alnum_cnpj_letter_read_as_digit_is_repaired_by_its_check_digits():
    good = "LJUZ2ZTV0001" + cnpj.check_digits("LJUZ2ZTV0001")
    read = good[:6] + "7" + good[7:]  # 'T' read '7'
    f = cnpj_alnum_repair(field(read, None, 0.43), ocr=True)
    assert f.value == good and f.confidence == REPAIRED < CONFIDENT


def test_alnum_cnpj_repair_leaves_valid_text_layer_numeric_and_illegible_reads():
    good = "LJUZ2ZTV0001" + cnpj.check_digits("LJUZ2ZTV0001")
    read = good[:6] + "7" + good[7:]
    assert cnpj_alnum_repair(field(good, None, 0.5), ocr=True).value == good  # nothing to undo
    assert cnpj_alnum_repair(field(read, None, 1.0), ocr=False).value == read  # a text layer
    assert cnpj_alnum_repair(field(read, None, 0.05), ocr=True).value == read  # near-illegible
    # a numeric CNPJ (no letter in its base) is not read as an alphanumeric one
    num = "11222333000181"
    bad = num[:3] + "7" + num[4:]
    assert cnpj_alnum_repair(field(bad, None, 0.6), ocr=True).value == bad


# --- fleet list: the type column is a closed list

@pytest.mark.parametrize("text, conf, want", [
    ("MICRO-ÔNIBUS", 0.43, 0.9),
    ("ÔNIBUS", 0.6, 0.9),
    ("MICRO-ÔNIBUS", 0.2, 0.2),    # near-illegible: not lifted
    ("MICRO-ÔNIBVS", 0.6, 0.6),    # off the list: as read
])
def test_relacao_tipo_closed_list(text, conf, want):
    assert relacao_veiculos._tipo_conf(_span(text, conf), ocr=True) == want


def test_relacao_tipo_text_layer_as_read():
    assert relacao_veiculos._tipo_conf(_span("ÔNIBUS", 1.0), ocr=False) == 1.0


# --- policy term

def test_unsure_end_of_term_restating_the_start_a_year_on_is_confident():
    ini = field("2025-12-20", None, 0.96)
    fim = apolice._annual(ini, field("2026-12-20", None, 0.45))
    assert CONFIDENT <= fim.confidence <= 0.85


@pytest.mark.parametrize("ini, fim", [
    (("2025-12-20", 0.96), ("2026-12-28", 0.45)),  # another day: nothing printed twice
    (("2025-12-20", 0.96), ("2026-06-20", 0.45)),  # a short term
    (("2025-12-20", 0.70), ("2026-12-20", 0.45)),  # the start itself unsure
    (("2025-12-20", 0.96), ("2026-12-20", 0.10)),  # near-illegible end
])
def test_end_of_term_otherwise_stays_as_read(ini, fim):
    out = apolice._annual(field(ini[0], None, ini[1]), field(fim[0], None, fim[1]))
    assert out.confidence == fim[1]
