"""fretadoc check --rulebook ID [--reference-date D] [--fact K=V ...] [--json] PATH..."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from cli import errors
import typer

from cli.common import LocalPacket, read_local, stdout, unreadable_all, unreadable_message
from validators import corrections, engine, rulebooks
from validators.dates import reference_out_of_range
from domain import doctypes, wording
from domain.result import Correction, Result
from domain.signatures import headline

STATUS_LABEL = {
    "ok": ("OK", "green"),
    "fail": ("FALHA", "bold red"),
    "review": ("REVISAR", "yellow"),
    "missing": ("AUSENTE", "magenta"),
    "not_applicable": ("N/A", "dim"),
}
TEXT_SOURCE = {"pdf_text": "texto do PDF", "ocr": "OCR", "mixed": "texto do PDF e OCR"}
VERDICT_LABEL = {
    "ok": ("APTO", "bold green"),
    "fail": ("REPROVADO", "bold red"),
    "review": ("REVISAR", "bold yellow"),
    "incomplete": ("INCOMPLETO", "bold magenta"),
}


def today_in_brazil() -> date:
    return datetime.now(ZoneInfo("America/Sao_Paulo")).date()


def parse_reference_date(raw: str | None) -> date:
    if raw is None:
        return today_in_brazil()
    try:
        ref = date.fromisoformat(raw)
    except ValueError:
        raise errors.UsageError(f"--reference-date deve ser uma data AAAA-MM-DD, não '{raw}'.") from None
    why = reference_out_of_range(ref)
    if why:
        raise errors.UsageError(f"--reference-date: {why}.")
    return ref


def parse_facts(raw: list[str]) -> dict[str, str]:
    facts: dict[str, str] = {}
    for item in raw:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise errors.UsageError(f"--fact espera CHAVE=VALOR, não '{item}'.")
        facts[key.strip()] = value.strip()
    return facts


def write_parecer(result: Result, local: LocalPacket, target: str) -> None:
    from report import parecer  # reportlab: loaded only when a parecer is asked for

    body = parecer.build(result, local.page, issued_at=datetime.now(ZoneInfo("America/Sao_Paulo")))
    try:
        Path(target).write_bytes(body)
    except OSError as exc:
        raise errors.ClickException(f"não foi possível gravar o parecer em '{target}': {exc.strerror}") from None


def parse_corrections(documents: list, raw: list[str], by: str) -> list[Correction]:
    if by not in corrections.AUTHORS:
        raise errors.UsageError(f"--correct-as deve ser clerk ou carrier, não '{by}'.")
    out = []
    at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for number, item in enumerate(raw, 1):
        target, sep, value = item.partition("=")
        document, dot, field = target.strip().partition(".")
        if not dot or not document or not field:
            raise errors.UsageError(f"--correct espera DOC.CAMPO=VALOR (ex.: d3.placa=IWG0E07), não '{item}'.")
        try:
            out.append(corrections.make(documents, number=number, document=document, field=field.strip(),
                                        value=value if sep else None, by=by, at=at))  # type: ignore[arg-type]
        except corrections.CorrectionError as exc:
            raise errors.UsageError(f"--correct {item}: {exc}") from None
    return out


def command(
    paths: list[str] = typer.Argument(..., metavar="PATH...", help="Arquivos ou pastas do pacote."),
    rulebook: str = typer.Option(..., "--rulebook", help="Regulamento (veja `fretadoc rulebooks`)."),
    reference_date: str = typer.Option(None, "--reference-date", metavar="AAAA-MM-DD",
                                       help="Data de referência (padrão: hoje em America/Sao_Paulo)."),
    fact: list[str] = typer.Option([], "--fact", metavar="CHAVE=VALOR",
                                   help="Fato declarado pelo requerente (ex.: mei=true)."),
    as_json: bool = typer.Option(False, "--json", help="Imprime só o documento de resultado (JSON)."),
    correct: list[str] = typer.Option([], "--correct", metavar="DOC.CAMPO=VALOR",
                                      help="Corrige um campo lido (ex.: d3.placa=IWG0E07); sem '=VALOR', "
                                           "confirma o valor lido. Repetível."),
    pdf: str = typer.Option(None, "--pdf", metavar="ARQUIVO",
                            help="Grava também o parecer em PDF (itens, constatações, correções e recortes "
                                 "das evidências dos itens com falha ou em revisão)."),
    correct_as: str = typer.Option("clerk", "--correct-as", metavar="clerk|carrier",
                                   help="Quem corrige: clerk (servidor do órgão: vale como valor conferido) "
                                        "ou carrier (transportador: declaração, o item fica em revisão)."),
) -> int:
    ref = parse_reference_date(reference_date)
    declared = parse_facts(fact)
    try:
        # looked up and typed once, before any file is read; the judging takes both as they are
        book = rulebooks.load(rulebook)
        facts = book.parse_facts(declared)
    except rulebooks.RulebookError as exc:
        raise errors.UsageError(exc.message) from None
    local = read_local(paths, show_progress=True)
    documents = local.documents
    if unreadable_all(documents):
        raise errors.ClickException(unreadable_message(documents))
    given = parse_corrections(documents, correct, correct_as)
    result = engine.judge_packet(documents, book, ref, facts, corrections=given)
    if pdf:
        write_parecer(result, local, pdf)
    if as_json:
        print(result.model_dump_json(indent=2))
    else:
        render(result)
    return 0 if result.verdict == "ok" else 1


def render(result: Result) -> None:
    from rich.table import Table  # (loaded only for people: --json needs no tables)
    from rich.text import Text

    docs = {d.id: d for d in result.documents}
    stdout.print(Text(f"{result.rulebook.title}", style="bold"))
    stdout.print(f"{result.rulebook.norm} — {result.rulebook.jurisdiction}")
    stdout.print(f"Data de referência: {wording.value(result.reference_date)}   Pacote: {result.packet_id}")

    dt = Table(title="Documentos", title_justify="left", show_lines=False)
    for col in ("Id", "Arquivo", "Tipo", "Conf.", "Págs.", "Leitura"):
        dt.add_column(col, no_wrap=col != "Arquivo")
    dt.add_column("Problemas", ratio=1)
    for d in result.documents:
        notes = [m for m in (headline(d), *(p.message for p in d.problems)) if m]
        dt.add_row(d.id, d.filename, doctypes.label(d.type), f"{round(d.type_confidence * 100)}%", str(d.pages),
                   TEXT_SOURCE.get(d.text_source, d.text_source), "; ".join(notes) or "—")
    stdout.print(dt)

    table = Table(title="Checklist", title_justify="left", show_lines=True)
    table.add_column("Situação", no_wrap=True)
    table.add_column("Item", no_wrap=True, max_width=24)
    table.add_column("Exigência e evidências", ratio=1)
    for item in result.checklist:
        label, style = STATUS_LABEL[item.status]
        body = Text(item.requirement)
        if item.documents:
            names = ", ".join(f"{i} ({docs[i].filename})" if i in docs else i for i in item.documents)
            body.append(f"\nDocumentos: {names}", style="dim")
        for f in item.findings:
            color = {"error": "red", "warning": "yellow", "info": "cyan"}[f.severity]
            body.append(f"\n• {f.message}", style=color)
        for m in item.manual_checks:
            body.append(f"\n☐ {m}", style="dim italic")
        table.add_row(Text(label, style=style), Text(item.article, overflow="fold"), body)
    stdout.print(table)
    for c in result.corrections or []:
        who = corrections.AUTHORS[c.by]
        t = docs[c.document].type if c.document in docs else None
        stdout.print(Text(f"Correção ({who}, {wording.when(c.at)}): {doctypes.label(t or 'unknown')} ({c.document}), "
                          f"{wording.field_label(t, c.field)}: lido {wording.value(c.read_value, t, c.field)} → "
                          f"{wording.value(c.value, t, c.field)}", style="cyan" if c.by == "clerk" else "yellow"))
    label, style = VERDICT_LABEL[result.verdict]
    counts = {s: sum(1 for i in result.checklist if i.status == s) for s in STATUS_LABEL}
    summary = ", ".join(f"{STATUS_LABEL[s][0]} {n}" for s, n in counts.items() if n)
    stdout.print(Text.assemble(("Resultado: ", "bold"), (label, style), f"   ({summary})"))
