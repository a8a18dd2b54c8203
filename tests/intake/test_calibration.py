"""The confidence calibration: bands fitted from measured values (scripts/calibrate.py) lower a
scanned value's confidence below CONFIDENT, only for the document type they were measured on,
never a text layer's or a photo's, never upwards."""

from __future__ import annotations

import json

import pytest

from domain.documents import CONFIDENT, Field
from intake.reading import calibration
from ocr.model import Extraction, Line, Page, Word

def _ext(source: str, photographed: bool = False) -> Extraction:
    page = Page(number=1, source=source, width=595, height=842, photographed=photographed,
                lines=(Line(words=(Word(text="x", bbox=(0.1, 0.1, 0.2, 0.11), conf=0.9),)),))
    return Extraction(media_type="image/jpeg", sha256="0" * 64, page_count=1, pages=(page,))


@pytest.fixture
def bands(monkeypatch):
    monkeypatch.setattr(calibration, "bands", lambda: (("contrato_fretamento", "number", 0.8, 0.9),))


def test_a_scanned_value_in_a_short_band_is_reported_for_review(bands):
    fields = {"valor": Field(value=124490.0, confidence=0.82, page=1),
              "vigencia_inicio": Field(value="2025-09-27", confidence=0.82, page=1),  # a date: no band
              "numero_contrato": Field(value="2024.0421", confidence=0.85, page=1)}
    got = calibration.calibrated("contrato_fretamento", _ext("ocr"), fields)
    assert got["valor"].confidence == calibration.REPORTED < CONFIDENT
    assert got["vigencia_inicio"].confidence == 0.82 and got["numero_contrato"].confidence == 0.85


def test_surer_values_other_types_text_layers_and_photos_are_left_as_read(bands):
    sure = {"valor": Field(value=15700.0, confidence=0.93, page=1)}
    assert calibration.calibrated("contrato_fretamento", _ext("ocr"), sure)["valor"].confidence == 0.93
    unsure = {"valor": Field(value=15700.0, confidence=0.5, page=1)}  # never raised
    assert calibration.calibrated("contrato_fretamento", _ext("ocr"), unsure)["valor"].confidence == 0.5
    band = {"valor": Field(value=15700.0, confidence=0.85, page=1)}
    assert calibration.calibrated("contrato_fretamento", _ext("pdf_text"), band)["valor"].confidence == 0.85
    assert calibration.calibrated("contrato_fretamento", _ext("ocr", photographed=True), band)["valor"].confidence == 0.85
    assert calibration.calibrated("apolice_seguro", _ext("ocr"), {"ap_por_passageiro": band["valor"]}
                                  )["ap_por_passageiro"].confidence == 0.85


def test_the_shipped_table_names_known_types_groups_and_bands_below_one():
    from domain.documents import DOC_TYPES

    table = calibration.bands()
    assert table, "intake/reading/calibration.yaml holds the fitted bands"
    groups = set(calibration._GROUPS.values())
    for typ, grp, lo, hi in table:
        assert typ in DOC_TYPES and grp in groups and CONFIDENT <= lo < hi <= 1.0


def test_the_fit_lowers_a_band_only_when_its_misses_are_beyond_chance(tmp_path, monkeypatch):
    from scripts import calibrate

    def values(n, wrong, conf, kind="money", typ="contrato_fretamento"):
        return [{"type": typ, "field": "valor", "kind": kind, "confidence": conf, "right": i >= wrong} for i in range(n)]

    rows = calibrate.fit(values(20, 3, 0.85) + values(140, 1, 0.86, "integer", "crlv")
                         + values(800, 2, 0.95), 0.1)
    short = {(r["type"], r["group"], r["from"]) for r in rows if r["short"]}
    # 3 wrong of 20 is no chance at 99.5 %; 1 of 140, or 2 of 800, may be
    assert short == {("contrato_fretamento", "number", 0.8)}
    path = tmp_path / "values.jsonl"
    path.write_text("".join(json.dumps(v) + "\n" for v in values(20, 3, 0.85)), encoding="utf-8")
    out = tmp_path / "calibration.yaml"
    monkeypatch.setattr(calibration, "PATH", out)
    assert calibrate.main([str(path), "--width", "0.1", "--seeds", "10000-10009", "--write"]) == 0
    calibration.bands.cache_clear()
    assert calibration.bands() == (("contrato_fretamento", "number", 0.8, 0.9),)
    calibration.bands.cache_clear()
