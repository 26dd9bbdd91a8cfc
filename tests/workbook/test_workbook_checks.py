"""The Results sheet's checks for the TD, really computed by every formula
judge (LibreOffice, formualizer, IronCalc: :data:`engines.SUITE_JUDGES`):
each conditional-formatting rule flags what it should and nothing else, and
a Centres or Eliminated entry typed as text stops its game from counting,
visibly.

A conditional-formatting rule cannot be read back as computed, so each
rule's formula is resolved for every cell of its range (relative references
moved from the range's first cell to that cell, as Excel and LibreOffice
apply it) and written into a spare cell of the same row (the rules use
ROW()); LibreOffice recalculates those probes with the rest of the
workbook, and the cells whose probe is TRUE are compared with the cells the
rule should flag, worked out here from the entries.  The workbooks are
written once and each judge recalculates them all once (LibreOffice in one
soffice run).
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from engines import SUITE_JUDGES, available, recalculate_many
from lo import error_cells
from openpyxl import load_workbook
from openpyxl.formula.translate import Translator
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries
from tournaments import random_tournament

from dipxl.model import Tournament
from dipxl.standings import score_tournament
from dipxl.systems import canonical
from dipxl.workbook.formulas import TEXT_ENTRY
from dipxl.workbook.writer import build_workbook

SYSTEMS = tuple(s.id for s in canonical())
ROUNDS, BOARDS = 3, 4
PLAYER, CENTRES, ELIMINATED = 4, 5, 6  # Results columns D, E, F

# The filled Results rows of the flags workbook, by (round, board): the
# player and centre count of each of the seven seats (None: left empty),
# and what the board shows.
NAMES = [f"P{i}" for i in range(1, 25)] + ["St*r", "Star"]


def _seats(names: list[str | None], centres: list[object]) -> list[tuple[str | None, object]]:
    return list(zip(names, centres, strict=True))


BOARDS_FILLED: dict[tuple[int, int], list[tuple[str | None, object]]] = {
    # A finished game: nothing flagged ("Star" would match "St*r" as a wildcard).
    (1, 1): _seats(["St*r", "Star", "P1", "P2", "P3", "P4", "P5"], [9, 8, 6, 5, 4, 2, 0]),
    # 35 centres: every Centres cell of the game flagged.
    (1, 2): _seats(["P6", "P7", "P8", "P9", "P10", "P11", "P12"], [10, 9, 8, 5, 3, 0, 0]),
    # St*r's second seat in round 1: that Player cell flagged, not the first.
    (1, 3): _seats(["P13", "P14", "St*r", "P15", "P16", "P17", "P18"], [7] * 4 + [6, 0, 0]),
    # Started: one centre count and one player missing: those rows flagged.
    (1, 4): _seats(["P19", "P20", None, "P21", "P22", "P23", "P24"], [5, 5, 5, None, 5, 5, 5]),
    # Seated but not started: nothing flagged.
    (2, 1): [(name, None) for name in ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]],
    # Centres "5" typed as text: that cell flagged, not the game's others.
    (2, 2): _seats(["P8", "P9", "P10", "P11", "P12", "P13", "P14"], [10, 8, "5", 5, 4, 2, 0]),
    # A name missing from the Players sheet: flagged.
    (3, 1): _seats(["P1", "P2", "Nobody", "P3", "P4", "P5", "P6"], [6, 6, 6, 6, 5, 5, 0]),
}
# An elimination year typed as text: (round, board, seat).
TEXT_YEAR = (1, 1, 6)


def _row(rnd: int, board: int, seat: int = 0) -> int:
    return 2 + ((rnd - 1) * BOARDS + board - 1) * 7 + seat


def _set(ws: Any, row: int, column: int, value: object) -> None:
    if value is None:  # left empty, as a TD leaves it
        return
    ws.cell(row, column).value = value
    if isinstance(value, str):
        ws.cell(row, column).data_type = "s"  # text, never a formula


def _flags_workbook(system: str) -> Any:
    wb = build_workbook(system, None, "flags", ROUNDS, BOARDS, NAMES)
    ws = wb["Results"]
    for (rnd, board), seats in BOARDS_FILLED.items():
        for i, (name, centres) in enumerate(seats):
            _set(ws, _row(rnd, board, i), PLAYER, name)
            _set(ws, _row(rnd, board, i), CENTRES, centres)
            if centres == 0 and (rnd, board, i) != TEXT_YEAR:  # as systems that read it need
                _set(ws, _row(rnd, board, i), ELIMINATED, 1903 + i)
    _set(ws, _row(*TEXT_YEAR), ELIMINATED, "1907")
    return wb


def _kind(formula: str) -> str:
    """Which check a rule is, from its formula."""
    if formula.startswith("COUNTA("):
        return "text"
    if formula.startswith("SUM("):
        return "centres over 34"
    if "sum_a_" in formula:
        return "seated twice"
    if "COUNT(" in formula:
        return "missing entry"
    return "unknown name"


def _add_probes(ws: Any) -> dict[tuple[int, int], tuple[str, int]]:
    """Every rule resolved for every cell of its range, in a spare cell of
    that cell's row: spare cell -> (check, column of the checked cell)."""
    probes: dict[tuple[int, int], tuple[str, int]] = {}
    column = ws.max_column + 2
    for rng, rules in ws.conditional_formatting._cf_rules.items():
        for rule in rules:
            (formula,) = rule.formula
            if formula == "TRUE":  # the chart's input colour, not a check
                continue
            for cells in str(rng.sqref).split():
                left, top, right, bottom = range_boundaries(cells)
                origin = f"{get_column_letter(left)}{top}"
                for c in range(left, right + 1):
                    target = f"{get_column_letter(c)}{{}}"
                    for r in range(top, bottom + 1):
                        text = Translator("=" + formula, origin).translate_formula(
                            target.format(r)
                        )
                        ws.cell(r, column).value = text
                        probes[(r, column)] = (_kind(formula), c)
                    column += 1
    return probes


def _expected_flags() -> set[tuple[str, int, int]]:
    """(check, row, column) of every cell that must be flagged, from the
    entries alone."""
    want: set[tuple[str, int, int]] = set()
    seen: set[tuple[int, str]] = set()
    for (rnd, board), seats in sorted(BOARDS_FILLED.items()):
        rows = [_row(rnd, board, i) for i in range(7)]
        numbers = [c for _, c in seats if isinstance(c, int)]
        for row, (name, centres) in zip(rows, seats, strict=True):
            if sum(numbers) > 34:
                want.add(("centres over 34", row, CENTRES))
            if numbers and (name is None or centres is None):
                want |= {("missing entry", row, PLAYER), ("missing entry", row, CENTRES)}
            if isinstance(centres, str):
                want.add(("text", row, CENTRES))
            if name is not None and name not in NAMES:
                want.add(("unknown name", row, PLAYER))
            elif name is not None and (rnd, name) in seen:
                want.add(("seated twice", row, PLAYER))
            seen.add((rnd, name or ""))
    want.add(("text", _row(*TEXT_YEAR), ELIMINATED))
    return want


def _text_case(system: str) -> tuple[Any, Tournament, list[tuple[int, int]]]:
    """A filled workbook with one Centres count and one elimination year of
    two finished games retyped as text; the tournament the workbook should
    then score (those two games left out) and the two games."""
    t = random_tournament(40 + SYSTEMS.index(system), 28, 3, unfinished_share=0.0)
    wb = build_workbook(system, None, "text", tournament=t)
    boards = max(g.board for g in t.games)
    ws = wb["Results"]
    year_game = next(g for g in t.games if any(s.eliminated for s in g.seats) and g.round > 1)
    centres_game = next(g for g in t.games if g is not year_game)
    first = {
        g: 2 + ((g.round - 1) * boards + g.board - 1) * 7 for g in (year_game, centres_game)
    }
    seat = next(i for i, s in enumerate(year_game.seats) if s.eliminated)
    _set(ws, first[year_game] + seat, ELIMINATED, str(year_game.seats[seat].eliminated))
    _set(ws, first[centres_game] + 2, CENTRES, str(centres_game.seats[2].centres))
    kept = tuple(g for g in t.games if g not in (year_game, centres_game))
    return wb, Tournament(kept), [(g.round, g.board) for g in (centres_game, year_game)]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Any], dict[str, Any]]:
    """The workbooks saved, and what each should show."""
    src = tmp_path_factory.mktemp("checks")
    paths, found = [], {}
    for system in SYSTEMS:
        wb = _flags_workbook(system)
        found[f"probes {system}"] = _add_probes(wb["Results"])
        paths.append(src / f"flags-{system}.xlsx")
        wb.save(paths[-1])
        wb, kept, games = _text_case(system)
        found[f"text {system}"] = (kept, games)
        paths.append(src / f"text-{system}.xlsx")
        wb.save(paths[-1])
    return paths, found


@pytest.fixture(scope="module", params=SUITE_JUDGES)
def books(
    request: pytest.FixtureRequest,
    written: tuple[list[Any], dict[str, Any]],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, Any]:
    """The workbooks recalculated by each judge, and what each should show."""
    judge: str = request.param
    missing = available(judge)
    if missing:
        pytest.skip(missing)
    paths, expected = written
    found = dict(expected)
    for path in recalculate_many(judge, paths, tmp_path_factory.mktemp(f"checked-{judge}")):
        found[path.stem] = load_workbook(path, data_only=True)
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_flag_marks_what_it_should_and_nothing_else(
    system: str, books: dict[str, Any]
) -> None:
    ws = books[f"flags-{system}"]["Results"]
    got = set()
    for (row, column), (check, target) in books[f"probes {system}"].items():
        value = ws.cell(row, column).value
        assert isinstance(value, bool), (check, row, target, value)  # no error value
        if value:
            got.add((check, row, target))
    assert got == _expected_flags()


@pytest.mark.parametrize("system", SYSTEMS)
def test_flags_workbook_scores_only_its_plain_finished_games(
    system: str, books: dict[str, Any]
) -> None:
    """Boards 1-1 (its elimination year typed as text) and 2-2 (a count
    typed as text) are not scored and say so; unfinished and empty boards
    are blank; the others are scored (1-2's 35 centres too: the red flag
    is its warning)."""
    ws = books[f"flags-{system}"]["Results"]
    score = [c.value for c in ws[1]].index("Score") + 1

    def scores(rnd: int, board: int) -> set[object]:
        return {ws.cell(_row(rnd, board, i), score).value for i in range(7)}

    assert scores(1, 1) == scores(2, 2) == {TEXT_ENTRY}
    for board in ((1, 4), (2, 1), (2, 3), (3, 2)):
        assert scores(*board) == {None}, board
    for board in ((1, 2), (1, 3), (3, 1)):
        got = scores(*board)
        assert all(isinstance(v, int | float) for v in got), board


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_text_entry_stops_its_game_and_says_so(system: str, books: dict[str, Any]) -> None:
    """The workbook scores the tournament without the two games holding
    text (their Score cells say TEXT_ENTRY), no cell holds an error, and
    its standings are the engine's for the games it counts."""
    wb = books[f"text-{system}"]
    kept, games = books[f"text {system}"]
    want = score_tournament(kept, system)
    per_game = {(sg.round, sg.board): sg.scores for sg in want.games}
    header = [c.value for c in wb["Results"][1]]
    for row in wb["Results"].iter_rows(min_row=2, values_only=True):
        r = dict(zip(header, row, strict=False))
        key = (r["Round"], r["Board"])
        if key in games:
            assert r["Score"] == TEXT_ENTRY, key
        else:
            power = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
            expected = per_game[key][power.index(r["Power"])]
            assert math.isclose(r["Score"], expected, rel_tol=1e-9, abs_tol=1e-9), key
    assert error_cells(wb) == []
    got = {
        row[1]: row[2] for row in wb["Standings"].iter_rows(min_row=2, values_only=True) if row[1]
    }
    for r in want.rows:
        assert math.isclose(got[r.player], r.score, rel_tol=1e-9, abs_tol=1e-9), r.player
