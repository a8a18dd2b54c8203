"""How much reading may cost: sizes, pages, pixels, resolution and time.

Defaults suit a clerk's packet; each can be overridden by an environment variable with the
FRETADOC_ prefix (FRETADOC_MAX_PAGES=80) or by passing a Limits to `ocr.read`.

The variables are read here as pydantic-settings reads them (name without regard to case, the
text validated as the field's type): loading pydantic-settings cost a command-line check more
than reading a digital packet's text. The service's Settings (service/settings.py) is a
pydantic-settings class built on this one.
"""

from __future__ import annotations

import os
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

ENV_PREFIX = "FRETADOC_"


class Limits(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    max_file_bytes: int = Field(25 * 1024 * 1024, gt=0)
    # More pages than this and the file is refused whole, before any page is parsed.
    max_pages: int = Field(50, gt=0)
    # Checked from the image header before decoding, and for every rendered PDF page.
    max_image_pixels: int = Field(40_000_000, gt=0)
    # Image-only PDF pages are rendered at this resolution for OCR.
    ocr_dpi: int = Field(300, ge=72, le=600)
    # Images are read at their own resolution; text lines shorter than this (pixels) are
    # upscaled first. Measured: 10 pt text at 75 dpi (8 px lines) read at 62% mean
    # confidence, 95% after a 2x upscale; at 150 dpi (16 px) upscaling gained nothing.
    min_line_px: int = Field(12, ge=4)
    tesseract_timeout: float = Field(120.0, gt=0)  # seconds per page and per Tesseract run
    tesseract_lang: str = "por"
    # OpenMP threads per Tesseract run. 1 is both faster and fairer on a small machine:
    # measured here, a 300 dpi page took ~3.7 s with 1 thread and ~30 s with the default.
    tesseract_threads: int = Field(1, ge=1)
    # Read with Tesseract's library kept loaded in this process (ocr/engine.py): ~0.2 s less
    # per run than starting the command, same words. False runs the command for every page.
    tesseract_library: bool = True
    # A page whose mean word confidence is below this gets a page.poor_scan warning.
    poor_scan_conf: float = Field(0.60, ge=0.0, le=1.0)
    # Below this mean confidence the first OCR pass is suspected upside down: ask OSD.
    retry_orientation_conf: float = Field(0.40, ge=0.0, le=1.0)
    # A PDF page is a text page with at least this many visible letters or digits.
    min_text_chars: int = Field(16, ge=1)
    # Read the lines Tesseract was unsure of again, enlarged, in one more run per page, then each
    # word still garbled alone (ocr/reread.py).
    reread_weak_lines: bool = True
    read_codes: bool = True  # decode QR codes and barcodes (zxing-cpp)
    # A photo of a sheet on a darker surface is warped flat and its light evened before OCR
    # (ocr/photo.py); its word boxes are mapped back onto the photo.
    flatten_photos: bool = True
    # On a photographed page, the ink no word covers is read once more (ocr/unread.py): the page
    # pass drops whole lines of a boxed form there.
    read_unread_ink: bool = True
    codes_dpi: int = Field(100, ge=50, le=600)  # render text pages at this dpi to find codes

    @model_validator(mode="before")
    @classmethod
    def _from_environment(cls, data: Any) -> Any:
        """Each limit not given, from its FRETADOC_ variable when set."""
        if not isinstance(data, dict):
            return data
        env = {k.upper(): v for k, v in os.environ.items() if k.upper().startswith(ENV_PREFIX)}
        given = {name: env[ENV_PREFIX + name.upper()] for name in Limits.model_fields
                 if name not in data and ENV_PREFIX + name.upper() in env}
        return {**data, **given} if given else data


_DEFAULTS: dict[tuple[tuple[str, str], ...], Limits] = {}


def default_limits() -> Limits:
    """Limits() as the environment sets them now, built once per distinct FRETADOC_ setting
    (not again for every file read)."""
    env = tuple(sorted((k, v) for k, v in os.environ.items() if k.upper().startswith(ENV_PREFIX)))
    got = _DEFAULTS.get(env)
    if got is None:
        got = _DEFAULTS[env] = Limits()
    return got
