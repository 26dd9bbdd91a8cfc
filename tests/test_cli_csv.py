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
from dipxl.systems import SYSTEMS
from dipxl.tables import standings_dict

HEADER = "round,board,power,player,centres,eliminated,draw\n"


def event_csv() -> str:
    lines = [HEADER.strip() + ",year"]  # the Year column after Draw
    for game in worked_games_event().games:
        for seat in game.seats:
            lines.append(f"{game.round},{game.board},{seat.power.abbreviation},{seat.player},"
                         f"{seat.centres},{seat.eliminated or ''},,{seat.year or ''}")
    return "\n".join(lines) + "\n"


def test_systems_lists_every_id() -> None:
    result = CliRunner().invoke(cli, ["systems", "--format", "json"])
    assert result.exit_code == 0
    ids = [s["id"] for s in json.loads(result.output)]
    assert ids == [s.id for s in SYSTEMS]
    assert ids[:4] == ["cdiplo", "detour98e", "dimvalue", "htm"]  # canonical systems first


def test_systems_shows_titles_rules_and_parameters_with_defaults() -> None:
    table = CliRunner().invoke(cli, ["systems"])
    data = json.loads(CliRunner().invoke(cli, ["systems", "--format", "json"]).output)
    assert table.exit_code == 0
    flat = " ".join(table.output.split())  # the console wraps long lines
    for spec, entry in zip(SYSTEMS, data, strict=True):
        assert (entry["id"], entry["title"]) == (spec.id, spec.title)
        assert entry["description"] == spec.description  # the rule's docstring
        assert entry["parameters"] == json.loads(json.dumps(dict(spec.all_parameters())))
        assert f"{spec.id} - {spec.title}" in flat
        assert " ".join(spec.description.split()) in flat
        # Lists as they are written after -p: positions=38,14,7.
        params = ", ".join(
            f"{k}={','.join(map(str, v)) if isinstance(v, tuple) else v}"
            for k, v in spec.all_parameters()
        )
        assert f"parameters (-p NAME=VALUE): {' '.join(params.split())}" in flat
        for name, _ in spec.all_parameters():  # the documentation on each field
            doc = spec.parameter_doc(name)
            assert doc and entry["parameter_docs"][name] == doc
            assert f"{name}: {' '.join(doc.split())}" in flat
    by_id = {entry["id"]: entry["parameters"] for entry in data}
    assert by_id["cdiplo"]["positions"] == [38, 14, 7] and by_id["cdiplo"]["solo"] == 100
    assert by_id["detour98e"]["survival_year"] == 1905
    assert (by_id["dimvalue"]["ante"], by_id["dimvalue"]["solo_bonus"]) == (60, 12)
    assert by_id["htm"]["solo"] == "centres"
    assert "ante=60, solo_bonus=12, solo_loss=62, out_of_draw_loss=10" in flat


def test_draw_flags_in_a_csv_file_are_scored_as_the_rule_says(tmp_path: Path) -> None:
    path = tmp_path / "flags.csv"
    path.write_text(
        HEADER
        # Board 1: Italy survives on 3 but is marked N; the others draw.
        + "1,1,A,A1,10,,\n1,1,E,A2,8,,\n1,1,F,A3,8,,\n1,1,G,A4,5,,\n"
        + "1,1,I,A5,3,,N\n1,1,R,A6,0,1904,\n1,1,T,A7,0,1907,\n"
        # Board 2: only Austria, England and France are marked Y.
        + "1,2,A,B1,12,,Y\n1,2,E,B2,11,,Y\n1,2,F,B3,8,,Y\n1,2,G,B4,2,,\n"
        + "1,2,I,B5,1,,\n1,2,R,B6,0,1903,\n1,2,T,B7,0,1905,\n"
    )
    result = CliRunner().invoke(cli, ["score", str(path), "-s", "dimvalue", "--format", "json"])
    assert result.exit_code == 0, result.output
    seats = {s["player"]: s for g in json.loads(result.output)["games"] for s in g["seats"]}
    # Members share (60 x eliminated + 10 x survivors left out) / members.
    for player in ("A1", "A2", "A3", "A4"):
        assert seats[player]["in_draw"] is True
        assert seats[player]["score"] == pytest.approx((60 * 2 + 10 * 1) / 4)
    assert (seats["A5"]["in_draw"], seats["A5"]["score"]) == (False, -10)
    for player in ("B1", "B2", "B3"):
        assert seats[player]["score"] == pytest.approx((60 * 2 + 10 * 2) / 3)
    assert [seats[p]["score"] for p in ("B4", "B5", "B6", "B7")] == [-10, -10, -60, -60]
    # Detour: Italy left out of the draw is no draw member (tie-breaker 2).
    detour = CliRunner().invoke(cli, ["score", str(path), "-s", "detour98e", "--format", "json"])
    rows = {r["player"]: r for r in json.loads(detour.output)["standings"]}
    assert (rows["A5"]["draws"], rows["A4"]["draws"]) == (0, 1)


def test_score_csv_as_json_matches_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "event.csv"
    path.write_text(event_csv())
    before = path.read_bytes()
    result = CliRunner().invoke(cli, ["score", str(path), "--system", "detour98e",
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = standings_dict(score_tournament(worked_games_event(), "detour98e"))
    assert data["standings"] == expected["standings"]
    assert data["games"] == expected["games"]
    assert path.read_bytes() == before


def test_score_csv_table_and_csv_formats(tmp_path: Path) -> None:
    path = tmp_path / "event.csv"
    path.write_text(event_csv())
    table = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo"])
    assert table.exit_code == 0 and "Greta" in table.output and "Best country" in table.output
    out = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--format", "csv"])
    assert out.output.splitlines()[0] == "rank,player,score,games,r1,r2,r3"  # round scores


def test_a_bad_cell_is_named_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(HEADER + "1,1,A,P1,35,,\n")
    result = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo"])
    assert result.exit_code == 1
    assert ('bad.csv: line 2, column centres (round 1, board 1, Austria, P1): '
            'centres must be a whole number 0-34, got "35"') in result.output


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


def test_after_round_leaves_out_the_later_rounds(tmp_path: Path) -> None:
    path = tmp_path / "event.csv"
    path.write_text(event_csv())
    result = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--after-round", "1",
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["after_round"] == 1 and {g["round"] for g in data["games"]} == {1}
    # Round 1 alone: 1 + centres + position points of boards 1 and 2; Greta's
    # round-3 solo (100) is not counted.
    expected = {
        "Alice": 1 + 17 + 38, "Bruno": 1 + 5 + 14, "Chloe": 1 + 4 + 7, "Dmitri": 1 + 3 + 0,
        "Elena": 1 + 3 + 0, "Farid": 1 + 2 + 0, "Greta": 1 + 0 + 0,
        "Hugo": 1 + 10 + 38, "Ines": 1 + 8 + (14 + 7) / 2, "Jonas": 1 + 8 + (14 + 7) / 2,
        "Kofi": 1 + 5 + 0, "Lena": 1 + 3 + 0, "Mateo": 1 + 0 + 0, "Nadia": 1 + 0 + 0,
    }
    assert {r["player"]: r["score"] for r in data["standings"]} == pytest.approx(expected)
    assert all(r["games"] == 1 for r in data["standings"])
    assert [r["player"] for r in data["standings"][:2]] == ["Alice", "Hugo"]


def test_after_a_round_with_no_finished_board_is_warned(tmp_path: Path) -> None:
    # Round 4 entered but not played (centres blank, as in a generated
    # workbook): "after round 4" is the standings after round 3, said so.
    path = tmp_path / "event.csv"
    blank = "".join(f"4,1,{power},P{n},,,\n" for n, power in enumerate(
        ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")))
    path.write_text(event_csv() + blank)
    result = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--after-round", "4",
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "round 4 has no finished board yet" in result.stderr
    data = json.loads(result.stdout)
    assert data["warnings"] == ["round 4: round 4 has no finished board yet: the standings "
                                "after round 4 are those after round 3"]
    played = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--after-round", "3",
                                      "--format", "json"])
    assert json.loads(played.stdout)["warnings"] == []
    assert json.loads(played.stdout)["standings"] == data["standings"]


def test_missing_column_names_the_header() -> None:
    with pytest.raises(InputError, match=r"missing column.s. centres") as err:
        parse_csv("round,board,power,player\n1,1,A,X\n", "x.csv")
    assert err.value.where == "x.csv: line 1"


def test_builtin_example_runs() -> None:
    result = CliRunner().invoke(cli, ["example", "htm"])
    assert result.exit_code == 0 and "P8" in result.output and "4.6667" in result.output


def test_a_csv_warning_names_the_file_once_and_the_game_s_lines(tmp_path: Path) -> None:
    # One board of 35 centres (a warning): lines 2 to 8 of the file.
    counts = (10, 10, 5, 5, 5, 0, 0)
    rows = [f"1,1,{p},P{i},{c},{1905 if c == 0 else ''}," for i, (p, c) in
            enumerate(zip(("A", "E", "F", "G", "I", "R", "T"), counts, strict=True))]
    path = tmp_path / "big.csv"
    path.write_text(HEADER + "\n".join(rows) + "\n")
    data = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--format", "json"])
    assert json.loads(data.stdout)["warnings"] == [
        "line 2-8 (round 1, board 1): centres total 35, more than 34"]
    table = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo"])
    assert f"warning: {path}: line 2-8 (round 1, board 1): centres total 35" in table.stderr


# Headers of other spellings, as TDs' spreadsheets export them, with the
# field each column holds: each reads like the canonical header (the
# synonyms of every input, dipxl.fields).
@pytest.mark.parametrize(("header", "fields"), [
    ("Round,Board,Power,Player,Centers,Eliminated,Draw,Year",
     "round,board,power,player,centres,eliminated,draw,year"),
    ("Rd,Board #,Country,Name,SCs,Elimination Year,In Draw,Year",
     "round,board,power,player,centres,eliminated,draw,year"),
    ("round no;game;nation;player name;Final SC's;elim;draw?;year",
     "round,board,power,player,centres,eliminated,draw,year"),
    ("Table #\tRound Number\tGreat Power\tPlayer\tSupply Centres\tYear Eliminated\tDrawn\tYear",
     "board,round,power,player,centres,eliminated,draw,year"),
])
def test_a_csv_header_of_synonyms_reads_like_the_canonical_one(header: str, fields: str) -> None:
    canonical = event_csv()
    sep = ";" if ";" in header else "\t" if "\t" in header else ","
    order = [canonical.splitlines()[0].split(",").index(f) for f in fields.split(",")]
    lines = [header]
    for line in canonical.splitlines()[1:]:
        values = line.split(",")
        lines.append(sep.join(values[j] for j in order))
    event = parse_csv("\n".join(lines) + "\n", "synonyms.csv")
    assert event.games == parse_csv(canonical, "canonical.csv").games


def test_a_bad_cell_under_a_synonym_header_is_named_by_its_field() -> None:
    with pytest.raises(InputError) as err:
        parse_csv("Round,Board,Power,Player,SCs\n1,1,A,P1,35\n", "bad.csv")
    assert err.value.where == "bad.csv: line 2, column centres (round 1, board 1, Austria, P1)"
    assert (err.value.field, err.value.value) == ("centres", "35")


def test_a_csv_with_two_columns_of_one_field_reads_the_first() -> None:
    text = "round,board,power,player,centres,SCs\n" + "".join(
        f"1,1,{p},P{i},{c},99\n" for i, (p, c) in enumerate(zip("AEFGIRT", (5,) * 6 + (4,),
                                                                strict=True)))
    assert parse_csv(text).games[0].centres == (5,) * 6 + (4,)
