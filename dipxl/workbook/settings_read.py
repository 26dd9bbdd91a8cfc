"""A workbook's Settings sheet, read as its own formulas read it.

A ``Settings`` sheet in the layout's format (a ``Setting | Value`` header,
then a row a setting) gives the system, its parameters and the title.  In
a workbook ``dipxl new`` generated, each parameter is read from the cell
its formulas read (its defined name ``set_<name>``) and as they read it,
or refused naming the cell: a setting given twice, misspelt or moved, a
system changed after the workbook was made, a value the formulas would
read otherwise (a number typed as text, a blank, a yes with a line break)
are errors, never a reading of dipxl's own.  A hand-made Settings sheet is
read by its row names.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dipxl.errors import DipxlError, InputError
from dipxl.formats import check_event
from dipxl.io.package import sheet_ref as _sheet_ref
from dipxl.io.sheet_xml import parse_ref
from dipxl.model import Tournament
from dipxl.systems import SYSTEMS, System
from dipxl.workbook import formulas as fx
from dipxl.workbook.a1 import column_letter
from dipxl.workbook.layout import HEADER_ROWS, ROUND_WEIGHTS, SETTINGS_HEADER
from dipxl.workbook.layout import system_from_settings as _system_from_settings

__all__ = ["Settings", "read_settings", "settings_header"]

Entries = Sequence[tuple[object, object, str]]  # (name, value, cell) a row


@dataclass(frozen=True)
class Settings:
    """What a Settings sheet says (all empty without one)."""

    system: System | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    params: Any = None  # built and checked once, naming the cell
    title: str = ""
    entries: Entries = ()  # the rows read
    ref: str = ""  # the sheet, as a cell reference names it
    # The settings a generated workbook's formulas read (set_<name> cells).
    named: frozenset[str] = frozenset()
    system_cell: str = ""

    def check_results(self, header: Sequence[object]) -> None:
        """In a generated workbook, refuse results its formulas would read
        otherwise: a Results ``header`` of another system's formulas (the
        system changed on Settings).  (A value its formulas do not read, as
        a draw flag with spaces around it, is read alike by every workbook:
        its board is not counted, :mod:`dipxl.rows`.)"""
        if self.named and self.system is not None:
            _same_formulas(self.system, self.named, header, self.system_cell)

    def for_event(self, tournament: Tournament) -> tuple[Mapping[str, Any], Any]:
        """The overrides and parameters for the rounds ``tournament`` has
        played (see :func:`_weights_played`), checked against it (one
        weight a round, the final round there), an error naming the
        Settings cell."""
        if self.system is None:
            return self.overrides, self.params
        overrides, params = _weights_played(self.system, dict(self.overrides), self.params,
                                            tournament)
        try:
            check_event(params, tournament)
        except DipxlError as err:
            raise err.moved(_setting_cell(self.entries, err, self.ref)) from None
        return overrides, params


def read_settings(
    rows: Sequence[list[Any]],
    sheet: str,
    header: tuple[int, int, int],
    formulas: Mapping[tuple[int, int], str],
    errors: Mapping[tuple[int, int], str],
    defined_names: Mapping[str, str],
) -> Settings:
    """The Settings of sheet ``sheet`` (its ``rows`` of values from A1, its
    :func:`settings_header`), whose value cells hold ``formulas`` and
    ``errors`` (each refused, naming the cell), in a workbook of
    ``defined_names``."""
    header_index, name_col, value_col = header
    ref = _sheet_ref(sheet)
    entries: list[tuple[object, object, str]] = []
    for i in range(header_index + 1, len(rows)):
        row = rows[i]
        key = row[name_col] if name_col < len(row) else None
        value = row[value_col] if value_col < len(row) else None
        cell = f"{ref}!{column_letter(value_col + 1)}{i + 1}"
        if key is None or key == "":
            continue
        if (i + 1, value_col) in formulas:
            raise InputError(
                f"setting {str(key).strip()!r} holds a formula "
                f"({formulas[(i + 1, value_col)]}); enter the value itself",
                cell, field=str(key).strip(), value=formulas[(i + 1, value_col)], cell=cell,
            )
        if (i + 1, value_col) in errors:
            raise InputError(
                f"setting {str(key).strip()!r} holds the error value "
                f"{errors[(i + 1, value_col)]}; enter the value itself",
                cell, field=str(key).strip(), value=errors[(i + 1, value_col)], cell=cell,
            )
        entries.append((key, None if value == "" else value, cell))
    if not any(isinstance(k, str) and k.strip().lower() == "system" for k, _, _ in entries):
        return Settings(title=_plain_title(entries))
    named = {
        name.removeprefix(_SETTING_PREFIX): target
        for name, target in defined_names.items()
        if name.startswith(_SETTING_PREFIX)
    }
    # A list parameter's rows as one range (set_<name>_rows): the same
    # cells as its elements' names, checked so.
    spans = {name: named.pop(name) for name in list(named) if ":" in named[name]}
    if named:  # a generated workbook: read what its formulas read, as they read it
        _check_spans(spans, named, ref)
        entries = _named_settings(entries, named, sheet, rows, name_col, value_col)
    system, overrides, title = _system_from_settings(entries, as_formulas=bool(named))
    try:
        params = system.make_params(overrides)  # the one build, naming the cell
    except DipxlError as err:
        raise err.moved(_setting_cell(entries, err, ref)) from None
    system_cell = next(c for k, _, c in entries if str(k).strip().lower() == "system") \
        if named else ""
    return Settings(system, overrides, params, title, tuple(entries), ref, frozenset(named),
                    system_cell)


def _weights_played(
    system: System, overrides: dict[str, Any], params: Any, tournament: Tournament
) -> tuple[dict[str, Any], Any]:
    """A dipxl workbook's Settings have a ``round_weights`` row for every
    round of the workbook (blank: 1), which its formulas read; the rows
    after the last round played weigh no game, so they are left out, as
    the engine takes one weight a round played."""
    weights = overrides.get(ROUND_WEIGHTS)
    if not weights:
        return overrides, params
    last = tournament.rounds[-1] if tournament.rounds else 0
    if len(weights) <= last:
        return overrides, params
    overrides = {**overrides, ROUND_WEIGHTS: tuple(weights[:last])}
    return overrides, system.make_params(overrides)


def _setting_cell(entries: Entries, err: DipxlError, ref: str) -> str:
    """The cell of the setting a parameter error is about: the row of its
    ``field``, or for a list parameter (``positions_1``, ``positions_2`` ...)
    the element holding its ``value``; ``ref`` when the error names no
    setting of the sheet."""
    if err.field is None:
        return ref
    name = err.field.lower()
    rows = [
        (k.strip().lower(), v, c)
        for k, v, c in entries
        if isinstance(k, str) and re.fullmatch(rf"{re.escape(name)}(?:_[0-9]+)?", k.strip().lower())
    ]
    if not rows:
        return ref
    for _key, value, cell in rows:  # the element holding the value (as read, or as text)
        if value is not None and (value == err.value or str(value).strip() == str(err.value)):
            return cell
    return rows[0][2]


_SETTING_PREFIX = fx.setting_name("")  # the defined names of Settings: set_<name>
_SPAN_SUFFIX = fx.setting_rows("").removeprefix(_SETTING_PREFIX)  # set_<name>_rows


def _check_spans(spans: Mapping[str, str], named: Mapping[str, str], ref: str) -> None:
    """Each range ``set_<name>_rows`` (``spans``, without the prefix) covers
    exactly the cells named ``set_<name>_1``, ``set_<name>_2`` ... (in
    ``named``), in order: else the formulas that read the range and those
    that read the cells would read different values (a row inserted
    between them), an error."""
    for span, target in sorted(spans.items()):
        base = span.removesuffix(_SPAN_SUFFIX)
        cells: list[str] = []
        while f"{base}_{len(cells) + 1}" in named:
            cells.append(named[f"{base}_{len(cells) + 1}"])
        sheet, _, address = target.rpartition("!")
        first, _, last = address.partition(":")
        ends = (parse_ref(first), parse_ref(last))
        found = [(t.rpartition("!")[0], parse_ref(t.rpartition("!")[2])) for t in cells]
        expected = [(sheet, (ends[0][0] + k, ends[0][1])) for k in range(len(cells))] \
            if span.endswith(_SPAN_SUFFIX) and ends[0] and ends[1] and cells else None
        if expected is None or found != expected or ends[1] != expected[-1][1]:
            raise InputError(
                f"the workbook's formulas read setting {span} from {target}, not from the "
                f"cells of {base}_1 to {base}_{max(1, len(cells))} (a row inserted or "
                "deleted?); generate the workbook again with dipxl new",
                ref, field=span, value=target,
            )
_FIXED_SETTINGS = ("title", "system")  # rows read by their name, by dipxl alone


def _named_settings(
    entries: Entries,
    named: Mapping[str, str],
    sheet: str,
    rows: Sequence[list[Any]],
    name_col: int,
    value_col: int,
) -> list[tuple[object, object, str]]:
    """The Settings entries of a generated workbook as its formulas read
    them: each parameter from the cell its defined name ``set_<name>``
    points at (which moves with inserted rows), never from another row of
    the same name.  A named cell whose row is labelled otherwise (rows
    sorted, a row deleted) and a labelled row with a value that no formula
    reads (a setting given twice, misspelt, or not one of this workbook's)
    are errors naming the cell: dipxl would read it one way, the sheet
    another.  A label without a value (a note) is left alone."""
    ref = _sheet_ref(sheet)
    at: dict[int, str] = {}  # sheet row (1-based) -> setting its formulas read there
    for name, target in sorted(named.items()):
        target_sheet, _, address = target.rpartition("!")
        found = parse_ref(address)
        if target_sheet.strip("'").replace("''", "'") != sheet or found is None \
                or found[1] != value_col:
            raise InputError(
                f"the workbook's formulas read setting {name} from {target}, not from the "
                "Value column of this sheet (a row or column deleted?); generate the "
                "workbook again with dipxl new",
                ref, field=name, value=target,
            )
        row = found[0]
        label = rows[row - 1][name_col] if row <= len(rows) and name_col < len(rows[row - 1]) \
            else None
        label_cell = f"{ref}!{column_letter(name_col + 1)}{row}"
        if not isinstance(label, str) or label.strip().lower() != name:
            raise InputError(
                f"this row is labelled {label!r}, but the workbook's formulas read its value "
                f"as {name} (rows sorted or moved?); label it {name}, or put the rows back",
                label_cell, field=name, value=label, cell=label_cell,
            )
        at[row] = name
    values: list[tuple[object, object, str]] = []
    first_row: dict[str, str] = {}
    for key, value, cell in entries:
        row = int(re.sub(r"^.*![A-Z]+", "", cell))
        label_cell = f"{ref}!{column_letter(name_col + 1)}{row}"
        name = str(key).strip().lower()
        if row in at or name in _FIXED_SETTINGS:
            if name in first_row:
                raise InputError(
                    f"{name} is given twice ({first_row[name]} and this row); delete one",
                    label_cell, field=name, value=key, cell=label_cell)
            first_row[name] = label_cell
            values.append((key, value, cell))
            continue
        if value is None or (isinstance(value, str) and not value.strip()):
            continue  # a note without a value: nothing to read two ways
        if name in named:
            read = named[name]
            message = (f"{name} is given twice: the workbook's formulas read only {read}; "
                       "delete this row, or change the value there")
        else:
            message = (f"{str(key).strip()!r} is not a setting this workbook's formulas read "
                       f"(they read {', '.join(sorted(named))}); delete the row or fix its name")
        raise InputError(message, label_cell, field=name, value=key, cell=label_cell)
    return values


def _same_formulas(
    system: System, named: Collection[str], header: Sequence[object], cell: str
) -> None:
    """Refuse a Settings ``system`` changed after the workbook was generated:
    its formulas (found by the parameters they read and the computed columns
    of Results) score another system than the one named."""
    def computed(spec: System) -> frozenset[str]:
        return frozenset((*fx.COMMON_COLUMNS, *fx.for_system(spec).extra_columns))

    twins = [s for s in SYSTEMS if s.twin is not None]
    known = frozenset().union(*map(computed, twins))
    seen = frozenset(h.strip() for h in header if isinstance(h, str)) & known
    params = frozenset(re.sub(r"_[0-9]+$", "", n) for n in named)
    if system.twin is not None and params == {n for n, _ in system.parameters()} \
            and seen == computed(system):
        return
    written = next((s for s in twins
                    if params == {n for n, _ in s.parameters()} and seen == computed(s)), None)
    was = f"{written.id} ({written.title})" if written is not None else "another system"
    raise InputError(
        f"the system is {system.id}, but this workbook's formulas score {was}: a workbook's "
        f"system cannot be changed after it is made; write a new one with "
        f"dipxl new -s {system.id} (or put {written.id if written else 'the system'} back)",
        cell, field="system", value=system.id, cell=cell,
    )


def settings_header(rows: Sequence[list[Any]]) -> tuple[int, int, int] | None:
    """(row index, name column, value column) of the ``Setting | Value`` header."""
    want = [h.lower() for h in SETTINGS_HEADER[:2]]
    for index, row in enumerate(rows[:HEADER_ROWS]):
        texts = [v.strip().lower() if isinstance(v, str) else None for v in row]
        if want[0] in texts and want[1] in texts:
            return index, texts.index(want[0]), texts.index(want[1])
    return None


def _plain_title(entries: Entries) -> str:
    for key, value, _cell in entries:
        if isinstance(key, str) and key.strip().lower() == "title" and isinstance(value, str):
            return value.strip()
    return ""
