"""Schemathesis, every check, against the embedded server from its own /openapi.json: the API
answers what it documents (statuses, problem+json, Allow, schemas) and never a 500, and the
server logs no traceback meanwhile. A fixed seed and a bound on examples keep it repeatable."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.service, pytest.mark.xdist_group("service")]

CONFIG = Path(__file__).with_name("schemathesis.toml")
SEED, EXAMPLES = 20261204, 25


def test_schemathesis_finds_nothing(make_stack):
    st = make_stack("embedded")
    st.start_api()
    key = st.key("Portal Fuzz", "portal")["key"]
    cli = Path(sys.executable).with_name("schemathesis")
    out = subprocess.run(
        [str(cli), "--config-file", str(CONFIG), "run", f"{st.base_url}/openapi.json",
         "-H", f"Authorization: Bearer {key}", "--checks", "all", "--phases", "examples,coverage,fuzzing",
         "--max-examples", str(EXAMPLES), "--seed", str(SEED), "--workers", "1", "--request-timeout", "60"],
        capture_output=True, text=True, timeout=900)
    report = out.stdout[-6000:] + out.stderr[-2000:]
    assert out.returncode == 0, report
    assert " passed" in out.stdout and "failures" not in out.stdout.split("SUMMARY")[-1], report
    logs = st.logs()
    assert "Traceback" not in logs and " ERROR " not in logs, logs[-4000:]
