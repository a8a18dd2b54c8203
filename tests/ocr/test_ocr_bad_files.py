"""Every bad file gets its exact problem code, and nothing raises."""

from __future__ import annotations

import io
import os
import resource
import struct
import time

import pypdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from reportlab.lib import pdfencrypt

import ocr
from ocr import Limits, ReadError, read, render_page
from ocr.problems import CATALOG
from tests.hostile import png_bomb
from tests.ocr.ocr_makers import png_bytes, text_image, text_pdf

# Regression guards, stated generously (they are not benchmarks): measured here the bomb
# is refused in ~1 ms and the 2,000-page PDF in ~50 ms, each without growing memory. CPU time
# of this process, not the wall clock: other work on the machine does not count.
BOUND_S = 5.0
BOUND_MB = 100

CRLV = [[(72, 72, "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEICULO"), (72, 100, "PLACA RAU3I63")]]


def codes(ext) -> list[str]:
    return [p.code for p in ext.problems]


def assert_one_error(ext, code: str) -> None:
    assert codes(ext) == [code]
    assert ext.problems[0].severity == "error"
    assert ext.problems[0].message == ext.problems[0].message.strip() and ext.problems[0].message
    assert not ext.pages and not ext.readable


def maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.fixture(scope="session")
def crlv_pdf() -> bytes:
    return text_pdf(CRLV)


def test_empty_file():
    ext = read(b"")
    assert_one_error(ext, "file.empty")
    assert ext.sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_corrupt_bytes_are_unsupported_unless_they_claim_a_type():
    assert_one_error(read(os.urandom(4096).replace(b"%PDF-", b"xxxxx")[:4096] or b"x"), "file.unsupported")
    assert_one_error(read(b"%PDF-1.7\n" + os.urandom(4096)), "file.corrupt")
    assert_one_error(read(b"\x89PNG\r\n\x1a\n" + os.urandom(512)), "file.corrupt")
    assert_one_error(read(b"\xff\xd8\xff\xe0" + os.urandom(512)), "file.corrupt")


def test_truncated_pdf(crlv_pdf):
    for cut in (0.3, 0.6, 0.9):
        ext = read(crlv_pdf[: int(len(crlv_pdf) * cut)])
        assert ext.media_type == "application/pdf"
        assert_one_error(ext, "file.corrupt")


def test_truncated_png():
    data = png_bytes(text_image(dpi=100))
    assert_one_error(read(data[: len(data) // 2]), "file.corrupt")


def test_encrypted_pdf_with_user_password():
    data = text_pdf(CRLV, encrypt=pdfencrypt.StandardEncryption("segredo", "dono"))
    ext = read(data)
    assert_one_error(ext, "file.encrypted")
    assert ext.problems[0].message == "O arquivo PDF está protegido por senha e não pode ser lido."


def test_owner_password_only_pdf_reads(no_tesseract):
    data = text_pdf(CRLV, encrypt=pdfencrypt.StandardEncryption("", "dono", canPrint=0, canCopy=0))
    ext = read(data)
    assert ext.problems == () and ext.readable
    assert "PLACA RAU3I63" in ext.text


def test_pdf_with_zero_pages():
    writer = pypdf.PdfWriter()
    out = io.BytesIO()
    writer.write(out)
    ext = read(out.getvalue())
    assert ext.media_type == "application/pdf"
    assert_one_error(ext, "file.empty")


def test_file_too_large_is_not_parsed():
    ext = read(b"%PDF-1.7\n" + b"0" * 5000, limits=Limits(max_file_bytes=1000))
    assert_one_error(ext, "file.too_large")
    assert "limite é" in ext.problems[0].message


def test_text_named_pdf_is_unsupported(tmp_path):
    path = tmp_path / "crlv.pdf"
    path.write_text("PLACA ABC1D23 RENAVAM 00197073212", encoding="utf-8")
    assert_one_error(read(path.read_bytes()), "file.unsupported")


@pytest.mark.ocr
def test_png_named_pdf_reads_as_png(tmp_path):
    path = tmp_path / "crlv.pdf"
    path.write_bytes(png_bytes(text_image(dpi=150, height_in=1.6, lines=["PLACA ABC1D23"])))
    ext = read(path.read_bytes())
    assert ext.media_type == "image/png"
    assert ext.pages[0].source == "ocr"
    assert "FRETAMENTO" in ext.text


@pytest.mark.parametrize("side", [50_000, 8_000])
def test_image_bomb_refused_before_decoding(side):
    # 50000² is far past Pillow's own bomb guard; 8000² (64 MP) is under Pillow's guard and
    # over ours (40 MP): our header check is what refuses it.
    data = png_bomb(side, side)
    assert len(data) < 400_000
    rss0, t0 = maxrss_mb(), time.process_time()
    ext = read(data)
    elapsed = time.process_time() - t0
    assert_one_error(ext, "file.too_many_pixels")
    assert f"{side} × {side}" in ext.problems[0].message
    assert elapsed < BOUND_S
    assert maxrss_mb() - rss0 < BOUND_MB  # decoded it would be 2.5 GB / 64 MB at 8 bits
    with pytest.raises(ReadError) as err:
        render_page(data, 1)
    assert err.value.code == "file.too_many_pixels"


def test_jpeg_declaring_a_huge_image():
    data = io.BytesIO()
    Image.new("L", (16, 16), 255).save(data, format="JPEG")
    raw = bytearray(data.getvalue())
    sof = raw.index(b"\xff\xc0")
    raw[sof + 5:sof + 9] = struct.pack(">HH", 60000, 60000)  # height, width in the SOF header
    assert_one_error(read(bytes(raw)), "file.too_many_pixels")


def test_pdf_of_2000_pages_refused_without_parsing_pages(tmp_path):
    writer = pypdf.PdfWriter()
    for _ in range(2000):
        writer.add_blank_page(595, 842)
    path = tmp_path / "big.pdf"
    with open(path, "wb") as fh:
        writer.write(fh)
    data = path.read_bytes()
    rss0, t0 = maxrss_mb(), time.process_time()
    ext = read(data)
    elapsed = time.process_time() - t0
    assert_one_error(ext, "file.too_many_pages")
    assert ext.page_count == 2000
    assert "2000 páginas" in ext.problems[0].message
    assert elapsed < BOUND_S
    assert maxrss_mb() - rss0 < BOUND_MB


def test_tiff_with_more_frames_than_allowed():
    frames = [Image.new("L", (32, 32), 255) for _ in range(4)]
    out = io.BytesIO()
    frames[0].save(out, format="TIFF", save_all=True, append_images=frames[1:])
    ext = read(out.getvalue(), limits=Limits(max_pages=3))
    assert_one_error(ext, "file.too_many_pages")
    assert ext.page_count == 4


def test_pdf_page_too_large_for_the_dpi_is_rendered_smaller(no_tesseract):
    # A 200 × 200 inch page at 300 dpi would be 3.6 gigapixels.
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(14400, 14400))
    c.rect(100, 100, 5000, 5000, fill=1)
    c.showPage()
    c.save()
    t0 = time.process_time()
    ext = read(out.getvalue())
    assert time.process_time() - t0 < BOUND_S
    page = ext.pages[0]
    assert [p.code for p in page.problems] == ["page.too_large", "ocr.failed"]
    assert page.problems[0].severity == "warning"


def test_every_problem_code_is_dotted_and_portuguese():
    for code, (severity, message) in CATALOG.items():
        assert code.count(".") == 1 and code == code.lower()
        assert severity in ("error", "warning", "info")
        assert any(ch in message for ch in "ãáéêíóõúç"), code


def test_render_page_errors_are_typed(crlv_pdf):
    cases = [(b"", "file.empty"), (b"hello", "file.unsupported"),
             (crlv_pdf[:200], "file.corrupt"), (crlv_pdf, "page.not_found")]
    for data, code in cases:
        with pytest.raises(ReadError) as err:
            render_page(data, 2)
        assert err.value.code == code and err.value.problem.message


def test_render_page_gives_png(crlv_pdf):
    png = render_page(crlv_pdf, 1, dpi=72)
    im = Image.open(io.BytesIO(png))
    assert im.format == "PNG" and im.size[1] == 842 and im.size[0] in (595, 596)
    turned = Image.open(io.BytesIO(render_page(crlv_pdf, 1, dpi=72, rotation=90)))
    assert turned.size == im.size[::-1]
    photo = Image.open(io.BytesIO(render_page(png_bytes(text_image(dpi=300), dpi=300), 1, dpi=150)))
    assert photo.size == (870, 630)  # shrunk from 300 to 150 dpi


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_mangled_pdfs_never_raise(no_tesseract, crlv_pdf, data):
    """Flipped bytes and cuts anywhere: a problem or a reading, never an exception."""
    raw = bytearray(crlv_pdf)
    for _ in range(data.draw(st.integers(1, 20))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(1, len(raw)))
    ext = read(bytes(raw[:cut]))
    assert isinstance(ext, ocr.Extraction)
    assert ext.problems or ext.pages
    assert all(p.code in CATALOG for p in ext.problems)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=2048))
def test_random_bytes_never_raise(data):
    ext = read(data)
    assert ext.problems and all(p.code in CATALOG for p in ext.problems)
