"""The speed benchmarks still run and still measure what the README's figures quote.

No figure is judged here (speed is measured by the scripts, not by timed tests): only that each
part of a ratio is taken, from real runs, and reported.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SMALL_SCAN = ROOT / "samples" / "documents" / "scanned" / "taxa-autorizacao-micro9.webp"


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_ocr_counts_tesseracts_own_runs_inside_ours():
    proc = subprocess.run([sys.executable, "scripts/bench_ocr.py", str(SMALL_SCAN), "--repeat", "1", "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    summary = json.loads(proc.stdout)["summary"]
    assert summary["pages"] == 1
    assert summary["tesseract_runs"]["page"] == 1  # one page pass, through the kept engine
    assert summary["tesseract_cpu_s"]["page"] > 0
    assert summary["ours_words_total"] > 0 and summary["bare_words_total"] > 0
    # Tesseract's runs are part of ours: their ratio can't exceed the whole's
    assert 0 < summary["page_pass_cpu_ratio"] <= summary["tesseract_cpu_ratio"] <= summary["cpu_ratio"]


def test_bench_check_measures_the_floors_beside_the_goals():
    bench = _script("bench_check")
    digital = bench.goal_digital(1)
    assert digital["check_cpu_s"] > 0 and digital["text_cpu_s"] > 0
    assert 0 < digital["libraries_cpu_s"] and digital["libraries_share_of_budget"] > 0
    warm = bench.goal_warm(1)
    assert warm["read_judge_cpu_s"] > 0 and warm["text_boxes_cpu_s"] > 0 and warm["reading_cpu_s"] > 0
    assert warm["reading_ratio"] > 0


def test_the_library_floor_loads_what_a_digital_check_loads():
    """The floor process loads no more than a check of the quickstart packet does."""
    bench = _script("bench_check")
    probe = ("import sys, runpy; sys.argv = ['cli.main', 'check', '--json', '--rulebook', 'rs-metroplan-escolar',"
             " '--reference-date', '2026-03-02', 'samples/quickstart']\n"
             "try:\n    runpy.run_module('cli.main', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)")
    # no read cache (the suite's may hold these files read): the check reads them as the bench's does
    check = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=300,
                           env=bench._no_cache_env())
    floor = subprocess.run([sys.executable, "-c", bench.LIBRARIES_SCRIPT + "\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert floor.returncode == 0, floor.stderr
    assert check.returncode == 0, check.stderr[-2000:]
    by_check, by_floor = set(check.stderr.split()), set(floor.stdout.split())
    assert {"typer", "pydantic", "pypdfium2", "validate_docbr", "rapidfuzz", "zxingcpp", "PIL"} <= by_floor
    assert by_floor - by_check - {"__main__"} == set()


def test_bench_signatures_measures_the_same_packet_signed_and_not(tmp_path, monkeypatch):
    bench = _script("bench_signatures")
    plain, signed, trust = bench.packets(tmp_path)
    assert sorted(p.name for p in plain.iterdir()) == sorted(p.name for p in signed.iterdir())
    monkeypatch.setenv("FRETADOC_TRUST_DIR", str(trust))
    warm = bench.warm(plain, signed, 1)  # (asserts the signed CRLV-e comes out valid)
    assert warm["unsigned_cpu_s"] > 0 and warm["signed_cpu_s"] > 0


def test_bench_signatures_with_two_signed_pdfs_settles_the_contract(tmp_path, monkeypatch):
    bench = _script("bench_signatures")
    plain, signed, trust = bench.packets(tmp_path, two=True)
    assert (signed / bench.CONTRACT).read_bytes() != (plain / bench.CONTRACT).read_bytes()
    monkeypatch.setenv("FRETADOC_TRUST_DIR", str(trust))
    warm = bench.warm(plain, signed, 1)  # (asserts the contract valid and its item settled)
    assert warm["signed_cpu_s"] > 0


def test_bench_random_reads_random_layouts_and_reports_calibration(tmp_path):
    bench = _script("bench_random")
    out, values = tmp_path / "random.json", tmp_path / "values.jsonl"
    assert bench.main(["--seeds", "20000", "--json", str(out), "--values", str(values), "--save", str(tmp_path)]) == 0
    assert (tmp_path / "crlv-20000.pdf").is_file() and (tmp_path / "crlv-20000.expected.json").is_file()
    rep = json.loads(out.read_text(encoding="utf-8"))
    every = rep["by_type_rendering"]["all/digital"]
    assert every["documents"] == 4 and every["fields"] == sum(len(f) for f in bench.CORE.values())
    assert 0 <= every["field_accuracy"] <= 1 and every["confident"] > 0
    assert {k.split("/")[2] for k in rep["by_label_source"]} <= {"vocabulary", "synonym", "none"}
    lines = [json.loads(x) for x in values.read_text(encoding="utf-8").splitlines()]
    assert lines and all({"type", "field", "kind", "confidence", "right"} <= set(v) for v in lines)
