"""mg-ipatinga-escolar-pj and mg-ipatinga-escolar-pf against hand-built packets: the valid
packets, then one change at a time, asserting the status of every item (the defect lists of
validators/rulebooks/PACKETS.md)."""

from datetime import date

import pytest

from tests.validators.ipatinga_packet import (
    ATTENDANT, CARRIER, DRIVERS, RB_PF, RB_PJ, VALID_PF, VALID_PJ, attendant_docs, drop, get, setf, valid_pf,
    valid_pj,
)
from tests.validators.packet_parts import REF, d, doc, dpvat_ticket, make_cnpj, make_cpf, set_year
from tests.validators.rulebook_asserts import codes, item, messages, result, run, statuses
from validators import rulebooks


def expect_pj(items, changes=None):
    assert statuses(items) == {**VALID_PJ, **(changes or {})}


def expect_pf(items, changes=None):
    assert statuses(items) == {**VALID_PF, **(changes or {})}


def test_valid_packets():
    items = run(RB_PJ, valid_pj(), REF)
    expect_pj(items)
    assert [i.id for i in items] == list(VALID_PJ)
    items = run(RB_PF, valid_pf(), REF)
    expect_pf(items)
    assert [i.id for i in items] == list(VALID_PF)


def test_results_validate_against_the_contract():
    assert result(RB_PJ, valid_pj(), REF).verdict == "ok"
    assert result(RB_PF, valid_pf(), REF).verdict == "ok"


def test_minimum_items_of_the_contract_exist():
    pj = {i.id for i in rulebooks.load(RB_PJ).items}
    pf = {i.id for i in rulebooks.load(RB_PF).items}
    romans = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv", "xvi", "xvii"]
    assert {f"art24-{r}" for r in romans} | {"art2-x", "art27"} <= pj
    assert {f"art25-{r}" for r in romans[:11]} | {"art2-x", "art27"} <= pf


# --- Art. 2º, X: fleet age with one year of tolerance (both rulebooks) --------------------

@pytest.mark.parametrize("rb,packet,expect", [(RB_PJ, valid_pj, expect_pj), (RB_PF, valid_pf, expect_pf)])
@pytest.mark.parametrize("fabricacao,status", [(2010, "ok"), (2009, "fail")])  # minibus: 16 ok, 17 fail
def test_minibus_age_with_tolerance(rb, packet, expect, fabricacao, status):
    items = run(rb, set_year(packet(), 1, fabricacao), REF)
    expect(items, {"art2-x": status} if status != "ok" else {})
    f = item(items, "art2-x").findings[0]
    assert f"2026 − {fabricacao} = {2026 - fabricacao} anos" in f.message and "1 de tolerância" in f.message


@pytest.mark.parametrize("fabricacao,status", [(2005, "ok"), (2004, "fail")])  # bus: 21 ok, 22 fail
def test_bus_age_with_tolerance(fabricacao, status):
    docs = set_year(valid_pj(), 1, fabricacao)
    setf(docs, "crlv1", "tipo_veiculo", "onibus")
    setf(docs, "crlv1", "especie_tipo", "PASSAGEIRO ONIBUS")
    expect_pj(run(RB_PJ, docs, REF), {"art2-x": status} if status != "ok" else {})


@pytest.mark.parametrize("fabricacao,status", [(2010, "ok"), (2009, "fail")])
def test_van_counts_as_a_minibus(fabricacao, status):
    docs = set_year(valid_pj(), 1, fabricacao)
    setf(docs, "crlv1", "tipo_veiculo", "outro")
    setf(docs, "crlv1", "especie_tipo", "PASSAGEIRO CAMIONETA")
    items = run(RB_PJ, docs, REF)
    expect_pj(items, {"art2-x": status} if status != "ok" else {})
    assert "crlv.tipo_similar" in codes(items, "art30")


def test_automobile_is_not_allowed():
    docs = setf(valid_pj(), "crlv1", "tipo_veiculo", "outro")
    setf(docs, "crlv1", "especie_tipo", "PASSAGEIRO AUTOMOVEL")
    expect_pj(run(RB_PJ, docs, REF), {"art30": "fail"})


# --- Art. 27: drivers aged 21 or more, from the CNH birth date ---------------------------

@pytest.mark.parametrize("born,status", [("2005-03-02", "ok"), ("2005-03-03", "fail")])
def test_driver_age_21(born, status):
    for rb, packet, expect in ((RB_PJ, valid_pj, expect_pj), (RB_PF, valid_pf, expect_pf)):
        items = run(rb, setf(packet(), "cnh2", "data_nascimento", born), REF)
        expect(items, {"art27": status} if status != "ok" else {})
        if status == "fail":
            assert messages(items, "art27", "error")[0].startswith(f"Condutor {DRIVERS[1].name}: Condutor com 20 anos")


# --- Art. 24 (legal person) ---------------------------------------------------------------

@pytest.mark.parametrize("days,status", [(-30, "ok"), (-31, "fail")])
def test_criminal_record_within_30_days(days, status):
    docs = setf(valid_pj(), "antecedentes1", "data_emissao", d(REF, days))
    items = run(RB_PJ, docs, REF)
    expect_pj(items, {"art24-ix": status} if status != "ok" else {})
    if status == "fail":
        f = item(items, "art24-ix").findings[0]
        assert (f.code, f.document, f.expected) == ("atestado_antecedentes.emissao_antiga", "antecedentes1", ">= 2026-01-31")


def test_course_card_valid_for_five_years():
    docs = setf(valid_pj(), "curso2", "validade", None)
    setf(docs, "curso2", "data_emissao", "2021-03-01")  # five years: until 01/03/2026
    expect_pj(run(RB_PJ, docs, REF), {"art24-xv": "fail"})
    setf(docs, "curso2", "data_emissao", "2021-03-02")
    expect_pj(run(RB_PJ, docs, REF))
    expect_pj(run(RB_PJ, setf(valid_pj(), "curso1", "validade", "2026-03-01"), REF), {"art24-xv": "fail"})


def test_course_missing_is_missing():
    expect_pj(run(RB_PJ, drop(valid_pj(), "curso1"), REF), {"art24-xv": "missing"})


def test_vehicle_licensed_in_another_municipality_fails():
    items = run(RB_PJ, setf(valid_pj(), "crlv1", "municipio", "BELO HORIZONTE MG"), REF)
    expect_pj(items, {"art24-x": "fail"})
    assert "crlv.municipio_diverge" in codes(items, "art24-x")


def test_crv_of_another_company_fails_and_missing_crv_is_missing():
    expect_pj(run(RB_PJ, setf(valid_pj(), "crv1", "proprietario_documento", make_cnpj("919191910001")), REF),
              {"art24-x": "fail"})
    expect_pj(run(RB_PJ, drop(valid_pj(), "crv1"), REF), {"art24-x": "missing"})


@pytest.mark.parametrize("emissor,status", [("municipio", "ok"), ("outro", "review"), ("crea", "missing")])
def test_inspection_by_the_detra(emissor, status):
    """A laudo by another issuer cannot be the municipal laudo the act asks for: the item is
    missing (the packet lacks it), with the other laudo as the finding's evidence."""
    items = run(RB_PJ, setf(valid_pj(), "laudo1", "emissor", emissor), REF)
    expect_pj(items, {"art24-xii": status} if status != "ok" else {})
    if status == "missing":
        f = next(f for f in item(items, "art24-xii").findings if f.code == "laudo_inspecao.emissor_nao_aceito")
        assert f.document and (f.field, f.value) == ("emissor", "crea")


def test_inspection_older_than_a_semester_fails():
    docs = setf(valid_pj(), "laudo1", "data_emissao", d(REF, -200))
    setf(docs, "laudo1", "validade", None)
    expect_pj(run(RB_PJ, docs, REF), {"art24-xii": "fail"})


def test_category_b_auxiliary_driver_fails():
    items = run(RB_PJ, setf(valid_pj(), "cnh2", "categoria", "B"), REF)
    expect_pj(items, {"art24-xiv": "fail"})
    assert messages(items, "art24-xiv", "error")[0].startswith(f"Condutor {DRIVERS[1].name}:")


def test_alvara_of_another_municipality_or_expired_fails():
    expect_pj(run(RB_PJ, setf(valid_pj(), "alvara", "municipio", "Coronel Fabriciano"), REF), {"art24-ii": "fail"})
    expect_pj(run(RB_PJ, setf(valid_pj(), "alvara", "validade", "2026-02-28"), REF), {"art24-ii": "fail"})


def test_parking_declaration_missing():
    expect_pj(run(RB_PJ, drop(valid_pj(), "declaracao"), REF), {"art24-iv": "missing"})


def test_social_object_not_school_transport_is_review():
    items = run(RB_PJ, setf(valid_pj(), "contrato_social", "objeto_social", "Transporte rodoviário de passageiros"), REF)
    expect_pj(items, {"art24-i": "review"})


def test_labour_certificate_missing():
    expect_pj(run(RB_PJ, drop(valid_pj(), "cert_trabalhista"), REF), {"art24-vi": "missing"})


def test_unfit_driver_fails():
    expect_pj(run(RB_PJ, setf(valid_pj(), "medico1", "apto", False), REF), {"art24-xvii": "fail"})


def test_residence_outside_ipatinga_fails():
    docs = setf(valid_pj(), "endereco_empresa", "municipio", "Timóteo")
    for n in (1, 2):
        setf(docs, f"endereco{n}", "municipio", "Timóteo")
    expect_pj(run(RB_PJ, docs, REF), {"art24-xvi": "fail"})
    # one of them in Ipatinga is enough (the act does not say whose, for a legal person)
    setf(docs, "endereco2", "municipio", "Ipatinga")
    expect_pj(run(RB_PJ, docs, REF))


def test_leased_vehicle_must_be_registered_for_hire_in_ipatinga():
    docs = setf(valid_pj(), "crlv1", "observacoes", "ARRENDAMENTO MERCANTIL - BANCO EXEMPLO LEASING S.A.")
    items = run(RB_PJ, docs, REF)
    expect_pj(items, {"art24-p2": "ok"})
    setf(docs, "crlv1", "categoria", "PARTICULAR")
    expect_pj(run(RB_PJ, docs, REF), {"art24-p2": "fail"})


def test_leased_vehicle_in_the_lessors_name_is_review_for_ownership():
    docs = setf(valid_pj(), "crlv1", "observacoes", "ARRENDAMENTO MERCANTIL - BANCO EXEMPLO LEASING S.A.")
    setf(docs, "crv1", "proprietario_documento", make_cnpj("929292920001"))
    expect_pj(run(RB_PJ, docs, REF), {"art24-x": "review", "art24-p2": "ok"})


def test_renewal_every_five_years_is_information():
    items = run(RB_PJ, valid_pj(), REF)
    assert item(items, "art24-p1").status == "ok"
    note = messages(items, "art24-p1")[0]
    assert note.startswith("Emitidos há mais de 5 anos") and "identidade1, 01/02/2010" in note
    assert "contrato_social" not in note  # issued in 2023


# --- Art. 26: attendants ------------------------------------------------------------------

def test_attendant_documents_when_declared():
    facts = {"acompanhante": "true"}
    on = {"art26-i": "ok", "art26-ii": "ok", "art26-iii": "ok"}
    expect_pj(run(RB_PJ, valid_pj() + attendant_docs(REF), REF, facts), on)
    expect_pj(run(RB_PJ, valid_pj(), REF, facts), {"art26-i": "missing", "art26-ii": "missing", "art26-iii": "missing"})
    items = run(RB_PJ, drop(valid_pj() + attendant_docs(REF), "medico9"), REF, facts)
    expect_pj(items, {**on, "art26-ii": "missing"})
    assert messages(items, "art26-ii")[0].startswith(f"Acompanhante {ATTENDANT.name}:")
    expect_pf(run(RB_PF, valid_pf() + attendant_docs(REF), REF, facts), on)


# --- the mandatory insurance "Categoria 3" (DPVAT) ---------------------------------------

OLD = date(2020, 6, 1)


def test_category_3_ticket_when_dpvat_was_charged():
    ticket = dpvat_ticket("dpvat1", "HNT3E45", 2020, CARRIER.holder, categoria="03")
    expect_pj(run(RB_PJ, valid_pj(OLD) + [ticket], OLD), {"art24-xi": "ok"})
    expect_pj(run(RB_PJ, valid_pj(OLD), OLD), {"art24-xi": "missing"})
    wrong = dpvat_ticket("dpvat1", "HNT3E45", 2020, CARRIER.holder, categoria="01")
    items = run(RB_PJ, valid_pj(OLD) + [wrong], OLD)
    expect_pj(items, {"art24-xi": "fail"})
    assert "dpvat.categoria_diverge" in codes(items, "art24-xi")


def test_reference_date_past_the_last_known_dpvat_status_is_review():
    ref = date(2027, 3, 1)
    expect_pj(run(RB_PJ, valid_pj(ref), ref), {"art24-xi": "review"})
    expect_pf(run(RB_PF, valid_pf(ref), ref), {"art25-ix": "review"})


# --- Art. 25 (natural person) -------------------------------------------------------------

def test_vehicle_of_someone_who_is_not_a_driver_fails():
    items = run(RB_PF, setf(valid_pf(), "crv1", "proprietario_documento", make_cpf("777888999")), REF)
    expect_pf(items, {"art25-viii": "fail"})


def test_vehicle_of_a_company_fails_in_the_natural_person_book():
    docs = setf(valid_pf(), "crv1", "proprietario_documento", make_cnpj("939393930001"))
    setf(docs, "crlv1", "proprietario_documento", make_cnpj("939393930001"))
    expect_pf(run(RB_PF, docs, REF), {"art25-viii": "fail", "art25-v": "ok"})


def test_cnh_must_show_the_school_transport_qualification():
    items = run(RB_PF, setf(valid_pf(), "cnh1", "observacoes", "EAR"), REF)
    expect_pf(items, {"art25-ii": "fail"})
    assert codes(items, "art25-ii") == ["cnh.sem_observacao"]


@pytest.mark.parametrize("days,status", [(-30, "ok"), (-31, "fail")])
def test_medical_certificate_presented_within_30_days(days, status):
    items = run(RB_PF, setf(valid_pf(), "medico2", "data_emissao", d(REF, days)), REF)
    expect_pf(items, {"art25-p2": status} if status != "ok" else {})


def test_medical_renewal_by_age_is_noted():
    items = run(RB_PF, setf(valid_pf(), "cnh2", "data_nascimento", "1958-01-10"), REF)
    expect_pf(items)
    assert any("68 anos: atestado médico renovado anualmente" in m for m in messages(items, "art25-p2"))


@pytest.mark.parametrize("days,status", [(-30, "ok"), (-45, "fail")])
def test_pf_criminal_record_within_30_days(days, status):
    expect_pf(run(RB_PF, setf(valid_pf(), "antecedentes2", "data_emissao", d(REF, days)), REF),
              {"art25-vii": status} if status != "ok" else {})


def test_military_certificate_missing_is_review_electoral_missing():
    items = run(RB_PF, drop(valid_pf(), "militar2"), REF)
    expect_pf(items, {"art25-iv": "review"})
    expect_pf(run(RB_PF, drop(valid_pf(), "eleitoral1"), REF), {"art25-iv": "missing"})


def test_auxiliary_driver_living_elsewhere_needs_a_second_record():
    docs = setf(valid_pf(), "endereco2", "municipio", "Coronel Fabriciano")
    items = run(RB_PF, docs, REF)
    expect_pf(items, {"art25-p1": "missing"})
    assert "comprovante_endereco.auxiliar_nao_residente" in codes(items, "art25-v")
    second = doc("antecedentes2b", "atestado_antecedentes", {
        **DRIVERS[1].holder, "resultado": "nada_consta", "data_emissao": d(REF, -3), "validade": d(REF, 87)})
    expect_pf(run(RB_PF, docs + [second], REF), {"art25-p1": "ok"})


def test_titular_living_elsewhere_fails():
    items = run(RB_PF, setf(valid_pf(), "endereco1", "municipio", "Coronel Fabriciano"), REF)
    expect_pf(items, {"art25-v": "fail"})


def test_pf_points_certificate_positive_fails():
    expect_pf(run(RB_PF, setf(valid_pf(), "pontos1", "resultado", "positiva"), REF), {"art25-vi": "fail"})


def test_empty_packets_are_never_ok():
    for rb in (RB_PJ, RB_PF):
        items = run(rb, [], REF)
        assert all(i.status != "ok" or i.id == "art24-p1" for i in items), rb
    assert get(valid_pf(), "crlv1").fields["ano_fabricacao"].value == 2012
