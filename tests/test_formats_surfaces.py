"""A seeded event with a final (SCORING.md section 7) through every surface
of the engine's standings: ``dipxl score`` as JSON, CSV and the scored
workbook (from a CSV file and from a workbook's Settings) and
``DIPXL_STANDINGS``: first a solo on the top board, then a drawn final
counting double."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import dipxl.udfs as udfs
from dipxl.cli import cli
from dipxl.fields import FIELDS, seat_entries
from dipxl.model import Tournament
from dipxl.standings import Standings, score_tournament
from dipxl.systems import system_ids
from dipxl.tables import flag, shown, standings_dict, standings_table
from tests.finals import FINAL, final_event
from tests.workbooks import close, results_workbook, sheet_values, without_counted

# header: the case, its seed, solo on the top board, the parameters
CASES = [
    ("solo", 3, True, {"final_round": FINAL}),
    ("drawn-doubled", 5, False, {"final_round": FINAL, "round_weights": "1,1,1,1,2"}),
]
IDS = [c[0] for c in CASES]


def event_csv(event: Tournament, path: Path) -> Path:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    # The input columns, then the year-by-year chart: a column a year (1901, ...).
    years = sorted({y for game in event.games for seat in game.seats for y, _ in seat.chart})
    writer.writerow([*FIELDS, *map(str, years)])
    for game in event.games:
        for seat in game.seats:
            entries = seat_entries(seat)
            chart = dict(seat.chart)
            writer.writerow([game.round, game.board, seat.power.title,
                             *("" if entries[f] is None else entries[f] for f in FIELDS[3:]),
                             *(chart.get(y, "") for y in years)])
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def as_options(params: dict[str, object]) -> list[str]:
    return [arg for k, v in params.items() for arg in ("-p", f"{k}={v}")]


def engine(
    seed: int, solo: bool, params: dict[str, Any], system: str = "cdiplo"
) -> tuple[Tournament, Standings]:
    event = final_event(seed, solo=solo)
    return event, score_tournament(event, system, params)


def check_final(standings: Standings, solo: bool) -> None:
    """The final as the rule has it, before comparing any surface."""
    assert len(standings.finalists) == 7
    assert {r.player for r in standings.rows[:7]} == set(standings.finalists)
    if solo:
        assert standings.rows[0].player == standings.final_winner is not None
    else:
        assert standings.final_winner is None
        assert standings.params.round_weights == (1, 1, 1, 1, 2)


@pytest.mark.parametrize(("name", "seed", "solo", "params"), CASES, ids=IDS)
@pytest.mark.parametrize("system", system_ids())
def test_json_is_the_engine(
    tmp_path: Path, name: str, seed: int, solo: bool, params: dict[str, Any], system: str
) -> None:
    event, standings = engine(seed, solo, params, system)
    check_final(standings, solo)
    path = event_csv(event, tmp_path / f"{name}.csv")
    result = CliRunner().invoke(
        cli, ["score", str(path), "-s", system, *as_options(params), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # the warnings go to standard error
    want = json.loads(json.dumps(standings_dict(standings)))
    for key in ("title", "warnings"):  # the file's name; warnings naming its lines
        del data[key], want[key]
    assert data == want
    assert data["rounds"] == [1, 2, 3, 4, 5]
    assert data["final"] == {"round": FINAL, "board": 1, "finished": True,
                             "finalists": list(standings.finalists),
                             "solo": standings.final_winner}
    first = data["standings"][0]
    assert first["finalist"] is True and data["standings"][7]["finalist"] is False
    assert first["round_scores"] == [
        standings.round_score(first["player"], r) for r in range(1, FINAL + 1)]
    assert data["parameters"]["final_round"] == FINAL


@pytest.mark.parametrize(("name", "seed", "solo", "params"), CASES, ids=IDS)
def test_csv_is_the_engine(
    tmp_path: Path, name: str, seed: int, solo: bool, params: dict[str, Any]
) -> None:
    event, standings = engine(seed, solo, params)
    path = event_csv(event, tmp_path / f"{name}.csv")
    result = CliRunner().invoke(
        cli, ["score", str(path), "-s", "cdiplo", *as_options(params), "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = without_counted(list(csv.reader(io.StringIO(result.stdout))))
    assert rows[0] == ["rank", "player", "score", "games", "finalist", "r1", "r2", "r3", "r4", "r5"]
    table = standings_table(standings)
    for got, want in zip(rows[1:], table.rows, strict=True):
        assert int(got[0]) == want[0]
        assert got[1].removeprefix("'") == want[1]  # text a spreadsheet would run is defused
        assert got[4] == flag(want[4])
        for text, number in zip([got[2], *got[5:]], [want[2], *want[5:]], strict=True):
            assert text == str(shown(number, 2))  # C-Diplo's scores as shown: 2 decimals


@pytest.mark.parametrize(("name", "seed", "solo", "params"), CASES, ids=IDS)
@pytest.mark.parametrize("source", ["csv", "workbook"])
def test_the_scored_workbook_is_the_engine(
    tmp_path: Path, name: str, seed: int, solo: bool, params: dict[str, Any], source: str
) -> None:
    """From a CSV file with -p, and from a workbook whose Settings hold the
    options (round_weights as round_weights_1, _2, ...)."""
    event, standings = engine(seed, solo, params)
    if source == "csv":
        path = event_csv(event, tmp_path / f"{name}.csv")
        args = ["score", str(path), "-s", "cdiplo", *as_options(params), "--format", "xlsx"]
    else:
        path = results_workbook(tmp_path / f"{name}.xlsx", event, "cdiplo", params)
        args = ["score", str(path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    scored = path.with_name(f"{name}-scored.xlsx")
    got = without_counted(sheet_values(scored, "Standings"))
    table = standings_table(standings)
    assert got[0] == [c.header for c in table.columns]
    assert got[0][4:] == ["Finalist", "R1", "R2", "R3", "R4", "R5"]
    for line, want in zip(got[1:], table.rows, strict=True):
        assert close(line, [flag(v) for v in want]), (line, want)
    settings = {row[0]: row[1] for row in sheet_values(scored, "Settings")}
    assert settings["final_round"] == FINAL


@pytest.mark.parametrize(("name", "seed", "solo", "params"), CASES, ids=IDS)
def test_dipxl_standings_is_the_engine(name: str, seed: int, solo: bool,
                                       params: dict[str, Any]) -> None:
    event, standings = engine(seed, solo, params)
    results: list[list[object]] = [["Round", "Board", "Power", "Player", "Centres", "Eliminated"]]
    for game in event.games:
        for seat in game.seats:
            results.append([float(game.round), float(game.board), seat.power.title, seat.player,
                            float(seat.centres or 0), seat.eliminated])
    text = "; ".join(f"{k}={v}" for k, v in params.items())
    got = without_counted(udfs.DIPXL_STANDINGS(results, "cdiplo", text))
    table = standings_table(standings)
    assert got[0] == [c.title for c in table.columns]
    assert got[0][4] == "Finalist" and got[0][-5:] == ["R1", "R2", "R3", "R4", "R5"]
    for line, want in zip(got[1:], table.rows, strict=True):
        assert close(line, [flag(v) for v in want]), (line, want)
    # the options as name | value cells, the weights in one cell
    cells = [["final_round", float(FINAL)], *(
        [["round_weights", params["round_weights"]]] if "round_weights" in params else [])]
    assert without_counted(udfs.DIPXL_STANDINGS(results, "cdiplo", cells)) == got


def test_a_bad_option_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    path = event_csv(final_event(3, solo=True), tmp_path / "e.csv")
    for option, words in [("round_weights=1,1", "round_weights"),
                          ("round_weights=1,-2,1,1,1", "round_weights must be at least 0"),
                          ("final_round=8", "final_round")]:
        result = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "-p", option])
        assert result.exit_code != 0
        assert words in result.output, result.output
    both = CliRunner().invoke(
        cli, ["score", str(path), "-s", "cdiplo", "-p", "best_games=2", "-p", "best_rounds=2"])
    assert both.exit_code == 2 and "best_games" in both.output
    assert "cannot be combined with best_rounds" in both.output


def test_an_error_in_the_worksheet_function_names_the_parameter() -> None:
    results: list[list[object]] = [["Round", "Board", "Power", "Player", "Centres"]]
    event = final_event(3, solo=True)
    for game in event.games:
        for seat in game.seats:
            results.append([game.round, game.board, seat.power.title, seat.player,
                            seat.centres])
    with pytest.raises(Exception, match="round_weights") as caught:
        udfs.DIPXL_STANDINGS(results, "cdiplo", "round_weights=1,1")
    assert "5 rounds have been played" in str(caught.value)


def test_a_workbook_whose_weights_do_not_fit_the_event_names_the_settings_cell(
    tmp_path: Path,
) -> None:
    event = final_event(3, solo=True)
    path = results_workbook(tmp_path / "cup.xlsx", event, "cdiplo",
                            {"round_weights": "1,1,2", "final_round": FINAL})
    cells = {row[0]: i for i, row in enumerate(sheet_values(path, "Settings"), start=1)}
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code != 0
    assert f"Settings!B{cells['round_weights_1']}" in result.stderr, result.stderr
    assert "round_weights lists 3 weights" in result.stderr
    assert not path.with_name("cup-scored.xlsx").exists()
