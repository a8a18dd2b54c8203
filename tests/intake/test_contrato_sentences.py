"""A contract's values stated in sentences: a place ends where its town's shape and the next
clause end it, and a page whose narrow column carries a document type's name inside a sentence
goes on with the contract (its closing date is the contract's). Pages and sentences drawn here,
in wordings of their own."""

from __future__ import annotations

import pytest

import ocr
from domain.documents import CONFIDENT
from intake import pipeline
from intake.doctypes import contrato_fretamento as contrato
from tests.intake.test_reading_toolkit import _flow
from tests.intake.test_segments import _centred, _pdf

pytest.importorskip("reportlab")


@pytest.mark.parametrize("text, which, town", [
    ("O serviço terá como origem o município de Campo Bom/RS e como destino o município de Esteio/RS, "
     "nos dias letivos.", "origem", "Campo Bom/RS"),
    ("O serviço terá como origem o município de Campo Bom/RS e como destino o município de Esteio/RS, "
     "nos dias letivos.", "destino", "Esteio/RS"),
    ("Fica ajustado o trajeto com origem na cidade de São José dos\nCampos - SP, com destino a Taubaté - SP.",
     "origem", "São José dos Campos - SP"),
    ("partindo da origem em Santa Bárbara d'Oeste até a escola, com retorno no mesmo dia.", "origem",
     "Santa Bárbara d'Oeste"),
    ("TENDO COMO ORIGEM O MUNICÍPIO DE NOVO HAMBURGO E COMO DESTINO O MUNICÍPIO DE CANOAS.", "origem",
     "NOVO HAMBURGO"),
])
def test_a_town_in_a_sentence_ends_where_its_shape_and_the_next_clause_end_it(text, which, town):
    f = contrato._prose_place(_flow(text), which)
    assert f.value == town
    assert f.confidence >= CONFIDENT  # a text layer's words, the clause closing the town


def test_a_place_followed_by_another_town_is_unsure():
    # 'Alvorada e Viamão': two towns, or one place whose name goes on: not a sure origin
    f = contrato._prose_place(_flow("O transporte terá origem em Alvorada e Viamão, até a escola."),
                              "origem")
    assert f.value == "Alvorada" and f.confidence < CONFIDENT


def _two_column_contract() -> list:
    """Two pages in two narrow columns, each page numbered 'fl. n'; the second's first column
    opens with '... e a lista de passageiros' (a clause going on), its closing line after the clauses."""
    left, right = 60, 320
    first = [_centred(40, "CONTRATO DE FRETAMENTO CONTÍNUO DE PASSAGEIROS", 12), (480, 20, "fl. 1", 8, False)]
    first += [(left, 80 + 14 * i, t, 9, False) for i, t in enumerate([
        "CONTRATANTE: Colégio Ipê Amarelo Ltda, inscrita", "no CNPJ sob nº 11.444.777/0001-61;",
        "CONTRATADA: Transportes Coxilha Ltda, inscrita", "no CNPJ sob nº 52.378.121/0001-44;",
        "1. O transporte terá como origem o município de", "Campo Bom/RS e como destino o município de",
        "Esteio/RS, com desembarque no colégio."])]
    first += [(right, 80 + 14 * i, t, 9, False) for i, t in enumerate([
        "2. A vigência é de 01/02/2026 a 31/12/2026,", "podendo ser prorrogada por termo aditivo.",
        "3. São obrigações da CONTRATADA: manter a bordo", "o documento do veículo, a autorização"])]
    second = [(480, 20, "fl. 2", 8, False)]
    second += [(left, 60 + 14 * i, t, 9, False) for i, t in enumerate([
        "de tráfego e a lista de passageiros", "homologada pelo órgão gestor e os",
        "documentos dos condutores; zelar pela", "segurança dos passageiros transportados.",
        "4. Fica eleito o foro da comarca de Esteio/RS."])]
    second += [(right, 130, "Esteio, 20 de janeiro de 2026.", 9, False), (right, 170, "CONTRATANTE", 9, False),
               (right, 210, "CONTRATADA", 9, False)]
    return [first, second]


def test_a_type_named_inside_a_columns_sentence_starts_no_document():
    data = _pdf(*_two_column_contract())
    docs = pipeline.documents_from_extraction(ocr.read(data), "contrato.pdf")
    assert [d.type for d in docs] == ["contrato_fretamento"]
    out = docs[0].fields
    assert str(out["data_assinatura"].value) == "2026-01-20"
    assert out["origem"].value == "Campo Bom/RS" and out["destino"].value == "Esteio/RS"


@pytest.mark.parametrize("text, day", [
    ("E, por estarem justas, as partes assinam em Esteio, 20 de\njaneiro de 2026, na presença das testemunhas.",
     "2026-01-20"),
    ("Este instrumento, assinado em 3 de março de 2026, vigora por doze meses.", "2026-03-03"),
])
def test_the_closing_date_is_read_over_wrapped_lines_or_after_assinado_em(text, day):
    assert str(contrato._closing_in_prose(_flow(text)).value) == day


def test_a_term_of_dates_is_no_closing_date():
    fl = _flow("O contrato vigorará de 5 de fevereiro de 2026 a 22 de dezembro de 2026, prorrogável.")
    assert contrato._closing_in_prose(fl).value is None


@pytest.mark.parametrize("text, origem, destino", [
    ("A empresa levará os alunos, saindo de\nTubarão/SC com destino a Criciúma/SC, nos dias letivos.", "Tubarão/SC",
     "Criciúma/SC"),
    ("O serviço parte diariamente, partindo do município de Rio Grande e chegando ao município de Pelotas, "
     "de segunda a sábado.", "Rio Grande", "Pelotas"),
])
def test_the_route_is_read_from_the_words_that_say_where_the_trip_leaves_and_goes(text, origem, destino):
    fl = _flow(text)
    o, d = contrato._prose_route(fl, "origem"), contrato._prose_route(fl, "destino")
    assert (o.value, d.value) == (origem, destino)
    assert min(o.confidence, d.confidence) >= CONFIDENT


def test_two_sentences_leaving_from_other_towns_leave_the_origin_unsure():
    fl = _flow("Na ida, saindo de Tubarão/SC às 6h. Na volta, saindo de Criciúma/SC às 18h.")
    f = contrato._prose_route(fl, "origem")
    assert f.value == "Tubarão/SC" and f.confidence < CONFIDENT


def test_a_term_said_with_other_verbs_and_a_closing_date_in_days_of_the_month():
    fl = _flow("O contrato começa a valer em 30/11/2025 e termina em 04/06/2026, salvo rescisão.\n"
               "Firmado na cidade de Tubarão, aos 7 (sete) dias do mês de novembro de 2025.")
    ini, fim = contrato._vigencia(fl)
    assert (str(ini.value), str(fim.value)) == ("2025-11-30", "2026-06-04")
    assert str(contrato._closing_in_prose(fl).value) == "2025-11-07"


@pytest.mark.parametrize("text, sure", [
    # a start, then a readjustment's date in a table further on: not the term's end, not sure
    ("VÁLIDO A PARTIR DE 06/04/2025\nDISPOSIÇÕES FINANCEIRAS\nMULTA VALOR POR KM DATA-BASE DO REAJUSTE\n"
     "R$ 901,78 R$ 529,60 06/04/2026", False),
    ("A vigência será de 10/03/2026 a 09/03/2027, podendo ser prorrogada.", True),
    ("Vigência: 10/03/2026 até 09/03/2027", True),
])
def test_a_terms_two_dates_are_sure_only_where_no_other_dates_word_stands_between_them(text, sure):
    ini, fim = contrato._vigencia(_flow(text))
    assert ini.value is not None and fim.value is not None
    assert (min(ini.confidence, fim.confidence) >= CONFIDENT) is sure


def test_an_amount_per_unit_or_a_penalty_is_never_the_contracts_value():
    fl = _flow("Os dados são os seguintes: multa por atraso R$ 647,83, valor por km excedente R$ 361,59 e\n"
               "valor da diária extra R$ 177,65.")
    assert contrato._valor(fl).value != 361.59 and contrato._valor(fl).value != 177.65 or \
        contrato._valor(fl).confidence < CONFIDENT


@pytest.mark.parametrize("read, kept", [("291/2024", True), ("CT-173-2024", True), ("18/06/2024", False),
                                        ("Protocolado", False)])
def test_a_contracts_number_holds_a_digit_and_is_no_date(read, kept):
    from intake.doctypes._common import field
    assert (contrato.numbered(field(read)).value is not None) is kept


def test_a_party_qualified_right_under_a_boxs_value_is_named_from_its_rows_start():
    # no gap between the box's short rows and the prose: the row that ends short of the
    # paragraph's right edge ends what comes before the party's name
    from intake.pipeline import parse_as
    from tests.intake.test_reading_toolkit import ext, row

    lines = ["CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE", "ENDEREÇO DA CONTRATADA", "Rua Sete de Setembro, 100",
             "ASSOCIAÇÃO ESCOLAR BOA VISTA, inscrita no CNPJ sob o nº 76.816.730/2436-15, com sede na Rua",
             "Tiradentes, nº 20, Bairro Centro, Ijuí - RS, neste ato representada por sua presidente, doravante",
             "denominada CONTRATANTE."]
    words = [w for i, line in enumerate(lines) for w in row(line, 0.06, 0.05 + 0.022 * i)]
    f = parse_as(ext(words), "contrato_fretamento", 1, 1)
    assert f["contratante_nome"].value == "ASSOCIAÇÃO ESCOLAR BOA VISTA"
    assert f["contratante_documento"].value == "76816730243615"


def test_a_boxs_label_and_its_address_are_no_partys_name():
    from intake.reading.parties import _is_name

    assert not _is_name("Endereço Avenida Brasil", set())
    assert _is_name("Associação Escolar Boa Vista", set())


def test_a_schools_word_followed_by_its_role_is_a_label_no_schools_name():
    # 'ESCOLA ATENDIDA': the school's role in the contract, as a grid's label prints it
    f = contrato._prose_instituicao(_flow("Os alunos serão levados até a ESCOLA ATENDIDA, conforme o plano."))
    assert f.value is None
    f = contrato._prose_instituicao(_flow("Os alunos serão levados até a ESCOLA SAGRADA FAMÍLIA, situada no centro."))
    assert f.value == "ESCOLA SAGRADA FAMÍLIA"
