"""fretadoc read [--json] FILE...: each document's type and fields."""

from __future__ import annotations

import json

from cli import errors
import typer

from cli.common import read_paths, stdout, unreadable_all, unreadable_message
from domain import doctypes
from domain.documents import CONFIDENT, Document
from domain.signatures import headline

SIGNATURE_STYLE = {"valid": "green", "modified": "red", "invalid": "red"}


def command(
    paths: list[str] = typer.Argument(..., metavar="FILE...", help="Arquivos ou pastas."),
    as_json: bool = typer.Option(False, "--json", help="Imprime os documentos no formato do contrato (JSON)."),
) -> int:
    documents = read_paths(paths)
    if unreadable_all(documents):
        raise errors.ClickException(unreadable_message(documents))
    if as_json:
        print(json.dumps([d.model_dump(mode="json") for d in documents], ensure_ascii=False, indent=2))
    else:
        for d in documents:
            render(d)
    return 0


def _show(value) -> str:
    if isinstance(value, list):
        if value and isinstance(value[0], dict):
            return f"{len(value)} registros: " + "; ".join(
                " ".join(str(v) for v in row.values() if v is not None) for row in value[:3]
            ) + (" …" if len(value) > 3 else "")
        return ", ".join(str(v) for v in value)
    return "—" if value is None else str(value)


def render(d: Document) -> None:
    from rich.table import Table  # (loaded only for people: --json needs no tables)
    from rich.text import Text

    title = Text.assemble((f"{d.id} ", "bold"), (d.filename, "bold cyan"),
                          f"  {doctypes.label(d.type)} [{d.type}]  conf. {d.type_confidence:.2f}  "
                          f"{d.pages} pág.  {d.text_source}")
    stdout.print(title)
    line = headline(d)
    if line and d.signature is not None:
        stdout.print(Text(f"  {'✓' if d.signature.status == 'valid' else '!'} {line}",
                          style=SIGNATURE_STYLE.get(d.signature.status, "yellow")))
    for p in d.problems:
        stdout.print(Text(f"  ! {p.message}", style="red" if p.severity == "error" else "yellow"))
    if not d.fields:
        return
    table = Table(show_header=True, header_style="bold")
    for col in ("Campo", "Valor", "Conf.", "Pág."):
        table.add_column(col)
    for name, f in d.fields.items():
        style = "" if f.confident else ("yellow" if f.value is not None else "dim")
        table.add_row(name, Text(_show(f.value), style=style), f"{f.confidence:.2f}",
                      str(f.page) if f.page else "—")
    stdout.print(table)
    stdout.print(Text(f"  Campos abaixo de {CONFIDENT:.2f} de confiança em amarelo: serão revisados.", style="dim"))
