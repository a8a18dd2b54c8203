"""A finding about a list names the rows it is about ('linhas 3, 7 e 12 lidas com incerteza') and
carries the first of them as `row`: never the list itself (a passenger list is names and document
numbers of minors), and never a list's or a record's repr, in its message or its evidence."""

from __future__ import annotations

import pytest

from domain.documents import RowRead
from validators.checks.common import evidence, rows_named, show
from tests.validators.metroplan_asserts import item, run
from tests.validators.metroplan_packet import REF, get, make_cpf, valid_packet

# twelve passengers, all with a CPF whose check digits hold
PEOPLE = [{"nome": f"Aluno{chr(65 + i)} Sobrenome{chr(65 + i)} da Silva", "documento_tipo": "cpf",
           "documento": make_cpf(f"{100 + i:03d}{200 + i:03d}{300 + i:03d}")} for i in range(12)]


def _list_read(unsure: dict[int, float], field_conf: float = 0.5):
    """The sample packet with the twelve passengers, rows (1-based) in `unsure` read at that
    confidence, the others at 0.95; the list as a field at `field_conf`."""
    docs = valid_packet()
    lista = get(docs, "lista")
    f = lista.fields["passageiros"]
    lista.fields["passageiros"] = f.model_copy(update={
        "value": [dict(p) for p in PEOPLE], "confidence": field_conf,
        "rows": [RowRead(confidence=unsure.get(i, 0.95), document_confidence=0.95, page=1,
                         bbox=[0.1, 0.2 + 0.02 * i, 0.9, 0.215 + 0.02 * i]) for i in range(1, len(PEOPLE) + 1)]})
    lista.fields["total_passageiros"] = lista.fields["total_passageiros"].model_copy(
        update={"value": len(PEOPLE), "confidence": 0.5})
    return docs


def _texts(items) -> list[str]:
    """Every message, value and expected value of every finding, as the result prints them."""
    out = []
    for i in items:
        for f in i.findings:
            out += [f.message, str(f.value), str(f.expected)]
    return out


def _no_list_shown(items) -> None:
    for i in items:
        for f in i.findings:
            assert not isinstance(f.value, (list, dict)) and not isinstance(f.expected, (list, dict)), (i.id, f)
    for text in _texts(items):
        assert "[{" not in text and "{'" not in text and "['" not in text, text
        # no passenger's name or document number in any finding
        assert not any(p["nome"] in text or p["documento"] in text for p in PEOPLE), text


def test_an_unsure_list_names_its_unsure_rows_never_the_list():
    items = run(_list_read({3: 0.5, 7: 0.5, 12: 0.5}), REF)
    _no_list_shown(items)
    f = item(items, "art4-vi").findings[0]
    assert item(items, "art4-vi").status == "review"
    assert f.code == "lista_passageiros.passageiros_uncertain"
    assert f.message == ("Leitura incerta de Passageiros em Lista de passageiros (lista): linhas 3, 7 e 12 lidas "
                         "com incerteza; confira no documento.")
    assert (f.row, f.value) == (3, "linhas 3, 7 e 12 lidas com incerteza")
    # the count, unsure too, is said the same way
    assert [g.row for g in item(items, "art2-ii-p4").findings] == [3]
    assert item(items, "art18").status == "review"


def test_one_unsure_row_is_said_in_the_singular():
    items = run(_list_read({5: 0.4}), REF)
    _no_list_shown(items)
    f = item(items, "art4-vi").findings[0]
    assert f.value == "linha 5 lida com incerteza" and f.row == 5


def test_a_list_unsure_as_a_whole_says_how_many_entries_it_holds():
    # every row read sure, the list as a field not (no row to name)
    items = run(_list_read({}, field_conf=0.6), REF)
    _no_list_shown(items)
    assert item(items, "art4-vi").status == "ok"  # each row is sure: each is judged
    assert item(items, "art18").status == "ok"


def test_unsure_digits_of_sure_entries_are_named_by_row_and_kind():
    docs = valid_packet()
    lista = get(docs, "lista")
    f = lista.fields["passageiros"]
    lista.fields["passageiros"] = f.model_copy(update={"confidence": 0.3, "rows": [
        RowRead(confidence=0.95, document_confidence=0.95), RowRead(confidence=0.95, document_confidence=0.3),
        RowRead(confidence=0.95, document_confidence=0.3)]})
    items = run(docs, REF)
    art = item(items, "art4-vi")
    assert art.status == "ok"
    note = next(g for g in art.findings if g.code == "lista_passageiros.numero_leitura_incerta")
    assert note.message == ("Documento presente em todas as linhas, mas com dígitos de leitura incerta nas linhas 2 "
                            "e 3 (RG e matrícula). A identificação exigida está presente; conferir o número se for "
                            "usado.")
    assert (note.row, note.value) == (2, "linhas 2 e 3")


def test_a_row_finding_carries_its_row_and_its_number_only():
    docs = valid_packet()
    rows = [dict(p) for p in get(docs, "lista").fields["passageiros"].value]
    rows[1]["documento"] = "52998224726"  # a CPF whose last digit is wrong, read sure
    rows[1]["documento_tipo"] = "cpf"
    lista = get(docs, "lista")
    lista.fields["passageiros"] = lista.fields["passageiros"].model_copy(update={"value": rows})
    items = run(docs, REF)
    f = next(g for g in item(items, "art4-vi").findings if g.code == "lista_passageiros.identificacao_invalida")
    assert (f.row, f.value) == (2, "52998224726")


def test_rows_are_named_as_people_name_them():
    assert rows_named([3]) == "linha 3"
    assert rows_named([3, 4]) == "linhas 3 e 4"
    assert rows_named([12, 3, 7]) == "linhas 3, 7 e 12"
    assert rows_named(list(range(1, 36))) == "linhas 1 a 35"
    assert rows_named([1, 2, 3, 7, 9, 10, 11, 12]) == "linhas 1 a 3, 7 e 9 a 12"


def test_a_value_shown_or_carried_is_never_a_repr():
    records = [{"nome": "Ana", "documento": "1"}, {"nome": "Bia", "documento": "2"}]
    assert show(records) == "2 itens" and evidence(records) == "2 itens"
    assert show([records[0]]) == "1 item"
    assert show(["4929-9/01", "4929-9/02"]) == "4929-9/01 e 4929-9/02"
    assert evidence(["A", "B", "C"]) == "A, B e C"
    assert evidence({"nome": "Ana", "cpf": None}) == "nome: Ana"
    assert evidence(3) == 3 and evidence(None) is None


def test_a_list_read_unsure_is_cleared_by_the_clerks_conferir_lista():
    """The clerk confirms the rows as read, having checked them on the page: the list's items
    leave review; a carrier's same confirmation leaves them in review (no carrier approves
    itself); where a field cannot settle an item, the clerk's decision with a note does."""
    from validators import corrections, decisions, engine

    docs = _list_read({3: 0.5, 7: 0.5, 12: 0.5})
    lista = get(docs, "lista")
    unsure = [i.id for i in run(docs, REF) if i.status == "review"]
    assert "art4-vi" in unsure
    at = "2026-03-02T13:00:00Z"
    confirm = [corrections.make(docs, number=n, document=lista.id, field=f, value=None, by="clerk", at=at)
               for n, f in enumerate(("passageiros", "total_passageiros"), 1)]
    assert confirm[0].value == lista.fields["passageiros"].value  # the rows as read, none edited
    cleared = engine.result("pkt", "rs-metroplan-escolar", docs, REF, {}, confirm)
    assert {i.id: i.status for i in cleared.checklist if i.id in unsure} == dict.fromkeys(unsure, "ok")
    assert cleared.verdict == "ok"
    by_carrier = [c.model_copy(update={"by": "carrier"}) for c in confirm]
    assert engine.result("pkt", "rs-metroplan-escolar", docs, REF, {}, by_carrier).verdict == "review"
    items = run(docs, REF)
    decided = [decisions.make(items, number=n, item=i, status="ok", note="conferido no original", at=at)
               for n, i in enumerate(unsure, 1)]
    result = engine.result("pkt", "rs-metroplan-escolar", docs, REF, {}, None, decided)
    assert result.verdict == "ok" and [d.item for d in result.decisions or []] == unsure
    assert all(any(f.code == "decisao.orgao" for f in i.findings) for i in result.checklist if i.id in unsure)


def test_the_clerk_edits_the_unsure_rows_and_only_those_become_sure():
    from validators import corrections, engine

    docs = _list_read({3: 0.5, 7: 0.5})
    lista = get(docs, "lista")
    rows = [dict(p) for p in PEOPLE]
    rows[2] = {**rows[2], "nome": "AlunoC Sobrenome Corrigido da Silva", "documento_tipo": "CPF"}
    one = corrections.make(docs, number=1, document=lista.id, field="passageiros", value=rows, by="clerk",
                           at="2026-03-02T13:00:00Z")
    assert one.value[2]["documento_tipo"] == "cpf"  # the label 'CPF' given, the code kept
    result = engine.result("pkt", "rs-metroplan-escolar", docs, REF, {}, [one])
    edited = next(d for d in result.documents if d.id == lista.id).fields["passageiros"]
    assert [r.confidence for r in edited.rows or []][2] == 1.0 and (edited.rows or [])[6].confidence == 0.5
    assert edited.confidence == 0.5  # row 7 is still as unsure as it was read
    assert item(result.checklist, "art4-vi").status == "review"
    rows[6] = dict(PEOPLE[6]) | {"documento": PEOPLE[6]["documento"]}
    rows[6]["nome"] = "AlunoG Sobrenome Conferido da Silva"
    two = corrections.make(docs, number=2, document=lista.id, field="passageiros", value=rows, by="clerk",
                           at="2026-03-02T13:01:00Z")
    result = engine.result("pkt", "rs-metroplan-escolar", docs, REF, {}, [one, two])
    assert item(result.checklist, "art4-vi").status == "ok"
    for bad in ([{"nome": "X", "cor": "azul"}], [{"nome": "X", "documento_tipo": "passaporte", "documento": "1"}]):
        with pytest.raises(corrections.CorrectionError):
            corrections.make(docs, number=3, document=lista.id, field="passageiros", value=bad, by="clerk", at="x")
