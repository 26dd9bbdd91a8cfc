"""LibreOffice headless as the formula judge (NOTES.md, "LibreOffice as the
formula judge").

:func:`recalculate` makes LibreOffice load a workbook with recalculation
forced, save it again as xlsx and returns the saved file; read its values
with ``openpyxl.load_workbook(path, data_only=True)``.  Every call uses a
fresh private profile and HOME (parallel runs sharing a profile silently
lose conversions), kills the whole process group on timeout, and checks
that the output really exists and is an xlsx (soffice exits 0 even when it
could not load or save).

Reusable by any test: ``from tests.lo import recalculate, soffice_path``
(or ``from lo import ...`` with tests/ on the path).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "CSV_EVALUATING",
    "LibreOfficeError",
    "convert_many",
    "error_cells",
    "recalculate",
    "recalculate_many",
    "recalculated_values",
    "run_in_group",
    "soffice_path",
]

RECALC_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
 <prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
 <prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Setup/Product">
 <prop oor:name="ooSetupLastVersion" oor:op="fuse"><value>99.9</value></prop></item>
</oor:items>
"""
# ooSetupLastVersion: LibreOffice treats a profile whose last version is
# older than itself as its first start after an upgrade and then runs its
# graphics render self-tests (GraphicsRenderTests.log in the profile), about
# 1.2 s of CPU in every call, since every call has a fresh profile.  A last
# version above any real one ("99.9") marks the profile as already seen, as
# a TD's own LibreOffice is after its first start; formulas are unaffected.

INFILTER = "Calc MS Excel 2007 XML"
# CSV import: comma, double quote, UTF-8, from line 1, ..., sheet -1 (all),
# and the 13th token "evaluate formulas" on: text that starts with = becomes
# a formula unless it is defused.
CSV_EVALUATING = "CSV:44,34,76,1,,0,false,true,false,false,false,-1,true"


class LibreOfficeError(RuntimeError):
    """LibreOffice did not produce a recalculated workbook."""


def soffice_path() -> str | None:
    """The soffice executable, or None where LibreOffice is not installed."""
    return shutil.which("soffice") or shutil.which("libreoffice")


def recalculate(source: Path, outdir: Path, *, timeout: float = 180.0) -> Path:
    """Load ``source`` in LibreOffice with every formula recalculated and
    save it as ``outdir/<name>.xlsx``; returns that path.

    Raises :class:`LibreOfficeError` when soffice is missing, times out, or
    leaves no valid xlsx behind.
    """
    return recalculate_many([source], outdir, timeout=timeout)[0]


def run_in_group(
    command: Sequence[str], env: dict[str, str], timeout: float
) -> subprocess.CompletedProcess[bytes] | None:
    """Run ``command`` in a process group of its own, its output captured;
    None when it outlives ``timeout`` seconds (the whole group is killed:
    a spreadsheet application leaves helper processes behind)."""
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


def recalculate_many(
    sources: Sequence[Path], outdir: Path, *, timeout: float = 300.0, infilter: str = INFILTER
) -> list[Path]:
    """:func:`recalculate` for several workbooks in ONE soffice run (its
    start-up costs about 1.5 s); file names (stems) must differ.  ``infilter``
    is LibreOffice's import filter (e.g. :data:`CSV_EVALUATING` to open CSV
    files as a user who lets Calc evaluate formulas would)."""
    targets = convert_many(
        sources, outdir, f"xlsx:{INFILTER}", ".xlsx", timeout=timeout, infilter=infilter
    )
    for target in targets:
        try:
            with zipfile.ZipFile(target) as zf:
                if "xl/workbook.xml" not in zf.namelist():
                    raise LibreOfficeError(f"{target} is a zip without xl/workbook.xml")
        except zipfile.BadZipFile:
            raise LibreOfficeError(f"{target} is not an xlsx (not a zip)") from None
    return targets


def convert_many(
    sources: Sequence[Path],
    outdir: Path,
    convert_to: str,
    suffix: str,
    *,
    timeout: float = 300.0,
    infilter: str = INFILTER,
) -> list[Path]:
    """Load ``sources`` in ONE soffice run, every formula recalculated, and
    save each as ``outdir/<stem><suffix>`` with LibreOffice's ``--convert-to
    convert_to`` (``"xlsx:Calc MS Excel 2007 XML"``, ``"pdf"``); returns the
    paths, each checked to exist (soffice exits 0 even when it failed)."""
    exe = soffice_path()
    if exe is None:
        raise LibreOfficeError("soffice not found (install libreoffice-calc-nogui)")
    paths = [Path(s).resolve() for s in sources]
    if len({p.stem for p in paths}) != len(paths):
        raise LibreOfficeError("workbooks converted together need different names")
    outdir = Path(outdir).resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    targets = [outdir / (p.stem + suffix) for p in paths]
    for source, target in zip(paths, targets, strict=True):
        if target == source:
            raise LibreOfficeError(f"output would overwrite the input: {target}")
        if target.exists():
            target.unlink()
    with tempfile.TemporaryDirectory(prefix="dipxl-lo-") as scratch:
        home = Path(scratch)
        profile = home / "profile"
        (profile / "user").mkdir(parents=True)
        (profile / "user" / "registrymodifications.xcu").write_text(RECALC_XCU, encoding="utf-8")
        command = [
            exe,
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--invisible",
            "--nologo",
            "--norestore",
            "--nodefault",
            "--nolockcheck",
            f"--infilter={infilter}",
            "--convert-to",
            convert_to,
            "--outdir",
            str(outdir),
            *(str(p) for p in paths),
        ]
        done = run_in_group(command, dict(os.environ, HOME=str(home), TMPDIR=str(home)), timeout)
        if done is None:
            raise LibreOfficeError(f"soffice timed out after {timeout} s on {paths}")
    for target in targets:
        if not target.is_file():
            raise LibreOfficeError(
                f"soffice wrote no {target.name} (exit {done.returncode}): "
                f"{done.stdout.decode(errors='replace')} "
                f"{done.stderr.decode(errors='replace')}".strip()
            )
    return targets


def recalculated_values(source: Path, outdir: Path, *, timeout: float = 180.0):  # type: ignore[no-untyped-def]  # openpyxl Workbook is untyped
    """:func:`recalculate` then load the computed values (``data_only``)."""
    from openpyxl import load_workbook

    return load_workbook(recalculate(source, outdir, timeout=timeout), data_only=True)


def error_cells(wb) -> list[str]:  # type: ignore[no-untyped-def]  # openpyxl Workbook is untyped
    """``Sheet!A1=#VALUE!`` for each cell of a recalculated workbook that
    holds an error value (as LibreOffice writes them: ``#NAME?``, ``#N/A``,
    ``#VALUE!``, ``#DIV/0!`` ...; a text such as ``#1`` is none)."""
    return [
        f"{ws.title}!{cell.coordinate}={cell.value}"
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for cell in row
        if isinstance(cell.value, str)
        and cell.value.startswith("#")
        and cell.value.endswith(("!", "?", "A"))
    ]
