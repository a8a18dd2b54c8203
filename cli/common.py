"""What the CLI commands share: reading a packet with a progress bar, the read cache."""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from cli import errors

import ocr
from intake import packet, pipeline
from domain.documents import Document

if TYPE_CHECKING:  # PIL and rich load only when used: a --json check needs neither
    from PIL import Image
    from rich.console import Console


class _Console:
    """rich's Console, made at its first use (`fretadoc check --json` prints none)."""

    def __init__(self, **options: Any) -> None:
        self._options = options

    @cached_property
    def console(self) -> Console:
        from rich.console import Console

        return Console(**self._options)

    def print(self, *objects: Any, **kwargs: Any) -> None:
        self.console.print(*objects, **kwargs)


# Piped output (a file, a CI log) gets a readable width instead of Rich's 80-column default.
stdout = _Console(soft_wrap=False, width=None if sys.stdout.isatty() else 132)
stderr = _Console(stderr=True)


def cache_dir() -> str | None:
    """FRETADOC_CACHE_DIR turns on the read cache (shared with the service and workers)."""
    return os.environ.get("FRETADOC_CACHE_DIR") or None


@dataclass
class LocalPacket:
    """A packet read from local files: its documents, the files, and how their pages were turned."""
    documents: list[Document]
    files: list[pipeline.SourceFile]
    rotations: dict[str, dict[int, int]] = field(default_factory=dict)

    _data: dict[str, bytes] | None = field(default=None, repr=False)  # the files by sha256, hashed once

    def _by_digest(self) -> dict[str, bytes]:
        if self._data is None:
            self._data = {pipeline.sha256_hex(f.data): f.data for f in self.files if f.data is not None}
        return self._data

    def page(self, doc_id: str, page: int) -> Image.Image | None:
        """The document's page upright (for evidence), None when it cannot be drawn."""
        doc = next((d for d in self.documents if d.id == doc_id), None)
        if doc is None or not 1 <= page <= doc.pages:
            return None
        offset = sum(d.pages for d in self.documents[: self.documents.index(doc)] if d.sha256 == doc.sha256)
        data = self._by_digest().get(doc.sha256)
        if data is None:
            return None
        # a file changed after it was signed was read as signed: its evidence is that revision
        data = data[:doc.signature.signed_bytes if doc.signature else None]
        number = offset + page
        try:
            png = ocr.render_page(data, number, dpi=110, rotation=self.rotations.get(doc.sha256, {}).get(number, 0))
        except Exception:
            return None
        from PIL import Image

        return Image.open(io.BytesIO(png))


def read_local(paths: list[str], *, show_progress: bool = True) -> LocalPacket:
    try:
        found = packet.collect(paths)
        files = packet.load(found, ocr.default_limits().max_file_bytes)
    except packet.PacketError as exc:
        raise errors.UsageError(str(exc)) from None
    workers = pipeline.default_workers()
    out = LocalPacket([], files)
    if not (show_progress and sys.stderr.isatty()):
        out.documents = pipeline.read_packet(files, cache_dir=cache_dir(), workers=workers, rotations=out.rotations)
        return out
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("[bold]Lendo documentos"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}"), TimeElapsedColumn(),
                  console=stderr.console, transient=True) as bar:
        task = bar.add_task("", total=len(files))
        out.documents = pipeline.read_packet(
            files, cache_dir=cache_dir(), workers=workers, rotations=out.rotations,
            progress=lambda name: bar.update(task, advance=1, description=name))
    return out


def read_paths(paths: list[str], *, show_progress: bool = True) -> list[Document]:
    return read_local(paths, show_progress=show_progress).documents


def unreadable_all(documents: list[Document]) -> bool:
    return bool(documents) and all(d.unreadable and d.type == "unknown" for d in documents)


def unreadable_message(documents: list[Document]) -> str:
    first = documents[0]
    why = first.problems[0].message if first.problems else "conteúdo ilegível"
    if len(documents) == 1:
        return f"'{first.filename}' não pôde ser lido: {why}"
    return f"Nenhum dos {len(documents)} arquivos pôde ser lido (ex.: '{first.filename}': {why})"
