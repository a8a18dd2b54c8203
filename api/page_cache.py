"""Evidence page images drawn once and served again from memory: a scanned page takes a second
or more to draw (a TIFF decoded, turned, encoded as PNG), and a clerk opens the same pages over
and over while settling a packet. Keyed by what the image is made of (the file's digest, the
page, the resolution, the rotation, the signed revision), so a key names one image forever; held
in this process only, bounded by bytes (least recently used first out). Served only after the
packet's page was found for the caller: the cache never answers who may see a page."""

from __future__ import annotations

import threading
from collections import OrderedDict

Key = tuple[str, int, int, int, int | None]


class PageCache:
    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self._items: OrderedDict[Key, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: Key) -> bytes | None:
        with self._lock:
            png = self._items.get(key)
            if png is not None:
                self._items.move_to_end(key)
            return png

    def put(self, key: Key, png: bytes) -> None:
        if len(png) > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= len(old)
            self._items[key] = png
            self._size += len(png)
            while self._size > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self._size -= len(dropped)


_cache: PageCache | None = None


def cache(max_bytes: int) -> PageCache:
    """The process's cache (made on first use, with the settings' size)."""
    global _cache
    if _cache is None or _cache.max_bytes != max_bytes:
        _cache = PageCache(max_bytes)
    return _cache
