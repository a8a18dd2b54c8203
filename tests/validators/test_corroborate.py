"""Identifiers two documents read the same way count as confident, for judging only."""

from __future__ import annotations

from domain.documents import CONFIDENT
from tests.validators.metroplan_asserts import run, statuses
from tests.validators.metroplan_packet import PLACA, REF, get, setf, valid_packet
from validators.corroborate import FLOOR, lifted_for_judging


def conf(docs, doc_id, name):
    return get(docs, doc_id).fields[name].confidence


def test_an_unsure_plate_read_the_same_on_the_crlv_and_the_policy_is_lifted():
    docs = setf(setf(valid_packet(), "crlv", "placa", confidence=0.76), "apolice", "placa", confidence=0.76)
    lifted = lifted_for_judging(docs)
    assert conf(lifted, "crlv", "placa") == CONFIDENT
    assert conf(lifted, "apolice", "placa") == CONFIDENT
    # the inputs, which the result reports, keep the confidence of the read
    assert conf(docs, "crlv", "placa") == 0.76


def test_a_read_that_no_other_document_agrees_with_stays_unsure():
    docs = setf(valid_packet(), "apolice", "placa", "IXC1D28", confidence=0.76)
    lifted = lifted_for_judging(docs)
    assert conf(lifted, "apolice", "placa") == 0.76


def test_reads_below_the_floor_are_not_lifted_even_when_they_agree():
    low = FLOOR - 0.05
    docs = valid_packet()
    for d in docs:
        if "placa" in d.fields:
            setf(docs, d.id, "placa", confidence=low)
    lifted = lifted_for_judging(docs)
    assert all(d.fields["placa"].confidence == low for d in lifted if "placa" in d.fields)


def test_a_document_of_uncertain_type_corroborates_nothing():
    docs = setf(valid_packet(), "apolice", "placa", confidence=0.76)
    for d in docs:
        if d.id != "apolice" and "placa" in d.fields:
            d.type_confidence = 0.5
    assert conf(lifted_for_judging(docs), "apolice", "placa") == 0.76


def test_judgement_counts_the_corroborated_read_and_the_defect_still_fails():
    # plate read unsure everywhere but the same in four documents: the vehicle items are ok
    docs = valid_packet()
    for d in docs:
        if d.fields.get("placa") and d.fields["placa"].value == PLACA:
            setf(docs, d.id, "placa", confidence=0.76)
    assert statuses(run(docs, REF))["art4-xi"] == "ok"
    # a policy confidently for another plate and chassis is still no policy of this vehicle
    docs = setf(valid_packet(), "apolice", "placa", "ABC1234")
    docs = setf(docs, "apolice", "chassi", "9BWZZZ377VT004251")
    assert statuses(run(docs, REF))["art4-xi"] != "ok"


def test_a_policy_number_read_alike_on_the_policy_and_its_receipt_is_lifted():
    docs = setf(valid_packet(), "apolice", "numero_apolice", confidence=0.6)
    docs = setf(docs, "pagamento", "numero_apolice", confidence=0.79)
    lifted = lifted_for_judging(docs)
    assert conf(lifted, "apolice", "numero_apolice") == CONFIDENT
    assert conf(lifted, "pagamento", "numero_apolice") == CONFIDENT


def test_a_contract_number_read_alike_on_the_contract_and_its_list_is_lifted():
    docs = setf(valid_packet(), "contrato", "numero_contrato", confidence=0.76)
    docs = setf(docs, "lista", "contrato_numero", confidence=0.76)
    lifted = lifted_for_judging(docs)
    assert conf(lifted, "contrato", "numero_contrato") == CONFIDENT
    assert conf(lifted, "lista", "contrato_numero") == CONFIDENT
    assert statuses(run(docs, REF))["art4-vi"] == "ok"
    # read differently, neither is lifted
    docs = setf(docs, "lista", "contrato_numero", "099/2024", confidence=0.76)
    assert conf(lifted_for_judging(docs), "lista", "contrato_numero") == 0.76


def test_a_lookalike_fifth_character_leaves_the_pairing_to_the_chassis():
    # PLACA is Mercosul 'IXC1D23': a laudo read, unsure, 'IXC1023' ('D' as '0') with the CRLV's chassis
    docs = setf(valid_packet(), "laudo", "placa", "IXC1023", confidence=0.76)
    assert statuses(run(docs, REF))["art4-iv"] == "ok"
    # without a chassis to decide, the laudo is not taken for this vehicle's
    assert statuses(run(setf(docs, "laudo", "chassi", None), REF))["art4-iv"] == "review"
    # read with confidence, 'IXC1023' is another plate: the laudo disagrees with the CRLV
    docs = setf(valid_packet(), "laudo", "placa", "IXC1023")
    assert statuses(run(docs, REF))["art4-iv"] == "fail"


def test_an_unsure_lotacao_that_the_vehicles_policy_states_as_its_seats_counts():
    docs = setf(setf(valid_packet(), "crlv", "lotacao", confidence=0.74), "laudo", "lotacao", None)
    assert statuses(run(docs, REF))["art18"] == "ok"
    # a policy for another number of seats corroborates nothing
    docs = setf(docs, "apolice", "assentos", 46)
    assert statuses(run(docs, REF))["art18"] == "review"


def test_an_unsure_lotacao_that_the_vehicles_laudo_reads_alike_counts():
    docs = setf(setf(valid_packet(), "crlv", "lotacao", confidence=0.71), "apolice", "assentos", None)
    docs = setf(docs, "laudo", "lotacao", confidence=0.62)  # two unsure reads, agreeing
    assert statuses(run(docs, REF))["art18"] == "ok"
    # the laudo of another lotação, or one read below the floor, corroborates nothing
    assert statuses(run(setf(docs, "laudo", "lotacao", 40), REF))["art18"] == "review"
    assert statuses(run(setf(docs, "laudo", "lotacao", confidence=FLOOR - 0.05), REF))["art18"] == "review"
    # nor does an unsure lotação read below the floor itself
    low = setf(setf(valid_packet(), "crlv", "lotacao", confidence=FLOOR - 0.05), "apolice", "assentos", None)
    assert statuses(run(low, REF))["art18"] == "review"


def test_an_unsure_chassis_one_character_off_does_not_unpair_a_surely_paired_policy():
    from tests.validators.metroplan_packet import CHASSI

    off = CHASSI[:-1] + ("1" if CHASSI[-1] != "1" else "2")
    docs = setf(valid_packet(), "apolice", "chassi", off, confidence=0.5)
    assert statuses(run(docs, REF))["art4-xi"] == "ok"
    # read with confidence, the same difference is a policy naming another chassis
    docs = setf(valid_packet(), "apolice", "chassi", off)
    assert statuses(run(docs, REF))["art4-xi"] == "fail"


def _person(doc_id: str, doc_type: str, cpf_value: str, born: str, conf: float):
    from tests.validators.metroplan_packet import doc

    d = doc(doc_id, doc_type, {"titular_nome": "HEITOR HENRIQUE DUTRA BRUM", "titular_documento": cpf_value,
                               "data_nascimento": born})
    d.fields["data_nascimento"] = d.fields["data_nascimento"].model_copy(update={"confidence": conf})
    return d


def test_a_birth_date_read_alike_on_the_same_persons_cnh_and_identity_is_lifted():
    from tests.validators.metroplan_packet import make_cpf

    who = make_cpf("756109500")
    docs = [_person("cnh", "cnh", who, "1986-09-23", 0.67),
            _person("rg", "documento_identidade", who, "1986-09-23", 0.96)]
    assert conf(lifted_for_judging(docs), "cnh", "data_nascimento") == CONFIDENT


def test_a_birth_date_of_another_person_corroborates_nothing():
    from tests.validators.metroplan_packet import make_cpf

    docs = [_person("cnh", "cnh", make_cpf("756109500"), "1986-09-23", 0.67),
            _person("rg", "documento_identidade", make_cpf("123456789"), "1986-09-23", 0.96)]
    assert conf(lifted_for_judging(docs), "cnh", "data_nascimento") == 0.67
