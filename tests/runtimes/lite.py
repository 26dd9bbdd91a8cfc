"""xlwings Lite's Python, for real: Pyodide (npm ``pyodide``) under Node.

The pins live in ``tests/requirements.txt``, the one file of tool versions:

- ``# npm: pyodide@<version>``: ``tests/run.sh`` installs it into
  ``.venv/node`` (ignored by git);
- ``# lite-xlwings: <version> ...``: the xlwings releases the Pyodide test
  runs with, oldest supported first, newest last (the newest is the
  ``xlwings==`` pin of the same file).

Wheels are prepared on the host, as a TD's Lite add-in would fetch them
from PyPI: dipxl's own, built from this checkout; its dependencies at the
versions installed in the test environment (those whose markers hold in
Pyodide: ``sys_platform == "emscripten"``); xlwings at each pinned version.
All are pure Python and cached in ``.venv/lite-wheels``.  Pyodide itself
has no network here, so nothing is fetched from inside it.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[2]
REQUIREMENTS = REPO / "tests" / "requirements.txt"
NODE_PREFIX = REPO / ".venv" / "node"
WHEEL_CACHE = REPO / ".venv" / "lite-wheels"
RUNTIME = Path(__file__).with_name("lite_runtime.mjs")

# Markers as Pyodide 314 evaluates them (micropip): what dipxl needs there.
EMSCRIPTEN = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "extra": "",
}


def pins() -> tuple[dict[str, str], list[str], str]:
    """The npm pins, the Lite xlwings versions and the ``xlwings==`` pin
    of tests/requirements.txt."""
    text = REQUIREMENTS.read_text(encoding="utf-8")
    npm = dict(re.findall(r"^# npm: (\S+?)@(\S+)\s*$", text, re.MULTILINE))
    lite = re.search(r"^# lite-xlwings:((?: \S+)+)\s*$", text, re.MULTILINE)
    pinned = re.search(r"^xlwings==(\S+)\s*$", text, re.MULTILINE)
    assert lite and pinned, "tests/requirements.txt must pin xlwings and list # lite-xlwings:"
    return npm, lite.group(1).split(), pinned.group(1)


def pyodide_dir() -> tuple[Path | None, str]:
    """The installed npm package of the pinned Pyodide, or why there is none."""
    npm, _, _ = pins()
    want = npm.get("pyodide")
    if want is None:
        return None, "tests/requirements.txt has no '# npm: pyodide@<version>' line"
    package = NODE_PREFIX / "node_modules" / "pyodide"
    try:
        found = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    except OSError:
        return None, f"pyodide {want} is not installed in {NODE_PREFIX}: run bash tests/run.sh"
    if found != want:
        return None, f"{NODE_PREFIX} holds pyodide {found}, not the pinned {want}: run tests/run.sh"
    return package, want


def readme_main_py() -> str:
    """The Lite ``main.py`` of the README: its import of the functions."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Install: xlwings Lite", 1)[1].split("\n### ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    imports = [b for b in blocks if "from dipxl.udfs import" in b]
    assert len(imports) == 1, "the README's Lite section must show one main.py import"
    return textwrap.dedent(imports[0])


def _dependencies(name: str) -> dict[str, str]:
    """``name``'s dependencies in Pyodide, transitively, at the versions
    installed here."""
    found: dict[str, str] = {}
    todo = [name]
    while todo:
        for text in metadata.requires(todo.pop()) or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate(EMSCRIPTEN):
                continue
            key = canonicalize_name(req.name)
            if key not in found:
                found[key] = metadata.version(req.name)
                todo.append(req.name)
    return found


def _cached(name: str, version: str) -> Path | None:
    for wheel in WHEEL_CACHE.glob("*.whl"):
        dist, ver = wheel.name.split("-")[:2]
        if canonicalize_name(dist) == name and ver == version:
            return wheel
    return None


def _download(pinned: dict[str, str]) -> dict[str, Path]:
    """Pure-Python wheels of ``name==version``, from the cache or PyPI."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    missing = [f"{n}=={v}" for n, v in pinned.items() if _cached(n, v) is None]
    if missing:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
             "--no-deps", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
             "--abi", "none", "--python-version", "3.14", "-d", str(WHEEL_CACHE), *missing],
            check=True, timeout=300,
        )
    wheels = {n: _cached(n, v) for n, v in pinned.items()}
    absent = [n for n, w in wheels.items() if w is None]
    assert not absent, f"no pure-Python wheel downloaded for {absent}"
    return {n: w for n, w in wheels.items() if w is not None}


def build_dipxl_wheel(out: Path) -> Path:
    """dipxl's wheel built from this checkout, as ``pip wheel`` makes it."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
         "--no-deps", "-w", str(out), str(REPO)],
        check=True, timeout=300,
    )
    (wheel,) = out.glob("dipxl-*.whl")
    return wheel


def wheel_set(dipxl_wheel: Path, xlwings_version: str, out: Path) -> Path:
    """A folder of every wheel a Lite workbook with ``dipxl`` and
    ``xlwings==<version>`` in its requirements.txt installs."""
    out.mkdir(parents=True, exist_ok=True)
    pinned = _dependencies("dipxl")
    pinned["xlwings"] = xlwings_version
    for wheel in [dipxl_wheel, *_download(pinned).values()]:
        shutil.copy2(wheel, out / wheel.name)
    return out


def run_lite(pyodide: Path, wheels: Path, main_py: str, bodies: list[dict[str, Any]]
             ) -> dict[str, Any]:
    """Boot Pyodide once, install ``wheels``, load ``main_py`` and make every
    call of ``bodies`` (Office.js bodies) through xlwings' dispatcher."""
    node = shutil.which("node")
    assert node is not None
    with tempfile.TemporaryDirectory(prefix="dipxl-lite-") as tmp:
        main = Path(tmp) / "main.py"
        main.write_text(main_py, encoding="utf-8")
        calls = Path(tmp) / "calls.json"
        calls.write_text(json.dumps([{"id": k, "body": b} for k, b in enumerate(bodies)]),
                         encoding="utf-8")
        out = Path(tmp) / "out.json"
        done = subprocess.run(
            [node, str(RUNTIME), str(pyodide), str(wheels), str(main), str(calls), str(out)],
            capture_output=True, text=True, timeout=300,
        )
        if done.returncode != 0 or not out.exists():
            # Node prints the failing line of minified Pyodide too: keep the end.
            raise AssertionError(
                f"the Pyodide run failed ({done.returncode}):\n...{done.stderr[-4000:]}"
            )
        answer: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        answer["log"] = done.stderr
        return answer
