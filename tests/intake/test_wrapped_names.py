"""A company's name wrapped onto the next line of a two-column form ('TRAVESSIA SEGUROS' /
'GERAIS S.A.') is read whole, for a person to confirm, never its first line alone as sure."""

from __future__ import annotations

import pytest

import ocr
from domain.documents import CONFIDENT
from intake import doctypes as parsers
from intake.reading.finish import finished
from samples.gen import perturb


@pytest.mark.parametrize(("seed", "field"), [(32, "seguradora_nome"), (7, "segurado_nome")])
def test_a_company_name_wrapped_below_its_label_is_read_whole_and_unsure(seed, field):
    data, expected = perturb.render("apolice_seguro", seed, "columns")
    ext = ocr.read(data)
    f = finished("apolice_seguro", ext, parsers.parse("apolice_seguro", ext))[field]
    assert f.value == expected["fields"][field]
    assert f.confidence < CONFIDENT


def test_a_name_that_ends_with_its_company_form_is_left_as_read():
    data, expected = perturb.render("apolice_seguro", 31, "columns")
    ext = ocr.read(data)
    f = finished("apolice_seguro", ext, parsers.parse("apolice_seguro", ext))["segurado_nome"]
    assert f.value == expected["fields"]["segurado_nome"] and f.confidence >= CONFIDENT
