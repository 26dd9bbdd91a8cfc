"""The scoring core is pure: it imports no adapter library."""

from __future__ import annotations

import subprocess
import sys

CORE = ["dipxl", "dipxl.model", "dipxl.ranking", "dipxl.systems", "dipxl.standings",
        "dipxl.formats", "dipxl.tiebreaks", "dipxl.errors", "dipxl.examples", "dipxl.fields",
        "dipxl.rows", "dipxl.counted", "dipxl.names"]


def test_core_imports_neither_openpyxl_xlwings_click_nor_rich() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in CORE)
        + "bad = sorted(m for m in ('openpyxl', 'xlwings', 'click', 'rich') if m in sys.modules)\n"
        + "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_check_itself_sees_an_adapter_import() -> None:
    code = "import sys, dipxl.cli; print('click' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_the_worksheet_functions_need_no_compiled_file_reader() -> None:
    """xlwings Lite (emscripten) installs dipxl without python-calamine and
    lxml (pyproject markers): dipxl.udfs must not import them."""
    code = (
        "import sys, dipxl.udfs\n"
        "print(','.join(m for m in ('python_calamine', 'lxml') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
