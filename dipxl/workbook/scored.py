"""The scored outputs of ``dipxl score``: a values-only workbook, CSV, JSON,
and the WDD's two CSV files (:mod:`dipxl.wdd`).

The workbook's sheets are built by :mod:`dipxl.workbook.sheets.scored`;
CSV and JSON are the standings of :mod:`dipxl.tables` (CSV the standings
table, text defused by :func:`dipxl.csvio.safe_cell`; JSON the contract of
:func:`dipxl.tables.standings_dict`).  User text (names, titles) is
written as text whatever it starts with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from dipxl import wdd
from dipxl.io.owned import write_output, write_output_text, write_outputs
from dipxl.standings import Standings
from dipxl.tables import standings_csv, standings_json
from dipxl.workbook.sheets import scored
from dipxl.workbook.xlsx import write_xlsx

__all__ = ["OUTPUT_SUFFIX", "WDD_SUFFIXES", "write_scored", "write_wdd"]

OUTPUT_SUFFIX = {"xlsx": ".xlsx", "csv": ".csv", "json": ".json"}
# ``--format wdd`` writes two files: NAME-wdd-classification.csv, NAME-wdd-boards.csv.
WDD_SUFFIXES = ("-wdd-classification.csv", "-wdd-boards.csv")


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


def write_wdd(
    targets: Sequence[Path],
    standings: Standings,
    names: wdd.Names | None = None,
    *,
    force: bool = False,
) -> tuple[Path, ...]:
    """Write the WDD classification and boards files to ``targets`` (in
    that order), as one set: both or neither
    (:func:`dipxl.io.owned.write_outputs`; a failure, a full disk say,
    leaves the previous pair whole); an existing one is replaced with
    ``force``, or when it is dipxl's own unchanged output
    (:mod:`dipxl.io.owned`).  Both texts are made before anything is
    written (an event the WDD cannot take writes nothing)."""
    if len(targets) != 2:
        raise ValueError("the WDD takes two files: classification, boards")
    texts = (
        wdd.as_csv(wdd.classification(standings, names)),
        wdd.as_csv(wdd.boards(standings, names)),
    )
    return write_outputs(
        [(Path(target), _text_writer(text)) for target, text in zip(targets, texts, strict=True)],
        force=force,
    )


def _text_writer(text: str) -> Callable[[Path], object]:
    return lambda p: p.write_text(text, encoding="utf-8")
