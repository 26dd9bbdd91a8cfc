"""The formula judges: LibreOffice, formualizer and IronCalc (and Gnumeric,
run outside the suite by ``benchmarks/gnumeric_judge.py``).

Each judge takes workbook files exactly as dipxl wrote them, recalculates
every formula with its own engine and leaves one xlsx per input in
``outdir`` whose cached values are the engine's: read them with
``openpyxl.load_workbook(path, data_only=True)``, so the same comparisons
run for every judge.  Error results read back as their text (``#VALUE!``,
``#N/A``, ...), an empty text as None, as LibreOffice's files do
(:func:`lo.error_cells` finds them all).

- LibreOffice: :func:`lo.recalculate_many` (one soffice run for up to
  :data:`LO_CHUNK` files, the runs side by side, one per core).
- formualizer (Rust, PyPI ``formualizer``): its own
  ``recalculate_xlsx_file`` rewrites the formula caches of the package.
- IronCalc (Rust, PyPI ``ironcalc``): ``load_from_xlsx`` then ``evaluate``;
  its computed values are written as the cached values of the formula
  cells of an openpyxl copy of the input (IronCalc's own xlsx writer is not
  under test).
- Gnumeric: ``ssconvert --recalc`` (Debian's ``gnumeric``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from lo import LibreOfficeError, run_in_group, soffice_path
from lo import recalculate_many as lo_recalculate_many

__all__ = [
    "JUDGES",
    "SUITE_JUDGES",
    "JudgeError",
    "available",
    "recalculate_many",
]

# The judges the test suite runs (pinned in tests/requirements.txt or
# installed by tests/run.sh); Gnumeric is the fourth, outside the suite.
SUITE_JUDGES = ("libreoffice", "formualizer", "ironcalc")
JUDGES = (*SUITE_JUDGES, "gnumeric")


class JudgeError(RuntimeError):
    """A judge did not produce a recalculated workbook."""


def available(judge: str) -> str | None:
    """None when ``judge`` can run here, else why not (a skip reason)."""
    if judge == "libreoffice":
        return None if soffice_path() else "LibreOffice not installed"
    if judge in ("formualizer", "ironcalc"):
        found = importlib.util.find_spec(judge) is not None
        return None if found else f"{judge} not installed (tests/requirements.txt)"
    if judge == "gnumeric":
        return None if shutil.which("ssconvert") else "ssconvert (Debian gnumeric) not installed"
    raise ValueError(f"unknown judge {judge!r}")


def _targets(sources: Sequence[Path], outdir: Path) -> list[tuple[Path, Path]]:
    paths = [Path(s).resolve() for s in sources]
    if len({p.stem for p in paths}) != len(paths):
        raise JudgeError("workbooks recalculated together need different names")
    outdir = Path(outdir).resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    pairs = [(p, outdir / (p.stem + ".xlsx")) for p in paths]
    for source, target in pairs:
        if target == source:
            raise JudgeError(f"output would overwrite the input: {target}")
    return pairs


def _formualizer(sources: Sequence[Path], outdir: Path) -> list[Path]:
    import formualizer

    out = []
    for source, target in _targets(sources, outdir):
        formualizer.recalculate_xlsx_file(str(source), str(target))
        out.append(target)
    return out


def _ironcalc(sources: Sequence[Path], outdir: Path) -> list[Path]:
    import ironcalc
    from openpyxl import load_workbook

    out = []
    for source, target in _targets(sources, outdir):
        model = ironcalc.load_from_xlsx(str(source))
        model.evaluate()
        index = {p["name"]: i for i, p in enumerate(model.get_worksheets_properties())}
        wb = load_workbook(source)
        for ws in wb.worksheets:
            sheet = index[ws.title]
            for row in ws.iter_rows():
                for cell in row:
                    if cell.data_type != "f":
                        continue
                    value = model.get_cell_value(sheet, cell.row, cell.column)
                    kind = model.get_cell_type(sheet, cell.row, cell.column)
                    _cache(cell, value, kind == ironcalc.CellType.ErrorValue)
        wb.save(target)
        out.append(target)
    return out


def _cache(cell, value, error: bool) -> None:  # type: ignore[no-untyped-def]  # openpyxl Cell is untyped
    """Replace a formula cell by its computed value, typed as read back."""
    if value == "" or value is None:
        cell.value = None
    elif error:
        cell.value = str(value)
        cell.data_type = "e"
    elif isinstance(value, str):
        cell.value = value
        cell.data_type = "s"  # a computed "=SUM(A1)" is text, not a formula
    else:
        cell.value = value


def _gnumeric(sources: Sequence[Path], outdir: Path, *, timeout: float = 300.0) -> list[Path]:
    exe = shutil.which("ssconvert")
    if exe is None:
        raise JudgeError("ssconvert not found (install Debian's gnumeric)")
    out = []
    for source, target in _targets(sources, outdir):
        if target.exists():
            target.unlink()
        with tempfile.TemporaryDirectory(prefix="dipxl-gnumeric-") as home:
            done = run_in_group(
                [exe, "--recalc", "--export-type=Gnumeric_Excel:xlsx2", str(source), str(target)],
                dict(os.environ, HOME=home, TMPDIR=home),
                timeout,
            )
            if done is None:
                raise JudgeError(f"ssconvert timed out after {timeout} s on {source}")
        if not target.is_file():
            raise JudgeError(
                f"ssconvert wrote no {target.name}: {done.stderr.decode(errors='replace')}"
            )
        _no_empty_text(target)
        out.append(target)
    return out


def _no_empty_text(path: Path) -> None:
    """Gnumeric stores a formula's empty text result as a text cell; read
    it back as None, as from LibreOffice's files (values only are kept)."""
    import warnings

    from openpyxl import load_workbook

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Gnumeric's styles lack openpyxl's default
        wb = load_workbook(path, data_only=True)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value == "":
                    cell.value = None
    wb.save(path)


# Workbooks per soffice run: one run over ~300 generated workbooks stopped
# converting after ~240 of them (exit 0, the rest not written), and soffice
# computes on one core, so chunks run side by side (one per core).
LO_CHUNK = 40


def _libreoffice(sources: Sequence[Path], outdir: Path) -> list[Path]:
    # About 2-8 s a workbook on a loaded machine, so the time allowed grows
    # with their number; each chunk is one soffice run (its own profile).
    chunks = [list(sources[i : i + LO_CHUNK]) for i in range(0, len(sources), LO_CHUNK)]
    if len(chunks) <= 1:
        return lo_recalculate_many(sources, outdir, timeout=max(300.0, 15.0 * len(sources)))
    _targets(sources, outdir)  # different names, no output over an input
    workers = max(1, min(len(chunks), os.cpu_count() or 1))
    with ThreadPoolExecutor(workers) as pool:
        done = pool.map(
            lambda chunk: lo_recalculate_many(
                chunk, outdir, timeout=max(300.0, 15.0 * len(chunk) * workers)
            ),
            chunks,
        )
        return [path for paths in done for path in paths]


_RUN: dict[str, Callable[[Sequence[Path], Path], list[Path]]] = {
    "libreoffice": _libreoffice,
    "formualizer": _formualizer,
    "ironcalc": _ironcalc,
    "gnumeric": _gnumeric,
}


def recalculate_many(judge: str, sources: Sequence[Path], outdir: Path) -> list[Path]:
    """Recalculate ``sources`` with ``judge``; one xlsx per source in
    ``outdir`` (same stem), holding the judge's values as cached values."""
    try:
        return _RUN[judge](sources, outdir)
    except LibreOfficeError as exc:
        raise JudgeError(str(exc)) from exc
