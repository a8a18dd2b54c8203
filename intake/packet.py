"""Gathering a packet's files from paths given on the command line."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from intake.pipeline import SourceFile

# Inside folders only these are taken (the contract's media types); a file named explicitly
# is always taken, and its real type is then sniffed from the bytes.
EXTENSIONS = {".pdf", ".png", ".jpg", ".jpeg", ".tif", ".tiff", ".webp"}


class PacketError(Exception):
    """Bad usage or input that cannot be read at all; the message is for people (Portuguese)."""


def collect(paths: list[str]) -> list[tuple[Path, str]]:
    """Every file of the packet with the name it is shown under, in a stable order."""
    found: list[tuple[Path, str]] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for dirpath, dirnames, filenames in os.walk(path, followlinks=True):
                dirnames.sort()
                for name in sorted(filenames):
                    file = Path(dirpath) / name
                    if file.suffix.lower() in EXTENSIONS and not name.startswith("."):
                        found.append((file, file.relative_to(path).as_posix()))
        elif path.is_file():
            found.append((path, path.name))
        elif path.exists():
            raise PacketError(f"'{raw}' não é um arquivo nem uma pasta.")
        else:
            raise PacketError(f"'{raw}' não existe.")
    if not found:
        raise PacketError("Nenhum documento (PDF, PNG, JPEG, TIFF ou WebP) foi encontrado nos caminhos informados.")
    return found


def load(found: list[tuple[Path, str]], max_bytes: int) -> list[SourceFile]:
    """Read the files; one larger than max_bytes is not read at all (its data stays None)."""
    files: list[SourceFile] = []
    for path, name in found:
        try:
            size = path.stat().st_size
            if size <= max_bytes:
                files.append(SourceFile(filename=name, data=path.read_bytes(), size=size))
            else:
                files.append(SourceFile(filename=name, data=None, size=size, sha256=_stream_sha256(path)))
        except OSError as exc:
            raise PacketError(f"Não foi possível ler '{name}': {exc.strerror or exc}.") from None
    return files


def _stream_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
