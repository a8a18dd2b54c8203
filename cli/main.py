"""`fretadoc`: the command line face of the pipeline.

Exit statuses (shared/contract): 0 verdict ok; 1 fail, incomplete or review; 2 bad usage or
input that cannot be read at all, with one line on stderr and never a traceback.
"""

from __future__ import annotations

import gc

# Loading the command's modules makes some sixty thousand objects and no garbage: the cyclic
# collector, run every few hundred of them, walked them all again and again (a tenth of a digital
# check's CPU). It is off while they load; then they are frozen out of every later collection.
_COLLECTING = gc.isenabled()
gc.disable()

import logging
import re
import sys

import typer

from cli import check, read, rulebooks_cmd
from cli.errors import aborts, click_errors, exits, usage_errors

app = typer.Typer(
    name="fretadoc",
    help="Leitura e validação de documentos de fretamento de passageiros.",
    add_completion=False,
    no_args_is_help=False,
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

gc.freeze()
if _COLLECTING:
    gc.enable()


# Click speaks English; people using FretaDoc read Portuguese.
_TRANSLATIONS = [
    (re.compile(r"^Missing argument '(.+?)'\.?$"), "falta o argumento {0}."),
    (re.compile(r"^Missing option '(.+?)'\.?$"), "falta a opção {0}."),
    (re.compile(r"^No such command '(.+?)'\.?$"), "comando desconhecido: '{0}'. Use --help."),
    (re.compile(r"^No such option: (\S+).*$"), "opção desconhecida: {0}. Use --help."),
    (re.compile(r"^Option '(.+?)' requires an argument\.?$"), "a opção {0} precisa de um valor."),
    (re.compile(r"^Got unexpected extra arguments? \((.+)\)$"), "argumentos a mais: {0}."),
    (re.compile(r"^Invalid value for '(.+?)': (.+)$"), "valor inválido para {0}: {1}"),
]


def _one_line(message: str) -> str:
    message = " ".join(str(message).split())
    for pattern, template in _TRANSLATIONS:
        m = pattern.match(message)
        if m:
            return template.format(*m.groups())
    return message


def main(argv: list[str] | None = None) -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    # pypdf narrates every repair it makes of a damaged file; the document's finding says it once.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    command = typer.main.get_command(app)
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("fretadoc: informe um comando: read, check, rulebooks, serve, worker, beat ou keys (use --help).",
              file=sys.stderr)
        sys.exit(2)
    try:
        code = command.main(args=args, prog_name="fretadoc", standalone_mode=False)
    except exits() as exc:  # --help and typer.Exit
        code = exc.exit_code
    except aborts():
        print("fretadoc: interrompido.", file=sys.stderr)
        code = 130
    except usage_errors() as exc:
        print(f"fretadoc: erro de uso: {_one_line(exc.format_message())}", file=sys.stderr)
        code = 2
    except click_errors() as exc:
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
