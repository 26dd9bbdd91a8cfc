"""A board lacking an input its rule needs (an elimination year, the final
year) is refused by ``dipxl score`` naming the field; the workbook's
formulas do not count it either, and say why on its Score cells and on
the Standings line of boards left out, never a number.  Judged for every
system of the registry: boards built so that each rule's needs are met on
some and missed on others, the engine's verdict on each board alone
against the recalculated workbook (one workbook a system, one engine run
a judge)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from engines import SUITE_JUDGES, available, recalculate_many
from lo import error_cells
from openpyxl import load_workbook

from dipxl.errors import DipxlError, InputError
from dipxl.model import Game, Power, Seat, Tournament
from dipxl.standings import score_tournament
from dipxl.systems import canonical
from dipxl.workbook.formulas import for_system
from dipxl.workbook.formulas.needs import ELIMINATION_YEAR_NEEDED, FINAL_YEAR_NEEDED
from dipxl.workbook.reader import read_workbook
from dipxl.workbook.writer import build_workbook

SYSTEMS = tuple(s.id for s in canonical())

# (centres, elimination years, draw flags, final year) by board.
Board = tuple[tuple[int, ...], tuple[int | None, ...], str, int | None]
BOARDS: tuple[Board, ...] = (
    # a draw, an eliminated power without its year
    ((10, 8, 6, 5, 3, 2, 0), (None,) * 7, "", 1908),
    # a draw with every year but the final one
    ((10, 8, 6, 5, 3, 2, 0), (None,) * 6 + (1904,), "", None),
    # a solo with other survivors, no final year
    ((18, 8, 4, 2, 1, 0, 0), (None,) * 5 + (1903, 1905), "", None),
    # a concession to a survivor with others alive, no final year
    ((9, 8, 6, 5, 3, 2, 0), (None,) * 6 + (1904,), "NYNNNN.", None),
    # a solo, everyone else eliminated with a year, no final year
    ((18, 0, 0, 0, 0, 0, 0), (None, 1903, 1904, 1905, 1905, 1906, 1907), "", None),
    # a solo with survivors and an eliminated power without a year, no final year
    ((18, 8, 4, 2, 1, 0, 0), (None,) * 7, "", None),
    # a concession to a lone survivor, no final year
    ((10, 0, 0, 0, 0, 0, 0), (None, 1903, 1904, 1905, 1905, 1906, 1907), "Y......", None),
    # everything given
    ((10, 8, 6, 5, 3, 2, 0), (None,) * 6 + (1904,), "", 1908),
)
REASONS = {"eliminated": ELIMINATION_YEAR_NEEDED, "year": FINAL_YEAR_NEEDED}


def _game(board: int, spec: Board) -> Game:
    centres, years, flags, final = spec
    seats = []
    for p, (c, e) in zip(Power, zip(centres, years, strict=True), strict=True):
        flag = flags[int(p)] if flags else "."
        seats.append(Seat(f"B{board} {p.title}", p, c, e,
                          {"Y": True, "N": False, ".": None}[flag], final))
    return Game(1, board, tuple(seats))


GAMES = tuple(_game(b, spec) for b, spec in enumerate(BOARDS, start=1))


def refusal(system: str, game: Game) -> str | None:
    """The reason the engine's refusal of this board alone names (the field
    of the InputError), None when it scores it."""
    try:
        score_tournament(Tournament((game,)), system)
    except InputError as err:
        assert err.field in REASONS, (system, game.label, err)
        return REASONS[err.field]
    return None


def verdicts(system: str) -> dict[int, tuple[float, ...] | str]:
    """Each board's reason for being refused, or its seven scores among
    the boards the engine accepts (HTM scores a game against the others)."""
    refused = {g.board: refusal(system, g) for g in GAMES}
    accepted = Tournament(tuple(g for g in GAMES if refused[g.board] is None))
    scored = {g.board: g.scores for g in score_tournament(accepted, system).games}
    return {b: reason if reason is not None else scored[b] for b, reason in refused.items()}


def test_a_need_is_declared_where_the_engine_refuses_boards() -> None:
    """Every system whose engine refuses one of these boards has a twin
    that declares what it needs (and the other way round)."""
    for system in SYSTEMS:
        refuses = any(refusal(system, g) is not None for g in GAMES)
        assert refuses == bool(for_system(canonical_system(system)).needs), system


def canonical_system(system: str) -> Any:
    return next(s for s in canonical() if s.id == system)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("needs")
    paths = []
    for system in SYSTEMS:
        wb = build_workbook(system, None, system, rounds=1, tournament=Tournament(GAMES))
        paths.append(folder / f"{system}.xlsx")
        wb.save(paths[-1])
    return paths


@pytest.mark.parametrize("judge", SUITE_JUDGES)
def test_the_formulas_leave_out_what_dipxl_score_refuses(
    judge: str, generated: list[Path], tmp_path: Path
) -> None:
    missing = available(judge)
    if missing:
        pytest.skip(missing)
    out = recalculate_many(judge, generated, tmp_path)
    failures = []
    for system, path in zip(SYSTEMS, out, strict=True):
        wb = load_workbook(path, data_only=True)
        assert error_cells(wb) == [], system
        ws = wb["Results"]
        header = {c.value: c.column for c in ws[1]}
        status = next(str(c.value) for row in wb["Standings"].iter_rows() for c in row
                      if isinstance(c.value, str) and "boards counted" in c.value)
        wanted = verdicts(system)
        for game in GAMES:
            want = wanted[game.board]
            first = 2 + (game.board - 1) * 7
            got = [ws.cell(first + i, header["Score"]).value for i in range(7)]
            done = ws.cell(first, header["Game done"]).value
            if isinstance(want, str):
                ok = got == [want] * 7 and done == 0 and f"B{game.board} (" in status \
                    and want in status
            else:
                ok = done == 1 and all(
                    isinstance(g, int | float) and math.isclose(g, w, rel_tol=1e-9, abs_tol=1e-9)
                    for g, w in zip(got, want, strict=True))
            if not ok:
                failures.append((system, game.board, want, got, done))
    assert failures == []


@pytest.mark.parametrize(("system", "board", "cells"), [
    ("bangkok", 1, "Results!F8 (round 1, board 1)"),  # Turkey's Eliminated cell
    ("detour09", 3, "Results!H16-H22 (round 1, board 3)"),  # the board's Year cells
])
def test_dipxl_score_names_the_cells_it_needs(
    tmp_path: Path, system: str, board: int, cells: str
) -> None:
    path = tmp_path / "event.xlsx"
    alone = Tournament((GAMES[board - 1],))
    build_workbook(system, None, system, rounds=1, boards=len(GAMES), tournament=alone).save(path)
    got = read_workbook(path)
    with pytest.raises(DipxlError) as refused:
        score_tournament(got.tournament, got.system, got.params)
    assert refused.value.where == cells
    assert "this system needs the year" in str(refused.value)
