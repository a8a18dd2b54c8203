"""The scanned look: rasterise, tilt, blur, add paper tone and speckle, compress lossily.

Everything is seeded per document, so a rerun gives the same bytes.
"""

from __future__ import annotations

import io
import zlib

import numpy as np
import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFilter


def rasterize(pdf_bytes: bytes, dpi: int) -> list[Image.Image]:
    doc = pdfium.PdfDocument(pdf_bytes)
    out = [page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L") for page in doc]
    doc.close()
    return out


def rasterize_count(pdf_bytes: bytes) -> range:
    doc = pdfium.PdfDocument(pdf_bytes)
    n = len(doc)
    doc.close()
    return range(n)


def bilevel(img: Image.Image) -> Image.Image:
    """A black-and-white office scan (threshold), as 1-bit."""
    return img.point(lambda v: 255 if v > 150 else 0).convert("1")


def find_text(pdf_bytes: bytes, needle: str, dpi: int) -> tuple[int, tuple[int, int, int, int]]:
    """Page index and pixel box (left, top, right, bottom) of the first occurrence of needle."""
    doc = pdfium.PdfDocument(pdf_bytes)
    try:
        for i, page in enumerate(doc):
            tp = page.get_textpage()
            hit = tp.search(needle, match_case=True).get_next()
            if hit:
                start, count = hit
                boxes = [tp.get_charbox(j) for j in range(start, start + count)]
                s = dpi / 72
                ph = page.get_height()
                l, r = min(b[0] for b in boxes), max(b[2] for b in boxes)
                bot, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
                return i, (int(l * s), int((ph - top) * s), int(r * s), int((ph - bot) * s))
    finally:
        doc.close()
    raise LookupError(needle)


def smudge(img: Image.Image, box: tuple[int, int, int, int], key: str) -> Image.Image:
    """Blot a value out: a dark, ragged smear over the whole value, as spilt ink would leave."""
    rng = np.random.default_rng(zlib.crc32(("smudge:" + key).encode()))
    l, t, r, b = box
    hgt = b - t
    layer = Image.new("L", img.size, 0)
    dr = ImageDraw.Draw(layer)
    dr.rounded_rectangle([l - hgt * 0.4, t - hgt * 0.35, r + hgt * 0.4, b + hgt * 0.35], radius=hgt // 2, fill=255)
    for _ in range(30):
        cx = rng.uniform(l, r)
        cy = rng.uniform(t, b)
        rx, ry = rng.uniform(0.4, 1.1) * hgt, rng.uniform(0.4, 0.9) * hgt
        dr.ellipse([cx - rx, cy - ry, cx + rx, cy + ry], fill=int(rng.uniform(200, 255)))
    layer = layer.filter(ImageFilter.GaussianBlur(hgt * 0.12))
    a = np.asarray(img, dtype=np.float32)
    m = np.clip(np.asarray(layer, dtype=np.float32) / 255 * 1.6, 0, 1)
    ink = 22 + rng.normal(0, 3, a.shape).astype(np.float32)
    a = a * (1 - m) + ink * m
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def degrade(img: Image.Image, key: str, angle: float, turn: int = 0) -> Image.Image:
    rng = np.random.default_rng(zlib.crc32(("scan:" + key).encode()))
    a = np.asarray(img, dtype=np.float32)
    h, w = a.shape
    # paper tone with uneven lighting, and toner that is never quite black
    yy = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
    xx = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
    cx, cy = rng.uniform(-0.5, 0.5, 2)
    paper = 246 - 14 * ((xx - cx) ** 2 + (yy - cy) ** 2) / 2
    a = 28 + (a / 255) * (paper - 28)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    img = img.rotate(angle, resample=Image.BICUBIC, fillcolor=int(paper.mean()) - 6)
    img = img.filter(ImageFilter.GaussianBlur(0.65))
    a = np.asarray(img, dtype=np.float32)
    # sparse dust and specks; light grain (kept low so the JPEG stays small)
    n = int(h * w * 0.00008)
    ys, xs = rng.integers(0, h, n), rng.integers(0, w, n)
    a[ys, xs] = rng.uniform(60, 160, n)
    a[np.clip(ys + 1, 0, h - 1), xs] = a[ys, xs]
    a += rng.normal(0, 2.2, a.shape).astype(np.float32)
    out = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if turn:
        out = out.rotate(turn, expand=True)
    return out


def encode(img: Image.Image, fmt: str, dpi: int) -> bytes:
    buf = io.BytesIO()
    if fmt == "jpg":
        img.save(buf, "JPEG", quality=45, optimize=True, dpi=(dpi, dpi))
    elif fmt == "png":
        img.save(buf, "PNG", optimize=True, dpi=(dpi, dpi))
    elif fmt == "tif":
        img.save(buf, "TIFF", compression="group4" if img.mode == "1" else "tiff_lzw", dpi=(dpi, dpi))
    elif fmt == "webp":
        img.save(buf, "WEBP", quality=40, method=6)
    else:
        raise ValueError(fmt)
    return buf.getvalue()


def encode_pdf(pages: list[Image.Image], dpi: int, title: str) -> bytes:
    """An image-only PDF: grey pages as JPEG, black-and-white pages as CCITT G4; no dates."""
    buf = io.BytesIO()
    kw = {"quality": 45} if pages[0].mode == "L" else {}
    pages[0].save(buf, "PDF", save_all=True, append_images=pages[1:], resolution=dpi, title=title,
                  creationDate=None, modDate=None, producer="Scanner", **kw)
    return buf.getvalue()


def photocopy(img: Image.Image, key: str, angle: float = 0.0) -> Image.Image:
    """A photocopy of the printed page: toner near black on near white (the copier's hard
    threshold, strokes a little thickened), toner specks scattered over the paper, the dark
    bands a copier leaves where the sheet did not cover the glass (two or three edges, their
    inner edge ragged), a slight tilt and blur. Grey, near black-and-white; seeded by `key`."""
    rng = np.random.default_rng(zlib.crc32(("photocopy:" + key).encode()))
    if angle:
        img = img.rotate(angle, resample=Image.BICUBIC, fillcolor=255)
    img = img.filter(ImageFilter.GaussianBlur(float(rng.uniform(0.7, 1.1))))
    a = np.asarray(img, dtype=np.float32)
    h, w = a.shape
    # the copier's threshold: grey print and thin strokes go to toner or to paper
    thr = float(rng.uniform(165, 195))
    ink = a < thr
    # toner specks: dots of one to a few pixels, some in small clusters
    n = int(h * w * float(rng.uniform(0.00015, 0.0004)))
    ys, xs = rng.integers(0, h, n), rng.integers(0, w, n)
    sizes = rng.choice([1, 1, 1, 2, 2, 3], n)
    for y, x, s in zip(ys.tolist(), xs.tolist(), sizes.tolist()):
        ink[y:y + s, x:x + s] = True
    # dark bands at the edges the sheet left uncovered, their inner edge a random walk
    edges = rng.choice(4, int(rng.integers(2, 4)), replace=False)
    for e in edges.tolist():
        along = w if e in (0, 1) else h
        depth0 = float(rng.uniform(0.008, 0.03)) * (h if e in (0, 1) else w)
        walk = np.cumsum(rng.normal(0, 0.6, along)).astype(np.float32)
        depth = np.clip(depth0 + walk - walk.mean(), 2, depth0 * 2.5).astype(np.int64)
        if e == 0:  # top
            ink[np.arange(h)[:, None] < depth[None, :]] = True
        elif e == 1:  # bottom
            ink[np.arange(h)[:, None] >= h - depth[None, :]] = True
        elif e == 2:  # left
            ink[np.arange(w)[None, :] < depth[:, None]] = True
        else:  # right
            ink[np.arange(w)[None, :] >= w - depth[:, None]] = True
    out = np.where(ink, rng.uniform(10, 30), rng.uniform(232, 248)).astype(np.float32)
    out += rng.normal(0, 3.0, out.shape).astype(np.float32)
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(0.5))
