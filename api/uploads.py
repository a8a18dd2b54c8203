"""Multipart uploads streamed to temporary files, with the limits enforced while streaming.

Starlette's form parser spools every file whole before the handler runs; here each chunk is
hashed and written as it arrives, and the request is cut off the moment a file, the number of
files or a field passes its limit. Nothing reaches storage until every check has passed.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import tempfile
from dataclasses import dataclass, field

from fastapi import Request
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, MultipartState, parse_options_header
from starlette.requests import ClientDisconnect

from api.errors import Problem
from service.errors import ServiceError

log = logging.getLogger("fretadoc.api")

HEAD_BYTES = 1024  # enough for ocr.sniff
FILE_FIELDS = ("files", "files[]", "file")
MAX_FIELDS = 32
MAX_PART_HEADER = 4096  # a part's header (its field and file name), checked here to say why
DRAIN_LIMIT = 256 * 1024 * 1024  # read and drop at most this much after a refusal


class ClientGone(Problem):
    """The client hung up before its body arrived: no one to answer, nothing stored. Not a
    fault of the service: an INFO line and a metric, no traceback."""

    def __init__(self) -> None:
        super().__init__("cliente_desconectado", 400, "Envio interrompido",
                         "A conexão foi encerrada pelo cliente antes do fim do envio; nada foi guardado.")


@dataclass
class Limits:
    max_file_bytes: int
    max_files: int
    max_field_bytes: int


@dataclass
class FilePart:
    filename: str
    path: str
    size: int = 0
    sha256: str = ""
    head: bytes = b""


@dataclass
class Form:
    fields: dict[str, str] = field(default_factory=dict)
    files: list[FilePart] = field(default_factory=list)


def size_text(n: int) -> str:
    """A limit as people read it, never rounded down ('6.000 bytes', not '5 KB')."""
    for unit, size in (("MB", 1_048_576), ("KB", 1024), ("bytes", 1)):
        if n >= size and n % size == 0 or size == 1:
            return f"{n // size:,} {unit}".replace(",", ".")
    raise AssertionError("unreachable")


def files_text(n: int) -> str:
    return "1 arquivo" if n == 1 else f"{n} arquivos"


def named(filename: str | None, position: int) -> str:
    """A file as its sender knows it: by its name ('lista.pdf'), by its place only when nameless."""
    return f"'{filename}'" if filename else f"nº {position}"


def too_large_file(limit: int, position: int) -> ServiceError:
    return Problem("arquivo_grande_demais", 413, "Arquivo grande demais",
                        f"O arquivo {position} passa do limite de {size_text(limit)} por arquivo.",
                        limit=limit, file=position)


def too_many_files(limit: int) -> ServiceError:
    return Problem("arquivos_demais", 413, "Arquivos demais",
                        f"Uma requisição pode ter no máximo {files_text(limit)}.", limit=limit)


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def clean_filename(raw: str, position: int) -> str:
    name = _CONTROL.sub("", raw).replace("\\", "/").strip().lstrip("/")
    parts = [p for p in name.split("/") if p not in ("", ".", "..")]
    return "/".join(parts)[-255:] or f"arquivo-{position}"


class _Receiver:
    def __init__(self, directory: str, limits: Limits, charset: str):
        self.dir, self.limits, self.charset = directory, limits, charset
        self.form = Form()
        self._headers: dict[bytes, bytes] = {}
        self._hname = b""
        self._hvalue = b""
        self._name = ""
        self._file: FilePart | None = None
        self._fh = None
        self._hash = None
        self._value = bytearray()
        self.error: ServiceError | None = None

    def callbacks(self):
        return {
            "on_part_begin": self.on_part_begin, "on_part_data": self.on_part_data,
            "on_part_end": self.on_part_end, "on_header_field": self.on_header_field,
            "on_header_value": self.on_header_value, "on_header_end": self.on_header_end,
            "on_headers_finished": self.on_headers_finished,
        }

    def on_part_begin(self):
        self._headers, self._file, self._value = {}, None, bytearray()

    def on_header_field(self, data, start, end):
        self._hname += data[start:end]

    def on_header_value(self, data, start, end):
        self._hvalue += data[start:end]
        if len(self._hvalue) > MAX_PART_HEADER:
            raise Problem("cabecalho_grande_demais", 400, "Cabeçalho de parte grande demais",
                               f"O cabeçalho de uma parte do multipart (o nome do campo ou do arquivo) passa de "
                               f"{size_text(MAX_PART_HEADER)}; use um nome de arquivo mais curto.")

    def on_header_end(self):
        self._headers[self._hname.lower()] = self._hvalue
        self._hname, self._hvalue = b"", b""

    def _decode(self, raw: bytes) -> str:
        try:
            return raw.decode(self.charset)
        except (UnicodeDecodeError, LookupError):
            return raw.decode("latin-1")

    def on_headers_finished(self):
        _, options = parse_options_header(self._headers.get(b"content-disposition", b""))
        self._name = self._decode(options.get(b"name", b""))
        if b"filename" in options:
            if self._name not in FILE_FIELDS:
                raise Problem("campo_desconhecido", 422, "Campo desconhecido",
                                   f"Arquivos vão no campo 'files', não em '{self._name}'.")
            position = len(self.form.files) + 1
            if position > self.limits.max_files:
                raise too_many_files(self.limits.max_files)
            fd, path = tempfile.mkstemp(dir=self.dir, suffix=".upload")
            self._fh = os.fdopen(fd, "wb")
            self._hash = hashlib.sha256()
            self._file = FilePart(filename=clean_filename(self._decode(options[b"filename"]), position), path=path)
            self.form.files.append(self._file)
        elif len(self.form.fields) >= MAX_FIELDS:
            raise Problem("campos_demais", 413, "Campos demais", "A requisição tem campos demais.")

    def on_part_data(self, data, start, end):
        chunk = data[start:end]
        f = self._file
        if f is None:
            if len(self._value) + len(chunk) > self.limits.max_field_bytes:
                raise Problem("campo_grande_demais", 413, "Campo grande demais",
                                   f"O campo '{self._name}' passa de {size_text(self.limits.max_field_bytes)}.")
            self._value.extend(chunk)
            return
        f.size += len(chunk)
        if f.size > self.limits.max_file_bytes:
            raise too_large_file(self.limits.max_file_bytes, len(self.form.files))
        if len(f.head) < HEAD_BYTES:
            f.head += chunk[:HEAD_BYTES - len(f.head)]
        self._hash.update(chunk)
        self._fh.write(chunk)

    def on_part_end(self):
        if self._file is not None:
            self._fh.close()
            self._fh = None
            self._file.sha256 = self._hash.hexdigest()
        else:
            if self._name in self.form.fields:
                raise Problem("campo_repetido", 422, "Campo repetido",
                                   f"O campo '{self._name}' foi enviado mais de uma vez.")
            self.form.fields[self._name] = self._decode(bytes(self._value))

    def close(self):
        if self._fh is not None:
            self._fh.close()


async def receive(request: Request, directory: str, limits: Limits) -> Form:
    """Parse a multipart/form-data body into fields and files under `directory`."""
    ctype = request.headers.get("content-type", "")
    kind, params = parse_options_header(ctype)
    if kind != b"multipart/form-data" or b"boundary" not in params:
        raise Problem("formato_invalido", 415, "Formato da requisição inválido",
                           "Envie os arquivos como multipart/form-data.")
    length = request.headers.get("content-length")
    ceiling = limits.max_files * (limits.max_file_bytes + 16 * 1024) + MAX_FIELDS * limits.max_field_bytes
    if length and length.isdigit() and int(length) > ceiling:
        raise Problem("requisicao_grande_demais", 413, "Requisição grande demais",
                           f"A requisição tem {int(length) / 1_048_576:.0f} MB; o máximo é "
                           f"{files_text(limits.max_files)} de até {size_text(limits.max_file_bytes)}.")
    charset = params.get(b"charset", b"utf-8").decode("latin-1")
    receiver = _Receiver(directory, limits, charset)
    # python-multipart's own header ceiling set above ours, so a long file name gets our reason
    parser = MultipartParser(params[b"boundary"], receiver.callbacks(), max_header_size=64 * MAX_PART_HEADER)
    refused: ServiceError | None = None
    drained = received = 0
    try:
        async for chunk in request.stream():
            received += len(chunk)
            if refused is None:
                try:
                    parser.write(chunk)
                except ServiceError as exc:
                    refused = exc  # stop storing, but read on: a client still sending its body
                    receiver.close()  # would see a reset connection instead of the answer
            else:
                drained += len(chunk)
                if drained > DRAIN_LIMIT:
                    break
        if refused is None:
            parser.finalize()
            if parser.state != MultipartState.END:
                # python-multipart's finalize does not check this: a body cut off mid-part
                raise Problem("multipart_incompleto", 400, "Corpo multipart incompleto",
                                   "O corpo da requisição terminou antes do fim do multipart/form-data "
                                   "(um arquivo ou campo chegou cortado); envie de novo.")
    except ClientDisconnect:
        log.info("upload to %s interrupted by the client after %d bytes; nothing stored",
                 request.url.path, received)
        metrics = getattr(request.app.state, "metrics", None)
        if metrics is not None:
            metrics.aborted.inc()
        raise ClientGone() from None
    except FormParserError:
        raise Problem("multipart_invalido", 400, "Corpo multipart inválido",
                           "O corpo da requisição não é um multipart/form-data válido (parte malformada ou "
                           f"cabeçalho de parte com mais de {size_text(64 * MAX_PART_HEADER)}).") from None
    finally:
        receiver.close()
    if refused is not None:
        raise refused
    return receiver.form


ACCEPTED = {"application/pdf": "PDF", "image/png": "PNG", "image/jpeg": "JPEG", "image/tiff": "TIFF",
            "image/webp": "WebP"}


def media_type(part: FilePart, position: int) -> str:
    """The type from the bytes (a PNG named .pdf is a PNG; a text file named .pdf is refused)."""
    from ocr.sniff import sniff

    if part.size == 0:
        raise Problem("arquivo_vazio", 422, "Arquivo vazio", f"O arquivo {named(part.filename, position)} está vazio.",
                           file=position)
    kind = sniff(part.head)
    if kind not in ACCEPTED:
        raise Problem("tipo_de_arquivo_nao_suportado", 415, "Tipo de arquivo não suportado",
                           f"O arquivo {named(part.filename, position)} não é PDF, PNG, JPEG, TIFF nem WebP "
                           "(o tipo é verificado pelo conteúdo, não pelo nome).", file=position)
    return kind


def count_pages(part: FilePart, kind: str) -> int:
    """Pages, cheaply (ocr/inspect.py: files are opened in ocr/ only)."""
    from ocr.inspect import page_count

    return page_count(part.path, kind)
