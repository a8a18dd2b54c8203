"""Who insures and who is insured, where labels are not the vocabulary's: a trade name in a
letterhead yields to the legal name the footer prints with the insurer's CNPJ; a number labelled
as another party's is never the insurer's; a name opening with words that may be a label is
unsure. Hand-built pages; coordinates are fractions of the page."""

from __future__ import annotations

from domain.documents import CONFIDENT
from intake.pipeline import parse_as
from tests.intake.test_apolice_fleet import INSURED, INSURER
from tests.intake.test_reading_toolkit import ext, row


def _policy(*lines):
    words = row("APÓLICE DE SEGURO - RCF-V", 0.30, 0.08) + row("Apólice nº 5550001234", 0.05, 0.12)
    for text, x, y in lines:
        words += row(text, x, y)
    return parse_as(ext(words), "apolice_seguro", 1, 1)


def test_a_trade_name_in_the_letterhead_yields_to_the_legal_name_printed_with_the_cnpj():
    f = _policy(("Atlântida Seguros", 0.05, 0.03),
                ("CNPJ/CPF do Tomador", 0.05, 0.30), (INSURED[1], 0.05, 0.32),
                (f"ATLÂNTIDA SEGUROS GERAIS S.A. - CNPJ {INSURER[1]} - Av. Brasil, 100", 0.05, 0.95))
    assert f["seguradora_nome"].value == "ATLÂNTIDA SEGUROS GERAIS S.A."
    assert f["seguradora_cnpj"].value == INSURER[0]


def test_a_number_under_another_partys_label_is_never_the_insurers():
    f = _policy(("ATLÂNTIDA SEGUROS GERAIS S.A.", 0.05, 0.03),
                ("CNPJ/CPF DO TOMADOR", 0.05, 0.05), (INSURED[1], 0.05, 0.065))
    assert f["seguradora_cnpj"].value != INSURED[0]


def test_a_line_that_opens_with_the_insurers_label_word_and_no_colon_is_unsure():
    f = _policy(("SEGURADORA CRUZEIRO DO SUL S.A.", 0.05, 0.20))
    assert f["seguradora_nome"].value is None or f["seguradora_nome"].confidence < CONFIDENT


def test_a_word_set_apart_by_a_dash_before_the_insurers_name_leaves_the_name_unsure():
    f = _policy(("SEGURADORA", 0.05, 0.18), ("ASSEGURADORA - MERIDIONAL COMPANHIA DE SEGUROS GERAIS", 0.05, 0.20))
    got = f["seguradora_nome"]
    assert got.value is None or got.confidence < CONFIDENT


def test_label_words_opening_a_name_in_capitals_leave_it_unsure():
    f = _policy(("SEGURADO", 0.05, 0.18), ("CONTRATANTE DO SEGURO PONTE ALTA FRETAMENTO E TURISMO LTDA", 0.05, 0.20))
    got = f["segurado_nome"]
    assert got.value is None or got.confidence < CONFIDENT


def test_an_alphanumeric_cnpj_in_the_cell_after_the_insureds_label_is_the_insureds():
    # the insured's block as a key/value table; its company's name says 'SEGURO' only in its label
    f = _policy(("CONTRATANTE DO SEGURO", 0.05, 0.30), ("EMPRESA DE ÔNIBUS PORTO NOVO S.A.", 0.27, 0.30),
                ("CNPJ DO SEGURADO", 0.05, 0.32), ("00.ECK.RQ7/0001-08", 0.27, 0.32))
    assert f["seguradora_cnpj"].value != "00ECKRQ7000108"
    assert f["segurado_documento"].value == "00ECKRQ7000108"
