"""What a clerk reads, over every sample packet's result in both renderings: the messages of the
JSON, `fretadoc check`'s table, the words the web checklist shows beside each finding, and the
parecer's text hold no structure's repr, no comparison operator, no command-line flag, no code of
a field, no item id and no "encontrado(a)". The codes stay in the JSON's machine fields."""

from __future__ import annotations

import io
import re
from datetime import datetime
from pathlib import Path

import pypdf
import pytest
from rich.console import Console

from cli import check as cli_check
from domain.result import Result
from report import parecer
from tests.e2e.test_packets import CASES, run_check

FORBIDDEN = ("[{", "{'", ">=", "--fact", "encontrado(a)")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # rc_por_veiculo, contratante_tipo


def problems(text: str, item_ids: set[str], where: str) -> list[str]:
    out = [f"{where}: {bad!r} in {text[:160]!r}" for bad in FORBIDDEN if bad in text]
    out += [f"{where}: code {m!r} in {text[:160]!r}" for m in SNAKE.findall(text)]
    out += [f"{where}: item id {i!r} in {text[:160]!r}" for i in item_ids
            if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    return out


def web_texts(result: dict) -> list[str]:
    """What the web checklist writes of each item (api/web/static/views/packet.js): the article,
    the requirement, each finding's message and, except on information lines, the words the
    server wrote for its field, value and expected value (`shown`); the manual checks."""
    out = []
    for item in result["checklist"]:
        out += [item["article"], item["requirement"], *item["manual_checks"]]
        for f in item["findings"]:
            out.append(f["message"])
            shown = f.get("shown") or {}
            if f["severity"] != "info":
                out += [v for v in (shown.get("field"), shown.get("value"), shown.get("expected")) if v]
    return out


def cli_text(result: dict) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=160, color_system=None)
    saved = cli_check.stdout
    cli_check.stdout = console  # type: ignore[assignment]
    try:
        cli_check.render(Result.model_validate(result))
    finally:
        cli_check.stdout = saved
    # the documents table names each file as sent (a file name is the carrier's, not a code)
    names = {d["filename"] for d in result["documents"]}
    text = buffer.getvalue()
    for name in names:
        text = text.replace(name, "")
    return text


def parecer_text(result: dict) -> str:
    pdf = parecer.build(Result.model_validate(result), lambda doc, page: None, issued_at=datetime(2026, 3, 2, 10, 0))
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    text = " ".join(page.extract_text() or "" for page in reader.pages)
    for name in {d["filename"] for d in result["documents"]}:
        text = text.replace(name, "")
    return text


@pytest.mark.parametrize("case", CASES)
def test_every_output_reads_as_a_clerk_writes(case: tuple[Path, str]) -> None:
    packet_json, rendering = case
    _, result, _ = run_check(packet_json, rendering)
    ids = {i["id"] for i in result["checklist"]}
    found: list[str] = []
    for item in result["checklist"]:
        for f in item["findings"]:
            found += problems(f["message"], ids, f"JSON message {f['code']}")
            assert f.get("shown") is not None, f"{f['code']}: no words for people"
    for text in web_texts(result):
        found += problems(text, ids, "web checklist")
    found += problems(cli_text(result), ids, "CLI table")
    found += problems(parecer_text(result), ids, "parecer")
    assert not found, "\n".join(found[:20])
