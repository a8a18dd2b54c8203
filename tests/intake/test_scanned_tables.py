"""Scanned tables that lose rows to their rules: a row's number read with the cell's rule glued to
it ('19|', unsure, the rule's height) stays its row's number; a speck OCR read as a word before a
document's number ('pur 298560 ...') makes no heading of a passenger's row; a header cell no
vocabulary names heads a column over a page's last two rows; a row whose number a photocopy faded
is a row of its own where the numbers around it skip one. Hand-built OCR'd pages; coordinates are
fractions of the page."""

from __future__ import annotations

from domain.documents import CONFIDENT
from intake import doctypes as parsers
from intake.doctypes.lista_passageiros import heading
from intake.page.layout import Row, Span
from ocr.model import Word
from tests.intake.test_lista_by_content import PITCH
from tests.intake.test_lista_evidence import _people
from tests.intake.test_reading_toolkit import H, ext, row, w


TIGHT = 1.25 * H  # rows set close, a quarter of a line apart: a ruled table's


def _ocr_list(n: int, cells, header=(("Nº", 0.04), ("NOME", 0.09), ("DOCUMENTO", 0.45)), after=()):
    words = row("LISTA DE PASSAGEIROS", 0.30, 0.05, conf=0.95)
    for text, x in header:
        words += row(text, x, 0.20, conf=0.95)
    people = _people(n)
    for i, p in enumerate(people):
        words += cells(i, p, 0.20 + (i + 1) * TIGHT)
    for k, text in enumerate(after):
        words += row(text, 0.04, 0.20 + (n + 2 + k) * TIGHT, conf=0.95)
    return ext(words, source="ocr"), people


def test_a_row_number_read_with_its_cells_rule_glued_stays_its_rows_number():
    def cells(i, p, y):
        out = row(p[0], 0.09, y, conf=0.95) + row(f"{p[1]} {p[2]}", 0.45, y, conf=0.95)
        if i == 16:
            # '17|' read unsure, its box the rule's height, from above the row to its foot
            num = [Word(text="17|", bbox=(0.04, y - 0.7 * H, 0.07, y + 1.7 * H), conf=0.39)]
        else:
            num = row(str(i + 1), 0.04, y, conf=0.95)
        return num + out
    e, people = _ocr_list(20, cells, after=["TOTAL DE PASSAGEIROS: 20"])
    f = parsers.parse("lista_passageiros", e)
    assert [p["nome"] for p in f["passageiros"].value] == [p[0] for p in people]
    assert (f["total_passageiros"].value, f["total_passageiros"].confident) == (20, True)


def test_a_speck_read_as_a_word_before_a_documents_number_is_no_headings_phrase():
    def span(*words):
        return Span(1, tuple(words))
    y = 0.5
    speck = Row(1, {"n": span(w("3", 0.04, y, 0.85)), "nome": span(*row("Yasmin Marques Barbosa", 0.30, y, 0.96)),
                    "doc": span(w("pur", 0.08, y, 0.45), w("29856001552013109020182007646099", 0.12, y, 0.95))})
    assert not heading(speck, ocr=True)
    # a phrase read sure before the number still says it is a boarding stop's line
    stop = Row(1, {"nome": span(*row("Ponto de embarque", 0.30, y, 0.96)),
                   "doc": span(*row("Ferreira esquina", 0.08, y, 0.95), w("1163", 0.30, y, 0.95))})
    assert heading(stop, ocr=True)


def test_a_column_no_vocabulary_names_is_found_over_a_pages_last_two_rows():
    # page 2 of a list: its header again (its 'Nº' read there, lost on page 1's), two rows, the
    # total and the export's date; the last column, after the names, headed 'Série/Turma' read unsure
    header = (("Nº", 0.04), ("DOCUMENTO", 0.09), ("NOME", 0.55))

    def page(numbered=True):
        words = []
        for text, x in header[0 if numbered else 1:]:
            words += row(text, x, 0.06, conf=0.95)
        return words + [Word(text="Série/Turma", bbox=(0.86, 0.06, 0.96, 0.06 + H), conf=0.57)]

    def line(i, p, y, turma):
        return row(str(i + 1), 0.04, y, 0.95) + row(f"{p[1]} {p[2]}", 0.09, y, 0.95) + row(p[0], 0.55, y, 0.95) \
            + row(turma, 0.86, y, 0.95)
    people = _people(14)
    first = page(numbered=False)
    for i, p in enumerate(people[:12]):
        first += line(i, p, 0.06 + (i + 1) * PITCH, "7º ano B")
    second = page()
    for i, p in enumerate(people[12:], start=12):
        second += line(i, p, 0.06 + (i - 11) * PITCH, "4º ano C")
    second += row("Total de passageiros: 14", 0.04, 0.06 + 4 * PITCH, 0.95)
    second += row("Exportado em 02/02/2024 10:15", 0.04, 0.06 + 5 * PITCH, 0.95)
    f = parsers.parse("lista_passageiros", ext(first, second, source="ocr"))
    assert [p["nome"] for p in f["passageiros"].value] == [p[0] for p in people]
    assert all(r.confidence >= CONFIDENT for r in f["passageiros"].rows)


def test_a_row_whose_number_a_photocopy_lost_is_a_row_of_its_own_where_the_numbers_skip_one():
    # rows set close; row 7's number faded away: its name and CPF are a passenger's of their own,
    # where 6 and 8 stand around it, not a wrapped line of row 8's
    def cells(i, p, y):
        num = [] if i == 6 else row(str(i + 1), 0.04, y, conf=0.95)
        return num + row(p[0], 0.09, y, conf=0.95) + row(f"{p[1]} {p[2]}", 0.45, y, conf=0.95)
    e, people = _ocr_list(20, cells, after=["TOTAL DE PASSAGEIROS: 20"])
    f = parsers.parse("lista_passageiros", e)
    assert [p["nome"] for p in f["passageiros"].value] == [p[0] for p in people]
    assert (f["total_passageiros"].value, f["total_passageiros"].confident) == (20, True)


def test_a_names_second_line_under_a_numbered_row_stays_its_rows():
    # a long name wrapped over two lines: its second line has no number and no document
    def cells(i, p, y):
        return row(str(i + 1), 0.04, y, conf=0.95) + row(p[0], 0.09, y, conf=0.95) + row(f"{p[1]} {p[2]}", 0.45, y,
                                                                                       conf=0.95)
    words = row("LISTA DE PASSAGEIROS", 0.30, 0.05, conf=0.95)
    for text, x in (("Nº", 0.04), ("NOME", 0.09), ("DOCUMENTO", 0.45)):
        words += row(text, x, 0.20, conf=0.95)
    people = _people(10)
    y = 0.20
    for i, p in enumerate(people):
        y += TIGHT
        words += cells(i, p, y)
        if i == 4:
            y += TIGHT
            words += row("DOS SANTOS", 0.09, y, conf=0.95)
    f = parsers.parse("lista_passageiros", ext(words, source="ocr"))
    names = [p["nome"] for p in f["passageiros"].value]
    assert len(names) == 10 and names[4] == people[4][0] + " DOS SANTOS"
