"""The layout every workbook piece agrees on: sheet names, column headers,
header synonyms for foreign workbooks, and the Settings sheet format.

Settings sheet: a header row ``Setting | Value | Notes``, then one row per
setting: ``title``, ``system`` (a registry id), then every parameter of the
system by name.  A tuple parameter (``positions``) takes one row per element,
named ``positions_1``, ``positions_2``, ...; a None value is an empty cell.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dipxl.errors import InputError, ParameterError
from dipxl.fields import FIELD_SPECS, HEADER_SYNONYMS, header_field
from dipxl.systems import System, get_system
from dipxl.systems.base import truth

__all__ = [
    "CHART_HEADERS",
    "HEADER_ROWS",
    "HEADER_SYNONYMS",
    "INPUT_HEADERS",
    "NAME_HEADERS",
    "PLAYER_HEADERS",
    "ROUND_WEIGHTS",
    "SETTINGS_HEADER",
    "SHEETS",
    "TUPLE_BLANKS",
    "header_field",
    "settings_rows",
    "system_from_settings",
]

SHEETS = {
    "settings": "Settings",
    "players": "Players",
    "results": "Results",
    "standings": "Standings",
    "powers": "Powers",
    "charts": "Charts",
    "help": "Help",
}

# The input columns of a generated workbook, as the field specs head them.
INPUT_HEADERS = tuple(f.header for f in FIELD_SPECS)
# The year-by-year chart's columns of a generated workbook, after the input
# columns, for the systems that read it (``reads``: Maxonian): one a year,
# headed by the year (the readers: fields.chart_columns).
CHART_HEADERS = tuple(str(year) for year in range(1901, 1921))

# What a blank row of a tuple parameter means, where it is not skipped: a
# round's weight is 1 (one row a round of the workbook, each read).
ROUND_WEIGHTS = "round_weights"
TUPLE_BLANKS = {ROUND_WEIGHTS: 1}
HEADER_ROWS = 20  # a sheet's header row is looked for in this many first rows

SETTINGS_HEADER = ("Setting", "Value", "Notes")
# The Players sheet: the name column, and the optional first and last names
# (for the WDD); header text, lower case -> what it holds.
PLAYER_HEADERS = ("Id", "Player", "First name", "Last name")
NAME_HEADERS = {
    "player": "player",
    "player name": "player",
    "first name": "first name",
    "given name": "first name",
    "last name": "last name",
    "surname": "last name",
    "family name": "last name",
}

# The header synonyms of foreign workbooks are those of every input
# (dipxl.fields): HEADER_SYNONYMS and header_field are re-exported here.


def settings_rows(system: System, params: Any, title: str) -> list[tuple[str, Any, str]]:
    """(setting, value, note) rows of the Settings sheet, in order."""
    rows: list[tuple[str, Any, str]] = [
        ("title", title, "Tournament title"),
        ("system", system.id, system.title),
    ]
    for name, default in system.parameters():
        value = getattr(params, name)
        if isinstance(default, tuple):
            for i, item in enumerate(value, start=1):
                rows.append((f"{name}_{i}", item, f"{name}: element {i}"))
        else:
            rows.append((name, value, ""))
    return rows


def system_from_settings(
    rows: Iterable[tuple[object, object, str]], *, as_formulas: bool = False
) -> tuple[System, dict[str, Any], str]:
    """(system, parameter overrides, title) from Settings rows of
    ``(name, value, cell)``; errors name the cell.

    ``as_formulas``: the rows are the cells a generated workbook's formulas
    read, and each value is taken as those formulas take it, or refused: a
    blank element of a list (``positions_2``) is 0, a blank parameter that
    may be blank is None, any other blank and text in a number's cell are
    errors (the formulas would read them as 0 or not at all), and text is
    taken as typed (the formulas compare it as it is)."""
    values: dict[str, tuple[object, str]] = {}
    for name, value, cell in rows:
        if isinstance(name, str) and name.strip():
            values[name.strip().lower()] = (value, cell)
    if "system" not in values:
        raise InputError("no 'system' row in the Settings sheet", "Settings")
    raw_system, system_cell = values["system"]
    try:
        system = get_system(str(raw_system or ""))
    except Exception as err:
        raise InputError(str(err), system_cell) from None
    title_value = values.get("title", ("", ""))[0]
    title = "" if title_value is None else str(title_value)
    overrides: dict[str, Any] = {}
    for name, default in system.parameters():
        if isinstance(default, tuple):
            items: list[tuple[object, str]] = []
            i = 1
            while f"{name}_{i}" in values:
                items.append(values[f"{name}_{i}"])
                i += 1
            blank = TUPLE_BLANKS.get(name)
            if blank is not None:  # a blank row has a meaning of its own (a weight of 1)
                if any(not _blank(v) for v, _ in items):
                    items = [(blank if _blank(v) else v, cell) for v, cell in items]
                else:
                    items = []  # every row blank: the parameter is not set
            while len(items) > 1 and as_formulas and _blank(items[-1][0]):
                items.pop()  # blank rows after the last entry: no position points
            if items and as_formulas:
                overrides[name] = tuple(
                    0 if _blank(v) else _setting_number(v, cell, name, as_formulas)
                    for v, cell in items
                )
            elif items:
                overrides[name] = tuple(
                    _setting_number(v, cell, name) for v, cell in items if not _blank(v)
                )
        elif name in values:
            value, cell = values[name]
            overrides[name] = _setting_value(
                value, default, cell, name, name in system.blank_parameters, as_formulas)
    return system, overrides, title


def _blank(value: object) -> bool:
    return value is None or value == ""


def _setting_number(
    value: object, cell: str, name: str, as_formulas: bool = False
) -> float | int:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise InputError(f"{name} must be a number, got {value!r}", cell, field=name,
                         value=value, cell=cell)
    if as_formulas and isinstance(value, str) and not value.strip():
        raise InputError(
            f"{name} holds only spaces, which the workbook's formulas do not read as a "
            "number: clear the cell, or type a number",
            cell, field=name, value=value, cell=cell,
        )
    if as_formulas and isinstance(value, str):
        raise InputError(
            f"{name} holds the text {value!r}, which the workbook's formulas do not read "
            "as a number; enter it as a number",
            cell, field=name, value=value, cell=cell,
        )
    try:
        number = float(value)
    except ValueError:
        raise InputError(f"{name} must be a number, got {value!r}", cell, field=name,
                         value=value, cell=cell) from None
    return int(number) if number.is_integer() else number


def _setting_value(
    value: object, default: Any, cell: str, name: str, blank: bool, as_formulas: bool = False
) -> Any:
    """``blank``: the parameter may be None (its type says so)."""
    if _blank(value):
        if blank:
            return None
        if as_formulas:
            raise InputError(
                f"{name} is blank, which the workbook's formulas would read as 0 or as "
                f"nothing; enter its value (the default is {default!r})",
                cell, field=name, value=value, cell=cell,
            )
        return default
    if isinstance(default, str):
        return value if as_formulas and isinstance(value, str) else str(value).strip()
    if isinstance(default, bool):  # a yes/no parameter: TRUE, 1 or the text yes
        if as_formulas and isinstance(value, str) and any(
                c.isspace() and c != " " for c in value):
            raise InputError(  # the formulas drop spaces only (formulas.setting_true)
                f"{name} holds {value!r}, with a line break or tab that the workbook's "
                "formulas do not read past (they would take it as no); type yes or no alone",
                cell, field=name, value=value, cell=cell,
            )
        try:
            return truth(name, value)
        except ParameterError as err:
            raise InputError(str(err), cell, field=name, value=value, cell=cell) from None
    return _setting_number(value, cell, name, as_formulas)
