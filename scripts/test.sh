#!/usr/bin/env bash
# Sets up what the tests need and runs them all (the command CI runs).
#   scripts/test.sh [pytest args...]
# The service tests use PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379); see CONTRIBUTING.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --dev
# One Tesseract thread per process: the two test workers already use both cores.
export OMP_THREAD_LIMIT=1
.venv/bin/ruff check --quiet .  # guardrail: pyflakes' findings fail the run (pyproject.toml [tool.ruff])
.venv/bin/mypy --no-error-summary  # guardrail: type errors fail the run (pyproject.toml [tool.mypy])
exec .venv/bin/python -m pytest -n 2 --dist loadgroup "$@"
