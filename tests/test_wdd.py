"""The WDD hand-off (SCORING.md section 9): the classification and boards
files field by field, on the rulebook's worked boards (the rule's
arithmetic) and on seeded random events of every system against the
engine's own tables; the refusal of a ninth round, defused formulas, names
split or taken from a workbook's Players sheet, and ``dipxl score --format
wdd``."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.errors import InputError
from dipxl.examples import worked_games_event
from dipxl.model import Game, Power, Seat, Tournament
from dipxl.standings import Standings, score_tournament
from dipxl.systems import SYSTEMS
from dipxl.tables import seat_table
from dipxl.wdd import as_csv, boards, classification, split_name
from dipxl.workbook.reader import read_workbook
from dipxl.workbook.writer import write_workbook
from tests.finals import DRAWN_FINAL, FINAL, SOLO_FINAL, final_event
from tests.workbook.tournaments import random_tournament
from tests.workbooks import results_workbook

CODES = ("0AU", "0EN", "0FR", "0GE", "0IT", "0RU", "0TU")


def records(table: Any) -> list[dict[str, Any]]:
    return list(table.records())


def read_csv(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


# ---------------------------------------------------------------- worked boards


def worked(system: str = "cdiplo", **params: Any) -> Standings:
    return score_tournament(worked_games_event(), system, params or None)


def seats_of(table: Any, rnd: int, board: int) -> list[dict[str, Any]]:
    return [r for r in records(table) if (r["ROUND"], r["BOARD"]) == (rnd, board)]


def test_a_drawn_worked_board_seat_by_seat() -> None:
    """C-Diplo 17,5,4,3,3,2,0 (SCORING.md section 2): places 1-7 with the
    two 3s sharing 4th, every survivor in a 6-way draw, Turkey out in 1907."""
    rows = seats_of(boards(worked()), 1, 1)
    assert [r["NAME"] for r in rows] == ["Alice", "Bruno", "Chloe", "Dmitri", "Elena",
                                         "Farid", "Greta"]
    assert [r["COUNTRY"] for r in rows] == list(CODES)
    assert [r["NB_CENTRE"] for r in rows] == [17, 5, 4, 3, 3, 2, 0]
    assert [r["RANK"] for r in rows] == [1, 2, 3, 4, 4, 6, 7]
    assert [r["EXAEQUO"] for r in rows] == [1, 1, 1, 2, 2, 1, 1]
    assert [r["SCORE"] for r in rows] == [
        1 + 17 + 38, 1 + 5 + 14, 1 + 4 + 7, 1 + 3 + 0, 1 + 3 + 0, 1 + 2 + 0, 1 + 0 + 0
    ]
    assert [r["YEAR_ELIMINATION"] for r in rows] == [None] * 6 + [1907 - 1900]
    assert [r["DRAW"] for r in rows] == [6, 6, 6, 6, 6, 6, 0]
    assert {r["HOMONYME"] for r in rows} == {1}
    assert {r["FIRST NAME"] for r in rows} == {""}


def test_a_solo_worked_board_seat_by_seat() -> None:
    """18,10,6,0,0,0,0 (round 3, board 1): the winner's DRAW is 1, everyone
    else's 0; the four eliminated share 4th; years as two digits."""
    rows = seats_of(boards(worked()), 3, 1)
    assert [r["NAME"] for r in rows] == ["Greta", "Mateo", "Farid", "Lena", "Nadia", "Kofi",
                                         "Dmitri"]
    assert [r["DRAW"] for r in rows] == [1, 0, 0, 0, 0, 0, 0]
    assert [r["RANK"] for r in rows] == [1, 2, 3, 4, 4, 4, 4]
    assert [r["EXAEQUO"] for r in rows] == [1, 1, 1, 4, 4, 4, 4]
    assert [r["YEAR_ELIMINATION"] for r in rows] == [None, None, None, 5, 6, 4, 8]
    assert [r["SCORE"] for r in rows] == [100, 0, 0, 0, 0, 0, 0]


def test_the_worked_classification_of_the_soloist() -> None:
    """Greta: 7th alone in round 1 as Turkey (1 point for playing),
    eliminated in round 2 sharing 5th-7th (1 point), the solo of round 3
    (100): first, alone, and Austria's best game on her row.  Every Turkey
    of a drawn game ended on 0 centres and scored 1 (1 + 0 + 0; Dmitri lost
    to the solo: 0): all five hold Turkey's best game, each with their own
    game on their row."""
    rows = records(classification(worked()))
    greta = rows[0]
    fields = ("RK", "PT", "CT", "HEAT", "BOARD")
    assert (greta["NAME"], greta["RANK"], greta["EXAEQUO"]) == ("Greta", 1, 1)
    assert greta["SCORE"] == 1 + 1 + 100
    assert [greta[f"{f}_0AU"] for f in fields] == [1, 100, 18, 3, 1]
    assert [greta[f"{f}_0TU"] for f in fields] == [1, 1 + 0 + 0, 0, 1, 1]
    for code in CODES[1:6]:
        assert [greta[f"{f}_{code}"] for f in fields] == [None] * 5
    assert [r["NAME"] for r in rows if r["RK_0AU"] == 1] == ["Greta"]  # the holder's row only
    turkeys = {(r["NAME"], r["HEAT_0TU"], r["BOARD_0TU"]) for r in rows if r["RK_0TU"] == 1}
    assert turkeys == {("Greta", 1, 1), ("Nadia", 1, 2), ("Kofi", 2, 1), ("Hugo", 2, 2),
                       ("Elena", 3, 2)}


def test_round_scores_of_the_worked_event() -> None:
    """Greta's rounds (1, 1, 100), then with round weights 1,1,2 (SCORING.md
    section 7): R3 and the score follow the weight; R4-R8 stay blank."""
    greta = records(classification(worked()))[0]
    assert [greta[f"R{r}"] for r in range(1, 9)] == [1, 1, 100, *[None] * 5]
    weighted = records(classification(worked(round_weights="1,1,2")))[0]
    assert weighted["NAME"] == "Greta"
    assert [weighted[f"R{r}"] for r in (1, 2, 3)] == [1, 1, 2 * 100]
    assert weighted["SCORE"] == 1 + 1 + 2 * 100


def test_a_round_not_played_is_blank() -> None:
    """Rounds 1 and 3 played, round 2 not entered: R2 is blank for all."""
    games = tuple(
        Game(rnd, 1, tuple(Seat(f"P{i}", Power(i), c) for i, c in enumerate((9, 8, 7, 5, 3, 2, 0))))
        for rnd in (1, 3)
    )
    rows = records(classification(score_tournament(Tournament(games), "cdiplo")))
    assert {r["R2"] for r in rows} == {None}
    assert rows[0]["R1"] == rows[0]["R3"] == 1 + 9 + 38


def test_shared_ranks_count_their_players() -> None:
    """The mirror of a board: every total is shared by two players, who
    share the better rank; EXAEQUO is 2 on every row."""
    centres = (9, 8, 7, 5, 3, 2, 0)
    left = Game(1, 1, tuple(Seat(f"A{i}", Power(i), c) for i, c in enumerate(centres)))
    right = Game(1, 2, tuple(Seat(f"B{i}", s.power, s.centres) for i, s in enumerate(left.seats)))
    rows = records(classification(score_tournament(Tournament((left, right)), "cdiplo")))
    assert [r["RANK"] for r in rows] == [1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13]
    assert {r["EXAEQUO"] for r in rows} == {2}


def test_a_power_best_played_twice_by_one_player_shows_the_first_game() -> None:
    """The same seven players, the same result in rounds 1 and 2: each holds
    the best game of their power twice; the row shows round 1's."""
    games = tuple(
        Game(rnd, 1, tuple(Seat(f"P{i}", Power(i), c) for i, c in enumerate((9, 8, 7, 5, 3, 2, 0))))
        for rnd in (1, 2)
    )
    standings = score_tournament(Tournament(games), "cdiplo")
    assert len(standings.best_country[Power.AUSTRIA]) == 2
    rows = records(classification(standings))
    first = next(r for r in rows if r["NAME"] == "P0")
    assert [first[f"{f}_0AU"] for f in ("RK", "PT", "CT", "HEAT", "BOARD")] == [
        1, 1 + 9 + 38, 9, 1, 1
    ]


# ---------------------------------------------------------------- random events


def expected_boards(standings: Standings) -> list[dict[str, Any]]:
    """The boards file as the rule reads, from the engine's seat table: a
    seat's place is one more than the seats with more centres; the draw
    size counts the seats in the draw."""
    seats = records(seat_table(standings))
    rows = []
    for seat in seats:
        game = [s for s in seats if (s["round"], s["board"]) == (seat["round"], seat["board"])]
        solo = any(s["solo"] for s in game)
        if solo:
            draw = 1 if seat["solo"] else 0
        else:
            draw = sum(s["in_draw"] for s in game) if seat["in_draw"] else 0
        year = seat["eliminated"]
        words = seat["player"].split()
        rows.append({
            "FIRST NAME": " ".join(words[:-1]),
            "NAME": words[-1],
            "HOMONYME": 1,
            "ROUND": seat["round"],
            "BOARD": seat["board"],
            "COUNTRY": CODES[Power[seat["power"].upper()]],
            "RANK": 1 + sum(s["centres"] > seat["centres"] for s in game),
            "EXAEQUO": sum(s["centres"] == seat["centres"] for s in game),
            "SCORE": seat["score"],
            "NB_CENTRE": seat["centres"],
            "YEAR_ELIMINATION": None if year is None else year % 100,
            "DRAW": draw,
        })
    return rows


SEEDS = (3, 17, 2024)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_random_boards_field_by_field(system: Any, seed: int) -> None:
    standings = score_tournament(random_tournament(seed), system)
    assert records(boards(standings)) == expected_boards(standings)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_random_classification_field_by_field(system: Any, seed: int) -> None:
    standings = score_tournament(random_tournament(seed), system)
    rows = records(classification(standings))
    assert [r["NAME"] for r in rows] == [s.player.split()[-1] for s in standings.rows]
    for row, line in zip(rows, standings.rows, strict=True):
        assert row["RANK"] == line.rank
        assert row["EXAEQUO"] == sum(other.rank == line.rank for other in standings.rows)
        assert row["SCORE"] == line.score
        assert row["HOMONYME"] == 1
    # Every best country on its holders' rows, and nowhere else; a player
    # holding one power's best game twice (two equal games): the first.
    holders: dict[tuple[Power, str], Any] = {}
    for power, found in standings.best_country.items():
        for best in found:
            holders.setdefault((power, best.player), best)
    for power, code in zip(Power, CODES, strict=True):
        for row, line in zip(rows, standings.rows, strict=True):
            best = holders.get((power, line.player))
            got = [row[f"{f}_{code}"] for f in ("RK", "PT", "CT", "HEAT", "BOARD")]
            want = [None] * 5 if best is None else [
                1, best.score, best.centres, best.round, best.board
            ]
            assert got == want


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_random_round_scores_are_the_weighted_games_of_the_round(system: Any, seed: int) -> None:
    """R1..R3 of each player: the sum of their seat scores of that round
    times its weight (HTM: divided by the rounds of the event, as the
    player's total is); with every game counted they add up to the score."""
    event = random_tournament(seed)
    rounds = event.rounds
    weights = {r: (0.5, 2.0, 1.0, 3.0)[k % 4] for k, r in enumerate(rounds)}
    params = {"round_weights": ",".join(str(weights[r]) for r in range(1, rounds[-1] + 1))}
    standings = score_tournament(event, system, params)
    divisor = 1 if system.per_game else len(rounds)
    seats = records(seat_table(standings))
    for row, line in zip(records(classification(standings)), standings.rows, strict=True):
        mine = [s for s in seats if s["player"] == line.player]
        for r in range(1, 9):
            played = [s["score"] for s in mine if s["round"] == r]
            if not played:
                assert row[f"R{r}"] is None
            else:
                assert row[f"R{r}"] == pytest.approx(weights[r] * sum(played) / divisor, abs=1e-9)
        total = sum(row[f"R{r}"] or 0 for r in range(1, 9))
        assert total == pytest.approx(row["SCORE"], abs=1e-9)


# ---------------------------------------------------------------- a final


@pytest.mark.parametrize(("solo", "centres"), [(True, SOLO_FINAL), (False, DRAWN_FINAL)])
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_the_top_board_on_the_finalists_rows(system: Any, solo: bool, centres: Any) -> None:
    """The final's top board (round 5, board 1) on each finalist's row:
    place by centres (a solo 18,4,3,3,2,2,2 places 1,2,3,3,5,5,5), centres
    and country; blank on every other row; the soloist of the top board
    ranks first (final_solo_wins)."""
    event = final_event(11, solo=solo)
    standings = score_tournament(event, system, {"final_round": FINAL})
    rows = records(classification(standings))
    top = next(g for g in event.games if (g.round, g.board) == (FINAL, 1))
    places = {18: 1, 4: 2, 3: 3, 2: 5} if solo else {9: 1, 8: 2, 7: 3, 5: 4, 3: 5, 2: 6, 0: 7}
    want = {
        seat.player: [FINAL, 1, places[c], c, CODES[seat.power]]
        for seat, c in zip(top.seats, centres, strict=True)
    }
    fields = ("HEAT_TOPBOARD", "BOARD_TOPBOARD", "RK_TOPBOARD", "CT_TOPBOARD", "COUNTRY_TOPBOARD")
    for row, line in zip(rows, standings.rows, strict=True):
        assert [row[f] for f in fields] == want.get(line.player, [None] * 5)
    assert {line.player for line in standings.rows[:7]} == set(want)  # finalists first
    if solo:
        assert rows[0]["COUNTRY_TOPBOARD"] == "0TU" and rows[0]["RANK"] == 1


def test_top_board_columns_come_with_a_final_only() -> None:
    event = final_event(5, solo=True)
    plain = classification(score_tournament(event, "cdiplo"))
    assert not [n for n in plain.names if n.endswith("TOPBOARD")]
    # The final's top board not finished yet: the columns, blank.
    unfinished = Tournament(tuple(
        g if (g.round, g.board) != (FINAL, 1) else Game(g.round, g.board, tuple(
            Seat(s.player, s.power, None) for s in g.seats))
        for g in event.games
    ))
    table = classification(score_tournament(unfinished, "cdiplo", {"final_round": FINAL}))
    assert [n for n in table.names if n.endswith("TOPBOARD")] == [
        "HEAT_TOPBOARD", "BOARD_TOPBOARD", "RK_TOPBOARD", "CT_TOPBOARD", "COUNTRY_TOPBOARD"
    ]
    assert {r["RK_TOPBOARD"] for r in records(table)} == {None}


# ---------------------------------------------------------------- refusals, text, names


def nine_rounds() -> Tournament:
    games = []
    for rnd in range(1, 10):
        games.append(Game(rnd, 1, tuple(
            Seat(f"P{(i + rnd) % 7}", Power(i), c) for i, c in enumerate((8, 6, 6, 5, 4, 3, 2))
        )))
    return Tournament(tuple(games))


def test_a_ninth_round_is_refused_clearly() -> None:
    standings = score_tournament(nine_rounds(), "cdiplo")
    for table in (classification, boards):
        with pytest.raises(InputError, match=r"at most 8 rounds.*round 9"):
            table(standings)
    eight = score_tournament(nine_rounds().up_to_round(8), "cdiplo")
    assert max(r["ROUND"] for r in records(boards(eight))) == 8


def test_text_a_spreadsheet_would_run_is_defused() -> None:
    names = ["=SUM(A1)", "+44 Bob", "-Dash", "@Ann", "Ann =B2", "Zoë Ångström", 'O\'Brien "Obi"']
    game = Game(1, 1, tuple(Seat(n, Power(i), c) for i, (n, c) in
                            enumerate(zip(names, (8, 6, 6, 5, 4, 3, 2), strict=True))))
    standings = score_tournament(Tournament((game,)), "cdiplo")
    for table in (classification(standings), boards(standings)):
        text = as_csv(table)
        parsed = list(csv.DictReader(io.StringIO(text, newline="")))
        got = {(r["FIRST NAME"], r["NAME"]) for r in parsed}
        assert ("", "'=SUM(A1)") in got
        assert ("'+44", "Bob") in got
        assert ("", "'-Dash") in got
        assert ("", "'@Ann") in got
        assert ("Ann", "'=B2") in got  # the last word alone is a cell of its own
        assert ("Zoë", "Ångström") in got
        assert ("O'Brien", '"Obi"') in got


def test_names_split_at_the_last_word() -> None:
    assert split_name("Jean de la Fontaine") == ("Jean de la", "Fontaine")
    assert split_name("Cher") == ("", "Cher")
    assert split_name("  Ann   Lee ") == ("Ann", "Lee")


def test_given_names_win_over_the_split() -> None:
    standings = worked()
    names = {"Alice": ("Alice Mary", "van Dijk"), "Bruno": ("", "Bruno")}
    rows = {r["NAME"]: r for r in records(classification(standings, names))}
    assert rows["van Dijk"]["FIRST NAME"] == "Alice Mary"
    assert rows["Bruno"]["FIRST NAME"] == ""
    seats = {(r["FIRST NAME"], r["NAME"]) for r in records(boards(standings, names))}
    assert ("Alice Mary", "van Dijk") in seats and ("", "Alice") not in seats


# ---------------------------------------------------------------- the command line


def test_score_format_wdd_writes_both_files(tmp_path: Path) -> None:
    book = write_workbook(tmp_path / "spring.xlsx", "cdiplo", tournament=worked_games_event())
    result = CliRunner().invoke(cli, ["score", str(book), "--format", "wdd"])
    assert result.exit_code == 0, result.output
    ranking = read_csv(tmp_path / "spring-wdd-classification.csv")
    seats = read_csv(tmp_path / "spring-wdd-boards.csv")
    assert len(ranking) == 14 and len(seats) == 6 * 7
    assert ranking[0]["NAME"] == "Greta" and float(ranking[0]["SCORE"]) == 1 + 1 + 100
    assert (tmp_path / "spring-wdd-classification.csv").read_bytes()[:10] == b"FIRST NAME"
    # Scored again: dipxl's own unchanged files are replaced; once the TD has
    # edited one, neither is replaced without --force, and both are left alone.
    again = CliRunner().invoke(cli, ["score", str(book), "--format", "wdd"])
    assert again.exit_code == 0, again.output
    edited = (tmp_path / "spring-wdd-boards.csv").read_bytes() + b"\n"
    (tmp_path / "spring-wdd-boards.csv").write_bytes(edited)
    first = (tmp_path / "spring-wdd-classification.csv").read_bytes()
    refused = CliRunner().invoke(cli, ["score", str(book), "--format", "wdd"])
    assert refused.exit_code == 1 and "already exists" in refused.output
    assert (tmp_path / "spring-wdd-boards.csv").read_bytes() == edited
    assert (tmp_path / "spring-wdd-classification.csv").read_bytes() == first
    forced = CliRunner().invoke(cli, ["score", str(book), "--format", "wdd", "--force"])
    assert forced.exit_code == 0, forced.output
    assert (tmp_path / "spring-wdd-boards.csv").read_bytes() != edited
    # A folder scored again does not take the WDD files for inputs.
    folder = CliRunner().invoke(cli, ["score", str(tmp_path), "--format", "json", "--out",
                                      str(tmp_path / "out")])
    assert folder.exit_code == 0, folder.output
    written = (p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith("."))
    assert sorted(written) == ["spring-scored.json"]


def test_score_format_wdd_refuses_nine_rounds_and_writes_nothing(tmp_path: Path) -> None:
    book = write_workbook(tmp_path / "long.xlsx", "cdiplo", rounds=9, tournament=nine_rounds())
    result = CliRunner().invoke(cli, ["score", str(book), "--format", "wdd"])
    assert result.exit_code == 1
    assert "long.xlsx: the WDD takes at most 8 rounds" in result.output
    assert "round 9" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.xlsx"]


def test_first_and_last_names_from_the_players_sheet(tmp_path: Path) -> None:
    """The generated Players sheet's optional First name / Last name
    columns win over the split; a row left blank is split as usual."""
    path = write_workbook(tmp_path / "cup.xlsx", "detour98e", tournament=worked_games_event())
    wb = openpyxl.load_workbook(path)
    ws = wb["Players"]
    header = [c.value for c in ws[1]]
    first, last = header.index("First name") + 1, header.index("Last name") + 1
    rows = {ws.cell(r, 2).value: r for r in range(2, ws.max_row + 1) if ws.cell(r, 2).value}
    ws.cell(rows["Alice"], first, "Alice  Mary")  # folded like a player's name
    ws.cell(rows["Alice"], last, "van Dijk")
    ws.cell(rows["Hugo"], last, "Hugo-Smith")
    wb.save(path)
    result = CliRunner().invoke(cli, ["score", str(path), "--format", "wdd"])
    assert result.exit_code == 0, result.output
    names = {(r["FIRST NAME"], r["NAME"]) for r in read_csv(tmp_path / "cup-wdd-boards.csv")}
    assert ("Alice Mary", "van Dijk") in names
    assert ("", "Hugo-Smith") in names
    assert ("", "Bruno") in names
    assert ("", "Alice") not in names and ("", "Hugo") not in names


def test_a_formula_among_the_players_names_is_refused(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "cup.xlsx", "cdiplo", tournament=worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Players"]["D3"] = '=UPPER(B3)'
    wb.save(path)
    result = CliRunner().invoke(cli, ["score", str(path), "--format", "wdd"])
    assert result.exit_code == 1
    assert "Players!D3: last name holds a formula" in result.output
    # The other outputs do not read the names.
    scored = CliRunner().invoke(cli, ["score", str(path), "--format", "json", "--out",
                                      str(tmp_path / "out")])
    assert scored.exit_code == 0, scored.output


def test_a_foreign_players_sheet_with_given_name_and_surname(tmp_path: Path) -> None:
    """Another club's Players sheet: a title above the header, ``Surname``
    and ``Given name`` in any order; a player missing from it is split."""
    path = results_workbook(tmp_path / "club.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("Players")
    ws.append(["Club roster"])
    ws.append(["Surname", "Player", "Given name"])
    ws.append(["Lovelace", "Alice", "Ada Augusta"])
    ws.append(["  Dijkstra ", "Bruno", None])
    ws.append([None, "Chloe", None])
    wb.save(path)
    names = read_workbook(path, names=True).names
    assert names == {"Alice": ("Ada Augusta", "Lovelace"), "Bruno": ("", "Dijkstra")}
    assert read_workbook(path).names == {}  # read only when asked


def test_a_players_sheet_without_name_columns_is_not_read(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "club.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("Players")
    ws.append(["Player", "Club"])
    ws.append(["Alice", "=1/0"])
    wb.save(path)
    assert read_workbook(path, names=True).names == {}


def test_an_elimination_year_without_two_digits_is_refused() -> None:
    centres = (9, 8, 7, 5, 3, 2, 0)
    game = Game(1, 1, tuple(
        Seat(f"P{i}", Power(i), c, 2001 if c == 0 else None) for i, c in enumerate(centres)
    ))
    standings = score_tournament(Tournament((game,)), "cdiplo")
    with pytest.raises(InputError, match=r"two digits.*2001") as caught:
        boards(standings)
    assert "round 1, board 1, Turkey" in str(caught.value)


def test_score_format_wdd_of_a_csv_file(tmp_path: Path) -> None:
    """A CSV input (names split: no Players sheet), into --out."""
    lines = ["round,board,power,player,centres,eliminated"]
    for game in worked_games_event().games:
        for seat in game.seats:
            lines.append(f"{game.round},{game.board},{seat.power.title},Ms {seat.player},"
                         f"{seat.centres},{seat.eliminated or ''}")
    source = tmp_path / "event.csv"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["score", str(source), "-s", "detour98e", "--format", "wdd",
                                      "--out", str(tmp_path / "wdd")])
    assert result.exit_code == 0, result.output
    seats = read_csv(tmp_path / "wdd" / "event-wdd-boards.csv")
    assert {r["FIRST NAME"] for r in seats} == {"Ms"}
    assert [r["YEAR_ELIMINATION"] for r in seats[:7]] == [""] * 6 + ["7"]
    assert sorted(p.name for p in (tmp_path / "wdd").iterdir() if not p.name.startswith(".")) == [
        "event-wdd-boards.csv", "event-wdd-classification.csv"
    ]
