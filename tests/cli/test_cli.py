"""The command line contract: exit statuses, one-line errors, JSON on stdout only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
QUICKSTART = ROOT / "samples" / "quickstart"


def fretadoc(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli.main", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "COLUMNS": "120"})


def assert_one_line_usage_error(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    for w in words:
        assert w in lines[0]


@pytest.mark.parametrize("args, words", [
    ([], ["informe um comando"]),
    (["bogus"], ["comando desconhecido"]),
    (["check", str(QUICKSTART)], ["--rulebook"]),
    (["check", "--rulebook", "rs-metroplan-escolar"], ["PATH"]),
    (["check", "--rulebook", "nao-existe", str(QUICKSTART)], ["nao-existe", "rs-metroplan-escolar"]),
    (["check", "--rulebook", "rs-metroplan-escolar", "--reference-date", "2026-02-30", str(QUICKSTART)],
     ["--reference-date", "2026-02-30"]),
    (["check", "--rulebook", "rs-metroplan-escolar", "--fact", "sem-igual", str(QUICKSTART)], ["CHAVE=VALOR"]),
    (["check", "--rulebook", "rs-metroplan-escolar", "--fact", "cor=azul", str(QUICKSTART)], ["cor", "mei"]),
    (["check", "--rulebook", "rs-metroplan-escolar", "/caminho/que/nao/existe"], ["não existe"]),
    (["read", "--nao-ha"], ["opção desconhecida"]),
])
def test_bad_usage_exits_2_with_one_line(args: list[str], words: list[str]) -> None:
    assert_one_line_usage_error(fretadoc(*args), *words)


def test_folder_without_documents_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "notas.txt").write_text("nada aqui")
    assert_one_line_usage_error(fretadoc("check", "--rulebook", "rs-metroplan-escolar", str(tmp_path)),
                                "Nenhum documento")


def test_unreadable_packet_exits_2_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "crlv.pdf"
    bad.write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog")  # truncated
    proc = fretadoc("check", "--rulebook", "rs-metroplan-escolar", "--json", str(bad))
    assert_one_line_usage_error(proc, "crlv.pdf", "danificado")


def test_check_json_is_the_only_stdout_and_validates(result_schema: dict) -> None:
    proc = fretadoc("check", "--rulebook", "rs-metroplan-escolar", "--reference-date", "2026-03-02",
                    "--json", str(QUICKSTART))
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)  # nothing else on stdout, or this fails
    jsonschema.validate(result, result_schema)
    assert result["verdict"] == "ok"
    assert result["reference_date"] == "2026-03-02"
    assert result["rulebook"]["id"] == "rs-metroplan-escolar"


def test_check_table_is_readable_and_exit_follows_verdict() -> None:
    proc = fretadoc("check", "--rulebook", "rs-metroplan-escolar", "--reference-date", "2026-03-02",
                    str(QUICKSTART))
    assert proc.returncode == 0, proc.stderr
    assert "Checklist" in proc.stdout and "Resultado: APTO" in proc.stdout
    assert "Art. 4º, XII" in proc.stdout


def test_a_failing_packet_exits_1() -> None:
    # The same packet judged a year later: contract and policy have expired.
    proc = fretadoc("check", "--rulebook", "rs-metroplan-escolar", "--reference-date", "2027-03-02",
                    "--json", str(QUICKSTART))
    assert proc.returncode == 1, proc.stderr
    result = json.loads(proc.stdout)
    assert result["verdict"] in {"fail", "review", "incomplete"}
    statuses = {i["id"]: i["status"] for i in result["checklist"]}
    assert statuses["art4-v"] == "fail"


# Counts, by their code objects, every call of rulebooks.load and Rulebook.parse_facts while
# `fretadoc check` runs (whatever name a module imported them under), then prints the counts.
COUNTING = """
import sys
from validators import rulebooks
counts = {rulebooks.load.__code__: 0, rulebooks.Rulebook.parse_facts.__code__: 0}
def count(frame, event, arg):
    if event == "call" and frame.f_code in counts:
        counts[frame.f_code] += 1
sys.setprofile(count)
from cli.main import main
sys.argv = ["fretadoc", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    code = exc.code
sys.setprofile(None)
print(*counts.values(), file=sys.stderr)
sys.exit(code)
"""


def test_check_looks_its_rulebook_up_once_and_types_its_facts_once() -> None:
    """The CLI looks the rulebook up and types the facts before reading, and the judging takes
    both as they are: once each, with a correction (judged as read and as corrected) too."""
    crlv = "d6"  # (the quickstart's files in name order: its CRLV is the sixth document)
    proc = subprocess.run(
        [sys.executable, "-c", COUNTING, "check", "--rulebook", "rs-metroplan-escolar", "--reference-date",
         "2026-03-02", "--fact", "mei=false", "--correct", f"{crlv}.placa", "--json", str(QUICKSTART)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env={**os.environ, "COLUMNS": "120"})
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["corrections"][0]["document"] == crlv
    assert proc.stderr.strip().splitlines()[-1].split() == ["1", "1"]


def test_rulebooks_lists_every_rulebook_with_items() -> None:
    proc = fretadoc("rulebooks", "--json")
    assert proc.returncode == 0, proc.stderr
    books = json.loads(proc.stdout)
    ids = {b["id"] for b in books}
    assert "rs-metroplan-escolar" in ids
    for b in books:
        assert b["items"], b["id"]
        for item in b["items"]:
            assert item["id"] and item["article"] and item["requirement"]
    table = fretadoc("rulebooks")
    assert table.returncode == 0 and "rs-metroplan-escolar" in table.stdout


def test_read_json_gives_contract_documents(result_schema: dict) -> None:
    crlv = next(QUICKSTART.glob("crlv-*.pdf"))
    proc = fretadoc("read", "--json", str(crlv))
    assert proc.returncode == 0, proc.stderr
    docs = json.loads(proc.stdout)
    assert len(docs) == 1
    jsonschema.validate(docs[0], {**result_schema["$defs"]["document"], "$defs": result_schema["$defs"]})
    assert docs[0]["type"] == "crlv"
    assert docs[0]["fields"]["placa"]["confidence"] >= 0.8
    table = fretadoc("read", str(crlv))
    assert table.returncode == 0 and "placa" in table.stdout


def test_plain_click_is_caught_only_once_loaded_and_never_loaded_for_nothing():
    """cli.errors: Typer's own Click errors always; plain Click's (raised where Celery's worker
    runs) once something has loaded Click, which no command of the CLI does by itself."""
    import subprocess
    import sys

    from cli import errors

    code = "import sys, cli.main; print('click' in sys.modules, len(cli.main.usage_errors()))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "1"]
    import click.exceptions

    assert click.exceptions.UsageError in errors.usage_errors()
    assert errors.UsageError in errors.usage_errors() and click.exceptions.Exit in errors.exits()
