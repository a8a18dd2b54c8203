"""The generator is deterministic: regenerating a document gives the committed bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from samples.gen import catalog, output

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "samples" / "documents"


@pytest.mark.parametrize("name", ["crlv-onibus1", "lista-escola", "apolice-onibus2", "cnh-sm-motorista1",
                                  "certidao-federal-medianeira", "contrato-der"])
def test_digital_pdf_is_byte_identical(name: str):
    pool, _ = catalog.build()
    pdf_bytes, _ = pool.entries[name].render()
    assert pdf_bytes == (DOCS / "digital" / f"{name}.pdf").read_bytes()


def test_scan_and_expected_are_byte_identical(tmp_path: Path):
    pool, _ = catalog.build()
    name = "taxa-requerimento-vale"  # one page: fast to rasterise
    output.render_entry(tmp_path, pool.entries[name])
    for sub in ("digital", "scanned"):
        for f in (tmp_path / "documents" / sub).iterdir():
            assert f.read_bytes() == (DOCS / sub / f.name).read_bytes(), f.name


def test_photo_is_byte_identical(tmp_path: Path):
    """A CRLV-e as the CDT issues it, in its three renderings (the photo is seeded too)."""
    pool, _ = catalog.build()
    name = "crlve-cdt-onibus1"
    output.render_entry(tmp_path, pool.entries[name])
    made = sorted(p.relative_to(tmp_path / "documents") for p in (tmp_path / "documents").rglob("*.*"))
    assert {p.parts[0] for p in made} == {"digital", "scanned", "photo"}
    for rel in made:
        assert (tmp_path / "documents" / rel).read_bytes() == (DOCS / rel).read_bytes(), rel
