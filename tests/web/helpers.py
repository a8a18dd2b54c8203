"""Shared by the browser tests' fixtures (conftest.py): where Chromium is and how it runs,
the skip-or-fail rule when it cannot, and carriers' and clerks' keys for a running stack."""

from __future__ import annotations

import json
import os

import pytest

from tests.service.helpers import RULEBOOK
from tests.service.service_stack import Stack, packet_dir, packet_files, packet_meta, submit, wait_finished

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "RULEBOOK", "PageErrors", "cli_key", "direct_key", "unavailable"]

CHROMIUM = os.environ.get("FRETADOC_CHROMIUM", "/usr/bin/chromium")
# No sandbox (root in a container), no GPU, and nothing that reaches outside the machine.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def unavailable(reason: str) -> None:
    if os.environ.get("FRETADOC_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (FRETADOC_REQUIRE_SERVICES=1: the browser tests must run)")
    pytest.skip(reason)


def cli_key(stack: Stack, tenant: str, *extra: str) -> dict:
    return json.loads(stack.cli("keys", "create", "--tenant", tenant, *extra, "--json").stdout)


def direct_key(stack: Stack, tenant: str) -> dict:
    """A carrier key through service.tenants: the code `fretadoc keys create` runs, without a
    process start (seconds each on two busy cores)."""
    from service import db, tenants
    from service.settings import Settings

    with db.session_scope(Settings(database_url=stack.db_url)) as s:
        t, _ = tenants.get_or_create_tenant(s, tenant, "carrier", [])
        row, clear = tenants.create_key(s, t)
        return {"tenant_id": t.id, "key_id": row.id, "key": clear}


class PageErrors(list):
    """Uncaught exceptions of the page's scripts: a test fails on any."""


def submit_sample(web_stack, key: dict, name: str) -> dict:
    """A sample packet sent through the API, once it is done (its status body)."""
    meta = packet_meta(RULEBOOK, name)
    with web_stack.client(key) as c:
        resp = submit(c, packet_files(packet_dir(RULEBOOK, name, "digital")), RULEBOOK,
                      reference_date=meta["reference_date"])
        assert resp.status_code == 202, resp.text
        done = wait_finished(c, resp.json()["id"], timeout=120, stack=web_stack)
    assert done["status"] == "done", done
    return done
