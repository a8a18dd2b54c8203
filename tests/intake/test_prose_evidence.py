"""Evidence that lifts or lowers an OCR'd word's certainty in prose and lists (reading.lexicon), and
the mends of typical OCR slips in text (normalize) and passenger rows (lista)."""

from __future__ import annotations

from domain.documents import CONFIDENT
from intake import normalize as nz
from intake.page.layout import Span
from intake.reading import lexicon as lx
from intake.doctypes import lista_passageiros as lista
from ocr.model import Word


def _span(*words: tuple[str, float]) -> Span:
    out, x = [], 0.1
    for t, c in words:
        out.append(Word(text=t, bbox=(x, 0.5, x + 0.01 * len(t), 0.51), conf=c))
        x += 0.01 * len(t) + 0.005
    return Span(1, tuple(out))


def test_a_name_read_sure_elsewhere_lifts_its_unsure_print():
    seen = lx.echoes([Word(text="Tietê,", bbox=(0, 0, 0.1, 0.01), conf=0.96)])
    sp = _span(("METALÚRGICA", 0.96), ("TIETÊ", 0.28), ("S.A.", 0.95))
    assert lx.prose_conf(sp, names=True) < CONFIDENT
    assert lx.prose_conf(sp, names=True, seen=seen) >= CONFIDENT
    # a word no other print confirms stays unsure
    assert lx.prose_conf(_span(("Carioas", 0.76)), names=True, seen=seen) < CONFIDENT


def test_no_echo_for_short_words():
    seen = lx.echoes([Word(text="DOS", bbox=(0, 0, 0.1, 0.01), conf=0.96)])
    assert lx.prose_conf(_span(("DOS", 0.6)), names=True, seen=seen) < CONFIDENT


def test_a_joining_word_between_sure_words_and_a_dash_count_as_read():
    sp = _span(("Centro", 0.96), ("--", 0.68), ("Avenida", 0.96))
    assert lx.prose_conf(sp, names=True) >= CONFIDENT
    # an illegible joining word stays unsure
    assert lx.prose_conf(_span(("chegada", 0.96), ("às", 0.0), ("13h40", 0.96)), names=True) < CONFIDENT


def test_specks_and_ruling_lines_leave_the_value():
    words = [Word(text="a", bbox=(0.29, 0.28, 0.3, 0.34), conf=0.21),
             Word(text="Osasco/SP", bbox=(0.3, 0.30, 0.4, 0.31), conf=0.95),
             Word(text="(Vila", bbox=(0.41, 0.30, 0.45, 0.31), conf=0.95),
             Word(text="Yara)", bbox=(0.46, 0.30, 0.5, 0.31), conf=0.95),
             Word(text="|]", bbox=(0.9, 0.295, 0.92, 0.319), conf=0.35)]
    assert [w.text for w in lx.despeck(Span(1, tuple(words))).words] == ["Osasco/SP", "(Vila", "Yara)"]


def test_ocr_slips_mended_in_text():
    assert nz.roman("Rua Dom Pedro Il, 500") == "Rua Dom Pedro II, 500"
    assert nz.roman("de Il") == "de Il"
    assert nz.unglue("Praça da-Estação") == "Praça da Estação"
    assert nz.unglue("BR-116") == "BR-116"


def test_sao_paulo_rg_check_digit():
    assert lista._sp_rg_ok("96824193X") and lista._sp_rg_ok("258172800")
    assert not lista._sp_rg_ok("258172801")


def test_a_row_kind_from_the_shape_of_the_lists_numbers():
    rows = [{"documento_tipo": "rg"}, {"documento_tipo": "matricula"}, {"documento_tipo": None}]
    confs = [0.9, 0.9, 0.9]
    lista._kinds_by_shape(rows, confs, ["9999999999", "9999.9999", "9999999999"], [0.9, 0.9, 0.9])
    assert rows[2]["documento_tipo"] == "rg" and confs[2] <= 0.85
    # a shape two kinds share settles nothing
    rows = [{"documento_tipo": "rg"}, {"documento_tipo": "inscricao"}, {"documento_tipo": None}]
    lista._kinds_by_shape(rows, [0.9, 0.9, 0.9], ["999999", "999999", "999999"], [0.9, 0.9, 0.9])
    assert rows[2]["documento_tipo"] is None
    # a row whose number was itself read unsure is no witness of its shape's kind
    rows = [{"documento_tipo": "rg"}, {"documento_tipo": None}]
    lista._kinds_by_shape(rows, [0.9, 0.9], ["9999999999", "9999999999"], [0.4, 0.9])
    assert rows[1]["documento_tipo"] is None


def test_an_rg_read_unsure_is_still_an_entry_but_a_speck_is_not():
    assert lista._number_there("rg", "8038470163", 0.30)
    assert not lista._number_there("rg", "ARBRBAA7", 0.30)  # no RG's shape
    assert not lista._number_there("rg", "8038470163", 0.05)  # read as characters at all? no
    assert not lista._number_there("matricula", "A1B", 0.9)  # too few digits to be a number there


def test_a_passenger_name_mended():
    assert lista._name("GUSTAVO HENRIQUE PICCOL! FERREIRA") == "GUSTAVO HENRIQUE PICCOLI FERREIRA"
    seen = {"rocha": 0.96, "caio": 0.95, "alves": 0.96}
    assert lista._name("YASMIN FRITZ ROC HA", seen) == "YASMIN FRITZ ROCHA"
    assert lista._name("CAIOALVES GOULART", seen) == "CAIO ALVES GOULART"
    assert lista._name("CAIOALVES GOULART", {}) == "CAIOALVES GOULART"


def test_a_joining_word_in_a_name_keeps_its_score():
    # the rules compare names word for word: 'DA SILVA' read 'DE SILVA' must stay unsure
    sp = _span(("MARIANA", 0.96), ("DE", 0.6), ("OLIVEIRA", 0.96))
    assert lx.prose_conf(sp, names=True, joining=False) < CONFIDENT


def test_a_capitalised_non_word_one_look_alike_letter_from_a_word_is_a_misread_not_a_name():
    assert lx.words(), "Tesseract's por word list (tesseract-ocr-por) is needed"
    sp = _span(("FACULDADE", 0.96), ("NOVA", 0.95), ("ALTANÇA", 0.88))  # 'ALIANÇA', its I read T
    assert lx.prose_conf(sp, names=True) < CONFIDENT
    assert lx.prose_conf(_span(("FACULDADE", 0.96), ("NOVA", 0.95), ("ALIANÇA", 0.88)), names=True) >= CONFIDENT
    # a name no single look-alike makes a word stays as Tesseract read it
    assert lx.prose_conf(_span(("SCHMIDT", 0.88),), names=True) >= CONFIDENT
    # Tesseract's own confidence does not clear it: print misreads like this one come out at 0.95
    assert lx.prose_conf(_span(("ALTANÇA", 0.95),), names=True) < CONFIDENT
