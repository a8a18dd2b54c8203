from ocr.layout import Glyph, lines_from_words, order_lines, words_from_glyphs
from ocr.model import Line, Word


def glyphs(text: str, x: float, y: float, w: float = 0.01, h: float = 0.02):
    return [Glyph(ch, x + i * w, y, x + (i + 1) * w, y + h) for i, ch in enumerate(text)]


def test_words_split_on_spaces_and_gaps():
    g = glyphs("PLACA RAU3I63", 0.1, 0.1) + glyphs("2025", 0.5, 0.1)
    assert [w.text for w in words_from_glyphs(g)] == ["PLACA", "RAU3I63", "2025"]


def test_words_split_when_text_jumps_to_another_line():
    g = glyphs("ABC", 0.1, 0.1) + glyphs("DEF", 0.13, 0.3)
    assert [w.text for w in words_from_glyphs(g)] == ["ABC", "DEF"]


def test_rows_top_to_bottom_left_to_right_and_far_words_apart():
    words = words_from_glyphs(glyphs("valor", 0.6, 0.1) + glyphs("rótulo", 0.1, 0.101)
                              + glyphs("abaixo", 0.1, 0.2) + glyphs("perto", 0.17, 0.2))
    lines = lines_from_words(words)
    assert [line.text for line in lines] == ["rótulo", "valor", "abaixo perto"]


def test_order_lines_from_another_engine():
    def line(text, x, y):
        return Line(words=(Word(text=text, bbox=(x, y, x + 0.1, y + 0.02), conf=0.9),))

    ordered = order_lines([line("c", 0.1, 0.5), line("b", 0.6, 0.1), line("a", 0.1, 0.105)])
    assert [ln.text for ln in ordered] == ["a", "b", "c"]


def test_a_taller_accented_word_stays_on_its_line_beside_a_column_set_half_a_line_higher():
    # 'VIAÇÃO' printed in a fallback font reaches higher and lower than its line's other words;
    # met first in order of centre, it would join the left column's row set half a line higher
    def word(text, x, y0, y1):
        return Word(text=text, bbox=(x, y0, x + 0.01 * len(text), y1), conf=1.0)

    words = [word("Combustível:", 0.12, 0.2264, 0.2352), word("DIESEL", 0.25, 0.2268, 0.2352),
             word("Nome:", 0.53, 0.2311, 0.2399), word("VIAÇÃO", 0.65, 0.2297, 0.2399),
             word("VALE", 0.715, 0.2311, 0.2399), word("DO", 0.76, 0.2311, 0.2399),
             word("TAQUARI", 0.785, 0.2311, 0.2399)]
    texts = [ln.text for ln in lines_from_words(words)]
    assert "VIAÇÃO VALE DO TAQUARI" in texts
    assert "Combustível: DIESEL" in texts
    # the same with only one other word beside it on the row it would have joined
    words = [word("SEGURADORA", 0.12, 0.2884, 0.2992), word("NOME", 0.52, 0.2946, 0.3054),
             word("DE", 0.565, 0.2946, 0.3054), word("ÔNIBUS", 0.59, 0.2927, 0.3054),
             word("RICA", 0.655, 0.2946, 0.3054)]
    assert "NOME DE ÔNIBUS RICA" in [ln.text for ln in lines_from_words(words)]


def test_trusted_words_and_lines_are_what_pydantic_makes():
    from ocr.model import trusted_line, trusted_word

    w = trusted_word("Placa", (0.1, 0.2, 0.3, 0.25), 1.0)
    made = Word.model_construct(text="Placa", bbox=(0.1, 0.2, 0.3, 0.25), conf=1.0)
    assert w == made and list(w.__dict__) == list(made.__dict__)
    assert w.model_fields_set == made.model_fields_set and w.model_dump() == made.model_dump()
    assert w == Word(text="Placa", bbox=(0.1, 0.2, 0.3, 0.25), conf=1.0)
    line = trusted_line((w,))
    assert line == Line(words=(w,)) and line.model_fields_set == {"words"} and line.text == "Placa"
