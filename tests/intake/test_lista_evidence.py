"""A passenger list's rows and count made sure by what the list itself prints, where it agrees:
its row numbers in turn, its printed total equal to the rows read, each number of its kind's shape
with its check digits holding; kept unsure where any of it disagrees. And a scanned table whose
rows OCR read across one another (a numbering column read as one tall line, a header word read
unsure, a row number run into the next column) read row by row. Hand-built pages; coordinates are
fractions of the page."""

from __future__ import annotations

from types import SimpleNamespace

from validate_docbr import Certidao

from domain.documents import CONFIDENT
from domain.ids import cpf
from intake import doctypes as parsers
from intake.doctypes import lista_passageiros as lista
from intake.doctypes._common import Reader
from intake.page.layout import Layout
from intake.reading.tables import read_table
from intake.reading.vocabulary import vocabulary
from ocr.model import Extraction, Line, Page, Word
from tests.intake.test_reading_toolkit import H, row, w

PITCH = 0.024  # a row every 0.024 of the page's height
COLS = {"n": 0.06, "nome": 0.10, "tipo": 0.46, "num": 0.60}


def _cpf(base9: str) -> str:
    d = base9 + cpf.check_digits(base9)
    return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"


def _certidao(base30: str, valid: bool = True) -> str:
    """A birth certificate's 32 digits, its two check digits holding (or not)."""
    good = next(base30 + f"{k:02d}" for k in range(100) if Certidao().validate(base30 + f"{k:02d}"))
    return good if valid else good[:-1] + str((int(good[-1]) + 1) % 10)


FIRST = ["ANA", "BRUNO", "CARLA", "DIEGO", "ELISA", "FÁBIO", "GABRIELA", "HEITOR", "ISABELA", "JOÃO", "KARINA",
         "LUCAS"]
LAST = ["SILVA", "MORETTI", "PEREIRA", "COSTA", "LIMA", "ROCHA", "ALVES", "NUNES", "SCHMIDT", "BECKER", "FARIAS"]


def _people(n: int = 35) -> list[tuple[str, str, str, str, str]]:
    """(name, kind as printed, number as printed, kind, number) of n passengers: CPFs, RGs, school
    enrolment numbers and birth certificates, a birth certificate's number printed as its
    'MATRÍCULA' (what the certificate itself calls it)."""
    out = []
    for i in range(n):
        nome = f"{FIRST[i % 12]} {FIRST[(i * 5 + 3) % 12]} {LAST[i % 11]} {LAST[(i * 7 + 2) % 11]}"
        k = i % 4
        if k == 0:
            printed = _cpf(f"{123 + i:03d}{456 + i:03d}{789 - i:03d}")
            out.append((nome, "CPF", printed, "cpf", printed.replace(".", "").replace("-", "")))
        elif k == 1:
            out.append((nome, "RG", f"{1098765400 + i}", "rg", f"{1098765400 + i}"))
        elif k == 2:
            out.append((nome, "MATRÍCULA", f"2024{300100 + i}", "matricula", f"2024{300100 + i}"))
        else:
            num = _certidao(f"{104539 + i:06d}0155{2012 + i % 9}1{10020 + i:05d}{150 + i:03d}{1000 + i:07d}")
            out.append((nome, "MATRÍCULA" if i % 8 == 3 else "CERTIDÃO", num, "certidao", num))
    return out


def _page(n: int, words: list[Word], source: str = "pdf_text", lines: list[list[Word]] = ()) -> Page:
    return Page(number=n, source=source, width=595, height=842,
                lines=tuple(Line(words=(x,)) for x in words) + tuple(Line(words=tuple(ln)) for ln in lines))


def _ext(*pages: Page) -> Extraction:
    return Extraction(media_type="application/pdf", sha256="0" * 64, page_count=len(pages), pages=pages)


def _list(people, *, numbers=None, total: str | None = "Quantidade de passageiros relacionados: {n}",
          per_page: int = 25, header_again: bool = False, between: dict[int, str] | None = None,
          source: str = "pdf_text", conf: float = 1.0) -> Extraction:
    """A list over as many pages as it takes (`per_page` rows each), its title and header on the
    first page only (or again on every page), its rows numbered 01, 02 ... (or as `numbers`
    says), a line of text before some rows (`between`), and its total below."""
    numbers = numbers or [f"{i:02d}" for i in range(1, len(people) + 1)]
    header = (row("Nº", COLS["n"], 0, conf) + row("Nome do aluno", COLS["nome"], 0, conf)
              + row("Documento", COLS["tipo"], 0, conf) + row("Número", COLS["num"], 0, conf))
    pages: list[list[Word]] = [row("RELAÇÃO DE ALUNOS TRANSPORTADOS", 0.06, 0.05, conf)
                               + row("Contrato nº 17/2026", 0.06, 0.08, conf)]
    y = 0.12

    def put(words: list[Word], at: float) -> list[Word]:
        return [x.model_copy(update={"bbox": (x.bbox[0], at, x.bbox[2], at + H)}) for x in words]

    pages[-1] += put(header, y)
    y += PITCH
    for i, ((nome, tipo, num, *_), no) in enumerate(zip(people, numbers)):
        if i and i % per_page == 0:
            pages.append([])
            y = 0.06
            if header_again:
                pages[-1] += put(header, y)
                y += PITCH
        if between and i in between:
            pages[-1] += row(between[i], COLS["nome"], y, conf)
            y += PITCH
        pages[-1] += (row(no, COLS["n"], y, conf) + row(nome, COLS["nome"], y, conf)
                      + row(tipo, COLS["tipo"], y, conf) + row(num, COLS["num"], y, conf))
        y += PITCH
    if total:
        pages[-1] += row(total.format(n=len(people)), 0.06, y + PITCH, conf)
    return _ext(*(_page(k, ws, source) for k, ws in enumerate(pages, start=1)))


def _read(e: Extraction):
    f = parsers.parse("lista_passageiros", e)
    return f["passageiros"], f["total_passageiros"]


def _as_read(people) -> list[dict]:
    return [{"nome": nome, "documento_tipo": kind, "documento": doc} for nome, _, _, kind, doc in people]


def test_a_text_layer_list_whose_numbers_total_and_check_digits_agree_is_sure():
    people = _people()
    pax, total = _read(_list(people))
    assert pax.value == _as_read(people)  # a certidão printed as 'MATRÍCULA' is a certidão
    assert [(r.confidence, r.document_confidence) for r in pax.rows] == [(1.0, 1.0)] * 35
    assert [r.page for r in pax.rows] == [1] * 25 + [2] * 10
    assert (pax.confidence, total.value, total.confidence) == (1.0, 35, 1.0)


def test_a_heading_between_numbered_rows_is_no_passenger_left_out():
    # a group's heading ('Turma B - tarde') between rows numbered in turn: no row was missed
    people = _people(30)
    pax, total = _read(_list(people, between={12: "Turma B - tarde"}))
    assert pax.value == _as_read(people)
    assert pax.confidence == 1.0 and (total.value, total.confidence) == (30, 1.0)
    # numbered again from 1 in each group, the printed total bears the rows out
    numbers = [f"{i:02d}" for i in range(1, 13)] + [f"{i:02d}" for i in range(1, 19)]
    pax, total = _read(_list(people, numbers=numbers, between={12: "Turma B - tarde"}))
    assert pax.confidence == 1.0 and (total.value, total.confidence) == (30, 1.0)
    # ... and without a printed total, nothing does: a heading may have been a passenger's row
    pax, total = _read(_list(people, numbers=numbers, between={12: "Turma B - tarde"}, total=None))
    assert pax.confidence == 0.5 and total.confidence == 0.5


def test_a_gap_in_the_numbering_keeps_rows_and_count_unsure():
    people = _people()
    numbers = [f"{i:02d}" for i in range(1, 17)] + [f"{i:02d}" for i in range(18, 37)]  # 17 skipped
    pax, total = _read(_list(people, numbers=numbers))
    assert pax.value == _as_read(people)
    assert {r.confidence for r in pax.rows} == {0.5} and pax.confidence == 0.5
    assert (total.value, total.confidence) == (35, 0.5)  # 35 rows read, 35 printed: one was not read?


def test_a_printed_total_that_disagrees_keeps_rows_and_count_unsure():
    people = _people()
    pax, total = _read(_list(people, total="Quantidade de passageiros relacionados: 36"))
    assert {r.confidence for r in pax.rows} == {0.5}
    # the total the list prints, beside the 35 rows read, for someone to look at
    assert (len(pax.value), total.value, total.confidence) == (35, 36, 0.5)


def test_a_bad_check_digit_keeps_its_row_unsure_and_only_it():
    people = _people()
    nome, _, num, _, _ = people[3]
    bad = _certidao(num[:30], valid=False)
    people[3] = (nome, "MATRÍCULA", bad, "matricula", bad)  # 32 digits, no certidão's: whose?
    pax, total = _read(_list(people))
    assert pax.value[3] == {"nome": nome, "documento_tipo": "matricula", "documento": bad}
    assert (pax.rows[3].confidence, pax.rows[3].document_confidence) == (0.5, 0.6)
    assert all(r.confidence == 1.0 for k, r in enumerate(pax.rows) if k != 3)
    assert (total.value, total.confidence) == (35, 1.0)  # the count is borne out all the same
    # without a total to bear the rows out, 32 digits of no kind may be two rows run together
    pax, total = _read(_list(people, total=None))
    assert {r.confidence for r in pax.rows} == {0.5} and total.confidence == 0.5


def test_the_count_printed_in_a_sentence_of_its_own_words():
    assert lista._COUNT.search("quantidade de passageiros relacionados: 35").group(1) == "35"
    assert lista._COUNT.search("no de alunos = 33").group(1) == "33"
    # a number in a sentence about the list is no count of it
    assert lista._COUNT.search("o numero de passageiros nao excedera a lotacao de 44 lugares") is None


def test_a_column_named_again_inside_another_columns_header_is_that_other_column():
    # 'Nome do responsável' holds the word 'Nome': its cells are no part of the pupil's name
    people = _people(4)
    words = (row("LISTA DE PASSAGEIROS", 0.06, 0.05) + row("Nº", 0.06, 0.10) + row("Nome do aluno", 0.10, 0.10)
             + row("Nome do responsável", 0.38, 0.10) + row("Documento", 0.62, 0.10) + row("Número", 0.74, 0.10))
    for i, (nome, tipo, num, *_) in enumerate(people):
        y = 0.13 + i * PITCH
        words += (row(f"{i + 1}", 0.06, y) + row(nome, 0.10, y) + row("MARIA DE SOUZA", 0.38, y)
                  + row(tipo, 0.62, y) + row(num, 0.74, y))
    pax, _ = _read(_ext(_page(1, words)))
    assert pax.value == _as_read(people)


def test_an_address_column_is_no_page_footer():
    # 'Rua ...' in every row's address cell: the rows are passengers', not a footer's
    people = _people(4)
    words = (row("LISTA DE PASSAGEIROS", 0.06, 0.05) + row("Nº", 0.06, 0.10) + row("Nome", 0.10, 0.10)
             + row("Tipo", 0.40, 0.10) + row("Documento", 0.50, 0.10) + row("Endereço", 0.70, 0.10))
    for i, (nome, tipo, num, *_) in enumerate(people[:3]):
        y = 0.13 + i * PITCH
        words += (row(f"{i + 1}", 0.06, y) + row(nome, 0.10, y) + row(tipo, 0.40, y) + row(num[:14], 0.50, y)
                  + row(f"Rua das Acácias, {100 + i}", 0.70, y))
    pax, total = _read(_ext(_page(1, words + row("Total de passageiros: 3", 0.06, 0.25))))
    assert [p["nome"] for p in pax.value] == [p[0] for p in people[:3]]
    assert (total.value, total.confidence) == (3, 1.0)


# ---------------------------------------------------------------------------- scanned


def _ocr_list(people, *, conf: float = 0.95, stacked: tuple[int, int] | None = None,
              numbers: list[str] | None = None, number_conf: float = 0.95, header_n: bool = True,
              extra: str | None = None, extra_conf: float = 0.7):
    """An OCR'd spreadsheet-like list: its numbers right-aligned against the document column
    (their right edge a hair left of it), rows `stacked` (first, last) read by OCR as one line of
    the numbering column, the 'Nº' header read or not, another column (`extra`, its header read
    unsure) right of the names."""
    numbers = numbers or [str(i) for i in range(1, len(people) + 1)]
    words: list[Word] = row("LISTA DE PASSAGEIROS", 0.06, 0.05, conf)
    head = row("Documento", 0.12, 0.10, conf) + row("Tipo", 0.37, 0.10, conf) + row("Nome completo", 0.47, 0.10, conf)
    if header_n:
        head += row("Nº", 0.06, 0.10, conf)
    if extra:
        head += [w(extra, 0.78, 0.10, extra_conf)]
    words += head
    lines: list[list[Word]] = []
    tall: list[Word] = []
    for i, ((nome, tipo, num, *_), no) in enumerate(zip(people, numbers)):
        y = 0.13 + i * PITCH
        n = Word(text=no, bbox=(0.106 - 0.0095 * len(no), y, 0.106, y + H), conf=number_conf)
        body = row(num, 0.12, y, conf) + row(tipo, 0.37, y, conf) + row(nome, 0.47, y, conf)
        if extra:
            body += row("ida e volta" if i % 2 else "só ida", 0.78, y, conf)
        if stacked and stacked[0] <= i <= stacked[1]:
            tall.append(n)  # one 'line' down the numbering column
            lines.append(body)
        else:
            lines.append([n, *body])
    if tall:
        lines.append(tall)
    words += row(f"Total de passageiros: {len(people)}", 0.06, 0.13 + len(people) * PITCH + 0.02, conf)
    return _ext(_page(1, words, "ocr", lines))


def test_rows_that_ocr_read_across_the_numbering_column_are_read_row_by_row():
    # OCR read rows 4 to 9's numbers as one tall line: each number back on its own row
    people = _people(12)
    pax, total = _read(_ocr_list(people, stacked=(3, 8)))
    assert pax.value == _as_read(people)
    assert total.value == 12 and total.confidence >= 0.9
    same, _ = _read(_ocr_list(people))
    assert _confs(pax) == _confs(same)  # as sure as the same rows read one by one


def test_a_row_number_read_over_the_rule_is_no_part_of_the_document():
    # the 'Nº' header not read: the numbers left of the document column's edge are no digits of it
    people = _people(12)
    pax, _ = _read(_ocr_list(people, header_n=False))
    assert [p["documento"] for p in pax.value] == [doc for *_, doc in _as_read_docs(people)]


def _confs(pax):
    return [(r.confidence, r.document_confidence) for r in pax.rows]


def _as_read_docs(people):
    return [(p[0], p[4]) for p in people]


def test_a_header_word_read_unsure_heads_the_column_its_rows_start_under():
    people = _people(12)
    pax, _ = _read(_ocr_list(people, extra="Obsenvações", extra_conf=0.7))
    assert [p["nome"] for p in pax.value] == [p[0] for p in people]


def test_ocr_numbers_read_unsure_say_nothing_and_numbers_read_sure_out_of_turn_do():
    people = _people(12)
    sure, total = _read(_ocr_list(people))
    assert min(r.confidence for r in sure.rows) >= CONFIDENT and total.confidence >= 0.9
    # numbers read as marks ('ra 7' for 17) are no evidence of a gap: the rows stay as sure
    junk = [f"pa{k}" if k % 3 == 0 else str(k + 1) for k in range(12)]
    unsure, _ = _read(_ocr_list(people, numbers=junk, number_conf=0.5))
    assert _confs(unsure) == _confs(sure)
    # numbers read sure that skip: rows were missed
    skipping = [str(k + 1) if k < 6 else str(k + 3) for k in range(12)]
    gap, total = _read(_ocr_list(people, numbers=skipping))
    assert {r.confidence for r in gap.rows} == {0.5} and total.confidence == 0.5


# ---------------------------------------------------------------- grouped under boarding stops

# another list's columns: order, title, kind column and number column of its own
GCOLS = {"n": 0.05, "nome": 0.10, "tipo": 0.52, "num": 0.64}
HEADINGS = {
    # a stop's place and time from the left margin, across the columns (its time under the numbers')
    "ponto": [("Ponto {k} – Largo do Mercado Público, em frente à igreja do bairro – 06:3{k}", 0.05)],
    # a stop named after a label, in the names' column
    "embarque": [("EMBARQUE: Rua das Acácias, {k}20 (em frente à padaria)", 0.10)],
    # a place and, set apart under the numbers' column, its time, as a bold line prints them
    "hora": [("Terminal Rodoviário de Vila {k}", 0.10), ("07h1{k}", 0.64)],
    # a stop's line that runs into the kind and number columns, its subtotal at its end
    "parada": [("Parada {k} — Escola Estadual Santa Rita, portão lateral {k} — chegada às 07h4{k} — {n} pass.",
                0.05)],
}


def _grouped(people, sizes: list[int], forms: list[str], *, numbers=None, total: str | None = "Total geral de passageiros: {n}",
             subtotal: str | None = None, per_page: int = 28, source: str = "pdf_text", conf: float = 1.0,
             lost: set[int] = frozenset()) -> Extraction:
    """A list grouped under its boarding stops: a heading per stop (`forms`, in turn), the stop's
    rows under it, a `subtotal` line after each stop's rows, over as many pages as `per_page`
    lines take, its header on the first page only, its printed `total` at the end. Rows in
    `lost` are not on the page (a scan's rows OCR did not read)."""
    numbers = numbers or [str(i) for i in range(1, len(people) + 1)]
    header = (row("Ord.", GCOLS["n"], 0, conf) + row("Nome do passageiro", GCOLS["nome"], 0, conf)
              + row("Tipo doc.", GCOLS["tipo"], 0, conf) + row("Nº do documento", GCOLS["num"], 0, conf))
    pages: list[list[Word]] = [row("Relação de passageiros por parada", 0.05, 0.04, conf)
                               + row("Contrato nº 2026/118", 0.05, 0.07, conf)]

    def put(words: list[Word], at: float) -> list[Word]:
        return [x.model_copy(update={"bbox": (x.bbox[0], at, x.bbox[2], at + H)}) for x in words]

    pages[-1] += put(header, 0.11)
    y, lines = 0.11 + PITCH, 1

    def line(words: list[Word]) -> None:
        nonlocal y, lines
        if lines == per_page:
            pages.append([])
            y, lines = 0.06, 0
        pages[-1].extend(put(words, y))
        y += PITCH
        lines += 1

    i = 0
    for k, size in enumerate(sizes, start=1):
        line([x for text, at in HEADINGS[forms[(k - 1) % len(forms)]] for x in row(text.format(k=k, n=size), at, 0, conf)])
        for _ in range(size):
            nome, tipo, num, *_ = people[i]
            if i not in lost:
                line(row(numbers[i], GCOLS["n"], 0, conf) + row(nome, GCOLS["nome"], 0, conf)
                     + row(tipo, GCOLS["tipo"], 0, conf) + row(num, GCOLS["num"], 0, conf))
            i += 1
        if subtotal:
            line(row(subtotal.format(k=k, n=size), GCOLS["nome"] if subtotal[0].islower() else GCOLS["n"], 0, conf))
    if total:
        line([])
        line(row(total.format(n=len(people)), 0.05, 0, conf))
    line(row("Assinatura do responsável", 0.05, 0, conf))
    return _ext(*(_page(k, ws, source) for k, ws in enumerate(pages, start=1)))


SIZES = [9, 6, 11, 4, 10]  # 40 passengers at five stops


def test_a_list_grouped_under_its_stops_reads_its_passengers_only_and_is_sure():
    people = _people(40)
    for forms in (["ponto"], ["embarque"], ["hora"], ["parada"], list(HEADINGS)):
        pax, total = _read(_grouped(people, SIZES, forms))
        assert pax.value == _as_read(people), forms  # no stop, time nor subtotal taken as a passenger
        assert {(r.confidence, r.document_confidence) for r in pax.rows} == {(1.0, 1.0)}, forms
        assert (pax.confidence, total.value, total.confidence) == (1.0, 40, 1.0), forms
        assert {r.page for r in pax.rows} == {1, 2}


def test_a_grouped_lists_total_in_other_words_and_its_subtotals():
    people = _people(40)
    for printed in ("Passageiros relacionados: {n}", "TOTAL GERAL ........ {n}", "{n} passageiros no total",
                    "Quantidade total de alunos: {n}", "TOTAL DE ALUNOS – {n}", "Total … {n}"):
        for sub in (None, "subtotal desta parada: {n} passageiros", "Total do ponto {k}: {n}"):
            pax, total = _read(_grouped(people, SIZES, list(HEADINGS), total=printed, subtotal=sub))
            assert pax.value == _as_read(people), (printed, sub)  # a subtotal line ends no table
            assert (pax.confidence, total.value, total.confidence) == (1.0, 40, 1.0), (printed, sub)


def test_a_grouped_list_numbered_again_at_each_stop_is_sure_by_its_total_only():
    people = _people(40)
    numbers = [str(j) for size in SIZES for j in range(1, size + 1)]
    pax, total = _read(_grouped(people, SIZES, list(HEADINGS), numbers=numbers))
    assert pax.value == _as_read(people)
    assert (pax.confidence, total.value, total.confidence) == (1.0, 40, 1.0)
    # no total: a stop's last row may be missing, and nothing says so
    pax, total = _read(_grouped(people, SIZES, list(HEADINGS), numbers=numbers, total=None))
    assert pax.confidence < CONFIDENT and total.confidence < CONFIDENT


def test_a_grouped_list_whose_rows_do_not_add_up_to_its_total_is_unsure():
    people = _people(40)
    pax, total = _read(_grouped(people, SIZES, list(HEADINGS), total="Total geral de passageiros: 41"))
    assert pax.value == _as_read(people)
    assert pax.confidence < CONFIDENT and (total.value, total.confidence) == (41, 0.5)
    # its subtotals alone are no total: the count is what the rows' numbers say
    pax, total = _read(_grouped(people, SIZES, list(HEADINGS), total=None, subtotal="Total do ponto {k}: {n}"))
    assert (total.value, total.confidence) == (40, 1.0)


def test_a_stops_subtotal_over_the_rows_read_under_it_says_rows_were_missed():
    # rows read at y = 0.10, 0.12, ...; a stop's 'Subtotal: 3' after the third, 'Subtotal: 4' after
    # the sixth: the second stop shows 3 rows for its 4 (one not read)
    rows = [SimpleNamespace(page=1, bbox=[0.05, 0.10 + 0.02 * i, 0.9, 0.11 + 0.02 * i]) for i in range(6)]
    assert lista._short_of_parts([((1, 0.155), 3), ((1, 0.215), 4)], rows)
    assert not lista._short_of_parts([((1, 0.155), 3), ((1, 0.215), 3)], rows)
    # a stop with no subtotal of its own makes a stretch hold more rows than its count: nothing said
    assert not lista._short_of_parts([((1, 0.215), 4)], rows)
    # on a page, the subtotals printed on lines of their own, read sure
    people = _people(40)
    e = _grouped(people, SIZES, list(HEADINGS), total=None, subtotal="Subtotal: {n}")
    pax, _ = _read(e)
    table_rows = [SimpleNamespace(page=r.page, bbox=r.bbox) for r in pax.rows]
    assert [n for _, n in lista._part_counts(Reader(e, "lista_passageiros"), table_rows)] == SIZES


def test_a_scanned_grouped_list_with_rows_lost_never_has_a_sure_count():
    people = _people(44)
    sizes = [16, 8, 20]
    whole, total = _read(_grouped(people, sizes, ["ponto", "embarque", "parada"], source="ocr", conf=0.96))
    assert whole.value == _as_read(people) and total.value == 44 and total.confidence >= CONFIDENT
    # the first page's rows not read: 15 of 44 rows, however sure each of them
    lost = set(range(0, 29))
    pax, total = _read(_grouped(people, sizes, ["ponto", "embarque", "parada"], source="ocr", conf=0.96, lost=lost))
    assert len(pax.value) == 15 and total.value == 44  # the total printed, against 15 rows read
    assert total.confidence < CONFIDENT and pax.confidence < CONFIDENT
    # ... nor with its numbers lost with them and no total printed
    pax, total = _read(_grouped(people, sizes, ["ponto", "embarque", "parada"], source="ocr", conf=0.96, lost=lost,
                                total=None))
    assert total.confidence < CONFIDENT


def test_a_numbering_header_set_close_to_the_names_header_is_its_own_column():
    # OCR read 'Nº' a space from 'Nome do estudante': a loose match of the four words as one
    # name header would leave the header no better than a title naming two columns
    people = _people(6)
    words = (row("Passageiros por local de embarque", 0.20, 0.05, 0.96) + row("Nº", 0.06, 0.10, 0.96)
             + row("Nome do estudante", 0.085, 0.10, 0.96) + row("Documento", 0.52, 0.10, 0.96))
    for i, (nome, tipo, num, *_) in enumerate(people):
        y = 0.13 + i * PITCH
        words += row(str(i + 1), 0.06, y, 0.96) + row(nome, 0.085, y, 0.96) + row(f"{tipo} {num}", 0.52, y, 0.96)
    words += row("Total de passageiros: 6", 0.06, 0.13 + 7 * PITCH, 0.96)
    t = read_table(Layout(_ext(_page(1, words, "ocr"))), vocabulary("lista_passageiros").tables["passageiros"],
                   min_cols=2)
    assert [c.name for c in t.columns] == ["n", "nome", "doc"]
    pax, total = _read(_ext(_page(1, words, "ocr")))
    assert pax.value == _as_read(people) and (total.value, total.confidence) == (6, 0.96)


def _tight(people, *, after: dict[int, str] | None = None, doc_tail: str | None = None, name_tail: str | None = None,
           total: str | None = "Total de passageiros: {n}") -> Extraction:
    """A list set tight (a line every 0.014 of the page: cells' wrapped lines and rows alike), a
    line of text right under some rows in the names' column (`after`), another column's text run
    into the documents' (`doc_tail`) or the names' cells (`name_tail`)."""
    words = (row("LISTA DE PASSAGEIROS", 0.06, 0.05) + row("Nº", 0.06, 0.10) + row("Nome", 0.10, 0.10)
             + row("Tipo", 0.52, 0.10) + row("Documento", 0.62, 0.10))
    y = 0.10
    for i, (nome, tipo, num, *_) in enumerate(people):
        y += 0.014
        words += (row(str(i + 1), 0.06, y) + row(nome + (f" {name_tail}" if name_tail else ""), 0.10, y)
                  + row(tipo, 0.52, y) + row(num + (f" {doc_tail}" if doc_tail else ""), 0.62, y))
        if after and i in after:
            y += 0.013
            words += row(after[i], 0.10, y)
    if total:
        words += row(total.format(n=len(people)), 0.10, y + 0.013)
    return _ext(_page(1, words))


def test_a_heading_or_the_count_set_close_under_a_row_is_no_part_of_its_name():
    people = _people(12)
    pax, total = _read(_tight(people, after={4: "TURNO: TARDE", 8: "TURNO: NOITE"}))
    assert pax.value == _as_read(people)
    assert (pax.confidence, total.value, total.confidence) == (1.0, 12, 1.0)
    # a stop's heading numbered before its colon
    pax, total = _read(_tight(people, after={5: "EMBARQUE 2: Praça da Matriz", 8: "PONTO Nº 3: Rodoviária"}))
    assert pax.value == _as_read(people)
    assert (pax.confidence, total.value) == (1.0, 12)
    # the count's label set under the last name, its figure far right
    pax, total = _read(_tight(people, total="Quantidade de passageiros                                   {n}"))
    assert pax.value == _as_read(people) and (total.value, total.confidence) == (12, 1.0)


def test_another_columns_text_run_into_a_rows_cells():
    people = _people(12)
    # a boarding stop's street after each number: no footer, no heading, the number read whole
    pax, total = _read(_tight(people, doc_tail="Rua Tiradentes"))
    assert [p["documento"] for p in pax.value] == [p[4] for p in people]
    assert (total.value, total.confidence) == (12, 1.0)
    # a phone number after each name: the rows are read, their names unsure
    pax, _ = _read(_tight(people, name_tail="(51) 99876-5432"))
    assert len(pax.value) == 12 and all(r.confidence < CONFIDENT for r in pax.rows)


def test_a_header_wrapped_over_two_lines_names_a_column_by_its_last_line():
    # 'Modalidade do' / 'Doc.': the document's kind, its words above qualifying it; the names' and
    # the numbers' headers no vocabulary spells, their columns named by what their cells hold
    people = _people(10)
    words = (row("RELAÇÃO DE PASSAGEIROS", 0.06, 0.05) + row("Nº", 0.05, 0.10) + row("Transportado(a)", 0.10, 0.10)
             + row("Identificador", 0.50, 0.10) + row("Modalidade do", 0.70, 0.10) + row("Doc.", 0.70, 0.114))
    for i, (nome, tipo, num, *_) in enumerate(people):
        y = 0.14 + i * PITCH
        words += row(str(i + 1), 0.05, y) + row(nome, 0.10, y) + row(num, 0.50, y) + row(tipo, 0.70, y)
    words += row("Total de passageiros: 10", 0.10, 0.14 + 11 * PITCH)
    t = read_table(Layout(_ext(_page(1, words))), vocabulary("lista_passageiros").tables["passageiros"], min_cols=1)
    assert "doc" in [c.name for c in t.columns]
    pax, total = _read(_ext(_page(1, words)))
    assert pax.value == _as_read(people)
    assert (pax.confidence, total.value) == (1.0, 10)
