"""The CRLV-e (both CDT layouts and São Paulo's) and the CDT's CNH-e: digital (text layer; the
CNH-e's licence only in its images) read fully and sure; printed and scanned, and photographed,
read right (a value may be left unsure, for review). Each field the issue names is compared
with what the sample prints."""

from __future__ import annotations

from datetime import date

import pytest

from domain import doctypes
from domain.documents import CONFIDENT
from tests.intake.helpers import accuracy, expected, read_all, samples

CRLV_FIELDS = ("placa", "renavam", "chassi", "especie_tipo", "tipo_veiculo", "categoria", "lotacao",
               "municipio", "alienacao", "proprietario_documento")
CNH_FIELDS = ("titular_nome", "titular_documento", "numero", "categoria", "validade")


def _cdt(rendering: str):
    return [(e, d) for e, d in samples(rendering) if d.name.startswith(("crlve-cdt-", "cnhe-cdt-"))]


# Reads not yet right (each null or unsure, so judged `review`, never a false value).
# A gap that closes fails its test: take it off the list.
# (onibus2's chassi, whose 'C7' touch and read 'CT7' in every rendering, is read thinned)
SCAN_GAPS: dict[str, set[str]] = {}
PHOTO_GAPS: dict[str, set[str]] = {}  # (sp-micro's categoria, dropped by the page pass, is read in the ink it left)


def _check(exp_path, doc_path, docs, sure: bool = True, gaps: frozenset[str] = frozenset()):
    exp = expected(exp_path)
    doc = next((d for d in docs if d.type == exp["type"]), None)
    assert doc is not None, [d.type for d in docs]
    names = CRLV_FIELDS if exp["type"] == "crlv" else CNH_FIELDS
    specs = doctypes.fields(exp["type"])
    wrong = []
    for name in names:
        want, f = exp["fields"][name], doc.fields.get(name)
        got = f.value if f else None
        right = accuracy.same(specs[name].get("kind", "text"), specs[name], want, got)
        if name in gaps:
            if right or (got is not None and f.confidence >= CONFIDENT):
                wrong.append((name, "gap closed or confidently wrong", got, f.confidence if f else None))
        elif not right:
            wrong.append((name, want, got, f.confidence if f else None))
        elif sure and got is not None and f.confidence < CONFIDENT:
            wrong.append((name, "unsure", got, f.confidence))
    assert wrong == []


@pytest.mark.parametrize("exp_path, doc_path", _cdt("digital"), ids=lambda p: getattr(p, "stem", None))
def test_digital(exp_path, doc_path, digital_reads):
    _check(exp_path, doc_path, digital_reads[doc_path.name])


@pytest.mark.ocr
@pytest.mark.parametrize("exp_path, doc_path", _cdt("scanned"), ids=lambda p: getattr(p, "stem", None))
def test_scanned(exp_path, doc_path, scanned_reads):
    _check(exp_path, doc_path, scanned_reads[doc_path.name], sure=False,
           gaps=frozenset(SCAN_GAPS.get(doc_path.name.split(".")[0], ())))


# where the QR caption's rotated glyphs fall beside the left column's rows: as measured, and as
# far as a line and more above or below (another state's or year's page sets it a little elsewhere)
CAPTION_SHIFTS = (-3.0, -2.2, -0.4, 0.0, 0.4, 0.8)


def _cdt_vehicles():
    from dataclasses import replace

    from samples.gen import world, world_acts

    w, wa = world.build(), world_acts.build()
    return [("cdt-senatran", w.bus1, 2026, date(2026, 1, 12), ["S/REST; NAC"]),
            ("cdt-denatran", wa.sm.veiculos["onibus"], 2023, date(2023, 2, 14), ["S/REST; NAC"]),
            ("cdt-sp", replace(wa.sp.veiculos["onibus1"], eixos="3"), 2023, date(2023, 6, 5), ["S/REST; NAC"])]


@pytest.mark.parametrize("dy", CAPTION_SHIFTS)
def test_the_rotated_qr_caption_never_takes_or_hides_a_value_wherever_its_glyphs_fall(dy):
    # each glyph of the caption stands level with some row of the left column; wherever that is,
    # no box of that column reads a glyph, loses its value or has it doubted
    from intake.pipeline import read_file
    from samples.gen.docs import crlv_cdt

    specs = doctypes.fields("crlv")
    wrong = []
    for layout, v, exercicio, emissao, obs in _cdt_vehicles():
        body, exp = crlv_cdt.render(v, layout, exercicio=exercicio, emissao=emissao, key=f"caption:{layout}",
                                    obs=obs, caption_dy=dy)
        doc = read_file(body, "crlv.pdf")[0]
        for name in (*CRLV_FIELDS, "exercicio", "ano_fabricacao", "ano_modelo", "proprietario_nome", "data_emissao"):
            f = doc.fields[name]
            if not accuracy.same(specs[name].get("kind", "text"), specs[name], exp[name], f.value) \
                    or f.confidence < CONFIDENT:
                wrong.append((layout, name, exp[name], f.value, f.confidence))
    assert wrong == []


def test_every_cdt_sample_has_all_three_renderings():
    names = {r: {d.name.split(".")[0] for _, d in _cdt(r)} for r in ("digital", "scanned", "photo")}
    assert len(names["digital"]) >= 11
    assert names["digital"] == names["scanned"] == names["photo"]


@pytest.fixture(scope="module")
def photo_reads(read_cache_dir):
    return read_all([d for _, d in _cdt("photo")], read_cache_dir)


@pytest.mark.ocr
@pytest.mark.parametrize("exp_path, doc_path", _cdt("photo"), ids=lambda p: getattr(p, "stem", None))
def test_photographed(exp_path, doc_path, photo_reads):
    _check(exp_path, doc_path, photo_reads[doc_path.name], sure=False,
           gaps=frozenset(PHOTO_GAPS.get(doc_path.name.split(".")[0], ())))
