"""A clerk's word settles what made an item unsure, on the real rulebook (rs-metroplan-escolar)
and the sample packet's digital documents made unsure here: a plate read unsure on the CRLV is
named on the CRLV (not on the policy paired by it), a document's type is confirmed or changed,
a field confirmed after it was corrected confirms the correction, a CRLV settled as PARTICULAR
fails art. 4º XII, and a list that prints more rows than were read cannot be confirmed as read."""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path

import pytest

from domain.documents import Document
from intake.pipeline import number_documents, read_file
from validators import corrections, rulebooks
from validators.engine import judge_packet
from validators.corrections import CorrectionError

RULEBOOK = "rs-metroplan-escolar"
VALID = Path(__file__).resolve().parents[2] / "samples" / "packets" / RULEBOOK / "valid-escola" / "digital"
DAY = date(2026, 3, 2)
AT = "2026-03-02T13:00:00Z"


@cache
def _read() -> tuple[Document, ...]:
    return tuple(number_documents([read_file(f.read_bytes(), f.name) for f in sorted(VALID.glob("*.pdf"))]))


def _docs() -> list[Document]:
    return [d.model_copy(deep=True) for d in _read()]


def _of(docs: list[Document], doc_type: str) -> Document:
    return next(d for d in docs if d.type == doc_type)


def _unsure(doc: Document, field: str, value=None, confidence: float = 0.6) -> None:
    f = doc.fields[field]
    doc.fields[field] = f.model_copy(update={"confidence": confidence, **({"value": value} if value else {})})


def _give(docs, given, document, field, value=None):
    c = corrections.make(docs, number=len(given) + 1, document=document, field=field, value=value, by="clerk",
                         at=AT, given=given)
    return [*given, c]


def _unsure_items(result) -> dict[str, list[str]]:
    return {i.id: [f.message for f in i.findings if f.severity != "info"]
            for i in result.checklist if i.status in ("review", "fail")}


def test_plate_type_and_fields_settled_by_the_clerk_clear_the_packet_to_apto():
    docs = _docs()
    crlv = _of(docs, "crlv")
    plate = crlv.fields["placa"].value
    _unsure(crlv, "placa", plate[:-1] + ("0" if plate[-1] != "0" else "1"))
    crlv.type_confidence = 0.72
    before = judge_packet(docs, rulebooks.load(RULEBOOK), DAY)
    assert before.verdict == "review"
    messages = [m for ms in _unsure_items(before).values() for m in ms]
    # the policy and the receipts read their plates surely: no finding blames them
    assert not [m for m in messages if "Leitura incerta de Placa em Apólice" in m], messages
    given = _give(docs, [], crlv.id, "placa", plate)
    given = _give(docs, given, crlv.id, "tipo")  # confirmed as read: a CRLV
    after = judge_packet(docs, rulebooks.load(RULEBOOK), DAY, corrections=given)
    assert after.verdict == "ok", _unsure_items(after)
    assert any("Tipo do documento" in f.message and "confirmado" in f.message
               for i in after.checklist for f in i.findings)


def test_confirming_a_field_just_corrected_confirms_the_correction():
    docs = _docs()
    contrato = _of(docs, "contrato_fretamento")
    contrato.fields.pop("numero_contrato", None)  # not read at all
    given = _give(docs, [], contrato.id, "numero_contrato", "001/2026")
    given = _give(docs, given, contrato.id, "numero_contrato")
    assert given[-1].value == "001/2026" and given[-1].read_value is None
    with pytest.raises(CorrectionError, match="não foi lido"):
        _give(docs, [], contrato.id, "numero_contrato")


def test_a_register_settled_as_particular_fails_art_4_xii():
    docs = _docs()
    crlv = _of(docs, "crlv")
    crlv.type_confidence = 0.72
    _unsure(crlv, "categoria", "PARTICULAR", 0.7)
    assert judge_packet(docs, rulebooks.load(RULEBOOK), DAY).verdict == "review"
    given = _give(docs, [], crlv.id, "categoria")  # confirmed as read
    given = _give(docs, given, crlv.id, "tipo", "Certificado de Registro e Licenciamento de Veículo (CRLV)")
    result = judge_packet(docs, rulebooks.load(RULEBOOK), DAY, corrections=given)
    xii = next(i for i in result.checklist if i.id == "art4-xii")
    assert xii.status == "fail" and result.verdict == "fail", _unsure_items(result)


def test_a_type_changed_leaves_the_old_types_fields_behind():
    docs = _docs()
    crlv = _of(docs, "crlv")
    given = _give(docs, [], crlv.id, "tipo", "apolice_seguro")
    (changed,) = [d for d in corrections.apply(docs, given) if d.id == crlv.id]
    assert changed.type == "apolice_seguro" and changed.type_confidence == 1.0 and not changed.fields
    with pytest.raises(CorrectionError, match="tipo de documento"):
        _give(docs, [], crlv.id, "tipo", "carta de motorista")


def test_a_list_printing_more_rows_than_read_cannot_be_confirmed_but_takes_rows_added():
    docs = _docs()
    lista = _of(docs, "lista_passageiros")
    rows = lista.fields["passageiros"].value
    lista.fields["total_passageiros"] = lista.fields["total_passageiros"].model_copy(update={"value": len(rows)})
    lista.fields["passageiros"] = lista.fields["passageiros"].model_copy(
        update={"value": rows[:-2], "rows": (lista.fields["passageiros"].rows or [])[:-2] or None, "confidence": 0.6})
    with pytest.raises(CorrectionError, match=f"informa {len(rows)} e {len(rows) - 2} foram lidas"):
        _give(docs, [], lista.id, "passageiros")
    given = _give(docs, [], lista.id, "passageiros", rows)  # the missing rows added
    result = judge_packet(docs, rulebooks.load(RULEBOOK), DAY, corrections=given)
    assert result.verdict == "ok", _unsure_items(result)


def test_a_document_retyped_is_read_again_as_its_new_type_from_the_read():
    """The register misread as another type: the clerk gives it its type, and its fields are
    parsed again from the file's text as read (intake.pipeline.parse_as), as the service does."""
    from intake.pipeline import extract, parse_as

    src = (VALID / "crlv-onibus1.pdf").read_bytes()
    fields = parse_as(extract(src), "crlv", 1, 1)
    assert fields["placa"].value == _of(list(_read()), "crlv").fields["placa"].value and fields["placa"].confidence >= 0.8
    docs = _docs()
    crlv = _of(docs, "crlv")
    wrong = crlv.model_copy(update={"type": "apolice_seguro", "type_confidence": 0.55, "fields": {}})
    docs = [wrong if d.id == crlv.id else d for d in docs]
    given = _give(docs, [], crlv.id, "tipo", "crlv")
    given[0].fields = {k: v.model_dump(mode="json") for k, v in fields.items()}
    assert judge_packet(docs, rulebooks.load(RULEBOOK), DAY).verdict != "ok"
    result = judge_packet(docs, rulebooks.load(RULEBOOK), DAY, corrections=given)
    assert result.verdict == "ok", _unsure_items(result)
