import re
from datetime import date

import pytest
from hypothesis import given, settings, strategies as st

from intake import normalize as nz

MONTHS = list(nz.MONTHS)
MONTHS_PRINTED = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
                  "setembro", "outubro", "novembro", "dezembro"]


def test_fold_accents_case_spacing():
    assert nz.fold("  CERTIDÃO   Negativa\tde DÉBITOS ") == "certidao negativa de debitos"
    assert nz.fold("Nº 1º") == "no 1o"
    assert nz.key("MARCA / MODELO / VERSÃO") == nz.key("Marca/Modelo/Versão") == "marca modelo versao"
    assert len(nz.fold_chars("AÇÃO º")) == len("AÇÃO º")


@pytest.mark.parametrize("text, expected", [
    ("15/01/2026", date(2026, 1, 15)),
    ("15.01.2026", date(2026, 1, 15)),
    ("15-01-26", date(2026, 1, 15)),
    ("2026-01-15", date(2026, 1, 15)),
    ("1º de fevereiro de 2026", date(2026, 2, 1)),
    ("1° de fevereiro de 2026", date(2026, 2, 1)),
    ("15 de janeiro de 2026", date(2026, 1, 15)),
    ("Porto Alegre, 15 de janeiro de 2026.", date(2026, 1, 15)),
    ("Canoas, 3 de Março de 2025", date(2025, 3, 3)),
    ("SÃO LEOPOLDO, 03 DE MARÇO DE 2025", date(2025, 3, 3)),
    ("primeiro de março de 2026", date(2026, 3, 1)),
    ("15 de janciro de 2026", date(2026, 1, 15)),  # OCR misread of the month
    ("15/JAN/2026", date(2026, 1, 15)),
    ("das 24h de 01/02/2026 às 24h de 01/02/2027", date(2026, 2, 1)),
])
def test_parse_date(text, expected):
    assert nz.parse_date(text) == expected


@pytest.mark.parametrize("text", ["", "abc", "32/01/2026", "15/13/2026", "1.234.567,89",
                                  "31 de fevereiro de 2026", "CEP 90010-120", "R$ 12,50"])
def test_parse_date_none(text):
    assert nz.parse_date(text) is None


def test_find_dates_term():
    found = nz.find_dates("Vigência: das 24h de 10/03/2026 às 24h de 10/03/2027")
    assert [d for d, _, _ in found] == [date(2026, 3, 10), date(2027, 3, 10)]


@pytest.mark.parametrize("text, expected", [
    ("R$ 1.234.567,89", 1234567.89),
    ("1.234,56", 1234.56),
    ("R$ 100.000,00 (cem mil reais)", 100000.0),
    ("R$100,5", 100.5),
    ("R$ 1.500", 1500.0),
    ("Valor: R$ 7.200,00 mensais", 7200.0),
    ("Parcela 2 de 10 R$ 350,00", 350.0),
])
def test_parse_money(text, expected):
    assert nz.parse_money(text) == expected


@pytest.mark.parametrize("text", ["", "sem valor", None, "R$ --"])
def test_parse_money_none(text):
    assert nz.parse_money(text) is None


def test_parse_int():
    assert nz.parse_int("39P") == 39
    assert nz.parse_int("Lotação: 44 lugares") == 44
    assert nz.parse_int("***") is None


@pytest.mark.parametrize("text, expected", [
    ("ABC-1234", "ABC1234"), ("abc1d23", "ABC1D23"), ("A8C-1234", "ABC1234"),
    ("IRS5O12", "IRS5O12"), ("0BC1234", "OBC1234"), ("RAU3I63", "RAU3I63"),
    ("ABCI234", "ABC1234"), ("ABC12B4", "ABC1284"), ("ABC-12", None), ("1234567", None),
])
def test_placa(text, expected):
    assert nz.placa(text) == expected


def test_find_placas_strict():
    assert [p for p, _, _ in nz.find_placas("Placa: IJK-3C45 UF RS")] == ["IJK3C45"]
    assert nz.find_placas("CONTRATO 2026") == []


def test_doc_cpf_cnpj():
    assert nz.doc("123.456.789-09") == "12345678909"
    assert nz.doc("123.456.789-O9") == "12345678909"  # OCR O for 0 in a CPF
    assert nz.doc("12.345.678/0001-95") == "12345678000195"
    assert nz.doc("12.ABC.345/01DE-35") == "12ABC34501DE35"
    assert nz.doc("12.345") is None


def test_renavam_and_chassi():
    assert nz.renavam("197073212") == "00197073212"
    assert nz.renavam("0360762610-5") == "03607626105"
    assert nz.renavam("12") is None
    assert nz.chassi("9BM 384O67 BB123456") == "9BM384067BB123456"
    assert nz.chassi("9BWZZZ377VTQ04I23") == "9BWZZZ377VT004123"
    assert nz.chassi("SHORT") is None


# ---------------------------------------------------------------- properties

dates = st.dates(min_value=date(1950, 1, 1), max_value=date(2069, 12, 31))


@given(dates)
def test_numeric_date_round_trip(d):
    for sep in "/.-":
        assert nz.parse_date(f"{d.day:02d}{sep}{d.month:02d}{sep}{d.year}") == d
    if d.year >= 2000:
        assert nz.parse_date(f"{d.day:02d}-{d.month:02d}-{d.year % 100:02d}") == d


@given(dates, st.sampled_from(["", "Porto Alegre, ", "Canoas/RS, em "]), st.booleans())
def test_long_date_round_trip(d, prefix, upper):
    day = "1º" if d.day == 1 else str(d.day)
    text = f"{prefix}{day} de {MONTHS_PRINTED[d.month - 1]} de {d.year}"
    assert nz.parse_date(text.upper() if upper else text) == d


def _brl(value_cents: int) -> str:
    reais, cents = divmod(value_cents, 100)
    return f"{reais:,}".replace(",", ".") + f",{cents:02d}"


@given(st.integers(min_value=0, max_value=99_999_999_999))
def test_money_round_trip(cents):
    printed = _brl(cents)
    assert nz.parse_money(f"R$ {printed}") == cents / 100
    assert nz.parse_money(printed) == cents / 100
    assert nz.parse_money(f"R$ {printed} (valor por extenso)") == cents / 100


@settings(max_examples=300)
@given(st.text())
def test_never_raises_on_garbage(s):
    for fn in (nz.parse_date, nz.parse_money, nz.parse_int, nz.placa, nz.doc, nz.renavam,
               nz.chassi, nz.fold, nz.key, nz.name):
        fn(s)
    nz.find_dates(s)
    nz.find_money(s)
    nz.find_placas(s)


@given(st.text(alphabet="0123456789/.-, deRr$ojanfvmçio", max_size=40))
def test_dates_are_real_dates_or_none(s):
    d = nz.parse_date(s)
    assert d is None or isinstance(d, date)


def test_vin_with_a_glyph_read_as_a_bracket_is_found_repaired():
    from intake.normalize import find_vins

    assert find_vins("Chassi 9BMMSJL4HG]929295") == [("9BMMSJL4HGJ929295", 7, 24, True)]
    assert find_vins("9BWZZZ377VT0|4251") == [("9BWZZZ377VT014251", 0, 17, True)]
    assert find_vins("9BMMSJL4HGJ929295") == [("9BMMSJL4HGJ929295", 0, 17, False)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab1 .:-ç", max_size=30), st.text(alphabet="ab1 .", min_size=1, max_size=4))
def test_whole_words_at_finds_what_a_look_around_regex_finds(text, phrase):
    """nz.whole_words_at, the literal search classification and the policy parser use, answers
    as the regex it replaced: the phrase with no a-z or digit just before or after it."""
    m = re.search(r"(?<![a-z0-9])" + re.escape(phrase) + r"(?![a-z0-9])", text)
    assert nz.whole_words_at(text, phrase) == (m.start() if m else -1)


def test_term_end_counts_as_the_civil_code():
    from datetime import date

    from intake.normalize import term_end
    assert term_end(date(2026, 12, 1), 180, "dias") == date(2027, 5, 30)  # the first day left out
    assert term_end(date(2026, 3, 2), 12, "meses") == date(2027, 3, 2)  # the day of the same number
    assert term_end(date(2026, 1, 31), 1, "mes") == date(2026, 3, 1)  # none in February: the next day
    assert term_end(date(2024, 2, 29), 1, "ano") == date(2025, 3, 1)
    assert term_end(date(2026, 11, 30), 3, "meses") == date(2027, 3, 1)
