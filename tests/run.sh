#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need on a
# fresh machine, then runs the linters, the type checker and the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

# LibreOffice judges the generated formulas (Debian's headless Calc).
if ! command -v soffice >/dev/null 2>&1; then
    echo "== installing LibreOffice (libreoffice-calc-nogui)"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
        libreoffice-calc-nogui >/dev/null
fi

echo "== installing dipxl with its test extra"
python3 -m pip install -q --disable-pip-version-check -e ".[test]"

echo "== ruff"
python3 -m ruff check dipxl tests benchmarks
echo "== mypy --strict dipxl"
python3 -m mypy --strict dipxl
echo "== pytest"
python3 -m pytest -q -p no:cacheprovider "$@"
