"""The photocopied look: a page copied (perhaps a copy of a copy) and then scanned.

Near black-and-white (a steep tone curve: greys go to paper or to toner, thin strokes thicken a
little where the toner spreads), toner specks and a faint drum streak, the page a little askew on
the glass with the lid's dark margin along one to three edges. Seeded per document, so a rerun
gives the same bytes.
"""

from __future__ import annotations

import zlib

import numpy as np
from PIL import Image, ImageFilter


def degrade(img: Image.Image, key: str, angle: float, generations: int = 1) -> Image.Image:
    rng = np.random.default_rng(zlib.crc32(("photocopy:" + key).encode()))
    out = img.convert("L")
    for _ in range(max(1, generations)):
        # toner spread, then the copier's steep curve around a drawn threshold
        out = out.filter(ImageFilter.GaussianBlur(float(rng.uniform(0.5, 0.85))))
        a = np.asarray(out, dtype=np.float32) / 255
        thr = float(rng.uniform(0.55, 0.72))
        k = float(rng.uniform(12, 20))
        a = 1 / (1 + np.exp(-(a - thr) * k))
        out = Image.fromarray(np.clip(a * 255, 0, 255).astype(np.uint8))
    # askew on the glass: what lies outside the sheet copies black
    out = out.rotate(angle, resample=Image.BICUBIC, fillcolor=18)
    a = np.asarray(out, dtype=np.float32).copy()
    h, w = a.shape
    # the lid's dark margin along some edges, its inner border ragged
    for edge in rng.choice(["top", "bottom", "left", "right"], size=int(rng.integers(1, 4)), replace=False):
        depth = int(rng.uniform(0.006, 0.025) * (h if edge in ("top", "bottom") else w))
        n = w if edge in ("top", "bottom") else h
        ragged = np.clip(depth + np.cumsum(rng.normal(0, 0.6, n)).astype(int), 2, depth * 2 + 2)
        for i in range(n):
            d = int(ragged[i])
            if edge == "top":
                a[:d, i] = np.minimum(a[:d, i], 25)
            elif edge == "bottom":
                a[h - d:, i] = np.minimum(a[h - d:, i], 25)
            elif edge == "left":
                a[i, :d] = np.minimum(a[i, :d], 25)
            else:
                a[i, w - d:] = np.minimum(a[i, w - d:], 25)
    # toner specks: single dots and small clusters
    n = int(h * w * float(rng.uniform(0.00004, 0.00015)))
    ys, xs = rng.integers(0, h - 3, n), rng.integers(0, w - 3, n)
    for y, x in zip(ys, xs):
        s = int(rng.integers(1, 4))
        a[y:y + s, x:x + s] = np.minimum(a[y:y + s, x:x + s], float(rng.uniform(10, 80)))
    # a faint streak from a dirty drum, now and then
    if rng.random() < 0.5:
        x = int(rng.integers(0, w))
        a[:, x:x + int(rng.integers(1, 3))] *= float(rng.uniform(0.55, 0.8))
    a += rng.normal(0, 3.0, a.shape).astype(np.float32)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
