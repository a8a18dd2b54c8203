"""The CRLV-e and CNH-e samples as the Carteira Digital de Trânsito issues them, and the
photographed rendering: labels at the positions measured on real pages
(shared/domain/crlv-e-layout.md), the traps the samples must carry, the CNH-e whose fields are
only in its images, and photos that look like phone photos. Text layers and image headers
only: no OCR."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "samples" / "documents"
MM = 72 / 25.4


def _expected(sub: str, pattern: str) -> list[tuple[Path, dict]]:
    return [(p, json.loads(p.read_text(encoding="utf-8"))) for p in sorted((DOCS / sub).glob(pattern))]


CRLVE = _expected("digital", "crlve-cdt-*.expected.json")
CNHE = _expected("digital", "cnhe-cdt-*.expected.json")
PHOTOS = _expected("photo", "*.expected.json")

# label -> (x, y) of its word box's top-left corner in mm, as measured (RS grid; SP moves rows)
RS_GRID = {
    "CATEGORIA": (111.7, 22.2), "CAPACIDADE": (180.1, 22.2), "CÓDIGO RENAVAM": (10.9, 31.4),
    "POTÊNCIA/CILINDRADA": (111.7, 35.7), "PESO BRUTO TOTAL": (180.0, 35.7), "PLACA": (10.9, 40.6),
    "EXERCÍCIO": (36.2, 40.6), "MOTOR": (111.7, 45.0), "CMT": (159.8, 45.0), "EIXOS": (177.8, 45.0),
    "LOTAÇÃO": (189.9, 45.0), "ANO FABRICAÇÃO": (10.9, 49.9), "ANO MODELO": (36.2, 49.9),
    "CARROCERIA": (111.7, 54.2), "NÚMERO DO CRV": (10.9, 59.1), "NOME": (111.7, 63.5),
    "CPF / CNPJ": (163.3, 74.0), "CÓDIGO DE SEGURANÇA DO CLA": (10.9, 83.3), "CAT": (57.1, 83.3),
    "LOCAL": (111.7, 83.3), "DATA": (179.9, 83.3), "MARCA / MODELO / VERSÃO": (10.9, 95.8),
    "ASSINADO DIGITALMENTE PELO DETRAN": (135.2, 95.8), "DADOS DO SEGURO DPVAT": (111.2, 101.5),
    "ESPÉCIE / TIPO": (10.9, 108.2), "CAT. TARIF": (111.7, 108.2), "DATA DE QUITAÇÃO": (137.1, 108.2),
    "PAGAMENTO": (164.8, 108.2), "PLACA ANTERIOR / UF": (10.9, 120.6), "CHASSI": (46.0, 120.6),
    "COR PREDOMINANTE": (10.9, 133.1), "COMBUSTÍVEL": (36.1, 133.1), "Documento emitido por DETRAN": (11.0, 145.2),
    "OBSERVAÇÕES DO VEÍCULO": (9.8, 149.9), "INFORMAÇÕES DO SEGURO DPVAT": (111.2, 149.9),
    "Valide este QRCode com app Vio": (96.8, 31.8),
}
SP_GRID = {
    "CATEGORIA": (111.7, 18.5), "CAPACIDADE": (169.3, 18.5), "CÓDIGO RENAVAM": (10.9, 32.1), "PLACA": (10.9, 46.6),
    "ANO FABRICAÇÃO": (10.9, 61.0), "ESPÉCIE / TIPO": (10.9, 80.7), "PLACA ANTERIOR / UF": (10.9, 110.4),
    "CHASSI": (46.0, 110.4), "COR PREDOMINANTE": (10.9, 125.2), "COMBUSTÍVEL": (46.0, 125.2), "CMT": (154.0, 37.1),
    "EIXOS": (171.9, 37.1), "DETRAN- SP": (150.0, None),
}


def _words(pdf: Path) -> tuple[str, list[tuple[str, float, float]]]:
    """The page's text and, for each occurrence of each label, its loose box's top-left in mm."""
    doc = pdfium.PdfDocument(pdf)
    page = doc[0]
    tp = page.get_textpage()
    ph = page.get_height()
    text = tp.get_text_range()

    def find(needle: str) -> list[tuple[float, float]]:
        out, search = [], tp.search(needle, match_case=True)
        while hit := search.get_next():
            boxes = [tp.get_charbox(j, loose=True) for j in range(hit[0], hit[0] + hit[1])]
            out.append((min(b[0] for b in boxes) / MM, (ph - max(b[3] for b in boxes)) / MM))
        return out

    return text, find


def test_there_are_cdt_samples_of_every_layout_and_trap():
    assert len(CRLVE) >= 8 and len(CNHE) >= 2
    assert {d["layout"] for _, d in CRLVE} == {"cdt-senatran", "cdt-denatran", "cdt-sp"}
    obs = [d["fields"]["observacoes"] or "" for _, d in CRLVE]
    for form in ("S/REST; NAC", "S/REST; NAC; 2EIXOS", "AL FID:", "Arr.Merc:", "R DOM:", "Eixos Fixos:"):
        assert any(form in o for o in obs), form
    for _, d in CRLVE:
        f = d["fields"]
        assert f["alienacao"] == any(k in (f["observacoes"] or "") for k in ("AL FID", "Arr.Merc", "R DOM"))
        assert f["qr_code"] is True
    cats = [d["fields"]["categoria"] for _, d in CRLVE]
    assert cats.count("PARTICULAR") == 1 and cats.count("ALUGUEL") == len(cats) - 1
    assert any(d["fields"]["lotacao"] == 0 for _, d in CRLVE)
    assert {d["fields"]["tipo_veiculo"] for _, d in CRLVE} >= {"onibus", "microonibus"}
    texts = [pdfium.PdfDocument(p.with_name(p.name.replace(".expected.json", ".pdf")))[0].get_textpage()
             .get_text_range() for p, _ in CRLVE]
    for mask in ("*******/**", "*.*", "00P", "0.7"):  # no previous plate, no cargo, a trailer, tonnage
        assert any(mask in t for t in texts), mask


@pytest.mark.parametrize("path,data", CRLVE, ids=[p.name.split(".")[0] for p, _ in CRLVE])
def test_crlve_labels_at_measured_positions(path: Path, data: dict):
    pdf = path.with_name(path.name.replace(".expected.json", ".pdf"))
    text, find = _words(pdf)
    caption = "Valide este QRCode com app Vio"
    grid = {**SP_GRID, caption: RS_GRID[caption]} if data["layout"] == "cdt-sp" else RS_GRID
    for label, (x, y) in grid.items():
        hits = find(label)
        assert hits, label
        # an exact label may also start longer labels ("PLACA" in "PLACA ANTERIOR / UF"): any hit will do
        assert any(abs(hx - x) <= 0.6 and (y is None or abs(hy - y) <= 0.8) for hx, hy in hits), (label, hits)
    f = data["fields"]
    # the values as printed
    assert f"{f['lotacao']:02d}P" in text
    assert f["renavam"] in text and len(f["renavam"]) == 11
    assert "***" in text  # CAT
    assert "Documento emitido por DETRAN " in text and " às " in text
    assert f["observacoes"] in " ".join(text.split())
    # the other column's labels share the rows of the left column's
    lines = text.splitlines()
    assert any("ESPÉCIE / TIPO" in ln and "CAT. TARIF" in ln for ln in lines) or data["layout"] == "cdt-sp"
    assert any("CÓDIGO DE SEGURANÇA DO CLA" in ln and "LOCAL" in ln and "DATA" in ln for ln in lines) or \
        data["layout"] == "cdt-sp"
    if data["layout"] == "cdt-sp":
        assert text.count(f["renavam"]) == 3  # beside DETRAN- SP, in its box, under the signature caption
        assert "- ELETRÔNICO" in text and "MENSAGENS DENATRAN" in text
    elif data["layout"] == "cdt-denatran":
        assert "MINISTÉRIO DA INFRAESTRUTURA" in text and "MENSAGENS DENATRAN" in text
    else:
        assert "SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN" in text and "MENSAGENS SENATRAN" in text


@pytest.mark.parametrize("path,data", CNHE, ids=[p.name.split(".")[0] for p, _ in CNHE])
def test_cnhe_fields_only_in_its_images(path: Path, data: dict):
    assert data["layout"] == "cnh-e-cdt"
    doc = pdfium.PdfDocument(path.with_name(path.name.replace(".expected.json", ".pdf")))
    page = doc[0]
    text = page.get_textpage().get_text_range()
    assert 300 <= len(text) < 1000
    for t in ("REPÚBLICA FEDERATIVA DO BRASIL", "MINISTÉRIO DOS TRANSPORTES",
              "SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN", "QR-CODE", "SERPRO"):
        assert t in text
    f = data["fields"]
    assert f["numero"] not in text and f["titular_nome"] not in text
    images = [o for o in page.get_objects() if o.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE]
    assert len(images) == 3
    for im in images:
        w, h = im.get_px_size()
        assert 900 <= w <= 1000 and 640 <= h <= 720
        assert im.get_filters() == ["DCTDecode"]
        assert 260 <= im.get_metadata().horizontal_dpi <= 300


def test_photo_renderings():
    names = {p.name.split(".")[0] for p, _ in PHOTOS}
    assert {p.name.split(".")[0] for p, _ in CRLVE + CNHE} <= names
    assert {"crlv-onibus1", "contrato-escola", "lista-escola", "apolice-onibus1"} <= names
    for path, data in PHOTOS:
        ph = data["photo"]
        assert data["source"].startswith("digital/")
        assert 1600 <= ph["long_side"] <= 2200
        assert 0.01 <= ph["keystone"] <= 0.06 and 0.3 <= abs(ph["angle"]) <= 3
        assert ph["blur"] > 0 and ph["lighting"]["gradient"] > 0 and ph["lighting"]["vignette"] > 0
        f = path.with_name(path.name.replace(".expected.json", f".{ph['format']}"))
        if ph["format"] == "jpg":
            with Image.open(f) as im:
                assert im.format == "JPEG" and im.mode == "RGB" and max(im.size) == ph["long_side"]
                # a darker surface around the sheet: the corners are darker than the centre
                g = im.convert("L").resize((40, 54))
                corners = [g.getpixel(xy) for xy in ((0, 0), (39, 0), (0, 53), (39, 53))]
                sheet = sorted(g.crop((10, 14, 30, 40)).tobytes())[-100]  # the paper, not the print
                assert max(corners) < sheet - 60, (corners, sheet)
        else:
            assert pdfium.PdfDocument(f).__len__() >= 2
