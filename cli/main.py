"""`fretadoc`: the command line face of the pipeline.

Exit statuses (shared/contract): 0 verdict ok; 1 fail, incomplete or review; 2 bad usage or
input that cannot be read at all, with one line on stderr and never a traceback.
"""

from __future__ import annotations

import logging
import sys

import click
import typer

from cli import check, read, rulebooks_cmd

app = typer.Typer(
    name="fretadoc",
    help="Leitura e validação de documentos de fretamento de passageiros.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.command("read", help="Lê documentos e mostra tipo e campos.")(read.command)
app.command("check", help="Avalia um pacote de documentos segundo um regulamento.")(check.command)
app.command("rulebooks", help="Lista os regulamentos disponíveis e seus itens.")(rulebooks_cmd.command)

try:  # the service commands need the API's dependencies; the core CLI does not
    from cli import service

    service.register(app)
except ImportError:  # pragma: no cover - only on a partial install
    pass


class UsageFailure(Exception):
    """Raised by commands for bad usage or unreadable input: exit 2, one line."""


def _one_line(message: str) -> str:
    return " ".join(str(message).split())


def main(argv: list[str] | None = None) -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    command = typer.main.get_command(app)
    try:
        code = command.main(args=argv, prog_name="fretadoc", standalone_mode=False)
    except click.exceptions.Exit as exc:  # --help and typer.Exit
        code = exc.exit_code
    except click.exceptions.Abort:
        print("fretadoc: interrompido.", file=sys.stderr)
        code = 130
    except click.exceptions.UsageError as exc:
        print(f"fretadoc: erro de uso: {_one_line(exc.format_message())}", file=sys.stderr)
        code = 2
    except click.exceptions.ClickException as exc:
        print(f"fretadoc: {_one_line(exc.format_message())}", file=sys.stderr)
        code = 2
    except KeyboardInterrupt:
        print("fretadoc: interrompido.", file=sys.stderr)
        code = 130
    except Exception as exc:  # the last guard: a user never sees a traceback
        logging.getLogger("fretadoc").debug("unexpected error", exc_info=True)
        print(f"fretadoc: erro interno ({type(exc).__name__}); nada foi alterado.", file=sys.stderr)
        code = 2
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
