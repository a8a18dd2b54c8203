"""Labels no vocabulary spells, read by what their words say (intake/reading/meaning.py): a
phrase set as a label names a field when its words are those of one of the field's spellings,
or qualify a whole spelling with words no label holds; never when the words fit two fields, or
hold a word the field's labels never hold. Hand-built pages in spellings of our own; coordinates
are fractions of the page."""

from __future__ import annotations

from domain.documents import CONFIDENT
from intake.pipeline import parse_as
from intake.page.layout import Layout
from intake.reading.meaning import INFERRED, QUALIFIED_KIND, _meanings, _stems, widened
from intake.reading.vocabulary import vocabulary
from tests.intake.test_reading_toolkit import ext, row

VALUES_X = 0.40


def _field_of(doc_type: str, label: str, qualified: bool = True):
    return _meanings(vocabulary(doc_type)).field_of(_stems(label), qualified)


def test_a_label_holding_most_of_one_spelling_names_that_field():
    # 'EXERCÍCIO DE LICENCIAMENTO' is spelled; without its 'DE', in another order, it is the same
    assert _field_of("crlv", "LICENCIAMENTO EXERCÍCIOS", qualified=False) == ("exercicio", INFERRED)


def test_a_label_naming_only_the_values_kind_leads_to_an_unsure_value():
    # 'NOME' is the owner's only spelling with that word, but every document prints a 'NOME'
    assert _field_of("crlv", "NOMES:") == ("proprietario_nome", QUALIFIED_KIND)
    # one word alone on its run, not set as a label: a heading or a table's header as often
    assert _field_of("crlv", "NOMES", qualified=False) is None
    # a qualified kind: another amount may be meant ('VALOR DA DIÁRIA EXTRA')
    assert _field_of("contrato_fretamento", "VALOR DA DIÁRIA EXTRA") == ("valor", QUALIFIED_KIND)


def test_half_a_spelling_or_a_word_the_field_never_holds_names_nothing():
    assert _field_of("crlv", "LICENCIAMENTO", qualified=False) is None  # a section's heading as often
    assert _field_of("crlv", "DATA DA AQUISIÇÃO") is None  # 'aquisição': another date's
    # words of another label beside a spelling: another thing's ('PLACA' + 'ANTERIOR': the
    # previous plate's, never the plate's)
    assert _field_of("crlv", "PLACA ANTERIOR DO BEM") == ("placa_anterior", INFERRED)
    # words of no label, not set as a label qualified: a value's
    assert _field_of("crlv", "PLACA DO ÔNIBUS", qualified=False) is None


def test_a_phrase_fitting_two_fields_names_none():
    # 'ANO' is a word of the fabrication's year and of the model's
    assert _field_of("crlv", "ANO", qualified=False) is None


def _crlv(*pairs):
    words = row("CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO", 0.20, 0.03)
    words += row("PLACA: IWG0E07", 0.05, 0.08) + row("RENAVAM: 00817353467", 0.45, 0.08)
    for i, (label, value) in enumerate(pairs):
        y = 0.12 + 0.03 * i
        words += row(label, 0.05, y) + row(value, VALUES_X, y)
    return ext(words)


def test_a_documents_own_label_joins_its_vocabulary_as_a_near_match():
    e = _crlv(("LICENCIAMENTO EXERCÍCIO:", "2024"), ("DATA DA AQUISIÇÃO:", "03/01/2024"))
    v = widened(vocabulary("crlv"), Layout(e))
    assert v.inferred == {"licenciamento exercicio": INFERRED}
    assert "LICENCIAMENTO EXERCÍCIO" in v.fields["exercicio"].labels
    assert vocabulary("crlv").inferred == {}  # the type's own vocabulary is left as it was
    f = parse_as(e, "crlv", 1, 1)["exercicio"]
    assert f.value == 2024 and CONFIDENT <= f.confidence < 1.0


def test_a_kind_qualified_by_whose_it_is_reads_the_value_unsure():
    e = _crlv(("CNPJ/CPF DO TITULAR", "98.173.123/0001-29"))
    f = parse_as(e, "crlv", 1, 1)["proprietario_documento"]
    assert f.value == "98173123000129"
    assert f.confidence < CONFIDENT  # the holder may be someone else than the owner


def test_a_spelling_with_words_that_say_nothing_around_it_is_read_by_the_spelling():
    # 'NOME' is spelled: 'Em nome de:' adds no label, and the owner is read as sure as before
    e = _crlv(("Em nome de:", "VIAÇÃO SERRA AZUL LTDA"))
    assert widened(vocabulary("crlv"), Layout(e)).inferred == {}
    f = parse_as(e, "crlv", 1, 1)["proprietario_nome"]
    assert f.value == "VIAÇÃO SERRA AZUL LTDA" and f.confidence >= CONFIDENT


def test_a_word_the_field_never_holds_set_before_the_boxs_gap_makes_another_label():
    # a key/value table of the owner and the owner before: 'PROPRIETÁRIO' + 'ANTERIOR' is the
    # former owner's label, no label of the owner, though no ':' or 'DO' ties its words
    e = _crlv(("PROPRIETÁRIO", "VIAÇÃO SERRA AZUL LTDA"), ("CPF / CNPJ", "98.173.123/0001-29"),
              ("PROPRIETÁRIO ANTERIOR", "RODRIGO BRAGA MOURA"), ("CPF DO PROPRIETÁRIO ANTERIOR", "860.319.905-12"))
    f = parse_as(e, "crlv", 1, 1)
    assert f["proprietario_nome"].value == "VIAÇÃO SERRA AZUL LTDA" and f["proprietario_nome"].confidence >= CONFIDENT
    assert f["proprietario_documento"].value == "98173123000129"


def test_a_name_under_the_former_owners_label_is_never_the_owner_found_by_position():
    # a grid: the former owner's name stands above the owner's 'CPF/CNPJ' box, under its own label
    from intake.doctypes import crlv
    from intake.doctypes._common import Reader

    words = row("CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO", 0.20, 0.03)
    words += row("PLACA: IWG0E07", 0.05, 0.08) + row("Proprietário", 0.05, 0.18)
    words += row("Proprietário Anterior", 0.05, 0.20) + row("Endereço", 0.50, 0.20)
    words += row("ÍCARO MIGUEL MENDES BATISTA", 0.05, 0.215) + row("Rua Tiradentes, 2540", 0.50, 0.215)
    words += row("CPF/CNPJ do Proprietário", 0.05, 0.235) + row("Em Nome de", 0.50, 0.235)
    words += row("58.586.379/0001-43", 0.05, 0.25) + row("EMPRESA DE ÔNIBUS ENCANTADO S.A.", 0.50, 0.25)
    e = ext(words)
    assert crlv._nome_above_doc(Reader(e, "crlv")).value is None
    assert parse_as(e, "crlv", 1, 1)["proprietario_nome"].value != "ÍCARO MIGUEL MENDES BATISTA"


def test_a_whole_spelling_of_shared_words_qualified_by_a_word_of_no_label_names_its_field():
    # 'ANO DO LICENCIAMENTO' is the exercício's: its words are each another field's too ('ANO' of the
    # fabrication's year), but together only this one's; 'BASE' is in no label
    assert _field_of("crlv", "ANO-BASE DO LICENCIAMENTO:") == ("exercicio", INFERRED)
    # one shared word with a word of no label is still nobody's
    assert _field_of("crlv", "ANO-BASE:") is None


def test_a_label_and_its_value_in_one_run_of_the_labels_face_add_no_label():
    # labels in bold over regular values; one run all in bold, the value after the label's colon:
    # the label is the words before the colon ('Lages', 'SC' are no words of a label)
    def bold(words):
        return [x.model_copy(update={"bold": True}) for x in words]

    words = row("CONTRATO DE FRETAMENTO", 0.30, 0.03)
    for i, (label, value) in enumerate((("VALOR:", "R$ 1.200,00"), ("VIGÊNCIA:", "01/03/2026"),
                                         ("TÉRMINO:", "30/11/2026"))):
        words += bold(row(label, 0.05, 0.10 + 0.03 * i)) + row(value, VALUES_X, 0.10 + 0.03 * i)
    words += bold(row("Ponto de Início da Viagem: Lages/SC", 0.05, 0.22))
    v = widened(vocabulary("contrato_fretamento"), Layout(ext(words)))
    assert not any("lages" in k for k in v.inferred)


def test_a_dash_ends_a_label_as_a_colon_does():
    # 'PROPRIETÁRIO ANTERIOR - FERNANDO PINTO': the former owner's label, up to its dash
    e = _crlv(("PROPRIETÁRIO - VIAÇÃO SOL NASCENTE LTDA", ""), ("PROPRIETÁRIO ANTERIOR - FERNANDO PINTO", ""))
    f = parse_as(e, "crlv", 1, 1)["proprietario_nome"]
    assert f.value == "VIAÇÃO SOL NASCENTE LTDA"
    e = _crlv(("EM NOME DE - VIAÇÃO SOL NASCENTE LTDA", ""), ("PROPRIETÁRIO ANTERIOR - FERNANDO PINTO", ""))
    f = parse_as(e, "crlv", 1, 1)["proprietario_nome"]
    assert f.value != "FERNANDO PINTO"
