"""Fixtures of the validators tests. The packets and the assertions they share are plain
modules beside them (metroplan_packet.py, packet_parts.py, rulebook_asserts.py, ...)."""

import pytest

from validators import engine


@pytest.fixture(autouse=True)
def _strict_checks(monkeypatch):
    # A check that raises is a bug: in tests it must fail loudly, not become `review`.
    monkeypatch.setattr(engine, "RAISE_CHECK_ERRORS", True)
