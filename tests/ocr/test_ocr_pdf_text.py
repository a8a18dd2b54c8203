"""Text-layer PDFs are read from their text, with boxes, and never sent to OCR."""

from __future__ import annotations

import io

import pypdf
import pytest

from ocr import Limits, read
from tests.ocr.ocr_makers import image_pdf, text_image, text_pdf

CRLV_PAGE = [
    (60, 60, "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO - DIGITAL"),
    (60, 110, "CÓDIGO RENAVAM"), (330, 110, "PLACA"),
    (60, 125, "00197073212"), (330, 125, "RAU3I63"),
    (60, 170, "ESPÉCIE / TIPO"), (330, 170, "LOTAÇÃO"),
    (60, 185, "PASSAGEIRO ONIBUS"), (330, 185, "39P"),
]
SECOND_PAGE = [(60, 60, "OBSERVAÇÕES DO VEÍCULO"), (60, 80, "ALF: BANCO EXEMPLO S.A.")]


@pytest.fixture(scope="module")
def crlv() -> bytes:
    return text_pdf([CRLV_PAGE, SECOND_PAGE])


def _line(page, text):
    return next(line for line in page.lines if line.text == text)


def test_text_pdf_reads_fully_without_tesseract(no_tesseract, crlv):
    """Tesseract is unreachable here: any OCR call would leave an ocr.failed problem."""
    ext = read(crlv)
    assert ext.problems == () and ext.readable
    assert ext.media_type == "application/pdf" and ext.page_count == 2
    assert ext.text_source == "pdf_text"
    for page in ext.pages:
        assert page.source == "pdf_text" and page.problems == () and page.dpi is None
        assert all(w.conf == 1.0 for w in page.words)
    first = ext.pages[0]
    assert first.lines[0].text == "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO - DIGITAL"
    # Two columns stay separate lines, in rows top to bottom, left to right.
    texts = [line.text for line in first.lines]
    assert texts[1:] == ["CÓDIGO RENAVAM", "PLACA", "00197073212", "RAU3I63", "ESPÉCIE / TIPO",
                         "LOTAÇÃO", "PASSAGEIRO ONIBUS", "39P"]
    assert ext.pages[1].text == "OBSERVAÇÕES DO VEÍCULO\nALF: BANCO EXEMPLO S.A."


def test_boxes_are_page_fractions_from_the_top_left(no_tesseract, crlv):
    page = read(crlv).pages[0]
    assert (page.width, page.height) == pytest.approx((595.28, 841.89), abs=0.01)
    label, value = _line(page, "PLACA"), _line(page, "RAU3I63")
    assert label.bbox[0] == pytest.approx(330 / 595.28, abs=0.002)
    assert label.bbox[1] < 110 / 841.89 < label.bbox[3]  # the baseline sits inside the box
    assert value.bbox[1] > label.bbox[3] - 0.002  # the value is below its label
    words = _line(page, "CÓDIGO RENAVAM").words
    assert [w.text for w in words] == ["CÓDIGO", "RENAVAM"]
    assert words[0].bbox[2] < words[1].bbox[0]
    for w in page.words:
        x0, y0, x1, y1 = w.bbox
        assert 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1


@pytest.mark.parametrize("rotate", [90, 180, 270])
def test_rotated_pdf_page_reads_upright(no_tesseract, crlv, rotate):
    reader = pypdf.PdfReader(io.BytesIO(crlv))
    writer = pypdf.PdfWriter()
    writer.add_page(reader.pages[0])
    writer.pages[0].rotate(rotate)
    out = io.BytesIO()
    writer.write(out)
    page = read(out.getvalue()).pages[0]
    assert page.rotation == (360 - rotate) % 360  # turned back to upright
    assert page.lines[0].text.startswith("CERTIFICADO DE REGISTRO")
    assert (page.width, page.height) == pytest.approx((595.28, 841.89), abs=0.01)
    assert _line(page, "PLACA").bbox[0] == pytest.approx(330 / 595.28, abs=0.003)


def test_invisible_text_layer_is_not_a_text_layer(no_tesseract):
    """A scanner's hidden OCR layer (render mode 3) is ignored: the page goes to OCR,
    which fails here because Tesseract is unreachable."""
    ext = read(text_pdf([CRLV_PAGE], invisible=True))
    page = ext.pages[0]
    assert page.source == "ocr"
    assert [p.code for p in page.problems] == ["ocr.failed"]


def test_whitespace_or_tiny_text_layer_is_not_a_text_layer(no_tesseract):
    ext = read(text_pdf([[(60, 60, "   "), (500, 800, "1")]]))
    assert ext.pages[0].source == "ocr"


def test_scan_with_a_text_stamp_is_ocr_page(no_tesseract):
    """A full-page image with 'Digitalizado com ...' printed on it is a scan."""
    writer = pypdf.PdfWriter(clone_from=io.BytesIO(image_pdf([text_image(dpi=100)], dpi=100)))
    stamp = pypdf.PdfReader(io.BytesIO(text_pdf([[(10, 10, "Digitalizado com CamScanner")]], size=8)))
    writer.pages[0].merge_page(stamp.pages[0])
    out = io.BytesIO()
    writer.write(out)
    assert read(out.getvalue()).pages[0].source == "ocr"


def test_min_text_chars_is_configurable(no_tesseract):
    data = text_pdf([[(60, 60, "PLACA ABC1D23 RENAVAM 00197073212")]])
    assert read(data).pages[0].source == "pdf_text"
    assert read(data, limits=Limits(min_text_chars=50)).pages[0].source == "ocr"


def test_qr_code_on_a_text_page_is_decoded(no_tesseract):
    import zxingcpp
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas
    from PIL import Image
    import numpy as np

    qr = zxingcpp.create_barcode("https://exemplo.gov.br/qr/123", zxingcpp.BarcodeFormat.QRCode)
    picture = Image.fromarray(np.asarray(qr.to_image(scale=4)))
    out = io.BytesIO()
    c = canvas.Canvas(out)
    c.setFont("Helvetica", 11)
    c.drawString(60, 780, "CERTIFICADO DE REGISTRO E LICENCIAMENTO")
    c.drawImage(ImageReader(picture.convert("RGB")), 400, 600, 120, 120)
    c.showPage()
    c.save()
    page = read(out.getvalue()).pages[0]
    assert page.source == "pdf_text"
    assert page.codes == ("https://exemplo.gov.br/qr/123",)
