#!/usr/bin/env bash
# The one test command (README, .ci/run).  On a fresh machine it installs
# what the tests need -- LibreOffice's headless Calc from Debian where it is
# missing, and a virtual environment of this checkout (.venv) holding dipxl
# and the pinned tools of tests/requirements.txt -- then runs the linters,
# the type checker and the test suite.  Nothing is installed into the
# machine's own Python.  Arguments are passed on to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

# Administrative tools (losetup, mkfs.exfat, mount.exfat-fuse) live in the
# sbin folders, which a plain user's PATH (or CI's) may leave out.
export PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
apt_updated=""
apt_install() {
    if [ -z "$apt_updated" ]; then
        $SUDO apt-get update -qq
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# LibreOffice judges the generated formulas (Debian's headless Calc).
if ! command -v soffice >/dev/null 2>&1; then
    echo "== installing LibreOffice (libreoffice-calc-nogui)"
    apt_install libreoffice-calc-nogui
fi

# A filesystem without hard links (exFAT through FUSE) for tests/io/test_fat.py.
if [ "$(uname -s)" = Linux ] && ! command -v mount.exfat-fuse >/dev/null 2>&1; then
    echo "== installing exFAT tools (exfat-fuse, exfatprogs)"
    apt_install exfat-fuse exfatprogs
fi

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "dipxl needs Python 3.11 or newer; $PYTHON is $("$PYTHON" --version 2>&1)" >&2
    exit 2
fi

VENV=.venv
if [ ! -x "$VENV/bin/python" ]; then
    echo "== creating the virtual environment $VENV"
    if ! "$PYTHON" -m venv "$VENV" >/dev/null 2>&1; then
        # Debian's Python keeps venv (and ensurepip) in a package of its own.
        rm -rf "$VENV"
        echo "== installing python3-venv"
        apt_install python3-venv
        "$PYTHON" -m venv "$VENV"
    fi
fi
PY="$VENV/bin/python"

# Node and the npm packages pinned in tests/requirements.txt ("# npm:
# name@version" lines; Pyodide runs xlwings Lite's Python), installed into
# .venv/node where missing or of another version.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "== installing Node.js (nodejs, npm)"
    apt_install nodejs npm
fi
NODE_PREFIX=.venv/node
sed -n 's/^# npm: \([^ ]*\)@\([^ ]*\) *$/\1 \2/p' tests/requirements.txt |
while read -r package version; do
    installed=$(node -e 'try { console.log(require(process.argv[1]).version) } catch { }' \
        "$PWD/$NODE_PREFIX/node_modules/$package/package.json")
    if [ "$installed" != "$version" ]; then
        echo "== installing $package@$version (npm) into $NODE_PREFIX"
        mkdir -p "$NODE_PREFIX"
        npm install --prefix "$NODE_PREFIX" --no-audit --no-fund --no-save --loglevel=error \
            "$package@$version" >/dev/null
    fi
done

echo "== installing dipxl and the pinned test tools into $VENV"
"$PY" -m pip install -q --disable-pip-version-check -r tests/requirements.txt -e .

echo "== ruff"
"$PY" -m ruff check dipxl tests benchmarks
echo "== mypy --strict dipxl"
"$PY" -m mypy --strict dipxl
echo "== pytest"
"$PY" -m pytest -q -p no:cacheprovider "$@"
