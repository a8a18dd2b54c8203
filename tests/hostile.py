"""Makers of hostile files, shared by the tests of ocr/, the pipeline, the CLI and the API.

Each is small on disk and built on the fly, so the repository carries no multi-megabyte
attack files and every kind the issue names has one maker: corrupt, truncated, encrypted,
empty, zero pages, mislabeled, an image bomb and a PDF of thousands of pages.
"""

from __future__ import annotations

import io
import os
import struct
import zlib

import pypdf


def text_pdf(lines: list[str], *, encrypt=None) -> bytes:
    """A one-page A4 PDF with a text layer (reportlab)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A4, encrypt=encrypt, invariant=1)
    y = A4[1] - 72
    for line in lines:
        c.setFont("Helvetica", 11)
        c.drawString(72, y, line)
        y -= 16
    c.showPage()
    c.save()
    return out.getvalue()


CRLV_LINES = ["CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEICULO", "PLACA RAU3I63"]


def corrupt_pdf() -> bytes:
    return b"%PDF-1.7\n" + os.urandom(4096)


def truncated_pdf() -> bytes:
    data = text_pdf(CRLV_LINES)
    return data[: len(data) // 2]


def encrypted_pdf() -> bytes:
    from reportlab.lib import pdfencrypt

    return text_pdf(CRLV_LINES, encrypt=pdfencrypt.StandardEncryption("segredo", "dono"))


def empty_file() -> bytes:
    return b""


def zero_page_pdf() -> bytes:
    out = io.BytesIO()
    pypdf.PdfWriter().write(out)
    return out.getvalue()


def text_named_pdf() -> bytes:
    """Plain text: whatever its name says, it is no document FretaDoc reads."""
    return "PLACA ABC1D23 RENAVAM 00197073212\n".encode()


def pdf_of_pages(count: int = 2000) -> bytes:
    writer = pypdf.PdfWriter()
    for _ in range(count):
        writer.add_blank_page(595, 842)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bomb(width: int = 50_000, height: int = 50_000, rows_per_block: int = 1000) -> bytes:
    """A valid 1-bit PNG of blank rows: tiny on disk, width×height pixels when decoded.
    Deflate blocks are fully flushed, so one compressed block is repeated."""
    row = b"\x00" * (1 + (width + 7) // 8)
    block = row * rows_per_block
    blocks, rest = divmod(height, rows_per_block)
    c = zlib.compressobj(9)
    first = c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    last = c.compress(row * rest) + c.flush(zlib.Z_FULL_FLUSH) if rest else b""
    end = c.flush()[:-4]
    adler = 1
    for _ in range(blocks):
        adler = zlib.adler32(block, adler)
    adler = zlib.adler32(row * rest, adler)
    idat = first + again * (blocks - 1) + last + end + struct.pack(">I", adler)
    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


# name -> (maker, file name it arrives under, the problem code it must yield)
KINDS = {
    "corrupt": (corrupt_pdf, "crlv.pdf", "file.corrupt"),
    "truncated": (truncated_pdf, "apolice.pdf", "file.corrupt"),
    "encrypted": (encrypted_pdf, "contrato.pdf", "file.encrypted"),
    "empty": (empty_file, "lista.pdf", "file.empty"),
    "zero_pages": (zero_page_pdf, "laudo.pdf", "file.empty"),
    "mislabeled": (text_named_pdf, "crlv.pdf", "file.unsupported"),
    "image_bomb": (png_bomb, "foto.png", "file.too_many_pixels"),
    "pages_2000": (pdf_of_pages, "pacote.pdf", "file.too_many_pages"),
}
