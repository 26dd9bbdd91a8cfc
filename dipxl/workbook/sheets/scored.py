"""The sheets of ``dipxl score``'s workbook (``NAME-scored.xlsx``), plain
values built from the tables of :mod:`dipxl.tables`:

- ``Standings``: rank, player, score, games, finalist (Y/N, with a
  final), the values of the system's tie-breakers, each round's score (R1,
  R2, ...: after weights, blank for a round not played; HTM adds the exact
  score as a fraction);
- ``Games``: every seat of every finished game with its score;
- ``Best country``: per power, the holders of the best single game;
- ``Powers``: per power, games, centres, solos, eliminations, mean score;
- ``Warnings``: what the engine noticed (empty when nothing);
- ``Settings``: title, system and every parameter used, in the layout's
  ``Setting | Value | Notes`` format, plus the source file.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from dipxl.standings import Standings
from dipxl.tables import (
    EXACT,
    Table,
    best_country_table,
    flag,
    powers_table,
    seat_table,
    standings_table,
)
from dipxl.workbook.layout import SETTINGS_HEADER, settings_rows
from dipxl.workbook.look import Look
from dipxl.workbook.xlsx import Sheet, Value

__all__ = ["build"]


def _value(value: Any) -> Value:
    if isinstance(value, bool):
        # A yes/no setting (finalists_first) as text: a values-only book
        # holds no boolean cell, which LibreOffice saves back as =TRUE().
        return "yes" if value else "no"
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, tuple | list):
        return ", ".join(str(_value(v)) for v in value)
    return str(value)


def _sheet(name: str, table: Table, look: Look) -> Sheet:
    """A table as a sheet, each column formatted by its kind (a header
    names its column: ``Total centres``, ``total_centres``)."""
    return Sheet(
        name,
        [c.header for c in table.columns],
        [[_value(v) for v in row] for row in table.rows],
        look=look,
    )


def _yes(flag: bool) -> str:
    return "Y" if flag else "N"


def build(standings: Standings, source: str = "") -> list[Sheet]:
    """The sheets of the scored workbook, values only, formatted as the
    system shows its scores (:class:`~dipxl.workbook.look.Look`)."""
    look = Look.of(standings.system, standings.params)
    table = standings_table(standings)
    if EXACT in table.columns and all(row[-1] is None for row in table.rows):
        # No exact score to show (no player): no column for it.
        table = Table(table.columns[:-1], tuple(row[:-1] for row in table.rows))
    # A finalist as Y or N, as a TD types a flag.
    table = Table(table.columns, tuple(tuple(map(flag, row)) for row in table.rows))
    seats = seat_table(standings)
    # Flags as the TD types them in Results: Y/N in the draw, Y the soloist.
    in_draw, solo = seats.index("in_draw"), seats.index("solo")
    flags = Table(
        seats.columns,
        tuple(
            (*row[:in_draw], _yes(row[in_draw]), "Y" if row[solo] else None, *row[solo + 1 :])
            for row in seats.rows
        ),
    )
    warnings = Sheet(
        "Warnings",
        ["Where", "Warning", "Code"],
        [[n.where, n.message, n.code] for n in standings.notices],
        look=look,
    )
    settings: list[list[Value]] = [
        [name, _value(value), note]
        for name, value, note in settings_rows(standings.system, standings.params, standings.title)
    ]
    settings.append(
        ["after_round", standings.after_round, "Standings as they stood after this round"]
    )
    if source:
        settings.append(["source", source, "The workbook or CSV file scored"])
    standing = _sheet("Standings", table, look)
    # What the standings left out, below them (a blank row between).
    standing = dataclasses.replace(
        standing, rows=[*standing.rows, [], [f"Counted: {standings.counted}"]])
    return [
        standing,
        _sheet("Games", flags, look),
        _sheet("Best country", best_country_table(standings), look),
        _sheet("Powers", powers_table(standings), look),
        warnings,
        Sheet("Settings", list(SETTINGS_HEADER), settings, look=look),
    ]
