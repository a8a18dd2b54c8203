"""A value belongs to the label that names it, read by what the label means: vehicle registers
drawn here as `LABEL: value` pairs several to a line, as key-value tables and with dates of other
meanings (acquisition, inspection, the consultation's, the print's) beside the emission date, in
spellings and orders of our own. Coordinates are fractions of the page."""

from __future__ import annotations

from dataclasses import replace

from domain.documents import CONFIDENT
from intake.page.layout import Layout
from intake.doctypes import crlv
from intake.reading.extract import Extractor
from intake.reading.labels import LabelIndex
from intake.reading.vocabulary import vocabulary
from tests.intake.test_reading_toolkit import ext, row, w

H = 0.012


def _page(*lines, source="pdf_text"):
    words = []
    for text, x, y in lines:
        words += row(text, x, y)
    return ext(words, source=source)


def _emission(*lines, source="pdf_text"):
    return crlv.parse(_page(*lines, source=source), "crlv")["data_emissao"]


# ---------------------------------------------------------------- what a label means


def test_the_vocabulary_says_which_date_labels_never_name_the_emission_date():
    spec = vocabulary("crlv").fields["data_emissao"]
    for never in ("data da ultima vistoria", "data e hora da consulta", "data de aquisicao do veiculo",
                  "vencimento do licenciamento", "impresso em"):
        assert spec.never_in(never), never
    for label in ("data de emissao", "data de emissao do crlv", "expedicao", "data do documento"):
        assert not spec.never_in(label), label


def test_a_label_qualified_before_its_colon_is_one_label_meaning_what_the_whole_says():
    page = _page(("Data de emissão do certificado: 15/01/2024", 0.05, 0.10),
                 ("Data da última vistoria realizada: 03/01/2024", 0.05, 0.13),
                 ("Data e hora da consulta: 20/04/2024", 0.05, 0.16))
    idx = LabelIndex(Layout(page), vocabulary("crlv"))
    labs = idx.of("data_emissao")
    assert [len(lab.words) for lab in labs] == [5]  # 'Data de emissão' + 'do certificado:'
    # the other two open with a spelling of the field ('Data'), or one the vocabulary says is
    # another date's; what follows says they are other dates: labels of nothing, up to their ':'
    others = [lab for (_, r), labs in idx.by_row.items() if r > 0 for lab in labs]
    assert [lab.words[-1].text for lab in others] == ["realizada:", "consulta:"]
    assert all(lab.fields == () for lab in others)
    f = crlv.parse(page, "crlv")["data_emissao"]
    assert f.value == "2024-01-15" and f.confidence >= CONFIDENT


# ---------------------------------------------------------------- `LABEL: value` pairs on a line


def test_inline_pairs_several_to_a_line_each_value_bounded_by_the_next_label():
    page = _page(("Renavam: 01234567897", 0.05, 0.10), ("Placa: QRT4E21", 0.36, 0.10),
                 ("Chassi: 9BWZZZ377VT004251", 0.62, 0.10),
                 ("Categoria: ALUGUEL", 0.05, 0.13), ("Espécie/Tipo: PASSAGEIRO/ÔNIBUS", 0.36, 0.13),
                 ("Lotação: 44", 0.75, 0.13),
                 ("CPF/CNPJ: 11.222.333/0001-81", 0.05, 0.16), ("Proprietário: VIAÇÃO SERRA AZUL LTDA", 0.42, 0.16),
                 # the emission date between two dates of other meanings, each nearer to it than ...
                 ("Aquisição: 10/02/2020", 0.05, 0.19), ("Expedição: 15/01/2024", 0.32, 0.19),
                 ("Última vistoria: 03/01/2024", 0.58, 0.19),
                 # ... and the screen's own date, by no label the vocabulary lists
                 ("Gerado pelo sistema em: 20/04/2024 10:11", 0.05, 0.22))
    out = crlv.parse(page, "crlv")
    assert out["data_emissao"].value == "2024-01-15" and out["data_emissao"].confidence >= CONFIDENT
    assert out["placa"].value == "QRT4E21" and out["renavam"].value == "01234567897"
    assert out["chassi"].value == "9BWZZZ377VT004251"
    assert out["especie_tipo"].value == "PASSAGEIRO/ÔNIBUS" and out["lotacao"].value == 44
    assert out["proprietario_nome"].value == "VIAÇÃO SERRA AZUL LTDA"
    assert out["proprietario_documento"].value == "11222333000181"


def test_pairs_set_one_space_apart_labels_nobody_listed_bound_the_values():
    f = _emission(("Adquirido em: 10/02/2020 Data do documento: 15/01/2024 Vistoriado em: 03/01/2024", 0.05, 0.19))
    assert f.value == "2024-01-15" and f.confidence >= CONFIDENT
    # the emission label last on its line, after two dates of other meanings
    f = _emission(("Vencimento do licenciamento: 30/09/2024 Consulta em: 20/04/2024 Emitido em: 15/01/2024",
                   0.05, 0.19))
    assert f.value == "2024-01-15" and f.confidence >= CONFIDENT


def test_a_name_ends_where_the_next_unlisted_label_begins():
    page = _page(("Proprietário: VIAÇÃO SERRA AZUL LTDA Tipo de combustível: DIESEL", 0.05, 0.16))
    f = Extractor(page, "crlv").field("proprietario_nome")
    assert f.value == "VIAÇÃO SERRA AZUL LTDA" and f.confidence >= CONFIDENT
    # all in small letters nothing tells where the name ends: not sure
    page = _page(("Proprietário: Viação Serra Azul Ltda Tipo de combustível: Diesel", 0.05, 0.16))
    assert Extractor(page, "crlv").field("proprietario_nome").confidence < CONFIDENT


# ---------------------------------------------------------------- a key-value table


def test_a_key_value_table_the_decoys_in_the_value_column_nearer_than_the_label():
    # the dates of the rows above and below sit closer to the emission date than its label does
    rows = [("Marca/Modelo", "VOLVO/B270F"), ("Data de aquisição do veículo", "10/02/2020"),
            ("Data de emissão do certificado", "15/01/2024"), ("Última vistoria", "03/01/2024"),
            ("Consultado em", "20/04/2024")]
    lines = [(lab, 0.06, 0.30 + i * 0.02) for i, (lab, _) in enumerate(rows)]
    lines += [(val, 0.45, 0.30 + i * 0.02) for i, (_, val) in enumerate(rows)]
    f = _emission(*lines)
    assert f.value == "2024-01-15" and f.confidence >= CONFIDENT
    # without the emission row, nothing on the page is the emission date
    del lines[2], lines[6]
    assert _emission(*lines).value is None


def test_a_number_far_right_of_its_label_is_its_value_whatever_ocrs_letter_heights_say():
    # OCR boxes hug the letters: the label's words stand lower than its value's digits, and a
    # heading under it taller; the number is no label of a row of labels
    words = ([w("Proprietário", 0.06, 0.40, 0.96), w("TRANSPORTES", 0.45, 0.40, 0.95), w("SERRA", 0.56, 0.40, 0.95),
              w("LTDA", 0.62, 0.40, 0.95),
              Word_h("CPF/CNP)", 0.06, 0.42, 0.0085, 0.86), Word_h("do", 0.145, 0.42, 0.0080, 0.95),
              Word_h("proprietário", 0.17, 0.42, 0.0100, 0.96), Word_h("21.658.073/0001-45", 0.45, 0.42, 0.0100, 0.9),
              Word_h("Licenciamento", 0.06, 0.445, 0.0125, 0.96)])
    x = Extractor(ext(words, source="ocr"), "crlv")
    assert [len(lab.words) for lab in x.labels.of("proprietario_documento")] == [3]  # 'CNP)': one slip
    assert x.field("proprietario_documento").value == "21658073000145"


def Word_h(text, x, y, h, conf):  # noqa: N802 (a word as OCR boxes it: its own height)
    from ocr.model import Word

    return Word(text=text, bbox=(x, y, x + 0.0095 * len(text), y + h), conf=conf)


# ---------------------------------------------------------------- no label decides: unsure


def test_two_dates_in_one_labels_cell_leave_the_date_unsure():
    f = _emission(("Emissão: 15/01/2024 Vistoria 03/01/2024", 0.05, 0.19))
    assert f.value is not None and f.confidence < CONFIDENT
    f = _emission(("Data: 15/01/2024 20/04/2024", 0.05, 0.19))
    assert f.value is not None and f.confidence < CONFIDENT


def test_a_date_under_a_label_of_another_meaning_is_never_the_emission_date():
    assert _emission(("Data da última vistoria realizada: 03/01/2024", 0.05, 0.19)).value is None
    assert _emission(("Data e hora da consulta: 20/04/2024 15:54", 0.05, 0.19)).value is None
    assert _emission(("Data de aquisição do veículo:", 0.05, 0.19), ("10/02/2020", 0.40, 0.19)).value is None


def test_a_label_naming_the_emission_decides_against_a_bare_date_label():
    # 'Data:' names a date, not which: the page's print date loses to the label that says emission
    f = _emission(("Data: 20/04/2024", 0.70, 0.05), ("Data de emissão: 15/01/2024", 0.05, 0.19))
    assert f.value == "2024-01-15" and f.confidence >= CONFIDENT
    # two bare 'Data' labels with two dates: no label decides
    f = _emission(("Data: 20/04/2024", 0.70, 0.05), ("Data: 15/01/2024", 0.05, 0.19))
    assert f.value is not None and f.confidence < CONFIDENT


# ---------------------------------------------------------------- two prints of one plate


def test_a_plate_a_character_apart_from_the_old_plate_beside_it_is_unsure():
    # a converted plate prints the old one with its 5th digit made a letter: 'KQW6091' becomes
    # 'KQW6A91'; read 'KQW0A91' sure, the two boxes disagree on a character nothing explains
    words = (row("Placa", 0.06, 0.22, 0.96) + [w("KQWOA91", 0.40, 0.22, 0.87)]
             + row("Placa anterior", 0.06, 0.24, 0.96) + [w("KQW6091", 0.40, 0.24, 0.73)])
    got = crlv.parse(ext(words, source="ocr"), "crlv")["placa"]
    assert got.value in ("KQW0A91", "KQW6A91") and got.confidence < CONFIDENT
    # the same plate in both: sure; and an old plate of another state, wholly other: no conflict
    same = (row("Placa", 0.06, 0.22, 0.96) + [w("KQW6A91", 0.40, 0.22, 0.87)]
            + row("Placa anterior", 0.06, 0.24, 0.96) + [w("KQW6091", 0.40, 0.24, 0.9)])
    got = crlv.parse(ext(same, source="ocr"), "crlv")["placa"]
    assert got.value == "KQW6A91" and got.confidence >= CONFIDENT
    other = (row("Placa", 0.06, 0.22, 0.96) + [w("KQW6A91", 0.40, 0.22, 0.87)]
             + row("Placa anterior", 0.06, 0.24, 0.96) + [w("MBC3344", 0.40, 0.24, 0.9)])
    alone = crlv.parse(ext(other[:2], source="ocr"), "crlv")["placa"]
    assert crlv.parse(ext(other, source="ocr"), "crlv")["placa"] == alone and alone.value == "KQW6A91"


def test_a_label_in_capitals_naming_another_date_is_never_the_emission_dates():
    assert _emission(("DATA ÚLTIMA VISTORIA: 03/01/2024", 0.05, 0.19)).value is None
    f = _emission(("DATA ÚLTIMA VISTORIA: 03/01/2024", 0.05, 0.19), ("EXPEDIÇÃO: 15/01/2024", 0.55, 0.19))
    assert f.value == "2024-01-15" and f.confidence >= CONFIDENT


def test_boxes_labels_over_values_the_emission_box_between_two_other_dates():
    f = _emission(("AQUISIÇÃO", 0.05, 0.30), ("EMITIDO EM", 0.35, 0.30), ("ÚLTIMA VISTORIA", 0.65, 0.30),
                  ("10/02/2020", 0.05, 0.32), ("15/01/2024", 0.35, 0.32), ("03/01/2024", 0.65, 0.32))
    assert f.value == "2024-01-15" and f.confidence >= CONFIDENT
    f = _emission(("Adquirido em", 0.05, 0.30), ("Data do documento", 0.35, 0.30), ("Vistoriado em", 0.65, 0.30),
                  ("10/02/2020", 0.05, 0.32), ("15/01/2024", 0.35, 0.32), ("03/01/2024", 0.65, 0.32))
    assert f.value == "2024-01-15" and f.confidence >= CONFIDENT
    # the emission box left empty: the date of the box beside it is not its
    assert _emission(("Data da consulta", 0.05, 0.30), ("Emissão", 0.45, 0.30), ("10/02/2020", 0.05, 0.32)).value is None


def test_a_whole_label_with_its_value_beside_it_does_not_wrap_onto_the_next_rows_label():
    # 'ANO FAB.   2010' over 'MODELO ANO   2011' in a key-value table: two labels, not 'ANO FAB. /
    # MODELO' wrapped
    page = _page(("ANO FAB.", 0.08, 0.30), ("2010", 0.35, 0.30), ("MODELO ANO", 0.08, 0.315), ("2011", 0.35, 0.315))
    out = crlv.parse(page, "crlv")
    assert (out["ano_fabricacao"].value, out["ano_modelo"].value) == (2010, 2011)
    # a label wrapped in its column, its value beside its first line, is one label
    page = _page(("CÓDIGO", 0.52, 0.30), ("38706129951", 0.66, 0.30), ("RENAVAM", 0.52, 0.315))
    assert crlv.parse(page, "crlv")["renavam"].value == "38706129951"


def test_a_title_case_label_with_capitalised_particles_is_no_part_of_the_name_after_it():
    from intake.pipeline import parse_as
    page = _page(("APÓLICE DE SEGURO RCF-V", 0.30, 0.05), ("Apólice nº 5550001234", 0.05, 0.10),
                 ("Responsável Pelo Risco SOLAR SEGUROS GERAIS S.A.", 0.05, 0.14),
                 ("Segurado: VIAÇÃO SERRANA LTDA", 0.05, 0.18))
    f = parse_as(page, "apolice_seguro", 1, 1)["seguradora_nome"]
    assert f.value is None or (f.value == "SOLAR SEGUROS GERAIS S.A." and f.confidence < CONFIDENT)


def _contract(*lines):
    from intake.pipeline import parse_as
    return parse_as(_page(("CONTRATO DE FRETAMENTO", 0.30, 0.05), *lines), "contrato_fretamento", 1, 1)


def test_words_before_a_colon_under_a_parties_heading_are_its_label_never_its_name():
    f = _contract(("Dados da Contratada", 0.05, 0.20), ("Operadora: AUTO VIAÇÃO CAMPOS GERAIS LTDA", 0.05, 0.22))
    assert f["contratado_nome"].value != "Operadora"


def test_a_title_case_word_before_a_name_in_capitals_is_its_label():
    f = _contract(("Dados do Contratante", 0.05, 0.20), ("Cliente FUNDAÇÃO ESCOLA TÉCNICA PINHEIRAL", 0.05, 0.22))
    got = f["contratante_nome"]
    assert got.value in (None, "FUNDAÇÃO ESCOLA TÉCNICA PINHEIRAL") and (got.value is None or got.confidence < CONFIDENT)


def test_a_value_ending_on_a_word_that_introduces_a_value_is_a_label():
    from intake.reading.finish import _introduces
    assert [_introduces(v) for v in ("Chegada em", "VÁLIDO ATÉ", "Ajuste Nº", "Rio de Janeiro", "SÃO JOSÉ")] == \
        [True, True, True, False, False]


def test_a_representatives_cpf_in_the_contractors_section_is_never_the_contractors_document():
    from domain.ids import cpf
    base = "462657637"
    rep = base + cpf.check_digits(base)
    f = _contract(("DADOS DO CONTRATANTE", 0.05, 0.20), ("TOMADOR DO SERVIÇO: ASSOCIAÇÃO DE PAIS E ALUNOS", 0.05, 0.22),
                  ("REPRESENTANTE: CARLOS LOPES RIBAS", 0.05, 0.24),
                  (f"CPF DO REPRESENTANTE: {rep[:3]}.{rep[3:6]}.{rep[6:9]}-{rep[9:]}", 0.05, 0.26))
    assert f["contratante_documento"].value != rep


def test_a_party_named_by_one_word_or_by_an_address_is_unsure():
    f = _contract(("DADOS DA CONTRATADA", 0.05, 0.20), ("OPERADORA", 0.05, 0.22))
    assert f["contratado_nome"].value is None or f["contratado_nome"].confidence < CONFIDENT
    f = _contract(("DADOS DA CONTRATADA", 0.05, 0.20), ("Endereço Rua Duque de Caxias", 0.05, 0.22))
    assert f["contratado_nome"].value is None or f["contratado_nome"].confidence < CONFIDENT


def test_a_wrapped_label_is_a_label_like_any_other():
    """A label wrapped onto the row below holds its words in a tuple, as LabelAt declares: it
    hashes and compares as the labels of one row do."""
    page = _page(("CÓDIGO", 0.52, 0.30), ("38706129951", 0.66, 0.30), ("RENAVAM", 0.52, 0.315))
    (lab,) = LabelIndex(Layout(page), vocabulary("crlv")).of("renavam")
    assert lab.row2 == 1 and [w.text for w in lab.words] == ["CÓDIGO", "RENAVAM"]
    assert isinstance(lab.words, tuple)
    assert lab == replace(lab) and hash(lab) == hash(replace(lab)) and len({lab, replace(lab)}) == 1
