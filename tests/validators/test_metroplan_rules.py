"""rs-metroplan-escolar against hand-built packets: the valid packet, then one change at a time,
asserting the status of every item."""

from datetime import date

import pytest

from tests.validators.metroplan_asserts import codes, item, run, statuses
from tests.validators.metroplan_packet import (
    CARRIER_CNPJ, CONTRACTOR_NAME, PARTNERS, PASSENGERS, PLACA, REF, VALID, doc, drop, get,
    make_cnpj, make_cpf, setf, valid_packet,
)
from domain.documents import Field, RowRead


def expect(items, changes=None):
    assert statuses(items) == {**VALID, **(changes or {})}


def test_valid_packet_is_all_ok_but_the_four_not_applicable():
    items = run(valid_packet(), REF)
    expect(items)
    assert [i.id for i in items] == list(VALID)  # the act's order
    a = item(items, "art4-xi-a")
    assert "R$ 67.825,00" in a.findings[0].message and "2.500 UPF-RS × R$ 27,1300" in a.findings[0].message


# --- vehicle: category, type, capacity ----------------------------------------------------

def test_categoria_particular_fails_art4_xii_and_nothing_else():
    items = run(setf(valid_packet(), "crlv", "categoria", "PARTICULAR"), REF)
    expect(items, {"art4-xii": "fail"})
    f = item(items, "art4-xii").findings[0]
    assert (f.code, f.document, f.field, f.value, f.expected) == (
        "crlv.categoria_not_aluguel", "crlv", "categoria", "PARTICULAR", "ALUGUEL")
    assert PLACA in f.message


def test_vehicle_type_outro_fails():
    docs = setf(valid_packet(), "crlv", "tipo_veiculo", "outro")
    setf(docs, "crlv", "especie_tipo", "PASSAGEIRO AUTOMOVEL")
    items = run(docs, REF)
    expect(items, {"art4-xii": "fail"})
    assert codes(items, "art4-xii") == ["crlv.tipo_nao_coletivo"]


def test_vehicle_type_derived_from_especie_when_tipo_absent():
    docs = setf(valid_packet(), "crlv", "tipo_veiculo", None)
    setf(docs, "crlv", "especie_tipo", "PASSAGEIRO MICROÔNIBUS")
    expect(run(docs, REF))


def test_lotacao_of_nine_fails():
    docs = setf(valid_packet(), "crlv", "lotacao", 9)
    setf(docs, "apolice", "assentos", 9)
    items = run(docs, REF)
    expect(items, {"art4-xii": "fail"})
    assert item(items, "art4-xii").findings[0].expected == "> 9"


def test_low_confidence_categoria_is_review_never_ok():
    items = run(setf(valid_packet(), "crlv", "categoria", "ALUGUEL", confidence=0.55), REF)
    expect(items, {"art4-xii": "review"})
    assert codes(items, "art4-xii") == ["crlv.categoria_uncertain"]


def test_categoria_absent_is_review():
    items = run(setf(valid_packet(), "crlv", "categoria", None), REF)
    expect(items, {"art4-xii": "review"})
    assert codes(items, "art4-xii") == ["crlv.categoria_not_found"]


# --- vehicle owner (Art. 2º, III, c) ------------------------------------------------------

def test_crlv_in_another_cnpj_fails():
    items = run(setf(valid_packet(), "crlv", "proprietario_documento", make_cnpj("998887770001")), REF)
    expect(items, {"art2-iii-c": "fail"})
    f = item(items, "art2-iii-c").findings[0]
    assert (f.code, f.field, f.expected) == ("crlv.proprietario_nao_transportador", "proprietario_documento", CARRIER_CNPJ)


def test_crlv_in_a_partners_cpf_is_ok():
    items = run(setf(valid_packet(), "crlv", "proprietario_documento", PARTNERS[1][1]), REF)
    expect(items)
    assert "crlv.proprietario_socio" in codes(items, "art2-iii-c")


def test_crlv_in_a_stranger_cpf_fails():
    items = run(setf(valid_packet(), "crlv", "proprietario_documento", make_cpf("555666777")), REF)
    expect(items, {"art2-iii-c": "fail"})


def test_financed_vehicle_in_carrier_name_is_ok_with_info():
    docs = setf(valid_packet(), "crlv", "alienacao", True)
    setf(docs, "crlv", "observacoes", "ALF: BANCO EXEMPLO S.A.")
    items = run(docs, REF)
    expect(items)
    assert "crlv.veiculo_financiado" in codes(items, "art2-iii-c")


def test_leased_vehicle_in_another_name_is_review():
    docs = setf(valid_packet(), "crlv", "observacoes", "ARRENDAMENTO MERCANTIL - BANCO EXEMPLO")
    setf(docs, "crlv", "proprietario_documento", make_cnpj("998887770001"))
    items = run(docs, REF)
    expect(items, {"art2-iii-c": "review"})


# --- carrier CNPJ (Art. 2º, III, a) ------------------------------------------------------

def test_contract_names_another_carrier_cnpj_fails_consistency():
    other = make_cnpj("112223330002")
    items = run(setf(valid_packet(), "contrato", "contratado_documento", other), REF)
    # a contract with another company is no contract with the carrier (Art. 4º, V)
    expect(items, {"art2-iii-a": "fail", "art4-v": "fail"})
    assert codes(items, "art4-v") == ["contrato_fretamento.contratado_outro"]
    f = next(f for f in item(items, "art2-iii-a").findings if f.severity == "error")
    assert (f.code, f.document, f.field, f.value, f.expected) == (
        "transportador.cnpj_divergente", "contrato", "contratado_documento", other, CARRIER_CNPJ)
    assert "filial" in f.message


def test_policy_segurado_cnpj_read_differently_fails_consistency():
    items = run(setf(valid_packet(), "apolice", "segurado_documento", make_cnpj("112223339999")), REF)
    expect(items, {"art2-iii-a": "fail"})
    assert item(items, "art2-iii-a").findings[0].document == "apolice"


def test_cartao_situacao_baixada_fails():
    items = run(setf(valid_packet(), "cartao", "situacao", "BAIXADA"), REF)
    expect(items, {"art2-iii-a": "fail"})
    assert codes(items, "art2-iii-a") == ["cartao_cnpj.situacao_nao_ativa"]


def test_alphanumeric_carrier_cnpj_is_valid_everywhere():
    new = make_cnpj("12ABC34501DE")
    docs = valid_packet()
    for d in docs:
        for name in ("titular_documento", "contratado_documento", "segurado_documento", "proprietario_documento"):
            if d.fields.get(name) is not None and d.fields[name].value == CARRIER_CNPJ:
                setf(docs, d.id, name, new)
    expect(run(docs, REF))


def test_carrier_cnpj_with_bad_check_digits_everywhere():
    bad = CARRIER_CNPJ[:-1] + str((int(CARRIER_CNPJ[-1]) + 1) % 10)
    docs = valid_packet()
    for d in docs:
        for name in ("titular_documento", "contratado_documento", "segurado_documento", "proprietario_documento"):
            if d.fields.get(name) is not None and d.fields[name].value == CARRIER_CNPJ:
                setf(docs, d.id, name, bad)
    items = run(docs, REF)
    # No valid CNPJ to compare with: never ok where the carrier's identity is judged.
    expect(items, {"art2-iii-a": "fail", "art2-iii-b": "review", "art2-iii-c": "review", "art2-iii-d": "review",
                   "art4-i": "review", "art4-v": "fail", "art4-viii": "review", "art4-ix": "review", "art4-xiii": "review",
                   "art4-xiv": "review"})
    assert codes(items, "art4-v") == ["contrato_fretamento.contratado_documento_invalido"]
    assert "cartao_cnpj.cnpj_invalido" in codes(items, "art2-iii-a")


# --- state registration and MEI -----------------------------------------------------------

def test_state_registration_without_cnae_4929902_fails():
    items = run(setf(valid_packet(), "inscricao", "cnae", ["4929-9/01"]), REF)
    expect(items, {"art2-iii-b": "fail", "art4-xiv": "fail"})
    f = item(items, "art4-xiv").findings[0]
    assert (f.code, f.field, f.expected) == ("inscricao_estadual.sem_cnae", "cnae", "4929-9/02")


def _cnae_rows(docs, codes, list_conf, row_confs):
    d = get(docs, "inscricao")
    d.fields["cnae"] = Field(value=codes, confidence=list_conf, page=1,
                             rows=[RowRead(confidence=c, document_confidence=c) for c in row_confs])
    return docs


def test_cnae_read_sure_beside_an_illegible_code_is_ok():
    # the list is unsure (a secondary code could not be read), 4929-9/02 itself was read sure
    docs = _cnae_rows(valid_packet(), ["4929-9/02", "4929-9/01"], 0.5, [0.92, 0.85])
    expect(run(docs, REF))


@pytest.mark.parametrize("printed,rows", [
    (["4929-9/02", "4929-9/01"], [0.7, 0.95]),  # the code asked for is itself unsure
    (["4929-9/01", "7911-2/00"], [0.92, 0.95]),  # absent, but the list may miss a code
])
def test_cnae_unsure_where_it_matters_is_review(printed, rows):
    items = run(_cnae_rows(valid_packet(), printed, 0.5, rows), REF)
    expect(items, {"art2-iii-b": "review", "art4-xiv": "review"})
    assert "inscricao_estadual.cnae_uncertain" in codes(items, "art4-xiv")


@pytest.mark.parametrize("how", ["fact", "cartao"])
def test_mei_is_dispensed_from_state_registration(how):
    docs = drop(valid_packet(), "inscricao")
    facts = {}
    if how == "fact":
        facts = {"mei": "sim"}
        setf(docs, "cartao", "mei", None)  # the cartão does not say
    else:
        setf(docs, "cartao", "mei", True)
    items = run(docs, REF, facts)
    expect(items, {"art2-iii-b": "not_applicable", "art4-xiv": "not_applicable"})
    assert "MEI" in item(items, "art4-xiv").findings[0].message


def test_mei_declared_but_cartao_says_otherwise_is_review():
    items = run(setf(valid_packet(), "cartao", "mei", False), REF, {"mei": "true"})
    expect(items, {"art2-iii-b": "review", "art4-xiv": "review"})
    assert "art4_xiv.aplicabilidade_incerta" in codes(items, "art4-xiv")


def test_without_mei_the_missing_registration_is_missing():
    expect(run(drop(valid_packet(), "inscricao"), REF), {"art2-iii-b": "missing", "art4-xiv": "missing"})


# --- municipal licence --------------------------------------------------------------------

def test_expired_alvara_fails_both_items():
    items = run(setf(valid_packet(), "alvara", "validade", "2025-02-28"), REF)
    expect(items, {"art2-iii-d": "fail", "art4-xiii": "fail"})
    f = item(items, "art2-iii-d").findings[0]
    assert (f.code, f.field, f.value, f.expected) == ("alvara.vencido", "validade", "2025-02-28", ">= 2025-03-10")


def test_alvara_in_another_name_fails():
    items = run(setf(valid_packet(), "alvara", "titular_documento", make_cnpj("445556660001")), REF)
    expect(items, {"art2-iii-a": "fail", "art2-iii-d": "fail", "art4-xiii": "fail"})


# --- contract ----------------------------------------------------------------------------

def test_term_starting_before_signature_fails():
    items = run(setf(valid_packet(), "contrato", "vigencia_inicio", "2025-01-10"), REF)
    expect(items, {"art2-viii-pu": "fail"})
    f = item(items, "art2-viii-pu").findings[0]
    assert (f.field, f.value, f.expected) == ("vigencia_inicio", "2025-01-10", ">= 2025-01-20")


def test_term_over_twelve_months_is_informed_not_failed():
    items = run(setf(valid_packet(), "contrato", "vigencia_fim", "2026-06-30"), REF)
    expect(items)
    f = item(items, "art2-viii").findings[0]
    assert f.code == "contrato_fretamento.prazo_excede_cadastro" and f.severity == "info"


def test_contract_not_in_force_fails():
    items = run(valid_packet(), date(2025, 12, 28))
    # Everything dated for 2025 still holds on 28/12 but the contract (ends 20/12).
    assert statuses(items)["art4-v"] == "fail"
    assert codes(items, "art4-v") == ["contrato_fretamento.vencido"]


def test_contract_not_yet_in_force_fails():
    docs = setf(valid_packet(), "contrato", "vigencia_inicio", "2025-04-01")
    items = run(docs, REF)
    expect(items, {"art4-v": "fail"})
    assert codes(items, "art4-v") == ["contrato_fretamento.nao_vigente"]


def test_two_schools_as_destination_fail():
    docs = setf(valid_packet(), "contrato", "instituicao_destino", f"{CONTRACTOR_NAME} e Colégio Sinodal")
    items = run(docs, REF)
    expect(items, {"art2-ii-p3": "fail"})


def test_prefeitura_may_have_several_destinations():
    docs = setf(valid_packet(), "contrato", "contratante_nome", "Prefeitura Municipal de São Leopoldo")
    setf(docs, "contrato", "contratante_categoria", "prefeitura")
    setf(docs, "contrato", "instituicao_destino", "Escola Municipal A; Escola Municipal B; Colégio C")
    setf(docs, "lista", "contratante_nome", "Prefeitura Municipal de São Leopoldo")
    items = run(docs, REF)
    expect(items)
    assert codes(items, "art2-ii-p3") == ["contrato_fretamento.prefeitura_destinos_diversos"]


@pytest.mark.parametrize("categoria,nome,status", [
    ("empresa", "Metalúrgica Exemplo Ltda", "fail"),
    (None, "Colégio Sinodal", "ok"),
    (None, "Sport Club Exemplo", "ok"),
    (None, "Grêmio Estudantil Castelo Branco", "ok"),
    (None, "Comercial Exemplo Ltda", "review"),
])
def test_contractor_nature(categoria, nome, status):
    docs = setf(valid_packet(), "contrato", "contratante_categoria", categoria)
    setf(docs, "contrato", "contratante_nome", nome)
    setf(docs, "lista", "contratante_nome", nome)
    items = run(docs, REF)
    expect(items, {"art2-ii-a": status})


def test_contractor_cnpj_invalid_fails():
    items = run(setf(valid_packet(), "contrato", "contratante_documento", "87654321000100"), REF)
    assert statuses(items)["art2-ii-a"] == "fail"


def test_contractor_cartao_cnpj_judges_active_registration():
    docs = valid_packet()
    contractor = get(docs, "contrato").fields["contratante_documento"].value
    docs.append(doc("cartao_escola", "cartao_cnpj", {"titular_nome": CONTRACTOR_NAME, "titular_documento": contractor,
                                                     "situacao": "INAPTA", "cnae": ["8520-1/00"]}))
    items = run(docs, REF)
    expect(items, {"art2-ii-a": "fail"})  # the carrier's cartão is still the reference elsewhere


def test_undetermined_contractor_type_is_review():
    docs = setf(valid_packet(), "contrato", "contratante_tipo", "pj", confidence=0.4)
    setf(docs, "contrato", "contratante_documento", get(docs, "contrato").fields["contratante_documento"].value,
         confidence=0.4)
    items = run(docs, REF)
    # PF or PJ undecided: neither family of rules may pass or fail.
    expect(items, {"art2-ii-a": "review", "art2-ii-b": "review", "art2-ii-p1": "review"})
    assert "art2_ii_b.aplicabilidade_incerta" in codes(items, "art2-ii-b")


# --- natural-person contractor ------------------------------------------------------------

def pf_packet():
    docs = valid_packet()
    p = PASSENGERS[0]
    setf(docs, "contrato", "contratante_tipo", "pf")
    setf(docs, "contrato", "contratante_nome", p["nome"])
    setf(docs, "contrato", "contratante_documento", p["documento"])
    setf(docs, "contrato", "contratante_categoria", None)
    setf(docs, "lista", "contratante_nome", p["nome"])
    return docs


PF = {"art2-ii-a": "not_applicable", "art2-ii-b": "ok", "art2-ii-p1": "ok"}


def test_pf_contractor_on_the_list():
    expect(run(pf_packet(), REF), PF)


def test_pf_contractor_missing_from_the_list_fails():
    docs = setf(pf_packet(), "lista", "passageiros", [dict(p) for p in PASSENGERS[1:]] + [
        {"nome": "Pedro Henrique Lima", "documento_tipo": "rg", "documento": "5566778899"}])
    items = run(docs, REF)
    expect(items, {**PF, "art2-ii-p1": "fail"})
    assert codes(items, "art2-ii-p1") == ["lista_passageiros.contratante_fora_da_lista"]


def test_pf_contractor_found_by_cpf_with_name_printed_differently():
    docs = setf(pf_packet(), "contrato", "contratante_nome", "ANA P. FERREIRA")
    setf(docs, "lista", "contratante_nome", "ANA P. FERREIRA")
    expect(run(docs, REF), PF)


def test_pf_contractor_without_institution_is_review():
    items = run(setf(pf_packet(), "contrato", "instituicao_destino", None), REF)
    expect(items, {**PF, "art2-ii-b": "review", "art2-ii-p3": "review"})


def test_pf_legal_representation_declared_is_review():
    docs = setf(pf_packet(), "contrato", "contratante_nome", "Roberto Ferreira")
    setf(docs, "contrato", "contratante_documento", make_cpf("222333444"))
    setf(docs, "lista", "contratante_nome", "Roberto Ferreira")
    items = run(docs, REF, {"representante_legal": "true"})
    expect(items, {**PF, "art2-ii-p1": "review", "art2-ii-p2": "review"})
    assert item(items, "art2-ii-p2").manual_checks


def test_pf_contractor_with_invalid_cpf_fails():
    items = run(setf(pf_packet(), "contrato", "contratante_documento", "11144477700"), REF)
    st = statuses(items)
    assert st["art2-ii-b"] == "fail"


# --- passenger list ----------------------------------------------------------------------

def test_single_passenger_fails_minimum():
    docs = setf(valid_packet(), "lista", "passageiros", [dict(PASSENGERS[0])])
    setf(docs, "lista", "total_passageiros", 1)
    items = run(docs, REF)
    expect(items, {"art2-ii-p4": "fail"})
    f = item(items, "art2-ii-p4").findings[0]
    assert (f.value, f.expected) == (1, ">= 2")


def test_invalid_passenger_cpf_fails_identification():
    rows = [dict(p) for p in PASSENGERS]
    rows[0]["documento"] = "11144477700"
    items = run(setf(valid_packet(), "lista", "passageiros", rows), REF)
    expect(items, {"art4-vi": "fail"})
    f = item(items, "art4-vi").findings[0]
    assert f.code == "lista_passageiros.identificacao_invalida" and "CPF 111.444.777-00 inválido" in f.message


def test_passenger_without_full_name_or_document_fails():
    rows = [dict(p) for p in PASSENGERS]
    rows[1] = {"nome": "Bruno", "documento_tipo": None, "documento": None}
    items = run(setf(valid_packet(), "lista", "passageiros", rows), REF)
    expect(items, {"art4-vi": "fail"})


def test_list_for_another_contract_fails():
    items = run(setf(valid_packet(), "lista", "contrato_numero", "099/2024"), REF)
    expect(items, {"art4-vi": "fail"})
    assert "lista_passageiros.contrato_diverge" in codes(items, "art4-vi")


def test_list_naming_only_the_contractor_is_ok():
    expect(run(setf(valid_packet(), "lista", "contrato_numero", None), REF))


def test_list_naming_neither_is_review():
    docs = setf(valid_packet(), "lista", "contrato_numero", None)
    setf(docs, "lista", "contratante_nome", None)
    expect(run(docs, REF), {"art4-vi": "review"})


def test_low_confidence_passenger_list_is_review():
    docs = setf(valid_packet(), "lista", "passageiros", confidence=0.6)
    setf(docs, "lista", "total_passageiros", confidence=0.6)
    items = run(docs, REF)
    expect(items, {"art2-ii-p4": "review", "art4-vi": "review", "art18": "review"})


def test_more_passengers_than_lotacao_fails_art18():
    rows = [{"nome": f"Passageiro Número {i}", "documento_tipo": "matricula", "documento": f"M{i:04d}"}
            for i in range(12)]
    docs = setf(valid_packet(), "lista", "passageiros", rows)
    setf(docs, "lista", "total_passageiros", 12)
    setf(docs, "crlv", "lotacao", 10)
    setf(docs, "apolice", "assentos", 10)
    items = run(docs, REF)
    expect(items, {"art18": "fail"})
    f = item(items, "art18").findings[0]
    assert (f.value, f.expected) == (12, "<= 10")
    assert item(items, "art22").findings[0].expected == 1


# --- itinerary and grade (Art. 4º, VII; Art. 7º) -----------------------------------------

def test_grade_required_when_contract_lacks_itinerary():
    expect(run(setf(valid_packet(), "contrato", "itinerario", None), REF), {"art7": "missing"})


def test_grade_present_when_contract_lacks_itinerary():
    docs = setf(valid_packet(), "contrato", "itinerario", None)
    docs.append(doc("grade", "grade_itinerario", {"contrato_numero": "012/2025", "origem": "São Leopoldo",
                                                  "destino": "Novo Hamburgo", "itinerario": "BR-116"}))
    items = run(docs, REF)
    expect(items, {"art7": "ok"})
    assert any("Anexo III" in m for m in item(items, "art7").manual_checks)


@pytest.mark.parametrize("descrito,status", [
    ((True, 0.85), "not_applicable"),  # the route's text unsure, a route surely described
    ((True, 0.6), "review"),
    (None, "review"),  # not said either way: the itinerary's own read decides
])
def test_unsure_itinerary_text_and_whether_it_is_described(descrito, status):
    docs = setf(valid_packet(), "contrato", "itinerario", confidence=0.2)
    if descrito:
        setf(docs, "contrato", "itinerario_descrito", descrito[0], confidence=descrito[1])
    items = run(docs, REF)
    expect(items, {"art7": status})
    if status == "review":
        assert codes(items, "art7") == ["contrato_fretamento.itinerario_uncertain"]


def test_itinerary_without_municipalities_is_review():
    docs = setf(valid_packet(), "contrato", "origem", None)
    expect(run(docs, REF), {"art4-vii": "review"})


# --- fees, inspection --------------------------------------------------------------------

def test_authorization_fee_older_than_twelve_months_fails():
    items = run(setf(valid_packet(), "taxa_aut", "data_pagamento", "2024-02-01"), REF)
    expect(items, {"art4-iii": "fail"})
    assert codes(items, "art4-iii") == ["comprovante_taxa.fora_validade"]


def test_authorization_fee_for_another_plate_fails():
    items = run(setf(valid_packet(), "taxa_aut", "placa", "ABC1234"), REF)
    expect(items, {"art4-iii": "fail"})
    assert codes(items, "art4-iii") == ["comprovante_taxa.outro_veiculo"]


def test_requerimento_fee_missing():
    expect(run(drop(valid_packet(), "taxa_req"), REF), {"art4-ii": "missing"})


def test_expired_inspection_fails():
    items = run(setf(valid_packet(), "laudo", "validade", "2025-03-09"), REF)
    expect(items, {"art4-iv": "fail"})


def test_failed_inspection_fails():
    expect(run(setf(valid_packet(), "laudo", "resultado", "reprovado"), REF), {"art4-iv": "fail"})


def test_inspection_with_old_plate_form_pairs_with_mercosul_crlv():
    expect(run(setf(valid_packet(), "laudo", "placa", "IXC1323"), REF))


# --- missing documents -------------------------------------------------------------------

@pytest.mark.parametrize("doc_id,changes", [
    ("apolice", {"art4-xi": "missing", "art4-xi-a": "missing", "art4-xi-b": "missing", "art4-xi-c": "missing"}),
    ("pagamento", {"art4-xi": "missing"}),
    ("laudo", {"art4-iv": "missing"}),
    ("taxa_aut", {"art4-iii": "missing"}),
    ("requerimento", {"art4-i": "missing"}),
    ("cartao", {"art2-iii-a": "missing", "art4-viii": "missing"}),
    ("alvara", {"art2-iii-d": "missing", "art4-xiii": "missing"}),
    ("contrato_social", {"art4-ix": "missing", "art4-x": "review"}),
    ("identidade2", {"art4-x": "missing"}),
    ("lista", {"art2-ii-p4": "missing", "art4-vi": "missing", "art18": "missing"}),
    ("crlv", {"art2-iii-c": "missing", "art4-iii": "missing", "art4-iv": "missing", "art4-xi": "missing",
              "art4-xi-a": "missing", "art4-xi-b": "missing", "art4-xi-c": "missing", "art4-xii": "missing",
              "art18": "missing", "art22": "missing"}),
    ("contrato", {"art2-ii-a": "missing", "art2-ii-b": "missing", "art2-ii-p1": "missing",
                  "art2-ii-p3": "missing", "art2-viii": "missing", "art2-viii-pu": "missing", "art4-v": "missing",
                  "art4-vi": "missing", "art4-vii": "missing", "art7": "missing"}),
])
def test_missing_document(doc_id, changes):
    expect(run(drop(valid_packet(), doc_id), REF), changes)


def test_unreadable_crlv_is_review_not_ok():
    docs = valid_packet()
    crlv = get(docs, "crlv")
    crlv.problems.append(crlv.problems.__class__.__args__[0] if False else  # noqa: SIM222
                         __import__("domain.documents", fromlist=["Finding"]).Finding(
                             code="ocr.poor_scan", severity="error", message="Digitalização ilegível"))
    items = run(docs, REF)
    st = statuses(items)
    for i in ("art2-iii-c", "art4-iii", "art4-iv", "art4-xi", "art4-xi-a", "art4-xi-b", "art4-xi-c",
              "art4-xii", "art18"):
        assert st[i] == "review", i


def test_uncertain_document_type_is_review():
    docs = valid_packet()
    get(docs, "crlv").type_confidence = 0.5
    st = statuses(run(docs, REF))
    assert st["art4-xii"] == "review" and st["art2-iii-c"] == "review"


def test_everything_uncertain_gives_nothing_ok():
    # below the corroboration floor: two documents agreeing lift nothing (validators/corroborate.py)
    docs = valid_packet()
    for d in docs:
        for name in list(d.fields):
            setf(docs, d.id, name, confidence=0.45)
    items = run(docs, REF)
    informational = {"art2-viii", "art22"}
    for i in items:
        if i.id in informational:
            continue
        assert i.status in ("review", "missing", "not_applicable"), (i.id, i.status)


def test_lowering_any_one_field_never_turns_a_verdict_into_ok_fail_or_missing():
    base = statuses(run(valid_packet(), REF))
    for d in valid_packet():
        for name in d.fields:
            docs = setf(valid_packet(), d.id, name, confidence=0.5)
            now = statuses(run(docs, REF))
            for k, v in now.items():
                assert v in (base[k], "review"), (d.id, name, k, base[k], v)


# --- a field the parser did not find ------------------------------------------------------

def test_fee_receipt_cannot_be_paired_when_the_crlv_plate_is_unread():
    items = run(setf(valid_packet(), "crlv", "placa", None), REF)
    expect(items, {"art4-iii": "review"})  # the policy and the inspection still pair by chassis


def test_payment_receipt_paired_without_policy_number_is_review():
    expect(run(setf(valid_packet(), "apolice", "numero_apolice", None), REF), {"art4-xi": "review"})


def test_removing_any_one_field_never_fails_an_item():
    base = statuses(run(valid_packet(), REF))
    for d in valid_packet():
        for name in d.fields:
            now = statuses(run(setf(valid_packet(), d.id, name, None), REF))
            for k, v in now.items():
                if (d.id, name, k) == ("contrato", "itinerario", "art7"):
                    # Art. 7º: no itinerary in the contract and no grade is a missing grade.
                    assert v == "missing"
                    continue
                assert v in (base[k], "review"), (d.id, name, k, base[k], v)


def test_cnpj_disagreement_is_reported_even_without_cartao():
    docs = drop(valid_packet(), "cartao")
    setf(docs, "alvara", "titular_documento", make_cnpj("445556660001"))
    items = run(docs, REF)
    expect(items, {"art2-iii-a": "fail", "art4-viii": "missing", "art2-iii-d": "fail", "art4-xiii": "fail"})
    assert "cartao_cnpj.missing" in codes(items, "art2-iii-a")


def test_no_carrier_cnpj_printed_anywhere_is_review():
    docs = valid_packet()
    for d in docs:
        for name in ("titular_documento", "contratado_documento", "segurado_documento"):
            if d.fields.get(name) is not None and d.fields[name].value == CARRIER_CNPJ:
                setf(docs, d.id, name, None)
    items = run(docs, REF)
    st = statuses(items)
    assert st["art2-iii-a"] == "review" and st["art2-iii-c"] == "review"
    assert "cartao_cnpj.titular_documento_not_found" in codes(items, "art2-iii-a")


def _rows_read(docs, *rows):
    """The list's per-row reads: (entry, number) confidences, one pair per passenger."""
    from domain.documents import RowRead

    f = get(docs, "lista").fields["passageiros"]
    get(docs, "lista").fields["passageiros"] = f.model_copy(update={
        "confidence": min(min(r) for r in rows),
        "rows": [RowRead(confidence=a, document_confidence=b) for a, b in rows]})
    return docs


def test_an_rg_read_with_unsure_digits_is_still_an_identification():
    # Bruno's RG (row 2): the entry read sure, its ten digits not: the list identifies him
    docs = _rows_read(valid_packet(), (0.95, 0.95), (0.95, 0.30), (0.95, 0.95))
    items = run(docs, REF)
    assert item(items, "art4-vi").status == "ok"
    assert "lista_passageiros.numero_leitura_incerta" in codes(items, "art4-vi")
    assert item(items, "art18").status == "ok"  # the count of rows is sure


def test_a_cpf_read_with_unsure_digits_or_an_unsure_entry_is_review():
    # a CPF's check digits are what is judged of it: unsure digits, unsure verdict
    items = run(_rows_read(valid_packet(), (0.95, 0.40), (0.95, 0.95), (0.95, 0.95)), REF)
    assert item(items, "art4-vi").status == "review"
    # a name read unsure: the row itself is in doubt
    items = run(_rows_read(valid_packet(), (0.95, 0.95), (0.60, 0.95), (0.95, 0.95)), REF)
    assert item(items, "art4-vi").status == "review"


def test_passenger_whose_document_was_not_read_is_review_not_fail():
    # the list's number column read unsure, one cell empty: a number not read is not a number
    # absent, so the passenger is not 'without document'
    rows = [dict(p) for p in PASSENGERS]
    rows[1] = {"nome": rows[1]["nome"], "documento_tipo": None, "documento": None}
    docs = setf(valid_packet(), "lista", "passageiros", rows, confidence=0.7)
    f = get(docs, "lista").fields["passageiros"]
    per_row = [RowRead(confidence=0.95, document_confidence=0.95) for _ in rows]
    per_row[1] = RowRead(confidence=0.95, document_confidence=0.3)
    get(docs, "lista").fields["passageiros"] = f.model_copy(update={"rows": per_row})
    items = run(docs, REF)
    expect(items, {"art4-vi": "review"})
    assert "lista_passageiros.documento_nao_lido" in codes(items, "art4-vi")


def test_contract_naming_another_cnpj_unsure_is_review():
    other = make_cnpj("112223330002")
    items = run(setf(valid_packet(), "contrato", "contratado_documento", other, confidence=0.6), REF)
    assert item(items, "art4-v").status == "review"
    assert "contrato_fretamento.contratado_outro_incerto" in codes(items, "art4-v")
    # read with confidence but a digit wrong: no contract with the carrier is shown
    bad = CARRIER_CNPJ[:-1] + str((int(CARRIER_CNPJ[-1]) + 1) % 10)
    items = run(setf(valid_packet(), "contrato", "contratado_documento", bad), REF)
    assert item(items, "art4-v").status == "fail"
    assert codes(items, "art4-v") == ["contrato_fretamento.contratado_documento_invalido"]
