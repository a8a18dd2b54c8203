"""QR codes and barcodes on a page, decoded with zxing-cpp.

Only the payloads are kept: a CRLV-e's QR is opaque and verified by the government's own
app, so a payload proves presence, not validity.
"""

from __future__ import annotations

import logging

import zxingcpp
from PIL import Image

log = logging.getLogger(__name__)

# Codes on documents are large: at ~100 dpi a CRLV's QR is still found, and pages arrive
# upright, so rotated and inverted searches are skipped. Measured on an A4 page: 760 ms
# with zxing's defaults at 300 dpi, 51 ms like this at 200 dpi, 18 ms at 100 dpi. Thin
# linear barcodes (a boleto's) may be missed at this resolution.
CODES_DPI = 100


def read_codes(grey: Image.Image, dpi: float | None = None) -> tuple[str, ...]:
    """Decoded payloads, in the order found, without repeats."""
    if grey.mode != "L":
        grey = grey.convert("L")
    if dpi and dpi >= 1.5 * CODES_DPI:
        grey = grey.reduce(round(dpi / CODES_DPI))
    try:
        found = zxingcpp.read_barcodes(grey, try_rotate=False, try_invert=False)
    except Exception as exc:  # a decoder failure loses the codes, never the page
        log.warning("barcode decoding failed: %s", type(exc).__name__)
        return ()
    texts: list[str] = []
    for code in found:
        text = code.text
        if text and text not in texts:
            texts.append(text)
    return tuple(texts)
