"""Tables read by where their headers stand: a header cell naming someone the rows are not (`CPF DO
RESPONSÁVEL`) is that person's column, on one line or wrapped; a table set twice side by side
(`Nº NOME CPF   Nº NOME CPF`) is read pane after pane; a header printed again further down the
page starts the columns again; a page's running footer is no row of a table that reaches it; a
numbered row whose kind's cell reads like a title (`2 CERTIDÃO ...`) is no heading. Hand-built
pages; coordinates are fractions of the page."""

from __future__ import annotations

from domain.documents import CONFIDENT
from intake import doctypes as parsers
from intake.classify import classify
from intake.page.layout import Layout
from intake.reading.tables import read_table
from intake.reading.vocabulary import vocabulary
from tests.intake.test_lista_by_content import PITCH, _list
from tests.intake.test_lista_evidence import _people
from tests.intake.test_reading_toolkit import ext, row

GUARDIANS = list(reversed(_people(12)))  # other people's names and CPFs, the same shapes as the passengers'
GUARDIAN_CPFS = [p[2] for p in _people(48) if p[3] == "cpf"]


def _docs(f) -> list[tuple[str, str]]:
    return [(p["documento_tipo"], p["documento"]) for p in f["passageiros"].value]


def test_a_guardians_cpf_column_is_no_passengers_document():
    heads = [("Nº", 0.04), ("NOME DO ALUNO", 0.08), ("RG", 0.40), ("CPF DO RESPONSÁVEL", 0.56), ("RESPONSÁVEL", 0.76)]
    e, people = _list(heads, lambda i, p: [(str(i + 1), 0.04), (p[0], 0.08), (f"{1098765400 + i}", 0.40),
                                           (GUARDIAN_CPFS[i], 0.56), (GUARDIANS[i][0], 0.76)],
                      after=["TOTAL DE PASSAGEIROS: 12"])
    f = parsers.parse("lista_passageiros", e)
    assert _docs(f) == [("rg", f"{1098765400 + i}") for i in range(12)]
    assert [p["nome"] for p in f["passageiros"].value] == [p[0] for p in people]
    assert f["passageiros"].confidence >= CONFIDENT


def test_a_guardians_column_wrapped_over_two_lines_is_theirs_too():
    # 'DOC. DO' / 'RESPONSÁVEL' and 'Nº' / 'DOCUMENTO': only the stacked header says whose each is
    words = row("RELAÇÃO DE PASSAGEIROS", 0.30, 0.05)
    for text, x in (("NOME DO ESTUDANTE", 0.04), ("DOC. DO", 0.42), ("TIPO DO", 0.55), ("Nº", 0.68)):
        words += row(text, x, 0.20)
    for text, x in (("RESPONSÁVEL", 0.42), ("DOCUMENTO", 0.55), ("DOCUMENTO", 0.68)):
        words += row(text, x, 0.20 + 0.6 * PITCH)
    people = _people(12)
    for i, p in enumerate(people):
        y = 0.20 + (i + 2) * PITCH
        words += row(p[0], 0.04, y) + row(GUARDIAN_CPFS[i], 0.42, y) + row(p[1], 0.55, y) + row(p[2], 0.68, y)
    words += row("TOTAL DE PASSAGEIROS: 12", 0.04, 0.20 + 15 * PITCH)
    f = parsers.parse("lista_passageiros", ext(words))
    assert _docs(f) == [(p[3], p[4]) for p in people]
    assert f["passageiros"].confidence >= CONFIDENT


def _two_up(first_cells: float = 0.04, second: float = 0.52):
    words = row("LISTA DE PASSAGEIROS", 0.30, 0.05)
    people = _people(24)
    for x in (first_cells, second):
        words += row("Nº", x, 0.20) + row("NOME", x + 0.04, 0.20) + row("DOCUMENTO", x + 0.30, 0.20)
    for i, p in enumerate(people):
        x = first_cells if i < 12 else second
        y = 0.20 + (i % 12 + 1) * PITCH
        words += row(str(i + 1), x, y) + row(p[0].split()[0] + " " + p[0].split()[-1], x + 0.04, y)
        words += row(p[2], x + 0.30, y)
    words += row("TOTAL DE PASSAGEIROS: 24", 0.04, 0.20 + 14 * PITCH)
    return ext(words), people


def test_a_table_set_twice_side_by_side_is_read_pane_after_pane():
    e, people = _two_up()
    f = parsers.parse("lista_passageiros", e)
    assert [p["documento"] for p in f["passageiros"].value] == [p[4] for p in people]
    assert (f["total_passageiros"].value, f["total_passageiros"].confident) == (24, True)
    assert f["passageiros"].confidence >= CONFIDENT


def test_a_header_printed_again_lower_on_the_page_sets_the_columns_again():
    # the page's two halves read one after the other: the second half's header below the first's rows
    words = row("LISTA DE PASSAGEIROS", 0.30, 0.05)
    people = _people(16)
    y = 0.16
    for half, (a, b) in enumerate(((0.06, 0.40), (0.10, 0.55))):  # the second half's columns stand elsewhere
        words += row("NOME", a, y) + row("DOCUMENTO", b, y)
        for p in people[half * 8:(half + 1) * 8]:
            y += PITCH
            words += row(p[0], a, y) + row(p[2], b, y)
        y += PITCH
    words += row("TOTAL DE PASSAGEIROS: 16", 0.06, y + PITCH)
    t = read_table(Layout(ext(words).pages), vocabulary("lista_passageiros").tables["passageiros"], min_cols=2)
    assert t is not None
    assert [r.text("doc") for r in t.rows] == [p[2] for p in people]
    assert [r.text("nome") for r in t.rows] == [p[0] for p in people]


def test_a_running_footer_is_no_row_of_a_table_that_reaches_it():
    cols = vocabulary("apolice_seguro").tables["coberturas"]
    footer = "SEGURADORA EXEMPLO S.A. - CNPJ 01.564.768/0001-50 - Rua Sete de Setembro, 1607 - Curitiba/PR"
    pages = []
    for n, rows in enumerate(((("Morte Acidental", "120.000,00"), ("Invalidez Permanente", "100.000,00")),
                              (("DMH", "10.000,00"), ("Danos Materiais", "500.000,00")))):
        top = 0.78 if n == 0 else 0.20  # the first page's table runs down to its footer
        words = row("COBERTURA", 0.06, top) + row("LIMITE", 0.55, top)
        for i, (name, amount) in enumerate(rows):
            words += row(name, 0.06, top + (i + 1) * PITCH) + row(amount, 0.55, top + (i + 1) * PITCH)
        pages.append(words + row(footer, 0.06, 0.86) + row(f"Página {n + 1} de 2", 0.06, 0.89))
    t = read_table(Layout(ext(*pages).pages), cols, min_cols=2, require=("cobertura",))
    assert t is not None
    assert [(r.text("cobertura"), r.text("limite")) for r in t.rows] == [
        ("Morte Acidental", "120.000,00"), ("Invalidez Permanente", "100.000,00"),
        ("DMH", "10.000,00"), ("Danos Materiais", "500.000,00")]


def test_a_numbered_rows_kind_cell_is_no_title():
    # no title the vocabularies know; 'CERTIDÃO' opens the table's second row, after its number
    heads = [("SEQ", 0.04), ("ESPÉCIE", 0.09), ("NOME", 0.20), ("NÚMERO", 0.55)]
    e, _ = _list(heads, lambda i, p: [(f"{i + 1:02d}", 0.04), (p[1], 0.09), (p[0], 0.20), (p[2], 0.55)],
                 title="LISTA DE ESTUDANTES DA LINHA 4", after=["Total 12"])
    kind, _ = classify(e)
    assert kind != "certidao"


def test_a_kind_and_its_number_opening_a_tables_row_is_no_title():
    # a list's second page: its header again, then rows whose document cell opens with its kind
    words = []
    for text, x in (("DOCUMENTO (NÚMERO)", 0.04), ("DN", 0.36), ("ALUNO", 0.48)):
        words += row(text, x, 0.06)
    for i, p in enumerate(_people(8)):
        y = 0.06 + (i + 1) * PITCH
        words += row(f"{p[1]} {p[2]}", 0.04, y) + row("14/06/2012", 0.36, y) + row(p[0], 0.48, y)
    kind, _ = classify(ext(words))
    assert kind != "certidao"
