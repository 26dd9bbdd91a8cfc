"""Generating tournament workbooks whose own formulas score everything.

:func:`build_workbook` is pure (no file I/O): system, parameters, title,
sizes and players in, an openpyxl ``Workbook`` out, optionally pre-filled
with the results of a :class:`~dipxl.model.Tournament`.  :func:`write_workbook`
saves one atomically.

Sheets (names from :mod:`dipxl.workbook.layout`), each built by its module
of :mod:`dipxl.workbook.sheets`: Settings (named cells ``set_<name>`` the
formulas read), Players (stable numeric ids), Results (seven rows per
board, input columns then computed ones), Standings, Powers, Charts, Help,
and two hidden helper sheets, Calc and Summary (one row per player id: the
player's seat in each round found by MATCH on the id, the values of that
seat fetched by INDEX).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import MergedCell

from dipxl.errors import DipxlError, ParameterError
from dipxl.io.files import atomic_write
from dipxl.io.limits import NEW_SEATS
from dipxl.model import Tournament
from dipxl.systems import System, get_system
from dipxl.workbook import formulas as fx
from dipxl.workbook.formulas import CALC, SUMMARY, Plan
from dipxl.workbook.layout import CHART_HEADERS, INPUT_HEADERS, SHEETS
from dipxl.workbook.look import Look
from dipxl.workbook.sheets import calc, charts, powers, results, settings, standings, summary
from dipxl.workbook.sheets import help as help_sheet
from dipxl.workbook.sheets import players as players_sheet
from dipxl.workbook.sheets.players import default_players, player_list, spare_rows
from dipxl.workbook.sheets.styling import user_text

__all__ = [
    "DEFAULT_ROUNDS",
    "SizeError",
    "build_workbook",
    "default_players",
    "formulas_follow",
    "user_text",
    "write_workbook",
]

DEFAULT_ROUNDS = 3
MAX_ROUNDS = 50
MAX_BOARDS = 2000


class SizeError(DipxlError):
    """A workbook bigger than dipxl writes (and reads back): the command
    line's usage error."""


def check_size(rounds: int, boards: int, players: int) -> None:
    """Refuse a workbook of more than :data:`~dipxl.io.limits.NEW_SEATS`
    result rows: far beyond any tournament, and reading it back would
    come near what `dipxl score` reads."""
    seats = 7 * boards * rounds
    if seats > NEW_SEATS:
        raise SizeError(
            f"{boards:,} boards ({players:,} players) over {rounds} rounds is {seats:,} result "
            f"rows, more than `dipxl new` writes ({NEW_SEATS:,}: 800 players over 7 rounds fit, "
            "several times the largest tournaments): give fewer rounds, boards or players"
        )


def formulas_follow(spec: System, params: Any) -> None:
    """ParameterError, naming it, for an event-format parameter set away
    from its default that a generated workbook's formulas do not follow
    yet (:meth:`~dipxl.systems.base.SystemBase.event_parameters`): its
    scores would silently differ from ``dipxl score``'s."""
    for name, default in spec.event_parameters():
        value = getattr(params, name)
        if value != default:
            raise ParameterError(
                f"{name}: a generated workbook's formulas do not follow this parameter "
                f"yet; leave it out here and score the event with dipxl score -p "
                f"{name}=... (the workbook's results read as they are)",
                field=name, value=value,
            )


def build_workbook(
    system: str | System,
    params: Any = None,
    title: str = "",
    rounds: int = DEFAULT_ROUNDS,
    boards: int | None = None,
    players: Sequence[str] | None = None,
    tournament: Tournament | None = None,
) -> Workbook:
    """A tournament workbook for ``system`` (an id or registry entry).

    ``params``: the system's parameter object or a mapping of overrides.
    ``boards`` defaults to enough boards for every player; ``players`` to
    seven placeholder names a board.  ``tournament`` pre-fills Results (its
    players are added to the list); its rounds and boards must fit.
    """
    spec = get_system(system)
    if params is None or isinstance(params, Mapping):
        params = spec.make_params(params)
    formulas_follow(spec, params)
    title = user_text(title, "title", "title")
    if tournament is not None:
        rounds = max(rounds, max((g.round for g in tournament.games), default=1))
        need = max((g.board for g in tournament.games), default=1)
        boards = max(boards or 0, need)
    names = player_list(players if players is not None else [], tournament)
    if boards is None:
        boards = max(1, math.ceil(len(names) / 7)) if names else 3
    if not names:
        names = default_players(7 * boards)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise DipxlError(f"rounds must be 1-{MAX_ROUNDS}, got {rounds}", "--rounds")
    if not 1 <= boards <= MAX_BOARDS:
        raise DipxlError(f"boards must be 1-{MAX_BOARDS}, got {boards}", "--boards")
    check_size(rounds, boards, len(names))
    form = fx.for_system(spec)
    chart = CHART_HEADERS if "chart" in spec.reads else ()
    columns = (*INPUT_HEADERS, *chart, *fx.COMMON_COLUMNS, *form.extra_columns)
    plan = Plan(rounds, boards, len(names) + spare_rows(len(names)), columns)

    wb = Workbook()
    settings_ws = wb.active
    settings_ws.title = SHEETS["settings"]
    settings.build(wb, settings_ws, spec, params, title, rounds)
    players_sheet.build(wb, wb.create_sheet(SHEETS["players"]), names, plan.players)
    look = Look.of(spec, params)
    results.build(wb.create_sheet(SHEETS["results"]), plan, form, tournament, look)
    # Created in their order in the workbook, built once what they read exists.
    standings_ws = wb.create_sheet(SHEETS["standings"])
    powers_ws = wb.create_sheet(SHEETS["powers"])
    charts_ws = wb.create_sheet(SHEETS["charts"])
    help_ws = wb.create_sheet(SHEETS["help"])
    calc_ws = wb.create_sheet(CALC)
    summary_ws = wb.create_sheet(SUMMARY)
    letters = summary.build(wb, summary_ws, plan, form)
    calc.build(wb, calc_ws, plan, spec, params, letters, form)
    standings.build(standings_ws, plan, form, letters, look)
    powers.build(wb, powers_ws, plan, form, look)
    charts.build(charts_ws, plan)
    help_sheet.build(help_ws, spec, form, plan)
    calc_ws.sheet_state = "hidden"
    summary_ws.sheet_state = "hidden"
    wb.active = wb.sheetnames.index(SHEETS["results"])
    _true_blanks(wb)
    return wb


def _true_blanks(wb: Workbook) -> None:
    """Make every empty styled cell (an input cell waiting for its entry) a
    true blank.  openpyxl writes it as a number with no value, ``<c s="2"
    t="n"/>``, which IronCalc reads as 0 (a blank ``round_to`` would then
    round every score to a whole number); a cell typed as a formula with no
    formula is written without a type, ``<c s="2"/>``: blank everywhere.
    An empty text (a blank title, a blank line of Help) is the same blank,
    not an inline string with no ``<is>``.  Assigning a value later retypes
    the cell as usual."""
    for ws in wb.worksheets:
        for cell in ws._cells.values():
            if isinstance(cell, MergedCell):  # covered by a merged cell: holds nothing
                continue
            if cell._value is None or cell._value == "":
                cell._value = None
                cell.data_type = "f"


def write_workbook(
    path: Path,
    system: str | System,
    params: Any = None,
    title: str = "",
    rounds: int = DEFAULT_ROUNDS,
    boards: int | None = None,
    players: Sequence[str] | None = None,
    tournament: Tournament | None = None,
    *,
    force: bool = False,
) -> Path:
    """Build a workbook and save it atomically to ``path`` (an existing
    file is replaced only with ``force``)."""
    wb = build_workbook(system, params, title, rounds, boards, players, tournament)
    return atomic_write(Path(path), wb.save, force=force)
