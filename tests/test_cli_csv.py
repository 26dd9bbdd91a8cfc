"""The first command line: systems, CSV scoring, the built-in example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.csvio import parse_csv
from dipxl.errors import InputError
from dipxl.examples import worked_games_event
from dipxl.standings import score_tournament

HEADER = "round,board,power,player,centres,eliminated,draw\n"


def event_csv() -> str:
    lines = [HEADER.strip()]
    for game in worked_games_event().games:
        for seat in game.seats:
            lines.append(f"{game.round},{game.board},{seat.power.abbreviation},{seat.player},"
                         f"{seat.centres},{seat.eliminated or ''},")
    return "\n".join(lines) + "\n"


def test_systems_lists_every_id() -> None:
    result = CliRunner().invoke(cli, ["systems", "--format", "json"])
    assert result.exit_code == 0
    ids = [s["id"] for s in json.loads(result.output)]
    assert ids[:4] == ["cdiplo", "detour98e", "dimvalue", "htm"]


def test_score_csv_as_json_matches_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "event.csv"
    path.write_text(event_csv())
    before = path.read_bytes()
    result = CliRunner().invoke(cli, ["score", str(path), "--system", "detour98e",
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = score_tournament(worked_games_event(), "detour98e").to_dict()
    assert data["standings"] == expected["standings"]
    assert data["games"] == expected["games"]
    assert path.read_bytes() == before


def test_score_csv_table_and_csv_formats(tmp_path: Path) -> None:
    path = tmp_path / "event.csv"
    path.write_text(event_csv())
    table = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo"])
    assert table.exit_code == 0 and "Greta" in table.output and "Best country" in table.output
    out = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--format", "csv"])
    assert out.output.splitlines()[0] == "rank,player,score,games"


def test_a_bad_cell_is_named_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(HEADER + "1,1,A,P1,12a,,\n")
    result = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo"])
    assert result.exit_code == 1
    assert ('bad.csv: line 2, column centres (round 1, board 1, Austria, P1): '
            'centres must be a whole number 0-34, got "12a"') in result.output


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "event.csv"
    path.write_text(event_csv())
    assert CliRunner().invoke(cli, ["score", str(path), "-s", "nope"]).exit_code == 2
    assert CliRunner().invoke(cli, ["score", str(path), "-p", "oops", "-s", "htm"]).exit_code == 2


def test_parameters_and_after_round(tmp_path: Path) -> None:
    path = tmp_path / "event.csv"
    path.write_text(event_csv())
    result = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "-p", "solo=50",
                                      "--after-round", "3", "--format", "json"])
    data = json.loads(result.output)
    assert data["parameters"]["solo"] == 50 and data["after_round"] == 3
    assert max(s["score"] for g in data["games"] for s in g["seats"]) == 56


def test_missing_column_names_the_header() -> None:
    with pytest.raises(InputError, match=r"missing column.s. centres") as err:
        parse_csv("round,board,power,player\n1,1,A,X\n", "x.csv")
    assert err.value.where == "x.csv: line 1"


def test_builtin_example_runs() -> None:
    result = CliRunner().invoke(cli, ["example", "htm"])
    assert result.exit_code == 0 and "P8" in result.output and "4.6667" in result.output
