"""sp-emtu-fretamento against hand-built packets: the valid packet, then one change at a time,
asserting the status of every item (the defect list of validators/rulebooks/PACKETS.md)."""

from datetime import date

import pytest

from tests.validators.emtu_packet import CARRIER, PASSENGERS, RB, VALID, drop, get, setf, valid_packet
from tests.validators.packet_parts import REF, d, make_cnpj, make_cpf, set_year
from tests.validators.rulebook_asserts import codes, item, messages, result, run, statuses
from validators import rulebooks


def expect(items, changes=None):
    assert statuses(items) == {**VALID, **(changes or {})}


def test_valid_packet():
    items = run(RB, valid_packet(), REF)
    expect(items)
    assert [i.id for i in items] == list(VALID)
    note = messages(items, "art5-pu-n2")[0]
    assert "3.000 UFESP × R$ 38,4200" in note and "R$ 115.260,00" in note and "DICAR 88/2025" in note


def test_result_validates_against_the_contract():
    assert result(RB, valid_packet(), REF).verdict == "ok"


def test_minimum_items_of_the_contract_exist():
    ids = {i.id for i in rulebooks.load(RB).items}
    assert {"art5-pu-n1", "art5-pu-n2", "art10-p2-n1", "art10-p2-n2", "art10-p2-n3", "art17"} <= ids


# --- Art. 5º, parágrafo único, item 1: at least two buses or minibuses of at most 15 years --

def test_one_vehicle_over_15_leaves_two_qualifying():
    items = run(RB, set_year(valid_packet(), 3, 2010), REF)  # 16 years
    expect(items, {"art17": "review"})  # no inspection interval beyond 15 years
    assert "FRT3C45: 16 anos" in messages(items, "art5-pu-n1")[0]


def test_only_one_vehicle_of_at_most_15_years_fails():
    docs = set_year(set_year(valid_packet(), 2, 2010), 3, 2011)  # 16 and 15 years: 15 still counts
    expect(run(RB, docs, REF), {"art17": "review"})
    docs = set_year(set_year(valid_packet(), 2, 2010), 3, 2009)  # 16 and 17
    items = run(RB, docs, REF)
    expect(items, {"art5-pu-n1": "fail", "art17": "review"})
    f = next(f for f in item(items, "art5-pu-n1").findings if f.severity == "error")
    assert (f.code, f.value, f.expected) == ("crlv.frota_minima", 1, ">= 2")


def test_vehicle_of_another_owner_does_not_count_unless_financed():
    docs = drop(valid_packet(), "crlv3", "laudo3", "apolice3", "pagamento3")
    setf(docs, "relacao", "veiculos", get(docs, "relacao").fields["veiculos"].value[:2])
    expect(run(RB, docs, REF))
    setf(docs, "crlv2", "proprietario_documento", make_cnpj("454545450001"))
    expect(run(RB, docs, REF), {"art5-pu-n1": "fail"})
    setf(docs, "crlv2", "observacoes", "ARRENDAMENTO MERCANTIL - BANCO EXEMPLO LEASING S.A.")
    expect(run(RB, docs, REF), {"art5-pu-n1": "review"})


def test_an_automobile_does_not_count():
    docs = drop(valid_packet(), "crlv3", "laudo3", "apolice3", "pagamento3")
    setf(docs, "relacao", "veiculos", get(docs, "relacao").fields["veiculos"].value[:2])
    setf(docs, "crlv2", "tipo_veiculo", "outro")
    expect(run(RB, docs, REF), {"art5-pu-n1": "fail"})


def test_vehicle_list_missing():
    expect(run(RB, drop(valid_packet(), "relacao"), REF), {"art5-pu-n1": "missing"})


# --- item 2: paid-in capital of 3.000 UFESP, from the dated table -------------------------

@pytest.mark.parametrize("ref,capital,status", [
    (REF, 115260.0, "ok"),
    (REF, 115259.99, "fail"),
    (date(2025, 6, 2), 111060.0, "ok"),      # 3.000 × 37,02
    (date(2027, 3, 1), 500000.0, "review"),  # UFESP 2027 unknown here
])
def test_paid_in_capital(ref, capital, status):
    docs = setf(valid_packet(ref), "contrato_social", "capital_integralizado", capital)
    items = run(RB, docs, ref)
    expect(items, {"art5-pu-n2": status} if status != "ok" else {})
    if status == "review":
        assert "valor desconhecido para 01/03/2027" in messages(items, "art5-pu-n2")[0]


def test_capital_unread_is_review():
    expect(run(RB, setf(valid_packet(), "contrato_social", "capital_integralizado", 150000.0, confidence=0.4), REF),
           {"art5-pu-n2": "review"})


# --- Art. 10, § 2º: what the contract must state -----------------------------------------

@pytest.mark.parametrize("field", ["horarios", "locais_embarque", "destino"])
def test_contract_without_times_places_or_destination_is_review(field):
    items = run(RB, setf(valid_packet(), "contrato", field, None), REF)
    expect(items, {"art10-p2-n3": "review"})
    assert codes(items, "art10-p2-n3") == [f"contrato_fretamento.{field}_not_found"]


def test_contract_with_times_to_be_defined_fails():
    items = run(RB, setf(valid_packet(), "contrato", "horarios", "a definir"), REF)
    expect(items, {"art10-p2-n3": "fail"})


def natural_person_contract(docs, with_rg=True):
    setf(docs, "contrato", "contratante_tipo", "pf")
    setf(docs, "contrato", "contratante_nome", "José Roberto da Silva")
    setf(docs, "contrato", "contratante_documento", make_cpf("159753486"))
    if with_rg:
        setf(docs, "contrato", "contratante_rg", "23.456.789-0")
    return docs


def test_natural_person_contractor_with_rg():
    expect(run(RB, natural_person_contract(valid_packet()), REF),
           {"art10-p2-n1": "ok", "art10-p2-n2": "not_applicable"})


def test_natural_person_contractor_with_cpf_only_is_review():
    items = run(RB, natural_person_contract(valid_packet(), with_rg=False), REF)
    expect(items, {"art10-p2-n1": "review", "art10-p2-n2": "not_applicable"})
    assert codes(items, "art10-p2-n1") == ["contrato_fretamento.contratante_sem_rg"]


def test_natural_person_contractor_without_full_name_fails():
    docs = natural_person_contract(valid_packet())
    setf(docs, "contrato", "contratante_nome", "José")
    expect(run(RB, docs, REF), {"art10-p2-n1": "fail", "art10-p2-n2": "not_applicable"})


def test_passenger_by_cpf_is_ok_by_matricula_review_and_without_document_fails():
    docs = valid_packet()
    rows = [dict(p) for p in PASSENGERS]
    # the CPF identifies a citizen by itself (Lei 14.534/2023): a document equivalent to the RG
    rows[1] = {"nome": "Carlos Eduardo Lima", "documento_tipo": "cpf", "documento": make_cpf("258147369")}
    setf(docs, "lista", "passageiros", rows)
    expect(run(RB, docs, REF))
    rows[1] = {"nome": "Carlos Eduardo Lima", "documento_tipo": "matricula", "documento": "20245531"}
    setf(docs, "lista", "passageiros", rows)
    items = run(RB, docs, REF)
    expect(items, {"art10-p2-n2": "review"})
    assert "lista_passageiros.documento_equivalente_incerto" in codes(items, "art10-p2-n2")
    rows[1] = {"nome": "Carlos Eduardo Lima", "documento_tipo": None, "documento": None}
    setf(docs, "lista", "passageiros", rows)
    expect(run(RB, docs, REF), {"art10-p2-n2": "fail"})


def test_no_passenger_list_with_a_legal_person_contractor_is_missing():
    expect(run(RB, drop(valid_packet(), "lista"), REF), {"art10-p2-n2": "missing"})


def test_contractor_cnpj_invalid_fails():
    good = get(valid_packet(), "contrato").fields["contratante_documento"].value
    bad = good[:-1] + str((int(good[-1]) + 1) % 10)
    items = run(RB, setf(valid_packet(), "contrato", "contratante_documento", bad), REF)
    expect(items, {"art10-p2-n2": "fail"})
    assert codes(items, "art10-p2-n2") == ["contrato_fretamento.contratante_cnpj_invalido"]


def test_ended_contract_fails():
    expect(run(RB, setf(valid_packet(), "contrato", "vigencia_fim", "2026-02-27"), REF), {"art10": "fail"})


# --- Arts. 14, 16 and 17: tachograph, approved inspection, interval by age ----------------

@pytest.mark.parametrize("n,fabricacao,days,status", [
    (1, 2023, -520, "ok"),     # 3 years: every 18 months
    (1, 2023, -560, "fail"),
    (1, 2021, -520, "ok"),     # 5 years: still 18 months
    (1, 2020, -400, "fail"),   # 6 years: every 12 months
    (2, 2016, -350, "ok"),     # 10 years: every 12 months
    (2, 2018, -380, "fail"),
    (3, 2015, -200, "fail"),   # 11 years: every 6 months
    (3, 2011, -170, "ok"),     # 15 years: every 6 months
])
def test_inspection_interval_by_age(n, fabricacao, days, status):
    docs = set_year(valid_packet(), n, fabricacao)
    setf(docs, f"laudo{n}", "data_emissao", d(REF, days))
    setf(docs, f"laudo{n}", "validade", None)
    items = run(RB, docs, REF)
    expect(items, {"art17": status} if status != "ok" else {})
    if status == "fail":
        f = next(f for f in item(items, "art17").findings if f.severity == "error")
        assert f.code == "laudo_inspecao.periodicidade_vencida" and f.document == f"laudo{n}"


def test_printed_validity_longer_than_the_interval_does_not_help():
    # vehicle 3 (12 years): its certificate prints 18 months, the act allows 6
    docs = setf(valid_packet(), "laudo3", "data_emissao", d(REF, -200))
    setf(docs, "laudo3", "validade", d(REF, 340))
    expect(run(RB, docs, REF), {"art17": "fail"})


def test_rejected_inspection():
    items = run(RB, setf(valid_packet(), "laudo2", "resultado", "reprovado"), REF)
    expect(items, {"art16": "fail", "art14": "review"})
    assert any("Tacógrafo" in m for m in item(items, "art14").manual_checks)


@pytest.mark.parametrize("emissor,status", [("outro", "review"), ("metroplan", "missing")])
def test_inspection_issuer(emissor, status):
    expect(run(RB, setf(valid_packet(), "laudo1", "emissor", emissor), REF), {"art16": status})


def test_expired_certificate_fails_both():
    expect(run(RB, setf(valid_packet(), "laudo2", "validade", "2026-03-01"), REF), {"art16": "fail", "art17": "fail"})


def test_vehicle_without_inspection_is_missing_in_the_three_items():
    items = run(RB, drop(valid_packet(), "laudo2"), REF)
    expect(items, {"art14": "missing", "art16": "missing", "art17": "missing"})
    assert any("FRT2B34" in f.message for f in item(items, "art16").findings)


def test_empty_packet_is_never_ok():
    assert all(i.status != "ok" for i in run(RB, [], REF))
    assert CARRIER.capital == 150000.0
