"""Image files (PNG, JPEG, TIFF, WebP): open safely, frame by frame, checked before decoding.

The pixel count is read from the header and checked against the limit before any pixel is
decoded, so a small file declaring a huge image (a decompression bomb) costs nothing.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable, Iterator
from typing import IO, Any

from PIL import Image, ImageOps, JpegImagePlugin, PngImagePlugin, TiffImagePlugin, WebPImagePlugin

from ocr.limits import Limits
from ocr.model import Problem
from ocr.problems import ReadError, problem
from ocr.sniff import JPEG, PNG, TIFF, WEBP

# The format's own parser, chosen by the sniffed type: no other decoder ever sees the bytes.
_PARSERS: dict[str, Callable[[IO[bytes]], Image.Image]] = {
    PNG: PngImagePlugin.PngImageFile, JPEG: JpegImagePlugin.JpegImageFile,
    TIFF: TiffImagePlugin.TiffImageFile, WEBP: WebPImagePlugin.WebPImageFile}
# Decoding failures PIL raises for damaged or truncated data.
DECODE_ERRORS = (OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError,
                 Image.DecompressionBombError, MemoryError)


def _too_many_pixels(limits: Limits, width: int | None = None, height: int | None = None) -> Problem:
    size = f" ({width} × {height} pixels)" if width and height else ""
    return problem("file.too_many_pixels", size=size, limit_mp=limits.max_image_pixels / 1e6)


def open_image(data: bytes, media_type: str, limits: Limits) -> Image.Image:
    """The image with only its header read; ReadError when damaged or too large."""
    try:
        # The parser reads the header only. Image.open would also run Pillow's bomb guard,
        # which refuses without telling the size; ours (lower) runs below.
        image = _PARSERS[media_type](io.BytesIO(data))
    except DECODE_ERRORS:
        raise ReadError(problem("file.corrupt")) from None
    check_pixels(image, limits)
    return image


def check_pixels(image: Image.Image, limits: Limits) -> None:
    width, height = image.size
    if width <= 0 or height <= 0:
        raise ReadError(problem("file.corrupt"))
    if width * height > limits.max_image_pixels:
        raise ReadError(_too_many_pixels(limits, width, height))


def frame_count(image: Image.Image, media_type: str) -> int:
    """Pages of a TIFF (scanners write multi-page TIFFs); other formats are one page (an
    animated WebP is read by its first frame)."""
    if media_type != TIFF:
        return 1
    try:
        return max(1, int(getattr(image, "n_frames", 1)))
    except DECODE_ERRORS:
        raise ReadError(problem("file.corrupt")) from None


def frames(image: Image.Image, count: int, limits: Limits) -> Iterator[Image.Image]:
    """Each page decoded, its EXIF orientation applied (phone photos), size checked first."""
    for index in range(count):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                if index:
                    image.seek(index)
                check_pixels(image, limits)
                image.load()
                frame = ImageOps.exif_transpose(image) or image
                # A TIFF frame shares the file's decoder: detach it before seeking on.
                yield frame.copy() if frame is image and count > 1 else frame
        except ReadError:
            raise
        except DECODE_ERRORS:
            raise ReadError(problem("file.corrupt")) from None


def resolution(image: Image.Image) -> float | None:
    """The image's own dpi when its metadata is believable: the page it implies must be
    between 2 and 20 inches on its longer side (cameras stamp 72 dpi on 4000-pixel photos)."""
    dpi: Any = image.info.get("dpi")  # whatever the file's metadata says
    try:
        value = float(dpi[0]) if isinstance(dpi, tuple) else float(dpi)
    except (TypeError, ValueError, IndexError):
        return None
    if not 50 <= value <= 1200:
        return None
    inches = max(image.size) / value
    return value if 2 <= inches <= 20 else None


def guess_resolution(image: Image.Image) -> float:
    """A working guess when the file does not say: the longer side is an A4 page's."""
    return min(600.0, max(50.0, max(image.size) / 11.69))
