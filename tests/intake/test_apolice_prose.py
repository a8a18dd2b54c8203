"""A policy certificate written as prose (the perturbed layouts' `prose` family): the insurer is the
company a sentence names with its own CNPJ, and each coverage's amount is its own clause's, never
the next clause's coverage where a row wraps. Values read from a sentence's structure are inferred:
sure enough to judge, never certain."""

from __future__ import annotations

import pytest

import ocr
from domain.documents import CONFIDENT
from intake import doctypes as parsers
from samples.gen import perturb

FIELDS = ("seguradora_nome", "seguradora_cnpj", "ap_por_passageiro", "dmh_por_passageiro", "rc_por_veiculo")


@pytest.mark.parametrize("seed", [2, 3, 5, 15, 38])
def test_an_insurer_and_its_coverages_stated_in_sentences_are_read_right_or_left_unsure(seed):
    data, expected = perturb.render("apolice_seguro", seed, "prose")
    fields = parsers.parse("apolice_seguro", ocr.read(data))
    for name in FIELDS:
        f = fields[name]
        if f.value is not None and f.confidence >= CONFIDENT:
            assert f.value == expected["fields"][name], (name, f.value, f.confidence)
    # the insurer is the company its sentence names with its CNPJ, not the insured's CNPJ beside it
    assert fields["seguradora_cnpj"].value == expected["fields"]["seguradora_cnpj"]
    assert fields["seguradora_nome"].value == expected["fields"]["seguradora_nome"]
    assert fields["seguradora_nome"].confidence < 1.0


def test_an_amount_ending_a_clause_on_the_row_of_the_next_coverage_is_not_that_coverages():
    data, expected = perturb.render("apolice_seguro", 2, "prose")
    fields = parsers.parse("apolice_seguro", ocr.read(data))
    # '... médico-hospitalares, até R$ / 15.000,00 por passageiro; acidentes pessoais ... morte'
    assert fields["dmh_por_passageiro"].value == expected["fields"]["dmh_por_passageiro"] == 15000.0
    assert fields["ap_por_passageiro"].value == expected["fields"]["ap_por_passageiro"]
