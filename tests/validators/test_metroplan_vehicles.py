"""Per-vehicle items: pairing documents with CRLVs (old and Mercosul plates), insurance
minimums in UPF-RS of the reference year, several vehicles."""

from datetime import date

import pytest

from tests.validators.metroplan_asserts import codes, item, run, statuses
from tests.validators.metroplan_packet import REF, VALID, drop, setf, valid_packet, vehicle_docs

SECOND = dict(suffix="2", placa="IXD4567", chassi="9BWZZZ377VT004251")


def two_vehicles(**kw):
    docs = valid_packet()
    docs += vehicle_docs(SECOND["suffix"], SECOND["placa"], SECOND["chassi"], REF.year, policy="2005310099999",
                         **kw)
    return docs


def expect(items, changes=None):
    assert statuses(items) == {**VALID, **(changes or {})}


def test_two_vehicles_valid():
    items = run(two_vehicles(), REF)
    expect(items)
    assert len(item(items, "art4-xi-a").findings) == 2  # one computation per vehicle
    assert item(items, "art22").findings[1].expected == 4


def test_second_vehicle_policy_short_names_the_second_plate():
    items = run(two_vehicles(rc=900000.0), REF)
    expect(items, {"art4-xi-b": "fail"})
    f = next(f for f in item(items, "art4-xi-b").findings if f.severity == "error")
    assert f.document == "apolice2" and f.field == "rc_por_veiculo"
    assert f.value == 900000.0 and f.expected == 1247980.0
    assert f.message.startswith("Veículo IXD4567:")
    assert "46.000 UPF-RS × R$ 27,1300" in f.message and "R$ 1.247.980,00" in f.message


def test_policy_with_mercosul_plate_pairs_with_old_plate_crlv():
    docs = two_vehicles(policy_plate="IXD4F67")  # IXD4567 in Mercosul form
    setf(docs, "apolice2", "chassi", None)
    expect(run(docs, REF))


def test_second_vehicle_without_policy_is_missing_first_still_ok():
    items = run(drop(two_vehicles(), "apolice2", "pagamento2"), REF)
    expect(items, {"art4-xi": "missing", "art4-xi-a": "missing", "art4-xi-b": "missing", "art4-xi-c": "missing"})
    assert any("IXD4567" in f.message for f in item(items, "art4-xi").findings)
    assert "apolice" in item(items, "art4-xi").documents  # the first vehicle's evidence


def test_policy_for_another_vehicle_fails():
    docs = setf(valid_packet(), "apolice", "placa", "ABC1234")
    setf(docs, "apolice", "chassi", "9BWZZZ377VT009999")
    items = run(docs, REF)
    expect(items, {"art4-xi": "fail", "art4-xi-a": "missing", "art4-xi-b": "missing", "art4-xi-c": "missing"})
    f = item(items, "art4-xi").findings[0]
    assert (f.code, f.document, f.field, f.value, f.expected) == (
        "apolice_seguro.outro_veiculo", "apolice", "placa", "ABC1234", "IXC1D23")


def test_extra_policy_of_a_vehicle_not_in_packet_is_reported_without_changing_status():
    docs = valid_packet() + [d for d in vehicle_docs("9", "JAA1B22", "9BWZZZ377VT001111", REF.year,
                                                     policy="999")
                             if d.type == "apolice_seguro"]
    items = run(docs, REF)
    expect(items)
    assert "apolice_seguro.sem_veiculo" in codes(items, "art4-xi")


def test_policy_chassis_disagreeing_with_crlv_fails_pairing():
    items = run(setf(valid_packet(), "apolice", "chassi", "9BM384067KB999999"), REF)
    expect(items, {"art4-xi": "fail", "art4-xi-a": "review", "art4-xi-b": "review", "art4-xi-c": "review"})
    f = item(items, "art4-xi").findings[0]
    assert (f.code, f.field, f.value, f.expected) == (
        "apolice_seguro.chassi_diverge_crlv", "chassi", "9BM384067KB999999", "9BM384067KB123456")


def test_policy_not_in_force_fails_every_insurance_item():
    docs = setf(valid_packet(), "apolice", "vigencia_fim", "2025-03-01")
    items = run(docs, REF)
    expect(items, {"art4-xi": "fail", "art4-xi-a": "fail", "art4-xi-b": "fail", "art4-xi-c": "fail"})
    assert codes(items, "art4-xi-a") == ["apolice_seguro.vencido"]


def test_policy_paid_in_arrears_fails():
    items = run(setf(valid_packet(), "pagamento", "quitado", False), REF)
    expect(items, {"art4-xi": "fail"})


def test_payment_receipt_of_another_policy_is_missing():
    items = run(setf(valid_packet(), "pagamento", "numero_apolice", "777"), REF)
    expect(items, {"art4-xi": "missing"})


def test_ap_short_shows_computation():
    items = run(setf(valid_packet(), "apolice", "ap_por_passageiro", 60000.0), REF)
    expect(items, {"art4-xi-a": "fail"})
    f = item(items, "art4-xi-a").findings[0]
    assert f.expected == 67825.0 and f.value == 60000.0
    assert "2.500 UPF-RS × R$ 27,1300 (UPF-RS 2025" in f.message
    assert "R$ 67.825,00 por poltrona × 44 poltronas" in f.message


def test_low_confidence_amount_is_review():
    expect(run(setf(valid_packet(), "apolice", "dmh_por_passageiro", confidence=0.7), REF),
           {"art4-xi-c": "review"})


def test_seats_fall_back_to_crlv_lotacao():
    items = run(setf(valid_packet(), "apolice", "assentos", None), REF)
    expect(items)
    assert "44 poltronas (lotação do CRLV)" in item(items, "art4-xi-a").findings[0].message


def test_policy_covering_fewer_seats_than_the_vehicle_is_review():
    expect(run(setf(valid_packet(), "apolice", "assentos", 30), REF), {"art4-xi-a": "review", "art4-xi-c": "review"})


@pytest.mark.parametrize("year", [2015, 2017, 2018, 2019, 2022])
def test_unknown_upf_year_is_review_on_the_minimums(year):
    ref = date(year, 3, 10)
    items = run(valid_packet(ref), ref)
    expect(items, {"art4-xi-a": "review", "art4-xi-b": "review", "art4-xi-c": "review"})
    f = item(items, "art4-xi-b").findings[0]
    assert f.code == "apolice_seguro.upf_rs_desconhecida"
    assert f"valor desconhecido para 10/03/{year}" in f.message
    # Art. 23's fee note says the value is unknown but the item is not held up by it.
    assert "comprovante_taxa.valor_referencia_desconhecido" in codes(items, "art4-ii")


@pytest.mark.parametrize("year,upf,rc_min", [(2016, "17,1441", 788628.6), (2024, "25,9097", 1191846.2),
                                             (2026, "28,3264", 1303014.4)])
def test_known_upf_years(year, upf, rc_min):
    ref = date(year, 3, 10)
    items = run(valid_packet(ref), ref)
    expect(items)
    f = item(items, "art4-xi-b").findings[0]
    assert f.expected == rc_min and f"R$ {upf} (UPF-RS {year}" in f.message


def test_policy_pairs_by_chassis_when_plate_missing():
    expect(run(setf(valid_packet(), "apolice", "placa", None), REF))


def test_second_laudo_for_first_vehicle_only_is_missing_for_second():
    docs = drop(two_vehicles(), "laudo2")
    items = run(docs, REF)
    expect(items, {"art4-iv": "missing"})
    assert any("IXD4567" in f.message for f in item(items, "art4-iv").findings)


def test_passengers_within_sum_of_lotacao_of_two_vehicles():
    rows = [{"nome": f"Passageiro Número {i}", "documento_tipo": "matricula", "documento": f"M{i:04d}"}
            for i in range(50)]
    docs = setf(two_vehicles(), "lista", "passageiros", rows)
    setf(docs, "lista", "total_passageiros", 50)
    expect(run(docs, REF))  # 50 <= 44 + 44
    setf(docs, "crlv2", "lotacao", 5)
    setf(docs, "apolice2", "assentos", 5)
    items = run(docs, REF)
    expect(items, {"art18": "fail", "art4-xii": "fail"})
    assert item(items, "art18").findings[0].expected == "<= 49"
