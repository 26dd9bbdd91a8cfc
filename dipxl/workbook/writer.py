"""Generating tournament workbooks whose own formulas score everything.

:func:`build_workbook` is pure (no file I/O): system, parameters, title,
sizes and players in, an openpyxl ``Workbook`` out, optionally pre-filled
with the results of a :class:`~dipxl.model.Tournament`.  :func:`write_workbook`
saves one atomically.

Sheets (names from :mod:`dipxl.workbook.layout`): Settings (named cells
``set_<name>`` the formulas read), Players (stable numeric ids), Results
(seven rows per board, input columns then computed ones), Standings,
Powers, Charts, Help, and two hidden helper sheets, Calc and Summary (one
row per player id: the player's seat in each round found by MATCH on the
id, the values of that seat fetched by INDEX).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from copy import copy
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.chart import BarChart, Reference
from openpyxl.chart.data_source import AxDataSource, StrRef
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.errors import DipxlError
from dipxl.fileio import atomic_write
from dipxl.model import (
    FIRST_YEAR,
    LAST_YEAR,
    MAX_CENTRES,
    Game,
    Power,
    Tournament,
    parse_text,
)
from dipxl.systems import System, get_system
from dipxl.workbook import formulas as fx
from dipxl.workbook.formulas import CALC, SUMMARY, Formulas, Plan, PlayerRow, Seat
from dipxl.workbook.layout import INPUT_HEADERS, SETTINGS_HEADER, SHEETS, settings_rows
from dipxl.workbook.xlsx import MAX_TEXT

__all__ = [
    "DEFAULT_ROUNDS",
    "build_workbook",
    "default_players",
    "write_workbook",
]

DEFAULT_ROUNDS = 3
MAX_POSITIONS = 7
MAX_ROUNDS = 50
MAX_BOARDS = 2000

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDE5F0")
INPUT_FILL = PatternFill("solid", fgColor="FFFDE7")
WARN_FILL = PatternFill("solid", fgColor="F8B4B4")
MISSING_FILL = PatternFill("solid", fgColor="FFE08A")
TEXT_FILL = PatternFill("solid", fgColor="B39DDB")
TEXT_FONT = Font(bold=True, color="4A148C")


def default_players(count: int) -> list[str]:
    """Placeholder names ``Player 1`` ... to be overwritten by the TD."""
    return [f"Player {i}" for i in range(1, count + 1)]


def _text(cell: Any, value: str) -> None:
    """Store ``value`` as text, never as a formula (names may start with =)."""
    cell.value = value
    cell.data_type = "s"


def _header(ws: Worksheet, headers: Sequence[str], row: int = 1) -> None:
    for i, text in enumerate(headers, start=1):
        cell = ws.cell(row, i)
        _text(cell, text)
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL


def _formula(ws: Worksheet, row: int, column: int, formula: str) -> None:
    """Put ``=formula`` in a cell, fast: generated formulas are plain ASCII
    text, so openpyxl's per-value checks (most of its time on a big sheet)
    are skipped.  Relies on openpyxl 3.1's cell store."""
    cell = Cell(ws, row=row, column=column)
    cell._value = "=" + formula
    cell.data_type = "f"
    ws._cells[(row, column)] = cell


def _put(ws: Worksheet, row: int, column: int, value: object, kind: str, style: Any = None) -> None:
    """Put a value of a known kind (``"n"`` a number or None, ``"s"`` text
    already checked by :func:`user_text` or written by dipxl) in a cell,
    fast, like :func:`_formula`; ``style`` a style array to copy."""
    cell = Cell(ws, row=row, column=column, style_array=None if style is None else copy(style))
    cell._value = value
    cell.data_type = kind
    ws._cells[(row, column)] = cell


def _name(wb: Workbook, name: str, ref: str) -> None:
    wb.defined_names[name] = DefinedName(name, attr_text=ref)


def user_text(value: object, where: str, what: str) -> str:
    """A name or title as it will be written: white space folded, control
    characters refused, at most as long as a spreadsheet cell holds."""
    text = parse_text(str(value), what, where)
    if len(text) > MAX_TEXT:
        raise DipxlError(
            f"{what} is {len(text):,} characters long, more than a cell holds ({MAX_TEXT:,})",
            where,
        )
    return text


def _players(players: Sequence[str], tournament: Tournament | None) -> list[str]:
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
    title = user_text(title, "title", "title")
    if tournament is not None:
        rounds = max(rounds, max((g.round for g in tournament.games), default=1))
        need = max((g.board for g in tournament.games), default=1)
        boards = max(boards or 0, need)
    names = _players(players if players is not None else [], tournament)
    if boards is None:
        boards = max(1, math.ceil(len(names) / 7)) if names else 3
    if not names:
        names = default_players(7 * boards)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise DipxlError(f"rounds must be 1-{MAX_ROUNDS}, got {rounds}", "--rounds")
    if not 1 <= boards <= MAX_BOARDS:
        raise DipxlError(f"boards must be 1-{MAX_BOARDS}, got {boards}", "--boards")
    form = fx.for_system(spec)
    columns = (*INPUT_HEADERS, *fx.COMMON_COLUMNS, *form.extra_columns)
    plan = Plan(rounds, boards, len(names) + spare_rows(len(names)), columns)

    wb = Workbook()
    settings = wb.active
    settings.title = SHEETS["settings"]
    _settings_sheet(wb, settings, spec, params, title)
    _players_sheet(wb, wb.create_sheet(SHEETS["players"]), names, plan.players)
    results = wb.create_sheet(SHEETS["results"])
    _results_sheet(wb, results, plan, form, tournament)
    standings = wb.create_sheet(SHEETS["standings"])
    powers = wb.create_sheet(SHEETS["powers"])
    charts = wb.create_sheet(SHEETS["charts"])
    help_sheet = wb.create_sheet(SHEETS["help"])
    calc = wb.create_sheet(CALC)
    summary = wb.create_sheet(SUMMARY)
    summary_letters = _summary_sheet(wb, summary, plan, form)
    _calc_sheet(wb, calc, plan, spec, params, summary_letters, form)
    _standings_sheet(standings, plan, form, summary_letters)
    _powers_sheet(wb, powers, plan, form)
    _charts_sheet(charts, plan)
    _help_sheet(help_sheet, spec, form, plan)
    calc.sheet_state = "hidden"
    summary.sheet_state = "hidden"
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


# ------------------------------------------------------------------ Settings


def _settings_sheet(wb: Workbook, ws: Worksheet, spec: System, params: Any, title: str) -> None:
    _header(ws, SETTINGS_HEADER)
    ordered = _settings_table(spec, params, title)
    notes = _setting_notes(spec)
    for r, (name, value, note) in enumerate(ordered, start=2):
        _text(ws.cell(r, 1), name)
        cell = ws.cell(r, 2)
        if isinstance(value, str):
            _text(cell, value)
        elif value is not None:
            cell.value = value
        cell.fill = INPUT_FILL
        _text(ws.cell(r, 3), note or notes.get(name.rsplit("_", 1)[0], notes.get(name, "")))
        if name not in ("title", "system"):
            _name(wb, fx.setting_name(name), f"{SHEETS['settings']}!$B${r}")
    ws.column_dimensions["A"].width = 22
    ws.column_dimensions["B"].width = 28
    ws.column_dimensions["C"].width = 80
    ws.freeze_panes = "A2"


def _setting_notes(spec: System) -> dict[str, str]:
    """One line per parameter from the parameter dataclass docstrings."""
    notes = {
        "victory_centres": "centres that make a solo",
        "round_to": "round each game score half-up to this many decimals (blank: exact)",
        "best_rounds": "count only each player's best N rounds (blank: all)",
        "solo": 'C-Diplo: points of a solo; HTM: "centres" or "winner_takes_all"',
        "solo_loss": "points of each other player in a solo (Diminishing Value: a loss)",
        "played": "points for playing a drawn game",
        "positions": "points for 1st, 2nd, ... by centres",
        "win": "points of a solo win",
        "draw_total": "a drawn game is scaled to total this",
        "survival_year": "eliminated in this year or earlier: no survival point",
        "ante": "each eliminated player loses this in a draw",
        "solo_bonus": "the soloist scores 6 x ante + this",
        "out_of_draw_loss": "a survivor left out of the draw loses this",
        "solo_centres": "winner takes all: the soloist's result (blank: his count)",
        "divisor": '"rounds" (rounds of the event) or "played" (rounds the player played)',
    }
    return {name: notes.get(name, "") for name, _ in spec.parameters()}


# ------------------------------------------------------------------ Players


def spare_rows(players: int) -> int:
    """Empty Players rows for late registrations: a tenth, at least seven."""
    return max(7, players // 10)


def _players_sheet(wb: Workbook, ws: Worksheet, names: Sequence[str], rows: int) -> None:
    _header(ws, ("Id", "Player"))
    for i in range(1, rows + 1):
        ws.cell(i + 1, 1, i)
        if i <= len(names):
            _text(ws.cell(i + 1, 2), names[i - 1])
        ws.cell(i + 1, 2).fill = INPUT_FILL
    _name(wb, "player_names", f"{SHEETS['players']}!$B$2:$B${rows + 1}")
    ws.column_dimensions["A"].width = 6
    ws.column_dimensions["B"].width = 32
    ws.freeze_panes = "A2"
    _text(
        ws.cell(1, 4),
        "Edit the names freely (each must differ from the others, case aside); keep the "
        "ids: Results find players by them. Late players go in the empty rows.",
    )


# ------------------------------------------------------------------ Results


def score_format(form: Formulas) -> str:
    """HTM scores are shown to 4 decimals (Hurst); game scores as they are."""
    return "0.0000" if not form.per_game else "General"


def _results_sheet(
    wb: Workbook, ws: Worksheet, plan: Plan, form: Formulas, tournament: Tournament | None
) -> None:
    _header(ws, plan.columns)
    filled: dict[tuple[int, int], Game] = {}
    if tournament is not None:
        filled = {(g.round, g.board): g for g in tournament.games}
    names = "player_names"
    # One style object per kind of cell, shared (setting styles cell by cell
    # is most of openpyxl's time on a big sheet).
    proto = ws.cell(plan.last_row + 5, 1)
    proto.fill = INPUT_FILL
    input_style = copy(proto._style)
    proto.fill = PatternFill()
    proto.number_format = score_format(form)
    score_style = copy(proto._style)
    ws._cells.pop((proto.row, proto.column))
    index = {h: i for i, h in enumerate(plan.columns, start=1)}
    score_col = index["Score"]
    for rnd in range(1, plan.rounds + 1):
        for board in range(1, plan.boards + 1):
            first = plan.block_first(rnd, board)
            found = filled.get((rnd, board))
            for power in Power:
                row = first + int(power)
                _put(ws, row, 1, rnd, "n")
                _put(ws, row, 2, board, "n")
                _put(ws, row, 3, power.title, "s")
                values: list[tuple[object, str]] = [(None, "n")] * 4
                if found is not None:
                    seat = found.seats[int(power)]
                    if seat.player:
                        values[0] = (seat.player, "s")
                    if seat.centres is not None:
                        values[1] = (seat.centres, "n")
                    if seat.eliminated is not None:
                        values[2] = (seat.eliminated, "n")
                    if seat.in_draw is not None:
                        values[3] = ("Y" if seat.in_draw else "N", "s")
                for c, (value, kind) in enumerate(values, start=4):
                    _put(ws, row, c, value, kind, input_style)
                s = Seat(plan, row, first, first + 6)
                cells = fx.common_seat(s, names)
                cells.update(form.seat(s))
                for header, formula in cells.items():
                    if header in index:
                        _formula(ws, row, index[header], formula)
                ws._cells[(row, score_col)]._style = copy(score_style)
    last = plan.last_row
    _results_validation(ws, plan)
    _results_formatting(ws, plan)
    widths = {"Round": 7, "Board": 7, "Power": 10, "Player": 26, "Centres": 9}
    for header in plan.columns:
        letter = plan.col(header)
        ws.column_dimensions[letter].width = widths.get(header, max(10, len(header) + 2))
    for header in plan.columns[len(INPUT_HEADERS) + 1 :]:
        ws.column_dimensions[plan.col(header)].outlineLevel = 1
    ws.freeze_panes = "E2"
    ws.auto_filter.ref = f"A1:{get_column_letter(len(plan.columns))}{last}"
    ws.print_title_rows = "1:1"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_area = f"A1:{plan.col('Score')}{last}"


def _results_validation(ws: Worksheet, plan: Plan) -> None:
    last = plan.last_row
    player = DataValidation(
        type="list",
        formula1="player_names",
        allow_blank=True,
        showErrorMessage=True,
        errorTitle="Unknown player",
        error="Pick a player from the Players sheet (add new players there first).",
    )
    centres = DataValidation(
        type="whole",
        operator="between",
        formula1="0",
        formula2=str(MAX_CENTRES),
        allow_blank=True,
        showErrorMessage=True,
        error=f"Centres: a whole number 0-{MAX_CENTRES}.",
    )
    year = DataValidation(
        type="whole",
        operator="between",
        formula1=str(FIRST_YEAR),
        formula2=str(LAST_YEAR),
        allow_blank=True,
        showErrorMessage=True,
        error=f"Elimination year: {FIRST_YEAR}-{LAST_YEAR}, blank for a survivor.",
    )
    draw = DataValidation(
        type="list",
        formula1='"Y,N"',
        allow_blank=True,
        showErrorMessage=True,
        error="Draw: Y (in the draw), N (left out) or blank (every survivor).",
    )
    checks = ((player, "Player"), (centres, "Centres"), (year, "Eliminated"), (draw, "Draw"))
    for dv, header in checks:
        c = plan.col(header)
        dv.add(f"{c}2:{c}{last}")
        ws.add_data_validation(dv)


def _results_formatting(ws: Worksheet, plan: Plan) -> None:
    """Flags for the TD.  Every rule reads a few cells only: the game rules
    find the game's seven rows from the row number (games are seven-row
    blocks from row 2), one rule over the whole column each."""
    last = plan.last_row
    e = plan.col("Centres")
    f = plan.col("Eliminated")
    d = plan.col("Player")
    pid = plan.col("Player id")
    top = f"ROW()-MOD(ROW()-{plan.first_row},7)"
    # The game's seven Centres cells.  OFFSET, not INDEX(..):INDEX(..),
    # which IronCalc cannot evaluate; seven single INDEXes cost LibreOffice
    # more.  OFFSET is volatile, which matters in a cell (it recalculates
    # with every edit) and not in a formatting rule, evaluated only to draw
    # its cell: rules are the one place dipxl uses it.
    block = f"OFFSET(${e}$1,{top}-1,0,7,1)"
    # Text in Centres or Eliminated ("5" pasted past validation): the game
    # is not counted (its Score cells say so), though dipxl score would read
    # 5.  First, so that its colour wins over the others.
    ws.conditional_formatting.add(
        f"{e}2:{f}{last}",
        FormulaRule(formula=[f"COUNTA({e}2)>COUNT({e}2)"], fill=TEXT_FILL, font=TEXT_FONT),
    )
    # A game whose centres total more than 34.
    ws.conditional_formatting.add(
        f"{e}2:{e}{last}", FormulaRule(formula=[f"SUM({block})>34"], fill=WARN_FILL)
    )
    # A missing player or centre count in a game that has started.
    ws.conditional_formatting.add(
        f"{d}2:{e}{last}",
        FormulaRule(formula=[f'AND(COUNT({block})>0,OR(${d}2="",${e}2=""))'], fill=MISSING_FILL),
    )
    # A player seated a second time in one round (by id: names may hold
    # wildcards): the player's first seat of the round is another row (IF,
    # not AND: AND would evaluate INDEX on a blank id, an error).
    for rnd in range(1, plan.rounds + 1):
        a, b = plan.round_first(rnd), plan.round_last(rnd)
        ws.conditional_formatting.add(
            f"{d}{a}:{d}{b}",
            FormulaRule(
                formula=[f'IF(${pid}{a}="",FALSE,INDEX(sum_a_{rnd},${pid}{a})<>ROW()-{a - 1})'],
                fill=WARN_FILL,
            ),
        )
    # A name that is not on the Players sheet.
    ws.conditional_formatting.add(
        f"{d}2:{d}{last}", FormulaRule(formula=[f'AND(${d}2<>"",${pid}2="")'], fill=WARN_FILL)
    )


# ------------------------------------------------------------------ Summary


def _summary_columns(plan: Plan, form: Formulas) -> list[str]:
    kinds = ["a", "b", *(k for k, _ in form.kinds)]
    if form.per_game and form.needs_keep:
        kinds += ["sk", "keep"]
    cols = ["id"]
    for kind in kinds:
        cols += [f"{kind}_{r}" for r in range(1, plan.rounds + 1)]
    if form.count_kind is not None and form.more_column:
        cols.append("more")
    shown = (k for k, _ in form.standings if k not in form.derived)
    cols += ["gamecount", "total", *form.hidden, *shown]
    cols.append("pk")
    if form.applied:
        cols.append("comp")
    if form.final_key is not None:
        cols.append("rankwd")
    cols.append("uniq")
    return cols


def _summary_sheet(wb: Workbook, ws: Worksheet, plan: Plan, form: Formulas) -> dict[str, str]:
    """One row per player id.  ``a_r``: the row (within round r) of the
    player's seat, by MATCH on the id; a second seat in the same round (a
    warning, both count) is looked for only in rounds where Calc found one.
    Per round the values of those seats (0 unless the game is finished;
    the system's ``count_kind`` blank instead, so that COUNT gives the
    rounds played with no column of games), the kept rounds (best N), then
    ``more`` (what second seats add to the counts), totals, rank keys and
    the list key (unique: rank, then id; unranked players last)."""
    cols = _summary_columns(plan, form)
    letters = {name: get_column_letter(i) for i, name in enumerate(cols, start=1)}
    index = {name: i for i, name in enumerate(cols, start=1)}
    _header(ws, cols)
    n = plan.players
    first, last = 2, n + 1
    kind_expr = dict(form.kinds)
    used = sorted({h for _, e in form.kinds for h in re.findall(r"\{([^}]+)\}", e)})
    slug = {h: h.lower().replace(" ", "_") for h in used}
    big = n + 1
    best = fx.setting_name("best_rounds")
    per_round: list[dict[str, str]] = []
    for rnd in range(1, plan.rounds + 1):
        # Short defined names for the round's columns keep the formulas
        # short (LibreOffice's load and save time grows with formula text).
        sources = {"ids": "Player id", **{slug[h]: h for h in used}}
        refs = {}
        for key, header in sources.items():
            name = f"res_{key}_{rnd}"
            _name(wb, name, plan.round_range(header, rnd))
            refs[key] = name
        per_round.append(refs)
        a_col = letters[f"a_{rnd}"]
        _name(wb, f"sum_a_{rnd}", f"{SUMMARY}!${a_col}${first}:${a_col}${last}")
    for pid in range(1, n + 1):
        row = pid + 1
        p = PlayerRow(row, plan.rounds, letters)

        def put(name: str, formula: str, row: int = row) -> None:
            _formula(ws, row, index[name], formula)

        _put(ws, row, 1, pid, "n")
        for rnd in range(1, plan.rounds + 1):
            refs = per_round[rnd - 1]
            ids = refs["ids"]
            a = p.at("a", rnd)
            put(f"a_{rnd}", f'IFERROR(MATCH($A{row},{ids},0),"")')
            # The second seat, looked for only where Calc found a round
            # with a player seated twice (blank otherwise).
            b = p.at("b", rnd)
            # (The first seat of the id among the rows after the first
            # one: calc_seq numbers the rows of a round.  Not a MATCH over
            # INDEX(ids,a+1):INDEX(ids,n): IronCalc cannot evaluate that.)
            after = f"INDEX(({ids}=$A{row})*(calc_seq>{a}),0)"
            put(
                f"b_{rnd}",
                f'IF(INDEX(calc_doubles,{rnd}),IFERROR(MATCH(1,{after},0),""),"")',
            )

            def fetch(kind: str, a: str = a, b: str = b, rnd: int = rnd) -> str:
                refs = per_round[rnd - 1]

                def value(slot: str) -> str:
                    # Kind expressions give 0 for unfinished games (their
                    # columns are blank or 0 there, or they multiply by
                    # {Game done}).
                    return re.sub(
                        r"\{([^}]+)\}",
                        lambda m: f"N(INDEX({refs[slug[m.group(1)]]},{slot}))",
                        kind_expr[kind],
                    )

                if kind == form.count_kind:
                    # Blank unless a game of the round is finished: COUNT
                    # over the rounds counts the rounds played, best-N
                    # (LARGE) skips the others.
                    # (A game not counted may say TEXT_ENTRY, which COUNT,
                    # LARGE and SUM pass over like a blank.)
                    ref = refs[slug[form.count_column]]
                    one, two = f"INDEX({ref},{a})", f"INDEX({ref},{b})"
                    both = f'IF(COUNT({one},{two})=0,"",N({one})+N({two}))'
                    return f'IF({a}="","",IF({b}="",{one},{both}))'
                first = f'IF({a}="",0,{value(a)})'
                other = f'IF({b}="",0,{value(b)})'
                if kind in form.maxima:
                    return f"MAX({first},{other})"
                if kind in form.minima:
                    return f'IF({b}="",0,MIN({value(a)},{value(b)}))'
                return f"{first}+{other}"

            for kind, _ in form.kinds:
                put(f"{kind}_{rnd}", fetch(kind))
            if form.per_game and form.needs_keep:
                # The round's score rounded to 9 decimals, blank unless
                # played: counted by COUNTIF (IronCalc and formualizer
                # cannot ROUND a range inside SUMPRODUCT).
                mine = p.at("sk", rnd)
                put(
                    f"sk_{rnd}",
                    f'IF({form.played_at(p, rnd)},ROUND({p.at("score", rnd)},9),"")',
                )
                better = f'COUNTIF({p.series("sk")},">"&{mine})'
                if rnd > 1:
                    better += f"+COUNTIF({p.series('sk', rnd - 1)},{mine})"
                # TRUE/FALSE multiplied into 1/0, as in Excel.
                put(
                    f"keep_{rnd}",
                    f"({form.played_at(p, rnd)})*IF(ISNUMBER({best}),1+{better}<={best},1)",
                )
        if form.count_kind is not None:
            # Second seats (a player seated twice in a round, a warning).
            terms = []
            for rnd in range(1, plan.rounds + 1):
                refs = per_round[rnd - 1]
                a, b = p.at("a", rnd), p.at("b", rnd)

                def seat(slot: str, refs: dict[str, str] = refs) -> Callable[[str], str]:
                    return lambda header: f"INDEX({refs[slug[header]]},{slot})"

                def at(kind: str, rnd: int = rnd, p: PlayerRow = p) -> str:
                    return p.at(kind, rnd)

                terms.append(f'IF({b}="",0,{form.second(seat(a), seat(b), at)})')
            more = "+".join(terms)
            if form.more_column:
                put("more", more)
                more = p.value("more")
        else:
            more = "0"
        games = p.value("gamecount")
        put("gamecount", form.gamecount(p, more))
        put("total", f'IF({games}>0,{form.total(p)},"")')
        values = form.values(p)
        for key, formula in values.items():
            if key not in form.derived:
                put(key, f'IF({games}>0,{formula},"")')
        pk = p.value("pk")
        put("pk", f'IF({games}>0,ROUND({p.value("total")},9),"")')
        # The rank in stages, each a column only where a later stage needs
        # it as a criteria range: by score, then the applied tie-breakers,
        # then the final key.
        rank = f"RANK({pk},{p.column('pk', first, last)})"
        if form.applied:
            # The applied tie-breakers (whole numbers below 1000) as one
            # number; one more place for each player level on score with
            # more of it (numeric criteria: equal scores match exactly).
            weights = [1000 ** (len(form.applied) - 1 - i) for i in range(len(form.applied))]
            minor = "+".join(
                (f"({values[k]})" if k in form.derived else p.value(k)) + f"*{w}"
                for k, w in zip(form.applied, weights, strict=True)
            )
            comp = p.value("comp")
            put("comp", f'IF({games}>0,{minor},"")')
            level = f"{p.column('pk', first, last)},{pk}"
            higher = f'{p.column("comp", first, last)},">"&{comp}'
            rank = f"{rank}+COUNTIFS({level},{higher})"
        if form.final_key is not None:
            # Among players level so far, one more for each with a higher key
            # (the key is rounded to 9 decimals: its text is exact).
            put("rankwd", f'IF({games}>0,{rank},"")')
            rankwd = p.value("rankwd")
            key = p.value(form.final_key)
            level = f"{p.column('rankwd', first, last)},{rankwd}"
            higher = f'{p.column(form.final_key, first, last)},">"&{key}'
            rank = f"{rankwd}+COUNTIFS({level},{higher})"
        # The list key, unique: rank x (players + 1) + id, unranked players
        # last; Standings shows the rank from it.
        put("uniq", f"IF({games}>0,({rank})*{big}+$A{row},{big}*{big + 1}+$A{row})")
    return letters


# ------------------------------------------------------------------ Calc


def _calc_sheet(
    wb: Workbook,
    ws: Worksheet,
    plan: Plan,
    spec: System,
    params: Any,
    letters: dict[str, str],
    form: Formulas,
) -> None:
    _text(ws.cell(1, 1), "Helper values computed from Settings and Results: do not edit.")
    column = 11
    for name, table in form.steps.items():
        _text(ws.cell(2, column), f"{name}: key")
        _text(ws.cell(2, column + 1), "value")
        for r, (key, value) in enumerate(table, start=3):
            ws.cell(r, column, key)
            ws.cell(r, column + 1, value)
        last = 2 + len(table)
        for offset, part in enumerate(("key", "value")):
            c = get_column_letter(column + offset)
            _name(wb, f"calc_{name}_{part}", f"{CALC}!${c}$3:${c}${last}")
        column += 3
    settings_row = {
        name: r for r, name in enumerate((row[0] for row in _settings_table(spec, params, "")), 2)
    }
    _text(ws.cell(2, 1), "position points")
    _text(ws.cell(2, 3), "running sum")
    ws.cell(3, 3, 0)
    for k in range(1, MAX_POSITIONS + 1):
        ref = settings_row.get(f"positions_{k}")
        # N() of the value, 0 when blank (Gnumeric's N() of an empty cell is #NUM!).
        cell = f"{SHEETS['settings']}!$B${ref}"
        ws.cell(3 + k - 1, 2).value = f"=IF(COUNTA({cell})=0,0,N({cell}))" if ref else 0
        ws.cell(3 + k, 3).value = f"=C{2 + k}+B{2 + k}"
    _name(wb, "calc_pos", f"{CALC}!$B$3:$B${2 + MAX_POSITIONS}")
    _name(wb, "calc_cum", f"{CALC}!$C$3:$C${3 + MAX_POSITIONS}")
    done = plan.column_range("Game done")
    _text(ws.cell(2, 5), "finished games")
    ws["F2"] = f"=SUM({done})/7"
    _name(wb, "calc_games", f"{CALC}!$F$2")
    _text(ws.cell(3, 5), "rounds with a finished game")
    ws["F3"] = f'=COUNTIF($H$3:$H${2 + plan.rounds},">0")'
    _name(wb, "calc_rounds", f"{CALC}!$F$3")
    _text(ws.cell(5, 5), "decimals of game scores")
    rt = fx.setting_name("round_to")
    has_round = any(name == "round_to" for name, _ in spec.parameters())
    ws["F5"] = f"=IF(ISNUMBER({rt}),{rt},15)" if has_round else 15
    _name(wb, "calc_digits", f"{CALC}!$F$5")
    _text(ws.cell(4, 5), "score floor")
    has_key = fx.SCORE_KEY in plan.columns
    ws["F4"] = f"=MIN({plan.column_range(fx.SCORE_KEY)})-1" if has_key else 0
    _name(wb, "calc_floor", f"{CALC}!$F$4")
    _text(ws.cell(2, 8), "finished games in round")
    _text(ws.cell(2, 9), "player twice in round")
    for rnd in range(1, plan.rounds + 1):
        r = 2 + rnd
        ws.cell(r, 7, rnd)
        ws.cell(r, 8).value = f"=SUM({plan.round_range('Game done', rnd)})/7"
        a = letters[f"a_{rnd}"]
        ws.cell(r, 9).value = (
            f"=COUNT({plan.round_range('Player id', rnd)})"
            f">COUNT({SUMMARY}!${a}$2:${a}${plan.players + 1})"
        )
    _name(wb, "calc_doubles", f"{CALC}!$I$3:$I${2 + plan.rounds}")
    _text(ws.cell(2, 10), "row in round")
    for k in range(1, plan.rows_per_round + 1):
        _put(ws, 2 + k, 10, k, "n")
    _name(wb, "calc_seq", f"{CALC}!$J$3:$J${2 + plan.rows_per_round}")


def _settings_table(spec: System, params: Any, title: str) -> list[tuple[str, Any, str]]:
    """The Settings rows as written: :func:`settings_rows`, with each tuple
    parameter padded to seven rows (blank: 0 points) so that a TD can add a
    position without breaking a formula."""
    rows = settings_rows(spec, params, title)
    tuples = {name for name, default in spec.parameters() if isinstance(default, tuple)}
    out: list[tuple[str, Any, str]] = []
    for i, row in enumerate(rows):
        out.append(row)
        base = row[0].rsplit("_", 1)[0]
        nxt = rows[i + 1][0].rsplit("_", 1)[0] if i + 1 < len(rows) else None
        if base in tuples and nxt != base:
            have = len(getattr(params, base))
            out.extend(
                (f"{base}_{k}", None, f"{base}: element {k} (blank: 0)")
                for k in range(have + 1, MAX_POSITIONS + 1)
            )
    return out


# ------------------------------------------------------------------ Standings


def _standings_sheet(ws: Worksheet, plan: Plan, form: Formulas, letters: dict[str, str]) -> None:
    headers = ["Rank", "Player", "Score", "Games", *(h for _, h in form.standings)]
    helper = len(headers) + 1
    _header(ws, [*headers, "Row"])
    n = plan.players
    hl = get_column_letter(helper)

    def col(name: str) -> str:
        c = letters[name]
        return f"{SUMMARY}!${c}$2:${c}${n + 1}"

    sources = ["uniq", None, "total", "gamecount", *(k for k, _ in form.standings)]
    for k in range(1, n + 1):
        row = k + 1
        # The k-th smallest list key (unique: rank, then id).
        key = f"LARGE({col('uniq')},{n + 1 - k})"
        _formula(ws, row, helper, f"MATCH({key},{col('uniq')},0)")
        for i, source in enumerate(sources, start=1):
            if source == "uniq":  # the rank, from the list key
                x = f"INDEX({col('uniq')},${hl}{row})"
                _formula(ws, row, i, f'IF({x}>{(n + 1) * (n + 1)},"",INT({x}/{n + 1}))')
            elif source is None:
                _formula(ws, row, i, f'INDEX({SHEETS["players"]}!$B$2:$B${n + 1},${hl}{row})&""')
            elif source in form.derived:
                # Shown from the Summary value it is packed in.
                base, expr = form.derived[source]
                x = f"INDEX({col(base)},${hl}{row})"
                _formula(ws, row, i, f'IF({x}="","",{expr.format(x)})')
            else:
                _formula(ws, row, i, f"INDEX({col(source)},${hl}{row})")
        ws.cell(row, 3).number_format = score_format(form)
    ws.column_dimensions[hl].hidden = True
    ws.column_dimensions["A"].width = 6
    ws.column_dimensions["B"].width = 28
    ws.column_dimensions["C"].width = 12
    for i in range(4, helper):
        ws.column_dimensions[get_column_letter(i)].width = 15
    note_col = helper + 2
    _text(ws.cell(1, note_col), "Tie-breakers")
    ws.cell(1, note_col).font = HEADER_FONT
    note = ws.cell(2, note_col)
    _text(note, form.note)
    note.alignment = Alignment(wrap_text=True, vertical="top")
    ws.column_dimensions[get_column_letter(note_col)].width = 60
    ws.freeze_panes = "C2"
    ws.print_title_rows = "1:1"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_area = f"A1:{get_column_letter(helper - 1)}{n + 1}"


# ------------------------------------------------------------------ Powers

POWERS_HEADERS = (
    "Power",
    "Games",
    "Total centres",
    "Mean centres",
    "Solos",
    "Eliminations",
    "Mean score",
    "Best country",
    "Best score",
    "Holders",
)


def _powers_sheet(wb: Workbook, ws: Worksheet, plan: Plan, form: Formulas) -> None:
    headers = list(POWERS_HEADERS)
    htm = not form.per_game
    if htm:
        headers += ["Result total", "Power mean"]
    passes = list(form.best_passes)
    pass_cols = [f"Best pass {i}" for i in range(1, len(passes) + 1)]
    headers += [*pass_cols, "Best row"]
    _header(ws, headers)
    letter = {h: get_column_letter(i) for i, h in enumerate(headers, start=1)}
    power = plan.column_range("Power")
    done = plan.column_range("Game done")
    rng = {h: plan.column_range(h) for h in ("Centres", "Score", "Player")}
    for i, pw in enumerate(Power):
        r = i + 2
        _text(ws.cell(r, 1), pw.title)
        a = f"$A{r}"
        g = f"{letter['Games']}{r}"
        ws[g] = f"=COUNTIFS({power},{a},{done},1)"
        tc = f"{letter['Total centres']}{r}"
        ws[tc] = f"=SUMIFS({rng['Centres']},{power},{a},{done},1)"
        ws[f"{letter['Mean centres']}{r}"] = f'=IF({g}>0,{tc}/{g},"")'
        ws[f"{letter['Solos']}{r}"] = (
            f"=COUNTIFS({power},{a},{done},1,{rng['Centres']},"
            f'">="&{fx.setting_name("victory_centres")})'
        )
        ws[f"{letter['Eliminations']}{r}"] = f"=COUNTIFS({power},{a},{rng['Centres']},0,{done},1)"
        ws[f"{letter['Mean score']}{r}"] = (
            f'=IF({g}>0,SUMIFS({rng["Score"]},{power},{a},{done},1)/{g},"")'
        )
        if htm:
            rt = f"{letter['Result total']}{r}"
            ws[rt] = f"=SUMIFS({plan.column_range('Result')},{power},{a},{done},1)"
            ws[f"{letter['Power mean']}{r}"] = f'=IF({g}>0,{rt}/{g},"")'
        mask = f"({power}={a})*({done}=1)"
        conds: list[str] = []
        for kind, pc in zip(passes, pass_cols, strict=True):
            cell = f"{letter[pc]}{r}"
            if kind == "score":  # shifted to be positive; compared, never shown
                value = f"({plan.column_range(fx.SCORE_KEY)}-calc_floor)"
                ws[cell] = f"=SUMPRODUCT(MAX({mask}{''.join(conds)}*{value}))"
            elif kind == "gamekey":  # positive for every finished game
                value = plan.column_range("Game key")
                ws[cell] = f"=SUMPRODUCT(MAX({mask}{''.join(conds)}*{value}))"
            else:
                value = plan.column_range("Centres")
                ws[cell] = f"=SUMPRODUCT(MAX({mask}{''.join(conds)}*({value}+1)))-1"
            conds.append(f"*({value}={cell})")
        chosen = f"{mask}{''.join(conds)}"
        br = f"{letter['Best row']}{r}"
        ws[br] = f'=IF({g}>0,MATCH(1,INDEX({chosen},0),0),"")'
        ws[f"{letter['Best country']}{r}"] = f'=IF({g}>0,INDEX({rng["Player"]},{br}),"")'
        ws[f"{letter['Best score']}{r}"] = f'=IF({g}>0,INDEX({rng["Score"]},{br}),"")'
        ws[f"{letter['Holders']}{r}"] = f'=IF({g}>0,SUMPRODUCT({chosen}),"")'
        for h in ("Mean centres", "Mean score", "Best score"):
            ws[f"{letter[h]}{r}"].number_format = "0.0000"
    if htm:
        _name(
            wb,
            "htm_sums",
            f"{SHEETS['powers']}!${letter['Result total']}$2:${letter['Result total']}$8",
        )
    _name(wb, "power_names", f"{SHEETS['powers']}!$A$2:$A$8")
    for h in [*pass_cols, "Best row"]:
        ws.column_dimensions[letter[h]].hidden = True
    for h, c in letter.items():
        ws.column_dimensions[c].width = max(10, len(h) + 3)
    ws.column_dimensions[letter["Best country"]].width = 26
    note = ws.cell(10, 1)
    _text(
        note,
        "Games: finished games. Best country: the best single game with that power "
        + (
            "(outcome, then points; dipxl score applies Detour's full comparison)."
            if "gamekey" in passes
            else "(highest score, then most centres)."
        )
        + " Holders: how many games share that best.",
    )
    ws.freeze_panes = "B2"


# ------------------------------------------------------------------ Charts


def _text_categories(chart: BarChart) -> None:
    """Categories read from text cells (player and power names) as a string
    reference (``strRef``), which is what they are; openpyxl's
    ``set_categories`` writes every reference as numbers (``numRef``)."""
    for series in chart.series:
        series.cat = AxDataSource(strRef=StrRef(f=series.cat.numRef.f))


def _charts_sheet(ws: Worksheet, plan: Plan) -> None:
    top = min(10, plan.players)
    standings = ws.parent[SHEETS["standings"]]
    powers = ws.parent[SHEETS["powers"]]
    chart = BarChart()
    chart.type = "bar"
    chart.title = f"Standings: top {top}"
    chart.y_axis.title = "Score"
    data = Reference(standings, min_col=3, min_row=1, max_row=top + 1)
    cats = Reference(standings, min_col=2, min_row=2, max_row=top + 1)
    chart.add_data(data, titles_from_data=True)
    chart.set_categories(cats)
    _text_categories(chart)
    chart.x_axis.scaling.orientation = "maxMin"
    chart.legend = None
    chart.height = 10
    chart.width = 20
    ws.add_chart(chart, "A1")
    means = BarChart()
    means.title = "Mean centres per power"
    means.y_axis.title = "Centres"
    data = Reference(powers, min_col=4, min_row=1, max_row=8)
    cats = Reference(powers, min_col=1, min_row=2, max_row=8)
    means.add_data(data, titles_from_data=True)
    means.set_categories(cats)
    _text_categories(means)
    means.legend = None
    means.height = 10
    means.width = 20
    ws.add_chart(means, "A22")


# ------------------------------------------------------------------ Help


def _paragraphs(text: str) -> list[str]:
    """Docstring paragraphs, each joined into one line (a wrapped cell)."""
    return [" ".join(block.split()) for block in text.split("\n\n") if block.strip()]


def _help_sheet(ws: Worksheet, spec: System, form: Formulas, plan: Plan) -> None:
    lines = [
        ("How to fill in this workbook", True),
        (
            "1. Players: type every player's name (replace the placeholders; late players go "
            "in the empty rows); keep the ids.",
            False,
        ),
        (
            f"2. Results: {plan.rounds} rounds of {plan.boards} boards, seven rows a board with "
            "the powers already in canonical order. For each seat pick the Player, type the "
            "final Centres (0-34), the Eliminated year for a player who lost the last centre "
            "(Detour's survival point needs it) and, only when the draw did not include every "
            "survivor, Y for each draw member (or N for a survivor left out).",
            False,
        ),
        (
            "3. A board is scored once all seven centre counts are entered; unfinished boards "
            "count nowhere. Scores, Standings, Powers and Charts follow at once.",
            False,
        ),
        (
            "4. Settings: change a parameter and every score follows. Do not rename the "
            "setting names in column A.",
            False,
        ),
        (
            "Highlighted in red: a game whose centres total more than 34, a player seated "
            "twice in one round, a name missing from the Players sheet. In amber: a missing "
            "player or centre count in a game that has started. In purple: a Centres or "
            f"Eliminated entry that is text, not a number (e.g. pasted); its game is not "
            f"counted and its Score cells say \"{fx.TEXT_ENTRY}\" until it is typed again as "
            "a number. A player in two games of one round scores both (at most two are read "
            "per round).",
            False,
        ),
        ("", False),
        (f"Scoring system: {spec.title} ({spec.id})", True),
        *((paragraph, False) for paragraph in _paragraphs(spec.description)),
        ("", False),
        ("Tie-breakers", True),
        (form.note, False),
        ("", False),
        (
            "This workbook was generated by dipxl (`dipxl new`); `dipxl score` reads it "
            "back and prints the same standings with every tie-breaker applied.",
            False,
        ),
    ]
    for r, (text, bold) in enumerate(lines, start=1):
        cell = ws.cell(r, 1)
        _text(cell, text)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        if bold:
            cell.font = Font(bold=True, size=12)
    ws.column_dimensions["A"].width = 110
