"""Identifier validators: known values from shared/domain/documents.md and properties."""

from hypothesis import given, settings
from hypothesis import strategies as st
from validate_docbr import CNPJ as DocbrCNPJ

from domain.ids import chassi, cnh, cnpj, cpf, placa, renavam

DIGITS = "0123456789"
ALNUM = DIGITS + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def mutate_digit(s: str, pos: int, delta: int) -> str:
    c = s[pos]
    return s[:pos] + str((int(c) + delta) % 10) + s[pos + 1:]


def mutate_char(s: str, pos: int, alphabet: str, shift: int) -> str:
    i = alphabet.index(s[pos])
    return s[:pos] + alphabet[(i + shift) % len(alphabet)] + s[pos + 1:]


# --- RENAVAM --------------------------------------------------------------------------------

def test_renavam_known_values():
    for v in ("19525197703", "03607626105", "00197073212", "71199648424"):
        assert renavam.is_valid(v), v
    for v in ("19525227703", "71199648420"):
        assert not renavam.is_valid(v), v


def test_renavam_legacy_nine_digits_zero_padded():
    assert renavam.normalize("197073212") == "00197073212"
    assert renavam.is_valid("197073212")
    assert renavam.is_valid("0019707321-2")


# A changed digit fails, except where the mod-11 rule maps two remainders to the same check
# digit (10 -> 0): then the changed number is itself a valid one, as the arithmetic says.
# A changed check digit always fails.

@given(st.text(DIGITS, min_size=10, max_size=10), st.integers(0, 10), st.integers(1, 9))
def test_renavam_properties(base, pos, delta):
    v = base + renavam.check_digit(base)
    assert renavam.is_valid(v)
    assert renavam.is_valid(f"{v[:4]} {v[4:8]}-{v[8:]}")
    changed = mutate_digit(v, pos, delta)
    assert renavam.is_valid(changed) == (renavam.check_digit(changed[:10]) == changed[10])
    assert not renavam.is_valid(mutate_digit(v, 10, delta))


# --- CPF ------------------------------------------------------------------------------------

@given(st.text(DIGITS, min_size=9, max_size=9).filter(lambda s: len(set(s)) > 1), st.integers(0, 10), st.integers(1, 9))
def test_cpf_properties(base, pos, delta):
    v = base + cpf.check_digits(base)
    assert cpf.is_valid(v)
    assert cpf.is_valid(cpf.mask(v))
    assert cpf.is_valid(f" {v[:3]}.{v[3:6]}.{v[6:9]}/{v[9:]} ")
    changed = mutate_digit(v, pos, delta)
    assert cpf.is_valid(changed) == (cpf.check_digits(changed[:9]) == changed[9:] and len(set(changed)) > 1)
    if pos >= 9:
        assert not cpf.is_valid(changed)


def test_cpf_rejects_short_repeated_and_letters():
    v = "111444777" + cpf.check_digits("111444777")
    assert not cpf.is_valid(v[1:])  # validate-docbr would pad; a lost digit is not a CPF
    assert not cpf.is_valid("11111111111")
    assert cpf.normalize("abc") == ""
    assert not cpf.is_valid(None)


# --- CNPJ (numeric and alphanumeric) --------------------------------------------------------

def test_cnpj_known_alphanumeric_example():
    assert cnpj.is_valid("12.ABC.345/01DE-35")
    assert cnpj.is_alphanumeric("12.ABC.345/01DE-35")
    assert not cnpj.is_valid("12.ABC.345/01DE-36")
    assert cnpj.normalize("12.abc.345/01de-35") == "12ABC34501DE35"


@given(st.text(DIGITS, min_size=12, max_size=12).filter(lambda s: len(set(s)) > 1),
       st.integers(0, 13), st.integers(1, 9))
def test_cnpj_numeric_properties(base, pos, delta):
    v = base + cnpj.check_digits(base)
    assert cnpj.is_valid(v)
    assert cnpj.is_valid(cnpj.mask(v))
    changed = mutate_digit(v, pos, delta)
    assert cnpj.is_valid(changed) == (cnpj.check_digits(changed[:12]) == changed[12:] and len(set(changed)) > 1)
    if pos >= 12:
        assert not cnpj.is_valid(changed)


@given(st.text(ALNUM, min_size=12, max_size=12).filter(lambda s: len(set(s)) > 1),
       st.integers(0, 11), st.integers(1, 35))
def test_cnpj_alphanumeric_properties(base, pos, shift):
    v = base + cnpj.check_digits(base)
    assert cnpj.is_valid(v)
    assert DocbrCNPJ().validate(v)  # our generator and validate-docbr agree
    assert cnpj.is_valid(cnpj.mask(v).lower())
    changed = mutate_char(v, pos, ALNUM, shift)
    # Letters 11 apart in value ('A'=17, 'L'=28) weigh the same mod 11: such a change keeps the
    # check digits; validity is then exactly what the arithmetic says.
    assert cnpj.is_valid(changed) == (cnpj.check_digits(changed[:12]) == changed[12:] and len(set(changed)) > 1)


def test_cnpj_check_digits_must_be_numeric():
    base = "12ABC34501DE"
    assert not cnpj.is_valid(base + "3A")
    assert not cnpj.is_valid("12.ABD.345/01DE-35")  # one letter changed
    assert not cnpj.is_valid("12.ABC.345/01DE-3")  # one character short


# --- plates ---------------------------------------------------------------------------------

plates_old = st.builds(lambda l, d: l + d, st.text(LETTERS, min_size=3, max_size=3), st.text(DIGITS, min_size=4, max_size=4))


@given(plates_old)
def test_plate_old_and_mercosul_are_the_same_vehicle(p):
    m = placa.to_mercosul(p)
    assert placa.is_valid(p) and placa.is_valid(m) and placa.is_mercosul(m)
    assert placa.same_vehicle(p, m) and placa.same_vehicle(m, p)
    assert placa.same_vehicle(f"{p[:3]}-{p[3:]}", m.lower())
    assert placa.to_old(m) == p


@given(plates_old, st.integers(3, 6), st.integers(1, 9))
def test_plate_changed_digit_is_another_vehicle(p, pos, delta):
    assert not placa.same_vehicle(p, mutate_digit(p, pos, delta))


def test_plate_examples_and_ocr_repair():
    assert placa.same_vehicle("ABC1234", "ABC1C34")
    assert not placa.same_vehicle("ABC1234", "ABC1D34")
    assert placa.normalize("abc-1d23") == "ABC1D23"
    assert placa.repair("A8C1234") == "ABC1234"
    assert placa.repair("ABC1O34") == "ABC1O34"  # O is a valid Mercosul letter there
    assert placa.repair("ABCI234") == "ABC1234"
    assert not placa.is_valid("AB12345")
    assert not placa.same_vehicle("", "ABC1234")


# --- chassis --------------------------------------------------------------------------------

def test_chassi_plausibility():
    assert chassi.is_valid("9BM384067KB123456")
    assert chassi.is_valid("9bm-384067 kb123456")
    assert not chassi.is_valid("9BM384067KB12345")  # 16
    assert not chassi.is_valid("9BM384067KB12345O")  # O is never used
    assert not chassi.is_valid("9BI384067KB123456")  # I is never used
    assert not chassi.is_valid("AAAAAAAAAAAAAAAAA")
    assert not chassi.is_valid("9BM384067KB1234XY")  # serial ends in digits


# --- CNH ------------------------------------------------------------------------------------

def _cnh_detran(base9: str) -> str:
    s1 = sum(int(c) * w for c, w in zip(base9, range(9, 0, -1)))
    dv1, dsc = s1 % 11, 0
    if dv1 >= 10:
        dv1, dsc = 0, 2
    s2 = sum(int(c) * w for c, w in zip(base9, range(1, 10)))
    dv2 = (s2 % 11) - dsc
    dv2 = dv2 + 11 if dv2 < 0 else dv2
    dv2 = 0 if dv2 >= 10 else dv2
    return f"{base9}{dv1}{dv2}"


def _cnh_mod11(base9: str) -> str:
    def dv(total):
        r = total % 11
        return 0 if r < 2 else 11 - r
    d1 = dv(sum(int(c) * w for c, w in zip(base9, range(2, 11))))
    d2 = dv(sum(int(c) * w for c, w in zip(base9 + str(d1), (3, 4, 5, 6, 7, 8, 9, 10, 11, 2))))
    return f"{base9}{d1}{d2}"


@given(st.text(DIGITS, min_size=9, max_size=9).filter(lambda s: len(set(s)) > 1))
def test_cnh_either_variant_is_valid(base):
    assert cnh.is_valid(_cnh_detran(base)) and cnh.verdict(_cnh_detran(base)) == "ok"
    assert cnh.is_valid(_cnh_mod11(base))
    assert cnh.valid_detran(_cnh_detran(base))
    assert cnh.valid_mod11(_cnh_mod11(base))


@settings(max_examples=200)
@given(st.text(DIGITS, min_size=9, max_size=9).filter(lambda s: len(set(s)) > 1), st.integers(1, 9))
def test_cnh_failing_both_is_review_never_fail(base, delta):
    v = mutate_digit(_cnh_detran(base), 10, delta)
    if not (cnh.valid_detran(v) or cnh.valid_mod11(v)):
        assert cnh.verdict(v) == "review"
    assert cnh.verdict(v) in ("ok", "review")


def test_cnh_known_value():
    assert cnh.is_valid("583 167 945 34")
    assert cnh.normalize("583.167.945-34") == "58316794534"
    assert not cnh.is_valid("11111111111")
    assert cnh.verdict("58316794535") == "review"


def test_plates_differing_by_a_lookalike_fifth_character_are_not_compared():
    from domain.ids import placa

    assert placa.lookalike("HGJ1101", "HGJ1I01")  # 'I' read as '1'
    assert placa.lookalike("FAY3613", "FAY3G13")
    assert not placa.lookalike("FAY3G13", "FAY3G13")  # the same plate
    assert not placa.lookalike("FAY3613", "FAY3G14")  # another character differs too
    assert not placa.lookalike("ABC1234", "ABD1234")


def test_a_plate_read_in_its_other_form_names_the_vehicle_unless_a_lookalike_could_not():
    assert placa.other_form("FAY3G13", "FAY3G13")
    assert placa.other_form("FAY3613", "FAY3G13")  # old form; a '6' misread for 'G' is the same vehicle
    assert placa.other_form("FAY3G13", "FAY3613")
    assert placa.other_form("FAY3713", "FAY3H13")  # 7 has no look-alike letter
    assert not placa.other_form("FAY3813", "FAY3I13")  # the '8' may be a 'B': FAY3B13 is FAY3113
    assert not placa.other_form("FAY3113", "FAY3B13")  # the '1' may be an 'I': FAY3I13 is FAY3813
    assert not placa.other_form("FAY3613", "FAY3G14")
    assert not placa.other_form("garbage", "FAY3G13")
    assert placa.other_form("FAY3B13", "FAY3B13")  # the very same characters, look-alike or not
