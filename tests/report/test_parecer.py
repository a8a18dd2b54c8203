"""The parecer's evidence of a list: every page the list spans, each boxed on its own rows."""

from __future__ import annotations

from domain.documents import Document, Field, Finding, RowRead
from domain.result import Item, Result, RulebookRef
from report.parecer import shots


def _result(finding: Finding) -> Result:
    rows = [RowRead(confidence=0.5, document_confidence=0.5, page=1, bbox=[0.1, 0.3 + i * 0.02, 0.9, 0.32 + i * 0.02])
            for i in range(20)]
    rows += [RowRead(confidence=0.9, document_confidence=0.9, page=2, bbox=[0.1, 0.1 + i * 0.02, 0.9, 0.12 + i * 0.02])
             for i in range(15)]
    lista = Document(id="d3", filename="lista.pdf", sha256="0" * 64, type="lista_passageiros", type_confidence=0.95,
                     pages=2, fields={"passageiros": Field(value=[{"nome": "X"}] * 35, confidence=0.5, page=1,
                                                           bbox=[0.1, 0.3, 0.9, 0.7], rows=rows)})
    item = Item(id="art4-vi", article="Art. 4º, VI", requirement="Lista de passageiros.", status="review",
                findings=[finding])
    return Result(packet_id="pkt_x", rulebook=RulebookRef(id="r", title="t", jurisdiction="j", norm="n"),
                  reference_date="2026-03-02", verdict="review", documents=[lista], checklist=[item])


def test_a_list_over_two_pages_is_shown_on_both():
    f = Finding(code="lista_passageiros.passageiros_uncertain", severity="warning", message="m", document="d3",
                field="passageiros", value="linhas 1 a 20")
    got = shots(_result(f), _result(f).checklist[0])
    assert [(s.page, s.bbox) for s in got] == [(1, (0.1, 0.3, 0.9, 0.32 + 19 * 0.02)),
                                               (2, (0.1, 0.1, 0.9, 0.12 + 14 * 0.02))]
    assert all("Passageiros" in s.caption and "passageiros" not in s.caption for s in got)


def test_one_passenger_is_shown_on_its_own_row():
    f = Finding(code="lista_passageiros.identificacao_invalida", severity="error", message="m", document="d3",
                field="passageiros", value="1", row=25)
    result = _result(f)
    assert [(s.page, s.bbox) for s in shots(result, result.checklist[0])] == [(2, (0.1, 0.18, 0.9, 0.2))]
