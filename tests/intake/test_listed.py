"""Values a sentence lists as `label value` items (intake/reading/listed.py): read where the
parser found no label cell, sure only where the sentence is a list of two items or more, each
its field's shape. Hand-built pages in wordings of our own; coordinates are fractions of the page."""

from __future__ import annotations

from domain.documents import CONFIDENT
from intake.pipeline import parse_as
from intake.reading.values import INFERRED
from tests.intake.test_reading_toolkit import ext, row


def _contract(*lines: str, head: tuple[str, ...] = ()):
    words = row("CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE POR FRETAMENTO", 0.10, 0.04)
    y = 0.08
    for line in head:
        words += row(line, 0.06, y)
        y += 0.03
    for line in lines:
        words += row(line, 0.06, y)
        y += 0.022
    e = ext(words)
    return parse_as(e, "contrato_fretamento", 1, 1)


def test_a_sentence_listing_labels_and_values_gives_each_field_its_value():
    f = _contract("As partes registram: local de partida Santa Rosa/RS, cidade de destino",
                  "Ijuí/RS, início da vigência 03/02/2026 e preço R$ 4.210,00.")
    assert (f["origem"].value, f["destino"].value) == ("Santa Rosa/RS", "Ijuí/RS")  # (wrapped over rows)
    assert f["vigencia_inicio"].value == "2026-02-03"
    assert f["valor"].value == 4210.0
    for name in ("origem", "destino", "vigencia_inicio"):
        # a list of values of their fields' shapes: sure enough to judge, never certain
        assert CONFIDENT <= f[name].confidence <= INFERRED, name


def test_a_lone_item_is_read_unsure():
    f = _contract("Fica estabelecido, local de partida Santa Rosa/RS.")
    assert f["origem"].value == "Santa Rosa/RS"
    assert 0 < f["origem"].confidence < CONFIDENT


def test_a_colon_announcing_items_makes_a_list_whatever_the_others_labels():
    # one label the vocabulary spells among items it does not: the colon and the commas list them
    f = _contract("Registra-se: ponto de reunião Praça Central, local de partida Santa Rosa/RS e turno",
                  "da manhã.")
    assert f["origem"].value == "Santa Rosa/RS"
    assert CONFIDENT <= f["origem"].confidence <= INFERRED


def test_an_item_whose_rest_is_more_than_its_value_gives_nothing():
    # words in small letters beside the town, another word beside the date: a clause, no list's item
    f = _contract("Registra-se: local de partida a definir pela escola, início da vigência após",
                  "a assinatura 03/02/2026 e cidade de destino Ijuí/RS.")
    assert f["origem"].value is None
    assert f["vigencia_inicio"].value is None
    assert f["destino"].value == "Ijuí/RS"  # (the item that is a value is still read)


def test_a_spelling_inside_a_clause_opens_no_item():
    f = _contract("O ônibus sai do local de partida Santa Rosa/RS, segundo o roteiro combinado, e",
                  "segue viagem.")
    assert f["origem"].value is None


def test_a_field_listed_twice_with_two_values_is_unsure():
    f = _contract("Constam: local de partida Santa Rosa/RS, cidade de destino Ijuí/RS, cidade de",
                  "origem Cruz Alta/RS.")
    assert f["origem"].value == "Santa Rosa/RS"
    assert f["origem"].confidence < CONFIDENT
    assert f["destino"].confidence >= CONFIDENT


def test_the_parsers_own_reading_is_never_overruled():
    f = _contract("Constam: local de partida Santa Rosa/RS e cidade de destino Ijuí/RS.",
                  head=("ORIGEM: Cruz Alta/RS",))
    assert f["origem"].value == "Cruz Alta/RS"
    assert f["destino"].value == "Ijuí/RS"


def test_a_documents_kind_follows_the_document_a_sentence_lists():
    f = _contract("Registra-se: cnpj da contratante 76.816.730/2436-15 e local de partida Santa Rosa/RS.")
    assert f["contratante_documento"].value == "76816730243615"
    assert (f["contratante_tipo"].value, f["contratante_tipo"].confidence >= CONFIDENT) == ("pj", True)
