"""fretadoc rulebooks [--json]: the rulebooks and their items."""

from __future__ import annotations

import json

import typer

from cli.common import stdout
from validators import rulebooks


def command(
    as_json: bool = typer.Option(False, "--json", help="Imprime os regulamentos e seus itens em JSON."),
) -> int:
    books = rulebooks.list_rulebooks()
    if as_json:
        print(json.dumps(books, ensure_ascii=False, indent=2))
        return 0
    from rich.table import Table

    table = Table(title="Regulamentos", title_justify="left")
    for col in ("Id", "Título", "Jurisdição", "Norma", "Itens"):
        table.add_column(col)
    for b in books:
        table.add_row(b["id"], b["title"], b["jurisdiction"], b["norm"], str(len(b["items"])))
    stdout.print(table)
    return 0
