"""The Players sheet: stable numeric ids (Results find players by them)
and the names, with spare rows for late registrations; optional first and
last names for the WDD export (read back by the workbook reader)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.errors import DipxlError
from dipxl.fields import parse_player
from dipxl.model import Tournament
from dipxl.workbook.a1 import column_letter, column_span
from dipxl.workbook.layout import PLAYER_HEADERS, SHEETS
from dipxl.workbook.look import Look
from dipxl.workbook.sheets.styling import (
    INPUT_FILL,
    define_name,
    header_row,
    print_setup,
    put_note,
    put_text,
    style_columns,
    user_text,
)

__all__ = ["build", "default_players", "names_from_text", "player_list", "spare_rows"]


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


# Characters other programs take for a line break, and Python's splitlines
# too, but a players file does not: a name holding one is refused (a line
# is a name: two names run together must not become one, or be split where
# a text editor shows one line).
_NOT_LINE_BREAKS = {
    "\v": "a vertical tab", "\f": "a form feed", "\x1c": "a file separator",
    "\x1d": "a group separator", "\x1e": "a record separator", "\x85": "a next-line (NEL)",
    "\u2028": "a line separator (U+2028)", "\u2029": "a paragraph separator (U+2029)",
}


def names_from_text(text: str, label: str) -> list[str]:
    """The player names of a players file's text (``dipxl new
    --players-file``): one name a line, lines ending in LF, CRLF or CR;
    blank lines and lines starting with ``#`` (comments) skipped; names read
    as every name is (:func:`~dipxl.fields.parse_player`).  Any other line separator, a name
    given twice (case aside, as a spreadsheet compares them) and a file with
    no name are errors naming ``label`` and the line."""
    names: list[str] = []
    seen: dict[str, tuple[int, str]] = {}  # folded name -> (line, name)
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        where = f"{label}: line {number}"
        odd = next((ch for ch in line if ch in _NOT_LINE_BREAKS), None)
        if odd is not None:
            raise DipxlError(
                f"holds {_NOT_LINE_BREAKS[odd]}: write one name a line, lines ending in "
                "ordinary line breaks", where,
            )
        if line.strip().startswith("#"):
            continue
        name = parse_player(line, where)
        if not name:
            continue
        first, spelt = seen.setdefault(name.casefold(), (number, name))
        if first != number:
            raise DipxlError(
                f"{name!r} is already on line {first}" if spelt == name else
                f"{name!r} differs only in case from {spelt!r} on line {first}: a "
                "spreadsheet cannot tell them apart", where,
            )
        names.append(name)
    if not names:
        raise DipxlError(
            "no player names (one a line; blank lines and # comments are skipped)", label
        )
    return names


def spare_rows(players: int) -> int:
    """Empty Players rows for late registrations: a tenth, at least seven."""
    return max(7, players // 10)


def build(wb: Workbook, ws: Worksheet, names: Sequence[str], rows: int) -> None:
    """Ids 1 to ``rows``, the first ``len(names)`` of them named."""
    header_row(ws, PLAYER_HEADERS)
    for i in range(1, rows + 1):
        ws.cell(i + 1, 1, i)
        if i <= len(names):
            put_text(ws.cell(i + 1, 2), names[i - 1])
        for column in range(2, len(PLAYER_HEADERS) + 1):
            ws.cell(i + 1, column).fill = INPUT_FILL
    define_name(wb, "player_names", column_span("B", 2, rows + 1, SHEETS["players"]))
    style_columns(ws, Look(), dict(enumerate(PLAYER_HEADERS, start=1)), rows + 1,
                  text=(2, 3, 4))  # the names
    ws.column_dimensions["A"].width = 6
    ws.column_dimensions["B"].width = 32
    ws.column_dimensions["C"].width = ws.column_dimensions["D"].width = 18
    note = len(PLAYER_HEADERS) + 2  # one narrow column clear of the table
    ws.column_dimensions[column_letter(note - 1)].width = 3
    ws.column_dimensions[column_letter(note)].width = NOTE_WIDTH
    ws.freeze_panes = "A2"
    put_note(
        ws,
        2,
        note,
        NOTE_WIDTH,
        "Edit the names freely (each must differ from the others, case aside); keep the "
        "ids: Results find players by them. Late players go in the empty rows. First "
        "name / Last name: optional, for the WDD export (blank: the last word of the "
        "name is the last name).",
    )
    print_setup(ws, note, rows + 1, landscape=False)


# The note's column, in characters.
NOTE_WIDTH = 40
