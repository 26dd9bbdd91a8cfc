"""Any file inside every limit is read, or refused, within the budget of
issue 19: the limits of dipxl.io.limits are only right if the costliest
file they let through stays under 500 MB.

Each file here is as costly as one limit allows, built the way a hostile
file would be: a part padded to the unpacked limit (with a comment, an
unknown element's text or attribute, one cell's text), a sheet as full as
the cell limit, sheets that together reach it, a stray cell at it, a
shared strings table at its limit.  Each is scored by a real ``dipxl``
process whose address space is capped at 500 MiB: it must end with its
result or one clear error, never out of memory.  Their times are measured,
not asserted, by ``benchmarks/hostile.py`` (under 2 s each)."""

from __future__ import annotations

import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from dipxl.io.limits import MAX_CELLS, MAX_SHARED_STRINGS
from tests.hostile import files

BUDGET = 500 << 20

INSIDE: dict[str, Callable[[], bytes]] = {
    **{f"{where}-{how}": (lambda part=part, how=how: files.padded(files.room(), part, how))
       for where, part in (("styles", "xl/styles.xml"), ("sheet", files.SHEET))
       for how in ("comment", "text", "attribute")},
    "sheet-cell": lambda: files.padded(files.room(), files.SHEET, "cell"),
    "dense-sheet": lambda: files.dense(MAX_CELLS // 15 - 200),
    "sheets-together": lambda: files.sheets(10, f"O{MAX_CELLS // 150 - 100}"),
    "stray-cell": lambda: files.stray_cell(f"O{MAX_CELLS // 15 - 100}"),
    "shared-strings": lambda: files.shared_strings(MAX_SHARED_STRINGS),
    "heads-not-needed": files.heads_not_needed,
}


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (BUDGET, BUDGET))


@pytest.mark.parametrize("name", INSIDE)
def test_the_costliest_files_inside_the_limits_stay_in_the_budget(
    tmp_path: Path, name: str
) -> None:
    path = tmp_path / f"{name}.xlsx"
    path.write_bytes(INSIDE[name]())
    done = subprocess.run(
        [sys.executable, "-m", "dipxl.cli", "score", str(path), "-s", "cdiplo", "--format",
         "json", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, preexec_fn=_capped, timeout=300, check=False)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "memory" not in done.stderr, done.stderr[-2000:]
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    if done.returncode:
        assert errors and all(f"{name}.xlsx" in line for line in errors), done.stderr[-2000:]
    else:
        assert (tmp_path / "out" / f"{name}-scored.json").exists()
