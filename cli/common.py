"""What the CLI commands share: reading a packet with a progress bar, the read cache."""

from __future__ import annotations

import os
import sys

from cli import errors
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import ocr
from intake import packet, pipeline
from validators.documents import Document

# Piped output (a file, a CI log) gets a readable width instead of Rich's 80-column default.
stdout = Console(soft_wrap=False, width=None if sys.stdout.isatty() else 132)
stderr = Console(stderr=True)


def cache_dir() -> str | None:
    """FRETADOC_CACHE_DIR turns on the read cache (shared with the service and workers)."""
    return os.environ.get("FRETADOC_CACHE_DIR") or None


def read_paths(paths: list[str], *, show_progress: bool = True) -> list[Document]:
    try:
        found = packet.collect(paths)
        files = packet.load(found, ocr.Limits().max_file_bytes)
    except packet.PacketError as exc:
        raise errors.UsageError(str(exc)) from None
    workers = pipeline.default_workers()
    if not (show_progress and sys.stderr.isatty()):
        return pipeline.read_packet(files, cache_dir=cache_dir(), workers=workers)
    with Progress(TextColumn("[bold]Lendo documentos"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}"), TimeElapsedColumn(),
                  console=stderr, transient=True) as bar:
        task = bar.add_task("", total=len(files))
        return pipeline.read_packet(
            files, cache_dir=cache_dir(), workers=workers,
            progress=lambda name: bar.update(task, advance=1, description=name))


def unreadable_all(documents: list[Document]) -> bool:
    return bool(documents) and all(d.unreadable and d.type == "unknown" for d in documents)


def unreadable_message(documents: list[Document]) -> str:
    first = documents[0]
    why = first.problems[0].message if first.problems else "conteúdo ilegível"
    if len(documents) == 1:
        return f"'{first.filename}' não pôde ser lido: {why}"
    return f"Nenhum dos {len(documents)} arquivos pôde ser lido (ex.: '{first.filename}': {why})"
