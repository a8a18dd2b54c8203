"""Every sample packet, in both renderings, through `fretadoc check --json`.

Each packet's packet.json says its rulebook, reference date, facts and the expected status of
every checklist item. The scanned renderings go through real Tesseract; the read cache of the
test run (tests/conftest.py) makes each scanned file be OCR'd once for all packets sharing it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKETS = sorted(ROOT.glob("samples/packets/*/*/packet.json"))
RENDERINGS = ("digital", "scanned")


def case_id(p: Path, r: str) -> str:
    return f"{p.parent.parent.name}/{p.parent.name}/{r}"


# Both tests of a case run in the same xdist worker (--dist loadgroup), so the CLI runs once.
CASES = [pytest.param((p, r), id=case_id(p, r), marks=pytest.mark.xdist_group(case_id(p, r)))
         for p in PACKETS for r in RENDERINGS if (p.parent / r).is_dir()]


@cache
def run_check(packet_json: Path, rendering: str) -> tuple[int, dict, str]:
    spec = json.loads(packet_json.read_text(encoding="utf-8"))
    args = [sys.executable, "-m", "cli.main", "check", "--json", "--rulebook", spec["rulebook"],
            "--reference-date", spec["reference_date"]]
    for key, value in (spec.get("facts") or {}).items():
        args += ["--fact", f"{key}={value}"]
    args.append(str(packet_json.parent / rendering))
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=900, env=os.environ)
    assert proc.stdout, f"no output; stderr: {proc.stderr[-2000:]}"
    return proc.returncode, json.loads(proc.stdout), proc.stderr


def expected(packet_json: Path) -> dict:
    return json.loads(packet_json.read_text(encoding="utf-8"))["expected"]


# Items of scanned packets that the reading does not yet get right: each says `review` (never a
# wrong ok or fail) for a reason named by the codes of its findings. Listed openly, one by one,
# so that the exact statuses stay asserted everywhere else and a closed gap must leave the list.
GAPS_PATH = Path(__file__).with_name("reading_gaps.json")
GAPS: dict = json.loads(GAPS_PATH.read_text(encoding="utf-8"))["cases"] if GAPS_PATH.exists() else {}


@pytest.mark.parametrize("case", CASES)
def test_packet_statuses(case: tuple[Path, str], result_schema: dict) -> None:
    packet_json, rendering = case
    code, result, _ = run_check(packet_json, rendering)
    jsonschema.validate(result, result_schema)
    want = expected(packet_json)
    got = {i["id"]: i["status"] for i in result["checklist"]}
    assert list(got) == list(want["items"]), "checklist items or their order differ"
    gaps = GAPS.get(case_id(packet_json, rendering), {})
    by_id = {i["id"]: i for i in result["checklist"]}
    closed = [k for k in gaps if got[k] == want["items"][k]]
    assert not closed, f"gaps closed, remove them from {GAPS_PATH.name}: {closed}"
    for k, gap in gaps.items():
        assert gap["status"] == "review", f"{k}: a gap may only be a review"
        codes = {f["code"] for f in by_id[k]["findings"]}
        assert codes & set(gap["because"]), f"{k}: review now for {sorted(codes)}, listed for {gap['because']}"
    wrong = {k: f"{got[k]} (expected {v})" for k, v in want["items"].items()
             if got[k] != (gaps[k]["status"] if k in gaps else v)}
    details = {i["id"]: [f["message"] for f in i["findings"]] for i in result["checklist"] if i["id"] in wrong}
    assert not wrong, f"{wrong}\n{json.dumps(details, ensure_ascii=False, indent=1)}"
    verdict = want["verdict"]
    if gaps:  # the contract's precedence over the statuses the gaps leave
        left = {gaps[k]["status"] if k in gaps else v for k, v in want["items"].items()}
        verdict = next(v for s, v in (("fail", "fail"), ("missing", "incomplete"), ("review", "review"),
                                      ("", "ok")) if s in left or not s)
    assert result["verdict"] == verdict
    assert code == (0 if verdict == "ok" else 1)


@pytest.mark.parametrize("case", CASES)
def test_no_false_ok_and_evidence_named(case: tuple[Path, str]) -> None:
    """Zero false ok; every fail and review names document, field, value and expected."""
    packet_json, rendering = case
    _, result, _ = run_check(packet_json, rendering)
    want = expected(packet_json)["items"]
    false_ok = [i["id"] for i in result["checklist"] if i["status"] == "ok" and want[i["id"]] != "ok"]
    assert not false_ok, f"false ok on {false_ok}"
    for item in result["checklist"]:
        if item["status"] in ("fail", "review"):
            assert item["findings"], f"{item['id']} is {item['status']} without findings"
            named = [f for f in item["findings"] if f["severity"] != "info"
                     and all(k in f for k in ("document", "field", "value", "expected"))
                     and f["document"] and f["field"]]
            assert named, f"{item['id']}: no finding names document and field: {item['findings']}"


@pytest.mark.parametrize("case", CASES)
def test_no_finding_shows_a_list_or_a_record(case: tuple[Path, str]) -> None:
    """No finding's message or evidence holds a list's or a record's repr (a passenger list is
    names and document numbers of minors, printed in the checklist, the evidence and the
    parecer): a finding about a list's rows names the rows."""
    packet_json, rendering = case
    _, result, _ = run_check(packet_json, rendering)
    findings = [f for i in result["checklist"] for f in i["findings"]]
    findings += [f for d in result["documents"] for f in d.get("problems", [])]
    for f in findings:
        for k in ("message", "value", "expected"):
            assert not isinstance(f.get(k), (list, dict)), f"{f['code']}: {k} is a {type(f[k]).__name__}"
            text = str(f.get(k))
            assert "[{" not in text and "{'" not in text and "['" not in text, f"{f['code']}: {text[:200]}"
