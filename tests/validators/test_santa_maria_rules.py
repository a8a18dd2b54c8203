"""rs-santa-maria-fretamento against hand-built packets: the valid packet, then one change at a
time, asserting the status of every item (the defect list of validators/rulebooks/PACKETS.md)."""

from datetime import date

import pytest

from tests.validators.packet_parts import REF, Person, cnh, course, ctps, d, doc, make_cnpj, make_cpf, set_year
from tests.validators.rulebook_asserts import codes, item, messages, result, run, statuses
from tests.validators.santa_maria_packet import CARRIER, DRIVERS, RB, VALID, drop, get, setf, valid_packet
from validators import engine, rulebooks
from validators.params import Parameter


def expect(items, changes=None):
    assert statuses(items) == {**VALID, **(changes or {})}


def test_valid_packet():
    items = run(RB, valid_packet(), REF)
    expect(items)
    assert [i.id for i in items] == list(VALID)  # the act's order
    assert [i.id for i in items] == [i.id for i in rulebooks.load(RB).items]
    assert "inciso III" in messages(items, "art12-p1")[0]


def test_result_validates_against_the_contract():
    res = result(RB, valid_packet(), REF)
    assert res.verdict == "review"  # art12-p1 until the minimum is set
    assert res.rulebook.jurisdiction == "Santa Maria/RS"


def test_minimum_items_of_the_contract_exist():
    ids = {i.id for i in rulebooks.load(RB).items}
    need = {f"art7-i-{a}" for a in "abcdefg"} | {f"art7-ii-{a}" for a in "abcdefghijk"} | {
        "art7-iii-a", "art7-iii-b", "art11-p1", "art11-p2", "art12-i", "art12-ii", "art12-p1", "art13", "art20-ii"}
    assert need <= ids


# --- Art. 12, § 1º: the minimum insured value, a parameter with no value yet ---------------

def with_minimum(value: str, valid_from: str = "2026-01-01", valid_to: str | None = "2026-12-31"):
    rb = rulebooks.load(RB)
    p = Parameter.model_validate({
        "id": "seguro_minimo_passageiro", "title": "Valor mínimo segurado por passageiro (Art. 12, § 1º)",
        "unit": "BRL", "values": [{"valid_from": valid_from, "valid_to": valid_to, "value": value,
                                   "source": "Portaria da Secretaria de Mobilidade Urbana (teste)",
                                   "last_verified": "2026-11-29"}]})
    return rb.model_copy(update={"parameters": [p]})


def judge_with(rb, docs, ref=REF, facts=None):
    return engine.judge_rulebook(rb, docs, ref, rb.parse_facts(facts or {}))


def test_setting_the_minimum_makes_the_item_decidable():
    items = judge_with(with_minimum("80000.00"), valid_packet())
    expect(items, {"art12-p1": "ok"})
    assert "R$ 80.000,00" in item(items, "art12-p1").findings[0].message


def test_policy_below_the_set_minimum_fails():
    items = judge_with(with_minimum("120000.00"), valid_packet())
    expect(items, {"art12-p1": "fail"})
    f = next(f for f in item(items, "art12-p1").findings if f.severity == "error")
    assert (f.code, f.field, f.value, f.expected) == (
        "apolice_seguro.ap_por_passageiro_abaixo_minimo", "ap_por_passageiro", 100000.0, 120000.0)


def test_reference_date_past_the_last_known_minimum_is_review():
    ref = date(2027, 3, 1)
    items = judge_with(with_minimum("80000.00"), valid_packet(ref), ref)
    assert statuses(items)["art12-p1"] == "review"
    assert "01/03/2027" in messages(items, "art12-p1")[0]


# --- Art. 11: type and service life (year of manufacture to the reference year) -----------

@pytest.mark.parametrize("fabricacao,status", [(2006, "ok"), (2005, "fail")])  # 20 ok, 21 fail
def test_bus_service_life_20_years(fabricacao, status):
    # over 10 years the ITV is every six months: inspected 170 days ago, still in time
    items = run(RB, set_year(valid_packet(), 1, fabricacao), REF)
    expect(items, {"art11-p2": status} if status != "ok" else {})
    f = item(items, "art11-p2").findings[0]
    assert f"2026 − {fabricacao} = {2026 - fabricacao} anos" in f.message
    if status == "fail":
        assert "Art. 11, § 3º" in f.message and f.expected == ">= 2006"


def test_declared_extension_turns_the_first_year_over_into_review():
    items = run(RB, set_year(valid_packet(), 1, 2005), REF, {"prorrogacao_vida_util": "sim"})
    expect(items, {"art11-p2": "review"})
    assert any("Art. 11, § 3º" in m for m in item(items, "art11-p2").manual_checks)
    # two years over: no extension covers it
    items = run(RB, set_year(valid_packet(), 1, 2004), REF, {"prorrogacao_vida_util": "sim"})
    expect(items, {"art11-p2": "fail"})


@pytest.mark.parametrize("fabricacao,status", [(2011, "ok"), (2010, "fail")])  # minibus: 15 ok, 16 fail
def test_minibus_service_life_15_years(fabricacao, status):
    items = run(RB, set_year(valid_packet(), 2, fabricacao), REF)
    expect(items, {"art11-p2": status} if status != "ok" else {})


def test_an_automobile_is_not_a_bus_or_minibus():
    docs = setf(valid_packet(), "crlv2", "tipo_veiculo", "outro")
    setf(docs, "crlv2", "especie_tipo", "PASSAGEIRO AUTOMOVEL")
    items = run(RB, docs, REF)
    expect(items, {"art11-p1": "fail", "art11-p2": "fail", "art14-p1": "review"})
    assert codes(items, "art11-p1") == ["crlv.tipo_nao_coletivo"]


def test_manufacture_year_from_the_crv_when_the_crlv_lacks_it():
    items = run(RB, setf(valid_packet(), "crlv1", "ano_fabricacao", None), REF)
    expect(items)
    assert "2026 − 2018" in item(items, "art11-p2").findings[0].message


def test_crlv_and_crv_disagreeing_on_the_year_is_review():
    items = run(RB, setf(valid_packet(), "crv1", "ano_fabricacao", 2012), REF)
    expect(items, {"art11-p2": "review", "art14-p1": "review"})
    assert "crlv.ano_fabricacao_diverge_crv" in codes(items, "art11-p2")


# --- Art. 12, I and II: CRV and current CRLV ---------------------------------------------

def test_crv_in_another_cnpj_fails():
    other = make_cnpj("998887770001")
    items = run(RB, setf(valid_packet(), "crv2", "proprietario_documento", other), REF)
    expect(items, {"art12-i": "fail"})
    f = item(items, "art12-i").findings[0]
    assert (f.document, f.field, f.value) == ("crv2", "proprietario_documento", other)
    assert f.message.startswith("Veículo IYB4567:")


def test_no_crv_for_a_vehicle_is_missing():
    expect(run(RB, drop(valid_packet(), "crv2"), REF), {"art12-i": "missing"})


@pytest.mark.parametrize("exercicio,status", [(2026, "ok"), (2025, "review"), (2024, "fail")])
def test_crlv_exercise(exercicio, status):
    items = run(RB, setf(valid_packet(), "crlv1", "exercicio", exercicio), REF)
    expect(items, {"art12-ii": status} if status != "ok" else {})


# --- Art. 13: capacity -------------------------------------------------------------------

def test_passenger_list_above_the_lotacao_fails():
    people = [{"nome": f"Passageiro Número {i}", "documento_tipo": "rg", "documento": f"{i:09d}"} for i in range(75)]
    docs = valid_packet() + [doc("lista", "lista_passageiros", {"passageiros": people, "total_passageiros": 75})]
    items = run(RB, docs, REF)
    expect(items, {"art13": "fail"})
    assert "lista_passageiros.acima_lotacao" in codes(items, "art13")


# --- Art. 14, § 1º: inspection interval by type and age ----------------------------------

@pytest.mark.parametrize("fabricacao,days,status", [
    (2018, -360, "ok"),     # bus of 8 years: yearly
    (2018, -400, "fail"),
    (2016, -360, "ok"),     # bus of 10 years: still yearly
    (2015, -170, "ok"),     # bus of 11 years: every six months
    (2015, -200, "fail"),
])
def test_bus_inspection_interval(fabricacao, days, status):
    docs = set_year(valid_packet(), 1, fabricacao)
    setf(docs, "laudo1", "data_emissao", d(REF, days))
    setf(docs, "laudo1", "validade", d(REF, days + 365))
    items = run(RB, docs, REF)
    expect(items, {"art14-p1": status} if status != "ok" else {})
    if status == "fail":
        f = next(f for f in item(items, "art14-p1").findings if f.severity == "error")
        assert f.code == "laudo_inspecao.periodicidade_vencida" and f.document == "laudo1"


@pytest.mark.parametrize("fabricacao,status", [(2018, "ok"), (2017, "fail")])  # minibus 8: yearly; 9: six months
def test_minibus_inspection_interval(fabricacao, status):
    docs = set_year(valid_packet(), 2, fabricacao)
    setf(docs, "laudo2", "data_emissao", d(REF, -300))
    setf(docs, "laudo2", "validade", d(REF, 65))
    expect(run(RB, docs, REF), {"art14-p1": status} if status != "ok" else {})


def test_inspection_by_a_credenciada_is_review():
    expect(run(RB, setf(valid_packet(), "laudo1", "emissor", "outro"), REF), {"art14-p1": "review"})


def test_rejected_inspection_fails():
    expect(run(RB, setf(valid_packet(), "laudo2", "resultado", "reprovado"), REF), {"art14-p1": "fail"})


# --- drivers (Arts. 18 and 20): per driver, worst wins, findings name the driver ----------

def test_category_b_driver_fails_and_is_named():
    items = run(RB, setf(valid_packet(), "cnh2", "categoria", "AB"), REF)
    expect(items, {"art18": "fail", "art20-ii": "fail"})
    errors = messages(items, "art20-ii", "error")
    assert errors and all(m.startswith(f"Condutor {DRIVERS[1].name}:") for m in errors)
    assert "cnh1" in item(items, "art20-ii").documents  # the other driver's evidence stays


def test_cnh_without_paid_activity_remark_fails():
    items = run(RB, setf(valid_packet(), "cnh1", "ear", False), REF)
    expect(items, {"art20-ii": "fail"})
    assert codes(items, "art20-ii") == ["cnh.sem_ear"]


def test_cnh_number_failing_both_variants_is_review_never_fail():
    bad = DRIVERS[0].cnh_numero[:-1] + str((int(DRIVERS[0].cnh_numero[-1]) + 1) % 10)
    items = run(RB, setf(valid_packet(), "cnh1", "numero", bad), REF)
    expect(items, {"art20-ii": "review"})
    assert codes(items, "art20-ii") == ["cnh.numero_digito_incerto"]


def test_expired_cnh_fails():
    expect(run(RB, setf(valid_packet(), "cnh2", "validade", "2026-02-01"), REF), {"art18": "fail", "art20-ii": "fail"})


def test_course_missing_and_expired():
    expect(run(RB, drop(valid_packet(), "curso2"), REF), {"art20-iii": "missing"})
    docs = setf(valid_packet(), "curso1", "validade", None)
    setf(docs, "curso1", "data_emissao", "2020-05-10")  # five years of validity ended in 05/2025
    items = run(RB, docs, REF)
    expect(items, {"art20-iii": "fail"})
    assert messages(items, "art20-iii", "error")[0].startswith(f"Condutor {DRIVERS[0].name}:")


def test_other_course_only_is_missing():
    items = run(RB, setf(valid_packet(), "curso1", "curso", "Movimentação Operacional de Produtos Perigosos"), REF)
    expect(items, {"art20-iii": "missing"})


def test_ctps_of_another_employer_is_review_and_without_ctps_missing():
    items = run(RB, setf(valid_packet(), "ctps2", "empregador_documento", make_cnpj("121212120001")), REF)
    expect(items, {"art20-v": "review"})
    # the company still proves an employment link through the other driver (Art. 7º, II, d)
    expect(run(RB, drop(valid_packet(), "ctps2"), REF), {"art20-v": "missing"})
    expect(run(RB, drop(valid_packet(), "ctps1", "ctps2"), REF), {"art20-v": "missing", "art7-ii-d": "missing"})


def test_ended_employment_fails():
    expect(run(RB, setf(valid_packet(), "ctps1", "data_desligamento", "2026-01-31"), REF),
           {"art20-v": "fail", "art7-ii-d": "ok"})


def test_old_criminal_record_fails_yearly_update():
    docs = setf(valid_packet(), "antecedentes1", "data_emissao", d(REF, -400))
    setf(docs, "antecedentes1", "validade", d(REF, -310))
    items = run(RB, docs, REF)
    expect(items, {"art20-i": "fail", "art7-pu": "fail"})


def test_criminal_record_with_a_record_fails():
    expect(run(RB, setf(valid_packet(), "antecedentes2", "resultado", "consta"), REF), {"art20-i": "fail"})


def test_points_certificate_missing():
    expect(run(RB, drop(valid_packet(), "pontos1"), REF), {"art20-iv": "missing"})


def test_a_third_driver_with_complete_documents_keeps_the_packet_ok():
    # (22 years old: Santa Maria sets no minimum age of its own)
    p = Person(3, "Lucas Gabriel Dias", make_cpf("307123456"), born="2004-01-01")
    docs = valid_packet() + [cnh(p, REF), doc("identidade3", "documento_identidade", {
        **p.holder, "numero": "55", "tipo_documento": "rg"}), ctps(p, CARRIER, REF),
        doc("antecedentes3", "atestado_antecedentes", {**p.holder, "resultado": "nada_consta",
                                                        "data_emissao": d(REF, -5), "validade": d(REF, 85)}),
        course(p, "Transporte Coletivo de Passageiros", REF),
        doc("pontos3", "certidao", {**p.holder, "tipo_certidao": "cnh_pontuacao", "resultado": "negativa",
                                     "data_emissao": d(REF, -5), "validade": d(REF, 25)})]
    expect(run(RB, docs, REF))


# --- the company (Art. 7º) ---------------------------------------------------------------

def test_missing_military_certificate_of_a_partner_is_review_not_missing():
    items = run(RB, drop(valid_packet(), "socio2_militar"), REF)
    expect(items, {"art7-i-f": "review"})
    assert "Lei nº 4.375/1964" in " ".join(messages(items, "art7-i-f", "warning"))


def test_missing_electoral_certificate_is_missing():
    expect(run(RB, drop(valid_packet(), "socio1_eleitoral"), REF), {"art7-i-f": "missing"})


def test_expired_fgts_certificate_fails():
    items = run(RB, setf(valid_packet(), "cert_fgts", "validade", d(REF, -1)), REF)
    expect(items, {"art7-ii-f": "fail"})
    f = item(items, "art7-ii-f").findings[0]
    assert (f.code, f.document, f.field) == ("certidao.vencido", "cert_fgts", "validade")


def test_positive_federal_certificate_fails_the_three_items_it_serves():
    # it stands for the INSS (Art. 7º, II, e) and the PIS (II, g) certificates as well
    items = run(RB, setf(valid_packet(), "cert_federal", "resultado", "positiva"), REF)
    expect(items, {"art7-ii-b": "fail", "art7-ii-e": "fail", "art7-ii-g": "fail"})


def test_own_inss_certificate_is_preferred():
    docs = valid_packet() + [doc("cert_inss", "certidao", {**CARRIER.holder, "tipo_certidao": "inss",
                                                            "resultado": "negativa", "data_emissao": d(REF, -3),
                                                            "validade": d(REF, 57)})]
    items = run(RB, setf(docs, "cert_federal", "resultado", "positiva"), REF)
    expect(items, {"art7-ii-b": "fail", "art7-ii-g": "fail"})


def test_certificate_in_another_name_fails():
    items = run(RB, setf(valid_packet(), "cert_falencia", "titular_documento", make_cnpj("343434340001")), REF)
    expect(items, {"art7-ii-h": "fail"})


def test_certificate_of_unread_kind_is_review():
    items = run(RB, setf(valid_packet(), "cert_protesto", "tipo_certidao", "protesto", confidence=0.5), REF)
    expect(items, {"art7-ii-j": "review"})  # recent anyway: the yearly update (art7-pu) holds


def test_incompatible_social_object_fails():
    items = run(RB, setf(valid_packet(), "contrato_social", "objeto_social", "Comércio varejista de artigos do vestuário"),
                REF)
    expect(items, {"art7-i-a": "fail"})
    items = run(RB, setf(valid_packet(), "contrato_social", "objeto_social", "Transporte rodoviário de cargas"), REF)
    expect(items, {"art7-i-a": "review"})


def test_sociedade_anonima_needs_art7_i_e():
    items = run(RB, setf(valid_packet(), "cartao", "natureza_juridica", "205-4 - Sociedade Anônima Fechada"), REF)
    expect(items, {"art7-i-e": "ok"})
    assert "Atas das assembleias gerais que elegeram os diretores em exercício" in item(items, "art7-i-e").manual_checks


def test_union_contribution_absent_is_review():
    items = run(RB, drop(valid_packet(), "sindical"), REF)
    expect(items, {"art7-ii-c": "review"})
    assert "Lei nº 13.467/2017" in messages(items, "art7-ii-c")[0]


def test_fleet_over_ten_needs_parking_area():
    rows = [{"placa": f"IZZ{i:04d}", "tipo": "ONIBUS", "ano_fabricacao": 2020, "lotacao": 44} for i in range(9)]
    docs = valid_packet()
    setf(docs, "relacao", "veiculos", get(docs, "relacao").fields["veiculos"].value + rows)
    expect(run(RB, docs, REF), {"art7-iii-b": "missing"})
    docs.append(doc("declaracao", "requerimento", {**CARRIER.holder, "data_emissao": d(REF, -1),
                                                    "objeto": "Declaração de área apropriada para estacionamento"}))
    expect(run(RB, docs, REF), {"art7-iii-b": "ok"})


def test_vehicle_missing_from_the_list_is_review():
    docs = valid_packet()
    setf(docs, "relacao", "veiculos", get(docs, "relacao").fields["veiculos"].value[:1])
    items = run(RB, docs, REF)
    expect(items, {"art7-iii-a": "review"})
    assert "IYB4567" in messages(items, "art7-iii-a")[0]


def test_partner_without_identity_is_missing():
    expect(run(RB, drop(valid_packet(), "identidade_socio2"), REF), {"art7-i-c": "missing"})


def test_empty_packet_is_never_ok():
    items = run(RB, [], REF)
    assert all(i.status in ("missing", "review", "not_applicable") or i.id == "art12-p2" for i in items)


def test_certificate_of_uncertain_type_is_review_never_ok():
    docs = valid_packet()
    get(docs, "socio1_eleitoral").type_confidence = 0.5  # no field to judge: only the type says what it is
    items = run(RB, docs, REF)
    expect(items, {"art7-i-f": "review"})
    assert "certidao.type_uncertain" in codes(items, "art7-i-f")


def test_fleet_size_from_unsure_rows_counts_when_the_crlvs_agree():
    docs = valid_packet()
    rows = get(docs, "relacao").fields["veiculos"].value
    assert len(rows) == len([d for d in docs if d.type == "crlv"])
    setf(docs, "relacao", "veiculos", confidence=0.5)  # the rows read unsure, as many as the CRLVs
    expect(run(RB, docs, REF), {})  # art7-iii-b not applicable: a fleet of two
    # one row more than the CRLVs: the count is not settled, nor is the item dismissed
    setf(docs, "relacao", "veiculos", rows + rows[:1], confidence=0.5)
    assert statuses(run(RB, docs, REF))["art7-iii-b"] in ("review", "missing")


def test_registration_shown_with_unsure_digits_is_ok_with_a_note():
    docs = setf(valid_packet(), "contrato_social", "registro_junta", confidence=0.73)
    items = run(RB, docs, REF)
    expect(items, {})
    assert "baixa confiança" in messages(items, "art7-i-b")[0]
    # a number that is hardly a read is no proof the registration is there
    expect(run(RB, setf(valid_packet(), "contrato_social", "registro_junta", confidence=0.3), REF),
           {"art7-i-b": "review", "art7-i-d": "review"})


def test_unsure_list_naming_every_crlv_plate_exactly_is_ok_with_a_note():
    docs = setf(valid_packet(), "relacao", "veiculos", confidence=0.3)
    items = run(RB, docs, REF)
    expect(items, {})
    assert "lidas igualmente" in messages(items, "art7-iii-a")[0]
    # a plate that matches only through the old/Mercosul conversion is no exact read
    rows = [dict(r) for r in get(docs, "relacao").fields["veiculos"].value]
    crlv_plates = {get(docs, x.id).fields["placa"].value for x in docs if x.type == "crlv"}
    row = next(r for r in rows if r["placa"] in crlv_plates)
    from domain.ids import placa
    other = placa.to_old(row["placa"]) if placa.is_mercosul(row["placa"]) else placa.to_mercosul(row["placa"])
    row["placa"] = other
    expect(run(RB, setf(docs, "relacao", "veiculos", rows, confidence=0.3), REF), {"art7-iii-a": "review"})
