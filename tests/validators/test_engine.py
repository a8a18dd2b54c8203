"""The engine beyond one act: facts, errors, listing, drivers, vehicle age, dated and missing
parameters, the result contract."""

from datetime import date

import pytest
import yaml

from tests.validators.metroplan_asserts import RB, assert_findings_complete, statuses, validate_contract
from tests.validators.metroplan_packet import REF, doc, drop, make_cpf, setf, valid_packet
from validators import engine, rulebooks
from validators.checks import CHECKS, check
from validators.rulebooks import FactError, UnknownRulebook


# --- facts and errors ---------------------------------------------------------------------

@pytest.mark.parametrize("raw,value", [("true", True), ("Sim", True), ("1", True), ("não", False),
                                       ("FALSE", False), ("n", False)])
def test_boolean_facts_are_lenient(raw, value):
    assert rulebooks.load(RB).parse_facts({"mei": raw})["mei"] is value


def test_facts_default():
    assert rulebooks.load(RB).parse_facts({}) == {"mei": False, "representante_legal": False}


def test_unknown_fact_is_refused_listing_the_known():
    with pytest.raises(FactError) as e:
        engine.judge(RB, valid_packet(), REF, {"frota": "3"})
    assert "frota" in e.value.message and "mei, representante_legal" in e.value.message


def test_unreadable_fact_value_is_refused():
    with pytest.raises(FactError, match="mei"):
        engine.judge(RB, valid_packet(), REF, {"mei": "talvez"})


def test_unknown_rulebook_lists_the_available():
    with pytest.raises(UnknownRulebook) as e:
        engine.judge("rs-metroplan", [], REF, {})
    assert "rs-metroplan-escolar" in e.value.message


def test_list_rulebooks():
    books = {b["id"]: b for b in rulebooks.list_rulebooks()}
    b = books[RB]
    assert b["jurisdiction"] == "RS" and b["norm"].startswith("Resolução CETM/METROPLAN")
    assert b["items"][0] == {"id": "art2-ii-a", "article": "Art. 2º, II, a",
                             "requirement": rulebooks.load(RB).items[0].requirement}
    assert set(b["facts"]) == {"mei", "representante_legal"}


def test_empty_packet_is_all_missing_or_not_applicable():
    items = engine.judge(RB, [], REF, {})
    assert {i.status for i in items} <= {"missing", "not_applicable", "review"}
    assert all(i.status != "ok" for i in items)
    assert_findings_complete(items)


def test_a_broken_check_becomes_review_when_not_strict(tmp_path, monkeypatch, caplog):
    if "test_boom" not in CHECKS:
        @check("test_boom")
        def boom(ctx):
            """Raises, to test the engine."""
            raise RuntimeError("CPF 123.456.789-09")  # the log must not carry it
    path = tmp_path / "rb.yaml"
    path.write_text(yaml.safe_dump({
        "id": "boom", "title": "T", "jurisdiction": "XX", "norm": "N", "source": "x.txt",
        "items": [{"id": "art1", "article": "Art. 1º", "requirement": "R", "checks": ["test_boom"]}]}),
        encoding="utf-8")
    rb = rulebooks.load_file(path)
    monkeypatch.setattr(engine, "RAISE_CHECK_ERRORS", False)
    items = engine.judge_rulebook(rb, [], REF, {})
    assert items[0].status == "review" and items[0].findings[0].code == "engine.erro_interno"
    assert "test_boom" in caplog.text and "123.456.789" not in caplog.text
    monkeypatch.setattr(engine, "RAISE_CHECK_ERRORS", True)
    with pytest.raises(RuntimeError):
        engine.judge_rulebook(rb, [], REF, {})


# --- the result contract ------------------------------------------------------------------

@pytest.mark.parametrize("docs,ref", [
    (valid_packet(), REF),
    (drop(valid_packet(), "apolice", "lista", "contrato"), REF),
    (setf(valid_packet(), "crlv", "categoria", "PARTICULAR"), REF),
    (valid_packet(date(2022, 3, 10)), date(2022, 3, 10)),
    ([], REF),
])
def test_result_validates_against_the_contract_schema(docs, ref):
    res = engine.result("pacote-1", RB, docs, ref, {"mei": "false"})
    validate_contract(res.model_dump_json())
    assert res.rulebook.id == RB and res.reference_date == ref.isoformat()


def test_verdicts():
    assert engine.result("p", RB, valid_packet(), REF).verdict == "ok"
    assert engine.result("p", RB, drop(valid_packet(), "laudo"), REF).verdict == "incomplete"
    assert engine.result("p", RB, setf(valid_packet(), "crlv", "categoria", "PARTICULAR"), REF).verdict == "fail"
    assert engine.result("p", RB, valid_packet(date(2022, 3, 10)), date(2022, 3, 10)).verdict == "review"


# --- what the next rulebooks need: drivers, vehicle age, dated and missing parameters ------

NEXT = {
    "id": "teste-proximos", "title": "Teste", "jurisdiction": "Santa Maria/RS", "norm": "Norma de teste",
    "source": "001_9d1e57fbe89bc473.txt",
    "parameters": [{"id": "seguro_minimo_passageiro", "title": "Valor mínimo segurado por passageiro", "unit": "BRL",
                    "note": "Art. 12, § 1º remete ao inciso III, que não consta do texto publicado", "values": []}],
    "items": [
        {"id": "art5-pu-n2", "article": "Art. 5º, parágrafo único, item 2", "requirement": "Capital ≥ 3.000 UFESP",
         "documents": ["contrato_social"],
         "checks": [{"value_minimum": {"type": "contrato_social", "field": "capital_integralizado", "units": 3000,
                                       "parameter": "ufesp"}}]},
        {"id": "art11-p2", "article": "Art. 11, § 2º", "requirement": "Vida útil", "documents": ["crlv"],
         "scope": "vehicle",
         "checks": [{"vehicle_age": {"max_years": {"onibus": 20, "microonibus": 15}}}]},
        {"id": "art12-p1", "article": "Art. 12, § 1º", "requirement": "Seguro mínimo por passageiro",
         "documents": ["apolice_seguro"], "scope": "vehicle",
         "checks": [{"insurance_minimum": {"field": "ap_por_passageiro", "units": 1,
                                           "parameter": "seguro_minimo_passageiro", "per": "passenger"}}]},
        {"id": "art20-ii", "article": "Art. 20, II", "requirement": "CNH D ou E com EAR", "documents": ["cnh"],
         "scope": "driver", "checks": [{"cnh_category": {"allowed": ["D", "E"]}}, "cnh_ear", "cnh_valid", "cnh_number"]},
        {"id": "art27", "article": "Art. 27", "requirement": "Condutor com 21 anos ou mais", "documents": ["cnh"],
         "scope": "driver", "checks": [{"driver_min_age": {"years": 21}}]},
    ],
}


def next_book(tmp_path):
    path = tmp_path / "next.yaml"
    path.write_text(yaml.safe_dump(NEXT, allow_unicode=True), encoding="utf-8")
    return rulebooks.load_file(path)


def cnh(i, nome, categoria="D", nascimento="1980-05-01", numero="58316794534", ear=True, validade="2027-01-01"):
    return doc(f"cnh{i}", "cnh", {"titular_nome": nome, "titular_documento": make_cpf(f"30{i}123456"),
                                  "numero": numero, "categoria": categoria, "ear": ear,
                                  "data_nascimento": nascimento, "validade": validade})


def judge_next(tmp_path, docs, ref=REF):
    items = engine.judge_rulebook(next_book(tmp_path), docs, ref, {})
    assert_findings_complete(items, docs)
    return items


def test_drivers_are_judged_one_by_one(tmp_path):
    docs = valid_packet() + [cnh(1, "João da Silva"), cnh(2, "Pedro Souza", categoria="AB", nascimento="2006-01-01")]
    items = judge_next(tmp_path, docs)
    st = statuses(items)
    assert st["art20-ii"] == "fail" and st["art27"] == "fail"
    msgs = [f.message for f in items[3].findings if f.severity == "error"]
    assert msgs and all(m.startswith("Condutor Pedro Souza:") for m in msgs)
    assert items[4].findings[0].message.startswith("Condutor Pedro Souza: Condutor com 19 anos")


def test_cnh_number_failing_both_variants_is_review_not_fail(tmp_path):
    items = judge_next(tmp_path, valid_packet() + [cnh(1, "João da Silva", numero="58316794535")])
    assert statuses(items)["art20-ii"] == "review"


def test_no_driver_is_missing(tmp_path):
    assert statuses(judge_next(tmp_path, valid_packet()))["art20-ii"] == "missing"


def test_parameter_without_value_gives_review(tmp_path):
    items = judge_next(tmp_path, valid_packet())
    assert statuses(items)["art12-p1"] == "review"
    assert "inciso III" in items[2].findings[0].message


@pytest.mark.parametrize("fabricacao,status", [(2005, "ok"), (2004, "fail")])
def test_vehicle_age(tmp_path, fabricacao, status):
    docs = setf(valid_packet(), "crlv", "ano_fabricacao", fabricacao)
    assert statuses(judge_next(tmp_path, docs))["art11-p2"] == status


def test_vehicle_age_limit_by_type(tmp_path):
    docs = setf(valid_packet(), "crlv", "ano_fabricacao", 2008)
    setf(docs, "crlv", "tipo_veiculo", "microonibus")
    assert statuses(judge_next(tmp_path, docs))["art11-p2"] == "fail"  # 17 > 15


@pytest.mark.parametrize("ref,capital,status", [
    (date(2025, 3, 10), 111060.0, "ok"),     # 3.000 × 37,02
    (date(2025, 3, 10), 111059.99, "fail"),
    (date(2026, 3, 10), 111060.0, "fail"),   # 3.000 × 38,42 = 115.260
    (date(2023, 3, 10), 500000.0, "review"),  # UFESP 2023 unknown here
])
def test_dated_ufesp_minimum(tmp_path, ref, capital, status):
    docs = setf(valid_packet(ref), "contrato_social", "capital_integralizado", capital)
    assert statuses(judge_next(tmp_path, docs, ref))["art5-pu-n2"] == status


def test_vehicles_without_crlv_in_a_per_vehicle_item(tmp_path):
    docs = drop(valid_packet(), "crlv")
    assert statuses(judge_next(tmp_path, docs))["art12-p1"] == "missing"


