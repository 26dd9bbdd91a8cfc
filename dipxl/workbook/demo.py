"""The demo's workbooks, and plain results workbooks.

:func:`write_demo_workbooks` writes the worked examples of the source texts
as tournament workbooks of ``dipxl new`` (:mod:`dipxl.workbook.writer`:
live formulas, filled with the results).  :func:`write_results_workbook`
writes the bare layout contract instead, values only: a ``Results`` sheet
(header row ``Round | Board | Power | Player | Centres | Eliminated |
Draw``, one row per seat) and a ``Settings`` sheet (``Setting | Value |
Notes``) naming the system and its parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from dipxl.examples import example as example_event
from dipxl.fields import FIELDS, seat_entries
from dipxl.io.files import atomic_write
from dipxl.model import Tournament
from dipxl.systems import System, get_system
from dipxl.workbook.layout import INPUT_HEADERS, SETTINGS_HEADER, SHEETS, settings_rows
from dipxl.workbook.look import Look
from dipxl.workbook.writer import write_workbook
from dipxl.workbook.xlsx import Sheet, Value, write_xlsx

__all__ = ["DEMOS", "results_sheets", "seat_rows", "write_demo_workbooks", "write_results_workbook"]

# (file name, example, system id): the worked examples of the source texts
# (names of dipxl.examples.EXAMPLES).
DEMOS: tuple[tuple[str, str, str], ...] = (
    ("htm-example.xlsx", "htm", "htm"),
    ("cdiplo-example.xlsx", "worked", "cdiplo"),
    ("detour98e-example.xlsx", "worked", "detour98e"),
    ("dimvalue-example.xlsx", "worked", "dimvalue"),
)


def seat_rows(tournament: Tournament) -> list[list[Value]]:
    """One Results row per seat, in the columns of ``INPUT_HEADERS``: round,
    board, power, then each entry field (:func:`dipxl.fields.seat_entries`)."""
    rows: list[list[Value]] = []
    for game in tournament.games:
        for seat in game.seats:
            entries = seat_entries(seat)
            rows.append([game.round, game.board, seat.power.title,
                         *(cast("Value", entries[f]) for f in FIELDS[3:])])
    return rows


def results_sheets(
    tournament: Tournament, system: System | str, params: Any = None, title: str | None = None
) -> list[Sheet]:
    """The Results and Settings sheets of ``tournament``."""
    spec = get_system(system)
    chosen = spec.make_params(params) if params is None or isinstance(params, dict) else params
    rows = seat_rows(tournament)
    settings: list[list[Value]] = [
        [name, value, note]
        for name, value, note in settings_rows(
            spec, chosen, tournament.title if title is None else title
        )
    ]
    look = Look.of(spec, chosen)
    return [
        Sheet(SHEETS["results"], list(INPUT_HEADERS), rows, look=look),
        Sheet(SHEETS["settings"], list(SETTINGS_HEADER), settings, look=look),
    ]


def write_results_workbook(
    target: Path,
    tournament: Tournament,
    system: System | str,
    params: Any = None,
    *,
    title: str | None = None,
    force: bool = False,
) -> Path:
    """Write a results workbook atomically (an existing file only with ``force``)."""
    sheets = results_sheets(tournament, system, params, title)
    return atomic_write(target, lambda p: write_xlsx(p, sheets), force=force)


def write_demo_workbooks(folder: Path, *, force: bool = False) -> list[Path]:
    """The demo's example workbooks in ``folder``: ``dipxl new`` workbooks
    filled with the worked examples."""
    written = []
    for name, example, system_id in DEMOS:
        tournament = example_event(example)
        written.append(
            write_workbook(
                folder / name,
                system_id,
                title=tournament.title,
                rounds=max(g.round for g in tournament.games),  # no empty round after
                tournament=tournament,
                force=force,
            )
        )
    return written
