"""A passenger list whose table headers no vocabulary lists, read by what its columns hold: a
column whose cells are, row after row, a person's name or a document's number takes that role;
two columns whose headers were read as one are split by their words' shapes; a document column
holding only kinds' names is the kind's column. An untitled list is a list by its content alone,
a table's header cell naming a document is never the document's title, and a group's subtotal set
close under a row is no part of it. Hand-built pages; coordinates are fractions of the page."""

from __future__ import annotations

from domain.documents import CONFIDENT
from intake import doctypes as parsers
from intake.classify import classify
from intake.pipeline import documents_from_extraction
from tests.intake.test_lista_evidence import _people
from tests.intake.test_reading_toolkit import ext, row

PITCH = 0.024


def _list(heads: list[tuple[str, float]], cells, n: int = 12, title: str = "RELAÇÃO DE PASSAGEIROS",
          top: list = (), after: list = ()):
    """A list's page: a title, the header block, a header row, n rows of cells(i, person) ->
    [(text, x)], and what follows."""
    words = row(title, 0.30, 0.05) if title else []
    for k, text in enumerate(top):
        words += row(text, 0.06, 0.09 + k * 0.02)
    y = 0.20
    for text, x in heads:
        words += row(text, x, y)
    people = _people(n)
    for i, p in enumerate(people):
        for text, x in cells(i, p):
            words += row(text, x, y + (i + 1) * PITCH)
    for k, text in enumerate(after):
        words += row(text, 0.06, y + (n + 2 + k) * PITCH)
    return ext(words), people


def _numbers(f) -> list[str]:
    return [p["documento"] for p in f["passageiros"].value]


def test_columns_under_headers_no_vocabulary_lists_are_read_by_what_they_hold():
    heads = [("ORD.", 0.04), ("TRANSPORTADO(A)", 0.10), ("IDENTIFICADOR", 0.50), ("TIPO", 0.72)]
    e, people = _list(heads, lambda i, p: [(str(i + 1), 0.04), (p[0], 0.10), (p[2], 0.50), (p[1], 0.72)])
    f = parsers.parse("lista_passageiros", e)
    assert [p["nome"] for p in f["passageiros"].value] == [p[0] for p in people]
    assert _numbers(f) == [p[4] for p in people]
    assert f["passageiros"].confidence >= CONFIDENT and (f["total_passageiros"].value, f["total_passageiros"].confident) == (12, True)


def test_a_number_and_a_name_under_one_header_read_as_one_are_split_by_their_shapes():
    # 'IDENTIFICADOR TRANSPORTADO(A)': two headers set close, read as one column
    heads = [("SEQ", 0.04), ("IDENTIFICADOR", 0.10), ("TRANSPORTADO(A)", 0.26), ("TIPO", 0.74)]
    e, people = _list(heads, lambda i, p: [(str(i + 1), 0.04), (p[2], 0.10), (p[0], 0.40), (p[1], 0.74)])
    f = parsers.parse("lista_passageiros", e)
    assert [p["nome"] for p in f["passageiros"].value] == [p[0] for p in people]
    assert _numbers(f) == [p[4] for p in people]


def test_a_document_column_holding_only_kinds_is_the_kinds_and_the_numbers_are_under_another_header():
    heads = [("ORDEM", 0.04), ("DOC. APRESENTADO", 0.10), ("REGISTRO", 0.26), ("NOME DO USUÁRIO", 0.50)]
    e, people = _list(heads, lambda i, p: [(str(i + 1), 0.04), (p[1], 0.10), (p[2], 0.26), (p[0], 0.50)])
    f = parsers.parse("lista_passageiros", e)
    assert [(p["documento_tipo"], p["documento"]) for p in f["passageiros"].value] == [(p[3], p[4]) for p in people]


def test_two_unnamed_columns_of_names_name_none():
    # a passenger's and a guardian's name, neither header known: which is the passenger's is not said
    heads = [("ORD.", 0.04), ("TRANSPORTADO(A)", 0.10), ("RESPONSÁVEL LEGAL", 0.40), ("CPF", 0.72)]
    e, people = _list(heads, lambda i, p: [(str(i + 1), 0.04), (p[0], 0.10), (people_b[i][0], 0.40),
                                           (p[2] if p[3] == "cpf" else "", 0.72)])
    f = parsers.parse("lista_passageiros", e)
    assert f["passageiros"].value is None or f["passageiros"].confidence < CONFIDENT


people_b = list(reversed(_people(12)))


def test_an_untitled_list_is_a_list_by_its_rows_and_a_header_cell_naming_a_document_is_no_title():
    # its title is no list's title the classifier knows; a header cell says 'CERTIDÃO DE NASCIMENTO'
    heads = [("Nº", 0.04), ("NOME", 0.10), ("CERTIDÃO DE NASCIMENTO", 0.40), ("CPF", 0.68), ("RG", 0.78),
             ("MATRÍCULA", 0.88)]
    top = ["CONTRATO: 123/2026", "CLIENTE: PREFEITURA MUNICIPAL DE PASSO FUNDO", "PLACA: ABC1D23"]
    col = {"certidao": 0.40, "cpf": 0.68, "rg": 0.78, "matricula": 0.88}

    def cells(i, p):
        return [(str(i + 1), 0.04), (p[0], 0.10), (p[2], col[p[3]])]

    e, people = _list(heads, cells, title="ESTUDANTES TRANSPORTADOS NO SEMESTRE", top=top)
    assert classify(e)[0] != "certidao"
    doc, = documents_from_extraction(e, "lista.pdf")
    assert (doc.type, doc.type_confidence) == ("lista_passageiros", 0.85)
    assert [p.code for p in doc.problems] == ["document.type_vouched"]


def test_a_page_of_few_rows_is_not_a_list_by_its_content():
    heads = [("Nº", 0.04), ("NOME", 0.10), ("CPF", 0.60)]
    e, _ = _list(heads, lambda i, p: [(str(i + 1), 0.04), (p[0], 0.10), (p[2], 0.60)], n=2,
                 title="ESTUDANTES TRANSPORTADOS NO SEMESTRE", top=["CONTRATO: 123/2026"])
    doc, = documents_from_extraction(e, "lista.pdf")
    assert doc.type == "unknown"


def test_a_groups_subtotal_set_close_under_a_row_is_no_part_of_it():
    heads = [("DN", 0.04), ("NOME", 0.16), ("CPF", 0.50), ("RG", 0.64), ("CERTIDÃO", 0.76)]
    col = {"cpf": 0.50, "rg": 0.64, "certidao": 0.76, "matricula": 0.64}

    def cells(i, p):
        return [("01/02/2012", 0.04), (p[0], 0.16), (p[2], col[p[3]])]

    e, people = _list(heads, cells, n=9)
    # 'Subtotal: 9' under the certificate's column, a third of a row below the last passenger
    words = list(e.pages[0].words) + row("Subtotal: 9", 0.78, 0.20 + 9 * PITCH + 0.013)
    f = parsers.parse("lista_passageiros", ext(words))
    assert _numbers(f) == [p[4] for p in people]


def test_a_groups_subtotal_under_the_numbers_column_is_no_wrap_of_the_last_number():
    heads = [("ORD.", 0.04), ("TRANSPORTADO(A)", 0.10), ("IDENTIFICADOR", 0.50), ("TIPO", 0.72)]

    def cells(i, p):
        return [(str(i + 1), 0.04), (p[0], 0.10), (p[2], 0.50), (p[1], 0.72)]

    e, people = _list(heads, cells, n=6)
    # 'Subtotal: 6' set close under the last row, under the numbers' column
    words = list(e.pages[0].words) + row("Subtotal: 6", 0.52, 0.20 + 6 * PITCH + 0.013)
    f = parsers.parse("lista_passageiros", ext(words))
    assert _numbers(f) == [p[4] for p in people]


def test_a_row_number_read_unsure_in_the_names_cell_is_no_doubt_on_the_name():
    # no numbering column in the header: each row's number opens its name's cell, and OCR reads
    # a lone digit unsure ('3' at 0.17) where it reads the name sure
    words = row("LISTA DE PASSAGEIROS", 0.30, 0.05, 0.96)
    words += row("NOME DO PASSAGEIRO", 0.06, 0.20, 0.96) + row("DOCUMENTO", 0.60, 0.20, 0.96)
    people = [p for p in _people(24) if p[3] in ("cpf", "rg")][:10]
    for i, p in enumerate(people):
        y = 0.20 + (i + 1) * PITCH
        words += row(str(i + 1), 0.06, y, 0.17 if i % 3 == 0 else 0.9)
        words += row(p[0], 0.09, y, 0.96) + row(f"{p[1]} {p[2]}", 0.60, y, 0.96)
    words += row(f"Total de passageiros: {len(people)}", 0.06, 0.20 + 12 * PITCH, 0.96)
    f = parsers.parse("lista_passageiros", ext(words, source="ocr"))
    assert [p["nome"] for p in f["passageiros"].value] == [p[0] for p in people]
    assert all(r.confidence >= CONFIDENT for r in f["passageiros"].rows)
    assert f["passageiros"].confidence >= CONFIDENT


def test_a_header_set_tight_beside_named_ones_heads_a_column_of_its_own():
    # 'USUÁRIO(A)' is no spelling of the list's; it stands less than two word spaces after
    # 'NASCIMENTO' and before 'TIPO' (a tight table), over the names
    heads = [("Nº", 0.04), ("NASCIMENTO", 0.07), ("USUÁRIO(A)", 0.175), ("TIPO", 0.46), ("DOCUMENTO", 0.53)]
    e, people = _list(heads, lambda i, p: [(str(i + 1), 0.04), ("03/05/2001", 0.07), (p[0], 0.175),
                                           (p[1], 0.46), (p[2], 0.53)])
    f = parsers.parse("lista_passageiros", e)
    assert [p["nome"] for p in f["passageiros"].value] == [p[0] for p in people]
    assert _numbers(f) == [p[4] for p in people]
    assert f["passageiros"].confidence >= CONFIDENT


def test_a_header_of_several_words_stays_one_column_where_only_word_spaces_part_them():
    # 'NOME' is a spelling: 'DO USUÁRIO' set a word's space after it is the same header's, no column
    heads = [("Nº", 0.04), ("NOME DO USUÁRIO", 0.07), ("TIPO", 0.46), ("DOCUMENTO", 0.53)]
    e, people = _list(heads, lambda i, p: [(str(i + 1), 0.04), (p[0], 0.07), (p[1], 0.46), (p[2], 0.53)])
    f = parsers.parse("lista_passageiros", e)
    assert [p["nome"] for p in f["passageiros"].value] == [p[0] for p in people]
    assert _numbers(f) == [p[4] for p in people]


def test_a_label_in_a_row_of_labels_over_a_row_of_values_takes_the_value_under_it():
    # four boxes' labels on one row, each over its value: what stands right of 'CONTRATANTE' is
    # the next box's label, its value is under it
    top = row("CONTRATO Nº", 0.05, 0.09) + row("ENTIDADE CONTRATANTE", 0.20, 0.09) \
        + row("ESCOLA ATENDIDA", 0.45, 0.09) + row("TRANSPORTADORA", 0.68, 0.09)
    top += row("352/25", 0.05, 0.105) + row("ASSOCIAÇÃO DOS PAIS", 0.20, 0.105) \
        + row("COLÉGIO SERRA AZUL", 0.45, 0.105) + row("VIAÇÃO PINHEIRAL LTDA", 0.68, 0.105)
    heads = [("Nº", 0.04), ("NOME", 0.10), ("TIPO", 0.50), ("DOCUMENTO", 0.60)]
    e, _ = _list(heads, lambda i, p: [(str(i + 1), 0.04), (p[0], 0.10), (p[1], 0.50), (p[2], 0.60)])
    e = ext(e.pages[0].words + top)
    f = parsers.parse("lista_passageiros", e)
    assert f["contratante_nome"].value == "ASSOCIAÇÃO DOS PAIS"


def test_a_row_holding_a_documents_number_is_never_the_tables_header():
    # a passenger named '... DO NASCIMENTO' with an 'RG' in her row holds two of the list's header
    # spellings, more than the header itself names ('Nº', 'DOC.'): her number says it is a row
    from intake.doctypes.lista_passageiros import COLUMNS, OTHERS
    from intake.page.layout import Layout
    from intake.reading.tables import read_table

    heads = [("N°", 0.04), ("Doc. Apresentado", 0.08), ("Nº de Identificação", 0.25), ("Beneficiario(a)", 0.45)]

    def cells(i, p):
        if i == 5:
            return [("6", 0.04), ("RG", 0.08), ("7.374.169", 0.25), ("MELISSA ARAÚJO DO NASCIMENTO RAMOS", 0.45)]
        return [(str(i + 1), 0.04), (p[1], 0.08), (p[2], 0.25), (p[0], 0.45)]

    e, _ = _list(heads, cells)
    t = read_table(Layout(e), COLUMNS, min_cols=2, key_first=("n",), regrid=True, others=OTHERS)
    header = [w.text for c in t.columns for w in c.header] if t is not None else []
    assert "NASCIMENTO" not in header and "RG" not in header, header
