"""Tesseract kept loaded: its C API (libtesseract, the library the `tesseract` command is
built on) through ctypes.

Every `tesseract` process spends ~0.2 s loading the Portuguese model before it reads a pixel,
a fifth of a 200 dpi page and most of a re-read of weak lines. Engines loaded once per process
and lent to one caller at a time keep that cost out of every page; for the same pixels and
settings they give the same TSV the command prints (tests/ocr/test_ocr_engine.py). The time
limit is Tesseract's own monitor deadline. Where the library cannot be loaded, ocr/tesseract.py
runs the command (pytesseract) instead.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import ctypes.util
import os
import threading
import time
from collections.abc import Iterator
from functools import cache

from PIL import Image


class EngineError(Exception):
    """The library is missing, or could not load the language, or failed on a page."""


class EngineTimeout(EngineError):
    """Recognition ran past its deadline and was stopped."""


_SIGNATURES = {  # name: (restype, argtypes), as in tesseract/capi.h (Tesseract 4 and 5)
    "TessVersion": (ctypes.c_char_p, []),
    "TessBaseAPICreate": (ctypes.c_void_p, []),
    "TessBaseAPIDelete": (None, [ctypes.c_void_p]),
    "TessBaseAPIEnd": (None, [ctypes.c_void_p]),
    "TessBaseAPIInit3": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]),
    "TessBaseAPISetVariable": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]),
    "TessBaseAPISetPageSegMode": (None, [ctypes.c_void_p, ctypes.c_int]),
    "TessBaseAPISetImage": (None, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int,
                                   ctypes.c_int, ctypes.c_int]),
    "TessBaseAPISetSourceResolution": (None, [ctypes.c_void_p, ctypes.c_int]),
    "TessBaseAPIRecognize": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p]),
    "TessBaseAPIGetTsvText": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_int]),
    "TessDeleteText": (None, [ctypes.c_void_p]),
    "TessBaseAPIClear": (None, [ctypes.c_void_p]),
    "TessMonitorCreate": (ctypes.c_void_p, []),
    "TessMonitorDelete": (None, [ctypes.c_void_p]),
    "TessMonitorSetDeadlineMSecs": (None, [ctypes.c_void_p, ctypes.c_int]),
    "TessBaseAPIDetectOrientationScript": (ctypes.c_int, [
        ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_float),
        ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_float)]),
}
PSM_OSD_ONLY = 0


@cache
def _library() -> ctypes.CDLL | None:
    # OpenMP reads its limits when the library loads: set the thread limit first (see tesseract.py).
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    name = ctypes.util.find_library("tesseract") or "libtesseract.so.5"
    try:
        lib = ctypes.CDLL(name)  # a CDLL call releases the GIL: engines in threads run in parallel
        for fn, (restype, argtypes) in _SIGNATURES.items():
            f = getattr(lib, fn)
            f.restype, f.argtypes = restype, argtypes
    except (OSError, AttributeError):
        return None
    return lib


def available() -> bool:
    return _library() is not None


def version() -> str | None:
    lib = _library()
    return lib.TessVersion().decode() if lib else None


def _stated_ppi(image: Image.Image) -> int:
    """The resolution the command path hands Tesseract for an image read without --dpi: the
    one PIL writes into the BMP, the image's own or 96 when it states none (pixels per metre
    there, rounded back to per inch by Leptonica). The samples' figures were measured so."""
    x = image.info.get("dpi", (96, 96))[0] or 96
    return int(int(float(x) * 39.3701 + 0.5) / 39.37 + 0.5)


class _Engine:
    """One TessBaseAPI with its language loaded. Not for two threads at once."""

    def __init__(self, lib: ctypes.CDLL, lang: str):
        self.lib, self.lang = lib, lang
        self.handle = lib.TessBaseAPICreate()
        if lib.TessBaseAPIInit3(self.handle, None, lang.encode()) != 0:
            lib.TessBaseAPIDelete(self.handle)
            raise EngineError(f"Tesseract could not load language {lang!r}")
        # The command's stderr chatter ("Estimating resolution as ...") stays out of ours.
        lib.TessBaseAPISetVariable(self.handle, b"debug_file", os.devnull.encode())

    def _set(self, image: Image.Image, dpi: int | None, psm: int) -> None:
        lib, h = self.lib, self.handle
        if image.mode == "1":  # bilevel: Tesseract takes packed bits, 1 = white as in PIL
            data, bpp, stride = image.tobytes(), 0, (image.width + 7) // 8
        else:
            image = image if image.mode == "L" else image.convert("L")
            data, bpp, stride = image.tobytes(), 1, image.width
        lib.TessBaseAPISetPageSegMode(h, psm)
        lib.TessBaseAPISetImage(h, data, image.width, image.height, bpp, stride)
        lib.TessBaseAPISetSourceResolution(h, int(dpi) if dpi else _stated_ppi(image))

    def tsv(self, image: Image.Image, *, dpi: int | None, psm: int, timeout: float) -> str:
        lib, h = self.lib, self.handle
        self._set(image, dpi, psm)
        monitor = lib.TessMonitorCreate()
        lib.TessMonitorSetDeadlineMSecs(monitor, max(1, min(int(timeout * 1000), 2**31 - 1)))
        started = time.monotonic()
        try:
            if lib.TessBaseAPIRecognize(h, monitor) != 0:
                if time.monotonic() - started >= timeout * 0.9:
                    raise EngineTimeout(f"Tesseract stopped after {timeout:g} s")
                raise EngineError("Tesseract failed to recognise the page")
            text = lib.TessBaseAPIGetTsvText(h, 0)
            try:
                return ctypes.string_at(text).decode("utf-8", "replace") if text else ""
            finally:
                if text:
                    lib.TessDeleteText(text)
        finally:
            lib.TessMonitorDelete(monitor)
            lib.TessBaseAPIClear(h)

    def orientation(self, image: Image.Image, *, dpi: int) -> tuple[int, float] | None:
        """(degrees to turn clockwise, confidence), what `tesseract --psm 0` prints as Rotate
        and Orientation confidence; None when there is too little text to tell."""
        lib, h = self.lib, self.handle
        self._set(image, dpi, PSM_OSD_ONLY)
        deg, conf, script, script_conf = ctypes.c_int(), ctypes.c_float(), ctypes.c_char_p(), ctypes.c_float()
        try:
            if not lib.TessBaseAPIDetectOrientationScript(h, ctypes.byref(deg), ctypes.byref(conf),
                                                          ctypes.byref(script), ctypes.byref(script_conf)):
                return None
        finally:
            lib.TessBaseAPIClear(h)
        # deg is how far the text is turned counter-clockwise; the page turns back the other way
        return (360 - deg.value) % 360, float(conf.value)

    def close(self) -> None:
        self.lib.TessBaseAPIEnd(self.handle)
        self.lib.TessBaseAPIDelete(self.handle)


class _Pool:
    """Idle engines per language, lent one caller at a time and kept for the next: as many
    are made as callers ever ran at once (one per reading thread)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.idle: dict[str, list[_Engine]] = {}
        self.pid = os.getpid()

    def _fresh(self) -> None:
        if os.getpid() != self.pid:  # a forked child: the parent's engines are not ours to use
            self.idle, self.pid, self.lock = {}, os.getpid(), threading.Lock()

    @contextlib.contextmanager
    def lease(self, lang: str) -> Iterator[_Engine]:
        lib = _library()
        if lib is None:
            raise EngineError("libtesseract not found")
        self._fresh()
        with self.lock:
            engine = self.idle.get(lang, []).pop() if self.idle.get(lang) else None
        engine = engine or _Engine(lib, lang)
        try:
            yield engine
        finally:
            self._fresh()
            with self.lock:
                self.idle.setdefault(lang, []).append(engine)

    def close(self) -> None:
        if os.getpid() != self.pid:
            return
        with self.lock:
            engines = [e for group in self.idle.values() for e in group]
            self.idle = {}
        for e in engines:
            e.close()


_POOL = _Pool()
atexit.register(_POOL.close)


def tsv(image: Image.Image, *, dpi: int | None, lang: str, psm: int, timeout: float) -> str:
    """Tesseract's TSV for one page image (rows without the header line). Raises EngineTimeout
    past `timeout` seconds, EngineError when the library or the language is missing."""
    with _POOL.lease(lang) as engine:
        return engine.tsv(image, dpi=dpi, psm=psm, timeout=timeout)


def orientation(image: Image.Image, *, dpi: int) -> tuple[int, float] | None:
    """OSD's answer for a page image (see _Engine.orientation). No deadline: OSD reads a
    reduced page (150 dpi) and stops after enough characters. Raises EngineError."""
    with _POOL.lease("osd") as engine:
        return engine.orientation(image, dpi=dpi)
