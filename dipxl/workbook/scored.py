"""The scored outputs of ``dipxl score``: a values-only workbook, CSV, JSON.

The workbook's sheets are built by :mod:`dipxl.workbook.sheets.scored`;
CSV and JSON are the standings of :mod:`dipxl.tables` (CSV the standings
table, text defused by :func:`dipxl.csvio.safe_cell`; JSON the contract of
:func:`dipxl.tables.standings_dict`).  User text (names, titles) is
written as text whatever it starts with.
"""

from __future__ import annotations

from pathlib import Path

from dipxl.io.owned import write_output, write_output_text
from dipxl.standings import Standings
from dipxl.tables import standings_csv, standings_json
from dipxl.workbook.sheets import scored
from dipxl.workbook.xlsx import write_xlsx

__all__ = ["OUTPUT_SUFFIX", "write_scored"]

OUTPUT_SUFFIX = {"xlsx": ".xlsx", "csv": ".csv", "json": ".json"}


def write_scored(
    target: Path, standings: Standings, fmt: str, *, source: str = "", force: bool = False
) -> Path:
    """Write ``standings`` to ``target`` as ``xlsx``, ``csv`` or ``json``,
    atomically; an existing ``target`` is replaced with ``force``, or when
    it is dipxl's own unchanged output (:mod:`dipxl.io.owned`)."""
    if fmt == "xlsx":
        sheets = scored.build(standings, source)
        return write_output(target, lambda p: write_xlsx(p, sheets), force=force)
    if fmt == "csv":
        return write_output_text(target, standings_csv(standings), force=force)
    if fmt == "json":
        return write_output_text(target, standings_json(standings) + "\n", force=force)
    raise ValueError(f"unknown output format {fmt!r}")
