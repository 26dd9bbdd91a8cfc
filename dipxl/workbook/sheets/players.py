"""The Players sheet: stable numeric ids (Results find players by them)
and the names, with spare rows for late registrations."""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.errors import DipxlError
from dipxl.model import Tournament
from dipxl.workbook.a1 import column_span
from dipxl.workbook.layout import SHEETS
from dipxl.workbook.look import Look
from dipxl.workbook.sheets.cells import (
    INPUT_FILL,
    define_name,
    header_row,
    print_setup,
    put_note,
    put_text,
    style_columns,
    user_text,
)

__all__ = ["build", "default_players", "player_list", "spare_rows"]


def default_players(count: int) -> list[str]:
    """Placeholder names ``Player 1`` ... to be overwritten by the TD."""
    return [f"Player {i}" for i in range(1, count + 1)]


def player_list(players: Sequence[str], tournament: Tournament | None) -> list[str]:
    """The Players list: the given names, then everyone seated in the
    tournament (unfinished games too), whitespace folded as the engine
    folds it.  Names equal but for case are refused: MATCH ignores case."""
    names: list[str] = []
    seen: dict[str, str] = {}
    seated = [
        s.player
        for game in (tournament.games if tournament is not None else ())
        for s in game.seats
        if s.player
    ]
    for raw in [*players, *seated]:
        name = user_text(raw, "players", "player name")
        if not name:
            raise DipxlError("a player has an empty name", "players")
        key = name.casefold()
        if key in seen:
            if seen[key] != name:
                raise DipxlError(
                    f"players {seen[key]!r} and {name!r} differ only in case; a "
                    "spreadsheet cannot tell them apart",
                    "players",
                )
            continue
        seen[key] = name
        names.append(name)
    return names


def spare_rows(players: int) -> int:
    """Empty Players rows for late registrations: a tenth, at least seven."""
    return max(7, players // 10)


def build(wb: Workbook, ws: Worksheet, names: Sequence[str], rows: int) -> None:
    """Ids 1 to ``rows``, the first ``len(names)`` of them named."""
    header_row(ws, ("Id", "Player"))
    for i in range(1, rows + 1):
        ws.cell(i + 1, 1, i)
        if i <= len(names):
            put_text(ws.cell(i + 1, 2), names[i - 1])
        ws.cell(i + 1, 2).fill = INPUT_FILL
    define_name(wb, "player_names", column_span("B", 2, rows + 1, SHEETS["players"]))
    style_columns(ws, Look(), {1: "Id", 2: "Player"}, rows + 1)
    ws.column_dimensions["A"].width = 6
    ws.column_dimensions["B"].width = 32
    ws.column_dimensions["D"].width = NOTE_WIDTH
    ws.freeze_panes = "A2"
    put_note(
        ws,
        2,
        4,
        NOTE_WIDTH,
        "Edit the names freely (each must differ from the others, case aside); keep the "
        "ids: Results find players by them. Late players go in the empty rows.",
    )
    print_setup(ws, 4, rows + 1, landscape=False)


# The note's column, in characters.
NOTE_WIDTH = 40
