"""Values of a closed vocabulary found by what they are (intake/reading/closed.py): 'ALUGUEL'
under a label no vocabulary spells is the categoria; not under another field's label, nor under
one saying another thing ('ANTERIOR'); unsure with no label or beside another value. Hand-built
pages in wordings of our own; coordinates are fractions of the page."""

from __future__ import annotations

from domain.documents import CONFIDENT
from intake.pipeline import parse_as
from tests.intake.test_reading_toolkit import ext, row


def _crlv(*cells: tuple[str, str, float, float]):
    """Each cell: a label, its value, and where the label is; the value is printed under it."""
    words = row("CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO", 0.20, 0.03)
    words += row("PLACA: IWG0E07", 0.05, 0.08) + row("RENAVAM: 00817353467", 0.45, 0.08)
    for label, value, x, y in cells:
        if label:
            words += row(label, x, y)
        words += row(value, x, y + 0.02)
    return parse_as(ext(words), "crlv", 1, 1)


def test_a_closed_vocabularys_word_under_an_unknown_label_is_its_fields_value():
    f = _crlv(("REGIME DE EMPREGO", "ALUGUEL", 0.05, 0.14), ("GÊNERO DO BEM", "PASSAG/ONIBUS", 0.45, 0.14))
    assert f["categoria"].value == "ALUGUEL"
    assert f["categoria"].confidence >= CONFIDENT
    assert f["especie_tipo"].value == "PASSAG/ONIBUS"
    assert (f["tipo_veiculo"].value, f["tipo_veiculo"].confidence >= CONFIDENT) == ("onibus", True)


def test_a_label_saying_another_thing_keeps_its_value_away():
    f = _crlv(("REGIME DE EMPREGO", "ALUGUEL", 0.05, 0.14), ("REGIME ANTERIOR", "PARTICULAR", 0.45, 0.14))
    assert f["categoria"].value == "ALUGUEL"
    assert f["categoria"].confidence >= CONFIDENT
    f = _crlv(("REGIME ANTERIOR", "PARTICULAR", 0.05, 0.14))
    assert f["categoria"].value is None


def test_the_fields_own_label_over_a_word_of_no_vocabulary_leaves_it_unsure():
    # 'CATEGORIA' over 'REGULAR', no categoria there is: what the page says elsewhere does not settle it
    f = _crlv(("REGIME DE EMPREGO", "ALUGUEL", 0.05, 0.14), ("CATEGORIA", "REGULAR", 0.45, 0.14))
    assert f["categoria"].value == "ALUGUEL"
    assert f["categoria"].confidence < CONFIDENT
    # the field's spelling with a word its labels never hold is another thing's label
    f = _crlv(("REGIME DE EMPREGO", "ALUGUEL", 0.05, 0.14), ("CATEGORIA ANTERIOR", "PARTICULAR", 0.45, 0.14))
    assert (f["categoria"].value, f["categoria"].confidence >= CONFIDENT) == ("ALUGUEL", True)


def test_two_values_or_no_label_leave_it_unsure():
    f = _crlv(("REGIME DE EMPREGO", "ALUGUEL", 0.05, 0.14), ("REGIME DE USO", "PARTICULAR", 0.45, 0.14))
    assert f["categoria"].value is not None and f["categoria"].confidence < CONFIDENT
    f = _crlv(("", "ALUGUEL", 0.05, 0.14))
    assert f["categoria"].value == "ALUGUEL" and f["categoria"].confidence < CONFIDENT


def test_an_especie_beside_other_words_is_none():
    # a chassis or a colour in the run: no espécie/tipo alone
    f = _crlv(("GÊNERO DO BEM", "PASSAG/ONIBUS 9BM634011PA284797", 0.05, 0.14))
    assert f["especie_tipo"].value is None or f["especie_tipo"].confidence < CONFIDENT
