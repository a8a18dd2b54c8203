#!/usr/bin/env bash
# Sets up FretaDoc on a Debian/Ubuntu machine: system packages (Tesseract with Portuguese
# data, Python venv), then a virtualenv in .venv with the project installed.
#   scripts/setup.sh         the application
#   scripts/setup.sh --dev   the application and what the tests need
set -euo pipefail
cd "$(dirname "$0")/.."

dev=0
[ "${1:-}" = "--dev" ] && dev=1

need=()
command -v python3 >/dev/null 2>&1 || need+=(python3)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
for lang in por osd; do
  if ! tesseract --list-langs 2>/dev/null | grep -qx "$lang"; then need+=("tesseract-ocr-$lang"); fi
done
# Fonts the sample generator and the tests render with.
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
if [ "$dev" = 1 ]; then
  command -v chromium >/dev/null 2>&1 || need+=(chromium chromium-driver)
fi

if [ "${#need[@]}" -gt 0 ]; then
  echo "== installing system packages: ${need[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "Instale manualmente: ${need[*]} (e rode este script de novo)." >&2
    exit 1
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  python3 -m venv .venv
fi
extras=""
[ "$dev" = 1 ] && extras="[dev]"
echo "== installing fretadoc${extras} into .venv"
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".${extras}"
if [ "$dev" = 1 ] && command -v npm >/dev/null 2>&1 && [ ! -e .cache/axe/node_modules/axe-core/axe.min.js ]; then
  # axe-core, injected by tests/web/test_accessibility.py into the page (an npm package, no browser)
  echo "== installing axe-core into .cache/axe"
  npm install -s --prefix .cache/axe --no-audit --no-fund axe-core@4.14.1 >/dev/null
fi
echo "== ready: .venv/bin/fretadoc"
