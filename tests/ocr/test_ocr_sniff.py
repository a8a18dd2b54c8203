import io

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from ocr.sniff import sniff


def _image_bytes(fmt: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, format=fmt)
    return out.getvalue()


def test_each_media_type_from_its_bytes():
    assert sniff(_image_bytes("PNG")) == "image/png"
    assert sniff(_image_bytes("JPEG")) == "image/jpeg"
    assert sniff(_image_bytes("TIFF")) == "image/tiff"
    assert sniff(_image_bytes("WEBP")) == "image/webp"
    assert sniff(b"%PDF-1.7\n%...") == "application/pdf"


def test_pdf_header_after_leading_junk_within_first_kib():
    assert sniff(b"\r\n" * 100 + b"%PDF-1.4\n") == "application/pdf"
    assert sniff(b"x" * 2000 + b"%PDF-1.4\n") is None


def test_unknown_content_is_none():
    assert sniff(b"") is None
    assert sniff("CERTIFICADO DE REGISTRO".encode()) is None
    assert sniff(b"GIF89a\x01\x00") is None  # GIF is not accepted
    assert sniff(b"RIFF\x00\x00\x00\x00WAVEfmt ") is None


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=64))
def test_never_raises(data):
    assert sniff(data) in (None, "application/pdf", "image/png", "image/jpeg", "image/tiff", "image/webp")
