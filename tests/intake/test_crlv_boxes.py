"""CRLV boxes on hand-built pages (no PDF, no OCR run; coordinates are fractions of an A4
page): a caption rotated up a QR code's side is no row's text; a tall box prints its value low
under its row of labels; a box of several quantities ('CAP/POT/CIL') holds the lotação; a
slash read as a letter in small print is a slip; the owner's CPF/CNPJ under a label OCR lost."""

from __future__ import annotations

from intake import doctypes as parsers
from intake.page.layout import Layout, match_factor
from intake.reading.extract import SHAPE_ONLY, Extractor
from intake.reading.labels import LabelIndex
from intake.reading.vocabulary import vocabulary
from ocr.model import Word
from tests.intake.test_reading_toolkit import ext, row, w

ASPECT = 595 / 842  # the test pages' width over height


def _caption(text: str, x: float, top: float, conf: float = 1.0) -> list[Word]:
    """A caption rotated 90° as a text layer gives it: one word per glyph, read upwards (the
    last glyph at the top), each box lying on its side: 3.3 mm deep across, its advance along."""
    depth = 0.0157  # of the page's width (3.3 mm)
    adv = {"i": 0.0019, "l": 0.0019, "m": 0.0070, " ": 0.0024}
    out, y = [], top
    for ch in reversed(text):
        a = adv.get(ch, 0.0046)
        if ch != " ":
            out.append(Word(text=ch, bbox=(x, y, x + depth, y + a), conf=conf))
        y += a
    return out


def _grid() -> list[Word]:
    """The left column of a CRLV-e: small labels over their values, and the right column's
    labels a little lower, as printed."""
    return (row("CÓDIGO RENAVAM", 0.052, 0.106) + row("38469115367", 0.052, 0.120)
            + row("POTÊNCIA/CILINDRADA", 0.53, 0.121) + row("208CV/7200", 0.53, 0.134)
            + row("PLACA", 0.052, 0.137) + row("EXERCÍCIO", 0.172, 0.137)
            + row("IDA1B31", 0.052, 0.151) + row("2026", 0.172, 0.151))


def test_a_rotated_caption_beside_a_grid_is_no_rows_text_wherever_its_glyphs_fall():
    # glyphs level with the label's row, between the label and its value, beside the value: none
    # of them is a value, closes a box or makes a column
    for top in (0.1000, 0.1075, 0.1100, 0.1135):
        words = _grid() + _caption("Valide este QRCode com app Vio", 0.461, top)
        lay = Layout(ext(words))
        assert all(len(w.text) > 1 or w.text.isdigit() for r in lay.rows[1] for w in r.words)
        x = Extractor(ext(words), "crlv")
        for name, want in (("renavam", "38469115367"), ("placa", "IDA1B31"), ("exercicio", 2026)):
            f = x.field(name)
            assert (f.value, f.confidence) == (want, 1.0), (top, name)


def test_single_letters_standing_upright_one_under_another_stay_in_their_rows():
    # a column of answers ('S', 'N') in a table: upright glyphs, a line apart, are the rows' text
    words = []
    for i, (q, a) in enumerate((("POSSUI TACÓGRAFO", "S"), ("POSSUI ELEVADOR", "N"), ("POSSUI CINTOS", "S"))):
        words += row(q, 0.05, 0.20 + i * 0.014) + [w(a, 0.40, 0.20 + i * 0.014)]
    lay = Layout(ext(words))
    assert [r.words[-1].text for r in lay.rows[1]] == ["S", "N", "S"]


def test_an_ocr_caption_read_up_the_page_is_no_rows_text():
    # Tesseract reads a rotated caption as whole words standing upright (taller than wide, taller
    # than the page's words): they would close or open the boxes of the row they stand beside
    standing = [Word(text=t, bbox=(0.462, y0, 0.472, y1), conf=0.9) for t, y0, y1 in
                (("Vio", 0.100, 0.119), ("app", 0.121, 0.141), ("com", 0.143, 0.165))]
    words = [Word(text=x.text, bbox=x.bbox, conf=0.95) for x in _grid()] + standing
    lay = Layout(ext(words, source="ocr"))
    assert {"Vio", "app", "com"}.isdisjoint(w.text for r in lay.rows[1] for w in r.words)
    x = Extractor(ext(words, source="ocr"), "crlv")
    f = x.field("renavam")
    assert (f.value, f.confidence) == ("38469115367", 0.95)


def test_a_short_word_whose_box_a_rule_stretched_keeps_its_row():
    # OCR boxed 'SUL' with the table's rule beside it, three lines tall: one word standing alone,
    # no caption read up the page
    words = [Word(text=x.text, bbox=x.bbox, conf=0.95) for x in row("MUNICÍPIO CAXIAS DO", 0.05, 0.30)]
    words.append(Word(text="SUL", bbox=(0.205, 0.285, 0.217, 0.326), conf=0.9))
    lay = Layout(ext(words, source="ocr"))
    assert "SUL" in [w.text for r in lay.rows[1] for w in r.words]


def _paper_footer(gap: float) -> list[Word]:
    """A paper CRLV's last row of boxes: LOCAL, DATA and the signature's box, their values printed
    low in the boxes (a little inside their left edges), `gap` below the labels."""
    y = 0.75
    return (row("LOCAL", 0.038, y) + row("DATA", 0.355, y) + row("ASSINATURA E CARIMBO", 0.50, y)
            + row("PORTO ALEGRE", 0.044, y + 0.012 + gap) + row("15/03/2024", 0.361, y + 0.012 + gap))


def test_a_tall_box_prints_its_value_low_under_its_row_of_labels():
    f = parsers.parse("crlv", ext(_paper_footer(0.040)))  # more than three label heights below
    assert (f["data_emissao"].value, f["data_emissao"].confidence) == ("2024-03-15", 1.0)
    assert (f["municipio"].value, f["municipio"].confidence) == ("PORTO ALEGRE", 1.0)
    # a value alone that far under a label, with no other box's value beside it at the same
    # indent, is no box's value: it may be anything printed lower on the page
    alone = row("DATA", 0.355, 0.75) + row("15/03/2024", 0.361, 0.802)
    assert Extractor(ext(alone), "crlv").field("data_emissao").value is None
    # values starting at different indents from their labels are no row of values
    skewed = (row("LOCAL", 0.038, 0.75) + row("DATA", 0.355, 0.75) + row("PORTO ALEGRE", 0.044, 0.802)
              + row("15/03/2024", 0.375, 0.802))
    assert Extractor(ext(skewed), "crlv").field("data_emissao").value is None


def _cap_box(label: str, value: str, conf: float = 1.0, source: str = "pdf_text") -> dict:
    words = (row(label, 0.038, 0.51, conf)
             + row("CATEGORIA", 0.385, 0.51, conf) + row(value, 0.044, 0.535, conf)
             + row("ALUGUEL", 0.391, 0.535, conf))
    return parsers.parse("crlv", ext(words, source=source))


def test_lotacao_is_the_places_part_of_a_box_of_several_quantities():
    f = _cap_box("CAP/POT/CIL", "046P/310CV/9290")["lotacao"]
    assert (f.value, f.confidence) == (46, 1.0)
    f = _cap_box("CAP/POT/CIL", "044P/0230CV")["lotacao"]  # the cylinders not printed
    assert (f.value, f.confidence) == (44, 1.0)
    # a capacity without the P is cargo: no passengers
    assert _cap_box("CAP/POT/CIL", "14.0/310CV/9290")["lotacao"].value is None
    f = _cap_box("LOT/POT/CIL", "024P/0156CV/4200")["lotacao"]
    assert (f.value, f.confidence) == (24, 1.0)
    # the places shape at another quantity's place is no lotação
    assert _cap_box("CAP/POT/CIL", "14.0/046P/9290")["lotacao"].value is None


def test_a_slash_read_as_a_letter_in_small_print_is_a_slip_of_the_label():
    idx = LabelIndex(Layout(ext(row("CAPIPOTICIL", 0.038, 0.51, 0.65), source="ocr")), vocabulary("crlv"))
    found = idx.of("cap_pot_cil")
    assert [(lab.key, round(lab.score, 4)) for lab in found] == [("cap pot cil", round(1 - 2 / 9, 4))]
    # on a text layer a label is spelled exactly
    assert LabelIndex(Layout(ext(row("CAPIPOTICIL", 0.038, 0.51))), vocabulary("crlv")).of("cap_pot_cil") == []
    f = _cap_box("CAPIPOTICIL", "046P/310CV/9290", 0.89, "ocr")["lotacao"]
    assert (f.value, f.confidence) == (46, round(0.89 * match_factor(1 - 2 / 9), 4))


def test_the_owners_document_under_a_label_ocr_lost_is_the_one_cpf_cnpj_printed_for_review():
    words = [Word(text=x.text, bbox=x.bbox, conf=0.93) for x in
             row("NOME", 0.048, 0.25) + row("MINUANO TURISMO E FRETAMENTO LTDA", 0.053, 0.28)
             + row("PLACA", 0.41, 0.31) + row("79.699.298/0001-20", 0.053, 0.335) + row("GOS5D14", 0.417, 0.335)]
    words.append(Word(text="GPEICNR3", bbox=(0.048, 0.31, 0.093, 0.322), conf=0.28))
    f = parsers.parse("crlv", ext(words, source="ocr"))["proprietario_documento"]
    assert (f.value, f.confidence) == ("79699298000120", SHAPE_ONLY)
