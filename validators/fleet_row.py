"""A fleet policy insures several vehicles, one row of its table each (the policy's `veiculos`).
Which row is the packet's vehicle the policy does not say; the packet's CRLV does. Where exactly
one CRLV's plate, read sure, is exactly one row's plate, the policy's vehicle fields (placa,
chassi, assentos, the coverages) are that row's: the same plate printed by another issuer is the
evidence, as in agreement.py. Two vehicles of the packet in one fleet, or a plate on no row,
leave the policy as read (unsure, for a person). Called once per packet, after agreement.py and
before the rules (engine.judge_packet)."""

from __future__ import annotations

from collections.abc import Sequence

from domain import doctypes
from domain.documents import CONFIDENT, UNSURE, Document, Field, Finding
from domain.ids import placa as placa_id
from validators.agreement import FLOOR, LEVELS

CODE = "apolice.veiculo_da_frota"


def fleet_rows_chosen(documents: Sequence[Document]) -> list[Document]:
    """The documents with each fleet policy's vehicle fields taken from the row of the packet's
    vehicle, where the packet's CRLV names one row alone."""
    plates = {placa_id.normalize(f.value): d for d in documents if d.type == "crlv"
              for f in [d.fields.get("placa")] if f is not None and f.confident and isinstance(f.value, str)}
    out = list(documents)
    for i, d in enumerate(documents):
        rows = d.fields.get("veiculos")
        if d.type != "apolice_seguro" or rows is None or not isinstance(rows.value, list) or not rows.rows:
            continue
        hits = {n: p for n, row in enumerate(rows.value) for p in plates
                if isinstance(row, dict) and isinstance(row.get("placa"), str)
                and placa_id.same_vehicle(row["placa"], p)}
        if len(hits) != 1 or len(rows.value) != len(rows.rows):
            continue  # the packet's vehicles on two rows, or on none
        (n, plate), = hits.items()
        out[i] = _take_row(d, rows, n, plates[plate])
    return out


def _take_row(d: Document, rows: Field, n: int, crlv: Document) -> Document:
    row, rr = rows.value[n], rows.rows[n]  # type: ignore[index]
    plate_conf = rr.document_confidence
    if plate_conf < CONFIDENT and plate_conf >= FLOOR:
        # an unsure read of the row's plate that a CRLV's sure read spells alike
        plate_conf = LEVELS["shape"]["text" if crlv.text_source == "pdf_text" else "sure"]
    fields = dict(d.fields)
    for name in doctypes.fields(d.type).get("veiculos", {}).get("columns", {}):
        was = fields.get(name)
        if name not in row and was is not None and was.value is not None and was.confidence >= UNSURE:
            # a vehicle's field its row does not print: what the policy read for it elsewhere (a
            # column's first cell under its header) may be another vehicle's
            fields[name] = was.model_copy(update={"confidence": UNSURE})
    for name, value in row.items():
        conf = plate_conf if name == "placa" else rr.confidence
        was = fields.get(name)
        if was is not None and was.value == value:
            conf = max(conf, was.confidence)
        fields[name] = Field(value=value, confidence=round(conf, 4), page=rr.page, bbox=rr.bbox)
    label = doctypes.fields(d.type).get("veiculos", {}).get("label", "veiculos")
    note = Finding(code=CODE, severity="info", document=d.id, field="placa", value=row.get("placa"),
                   message=f"{label}: o veículo do pacote é o item {n + 1} de {len(rows.value)} (placa "
                           f"{placa_id.normalize(row.get('placa'))}, a do CRLV {crlv.id}); placa, chassi, "
                           f"assentos e coberturas lidos dessa linha.")
    problems = [p for p in d.problems if p.code != CODE] + [note]
    return d.model_copy(update={"fields": fields, "problems": problems})
