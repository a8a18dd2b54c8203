"""The photographed look: a phone photo of the printed page lying on a darker surface.

Mild perspective (a keystone of a few percent), a slight rotation, uneven lighting (a gradient
across the page and vignetting), a little blur, sensor noise and JPEG compression; about 1800 to
2200 px on the long side, the page filling some 85 % of it. Everything is seeded per document
name, so a rerun gives the same bytes. A one-page document is one JPEG; a longer one is an
image-only PDF with one photo per page (as a phone's "photos to PDF" makes).
"""

from __future__ import annotations

import io
import math
import zlib

import numpy as np
import pypdfium2 as pdfium
from PIL import Image, ImageFilter

EDGES = ("top", "bottom", "left", "right")


def _h(key: str) -> int:
    return zlib.crc32(("photo:" + key).encode())


def plan(name: str, pages: int) -> dict:
    """How a document is photographed (the `photo` key of its expected JSON)."""
    r = np.random.default_rng(_h(name))
    mag = float(r.uniform(0.6, 2.6))
    return {
        "format": "jpg" if pages == 1 else "pdf",
        "long_side": int(1800 + 100 * r.integers(0, 5)),
        "angle": round(mag if r.integers(0, 2) else -mag, 2),
        "keystone": round(float(r.uniform(0.02, 0.05)), 3),
        "keystone_edge": EDGES[int(r.integers(0, 4))],
        "lighting": {"gradient": round(float(r.uniform(0.15, 0.3)), 2),
                     "direction": int(r.integers(0, 360)),
                     "vignette": round(float(r.uniform(0.2, 0.35)), 2)},
        "blur": round(float(r.uniform(0.6, 1.1)), 2),
        "noise": round(float(r.uniform(2.5, 4.0)), 1),
        "quality": int(r.integers(76, 86)),
        "background": "dark",
    }


def _coeffs(src: list[tuple[float, float]], dst: list[tuple[float, float]]) -> list[float]:
    """PIL PERSPECTIVE coefficients mapping output points (dst) back to input points (src)."""
    a, b = [], []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return [float(c) for c in np.linalg.solve(np.array(a, dtype=np.float64), np.array(b, dtype=np.float64))]


def _surface(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A dark table top: a brownish grey with large soft blotches and fine grain."""
    w, h = size
    base = np.array(rng.choice([(66, 56, 48), (52, 54, 58), (74, 62, 50)]), dtype=np.float32)
    small = rng.normal(0, 1, (max(2, h // 64), max(2, w // 64))).astype(np.float32)
    blot = np.asarray(Image.fromarray(((small - small.min()) / (np.ptp(small) + 1e-6) * 255).astype(np.uint8))
                      .resize((w, h), Image.BICUBIC), dtype=np.float32) / 255 - 0.5
    return np.clip(base[None, None, :] * (1 + 0.25 * blot[..., None]), 0, 255)


def _one(page: Image.Image, key: str, p: dict, turn: float) -> Image.Image:
    rng = np.random.default_rng(_h(key))
    pw, ph = page.size
    portrait = ph >= pw
    L = p["long_side"]
    size = (int(L * 0.75), L) if portrait else (L, int(L * 0.75))
    W, H = size
    # the printed sheet: a warm paper tone, toner not quite black
    paper = np.array([243, 240, 233], dtype=np.float32)
    a = np.asarray(page.convert("RGB"), dtype=np.float32) / 255
    a = 20 + a * (paper - 20)
    sheet = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    # where its corners land: centred, keystoned, rotated, each corner nudged a little
    scale = 0.86 * min(W / pw, H / ph)
    hw, hh = pw * scale / 2, ph * scale / 2
    k = p["keystone"]
    corners = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]], dtype=np.float64)  # tl tr br bl
    edge = p["keystone_edge"]
    if edge in ("top", "bottom"):
        idx = (0, 1) if edge == "top" else (3, 2)
        corners[idx[0], 0] += hw * k
        corners[idx[1], 0] -= hw * k
    else:
        idx = (0, 3) if edge == "left" else (1, 2)
        corners[idx[0], 1] += hh * k
        corners[idx[1], 1] -= hh * k
    corners += rng.normal(0, 0.003 * min(W, H), corners.shape)
    t = math.radians(turn)
    rot = np.array([[math.cos(t), math.sin(t)], [-math.sin(t), math.cos(t)]])
    corners = corners @ rot.T + np.array([W / 2, H / 2]) + rng.normal(0, 0.01 * min(W, H), 2)
    src = [(0, 0), (pw, 0), (pw, ph), (0, ph)]
    co = _coeffs(src, [tuple(c) for c in corners])
    warped = sheet.transform(size, Image.PERSPECTIVE, co, Image.BICUBIC, fillcolor=(0, 0, 0))
    mask = Image.new("L", sheet.size, 255).transform(size, Image.PERSPECTIVE, co, Image.BILINEAR, fillcolor=0)
    # the surface, the sheet's soft shadow, then the sheet
    bg = _surface(size, rng)
    shadow = np.asarray(mask.filter(ImageFilter.GaussianBlur(0.012 * L)), dtype=np.float32) / 255
    shadow = np.roll(shadow, (int(0.004 * L), int(0.004 * L)), axis=(0, 1))
    bg *= (1 - 0.45 * shadow)[..., None]
    m = np.asarray(mask, dtype=np.float32)[..., None] / 255
    img = bg * (1 - m) + np.asarray(warped, dtype=np.float32) * m
    # light: a gradient across the frame and vignetting
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    xn, yn = xx / W - 0.5, yy / H - 0.5
    d = math.radians(p["lighting"]["direction"])
    proj = (xn * math.cos(d) + yn * math.sin(d)) / 0.71 + 0.5  # 0 .. 1 across the frame
    light = 1 - p["lighting"]["gradient"] * np.clip(proj, 0, 1)
    light *= 1 - p["lighting"]["vignette"] * np.clip((xn ** 2 + yn ** 2) / 0.5, 0, 1) ** 1.5
    img = img * light[..., None]
    # sensor noise, softened by the lens blur and the phone's own denoising, then a faint grain
    img += rng.normal(0, p["noise"], img.shape).astype(np.float32)
    out = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(p["blur"]))
    a = np.asarray(out, dtype=np.float32)
    a += rng.normal(0, 1.0, a.shape).astype(np.float32)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def render(pdf_bytes: bytes, name: str, p: dict) -> bytes:
    doc = pdfium.PdfDocument(pdf_bytes)
    shots = []
    try:
        for i, page in enumerate(doc):
            w, h = page.get_size()
            # rasterise at about the photo's scale: the warp then barely resamples
            s = 0.86 * p["long_side"] / max(w, h)
            img = page.render(scale=s).to_pil()
            shots.append(_one(img, f"{name}:{i}", p, p["angle"] * (1 if i % 2 == 0 else -0.8)))
    finally:
        doc.close()
    buf = io.BytesIO()
    if p["format"] == "jpg":
        shots[0].save(buf, "JPEG", quality=p["quality"])
    else:
        shots[0].save(buf, "PDF", save_all=True, append_images=shots[1:], resolution=150.0, title=name,
                      creationDate=None, modDate=None, producer="Camera", quality=p["quality"])
    return buf.getvalue()
