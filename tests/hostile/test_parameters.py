"""Hostile scoring parameters, from the command line (``-p``) and from a
workbook's Settings sheet: a usage error or an error naming the Settings
cell, or standings whose every number is finite; never a traceback, NaN or
an infinity (``1e308`` points summed overflow to inf)."""

from __future__ import annotations

import datetime
import json
import math
import os
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipxl.cli import cli
from dipxl.errors import DipxlError
from dipxl.examples import worked_games_event
from dipxl.model import Seat, Tournament
from dipxl.standings import score_tournament
from dipxl.systems import SYSTEMS, get_system
from dipxl.tables import standings_dict
from tests.hostile.fuzz import ErrorValue, Formula
from tests.workbooks import results_workbook

TEXTS = ["nan", "inf", "-inf", "1e999", "1e308", "-1e308", "1e13", "abc", "", "=1+1", "#N/A",
         "\x1b[2J", "1,1e308", "99999999999999999999999"]
CELLS: list[object] = [
    *(t for t in TEXTS if t.isprintable()), 1e308, -1e308, 1e13, 10**20, True, False,
    datetime.datetime(2026, 1, 1), Formula("=1/0"), Formula("=2"), ErrorValue("#N/A"),
    ErrorValue("#NUM!"),
]
FINAL_YEAR = 1910  # after every elimination year of the worked boards


def dated_event() -> Tournament:
    """The worked boards with the final year a system that reads it needs
    (World Classic, Whipping, ... score a solo's surviving losers by it)."""
    event = worked_games_event()
    return Tournament(tuple(
        replace(g, seats=tuple(Seat(s.player, s.power, s.centres, s.eliminated, s.in_draw,
                                    FINAL_YEAR, s.chart) for s in g.seats))
        for g in event.games), event.title)


PARAMETERS = [(s.id, name) for s in SYSTEMS for name, _ in s.parameters()]


def _no_constant(text: str) -> None:
    raise AssertionError(f"non-finite number {text} in JSON")


def _all_finite(data: Any) -> bool:
    if isinstance(data, float):
        return math.isfinite(data)
    if isinstance(data, dict):
        return all(_all_finite(v) for v in data.values())
    if isinstance(data, list):
        return all(_all_finite(v) for v in data)
    return True


@pytest.fixture(scope="module")
def event_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("params") / "event.csv"
    lines = ["round,board,power,player,centres,eliminated,year"]
    for g in dated_event().games:
        lines += [f"{g.round},{g.board},{s.power.title},{s.player},{s.centres},"
                  f"{s.eliminated or ''},{s.year}" for s in g.seats]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("system", "name"), PARAMETERS)
def test_hostile_command_line_parameters(event_csv: Path, system: str, name: str) -> None:
    for text in TEXTS:
        result = CliRunner().invoke(cli, ["score", str(event_csv), "-s", system, "-p",
                                          f"{name}={text}", "--format", "json"])
        assert result.exit_code in (0, 2), (text, result.output, result.exception)
        if result.exit_code == 2:
            assert name in result.stderr or "NAME=VALUE" in result.stderr, result.stderr
        else:
            data = json.loads(result.stdout, parse_constant=_no_constant)
            assert _all_finite(data)


@settings(
    max_examples=max(30, int(os.environ.get("DIPXL_FUZZ_EXAMPLES", "120")) // 4),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(which=st.sampled_from(PARAMETERS), value=st.sampled_from(CELLS))
def test_hostile_settings_cells(which: tuple[str, str], value: object) -> None:
    system, name = which
    spec = get_system(system)
    with tempfile.TemporaryDirectory() as scratch:
        path = results_workbook(Path(scratch) / "e.xlsx", dated_event(), system)
        wb = openpyxl.load_workbook(path)
        ws = wb["Settings"]
        cell = None
        for row in ws.iter_rows(min_row=2):
            if row[0].value in (name, f"{name}_1"):
                cell = row[1]
                break
        if cell is None and isinstance(dict(spec.parameters())[name], tuple):
            ws.append([f"{name}_1"])  # a list left empty has no row (round_weights): add one
            cell = ws.cell(ws.max_row, 2)
        assert cell is not None, name
        if isinstance(value, Formula):
            cell.value = value.text
        elif isinstance(value, ErrorValue):
            cell.value, cell.data_type = value.text, "e"
        else:
            cell.value = value
            if isinstance(value, str):
                cell.data_type = "s"
        wb.save(path)
        from dipxl.workbook.reader import read_workbook

        try:
            book = read_workbook(path)
            standings = score_tournament(book.tournament, book.system or spec, book.overrides)
        except DipxlError as err:
            if name == "victory_centres" and "two powers reach the victory criterion" in str(err):
                # A legal victory count so low (=2 is read as the 2 typed)
                # that a board has two winners: that board is the error.
                assert "Results!" in str(err), str(err)
                return
            assert str(err).startswith(f"e.xlsx: Settings!{cell.coordinate}: "), str(err)
            return
        assert _all_finite(standings_dict(standings))
