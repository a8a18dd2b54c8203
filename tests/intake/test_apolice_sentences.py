"""A policy certificate that states the vehicle and its coverages in sentences, on hand-built
pages phrased in several ways: each value found by its shape, its role taken from the words right
before it (or a count's unit right after it), each amount from its own clause wherever the lines
wrap. Values read from a sentence's structure are inferred (sure enough to judge, never certain);
two of one role that differ, or amounts whose coverage no word decides, are unsure."""

from __future__ import annotations

from domain.documents import CONFIDENT
from domain.ids import cnpj as cnpj_id
from domain.ids import renavam as renavam_id
from intake.doctypes import apolice_seguro as apolice
from intake.reading.values import INFERRED
from tests.intake.test_reading_toolkit import ext, row

RENAVAM = "0123456789" + renavam_id.check_digit("0123456789")
VIN = "9BM384067KB123456"


def _prose(text: str, width: int = 78, y: float = 0.30) -> list:
    """The text set in lines of up to `width` characters, left-aligned, as a paragraph."""
    words, line, out = text.split(), [], []
    for wd in words:
        if line and len(" ".join(line + [wd])) > width:
            out.append(" ".join(line))
            line = []
        line.append(wd)
    out.append(" ".join(line))
    page = []
    for n, ln in enumerate(out):
        page += row(ln, 0.08, y + n * 0.018)
    return page


def _parse(text: str, width: int = 78):
    head = row("CERTIFICADO DE SEGURO", 0.30, 0.08) + row("Apólice nº 5550001234", 0.08, 0.12)
    return apolice.parse(ext(head + _prose(text, width)), "apolice_seguro")


def test_the_vehicle_stated_in_a_sentence_is_read_by_its_role_words():
    text = (f"Fica garantido pelo presente o ônibus rodoviário de placa nº ABC1D23 e chassi {VIN}, inscrito no"
            f" código Renavam {RENAVAM}, com lotação de 42 lugares, utilizado no fretamento contínuo.")
    for width in (60, 78, 95):  # wherever the lines wrap
        f = _parse(text, width)
        assert (f["placa"].value, f["placa"].confidence) == ("ABC1D23", INFERRED)
        assert (f["chassi"].value, f["chassi"].confidence) == (VIN, INFERRED)
        assert f["renavam"].value == RENAVAM and f["renavam"].confidence >= INFERRED  # its check digit too
        assert f["assentos"].value == 42 and f["assentos"].confidence >= INFERRED


def test_a_count_is_seats_by_its_unit_after_it_and_standing_room_is_none():
    f = _parse("Veículo segurado: micro-ônibus emplacado sob ABC-1234, que transporta 28 passageiros sentados.")
    assert (f["placa"].value, f["assentos"].value) == ("ABC1234", 28)
    f = _parse("Veículo segurado: micro-ônibus emplacado sob ABC-1234, que transporta 12 passageiros em pé.")
    assert f["assentos"].value is None


def test_a_value_of_the_shape_with_no_role_word_before_it_is_none():
    # a plate-shaped protocol, a VIN-shaped code and a RENAVAM-valid number under other words
    text = (f"Protocolo ABC1D23 registrado sob o código de barras {VIN}; boleto {RENAVAM} com vencimento em"
            " 10 dias, pagável em 4 parcelas.")
    f = _parse(text)
    assert f["placa"].value is None and f["chassi"].value is None and f["renavam"].value is None
    assert f["assentos"].value is None


def test_two_plates_stated_leave_the_plate_unsure():
    f = _parse("O veículo de placa ABC1D23 substitui, a partir desta data, o veículo de placa XYZ9K87 do item 002.")
    assert f["placa"].value == "ABC1D23"
    assert f["placa"].confidence < CONFIDENT


def test_coverages_stated_in_clauses_each_amount_its_own_clauses_wherever_the_lines_wrap():
    text = ("As garantias contratadas são: I - Responsabilidade civil por danos corporais a passageiros até"
            " R$ 1.500.000,00 por evento; II - Acidentes pessoais: Morte Acidental de R$ 100.000,00 e Invalidez"
            " Permanente de R$ 80.000,00, por passageiro; III - Despesas médico-hospitalares (DMH): reembolso"
            " limitado a R$ 25.000,00 para cada passageiro; IV - RCF-V danos materiais a terceiros de"
            " R$ 400.000,00 por evento.")
    for width in (55, 78, 100):
        f = _parse(text, width)
        assert (f["rc_por_veiculo"].value, f["rc_por_veiculo"].confidence) == (1_500_000.0, INFERRED), width
        # death and disability named before their amounts: the lesser binds
        assert (f["ap_por_passageiro"].value, f["ap_por_passageiro"].confidence) == (80_000.0, INFERRED), width
        assert (f["dmh_por_passageiro"].value, f["dmh_por_passageiro"].confidence) == (25_000.0, INFERRED), width


def test_a_coverage_named_after_its_amount_takes_that_amount():
    # 'R$ X por passageiro para Morte ... e de R$ Y ... para Invalidez': the role after the amount
    text = ("b) Acidentes Pessoais (APP), capital segurado de R$ 90.000,00 por passageiro para Invalidez Permanente"
            " e de R$ 110.000,00 por passageiro para Morte Acidental; c) Responsabilidade Civil do Transportador"
            " (RCTR-VI), limite de R$ 2.000.000,00 por veículo;")
    for width in (50, 70, 90):
        f = _parse(text, width)
        assert (f["ap_por_passageiro"].value, f["ap_por_passageiro"].confidence) == (90_000.0, INFERRED), width
        assert (f["rc_por_veiculo"].value, f["rc_por_veiculo"].confidence) == (2_000_000.0, INFERRED), width


def test_two_amounts_whose_coverages_no_word_tells_apart_are_unsure():
    f = _parse("Acidentes Pessoais de Passageiros - Morte e Invalidez Permanente: R$ 100.000,00 e R$ 50.000,00.")
    ap = f["ap_por_passageiro"]
    assert ap.value is not None and ap.confidence < CONFIDENT


def test_the_insurer_in_a_sentence_with_its_cnpj():
    doc = "11222333000181"
    assert cnpj_id.is_valid(doc)
    masked = f"{doc[:2]}.{doc[2:5]}.{doc[5:8]}/{doc[8:12]}-{doc[12:]}"
    f = _parse(f"A Atlântida Seguros Gerais S.A. (CNPJ {masked}) garante o veículo de placa ABC1D23.")
    assert (f["seguradora_cnpj"].value, f["placa"].value) == (doc, "ABC1D23")


def test_one_capital_stated_for_death_and_disability_is_each_ones():
    text = ("Acidentes Pessoais de Passageiros (APP): capital de R$ 95.000,00 por passageiro, tanto para Morte"
            " Acidental como para Invalidez Permanente por Acidente; Despesas Médico-Hospitalares: R$ 20.000,00"
            " por passageiro.")
    for width in (50, 80):
        f = _parse(text, width)
        assert (f["ap_por_passageiro"].value, f["ap_por_passageiro"].confidence) == (95_000.0, INFERRED), width
        assert (f["dmh_por_passageiro"].value, f["dmh_por_passageiro"].confidence) == (20_000.0, INFERRED), width


def test_a_deductible_or_premium_stated_beside_a_coverage_is_no_limit():
    f = _parse("Despesas médico-hospitalares: franquia de R$ 500,00 por evento; prêmio de Acidentes Pessoais"
               " de Passageiros (APP) de R$ 1.200,00.")
    assert f["dmh_por_passageiro"].value is None
    assert f["ap_por_passageiro"].value is None or f["ap_por_passageiro"].confidence < CONFIDENT


def test_an_amount_spelled_out_in_brackets_keeps_the_coverage_named_after_it():
    text = ("Acidentes Pessoais: R$ 70.000,00 (setenta mil reais) para Invalidez Permanente e R$ 90.000,00"
            " (noventa mil reais) para Morte Acidental, ambos por passageiro.")
    f = _parse(text)
    assert (f["ap_por_passageiro"].value, f["ap_por_passageiro"].confidence) == (70_000.0, INFERRED)
