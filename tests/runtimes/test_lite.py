"""xlwings Lite, for real: every worksheet function called in Pyodide through
xlwings' own custom-function dispatcher, with each pinned xlwings release,
gives exactly what the same call gives in CPython.

What runs is what a TD's Lite workbook runs: Pyodide (the npm package,
under Node), the dipxl wheel built from this checkout with its
dependencies and ``xlwings==<version>`` unpacked into site-packages, a
``main.py`` holding the README's import line, and each call handed to
``xlwings.server.custom_functions_call`` (``XLWINGS_ON_SERVER=true``) the
way xlwings' open-source Wasm runtime does: the body Office.js posts,
converted with ``to_py()``.  The bodies are shaped as Office.js sends them:
every argument a matrix, blank cells ``null``, error cells error objects,
numbers JavaScript numbers (whole ones reach Python as ints), an omitted
optional argument ``null`` or ``[[null]]``.

The CPython reference is the direct call with the documented values, where
xlwings' dispatcher rule applies: an argument that is one blank cell is
passed as left out (its default).  Pyodide is booted once per version.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import dipxl.udfs as udfs
from tests.runtimes.cases import CASES, ERRORS, OMITTED, Call, cpython
from tests.runtimes.lite import (
    build_dipxl_wheel,
    pins,
    pyodide_dir,
    readme_main_py,
    run_lite,
    wheel_set,
)

_, LITE_VERSIONS, XLWINGS_PIN = pins()


def office_js_cell(value: Any) -> Any:
    if isinstance(value, str) and value in ERRORS:
        return {"type": "Error", "basicValue": value, "errorType": ERRORS[value]}
    return value  # None is JSON null; 17.0 is the JavaScript number 17


def office_js_arg(value: Any, omitted: Any) -> Any:
    """An argument as Office.js passes it: always a matrix."""
    if value is OMITTED:
        return omitted
    rows = value if isinstance(value, list) else [[value]]
    return [[office_js_cell(v) for v in row] for row in rows]


def body(call: Call, omitted: Any, version: str) -> dict[str, Any]:
    """The body xlwings' custom-functions code posts for one formula."""
    return {
        "client": "Office.js",
        "func_name": call.function,
        "args": [office_js_arg(a, omitted) for a in call.args],
        "caller_address": "[Tournament.xlsx]Scores!H2",
        "session_id": "dipxl-test",
        "culture_info_name": "en-US",
        "date_format": "M/d/yyyy",
        "version": version,
        "runtime": "1.4",
    }


def _left_out(value: Any) -> bool:
    return value is OMITTED or value is None or value == [[None]]


@pytest.fixture(scope="module")
def lite_setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    if shutil.which("node") is None:
        pytest.skip("Node (Debian's nodejs) is not installed: run bash tests/run.sh")
    pyodide, why = pyodide_dir()
    if pyodide is None:
        pytest.skip(why)
    return pyodide, build_dipxl_wheel(tmp_path_factory.mktemp("dipxl-wheel"))


def test_the_lite_versions_are_pinned_oldest_first_newest_as_the_xlwings_pin() -> None:
    def key(version: str) -> tuple[int, ...]:
        return tuple(map(int, version.split(".")))

    assert sorted(LITE_VERSIONS, key=key) == LITE_VERSIONS
    assert LITE_VERSIONS[-1] == XLWINGS_PIN
    assert key(LITE_VERSIONS[0]) <= (0, 33, 15), "Lite's default for new workbooks in 2025"


def test_the_calls_cover_every_function_blanks_errors_and_omitted_arguments() -> None:
    assert {c.function for c in CASES} == set(udfs.__all__)
    cells = [v for c in CASES for a in c.args if isinstance(a, list) for row in a for v in row]
    assert None in cells and set(ERRORS) & set(cells)
    assert any(isinstance(v, float) and not v.is_integer() for v in cells)
    assert any(a is OMITTED for c in CASES for a in c.args)


@pytest.mark.parametrize("version", LITE_VERSIONS)
def test_every_function_in_lite_gives_what_cpython_gives(
    version: str, lite_setup: tuple[Path, Path], tmp_path: Path
) -> None:
    pyodide, dipxl_wheel = lite_setup
    calls = [(c, omitted) for c in CASES
             for omitted in ([None, [[None]]] if OMITTED in c.args else [None])]
    wheels = wheel_set(dipxl_wheel, version, tmp_path / "wheels")
    answer = run_lite(pyodide, wheels, readme_main_py(),
                      [body(c, omitted, version) for c, omitted in calls])
    _, want_pyodide = pyodide_dir()
    assert answer["versions"]["xlwings"] == version
    assert answer["versions"]["pyodide"] == want_pyodide

    differ = []
    for (call, omitted), got in zip(calls, answer["results"], strict=True):
        got.pop("id")
        want = cpython(call, _left_out)
        if got != want:
            differ.append(f"{call.id} (omitted as {omitted}):\n  Lite:    {got}\n"
                          f"  CPython: {want}")
    assert not differ, f"xlwings {version} in Pyodide differs from CPython in " \
        f"{len(differ)} of {len(calls)} calls:\n" + "\n".join(differ[:10])
