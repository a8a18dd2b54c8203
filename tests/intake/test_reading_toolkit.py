"""The reading toolkit (intake/reading/) on hand-built pages: labels, cells, tables, parties
and shapes, each without a PDF. Coordinates are fractions of the page."""

from __future__ import annotations

import random

import pytest

from domain.documents import CONFIDENT
from intake.page.layout import Layout, Span
from intake.doctypes import crlv
from intake.reading.flow import Flow
from intake.reading import shapes
from intake.reading.extract import AMBIGUOUS, Extractor
from intake.reading.labels import LabelIndex
from intake.reading.parties import parties
from intake.reading.tables import read_table
from intake.reading.vocabulary import vocabulary
from ocr.model import Extraction, Line, Page, Word

H = 0.012


def w(text, x, y, conf=1.0):
    return Word(text=text, bbox=(x, y, x + 0.0095 * len(text), y + H), conf=conf)


def row(text, x, y, conf=1.0):
    """Words of one printed line, spaced as a proportional font would."""
    out = []
    for t in text.split():
        out.append(w(t, x, y, conf))
        x += 0.0095 * len(t) + 0.008
    return out


def ext(*word_lists, source="pdf_text", shuffle=True):
    pages = []
    for n, words in enumerate(word_lists, start=1):
        words = list(words)
        if shuffle:  # the extractor's reading order must not matter
            random.Random(n).shuffle(words)
        pages.append(Page(number=n, source=source, width=595, height=842,
                          lines=tuple(Line(words=(x,)) for x in words)))
    return Extraction(media_type="application/pdf", sha256="0" * 64, page_count=len(pages), pages=tuple(pages))


# ---------------------------------------------------------------------------- labels


def test_longest_label_wins_and_a_short_label_is_not_found_inside_it():
    e = ext(row("PLACA ANTERIOR / UF", 0.05, 0.30) + row("PLACA", 0.40, 0.30))
    idx = LabelIndex(Layout(e), vocabulary("crlv"))
    assert [lab.key for lab in idx.of("placa")] == ["placa"]
    assert [lab.key for lab in idx.of("placa_anterior")] == ["placa anterior uf"]


def test_ocr_slip_in_a_long_label_matches_with_less_score_but_not_in_a_short_one():
    e = ext(row("EXERCIGIO", 0.05, 0.10) + row("CNPI", 0.05, 0.30), source="ocr")
    idx = LabelIndex(Layout(e), vocabulary("crlv"))
    found = idx.of("exercicio")
    assert [lab.key for lab in found] == ["exercicio"]
    assert 0.8 < found[0].score < 1.0
    assert idx.of("proprietario_documento") == []  # four letters: no slip allowed
    # on a text layer a label is spelled exactly or it is not a label
    assert LabelIndex(Layout(ext(row("EXERCIGIO", 0.05, 0.10))), vocabulary("crlv")).of("exercicio") == []


def test_label_wrapped_over_two_rows_in_a_narrow_column():
    words = row("Instituição de", 0.05, 0.20) + row("ensino:", 0.05, 0.215) + row("Escola Estadual Rui Barbosa", 0.20, 0.215)
    idx = LabelIndex(Layout(ext(words)), vocabulary("lista_passageiros"))
    labs = idx.of("instituicao")
    assert labs and labs[0].key == "instituicao de ensino" and labs[0].row2 is not None


# ---------------------------------------------------------------------------- cells and fields


def test_value_below_its_label_bounded_by_the_neighbouring_labels():
    words = (row("PLACA", 0.05, 0.20) + row("EXERCÍCIO", 0.30, 0.20) + row("LOTAÇÃO", 0.55, 0.20)
             + row("RAU3I63", 0.05, 0.215) + row("2025", 0.30, 0.215) + row("44P", 0.55, 0.215))
    x = Extractor(ext(words), "crlv")
    assert x.field("placa").value == "RAU3I63"
    assert x.field("exercicio").value == 2025
    lot = x.field("lotacao")
    assert lot.value == 44 and lot.confidence >= CONFIDENT


def test_value_right_of_a_colon_label_in_a_layout_no_parser_names():
    words = (row("Placa do veículo: QXZ-1A23", 0.05, 0.10)
             + row("Ano de fabricação: 2019", 0.05, 0.13)
             + row("Capacidade de passageiros: 46 lugares", 0.05, 0.16))
    x = Extractor(ext(words), "crlv")
    assert x.field("placa").value == "QXZ1A23"
    assert x.field("ano_fabricacao").value == 2019
    assert x.field("lotacao").value == 46


def test_a_label_is_never_a_value_and_a_value_of_the_wrong_shape_is_none():
    # the box under PLACA holds the next label: no placa read, rather than 'CHASSI'
    words = row("PLACA", 0.05, 0.20) + row("CHASSI", 0.05, 0.215) + row("9BM384067BB123456", 0.05, 0.23)
    x = Extractor(ext(words), "crlv")
    assert x.field("placa").value is None
    assert x.field("chassi").value == "9BM384067BB123456"


def test_two_places_reading_two_values_leave_the_field_unsure():
    words = row("Ano de fabricação: 2019", 0.05, 0.10) + row("Ano fab.: 2017", 0.05, 0.50)
    f = Extractor(ext(words), "crlv").field("ano_fabricacao")
    assert f.value in (2019, 2017)
    assert f.confidence <= AMBIGUOUS < CONFIDENT  # review, never a confident pick


def _two_by_two(label_gap, next_gap, above_gap=None):
    """'SEGURADORA   SAC' over 'GUARDIÃ SEGURADORA S.A.   0800 884 2403', then a next row; the
    unknown word 'SAC' may be another box's label or the value of a key-value table's row."""
    y = 0.30
    words = []
    if above_gap is not None:
        words += row("PROPOSTA 74062645", 0.05, y - above_gap - H) + row("0800", 0.40, y - above_gap - H)
    words += row("SEGURADORA", 0.05, y) + row("SAC", 0.40, y)
    y1 = y + H + label_gap
    words += row("GUARDIÃ SEGURADORA S.A.", 0.05, y1) + row("0800 884 2403", 0.40, y1)
    words += row("UTILIZAÇÃO", 0.05, y1 + H + next_gap) + row("FRETAMENTO", 0.40, y1 + H + next_gap)
    return Extractor(ext(words), "apolice_seguro").field("seguradora_nome")


def test_a_grid_row_of_labels_over_values_reads_the_box_below():
    # each label closer to its own value than to the next box: a grid; 'SAC' is a label
    f = _two_by_two(label_gap=0.002, next_gap=0.012, above_gap=0.012)
    assert f.value == "GUARDIÃ SEGURADORA S.A." and f.confidence >= CONFIDENT


def test_evenly_spaced_rows_read_as_a_key_value_table():
    # the rows evenly spaced and the far column going on below: 'SAC' is the row's value
    f = _two_by_two(label_gap=0.006, next_gap=0.006, above_gap=0.006)
    assert f.value == "SAC" and f.confidence >= CONFIDENT


def test_a_block_neither_grid_nor_table_leaves_the_field_unsure():
    f = _two_by_two(label_gap=0.006, next_gap=0.009)
    assert f.value is not None and f.confidence <= AMBIGUOUS


def test_a_value_opening_with_a_label_word_is_still_the_value():
    words = (row("CONTRATANTE", 0.05, 0.10) + row("MUNICÍPIO DE PELOTAS", 0.45, 0.10)
             + row("ANO LETIVO", 0.05, 0.118) + row("2025", 0.45, 0.118)
             + row("PLACA", 0.05, 0.136) + row("IJW1425", 0.45, 0.136))
    f = Extractor(ext(words), "lista_passageiros").field("contratante_nome")
    assert f.value == "MUNICÍPIO DE PELOTAS" and f.confidence >= CONFIDENT


def test_a_numbered_box_opens_at_its_number():
    # '1. CONTRATANTE' over 'BOA VIAGEM ...': the value's first word sits under the number
    words = (row("1. CONTRATANTE", 0.05, 0.10) + row("BOA VIAGEM INDÚSTRIA DE ALIMENTOS S.A.", 0.05, 0.114)
             + row("2. NOME DO TRANSPORTADOR", 0.05, 0.14) + row("IPÊ AMARELO TURISMO LTDA", 0.05, 0.154))
    x = Extractor(ext(words), "contrato_fretamento")
    assert x.field("contratante_nome").value == "BOA VIAGEM INDÚSTRIA DE ALIMENTOS S.A."


def test_a_line_opening_with_a_field_label_ends_the_value_above():
    words = (row("SEGURADO", 0.05, 0.10) + row("MUNICIPIO JARAGUÁ DO SUL", 0.05, 0.116)
             + row("SEGURADO CAMPOS GERAIS TURISMO LTDA", 0.05, 0.132))
    f = Extractor(ext(words), "apolice_seguro").field("segurado_nome")
    assert f.confidence < CONFIDENT  # two places, two names: for a person to decide


def test_a_name_goes_on_below_only_where_its_line_was_full():
    # 'GUARDIÃ SEGURADORA S.A.' had room for 'SAC' on its line: 'SAC' is the next thing printed
    words = (row("NOME DA SEGURADORA", 0.05, 0.10) + row("VW/17.260", 0.50, 0.10)
             + row("GUARDIÃ SEGURADORA S.A.", 0.05, 0.114) + row("SAC", 0.05, 0.128)
             + row("0800 748 2215", 0.05, 0.142))
    f = Extractor(ext(words), "apolice_seguro").field("seguradora_nome")
    assert f.value == "GUARDIÃ SEGURADORA S.A."
    # a name that filled its box wraps onto the next line, and goes on there
    words = (row("NOME DA SEGURADORA", 0.05, 0.10) + row("VW/17.260", 0.30, 0.10)
             + row("COMPANHIA DE SEGUROS", 0.05, 0.114) + row("ALIANÇA S.A.", 0.05, 0.128))
    f = Extractor(ext(words), "apolice_seguro").field("seguradora_nome")
    assert f.value == "COMPANHIA DE SEGUROS ALIANÇA S.A."


def test_a_value_ends_before_a_label_nobody_listed():
    # 'ANO LETIVO:' is in no vocabulary: its ':' still closes the value, at the widest gap
    words = row("NOME DO CONTRATANTE: FUNDAÇÃO DE ENSINO PRIMAVERA", 0.05, 0.10) + \
        row("ANO LETIVO: 2025", 0.55, 0.10)
    f = Extractor(ext(words), "lista_passageiros").field("contratante_nome")
    assert f.value == "FUNDAÇÃO DE ENSINO PRIMAVERA"
    # without a ':', a gap far wider than the line's own spacing ends it
    words = row("CONTRATANTE FUNDAÇÃO REGIONAL CAMINHOS DO SUL", 0.05, 0.20) + row("ANO LETIVO 2024", 0.497, 0.20)
    f = Extractor(ext(words), "lista_passageiros").field("contratante_nome")
    assert f.value == "FUNDAÇÃO REGIONAL CAMINHOS DO SUL"


def test_another_readers_value_is_unsure_where_the_fields_own_cell_holds_something_else():
    from domain.documents import Field
    words = row("SEGURADO(A)", 0.05, 0.10) + row("0800 887 6972", 0.45, 0.10) + row("CEP 94125-741", 0.05, 0.30)
    x = Extractor(ext(words), "apolice_seguro")
    other = Field(value="SAC", confidence=1.0, page=1)
    assert x.field("segurado_nome").value is None
    f = x.field_or("segurado_nome", other)
    assert f.value == "SAC" and f.confidence < CONFIDENT
    # where the field's label is not printed at all, the other reader's value stands as read
    x = Extractor(ext(row("CEP 94125-741", 0.05, 0.30)), "apolice_seguro")
    assert x.field_or("segurado_nome", other).confidence == 1.0
    # unless that value holds the field's own label: a label is never a value
    run_on = Field(value="USO TRANSPORTE COLETIVO COMPANHIA SEGURADORA HORIZONTE SEGUROS S.A.", confidence=0.9, page=1)
    assert x.field_or("seguradora_nome", run_on).confidence < CONFIDENT
    assert x.field_or("seguradora_nome", Field(value="GUARDIÃ SEGURADORA S.A.", confidence=1.0, page=1)).confidence == 1.0


def test_a_wrapped_route_keeps_the_dashes_its_lines_end_or_open_on():
    words = (row("ROTEIRO", 0.05, 0.10)
             + row("Guarapuava (Praça da Matriz) - Rodovia PR-425 - Rua Tiradentes -", 0.05, 0.114)
             + row("Cascavel (portão principal)", 0.05, 0.128)
             + row("ITINERÁRIO", 0.05, 0.20)
             + row("Bento Gonçalves (Terminal) – Estrada Geral", 0.05, 0.214)
             + row("– Caxias do Sul (terminal urbano)", 0.05, 0.228))
    x = Extractor(ext(words), "contrato_fretamento")
    got = [c.value for c in x.candidates("itinerario")]
    assert "Guarapuava (Praça da Matriz) - Rodovia PR-425 - Rua Tiradentes - Cascavel (portão principal)" in got
    assert "Bento Gonçalves (Terminal) – Estrada Geral – Caxias do Sul (terminal urbano)" in got


def test_ocr_confidence_carries_into_the_field():
    words = row("PLACA", 0.05, 0.20, conf=0.96) + row("RAU3I63", 0.05, 0.215, conf=0.55)
    f = Extractor(ext(words, source="ocr"), "crlv").field("placa")
    assert f.value == "RAU3I63" and f.confidence < CONFIDENT


def test_section_heading_scopes_generic_labels():
    words = (row("1. SEGURADO", 0.05, 0.10) + row("Nome: Expresso Serrano Ltda", 0.05, 0.13)
             + row("CNPJ: 11.222.333/0001-81", 0.05, 0.16)
             + row("2. SEGURADORA", 0.05, 0.25) + row("Nome: Companhia Exemplo de Seguros S.A.", 0.05, 0.28)
             + row("CNPJ: 33.000.167/0001-01", 0.05, 0.31))
    x = Extractor(ext(words, shuffle=False), "apolice_seguro")
    assert x.field("segurado_nome").value == "Expresso Serrano Ltda"  # as printed
    assert x.field("segurado_documento").value == "11222333000181"
    assert x.field("seguradora_cnpj").value == "33000167000101"


# ---------------------------------------------------------------------------- tables


def _passenger_table(header, y0=0.20):
    xs = [0.05, 0.12, 0.55, 0.70]
    words = []
    for x, h in zip(xs, header):
        words += row(h, x, y0)
    people = [("1", "Ana Maria Souza", "RG", "12.345.678-9"), ("2", "Bruno Lima", "CPF", "529.982.247-25"),
              ("3", "Carla Dias Neto", "Certidão", "123456 01 55 2012 1 00012 123 1234567 12")]
    for i, cells in enumerate(people):
        y = y0 + 0.025 * (i + 1)
        for x, c in zip(xs, cells):
            words += row(c, x, y)
    words += row("Total de passageiros: 3", 0.05, y0 + 0.2)
    return words


@pytest.mark.parametrize("header", [("Nº", "Nome completo", "Tipo", "Documento"),
                                    ("#", "Passageiro", "Espécie", "Nº do documento"),
                                    ("Ordem", "Aluno", "Tipo doc.", "Identificação")])
def test_table_columns_found_by_their_header_in_any_spelling(header):
    v = vocabulary("lista_passageiros")
    t = read_table(Layout(ext(_passenger_table(header))), v.tables["passageiros"], min_cols=2)
    assert t is not None
    names = [r.text("nome") for r in t.rows]
    assert names == ["Ana Maria Souza", "Bruno Lima", "Carla Dias Neto"]
    assert [r.text("doc") for r in t.rows][1] == "529.982.247-25"
    assert len(t.rows) == 3  # the total below the blank band is not a passenger


def test_table_header_stacked_over_two_rows():
    words = (row("Nº", 0.05, 0.20) + row("Nome do", 0.12, 0.20) + row("Documento", 0.55, 0.20)
             + row("passageiro", 0.12, 0.212) + row("(número)", 0.55, 0.212)
             + row("1", 0.05, 0.24) + row("Ana Maria Souza", 0.12, 0.24) + row("12.345.678-9", 0.55, 0.24))
    v = vocabulary("lista_passageiros")
    t = read_table(Layout(ext(words)), v.tables["passageiros"], min_cols=2)
    assert t is not None and [r.text("nome") for r in t.rows] == ["Ana Maria Souza"]


# ---------------------------------------------------------------------------- parties in prose


def _flow(text):
    words, rows = [], []
    for r, line in enumerate(text.splitlines()):
        for i, t in enumerate(line.split()):
            words.append((1, w(t, 0.05 + 0.05 * i, 0.1 + 0.02 * r)))
            rows.append(r)
    return Flow(words, rows)


ROLES = {"contratante": r"contratantes?", "contratado": r"contratad[oa]s?|transportador[a]?"}


def test_party_before_its_defined_role():
    fl = _flow("De um lado, ESCOLA MUNDO FELIZ LTDA, inscrita no CNPJ sob o nº 11.222.333/0001-81,\n"
               "doravante denominada CONTRATANTE, e de outro lado TRANSPORTES SOL NASCENTE LTDA,\n"
               "CNPJ 45.723.174/0001-10, doravante denominada CONTRATADA, ajustam o seguinte.")
    got = parties(fl, ROLES, ocr=False)
    assert got["contratante"][0].nome.value == "ESCOLA MUNDO FELIZ LTDA"
    assert got["contratante"][0].documento.value == "11222333000181"
    assert got["contratado"][0].nome.value == "TRANSPORTES SOL NASCENTE LTDA"
    assert got["contratado"][0].documento.value == "45723174000110"


def test_a_name_under_one_roles_label_is_never_the_other_party_qualified_after_it():
    # 'Parte Contratante:' in title case (no defined role's capitals) labels the contractor; the
    # carrier's qualification that follows, ending 'denominada CONTRATADA', begins after it
    fl = _flow("Parte Contratante: JOAQUIM DE JESUS GONÇALVES\n"
               "CNPJ/CPF do Cliente: 049.225.814-72\n"
               "Endereço: Rua Tiradentes, nº 3710, Bairro Vila Nova, Chapecó - SC\n"
               "com sede na Travessa das Acácias, nº 2884, doravante denominada CONTRATADA.")
    got = parties(fl, ROLES, ocr=False)
    assert all(p.nome.value != "JOAQUIM DE JESUS GONÇALVES" for p in got["contratado"])


def test_party_after_its_role_and_colon():
    fl = _flow("CONTRATANTE: Associação de Pais do Bairro Alto, CNPJ 11.222.333/0001-81, com sede em\n"
               "Porto Alegre/RS. CONTRATADA: Viação Exemplo S.A., CNPJ 45.723.174/0001-10.")
    got = parties(fl, ROLES, ocr=False)
    assert got["contratante"][0].nome.value == "Associação de Pais do Bairro Alto"
    assert got["contratado"][0].nome.value == "Viação Exemplo S.A."


# ---------------------------------------------------------------------------- shapes


def span(text, conf=1.0):
    return Span(1, tuple(row(text, 0.1, 0.1, conf)))


@pytest.mark.parametrize("text,value", [("44P", 44), ("05P", 5), ("46 lugares", 46), ("00P", 0), ("LOTAÇÃO", None)])
def test_lotacao_shapes(text, value):
    assert shapes.lotacao(span(text)).value == value


def test_years_and_a_year_split_by_ocr():
    a, b = shapes.years(span("2019/2020"))
    assert (a.value, b.value) == (2019, 2020)
    f = shapes.year(span("201 9"), ocr=True)
    assert f.value == 2019 and f.confidence < 1.0


@pytest.mark.parametrize("text,ok", [("Expresso Serrano Ltda", True), ("conforme cláusula terceira do contrato", False),
                                     ("12.345.678-9", False), ("CNPJ 11.222.333/0001-81", False)])
def test_name_shape_rejects_prose_digits_and_labels(text, ok):
    assert (shapes.name(span(text)).value is not None) == ok


def test_money_date_and_doc_shapes():
    assert shapes.money(span("R$ 1.234.567,89")).value == pytest.approx(1234567.89)
    assert str(shapes.date(span("05/03/2026")).value) == "2026-03-05"
    assert shapes.doc(span("CNPJ 45.723.174/0001-10")).value == "45723174000110"


# ---------------------------------------------------------------------------- wraps and runs


def test_a_box_label_set_close_after_a_short_one_on_a_tight_row_still_heads_its_box():
    # 'CONTRATO Nº   NOME DO CONTRATANTE': a gap under RUN_GAP heights, but three times the
    # row's own spacing, parts two boxes; the value under the second starts where it starts
    def tight(text, x, y):  # a row set with a third of a line between its words
        out = []
        for t in text.split():
            out.append(w(t, x, y))
            x += 0.0095 * len(t) + 0.004
        return out

    words = (tight("CONTRATO Nº", 0.05, 0.10) + tight("NOME DO CONTRATANTE", 0.164, 0.10)
             + tight("INSTITUIÇÃO DE DESTINO", 0.60, 0.10)
             + tight("2024.0112", 0.05, 0.116) + tight("UNIÃO ESTUDANTIL DE FEIRA", 0.164, 0.116)
             + tight("COLÉGIO PLANALTO", 0.60, 0.116))
    x = Extractor(ext(words), "lista_passageiros")
    assert x.field("contratante_nome").value == "UNIÃO ESTUDANTIL DE FEIRA"


def test_a_full_line_after_a_colon_label_wraps_back_under_the_label():
    # a paragraph: 'CONTRATANTE: SOCIEDADE ... BOA' / 'VIAGEM' goes on at the label's x
    words = (row("CONTRATANTE: SOCIEDADE MANTENEDORA DO INSTITUTO BOA", 0.05, 0.10) + row("VIAGEM", 0.05, 0.114)
             + row("Nº DE ORDEM", 0.05, 0.15))
    assert Extractor(ext(words), "lista_passageiros").field("contratante_nome").value == \
        "SOCIEDADE MANTENEDORA DO INSTITUTO BOA VIAGEM"
    # a line of its own 'Label:' is the next item, however full the line above
    words = (row("INSTITUIÇÃO DE ENSINO: UNIVERSIDADE REGIONAL PRIMAVERA DO SUL", 0.05, 0.10)
             + row("ANO LETIVO: 2025", 0.05, 0.114))
    assert Extractor(ext(words), "lista_passageiros").field("instituicao").value == \
        "UNIVERSIDADE REGIONAL PRIMAVERA DO SUL"
    # and a line that had room for the next word ends the name there
    words = row("CONTRATANTE: SOCIEDADE BOA", 0.05, 0.10) + row("VIAGEM", 0.05, 0.114) + \
        row("Nº DE ORDEM NOME DO PASSAGEIRO DOCUMENTO", 0.05, 0.20)
    assert Extractor(ext(words), "lista_passageiros").field("contratante_nome").value == "SOCIEDADE BOA"


def test_a_heading_above_a_box_does_not_close_it():
    # 'Dados do Segurado' above, its row joined with another column's lower line: the box
    # under 'Estipulante' still spans the whole name
    heading = [Word(text=t, bbox=(x, 0.3405, x + 0.011 * len(t), 0.3547), conf=1.0)  # (larger print)
               for t, x in (("Dados", 0.515), ("do", 0.58), ("Segurado", 0.63))]
    words = (heading + row("Placa", 0.095, 0.3486)
             + row("ABF-0485", 0.095, 0.3597) + row("Estipulante", 0.515, 0.3644)
             + row("VIAÇÃO VALE VERDE LTDA", 0.515, 0.3785) + row("Identificação da Apólice", 0.095, 0.40))
    x = Extractor(ext(words), "apolice_seguro")
    assert "VIAÇÃO VALE VERDE LTDA" in [c.value for c in x.candidates("segurado_nome")]


def test_a_cell_wrapped_at_tight_leading_stays_with_its_row_across_a_narrow_padding():
    # four name lines set line against line, then 0.39 of a line's padding to the next row:
    # 'GONÇALVES' is the first row's, though the second row's number is nearer to it
    pad = 0.39 * H
    words = row("Nº", 0.05, 0.20) + row("Documento", 0.12, 0.20) + row("Nome", 0.55, 0.20)
    y = 0.22
    for n, doc, lines in (("9", "2.926.003", ["GIOVANI JOSÉ", "MOURA", "TAVARES", "GONÇALVES"]),
                          ("10", "66.396.981-0", ["NATAN PAIVA", "TOLEDO"]),
                          ("11", "43.776.816-0", ["RENATA DIAS", "LOPES"])):
        at = y + H if len(lines) > 2 else y  # (the number beside the name's second line, or its first)
        words += row(n, 0.05, at) + row(doc, 0.12, at)
        for k, text in enumerate(lines):
            words += row(text, 0.55, y + k * H)
        y += len(lines) * H + pad
    v = vocabulary("lista_passageiros")
    t = read_table(Layout(ext(words)), v.tables["passageiros"], min_cols=2, key_columns=["n", "doc"],
                   key_first=("n",))
    assert [r.text("nome") for r in t.rows] == ["GIOVANI JOSÉ MOURA TAVARES GONÇALVES", "NATAN PAIVA TOLEDO",
                                                "RENATA DIAS LOPES"]


def test_a_name_cut_at_its_columns_edge_is_joined_only_where_something_says_so():
    from intake.reading.lexicon import words as lexicon
    from intake.doctypes.lista_passageiros import _Column

    def cell(*lines, y=0.30):
        out = []
        for k, ws in enumerate(lines):
            out += [w(t, x, y + k * H) for t, x in ws]
        return Span(1, tuple(out))

    cells = [cell([("ESTER", 0.70), ("MARIA", 0.757)], [("LACERDA", 0.70), ("VAS", 0.775)], [("CONCELOS", 0.70)]),
             cell([("ANA", 0.70), ("MARIA", 0.737)], y=0.40),
             cell([("ZUQUIMBERTO", 0.70)], [("XAVIERZ", 0.70)], y=0.45),
             cell([("ANA", 0.70)], [("LIMA", 0.70)], y=0.50)]
    col = _Column(cells)
    assert not col.breaks_all  # one full line of four ends well before the edge: it wraps at spaces
    # 'MARIA' is printed whole in another row and 'LACERDA' is a dictionary word: two words;
    # 'VASCONCELOS' is a dictionary word: one, cut
    if {"lacerda", "vasconcelos"} <= lexicon():
        assert col.mend(cells[0]) == ("ESTER MARIA LACERDA VASCONCELOS", True)
    # nothing known either way: the words stay apart, and the name is unsure
    assert col.mend(cells[2]) == ("ZUQUIMBERTO XAVIERZ", False)
    # a line that ends before the edge is no cut
    assert col.mend(cells[3]) == ("ANA LIMA", True)


def test_prose_wrapping_back_to_the_margin_is_no_table_cell_and_an_unlisted_label_ends_a_clause():
    from intake.doctypes import contrato_fretamento as contrato

    # 'ROTEIRO: ... (portão' / 'principal).' / 'HORÁRIOS: ...': the second line starts in the
    # label's column, so the cell right of the label is its first line only
    words = (row("ROTEIRO: Itabira (Ginásio) - Av. Brasil - Juiz de Fora (portão", 0.05, 0.10)
             + row("principal).", 0.05, 0.114) + row("HORÁRIOS: 07h10 (ida) e 12h20 (volta).", 0.05, 0.128))
    lay = Layout(ext(words))
    hit = lay.find("ROTEIRO", whole=True)[0]
    assert [sp.text for sp in lay.cell(hit, min_gap=0.5)] in ([], ["Itabira (Ginásio) - Av. Brasil - Juiz de Fora (portão"])
    # a clause's labelled text ends where a line opens with a 'Label:' nobody listed
    fl = _flow("PONTOS DE EMBARQUE: Rua dos Andradas, 2073, Blumenau; Avenida Brasil, 746\n"
               "FIM: 19/08/2024\nVALOR: R$ 16.100,00")
    a, b = contrato._clause(fl, ["PONTOS DE EMBARQUE"])
    assert fl.text[a:b].strip() == "Rua dos Andradas, 2073, Blumenau; Avenida Brasil, 746"
    # but a schedule's own parts, one per line, stay one text
    fl = _flow("HORÁRIOS: Ida: 06h00\nVolta: 18h00\nVALOR: R$ 100,00")
    a, b = contrato._clause(fl, ["HORÁRIOS"])
    assert fl.text[a:b].split() == ["Ida:", "06h00", "Volta:", "18h00"]


# ---------------------------------------------------------------------------- columns beside a box


def _sized(text, x, y, h, conf=1.0):
    """Words of one printed line in a print `h` high (a grid's small labels, its larger values)."""
    out = []
    for t in text.split():
        out.append(Word(text=t, bbox=(x, y, x + 0.79 * h * len(t), y + h), conf=conf))
        x += 0.79 * h * len(t) + 0.6 * h
    return out


def _segurado_nome(lines) -> str | None:
    """The policy's insured name read from (text, x, y, print height) lines."""
    words = [wd for text, x, y, h in lines for wd in _sized(text, x, y, h)]
    return Extractor(ext(words), "apolice_seguro").field("segurado_nome").value


def test_a_small_label_over_its_value_is_not_read_from_another_columns_line_beside_it():
    # left: 'RAZAO SOCIAL DO SEGURADO' (small) over the name (larger); right, another column's
    # address wraps so that its second line sits on the label's baseline
    assert _segurado_nome([
        ("DADOS DO SEGURADO", 0.11, 0.291, 0.0113), ("ENDEREÇO", 0.513, 0.2857, 0.0087),
        ("Rua Marechal Floriano, 2254, Bairro", 0.513, 0.2973, 0.0113),
        ("RAZAO SOCIAL DO SEGURADO", 0.111, 0.3124, 0.0087),
        ("Centro, São Paulo - SP, CEP 76313-000", 0.513, 0.3099, 0.0113),
        ("EMPRESA DE ÔNIBUS ARAUCÁRIA S.A.", 0.111, 0.324, 0.0113), ("CNPJ DA SEGURADORA", 0.513, 0.3282, 0.0087),
        ("CPF/CNPJ DO SEGURADO", 0.111, 0.3423, 0.0087), ("94.462.194/0001-90", 0.513, 0.3398, 0.0113),
    ]) == "EMPRESA DE ÔNIBUS ARAUCÁRIA S.A."


def test_a_heading_set_off_the_labels_line_in_the_next_column_is_no_value_of_it():
    # 'UF  SEGURADO(A)' in a box, the next column's heading 'DADOS DA APOLICE' (same print) a
    # third of a line lower, at the start of that column's values; under the label, its value
    assert _segurado_nome([
        ("CNPJ/CPF DO SEGURADO", 0.088, 0.1520, 0.0094), ("INICIO", 0.492, 0.1520, 0.0094),
        ("41.337.903/0001-40", 0.088, 0.1635, 0.0100), ("08/01/2025", 0.492, 0.1635, 0.0100),
        ("UF", 0.088, 0.1799, 0.0094), ("SEGURADO(A)", 0.126, 0.1799, 0.0094), ("DADOS DA APOLICE", 0.493, 0.1834, 0.0102),
        ("RS", 0.088, 0.1915, 0.0100), ("TRANSPORTADORA TURÍSTICA MONTE CRISTO LTDA", 0.126, 0.1915, 0.0100),
        ("ENDEREÇO", 0.088, 0.2078, 0.0094), ("PROPOSTA", 0.492, 0.2078, 0.0094),
        ("Avenida Presidente Vargas, 1491", 0.088, 0.2190, 0.0100), ("58437815", 0.492, 0.2190, 0.0100),
    ]) == "TRANSPORTADORA TURÍSTICA MONTE CRISTO LTDA"


def test_the_box_under_a_label_skips_another_columns_line_set_a_little_lower():
    assert _segurado_nome([
        ("Segurado(a)", 0.117, 0.3077, 0.0095), ("Companhia", 0.526, 0.3121, 0.0113),
        ("CAMINHOS DO SUL TRANSPORTES E TURISMO LTDA", 0.117, 0.3192, 0.0112),
        ("CNPJ/CPF do Segurado", 0.117, 0.3367, 0.0094), ("Companhia Seguradora", 0.525, 0.3324, 0.0094),
        ("21.292.135/0001-48", 0.117, 0.3481, 0.0113), ("AURORA COMPANHIA DE SEGUROS", 0.525, 0.3438, 0.0112),
    ]) == "CAMINHOS DO SUL TRANSPORTES E TURISMO LTDA"


def test_a_coverage_amount_centred_beside_a_two_line_name_and_no_clause_number_as_amount():
    from intake.doctypes import apolice_seguro as apolice

    words = (row("Limite Coberturas", 0.09, 0.30)
             + row("R$ 3.000.000,00", 0.09, 0.32) + row("RCF-V - Danos Corporais a Passageiros", 0.25, 0.32)
             + row("Acidentes Pessoais de Passageiros (Morte e", 0.25, 0.34)
             + row("R$ 100.000,00", 0.09, 0.347) + row("Invalidez)", 0.25, 0.354)
             + row("R$ 20.000,00", 0.09, 0.374) + row("APP - Despesas Médico-Hospitalares (DMH)", 0.25, 0.374)
             + row("3. Franquias - Não há franquia para as coberturas de acidentes pessoais de passageiros.",
                   0.09, 0.45))
    out = apolice.parse(ext(words), "apolice_seguro")
    assert out["ap_por_passageiro"].value == 100000.0
    assert apolice._amounts("3. Franquias") == [] and apolice._amounts("R$ 100.000,00")[0][0] == 100000.0


def test_a_word_inside_a_justified_line_of_prose_is_no_label():
    # small letters, words spaced wider than RUN_GAP of the line's (x-)height
    def spaced(text, x, y, h=0.0068, gap=0.0140):
        out = []
        for t in text.split():
            out.append(Word(text=t, bbox=(x, y, x + 0.0079 * len(t), y + h), conf=0.96))
            x += 0.0079 * len(t) + gap
        return out

    words = (row("Contrato Número: CT-167-2024", 0.40, 0.08, conf=0.76)
             + spaced("O presente contrato vigorará de 20/09/2024 a 07/03/2025, podendo ser", 0.117, 0.5626))
    x = Extractor(ext(words, source="ocr"), "contrato_fretamento")
    prose = [lab for lab in x.labels.of("numero_contrato") if lab.words[0].text == "contrato"]
    assert prose and not any(x.cells.stands(lab) for lab in prose)
    assert x.field("numero_contrato").value == "CT-167-2024"


def test_a_dot_leader_after_a_colon_label_is_skipped_and_a_particle_alone_is_no_name():
    words = (row("SEGURADORA:", 0.11, 0.194, conf=0.95) + [w("o.", 0.29, 0.194, conf=0.0)]
             + row("HORIZONTE SEGUROS S.A.", 0.42, 0.194, conf=0.95) + row("ITEM 1 - VEÍCULO", 0.11, 0.218, conf=0.96))
    x = Extractor(ext(words, source="ocr"), "apolice_seguro")
    assert x.field("seguradora_nome").value == "HORIZONTE SEGUROS S.A."
    assert shapes.name(span("de")).value is None


def test_ocr_prose_loses_its_punctuation_specks_and_a_misread_of_a_word_read_sure_elsewhere():
    from intake.reading.lexicon import mend_prose

    assert mend_prose("Travessa das Acácias, 1990,. Boa Vista; Avenida'Brasil, '2320; Rua dos, Andradas") == \
        "Travessa das Acácias, 1990, Boa Vista; Avenida Brasil, 2320; Rua dos Andradas"
    seen = {"itabira": 0.96, "habira": 0.84, "santa": 0.96}
    assert mend_prose("Rua Padre Anchieta, 508, Santa Rita, Habira", seen) == "Rua Padre Anchieta, 508, Santa Rita, Itabira"
    # a word read sure stays as read, however near another
    assert mend_prose("Itabirito, Itabira", {"itabira": 0.96, "itabirito": 0.95}) == "Itabirito, Itabira"
    # nor is a shorter town read unsure made the longer one read sure
    assert mend_prose("Itabirito, Itabira", {"itabira": 0.85, "itabirito": 0.95}) == "Itabirito, Itabira"
    # an accent OCR put on a word the document reads surer without it, however sure itself
    seen = {"vista": 0.96, "vísta": 0.93, "bela": 0.95}
    assert mend_prose("Rua XV, 1453, Bela Vísta; Av. Brasil, Bela Vista", seen) == \
        "Rua XV, 1453, Bela Vista; Av. Brasil, Bela Vista"


def test_a_list_row_not_of_its_columns_kind_or_left_out_between_passengers_is_unsure():
    from intake.doctypes import lista_passageiros as lista

    def page(rows):
        words = row("Nº", 0.05, 0.20, conf=0.95) + row("NOME", 0.12, 0.20, conf=0.95) + row("CPF", 0.55, 0.20, conf=0.95)
        for k, (n, nome, doc) in enumerate(rows):
            y = 0.22 + 0.02 * k
            words += row(n, 0.05, y, conf=0.95) + row(nome, 0.12, y, conf=0.95) + row(doc, 0.55, y, conf=0.95)
        return ext(words, source="ocr")

    sure = [("1", "ANA LIMA SOUZA", "291.417.776-38"), ("2", "JOSÉ CARLOS PEREIRA", "317.066.907-97"),
            ("3", "MARIA DAS DORES", "439.150.008-68")]
    out = lista.parse(page(sure), "lista_passageiros")
    assert len(out["passageiros"].value) == 3 and out["passageiros"].confidence >= CONFIDENT
    # the second passenger's number is no CPF (ten digits): that row is no sure entry
    out = lista.parse(page([sure[0], ("2", "JOSÉ CARLOS PEREIRA", "6463383117"), sure[2]]), "lista_passageiros")
    assert out["passageiros"].rows[1].confidence < CONFIDENT
    # the second passenger printed with no number in the only document column read: left out, so
    # neither the rows nor their count are sure
    out = lista.parse(page([sure[0], ("2", "JOSÉ CARLOS PEREIRA", "-"), sure[2]]), "lista_passageiros")
    assert out["passageiros"].confidence < CONFIDENT and out["total_passageiros"].confidence < CONFIDENT


def test_an_especie_read_with_its_accent_keeps_it_and_one_read_without_stays_without():
    e, t = vocabulary("crlv").values["especie"], vocabulary("crlv").values["tipo"]
    assert shapes.especie(span("PASSAGEIRO ÔNIBUS", conf=0.96), True, e, t).value == "PASSAGEIRO ÔNIBUS"
    assert shapes.especie(span("PASSAGEIRO ONIBUS", conf=0.96), True, e, t).value == "PASSAGEIRO ONIBUS"
    assert shapes.especie(span("PASSAGEIRO/MICRO-ÔNIBUS", conf=0.9), True, e, t).value == "PASSAGEIRO/MICRO-ÔNIBUS"


def test_an_especie_abbreviated_as_a_paper_crlv_prints_it_is_known_and_an_unknown_piece_is_not():
    voc = vocabulary("crlv").values
    e, t = tuple(voc["especie"]) + tuple(voc["especie_abbreviations"]), voc["tipo"]
    got = shapes.especie(span("PAS/ONIBUS", conf=0.91), True, e, t)
    assert (got.value, got.confidence) == ("PAS/ONIBUS", 0.91)
    assert crlv.tipo_veiculo(got.value) == "onibus"
    # three letters no vocabulary knows are still a piece nobody can vouch for
    assert shapes.especie(span("PXS/ONIBUS", conf=0.91), True, e, t).confidence == shapes.UNKNOWN_PART


def test_another_fields_label_set_apart_ends_a_value_and_a_wrapped_colon_label_has_its_value_on_its_line():
    words = (row("ANO MODELO 2015", 0.109, 0.4465) + row("ESPÉCIE / TIPO", 0.297, 0.4465)
             + row("PASSAGEIRO/MICRO-ÔNIBUS", 0.433, 0.4465) + row("CATEG. OFICIAL", 0.704, 0.4465))
    x = Extractor(ext(words), "crlv")
    assert x.field("especie_tipo").value == "PASSAGEIRO/MICRO-ÔNIBUS"
    # 'Companhia' / 'Seguradora: SEGURADORA X S.A.': the value is right of the label's second line
    words = row("Companhia", 0.117, 0.1363) + row("Seguradora: SEGURADORA CRUZEIRO DO SUL S.A.", 0.112, 0.1553)
    x = Extractor(ext(words), "apolice_seguro")
    assert "SEGURADORA CRUZEIRO DO SUL S.A." in [c.value for c in x.candidates("seguradora_nome")]


def test_a_rules_bar_or_a_speck_in_the_label_column_does_not_end_a_wrapped_value():
    words = (row("8. HORÁRIOS", 0.07, 0.331, conf=0.95) + row("ida: saída às 07h00; volta: saída às 17h15 e", 0.37, 0.331, conf=0.96)
             + [w("|", 0.12, 0.35, conf=0.81)] + row("chegada às 18h25", 0.37, 0.35, conf=0.96)
             + row("9. PONTOS DE PARADA", 0.07, 0.374, conf=0.96) + row("Rua Padre Anchieta, 1790", 0.37, 0.374, conf=0.96))
    lay = Layout(ext(words, source="ocr"))
    hit = lay.find("HORÁRIOS", whole=True)[0]
    assert " ".join(sp.text for sp in lay.cell(hit, min_gap=0.5)).endswith("e chegada às 18h25")


def test_a_name_running_into_a_cnpj_of_letters_is_no_name():
    assert shapes.name(span("NOVA ALIANÇA FRETAMENTO E TURISMO LTDA - VP.PID.85L/0001-04")).value is None


def test_a_two_line_coverage_name_with_its_amount_between_is_named_by_both_lines():
    from intake.doctypes import apolice_seguro as apolice

    h = 0.0108  # lines set 0.0111 apart, each amount halfway between its name's two lines
    words = (_sized("Risco", 0.339, 0.0925, h) + _sized("LMI/IS", 0.574, 0.0925, h)
             + _sized("APP - Despesas", 0.339, 0.1087, h) + _sized("R$ 25.000,00", 0.603, 0.1143, h)
             + _sized("Médico-Hospitalares (DMH)", 0.339, 0.1198, h)
             + _sized("Acidentes Pessoais por Passageiro -", 0.339, 0.1363, h) + _sized("R$ 60.000,00", 0.603, 0.1418, h)
             + _sized("APP", 0.339, 0.1474, h)
             + _sized("RCF-V - Danos Corporais a Passageiros", 0.339, 0.1640, h) + _sized("R$ 3.000.000,00", 0.603, 0.1640, h))
    out = apolice.parse(ext(words), "apolice_seguro")
    assert out["dmh_por_passageiro"].value == 25000.0 and out["ap_por_passageiro"].value == 60000.0


def test_a_colon_label_ending_a_line_that_wraps_heads_no_box_below():
    # '1. CONTRATANTE  SOCIEDADE ... - CNPJ:' / '04.985...' (the line's wrap) / '2. TRANSPORTADOR ...
    # - CNPJ: 05.229...': the number under 'CNPJ:' two lines down is the next party's
    words = (row("1. CONTRATANTE", 0.096, 0.12) + row("SOCIEDADE MANTENEDORA DO INSTITUTO - CNPJ:", 0.448, 0.12)
             + row("04.985.153/0001-96", 0.448, 0.1335)
             + row("2. TRANSPORTADOR", 0.096, 0.147))
    second = row("PORTO NOVO TRANSPORTES - CNPJ:", 0.448, 0.147)
    words += second + [w("05.229.841/0001-99", second[-1].bbox[2] + 0.003, 0.147)]  # (under the first 'CNPJ:')
    x = Extractor(ext(words), "contrato_fretamento")
    assert x.field("contratante_documento").value != "05229841000199"


def test_an_ocr_read_company_suffix_slip_is_the_suffix():
    from domain.documents import Field
    from intake.pipeline import ocr_company_suffix

    seg = ext(row("X", 0.1, 0.1), source="ocr")
    fields = {"contratado_nome": Field(value="SERRA AZUL TURISMO LIDA", confidence=0.87, page=1),
              "contratante_nome": Field(value="ESCOLA LIDA", confidence=0.9, page=1)}
    out = ocr_company_suffix("contrato_fretamento", seg, fields)
    assert out["contratado_nome"].value == "SERRA AZUL TURISMO LTDA"
    assert out["contratante_nome"].value == "ESCOLA LIDA"  # two words: no company's name said so
    digital = ocr_company_suffix("contrato_fretamento", ext(row("X", 0.1, 0.1)), fields)
    assert digital["contratado_nome"].value == "SERRA AZUL TURISMO LIDA"  # a text layer prints what it prints


def test_a_label_of_a_row_joined_with_a_lower_date_does_not_close_the_box_under_the_next_label():
    # 'ESTIPULANTE / SEGURADO' shares its row with another column's date set lower, so the row
    # reaches down to 'NOME DO SEGURADO'; its 'SEGURADO' closes nothing there
    lines = [("DATA DE EMISSÃO", 0.117, 0.1894, 0.0099), ("02/07/2025", 0.117, 0.2021, 0.0126),
             ("ESTIPULANTE / SEGURADO", 0.534, 0.1958, 0.0126), ("NOME DO SEGURADO", 0.533, 0.2191, 0.0098),
             ("SEGURADORA", 0.118, 0.2281, 0.0126), ("CARLOS CARLOS ARAÚJO DUARTE", 0.533, 0.2318, 0.0126),
             ("CPF DO SEGURADO", 0.533, 0.2514, 0.0098), ("057.712.067-09", 0.533, 0.2641, 0.0126)]
    assert _segurado_nome(lines) == "CARLOS CARLOS ARAÚJO DUARTE"


# ---------------------------------------------------------------------------- photos and lost labels


def _ocr(*lines):
    """An OCR'd page whose lines are given as Tesseract groups them (a line may run over two)."""
    page = Page(number=1, source="ocr", width=1500, height=2000,
                lines=tuple(Line(words=tuple(ws)) for ws in lines))
    return Extraction(media_type="image/jpeg", sha256="0" * 64, page_count=1, pages=(page,))


def _texts(layout):
    return [" ".join(x.text for x in r.words) for r in layout.rows[1]]


def test_an_ocr_line_run_over_a_label_row_and_the_values_under_it_is_two_rows():
    labels = row("4a DATA EMISSÃO", 0.24, 0.265) + row("4b VALIDADE", 0.32, 0.265)
    values = [w("03/04/2025", 0.24, 0.28), w("03/04/2035", 0.32, 0.28)]
    lay = Layout(_ocr(sorted(labels + values, key=lambda x: x.bbox[0])))
    assert _texts(lay) == ["4a DATA EMISSÃO 4b VALIDADE", "03/04/2025 03/04/2035"]
    x = Extractor(lay, "cnh")
    assert str(x.field("validade").value) == "2035-04-03"


def test_a_tilted_line_is_never_cut_and_on_a_page_held_askew_lines_rank_by_where_they_cross_its_middle():
    tilted = [w(t, 0.1 + 0.12 * i, 0.30 + 0.004 * i) for i, t in enumerate("UM DOIS TRES QUATRO CINCO".split())]
    assert _texts(Layout(_ocr(tilted))) == ["UM DOIS TRES QUATRO CINCO"]

    def askew(text, x, y):  # a line dropping 0.04 of the page per page width
        return [Word(text=t.text, bbox=(t.bbox[0], t.bbox[1] + 0.04 * (t.bbox[0] - x), t.bbox[2],
                                        t.bbox[3] + 0.04 * (t.bbox[0] - x)), conf=0.9) for t in row(text, x, y)]

    # the dates' line runs on into the right column, where it is lower on the page than the
    # next label line is on the left: still it comes before that line
    dates = askew("18/09/2023 18/09/2033 x x x x x x x x DEPARTAMENTO ESTADUAL DE TRÂNSITO DETRAN", 0.10, 0.313)
    dates = [d for d in dates if d.text != "x"]
    lines = [askew("4a DATA EMISSÃO 4b VALIDADE", 0.10, 0.300), dates, askew("4c DOC. IDENTIDADE", 0.10, 0.326)]
    lay = Layout(_ocr(*lines))
    assert lay.tilt[1] == pytest.approx(0.04, abs=0.005)
    assert [t.split()[0] for t in _texts(lay)] == ["4a", "18/09/2023", "4c"]


def test_a_second_passs_read_of_part_of_a_word_is_dropped_but_a_words_own_parts_stay():
    first = row("PLACA ANTERIOR / UF CHASSI", 0.05, 0.40)
    chassi = next(x for x in first if x.text == "CHASSI")
    speck = Word(text="ss", bbox=(chassi.bbox[0] + 0.02, 0.401, chassi.bbox[0] + 0.035, 0.411), conf=0.85)
    lay = Layout(_ocr(first, [speck]))
    assert _texts(lay) == ["PLACA ANTERIOR / UF CHASSI"]
    # one line's words, a box of Tesseract's drawn over its neighbours: all stay
    cpf = Word(text="CPF", bbox=(0.135, 0.487, 0.176, 0.493), conf=0.77)
    rest = [Word(text="/", bbox=(0.152, 0.487, 0.156, 0.494), conf=0.77),
            Word(text="CNPJ", bbox=(0.158, 0.487, 0.176, 0.4925), conf=0.93)]
    assert _texts(Layout(_ocr([cpf] + rest))) == ["CPF / CNPJ"]


def test_a_labels_rest_read_a_slip_away_is_the_label_not_its_value():
    label = [Word(text="ESPÉCE", bbox=(0.117, 0.308, 0.147, 0.317), conf=0.72),
             Word(text="|", bbox=(0.149, 0.308, 0.151, 0.317), conf=0.91),
             Word(text="TPO", bbox=(0.155, 0.308, 0.171, 0.317), conf=0.35)]
    e = _ocr(label, row("PASSAGEIRO MICROONIBUS", 0.118, 0.320, conf=0.9))
    x = Extractor(Layout(e), "crlv")
    assert [lab.key for lab in x.labels.of("especie_tipo")] == ["especie tipo"]
    assert x.field("especie_tipo").value == "PASSAGEIRO MICROONIBUS"


def test_a_cards_numbered_box_stands_after_a_speck_and_heads_the_value_below():
    e = _ocr(row("NIRIO", 0.10, 0.30, conf=0.05) + [Word(text="—", bbox=(0.16, 0.30, 0.17, 0.312), conf=0.42)]
             + row("9CAT.HAB.", 0.18, 0.30, conf=0.9) + row("NACIONALIDADE", 0.33, 0.30, conf=0.9),
             [w("D", 0.18, 0.318, 0.9)])
    x = Extractor(Layout(e), "cnh")
    assert x.field("categoria").value == "D"


def test_a_value_known_by_its_shape_alone_where_its_label_is_lost_is_for_review():
    vin = "93PB58L0NEC343427"
    e = _ocr(row("PLACA ANTERIOR / UF crass", 0.10, 0.39, conf=0.6), row(f"FGK9776/SP {vin}", 0.10, 0.405, conf=0.86))
    f = Extractor(Layout(e), "crlv").by_shape("chassi")
    assert f.value == vin and f.confidence < CONFIDENT
    two = _ocr(row(f"{vin} 9BM382188PA160760", 0.10, 0.40, conf=0.9))
    assert Extractor(Layout(two), "crlv").by_shape("chassi").value is None  # two VINs: which?
    labelled = _ocr(row("CHASSI", 0.10, 0.39, conf=0.9), row("nada", 0.10, 0.405, conf=0.9),
                    row(vin, 0.60, 0.60, conf=0.9))
    assert Extractor(Layout(labelled), "crlv").by_shape("chassi").value is None  # its label stands


def test_a_word_of_seventeen_letters_on_a_text_layer_is_no_chassis():
    # 'PASSAG/MICROONIBUS' is 17 letters, read as a VIN with its I and O as digits
    e = ext(row("NATUREZA: PASSAG/MICROONIBUS", 0.10, 0.40))
    assert Extractor(Layout(e), "crlv").by_shape("chassi").value is None


def test_a_cards_validity_by_shape_is_its_latest_date_unless_that_is_in_another_boxs_cell():
    def latest(x):
        return max(x, key=lambda f: f.value)

    e = _ocr(row("3 DATA, LOCAL E UF DE NASCIMENTO", 0.10, 0.20, 0.9), row("12/08/1979, PORTO ALEGRE", 0.10, 0.215, 0.9),
             row("ae  aa", 0.10, 0.25, 0.2), row("18/09/2023 18/09/2033", 0.10, 0.265, 0.9))
    f = Extractor(Layout(e), "cnh").by_shape("validade", pick=latest)
    assert str(f.value) == "2033-09-18" and f.confidence < CONFIDENT
    owned = _ocr(row("4a DATA EMISSÃO", 0.10, 0.25, 0.9), row("18/09/2033", 0.10, 0.265, 0.9),
                 row("18/09/2023", 0.60, 0.60, 0.9))
    assert Extractor(Layout(owned), "cnh").by_shape("validade", pick=latest).value is None


def test_a_word_of_a_sentence_is_not_a_value_by_its_shape():
    from intake.doctypes.cnh import _categoria

    e = _ocr(row("2 e 1 NOME E SOBRENOME", 0.10, 0.22, 0.9), row("TOMÁS GOMES SANTOS", 0.10, 0.235, 0.9),
             row("LN 14/06/2005 AD BRASILEIRO", 0.10, 0.33, 0.8),
             row("A autenticidade desta CNH digital pode ser conferida", 0.10, 0.60, 0.9))
    f = Extractor(Layout(e), "cnh").by_shape("categoria", _categoria)
    assert f.value == "AD" and f.confidence < CONFIDENT  # not 'A', the sentence's first word
    sentence = _ocr(row("A autenticidade desta CNH digital pode ser conferida", 0.10, 0.60, 0.9))
    assert Extractor(Layout(sentence), "cnh").by_shape("categoria", _categoria).value is None


def test_a_label_word_ending_a_sentence_in_small_letters_is_prose():
    prose = [row("danos causados aos passageiros transportados pelo veículo descrito nesta", 0.10, 0.41, 0.96),
             row("apólice.", 0.10, 0.47, 0.96), row("São Paulo, 27 de dezembro de 2024.", 0.10, 0.50, 0.96)]
    assert Extractor(Layout(_ocr(*prose)), "apolice_seguro").field("numero_apolice").value is None
    labelled = _ocr(row("APÓLICE Nº: 1053327654992", 0.10, 0.20, 0.92), *prose)
    assert Extractor(Layout(labelled), "apolice_seguro").field("numero_apolice").value == "1053327654992"


def test_an_amount_read_much_less_surely_than_its_column_is_for_review() -> None:
    # a coverage table's amounts: Tesseract read one of them at 0.80, its column at 0.95
    from domain.documents import Field
    from intake.reading.peers import against_peers, shape

    assert shape("2.500.000,00") == shape("300.000,00") == (",", 2)
    assert shape("02/01/2024") == ("/", 4) and shape("Coberturas") is None

    def word(text: str, y: float, conf: float, x0: float = 0.107) -> Word:
        return Word(text=text, bbox=(x0, y, x0 + 0.09, y + 0.01), conf=conf)

    column = [word("300.000,00", 0.44, 0.95), word("300.000,00", 0.46, 0.96), word("2.300.000,00", 0.48, 0.80),
              word("100.000,00", 0.50, 0.96), word("30.000,00", 0.53, 0.96)]
    page = Page(number=1, source="ocr", width=1000, height=1400, lines=(Line(words=tuple(column)),))
    ext = Extraction(media_type="application/pdf", sha256="0" * 64, page_count=1, pages=(page,))
    fields = {"rc_por_veiculo": Field(value=2300000.0, confidence=0.80, page=1, bbox=[0.107, 0.48, 0.197, 0.49]),
              "dmh_por_passageiro": Field(value=30000.0, confidence=0.96, page=1, bbox=[0.107, 0.53, 0.197, 0.54])}
    out = against_peers("apolice_seguro", ext, fields)
    assert out["rc_por_veiculo"].confidence < CONFIDENT and out["rc_por_veiculo"].value == 2300000.0
    assert out["dmh_por_passageiro"] == fields["dmh_por_passageiro"]  # as sure as its column
    # a text layer's values are left as read
    text = ext.model_copy(update={"pages": (page.model_copy(update={"source": "pdf_text"}),)})
    assert against_peers("apolice_seguro", text, fields) == fields
