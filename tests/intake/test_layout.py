"""Position-based lookups on hand-built pages (coordinates as fractions of the page)."""

from __future__ import annotations

import random

from intake.page.layout import Layout
from ocr.model import Extraction, Line, Page, Word
from tests.intake.test_reading_toolkit import ext as page_ext
from tests.intake.test_reading_toolkit import row

H = 0.012  # word height


def w(text, x, y, conf=1.0, width=None):
    width = width if width is not None else 0.0095 * len(text)
    return Word(text=text, bbox=(x, y, x + width, y + H), conf=conf)


def page(words, number=1, source="pdf_text", shuffle=False):
    words = list(words)
    if shuffle:  # the reading order of the extractor must not matter
        random.Random(number).shuffle(words)
    lines = tuple(Line(words=(x,)) for x in words)
    return Page(number=number, source=source, width=595, height=842, lines=lines)


def ext(*pages):
    return Extraction(media_type="application/pdf", sha256="0" * 64, page_count=len(pages), pages=pages)


def crlv_grid(shuffle=True, conf=1.0):
    # a row of labels printed small, each above its value box
    words = [
        w("PLACA", 0.05, 0.20), w("EXERCÍCIO", 0.30, 0.20),
        w("RAU3I63", 0.05, 0.215, conf), w("2025", 0.30, 0.215, conf),
        w("MARCA", 0.05, 0.25), w("/", 0.11, 0.25), w("MODELO", 0.125, 0.25), w("/", 0.19, 0.25),
        w("VERSÃO", 0.205, 0.25), w("ESPÉCIE", 0.40, 0.25), w("/", 0.47, 0.25), w("TIPO", 0.485, 0.25),
        w("M.BENZ/O500RS", 0.05, 0.265), w("1836", 0.19, 0.265),
        w("PASSAGEIRO", 0.40, 0.265), w("ONIBUS", 0.51, 0.265),
        w("PLACA", 0.05, 0.30), w("ANTERIOR", 0.11, 0.30), w("/", 0.19, 0.30), w("UF", 0.20, 0.30),
        w("CHASSI", 0.30, 0.30),
        w("*******", 0.05, 0.315), w("9BM384067BB123456", 0.30, 0.315),
    ]
    return ext(page(words, shuffle=shuffle))


def test_value_below_by_position_whatever_the_reading_order():
    lay = Layout(crlv_grid())
    placa = lay.find("PLACA", isolated=True)
    assert len(placa) == 1  # not the PLACA of PLACA ANTERIOR / UF
    assert lay.below(placa[0]).text == "RAU3I63"
    assert lay.below(lay.find_one("EXERCÍCIO")).text == "2025"
    assert lay.below(lay.find_one("CHASSI")).text == "9BM384067BB123456"


def test_label_with_spaces_around_slashes_and_accents_folded():
    lay = Layout(crlv_grid())
    hit = lay.find_one("Marca/Modelo/Versao")
    assert hit is not None and hit.score == 1.0
    assert lay.below(hit).text == "M.BENZ/O500RS 1836"
    assert lay.below(lay.find_one("especie / tipo")).text == "PASSAGEIRO ONIBUS"


def test_fuzzy_label_lowers_confidence():
    words = [w("ESPECIF", 0.40, 0.25), w("/", 0.47, 0.25), w("TIPO", 0.485, 0.25),
             w("PASSAGEIRO", 0.40, 0.265, 0.95), w("ONIBUS", 0.51, 0.265, 0.9)]
    lay = Layout(ext(page(words, source="ocr")))
    hit = lay.find_one("ESPÉCIE / TIPO")
    assert hit is not None and 0.8 <= hit.score < 1.0
    span = lay.below(hit)
    assert span.text == "PASSAGEIRO ONIBUS"
    assert span.conf < 0.9  # min word conf, scaled by the match
    assert span.bbox == (0.40, 0.265, 0.51 + 0.0095 * 6, 0.265 + H)


def test_short_labels_need_exact_match():
    lay = Layout(ext(page([w("NOMF", 0.05, 0.1), w("JOAO", 0.05, 0.115)])))
    assert lay.find("NOME") == []


def test_value_right_stops_at_next_label_and_gap():
    words = [w("Placa:", 0.05, 0.1), w("ABC-1234", 0.12, 0.1), w("Chassi:", 0.22, 0.1),
             w("9BM384067BB123456", 0.30, 0.1), w("Município:", 0.70, 0.1), w("CANOAS", 0.80, 0.1)]
    lay = Layout(ext(page(words)))
    assert lay.right(lay.find_one("Placa")).text == "ABC-1234"
    assert lay.right(lay.find_one("Chassi")).text == "9BM384067BB123456"
    assert lay.right(lay.find_one("Município")).text == "CANOAS"


def test_label_glued_to_value_is_split():
    lay = Layout(ext(page([w("CPF/CNPJ:12.345.678/0001-95", 0.05, 0.1)])))
    assert lay.right(lay.find_one("CPF/CNPJ")).text == "12.345.678/0001-95"


def test_whole_label():
    words = [w("Data", 0.05, 0.1), w("de", 0.10, 0.1), w("nascimento:", 0.13, 0.1), w("01/01/1980", 0.25, 0.1),
             w("Data:", 0.05, 0.2), w("15/01/2026", 0.12, 0.2)]
    lay = Layout(ext(page(words)))
    hits = lay.find("Data", whole=True)
    assert len(hits) == 1 and lay.right(hits[0]).text == "15/01/2026"


def test_a_label_ends_before_a_speck_read_as_a_letter():
    # a table header: 'Renavam' with an unsure 'o' (a rule's fragment) a hair after it
    header = [w("Chassi", 0.50, 0.1), w("Renavam", 0.695, 0.1), w("o", 0.765, 0.1, conf=0.31),
              w("Lotação", 0.822, 0.1)]
    assert Layout(ext(page(header, source="ocr"))).find("Renavam", whole=True)
    # a letter read sure there is text: the label runs on ('Data de nascimento' is no 'Data')
    sure = [w("Renavam", 0.695, 0.1), w("o", 0.765, 0.1, conf=0.9), w("Lotação", 0.822, 0.1)]
    assert not Layout(ext(page(sure, source="ocr"))).find("Renavam", whole=True)


def test_next_line():
    words = [w("OBSERVAÇÕES", 0.05, 0.1), w("ALF:", 0.05, 0.12), w("BANCO", 0.10, 0.12), w("X", 0.17, 0.12)]
    lay = Layout(ext(page(words)))
    assert lay.next_line(lay.find_one("Observações")).text == "ALF: BANCO X"


def _list_page(n, names, header=True, start_y=0.2):
    words = [w("LISTA", 0.05, 0.05), w("DE", 0.11, 0.05), w("PASSAGEIROS", 0.14, 0.05)] if n == 1 else \
        [w("Página", 0.80, 0.03), w(str(n), 0.87, 0.03)]
    y = start_y
    if header:
        words += [w("Nº", 0.05, y), w("NOME", 0.12, y), w("COMPLETO", 0.18, y), w("DOCUMENTO", 0.60, y)]
        y += 0.03
    for i, (name, doc) in enumerate(names):
        x = 0.12
        words.append(w(str(i + 1), 0.05, y))
        for part in name.split():
            words.append(w(part, x, y, 0.93))
            x += 0.0095 * len(part) + 0.01
        words.append(w(doc, 0.60, y))
        y += 0.025
    if n == 2:
        words += [w("Total", 0.05, y + 0.02), w("de", 0.10, y + 0.02), w("passageiros:", 0.13, y + 0.02),
                  w(str(4), 0.26, y + 0.02)]
    return page(words, number=n, source="ocr", shuffle=True)


def test_table_over_pages_with_and_without_repeated_header():
    p1 = _list_page(1, [("ANA MARIA SOUZA", "123.456.789-09"), ("JOAO DA SILVA", "RG 1234567")])
    for repeated in (True, False):
        p2 = _list_page(2, [("PEDRO ALVES", "987.654.321-00"), ("LUIZA COSTA LIMA", "MAT 2024001")],
                        header=repeated, start_y=0.1)
        lay = Layout(ext(p1, p2))
        rows, header = lay.table({"n": ["Nº"], "nome": ["Nome completo", "Nome"], "doc": ["Documento"]},
                                 stop=["Total de passageiros"],
                                 keep=lambda r: r.text("nome") is not None and r.text("doc") is not None)
        assert [r.text("nome") for r in rows] == ["ANA MARIA SOUZA", "JOAO DA SILVA", "PEDRO ALVES",
                                                 "LUIZA COSTA LIMA"]
        assert [r.page for r in rows] == [1, 1, 2, 2]
        assert rows[1].text("doc") == "RG 1234567"
        assert all(0.9 < r.conf <= 0.93 for r in rows)
        assert len(header) == 3


def test_label_search_finds_what_a_search_of_every_window_finds():
    """Layout.find skips a row holding no piece of the label cut into edits + 1 runs: a window
    within that many edits holds one unchanged, so the rows skipped hold no match."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from intake.page.layout import _pieces

    @settings(max_examples=200, deadline=None)
    @given(st.text(alphabet="abcdeo", min_size=5, max_size=20), st.integers(0, 3),
           st.lists(st.tuples(st.integers(0, 30), st.sampled_from("abcdeoxy"), st.booleans()), max_size=3))
    def holds(label, edits, changes):
        text = list(label)
        for at, ch, insert in changes[:edits]:
            i = at % (len(text) + 1)
            if insert:
                text.insert(i, ch)
            elif i < len(text):
                text[i] = ch
        spoiled = "".join(text)
        pieces = _pieces(label, edits)
        assert not pieces or any(p in spoiled for p in pieces)

    holds()
    # and on a page: a slip in a long label is still found, a row without it is not
    lay = Layout(ext(page([w("CERTIFICADO", 0.1, 0.1), w("DE", 0.25, 0.1), w("REGISTRO", 0.3, 0.1),
                           w("EXERCICIO", 0.1, 0.2), w("DATA", 0.1, 0.3)], source="ocr")))
    assert [h.row for h in lay.find("CERTIFICADO DE REGISTRQ")] == [0]
    assert lay.find("CATEGORIA") == []


def test_a_pages_rows_are_built_once_and_never_shared_with_another_page():
    p1 = page([w("PLACA", 0.05, 0.20), w("RAU3I63", 0.05, 0.215)])
    p2 = page([w("LOTAÇÃO", 0.05, 0.20)])
    a, b = Layout(ext(p1)), Layout(ext(p1))
    assert a.rows[1] == b.rows[1] and a.rows[1] is not b.rows[1]  # (each Layout its own list)
    assert all(x is y for x, y in zip(a.rows[1], b.rows[1]))  # the same rows, built once
    assert [r.text for r in Layout(ext(p2)).rows[1]] == ["LOTAÇÃO"]


def test_a_text_layers_label_matches_exactly_and_an_ocr_reads_slips_are_allowed():
    words = row("ENDEREÇO SEGURADO(A)", 0.06, 0.30) + row("EMPRESA DE ÔNIBUS LAGOA DOURADA S.A.", 0.06, 0.33)
    # 'SEGURADO(A)' is one letter from 'SEGURADORA': on a text layer that letter is printed so
    assert Layout(page_ext(words)).find("SEGURADORA") == []
    assert [h.score for h in Layout(page_ext(words, source="ocr")).find("SEGURADORA")] == [0.9]
    assert Layout(page_ext(words)).find("SEGURADO(A)")[0].score == 1.0
