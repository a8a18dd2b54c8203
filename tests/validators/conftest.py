import sys
from pathlib import Path

# The repository root on the path, so `validators` imports however pytest is started
# (pyproject's pytest options do not set pythonpath yet).
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

import pytest  # noqa: E402

from validators import engine  # noqa: E402


@pytest.fixture(autouse=True)
def _strict_checks(monkeypatch):
    # A check that raises is a bug: in tests it must fail loudly, not become `review`.
    monkeypatch.setattr(engine, "RAISE_CHECK_ERRORS", True)
