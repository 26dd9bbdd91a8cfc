"""One way out: the tables every output is built from, made from the core's
standings, and the JSON contract made from them."""

from __future__ import annotations

import csv
import io
import json

import pytest

from dipxl.examples import example, htm_example, worked_games_event
from dipxl.model import Power
from dipxl.standings import score_tournament
from dipxl.systems import system_ids
from dipxl.tables import (
    EXACT,
    display_decimals,
    seat_table,
    shown,
    standings_csv,
    standings_dict,
    standings_json,
    standings_table,
)


@pytest.mark.parametrize("system", system_ids())
def test_the_standings_table_is_the_standings_rows(system: str) -> None:
    event = htm_example() if system == "htm" else worked_games_event()
    standings = score_tournament(event, system)
    table = standings_table(standings)
    tiebreakers = list(standings.tiebreak_names)
    assert list(table.names[:4]) == ["rank", "player", "score", "games"]
    assert list(table.names[4 : 4 + len(tiebreakers)]) == tiebreakers
    # The exact score, last, where the system defines one (HTM).
    assert (EXACT in table.columns) == (not standings.system.per_game)
    for got, row in zip(table.records(), standings.rows, strict=True):
        assert (got["rank"], got["player"], got["score"], got["games"]) == \
            (row.rank, row.player, row.score, row.games)
        assert all(got[n] == row.tiebreaks.get(n) for n in tiebreakers)
        # each round's score after the tie-breakers (blank: not played)
        assert [got[f"r{n}"] for n in standings.rounds] == [
            standings.round_score(row.player, n) for n in standings.rounds]
        if EXACT in table.columns:
            assert got["exact"] == str(row.exact)


def test_tie_breaker_headers_are_their_names_and_titles() -> None:
    standings = score_tournament(worked_games_event(), "detour98e")
    table = standings_table(standings)
    draws = table.columns[table.index("draws")]
    title = standings.tiebreak_titles[standings.tiebreak_names.index("draws")]
    assert (draws.name, draws.header, draws.title) == ("draws", "Draws", title)


def test_the_seat_table_has_seven_rows_a_finished_game_in_power_order() -> None:
    standings = score_tournament(worked_games_event(), "cdiplo")
    seats = list(seat_table(standings).records())
    assert len(seats) == 7 * len(standings.games)
    assert [s["power"] for s in seats[:7]] == [p.title for p in Power]
    for k, game in enumerate(standings.games):
        mine = seats[7 * k : 7 * k + 7]
        assert [s["score"] for s in mine] == list(game.scores)
        assert sum(s["solo"] for s in mine) == (game.winner is not None)


@pytest.mark.parametrize("system", system_ids())
def test_the_json_contract_is_the_tables(system: str) -> None:
    event = htm_example() if system == "htm" else worked_games_event()
    standings = score_tournament(event, system)
    data = json.loads(standings_json(standings))
    assert data == standings_dict(standings)
    table = standings_table(standings)
    assert [r["player"] for r in data["standings"]] == [row[1] for row in table.rows]
    seats = [s for game in data["games"] for s in game["seats"]]
    assert [s["score"] for s in seats] == [row[-1] for row in seat_table(standings).rows]


def test_csv_is_the_standings_table_without_the_exact_score() -> None:
    standings = score_tournament(htm_example(), "htm")
    header, first = standings_csv(standings).splitlines()[:2]
    assert header == "rank,player,score,games,r1,r2"
    row = standings.rows[0]  # HTM's score as Hurst shows it: 14/3 to 4 decimals
    r1, r2 = (shown(standings.round_score(row.player, n), 4) for n in (1, 2))
    assert first == f"{row.rank},{row.player},4.6667,{row.games},{r1},{r2}"


# The numbers of the CSV output as the workbook shows them (no float noise):
# (system, event, player, score as written, a tie-breaker column and its text).
CSV_NUMBERS = [
    ("detour98e", "worked", "Greta", "101.47", "best_game_2", "1.47"),  # 101.470588...
    ("detour98e", "worked", "Alice", "83.34", "best_game_1", "51.47"),
    ("detour98e-2dp", "worked", "Greta", "101.47", "best_game_1", "100.00"),
    ("cdiplo", "worked", "Ines", "50.50", "games", "3"),  # counts stay whole
    ("cdiplo-rounded", "worked", "Greta", "102", "games", "3"),  # round_to=0: whole points
    ("dimvalue", "worked", "Nadia", "-98.00", "total_centres", "9"),
    ("htm", "htm", "P20", "3.9167", "games", "2"),  # 47/12 to Hurst's 4 decimals
    ("htm", "htm", "P5", "-0.4167", "games", "2"),  # -5/12: half away from zero
]


@pytest.mark.parametrize(("system", "name", "player", "score", "column", "value"), CSV_NUMBERS)
def test_csv_numbers_are_shown_to_the_systems_decimals(
    system: str, name: str, player: str, score: str, column: str, value: str
) -> None:
    standings = score_tournament(example(name), system)
    records = list(csv.DictReader(io.StringIO(standings_csv(standings))))
    # The last row says what was counted, as wide as the others.
    last = records.pop()
    assert last["rank"] == f"Counted: {standings.counted}"
    assert set(last.values()) == {last["rank"], ""} and None not in last
    mine = next(r for r in records if r["player"] == player)
    assert (mine["score"], mine[column]) == (score, value)
    decimals = display_decimals(standings.system, standings.params)
    table = standings_table(standings)
    for record, row in zip(records, table.records(), strict=True):  # no float noise
        for key, text in record.items():
            if isinstance(row[key], float):  # a score: the system's decimals
                assert text == f"{round(row[key], decimals):.{decimals}f}", (key, record)
            elif isinstance(row[key], int):  # a count: whole
                assert text == str(row[key]), (key, record)
    # JSON keeps the full numbers.
    data = json.loads(standings_json(standings))
    full = next(r for r in data["standings"] if r["player"] == player)["score"]
    assert full == standings.row(player).score


def test_shown_rounds_half_away_from_zero_with_no_negative_zero() -> None:
    assert [str(shown(v, 2)) for v in (0.125, -0.125, 2.675, -0.001, 1e-12, -98.0)] == [
        "0.13", "-0.13", "2.68", "0.00", "0.00", "-98.00"]
    assert str(shown(28000.0, 0)) == "28000"
    assert shown(3, 2) == 3 and shown(None, 2) is None and shown("x", 2) == "x"
